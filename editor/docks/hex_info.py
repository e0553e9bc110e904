"""The Hex Info dock: everything about the selected hex, as the games' Hex Info Area shows it:
coordinates, terrain and its defence modifier, elevation, the features on each side, crossings,
roads and railways, names, the scenario's overlays and marks, and the units there."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QColor, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

from editor import symbols
from editor.docks.base import DocumentDock
from editor.document import Change, Document
from editor.map.hex_facts import HexFacts, hex_facts
from editor.map.hex_text import sides, terrain_text, words
from editor.selection import Selection
from schemas.panzer_campaigns.oob import Component
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.vocabulary import Direction, Side

SYMBOL_SIZE = 22
_STYLE = """
<style>
  h3 { margin: 0 0 2px 0; }
  .sub { color: #666; margin-bottom: 6px; }
  .section { color: #555; font-weight: bold; font-size: small; text-transform: uppercase;
             padding-top: 10px; }
  td.label { color: #666; padding-right: 10px; white-space: nowrap; vertical-align: top; }
  td.value { vertical-align: top; }
  td.num { text-align: right; padding-left: 8px; white-space: nowrap; }
  .none { color: #888; font-style: italic; }
</style>
"""


def _escape(value: object) -> str:
    return html.escape(str(value))


def _swatch(color: QColor | str) -> str:
    name = QColor(color).name()
    return (
        f"<span style='background-color:{name}; color:{name}; border:1px solid #444'>"
        "&nbsp;&nbsp;&nbsp;</span>&nbsp;"
    )


def _rows(rows: Iterable[tuple[str, str]]) -> str:
    return "".join(
        f"<tr><td class='label'>{_escape(label)}</td><td class='value'>{value}</td></tr>"
        for label, value in rows
    )


def _section(title: str, rows: str) -> str:
    """A heading row over its rows, in the one table that keeps every label column aligned."""
    heading = f"<tr><td colspan='2' class='section'>{_escape(title)}</td></tr>"
    return heading + rows


def _side_name(side: Side | None) -> str:
    return "Neutral" if side is None else words(side).capitalize()


class HexInfoDock(DocumentDock):
    """What the selected hex holds, read only."""

    title = "Hex Info"
    object_name = "hex_info"
    default_area = Qt.DockWidgetArea.RightDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.setFrameShape(QTextBrowser.Shape.NoFrame)
        self.browser.setMinimumWidth(240)
        self.unit_notes: Callable[[str], list[str]] | None = None
        """States of a unit the document cannot say, by unit id: a test-play's carrying."""
        self.setWidget(self.browser)
        selection.hex_changed.connect(self._refresh)
        self._refresh()

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self._refresh()

    def document_changed(self, change: Change) -> None:
        self._refresh()

    def text(self) -> str:
        """The shown text, as plain text (for tests and copying)."""
        return self.browser.toPlainText()

    def _refresh(self, *_: Any) -> None:
        hex_ = self.selection.hex
        document = self.document
        if document is None:
            self._show("<p class='none'>No scenario open.</p>")
            return
        if hex_ is None:
            self._show("<p class='none'>Click a hex on the map to see what is there.</p>")
            return
        column, row = hex_
        if not (0 <= column < document.map.width and 0 <= row < document.map.height):
            self._show(f"<p class='none'>{column},{row} is off the map.</p>")
            return
        self._show(self._describe(document, hex_facts(document, hex_)))

    def _show(self, body: str) -> None:
        self.browser.setHtml(_STYLE + body)

    def _describe(self, document: Document, facts: HexFacts) -> str:
        column, row = facts.hex
        names = ", ".join(p.name for p in facts.places)
        heading = f"<h3>Hex {column},{row}" + (f" — {_escape(names)}" if names else "") + "</h3>"
        table = (
            _section("Ground", _rows(self._ground(facts)))
            + _section("Hexsides", _rows(self._hexsides(facts)))
            + _section("Roads and railways", _rows(self._connections(facts)))
            + _section("Scenario", _rows(self._scenario(document, facts)))
        )
        return (
            heading
            + f"<table cellspacing='0' cellpadding='2'>{table}</table>"
            + f"<p class='section' style='margin-top:10px'>Units ({len(facts.units)})</p>"
            + self._units(facts, document.oob_index)
        )

    def _ground(self, facts: HexFacts) -> list[tuple[str, str]]:
        rows = []
        terrain = facts.terrain
        color = terrain.color if terrain is not None else "#ff00ff"
        rows.append(("Terrain", _swatch(color) + _escape(terrain_text(facts))))
        if terrain is not None:
            traits = [
                label
                for label, on in (
                    ("urban", terrain.urban),
                    ("blocks line of sight", terrain.blocks_los),
                    ("water", terrain.water),
                    ("shallow water", terrain.shallow_water),
                    ("vehicles by road only", terrain.vehicles_road_only),
                )
                if on
            ]
            if traits:
                rows.append(("", f"<span class='sub'>{_escape(', '.join(traits))}</span>"))
        elevation = "—" if facts.elevation is None else f"{facts.elevation} m"
        rows.append(("Elevation", elevation))
        for place in facts.places:
            rows.append(("Place name", f"{_escape(place.name)} ({words(place.size)})"))
        for feature in facts.full_hex:
            rows.append(("Full hex", f"{words(feature.kind).capitalize()} across the water"))
        return rows

    def _hexsides(self, facts: HexFacts) -> list[tuple[str, str]]:
        rows = []
        for direction in Direction:
            kinds = [words(k) for d, k in facts.hexsides if d is direction]
            kinds += [words(k) for d, k in facts.crossings if d is direction]
            if kinds:
                rows.append((words(direction).capitalize(), _escape(", ".join(kinds).capitalize())))
        return rows or [("", "<span class='none'>nothing along the sides</span>")]

    def _connections(self, facts: HexFacts) -> list[tuple[str, str]]:
        rows = [
            (words(kind).capitalize(), _escape(sides(directions)))
            for kind, directions in facts.connections
        ]
        if facts.raised:
            rows.append(("Raised", _escape(sides(facts.raised))))
        return rows or [("", "<span class='none'>none</span>")]

    def _scenario(self, document: Document, facts: HexFacts) -> list[tuple[str, str]]:
        rows = []
        for objective in facts.objectives:
            name = objective.name or ", ".join(p.name for p in facts.places) or objective.id
            kind = "" if objective.kind == "normal" else f", {objective.kind}"
            rows.append(
                (
                    "Objective",
                    _swatch(_fill(objective.owner))
                    + f"{_escape(name)}: <b>{objective.points} VP</b>"
                    + f" ({_side_name(objective.owner)}{_escape(kind)})",
                )
            )
        for source in facts.sources:
            rows.append(
                (
                    "Supply source",
                    _swatch(_fill(source.side)) + f"{_side_name(source.side)} {source.value}%",
                )
            )
        for reinforcement, turn in facts.arrivals:
            when = f"turn {turn}" if turn is not None else _escape(reinforcement.at)
            count = len(reinforcement.units) + len(reinforcement.organizations)
            rows.append(
                (
                    "Arrival",
                    f"{_escape(reinforcement.id)}: {when}, {count} unit"
                    f"{'s' if count != 1 else ''} or formation{'s' if count != 1 else ''}"
                    f" in {words(reinforcement.mode)} mode",
                )
            )
        for name, item in facts.overlays:
            rows.append((words(name).capitalize(), _escape(_overlay_text(name, item))))
        return rows or [("", "<span class='none'>no objective, supply, arrival or overlay</span>")]

    def _units(self, facts: HexFacts, oob: OobIndex) -> str:
        if not facts.units:
            return "<p class='none'>none</p>"
        resources = self.browser.document()
        cells = []
        for placement, entry in facts.units:
            if entry is None:
                cells.append(
                    f"<tr><td></td><td colspan='3'>{_escape(placement.unit)} "
                    "<span class='none'>(not in the OOB)</span></td></tr>"
                )
                continue
            unit = entry.unit
            url = QUrl(f"symbol:{placement.unit}")
            icon = symbols.symbol_icon(unit, entry.side, SYMBOL_SIZE)
            resources.addResource(
                QTextDocument.ResourceType.ImageResource,
                url,
                icon.pixmap(SYMBOL_SIZE, SYMBOL_SIZE),
            )
            strength = placement.strength
            if strength is None:  # full strength, that of every company combined in it [4.9]
                strength = oob.full_strength(placement.unit, placement.combined_with)
            component = "" if unit.component is Component.MEN else f" {words(unit.component)}"
            state = [words(placement.mode)]
            for flag in ("fixed", "disrupted", "detached", "low_ammo", "low_fuel"):
                if getattr(placement, flag):
                    state.append(words(flag))
            if placement.fixed_from_turn is not None:  # [000 4.6] halted later
                state.append(f"fixed from turn {placement.fixed_from_turn}")
            if self.unit_notes is not None:
                state += self.unit_notes(placement.unit)
            cells.append(
                f"<tr><td><img src='{url.toString()}'></td>"
                f"<td class='value'><b>{_escape(unit.name)}</b><br>"
                f"<span class='sub'>{_side_name(entry.side)}"
                f"{' · ' + _escape(unit.type_name) if unit.type_name else ''}</span></td>"
                f"<td class='num'>{strength}{component}</td>"
                f"<td class='num'>{_escape(', '.join(state))}</td></tr>"
            )
        return f"<table cellspacing='0' cellpadding='3'>{''.join(cells)}</table>"


def _fill(side: Side | None) -> QColor:
    return symbols.side_color(side) if side is not None else QColor("#e6e2d3")


def _overlay_text(name: str, item: Any) -> str:
    if name == "minefields":
        side = f", laid by {_side_name(item.side)}" if item.side else ""
        return f"strength {item.strength}{side}" + (", penetrated" if item.penetrated else "")
    if name == "obstacles":
        return "penetrated" if item.penetrated else "intact"
    if name == "bridges":
        where = f"{words(item.side)} side" if item.side is not None else "full hex"
        wired = f" by {_side_name(item.wired_by)}" if item.wired_by else ""
        return f"{words(item.state)}{wired} ({where})"
    if name == "rubble":
        return "cleared" if item.cleared else "blocking"
    if name == "fortifications":
        side = f", {_side_name(item.side)}" if item.side else ""
        return words(item.kind) + side + (", vacated" if item.vacated else "")
    if name == "wrecks":
        return f"{item.count} wreck{'s' if item.count != 1 else ''}"
    return "present"
