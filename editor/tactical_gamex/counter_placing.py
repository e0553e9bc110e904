"""Placing a counter on a board hex, from the Counters tool, a drag out of the Forces panel or a
drag from hex to hex: one undo step, or a sentence saying why the setup rules refuse it."""

from __future__ import annotations

from typing import Any

from editor.commands import SetValues
from editor.model_paths import get_at, replace_at
from editor.tactical_gamex.board_view import area_hexes
from editor.tactical_gamex.forces import counter_path
from schemas.io import FileKind
from schemas.tactical_gamex.placement_checks import stacking_problems

Offset = tuple[int, int]


def place_counter(document: Any, counter_id: str, spot: Offset) -> str | None:
    """Put a counter on a board hex as one undo step; the reason when refused (nothing changed).

    A side that has setup areas sets up in them: a hex outside all of its side's areas is
    refused, and the counter takes the area it lands in. A side with no setup area yet places
    freely, so a designer can lay out forces before painting areas (validate then reports the
    counters with no area). A placement that would put more units in the hex than the side's
    stacking limit, or a unit beside the enemy's, is refused with the TGX033 check's sentence
    [003 3.3]: the check runs on the situation as it would be, so its accounting (transports
    with their passenger, Blocks, Fortifications) is the validator's.
    """
    board = document.board()
    situation = document.situation
    path = counter_path(situation, counter_id)
    if board is None or path is None:
        return "Choose a counter in the Forces panel first"
    address = board.address_of(*spot)
    if not address:
        return "This strip of a turned panel has no address to set up on"
    counter = get_at(situation, path)
    if counter.hex is not None and board.hex_of(counter.hex) == spot:
        return None
    side = situation.sides[path[1]].side
    areas = [a for a in situation.setup_areas if a.side == side]
    area = next((a for a in areas if spot in area_hexes(board, a)), None)
    if areas and area is None:
        names = ", ".join(a.id for a in areas)
        return f"{address} is outside the {side.value} setup areas ({names})"
    values: list[tuple[Any, Any]] = [
        ((*path, "hex"), address),
        ((*path, "off_map"), False),
        ((*path, "setup_area"), area.id if area is not None else counter.setup_area),
    ]
    after = situation
    for field_path, value in values:
        after = replace_at(after, field_path, value)
    types = {t.id: t for t in document.unit_types.unit_types}
    before = {p.message for p in stacking_problems(situation, types, board) if p.hex == spot}
    new = [p for p in stacking_problems(after, types, board) if p.hex == spot]
    refused = [p.message for p in new if p.message not in before]
    if refused:
        return refused[0]
    document.push(SetValues(document, FileKind.SITUATION, values, f"Place Counter {counter_id}"))
    return None
