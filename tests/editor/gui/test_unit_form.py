"""The Unit dock: the designer picks a unit in the tree, types into the form, undoes, saves;
edits several units at once; sees refused values explained; edits placements and organizations."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from editor.docks.oob_tree import OobTreeDock
from editor.docks.unit_form import UnitDock
from editor.document import Document
from editor.selection import Selection
from editor.widgets.fields import MIXED, BoolEditor, ChoiceEditor, TextEditor
from schemas.io import FileKind
from schemas.vocabulary import Quality

BATTALIONS = ["us.28id.109ir.1bn", "us.28id.109ir.2bn", "us.28id.109ir.3bn"]


@pytest.fixture
def form(qtbot, document: Document, selection: Selection) -> UnitDock:
    dock = UnitDock(selection)
    qtbot.addWidget(dock)
    dock.set_document(document)
    dock.resize(460, 900)
    dock.show()
    return dock


def _text(dock: UnitDock, name: str) -> TextEditor:
    editor = dock.units.editors[name]
    assert isinstance(editor, TextEditor)
    return editor


def _unit(document: Document, unit_id: str):
    return document.oob_index.units[unit_id].unit


def _retype(qtbot, editor: TextEditor, text: str) -> None:
    editor.line.setFocus()
    editor.line.selectAll()
    qtbot.keyClick(editor.line, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor.line, text)


def test_the_designer_edits_a_units_strength_then_undoes_redoes_and_saves(
    qtbot, document: Document, selection: Selection, form: UnitDock, ardennes: Path
) -> None:
    tree = OobTreeDock(selection)
    qtbot.addWidget(tree)
    tree.set_document(document)
    unit_id = BATTALIONS[0]
    tree.tree.setCurrentIndex(tree.proxy.mapFromSource(tree.model.index_of_id(unit_id)))
    assert selection.units == [unit_id]
    strength = _text(form, "strength")
    assert strength.line.text() == "800"
    _retype(qtbot, strength, "650")
    assert _unit(document, unit_id).strength == 650
    assert document.undo_stack.count() == 1  # three keystrokes, one undo step
    assert document.undo_stack.undoText() == "Set Unit Strength"
    document.undo_stack.undo()
    assert strength.line.text() == "800"
    document.undo_stack.redo()
    assert strength.line.text() == "650"
    document.save()
    assert Document.open(ardennes).oob_index.units[unit_id].unit.strength == 650


def test_an_invalid_value_is_refused_with_a_message_and_nothing_pushed(
    qtbot, document: Document, selection: Selection, form: UnitDock
) -> None:
    unit_id = BATTALIONS[0]
    selection.select_units([unit_id])
    strength = _text(form, "strength")
    _retype(qtbot, strength, "-5")
    assert strength.message.isVisible()
    assert strength.message.text() == "Must be at least 0"
    speed = _text(form, "speed")
    speed.line.setFocus()
    # Leaving a refused field puts back the value the file holds.
    assert strength.line.text() == "800"
    assert not strength.message.isVisible()
    speed.line.selectAll()
    speed.line.insert("300")  # pasted: typing would apply 3 and 30 on the way
    assert speed.message.text() == "Must be at most 255"
    assert speed.line.text() == "300"
    _retype(qtbot, _text(form, "name"), "")
    assert _text(form, "name").message.text() == "Must not be empty"
    assert document.undo_stack.count() == 0
    assert _unit(document, unit_id).strength == 800
    assert _unit(document, unit_id).speed == 6
    # Fixing the value clears the message and applies it.
    _retype(qtbot, speed, "7")
    assert not speed.message.isVisible()
    assert _unit(document, unit_id).speed == 7


def test_quality_of_three_units_changes_in_one_undo_step(
    document: Document, selection: Selection, form: UnitDock
) -> None:
    path = document.oob_index.units[BATTALIONS[2]].path
    from editor.commands import SetValue

    document.push(SetValue(document, FileKind.OOB, (*path, "quality"), "B", "Set Unit Quality"))
    document.undo_stack.clear()
    selection.select_units(BATTALIONS)
    quality = form.units.editors["quality"]
    assert isinstance(quality, ChoiceEditor)
    assert quality.combo.currentIndex() == -1  # the three differ: mixed
    assert quality.combo.placeholderText().startswith(MIXED)
    row = quality.combo.findData(Quality.A)
    quality.combo.setCurrentIndex(row)
    quality.combo.activated.emit(row)
    assert [_unit(document, u).quality for u in BATTALIONS] == [Quality.A] * 3
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert [_unit(document, u).quality for u in BATTALIONS] == [Quality.C, Quality.C, Quality.B]
    assert quality.combo.currentIndex() == -1


def test_mixed_strengths_show_blank_and_typing_sets_all(
    qtbot, document: Document, selection: Selection, form: UnitDock
) -> None:
    selection.select_units(BATTALIONS)
    strength = _text(form, "strength")
    assert strength.line.text() == ""
    assert strength.line.placeholderText() == MIXED
    assert "3 units selected" in form.heading.text()
    _retype(qtbot, strength, "700")
    assert {_unit(document, u).strength for u in BATTALIONS} == {700}
    assert document.undo_stack.count() == 1
    assert form.units.editors["id"].isEnabled() is False


def test_a_flag_on_mixed_units_is_partly_checked_and_a_click_sets_all(
    qtbot, document: Document, selection: Selection, form: UnitDock
) -> None:
    from editor.commands import SetValue

    path = document.oob_index.units[BATTALIONS[0]].path
    document.push(SetValue(document, FileKind.OOB, (*path, "mountain"), True, "Set Unit Mountain"))
    selection.select_units(BATTALIONS)
    mountain = form.units.editors["mountain"]
    assert isinstance(mountain, BoolEditor)
    assert mountain.box.checkState() == Qt.CheckState.PartiallyChecked
    qtbot.mouseClick(
        mountain.box, Qt.MouseButton.LeftButton, pos=QPoint(8, mountain.box.height() // 2)
    )
    values = {_unit(document, u).mountain for u in BATTALIONS}
    assert len(values) == 1
    assert document.undo_stack.count() == 2


def test_placement_fields_edit_the_scenario(
    qtbot, document: Document, selection: Selection, form: UnitDock
) -> None:
    placement = document.scenario.placements[4]
    selection.select_units([placement.unit])
    assert form.placement_fields.isVisible()
    fatigue = form.placement.editors["fatigue"]
    assert isinstance(fatigue, TextEditor)
    assert fatigue.line.text() == str(placement.fatigue)
    _retype(qtbot, fatigue, "40")
    assert document.scenario.placements[4].fatigue == 40
    assert document.undo_stack.undoText() == "Set Placement Fatigue"
    _retype(qtbot, fatigue, "400")
    assert fatigue.message.isVisible()
    assert document.scenario.placements[4].fatigue == 40


def test_the_designer_schedules_a_unit_to_become_fixed_and_undoes_it(
    qtbot, document: Document, selection: Selection, form: UnitDock
) -> None:
    # [000 4.6] "some units may become Fixed after the scenario starts"
    placement = document.scenario.placements[4]
    assert placement.fixed_from_turn is None
    selection.select_units([placement.unit])
    turn = form.placement.editors["fixed_from_turn"]
    assert isinstance(turn, TextEditor)
    assert turn.line.text() == ""
    assert turn.line.placeholderText() == "never"
    _retype(qtbot, turn, "5")
    assert document.scenario.placements[4].fixed_from_turn == 5
    assert document.undo_stack.undoText() == "Set Placement Fixed From Turn"
    document.undo_stack.undo()
    assert document.scenario.placements[4].fixed_from_turn is None


def test_placing_and_removing_a_unit(
    document: Document, selection: Selection, form: UnitDock
) -> None:
    placed = {p.unit for p in document.scenario.placements}
    unplaced = next(u for u in document.oob_index.units if u not in placed and not u.endswith("hq"))
    selection.select_units([unplaced])
    assert not form.placement_fields.isVisible()
    assert not form.place_button.isEnabled()  # no hex selected yet
    selection.select_hex((20, 30))
    assert form.place_button.isEnabled()
    form.place_button.click()
    assert document.scenario.placements[-1].unit == unplaced
    assert document.scenario.placements[-1].hex == (20, 30)
    assert form.placement_fields.isVisible()
    form.remove_button.click()
    assert unplaced not in {p.unit for p in document.scenario.placements}
    assert document.undo_stack.count() == 2


def test_an_organizations_own_fields_show_for_an_organization(
    qtbot, document: Document, selection: Selection, form: UnitDock
) -> None:
    selection.select_units(["us.28id"])
    assert form.pages.currentWidget() is form.organization_page
    name = form.organizations.editors["name"]
    assert isinstance(name, TextEditor)
    assert name.line.text() == "28th Infantry Division"
    hq = form.organizations.editors["hq"]
    assert isinstance(hq, ChoiceEditor)
    assert hq.combo.currentData() == "us.28id.hq"
    replacements = form.organizations.editors["replacements"]
    assert isinstance(replacements, TextEditor)
    _retype(qtbot, replacements, "15")
    assert document.oob_index.organizations["us.28id"].organization.replacements == 15


def test_renaming_an_id_follows_it_into_the_scenario(
    qtbot, document: Document, selection: Selection, form: UnitDock
) -> None:
    placement = document.scenario.placements[4]
    selection.select_units([placement.unit])
    identifier = _text(form, "id")
    _retype(qtbot, identifier, "renamed.unit")
    identifier.line.editingFinished.emit()
    assert "renamed.unit" in document.oob_index.units
    assert document.scenario.placements[4].unit == "renamed.unit"
    assert selection.units == ["renamed.unit"]
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.scenario.placements[4].unit == placement.unit


def test_an_id_already_used_is_refused(
    qtbot, document: Document, selection: Selection, form: UnitDock
) -> None:
    selection.select_units([BATTALIONS[0]])
    identifier = _text(form, "id")
    _retype(qtbot, identifier, BATTALIONS[1])
    identifier.line.editingFinished.emit()
    assert "already used" in identifier.message.text()
    assert document.undo_stack.count() == 0


def test_making_a_unit_an_air_unit_shows_its_air_profile(
    document: Document, selection: Selection, form: UnitDock
) -> None:
    selection.select_units([BATTALIONS[0]])
    assert not form.air_fields.isVisible()
    form.air_toggle.click()
    assert _unit(document, BATTALIONS[0]).air is not None
    assert form.air_fields.isVisible()
    document.undo_stack.undo()
    assert not form.air_fields.isVisible()


def test_fields_explain_themselves_with_their_description_and_unit(
    selection: Selection, form: UnitDock
) -> None:
    selection.select_units([BATTALIONS[0]])
    speed = _text(form, "speed")
    assert "Movement allowance" in speed.toolTip()
    assert "[MP]" in speed.toolTip()
    assert speed.line.suffix.text() == "MP"
    assert _text(form, "strength").line.suffix.text() == "men"


def test_coming_back_to_a_field_starts_a_new_undo_step(
    qtbot, document: Document, selection: Selection, form: UnitDock
) -> None:
    selection.select_units([BATTALIONS[0]])
    strength, speed = _text(form, "strength"), _text(form, "speed")
    _retype(qtbot, strength, "650")
    speed.line.setFocus()
    _retype(qtbot, strength, "640")
    assert _unit(document, BATTALIONS[0]).strength == 640
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert strength.line.text() == "650"
