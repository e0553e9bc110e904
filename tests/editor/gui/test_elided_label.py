"""The one-line elided label of the Players tab's progress line: never taller than a line (at
200 % scale a wrapping line was cut through its glyphs), "…" where the text is cut, and the
whole text in its tooltip."""

from __future__ import annotations

from editor.widgets.elided_label import ElidedLabel

LONG = (
    "Allied computer: 7 orders · move us.28id.110ir.2bn to 33,52 - us.28id order 28id-wiltz: "
    "hold wiltz (11 hexes to go)"
)


def test_a_long_line_is_cut_with_an_ellipsis_and_told_whole_in_the_tooltip(qtbot) -> None:
    label = ElidedLabel("What the computer is doing")
    qtbot.addWidget(label)
    label.resize(200, 40)
    label.show()
    label.setText(LONG)
    assert label.sizeHint().height() == label.fontMetrics().height()
    assert label.minimumSizeHint().width() == 0  # it never widens the panel
    assert label.elided().endswith("…")
    assert label.fontMetrics().horizontalAdvance(label.elided()) <= 200
    assert label.toolTip() == LONG
    label.setText("Paused")
    assert label.elided() == "Paused"
    assert label.toolTip() == "What the computer is doing"
