"""The orders a player gives, as values. A game records every order it carries out, so that the
same scenario, seed and orders replay the same game, a test-play can be saved as its orders, and
the last orders of a player turn can be taken back.
"""

from __future__ import annotations

from dataclasses import dataclass

from schemas.panzer_campaigns.scenario import Mode

Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Move:
    """Move a unit along adjacent hexes, from the hex after its own to the last [000 5.0]."""

    unit: str
    path: tuple[Offset, ...]

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> Move("1/26VG", ((4, 5), (5, 5))).describe()
        'move 1/26VG to 5,5'
        """
        end = self.path[-1] if self.path else None
        return f"move {self.unit}" + (f" to {end[0]},{end[1]}" if end else "")


@dataclass(frozen=True, slots=True)
class ChangeMode:
    """Put a unit in deployed, travel or rail mode [000 4.1]."""

    unit: str
    mode: Mode

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> ChangeMode("1/26VG", Mode.TRAVEL).describe()
        'put 1/26VG in travel mode'
        """
        return f"put {self.unit} in {self.mode.value} mode"


@dataclass(frozen=True, slots=True)
class ExitUnit:
    """Take a unit off the map at the exit objective it stands on [000 3.4]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"take {self.unit} off the map"


@dataclass(frozen=True, slots=True)
class ReconSpot:
    """Spend a third of a recon unit's movement points to try to reveal concealed enemy units
    within Visibility + 1 hexes [000 4.8]. Its die rolls reveal the enemy: it cannot be taken
    back."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> ReconSpot("7/Aufkl").describe()
        'recon spotting by 7/Aufkl'
        """
        return f"recon spotting by {self.unit}"


@dataclass(frozen=True, slots=True)
class Fire:
    """Fire a unit at a hex [000 5.1]. Its die rolls are seen: it cannot be taken back."""

    unit: str
    target: Offset

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> Fire("1/26VG", (5, 5)).describe()
        '1/26VG fires at 5,5'
        """
        return f"{self.unit} fires at {self.target[0]},{self.target[1]}"


@dataclass(frozen=True, slots=True)
class Assault:
    """Units from hexes next to an enemy hex assault it together [000 6.0]. Its die rolls are
    seen: it cannot be taken back."""

    hex: Offset
    units: tuple[str, ...]

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> Assault((5, 5), ("1/26VG", "2/26VG")).describe()
        '1/26VG, 2/26VG assault 5,5'
        """
        return f"{', '.join(self.units)} assault {self.hex[0]},{self.hex[1]}"


@dataclass(frozen=True, slots=True)
class DigIn:
    """Start Digging-In: later turns may fortify the unit's hex [000 4.9]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"dig in {self.unit}"


@dataclass(frozen=True, slots=True)
class Combine:
    """Merge companies of one battalion on one hex into the first one's counter [000 4.9]."""

    units: tuple[str, ...]

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> Combine(("1/26VG", "2/26VG")).describe()
        'combine 1/26VG, 2/26VG'
        """
        return f"combine {', '.join(self.units)}"


@dataclass(frozen=True, slots=True)
class BreakDown:
    """Split the last company merged into a combined counter off it [000 4.9]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"break down {self.unit}"


@dataclass(frozen=True, slots=True)
class Carry:
    """A vehicle, Transport or Naval unit takes units of its hex aboard [001 "Carry/Uncarry"]."""

    carrier: str
    units: tuple[str, ...]

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> Carry("Pz/1", ("Gren/1",)).describe()
        'Pz/1 carries Gren/1'
        """
        return f"{self.carrier} carries {', '.join(self.units)}"


@dataclass(frozen=True, slots=True)
class Uncarry:
    """A carrier sets every unit it carries down on its hex [001 "Carry/Uncarry"]."""

    carrier: str

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"{self.carrier} sets its passengers down"


@dataclass(frozen=True, slots=True)
class BuildBridge:
    """An engineer starts building a bridge from its hex towards an adjacent hex: across a
    hexside, or a pontoon over a water hex [000 7.4]. No die is rolled now."""

    unit: str
    toward: Offset

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> BuildBridge("Pi/1", (5, 5)).describe()
        'Pi/1 builds a bridge towards 5,5'
        """
        return f"{self.unit} builds a bridge towards {self.toward[0]},{self.toward[1]}"


@dataclass(frozen=True, slots=True)
class DismantleBridge:
    """An engineer starts dismantling the bridge it maintains [000 7.4]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"{self.unit} dismantles its bridge"


@dataclass(frozen=True, slots=True)
class AbandonBridge:
    """An engineer abandons its bridge: free to leave, never to bridge again [000 7.4]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"{self.unit} abandons its bridge"


@dataclass(frozen=True, slots=True)
class WireBridge:
    """An engineer on a full-hex bridge starts wiring it for demolition [000 7.4]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"{self.unit} wires the bridge it stands on"


@dataclass(frozen=True, slots=True)
class DamageBridge:
    """An engineer attacks a bridge or AT ditch towards an adjacent hex [000 7.4]. Its roll is
    seen: it cannot be taken back."""

    unit: str
    target: Offset

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> DamageBridge("Pi/1", (5, 5)).describe()
        'Pi/1 demolishes towards 5,5'
        """
        return f"{self.unit} demolishes towards {self.target[0]},{self.target[1]}"


@dataclass(frozen=True, slots=True)
class ClearMines:
    """Start or stop clearing the mines, obstacle or rubble of the unit's hex ("Clear Mines or
    Rubble") [000 7.2, 7.3]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"{self.unit} clears mines or rubble"


@dataclass(frozen=True, slots=True)
class LayMines:
    """An engineer starts laying mines in its hex [000 7.3]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"{self.unit} lays mines"


@dataclass(frozen=True, slots=True)
class Ferry:
    """An engineer ferries a unit one hex across a river or canal, or to or from a water hex
    [000 7.5]."""

    engineer: str
    unit: str
    to: Offset

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> Ferry("Pi/1", "Gren/1", (5, 5)).describe()
        'Pi/1 ferries Gren/1 to 5,5'
        """
        return f"{self.engineer} ferries {self.unit} to {self.to[0]},{self.to[1]}"


EngineeringOrder = (
    BuildBridge
    | DismantleBridge
    | AbandonBridge
    | WireBridge
    | DamageBridge
    | ClearMines
    | LayMines
    | Ferry
)
"""The engineers' orders (`engine.panzer_campaigns.game_engineering`)."""

ENGINEERING_ORDERS = (
    BuildBridge,
    DismantleBridge,
    AbandonBridge,
    WireBridge,
    DamageBridge,
    ClearMines,
    LayMines,
    Ferry,
)


@dataclass(frozen=True, slots=True)
class Patrol:
    """Send a unit of men out on patrol for its whole allowance [000 4.2]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> Patrol("3/Fsch5").describe()
        'send 3/Fsch5 on patrol'
        """
        return f"send {self.unit} on patrol"


@dataclass(frozen=True, slots=True)
class DamageRail:
    """Damage the railway in the unit's hex for 1/3 of its allowance [000 4.4]."""

    unit: str

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> DamageRail("1/GR26").describe()
        'damage the railway under 1/GR26'
        """
        return f"damage the railway under {self.unit}"


@dataclass(frozen=True, slots=True)
class ChangeAttachment:
    """Attach an organization or unit under a corps to another corps, on the midnight turn
    [000 9.1]."""

    subject: str
    attach_to: str

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> ChangeAttachment("de.2pzd", "de.xlvii").describe()
        'attach de.2pzd to de.xlvii'
        """
        return f"attach {self.subject} to {self.attach_to}"


@dataclass(frozen=True, slots=True)
class DeployDeception:
    """Deploy (or redeploy) a deception unit as a hidden marker at a hex [000 4.3]."""

    unit: str
    hex: Offset

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> DeployDeception("Greif", (12, 30)).describe()
        'deploy deception unit Greif at 12,30'
        """
        return f"deploy deception unit {self.unit} at {self.hex[0]},{self.hex[1]}"


@dataclass(frozen=True, slots=True)
class AirStrike:
    """A combat air unit strikes an enemy hex after the AA fire [000 8.1]. Its die rolls are
    seen: it cannot be taken back."""

    aircraft: str
    target: Offset

    def describe(self) -> str:
        """One phrase for a menu or a report.

        >>> AirStrike("us.9af.362fg", (5, 5)).describe()
        'us.9af.362fg strikes 5,5'
        """
        return f"{self.aircraft} strikes {self.target[0]},{self.target[1]}"


@dataclass(frozen=True, slots=True)
class CarpetBomb:
    """A heavy bomber carpet-bombs a hex, scattering up to 2 hexes [000 8.1]. Its die rolls are
    seen: it cannot be taken back."""

    aircraft: str
    target: Offset

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"{self.aircraft} carpet-bombs {self.target[0]},{self.target[1]}"


@dataclass(frozen=True, slots=True)
class AirRecon:
    """A recon air unit flies over a hex to spot enemy units near it [000 8.1]. Its die rolls
    reveal the enemy: it cannot be taken back."""

    aircraft: str
    target: Offset

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return f"air recon by {self.aircraft} over {self.target[0]},{self.target[1]}"


@dataclass(frozen=True, slots=True)
class EndPlayerTurn:
    """End the player turn [000 3.3]."""

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return "end the player turn"


@dataclass(frozen=True, slots=True)
class EndPhase:
    """End the phase of a phased game turn (Manual Defensive Fire) [000 13.3]."""

    def describe(self) -> str:
        """One phrase for a menu or a report."""
        return "end the phase"


Order = (
    Move
    | ChangeMode
    | ExitUnit
    | ReconSpot
    | Fire
    | Assault
    | DigIn
    | Combine
    | BreakDown
    | Carry
    | Uncarry
    | Patrol
    | DamageRail
    | ChangeAttachment
    | DeployDeception
    | AirStrike
    | CarpetBomb
    | AirRecon
    | EndPlayerTurn
    | EndPhase
    | EngineeringOrder
)
"""Anything `engine.panzer_campaigns.game.Game.apply` carries out."""
