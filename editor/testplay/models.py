"""The Test-play dock's tables: objectives with their owners, the coming arrivals and the event
log, each an adapter over the session's running game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from editor.docks.table_columns import label, place_name
from editor.symbols import side_color
from editor.testplay.event_places import event_place, hex_text
from schemas.panzer_campaigns.scenario import ObjectiveBase, Reinforcement
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from editor.testplay.session import TestPlaySession
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]
AnyIndex = QModelIndex | QPersistentModelIndex

ARRIVAL_HORIZON = 6
"""Game turns ahead the arrivals table looks."""

_ROOT = QModelIndex()


def side_text(side: Side | None) -> str:
    """A side as the dock shows it."""
    return label(side) if side is not None else "Nobody"


def _side_brush(side: Side | None, strength: float = 0.6) -> QBrush | None:
    """A side's colour faded towards white by `1 - strength`, for cell backgrounds."""
    if side is None:
        return None
    color = side_color(side)
    fade = 255 * (1 - strength)
    return QBrush(
        QColor.fromRgbF(
            (color.red() * strength + fade) / 255,
            (color.green() * strength + fade) / 255,
            (color.blue() * strength + fade) / 255,
        )
    )


class _SessionTable(QAbstractTableModel):
    """A table over the current session's game; subclasses give the rows and cells."""

    headers: tuple[str, ...] = ()
    tips: tuple[str, ...] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: TestPlaySession | None = None

    @property
    def game(self) -> Game | None:
        """The game shown, if any."""
        return self.session.game if self.session is not None else None

    def set_session(self, session: TestPlaySession | None) -> None:
        """Show another session's game (None: empty)."""
        self.beginResetModel()
        self.session = session
        self.refresh_rows()
        self.endResetModel()

    def refresh_rows(self) -> None:
        """Rebuild any cache of rows; called inside a model reset."""

    def columnCount(self, parent: AnyIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation is Qt.Orientation.Horizontal and 0 <= section < len(self.headers):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.headers[section]
            if role == Qt.ItemDataRole.ToolTipRole and section < len(self.tips):
                return self.tips[section]
        if orientation is Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None


# Objectives ---------------------------------------------------------------------------------


def _field_tip(name: str) -> str:
    return ObjectiveBase.model_fields[name].description or ""


class ObjectivesModel(_SessionTable):
    """Every objective in play: name, hex, the side holding it now and its worth."""

    headers = ("Objective", "Hex", "Owner", "VP")
    tips = (
        "The objective's name (the map's place name, or its id, when it has none)",
        _field_tip("hex"),
        "The side holding it now (the side exiting there, for an exit objective)",
        f"{_field_tip('points')} Exit objectives grow as units leave through them. (VP)",
    )

    def rowCount(self, parent: AnyIndex = _ROOT) -> int:
        game = self.game
        return 0 if parent.isValid() or game is None else len(game.state.objectives)

    def refresh(self) -> None:
        """The game moved on: owners and points may have changed."""
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 3))

    def hex_at(self, row: int) -> Offset | None:
        """The hex of the objective on a row."""
        game = self.game
        return game.offset_of(game.state.objectives[row].hex) if game is not None else None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        from engine.panzer_campaigns.objectives import is_in_play  # noqa: PLC0415

        game = self.game
        if game is None or not index.isValid() or index.row() >= self.rowCount():
            return None
        objective = game.state.objectives[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            assert self.session is not None
            name = objective.objective.name or place_name(
                self.session.shadow, game.offset_of(objective.hex)
            )
            return (
                name or objective.id,
                hex_text(game.offset_of(objective.hex)),
                side_text(objective.owner) + (" (expired)" if objective.expired else ""),
                f"{objective.points:g}",
            )[column]
        in_play = is_in_play(game.state, objective)
        if role == Qt.ItemDataRole.ToolTipRole:
            kind = label(objective.objective.kind).lower()
            idle = "" if in_play else " Not in play this turn: its points count for nobody."
            return f"{objective.id} ({kind} objective).{idle} Double-click to show it on the map."
        if role == Qt.ItemDataRole.ForegroundRole and not in_play:
            return QBrush(QColor("#808080"))
        if role == Qt.ItemDataRole.BackgroundRole and column == 2:
            return _side_brush(objective.owner)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 3:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.UserRole:
            return game.offset_of(objective.hex)
        return None


# Arrivals -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ComingArrival:
    """A reinforcement due within the horizon (or late) with the units still to come."""

    turn: int
    reinforcement: Reinforcement
    side: Side | None
    units: tuple[str, ...]


def coming_arrivals(game: Game, horizon: int = ARRIVAL_HORIZON) -> list[ComingArrival]:
    """Reinforcements due by `horizon` turns from now whose units have not all come, the late
    ones (a failed probability roll, a blocked hex) included, in turn order."""
    from engine.panzer_campaigns.units import UnitStatus  # noqa: PLC0415

    state = game.state
    coming: list[ComingArrival] = []
    for reinforcement in state.scenario.reinforcements:
        turn = state.turn_of(reinforcement)
        if turn is None or turn > game.turn + horizon:
            continue
        waiting = tuple(
            unit_id
            for unit_id in state.iter_scheduled_units(
                reinforcement.units, reinforcement.organizations
            )
            if (unit := state.units.get(unit_id)) is not None and unit.status is UnitStatus.WAITING
        )
        if waiting:
            side = state.units[waiting[0]].side
            coming.append(ComingArrival(turn, reinforcement, side, waiting))
    coming.sort(key=lambda arrival: arrival.turn)
    return coming


class ArrivalsModel(_SessionTable):
    """The reinforcements of the next few turns: turn, id, units and hex; under Fog of War
    only those of the side to move (the enemy's schedule is not for it to know)."""

    headers = ("Turn", "Reinforcement", "Units", "Hex")
    tips = (
        "The game turn it is due (a past turn: delayed, it tries again each turn)",
        Reinforcement.model_fields["id"].description or "",
        "The units still to arrive",
        Reinforcement.model_fields["hex"].description or "",
    )

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[ComingArrival] = []

    def refresh_rows(self) -> None:
        game = self.game
        self.rows = coming_arrivals(game) if game is not None else []
        viewer = self.session.viewer if self.session is not None else None
        if viewer is not None:
            self.rows = [arrival for arrival in self.rows if arrival.side is viewer]

    def refresh(self) -> None:
        """The game moved on: arrivals came or came closer."""
        self.beginResetModel()
        self.refresh_rows()
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        game = self.game
        if game is None or not index.isValid() or index.row() >= len(self.rows):
            return None
        arrival = self.rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                str(arrival.turn),
                arrival.reinforcement.id,
                self._units_text(game, arrival.units),
                hex_text(tuple(arrival.reinforcement.hex)),  # type: ignore[arg-type]
            )[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            names = "\n".join(self._unit_name(game, u) for u in arrival.units)
            late = " (late)" if arrival.turn < game.turn else ""
            return f"{arrival.reinforcement.id}, due turn {arrival.turn}{late}:\n{names}"
        if role == Qt.ItemDataRole.BackgroundRole and column == 1:
            return _side_brush(arrival.side)
        if role == Qt.ItemDataRole.ForegroundRole and arrival.turn < game.turn:
            return QBrush(QColor("#B03020"))
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.UserRole:
            return tuple(arrival.reinforcement.hex)
        return None

    @staticmethod
    def _unit_name(game: Game, unit_id: str) -> str:
        unit = game.state.units.get(unit_id)
        return unit.unit.name if unit is not None else unit_id

    def _units_text(self, game: Game, units: tuple[str, ...]) -> str:
        names = [self._unit_name(game, u) for u in units[:2]]
        more = f" +{len(units) - 2}" if len(units) > 2 else ""
        return f"{len(units)}: {', '.join(names)}{more}"


# The event log ------------------------------------------------------------------------------


class LogModel(_SessionTable):
    """The game's event log, one event a row, growing as events are logged; under Fog of War
    only the events the side to move may know (`TestPlaySession.may_know`)."""

    headers = ("Turn", "Event", "Hex")
    tips = (
        "The game turn the event happened on",
        "What happened",
        "Where: the event's hex, its objective's, or where its first unit stands now",
    )

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[int] = []
        """The positions in the game's log of the events shown, in order."""
        self._logged = 0
        """How long the log was when last read."""
        self._viewer: object = None

    def refresh_rows(self) -> None:
        game, session = self.game, self.session
        self._logged = len(game.log) if game is not None else 0
        self._viewer = session.viewer if session is not None else None
        self._rows = self._known(0, self._logged)

    def _known(self, start: int, end: int) -> list[int]:
        from engine.panzer_campaigns.combat.events import LossesTaken  # noqa: PLC0415

        session, game = self.session, self.game
        if session is None or game is None:
            return []
        log = game.log
        cause = None
        before = start - 1
        while before >= 0 and isinstance(log[before], LossesTaken):
            before -= 1  # a run of losses is read with the combat that began it
        if before >= 0:
            cause = log[before]
        flags = session.known(log[start:end], cause)
        return [i for i, known in zip(range(start, end), flags, strict=True) if known]

    def rowCount(self, parent: AnyIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def sync_logged(self) -> None:
        """Show the events the game logged since the last call, or drop those taken back; all
        again when another side is to move under Fog of War."""
        game, session = self.game, self.session
        logged = len(game.log) if game is not None else 0
        if session is not None and session.viewer != self._viewer:
            self.beginResetModel()
            self.refresh_rows()
            self.endResetModel()
        elif logged > self._logged:
            new = self._known(self._logged, logged)
            self._logged = logged
            if new:
                self.beginInsertRows(_ROOT, len(self._rows), len(self._rows) + len(new) - 1)
                self._rows.extend(new)
                self.endInsertRows()
        elif logged < self._logged:
            self._logged = logged
            kept = sum(1 for i in self._rows if i < logged)
            if kept < len(self._rows):
                self.beginRemoveRows(_ROOT, kept, len(self._rows) - 1)
                del self._rows[kept:]
                self.endRemoveRows()

    def event_at(self, row: int) -> Event | None:
        """The event on a row."""
        game = self.game
        if game is None or not 0 <= row < len(self._rows):
            return None
        return game.log[self._rows[row]]

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        game = self.game
        if game is None or not index.isValid() or index.row() >= len(self._rows):
            return None
        event = game.log[self._rows[index.row()]]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == 0:
                return str(event.turn)
            if column == 1:
                text = event.describe()
                if role == Qt.ItemDataRole.ToolTipRole:
                    hex_, _ = event_place(game, event)
                    return text + (f"\nDouble-click to show {hex_text(hex_)}." if hex_ else "")
                return text
            return hex_text(event_place(game, event)[0])
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            side = getattr(event, "side", None)
            return _side_brush(side, 0.3) if isinstance(side, Side) else None
        if role == Qt.ItemDataRole.UserRole:
            return event_place(game, event)[0]
        return None
