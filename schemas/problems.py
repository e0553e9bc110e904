"""The one type every check reports with: a Problem, and the catalogue of its stable codes.

Schema validation, reference checks and (later) the engine's setup checks all speak Problems; the
command line prints them as `file:line:col: severity code: message`, the editor lists them live.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

ModelPath = tuple[str | int, ...]


class Severity(StrEnum):
    """How bad a problem is: errors stop a scenario from being played, warnings may be intended."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


CODES: dict[str, str] = {
    "LOAD001": "the file cannot be read (missing, a folder, a pipe or device, a symlink loop, or "
    "no permission)",
    "LOAD002": "the file is not UTF-8 text",
    "LOAD003": "the file name does not say what kind of Hexwright file it is",
    "LOAD004": "aliases expand the file beyond what a Hexwright file may hold (an alias bomb?)",
    "LOAD005": "mappings and lists are nested deeper than a Hexwright file may nest them",
    "SYNTAX001": "the text is not valid YAML or JSON",
    "SYNTAX002": "a key appears twice in one mapping",
    "SCHEMA001": "a value has the wrong type or form",
    "SCHEMA002": "a required field is missing",
    "SCHEMA003": "a field that the format does not have (often a typo)",
    "SCHEMA004": "a number outside its allowed range",
    "SCHEMA005": "a value that is not one of the allowed choices",
    "SCHEMA006": "the file's top level is not a mapping",
    "VERSION001": "format_version is missing or not a version this Hexwright knows",
    "VERSION002": "the file was migrated from an older format version",
    "PATH001": "a referenced file lies outside the title folder",
    "PATH002": "a referenced file does not exist or cannot be loaded",
    "PATH003": "a referenced file is of the wrong kind",
    "SAVE001": "a save interrupted by a crash was completed (or could not be) at the next open",
    "ID001": "an id is used twice in one collection",
    "REF001": "a reference to a unit that is not in the order of battle",
    "REF002": "a reference to an organization that is not in the order of battle",
    "REF003": "a reference to a nation that is not in the order of battle",
    "REF004": "a reference to a terrain id that is not in the map's legend",
    "REF005": "a reference of the wrong kind (e.g. an HQ that is not a child unit)",
    "PLACE001": "a unit is placed more than once (map, reinforcement)",
    "PLACE002": "a unit's initial state does not fit it (strength, fatigue, mode)",
    "HEX001": "a hex lies outside the map",
    "MAP001": "the number of terrain rows differs from the map height",
    "MAP002": "a terrain row's length differs from the map width",
    "MAP003": "a terrain row uses a code that is not in the legend",
    "MAP004": "the elevation layer does not match the map size or is not numbers",
    "MAP005": "a road or rail layer does not match the map size or uses a bad character",
    "MAP006": "two legend entries share an id or a code",
    "MAP007": "a raised link where no road or railway runs",
    "MAP008": "a hexside feature or crossing is given twice for one edge",
    "MAP009": "a bridge, ford or ferry on an edge with nothing it can cross",
    "MAP010": "a road or railway crosses a river, canal, ditch or cliff with no way across",
    "MAP011": "a road or rail link leads off the map",
    "PARAM001": "movement costs are missing for a terrain, hexside, road class or movement class",
    "WEATHER001": "weather rows are not in date order",
    "WEATHER002": "a weather row's condition chances do not add up to 100",
    "WEATHER003": "a weather row's visibility minimum exceeds its maximum",
    "SCN001": "the day schedule is out of order or does not divide into whole turns",
    "SCN002": "the start time is not the start of a turn in the day schedule",
    "SCN003": "visibility or conditions lie outside the scenario's own range",
    "SCN004": "victory levels are not in order",
    "SCN005": "an optional rule the scenario's ruleset does not have",
    "SCN006": "a scheduled event falls outside the scenario's turns",
    "SCN007": "a limited objective's turn range is empty",
    "SCN008": "programmed weather is on but no weather file is given",
    "SCN009": "an objective starts neutral",
    "SCN010": "a reinforcement, withdrawal or air change names no units",
    "SCN011": "a unit is to become Fixed on a turn outside the scenario's turns",
    "AI001": "an A/I order applies before any unit of its organization is on the map",
    "AI002": "an A/I order aims at an objective the scenario does not have",
    "AI003": "an exit A/I order does not aim at an exit objective of its own side",
    "AI004": "two A/I orders of one organization apply from the same turn",
    "AI005": "an A/I order whose stance needs a target names none",
    "AI006": "an organization is listed twice among the A/I orders",
    "OOB001": "an organization's HQ unit is not an HQ or has no command range",
    "OOB002": "a unit's attributes contradict each other",
    "OOB003": "a unit names a unit type the order of battle does not have",
    "OOB004": "a unit type is used by no unit",
    "OOB005": "a unit type of the scenario's units was not in service on the scenario's date",
    # The rules engine's setup checks (engine.panzer_campaigns.setup): the start as played.
    "SETUP001": "a unit stands on terrain it cannot enter (impassable, water, land for a ship)",
    "SETUP002": "a hex holds more men-equivalents than the Maximum Stacking Limit",
    "SETUP003": "a hex holds more ships than allowed",
    "SETUP004": "a hex holds more deployed towed guns than the towed-gun limit",
    "SETUP005": "a unit is in a mode it cannot be in where it stands",
    "SETUP006": "a rail unit is off a railway or not in Rail Mode",
    "SETUP007": "a unit stands off the road in terrain it may enter only by road",
    "SETUP008": "a towed gun deployed in road-only terrain fires and defends as in Travel Mode",
    "SETUP009": "units of both sides start on one hex",
    "SETUP010": "a reinforcement's arrival hex cannot take its units",
    "SETUP011": "a reinforcement arrives on or next to enemy units' starting hexes",
    "SETUP012": "enemy units start within a reinforcement's Protection Value",
    "SETUP013": "a Fixed unit has no release",
    "SETUP014": "an organization's HQ is neither placed nor arriving",
    "SETUP015": "a unit starts Detached, out of its HQ's command range",
    "SETUP016": "no unit of either side can ever reach an objective",
    "SETUP017": "a surrender objective's nation has no unit in the scenario",
    "SETUP018": "a supply source stands on water",
    "SETUP019": "a supply source supplies no unit at the start",
    "SETUP020": "a side without supply sources has no ground hex on the map edge",
    "SETUP021": "a unit starts Isolated, with no line of supply",
    "SETUP022": "programmed weather starts after the scenario does",
    "SETUP023": "a setup check stopped on an unexpected error",
    "SETUP024": "Corps Attachments put an organization under itself",
    "SETUP025": "an exit objective lies neither on the map edge nor beside water",
    "SETUP026": "Explicit Supply is on but a side has no supply unit",
    # Tactical GameX (schemas/tactical_gamex/): its files, its board and its setup.
    "TGX001": "a panel layer's rows do not fit the panel's size",
    "TGX002": "a panel layer uses a character that means nothing in it",
    "TGX003": "a bridge or ford outside a stream hex, or a destroyed bridge never printed",
    "TGX004": "a unit type's values contradict each other or the rules",
    "TGX010": "the panels cannot be assembled into one board",
    "TGX013": "the two halves of a seam hex carry different terrain",
    "TGX020": "a ruleset table lacks a row or column it must have",
    "TGX021": "a Terrain Effects Chart value contradicts the rules text",
    "TGX022": "the CRT's columns or rows are not 1:3 to 4:1 by consecutive rolls",
    "TGX023": "the CRT gives a higher column or a lower roll a milder result",
    "TGX024": "the Weapons Effectiveness Chart lacks or changes a printed row",
    "TGX025": "the AA Fire Table's columns do not rise in attack strength",
    "TGX026": "a scatter diagram does not cover each roll once",
    "TGX030": "a counter, unit type or reference names something the title does not have",
    "TGX031": "a nation has no morale level, or the sides are the same",
    "TGX032": "a hex address or setup area does not resolve on the assembled board",
    "TGX033": "a hex holds more units than the stacking limit",
    "TGX034": "a passenger or designated transport the rules do not allow",
    "TGX035": "a vehicle in a stream hex away from a bridge, or a unit Down off a stream",
    "TGX036": "a neutral counter stands where the rules do not allow it",
    "TGX037": "an attached CP is on a unit that is not A or I category",
    "TGX038": "a reinforcement enters off its edge, after the last turn or with wrong units",
    "TGX039": "landing craft not on all-sea hexes, sharing one, over capacity, or without sea",
    "TGX040": "an airborne lift over its capacity or on a carrier that is no aircraft",
    "TGX041": "the situation uses a module or rule that is switched off",
    "TGX042": "a victory condition names what does not exist or cannot be met",
    "TGX043": "a counter has no place to start, or waits off the map for nothing",
    "TGX044": "a reproduced situation differs from its Command & Control chart",
    "TGX045": "naval support without a sea edge, or a battery's counters that cannot be its",
    "TGX070": "Battlefield Chaos has no Action Deck to draw, or a side no die 1-6 in it",
    "TGX071": "an Action Deck card without its dice, a Deus Ex Machina card with dice, an id twice",
    "TGX072": "an Action Deck card's amount that its effect does not read, or of 0",
    "TGX073": "an Action Deck unlike the rules' (faces in unequal shares, other than six Deus Ex "
    "Machina cards, events without a text)",
}
"""Every problem code with what it means. Codes are stable: tools and CI scripts may match them."""


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong (or worth knowing) about a file, and where it is."""

    severity: Severity
    code: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    path: ModelPath = ()
    hex: tuple[int, int] | None = None
    object_id: str | None = None

    @property
    def is_error(self) -> bool:
        """Whether this problem stops the file from being usable."""
        return self.severity is Severity.ERROR

    def at(self, line: int | None, column: int | None) -> Problem:
        """The same problem with a text position."""
        return replace(self, line=line, column=column)

    def in_file(self, file: str) -> Problem:
        """The same problem attributed to `file`."""
        return replace(self, file=file)

    def path_text(self) -> str:
        """The model path as `objectives[2].hex`."""
        return format_path(self.path)

    def format(self) -> str:
        """One line as compilers print it: `file:line:col: severity code: message`.

        >>> Problem(Severity.ERROR, "REF001", "unit 'x' is not in the OOB",
        ...         file="a.scenario.yaml", line=12, column=5).format()
        "a.scenario.yaml:12:5: error REF001: unit 'x' is not in the OOB"
        """
        where = printable(self.file or "<input>")
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.severity.value} {self.code}: {printable(self.message)}"

    def to_json(self) -> dict[str, Any]:
        """A plain dict for `--json` output."""
        return {
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path_text(),
            "hex": list(self.hex) if self.hex is not None else None,
            "id": self.object_id,
        }


_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def printable(text: str) -> str:
    """Text that prints as itself on one line of any terminal: control characters and line
    breaks escaped, and the bytes of a file name that were not UTF-8 (which Python carries as
    lone surrogates) shown as `\\xNN`, so no name can forge a line of output or stop a print.

    >>> print(printable("bad\\nname\\udcff.map.yaml"))
    bad\\nname\\xff.map.yaml
    """
    return _UNPRINTABLE.sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that `surrogateescape` carried through decoding
        return f"\\x{code - 0xDC00:02x}"
    return match.group().encode("unicode_escape").decode("ascii")


def format_path(path: ModelPath) -> str:
    """A model path in the dotted form designers read.

    >>> format_path(("placements", 3, "hex"))
    'placements[3].hex'
    """
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def error(code: str, message: str, **where: Any) -> Problem:
    """An error Problem."""
    return Problem(Severity.ERROR, code, message, **where)


def warning(code: str, message: str, **where: Any) -> Problem:
    """A warning Problem."""
    return Problem(Severity.WARNING, code, message, **where)


def info(code: str, message: str, **where: Any) -> Problem:
    """An informational Problem."""
    return Problem(Severity.INFO, code, message, **where)
