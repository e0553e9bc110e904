"""Builds the order of battle from `oob.yaml` (the tree) and `unit_types.yaml` (the values a kind
of battalion shares), keeping the lookups the scenario builder needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, SideOob, Unit
from schemas.vocabulary import Side

UNIT_KEYS = ("key", "id", "type", "name")
ORG_KEYS = ("key", "id", "name", "level", "hq", "defaults", "children")


@dataclass
class BuiltOob:
    """The OOB model with plain lookups: units by id, each unit's side, each organization's
    units (all of them, however deep)."""

    model: OobFile
    units: dict[str, Unit]
    side_of: dict[str, Side]
    units_under: dict[str, list[str]]

    def expand(self, ref: str) -> list[str]:
        """The unit ids a reference stands for: the unit itself, or an organization's units."""
        if ref in self.units:
            return [ref]
        if ref in self.units_under:
            return list(self.units_under[ref])
        raise KeyError(f"{ref!r} is neither a unit nor an organization")


class OobBuilder:
    """Walks the source tree, making units from their types and organizations with their HQs.

    An entry's id is its `id`, or its parent's id and its `key` (us.28id + 110ir); an `hq`
    entry becomes the unit `<org id>.hq`, the organization's first child and its HQ. A unit's
    own values beat its organization's `defaults`, which beat its type's.
    """

    def __init__(self, types: dict[str, dict[str, Any]], name: str, description: str) -> None:
        self.types = types
        self.name = name
        self.description = description
        self.units: dict[str, Unit] = {}
        self.side_of: dict[str, Side] = {}
        self.units_under: dict[str, list[str]] = {}

    def build(self, source: dict[str, Any]) -> BuiltOob:
        sides: dict[Side, SideOob] = {}
        for spec in source["nations"]:
            side = Side(spec["side"])
            if side in sides:
                raise ValueError("this order of battle has one nation per side")
            nation = Nation(
                id=spec["id"],
                name=spec["name"],
                organizations=[
                    self._organization(o, None, {}, side) for o in spec["organizations"]
                ],
            )
            sides[side] = SideOob(side=side, name=spec["side_name"], nations=[nation])
        model = OobFile(
            format_version=3,
            name=self.name,
            description=self.description,
            sides=[sides[Side.ALLIED], sides[Side.AXIS]],
        )
        return BuiltOob(model, self.units, self.side_of, self.units_under)

    @staticmethod
    def _node_id(spec: dict[str, Any], parent: str | None) -> str:
        if "id" in spec:
            return str(spec["id"])
        if parent is None:
            raise ValueError(f"{spec.get('name')}: a top-level entry needs an id")
        return f"{parent}.{spec['key']}"

    def _organization(
        self, spec: dict[str, Any], parent: str | None, defaults: dict[str, Any], side: Side
    ) -> Organization:
        unknown = set(spec) - set(ORG_KEYS)
        if unknown:
            raise ValueError(f"{spec['name']}: unknown keys {sorted(unknown)}")
        org_id = self._node_id(spec, parent)
        inherited = {**defaults, **spec.get("defaults", {})}
        children: list[Organization | Unit] = []
        hq_id = None
        if "hq" in spec:
            hq = self._unit({"key": "hq", **spec["hq"]}, org_id, inherited, side)
            hq_id = hq.id
            children.append(hq)
        for child in spec.get("children", []):
            if "level" in child:
                children.append(self._organization(child, org_id, inherited, side))
            else:
                children.append(self._unit(child, org_id, inherited, side))
        under: list[str] = []
        for child in children:
            under.extend([child.id] if isinstance(child, Unit) else self.units_under[child.id])
        self.units_under[org_id] = under
        return Organization(
            id=org_id, name=spec["name"], level=spec["level"], hq=hq_id, children=children
        )

    def _unit(
        self, spec: dict[str, Any], parent: str, defaults: dict[str, Any], side: Side
    ) -> Unit:
        unit_id = self._node_id(spec, parent)
        if unit_id in self.units:
            raise ValueError(f"unit id {unit_id} is used twice")
        values = {**self.types[spec["type"]], **defaults}
        values.update({k: v for k, v in spec.items() if k not in UNIT_KEYS})
        unit = Unit(id=unit_id, name=spec["name"], **values)
        self.units[unit_id] = unit
        self.side_of[unit_id] = side
        return unit
