"""The live checks' process when the editor goes away in the middle of a check."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

from editor.check_process import _serve
from schemas.io import FileKind


def test_a_check_whose_editor_closed_ends_quietly() -> None:
    """Closing the editor during a check used to print a BrokenPipeError traceback from the
    process into the terminal the editor was started from."""
    editor_end, process_end = multiprocessing.Pipe()
    payload = (Path("a.scenario.yaml"), FileKind.SCENARIO, object(), None, "", [])
    editor_end.send(("check", 1, [(1, payload)], [], True))
    checked: list[int] = []

    def check(bundle: Any, state: Any, progress: Any) -> list[Any]:
        editor_end.close()  # the editor quits while this check runs
        checked.append(1)
        return []

    abandon = multiprocessing.Value("i", 0)
    _serve(process_end, abandon, check, dict)  # returns instead of raising
    assert checked == [1]
