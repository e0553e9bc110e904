"""A title saves as a set: a process killed at any point of a save leaves, at the next open,
every file of one save; atomic writes leave no descriptor and no temporary file behind."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from schemas import save_journal
from schemas.io import dump_text, load_file, write_atomic
from schemas.save_journal import JOURNAL_NAME, SaveFailed, save_set, settle_title
from schemas.title import load_scenario, validate_paths
from tests.conftest import REPO

KILLED = 7


def _title_files(scenario: Path) -> list[Path]:
    folder = scenario.parent.parent
    return [*sorted(folder.glob("*.yaml")), scenario]


def _texts(files: list[Path], save: int) -> list[tuple[Path, str]]:
    """Every file's canonical text marked with the number of the save that wrote it."""
    return [(path, dump_text(load_file(path).model) + f"# save {save}\n") for path in files]


def _saves_found(files: list[Path]) -> set[str]:
    return {path.read_text(encoding="utf-8").rsplit("# save ", 1)[-1] for path in files}


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob(".*"))


@pytest.mark.parametrize("kill_at", range(6))
def test_a_save_killed_at_any_rename_opens_as_one_save(tiny_title: Path, kill_at: int) -> None:
    files = _title_files(tiny_title)
    folder = tiny_title.parent.parent
    save_set(_texts(files, 1), folder)
    second = _texts(files, 2)
    child = os.fork()
    if child == 0:  # the saving process, killed at its kill_at-th rename
        renames = 0
        real_replace = os.replace

        def replace_then_die(source: object, target: object) -> None:
            nonlocal renames
            if renames == kill_at:
                os._exit(KILLED)
            renames += 1
            real_replace(source, target)  # type: ignore[arg-type]

        save_journal.os.replace = replace_then_die  # type: ignore[attr-defined]
        save_set(second, folder)
        os._exit(0)
    _pid, status = os.waitpid(child, 0)
    # The journal's own rename is the first: killing there leaves all of save 1.
    assert os.waitstatus_to_exitcode(status) == KILLED

    bundle = load_scenario(tiny_title)

    assert bundle.is_complete
    found = _saves_found(files)
    assert found in ({"1\n"}, {"2\n"}), f"files of two saves side by side: {found}"
    assert _leftovers(folder) == [], "no journal and no temporary file stays behind"
    if kill_at > 1:
        assert found == {"2\n"}
        assert any(p.code == "SAVE001" for p in bundle.problems)


SAVING_PROCESS = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from schemas import save_journal
    from schemas.io import dump_text, load_file

    folder = Path(sys.argv[1])
    files = [*sorted(folder.glob("*.yaml")), *sorted(folder.glob("scenarios/*.yaml"))]
    texts = [(p, dump_text(load_file(p).model) + "# save 2\\n") for p in files]
    real_replace = os.replace
    done = []

    def replace(source, target):
        real_replace(source, target)
        done.append(target)
        if len(done) == 3:  # the journal and two of the five files are in place
            os._exit(7)

    save_journal.os.replace = replace
    save_journal.save_set(texts, folder)
    """
)


def test_a_real_process_killed_mid_save_is_completed_by_validate(tiny_title: Path) -> None:
    files = _title_files(tiny_title)
    folder = tiny_title.parent.parent
    save_set(_texts(files, 1), folder)
    killed = subprocess.run(
        [sys.executable, "-c", SAVING_PROCESS, str(folder)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert killed.returncode == KILLED, killed.stderr
    assert (folder / JOURNAL_NAME).is_file()
    assert len(_saves_found(files)) == 2, "the kill left two saves side by side"

    report = validate_paths([folder])

    assert _saves_found(files) == {"2\n"}
    assert not report.has_errors
    assert [p.code for p in report.problems if p.code == "SAVE001"] == ["SAVE001"]
    assert _leftovers(folder) == []


def test_a_save_killed_before_its_journal_keeps_the_old_files(tiny_title: Path) -> None:
    files = _title_files(tiny_title)
    folder = tiny_title.parent.parent
    save_set(_texts(files, 1), folder)
    for path, text in _texts(files, 2)[:3]:  # what a kill while writing temporaries leaves
        save_journal.write_temporary(path, text)
    big = folder / f".{files[0].name}.ab12cd_9.tmp"
    big.write_text("x" * 1000, encoding="utf-8")

    settled = settle_title(folder)

    assert _saves_found(files) == {"1\n"}
    assert big in settled.removed
    assert _leftovers(folder) == []


def test_only_our_own_temporary_names_are_removed(tiny_title: Path) -> None:
    folder = tiny_title.parent.parent
    theirs = [
        folder / ".notes.txt.abcdefgh.tmp",  # not a Hexwright file's temporary
        folder / ".tiny.map.yaml.swp",  # an editor's swap file
        folder / "tiny.map.yaml.abcdefgh.tmp",  # not hidden: not our pattern
        folder / ".tiny.map.yaml.abc.tmp",  # too few random characters
        folder / "scenarios" / ".git",
    ]
    for path in theirs:
        path.write_text("keep me", encoding="utf-8")

    settle_title(folder)

    assert all(path.read_text(encoding="utf-8") == "keep me" for path in theirs)


def test_a_journal_whose_files_changed_since_leaves_the_files_alone(tiny_title: Path) -> None:
    files = _title_files(tiny_title)
    folder = tiny_title.parent.parent
    before = {path: path.read_bytes() for path in files}
    (folder / JOURNAL_NAME).write_text(
        '{"format": 1, "renames": [{"temporary": ".tiny.map.yaml.abcdefgh.tmp", '
        '"target": "tiny.map.yaml", "sha256": "0"}]}',
        encoding="utf-8",
    )

    settled = settle_title(folder)

    assert {path: path.read_bytes() for path in files} == before
    assert [p.severity.value for p in settled.problems] == ["warning"]
    assert not (folder / JOURNAL_NAME).exists()


@pytest.mark.parametrize("failing", ["chmod", "fsync"])
def test_a_failed_atomic_write_closes_and_removes_everything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "tiny.map.yaml"
    target.write_text("old", encoding="utf-8")
    before = _open_fds()

    def refuse(*_args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, failing, refuse)
    for _ in range(3):
        with pytest.raises(OSError, match="Input/output"):
            write_atomic(target, "new")
    monkeypatch.undo()

    assert _open_fds() == before, "a descriptor leaked"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny.map.yaml"]
    assert target.read_text(encoding="utf-8") == "old"


def test_a_failed_rename_in_a_live_save_leaves_nothing_behind(
    tiny_title: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _title_files(tiny_title)
    folder = tiny_title.parent.parent
    save_set(_texts(files, 1), folder)
    real_replace = os.replace
    calls = []

    def replace(source: Path, target: Path) -> None:
        calls.append(target)
        if len(calls) == 3:
            raise OSError(13, "Permission denied")
        real_replace(source, target)

    monkeypatch.setattr(save_journal.os, "replace", replace)
    renamed: list[Path] = []
    with pytest.raises(
        SaveFailed, match=re.escape(f"could not save {files[1]}: Permission denied")
    ):
        save_set(_texts(files, 2), folder, renamed.append)

    assert renamed == files[:1], "the caller is told which files are new"
    assert _saves_found(files[:1]) == {"2\n"}
    assert _saves_found(files[1:]) == {"1\n"}
    assert _leftovers(folder) == []


def test_opening_a_title_while_another_process_saves_it_leaves_that_save_alone(
    tiny_title: Path,
) -> None:
    files = _title_files(tiny_title)
    folder = tiny_title.parent.parent
    save_set(_texts(files, 1), folder)
    temporary = save_journal.write_temporary(files[0], "# save 2\n")
    with save_journal.title_lock(folder, wait=True) as held:  # a save in progress
        assert held
        assert settle_title(folder).removed == []
        assert temporary.exists(), "the saving process still needs it"
    assert settle_title(folder).removed == [temporary], "once it died, its leftovers go"
