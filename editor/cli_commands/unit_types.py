"""`hexwright oob types list|extract`: the unit types of an OOB file, and Extract Unit Types
(shared per-unit values into types, `schemas/unit_type_extract.py`) from the command line. No Qt.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.cli_commands import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE
from editor.cli_commands.oob import _load_oob
from schemas.io import save_file
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.unit_type_extract import extract_unit_types
from schemas.panzer_campaigns.unit_types import units_of_types
from schemas.problems import printable


def command_types_list(args: argparse.Namespace) -> int:
    """One line per unit type: id, name, class, the values the Unit panel shows, its units."""
    oob = _load_oob(Path(args.oob))
    if oob is None:
        return EXIT_UNREADABLE
    users = units_of_types(OobIndex.from_oob(oob))
    for unit_type in oob.unit_types:
        dates = ""
        if unit_type.in_service_from or unit_type.in_service_to:
            start = unit_type.in_service_from.isoformat() if unit_type.in_service_from else "…"
            end = unit_type.in_service_to.isoformat() if unit_type.in_service_to else "…"
            dates = f"  in service {start} to {end}"
        print(
            printable(
                f"{unit_type.id}  {unit_type.name}  {unit_type.unit_class.value}  "
                f"hard {unit_type.hard_attack:g}/{unit_type.hard_range} "
                f"soft {unit_type.soft_attack:g}/{unit_type.soft_range} "
                f"assault {unit_type.assault:g} defense {unit_type.defense:g} "
                f"speed {unit_type.speed} {unit_type.movement_class.value}  "
                f"{len(users.get(unit_type.id, []))} units{dates}"
            )
        )
    return EXIT_OK


def command_types_extract(args: argparse.Namespace) -> int:
    """Extract Unit Types into the file (or `-o`); the effective values of every unit stay."""
    source = Path(args.oob)
    if args.min_units < 1:
        print("--min-units must be 1 or more", file=sys.stderr)
        return EXIT_ERRORS
    oob = _load_oob(source)
    if oob is None:
        return EXIT_UNREADABLE
    extraction = extract_unit_types(oob, args.min_units)
    output = Path(args.output) if args.output else source
    if extraction.typed or output != source:
        try:
            save_file(extraction.oob, output)
        except OSError as exc:
            print(printable(f"{output}: cannot write: {exc.strerror or exc}"), file=sys.stderr)
            return EXIT_UNREADABLE
    for created in extraction.created:
        count = sum(1 for type_id in extraction.typed.values() if type_id == created.id)
        print(printable(f"{created.id}  {created.name}  {count} units"))
    print(printable(f"{output}: {extraction.summary()}"), file=sys.stderr)
    return EXIT_OK
