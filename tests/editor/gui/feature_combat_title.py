"""A title for the test-play combat tests: the tiny title with the German battalion I./GR 48
brought next to the American 2/16 Inf in the village "dorf" (an objective), and a German
artillery battalion of the same regiment behind it, so that on the first (Axis) player turn one
unit fires directly, one indirectly through its regiment's spotter, and the infantry may
assault."""

from __future__ import annotations

from pathlib import Path

from schemas.io import save_file
from schemas.panzer_campaigns.oob import ArtilleryKind, Component, Organization, Unit, UnitClass
from schemas.panzer_campaigns.scenario import Placement
from tests.tiny_title import tiny_oob, tiny_scenario, write_tiny_title

GRENADIERS = "de.12vgd.48.1"
"""Axis infantry at 3,2, next to the village."""
GUNS = "de.12vgd.48.art"
"""Axis artillery at 5,2: fires indirectly at the village through GRENADIERS."""
HQ = "de.12vgd.hq"
"""An Axis HQ: it may not fire at ground units."""
DEFENDERS = "us.1id.16ir.2"
"""American infantry in the village at 2,2."""
VILLAGE = (2, 2)
FRONT = (3, 2)


def _with_artillery(organization: Organization) -> Organization:
    """The regiment of GRENADIERS with an artillery battalion added."""
    if organization.id != "de.12vgd.48":
        children = [
            _with_artillery(c) if isinstance(c, Organization) else c for c in organization.children
        ]
        return organization.model_copy(update={"children": children})
    guns = Unit(
        id=GUNS,
        name="Art.Abt. 12",
        unit_class=UnitClass.ARTILLERY,
        component=Component.GUNS,
        strength=12,
        speed=6,
        soft_attack=20,
        soft_range=8,
        hard_attack=4,
        hard_range=8,
        defense=4,
        indirect_fire=True,
        artillery_kind=ArtilleryKind.ARTILLERY,
    )
    return organization.model_copy(update={"children": [*organization.children, guns]})


def write_combat_title(folder: Path) -> Path:
    """Write the title into `folder`; return the scenario's path."""
    path = write_tiny_title(folder)
    oob = tiny_oob()
    sides = []
    for side in oob.sides:
        nations = []
        for nation in side.nations:
            organizations = [_with_artillery(o) for o in nation.organizations]
            nations.append(nation.model_copy(update={"organizations": organizations}))
        sides.append(side.model_copy(update={"nations": nations}))
    save_file(oob.model_copy(update={"sides": sides}), folder / "tiny.oob.yaml")
    scenario = tiny_scenario()
    placements = [
        p.model_copy(update={"hex": FRONT}) if p.unit == GRENADIERS else p
        for p in scenario.placements
    ]
    placements.append(Placement(unit=GUNS, hex=(5, 2)))
    save_file(scenario.model_copy(update={"placements": placements}), path)
    return path
