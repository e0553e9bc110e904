"""Builds `sample_data/legacy/v1/`: the tiny base title of `sample_data/broken/` written in format
version 1, where every hex was a four-digit `CCRR` label, and `sample_data/legacy/v2/`: its
scenario in format version 2, before A/I orders. The migration tests load these files and expect
the same models as the current originals.

Run from the repository root: `python sample_data/sources/legacy/build.py`.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "sample_data" / "broken"
OUT = ROOT / "sample_data" / "legacy" / "v1"
FILES = [
    "base.map.yaml",
    "base.oob.yaml",
    "base.pdt.yaml",
    "base.weather.yaml",
    "scenarios/base.scenario.yaml",
]
_HEX = re.compile(r"hex: \[(\d+), (\d+)\]")


def to_version_1(text: str) -> str:
    """The version 1 text of a version 2 file."""
    text = re.sub(r"^format_version: [23]$", "format_version: 1", text, count=1, flags=re.M)
    return _HEX.sub(lambda m: f'hex: "{int(m.group(1)):02d}{int(m.group(2)):02d}"', text)


def to_version_2(text: str) -> str:
    """The version 2 text of a version 3 scenario that has no A/I orders."""
    return text.replace("format_version: 3", "format_version: 2", 1)


def build() -> None:
    """Write every base file in version 1 form, and the base scenario in version 2 form."""
    scenario = "scenarios/base.scenario.yaml"
    target = OUT.parent / "v2" / scenario
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(
        to_version_2((SOURCE / scenario).read_text(encoding="utf-8")), encoding="utf-8"
    )
    for name in FILES:
        target = OUT / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            to_version_1((SOURCE / name).read_text(encoding="utf-8")), encoding="utf-8"
        )


if __name__ == "__main__":
    build()
