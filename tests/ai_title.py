"""The tiny base title of `sample_data/broken/` with A/I orders, written into a test's folder, for
the file-format, check, engine and editor tests of A/I orders."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

from schemas.io import dump_text, load_file
from schemas.panzer_campaigns.ai_orders import (
    Aggressiveness,
    AiOrder,
    AiSetup,
    OrganizationOrders,
    Stance,
)
from schemas.panzer_campaigns.scenario import ScenarioFile
from tests.conftest import SAMPLE_DATA

BASE = SAMPLE_DATA / "broken"

AI = AiSetup(
    aggressiveness=Aggressiveness(axis=70),
    organizations=[
        OrganizationOrders(
            organization="us.1id",
            orders=[AiOrder(id="1id-defend", turn=1, stance=Stance.DEFEND, objective="dorf")],
        ),
        OrganizationOrders(
            organization="de.12vgd",
            orders=[
                AiOrder(id="vgd-attack", turn=1, stance=Stance.ATTACK, objective="dorf"),
                AiOrder(
                    id="vgd-exit",
                    at=datetime(1944, 12, 16, 14, 0),
                    stance=Stance.EXIT,
                    objective="west-exit",
                ),
            ],
        ),
        OrganizationOrders(
            organization="us.1id.16ir",
            orders=[
                AiOrder(id="16ir-reserve", turn=2, stance=Stance.RESERVE, hex=(1, 2), radius=1)
            ],
        ),
    ],
)
"""Orders for both sides: a division defending, a regiment held in reserve from turn 2, the
enemy division attacking and then (turn 4, 14:00) leaving by the exit objective."""


def ai_scenario() -> ScenarioFile:
    """The base scenario with the A/I orders above."""
    base: ScenarioFile = load_file(BASE / "scenarios" / "base.scenario.yaml").model
    return base.model_copy(update={"ai": AI})


def write_ai_title(folder: Path, text: str | None = None) -> Path:
    """Copy the base title into `folder` with the scenario `text` (default: the base scenario
    with the A/I orders above); return the scenario's path."""
    for name in ("base.map.yaml", "base.oob.yaml", "base.pdt.yaml", "base.weather.yaml"):
        shutil.copy(BASE / name, folder / name)
    (folder / "scenarios").mkdir(exist_ok=True)
    path = folder / "scenarios" / "ai.scenario.yaml"
    path.write_text(text if text is not None else dump_text(ai_scenario()), encoding="utf-8")
    return path
