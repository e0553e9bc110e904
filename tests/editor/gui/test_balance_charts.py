"""The Balance panel's charts and tables on hand-made games: the bars, band and lines show the
runs' figures, hovering gives the exact ones, the games are listed by score with the median and
extremes marked, and the comparison says in words which differences are significant."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage

from editor.docks.balance_charts import LEVEL_LABELS, ChartRun, LevelChart, ScoreChart
from editor.docks.balance_holds import HoldChart, hold_lines
from editor.docks.balance_plot import nice_ticks
from editor.docks.balance_tables import ComparisonModel, GamesModel
from engine.balance import GameRecord, compare, summarize
from schemas.vocabulary import Side


def _game(seed: int, outcome: str, scores: tuple[float, ...], town: tuple[str | None, ...]):
    return GameRecord(
        seed=seed,
        outcome=outcome,
        score=scores[-1],
        turns=len(scores),
        score_by_turn=scores,
        owners_by_turn={"town": town, "bridge": ("allied",) * len(scores)},
        losses={},
        arrivals={},
    )


GAMES = [
    _game(1, "axis_minor_victory", (10.0, -50.0, -150.0), ("allied", "axis", "axis")),
    _game(2, "draw", (20.0, 0.0, 30.0), ("allied", "allied", "allied")),
    _game(3, "axis_minor_victory", (0.0, -100.0, -120.0), ("allied", "allied", "axis")),
    _game(4, "allied_minor_victory", (40.0, 200.0, 400.0), ("allied", "allied", "allied")),
    GameRecord(5, "", 0.0, 0, (), {}, {}, {}, error="the worker died"),
]


@pytest.fixture
def run() -> ChartRun:
    return ChartRun("this scenario", GAMES, summarize(GAMES))


def _shown(widget, width: int = 600, height: int = 320) -> QImage:
    widget.resize(width, height)
    widget.show()
    return widget.grab().toImage()


def test_round_ticks_cover_the_range() -> None:
    assert nice_ticks(0, 1, 5) == [0.0, 0.25, 0.5, 0.75, 1.0]
    ticks = nice_ticks(-367, 578, 6)
    assert ticks[0] <= -367
    assert ticks[-1] >= 578
    assert len(ticks) <= 6
    assert nice_ticks(3, 3, 4)[0] <= 3  # a flat range still gets an axis


def test_the_victory_bars_give_each_levels_share_and_interval_on_hover(qtbot, run) -> None:
    chart = LevelChart()
    qtbot.addWidget(chart)
    chart.set_runs([run])
    _shown(chart)
    plot = chart.plot_rect()
    level = list(LEVEL_LABELS).index(
        next(lv for lv in LEVEL_LABELS if lv.value == "axis_minor_victory")
    )
    bar = chart.bar_rect(level, 0, plot)
    tip = chart.tip_for(QPointF(bar.center().x(), plot.bottom() - 2))
    share = run.summary.levels["axis_minor_victory"]
    assert "2 of 4 games, 50.0 %" in tip  # the failed game is not counted
    assert f"{share.low * 100:.1f}–{share.high * 100:.1f} %" in tip
    assert run.summary.level_method in tip
    # The bar reaches half the axis: its top pixel is the series colour at 50 %.
    image = chart.grab().toImage()
    top = int(chart.y_of(share.rate, plot)) + 3
    assert image.pixelColor(int(bar.left()) + 2, top).name() == "#3a6ea5"
    assert image.pixelColor(int(bar.left()) + 2, int(chart.y_of(0.9, plot))).name() != "#3a6ea5"


def test_the_score_band_holds_the_median_and_quartiles_of_each_turn(qtbot, run) -> None:
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.set_runs([run])
    _shown(chart)
    plot = chart.plot_rect()
    tip = chart.tip_for(QPointF(chart.x_of(3, plot), plot.center().y()))
    third = run.summary.score_by_turn[2]
    assert tip.startswith("<b>Turn 3</b>")
    assert f"median {third.median:g}" in tip
    assert f"{third.q1:g} to {third.q3:g}" in tip
    assert [e.text for e in chart.legend()] == ["median, quartiles"]


def test_two_runs_are_told_apart_by_the_legend(qtbot, run) -> None:
    chart = LevelChart()
    qtbot.addWidget(chart)
    other = ChartRun("B: open document", GAMES[:2], summarize(GAMES[:2]))
    chart.set_runs([ChartRun("A: saved file", GAMES, run.summary), other])
    _shown(chart)
    assert [e.text for e in chart.legend()] == ["A: saved file", "B: open document"]
    plot = chart.plot_rect()
    tip = chart.tip_for(QPointF(chart.bar_rect(2, 1, plot).center().x(), plot.center().y()))
    assert "A: saved file: 1 of 4 games" in tip
    assert "B: open document: 1 of 2 games" in tip


def test_objective_hold_rates_are_shares_of_games_by_turn_for_the_starting_owner() -> None:
    names = {"town": "Stoumont", "bridge": "Targnon bridge"}
    lines = hold_lines(GAMES, names, {"town": Side.ALLIED, "bridge": Side.AXIS})
    by_id = {line.id: line for line in lines}
    assert by_id["town"].shares == (1.0, 0.75, 0.5)
    assert by_id["bridge"].side == "axis"
    assert by_id["bridge"].shares == (0.0, 0.0, 0.0)
    assert [line.name for line in lines] == ["Stoumont", "Targnon bridge"]


def test_many_objectives_are_small_multiples_with_their_own_tips(qtbot) -> None:
    owners = {f"o{i}": ("allied", "axis", "axis") if i % 2 else ("allied",) * 3 for i in range(7)}
    games = [GameRecord(1, "draw", 0.0, 3, (0.0, 0.0, 0.0), owners, {}, {})]
    chart = HoldChart()
    qtbot.addWidget(chart)
    chart.set_lines(hold_lines(games, {}, {}))
    _shown(chart, 700, 360)
    assert chart.small_multiples
    assert chart.legend() == []
    cells = chart.cells()
    assert len(cells) == 7
    line, _cell, plot = cells[1]
    tip = chart.tip_for(QPointF(plot.right() - 1, plot.center().y()))
    assert f"<b>{line.name}</b>" in tip
    assert "Turn 3: held in 0 % of 1 games" in tip
    assert all(a[1].intersected(b[1]).isEmpty() or a is b for a in cells for b in cells)


def test_the_games_are_listed_by_score_with_the_median_and_extremes_marked(
    qtmodeltester, run
) -> None:
    model = GamesModel()
    model.set_records(GAMES, run.summary)
    qtmodeltester.check(model)
    seeds = [model.record(row).seed for row in range(model.rowCount())]
    assert seeds == [4, 2, 3, 1, 5]  # highest score first, the failed game last
    marks = {model.record(r).seed: model.index(r, 5).data() for r in range(model.rowCount())}
    assert "best for the Allies" in marks[4]
    assert "best for the Axis" in marks[1]
    assert "median" in marks[run.summary.median_game_seed]
    assert model.index(4, 4).data() == "failed"
    assert "the worker died" in model.index(4, 0).data(Qt.ItemDataRole.ToolTipRole)


def test_the_comparison_says_significant_in_words_and_bold(qtmodeltester) -> None:
    # Eight paired games, each 300 points worse for the Allies in B: the signed-rank test
    # finds it (p = 2/256); the victory levels, unchanged, are not significant.
    before = [
        GameRecord(seed, "draw", float(seed), 1, (float(seed),), {}, {}, {}) for seed in range(8)
    ]
    after = [
        GameRecord(r.seed, "draw", r.score - 300 - r.seed, 1, (r.score,), {}, {}, {})
        for r in before
    ]
    model = ComparisonModel()
    model.set_comparison(compare(before, after))
    qtmodeltester.check(model)
    texts = [[model.index(r, c).data() for c in range(7)] for r in range(model.rowCount())]
    by_figure = {row[0]: row for row in texts}
    score = by_figure["Score (mean)"]
    assert score[1:4] == ["3.5", "-300", "-303.5"]
    assert score[5] == "Yes"
    row = texts.index(score)
    assert model.index(row, 0).data(Qt.ItemDataRole.FontRole).bold()
    assert "significant at 5 %" in model.index(row, 5).data(Qt.ItemDataRole.ToolTipRole)
    draw = by_figure["Draw"]
    assert draw[1:4] == ["100.0 %", "100.0 %", "+0.0 pts"]
    assert draw[5] == "no"
    assert model.index(texts.index(draw), 0).data(Qt.ItemDataRole.FontRole) is None
    model.set_comparison(None)
    qtmodeltester.check(model)


def test_the_comparison_names_fit_their_column_or_keep_their_new_name(qtbot) -> None:
    from PySide6.QtGui import QFontMetrics

    from editor.docks.balance_views import FIGURE_LEAST, ComparePage, figure_elided
    from engine.balance.comparison import Comparison, ComparisonRow

    renamed = "German minor (was 'German marginal')"
    longest = "Soviet overwhelming decisive (was 'Soviet decisive')"
    rows = [
        ComparisonRow(figure, 0.25, 0.5, 0.25, 0.5, "exact binomial test on the discordant", False)
        for figure in (longest, renamed, "Draw")
    ]
    page = ComparePage()
    qtbot.addWidget(page)
    page.resize(1400, 300)
    page.show()
    qtbot.waitExposed(page)
    page.show_comparison(Comparison(4, rows, []), ("saved file", "open situation"), 4, {})
    table = page.table
    # Room enough: the longest name whole, the figures and the verdict beside it.
    assert table.columnWidth(0) >= table.sizeHintForColumn(0)
    assert "renamed" in page.heading.text()
    # A laptop's narrow panel: the column keeps its least width, and a name too long for it
    # keeps its new name, losing the old one first.
    metrics = QFontMetrics(table.font())
    least = metrics.horizontalAdvance("M" * FIGURE_LEAST)
    assert table.sizeHintForColumn(0) > least
    page.resize(450, 300)
    qtbot.waitUntil(lambda: table.columnWidth(0) == least)
    width = metrics.horizontalAdvance("German minor (was …)")
    assert figure_elided(renamed, metrics, width) == "German minor (was …)"
    assert figure_elided(renamed, metrics, width - 1) == "German minor*"
    assert figure_elided(renamed, metrics, 10_000) == renamed
    held = "Château de Froidcour held by allied"
    cut = figure_elided(held, metrics, metrics.horizontalAdvance("Château de Froi… allied"))
    assert cut.startswith("Château")
    assert cut.endswith("allied")
    # Dragged by hand, the column stays as the designer left it.
    table.horizontalHeader().resizeSection(0, 400)
    page.resize(1400, 300)
    qtbot.wait(10)
    assert table.columnWidth(0) == 400


def test_the_games_note_goes_under_the_buttons_on_a_narrow_panel(qtbot) -> None:
    from editor.docks.balance_views import GamesPage

    page = GamesPage()
    qtbot.addWidget(page)
    page.show_games(GAMES, summarize(GAMES))
    page.resize(1200, 300)
    page.show()
    qtbot.waitExposed(page)
    # Wide: the note beside the buttons, on their row.
    assert page.note.geometry().top() < page.save_button.geometry().bottom()
    assert page.note.geometry().left() > page.save_button.geometry().right()
    # Narrow (a laptop's panel, 200 %): under them, on one line rather than a column of words.
    page.resize(page.open_button.width() + page.save_button.width() + 40, 300)
    qtbot.waitUntil(lambda: page.note.geometry().top() > page.save_button.geometry().bottom())
    assert page.note.geometry().left() == page.open_button.geometry().left()
