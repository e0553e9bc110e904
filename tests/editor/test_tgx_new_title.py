"""A new Tactical GameX title starts with the morale levels the rules' charts give its nations
and the victory hexes its designer named, never an invented objective [003 7.0]."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.tactical_gamex.new_title import NewTitle, create_tgx_title, usual_morale
from schemas.io import FileKind, load_file
from schemas.tactical_gamex.situation import SituationFile
from schemas.tactical_gamex.vocabulary import Nation
from schemas.vocabulary import Side
from tests.editor.gui.tgx_title import write_title


def test_morale_follows_the_lineage_of_the_nations() -> None:
    # PanzerBlitz charts: Soviet mostly 7, German mostly 8; Panzer Leader: 8 and 8.
    assert usual_morale(Nation.SOVIET_UNION, Nation.GERMANY) == (7, 8)
    assert usual_morale(Nation.UNITED_STATES, Nation.GERMANY) == (8, 8)


def test_the_situation_holds_the_given_morale_and_victory(tmp_path: Path) -> None:
    template = write_title(tmp_path / "template")
    new = NewTitle(
        folder=tmp_path / "new",
        title="Bastogne",
        template=template,
        panel_width=7,
        panel_height=4,
        allied=Nation.UNITED_STATES,
        victory_side=Side.ALLIED,
        victory_hexes=("b c2", "A G4"),
    )
    path = create_tgx_title(new)
    situation = load_file(path, FileKind.SITUATION).model
    assert isinstance(situation, SituationFile)
    assert [s.nations[0].morale_level for s in situation.sides] == [8, 8]
    (condition,) = situation.victory.conditions
    assert (condition.side, condition.hexes) == (Side.ALLIED, ["B C2", "A G4"])


@pytest.mark.parametrize(
    ("hexes", "reason"),
    [((), "which hexes"), (("C A1",), "not a hex of panels A, B"), (("A H1",), "off its panel")],
)
def test_a_title_without_a_reachable_objective_is_refused(
    tmp_path: Path, hexes: tuple[str, ...], reason: str
) -> None:
    new = NewTitle(
        folder=tmp_path / "new",
        title="t",
        template=tmp_path / "none.situation.yaml",
        panel_width=7,
        panel_height=4,
        victory_hexes=hexes,
    )
    with pytest.raises(ValueError, match=reason):
        create_tgx_title(new)
    assert not new.folder.exists()
