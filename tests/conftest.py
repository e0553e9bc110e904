"""Shared fixtures: the repository's folders and a freshly written tiny title."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tiny_title import write_tiny_title

REPO = Path(__file__).resolve().parents[1]
SAMPLE_DATA = REPO / "sample_data"
_TITLE_FOLDERS = sorted(
    p
    for p in SAMPLE_DATA.iterdir()
    if p.is_dir() and (p / "scenarios").is_dir() and p.name not in ("broken",)
)
SAMPLE_TITLES = [p for p in _TITLE_FOLDERS if any((p / "scenarios").glob("*.scenario.yaml"))]
"""The Panzer Campaigns and Panzer Battles sample titles a new user opens (every folder of
sample_data/ with scenarios, but the deliberately broken one and the Tactical GameX titles)."""
TGX_SAMPLE_TITLES = [p for p in _TITLE_FOLDERS if any((p / "scenarios").glob("*.situation.yaml"))]
"""The Tactical GameX sample titles (their scenarios are `.situation.yaml` files)."""


@pytest.fixture
def tiny_title(tmp_path: Path) -> Path:
    """A valid tiny title in a temporary folder; returns its scenario's path."""
    return write_tiny_title(tmp_path / "tiny")


@pytest.fixture(autouse=True, scope="session")
def _parse_cache_of_the_session(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Files read by the tests are cached in a folder of the session, not the user's cache."""
    import os

    os.environ.setdefault(
        "HEXWRIGHT_CACHE_DIR", str(tmp_path_factory.mktemp("hexwright-parse-cache"))
    )
