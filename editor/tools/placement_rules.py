"""Whether units may stand where the Units tool would put them, judged by the engine's setup rules
on a game state of the document (footing, enemy-held hexes, stacking limits), where an
organization's units fit around a hex, and which selected units are still unplaced.

Decisions: ground the unit cannot stand on in any mode refuses the edit (a movement cost of -1
for its class with no road or railway it may follow, water for a ground unit, land for a ship,
no railway for a rail unit), and so do an enemy-held hex and the map's edge. Over-stacking and
the mode rules (Travel Mode on road-only ground, Rail Mode off a railway) are warnings: the edit
is made and the Problems dock lists them, as the setup checks do.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from editor.docks.oob_status import Placed, ScenarioStatus
from editor.document import Document
from schemas.io import FileKind

if TYPE_CHECKING:
    from engine.panzer_campaigns.setup.footing import Footing
    from engine.panzer_campaigns.units import UnitState, UnitStatus

Offset = tuple[int, int]


@dataclass(frozen=True)
class _Footings:
    spread: frozenset[Footing]
    """Where an organization's units are spread: hexes they stand on without a setup error."""
    refusals: dict[Footing, str]
    warnings: dict[Footing, str]


@functools.cache
def _footings() -> _Footings:
    # Made when first asked for: the setup rules are imported when a unit is first placed,
    # not when the editor starts.
    from engine.panzer_campaigns.setup.footing import Footing  # noqa: PLC0415

    return _Footings(
        spread=frozenset({Footing.FINE, Footing.TOWED_GUN_ROAD_ONLY}),
        refusals={
            Footing.ROAD_ONLY_OFF_ROAD: "may enter {terrain} only by road, and no road it may "
            "use runs through {hex}",
            Footing.RAIL_UNIT_OFF_RAIL: "moves only along railways, and none runs through {hex}",
        },
        warnings={
            Footing.ROAD_ONLY_DEPLOYED: "must be in Travel Mode on the road through {terrain} "
            "at {hex}",
            Footing.RAIL_MODE_OFF_RAIL: "is in Rail Mode off a railway at {hex}",
        },
    )


_KINDS = (FileKind.SCENARIO, FileKind.MAP, FileKind.OOB, FileKind.PARAMETERS, FileKind.WEATHER)


def hex_text(hex_: Offset) -> str:
    """A hex as the editor writes it.

    >>> hex_text((12, 40))
    '(12, 40)'
    """
    return f"({hex_[0]}, {hex_[1]})"


@dataclass
class Verdict:
    """What setting units down on hexes would break."""

    refused: list[str] = field(default_factory=list)
    """Why they may not go there at all: the tool does not edit."""
    warnings: list[str] = field(default_factory=list)
    """What the Problems dock will list (over-stacking, mode rules): the tool edits and warns."""
    bad_hexes: set[Offset] = field(default_factory=set)
    """Target hexes drawn in red."""

    @property
    def allowed(self) -> bool:
        """Whether the edit may be made."""
        return not self.refused

    def text(self) -> str:
        """The reasons, refusals first, for the status bar."""
        return "; ".join(self.refused or self.warnings)

    def refuse(self, hex_: Offset, why: str) -> None:
        """Note a reason to refuse, on a hex."""
        self.refused.append(why)
        self.bad_hexes.add(hex_)

    def warn(self, hex_: Offset, why: str) -> None:
        """Note a problem the edit will leave, on a hex."""
        self.warnings.append(why)
        self.bad_hexes.add(hex_)


class PlacementJudge:
    """A game state of the document to try placements on (see `JudgeCache`). Trials put units
    on hexes and always put them back."""

    def __init__(self, document: Document) -> None:
        from engine.panzer_campaigns.setup.footing import FootingRules  # noqa: PLC0415
        from engine.panzer_campaigns.state import GameState  # noqa: PLC0415

        self.state = GameState.from_models(
            document.scenario,
            document.map,
            document.oob,
            document.parameters,
            document.weather,
        )
        self.rules = FootingRules(self.state)
        self._off_map: dict[str, UnitState] = {}

    def unit(self, unit_id: str) -> UnitState | None:
        """The game unit of an OOB unit (one off the map for an unplaced unit)."""
        from engine.panzer_campaigns.units import UnitState, UnitStatus  # noqa: PLC0415

        known = self.state.units.get(unit_id) or self._off_map.get(unit_id)
        if known is not None:
            return known
        entry = self.state.oob_index.units.get(unit_id)
        if entry is None:
            return None
        made = UnitState(
            id=unit_id,
            unit=entry.unit,
            side=entry.side,
            nation=entry.nation,
            organization=entry.parent,
            status=UnitStatus.WAITING,
            strength=entry.unit.strength,
        )
        self._off_map[unit_id] = made
        return made

    # Trials ------------------------------------------------------------------------------------

    @contextmanager
    def _trial(self, moves: Mapping[UnitState, int]) -> Iterator[None]:
        """Units set on hex indexes for the time of the block, then put back."""
        from engine.panzer_campaigns.units import OFF_MAP, UnitStatus  # noqa: PLC0415

        state = self.state
        saved = [(unit, unit.hex, unit.status) for unit in moves]
        try:
            for unit in moves:
                if unit.hex != OFF_MAP:
                    state.remove(unit, UnitStatus.WITHDRAWN)
            for unit, index in moves.items():
                state.put(unit, index)
            yield
        finally:
            self._put_back(saved)

    def _put_back(self, saved: Iterable[tuple[UnitState, int, UnitStatus]]) -> None:
        from engine.panzer_campaigns.units import OFF_MAP, UnitStatus  # noqa: PLC0415

        saved = list(saved)
        for unit, _hex, _status in saved:
            if unit.hex != OFF_MAP:
                self.state.remove(unit, UnitStatus.WITHDRAWN)
        for unit, hex_, status in saved:
            if hex_ != OFF_MAP:
                self.state.put(unit, hex_)
            unit.status = status

    def judge(self, moves: Mapping[str, Offset]) -> Verdict:
        """What putting each unit on its hex would break (units keep their mode; unplaced
        units are Deployed, as new placements are)."""
        from engine.panzer_campaigns.stacking import is_over_stacked, stacking_in, stacking_limit  # noqa: PLC0415

        verdict = Verdict()
        board = self.state.board
        trial: dict[UnitState, int] = {}
        for unit_id, target in moves.items():
            unit = self.unit(unit_id)
            if unit is None:
                verdict.refuse(target, f"'{unit_id}' is not in the order of battle")
            elif unit.unit.air is not None:
                verdict.refuse(target, f"{unit.unit.name} is an air unit, never on the map")
            elif not board.grid.contains(*target):
                verdict.refuse(target, f"{hex_text(target)} is off the map")
            else:
                trial[unit] = board.index(*target)
        with self._trial(trial):
            for unit, index in trial.items():
                self._judge_footing(verdict, unit, index)
            for index, side in dict.fromkeys((index, unit.side) for unit, index in trial.items()):
                target = board.offset(index)
                if len({other.side for other in self.state.units_at(index)}) > 1:
                    verdict.refuse(target, f"enemy units hold {hex_text(target)}")
                elif is_over_stacked(self.state, index, side):
                    total, limit = (
                        stacking_in(self.state, index, side),
                        stacking_limit(self.state, side),
                    )
                    detail = (
                        f"{total} men-equivalents, over the limit of {limit}"
                        if total > limit
                        else "too many ships or deployed towed guns"
                    )
                    verdict.warn(target, f"{hex_text(target)} over-stacked: {detail}")
        return verdict

    def _judge_footing(self, verdict: Verdict, unit: UnitState, index: int) -> None:
        from engine.panzer_campaigns.allowance import movement_class_of  # noqa: PLC0415
        from engine.panzer_campaigns.setup.footing import Footing, terrain_at  # noqa: PLC0415

        target = self.state.board.offset(index)
        footing = self.rules.footing(unit, index, unit.mode)
        terrain = terrain_at(self.state, index)
        ground = terrain.name.lower() if terrain is not None else "unknown terrain"
        if footing is Footing.NOT_ENTERABLE:
            movement = movement_class_of(unit).value
            verdict.refuse(
                target,
                f"{unit.unit.name} ({movement}) cannot enter {ground} at {hex_text(target)}",
            )
        elif footing in _footings().refusals:
            why = _footings().refusals[footing].format(terrain=ground, hex=hex_text(target))
            verdict.refuse(target, f"{unit.unit.name} {why}")
        elif footing in _footings().warnings:
            why = _footings().warnings[footing].format(terrain=ground, hex=hex_text(target))
            verdict.warn(target, f"{unit.unit.name} {why}")

    def spread(
        self, unit_ids: Iterable[str], center: Offset, radius: int
    ) -> tuple[dict[str, Offset], list[str]]:
        """Where units fit around a hex: each on the nearest hex (the centre first, then ring by
        ring out to `radius`) that it may stand on without an error, free of enemies and within
        the stacking limits with the units already there. Returns the hexes found and the
        units that found none, in the order given."""
        state = self.state
        board = state.board
        grid = board.grid
        origin = grid.hex_at(*center)
        candidates = [
            (grid.offset_of(h), board.index(*grid.offset_of(h)))
            for h in origin.iter_range(max(0, radius))
            if grid.contains_hex(h)
        ]
        found: dict[str, Offset] = {}
        overflow: list[str] = []
        saved: list[tuple[UnitState, int, UnitStatus]] = []
        try:
            for unit_id in unit_ids:
                unit = self.unit(unit_id)
                if unit is None or unit.unit.air is not None:
                    overflow.append(unit_id)
                    continue
                saved.append((unit, unit.hex, unit.status))
                spot = self._first_fit(unit, candidates)
                if spot is None:
                    overflow.append(unit_id)
                else:
                    found[unit_id] = spot
        finally:
            self._put_back(saved)
        return found, overflow

    def _first_fit(self, unit: UnitState, candidates: list[tuple[Offset, int]]) -> Offset | None:
        """Put the unit on the first candidate hex it fits on (it stays there); None if none."""
        from engine.panzer_campaigns.stacking import is_over_stacked  # noqa: PLC0415
        from engine.panzer_campaigns.units import OFF_MAP, UnitStatus  # noqa: PLC0415

        state = self.state
        if unit.hex != OFF_MAP:
            state.remove(unit, UnitStatus.WITHDRAWN)
        for hex_, index in candidates:
            if self.rules.footing(unit, index, unit.mode) not in _footings().spread:
                continue
            holder = state.side_at(index)
            if holder is not None and holder is not unit.side:
                continue
            state.put(unit, index)
            if not is_over_stacked(state, index, unit.side):
                return hex_
            state.remove(unit, UnitStatus.WITHDRAWN)
        return None


class JudgeCache:
    """The judge of a document's current files, rebuilt when one of them changed."""

    def __init__(self) -> None:
        self._document: Document | None = None
        self._versions: tuple[int, ...] = ()
        self._judge: PlacementJudge | None = None

    def get(self, document: Document | None) -> PlacementJudge | None:
        """The judge; None without a document or when the engine cannot build a game from
        the files (the Problems dock says why), and then nothing is checked."""
        if document is None:
            return None
        versions = tuple(document.version(kind) for kind in _KINDS)
        if document is not self._document or versions != self._versions:
            self._document, self._versions = document, versions
            try:
                self._judge = PlacementJudge(document)
            except (ValueError, KeyError, IndexError):
                self._judge = None
        return self._judge

    def clear(self) -> None:
        """Forget the document (it was closed)."""
        self._document, self._versions, self._judge = None, (), None


# Which units a selection or a drag names ---------------------------------------------------------


def scenario_status(document: Document) -> ScenarioStatus:
    """Where each unit stands in the scenario (cached until the scenario changes)."""
    return document.cached(
        FileKind.SCENARIO, "placement_rules.status", lambda: ScenarioStatus.of(document.scenario)
    )


def units_under(document: Document, organization: str) -> list[str]:
    """Every unit below an organization, in the order of the OOB tree."""
    index = document.oob_index
    found: list[str] = []
    pending = list(reversed(index.children_of(organization)))
    while pending:
        node = pending.pop()
        if node in index.units:
            found.append(node)
        else:
            pending.extend(reversed(index.children_of(node)))
    return found


def ancestors(document: Document, node: str) -> set[str]:
    """The organizations above a unit or organization, up to the top of its tree."""
    index = document.oob_index
    found: set[str] = set()
    entry = index.units.get(node) or index.organizations.get(node)
    parent = entry.parent if entry is not None else None
    while parent is not None and parent not in found:
        found.add(parent)
        above = index.organizations.get(parent)
        parent = above.parent if above is not None else None
    return found


@dataclass
class Named:
    """The units some ids name (units, and organizations with every unit below them), by
    where they stand in the scenario."""

    unplaced: list[str] = field(default_factory=list)
    placed: list[str] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)
    """Arriving later, combined into another counter, or air units: left alone."""

    def skipped_text(self) -> str:
        """Why some named units were left alone, or ""."""
        count = len(self.elsewhere)
        if not count:
            return ""
        units = "unit is" if count == 1 else "units are"
        return f"{count} {units} reinforcements, combined or air units: left as they are"


def named_units(document: Document, ids: Iterable[str]) -> Named:
    """Sort the units named by `ids` (unknown ids are ignored; each unit once)."""
    index = document.oob_index
    status = scenario_status(document)
    named = Named()
    seen: set[str] = set()
    for node in ids:
        units = [node] if node in index.units else units_under(document, node)
        for unit_id in units:
            if unit_id in seen:
                continue
            seen.add(unit_id)
            entry = index.units[unit_id]
            placed = status.unit(index, unit_id).placed
            if placed is Placed.ON_MAP:
                named.placed.append(unit_id)
            elif placed is Placed.UNPLACED and entry.unit.air is None:
                named.unplaced.append(unit_id)
            else:
                named.elsewhere.append(unit_id)
    return named
