"""Builds the Tactical GameX sample title `sample_data/tgx_steppe43/` (a PanzerBlitz-style
situation at Kursk, July 1943) from the hand-written sources beside this script: two panels,
the unit-type library, the ruleset tables (sample data, and the files say so) and one situation.

Panels are drawn as rows of characters; their slopes are drawn here on every edge where the
hill level falls, and roads, hexsides, bridges, fords and names are read from native addresses
("A C4"). Run `python sample_data/sources/tgx_steppe43/build.py`; every run writes the same bytes.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Any

SOURCES = Path(__file__).resolve().parent
ROOT = SOURCES.parents[2]
sys.path.insert(0, str(ROOT))

from sample_data.sources.mapkit import read_source  # noqa: E402
from schemas.io import save_file  # noqa: E402
from schemas.tactical_gamex.addresses import parse_address  # noqa: E402
from schemas.tactical_gamex.board import OPPOSITE, neighbor  # noqa: E402
from schemas.tactical_gamex.panel import PanelFile  # noqa: E402
from schemas.tactical_gamex.situation import SituationFile  # noqa: E402
from schemas.tactical_gamex.tables import RulesetTables  # noqa: E402
from schemas.tactical_gamex.unit_types import UnitTypeLibrary  # noqa: E402
from schemas.vocabulary import Direction  # noqa: E402

OUT = ROOT / "sample_data" / "tgx_steppe43"
RULESET = "tactical_gamex"
ROAD_BITS = {Direction.UP: 1, Direction.UP_RIGHT: 2, Direction.DOWN_RIGHT: 4}
SAMPLE_NOTE = "Sample data drawn for the Hexwright sample situation, not a published panel."


def local(address: str, panel: str) -> tuple[int, int]:
    """A native address of `panel` as its `[column, row]`."""
    parsed = parse_address(address)
    assert parsed is not None, address
    assert parsed.panel == panel, address
    return parsed.column, parsed.row


def step(a: tuple[int, int], b: tuple[int, int]) -> Direction:
    """The direction from one hex to the next one of a road."""
    for direction in Direction:
        if neighbor(*a, direction) == b:
            return direction
    raise ValueError(f"{a} and {b} are not neighbours")


def build_panel(source: dict[str, Any]) -> PanelFile:
    """One panel from its drawing."""
    pid = source["id"]
    terrain = source["terrain"].splitlines()
    levels = source["levels"].replace(".", "0").splitlines()
    masses = source["masses"].splitlines()
    height, width = len(terrain), len(terrain[0])
    roads = [[0] * width for _ in range(height)]
    for path in source["roads"]:
        hexes = [local(a, pid) for a in path]
        for a, b in itertools.pairwise(hexes):
            direction = step(a, b)
            start = a
            if direction not in ROAD_BITS:
                start, direction = b, OPPOSITE[direction]
            roads[start[1]][start[0]] |= ROAD_BITS[direction]
    sides: dict[tuple[tuple[int, int], Direction], list[str]] = {}
    for row in range(height):
        for column in range(width):
            for direction in Direction:
                other = neighbor(column, row, direction)
                inside = 0 <= other[0] < width and 0 <= other[1] < height
                if inside and int(levels[other[1]][other[0]]) < int(levels[row][column]):
                    sides[((column, row), direction)] = ["slope"]
    for address, direction_name, *kinds in source["hexsides"]:
        key = (local(address, pid), Direction(direction_name))
        sides[key] = sorted({*sides.get(key, []), *kinds})
    return PanelFile.model_validate(
        {
            "format_version": 1,
            "ruleset": RULESET,
            "id": pid,
            "name": source["name"],
            "description": SAMPLE_NOTE,
            "width": width,
            "height": height,
            "terrain_rows": terrain,
            "level_rows": levels,
            "mass_rows": masses,
            "road_rows": ["".join(str(d) if d else "." for d in row) for row in roads],
            "hexsides": [
                {"hex": list(spot), "side": direction.value, "kinds": kinds}
                for (spot, direction), kinds in sorted(sides.items())
            ],
            "features": [
                {"hex": list(local(a, pid)), "kind": kind} for a, kind in source["features"]
            ],
            "names": [{"hex": list(local(a, pid)), "name": name} for a, name in source["names"]],
        }
    )


def airborne_scatter() -> list[dict[str, int]]:
    """A 3 x 3 spread about the target for the 36 rolls 11-66: the tens die short, on or past
    the target along the flight line, the units die left, on or right of it (sample data)."""
    return [
        {"roll": 10 * tens + units, "ahead": (tens - 1) // 2 - 1, "right": (units - 1) // 2 - 1}
        for tens in range(1, 7)
        for units in range(1, 7)
    ]


SAMPLE_EVENTS: tuple[tuple[str, str, int, str], ...] = (
    (
        "Sample event: a runner is lost; one activation point fewer this impulse.",
        "activation_points",
        -1,
        "drawer",
    ),
    (
        "Sample event: orders get through; one more activation point this impulse.",
        "activation_points",
        1,
        "drawer",
    ),
    (
        "Sample event: panic in the line; one of your units is disrupted.",
        "disrupt_unit",
        0,
        "drawer",
    ),
    (
        "Sample event: the enemy's nerve breaks; one of the enemy's units is disrupted.",
        "disrupt_unit",
        0,
        "enemy",
    ),
    (
        "Sample event: a sergeant takes charge; one of your disrupted units rallies.",
        "rally_unit",
        0,
        "drawer",
    ),
    (
        "Sample event: confusion at headquarters; -1 to your next initiative die.",
        "initiative",
        -1,
        "drawer",
    ),
    ("Sample event: dust hangs over the field; nothing happens.", "nothing", 0, "drawer"),
    (
        "Sample event: the enemy's radio net jams; -1 to the enemy's next initiative die.",
        "initiative",
        -1,
        "enemy",
    ),
)
"""The sample deck's event texts, dealt over its cards in turn (sample data)."""

SAMPLE_DEM: tuple[tuple[str, str, str, int, str], ...] = (
    (
        "Inspired Leadership",
        "Two more activation points this impulse.",
        "activation_points",
        2,
        "drawer",
    ),
    ("Steady Nerves", "One of your disrupted units rallies.", "rally_unit", 0, "drawer"),
    ("Sniper", "One of the enemy's units is disrupted.", "disrupt_unit", 0, "enemy"),
    ("Seize the Moment", "+2 to your next initiative die.", "initiative", 2, "drawer"),
    ("Counter-Order", "-2 to the enemy's next initiative die.", "initiative", -2, "enemy"),
    ("Lucky Shot", "-1 to your next die result.", "die_modifier", -1, "drawer"),
)
"""The sample deck's six Deus Ex Machina cards [003 24.5] (sample data)."""


def action_deck() -> list[dict[str, Any]]:
    """A sample Action Deck [003 24.1-24.5]: the 36 pairs of black and green dice once each, six
    cards with a "?" for the Axis and six for the Allied (the other die 1-6), so each colour
    shows each face seven times, every dice card with an event text; and six Deus Ex Machina
    cards. Made up for the sample, not the published deck."""
    pairs: list[tuple[int | str, int | str]] = [
        (black, green) for black in range(1, 7) for green in range(1, 7)
    ]
    pairs += [("event", die) for die in range(1, 7)] + [(die, "event") for die in range(1, 7)]
    cards: list[dict[str, Any]] = []
    for i, (black, green) in enumerate(pairs, 1):
        text, effect, amount, applies_to = SAMPLE_EVENTS[i % len(SAMPLE_EVENTS)]
        card: dict[str, Any] = {"id": f"c{i:02d}", "black": black, "green": green, "text": text}
        card |= {"applies_to": applies_to, "effect": effect, "amount": amount}
        cards.append(card)
    for i, (title, text, effect, amount, applies_to) in enumerate(SAMPLE_DEM, 1):
        cards.append(
            {"id": f"dem{i}", "deus_ex_machina": True, "title": title, "text": text}
            | {"applies_to": applies_to, "effect": effect, "amount": amount}
        )
    return cards


def main() -> None:
    panels = read_source(SOURCES, "panels.yaml")["panels"]
    units = read_source(SOURCES, "units.yaml")
    tables = read_source(SOURCES, "tables.yaml")
    situation = read_source(SOURCES, "situation.yaml")
    (OUT / "scenarios").mkdir(parents=True, exist_ok=True)
    for source in panels:
        save_file(build_panel(source), OUT / f"panel-{source['id'].lower()}.panel.yaml")
    library = UnitTypeLibrary.model_validate({"format_version": 1, "ruleset": RULESET, **units})
    save_file(library, OUT / "steppe43.units.yaml")
    charts = RulesetTables.model_validate(
        {
            "format_version": 1,
            "ruleset": RULESET,
            **tables,
            "airborne_scatter": airborne_scatter(),
            "action_deck": action_deck(),
        }
    )
    save_file(charts, OUT / "sample.tables.yaml")
    write_situation(OUT, situation, "steppe43.units.yaml")
    print(f"wrote {OUT.relative_to(ROOT)}")


def write_situation(out: Path, situation: dict[str, Any], units: str) -> None:
    """The situation source, with its `file` name, validated and written into `out`'s
    scenarios folder, pointing at the title's unit types `units` and `sample.tables.yaml`."""
    source = dict(situation)
    name = source.pop("file")
    model = SituationFile.model_validate(
        {
            "format_version": 1,
            "ruleset": RULESET,
            **source,
            "files": {"units": f"../{units}", "tables": "../sample.tables.yaml"},
        }
    )
    save_file(model, out / "scenarios" / f"{name}.situation.yaml")


if __name__ == "__main__":
    main()
