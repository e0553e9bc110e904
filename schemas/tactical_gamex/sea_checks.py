"""The setup checks of amphibious landings and naval support that the placement and support
checks leave open [003 10.0-10.5, 6.4.4]: what may go to sea, sea hexes that lead the landing
force to its beaches (or let it in from the map's edge), a DD sink chance with no DD to roll
it, naval fire from a sea edge the board lacks, and batteries' counters."""

from __future__ import annotations

from collections import deque

from schemas.problems import Problem, error, warning
from schemas.tactical_gamex.board import AssembledBoard, Offset, neighbor
from schemas.tactical_gamex.situation import Counter, SituationFile
from schemas.tactical_gamex.unit_types import UnitType
from schemas.tactical_gamex.vocabulary import MoveClass, Terrain, Trait
from schemas.vocabulary import Direction

Path = tuple[str | int, ...]


def check_sea(
    situation: SituationFile,
    types: dict[str, UnitType],
    counters: dict[str, tuple[Counter, Path]],
    side_of: dict[str, int],
    board: AssembledBoard,
) -> list[Problem]:
    """Every problem of the landing, the naval support and the batteries' counters."""
    return [
        *_landing_problems(situation, types, counters, side_of, board),
        *_naval_problems(situation, board),
        *_battery_problems(situation, counters, side_of),
    ]


def _sea_toward_beach(board: AssembledBoard, beaches: list[Offset]) -> set[Offset]:
    """Sea hexes from which a unit reaches a beach moving over sea [003 10.3]."""
    found: set[Offset] = set()
    queue = deque(beaches)
    while queue:
        here = queue.popleft()
        for direction in Direction:
            n = neighbor(*here, direction)
            if n in found or not board.contains(*n) or board.terrain_at(*n) is not Terrain.SEA:
                continue
            found.add(n)
            queue.append(n)
    return found


def _on_edge(board: AssembledBoard, spot: Offset) -> bool:
    c, r = spot
    return c in (0, board.width - 1) or r in (0, board.height - 1)


def _landing_problems(
    situation: SituationFile,
    types: dict[str, UnitType],
    counters: dict[str, tuple[Counter, Path]],
    side_of: dict[str, int],
    board: AssembledBoard,
) -> list[Problem]:
    landing = situation.amphibious
    if landing is None:
        return []
    problems: list[Problem] = []
    dd = False
    for c, craft in enumerate(landing.craft):
        found = counters.get(craft.counter)
        kind = types.get(found[0].type) if found else None
        if found is None or kind is None:
            continue
        traits = set(kind.traits) | set(found[0].traits)
        dd = dd or Trait.DD in traits
        craft_ok = Trait.LVT in traits or Trait.DUKW in traits
        if not craft_ok and kind.move_class is MoveClass.INFANTRY:
            problems.append(
                error(
                    "TGX039",
                    f"'{craft.counter}' goes to sea but is neither a landing craft (LVT, DUKW) "
                    "nor a vehicle; load it on one [003 10.1]",
                    path=("amphibious", "craft", c, "counter"),
                    object_id=craft.counter,
                )
            )
    problems += _force_problems(situation, types, counters, side_of)
    beaches = [h for a in landing.beach if (h := board.hex_of(a)) is not None]
    sea = _sea_toward_beach(board, beaches)
    if beaches and not sea:
        problems.append(
            error(
                "TGX039",
                "no sea hex leads to the landing beaches: the landing force has nowhere to "
                "start [003 10.2]",
                path=("amphibious", "beach"),
            )
        )
    elif len(landing.craft) > len(sea) and not any(_on_edge(board, h) for h in sea):
        problems.append(
            error(
                "TGX039",
                f"{len(landing.craft)} landing craft and vehicles for {len(sea)} sea hexes, and "
                "no sea hex on the map's edge to bring the rest in [003 10.2, 10.3]",
                path=("amphibious", "craft"),
            )
        )
    if landing.dd_sink_chance > 0 and not dd:
        problems.append(
            warning(
                "TGX039",
                f"a DD sink chance of {landing.dd_sink_chance}% but no DD vehicle in the landing "
                "[003 10.4]",
                path=("amphibious", "dd_sink_chance"),
            )
        )
    return problems


def _force_problems(
    situation: SituationFile,
    types: dict[str, UnitType],
    counters: dict[str, tuple[Counter, Path]],
    side_of: dict[str, int],
) -> list[Problem]:
    """The landing force is the landing side's, each counter in it once, cargo placed by its
    craft alone and no vehicle as cargo: vehicles go to sea on their own [003 10.1, 10.2]."""
    landing = situation.amphibious
    assert landing is not None
    sides = [forces.side for forces in situation.sides]
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for c, craft in enumerate(landing.craft):
        named = [("counter", craft.counter)] + [(i, cid) for i, cid in enumerate(craft.cargo)]
        for key, cid in named:
            where: Path = ("amphibious", "craft", c, "counter")
            if key != "counter":
                where = ("amphibious", "craft", c, "cargo", key)
            found = counters.get(cid)
            if found is None:
                continue  # the reference checks name it
            why = ""
            if sides[side_of[cid]] is not landing.side:
                why = f"'{cid}' is not of the landing side"
            elif cid in seen:
                why = f"'{cid}' is in the landing twice (with '{seen[cid]}')"
            elif key != "counter" and (found[0].hex or found[0].passenger_of):
                why = f"'{cid}' rides in '{craft.counter}' but the situation also places it"
            elif key != "counter" and _vehicle(types.get(found[0].type)):
                why = f"'{cid}' is a vehicle: it goes to sea on its own, not as cargo"
            if why:
                problems.append(error("TGX039", f"{why} [003 10.1]", path=where, object_id=cid))
            seen.setdefault(cid, craft.counter)
    return problems


def _vehicle(kind: UnitType | None) -> bool:
    return kind is not None and kind.move_class is not MoveClass.INFANTRY


def _naval_problems(situation: SituationFile, board: AssembledBoard) -> list[Problem]:
    """Naval fire from the sea edge needs a sea hex there [003 10.5]."""
    edge_sea = any(
        board.terrain_at(c, r) is Terrain.SEA and _on_edge(board, (c, r))
        for r in range(board.height)
        for c in range(board.width)
    )
    return [
        error(
            "TGX045",
            f"naval support '{naval.id}' fires from the sea edge but no sea hex lies on the "
            "map's edge [003 10.5]",
            path=("naval", n, "mode"),
        )
        for n, naval in enumerate(situation.naval)
        if naval.mode == "direct" and not edge_sea
    ]


def _battery_problems(
    situation: SituationFile,
    counters: dict[str, tuple[Counter, Path]],
    side_of: dict[str, int],
) -> list[Problem]:
    """A battery's counters are its own side's, off the map [003 6.4.4]."""
    problems: list[Problem] = []
    sides = [forces.side for forces in situation.sides]
    for b, battery in enumerate(situation.oba):
        for i, cid in enumerate(battery.counters):
            where = ("oba", b, "counters", i)
            found = counters.get(cid)
            if found is None:
                problems.append(
                    error("TGX045", f"battery '{battery.id}' names no counter '{cid}'", path=where)
                )
            elif sides[side_of[cid]] is not battery.side:
                problems.append(
                    error(
                        "TGX045",
                        f"battery '{battery.id}' names '{cid}', a counter of the other side",
                        path=where,
                    )
                )
            elif not found[0].off_map:
                problems.append(
                    warning(
                        "TGX045",
                        f"battery '{battery.id}' names '{cid}', which is not off the map; a "
                        "battery's counters stay off the board [003 6.4.4]",
                        path=where,
                    )
                )
    return problems
