"""How much of Hexwright each command line call wakes: `--help` none of the engine, Qt or the
file-format models, and validating a map none of the rules engine or the other files' models,
so that a designer's CI pays only for what it runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import SIDES, build_parser, handler_of
from schemas.vocabulary import Side
from tests.conftest import REPO, SAMPLE_DATA

HEAVY = (
    "PySide6",
    "shiboken6",
    "engine",
    "pydantic",
    "yaml",
    "schemas.panzer_campaigns.map",
    "schemas.panzer_campaigns.scenario",
)


def _modules_after(arguments: list[str], environment: dict[str, str] | None = None) -> set[str]:
    """The modules a fresh interpreter has imported after running `hexwright ARGUMENTS`."""
    probe = (
        "import sys\nfrom editor.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        env=None if environment is None else {**os.environ, **environment},
    )
    return set(done.stdout.strip().splitlines()[-1].split())


def _loaded(modules: set[str], prefix: str) -> list[str]:
    return sorted(m for m in modules if m == prefix or m.startswith(prefix + "."))


@pytest.mark.parametrize(
    "arguments",
    [
        ["--help"],
        ["validate", "--help"],
        ["render", "--help"],
        ["balance", "--help"],
        ["diff", "--help"],
        ["vallidate"],
    ],
)
def test_help_wakes_no_engine_no_qt_and_no_models(arguments: list[str]) -> None:
    modules = _modules_after(arguments)
    assert {prefix: _loaded(modules, prefix) for prefix in HEAVY} == {p: [] for p in HEAVY}


def test_validating_a_map_builds_no_scenario_oob_or_rules_engine() -> None:
    modules = _modules_after(["validate", str(SAMPLE_DATA / "stoumont44" / "stoumont44.map.yaml")])
    assert "schemas.panzer_campaigns.map" in modules  # it was read and checked
    unwanted = (
        "engine.panzer_campaigns.setup",
        "engine.panzer_campaigns.state",
        "engine.panzer_campaigns.game",
        "schemas.panzer_campaigns.scenario",
        "schemas.panzer_campaigns.oob",
    )
    assert {p: _loaded(modules, p) for p in unwanted} == {p: [] for p in unwanted}
    assert _loaded(modules, "editor.testplay") == []


def test_validating_a_title_checks_its_setup_without_the_play_machinery() -> None:
    # The setup checks build a game and trace supply, but move, spot and log nothing.
    modules = _modules_after(["validate", str(SAMPLE_DATA / "stoumont44")])
    assert "engine.panzer_campaigns.setup.supply_lines" in modules  # the checks ran
    unwanted = (
        "engine.panzer_campaigns.events",
        "engine.panzer_campaigns.spotting",
        "engine.panzer_campaigns.movement",
        "engine.panzer_campaigns.game",
        "PySide6",
    )
    assert {p: _loaded(modules, p) for p in unwanted} == {p: [] for p in unwanted}


def test_diffing_two_titles_wakes_no_rules_engine_and_no_qt() -> None:
    title = str(SAMPLE_DATA / "stoumont44")
    modules = _modules_after(["diff", title, title])
    assert "schemas.diffing.files" in modules
    assert {p: _loaded(modules, p) for p in ("engine", "PySide6")} == {"engine": [], "PySide6": []}


def test_validating_a_map_read_before_reads_no_yaml(tmp_path: Path) -> None:
    # The parse cache keeps a large map's model and its checks' problems: nothing is parsed.
    source = SAMPLE_DATA / "stoumont44" / "stoumont44.map.yaml"
    large = tmp_path / "large.map.yaml"
    large.write_text("# padding\n" * 20_000 + source.read_text(encoding="utf-8"), encoding="utf-8")
    cache = {"HEXWRIGHT_CACHE_DIR": str(tmp_path / "cache")}
    assert "yaml" in _modules_after(["validate", str(large)], cache)  # read and kept
    assert _loaded(_modules_after(["validate", str(large)], cache), "yaml") == []


def test_validating_a_title_read_before_reads_no_yaml(tmp_path: Path) -> None:
    # Its parameter and weather files too: the first file of a kind read in a process would
    # import the YAML parser and build its validator, which the cache's entry skips.
    title = SAMPLE_DATA / "stoumont44"
    assert min(p.stat().st_size for p in title.rglob("*.yaml")) >= 512
    cache = {"HEXWRIGHT_CACHE_DIR": str(tmp_path / "cache")}
    assert "yaml" in _modules_after(["validate", str(title)], cache)
    assert _loaded(_modules_after(["validate", str(title)], cache), "yaml") == []


def test_the_sides_offered_are_the_sides_of_the_file_format() -> None:
    assert list(SIDES) == [side.value for side in Side]


def test_every_command_runs_its_own_handler() -> None:
    parser = build_parser()
    commands = {
        "validate": ["validate", "x"],
        "play": ["play", "x"],
        "replay": ["replay", "x"],
        "supply": ["supply", "x"],
        "schema": ["schema"],
        "weather import": ["weather", "import", "x", "-o", "y"],
        "weather export": ["weather", "export", "x", "-o", "y"],
        "render": ["render", "x", "-o", "y.png"],
        "diff": ["diff", "x", "y"],
    }
    handlers = {name: parser.parse_args(args).handler for name, args in commands.items()}
    assert all(callable(handler_of(h)) for h in handlers.values())
    assert len(set(handlers.values())) == len(handlers)


def test_a_kind_first_read_after_qt_is_imported_still_loads() -> None:
    # The editor's checking process imports Qt before it reads its first file; PySide6's import
    # hook must not break the models built on first use.
    probe = (
        "import schemas.io, PySide6.QtCore\n"
        "from schemas.io import load_file\n"
        f"print(load_file({str(SAMPLE_DATA / 'stoumont44' / 'stoumont44.map.yaml')!r}).ok)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert done.stdout.strip() == "True", done.stderr[-2000:]
