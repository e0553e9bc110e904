"""The README's commands stay true: CI runs exactly the test command the README gives, and the
first command starts the editor on a bundled scenario, the pictures exist, and the Python example
of the engine runs."""

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


def test_first_command_starts_the_editor_on_a_bundled_scenario() -> None:
    install_and_run, _ = _commands()
    assert install_and_run.endswith("&& .venv/bin/hexwright")
    from editor.app import SAMPLE_SCENARIO

    assert SAMPLE_SCENARIO.is_relative_to(REPO / "sample_data")
    assert SAMPLE_SCENARIO.is_file()


def test_the_screenshot_exists() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for image in re.findall(r"!\[[^]]*\]\(([^)]+)\)", readme):
        assert (REPO / image).is_file(), image


def test_the_python_examples_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    playing, computer = re.findall(r"```python\n(.*?)```", readme, re.S)
    monkeypatch.chdir(REPO)
    exec(compile(playing, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "arrived" in out
    assert "allied" in out
    exec(compile(computer, "README.md", "exec"), {})
    out = capsys.readouterr().out
    # The computer says why it gave its orders, turn after turn, by the scenario's A/I orders.
    assert "turn 1: move de." in out
    assert "attack bastogne" in out


def test_every_link_of_the_readme_stays_inside_the_repository() -> None:
    """The project stands on its own: the README links its own architecture document, and no link
    or named document points outside the repository (a reader of a clone has nothing else)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)[^)]*\)", readme)
    assert "docs/architecture.md" in links
    for link in links:
        if re.match(r"[a-z]+://", link):
            continue
        target = (REPO / link).resolve()
        assert target.is_relative_to(REPO.resolve()), link
        assert target.exists(), link
    assert "shared/" not in readme
    assert not re.search(r"(?<![\w/])DESIGN\.md", readme)


def test_the_architecture_document_names_only_modules_that_exist() -> None:
    """docs/architecture.md is kept current: every `package/module.py` or `package/folder/` it
    names in its layout is in the tree."""
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    [layout] = re.findall(r"## Where things live\n.*?```\n(.*?)```", text, re.S)
    package = ""
    for line in layout.splitlines():
        if re.match(r"^[a-z_]+/", line):
            package = line.split()[0]
            assert (REPO / package).is_dir(), package
            continue
        names = line.split("  ")[0].strip()
        for name in re.findall(r"[\w*]+(?:\.py|/)", names):
            matches = list((REPO / package).glob(name.rstrip("/")))
            assert matches, f"{package}{name}"
