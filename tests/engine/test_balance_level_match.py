"""An A/B comparison whose B renamed a situation's victory levels matches them to A's by name,
else points, else rank among the side's levels, says which level was renamed, and compares
their rates as one level (not as a level A never reached beside one B never reached)."""

from __future__ import annotations

from engine.balance import GameRecord, compare
from engine.balance.game_record import RecordKind
from engine.balance.level_match import match_levels


def _kind(allied: list[tuple[str, int]], axis: list[tuple[str, int]]) -> RecordKind:
    """Levels as `engine.tactical_gamex.balance.record_kind` lists them."""
    first = [name for name, _ in sorted(allied, key=lambda lv: -lv[1])]
    last = [name for name, _ in sorted(axis, key=lambda lv: lv[1])]
    sides = dict.fromkeys(first, "allied-win") | dict.fromkeys(last, "axis-win")
    return RecordKind(
        levels=(*first, "draw", *last),
        sides=sides | {"draw": "draw"},
        losses=("units",),
        early_endings=True,
        points=dict(allied) | dict(axis),
    )


A = _kind(
    [("Soviet decisive", 10), ("Soviet marginal", 0)], [("German major", 15), ("German minor", 10)]
)


def _record(seed: int, outcome: str) -> GameRecord:
    return GameRecord(seed, outcome, 0.0, 1, (0.0,), {}, {"allied": {"units": 0}}, {})


def test_a_renamed_level_matches_by_name_points_then_rank() -> None:
    # "German major" renamed with its points kept; "German minor" renamed and re-pointed.
    b = _kind(
        [("Soviet decisive", 10), ("Soviet marginal", 0)],
        [("German decisive", 15), ("German marginal", 8)],
    )
    match = match_levels(A, b)
    assert match.names["Soviet decisive"] == "Soviet decisive"
    assert match.names["German major"] == "German decisive"  # same points
    assert match.names["German minor"] == "German marginal"  # the rank left
    assert match.renamed == {"German decisive": "German major", "German marginal": "German minor"}
    assert match.only_a == ()
    assert match.label("German decisive", "German decisive") == (
        "German decisive (was 'German major')"
    )


def test_the_comparison_compares_a_renamed_level_with_its_old_self() -> None:
    b = _kind(
        [("Soviet decisive", 10), ("Soviet marginal", 0)],
        [("German decisive", 15), ("German marginal", 10)],
    )
    # The same games in both versions: only the names differ.
    outcomes = ["German major"] * 6 + ["Soviet marginal"] * 4
    a_records = [_record(seed, o) for seed, o in enumerate(outcomes, 1)]
    b_records = [
        _record(seed, {"German major": "German decisive"}.get(o, o))
        for seed, o in enumerate(outcomes, 1)
    ]
    result = compare(a_records, b_records, A, b)
    rows = {row.figure: row for row in result.rows}
    row = rows["German decisive (was 'German major')"]
    assert (row.a, row.b, row.difference) == (0.6, 0.6, 0.0)
    assert not row.significant
    assert rows["Soviet marginal"].a == rows["Soviet marginal"].b == 0.4
    assert "German major" not in rows  # no row for the old name alone
    assert "German decisive (was 'German major')" in result.text()
    # Without B's own levels the old names stay apart: the bug this fixes.
    unmatched = {row.figure: row for row in compare(a_records, b_records, A).rows}
    assert unmatched["German major"].a == 0.6
    assert unmatched["German major"].b == 0.0


def test_a_level_b_dropped_keeps_its_row_and_side() -> None:
    b = _kind([("Soviet decisive", 10), ("Soviet marginal", 0)], [("German win", 15)])
    match = match_levels(A, b)
    assert match.names["German major"] == "German win"
    assert match.only_a == ("German minor",)
    records = [_record(1, "German minor"), _record(2, "German major")]
    result = compare(records, [_record(1, "German win"), _record(2, "German win")], A, b)
    rows = {row.figure: row for row in result.rows}
    assert rows["German minor (only in A)"].a == 0.5
    assert rows["German minor (only in A)"].b == 0.0
    assert rows["axis-win"].a == rows["axis-win"].b == 1.0  # still a German victory in A
