"""`hexwright schema`: write (or print) the JSON Schema of every file kind, for YAML-aware
editors."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from editor.cli_commands import EXIT_OK, EXIT_UNREADABLE
from schemas.io import FileKind
from schemas.jsonschema import generate, write_all
from schemas.problems import printable


def command_schema(args: argparse.Namespace) -> int:
    """Write the JSON Schema of every file kind into a folder, or print them."""
    if args.out is None:
        json.dump({kind.value: generate(kind) for kind in FileKind}, sys.stdout, indent=2)
        print()
        return EXIT_OK
    try:
        written = write_all(Path(args.out))
    except OSError as exc:
        print(
            printable(f"{args.out}: cannot write the schemas: {exc.strerror or exc}"),
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    for path in written:
        print(printable(str(path)))
    return EXIT_OK
