"""What combat and recovery log: losses with what they did to the unit, and the start-of-turn
recovery of fatigue and strength. Part of `engine.panzer_campaigns.events.Event`."""

from __future__ import annotations

from dataclasses import dataclass

from schemas.vocabulary import Side


@dataclass(frozen=True, slots=True)
class LossesTaken:
    """A unit took a combat result [000 12.0]: its losses, fatigue, morale check and fate."""

    turn: int
    unit: str
    side: Side
    kind: str
    """The `CombatKind`: direct_fire, indirect_fire, air or assault."""
    nominal: float
    """The casualty value in men-equivalents, before rounding and conversion."""
    lost: int
    """Men, guns or vehicles (the unit's component) taken from it, finishing off included."""
    component: str
    fatigue: int
    """Fatigue added."""
    morale_check: bool
    """Whether the loss called for a morale check."""
    became: str | None
    """"disrupted" or "broken" when the unit failed its morale check, else None."""
    eliminated: bool
    finished_off: bool
    """Eliminated by the finishing-off roll of a men unit left below 10 [000 12.0]."""
    points: float
    """Victory points the losses earned the enemy."""
    passengers: tuple[tuple[str, int, bool], ...] = ()
    """The passengers of an eliminated Naval unit: each one's id, its losses and whether it
    was eliminated [001 #27] (`engine.panzer_campaigns.combat.naval_passengers`)."""

    def describe(self) -> str:
        """One sentence for a report."""
        what = f"{self.lost} {self.component}"
        text = (
            f"{self.side.value} {self.unit} lost {what} to {self.kind.replace('_', ' ')} "
            f"(casualty value {self.nominal:.1f}, {self.points:g} VP), fatigue +{self.fatigue}"
        )
        if self.passengers:
            fates = ", ".join(
                f"{unit} eliminated" if gone else f"{unit} lost {lost} and is Disrupted"
                for unit, lost, gone in self.passengers
            )
            text += f"; its passengers: {fates}"
        if self.finished_off:
            return text + "; finished off"
        if self.eliminated:
            return text + "; eliminated"
        if self.became is not None:
            return text + f"; failed its morale check: {self.became}"
        if self.morale_check:
            return text + "; passed its morale check"
        return text


@dataclass(frozen=True, slots=True)
class FatigueRecovered:
    """Rested units of a side recovered fatigue [000 9.3]."""

    turn: int
    side: Side
    units: tuple[tuple[str, int], ...]
    """Each unit that recovered and the fatigue points it lost."""

    def describe(self) -> str:
        """One sentence for a report."""
        parts = ", ".join(f"{unit}(-{amount})" for unit, amount in self.units)
        return f"{self.side.value}: {len(self.units)} unit(s) recovered fatigue ({parts})"


@dataclass(frozen=True, slots=True)
class StrengthRecovered:
    """Rested units of a side recovered losses and received replacements [000 12.0]."""

    turn: int
    side: Side
    recovered: tuple[tuple[str, int], ...]
    """Each unit that recovered losses and how many men, guns or vehicles came back."""
    replacements: tuple[tuple[str, int], ...]
    """Each unit that received replacements and how many."""

    def describe(self) -> str:
        """One sentence for a report."""
        parts = []
        if self.recovered:
            parts.append("recovered losses " + ", ".join(f"{u}(+{n})" for u, n in self.recovered))
        if self.replacements:
            parts.append("replacements " + ", ".join(f"{u}(+{n})" for u, n in self.replacements))
        return f"{self.side.value}: " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Fired:
    """A unit fired at a hex [000 5.1]; the target's `LossesTaken` follows it in the log."""

    turn: int
    unit: str
    side: Side
    hex: tuple[int, int]
    kind: str
    """The `CombatKind`: direct_fire or indirect_fire."""
    target: str
    value: float
    """The combat value before the percentage modifier."""
    modifier_pct: float
    modifiers: tuple[str, ...]
    """Each modifier as a player reads it ("x0.5 disrupted", "-20% village")."""
    mp_cost: float
    unknown: bool = False
    """Fired at an Unknown target: the firing side does not learn the result [000 8.1]."""

    def describe(self) -> str:
        """One sentence for a report."""
        how = self.kind.replace("_", " ")
        text = (
            f"{self.side.value} {self.unit} fired ({how}) at {self.target} in "
            f"{self.hex[0]},{self.hex[1]}: combat value {self.value:.1f}"
        )
        if self.modifier_pct:
            text += f" {self.modifier_pct:+g}%"
        if self.modifiers:
            text += " (" + ", ".join(self.modifiers) + ")"
        return text


@dataclass(frozen=True, slots=True)
class OpportunityFire:
    """A unit of the side not moving fired at `unit` as it `trigger`-ed ("moved", "changed
    mode", "fired") [000 3.3]; the target's `LossesTaken` follows it in the log."""

    turn: int
    unit: str
    """The target: the unit that moved, changed mode or fired."""
    trigger: str
    fired: Fired

    @property
    def hex(self) -> tuple[int, int]:
        """Where the target stood when fired at."""
        return self.fired.hex

    def describe(self) -> str:
        """One sentence for a report."""
        return f"opportunity fire as {self.unit} {self.trigger}: {self.fired.describe()}"


@dataclass(frozen=True, slots=True)
class AmmoSpent:
    """Units of a side that fired ran Low on Ammo, and artillery became Unavailable or
    available again [000 10.2]."""

    turn: int
    side: Side
    low_ammo: tuple[str, ...]
    unavailable: tuple[str, ...]
    available: tuple[str, ...]
    unstockpiled: tuple[str, ...] = ()
    """Stockpiled artillery that failed its first supply test: available, no longer
    Stockpiled [000 10.3]."""

    def describe(self) -> str:
        """One sentence for a report."""
        parts = []
        if self.unstockpiled:
            parts.append("no longer Stockpiled " + ", ".join(self.unstockpiled))
        if self.low_ammo:
            parts.append("Low on Ammo " + ", ".join(self.low_ammo))
        if self.unavailable:
            parts.append("artillery Unavailable " + ", ".join(self.unavailable))
        if self.available:
            parts.append("artillery available again " + ", ".join(self.available))
        return f"{self.side.value}: " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class ArtilleryReadied:
    """At the start of its side's turn artillery finished setting up, or became Stockpiled
    [000 10.3] (`engine.panzer_campaigns.combat.artillery_setup`)."""

    turn: int
    side: Side
    set_up: tuple[str, ...]
    stockpiled: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        parts = []
        if self.set_up:
            parts.append("artillery set up " + ", ".join(self.set_up))
        if self.stockpiled:
            parts.append("artillery Stockpiled " + ", ".join(self.stockpiled))
        return f"{self.side.value}: " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class CounterbatterySpotted:
    """Unspotted artillery that fired was spotted by the enemy (optional rule) [000 5.4]."""

    turn: int
    unit: str
    side: Side
    chance: float

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.side.value} {self.unit} was spotted by counterbattery ({self.chance:.0%})"


@dataclass(frozen=True, slots=True)
class RubbleMade:
    """Indirect fire turned an urban hex into Rubble [000 4.4, 5.1]."""

    turn: int
    hex: tuple[int, int]

    def describe(self) -> str:
        """One sentence for a report."""
        return f"the fire left {self.hex[0]},{self.hex[1]} in rubble"


def _at(offset: tuple[int, int]) -> str:
    return f"{offset[0]},{offset[1]}"


@dataclass(frozen=True, slots=True)
class Assaulted:
    """Units assaulted a hex [000 6.3]; both sides' `LossesTaken` follow it, then an
    `AssaultResolved`."""

    turn: int
    side: Side
    """The attacking side."""
    hex: tuple[int, int]
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    value: float
    """The attackers' combat value before their percentage modifier."""
    modifier_pct: float
    defender_value: float
    """The defenders' combat value before their percentage modifier."""
    defender_modifier_pct: float
    modifiers: tuple[str, ...]
    """Each modifier of either side as a player reads it."""
    overrun: bool = False
    """Panzer Battles: defenders with Assault 0 overrun without combat [001 #22]."""
    unknown: bool = False
    """The attackers saw the defenders only as Unknown."""

    def describe(self) -> str:
        """One sentence for a report."""
        who = ", ".join(self.attackers)
        whom = ", ".join(self.defenders)
        text = f"{self.side.value} {who} assaulted {whom} in {_at(self.hex)}"
        if self.overrun:
            return text + ": overrun"
        text += f": combat value {self.value:.1f}"
        if self.modifier_pct:
            text += f" {self.modifier_pct:+g}%"
        text += f" against {self.defender_value:.1f}"
        if self.defender_modifier_pct:
            text += f" {self.defender_modifier_pct:+g}%"
        if self.modifiers:
            text += " (" + ", ".join(self.modifiers) + ")"
        return text


@dataclass(frozen=True, slots=True)
class AssaultResolved:
    """How an assault ended [000 6.3]: the defenders held or were forced out, where each went
    or what befell it, and who took the hex."""

    turn: int
    side: Side
    """The attacking side."""
    hex: tuple[int, int]
    result: str
    """"held" (the defenders stay), "retreated" (forced out; some may remain, unable to
    retreat), "destroyed" (the losses left no defender), "overrun" [001 #22], "deserted" (a
    Deserted Hex, taken without losses [000 13.3])."""
    retreats: tuple[tuple[str, tuple[int, int]], ...] = ()
    """Each defender that retreated and the hex it went to."""
    captured: tuple[tuple[str, int], ...] = ()
    """Each defender that could not retreat and the men, guns or vehicles captured."""
    eliminated: tuple[str, ...] = ()
    """Defenders eliminated for being unable to retreat (or overrun)."""
    stayed: tuple[str, ...] = ()
    """Defenders forced out that remain in the hex."""
    occupied_by: tuple[str, ...] = ()
    """Attackers that moved into the emptied hex."""
    supply_captured: tuple[str, ...] = ()
    """Enemy supply units taken over at half strength [000 10.4]."""
    demolition: tuple[tuple[str, int], ...] = ()
    """Demolition units and the strength the assault cost them [000 6.2]."""
    unfixed: tuple[str, ...] = ()
    """Fixed defenders freed by being assaulted [000 4.6]."""

    def describe(self) -> str:
        """One sentence for a report."""
        where = _at(self.hex)
        if self.result == "held":
            parts = [f"the defenders of {where} held"]
        elif self.result in ("overrun", "destroyed"):
            parts = [f"the defenders of {where} were {self.result}"]
        elif self.result == "deserted":
            parts = [f"{where} was Deserted: taken without a fight"]
        else:
            parts = [f"the defenders of {where} were forced to retreat"]
        parts += [f"{unit} retreated to {_at(to)}" for unit, to in self.retreats]
        parts += [f"{unit} lost {count} captured" for unit, count in self.captured]
        parts += [f"{unit} eliminated" for unit in self.eliminated]
        parts += [f"{unit} stayed" for unit in self.stayed]
        parts += [f"supply unit {unit} captured" for unit in self.supply_captured]
        parts += [f"demolition unit {unit} lost {n}" for unit, n in self.demolition]
        if self.unfixed:
            parts.append(", ".join(self.unfixed) + " no longer Fixed")
        if self.occupied_by:
            parts.append(f"{self.side.value} {', '.join(self.occupied_by)} took {where}")
        return "; ".join(parts)
