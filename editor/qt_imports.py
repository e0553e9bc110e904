"""Importing the editor's modules quickly once Qt is loaded: PySide6 asks of every module
imported after it whether it uses PySide6, to scope its `__feature__` switches, and finds out by
reading the module's source through `inspect`, which cost a tenth of the editor's imports. The
editor uses no `__feature__`; the same question is answered here from the file's bytes.

Importing this module (before the editor's other modules) is all it takes.
"""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6.QtCore  # noqa: F401  # loads shibokensupport.feature, which is replaced below


def _uses_pyside(module: ModuleType) -> bool:
    """Whether a module's source file names PySide6, as `shibokensupport.feature` asks; a module
    without a source file does not use it (as there)."""
    source = getattr(module, "__file__", None)
    if not isinstance(source, str) or not source.endswith(".py"):
        return False
    try:
        with open(source, "rb") as stream:
            return b"PySide6" in stream.read()
    except OSError:
        return False


def _install() -> None:
    feature = sys.modules.get("shibokensupport.feature")
    # Only where PySide6 asks the question this way (6.4 and later); else nothing changes.
    if feature is not None and hasattr(feature, "_mod_uses_pyside"):
        feature._mod_uses_pyside = _uses_pyside


_install()
