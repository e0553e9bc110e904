"""The diff's row of `python -m bench`: `hexwright diff` of the benchmark title against a second
version of it made by a few edits a designer makes in an afternoon — a forest painted, units
moved, a reinforcement's turn, an objective's points, a release's chance, a parameter."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from bench.generate import MAP_NAME, PARAMETERS_NAME, SCENARIO_NAME, TITLE_FILES
from bench.measure import Prepared, Title, measurement
from editor.startup import paused_collection
from schemas.diffing.files import compare, read_path
from schemas.diffing.report import as_text
from schemas.io import save_file

BUDGET_DIFF = 1.0
"""docs/architecture.md: the diff of two versions of the whole benchmark title."""

PAINTED = 20
"""The side of the square of forest painted in the second version."""


def second_version(title: Title, folder: Path) -> None:
    """Write the benchmark title with a few edits into `folder`."""
    models: dict[str, Any] = dict(title.models)
    for name in TITLE_FILES:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(title.folder / name, folder / name)
    map_file = models[MAP_NAME]
    rows = list(map_file.terrain_rows)
    forest = next(t.code for t in map_file.terrain if "forest" in t.id) or map_file.terrain[0].code
    for row in range(100, 100 + PAINTED):
        rows[row] = rows[row][:200] + forest * PAINTED + rows[row][200 + PAINTED :]
    save_file(map_file.model_copy(update={"terrain_rows": rows}), folder / MAP_NAME)
    scenario = models[SCENARIO_NAME]
    placements = list(scenario.placements)
    for index in range(50):
        placement = placements[index]
        column, row = placement.hex
        placements[index] = placement.model_copy(update={"hex": (column, min(row + 1, 499))})
    reinforcements = list(scenario.reinforcements)
    first = reinforcements[0]
    turn = (first.turn or 1) + 1
    reinforcements[0] = first.model_copy(update={"turn": turn, "at": None})
    objectives = list(scenario.objectives)
    objectives[0] = objectives[0].model_copy(update={"points": objectives[0].points + 50})
    update: dict[str, Any] = {
        "placements": placements,
        "reinforcements": reinforcements,
        "objectives": objectives,
    }
    if scenario.releases:
        releases = list(scenario.releases)
        releases[0] = releases[0].model_copy(update={"probability": 30})
        update["releases"] = releases
    save_file(scenario.model_copy(update=update), folder / SCENARIO_NAME)
    parameters = models[PARAMETERS_NAME]
    combat = parameters.combat.model_copy(
        update={"high_combat_value": parameters.combat.high_combat_value + 10}
    )
    save_file(parameters.model_copy(update={"combat": combat}), folder / PARAMETERS_NAME)


@measurement("diff: two versions of the benchmark title", BUDGET_DIFF)
def _diff(title: Title) -> Prepared:
    folder = Path(tempfile.mkdtemp(prefix="hexwright-bench-diff-"))
    second_version(title, folder)

    def diff() -> str:
        # As `hexwright diff` runs it: without the cyclic collector (editor.cli PAUSED_COMMANDS).
        with paused_collection():
            return as_text(compare(read_path(title.folder), read_path(folder)))

    report = compare(read_path(title.folder), read_path(folder))
    return Prepared(
        diff,
        f"`hexwright diff` of the title folder against a copy with a few edits "
        f"({len(report.changes)} changes, {PAINTED}x{PAINTED} forest among them): both folders "
        "read (files read before come from the parse cache, as when a designer diffs again), "
        "compared and written as text; an unchanged file is equal by its bytes, never parsed",
        lambda: shutil.rmtree(folder, ignore_errors=True),
    )
