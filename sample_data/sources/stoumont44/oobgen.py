"""Builds the Stoumont order of battle from `forces.yaml`: companies and platoons whose combat
values are worked out from per-weapon profiles scaled by strength.
"""

from __future__ import annotations

from typing import Any

from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, OrgLevel, SideOob, Unit


def build_oob(forces: dict[str, Any]) -> OobFile:
    profiles = forces["profiles"]

    def node(spec: dict[str, Any]) -> Unit | Organization:
        if "unit" in spec:
            return build_unit(spec, profiles[spec["profile"]])
        return Organization(
            id=spec["id"],
            name=spec["name"],
            level=OrgLevel(spec["level"]),
            hq=spec.get("hq"),
            children=[node(child) for child in spec.get("children", [])],
        )

    sides = [
        SideOob(
            side=side["side"],
            name=side["name"],
            nations=[
                Nation(
                    id=nation["id"],
                    name=nation["name"],
                    organizations=[node(org) for org in nation["organizations"]],
                )
                for nation in side["nations"]
            ],
        )
        for side in forces["sides"]
    ]
    return OobFile(
        format_version=3,
        name="Kampfgruppe Peiper and Task Force Harrison, 19-21 December 1944",
        description=OOB_DESCRIPTION,
        sides=sides,
    )


def build_unit(spec: dict[str, Any], profile: dict[str, Any]) -> Unit:
    fields: dict[str, Any] = dict(profile["fixed"])
    strength = spec["strength"]
    scale = strength / 10 if fields.get("component", "men") == "men" else strength
    for name, factor in profile["scaled"].items():
        fields[name] = round(factor * scale, 1)
    if "class" in spec:
        fields["unit_class"] = spec["class"]
    default_size = "company" if fields.get("component", "men") == "men" else "platoon"
    fields.update(
        id=spec["unit"],
        name=spec["name"],
        size=spec.get("size", default_size),
        strength=strength,
        quality=spec["quality"],
        command_range=spec.get("command_range", 0),
    )
    return Unit.model_validate(fields)


OOB_DESCRIPTION = """\
Sample order of battle at company and platoon level for the fighting at Stoumont, La Gleize
and Cheneux, 19-21 December 1944: Kampfgruppe Peiper (1. SS-Panzer-Division) against the 119th
Infantry of the 30th Infantry Division with attached tanks, tank destroyers and guns, and the
504th Parachute Infantry of the 82nd Airborne Division.
Units follow H. M. Cole, The Ardennes: Battle of the Bulge (1965), ch. XV, and the standard
published accounts of Kampfgruppe Peiper. Simplified for a sample: strengths are round figures
near the December 1944 establishments, some platoon designations of attachments are
illustrative, and the combat values are worked out from per-weapon factors written for this
sample (see sample_data/sources/stoumont44/forces.yaml), not taken from any game's database.
"""
