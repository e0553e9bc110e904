"""Validation of files and titles as the command line and the editor run it: the file-format and
reference checks of `schemas`, then the checks that need the engine's geometry, then the rules
engine's setup checks of each scenario that loaded without errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine.map_checks import check_map_geometry
from schemas.io import FileKind
from schemas.title import FileStore, ValidationReport
from schemas.title import validate_paths as validate_files


def validate_paths(paths: Sequence[Path | str], *, setup_checks: bool = True) -> ValidationReport:
    """Validate files and title folders with every check there is (the rules engine's setup
    checks of each scenario only with `setup_checks`)."""
    store = FileStore()
    report = validate_files(paths, store)
    for loaded in store.files.values():
        if (
            loaded.kind is FileKind.MAP
            and loaded.ok
            and not any(p.is_error for p in loaded.problems)
        ):
            report.add(loaded.place(check_map_geometry(loaded.model)))
    if setup_checks and report.bundles:
        # Imported only now: the rules engine is not needed to check files without a scenario.
        from engine.setup import check_bundle  # noqa: PLC0415

        for bundle in report.bundles:
            # The bundle's files come from the store, loaded once; only the game state is new.
            report.add(check_bundle(bundle, both_cores=True))
    return report
