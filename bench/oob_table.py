"""The OOB table's row of `python -m bench`: sorting the benchmark title's 8,000 units by
strength in the OOB Table dock's model (`editor/docks/oob_table_model.py`), the wait a designer
has after clicking the column's header. Qt runs offscreen; the view's repaint is not counted."""

from __future__ import annotations

import os

from bench.measure import BUDGETS, Prepared, Title, measurement

ROW = "OOB table: sort 8,000 units by strength"
BUDGETS[ROW] = 0.1


@measurement(ROW, BUDGETS[ROW])
def _sort_by_strength(title: Title) -> Prepared:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt  # noqa: PLC0415  # Qt only for the editor's rows
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from editor.docks.oob_table_model import OobTableModel  # noqa: PLC0415
    from editor.document import Document  # noqa: PLC0415

    app = QApplication.instance() or QApplication([])
    document = Document.from_bundle(title.bundle)
    model = OobTableModel()
    model.set_document(document)
    column = model.columns.index("strength")
    orders = [Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder]

    def sort() -> None:
        orders.reverse()  # each run sorts from the other order, never an already sorted list
        model.sort(column, orders[0])

    return Prepared(
        sort,
        f"OobTableModel.sort over {model.rowCount()} units, the order alternating run to run "
        f"({type(app).__name__} offscreen)",
    )
