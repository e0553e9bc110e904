"""The README's commands stay true: CI runs exactly the test command the README gives, and the
first command validates sample titles that exist, and the Python example of the engine runs."""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO


def _commands() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(python3 -m venv[^\n]+)\n```", readme)


def test_ci_runs_the_readme_test_command() -> None:
    _, run_tests = _commands()
    ci_lines = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert run_tests in ci_lines
    assert "pytest" in run_tests


def test_first_command_names_existing_sample_titles() -> None:
    install_and_run, _ = _commands()
    titles = re.findall(r"sample_data/\S+", install_and_run)
    assert titles
    assert all((REPO / title / "scenarios").is_dir() for title in titles)


def test_the_python_example_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    [example] = re.findall(r"```python\n(.*?)```", readme, re.S)
    monkeypatch.chdir(REPO)
    exec(compile(example, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "arrived" in out
    assert "allied" in out
