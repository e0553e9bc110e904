"""Mounted Infantry Fire (rule 13) and Bail-Out (rule 14) [003 13.0, 14.0]: the infantry of a
C(I) carrier adds half its AS to the carrier's fire and half its DS to its defence, and bails
out, disrupted, when the carrier is disrupted and the hex has room."""

from __future__ import annotations

from engine.tactical_gamex import attacks
from engine.tactical_gamex.combat import defense_of, disrupt
from engine.tactical_gamex.units import HALFTRACK, UnitKind, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, board, state

CARRIER = UnitType(
    "SdKfz 251", 2, Weapon.C_I, 2, 5, 12, UnitKind.SOFT, traits=frozenset({HALFTRACK})
)


def _state(options: set[str]):
    s = state(
        board(["...."] * 5),
        [
            ("ht", Side.AXIS, CARRIER, (0, 0)),
            ("gren", Side.AXIS, RIFLE, (0, 0)),
            ("r", Side.ALLIED, RIFLE, (0, 2)),
        ],
    )
    s.units["ht"].passenger, s.units["gren"].carrier = "gren", "ht"
    s.options = frozenset(options)
    return s


def test_mounted_infantry_adds_half_its_attack_and_defence() -> None:
    off = _state(set())
    spec = attacks.direct_fire_spec(off, [off.units["ht"]], [off.units["r"]])
    assert spec.attack == 2
    assert defense_of(off, off.units["ht"]) == 5
    on = _state({"mounted_infantry_fire"})
    spec = attacks.direct_fire_spec(on, [on.units["ht"]], [on.units["r"]])
    assert spec.attack == 2 + RIFLE.attack / 2
    assert defense_of(on, on.units["ht"]) == 5 + RIFLE.defense / 2


def test_bail_out_when_the_carrier_is_disrupted() -> None:
    off = _state(set())
    disrupt(off, off.units["ht"])
    assert off.units["gren"].carrier == "ht"
    assert off.units["gren"].disrupted
    on = _state({"bail_out"})
    disrupt(on, on.units["ht"])
    gren = on.units["gren"]
    assert gren.carrier is None
    assert on.units["ht"].passenger is None
    assert gren.disrupted
    assert gren.hex == (0, 0)
