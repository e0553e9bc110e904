"""The Tactical GameX sample situation, read once per test module that asks for `bundle`."""

from __future__ import annotations

import pytest

from schemas.tactical_gamex.loading import SituationBundle, load_situation
from tests.tiny_tgx import STEPPE


@pytest.fixture(scope="module")
def bundle() -> SituationBundle:
    """ "The Hill at Krasnaya Polyana" as the loader gives it."""
    return load_situation(STEPPE)
