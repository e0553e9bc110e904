"""Builds `sample_data/broken/`: a valid tiny base title and deliberately broken files, each made
by one edit of a base file, with `EXPECTED.yaml` naming the Problem code and line each must give.

The expected line is where the edit was made, worked out here from the text, independently of
the checker that the tests hold to it. Run from the repository root:
`python sample_data/sources/broken/build.py`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from schemas import yamlwrite  # noqa: E402
from schemas.io import dump_text  # noqa: E402
from schemas.tactical_gamex.situation import SituationFile  # noqa: E402
from tests.tiny_tgx import tiny_panel, tiny_situation_data, tiny_tables, tiny_units  # noqa: E402
from tests.tiny_title import (  # noqa: E402
    tiny_map,
    tiny_oob,
    tiny_parameters,
    tiny_scenario,
    tiny_weather,
)

OUT = ROOT / "sample_data" / "broken"


@dataclass(frozen=True)
class Broken:
    """One broken file: made from `base` by replacing `old` (the first match) with `new`."""

    name: str
    base: str
    old: str
    new: str
    code: str
    why: str
    problem_in: str | None = None
    line_offset: int = 0
    expect_at: str | None = None
    """Text whose first line in the file with the problem is the expected line (for problems
    reported at a parent key or in another file), instead of the edited line."""


BASE_NAMES = {
    "map": "base.map.yaml",
    "oob": "base.oob.yaml",
    "pdt": "base.pdt.yaml",
    "weather": "base.weather.yaml",
    "scenario": "scenarios/base.scenario.yaml",
    # The Tactical GameX base title: two panels, unit types, tables and a situation.
    "tgx-a": "tgx-a.panel.yaml",
    "tgx-b": "tgx-b.panel.yaml",
    "tgx-units": "tgx.units.yaml",
    "tgx-tables": "tgx.tables.yaml",
    "situation": "scenarios/tgx-base.situation.yaml",
}

CASES = [
    Broken(
        "syntax.scenario.yaml",
        "scenario",
        "  turns: 12\n",
        "  turns: 12\n   bad: indent\n",
        "SYNTAX001",
        "an indentation error",
        line_offset=1,
    ),
    Broken(
        "tag.scenario.yaml",
        "scenario",
        "  turns: 12\n",
        "  turns: !!python/object:os.system 12\n",
        "SYNTAX001",
        "a Python tag, which must never be executed",
    ),
    Broken(
        "duplicate-key.map.yaml",
        "map",
        "width: 6\n",
        "width: 6\nwidth: 7\n",
        "SYNTAX002",
        "the same key twice",
        line_offset=1,
    ),
    Broken(
        "missing-field.scenario.yaml",
        "scenario",
        "  turns: 12\n",
        "",
        "SCHEMA002",
        "the header has no turns; reported at its parent key",
        expect_at="header:",
    ),
    Broken(
        "typo.scenario.yaml",
        "scenario",
        "  visibility_max: 4\n",
        "  visibilty_max: 4\n",
        "SCHEMA003",
        "a misspelt field",
    ),
    Broken(
        "out-of-range.weather.yaml",
        "weather",
        "soft: 100",
        "soft: 120",
        "SCHEMA004",
        "a chance above 100%",
    ),
    Broken(
        "bad-choice.oob.yaml",
        "oob",
        "  - side: allied",
        "  - side: neutral",
        "SCHEMA005",
        "a side that does not exist",
    ),
    Broken(
        "wrong-type.pdt.yaml",
        "pdt",
        "  refuel: 30",
        "  refuel: plenty",
        "SCHEMA001",
        "text where a number belongs",
    ),
    Broken(
        "future-version.map.yaml",
        "map",
        "format_version: 2",
        "format_version: 9",
        "VERSION001",
        "a format version from the future",
    ),
    Broken(
        "outside-title.scenario.yaml",
        "scenario",
        "  map: ../base.map.yaml",
        "  map: ../../stoumont44/stoumont44.map.yaml",
        "PATH001",
        "a map outside the title folder",
    ),
    Broken(
        "missing-file.scenario.yaml",
        "scenario",
        "  oob: ../base.oob.yaml",
        "  oob: ../nowhere.oob.yaml",
        "PATH002",
        "an OOB file that does not exist",
    ),
    Broken(
        "wrong-kind.scenario.yaml",
        "scenario",
        "  oob: ../base.oob.yaml",
        "  oob: ../base.map.yaml",
        "PATH003",
        "a map given as the OOB",
    ),
    Broken(
        "unknown-unit.scenario.yaml",
        "scenario",
        "unit: us.1id.16ir.2,",
        "unit: us.1id.16ir.9,",
        "REF001",
        "a placement of a unit not in the OOB",
    ),
    Broken(
        "unknown-organization.scenario.yaml",
        "scenario",
        "organization: us.1id.16ir,",
        "organization: us.1id.18ir,",
        "REF002",
        "a release of an unknown regiment",
    ),
    Broken(
        "hq-not-child.oob.yaml",
        "oob",
        "hq: de.12vgd.hq",
        "hq: us.1id.hq",
        "REF005",
        "an HQ from another division",
    ),
    Broken(
        "unknown-frozen-terrain.map.yaml",
        "map",
        "name: Forest,",
        "name: Forest, frozen_as: snowfield,",
        "REF004",
        "frozen_as names no terrain",
    ),
    Broken(
        "placed-twice.scenario.yaml",
        "scenario",
        "units: [us.1id.745tb]",
        "units: [us.1id.16ir.1]",
        "PLACE001",
        "a unit both on the map and reinforcing",
    ),
    Broken(
        "over-strength.scenario.yaml",
        "scenario",
        "strength: 550",
        "strength: 950",
        "PLACE002",
        "a unit above its full strength",
    ),
    Broken(
        "off-map.scenario.yaml",
        "scenario",
        "id: dorf, hex: [2, 2]",
        "id: dorf, hex: [12, 2]",
        "HEX001",
        "an objective off the map",
    ),
    Broken(
        "missing-row.map.yaml",
        "map",
        "  - ...ff.\n",
        "",
        "MAP001",
        "a terrain row missing",
        expect_at="terrain_rows:",
    ),
    Broken(
        "short-row.map.yaml",
        "map",
        "  - .ff...",
        "  - .ff..",
        "MAP002",
        "a terrain row one hex short",
    ),
    Broken(
        "unknown-code.map.yaml",
        "map",
        "  - ..v...",
        "  - ..v.X.",
        "MAP003",
        "a terrain code not in the legend",
    ),
    Broken(
        "elevation.map.yaml",
        "map",
        "  - 100 100 120 120 100 100\n",
        "  - 100 100 120 120 100\n",
        "MAP004",
        "an elevation row one value short",
    ),
    Broken(
        "road-layer.map.yaml",
        "map",
        "2..1..",
        "9..1..",
        "MAP005",
        "a road digit that is not a direction",
    ),
    Broken(
        "raised-without-road.map.yaml",
        "map",
        "hexsides:\n",
        "raised:\n  - ......\n  - ......\n  - ..2...\n  - ......\n  - .1....\nhexsides:\n",
        "MAP007",
        "an embankment where no road runs",
        line_offset=5,
    ),
    Broken(
        "twice-given-river.map.yaml",
        "map",
        "  - {hex: [3, 1], side: down, kind: river}\n",
        "  - {hex: [3, 1], side: down, kind: river}\n  - {hex: [3, 2], side: up, kind: river}\n",
        "MAP008",
        "the same river edge entered again from the hex below",
        line_offset=1,
    ),
    Broken(
        "bridge-over-nothing.map.yaml",
        "map",
        "  - {hex: [3, 1], side: down, kind: heavy_bridge}",
        "  - {hex: [1, 1], side: down, kind: heavy_bridge}",
        "MAP009",
        "a bridge where no water runs",
    ),
    Broken(
        "road-without-bridge.map.yaml",
        "map",
        "crossings:\n  - {hex: [3, 1], side: down, kind: heavy_bridge}\n",
        "",
        "MAP010",
        "the road crosses the river with its bridge gone",
        expect_at="2..1..",
    ),
    Broken(
        "road-off-map.map.yaml",
        "map",
        "    - ......\n",
        "    - 1.....\n",
        "MAP011",
        "a road leaving the top edge",
    ),
    Broken(
        "duplicate-code.map.yaml",
        "map",
        "code: v,",
        "code: f,",
        "MAP006",
        "two terrains sharing a code",
    ),
    Broken(
        "duplicate-id.oob.yaml",
        "oob",
        "id: de.12vgd.48.2",
        "id: de.12vgd.48.1",
        "ID001",
        "two units with one id",
    ),
    Broken(
        "missing-type.oob.yaml",
        "oob",
        "name: 1/16 Inf\n",
        "name: 1/16 Inf\n                    unit_type: us.rifle\n",
        "OOB003",
        "a unit naming a unit type the OOB does not have",
        line_offset=1,
    ),
    Broken(
        "missing-costs.scenario.yaml",
        "scenario",
        "  parameters: ../base.pdt.yaml",
        "  parameters: ../missing-costs.pdt.yaml",
        "PARAM001",
        "parameters without forest costs",
        problem_in="missing-costs.pdt.yaml",
        expect_at="  terrain:",
    ),
    Broken(
        "unsorted.weather.yaml",
        "weather",
        'date: "1944-12-18"',
        'date: "1944-12-15"',
        "WEATHER001",
        "rows out of date order",
    ),
    Broken(
        "sum.weather.yaml",
        "weather",
        "soft: 80,",
        "soft: 70,",
        "WEATHER002",
        "chances adding up to 90",
    ),
    Broken(
        "visibility.weather.yaml",
        "weather",
        "visibility_min: 3, visibility_max: 4",
        "visibility_min: 5, visibility_max: 4",
        "WEATHER003",
        "least above greatest",
    ),
    Broken(
        "schedule.scenario.yaml",
        "scenario",
        '{phase: dusk, start: "16:00"}',
        '{phase: dusk, start: "17:00"}',
        "SCN001",
        "a day period of 9 hours of 2-hour turns",
        line_offset=-1,
    ),
    Broken(
        "start.scenario.yaml",
        "scenario",
        'start: "1944-12-16 08:00"',
        'start: "1944-12-16 09:00"',
        "SCN002",
        "a start between two turns",
    ),
    Broken(
        "visibility.scenario.yaml",
        "scenario",
        "  visibility: 3",
        "  visibility: 6",
        "SCN003",
        "visibility above the scenario's range",
    ),
    Broken(
        "victory.scenario.yaml",
        "scenario",
        "minor_allied: 100",
        "minor_allied: 400",
        "SCN004",
        "minor victory above major victory",
    ),
    Broken(
        "limited.scenario.yaml",
        "scenario",
        "owner: allied, last_turn: 6",
        "owner: allied, first_turn: 8, last_turn: 6",
        "SCN007",
        "a limited objective ending before it starts",
    ),
    Broken(
        "fixed-late.scenario.yaml",
        "scenario",
        "strength: 550, fatigue: 40}",
        "strength: 550, fatigue: 40, fixed_from_turn: 13}",
        "SCN011",
        "a unit to become Fixed on turn 13 of a 12-turn scenario",
    ),
    Broken(
        "no-weather.scenario.yaml",
        "scenario",
        "  weather: ../base.weather.yaml\n",
        "",
        "SCN008",
        "programmed weather without a weather file",
        expect_at="files:",
    ),
    Broken(
        "syntax.oob.json",
        "oob-json",
        '"name": "Tiny OOB",',
        '"name": "Tiny OOB"',
        "SYNTAX001",
        "a missing comma in JSON",
        line_offset=1,
    ),
    # Tactical GameX: its files, its board and its setup checks.
    Broken(
        "tgx-short-row.panel.yaml",
        "tgx-a",
        "  - .W..T\n",
        "  - .W..\n",
        "TGX001",
        "a panel row one hex short",
    ),
    Broken(
        "tgx-unknown-terrain.panel.yaml",
        "tgx-a",
        "  - .W..T\n",
        "  - .W..X\n",
        "TGX002",
        "a terrain character no terrain has",
    ),
    Broken(
        "tgx-bridge-on-clear.panel.yaml",
        "tgx-a",
        "{hex: [1, 2], kind: bridge}",
        "{hex: [0, 0], kind: bridge}",
        "TGX003",
        "a bridge printed in a clear hex",
    ),
    Broken(
        "tgx-unknown-weapon.units.yaml",
        "tgx-units",
        "    weapon: A\n",
        "    weapon: Z\n",
        "SCHEMA005",
        "a weapon type the counters never print",
    ),
    Broken(
        "tgx-crt-columns.tables.yaml",
        "tgx-tables",
        '"4:1"]',
        '"5:1"]',
        "TGX022",
        "a CRT column beyond 4:1",
        expect_at="  columns:",
    ),
    Broken(
        "tgx-deck-dice.tables.yaml",
        "tgx-tables",
        "oba_scatter: [up, up_right, down_right, down, down_left, up_left]\n",
        "oba_scatter: [up, up_right, down_right, down, down_left, up_left]\n"
        "action_deck:\n"
        + "".join(
            f"  - {{id: c{face}, black: {face}, green: {7 - face}}}\n" for face in range(1, 7)
        )
        + "  - {id: dem1, deus_ex_machina: true, title: Sniper, black: 4, "
        'text: "One of the enemy\'s units is disrupted.", effect: disrupt_unit}\n',
        "TGX071",
        "a Deus Ex Machina card of the Action Deck printed with a die [003 24.5]",
        expect_at="  - {id: dem1",
    ),
    Broken(
        "tgx-wrong-ruleset.situation.yaml",
        "situation",
        "ruleset: tactical_gamex",
        "ruleset: panzer_campaigns",
        "SCHEMA005",
        "a situation of another ruleset",
    ),
    Broken(
        "tgx-missing-panel.situation.yaml",
        "situation",
        "../tgx-b.panel.yaml",
        "../tgx-c.panel.yaml",
        "PATH002",
        "a panel file that is not there",
    ),
    Broken(
        "tgx-same-slot.situation.yaml",
        "situation",
        ", column: 1}",
        "}",
        "TGX010",
        "two panels in one place of the arrangement",
    ),
    Broken(
        "tgx-no-morale.situation.yaml",
        "situation",
        "        morale_level: 7\n",
        "",
        "TGX031",
        "a nation without a morale level, reported at the nation",
        expect_at="      - nation: soviet_union",
    ),
    Broken(
        "tgx-off-board.situation.yaml",
        "situation",
        "hex: B D2}",
        "hex: B F2}",
        "TGX032",
        "a hex beyond the panel's columns",
    ),
    Broken(
        "tgx-tank-in-stream.situation.yaml",
        "situation",
        "{id: g1, type: tank, hex: A A1,",
        "{id: g1, type: tank, hex: A C3,",
        "TGX035",
        "a tank in a stream hex away from the bridge",
    ),
    Broken(
        "tgx-mines-in-swamp.situation.yaml",
        "situation",
        "{kind: mines, hex: A A3,",
        "{kind: mines, hex: B C3,",
        "TGX036",
        "mines in a swamp",
    ),
    Broken(
        "tgx-cp-on-truck.situation.yaml",
        "situation",
        "{id: g4, type: truck, setup_area: west}",
        "{id: g4, type: truck, setup_area: west, command_post: true}",
        "TGX037",
        "an attached CP on a truck",
    ),
    Broken(
        "tgx-inland-entry.situation.yaml",
        "situation",
        "hexes: [A A4]",
        "hexes: [A B2]",
        "TGX038",
        "a reinforcement entering in the middle of the board",
    ),
    Broken(
        "tgx-module-off.situation.yaml",
        "situation",
        "modules: [engineers]\n",
        "",
        "TGX041",
        "engineers with the engineer module off, reported at the top",
        expect_at="format_version",
    ),
]


def _base_texts() -> dict[str, str]:
    texts = {
        "map": dump_text(tiny_map()),
        "oob": dump_text(tiny_oob()),
        "pdt": dump_text(tiny_parameters()),
        "weather": dump_text(tiny_weather()),
        "scenario": dump_text(tiny_scenario()).replace("../tiny.", "../base."),
        "oob-json": dump_text(tiny_oob(), as_json=True),
        "tgx-a": dump_text(tiny_panel("A")),
        "tgx-b": dump_text(tiny_panel("B")),
        "tgx-units": dump_text(tiny_units()),
        "tgx-tables": dump_text(tiny_tables()),
        "situation": dump_text(SituationFile.model_validate(tiny_situation_data())).replace(
            "../tiny", "../tgx"
        ),
    }
    return texts


def _missing_costs_parameters(pdt: str) -> str:
    lines = pdt.splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith("    forest:")]
    assert len(kept) == len(lines) - 1, "the base parameters changed shape"
    return "".join(kept)


def build() -> None:
    """Write the base title, every broken file and EXPECTED.yaml."""
    texts = _base_texts()
    (OUT / "scenarios").mkdir(parents=True, exist_ok=True)
    for kind, name in BASE_NAMES.items():
        (OUT / name).write_text(texts[kind], encoding="utf-8")
    (OUT / "missing-costs.pdt.yaml").write_text(
        _missing_costs_parameters(texts["pdt"]), encoding="utf-8"
    )
    expected = []
    for case in CASES:
        text = texts[case.base]
        at = text.find(case.old)
        if at < 0:
            raise SystemExit(f"{case.name}: {case.old!r} is not in the base {case.base} file")
        broken = text[:at] + case.new + text[at + len(case.old) :]
        line = text.count("\n", 0, at) + 1 + case.line_offset
        folder = "scenarios/" if case.name.endswith((".scenario.yaml", ".situation.yaml")) else ""
        (OUT / f"{folder}{case.name}").write_text(broken, encoding="utf-8")
        problem_in = case.problem_in or f"{folder}{case.name}"
        if case.expect_at is not None:
            target = (OUT / problem_in).read_text(encoding="utf-8")
            line = target.count("\n", 0, target.index(case.expect_at)) + 1
        expected.append(
            {
                "file": f"{folder}{case.name}",
                "code": case.code,
                "line": line,
                "problem_in": problem_in,
                "why": case.why,
            }
        )
    (OUT / "not-utf8.map.yaml").write_bytes(
        texts["map"].replace("name: Dorf", "name: D\xf6rf").encode("latin-1")
    )
    dorf_line = texts["map"][: texts["map"].find("name: Dorf")].count("\n") + 1
    expected.append(
        {
            "file": "not-utf8.map.yaml",
            "code": "LOAD002",
            "line": dorf_line,
            "problem_in": "not-utf8.map.yaml",
            "why": "Latin-1 text, not UTF-8",
        }
    )
    header = (
        "# Each broken file of this folder and the Problem it must produce.\n"
        "# Made by sample_data/sources/broken/build.py; lines count from 1.\n"
    )
    (OUT / "EXPECTED.yaml").write_text(
        header + yamlwrite.dump({"expected": expected}), encoding="utf-8"
    )


if __name__ == "__main__":
    build()
