"""The Situation panel's Landings tab: a situation's amphibious landing (side, beach, DD sink
chance, the landing craft with their cargo) and airborne assault (side, approach edge, the
transport aircraft and gliders with their cargo and target hexes) [003 10.0-11.1; digest C.7].
Each is added, edited and removed as one undo step; what the setup checks say of them (craft
off the sea, lifts over capacity) is listed in Situation Problems (TGX039, TGX040)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QVBoxLayout, QWidget

from editor.tactical_gamex.forces import iter_counters
from editor.tactical_gamex.grid_model import GridColumn
from editor.tactical_gamex.list_editor import ListEditor
from editor.tactical_gamex.optional_record import OptionalRecord
from schemas.tactical_gamex.situation import (
    AirborneAssault,
    AirborneLift,
    AmphibiousLanding,
    LandingCraft,
)
from schemas.tactical_gamex.vocabulary import Compass, Terrain, Trait
from schemas.vocabulary import Side

SIDES = tuple(side.value for side in Side)
NONE_TEXT = "—"
AIR_CARRIERS = frozenset({Trait.TRANSPORT_AIRCRAFT, Trait.GLIDER})
SEA_CARRIERS = frozenset({Trait.LVT, Trait.DUKW, Trait.DD})


def _tip(model: type[Any], name: str) -> str:
    return model.model_fields[name].description or ""


def amphibious_fields() -> list[GridColumn]:
    """The landing's own fields."""
    a = AmphibiousLanding
    return [
        GridColumn("Side", ("side",), _tip(a, "side"), choices=SIDES),
        GridColumn("Beach", ("beach",), _tip(a, "beach"), items=True),
        GridColumn("DD sink chance %", ("dd_sink_chance",), _tip(a, "dd_sink_chance")),
    ]


def craft_columns() -> list[GridColumn]:
    """The landing craft's columns."""
    c = LandingCraft
    return [
        GridColumn("Counter", ("counter",), _tip(c, "counter")),
        GridColumn("Cargo", ("cargo",), _tip(c, "cargo"), items=True),
        GridColumn("Sea hex", ("hex",), _tip(c, "hex"), nullable_text=NONE_TEXT),
    ]


def airborne_fields() -> list[GridColumn]:
    """The assault's own fields."""
    a = AirborneAssault
    return [
        GridColumn("Side", ("side",), _tip(a, "side"), choices=SIDES),
        GridColumn(
            "Approach", ("approach",), _tip(a, "approach"), choices=tuple(c.value for c in Compass)
        ),
    ]


def lift_columns() -> list[GridColumn]:
    """The lifts' columns."""
    lift = AirborneLift
    return [
        GridColumn("Carrier", ("carrier",), _tip(lift, "carrier")),
        GridColumn("Cargo", ("cargo",), _tip(lift, "cargo"), items=True),
        GridColumn("Target", ("target",), _tip(lift, "target")),
        GridColumn("Secret", ("secret",), _tip(lift, "secret"), check=True),
    ]


def _counters_with(document: Any, traits: frozenset[Trait]) -> list[tuple[str, int]]:
    """The Unit IDs (with their side's index) of the counters whose type or own traits hold one
    of `traits`."""
    types = {t.id: t for t in document.unit_types.unit_types}
    found = []
    for counter, path in iter_counters(document.situation):
        kind = types.get(counter.type)
        held = {*counter.traits, *(kind.traits if kind is not None else ())}
        if held & traits:
            found.append((counter.id, path[1]))
    return found


def _board_hexes(document: Any, terrain: Terrain | None = None) -> list[str]:
    """The native addresses of the board's hexes (of one terrain), top row first."""
    board = document.board()
    if board is None:
        return []
    spots = sorted(board.hexes_by_address.items(), key=lambda item: item[1][::-1])
    return [a for a, (c, r) in spots if terrain is None or board.terrain_at(c, r) is terrain]


def new_landing(document: Any) -> AmphibiousLanding | str:
    """A landing of the side holding the first landing craft, on the board's first beach hex
    (any hex when it has none: the designer types the beach)."""
    craft = _counters_with(document, SEA_CARRIERS)
    beach = _board_hexes(document, Terrain.BEACH) or _board_hexes(document)
    if not beach:
        return "the board has no hexes: lay out its panels first"
    side = document.situation.sides[craft[0][1]].side if craft else Side.ALLIED
    return AmphibiousLanding(side=side, beach=beach[:1])


def new_craft(document: Any) -> LandingCraft | str:
    """The next LVT, DUKW or DD counter not yet among the landing's craft."""
    landing = document.situation.amphibious
    if landing is None:
        return "add the amphibious landing first"
    taken = {craft.counter for craft in landing.craft}
    for counter_id, _side in _counters_with(document, SEA_CARRIERS):
        if counter_id not in taken:
            return LandingCraft(counter=counter_id)
    return "every LVT, DUKW and DD counter is a craft already: add one in Forces"


def new_assault(document: Any) -> AirborneAssault | str:
    """An assault of the first transport aircraft or glider, carrying the first counter of its
    side that is none, onto the board's first hex, flown in from the west."""
    lift = _new_lift(document, taken=set())
    if isinstance(lift, str):
        return lift
    side = _side_of(document, lift.carrier)
    return AirborneAssault(side=side, approach=Compass.WEST, lifts=[lift])


def new_lift(document: Any) -> AirborneLift | str:
    """The next transport aircraft or glider not yet lifting."""
    assault = document.situation.airborne
    if assault is None:
        return "add the airborne assault first"
    return _new_lift(document, taken={lift.carrier for lift in assault.lifts})


def _side_of(document: Any, counter_id: str) -> Side:
    for counter, path in iter_counters(document.situation):
        if counter.id == counter_id:
            return document.situation.sides[path[1]].side  # type: ignore[no-any-return]
    return Side.ALLIED


def _new_lift(document: Any, taken: set[str]) -> AirborneLift | str:
    carriers = [c for c in _counters_with(document, AIR_CARRIERS) if c[0] not in taken]
    if not carriers:
        return (
            "no transport aircraft or glider is left to lift: give a counter's type the "
            "transport_aircraft or glider trait in Unit Types"
        )
    carrier, side = carriers[0]
    flying = {c for c, _s in _counters_with(document, AIR_CARRIERS)}
    cargo = [
        counter.id
        for counter, path in iter_counters(document.situation)
        if path[1] == side and counter.id not in flying
    ]
    target = _board_hexes(document)
    if not cargo or not target:
        return "an airborne lift needs a counter of the carrier's side and a board to land on"
    return AirborneLift(carrier=carrier, cargo=cargo[:1], target=target[0])


def landings_tab(say: Callable[[str], None]) -> tuple[QWidget, OptionalRecord, OptionalRecord]:
    """The Landings tab with its amphibious and airborne sections."""
    tab = QWidget()
    layout = QVBoxLayout(tab)
    layout.setContentsMargins(0, 4, 0, 0)
    craft = ListEditor(
        "Landing craft and DD vehicles",
        ("amphibious", "craft"),
        craft_columns(),
        noun="craft",
        new_item=new_craft,
        say=say,
    )
    amphibious = OptionalRecord(
        "amphibious",
        noun="amphibious landing",
        fields=amphibious_fields(),
        make=new_landing,
        items=craft,
        say=say,
    )
    lifts = ListEditor(
        "Transport aircraft and gliders",
        ("airborne", "lifts"),
        lift_columns(),
        noun="lift",
        new_item=new_lift,
        say=say,
    )
    airborne = OptionalRecord(
        "airborne",
        noun="airborne assault",
        fields=airborne_fields(),
        make=new_assault,
        items=lifts,
        say=say,
    )
    layout.addWidget(amphibious, 1)
    layout.addWidget(airborne, 1)
    return tab, amphibious, airborne
