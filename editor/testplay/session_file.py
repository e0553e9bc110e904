"""Saving and loading a test-play as its orders (`<name>.testplay.yaml`): the record of a session,
the engine orders it replays, and which title files changed since it was played."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Collection
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel

from editor.testplay.play_settings import TestPlaySettings
from engine.panzer_campaigns.order_records import engine_order, recorded_order
from engine.panzer_campaigns.orders import (
    Order,
)
from engine.panzer_campaigns.play_options import OpFireRange
from schemas.io import FileKind, LoadedFile, dump_text, load_file, save_file
from schemas.panzer_campaigns.oob import Component
from schemas.panzer_campaigns.testplay import (
    TESTPLAY_FORMAT_VERSION,
    OpFireSetting,
    PlaySettings,
    Reached,
    TestPlayRecord,
    TitleDigests,
)
from schemas.problems import Problem
from schemas.title import ScenarioBundle
from schemas.vocabulary import OptionalRule, Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game

TESTPLAY_SUFFIX = ".testplay.yaml"
"""The suffix of a saved test-play."""

FILE_FILTER = f"Saved test-plays (*{TESTPLAY_SUFFIX})"
"""The filter for the save and open dialogs."""

TITLE_FILES = ("scenario", "map", "oob", "parameters", "weather")
"""The title files a record keeps digests of, by their names in the record and the bundle."""


class PlayedSettings(Protocol):
    """The settings a test-play was started with (`TestPlaySettings`)."""

    @property
    def seed(self) -> int: ...
    @property
    def optional_rules(self) -> Collection[OptionalRule]: ...
    @property
    def fog_of_war(self) -> bool: ...
    @property
    def opportunity_fire(self) -> bool: ...
    @property
    def move_by_knowledge(self) -> bool: ...
    @property
    def op_fire_ranges(self) -> tuple[tuple[Side, Component, Component, OpFireRange], ...]: ...
    @property
    def computer_sides(self) -> Collection[Side]: ...


class PlayedSession(Protocol):
    """What a record is made of: the title files as played, the settings and the game."""

    @property
    def bundle(self) -> ScenarioBundle: ...
    @property
    def settings(self) -> PlayedSettings: ...
    @property
    def game(self) -> Game: ...


class RecordError(ValueError):
    """A saved test-play that cannot be read. The message opens with a sentence naming the file,
    then one `file:line:column: error CODE: field: message` line per error (the first
    MAX_LISTED of them)."""

    MAX_LISTED = 8

    def __init__(self, path: Path, problems: list[Problem], reason: str = "") -> None:
        self.path = path
        self.problems = problems
        lines = [problem.format() for problem in problems[: self.MAX_LISTED]]
        if len(problems) > self.MAX_LISTED:
            lines.append(f"… and {len(problems) - self.MAX_LISTED} more")
        opening = reason or f"{path.name} is not a saved test-play Hexwright can read:"
        super().__init__("\n".join([opening, *lines]))


# Records -------------------------------------------------------------------------------------


def record_of(
    session: PlayedSession, path: Path | str, *, saved: datetime | None = None
) -> TestPlayRecord:
    """The record of a session, to be saved at `path` (the scenario is referred to relative to
    it); `saved` defaults to now."""
    game = session.game
    settings = session.settings
    return TestPlayRecord(
        format_version=TESTPLAY_FORMAT_VERSION,
        scenario=_relative(session.bundle.scenario.path, Path(path)),
        digests=digests_of(session.bundle),
        settings=PlaySettings(
            seed=settings.seed,
            optional_rules=sorted(settings.optional_rules),
            fog_of_war=settings.fog_of_war,
            opportunity_fire=settings.opportunity_fire,
            move_by_knowledge=settings.move_by_knowledge,
            op_fire=[
                OpFireSetting(side=side, firer=firer, target=target, setting=setting.value)  # type: ignore[arg-type]
                for side, firer, target, setting in settings.op_fire_ranges
                if setting is not OpFireRange.LONG
            ],
            computer=[side for side in Side if side in settings.computer_sides],
        ),
        reached=Reached(turn=game.turn, side=game.phasing, time=game.time, game_over=game.is_over),
        saved=saved or datetime.now().replace(second=0, microsecond=0),
        orders=[recorded_order(order) for order in game.orders],
    )


def save_record(record: TestPlayRecord, path: Path | str) -> None:
    """Write a record atomically (YAML, or JSON for a `.json` name); OSError when it cannot be
    written."""
    save_file(record, path)


def load_record(path: Path | str) -> TestPlayRecord:
    """Read a saved test-play; RecordError naming the file, line and field of each error."""
    path = Path(path)
    named = FileKind.from_path(path)
    if named is not None and named is not FileKind.TESTPLAY:
        raise RecordError(
            path,
            [],
            f"{path.name} is a {named.value} file, not a saved test-play ({TESTPLAY_SUFFIX})",
        )
    loaded: LoadedFile = load_file(path, FileKind.TESTPLAY)
    errors = [problem for problem in loaded.problems if problem.is_error]
    if loaded.model is None or errors:
        raise RecordError(path, errors or loaded.problems)
    record: TestPlayRecord = loaded.model
    return record


def record_path_for(scenario_path: Path | str) -> Path:
    """The name a session of a scenario is offered to be saved under: beside the scenario,
    `bastogne.scenario.yaml` -> `bastogne.testplay.yaml`."""
    scenario_path = Path(scenario_path)
    name = scenario_path.name
    for suffix in (".scenario.yaml", ".scenario.yml", ".scenario.json"):
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    return scenario_path.with_name(name + TESTPLAY_SUFFIX)


def scenario_of(record: TestPlayRecord, path: Path | str) -> Path:
    """The scenario a record saved at `path` was played on."""
    return Path(os.path.normpath(Path(path).parent / record.scenario))


def settings_of(record: TestPlayRecord) -> TestPlaySettings:
    """The settings to start a session with to replay a record."""
    settings = record.settings
    return TestPlaySettings(
        seed=settings.seed,
        optional_rules=frozenset(settings.optional_rules),
        fog_of_war=settings.fog_of_war,
        opportunity_fire=settings.opportunity_fire,
        move_by_knowledge=settings.move_by_knowledge,
        op_fire_ranges=tuple(
            (entry.side, entry.firer, entry.target, OpFireRange(entry.setting))
            for entry in settings.op_fire
        ),
        computer_sides=frozenset(settings.computer),
    )


# Orders --------------------------------------------------------------------------------------


def orders_of(record: TestPlayRecord) -> list[Order]:
    """The orders of a record, to replay on a game of the same scenario and seed."""
    return [engine_order(order) for order in record.orders]


# Digests -------------------------------------------------------------------------------------


def digest(model: BaseModel) -> str:
    """SHA-256 of a model's canonical text: unsaved edits count, the file's layout does not."""
    return hashlib.sha256(dump_text(model).encode("utf-8")).hexdigest()


def digests_of(bundle: ScenarioBundle) -> TitleDigests:
    """Digests of the title files of a bundle; ValueError when one it needs is missing."""
    found = {name: _model(bundle, name) for name in TITLE_FILES}
    missing = [name for name, model in found.items() if model is None and name != "weather"]
    if missing:
        raise ValueError(f"the scenario cannot be recorded without its {', '.join(missing)}")
    return TitleDigests.model_validate(
        {name: digest(model) if model is not None else None for name, model in found.items()}
    )


def changed_files(record: TestPlayRecord, bundle: ScenarioBundle) -> list[str]:
    """The title files (names from TITLE_FILES) that differ from those the record was played
    on, a file added or taken away included."""
    changed = []
    for name in TITLE_FILES:
        model = _model(bundle, name)
        now = digest(model) if model is not None else None
        if now != getattr(record.digests, name):
            changed.append(name)
    return changed


def _model(bundle: ScenarioBundle, name: str) -> BaseModel | None:
    loaded: LoadedFile | None = getattr(bundle, name)
    return loaded.model if loaded is not None else None


def _relative(target: Path, record_path: Path) -> str:
    """`target` relative to the record's folder with `/` separators; its name alone when no
    relative path leads there (another drive)."""
    try:
        relative = os.path.relpath(target.resolve(), record_path.resolve().parent)
    except ValueError:
        return target.name
    return Path(relative).as_posix()
