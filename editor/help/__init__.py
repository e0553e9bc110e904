"""The help shipped with the editor: one Markdown page per topic in `pages/` (package data),
the validation codes read from the catalogue itself, and which page belongs to each panel."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from schemas.problems import CODES

PAGES = "pages"

PANEL_TOPICS: dict[str, str] = {
    "oob_tree": "order-of-battle",
    "oob_table": "order-of-battle",
    "tool_options": "map-tools",
    "map_aids": "map",
    "unit": "unit",
    "testplay": "test-play",
    "hex_info": "map",
    "scenario": "scenario",
    "history": "overview",
    "problems": "problems",
    "objectives": "scenario",
    "schedule": "scenario",
    "supply": "scenario",
    "air": "scenario",
    "ai_orders": "ai-orders",
    "parameters": "parameters-weather",
    "weather": "parameters-weather",
    "balance": "balance",
    "compare": "compare",
    "timeline": "scenario",
    "briefing": "briefing-printing",
    "unit_types": "unit-types",
    "tgx_panels": "tactical-gamex",
    "tgx_panel_map": "panel-maps",
    "tgx_unit_types": "tactical-gamex",
    "tgx_forces": "tactical-gamex",
    "tgx_tables": "tactical-gamex",
    "tgx_setup": "tactical-gamex",
    "tgx_victory": "tactical-gamex",
    "tgx_situation": "tactical-gamex",
    "tgx_hex_info": "tactical-gamex",
    "tgx_problems": "tactical-gamex",
    "tgx_testplay": "tactical-gamex",
    "tgx_balance": "tactical-gamex",
}
"""The topic F1 opens for each panel, by the dock's object name."""
MAP_TOPIC = "map-tools"
BOARD_TOPIC = "tactical-gamex"
"""The topic F1 opens on the Tactical GameX board."""
HOME = "overview"


@dataclass(frozen=True)
class Topic:
    """A help page: `name` (from its file name), its title (the first heading) and Markdown."""

    name: str
    title: str
    text: str

    def matches(self, words: list[str]) -> bool:
        """Whether every word appears in the page (case ignored)."""
        body = self.text.lower()
        return all(word.lower() in body for word in words)


def topics() -> list[Topic]:
    """Every page, in the order of their file names (`01-overview.md` first)."""
    folder = resources.files(__package__).joinpath(PAGES)
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".md"):
            continue
        text = entry.read_text(encoding="utf-8")
        name = entry.name.removesuffix(".md").split("-", 1)[-1]
        if name == "problems":
            text += "\n" + codes_table()
        title = text.splitlines()[0].lstrip("# ").strip() if text else name
        found.append(Topic(name, title, text))
    return found


def codes_table() -> str:
    """Every problem code with its meaning, as a Markdown table."""
    lines = ["| Code | Meaning |", "| --- | --- |"]
    lines += [f"| {code} | {meaning} |" for code, meaning in CODES.items()]
    return "\n".join(lines) + "\n"


def topic(name: str) -> Topic:
    """The page of that name (the overview if there is none)."""
    pages = topics()
    return next((t for t in pages if t.name == name), pages[0])
