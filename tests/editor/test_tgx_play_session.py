"""The Tactical GameX test-play session and previews without a window: previews match the CRT
row they name for every column and modifier, take-back stops at a seen die, and a saved game
that no longer fits the situation says which order was refused."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from editor.commands import SetValue
from editor.tactical_gamex.document import TgxDocument, open_situation
from editor.tactical_gamex.forces import counter_path
from editor.tactical_gamex.testplay.preview import preview_of
from editor.tactical_gamex.testplay.session import TgxPlaySession
from engine.tactical_gamex.combat import AttackSpec
from engine.tactical_gamex.orders import FinishSetup, Fire, Move, PlaceRest, PlaceUnit
from engine.tactical_gamex.tables import COLUMNS
from schemas.io import FileKind
from schemas.vocabulary import Side
from tests.conftest import REPO

SITUATION = "scenarios/hill-at-krasnaya-polyana.situation.yaml"


@pytest.fixture
def document(qapp, tmp_path: Path) -> TgxDocument:
    """The sample situation, the German MGs set up next to a Soviet rifle company (unsaved)."""
    shutil.copytree(REPO / "sample_data" / "tgx_steppe43", tmp_path / "steppe")
    opened = open_situation(tmp_path / "steppe" / SITUATION)
    path = (*counter_path(opened.situation, "ger.mg"), "hex")
    address = opened.board().address_of(12, 4)
    opened.push(SetValue(opened, FileKind.SITUATION, path, address, "Move"))
    return opened


def test_a_preview_gives_the_crt_rows_faces_for_each_column(document: TgxDocument) -> None:
    game = TgxPlaySession(document, 1).game
    target = game.unit("sov.2rc")
    crt = game.state.tables.crt
    # 1:3 to 4:1 and beyond the cap: the column named and the sixths of its row's results.
    for attack, column in (
        (2, "1:3"),
        (3, "1:2"),
        (6, "1:1"),
        (12, "2:1"),
        (18, "3:1"),
        (60, "4:1"),
    ):
        spec = AttackSpec("direct fire", (game.unit("ger.mg"),), target.hex, (target,), attack, 6)
        preview = preview_of(game, spec)
        assert preview.column == column
        (_unit, modifier, chances) = preview.chances[0]
        index = COLUMNS.index(column)
        faces = Counter(crt.result(index, roll + modifier).value for roll in range(1, 7))
        assert chances == {result: n / 6 for result, n in faces.items()}
        assert sum(chances.values()) == pytest.approx(1)
    worse = AttackSpec("direct fire", (game.unit("ger.mg"),), target.hex, (target,), 1, 6)
    assert preview_of(game, worse).column == "<1:3"  # No Effect without a roll (B.15 #7)
    assert preview_of(game, worse).chances[0][2] == {"-": 1.0}


def test_take_back_stops_at_a_seen_die(document: TgxDocument) -> None:
    session = TgxPlaySession(document, 1)
    session.give(Move("ger.1pz", ((22, 7),)))
    assert session.take_back() == Move("ger.1pz", ((22, 7),))
    session.give(Fire(("ger.mg",), ("sov.2rc",)))
    with pytest.raises(ValueError, match="a die was rolled"):
        session.take_back()


def test_a_saved_game_replays_and_names_an_order_it_no_longer_fits(
    document: TgxDocument, tmp_path: Path
) -> None:
    session = TgxPlaySession(document, 1)
    session.give(Fire(("ger.mg",), ("sov.2rc",)))
    saved = session.save(tmp_path / "steppe" / "scenarios" / "game.tgxplay.yaml")
    again = TgxPlaySession.open(document, saved)
    assert [e.describe() for e in again.game.log] == [e.describe() for e in session.game.log]
    document.undo_stack.undo()  # the MGs back where the situation had them: out of range
    with pytest.raises(ValueError, match=r"order 1 \(.*\) was refused"):
        TgxPlaySession.open(document, saved)


def test_a_game_saved_during_its_setup_opens_in_the_same_step(
    document: TgxDocument, tmp_path: Path
) -> None:
    """Saved before turn 1 with the setup phase, the game opens where the setup stood: the
    counters placed by hand where they were, the same side to place the rest."""
    session = TgxPlaySession(document, 4, (), setup_phase=True)
    session.give(PlaceUnit("sov.t34a", (3, 2)))
    session.give(PlaceRest())
    session.give(FinishSetup())
    session.give(PlaceUnit("ger.1pz", (23, 4)))
    saved = session.save(tmp_path / "setup.tgxplay.yaml")
    assert "setup: players" in saved.read_text()
    opened = TgxPlaySession.open(document, saved)
    game = opened.game
    assert game.phase.value == "setup"
    assert game.acting is Side.AXIS
    assert game.unit("sov.t34a").hex == (3, 2)
    assert game.unit("ger.1pz").hex == (23, 4)
    assert game.unit("ger.2pz").hex is None
