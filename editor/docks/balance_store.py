"""What the Balance panel keeps on disk: a copy of the open document's files in a throw-away
title folder for the runner to play (saved or not, the designer's files untouched), and the
games of the last run of each version of a scenario, under the editor's data folder by the
SHA-256 of the scenario's files, so that reopening the same content shows its last run."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from editor.document import Document
from editor.settings import data_dir
from schemas.io import dump_text, is_json, write_atomic
from schemas.save_journal import save_set

if TYPE_CHECKING:
    from engine.balance import GameRecord

FORMAT = "hexwright-balance-run"
"""The first line of a stored run names its format, so a foreign file is not read as one."""


def _texts(document: Document) -> dict[Path, tuple[str, str]]:
    """Each file of the document by its path inside the title folder: (kind, text as the
    editor would save it now)."""
    root = document.title_folder
    texts = {}
    for slot in document.slots():
        relative = Path(os.path.relpath(slot.path, root))
        texts[relative] = (slot.kind.value, dump_text(slot.model, as_json=is_json(slot.path)))
    return texts


def version_key(document: Document) -> str:
    """The SHA-256 naming this version of the scenario: over each file's kind and the SHA-256
    of its content. A file with no edits counts as its bytes on disk (no need to write it out:
    opening a title stays quick), an edited one as the text a save would write, which is the
    text on disk after that save; so the same content gives the same key, saved or not."""
    digest = hashlib.sha256()
    for slot in sorted(document.slots(), key=lambda s: s.kind.value):
        if not slot.is_dirty and slot.disk is not None:
            content = slot.disk.sha256
        else:
            text = dump_text(slot.model, as_json=is_json(slot.path))
            content = hashlib.sha256(text.encode("utf-8")).hexdigest()
        digest.update(f"{slot.kind.value}:{content}\n".encode())
    return digest.hexdigest()


def saved_version_key(document: Document) -> str:
    """The version key of the document's files as saved on disk (`version_key` of the
    document with no edits); empty when a file was never saved."""
    if any(slot.disk is None for slot in document.slots()):
        return ""
    digest = hashlib.sha256()
    for slot in sorted(document.slots(), key=lambda s: s.kind.value):
        assert slot.disk is not None
        digest.update(f"{slot.kind.value}:{slot.disk.sha256}\n".encode())
    return digest.hexdigest()


def write_title(document: Document, folder: Path) -> Path:
    """Write the document's files as they are now into `folder` (a title folder of its own)
    with the editor's saving code; return the scenario's path there. The document, its files
    and its modified state are not touched."""
    files = []
    for relative, (_kind, text) in _texts(document).items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        files.append((target, text))
    save_set(files, folder)
    return folder / os.path.relpath(document.scenario_path, document.title_folder)


@dataclass(frozen=True)
class StoredRun:
    """The last run of a scenario version: when it finished, its scenario and games."""

    date: datetime
    scenario: str
    records: list[GameRecord]
    cancelled: bool


def store_folder() -> Path:
    """Where runs are kept: `balance/` in the editor's data folder."""
    return data_dir() / "balance"


def save_run(key: str, scenario: Path, records: list[GameRecord], *, cancelled: bool) -> Path:
    """Keep a run's games for a scenario version (the previous run of it is replaced)."""
    header = {
        "format": FORMAT,
        "scenario": str(scenario),
        "date": datetime.now().astimezone().isoformat(timespec="seconds"),
        "cancelled": cancelled,
        "games": len(records),
    }
    lines = [json.dumps(header)]
    lines += [json.dumps(record.to_json()) for record in sorted(records, key=lambda r: r.seed)]
    folder = store_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{key}.jsonl"
    write_atomic(path, "\n".join(lines) + "\n")
    return path


def load_run(key: str) -> StoredRun | None:
    """The last run kept for a scenario version; None when there is none or it does not read
    (a damaged file is ignored: the next run replaces it)."""
    path = store_folder() / f"{key}.jsonl"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        header = json.loads(lines[0])
        if header.get("format") != FORMAT:
            return None
        # Only when a run was kept: opening a title imports no rules engine.
        from engine.balance import GameRecord  # noqa: PLC0415

        records = [GameRecord.from_json(json.loads(line)) for line in lines[1:] if line.strip()]
        return StoredRun(
            datetime.fromisoformat(header["date"]),
            str(header.get("scenario", "")),
            records,
            bool(header.get("cancelled", False)),
        )
    except (OSError, IndexError, ValueError, KeyError, TypeError, AttributeError):
        return None
