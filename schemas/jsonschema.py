"""JSON Schemas of the file kinds, generated from the models and committed under `schemas/json/`.

YAML-aware editors use them to complete and check `*.scenario.yaml` and the other files as a
designer types. A test fails when the committed copies fall behind the models.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from schemas.io import FileKind

JSON_FOLDER = Path(__file__).with_name("json")
"""Where the committed schemas live."""

_TITLES = {
    FileKind.MAP: "Hexwright map",
    FileKind.OOB: "Hexwright order of battle",
    FileKind.PARAMETERS: "Hexwright parameter data",
    FileKind.WEATHER: "Hexwright programmed weather",
    FileKind.SCENARIO: "Hexwright scenario",
    FileKind.TESTPLAY: "Hexwright saved test-play",
    FileKind.PANEL: "Hexwright Tactical GameX map panel",
    FileKind.UNIT_TYPES: "Hexwright Tactical GameX unit types",
    FileKind.TABLES: "Hexwright Tactical GameX ruleset tables",
    FileKind.SITUATION: "Hexwright Tactical GameX situation",
    FileKind.TGX_PLAY: "Hexwright Tactical GameX saved game",
}


def schema_file_name(kind: FileKind) -> str:
    """File name of a kind's schema, e.g. `scenario.schema.json`."""
    return f"{kind.value}.schema.json"


def generate(kind: FileKind) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one file kind."""
    schema = kind.model.model_json_schema(mode="validation")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": _TITLES[kind],
        **{k: v for k, v in schema.items() if k != "title"},
    }


def schema_text(kind: FileKind) -> str:
    """The committed text of a kind's schema: stable key order, two-space indent."""
    return json.dumps(generate(kind), indent=2, ensure_ascii=False) + "\n"


def write_all(folder: Path = JSON_FOLDER) -> list[Path]:
    """Write every kind's schema into `folder`; return the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in FileKind:
        target = folder / schema_file_name(kind)
        target.write_text(schema_text(kind), encoding="utf-8")
        written.append(target)
    return written
