"""What the Test-play panel says of where a Tactical GameX game stands: the turn, who holds the
initiative (and the last roll for it), the impulse with the side to act and its activation
points left, the passes in a row, and the result at the end [003 4.1, 4.2, 4.4]."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame


def side_name(value: object) -> str:
    """A side as the panel writes it ("Allied", "Axis")."""
    return str(getattr(value, "value", value)).capitalize()


def initiative_line(game: TacticalGame) -> str:
    """Who holds the initiative, for how long, and the last roll for it [003 4.1]."""
    from engine.tactical_gamex.events import InitiativeRolled  # noqa: PLC0415

    state = game.state
    holder = side_name(state.initiative) if state.initiative is not None else "nobody yet"
    held = f", held {state.held} turn{'s' * (state.held != 1)}" if state.initiative else ""
    rolled = next((e for e in reversed(game.log) if isinstance(e, InitiativeRolled)), None)
    if rolled is None:
        how = " (the situation gives it on turn 1)" if state.first_initiative else ""
        return f"Initiative: {holder}{held}{how}"
    return (
        f"Initiative: {holder}{held} — rolled Allied {rolled.allied}, Axis {rolled.axis}"
        f" (holder −{rolled.modifier})"
    )


def impulse_line(game: TacticalGame) -> str:
    """The side to act and its activation pool [003 4.2.1]; before turn 1, the side setting
    up and what it has left to place."""
    state = game.state
    if state.setup is not None and state.phase.value == "setup":
        from engine.tactical_gamex import setup_phase  # noqa: PLC0415

        step = setup_phase.step(state)
        left = len(setup_phase.unplaced(state))
        markers = sum(setup_phase.markers_left(state, i) for i in step.allotments)
        return (
            f"Setup: {side_name(game.acting)} to place, step {state.setup_step + 1} of "
            f"{len(state.setup.steps)} ({step.describe()}): {left} counter{'s' * (left != 1)}"
            f" and {markers} marker{'s' * (markers != 1)} left"
        )
    passes = f"; {state.passes} pass{'es' * (state.passes != 1)} in a row" if state.passes else ""
    if state.pool_pending:  # [003 24.1] the card is drawn at the first order, never on a pass
        return (
            f"Impulse: {side_name(game.acting)} to act; the pool is drawn from the Action Deck"
            f" at the first order (Pass draws no card){passes}"
        )
    return (
        f"Impulse: {side_name(game.acting)} to act, {game.points_left} of {state.pool}"
        f" activation points left{passes}"
    )


def turn_line(game: TacticalGame) -> str:
    """The turn of the game, or how it ended."""
    if game.result is not None:
        return f"Game over on turn {game.result.turn}: {game.result.outcome}"
    return f"Turn {game.turn} of {game.state.last_turn}"
