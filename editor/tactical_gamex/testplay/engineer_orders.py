"""The engineers' orders the Test-play panel plans before they are given [003 9.0-9.4]: clearing
a minefield or block next to the engineer, removing a wreck in or next to its hex, an Engineer
Action toward a block on its road hex or toward blowing the bridge it stands on, each with what
will happen and the die it needs. The engine's own checks (`engineers.why_not_*`) say why an
order is refused, so that the preview and the order cannot disagree. Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.tactical_gamex.testplay.more_orders import Planned

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame
    from engine.tactical_gamex.units import Unit

Offset = tuple[int, int]


def _engineer(game: TacticalGame, unit_id: str) -> Unit:
    """The chosen unit, refused as the game refuses a unit that already acted [003 4.2.2]."""
    unit = game.unit(unit_id)
    if unit.marker is not None:
        raise ValueError(f"{unit_id} has already acted this turn [003 4.2.2]")
    if unit.hex is None:
        raise ValueError(f"{unit_id} is not on the board")
    return unit


def _refused(why: str | None) -> None:
    if why:
        raise ValueError(why)


def _chance(highest: int) -> str:
    return f"1-{highest} on 1d6 ({highest / 6:.0%})"


def clear(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The engineer moves into the aimed minefield or block next to it [003 9.1, 8.5]: no die;
    the marker goes at Housekeeping if the engineer is still there in good order."""
    from engine.tactical_gamex.engineers import why_not_clear  # noqa: PLC0415
    from engine.tactical_gamex.orders import ClearObstacle  # noqa: PLC0415

    unit = _engineer(game, unit_id)
    _refused(why_not_clear(game.state, unit, hex_))
    what = "minefield" if hex_ in game.state.counters.mines else "block"
    order: ClearObstacle = ClearObstacle(unit_id, hex_)
    return Planned(
        order,
        (
            f"Clear: {unit_id} moves into the {what} at {hex_} (immune to its mines); no roll: "
            "it is cleared at Housekeeping if the engineer is still there in good order "
            "[003 9.1]",
        ),
    )


def remove_wreck(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The engineer removes one wreck of the aimed hex, its own or the next [003 9.4]."""
    from engine.tactical_gamex.engineers import why_not_remove_wreck  # noqa: PLC0415
    from engine.tactical_gamex.orders import RemoveWreck  # noqa: PLC0415

    unit = _engineer(game, unit_id)
    _refused(why_not_remove_wreck(game.state, unit, hex_))
    left = game.state.counters.wrecks[hex_] - 1
    order: RemoveWreck = RemoveWreck(unit_id, hex_)
    return Planned(
        order,
        (f"Remove Wreck: {unit_id} removes one wreck at {hex_}, no roll; {left} left [003 9.4]",),
    )


def _exit(game: TacticalGame, unit: Unit, aimed: Offset | None) -> Offset:
    """The hex the engineer leaves to after its last action: the aimed hex when it may step
    there, else the first neighbour it may (the engine's `step` decides)."""
    from engine.tactical_gamex.movement import IllegalOrder, step  # noqa: PLC0415

    state = game.state
    here = unit.hex
    assert here is not None
    around = sorted(state.board.neighbors(here))
    for to in ([aimed] if aimed in around else []) + around:
        try:
            step(state, unit, here, to, here)
        except IllegalOrder:
            continue
        return to
    raise ValueError(f"{unit.id} has no hex to leave {here} to [003 9.2]")


def build_block(game: TacticalGame, unit_id: str, aimed: Offset | None = None) -> Planned:
    """An Engineer Action toward a block on the engineer's road hex [003 9.2]: two in Woods,
    four elsewhere; on the last it leaves (to the aimed hex when it may) and 1-5 places the
    block."""
    from engine.tactical_gamex.engineers import (  # noqa: PLC0415
        BLOCK_SUCCESS,
        block_actions,
        why_not_block,
    )
    from engine.tactical_gamex.orders import BuildBlock  # noqa: PLC0415

    state = game.state
    unit = _engineer(game, unit_id)
    _refused(why_not_block(state, unit))
    here = unit.hex
    assert here is not None
    done = state.works.get(here, 0) + 1
    needed = block_actions(state, here)
    if done < needed:
        order: BuildBlock = BuildBlock(unit_id, here)
        text = f"Block: Engineer Action {done} of {needed} at {here}, no roll yet [003 9.2]"
        return Planned(order, (text,))
    exit_ = _exit(game, unit, aimed)
    return Planned(
        BuildBlock(unit_id, exit_),
        (
            f"Block: Engineer Action {done} of {needed} at {here}, then {unit_id} leaves to "
            f"{exit_} and needs {_chance(BLOCK_SUCCESS)} to place the block; on a 6 the next "
            "action rolls again [003 9.2]",
        ),
    )


def blow_bridge(
    game: TacticalGame, unit_id: str, aimed: Offset | None = None, *, now: bool = False
) -> Planned:
    """An Engineer Action toward blowing the bridge the engineer stands on [003 9.2]: the
    first attempt rolls after its third action (1-5), leaving the bridge; a second attempt
    may roll after any action (`now`), at 1-2, 1-4, 1-5 by the actions spent."""
    from engine.tactical_gamex.engineers import (  # noqa: PLC0415
        DEMOLITION_ACTIONS,
        demolition_needed,
        demolition_progress,
        why_not_demolition,
    )
    from engine.tactical_gamex.orders import BlowBridge  # noqa: PLC0415
    from engine.tactical_gamex.temporary_bridges import is_temporary  # noqa: PLC0415

    state = game.state
    unit = _engineer(game, unit_id)
    _refused(why_not_demolition(state, unit))
    here = unit.hex
    assert here is not None
    done, attempt = demolition_progress(state, unit)
    done += 1
    if now and attempt == 1:
        raise ValueError("the first attempt rolls only after its third action [003 9.2]")
    rolls = done >= DEMOLITION_ACTIONS if attempt == 1 else now
    head = f"Blow Bridge: action {done} of attempt {attempt} at {here}"
    if not rolls:
        after = (
            f"the temporary bridge goes after action {DEMOLITION_ACTIONS} [003 9.3]"
            if is_temporary(state, here)
            else f"the roll comes after action {DEMOLITION_ACTIONS}"
            if attempt == 1
            else f"rolling after it would need {_chance(demolition_needed(done, attempt))}"
        )
        return Planned(BlowBridge(unit_id, here), (f"{head}, no roll: {after} [003 9.2]",))
    exit_ = _exit(game, unit, aimed)
    if is_temporary(state, here):
        return Planned(
            BlowBridge(unit_id, exit_),
            (
                f"{head}, then {unit_id} leaves to {exit_} and the temporary bridge is gone, "
                "no roll and no block; vehicles on it go with it [003 9.3]",
            ),
        )
    needed = demolition_needed(done, attempt)
    return Planned(
        BlowBridge(unit_id, exit_, now=now),
        (
            f"{head}, then {unit_id} leaves to {exit_} and needs {_chance(needed)} to blow "
            "the bridge (a block marks the gap) [003 9.2]",
        ),
    )


def blow_now(game: TacticalGame, unit_id: str, aimed: Offset | None = None) -> Planned:
    """A second attempt's action, rolling at once [003 9.2]."""
    return blow_bridge(game, unit_id, aimed, now=True)
