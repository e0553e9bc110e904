"""How much of a hex's cover a vehicle target gets [001 #18]: in Panzer Battles "Vehicles only
get 1/2 terrain defensive benefit and 1/2 improved and trench benefit"; in Panzer Campaigns all
of it [000 5.2, 5.3]. Fire (`engine.panzer_campaigns.combat.fire_preview`), air strikes and assaults
(`engine.panzer_campaigns.combat.assault_modifiers`) read it here.

>>> terrain_benefit_pct(-40, 0.5), terrain_benefit_pct(-40, 1.0), terrain_benefit_pct(20, 0.5)
(-20.0, -40.0, 20.0)
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import FortificationKind

HALVED_FORTIFICATIONS = frozenset({FortificationKind.IMPROVED_POSITION, FortificationKind.TRENCH})
"""The fortifications whose benefit a Panzer Battles vehicle gets half of: "improved and
trench" [001 #18]."""


def vehicle_share(state: GameState, units: Iterable[UnitState]) -> float:
    """The share of the cover that `units` (the target, or the defenders an assault's cover
    protects) get: the profile's vehicle share when all of them are vehicles, else 1.

    Decision [001 #18]: in an assault the hex's cover protects the whole defending stack; the
    manual halves it for vehicles, so it is halved when every defender it protects is a
    vehicle, and counts whole when men or guns share the hex and hold the position.
    """
    share = state.profile.vehicle_cover_share
    found = list(units)
    if share == 1 or not found or not all(u.is_vehicle for u in found):
        return 1.0
    return share


def terrain_benefit_pct(pct: float, share: float) -> float:
    """A terrain modifier as a vehicle target gets it [001 #18]. Decision: only a benefit (a
    modifier that lowers the fire on the target, below 0) is cut, since the manual speaks of
    the "terrain defensive benefit"; a hex that makes a target easier to hit stays whole."""
    return pct * share if pct < 0 else float(pct)


def fortification_share(kind: FortificationKind, share: float) -> float:
    """The share of a fortification's benefit a target with cover share `share` gets: `share`
    for an improved position or trench, all of a bunker's or pillbox's (which protect a
    vehicle only when it is motorized or mechanized infantry [000 5.2]) [001 #18]."""
    return share if kind in HALVED_FORTIFICATIONS else 1.0
