"""A `Report` as text (one line a change, under its file and section), as Markdown for a pull
request (a heading per file kind, bullet lists per section) and as JSON.

The JSON is stable (format 1): `{"format": 1, "old": label, "new": label, "equal": bool,
"files": [{"file": path, "kind": kind, "status": "added|removed|changed|equal", "changes":
[change, …]}]}`, each change as `Change.as_json` gives it: `file, kind, section, action (added,
removed, changed, moved, painted), subject, field, old, new, unit, hex [column, row] or null,
count, unit_id, path (the model path), detail (a briefing's change in paragraphs, or
how many units follow a unit type's value; null), text`. New keys may be added; none is renamed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import groupby

from schemas.diffing.changes import Change
from schemas.diffing.files import FileDiff, Report

KIND_TITLES = {
    "scenario": "Scenario",
    "oob": "Order of battle",
    "map": "Map",
    "pdt": "Parameter data",
    "weather": "Weather",
}
JSON_FORMAT = 1


def _sections(changes: list[Change]) -> Iterator[tuple[str, list[Change]]]:
    """Changes grouped by section, sections in the order they first appear."""
    order: dict[str, list[Change]] = {}
    for change in changes:
        order.setdefault(change.section, []).append(change)
    yield from order.items()


def _heading(diff: FileDiff) -> str:
    title = KIND_TITLES.get(diff.kind, diff.kind)
    return f"{title} {diff.key}" if diff.key else title


def as_text(report: Report) -> str:
    """Plain text: a line per file, its sections indented, a line per change."""
    if report.equal:
        return f"no changes between {report.old} and {report.new}\n"
    lines = [f"changes from {report.old} to {report.new}"]
    for diff in report.files:
        if diff.status == "equal":
            continue
        if diff.status != "changed":
            lines.append(f"{_heading(diff)}: file {diff.status}")
            continue
        lines.append(f"{_heading(diff)}: {len(diff.changes)} change(s)")
        for section, changes in _sections(diff.changes):
            lines.append(f"  {section}")
            lines.extend(f"    {c.text}" for c in changes)
    return "\n".join(lines) + "\n"


def as_markdown(report: Report) -> str:
    """Markdown for a pull request: a heading per file, a bold line per section, bullets."""
    if report.equal:
        return f"No changes between `{report.old}` and `{report.new}`.\n"
    lines = [f"## Changes from `{report.old}` to `{report.new}`", ""]
    by_kind = groupby(report.files, key=lambda f: f.kind)
    for kind, files in by_kind:
        shown = [f for f in files if f.status != "equal"]
        if not shown:
            continue
        lines += [f"### {KIND_TITLES.get(kind, kind)}", ""]
        for diff in shown:
            name = f"`{diff.key}`" if diff.key else "the file"
            if diff.status != "changed":
                lines += [f"- {name}: file {diff.status}", ""]
                continue
            if len(shown) > 1 or diff.key:
                lines += [f"{name}:", ""]
            for section, changes in _sections(diff.changes):
                lines.append(f"**{section}**")
                lines.append("")
                lines.extend(f"- {_escape(c.text)}" for c in changes)
                lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _escape(text: str) -> str:
    """Text that Markdown shows as written (no emphasis from a `_` or `*` in a name)."""
    for mark in ("\\", "*", "_", "`", "<"):
        text = text.replace(mark, "\\" + mark)
    return text


def as_json(report: Report) -> str:
    """The documented JSON structure (see the module's docstring)."""
    data = {
        "format": JSON_FORMAT,
        "old": report.old,
        "new": report.new,
        "equal": report.equal,
        "files": [
            {
                "file": diff.key,
                "kind": diff.kind,
                "status": diff.status,
                "changes": [c.as_json() for c in diff.changes],
            }
            for diff in report.files
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
