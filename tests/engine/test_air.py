"""Air power [000 8.0-8.4]: the manual's numbers (the 1/(2R+1) AA range factor, the recon
formula, interception with jets at half, the Air Strike Hex Limit), the random draws checked
against their stated chances with fixed seeds (interception, availability after a mission,
carpet bombing's scatter), the weather that grounds aircraft, and on the Ardennes sample an air
strike flown through AA fire, recorded, saved and replayed."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns.air.anti_aircraft import aa_range_factor
from engine.panzer_campaigns.air.availability import availability_chance
from engine.panzer_campaigns.air.events import (
    AircraftReady,
    AirMissionFlown,
    AirReconSpotted,
    AirStruck,
    AntiAircraftFired,
    Interdicted,
)
from engine.panzer_campaigns.air.interception import interception_chance
from engine.panzer_campaigns.air.recon import recon_probability
from engine.panzer_campaigns.air.strike import scatter
from engine.panzer_campaigns.combat.events import FatigueRecovered, LossesTaken
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import AirRecon, AirStrike, CarpetBomb
from engine.panzer_campaigns.sightings import Sight
from schemas.panzer_campaigns.parameters import PerSidePercent
from schemas.title import load_scenario
from schemas.vocabulary import Quality, Side
from tests.conftest import SAMPLE_DATA
from tests.engine.ascii_title import AsciiTitle, ascii_parameters, ascii_title

BASTOGNE = SAMPLE_DATA / "ardennes44" / "scenarios" / "road_to_bastogne.scenario.yaml"

FIGHTERS = {
    "hex": None,
    "unit_class": "air",
    "component": "vehicles",
    "strength": 16,
    "quality": "C",
    "speed": 0,
    "hard_attack": 14,
    "soft_attack": 16,
    "defense": 6,
    "air": {},
}
SOLID = {"strength": 800, "defense": 60}
"""A target the strikes of these tests never eliminate."""
FLAK = {"unit_class": "anti_aircraft", "component": "guns", "strength": 12, "aa_attack": 4}


def _title(
    art: str,
    units: dict[str, dict[str, Any]],
    *,
    air: list[str],
    interception: int = 0,
    interdiction: int = 0,
    availability: int = 20,
    hex_limit: int = 0,
    changes: list[dict[str, Any]] | None = None,
    **header: Any,
) -> AsciiTitle:
    parameters = ascii_parameters()
    percent = PerSidePercent(allied=interception, axis=interception)
    parameters = parameters.model_copy(
        update={
            "air": parameters.air.model_copy(
                update={
                    "interception": percent,
                    "availability": PerSidePercent(allied=availability, axis=availability),
                    "strike_hex_limit": hex_limit,
                    "interdiction": PerSidePercent(allied=interdiction, axis=interdiction),
                }
            )
        }
    )
    title = ascii_title(
        art,
        units=units,
        parameters=parameters,
        header=header or None,
        scenario={"air": {"units": air, "changes": changes or []}},
    )
    # `strength` is a placement field there: unplaced air units take it from their OOB entry
    strengths = {k: v["strength"] for k, v in units.items() if v.get("hex", 1) is None}

    def fixed(unit: Any) -> Any:
        if unit.kind != "unit" or unit.id not in strengths:
            return unit
        return unit.model_copy(update={"strength": strengths[unit.id]})

    title.oob = title.oob.model_copy(
        update={
            "sides": [
                side.model_copy(
                    update={
                        "nations": [
                            nation.model_copy(
                                update={
                                    "organizations": [
                                        org.model_copy(
                                            update={"children": [fixed(u) for u in org.children]}
                                        )
                                        for org in nation.organizations
                                    ]
                                }
                            )
                            for nation in side.nations
                        ]
                    }
                )
                for side in title.oob.sides
            ]
        }
    )
    return title


def _game(title: AsciiTitle, seed: int = 0) -> Game:
    return Game(title.game(seed))


def _reseeded(game: Game, runs: int) -> Iterator[int]:
    """The game back at its start with seed 0, 1, 2… in turn: many draws of one game, fast."""
    start = game.state.snapshot()
    for seed in range(runs):
        game.state.restore(start)
        game.state.rng.seed(seed)
        game.orders.clear()
        game.log.clear()
        game.result = None
        yield seed


# --- the manual's numbers -------------------------------------------------------------------


def test_aa_fire_scales_by_one_over_two_r_plus_one() -> None:
    # [000 8.1] "fire at range 0 being normal, fire at range 1 being 1/3, and in general, fire
    # at range R being 1/(2*R+1)"
    assert [aa_range_factor(r) for r in range(4)] == [1, 1 / 3, 1 / 5, 1 / 7]


def test_recon_probability_is_the_product_of_the_manuals_factors() -> None:
    # [000 8.1] range 1/(R+1), terrain (100% + M), strength S/(S+5), status, quality
    assert recon_probability(0, 0, 5, Quality.C) == pytest.approx(0.5)
    assert recon_probability(2, 0, 5, Quality.C) == pytest.approx(0.5 / 3)
    assert recon_probability(0, -25, 15, Quality.C) == pytest.approx(0.75 * 0.75)
    assert recon_probability(1, 0, 20, Quality.B) == pytest.approx(0.5 * 0.8 * 1.25)
    assert recon_probability(1, 0, 20, Quality.F) == pytest.approx(0.5 * 0.8 * 0.4)
    assert recon_probability(0, 0, 5, Quality.D, disrupted=True) == pytest.approx(0.5 * 0.5 * 0.8)
    assert recon_probability(0, 0, 50, Quality.A, broken=True) == 0


def test_jets_are_intercepted_at_half_the_chance() -> None:
    assert interception_chance(30, jet=False) == pytest.approx(0.3)
    assert interception_chance(30, jet=True) == pytest.approx(0.15)
    assert interception_chance(0, jet=True) == 0


# --- strikes through AA fire ----------------------------------------------------------------

STRIKE_ROW = ".A .a .f .  .g\n.  .  .  .  ."


def _strike_title(**kw: Any) -> AsciiTitle:
    units = {"P": FIGHTERS, "f": FLAK, "g": {**FLAK, "aa_range": 2}, "a": {}}
    return _title(STRIKE_ROW, units, air=["P"], **kw)


def test_aa_units_within_range_fire_first_at_one_over_two_r_plus_one() -> None:
    title = _strike_title()
    game = _game(title)
    target = title.positions["a"]
    preview = game.air_preview("P", target)
    assert preview is not None
    # f stands 1 hex away with AA range 0: out of range; g (range 2) 3 hexes away: out too
    assert [shot.unit for shot in preview.aa] == []
    game = _game(
        _title(STRIKE_ROW, {"P": FIGHTERS, "f": {**FLAK, "aa_range": 1}, "a": {}}, air=["P"])
    )
    shots = game.air_preview("P", target).aa  # type: ignore[union-attr]
    assert [(s.unit, s.distance) for s in shots] == [("f", 1)]
    # 4 AA x 120 men-equivalents x 1/3 over the aircraft's Defense 6 [000 8.1]
    assert shots[0].value == pytest.approx(4 * 120 / 3 / 6)
    events = game.air_strike("P", target)
    kinds = [type(e).__name__ for e in events]
    assert kinds[:3] == ["AirMissionFlown", "AntiAircraftFired", "LossesTaken"]
    hit = [e for e in events if isinstance(e, LossesTaken)]
    assert hit[0].unit == "P"
    assert hit[-1].unit == "a"
    assert hit[-1].kind == "air"
    assert game.orders[-1] == AirStrike("P", target)
    assert not game.can_undo


def test_hqs_fire_aa_and_heavy_aa_alone_reaches_high_flyers() -> None:
    units = {
        "R": {**FIGHTERS, "air": {"role": "recon"}},
        "B": {**FIGHTERS, "air": {"heavy_bomber": True}},
        "h": {"unit_class": "headquarters", "aa_attack": 1, "aa_range": 1},
        "f": {**FLAK, "aa_range": 1},
        "k": {**FLAK, "aa_range": 1, "aa_kind": "heavy_aa"},
        "a": {},
    }
    title = _title(".A .a .h\n.  .f .k", units, air=["R", "B"])
    game = _game(title)
    target = title.positions["a"]
    recon = game.air_preview("R", target)
    carpet = game.air_preview("B", target)
    assert recon is not None
    assert carpet is not None
    assert {s.unit for s in recon.aa} == {"k"} == {s.unit for s in carpet.aa}
    units["S"] = FIGHTERS
    game = _game(_title(".A .a .h\n.  .f .k", units, air=["S"]))
    strike = game.air_preview("S", target)
    assert strike is not None
    assert {s.unit for s in strike.aa} == {"h", "f", "k"}


def test_disrupted_low_ammo_or_travel_mode_aa_fires_at_half() -> None:
    units = {"P": FIGHTERS, "f": {**FLAK, "aa_range": 1}, "a": {}}
    title = _title(STRIKE_ROW, units, air=["P"])
    game = _game(title)
    full = game.air_preview("P", title.positions["a"]).aa[0].value  # type: ignore[union-attr]
    game.unit("f").disrupted = True
    game.unit("f").low_ammo = True
    game.state.touch()
    half = game.air_preview("P", title.positions["a"]).aa[0]  # type: ignore[union-attr]
    assert half.halved
    assert half.value == pytest.approx(full / 2)


def test_a_strike_needs_a_spotted_enemy_hex_and_flies_once_until_available() -> None:
    title = _strike_title()
    game = _game(title)
    empty = (3, 1)
    assert "Spotted target" in str(game.can_air_strike("P", empty).reason)
    assert not game.can_air_strike("P", empty)
    assert game.can_air_strike("P", title.positions["a"])
    with pytest.raises(IllegalMove, match="carpet"):
        game.carpet_bomb("P", title.positions["a"])
    game.air_strike("P", title.positions["a"])
    why = game.can_air_strike("P", title.positions["a"]).reason
    assert why is not None
    assert "not available yet" in why
    assert game.available_aircraft() == []


def test_the_air_strike_hex_limit_stops_strikes_once_the_aircraft_reach_it() -> None:
    units = {"P": FIGHTERS, "Q": FIGHTERS, "R": FIGHTERS, "a": SOLID}
    title = _title(".A .a .  .\n.  .  .  .", units, air=["P", "Q", "R"], hex_limit=32)
    game = _game(title)
    target = title.positions["a"]
    game.air_strike("P", target)
    assert game.can_air_strike("Q", target)  # 16 of 32 committed
    game.air_strike("Q", target)
    refused = game.can_air_strike("R", target).reason
    assert refused is not None
    assert "Air Strike Hex Limit" in refused
    game.end_player_turn()
    game.end_player_turn()
    # a new player turn: the count starts again (R never flew, so it is still available)
    assert game.can_air_strike("R", target)


def test_owned_aircraft_strike_only_what_their_organization_sees_at_half_if_detached() -> None:
    # [000 8.4] "air combat missions by those units can only be performed against hexes that
    # are spotted by the owning organization ... If only Detached units are available for
    # spotting, the air strike is at half value."
    foreign = {"P": {**FIGHTERS, "air": {"owner": "us.elsewhere"}}, "a": SOLID}
    title = _title(STRIKE_ROW, foreign, air=["P"])
    refused = _game(title).can_air_strike("P", title.positions["a"]).reason
    assert refused is not None
    assert "us.elsewhere" in refused
    owned = {"P": {**FIGHTERS, "air": {"owner": "us.div"}}, "a": SOLID}
    title = _title(STRIKE_ROW, owned, air=["P"])  # A has no HQ: Detached
    preview = _game(title).air_preview("P", title.positions["a"])
    assert preview is not None
    assert preview.strike is not None
    assert "x0.5 only Detached spotters" in [m.describe() for m in preview.strike.modifiers]
    hq = {"unit_class": "headquarters", "command_range": 5, "hex": (0, 1)}
    title = _title(STRIKE_ROW, {**owned, "H": hq}, air=["P"])
    preview = _game(title).air_preview("P", title.positions["a"])
    assert preview is not None
    assert preview.strike is not None
    assert "x0.5 only Detached spotters" not in [m.describe() for m in preview.strike.modifiers]


def test_storms_and_night_keep_aircraft_on_the_ground() -> None:
    title = _strike_title(start="1944-12-16 20:00")
    game = _game(title)
    assert "night" in str(game.why_not_fly("P"))
    title = _strike_title()
    game = _game(title)
    game.state.weather = replace(game.weather, storm=True)
    assert "storm" in str(game.why_not_fly("P"))
    assert game.air_targets("P") == {}


# --- random draws against their stated chances ----------------------------------------------


def test_interception_happens_at_the_target_sides_rate_and_half_for_jets() -> None:
    target = _strike_title().positions["a"]
    for jet, expected in ((False, 0.4), (True, 0.2)):
        intercepted = 0
        runs = 250
        units = {"P": {**FIGHTERS, "air": {"jet": jet}}, "a": {}}
        game = _game(_title(STRIKE_ROW, units, air=["P"], interception=40))
        for _ in _reseeded(game, runs):
            flown = game.air_strike("P", target)[0]
            assert isinstance(flown, AirMissionFlown)
            intercepted += flown.intercepted
            if flown.intercepted:  # no effect on the targeted side [000 8.1]
                assert game.unit("a").strength == 500
        # within 4 standard deviations of the binomial
        assert abs(intercepted / runs - expected) < 4 * math.sqrt(expected * (1 - expected) / runs)


def test_an_aircraft_comes_back_with_the_availability_chance_each_turn() -> None:
    # [000 8.3] "with an Air Availability value of 20%, an air unit that has carried out a
    # mission will have a 20% chance of being available on the next turn"
    target = _strike_title().positions["a"]
    waits = []
    game = _game(_strike_title(availability=20, start="1944-12-16 06:00", turns=60))
    for _ in _reseeded(game, 200):
        game.air_strike("P", target)
        if game.unit("P").disrupted or game.unit("P").broken:
            continue
        turns = 0
        while "not available yet" in str(game.why_not_fly("P")) and turns < 40:
            game.end_player_turn()
            game.end_player_turn()
            turns += 1
        waits.append(turns)
    first_turn = sum(1 for w in waits if w == 1) / len(waits)
    assert abs(first_turn - 0.2) < 4 * math.sqrt(0.2 * 0.8 / len(waits))
    # geometric: a mean wait of 1/p = 5 turns
    assert 4.0 < sum(waits) / len(waits) < 6.0


def test_aircraft_that_rest_recover_fatigue_and_losses() -> None:
    # [000 9.3] "Nominal Fatigue recovery also applies to air units"; [000 12.0] "Loss
    # recovery also applies to losses taken by air units"
    units = {"P": FIGHTERS, "f": {**FLAK, "aa_range": 1, "aa_attack": 20}, "a": SOLID}
    game = _game(_title(STRIKE_ROW, units, air=["P"], turns=30))
    game.air_strike("P", (1, 0))
    fighters = game.unit("P")
    assert fighters.fatigue > 0
    assert fighters.strength < 16
    tired, strength = fighters.fatigue, fighters.strength
    game.play_turns(12)
    assert fighters.fatigue < tired
    rested = [e for e in game.log if isinstance(e, FatigueRecovered) and e.units[0][0] == "P"]
    assert rested
    assert rested[0].turn >= 3  # not before a complete game turn without action
    assert fighters.strength >= strength


def test_scheduled_changes_and_low_visibility_set_the_availability_chance() -> None:
    changes = [{"id": "more", "turn": 3, "side": "allied", "availability": 60}]
    title = _strike_title(availability=20, changes=changes)
    game = _game(title)
    fighters = game.unit("P")
    assert availability_chance(game.state, fighters) == pytest.approx(0.2)
    game.play_turns(2)
    assert game.turn == 3
    assert availability_chance(game.state, fighters) == pytest.approx(0.6)
    game.state.scenario.header.optional_rules.append("low_visibility_air_effects")  # type: ignore[arg-type]
    game.state.parameters.air.low_visibility_reduction[game.weather.visibility] = 50
    assert availability_chance(game.state, fighters) == pytest.approx(0.3)


def test_carpet_bombing_scatters_evenly_up_to_two_hexes() -> None:
    title = _title(
        ".  .  .  .  .  .  .\n" * 7, {"B": {**FIGHTERS, "air": {"heavy_bomber": True}}}, air=["B"]
    )
    state = title.game(7)
    centre = state.board.index(3, 3)
    draws = 1900
    landed = Counter(state.board.distance(centre, scatter(state, centre)) for _ in range(draws))
    # 19 hexes within 2: 1 at 0, 6 at 1, 12 at 2, each equally likely [000 8.1]
    for distance, share in ((0, 1 / 19), (1, 6 / 19), (2, 12 / 19)):
        sd = math.sqrt(share * (1 - share) / draws)
        assert abs(landed[distance] / draws - share) < 4 * sd
    assert max(landed) == 2


def test_carpet_bombing_hits_every_unit_where_it_falls_friends_included() -> None:
    units = {"B": {**FIGHTERS, "air": {"heavy_bomber": True}}, "a": SOLID, "b": SOLID, "C": SOLID}
    title = _title(".  .  .  .  .\n.  .  .ab .C .\n.  .  .  .  .", units, air=["B"])
    on = {title.positions["a"]: {"a", "b"}, title.positions["C"]: {"C"}}
    falls: Counter[str] = Counter()
    for seed in range(150):
        game = _game(title, seed)
        events = game.carpet_bomb("B", title.positions["a"])
        flown = events[0]
        assert isinstance(flown, AirMissionFlown)
        assert flown.mission == "carpet"
        struck = {e.unit for e in events if isinstance(e, LossesTaken) and e.unit != "B"}
        assert struck == on.get(flown.hit, set())
        falls["enemy" if flown.hit == flown.hex else "friends" if struck == {"C"} else "none"] += 1
    assert falls["enemy"] > 0
    assert falls["friends"] > 0
    assert falls["none"] > 0


def test_air_recon_spots_units_near_the_hex_by_the_formula() -> None:
    recon = {**FIGHTERS, "air": {"role": "recon"}, "strength": 5}
    units = {"R": recon, "a": {}}
    title = _title(".A .  .  .  .a\n.  .  .  .  .", units, air=["R"])
    spotted = 0
    runs = 400
    game = _game(title)
    for _ in _reseeded(game, runs):
        events = game.air_recon("R", title.positions["a"])
        report = events[-1]
        assert isinstance(report, AirReconSpotted)
        seen = game.state.sightings[Side.ALLIED].get("a")
        spotted += seen is not None
        if seen is not None:
            assert seen.grade in (Sight.SPOTTED, Sight.UNKNOWN)
    # range 0, clear, 5 aircraft, quality C: 1 x 1 x 5/10 = 0.5
    assert abs(spotted / runs - 0.5) < 4 * math.sqrt(0.25 / runs)
    assert isinstance(game.orders[-1], AirRecon)


# --- Panzer Battles: called one turn, flown the next [001 #32] -------------------------------


def test_panzer_battles_missions_fly_at_the_start_of_the_sides_next_turn() -> None:
    title = _strike_title(ruleset="panzer_battles")
    game = _game(title)
    target = title.positions["a"]
    called = game.air_strike("P", target)
    assert [type(e).__name__ for e in called] == ["AirMissionCalled"]
    assert game.unit("a").strength == 500
    assert game.can_undo  # no die rolled yet
    assert "not available yet" in str(game.why_not_fly("P"))
    game.end_player_turn()  # the Axis player turn: nothing flies
    assert not any(isinstance(e, AirMissionFlown) for e in game.log)
    game.end_player_turn()  # the Allied player turn of turn 2 starts with the strike
    flown = [e for e in game.log if isinstance(e, AirMissionFlown)]
    assert len(flown) == 1
    assert flown[0].turn == 2
    assert flown[0].hit == target
    assert any(isinstance(e, LossesTaken) and e.unit == "a" for e in game.log)


def test_a_panzer_battles_strike_on_an_emptied_hex_moves_to_an_adjacent_enemy() -> None:
    units = {"P": FIGHTERS, "a": SOLID}
    title = _title(".A .a .  .\n.  .  .  .", units, air=["P"], ruleset="panzer_battles")
    game = _game(title)
    target = title.positions["a"]
    game.air_strike("P", target)
    game.end_player_turn()
    game.move("a", [(1, 1)])  # the Axis unit steps next door, still in sight
    game.end_player_turn()
    flown = next(e for e in game.log if isinstance(e, AirMissionFlown))
    assert flown.hex == target
    assert flown.hit == (1, 1)


# --- air interdiction [000 8.2] ---------------------------------------------------------------

ROAD = ".A .  .  .  .  .\n.  .  .  .  .  ."


def _interdiction_rate(units: dict[str, dict[str, Any]], runs: int = 200, **kw: Any) -> float:
    """The share of seeds in which moving A one hex east draws an interdiction attack."""
    hits = 0
    game = _game(_title(ROAD, units, air=["p"], interdiction=10, **kw))
    for _ in _reseeded(game, runs):
        events = game.move("A", [(1, 0)])
        hits += any(isinstance(e, Interdicted) for e in events)
    return hits / runs


def _near(share: float, expected: float, runs: int = 200) -> bool:
    return abs(share - expected) < 4 * math.sqrt(expected * (1 - expected) / runs)


ENEMY_AIR = {**FIGHTERS, "air": {}}
CONVOY = {"strength": 300, "defense": 60, "mode": "travel", "speed": 12}


def test_interdiction_strikes_travel_mode_movers_at_the_sides_rate() -> None:
    travel = {"A": CONVOY, "p": ENEMY_AIR}
    assert _near(_interdiction_rate(travel), 0.10)
    # two units in Travel Mode in the hex entered: twice the chance [000 8.2]
    two = {**travel, "B": {**CONVOY, "hex": (1, 0)}}
    assert _near(_interdiction_rate(two), 0.20)
    # half at dawn [000 8.2]
    assert _near(_interdiction_rate(travel, start="1944-12-16 06:00"), 0.05)


def test_no_interdiction_of_deployed_movers_at_night_or_without_enemy_aircraft() -> None:
    deployed = {"A": {"speed": 12}, "p": ENEMY_AIR}
    assert _interdiction_rate(deployed, runs=40) == 0
    travel = {"A": CONVOY, "p": ENEMY_AIR}
    assert _interdiction_rate(travel, runs=40, start="1944-12-16 20:00") == 0
    title = _title(ROAD, {"A": {"mode": "travel", "speed": 12}}, air=[], interdiction=100)
    assert not any(isinstance(e, Interdicted) for e in _game(title).move("A", [(1, 0)]))


def test_an_interdicted_unit_loses_up_to_half_its_movement_allowance() -> None:
    units = {"A": CONVOY, "p": ENEMY_AIR}
    title = _title(ROAD, units, air=["p"], interdiction=100)
    lost = []
    for seed in range(60):
        game = _game(title, seed)
        events = game.move("A", [(1, 0)])
        hit = [e for e in events if isinstance(e, Interdicted)]
        assert len(hit) == 1  # 100%: every hex entered
        assert hit[0].aircraft == "p"
        assert any(isinstance(e, LossesTaken) and e.unit == "A" for e in events)
        lost.append(hit[0].mp_lost)
        assert game.unit("A").mp_spent >= hit[0].mp_lost
    assert min(lost) >= 0
    assert max(lost) <= 6.0  # half of 12
    assert max(lost) > 4.0  # uniform up to half: some lose most of it


# --- the Ardennes sample: an air strike through AA, recorded and replayed --------------------


def _first_strike_through_aa(game: Game) -> tuple[str, tuple[int, int]]:
    """The Allied fighters' first target in The Road to Bastogne with AA fire over it."""
    game.play_turns(1)
    game.end_player_turn()  # turn 2, dawn: the Allied player turn
    aircraft = game.available_aircraft()
    assert [a.id for a in aircraft] == ["us.9af.362fg"]
    for hex_ in game.air_targets("us.9af.362fg"):
        preview = game.air_preview("us.9af.362fg", hex_)
        if preview is not None and preview.aa:
            return "us.9af.362fg", hex_
    raise AssertionError("no target under AA fire")


def test_road_to_bastogne_flies_an_air_strike_through_aa_and_replays_it() -> None:
    game = Game.from_scenario(BASTOGNE, seed=1)
    aircraft, target = _first_strike_through_aa(game)
    preview = game.air_preview(aircraft, target)
    assert preview is not None
    assert preview.strike is not None
    assert preview.interception == pytest.approx(0.15)  # the Axis side's Air Interception
    events = game.air_strike(aircraft, target)
    flown = events[0]
    assert isinstance(flown, AirMissionFlown)
    assert not flown.intercepted
    assert any(isinstance(e, AntiAircraftFired) for e in events)
    assert any(isinstance(e, LossesTaken) and e.unit == aircraft for e in events)
    # the strike is logged before the losses it caused, so its side may read them
    assert isinstance(events[-2], AirStruck)
    assert isinstance(events[-1], LossesTaken)
    assert events[-1].unit == events[-2].target
    text = [e.describe() for e in events]
    assert "fired AA at us.9af.362fg" in "\n".join(text)
    # recorded, saved as a record order and replayed to the same log
    orders = [engine_order(recorded_order(order)) for order in game.orders]
    assert orders[-1] == AirStrike(aircraft, target)
    replay = Game.from_bundle(load_scenario(BASTOGNE), seed=1)
    for order in orders:
        replay.apply(order)
    assert [e.describe() for e in replay.log] == [e.describe() for e in game.log]
    # the next turns check its availability: it comes back with the Allied 20%
    game.play_turns(20)
    assert any(isinstance(e, AircraftReady) for e in game.log) or game.is_over


def test_air_orders_round_trip_through_the_record() -> None:
    for order in (AirStrike("p", (1, 2)), CarpetBomb("b", (3, 4)), AirRecon("r", (5, 6))):
        assert engine_order(recorded_order(order)) == order
