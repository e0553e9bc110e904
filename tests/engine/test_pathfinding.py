"""The Min Path Algorithm [000 4.9]: reachable hexes with hand-computed costs, the cheapest path
around a river, minefield avoidance, this turn's allowance, and both searches checked against a
plain Dijkstra over `Mover.step` on a random map full of features and units."""

from __future__ import annotations

from array import array
from heapq import heappop, heappush
from itertools import pairwise
from random import Random
from typing import Any

import pytest

from engine.hexgrid import Grid
from engine.panzer_campaigns import landmarks as landmarks_module
from engine.panzer_campaigns import movement_costs, pathfinding
from engine.panzer_campaigns.landmarks import build_landmarks, landmarks
from engine.panzer_campaigns.movement import min_path, move, reachable
from engine.panzer_campaigns.movement_costs import SLOW
from engine.panzer_campaigns.movement_steps import EPSILON, Mover
from engine.panzer_campaigns.pathfinding import _zoc_factor
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from tests.engine.ascii_title import ascii_parameters, ascii_title


def at(state: GameState, column: int, row: int) -> int:
    return state.board.index(column, row)


def offsets(state: GameState, hexes: Any) -> list[tuple[int, int]]:
    return [state.board.offset(h) for h in hexes]


# --- reachable [000 4.9 "Reachable Hex"] -------------------------------------------------------

SMALL = """
    .A  .  ^
    .   :  .
    .   .  .
"""


def test_reachable_matches_hand_computed_costs() -> None:
    state = ascii_title(SMALL, units={"A": {"speed": 6}}).game()
    unit = state.units["A"]
    found = reachable(state, unit)
    costs = {state.board.offset(h): r.cost for h, r in found.items()}
    # clear 2, forest 3, rough 3; (0, 0) reaches (1, 0) and (0, 1) directly
    assert costs == {
        (1, 0): 2,
        (0, 1): 2,
        (2, 1): 4,
        (0, 2): 4,
        (2, 0): 5,
        (1, 1): 5,
        (2, 2): 6,
        (1, 2): 6,
    }
    assert offsets(state, found[at(state, 2, 2)].path) == [(1, 0), (2, 1), (2, 2)]
    assert state.board.offset(found[at(state, 2, 2)].previous) == (2, 1)


def test_reachable_paths_can_be_moved_along_for_their_cost() -> None:
    state = ascii_title(SMALL, units={"A": {"speed": 6}}).game()
    unit = state.units["A"]
    target = reachable(state, unit)[at(state, 1, 2)]
    move(state, unit, target.path)
    assert unit.mp_spent == target.cost == 6
    assert reachable(state, unit) == {}


def test_reachable_includes_minefields_and_counts_their_loss() -> None:
    state = ascii_title(
        SMALL,
        units={"A": {"speed": 6}},
        scenario={"overlays": {"minefields": [{"hex": (1, 0), "strength": 1}]}},
    ).game()
    found = reachable(state, state.units["A"])
    assert found[at(state, 1, 0)].cost == 4  # 2 to enter + 6/3 lost
    assert found[at(state, 2, 1)].cost == 6
    assert offsets(state, found[at(state, 2, 1)].path) == [(1, 0), (2, 1)]


# --- min_path [000 4.9 "Min Path Algorithm"] ---------------------------------------------------

FIELD = """
    .  .A  .  .
    .  .   .  .
    .  .   .  .
    .  .   .  .
"""
# A river along every edge between columns 1 and 2, bridged only between (1, 3) and (2, 3).
RIVER = [((1, r), "up_right", "river") for r in range(4)] + [
    ((1, r), "down_right", "river") for r in range(3)
]
BRIDGE = [((1, 3), "up_right", "heavy_bridge")]


def test_min_path_takes_the_detour_over_the_only_bridge() -> None:
    state = ascii_title(
        FIELD, units={"A": {"mode": "travel"}}, hexsides=RIVER, crossings=BRIDGE
    ).game()
    found = min_path(state, state.units["A"], at(state, 2, 0))
    assert found is not None
    assert offsets(state, found.hexes) == [
        (1, 0),
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 3),
        (2, 2),
        (2, 1),
        (2, 0),
    ]
    assert found.cost == 14


def test_min_path_is_none_without_a_way_or_a_place_to_end() -> None:
    deployed = ascii_title(FIELD, hexsides=RIVER, crossings=BRIDGE).game()
    assert min_path(deployed, deployed.units["A"], at(deployed, 2, 0)) is None  # bridges: Travel
    enemy = ascii_title(FIELD.replace(".  .A  .  .", ".  .A  .b  .")).game()
    assert min_path(enemy, enemy.units["A"], at(enemy, 2, 0)) is None
    full = ascii_title(FIELD.replace(".  .A  .  .", ".  .A  .B  ."), units={"B": {"strength": 600}})
    state = full.game()
    assert min_path(state, state.units["A"], at(state, 2, 0)) is None  # would end over-stacked
    assert min_path(state, state.units["A"], at(state, 1, 0)).hexes == (at(state, 1, 0),)


def test_min_path_avoids_minefields_unless_a_mine_clearer() -> None:
    art = """
        .A  .  .  .
        ^   ^  ^  .
    """
    overlays = {"overlays": {"minefields": [{"hex": (1, 0), "strength": 1}]}}
    state = ascii_title(art, scenario=overlays).game()
    found = min_path(state, state.units["A"], at(state, 2, 0))
    assert found is not None
    assert at(state, 1, 0) not in found.hexes
    assert offsets(state, found.hexes) == [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)]
    assert found.cost == 11  # around it through the forest
    assert min_path(state, state.units["A"], at(state, 1, 0)).hexes[-1] == at(state, 1, 0)
    engineer = ascii_title(
        art, units={"A": {"unit_class": "engineer", "engineer": True}}, scenario=overlays
    ).game()
    through = min_path(engineer, engineer.units["A"], at(engineer, 2, 0))
    assert through is not None
    assert through.hexes == (at(engineer, 0, 0), at(engineer, 1, 0), at(engineer, 2, 0))
    assert through.cost == 8  # 2 + 12/3 to enter, then 2


def test_min_path_within_the_allowance() -> None:
    state = ascii_title(".A  .  .  .  .  .  .  .", units={"A": {"speed": 6}}).game()
    unit = state.units["A"]
    assert min_path(state, unit, at(state, 3, 0), within_allowance=True).cost == 6
    assert min_path(state, unit, at(state, 4, 0), within_allowance=True) is None
    assert min_path(state, unit, at(state, 7, 0)).cost == 14  # over several turns


def test_multi_turn_paths_may_take_whole_allowance_steps_later_on() -> None:
    art = ".A  .  ."
    state = ascii_title(
        art,
        units={"A": {"mode": "travel", "speed": 6}},
        hexsides=[((1, 0), "up_right", "river")],
        crossings=[((1, 0), "up_right", "ferry")],
    ).game()
    unit = state.units["A"]
    assert min_path(state, unit, at(state, 2, 0)).cost == 8  # 2, then the ferry's whole 6
    assert min_path(state, unit, at(state, 2, 0), within_allowance=True) is None


# --- against a plain Dijkstra on a busy random map ---------------------------------------------


def busy_map(seed: int) -> GameState:
    rng = Random(seed)
    width, height = 12, 10
    symbols = ".....^^:,+~#"
    rows = []
    labels = iter("ABCDEFGH")
    enemies = iter("bcdefgh")
    for row in range(height):
        cells = []
        for column in range(width):
            cell = rng.choice(symbols if row != 3 else ".+:")  # the road's row stays passable
            if cell not in "~#" and rng.random() < 0.08:
                cell += next(enemies if column > 5 else labels, "")
            cells.append(cell)
        rows.append("  ".join(cells))
    art = "\n".join(rows)
    cells_free = [
        (c, r) for r in range(height) for c in range(width) if rows[r].split()[c][0] not in "~#"
    ]
    hexsides = [
        (rng.choice(cells_free), rng.choice(["up", "up_right", "down_right"]), kind)
        for kind in ["river"] * 8 + ["stream"] * 8
    ]
    crossings = [
        (h, d, rng.choice(["heavy_bridge", "medium_bridge", "ford", "ferry"]))
        for h, d, kind in hexsides[:5]
    ]
    road = [(0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3), (8, 3)]
    overlays = {
        "rubble": [{"hex": rng.choice(cells_free)}],
        "obstacles": [{"hex": rng.choice(cells_free)}],
        "congestion": [{"hex": rng.choice(cells_free)}],
        "minefields": [{"hex": rng.choice(cells_free), "strength": 2}],
    }
    tank = {"movement_class": "tracked", "component": "vehicles", "strength": 20}
    title = ascii_title(
        art,
        units={
            "Z": {"hex": (0, 3), "mode": "travel", "movement_class": "motorized"},
            "Y": {"hex": rng.choice(cells_free), "mode": "travel"},
            "X": {"hex": rng.choice(cells_free), "commando": True},
            "W": {"hex": rng.choice(cells_free), "mode": "travel", **tank},
            "V": {"hex": (2, 3), "mode": "rail"},
        },
        hexsides=list(dict.fromkeys(hexsides)),
        crossings=crossings,
        roads={"primary_road": [road], "railroad": [road[2:]]},
        scenario={"overlays": overlays},
    )
    return title.game(seed)


def dijkstra(mover: Mover, budget: float, avoid_mines: bool) -> dict[int, float]:
    """Cheapest costs from the unit's hex using nothing but `Mover.step`."""
    state = mover.state
    start = mover.unit.hex
    best = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        spent, u = heappop(heap)
        if spent > best[u]:
            continue
        for d in range(6):
            v = state.board.neighbors[6 * u + d]
            if v < 0 or (avoid_mines and v in state.minefields):
                continue
            taken = mover.step(u, d, spent)
            if isinstance(taken, str) or spent + taken.cost > budget + EPSILON:
                continue
            total = min(budget, spent + taken.cost + taken.loss)
            if total < best.get(v, float("inf")):
                best[v] = total
                heappush(heap, (total, v))
    return best


def units_to_check(state: GameState) -> list[UnitState]:
    return [u for u in state.iter_units() if u.side is state.units["Z"].side]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_reachable_equals_a_plain_dijkstra(seed: int) -> None:
    state = busy_map(seed)
    for unit in units_to_check(state):
        mover = Mover(state, unit)
        expected = dijkstra(mover, mover.allowance, avoid_mines=False)
        found = reachable(state, unit)
        ends = {h: c for h, c in expected.items() if h != unit.hex and mover.end_problem(h) is None}
        assert {h: r.cost for h, r in found.items()} == pytest.approx(ends)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_min_path_equals_a_plain_dijkstra_for_every_target(seed: int) -> None:
    state = busy_map(seed)
    for unit in units_to_check(state):
        mover = Mover(state, unit, planning=True)
        expected = dijkstra(mover, float("inf"), avoid_mines=not mover.mine_clearer)
        for target in range(state.board.size):
            if target in state.minefields or mover.end_problem(target) is not None:
                continue
            found = min_path(state, unit, target)
            if target not in expected:
                assert found is None
                continue
            assert found is not None
            assert found.cost == pytest.approx(expected[target])
            assert found.hexes[0] == unit.hex
            assert found.hexes[-1] == target


@pytest.mark.parametrize("seed", [1, 2])
def test_the_cached_edge_costs_change_no_result(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = busy_map(seed)
    units = units_to_check(state)
    for unit in units:
        Mover(state, unit).costs.edge_costs()  # cached: reachable reads them too
    fast = {u.id: reachable(state, u) for u in units}
    paths = {u.id: min_path(state, u, at(state, 11, 9)) for u in units}
    monkeypatch.setattr(
        movement_costs.MapCosts,
        "edge_costs",
        lambda self: array("d", [SLOW]) * (6 * self.board.size),
    )
    monkeypatch.setattr(movement_costs.MapCosts, "cached_edge_costs", lambda self: None)
    assert {u.id: reachable(state, u) for u in units} == fast
    for unit in units:
        slow = min_path(state, unit, at(state, 11, 9))
        assert (slow is None) == (paths[unit.id] is None)
        if slow is not None:
            assert slow.cost == pytest.approx(paths[unit.id].cost)  # type: ignore[union-attr]


# --- the landmark heuristic keeps paths exact [000 4.9] ----------------------------------------


def random_map(seed: int) -> GameState:
    """A random 15x12 map: terrain with lakes and impassable hexes, rivers and streams with a
    few bridges, fords and ferries, random roads and trails, units of both sides (their zones
    of control), overlays, a ZOC multiplier of 0, 0.5 or 2 and sometimes mud."""
    rng = Random(seed)
    width, height = 15, 12
    grid = Grid(width, height)
    terrain = [[rng.choice("......^^:,+~#") for _ in range(width)] for _ in range(height)]
    free = [(c, r) for r in range(height) for c in range(width) if terrain[r][c] not in "~#"]
    rng.shuffle(free)
    friends, enemies = iter("ABCDEF"), iter("bcdefg")
    for column, row in free[:4]:
        terrain[row][column] += next(friends)
    for column, row in free[4:10]:
        terrain[row][column] += next(enemies)
    art = "\n".join("  ".join(row) for row in terrain)
    hexsides = list(
        dict.fromkeys(
            (rng.choice(free), rng.choice(["up", "up_right", "down_right"]), kind)
            for kind in ["river"] * 14 + ["stream"] * 8
        )
    )
    crossings = [
        (h, d, rng.choice(["heavy_bridge", "light_bridge", "ford", "ferry"]))
        for h, d, _ in hexsides[:6]
    ]

    def walk(length: int) -> list[tuple[int, int]]:
        path = [rng.choice(free)]
        for _ in range(length):
            options = [o for _, o in grid.neighbors(*path[-1]) if o not in path]
            if not options:
                break
            path.append(rng.choice(options))
        return path

    overlays = {
        "rubble": [{"hex": free[10]}],
        "obstacles": [{"hex": free[11]}],
        "congestion": [{"hex": free[12]}],
        "minefields": [{"hex": free[13], "strength": 2}],
    }
    tank = {"movement_class": "tracked", "component": "vehicles", "strength": 20}
    truck = {"movement_class": "motorized", "component": "vehicles", "strength": 20}
    parameters = ascii_parameters(zoc_multiplier=rng.choice([0, 0.5, 2]))
    header = {"conditions": "mud", "conditions_allowed": ["mud"]} if rng.random() < 0.3 else {}
    title = ascii_title(
        art,
        units={
            "A": {"mode": "travel"},
            "B": {"mode": "travel", **truck},
            "C": {"mode": "travel", **tank},
            "D": {"commando": True},
        },
        hexsides=hexsides,
        crossings=crossings,
        roads={"primary_road": [walk(14)], "secondary_road": [walk(10)], "trail": [walk(8)]},
        scenario={"overlays": overlays},
        parameters=parameters,
        header=header,
    )
    return title.game(seed)


def friends_of(state: GameState, label: str) -> list[UnitState]:
    return [u for u in state.iter_units() if u.side is state.units[label].side]


@pytest.mark.parametrize("seed", range(10, 22))
def test_min_path_equals_a_plain_dijkstra_on_random_maps(seed: int) -> None:
    state = random_map(seed)
    for unit in friends_of(state, "A"):
        mover = Mover(state, unit, planning=True)
        expected = dijkstra(mover, float("inf"), avoid_mines=not mover.mine_clearer)
        bounds = landmarks(mover.costs, _zoc_factor(mover))
        for target in range(state.board.size):
            if target in state.minefields or mover.end_problem(target) is not None:
                continue
            found = min_path(state, unit, target)
            if target not in expected:
                assert found is None
                continue
            assert found is not None
            assert found.cost == pytest.approx(expected[target])
            assert bounds.lower_bound(unit.hex, target) <= expected[target] + EPSILON
            # the path is one a unit can follow: adjacent hexes from the unit to the target
            assert all(
                b in state.board.neighbors[6 * a : 6 * a + 6] for a, b in pairwise(found.hexes)
            )


@pytest.mark.parametrize("seed", range(10, 16))
def test_min_path_within_the_allowance_equals_a_plain_dijkstra(seed: int) -> None:
    state = random_map(seed)
    for unit in friends_of(state, "A"):
        mover = Mover(state, unit)
        left = mover.allowance - unit.mp_spent
        expected = dijkstra(mover, left, avoid_mines=not mover.mine_clearer)
        for target in range(state.board.size):
            if target in state.minefields or mover.end_problem(target) is not None:
                continue
            found = min_path(state, unit, target, within_allowance=True)
            if target not in expected:
                assert found is None
            else:
                assert found is not None
                assert found.cost == pytest.approx(expected[target])


ISLAND = """
    .A  .  ~  ~  .
    .   .  ~  .  .
    .   .  ~  ~  ~
"""


def test_a_target_on_an_island_has_no_path_and_is_found_out_at_once() -> None:
    state = ascii_title(ISLAND).game()
    unit = state.units["A"]
    mover = Mover(state, unit, planning=True)
    bounds = landmarks(mover.costs)
    island = at(state, 4, 0)
    assert bounds.lower_bound(unit.hex, island) == float("inf")
    assert min_path(state, unit, island) is None
    across = min_path(state, unit, at(state, 1, 2))
    assert across is not None
    assert across.cost == 6  # three clear hexes


def test_landmarks_are_stretches_of_the_border_measured_from_their_nearest_hex() -> None:
    rows = ["  ".join("." * 9)] * 7
    rows[3] = ".  .  .  .  .A  .  .  .  ."
    state = ascii_title("\n".join(rows)).game()
    board = state.board
    mover = Mover(state, state.units["A"])
    table = build_landmarks(mover.costs, count=8)
    border = [h for h in range(board.size) if board.is_edge(h)]
    assert sorted(h for s in table.stretches for h in s) == sorted(border)  # each once
    assert {len(s) for s in table.stretches} == {3, 4}  # 28 border hexes in 8 stretches
    single = build_landmarks(mover.costs, count=len(border))  # every border hex alone
    by_hex = {s[0]: d for s, d in zip(single.stretches, single.distances, strict=True)}
    for stretch, distance in zip(table.stretches, table.distances, strict=True):
        assert list(distance) == [min(by_hex[h][v] for h in stretch) for v in range(board.size)]


@pytest.mark.parametrize("seed", range(30, 42))
def test_min_path_equals_a_plain_dijkstra_whatever_the_landmarks(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random maps, random units and targets, and a random number of landmarks of which a
    random number guide each search: the paths cost what a plain Dijkstra finds."""
    rng = Random(seed)
    state = random_map(seed)
    monkeypatch.setattr(landmarks_module, "landmark_count", lambda hexes: rng.randint(1, 12))
    monkeypatch.setattr(pathfinding, "_ACTIVE", rng.randint(1, 4))
    monkeypatch.setattr(pathfinding, "_SAMPLES", rng.randint(1, 8))
    for unit in friends_of(state, "A"):
        mover = Mover(state, unit, planning=True)
        expected = dijkstra(mover, float("inf"), avoid_mines=not mover.mine_clearer)
        for target in rng.sample(range(state.board.size), 40):
            if target in state.minefields or mover.end_problem(target) is not None:
                continue
            found = min_path(state, unit, target)
            if target not in expected:
                assert found is None
                continue
            assert found is not None
            assert found.cost == pytest.approx(expected[target])
            assert all(
                b in state.board.neighbors[6 * a : 6 * a + 6] for a, b in pairwise(found.hexes)
            )


@pytest.mark.parametrize("seed", range(50, 56))
def test_a_path_costs_what_its_own_steps_add_up_to(seed: int) -> None:
    """The hexes `min_path` returns are the path it costed: each step as `Mover.step` takes it,
    minefield losses included, adds up to the path's cost."""
    rng = Random(seed)
    state = random_map(seed)
    for unit in friends_of(state, "A"):
        mover = Mover(state, unit, planning=True)
        for target in rng.sample(range(state.board.size), 25):
            found = min_path(state, unit, target)
            if found is None:
                continue
            spent = 0.0
            for a, b in pairwise(found.hexes):
                taken = mover.step(a, state.board.neighbors[6 * a : 6 * a + 6].index(b), spent)
                assert not isinstance(taken, str), taken
                spent += taken.cost + taken.loss
            assert spent == pytest.approx(found.cost)


def test_the_search_reads_the_edge_costs_of_the_table_it_is_given() -> None:
    """The search's list copy of a profile's edge costs belongs to that table alone: a table
    built again (as after the cache let the old one go) gets its own, however many there were."""
    state = ascii_title(SMALL).game()
    tables = [array("d", [float(value), SLOW, float("inf")]) * 6 for value in range(7)]
    for _ in range(2):
        for table in tables:
            assert pathfinding._edge_list(state.board, table) == list(table)
