"""The unit types' rows of `python -m bench`: the benchmark title's OOB read with its 8,000
units' shared values extracted into unit types (the resolver fills each unit's inherited values
before validation), beside the same OOB read without types; and a type's attack edited in the
editor, every unit of the type following as one undo step."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from bench.generate import OOB_NAME
from bench.measure import BUDGETS, Prepared, Title, measurement
from schemas.io import FileKind, dump_text, load_text
from schemas.panzer_campaigns.unit_type_extract import extract_unit_types

READ_UNTYPED = "unit types: read the OOB without types (8,000 units)"
READ_TYPED = "unit types: read the OOB with its types extracted (8,000 units)"
EDIT_TYPE = "unit types: edit a type's attack, its units following (editor)"
BUDGETS[READ_UNTYPED] = 0.5
BUDGETS[READ_TYPED] = 0.5
"""Replaced in each run by the untyped read's figure: a typed OOB must not read slower."""
BUDGETS[EDIT_TYPE] = 0.1


def _texts(title: Title) -> tuple[str, str]:
    text = (title.folder / OOB_NAME).read_text(encoding="utf-8")
    model = load_text(text, FileKind.OOB).model
    return text, dump_text(extract_unit_types(model).oob)


def _best(run: Callable[[], object], times: int = 3) -> float:
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


@measurement(READ_UNTYPED, BUDGETS[READ_UNTYPED])
def _read_untyped(title: Title) -> Prepared:
    text, _typed = _texts(title)
    return Prepared(
        lambda: load_text(text, FileKind.OOB),
        f"schemas.io.load_text of the generated OOB ({len(text) // 1024} KiB), parsed and "
        "validated, no parse cache: what a title without types pays for the resolver",
    )


@measurement(READ_TYPED, BUDGETS[READ_TYPED])
def _read_typed(title: Title) -> Prepared:
    text, typed = _texts(title)
    oob = load_text(typed, FileKind.OOB).model
    untyped = _best(lambda: load_text(text, FileKind.OOB))
    return Prepared(
        lambda: load_text(typed, FileKind.OOB),
        f"the same OOB after Extract Unit Types ({len(oob.unit_types)} types, "
        f"{len(typed) // 1024} KiB): parsed, inherited values filled, validated; its budget "
        f"is the OOB without types read in the same run ({untyped:.3f} s)",
        budget=untyped,
    )


@measurement(EDIT_TYPE, BUDGETS[EDIT_TYPE])
def _edit_type(title: Title) -> Prepared:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415  # Qt only for the editor's rows

    from editor.commands import ReplaceFile  # noqa: PLC0415
    from editor.document import Document  # noqa: PLC0415
    from editor.unit_type_edits import set_type_value  # noqa: PLC0415
    from schemas.panzer_campaigns.unit_types import units_of_types  # noqa: PLC0415

    app = QApplication.instance() or QApplication([])
    document = Document.from_bundle(title.bundle)
    extraction = extract_unit_types(document.oob)
    document.push(ReplaceFile(document, FileKind.OOB, extraction.oob, "Extract Unit Types"))
    users = units_of_types(document.oob_index)
    type_id = max(users, key=lambda t: len(users[t]))
    row = next(n for n, t in enumerate(document.oob.unit_types) if t.id == type_id)
    attack = document.oob.unit_types[row].hard_attack
    values = [attack, attack + 1]  # reversed before each run: the first sets attack + 1

    def edit() -> None:
        values.reverse()
        set_type_value(document, type_id, "hard_attack", values[0], "Hard attack")
        _ = document.oob_index  # what every panel reads next

    return Prepared(
        edit,
        f"editor.unit_type_edits.set_type_value on the type with most units "
        f"({len(users[type_id])} of {len(document.oob_index.units)}), the document's OOB "
        f"index rebuilt after ({type(app).__name__} offscreen)",
    )
