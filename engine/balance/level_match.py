"""Victory levels matched across two versions of a scenario or situation (`match_levels`), so
that an A/B comparison whose B renamed a level compares it with A's level of the same standing
("German decisive (was 'German major')") rather than count it as a level A never reached."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engine.balance.game_record import GameRecord, RecordKind


@dataclass(frozen=True)
class LevelMatch:
    """A's levels by B's: each of A's levels named as B names the level it matches."""

    names: dict[str, str] = field(default_factory=dict)
    """A's level -> B's level of the same standing (the same name when B kept it)."""
    renamed: dict[str, str] = field(default_factory=dict)
    """B's level -> A's name for it, for each level B renamed."""
    only_a: tuple[str, ...] = ()
    """A's levels with no counterpart in B (B dropped them)."""

    def label(self, level: str, text: str) -> str:
        """How a report names B's `level`, written `text`: with A's name when B renamed it."""
        old = self.renamed.get(level)
        return f"{text} (was '{old.replace('_', ' ')}')" if old is not None else text

    def translated(self, records: Sequence[GameRecord]) -> list[GameRecord]:
        """A's records with their outcomes named as B names them."""
        return [
            replace(r, outcome=self.names[r.outcome]) if r.outcome in self.names else r
            for r in records
        ]


def match_levels(a: RecordKind, b: RecordKind) -> LevelMatch:
    """Match A's victory levels to B's, side by side. A level has no identity but its name in
    the situation schema (`VictoryLevel` is a name, a side and points), so a level keeps its
    match when it keeps its name; of the rest, a level matches the other version's level of
    its side with the same points; the levels still unmatched match by their rank among their
    side's remaining levels (the most points first), so that a level renamed and re-pointed
    at once still meets its counterpart. A level left over on one side has no counterpart
    (`only_a`, or a level of B that A's games never reach)."""
    names: dict[str, str] = {}
    for side in ("allied-win", "axis-win", "draw"):
        mine = [lv for lv in a.levels if a.side_result(lv) == side]
        theirs = [lv for lv in b.levels if b.side_result(lv) == side]
        for level in [lv for lv in mine if lv in theirs]:
            names[level] = level
        mine = [lv for lv in mine if lv not in names]
        theirs = [lv for lv in theirs if lv not in names.values()]
        for level in list(mine):
            same = [t for t in theirs if t in b.points and b.points[t] == a.points.get(level)]
            if level in a.points and len(same) == 1:
                names[level] = same[0]
                mine.remove(level)
                theirs.remove(same[0])
        by_points = _by_points(mine, a), _by_points(theirs, b)
        for old, new in zip(*by_points, strict=False):
            names[old] = new
    renamed = {new: old for old, new in names.items() if old != new}
    only_a = tuple(lv for lv in a.levels if lv not in names)
    return LevelMatch(names, renamed, only_a)


def _by_points(levels: list[str], kind: RecordKind) -> list[str]:
    """Levels from the most points down; their order in `kind` where points are unknown."""
    order = {lv: i for i, lv in enumerate(kind.levels)}
    return sorted(levels, key=lambda lv: (-kind.points.get(lv, 0), order[lv]))
