"""Lint, format, types and layering are part of the tests: ruff, mypy on engine and schemas, and
the import-linter contracts (engine and schemas never import Qt; editor > engine > schemas)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail(f"{name} is not installed next to {sys.executable}; install the test extras")
    return found


def _run(*command: str) -> None:
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_lint() -> None:
    _run(_tool("ruff"), "check", ".")


def test_ruff_format() -> None:
    _run(_tool("ruff"), "format", "--check", ".")


def test_mypy_strict_on_engine_and_schemas() -> None:
    _run(_tool("mypy"))


def test_import_contracts() -> None:
    _run(_tool("lint-imports"))
