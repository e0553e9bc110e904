"""The Tactical GameX part of File > New Title…: the situation whose unit types and tables to
start from, how many blank panels of what size, the two sides' nations with their morale
levels, the turn count and the hexes that win the situation."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from editor.tactical_gamex.new_title import NewTitle, create_tgx_title, usual_morale
from schemas.tactical_gamex.vocabulary import Nation
from schemas.vocabulary import Side

SAMPLE_DATA = Path(__file__).resolve().parents[2] / "sample_data"
SITUATION_FILTER = "Situations (*.situation.yaml *.situation.yml *.situation.json)"


def sample_situation() -> Path | None:
    """The first situation of the Tactical GameX sample titles shipped, if any."""
    found = sorted(SAMPLE_DATA.glob("tgx_*/scenarios/*.situation.yaml"))
    return found[0] if found else None


class TgxTitleForm(QWidget):
    """The fields of a new Tactical GameX title."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tgx_title_form")
        self.template = QLineEdit()
        self.template.setToolTip(
            "A situation whose title's unit types and ruleset tables the new title copies (the "
            "rules print no tables)"
        )
        sample = sample_situation()
        if sample is not None:
            self.template.setText(str(sample))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        template_row = QHBoxLayout()
        template_row.setContentsMargins(0, 0, 0, 0)
        template_row.addWidget(self.template, 1)
        template_row.addWidget(browse)
        self.panels = self._spin(1, 9, 2, "Blank panels laid side by side (rearrange them later)")
        self.width_spin = self._spin(3, 99, 17, "Columns of a panel, both half-hex edges included")
        self.width_spin.setSingleStep(2)
        self.height_spin = self._spin(2, 99, 10, "Rows of a panel")
        self.allied = self._nations(Nation.SOVIET_UNION, "The Allied (or Soviet) side's nation")
        self.axis = self._nations(Nation.GERMANY, "The Axis side's nation")
        self.allied_morale = self._spin(2, 12, 7, "The Allied nation's Morale Level [003 7.0]")
        self.axis_morale = self._spin(2, 12, 8, "The Axis nation's Morale Level [003 7.0]")
        self.allied.currentIndexChanged.connect(self._usual_morale)
        self.axis.currentIndexChanged.connect(self._usual_morale)
        self._usual_morale()
        self.turns = self._spin(1, 99, 10, "Game turns of the situation [003 4.0]")
        self.victory_side = QComboBox()
        for side in Side:
            self.victory_side.addItem(side.value.title(), side)
        self.victory_side.setCurrentIndex(list(Side).index(Side.AXIS))
        self.victory_side.setToolTip("The side that wins by holding the hexes")
        self.victory_hexes = QLineEdit()
        self.victory_hexes.setPlaceholderText("A H5, B C2")
        self.victory_hexes.setToolTip(
            "Native addresses (panel letter, column, row) the side must hold at the end; more "
            "conditions and levels are set in the Victory panel"
        )
        victory_row = QHBoxLayout()
        victory_row.setContentsMargins(0, 0, 0, 0)
        victory_row.addWidget(self.victory_side)
        victory_row.addWidget(QLabel("holds"))
        victory_row.addWidget(self.victory_hexes, 1)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Tables and unit types from", template_row)
        form.addRow("Panels", self.panels)
        size = QHBoxLayout()
        size.addWidget(self.width_spin)
        size.addWidget(self.height_spin)
        size.addStretch(1)
        form.addRow("Panel columns × rows", size)
        form.addRow("Allied nation, morale", self._pair(self.allied, self.allied_morale))
        form.addRow("Axis nation, morale", self._pair(self.axis, self.axis_morale))
        form.addRow("Turns", self.turns)
        form.addRow("Victory", victory_row)

    def _pair(self, nation: QComboBox, morale: QSpinBox) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(nation, 1)
        row.addWidget(morale)
        return row

    def _usual_morale(self) -> None:
        # Choosing a nation proposes the morale its lineage's charts usually give [003 7.0].
        allied, axis = usual_morale(self.allied.currentData(), self.axis.currentData())
        self.allied_morale.setValue(allied)
        self.axis_morale.setValue(axis)

    def _spin(self, low: int, high: int, value: int, tip: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setToolTip(tip)
        return spin

    def _nations(self, chosen: Nation, tip: str) -> QComboBox:
        box = QComboBox()
        for nation in Nation:
            box.addItem(nation.value.replace("_", " ").title(), nation)
        box.setCurrentIndex(list(Nation).index(chosen))
        box.setToolTip(tip)
        return box

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, "Tables and Unit Types From", self.template.text(), SITUATION_FILTER
        )
        if chosen:
            self.template.setText(chosen)

    def create(self, folder: Path, title: str) -> Path:
        """Write the title; the path of its situation (raises ValueError, OSError)."""
        template = Path(self.template.text().strip())
        if not template.is_file():
            raise ValueError("Choose a situation whose unit types and tables to start from.")
        if self.width_spin.value() % 2 == 0 and self.panels.value() > 1:
            raise ValueError(
                "Panels joined side by side need an odd number of columns: their half-hex "
                "edges meet in one seam column."
            )
        return create_tgx_title(
            NewTitle(
                folder=folder,
                title=title,
                template=template,
                panels=self.panels.value(),
                panel_width=self.width_spin.value(),
                panel_height=self.height_spin.value(),
                allied=self.allied.currentData(),
                axis=self.axis.currentData(),
                turns=self.turns.value(),
                victory_side=self.victory_side.currentData(),
                victory_hexes=tuple(
                    t.strip() for t in self.victory_hexes.text().split(",") if t.strip()
                ),
                morale=(self.allied_morale.value(), self.axis_morale.value()),
            )
        )
