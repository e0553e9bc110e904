"""Smoke laid from the Tactical GameX Test-play panel (optional rule 20) [003 20.1-20.4]: a
105 mm howitzer battery of 30 AS added to the sample's Germans lays Smoke 2 on the hex between
a Panzer IV and the T-34 it saw; the smoke shows on the board, blocks the line of sight (the
panel's overlay shades the T-34's hex), turns to Smoke 1 at Housekeeping and is gone at the
next. The rules give smoke no drift: it stays where it was laid until it is removed."""

from __future__ import annotations

from pathlib import Path

from editor.tactical_gamex.testplay.game_markers import marker_labels
from engine.tactical_gamex.events import SmokeLaid
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.orders import FireSmoke
from schemas.vocabulary import Side
from tests.editor.gui.tgx_play_window import SITUATION, play_window

UNITS = "steppe43.units.yaml"
HOWITZER = (
    UNITS,
    "  - id: ger.mortar81\n",
    "  - id: ger.lefh18\n    name: 105 mm howitzer\n    nation: germany\n    attack: 30\n"
    "    weapon: (H)\n    range: 20\n    defense: 4\n    movement: 0\n    unit_kind: soft\n"
    "    calibre_mm: 105\n  - id: ger.mortar81\n",
)
BATTERY = (
    SITUATION,
    "          - {id: ger.mortar, type: ger.mortar81, setup_area: german-east}\n",
    "          - {id: ger.mortar, type: ger.mortar81, setup_area: german-east}\n"
    "          - {id: ger.lefh, type: ger.lefh18, setup_area: german-east}\n",
)
PANZER, T34, BETWEEN = (16, 2), (12, 2), (14, 2)


def _next_turn(dock) -> None:
    game = dock.session.game
    turn = game.turn
    while game.turn == turn:
        dock.pass_button.click()


def test_smoke_is_laid_blocks_sight_and_clears_in_two_turns(qtbot, tmp_path: Path) -> None:
    dock = play_window(qtbot, tmp_path, {"ger.1pz": PANZER, "ger.lefh": (19, 2)}, HOWITZER, BATTERY)
    game = dock.session.game
    player = dock.player
    assert has_los(game.state, PANZER, T34)
    player.choose("ger.lefh")
    player.hex_pressed(BETWEEN)  # an empty hex: aimed at
    assert player.marks.target == BETWEEN
    assert f"Smoke: ger.lefh on {BETWEEN}" in dock.preview.text()
    dock.more_buttons["Smoke"].click()
    assert game.orders[-1] == FireSmoke(("ger.lefh",), BETWEEN)
    assert SmokeLaid(1, ("ger.lefh",), BETWEEN) in game.log
    assert game.state.counters.smoke == {BETWEEN: 2}
    assert marker_labels(game.state)[BETWEEN] == ["Smoke 2"]
    # The smoke blocks the Panzer's sight of the T-34 [003 20.4]: the overlay shades it.
    assert not has_los(game.state, PANZER, T34)
    player.choose("ger.1pz")
    dock.sight_box.setChecked(True)
    assert player.marks.sight is not None
    assert T34 not in player.marks.sight
    assert BETWEEN in player.marks.sight
    # Smoke 2 turns to Smoke 1 at Housekeeping, then goes [003 20.3].
    _next_turn(dock)
    assert game.state.counters.smoke == {BETWEEN: 1}
    assert marker_labels(game.state)[BETWEEN] == ["Smoke 1"]
    _next_turn(dock)
    assert not game.state.counters.smoke
    assert has_los(game.state, PANZER, T34)
    assert BETWEEN not in marker_labels(game.state)
    # Smoke on a hex of friendly units is refused with the rules' sentence [003 20.2].
    while game.acting is not Side.AXIS:
        dock.pass_button.click()
    player.choose("ger.lefh")
    player.aim_at(PANZER)
    assert "Smoke: not possible — no smoke on a hex of friendly units [003 20.2]" in (
        dock.preview.text()
    )
