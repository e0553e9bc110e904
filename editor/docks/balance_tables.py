"""The Balance panel's tables: the games of a run sorted by score, the median and the extreme
games marked, and the A/B comparison of two runs, figure by figure with the test that decides
whether the difference is significant. Both adapt the run's records and hold no copies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

if TYPE_CHECKING:
    from engine.balance import BalanceSummary, Comparison, ComparisonRow, GameRecord

Index = QModelIndex | QPersistentModelIndex

GAME_COLUMNS = ("Seed", "Outcome", "Score", "Turns", "Failed", "Marked")
COMPARISON_COLUMNS = ("Figure", "A", "B", "Difference", "p-value", "Significant", "Test")
"""The verdict beside its p-value, the long test names last (whole in the tool tip)."""
SIGNIFICANT_COLOR = QColor("#b3261e")


def outcome_text(outcome: str) -> str:
    """An engine outcome as the panel writes it: "axis_minor_victory" -> "Axis minor victory"
    (only its first letter raised: a situation's level keeps its own capitals)."""
    text = outcome.replace("_", " ")
    return text[:1].upper() + text[1:]


def marks_of(summary: BalanceSummary | None) -> dict[int, str]:
    """The marks of the median game and the extremes, by seed."""
    if summary is None:
        return {}
    marks: dict[int, list[str]] = {}
    for seed, text in (
        (summary.median_game_seed, "median"),
        (summary.best_seed, "best for the Allies"),
        (summary.worst_seed, "best for the Axis"),
    ):
        if seed is not None:
            marks.setdefault(seed, []).append(text)
    return {seed: ", ".join(texts) for seed, texts in marks.items()}


class _ColumnsModel(QAbstractTableModel):
    """A flat table with fixed, named columns: the row count from `_count`, headers from
    `columns`."""

    columns: tuple[str, ...] = ()

    def _count(self) -> int:
        raise NotImplementedError

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(self.columns)
        ):
            return self.columns[section]
        return None


class GamesModel(_ColumnsModel):
    """The games of a run, highest score (best for the Allies) first; failed games last."""

    columns = GAME_COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.records: list[GameRecord] = []
        self.marks: dict[int, str] = {}

    def set_records(self, records: Sequence[GameRecord], summary: BalanceSummary | None) -> None:
        """Show these games."""
        self.beginResetModel()
        self.records = sorted(
            records, key=lambda r: (r.error is not None, -r.score if r.error is None else 0, r.seed)
        )
        self.marks = marks_of(summary)
        self.endResetModel()

    def record(self, row: int) -> GameRecord:
        """The game on a row."""
        return self.records[row]

    def row_of(self, seed: int) -> int | None:
        """The row of a game's seed, if listed."""
        return next((i for i, r in enumerate(self.records) if r.seed == seed), None)

    def _count(self) -> int:
        return len(self.records)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.records):
            return None
        record = self.records[index.row()]
        column = index.column()
        mark = self.marks.get(record.seed, "")
        if role == Qt.ItemDataRole.DisplayRole:
            failed = record.error is not None
            values = (
                str(record.seed),
                "" if failed else outcome_text(record.outcome),
                "" if failed else f"{record.score:g}",
                "" if failed else str(record.turns),
                "failed" if failed else "",
                mark,
            )
            return values[column] if 0 <= column < len(values) else None
        if role == Qt.ItemDataRole.ToolTipRole:
            if record.error is not None:
                return f"Seed {record.seed} failed: {record.error}"
            return f"Seed {record.seed}: double-click or Open in Test-play to watch it"
        if role == Qt.ItemDataRole.FontRole and mark:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (0, 2, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def figures(row: ComparisonRow) -> tuple[str, str, str]:
    """A, B and the difference as the table writes them: shares of games in per cent (and the
    difference in points), means as numbers."""
    from engine.balance.stats import SIGN_TEST  # noqa: PLC0415

    if row.test == SIGN_TEST:  # a yes/no per game: its rate
        return (
            f"{row.a * 100:.1f} %",
            f"{row.b * 100:.1f} %",
            f"{row.difference * 100:+.1f} pts",
        )
    return f"{row.a:.4g}", f"{row.b:.4g}", f"{row.difference:+.4g}"


class ComparisonModel(_ColumnsModel):
    """A comparison's rows: figure, A, B, difference, p-value, test, significant (in words,
    bold and coloured when it is)."""

    columns = COMPARISON_COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.comparison: Comparison | None = None
        self.names: dict[str, str] = {}

    def set_comparison(
        self, comparison: Comparison | None, names: dict[str, str] | None = None
    ) -> None:
        """Show a comparison (None: empty); `names` give the objectives' names by id."""
        self.beginResetModel()
        self.comparison = comparison
        self.names = names or {}
        self.endResetModel()

    def figure_text(self, row: ComparisonRow) -> str:
        """The figure's name, an objective by its name rather than its id."""
        key, held, rest = row.figure.partition(" held by ")
        if held and key in self.names:
            return f"{self.names[key]} held by {rest}"
        return outcome_text(row.figure)

    @property
    def rows(self) -> list[Any]:
        """The comparison's rows."""
        return list(self.comparison.rows) if self.comparison is not None else []

    def _count(self) -> int:
        return len(self.rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        rows = self.rows
        if not index.isValid() or not 0 <= index.row() < len(rows):
            return None
        row = rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            values = (
                self.figure_text(row),
                *figures(row),
                f"{row.p_value:.3g}",
                "Yes" if row.significant else "no",
                row.test,
            )
            return values[column] if 0 <= column < len(values) else None
        if role == Qt.ItemDataRole.FontRole and row.significant:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and row.significant and column in (3, 5):
            return QBrush(SIGNIFICANT_COLOR)
        if role == Qt.ItemDataRole.ToolTipRole:
            verdict = "significant" if row.significant else "not significant"
            return f"{self.figure_text(row)}: {verdict} at 5 % ({row.test}, p = {row.p_value:.4g})"
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (1, 2, 3, 4):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
