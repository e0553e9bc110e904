"""Builds `sample_data/legacy/v1/`: the tiny base title of `sample_data/broken/` written in format
version 1, where every hex was a four-digit `CCRR` label. The migration tests load these files
and expect the same models as the version 2 originals.

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
    text = text.replace("format_version: 2", "format_version: 1", 1)
    return _HEX.sub(lambda m: f'hex: "{int(m.group(1)):02d}{int(m.group(2)):02d}"', text)


def build() -> None:
    """Write every base file in version 1 form."""
    for name in FILES:
        target = OUT / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            to_version_1((SOURCE / name).read_text(encoding="utf-8")), encoding="utf-8"
        )


if __name__ == "__main__":
    build()
