"""`hexwright oob import|export`: bring units and organizations into an OOB file from a
spreadsheet (CSV or TSV) or an indented text, and write part or all of an OOB out in the same
forms. No Qt: the parsing and mapping live in `schemas/oob_text.py` and `schemas/oob_csv.py`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.cli_commands import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, print_problems
from schemas.io import FileKind, load_file, save_file, write_atomic
from schemas.panzer_campaigns.oob import OobFile, OobNode
from schemas.panzer_campaigns.oob_csv import (
    TARGETS,
    default_mapping,
    read_oob_csv,
    read_table,
    write_oob_csv,
)
from schemas.panzer_campaigns.oob_import import graft, subtree, taken_ids
from schemas.panzer_campaigns.oob_text import read_oob_text, write_oob_text
from schemas.panzer_campaigns.unit_types import type_by_id
from schemas.problems import printable
from schemas.reading import read_regular_file


def _form(path: Path, given: str | None) -> str:
    """`csv`, `tsv` or `text`, from `--format` or the file's suffix (text for any other)."""
    if given:
        return given
    suffix = path.suffix.lower()
    return {".csv": "csv", ".tsv": "tsv", ".tab": "tsv"}.get(suffix, "text")


def _load_oob(path: Path) -> OobFile | None:
    loaded = load_file(path, FileKind.OOB)
    if loaded.model is None:
        print_problems(loaded.problems, show_info=False)
        print(printable(f"{path}: the OOB does not load; nothing done"), file=sys.stderr)
        return None
    model: OobFile = loaded.model
    return model


def command_oob_import(args: argparse.Namespace) -> int:
    """Import into an OOB file under an organization; refused lines are printed as
    `file:line: field: reason` and, unless `--partial`, nothing is written."""
    target, source = Path(args.oob), Path(args.source)
    oob = _load_oob(target)
    if oob is None:
        return EXIT_UNREADABLE
    try:
        text = read_regular_file(source).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        print(printable(f"{source}:1: cannot read the file: {exc}"), file=sys.stderr)
        return EXIT_UNREADABLE
    taken = taken_ids(oob)
    if args.under not in taken:
        print(
            printable(f"{target}: no organization or nation with id {args.under!r}"),
            file=sys.stderr,
        )
        return EXIT_ERRORS
    if _form(source, args.format) == "text":
        result = read_oob_text(text, str(source), taken, type_by_id(oob))
    else:
        mapping = default_mapping(read_table(text).header)
        for pair in args.map or ():
            header, _, field = pair.partition("=")
            if field and field not in TARGETS:
                print(printable(f"--map {pair}: {field!r} is not a unit field"), file=sys.stderr)
                return EXIT_ERRORS
            mapping[header] = field
        result = read_oob_csv(text, str(source), taken, mapping, type_by_id(oob))
    for line in (*result.notes, *result.problems):
        print(printable(line))
    if result.problems and not args.partial:
        print("nothing written: fix the lines above or pass --partial", file=sys.stderr)
        return EXIT_ERRORS
    output = Path(args.output) if args.output else target
    try:
        save_file(graft(oob, args.under, result.nodes), output)
    except (OSError, KeyError) as exc:
        print(printable(f"{output}: cannot write: {exc}"), file=sys.stderr)
        return EXIT_UNREADABLE
    organizations, units = result.counts()
    print(
        printable(f"{organizations} organizations and {units} units added to {output}"),
        file=sys.stderr,
    )
    return EXIT_ERRORS if result.problems else EXIT_OK


def command_oob_export(args: argparse.Namespace) -> int:
    """Write the whole OOB, or one organization with everything under it, as CSV, TSV or
    indented text."""
    source, output = Path(args.oob), Path(args.output)
    oob = _load_oob(source)
    if oob is None:
        return EXIT_UNREADABLE
    nodes: list[OobNode]
    if args.organization:
        found = subtree(oob, args.organization)
        if found is None:
            print(
                printable(f"{source}: no organization with id {args.organization!r}"),
                file=sys.stderr,
            )
            return EXIT_ERRORS
        nodes = [found]
    else:
        nodes = [n for side in oob.sides for nation in side.nations for n in nation.organizations]
    form = _form(output, args.format)
    if form == "text":
        text = write_oob_text(nodes)
    else:
        text = write_oob_csv(nodes, "\t" if form == "tsv" else ",")
    try:
        write_atomic(output, text)
    except OSError as exc:
        print(printable(f"{output}: cannot write: {exc.strerror or exc}"), file=sys.stderr)
        return EXIT_UNREADABLE
    return EXIT_OK
