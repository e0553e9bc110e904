"""The printed documents' content as HTML for Qt's rich text: the order of battle (the tree with
strengths, quality, HQs and where each unit starts or arrives) and a side's briefing (its text,
the map of its setup, its forces and the objectives). Qt-free: `editor.printing.paging` lays
the HTML out on pages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from editor.printing.whereabouts import Places, Whereabouts, hex_text, when_text
from schemas.panzer_campaigns.map import MapFile
from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, OrgLevel, Unit
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import (
    ExitObjective,
    LimitedObjective,
    ScenarioFile,
    SurrenderObjective,
)
from schemas.vocabulary import Side

MAP_PICTURE = "hexwright:setup-map"
"""The resource name a briefing's map picture is added to the document under."""

STYLE = """
<style>
h1 { font-size: 16pt; margin-bottom: 2pt; }
h2 { font-size: 13pt; margin-top: 12pt; margin-bottom: 4pt; }
h3 { font-size: 11pt; margin-top: 8pt; margin-bottom: 2pt; }
p.sub { color: #555555; margin-top: 0; }
table.grid { border-collapse: collapse; }
table.grid th { background-color: #e4e4e4; text-align: left; }
tr.org td { background-color: #f2f2f2; font-weight: bold; }
td.num { text-align: right; }
</style>
"""

PART_ROWS = 250
"""Rows of the OOB's table laid out at a time: a long OOB shows its progress while it is laid
out, and each part's table starts with the column names again."""

_TABLE_HEAD = (
    '<table class="grid" width="100%" cellspacing="0" cellpadding="3" border="0.5">'
    "<thead><tr><th>Unit</th><th>Type</th><th>Strength</th><th>Quality</th>"
    "<th>Starts or arrives</th></tr></thead>"
)

MarkdownToHtml = Callable[[str], str]
"""Turns a briefing's Markdown into HTML (Qt's reader, without raw HTML)."""


@dataclass(frozen=True)
class Report:
    """A document to print: its name for the page headers and its HTML."""

    title: str
    parts: list[str]
    """The HTML, in parts laid out one after the other (each with its own style sheet)."""


def side_label(side: Side) -> str:
    """The side's name as a label: Allied or Axis."""
    return side.value.capitalize()


def _strength(unit: Unit, where: Whereabouts) -> str:
    placement = where.placements.get(unit.id)
    full = f"{unit.strength:,} {unit.component.value}"
    if placement is not None and placement.unit == unit.id and placement.strength is not None:
        return f"{placement.strength:,} of {full}"
    return full


class _OobTable:
    """The rows of one side's table: organizations as bold rows, units indented under them;
    only the units the scenario uses and the organizations holding them."""

    def __init__(self, where: Whereabouts) -> None:
        self.where = where
        self.rows: list[str] = []
        self.heads = {
            entry.organization.hq
            for entry in where.index.organizations.values()
            if entry.organization.hq
        }

    def nation(self, nation: Nation) -> None:
        rows = [r for node in nation.organizations for r in self.node(node, 1)]
        if rows:
            self.rows.append(f'<tr class="org"><td colspan="5">{escape(nation.name)}</td></tr>')
            self.rows.extend(rows)

    def node(self, node: Organization | Unit, depth: int) -> list[str]:
        indent = "\u2003" * depth
        if isinstance(node, Organization):
            rows = [r for child in node.children for r in self.node(child, depth + 1)]
            if not rows:
                return []
            hq = ""
            if node.hq:
                entry = self.where.index.units.get(node.hq)
                hq = f" · HQ {escape(entry.unit.name if entry else node.hq)}"
            level = node.level.value.replace("_", " ")
            head = (
                f'<tr class="org"><td colspan="5">{indent}{escape(node.name)}'
                f'<span style="font-weight: normal;"> · {level}{hq}</span></td></tr>'
            )
            return [head, *rows]
        if not self.where.in_scenario(node.id):
            return []
        kind = escape(node.type_name or node.unit_class.value.replace("_", " "))
        if node.id in self.heads:
            kind = f"<b>HQ</b> {kind}"
        return [
            f"<tr><td>{indent}{escape(node.name)}</td><td>{kind}</td>"
            f'<td class="num">{escape(_strength(node, self.where))}</td>'
            f"<td>{node.quality.value}</td><td>{escape(self.where.of(node.id))}</td></tr>"
        ]


def oob_report(
    scenario: ScenarioFile, oob: OobFile, map_file: MapFile, side: Side | None = None
) -> Report:
    """The order of battle of the scenario (of one side, or of each in turn) as a table."""
    index = OobIndex.from_oob(oob)
    where = Whereabouts(scenario, index, map_file)
    header = scenario.header
    parts: list[str] = []
    lead = (
        f"<h1>{escape(header.title)} — Order of Battle</h1>"
        f'<p class="sub">{when_text(header.start)}, {header.turns} turns</p>'
    )
    for side_oob in oob.sides:
        if side is not None and side_oob.side is not side:
            continue
        table = _OobTable(where)
        for nation in side_oob.nations:
            table.nation(nation)
        name = side_oob.name or side_label(side_oob.side)
        lead += f"<h2>{escape(name)} ({side_label(side_oob.side)})</h2>"
        for start in range(0, max(len(table.rows), 1), PART_ROWS):
            rows = table.rows[start : start + PART_ROWS]
            parts.append(STYLE + lead + _TABLE_HEAD + "".join(rows) + "</table>")
            lead = ""
    return Report(f"{header.title} — Order of Battle", parts)


_FORMATION_LEVELS = frozenset(
    {OrgLevel.HIGH_COMMAND, OrgLevel.ARMY_GROUP, OrgLevel.ARMY, OrgLevel.CORPS, OrgLevel.DIVISION}
)


def _formation(where: Whereabouts, unit_id: str) -> str:
    """The division (or the corps or army whose own troops it is) a unit belongs to: the
    nearest organization above it at division level or higher, else its nation."""
    entry = where.index.units[unit_id]
    parent = entry.parent
    while parent is not None:
        organization = where.index.organizations[parent]
        if organization.organization.level in _FORMATION_LEVELS:
            return organization.organization.name
        parent = organization.parent
    return where.index.nations[entry.nation].nation.name


def _forces(side: Side, where: Whereabouts) -> str:
    """A row per formation: its units and strength on the map at the start and arriving."""
    counts: dict[str, list[int]] = {}
    strengths: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
    for unit_id, entry in where.index.units.items():
        if entry.side is not side or not where.in_scenario(unit_id):
            continue
        later = 0 if where.is_on_map_at_start(unit_id) else 1 if where.is_arriving(unit_id) else -1
        if later < 0:
            continue
        name = _formation(where, unit_id)
        counts.setdefault(name, [0, 0])[later] += 1
        by_component = strengths.setdefault(name, ({}, {}))[later]
        component = entry.unit.component.value
        by_component[component] = by_component.get(component, 0) + entry.unit.strength
    if not counts:
        return "<p>No units of this side are in the scenario.</p>"
    rows = [
        f"<tr><td>{escape(name)}</td>"
        f'<td class="num">{count[0]}</td><td>{_totals(strengths[name][0])}</td>'
        f'<td class="num">{count[1]}</td><td>{_totals(strengths[name][1])}</td></tr>'
        for name, count in counts.items()
    ]
    return (
        '<table class="grid" width="100%" cellspacing="0" cellpadding="3" border="0.5">'
        "<thead><tr><th>Formation</th><th>Units at start</th><th>Strength at start</th>"
        "<th>Arriving</th><th>Strength arriving</th></tr></thead>" + "".join(rows) + "</table>"
    )


def _totals(by_component: dict[str, int]) -> str:
    return ", ".join(f"{value:,} {name}" for name, value in sorted(by_component.items()))


def _objectives(scenario: ScenarioFile, places: Places, where: Whereabouts) -> str:
    if not scenario.objectives:
        return "<p>The scenario has no objectives.</p>"
    rows: list[str] = []
    for objective in sorted(scenario.objectives, key=lambda o: (-o.points, o.name, o.id)):
        name = objective.name or places.near(objective.hex) or objective.id
        owner = side_label(objective.owner) if objective.owner else "neutral"
        if isinstance(objective, ExitObjective):
            note = f"exit hex for the {owner} side"
        elif isinstance(objective, LimitedObjective):
            note = (
                f"counts from {where.turn_text(objective.first_turn)} to "
                f"{where.turn_text(objective.last_turn)}"
            )
        elif isinstance(objective, SurrenderObjective):
            note = f"surrender objective of {objective.nation}"
        else:
            note = ""
        rows.append(
            f"<tr><td>{escape(name)}</td><td>{hex_text(objective.hex)}</td>"
            f'<td class="num">{objective.points}</td><td>{owner}</td>'
            f"<td>{escape(note)}</td></tr>"
        )
    return (
        '<table class="grid" width="100%" cellspacing="0" cellpadding="3" border="0.5">'
        "<thead><tr><th>Objective</th><th>Hex</th><th>VP</th><th>Held at start by</th>"
        "<th>Note</th></tr></thead>" + "".join(rows) + "</table>"
    )


def briefing_report(
    scenario: ScenarioFile,
    oob: OobFile,
    map_file: MapFile,
    side: Side,
    *,
    markdown: MarkdownToHtml,
    picture_width: int | None,
) -> Report:
    """A side's briefing: its text, the map of its setup (`MAP_PICTURE`, `picture_width` CSS
    pixels wide; None leaves it out), its forces, the objectives and the designer's notes."""
    index = OobIndex.from_oob(oob)
    where = Whereabouts(scenario, index, map_file)
    header = scenario.header
    label = side_label(side)
    text = getattr(scenario.briefings, side.value)
    parts = [
        STYLE,
        f"<h1>{escape(header.title)} — {label} Briefing</h1>",
        f'<p class="sub">{when_text(header.start)} to '
        f"{when_text(where.clock.time_of(header.turns))}, {header.turns} turns; "
        f"the {side_label(header.first_side)} side moves first</p>",
        markdown(text)
        if text.strip()
        else "<p><i>The scenario has no briefing for this side.</i></p>",
    ]
    if picture_width is not None:
        # A caption under the picture, not a heading over it: a heading could be left alone
        # at the foot of a page with the picture on the next.
        parts.append(
            f'<p style="margin-top: 10pt;"><img src="{MAP_PICTURE}" width="{picture_width}"></p>'
        )
        parts.append(
            f'<p class="sub"><i>{label} setup: its units at the start, the objectives and '
            "the places around them.</i></p>"
        )
    parts.append(f"<h2>{label} forces</h2>")
    parts.append(_forces(side, where))
    parts.append("<h2>Objectives</h2>")
    parts.append(_objectives(scenario, where.places, where))
    if scenario.briefings.designer_notes.strip():
        parts.append("<h2>Designer's notes</h2>")
        parts.append(markdown(scenario.briefings.designer_notes))
    return Report(f"{header.title} — {label} Briefing", ["".join(parts)])
