"""Changes to the scenario's briefings and designer's notes in a writer's terms: how many
paragraphs changed, were added or removed, and the first words that differ ("Allied briefing:
1 paragraph changed, 1 added — "Dawn" → "Morning""), not the whole text before and after."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any

from schemas.diffing.changes import Change

TEXTS = (
    ("allied", "Allied briefing"),
    ("axis", "Axis briefing"),
    ("designer_notes", "Designer's notes"),
)
"""The texts of `Briefings`, in the order the Briefing panel shows them, with their names."""

_WORDS_SHOWN = 8


def briefing_changes(old: Any, new: Any) -> list[Change]:
    """A change for each text of `Briefings` that differs between the two versions."""
    changes = []
    for name, subject in TEXTS:
        before, after = getattr(old, name), getattr(new, name)
        if before != after:
            changes.append(
                Change(
                    "scenario",
                    "Briefings",
                    "changed",
                    subject,
                    old=before,
                    new=after,
                    path=("briefings", name),
                    detail=text_change(before, after),
                )
            )
    return changes


def paragraphs(text: str) -> list[str]:
    """A Markdown text's paragraphs (blocks between blank lines), each with its line breaks and
    runs of spaces made one space: re-wrapping a paragraph does not change it."""
    blocks = re.split(r"\n[ \t]*\n", text.strip())
    return [" ".join(block.split()) for block in blocks if block.strip()]


def text_change(old: str, new: str) -> str:
    """What changed from `old` to `new`, counted in paragraphs, with the first changed words."""
    before, after = paragraphs(old), paragraphs(new)
    changed = added = removed = 0
    first = ""
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        pairs = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        changed += pairs
        added += (j2 - j1) - pairs
        removed += (i2 - i1) - pairs
        if not first:
            if pairs:
                first = _changed_words(before[i1], after[j1])
            elif j2 > j1:
                first = f"added {_quoted(after[j1].split())}"
            else:
                first = f"removed {_quoted(before[i1].split())}"
    counts = [
        f"{number} {word}"
        for number, word in ((changed, "changed"), (added, "added"), (removed, "removed"))
        if number
    ]
    if not counts:
        return "line breaks and spacing only"
    total = changed or added or removed
    counts[0] = counts[0].replace(" ", f" paragraph{'s' if total != 1 else ''} ", 1)
    return f"{', '.join(counts)} — {first}"


def _changed_words(old: str, new: str) -> str:
    """The first run of words that differs between two versions of a paragraph."""
    before, after = old.split(), new.split()
    matcher = SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if tag == "insert":
            return f"added {_quoted(after[j1:j2])}"
        if tag == "delete":
            return f"removed {_quoted(before[i1:i2])}"
        return f"{_quoted(before[i1:i2])} → {_quoted(after[j1:j2])}"
    return "spacing"


def _quoted(words: list[str]) -> str:
    shown = " ".join(words[:_WORDS_SHOWN])
    return f'"{shown}…"' if len(words) > _WORDS_SHOWN else f'"{shown}"'
