"""Loading a Tactical GameX situation with the title files it references (unit types, tables,
panels) and assembling its board, as `hexwright validate` and the editor do; the loader of
`schemas.title` hands `.situation.yaml` files here.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from schemas.io import FileKind, LoadedFile
from schemas.problems import Problem, error
from schemas.tactical_gamex.board import AssembledBoard, assemble

if TYPE_CHECKING:
    from schemas.tactical_gamex.situation import SituationFile
    from schemas.title import FileStore


@dataclass
class SituationBundle:
    """A situation with its unit types, tables and panels, the assembled board, and the
    problems of its references and setup."""

    situation: LoadedFile
    unit_types: LoadedFile | None = None
    tables: LoadedFile | None = None
    panels: dict[str, LoadedFile] = field(default_factory=dict)
    """The panel files by the path the situation writes (`board.panels[i].file`)."""
    board: AssembledBoard | None = None
    """The board assembled from the panels, when they all loaded."""
    reference_problems: list[Problem] = field(default_factory=list)

    @property
    def model(self) -> SituationFile | None:
        """The situation's model, if it validated."""
        model: SituationFile | None = self.situation.model
        return model

    @property
    def files(self) -> list[LoadedFile]:
        """The situation and every referenced file that could be found."""
        found = [self.situation, self.unit_types, self.tables, *self.panels.values()]
        return [f for f in found if f is not None]

    @property
    def problems(self) -> list[Problem]:
        """Every problem: of each file, of its references, and of the setup checks."""
        return list(
            dict.fromkeys([p for f in self.files for p in f.problems] + self.reference_problems)
        )

    @property
    def is_complete(self) -> bool:
        """Whether the situation, its unit types, tables and every panel validated and the
        board was assembled."""
        return (
            self.situation.ok
            and self.unit_types is not None
            and self.unit_types.ok
            and self.tables is not None
            and self.tables.ok
            and self.board is not None
        )


def load_situation(
    path: Path | str,
    store: FileStore | None = None,
    progress: Callable[[str], object] | None = None,
) -> SituationBundle:
    """Load a situation, the files it references, assemble its board and run every check that
    needs no engine (references, setup). Never raises for bad content."""
    from schemas.title import FileStore, resolved, title_root  # noqa: PLC0415  # cycle

    store = store or FileStore()
    path = Path(path)
    report = progress or (lambda _: None)
    report(path.name)
    bundle = SituationBundle(situation=store.get(path, FileKind.SITUATION))
    situation = bundle.model
    if situation is None:
        return bundle
    root = title_root(path)

    def reference(relative: str, kind: FileKind, where: tuple[str | int, ...]) -> LoadedFile | None:
        target = Path(os.path.normpath(path.parent / relative))
        problem = None
        if not resolved(target).is_relative_to(root):
            problem = error(
                "PATH001", f"'{relative}' leads outside the title folder {root}", path=where
            )
        elif (named := FileKind.from_path(target)) is not kind:
            shown = named.value if named else "unknown"
            problem = error(
                "PATH003", f"'{relative}' is a {shown} file, not a {kind.value} file", path=where
            )
        if problem is not None:
            bundle.reference_problems.extend(bundle.situation.place([problem]))
            return None
        report(target.name)
        loaded = store.get(target, kind)
        if not loaded.ok or any(p.is_error for p in loaded.problems):
            first = next((p for p in loaded.problems if p.is_error), None)
            why = f"{first.code} {first.message}" if first else "it did not validate"
            bundle.reference_problems.extend(
                bundle.situation.place(
                    [error("PATH002", f"'{relative}' cannot be used: {why}", path=where)]
                )
            )
            return None
        return loaded

    bundle.unit_types = reference(situation.files.units, FileKind.UNIT_TYPES, ("files", "units"))
    bundle.tables = reference(situation.files.tables, FileKind.TABLES, ("files", "tables"))
    for i, placement in enumerate(situation.board.panels):
        loaded = reference(placement.file, FileKind.PANEL, ("board", "panels", i, "file"))
        if loaded is not None:
            bundle.panels[placement.file] = loaded
    if len(bundle.panels) == len({p.file for p in situation.board.panels}):
        board, found = assemble(
            situation.board, {name: f.model for name, f in bundle.panels.items()}
        )
        bundle.board = board
        bundle.reference_problems.extend(bundle.situation.place(found))
    if bundle.is_complete:
        report("checking the setup")
        from schemas.tactical_gamex.setup_checks import check_situation  # noqa: PLC0415

        assert bundle.unit_types is not None
        assert bundle.tables is not None
        assert bundle.board is not None
        bundle.reference_problems.extend(
            bundle.situation.place(
                check_situation(
                    situation, bundle.unit_types.model, bundle.tables.model, bundle.board
                )
            )
        )
    return bundle
