"""The test-play's air power [000 8.0-8.4]: the side's aircraft this turn for the test-play panel,
why the Air mode of the Move tool is off, the aircraft it flies, and the rows of the preview
shown on hovering a target (the AA fire it meets, the chance of interception, the losses
expected). `editor.testplay.combat_mode` runs the mode itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.panzer_campaigns.air.missions import AirPreview
    from engine.panzer_campaigns.game import Game

AIR = "air"
AIR_TIP = (
    "Air mode (R): fly the side's first available aircraft (Ctrl+click for the next); the hexes "
    "worth a mission are outlined in blue; hover one for the AA fire it meets, the chance of "
    "interception and the losses expected, click to fly. Recon and carpet bombing may be "
    "called on any hex. A mission cannot be taken back [000 8.1]"
)
MISSION_NAMES = {"strike": "air strike", "carpet": "carpet bombing", "recon": "air recon"}


def aircraft_line(game: Game) -> str:
    """The side to move's aircraft this turn, for the panel: those ready to fly, those not
    (and why), and what the weather allows [000 8.3, 11.0]."""
    side = game.phasing
    ready = [a.id for a in game.available_aircraft(side)]
    fleet = game.aircraft(side)
    if not fleet:
        return "none in the scenario's air setup"
    text = f"{len(ready)} of {len(fleet)} available"
    if ready:
        text += ": " + ", ".join(ready)
        why = game.why_not_fly(ready[0])
        if why is not None:
            text += f" (grounded: {why})"
    return text


def aircraft_summary(game: Game) -> str:
    """`aircraft_line` in a few words, for the panel's side row: how many may fly, and that
    they are grounded when the weather or the hour keeps them down."""
    side = game.phasing
    fleet = game.aircraft(side)
    if not fleet:
        return "no aircraft"
    ready = [a.id for a in game.available_aircraft(side)]
    grounded = bool(ready) and game.why_not_fly(ready[0]) is not None
    return f"{len(ready)} of {len(fleet)} aircraft" + (", grounded" if grounded else "")


def flying(game: Game | None, chosen: str | None) -> str | None:
    """The aircraft the Air mode flies: the chosen one while it may fly, else the side's first
    that may; None when none may."""
    if game is None:
        return None
    if chosen is not None and game.why_not_fly(chosen) is None:
        return chosen
    for aircraft in game.available_aircraft():
        if game.why_not_fly(aircraft.id) is None:
            return aircraft.id
    return None


def air_refusal(game: Game | None) -> str | None:
    """Why the Air mode is off now, the engine's sentence; None when an aircraft may fly."""
    if game is None:
        return "no test-play is running"
    if game.is_over:
        return "the game is over"
    if flying(game, None) is not None:
        return None
    ready = game.available_aircraft()
    if ready:
        return game.why_not_fly(ready[0].id)
    if not game.aircraft(game.phasing):
        return f"the {game.phasing.value} side has no aircraft in the scenario's air setup"
    return f"no {game.phasing.value} aircraft is available this turn [000 8.3]"


def air_rows(game: Game, preview: AirPreview) -> list[tuple[str, str]]:
    """The preview of a mission as label and value rows [000 8.1]."""
    rows = [("Mission", MISSION_NAMES.get(preview.mission, preview.mission))]
    rows.append(("Interception", f"{preview.interception:.0%} chance"))
    if preview.aa:
        shots = ", ".join(f"{s.unit} ({s.value:.0f}, range {s.distance})" for s in preview.aa)
        rows.append(("AA fire", shots))
        rows.append(("Aircraft lost", f"{preview.expected_aircraft_lost:.1f} expected"))
    else:
        rows.append(("AA fire", "none in range"))
    if preview.scatter_hexes > 1:
        rows.append(("Scatter", f"1 in {preview.scatter_hexes} stays on this hex"))
    strike = preview.strike
    if strike is not None:
        target = "Unknown unit" if preview.unknown else strike.target
        rows.append(("Target", target))
        mods = ", ".join(m.describe() for m in strike.modifiers)
        rows.append(("Combat value", f"{strike.value:.0f} ({mods})"))
        if not preview.unknown:
            rows.append(("Losses", f"{strike.low:.1f}-{strike.high:.1f} men-equivalents"))
            rows.append(("Expected", f"{preview.expected_losses:.1f} with interception"))
    return rows
