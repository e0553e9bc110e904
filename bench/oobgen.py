"""The benchmark title's order of battle: both sides' trees built from formation shapes.

Each nation fills an army group (army group > army > corps > division > regiment > battalion >
company) with infantry, armoured and motorized divisions until its share of the side's units is
spent, so every run gives exactly UNITS_PER_SIDE units per side. Every organization has an HQ
unit as its first child.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

UNITS_PER_SIDE = 4000

# Role templates: every field a unit of that role carries besides id, name and type name. Most
# flags stay at their defaults (false) so the saved file holds what a real OOB would.
_ROLES: dict[str, dict[str, Any]] = {
    "hq": {"unit_class": "headquarters", "size": "company", "strength": (60, 160), "speed": 6,
           "soft_attack": 2, "soft_range": 1, "defense": 2},
    "rifle": {"unit_class": "infantry", "size": "company", "strength": (110, 190), "speed": 6,
              "hard_attack": 1, "hard_range": 1, "soft_attack": 8, "soft_range": 1,
              "assault": 12, "defense": 6},
    "hw": {"unit_class": "heavy_weapons", "size": "company", "strength": (90, 140), "speed": 5,
           "hard_attack": 2, "hard_range": 1, "soft_attack": 14, "soft_range": 2, "assault": 4,
           "defense": 4},
    "ig": {"unit_class": "infantry_artillery", "size": "company", "component": "guns",
           "strength": (4, 6), "speed": 5, "hard_attack": 3, "hard_range": 1, "soft_attack": 18,
           "soft_range": 4, "defense": 2, "indirect_fire": True, "artillery_kind": "artillery",
           "towed": True},
    "at": {"unit_class": "anti_tank", "size": "company", "component": "guns",
           "strength": (6, 12), "speed": 6, "hard_attack": 16, "hard_range": 2,
           "soft_attack": 3, "soft_range": 1, "defense": 2, "towed": True, "anti_tank": True},
    "battery": {"unit_class": "artillery", "size": "company", "component": "guns",
                "strength": (4, 4), "speed": 5, "hard_attack": 4, "hard_range": 1,
                "soft_attack": 24, "soft_range": 12, "defense": 2, "indirect_fire": True,
                "artillery_kind": "artillery", "towed": True},
    "heavy_battery": {"unit_class": "heavy_artillery", "size": "company", "component": "guns",
                      "strength": (3, 4), "speed": 4, "hard_attack": 6, "hard_range": 1,
                      "soft_attack": 36, "soft_range": 16, "defense": 2, "indirect_fire": True,
                      "artillery_kind": "heavy_artillery", "towed": True,
                      "movement_class": "motorized"},
    "tank": {"unit_class": "armor", "size": "company", "component": "vehicles",
             "strength": (10, 17), "speed": 10, "movement_class": "tracked", "hard_attack": 22,
             "hard_range": 2, "soft_attack": 14, "soft_range": 2, "assault": 16, "defense": 14,
             "hard_target": True},
    "pg": {"unit_class": "mechanized_infantry", "size": "company", "strength": (120, 160),
           "speed": 10, "movement_class": "halftrack", "hard_attack": 2, "hard_range": 1,
           "soft_attack": 10, "soft_range": 1, "assault": 12, "defense": 7, "can_dismount": True},
    "mot": {"unit_class": "motorized_infantry", "size": "company", "strength": (130, 170),
            "speed": 12, "movement_class": "motorized", "hard_attack": 1, "hard_range": 1,
            "soft_attack": 8, "soft_range": 1, "assault": 11, "defense": 6,
            "can_dismount": True},
    "recon": {"unit_class": "recon", "size": "company", "strength": (90, 130), "speed": 14,
              "movement_class": "motorized", "hard_attack": 2, "hard_range": 1,
              "soft_attack": 8, "soft_range": 1, "assault": 6, "defense": 4, "recon": True},
    "eng": {"unit_class": "engineer", "size": "company", "strength": (120, 160), "speed": 6,
            "hard_attack": 2, "hard_range": 1, "soft_attack": 8, "soft_range": 1, "assault": 14,
            "defense": 6, "engineer": True},
    "aa": {"unit_class": "anti_aircraft", "size": "company", "component": "guns",
           "strength": (8, 12), "speed": 8, "movement_class": "motorized", "soft_attack": 6,
           "soft_range": 1, "aa_attack": 6, "aa_range": 1, "defense": 2, "towed": True,
           "aa_kind": "aa"},
}  # fmt: skip

_COMMAND_RANGE = {
    "army_group": 20,
    "army": 16,
    "corps": 12,
    "division": 8,
    "regiment": 5,
    "battalion": 3,
}

# Name patterns per national style: {n} number, {o} ordinal, {r} roman, {L} letter, {b} battalion
# within its regiment, {c} company number, {abbr} the regiment's abbreviation. `co` names the
# companies of numbered battalions, `co_support` units directly under a numbered organization.
_STYLES: dict[str, dict[str, str]] = {
    "de": {
        "army_group": "Heeresgruppe {L}", "army": "{n}. Armee", "corps": "{r}. Armeekorps",
        "inf": "{n}. Infanterie-Division", "pz": "{n}. Panzer-Division",
        "mot": "{n}. Panzergrenadier-Division", "rgt_inf": "Grenadier-Regiment {n}",
        "rgt_pz": "Panzer-Regiment {n}", "rgt_pg": "Panzergrenadier-Regiment {n}",
        "rgt_mot": "Grenadier-Regiment (mot) {n}", "rgt_art": "Artillerie-Regiment {n}",
        "corps_art": "Arko {n}", "recon": "Aufklärungs-Abteilung {n}",
        "at_bn": "Panzerjäger-Abteilung {n}", "eng_bn": "Pionier-Bataillon {n}",
        "tank_bn": "Panzer-Abteilung {n}", "aa_bn": "Flak-Abteilung {n}",
        "bn": "{r}./{abbr} {n}", "co": "{c}./{abbr} {n}", "co_support": "{c}./{abbr} {n}",
        "hq": "Stab {name}", "horse_artillery": "yes",
        "abbr_rgt_inf": "GR", "abbr_rgt_pz": "PR", "abbr_rgt_pg": "PGR", "abbr_rgt_mot": "GR",
        "abbr_rgt_art": "AR", "abbr_corps_art": "Arko", "abbr_recon": "AA", "abbr_at_bn": "PzJg",
        "abbr_eng_bn": "Pi", "abbr_tank_bn": "PzAbt", "abbr_aa_bn": "Flak",
        "t_hq": "Stab", "t_rifle": "Grenadiere", "t_hw": "s.MG 34/Gr.W. 34", "t_ig": "le.IG 18",
        "t_at": "PaK 40", "t_battery": "le.FH 18", "t_heavy_battery": "s.FH 18",
        "t_tank": "PzKpfw IV H", "t_pg": "SdKfz 251", "t_mot": "Grenadiere (mot)",
        "t_recon": "SdKfz 234/1", "t_eng": "Pioniere", "t_aa": "2cm Flak 38",
    },
    "en": {
        "army_group": "{o} Army Group", "army": "{o} Army", "corps": "{r} Corps",
        "inf": "{o} Infantry Division", "pz": "{o} Armored Division",
        "mot": "{o} Motorized Division", "rgt_inf": "{o} Infantry Regiment",
        "rgt_pz": "{o} Armored Regiment", "rgt_pg": "{o} Armored Infantry Regiment",
        "rgt_mot": "{o} Motorized Infantry Regiment", "rgt_art": "{o} Division Artillery",
        "corps_art": "{o} Field Artillery Group", "recon": "{o} Recon Squadron",
        "at_bn": "{o} Tank Destroyer Battalion", "eng_bn": "{o} Engineer Battalion",
        "tank_bn": "{o} Tank Battalion", "aa_bn": "{o} AAA Battalion",
        "bn": "{b}/{n} {abbr}", "co": "{L}/{b}/{n} {abbr}", "co_support": "{L}/{n} {abbr}",
        "hq": "HQ {name}", "horse_artillery": "no",
        "abbr_rgt_inf": "Inf", "abbr_rgt_pz": "Armd", "abbr_rgt_pg": "AIR",
        "abbr_rgt_mot": "Mot Inf", "abbr_rgt_art": "FA", "abbr_corps_art": "FA Gp",
        "abbr_recon": "Rcn", "abbr_at_bn": "TD", "abbr_eng_bn": "Eng", "abbr_tank_bn": "Tk",
        "abbr_aa_bn": "AAA",
        "t_hq": "Headquarters", "t_rifle": "Rifle Company", "t_hw": "M1917 MG/81mm Mortar",
        "t_ig": "M3 105mm How", "t_at": "M1 57mm AT", "t_battery": "M2A1 105mm",
        "t_heavy_battery": "M1 155mm", "t_tank": "M4A3 Sherman", "t_pg": "M3 Halftrack",
        "t_mot": "Motorized Rifles", "t_recon": "M8 Greyhound", "t_eng": "Combat Engineers",
        "t_aa": "M1 40mm Bofors",
    },
    "hu": {
        "army_group": "{n}. hadseregcsoport", "army": "{n}. hadsereg", "corps": "{r}. hadtest",
        "inf": "{n}. gyaloghadosztály", "pz": "{n}. páncéloshadosztály",
        "mot": "{n}. gépesített hadosztály", "rgt_inf": "{n}. gyalogezred",
        "rgt_pz": "{n}. harckocsiezred", "rgt_pg": "{n}. gépkocsizó lövészezred",
        "rgt_mot": "{n}. gépkocsizó gyalogezred", "rgt_art": "{n}. tüzérezred",
        "corps_art": "{n}. hadtesttüzérség", "recon": "{n}. felderítő osztály",
        "at_bn": "{n}. páncélvadász osztály", "eng_bn": "{n}. utász zászlóalj",
        "tank_bn": "{n}. harckocsizászlóalj", "aa_bn": "{n}. légvédelmi osztály",
        "bn": "{r}./{n}. {abbr}", "co": "{c}./{n}. {abbr}", "co_support": "{c}./{n}. {abbr}",
        "hq": "{name} parancsnokság", "horse_artillery": "yes",
        "abbr_rgt_inf": "gye", "abbr_rgt_pz": "hke", "abbr_rgt_pg": "gklö",
        "abbr_rgt_mot": "gkgye", "abbr_rgt_art": "tü", "abbr_corps_art": "httü",
        "abbr_recon": "fe", "abbr_at_bn": "pv", "abbr_eng_bn": "ut", "abbr_tank_bn": "hk",
        "abbr_aa_bn": "lgv",
        "t_hq": "Parancsnokság", "t_rifle": "Gyalogság", "t_hw": "Gépfegyver",
        "t_ig": "Gyalogsági löveg", "t_at": "PaK 40", "t_battery": "15cm 31M",
        "t_heavy_battery": "21cm 39M", "t_tank": "Turán II", "t_pg": "Lövész",
        "t_mot": "Gépkocsizó gyalogság", "t_recon": "Csaba", "t_eng": "Utászok",
        "t_aa": "Nimród",
    },
}  # fmt: skip

_ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
          "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII", "XXIII", "XXIV", "XXV", "XXVI",
          "XXVII", "XXVIII", "XXIX", "XXX"]  # fmt: skip
_LETTERS = "ABCDEFGHIKLMNOPQRSTUVWXYZ"  # no J, as in US company lettering


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _roman(n: int) -> str:
    return _ROMAN[n - 1] if 0 < n <= len(_ROMAN) else str(n)


@dataclass(frozen=True)
class Shape:
    """What an organization holds: its echelon, its parts and the units besides its HQ.

    `numbering` says where its number comes from: a counter of the nation ("division",
    "regiment"…), its parent's number ("parent": Recon Battalion 35 of the 35th Division) or
    its place in its parent ("index": the 2nd battalion of a regiment, named after the regiment).
    `key` gives its id under the parent; a key with `{n}` makes an id of its own under the nation.
    """

    level: str
    name: str
    numbering: str
    key: str
    parts: tuple[Shape, ...] = ()
    roles: tuple[str, ...] = ()
    motorized: bool = False


def _battalion(roles: tuple[str, ...], motorized: bool = False) -> Shape:
    return Shape("battalion", "bn", "index", "b{i}", roles=roles, motorized=motorized)


def _troops(name: str, key: str, role: str, motorized: bool = False) -> Shape:
    return Shape("battalion", name, "parent", key, roles=(role,) * 3, motorized=motorized)


def _regiment(
    name: str,
    battalions: int,
    roles: tuple[str, ...],
    *,
    support: tuple[str, ...] = (),
    motorized: bool = False,
) -> Shape:
    parts = (_battalion(roles, motorized),) * battalions
    return Shape("regiment", name, "regiment", "r{i}", parts, support, motorized)


_RIFLES = ("rifle", "rifle", "rifle", "hw")
_GRENADIERS = ("pg", "pg", "pg", "hw")
_MOTORIZED = ("mot", "mot", "mot", "hw")


def _division_troops(artillery: tuple[str, ...], motorized: bool) -> tuple[Shape, ...]:
    art = Shape(
        "regiment",
        "rgt_art",
        "regiment",
        "art",
        tuple(_battalion((role,) * 3, motorized) for role in artillery),
        (),
        motorized,
    )
    return (
        art,
        _troops("recon", "recon", "recon", True),
        _troops("at_bn", "at", "at", motorized),
        _troops("eng_bn", "eng", "eng", motorized),
    )


DIVISIONS: dict[str, Shape] = {
    # 84 units: three regiments of three battalions, four artillery battalions, three troops.
    "inf": Shape("division", "inf", "division", "d{n}", (
        *(_regiment("rgt_inf", 3, _RIFLES, support=("ig", "at")),) * 3,
        *_division_troops(("battery", "battery", "battery", "heavy_battery"), False))),
    "pz": Shape("division", "pz", "division", "d{n}", (
        _regiment("rgt_pz", 2, ("tank",) * 4, motorized=True),
        *(_regiment("rgt_pg", 2, _GRENADIERS, support=("at",), motorized=True),) * 2,
        *_division_troops(("battery", "battery", "heavy_battery"), True)), motorized=True),
    "mot": Shape("division", "mot", "division", "d{n}", (
        *(_regiment("rgt_mot", 3, _MOTORIZED, support=("ig", "at"), motorized=True),) * 2,
        _troops("tank_bn", "tk", "tank", True),
        *_division_troops(("battery", "battery", "heavy_battery"), True)), motorized=True),
}  # fmt: skip


def _corps(rng: random.Random, mix: tuple[float, float, float]) -> Shape:
    artillery = Shape(
        "regiment",
        "corps_art",
        "regiment",
        "art",
        (_battalion(("heavy_battery",) * 3, True),) * 2,
        motorized=True,
    )
    divisions = rng.choices(list(DIVISIONS.values()), mix, k=rng.choice((3, 3, 4)))
    parts = (artillery, _troops("eng_bn", "eng", "eng", True), *divisions)
    return Shape("corps", "corps", "corps", "k{n}", parts, motorized=True)


def _army(rng: random.Random, mix: tuple[float, float, float]) -> Shape:
    parts = (_troops("aa_bn", "aa", "aa", True), *(_corps(rng, mix) for _ in range(3)))
    return Shape("army", "army", "army", "a{n}", parts, motorized=True)


@dataclass(frozen=True)
class NationPlan:
    """A nation of the OOB: its share of its side's units and the make-up of its divisions."""

    side: str
    id: str
    name: str
    style: str
    share: float
    army_group: bool
    quality_shift: int
    mix: tuple[float, float, float]  # infantry, armoured, motorized divisions
    fragile_morale: bool = False


NATIONS = (
    NationPlan("allied", "us", "United States", "en", 0.8, True, 0, (0.65, 0.25, 0.10)),
    NationPlan("allied", "gb", "United Kingdom", "en", 0.2, False, 0, (0.7, 0.3, 0.0)),
    NationPlan("axis", "de", "Germany", "de", 0.82, True, 0, (0.6, 0.25, 0.15)),
    NationPlan("axis", "hu", "Hungary", "hu", 0.18, False, 1, (0.85, 0.15, 0.0), True),
)
"""Shares per side add up to 1, so each side has exactly UNITS_PER_SIDE units."""


@dataclass
class OrgRec:
    """An organization as the scenario generator sees it."""

    id: str
    level: str
    side: str
    nation: str
    parent: str | None
    units: list[str] = field(default_factory=list)
    orgs: list[str] = field(default_factory=list)


@dataclass
class UnitRec:
    """A unit as the scenario generator sees it."""

    id: str
    side: str
    nation: str
    parent: str
    data: dict[str, Any]


@dataclass
class OobInfo:
    """Every unit and organization of the generated OOB, by id, with their places in the tree."""

    units: dict[str, UnitRec] = field(default_factory=dict)
    orgs: dict[str, OrgRec] = field(default_factory=dict)
    nations: dict[str, str] = field(default_factory=dict)  # nation -> side

    def units_under(self, org_id: str) -> list[str]:
        """Every unit below an organization, in tree order."""
        org = self.orgs[org_id]
        found = list(org.units)
        for child in org.orgs:
            found += self.units_under(child)
        return found

    def of_level(self, level: str, side: str | None = None) -> list[OrgRec]:
        """Organizations of one echelon, optionally of one side, in tree order."""
        return [
            o for o in self.orgs.values() if o.level == level and (side is None or o.side == side)
        ]


@dataclass
class _Numbering:
    """Where names below an organization take their number, abbreviation and company count."""

    number: int
    abbr: str
    battalion: int
    companies: list[int]


class OobBuilder:
    """Builds both sides' trees from shapes, unit by unit, until each nation's budget is spent."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.info = OobInfo()
        self.left = 0
        self.style: dict[str, str] = {}
        self.side = ""
        self.nation = ""
        self.quality_shift = 0
        self.numbers: dict[str, Iterator[int]] = {}

    def _unit(
        self, org: OrgRec, unit_id: str, name: str, role: str, motorized: bool, **changes: Any
    ) -> dict[str, Any]:
        self.left -= 1
        rng = self.rng
        template = _ROLES[role]
        data: dict[str, Any] = {
            "kind": "unit",
            "id": unit_id,
            "name": name,
            "type_name": self.style[f"t_{role}"],
            **template,
        }
        data["strength"] = rng.randint(*template["strength"])
        if "movement_class" not in template and (
            motorized or (role == "battery" and self.style["horse_artillery"] == "no")
        ):
            data["movement_class"] = "motorized"
            data["speed"] = 12
        elif role == "battery":
            data["movement_class"] = "horse"
        data.update(changes)
        grade = 2 + self.quality_shift + rng.choice((-1, 0, 0, 0, 0, 1))
        if grade != 2:
            data["quality"] = "ABCDEF"[min(max(grade, 0), 5)]
        if role == "tank" and rng.random() < 0.1:
            data["low_reliability"] = True
        if role == "eng":
            data["bridge_engineer"] = rng.random() < 0.3
            data["mine_clear"] = rng.random() < 0.2
        org.units.append(unit_id)
        self.info.units[unit_id] = UnitRec(unit_id, self.side, self.nation, org.id, data)
        return data

    def _build(
        self, shape: Shape, parent: OrgRec | None, index: int, outer: _Numbering | None
    ) -> dict[str, Any] | None:
        """One organization of `shape`: its HQ first, then its parts, then its other units."""
        if self.left <= 0:
            return None
        style = self.style
        if shape.numbering == "index" and outer is not None:
            numbering = _Numbering(outer.number, outer.abbr, index, outer.companies)
            name = style[shape.name].format(
                r=_roman(index), b=index, n=outer.number, abbr=outer.abbr
            )
        else:
            if shape.numbering == "parent" and outer is not None:
                number = outer.number
            else:
                number = next(self.numbers[shape.numbering])
            numbering = _Numbering(number, style.get(f"abbr_{shape.name}", ""), 0, [0])
            name = style[shape.name].format(
                n=number, o=_ordinal(number), r=_roman(number), L=_LETTERS[(number - 1) % 25]
            )
        key = shape.key.format(i=index, n=numbering.number)
        org_id = (
            f"{self.nation}.{key}"
            if "{n}" in shape.key or parent is None
            else (f"{parent.id}.{key}")
        )
        rec = OrgRec(org_id, shape.level, self.side, self.nation, parent.id if parent else None)
        self.info.orgs[org_id] = rec
        hq = self._unit(
            rec,
            f"{org_id}.hq",
            style["hq"].format(name=name),
            "hq",
            shape.motorized,
            command_range=_COMMAND_RANGE[shape.level],
        )
        if shape.level in ("army_group", "army", "corps", "division"):
            hq.update(movement_class="motorized", speed=16, size="battalion")
            hq["strength"] = self.rng.randint(200, 400)
        children: list[dict[str, Any]] = [hq]
        for number, part in enumerate(shape.parts, start=1):
            child = self._build(part, rec, number, numbering)
            if child is not None:
                rec.orgs.append(child["id"])
                children.append(child)
        template = "co" if shape.numbering == "index" else "co_support"
        for role in shape.roles:
            if self.left <= 0:
                break
            numbering.companies[0] += 1
            company = numbering.companies[0]
            unit_name = style[template].format(
                c=company,
                L=_LETTERS[(company - 1) % 25],
                b=numbering.battalion,
                n=numbering.number,
                abbr=numbering.abbr,
            )
            children.append(
                self._unit(rec, f"{org_id}.{company}", unit_name, role, shape.motorized)
            )
        org: dict[str, Any] = {
            "kind": "organization",
            "id": org_id,
            "name": name,
            "level": shape.level,
            "hq": hq["id"],
            "children": children,
        }
        if shape.level == "division" and (shape.motorized or self.rng.random() < 0.3):
            org["replacements"] = self.rng.choice((5, 10, 15))
        return org

    def nation_tree(self, plan: NationPlan) -> dict[str, Any]:
        """One nation: an army group (or loose armies) filled until its units are spent."""
        rng = self.rng
        units = round(UNITS_PER_SIDE * plan.share)
        self.side, self.nation, self.left = plan.side, plan.id, units
        self.style = _STYLES[plan.style]
        self.quality_shift = plan.quality_shift
        self.info.nations[plan.id] = plan.side
        self.numbers = {
            "division": iter(rng.sample(range(1, 400), 399)),
            "regiment": iter(rng.sample(range(1, 999), 998)),
            "corps": itertools.count(1),
            "army": itertools.count(1),
            "army_group": iter(rng.sample(range(1, 13), 12)),
        }
        # More armies than any budget needs: building stops when the units are spent.
        armies = tuple(_army(rng, plan.mix) for _ in range(units // 600 + 2))
        tops: tuple[Shape, ...]
        if plan.army_group:
            tops = (Shape("army_group", "army_group", "army_group", "ag", armies, (), True),)
        else:
            tops = armies
        organizations = [org for top in tops if (org := self._build(top, None, 1, None))]
        nation: dict[str, Any] = {"id": plan.id, "name": plan.name}
        if plan.fragile_morale:
            nation["fragile_morale"] = True
        nation["organizations"] = organizations
        return nation

    def build(self) -> tuple[dict[str, Any], OobInfo]:
        """Both sides' trees, as the OOB file's data, and the index the scenario needs."""
        sides = []
        for side, name in (("allied", "Allied"), ("axis", "German")):
            nations = [self.nation_tree(plan) for plan in NATIONS if plan.side == side]
            sides.append({"side": side, "name": name, "nations": nations})
        data = {
            "format_version": 3,
            "name": "Benchmark order of battle",
            "description": "Generated: two army groups of 4,000 units each.",
            "sides": sides,
        }
        return data, self.info
