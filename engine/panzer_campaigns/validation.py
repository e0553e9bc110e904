"""Validation of files and titles as the command line and the editor run it: the file-format and
reference checks of `schemas`, then the checks that need the engine's geometry, then the rules
engine's setup checks of each scenario that loaded without errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine.panzer_campaigns.map_checks import check_map_geometry
from schemas import parse_cache
from schemas.io import FileKind, LoadedFile
from schemas.problems import Problem
from schemas.title import FileStore, ValidationReport, cached_checks
from schemas.title import validate_paths as validate_files


def validate_paths(paths: Sequence[Path | str], *, setup_checks: bool = True) -> ValidationReport:
    """Validate files and title folders with every check there is (the rules engine's setup
    checks of each scenario only with `setup_checks`)."""
    store = FileStore()
    report = validate_files(paths, store, two_cores=True)
    for loaded in store.files.values():
        if (
            loaded.kind is FileKind.MAP
            and loaded.ok
            and not any(p.is_error for p in loaded.problems)
        ):
            report.add(loaded.place(_geometry_problems(loaded)))
    if setup_checks and report.bundles:
        # Imported only now: the rules engine is not needed to check files without a scenario.
        from engine.panzer_campaigns.setup import check_bundle  # noqa: PLC0415

        for bundle in report.bundles:
            # The bundle's files come from the store, loaded once; only the game state is new.
            report.add(check_bundle(bundle, both_cores=True))
    return report


def _geometry_problems(loaded: LoadedFile) -> list[Problem]:
    """The map checks that need hex geometry, kept beside the map's parse-cache entry under a
    stamp of their code (outside `schemas/`, which the entry's key covers)."""
    code = parse_cache.modules_stamp("engine.panzer_campaigns.map_checks", "engine.hexgrid")
    if not code:
        return check_map_geometry(loaded.model)
    return cached_checks(loaded, f"geometry:{code}", lambda: check_map_geometry(loaded.model))
