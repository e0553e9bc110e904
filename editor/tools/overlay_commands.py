"""The undoable edits of the Overlays and Labels tools: scenario overlays (minefields, obstacles,
fortifications...) placed, replaced and removed on hexes, and the map's place names added, moved,
renamed and deleted. Each is one undo step; a hex holds at most one overlay of a kind and one
place name, and the lists keep the order their file uses."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any

from editor.commands import EditFile
from editor.document import Document
from schemas.io import FileKind
from schemas.panzer_campaigns.map import MapFile, PlaceName
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.problems import ModelPath

Offset = tuple[int, int]

OVERLAY_NOUNS: dict[str, str] = {
    "minefields": "Minefield",
    "obstacles": "Obstacle",
    "congestion": "Congestion",
    "rubble": "Rubble",
    "rail_damage": "Rail Damage",
    "fortifications": "Fortification",
    "wrecks": "Wrecks",
}
"""The overlay lists the Overlays tool edits (wired and damaged bridges belong to the Crossings
tool), in the order of the file, with the noun of their command texts."""

PLACES: ModelPath = ("places",)


def overlay_path(name: str) -> ModelPath:
    """The path of an overlay list in the scenario, e.g. ("overlays", "minefields")."""
    return ("overlays", name)


def overlay_rows(scenario: ScenarioFile, name: str, hex_: Offset) -> list[int]:
    """The rows of an overlay list that lie on a hex (one, unless the file repeats it)."""
    items = getattr(scenario.overlays, name)
    return [row for row, item in enumerate(items) if tuple(item.hex) == tuple(hex_)]


def overlay_at(scenario: ScenarioFile, name: str, hex_: Offset) -> Any:
    """The overlay of a kind on a hex, or None."""
    rows = overlay_rows(scenario, name, hex_)
    return getattr(scenario.overlays, name)[rows[0]] if rows else None


def _noun(name: str, count: int) -> str:
    noun = OVERLAY_NOUNS[name]
    # "Congestion", "Rubble", "Rail Damage" and "Wrecks" have no plural of their own.
    return f"{noun}s" if count > 1 and noun in {"Minefield", "Obstacle", "Fortification"} else noun


class _Edit(EditFile):
    """Steps on one file, removing rows last first so the earlier rows keep their place."""

    def remove_rows(self, list_path: ModelPath, rows: Iterable[int]) -> None:
        for row in sorted(set(rows), reverse=True):
            self.remove(list_path, row)


class PlaceOverlays(_Edit):
    """Put overlays of one kind on their hexes: an overlay of that kind already on a hex is
    replaced where it stands in the list (any repeat of it goes), a new one is appended, as the
    sample scenarios list them in the order they were laid. Builds no step for a hex that
    already holds exactly that overlay."""

    def __init__(self, document: Document, name: str, items: Sequence[Any]) -> None:
        super().__init__(document, FileKind.SCENARIO, "Place " + _noun(name, len(items)))
        path = overlay_path(name)
        new: list[Any] = []
        for item in items:
            scenario: ScenarioFile = self.root
            rows = overlay_rows(scenario, name, tuple(item.hex))
            if not rows:
                new.append(item)
                continue
            if getattr(scenario.overlays, name)[rows[0]] != item:
                self.set((*path, rows[0]), item)
            self.remove_rows(path, rows[1:])
        if new:
            self.insert(path, len(getattr(self.root.overlays, name)), new)


class RemoveOverlays(_Edit):
    """Take the overlays of one kind off hexes."""

    def __init__(self, document: Document, name: str, hexes: Iterable[Offset]) -> None:
        wanted = {tuple(h) for h in hexes}
        items = getattr(document.scenario.overlays, name)
        rows = [row for row, item in enumerate(items) if tuple(item.hex) in wanted]
        super().__init__(document, FileKind.SCENARIO, "Remove " + _noun(name, len(rows)))
        self.remove_rows(overlay_path(name), rows)


# Place names -------------------------------------------------------------------------------------


def _reading_key(place: PlaceName) -> tuple[int, int]:
    column, row = place.hex
    return row, column


def place_row(map_file: MapFile, hex_: Offset) -> int | None:
    """The row of the place name lettered on a hex, or None."""
    for row, place in enumerate(map_file.places):
        if tuple(place.hex) == tuple(hex_):
            return row
    return None


def in_reading_order(places: Sequence[PlaceName]) -> bool:
    """Whether names are listed row by row, left to right (as the Ardennes map is); other maps
    list them as their designer wrote them (the Stoumont map, largest first)."""
    keys = [_reading_key(p) for p in places]
    return all(a <= b for a, b in pairwise(keys))


def insertion_row(places: Sequence[PlaceName], place: PlaceName) -> int:
    """Where a new name goes: in reading order when the list keeps it, else at the end."""
    if not in_reading_order(places):
        return len(places)
    keys = [_reading_key(p) for p in places]
    return bisect_right(keys, _reading_key(place))


class AddPlaceName(EditFile):
    """Letter a new name on the map."""

    def __init__(self, document: Document, place: PlaceName) -> None:
        super().__init__(document, FileKind.MAP, "Add Place Name")
        self.insert(PLACES, insertion_row(document.map.places, place), [place])


class MovePlaceName(EditFile):
    """Move a name to another hex; in a list kept in reading order it moves to its new place."""

    def __init__(self, document: Document, row: int, hex_: Offset) -> None:
        super().__init__(document, FileKind.MAP, "Move Place Name")
        places = document.map.places
        place = places[row]
        if tuple(place.hex) == tuple(hex_):
            return
        moved = place.model_copy(update={"hex": hex_})
        if not in_reading_order(places):
            self.set((*PLACES, row, "hex"), hex_)
            return
        self.remove(PLACES, row)
        rest: MapFile = self.root
        self.insert(PLACES, insertion_row(rest.places, moved), [moved])


class DeletePlaceName(EditFile):
    """Take a name off the map."""

    def __init__(self, document: Document, row: int) -> None:
        super().__init__(document, FileKind.MAP, "Delete Place Name")
        self.remove(PLACES, row)
