"""The Tactical GameX test-play screenshots of `python -m editor.snapshots`: the sample
situation played from the Test-play panel, with a Panzer IV's reach and path, its line of
sight, then a fire's preview at a rifle company (the German MGs and Pioniere set up next to it
first, an unsaved edit, as a designer trying a change would), and the setup step before turn
1: the Soviets' placements, the hot-seat curtain before the Germans set up, and the Germans'
grenadiers chosen with their carrier choices, at 1920x1080 and 1280x720."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SIZES = ((1920, 1080, ""), (1280, 720, "-1280"))
MOVES_NEAR = (("ger.pi", (12, 3)), ("ger.mg", (12, 4)))
"""Where the snapshot sets up two German units: next to the Soviet rifle companies."""


def take_testplay(window: Any, shot: Callable[[str], None]) -> None:
    """Start test-play on the open situation and shoot a move's and a fire's previews."""
    from editor.commands import SetValue  # noqa: PLC0415
    from editor.tactical_gamex.forces import counter_path  # noqa: PLC0415
    from schemas.io import FileKind  # noqa: PLC0415

    workspace = window.rulesets.workspace
    document = workspace.view.document
    board = document.board()
    for unit, spot in MOVES_NEAR:
        path = counter_path(document.situation, unit)
        if path is not None:
            address = board.address_of(*spot)
            document.push(SetValue(document, FileKind.SITUATION, (*path, "hex"), address, "Move"))
    dock = workspace.docks["tgx_testplay"]
    dock.raise_()
    dock.seed.setValue(1)
    dock.mode.setCurrentIndex(0)
    by_hand = dock.setup_box.isChecked()
    dock.setup_box.setChecked(False)  # turn 1 at once
    started = dock.start()
    dock.setup_box.setChecked(by_hand)
    if not started:
        return
    player = workspace.player
    for width, height, suffix in SIZES:
        window.resize(width, height)
        workspace.view.zoom_to_fit()
        player.hex_pressed((23, 7))
        player.hover((19, 7))
        shot(f"tgx-testplay-move{suffix}")
        dock.sight_box.setChecked(True)
        shot(f"tgx-testplay-sight{suffix}")
        dock.sight_box.setChecked(False)
        player.hex_pressed((12, 4))
        player.hex_pressed((11, 3))
        shot(f"tgx-testplay-fire-preview{suffix}")
    dock.stop()
    document.undo_stack.setIndex(document.undo_stack.index() - len(MOVES_NEAR))
    take_setup(window, shot)
    take_chaos(window, shot)


def take_setup(window: Any, shot: Callable[[str], None]) -> None:
    """The setup step before turn 1: the Soviets setting up, a rifle company placed, the next
    counter's area tinted, an improved position placed (`setup_panel`)."""
    workspace = window.rulesets.workspace
    dock = workspace.docks["tgx_testplay"]
    by_hand = dock.setup_box.isChecked()
    dock.setup_box.setChecked(True)
    dock.screen_box.setChecked(True)
    started = dock.start()
    dock.setup_box.setChecked(by_hand)
    if not started:
        return
    panel = dock.setup_panel
    for choice, spot in ((("unit", "sov.1rc"), (3, 2)), (("marker", (0, None)), (2, 1))):
        if panel.choose(choice) and panel.hex_pressed(spot):
            panel.hex_released(spot)
    for width, height, suffix in SIZES:
        window.resize(width, height)
        workspace.view.zoom_to_fit()
        shot(f"tgx-testplay-setup{suffix}")
    panel.rest_button.click()
    panel.finish_button.click()  # hot-seat: the Germans' player is asked to the screen
    for width, height, suffix in SIZES:
        window.resize(width, height)
        shot(f"tgx-testplay-curtain{suffix}")
    if dock.curtain is not None:
        dock.curtain.lift()
    for width, height, suffix in SIZES:
        window.resize(width, height)
        panel.choose(("unit", "ger.gren1"))  # scrolled to at this size
        workspace.view.zoom_to_fit()
        shot(f"tgx-testplay-setup-axis{suffix}")
    dock.stop()


def take_chaos(window: Any, shot: Callable[[str], None]) -> None:
    """Battlefield Chaos (rule 24) switched on, an unsaved edit: the sides pass until the side to
    act holds a Deus Ex Machina card drawn with an initiative (`chaos_panel`)."""
    from editor.commands import SetValue  # noqa: PLC0415
    from schemas.io import FileKind  # noqa: PLC0415
    from schemas.tactical_gamex.vocabulary import OptionalRule  # noqa: PLC0415

    workspace = window.rulesets.workspace
    document = workspace.view.document
    rules = [*document.situation.optional_rules, OptionalRule.BATTLEFIELD_CHAOS]
    document.push(SetValue(document, FileKind.SITUATION, ("optional_rules",), rules, "Rule 24"))
    dock = workspace.docks["tgx_testplay"]
    dock.seed.setValue(3)
    kept = dock.setup_box.isChecked(), dock.screen_box.isChecked()
    dock.setup_box.setChecked(False)  # turn 1 at once
    dock.screen_box.setChecked(False)  # the impulses pass with no curtain over the shot
    started = dock.start()
    dock.setup_box.setChecked(kept[0])
    if started:
        from engine.tactical_gamex.chaos import held  # noqa: PLC0415

        game = dock.session.game
        while not held(game.state, game.acting) and game.turn < game.state.last_turn:
            dock.pass_impulse()
        for width, height, suffix in SIZES:
            window.resize(width, height)
            workspace.view.zoom_to_fit()
            shot(f"tgx-testplay-chaos{suffix}")
        dock.stop()
    dock.screen_box.setChecked(kept[1])
    document.undo_stack.undo()
