"""Amphibious landings [003 10.0-10.4] on a small board of sea, beach and land: the force put
to sea one vehicle a hex with the rest off the map, nothing at sea activated or firing, how
units at sea defend, the advance at Housekeeping, landing disrupted, loss by stacking, DD
sinking at its stated chance, unloading with half the MP, and craft kept to the beach."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.dice import Dice
from engine.hexgrid import Grid
from engine.tactical_gamex.amphibious import Landing, advance, launch
from engine.tactical_gamex.attacks import direct_fire_spec
from engine.tactical_gamex.board import Board
from engine.tactical_gamex.combat import defense_of, may_attack, target_kind
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.events import SeaAdvanced, SinkRolled
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import EndImpulse, Move, Rally, Unload
from engine.tactical_gamex.records import order_of, order_to_model
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.tables import TerrainEffects
from engine.tactical_gamex.turns import can_activate, housekeeping
from engine.tactical_gamex.units import INFANTRY, Unit, UnitKind, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, TEC, state

SEA_TEC = {
    **TEC,
    "sea": TerrainEffects("sea", {}, water=True, open=False),
    "beach": TerrainEffects("beach", {"infantry": 1, "wheeled": 2, "tracked": 1}),
}
LVT = UnitType(
    "LVT", 2, Weapon.I, 1, 6, 6, UnitKind.ARMORED, traits=frozenset({"lvt"}), move_class="tracked"
)
DUKW = UnitType("DUKW", 0, Weapon.C, 0, 3, 8, traits=frozenset({"dukw"}), move_class="wheeled")
SHERMAN = UnitType("Sherman", 12, Weapon.A, 10, 11, 8, UnitKind.ARMORED, move_class="tracked")
SHERMAN_DD = UnitType(
    "Sherman DD",
    12,
    Weapon.A,
    10,
    11,
    8,
    UnitKind.ARMORED,
    traits=frozenset({"dd"}),
    move_class="tracked",
)
MARINES = UnitType("Marines", 8, Weapon.I, 3, 8, 4, traits=frozenset({INFANTRY}))
ROWS = ["=====", "=====", "BBBBB", ".....", ".....", "....."]
"""Two rows of sea above a beach row and land: the landing comes down the board."""


def _board(rows: list[str] = ROWS) -> Board:
    chars = {"=": "sea", "B": "beach", ".": "clear"}
    terrain = {
        (c, r): chars[ch] for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."
    }
    return Board(Grid(len(rows[0]), len(rows)), terrain, SEA_TEC)


def _landing(
    force: list[tuple[str, UnitType]],
    cargo: dict[str, list[tuple[str, UnitType]]] | None = None,
    *,
    sink: int = 0,
    defenders: list[tuple[str, UnitType, tuple[int, int]]] = (),  # type: ignore[assignment]
    seed: int = 0,
) -> TgxState:
    units = [(uid, Side.ALLIED, kind, (0, 5)) for uid, kind in force]
    for loads in (cargo or {}).values():
        units += [(uid, Side.ALLIED, kind, (0, 5)) for uid, kind in loads]
    units += [(uid, Side.AXIS, kind, hex_) for uid, kind, hex_ in defenders]
    s = state(_board(), units, seed=seed)
    for craft, loads in (cargo or {}).items():
        for uid, _ in loads:
            s.units[uid].carrier = craft
        s.units[craft].passenger = loads[0][0]
    beaches = frozenset((c, 2) for c in range(5))
    s.landing = Landing(Side.ALLIED, beaches, tuple(uid for uid, _ in force), sink_chance=sink)
    return s


def _five_and_one() -> TgxState:
    force = [("lvt", LVT), ("dukw", DUKW), ("sher", SHERMAN), ("dd", SHERMAN_DD)]
    force += [("lvt2", LVT), ("lvt3", LVT)]
    cargo = {"lvt": [("m1", MARINES), ("m2", MARINES)], "dukw": [("m3", MARINES)]}
    return _landing(force, cargo)


def test_the_force_goes_to_sea_one_vehicle_a_hex_nearest_the_beach_the_rest_off_map() -> None:
    """[003 10.2] one landing craft or vehicle per all-sea hex, cargo aboard; the hexes next to
    the beach first; without room, off the map."""
    s = _five_and_one()
    launch(s)
    placed = [s.units[u].hex for u in s.landing.force]
    assert len(set(placed)) == 6
    assert None not in placed
    assert [h[1] for h in placed if h is not None] == [1, 1, 1, 1, 1, 0]
    assert s.units["m1"].hex == s.units["m2"].hex == s.units["lvt"].hex
    assert all(s.units[u].at_sea for u in ("lvt", "m1", "m2", "sher", "dd"))
    crowd = _landing([(f"l{i}", LVT) for i in range(12)])
    launch(crowd)
    assert crowd.landing.waiting == ["l10", "l11"]
    assert crowd.units["l10"].hex is None
    chosen = _five_and_one()
    chosen.units["lvt3"].hex = (4, 0)  # set there by the setup phase: it stays
    launch(chosen)
    assert chosen.units["lvt3"].hex == (4, 0)
    assert chosen.units["lvt3"].at_sea


def test_nothing_at_sea_is_activated_or_fires() -> None:
    """[003 10.3] units on sea hexes may not be activated and may not return fire."""
    s = _five_and_one()
    s.units["pz"] = Unit("pz", Side.AXIS, "germany", PZ4H, (2, 5))
    game = TacticalGame(s)
    assert game.acting is Side.AXIS
    assert game.turn == 1
    assert not can_activate(game.state, Side.ALLIED)
    assert "at sea" in (may_attack(game.state.units["sher"]) or "")
    assert game.legal_moves("sher") == {}
    game.state.acting = Side.ALLIED
    with pytest.raises(IllegalOrder, match="at sea"):
        game._own("sher")
    game.state.units["sher"].disrupted = True
    with pytest.raises(IllegalOrder, match="no disrupted unit of yours may rally"):
        game.apply(Rally(game.state.units["sher"].hex))  # type: ignore[arg-type]


def test_units_at_sea_defend_as_the_rules_say() -> None:
    """[003 10.4] loaded units use the craft's DS; vehicles DS 8 and Armored; DD their own."""
    s = _five_and_one()
    s.units["pz"] = Unit("pz", Side.AXIS, "germany", PZ4H, (2, 4))
    launch(s)
    shooter = s.units["pz"]
    for craft, defense in (("sher", 8), ("dd", 11), ("lvt", 6)):
        s.spotted.add(s.units[craft].hex)  # type: ignore[arg-type]
        spec = direct_fire_spec(s, [shooter], [s.units[craft]])
        assert spec.defense == defense, craft
    assert target_kind(s, [s.units["sher"]], [shooter]) is UnitKind.ARMORED
    assert target_kind(s, [s.units["dukw"]], [shooter]) is UnitKind.SOFT  # the craft's own


def test_housekeeping_brings_the_force_ashore_disrupted_and_the_waiting_craft_in() -> None:
    """[003 10.3] one hex toward the closest beach, disrupted on reaching it (disrupted units
    advance too); off-map units come onto a sea hex at the edge. [003 10.4] vehicles are
    unloaded on the beach."""
    s = _five_and_one()
    launch(s)
    s.units["sher"].disrupted = True
    events = housekeeping(s)
    ashore = {e.unit for e in events if isinstance(e, SeaAdvanced) and e.ashore}
    assert ashore == {"lvt", "dukw", "sher", "dd", "lvt2"}
    for uid in ("lvt", "m1", "m2", "dukw", "m3", "sher", "dd"):
        unit = s.units[uid]
        assert unit.hex is not None
        assert unit.hex[1] == 2
        assert unit.disrupted
        assert not unit.at_sea
    assert s.units["m1"].carrier == "lvt"  # cargo stays aboard until unloaded
    assert defense_of(s, s.units["sher"]) == 11  # ashore, its own DS again, not the 8 at sea
    assert s.units["lvt3"].hex is not None
    assert s.units["lvt3"].hex[1] == 1
    assert s.units["lvt3"].at_sea
    assert not s.units["lvt3"].disrupted
    crowd = _landing([(f"l{i}", LVT) for i in range(11)])
    launch(crowd)
    events = advance(crowd)
    entered = [e for e in events if isinstance(e, SeaAdvanced) and e.entered]
    assert [e.unit for e in entered] == ["l10"]
    assert crowd.units["l10"].hex == entered[0].hex
    assert entered[0].hex[1] == 0
    assert crowd.landing.waiting == []


def test_a_unit_that_cannot_advance_for_stacking_is_eliminated() -> None:
    """[003 10.3] the beach in front is full (an enemy there counts as full)."""
    s = state(
        Board(Grid(1, 4), {(0, 0): "sea", (0, 1): "sea", (0, 2): "beach"}, SEA_TEC),
        [("sher", Side.ALLIED, SHERMAN, (0, 3)), ("pz", Side.AXIS, PZ4H, (0, 2))],
    )
    s.landing = Landing(Side.ALLIED, frozenset({(0, 2)}), ("sher",))
    launch(s)
    assert s.units["sher"].hex == (0, 1)
    events = advance(s)
    assert SeaAdvanced(s.turn, "sher", None) in events
    assert s.units["sher"].hex is None
    assert s.counters.wrecks == {}  # no wreck at sea


def test_dd_vehicles_sink_at_the_situations_chance() -> None:
    """[003 10.4] a DD vehicle rolls to sink when first placed at sea: 30 % over 2,000 launches
    with fixed seeds falls within three standard deviations (1.0 points) of 30 %."""
    sank = Counter[bool]()
    s = _landing([("dd", SHERMAN_DD)], sink=30)
    for seed in range(2000):
        trial = s.copy()
        trial.dice = Dice(seed)
        events = launch(trial)
        rolls = [e for e in events if isinstance(e, SinkRolled)]
        assert len(rolls) == 1
        sank[rolls[0].sank] += 1
        assert (trial.units["dd"].hex is None) == rolls[0].sank
    assert abs(sank[True] / 2000 - 0.30) < 3 * (0.3 * 0.7 / 2000) ** 0.5
    plain = _landing([("sher", SHERMAN)], sink=100)
    assert not [e for e in launch(plain) if isinstance(e, SinkRolled)]  # not a DD


def _on_beach(s: TgxState) -> TacticalGame:
    game = TacticalGame(s)  # nothing to activate at sea: the first Housekeeping lands it
    assert game.turn == 2
    assert not any(u.at_sea for u in game.state.units.values())
    for unit in game.state.units.values():
        unit.disrupted = False  # rallied
    game.state.acting, game.state.pool, game.state.spent = Side.ALLIED, 6, 0
    game.state.paid, game.state.activity = set(), {}
    return game


def test_unloading_on_the_beach_sets_both_units_down_to_move_half_their_mp() -> None:
    """[003 10.4] a good-order craft on the beach unloads; the unit may move half its MP."""
    s = _landing([("lvt", LVT)], {"lvt": [("m1", MARINES), ("m2", MARINES)]})
    game = _on_beach(s)
    here = game.state.units["lvt"].hex
    assert here is not None
    craft_reach = set(game.legal_moves("lvt"))
    assert craft_reach
    assert craft_reach <= game.state.landing.beaches  # a craft: beach hexes only
    game.apply(Unload("lvt"))
    reach = game.legal_moves("m1")
    assert reach
    assert max(reach.values()) == 2  # half of 4 MP
    assert game.state.units["m1"].carrier is None
    assert game.state.units["m2"].hex == here
    col, row = here
    with pytest.raises(IllegalOrder):
        game.apply(Move("m1", ((col, row + 1), (col, row + 2), (col, row + 3))))  # 3 of 4 MP
    game.apply(Move("m1", ((col, row + 1), (col, row + 2))))  # half: 2 MP
    with pytest.raises(IllegalOrder, match="already acted"):
        game.apply(Move("m1", ((col, row + 3),)))


def test_a_disrupted_craft_does_not_unload_and_a_craft_keeps_to_the_beach() -> None:
    """[003 10.4] good-order carriers unload; [003 10.3] craft move beach to beach only."""
    s = _landing([("lvt", LVT)], {"lvt": [("m1", MARINES), ("m2", MARINES)]})
    game = _on_beach(s)
    lvt = game.state.units["lvt"]
    assert lvt.hex is not None
    col, row = lvt.hex
    lvt.disrupted = True
    with pytest.raises(IllegalOrder, match="disrupted"):
        game.apply(Unload("lvt"))
    lvt.disrupted = False
    with pytest.raises(IllegalOrder, match="beach hex to beach hex"):
        game.apply(Move("lvt", ((col, row + 1),)))
    beside = next(h for h in game.state.board.neighbors(lvt.hex) if h[1] == row)
    game.apply(Move("lvt", (beside,)))
    assert game.state.units["lvt"].hex == beside
    assert game.state.units["m1"].hex == game.state.units["m2"].hex == beside  # both aboard


def test_a_game_with_a_landing_replays_the_same_from_its_orders() -> None:
    """Same seed and orders give the same log; the orders go through the play file's
    models."""

    def fresh() -> TacticalGame:
        return TacticalGame(
            _landing(
                [("lvt", LVT), ("dd", SHERMAN_DD)],
                {"lvt": [("m1", MARINES)]},
                sink=50,
                defenders=[("pz", PZ4H, (2, 5))],
                seed=7,
            )
        )

    game = fresh()
    while game.turn < 3 and not game.is_over:
        game.apply(EndImpulse())
    assert any(isinstance(e, SeaAdvanced) and e.ashore for e in game.log)
    again = fresh()
    for order in game.orders:
        again.apply(order_of(order_to_model(order)))
    assert [e.describe() for e in again.log] == [e.describe() for e in game.log]  # type: ignore[attr-defined]


def test_the_computer_unloads_a_landing_craft_on_the_beach_and_it_stays_there() -> None:
    """The computer sets the units down however far its objectives are; [003 10.3] a craft on
    the beach is not advanced by Housekeeping."""
    s = _landing([("lvt", LVT)], {"lvt": [("m1", MARINES), ("m2", MARINES)]})
    game = _on_beach(s)
    beach = game.state.units["lvt"].hex
    assert Unload("lvt") in list(TgxComputerPlayer(Side.ALLIED)._candidates(game))
    assert advance(game.state) == []
    assert game.state.units["lvt"].hex == beach
