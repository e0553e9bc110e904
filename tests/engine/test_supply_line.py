"""The line of communication that supplies one hex, traced on small drawn maps [000 10.1, 10.4]:
where it runs, what forces it round, which source it ends at, map-edge supply, engineer
ferries and Virtual Supply Trucks."""

from __future__ import annotations

from collections import deque
from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.supply import SupplyLine, local_supply, supply_line
from engine.panzer_campaigns.supply_network import SupplyNetwork
from engine.panzer_campaigns.supply_trucks import TruckCosts
from engine.panzer_campaigns.zoc import zoc_map
from schemas.vocabulary import Side
from tests.engine.ascii_title import AsciiTitle, ascii_title

Offset = tuple[int, int]


def _source(hex_: Offset, value: int, id_: str, side: str = "allied") -> dict[str, Any]:
    return {"id": id_, "hex": hex_, "side": side, "value": value}


def _game(
    art: str, *, sources: list[dict[str, Any]] | None = None, **fields: Any
) -> tuple[AsciiTitle, GameState]:
    scenario = dict(fields.pop("scenario", {}))
    if sources is not None:
        scenario["supply"] = {"sources": sources}
    title = ascii_title(art, scenario=scenario, **fields)
    return title, title.game()


def _line(game: GameState, at: Offset, side: Side = Side.ALLIED) -> SupplyLine | None:
    return supply_line(game, side, game.board.index(*at))


def _offsets(game: GameState, line: SupplyLine | None) -> list[Offset]:
    assert line is not None
    return [game.board.offset(h) for h in line.hexes]


def _crossing(game: GameState, line: SupplyLine, column: int) -> tuple[Offset, Offset]:
    """The step of the line from column `column` to column `column - 1`."""
    hexes = [game.board.offset(h) for h in line.hexes]
    return next((a, b) for a, b in pairwise(hexes) if a[0] == column and b[0] == column - 1)


# --- where the line runs --------------------------------------------------------------------


CORRIDOR = """
~  ~  ~  ~  ~  ~
.  .  .  .  .A ~
~  ~  ~  ~  ~  ~
"""


def test_the_line_runs_from_the_hex_to_its_source() -> None:
    _, game = _game(CORRIDOR, sources=[_source((0, 1), 90, "west")])
    line = _line(game, (4, 1))
    assert line is not None
    assert line.source == "west"
    assert _offsets(game, line) == [(4, 1), (3, 1), (2, 1), (1, 1), (0, 1)]
    # The source's own hex is a line of one hex.
    assert _offsets(game, _line(game, (0, 1))) == [(0, 1)]


def test_an_isolated_hex_has_no_line() -> None:
    _, game = _game(
        CORRIDOR.replace(".  .  .  .  .A", ".  .  ~  .  .A"), sources=[_source((0, 1), 90, "west")]
    )
    assert local_supply(game, Side.ALLIED).is_isolated(game.board.index(4, 1))
    assert _line(game, (4, 1)) is None
    assert _line(game, (1, 1)) is not None


OPEN = """
.  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .
"""


def test_an_enemy_unit_and_its_zone_of_control_force_the_line_round() -> None:
    sources = [_source((0, 2), 90, "west")]
    _, game = _game(OPEN, sources=sources, units={"A": {"hex": (8, 2)}})
    straight = _line(game, (8, 2))
    assert straight is not None
    assert len(straight.hexes) == 9  # a straight line across the nine columns
    assert game.board.index(4, 2) in straight.hexes
    _, game = _game(OPEN, sources=sources, units={"A": {"hex": (8, 2)}, "b": {"hex": (4, 2)}})
    around = _line(game, (8, 2))
    assert around is not None
    zoc = zoc_map(game, Side.AXIS)
    assert game.board.index(4, 2) not in around.hexes
    assert not any(zoc[h] for h in around.hexes)
    assert around.hexes[-1] == straight.hexes[-1]
    # A friendly unit beside the enemy negates its zone of control in its hex, and the line
    # goes through the hex it holds [000 10.1].
    _, game = _game(
        OPEN,
        sources=sources,
        units={"A": {"hex": (8, 2)}, "b": {"hex": (4, 2)}, "C": {"hex": (4, 1)}},
    )
    through = _line(game, (8, 2))
    assert through is not None
    assert game.board.index(4, 1) in through.hexes
    assert len(through.hexes) == len(straight.hexes)


# A river between columns 3 and 4 from top to bottom, with two bridges: one on the straight
# way along row 2, one at the bottom.
RIVER = [((3, row), side, "river") for row in range(5) for side in ("up_right", "down_right")]
BRIDGES = [((3, 2), "up_right", "heavy_bridge"), ((3, 4), "up_right", "heavy_bridge")]


def test_a_damaged_bridge_sends_the_line_over_another_crossing() -> None:
    sources = [_source((0, 2), 90, "west")]
    _, game = _game(OPEN, sources=sources, hexsides=RIVER, crossings=BRIDGES)
    line = _line(game, (8, 2))
    assert line is not None
    assert _crossing(game, line, 4) == ((4, 2), (3, 2))  # across the near bridge
    damaged = {"bridges": [{"hex": (3, 2), "side": "up_right", "state": "damaged"}]}
    _, game = _game(
        OPEN, sources=sources, hexsides=RIVER, crossings=BRIDGES, scenario={"overlays": damaged}
    )
    line = _line(game, (8, 2))
    assert line is not None
    assert _crossing(game, line, 4) == ((4, 4), (3, 4))  # round by the far one
    assert line.hexes[-1] == game.board.index(0, 2)


def test_the_line_ends_at_the_source_that_supplies_the_hex() -> None:
    art = """
    .  .  .  .  .
    .  .  .A .  .
    .  ~  ~  ~  ~
    .  .  .  .  .
    .  .  .  .  .
    """
    # The 50 source below the lake, the 90 one above it; the lake ends at column 0.
    sources = [_source((0, 4), 50, "low"), _source((4, 0), 90, "high")]
    _, game = _game(art, sources=sources)
    supply = local_supply(game, Side.ALLIED)
    for hex_index in range(game.board.size):
        line = supply_line(game, Side.ALLIED, hex_index)
        if supply.is_isolated(hex_index):
            assert line is None
            continue
        assert line is not None
        named = supply.source_of(hex_index)
        assert line.source == named
        ends = {"low": (0, 4), "high": (4, 0)}[str(named)]
        assert game.board.offset(line.hexes[-1]) == ends
    # Below the lake the 90 source still reaches, round its west end…
    line = _line(game, (4, 3))
    assert line is not None
    assert line.source == "high"
    assert (0, 2) in _offsets(game, line)
    # …until an Axis unit closes that way: the hex then draws from the 50 source.
    _, game = _game(
        art, sources=sources, units={"h": {"unit_class": "headquarters", "hex": (0, 2)}}
    )
    line = _line(game, (4, 3))
    assert line is not None
    assert line.source == "low"
    assert _offsets(game, line)[-1] == (0, 4)


def test_without_sources_the_line_runs_to_the_nearest_map_edge() -> None:
    art = """
    ~  ~  ~  ~  ~  ~  ~
    ~  .  .  .  .  .  ~
    ~  .  .  .  .  .  ~
    ~  .  .  .  .  .  ~
    .  .  .  .  .  .  ~
    ~  ~  ~  ~  ~  ~  ~
    """
    _, game = _game(art)
    line = _line(game, (4, 2))
    assert line is not None
    assert line.source is None
    assert _offsets(game, line)[-1] == (0, 4)  # the one land hex on the edge
    board = game.board
    assert len(line.hexes) == board.distance(board.index(4, 2), board.index(0, 4)) + 1


def test_an_engineer_ferries_the_line_over_the_river() -> None:
    art = """
    .  .  .  .
    .  .E .A .
    .  .  .  .
    """
    river = [((1, row), side, "river") for row in range(3) for side in ("up_right", "down_right")]
    _, game = _game(
        art,
        sources=[_source((0, 1), 90, "west")],
        hexsides=river,
        units={"E": {"unit_class": "engineer", "engineer": True}},
    )
    assert _offsets(game, _line(game, (2, 1))) == [(2, 1), (1, 1), (0, 1)]
    assert _line(game, (3, 1)) is None  # the ferry reaches one hex only


def test_the_game_gives_the_line_as_offsets() -> None:
    title, state = _game(CORRIDOR, sources=[_source((0, 1), 90, "west")])
    game = Game(state)
    assert game.supply_line(Side.ALLIED, (4, 1)) == (
        "west",
        [(4, 1), (3, 1), (2, 1), (1, 1), (0, 1)],
    )
    # No Axis unit, no Axis source: the Axis line runs to the map edge, here the hex itself.
    assert game.supply_line(Side.AXIS, (0, 1)) == (None, [(0, 1)])
    assert game.supply_line(Side.ALLIED, (2, 0)) is None  # water
    assert title.positions["A"] == (4, 1)


# --- Virtual Supply Trucks [000 10.4] -------------------------------------------------------


def test_trucks_follow_the_cheapest_route_not_the_shortest() -> None:
    # Forest all the way along row 2; a primary road runs round by row 0.
    art = """
    .  .  .  .  .  .  .
    ^  ^  ^  ^  ^  ^  ^
    .  ^  ^  ^  ^  ^  .A
    """
    road = [(0, 2), (0, 1), (0, 0), *[(c, 0) for c in range(1, 7)], (6, 1), (6, 2)]
    _, game = _game(
        art,
        sources=[_source((0, 2), 90, "west")],
        header={"optional_rules": ["virtual_supply_trucks"]},
        roads={"primary_road": [road]},
    )
    supply = local_supply(game, Side.ALLIED)
    assert supply.is_virtual
    line = _line(game, (6, 2))
    assert _offsets(game, line) == list(reversed(road))
    # The value dropped 0.02 per MP along exactly this line.
    assert line is not None
    exact = supply.exact_value(line.hexes[0])
    assert abs(exact - (90 - 0.02 * _truck_cost(game, line))) < 1e-9


def _truck_cost(game: GameState, line: SupplyLine) -> int:
    """The MP a truck spends along the line, from the source out to the hex."""
    costs = TruckCosts.of(game.board, game.parameters.movement.ford)
    spent = 0
    for there, here in pairwise(line.hexes):
        direction = list(game.board.neighbors[6 * here : 6 * here + 6]).index(there)
        spent += costs.step[6 * here + direction]
    return spent


# --- every line, on random maps -------------------------------------------------------------


def _shortest_lengths(game: GameState, side: Side, start: int) -> dict[int, int]:
    """Hexes from `start` over hexes of its rank, by breadth-first search (the reference)."""
    supply = local_supply(game, side)
    rank = supply.fill.rank(start)
    table = SupplyNetwork.of(game.board).neighbors
    found = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in table[6 * here : 6 * here + 6]:
            if there >= 0 and there not in found and supply.fill.rank(there) == rank:
                found[there] = found[here] + 1
                queue.append(there)
    return found


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_line_is_a_shortest_or_cheapest_chain_of_supplied_hexes(data: st.DataObject) -> None:
    width = data.draw(st.integers(2, 12), label="width")
    height = data.draw(st.integers(2, 10), label="height")
    cells = [(c, r) for r in range(height) for c in range(width)]
    water = data.draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 3), label="water")
    forest = data.draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 3), label="forest")
    trucks = data.draw(st.booleans(), label="virtual supply trucks")
    land = [cell for cell in cells if cell not in water]
    placed = data.draw(
        st.lists(st.sampled_from(land), unique=True, max_size=min(6, len(land)))
        if land
        else st.just([]),
        label="units",
    )
    source_hexes = data.draw(
        st.lists(st.sampled_from(cells), unique=True, max_size=3), label="sources"
    )
    rows = [
        "  ".join(
            "~" if (c, r) in water else "^" if (c, r) in forest else "." for c in range(width)
        )
        for r in range(height)
    ]
    # Uppercase labels are Allied units, lowercase Axis: "A", "b", "AAA", "bbbb"...
    units = {("A" if n % 2 == 0 else "b") * (n + 1): {"hex": h} for n, h in enumerate(placed)}
    sources = [_source(h, 50 + 10 * n, f"s{n}") for n, h in enumerate(source_hexes)]
    header = {"optional_rules": ["virtual_supply_trucks"] if trucks else []}
    _, game = _game("\n".join(rows), sources=sources, units=units, header=header)
    supply = local_supply(game, Side.ALLIED)
    board = game.board
    network = SupplyNetwork.of(board)
    source_at = {s["id"]: board.index(*s["hex"]) for s in sources}
    for hex_index in range(board.size):
        line = supply_line(game, Side.ALLIED, hex_index)
        if supply.is_isolated(hex_index):
            assert line is None
            continue
        assert line is not None
        assert line.hexes[0] == hex_index
        assert line.source == supply.source_of(hex_index)
        for a, b in pairwise(line.hexes):
            assert b in network.neighbors[6 * a : 6 * a + 6]
        assert not any(supply.is_isolated(h) for h in line.hexes)
        assert {supply.source_of(h) for h in line.hexes} == {line.source}
        end = line.hexes[-1]
        if line.source is None:
            assert board.is_edge(end)
            nearest = min(
                d
                for h, d in _shortest_lengths(game, Side.ALLIED, hex_index).items()
                if board.is_edge(h)
            )
        else:
            assert end == source_at[line.source]
            nearest = _shortest_lengths(game, Side.ALLIED, hex_index)[end]
        if supply.is_virtual:
            # The cheapest route: the one the hex's value was computed along [000 10.4].
            drop = supply.exact_value(end) - supply.exact_value(hex_index)
            assert abs(drop - 0.02 * _truck_cost(game, line)) < 1e-9
        else:
            assert len(line.hexes) == nearest + 1
