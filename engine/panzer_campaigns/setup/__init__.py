"""The setup check: everything about a scenario's starting position that the rules engine can
judge and a designer would want to hear of before playing it (Appendix B.1 of the rules
digest): units standing where they cannot, over-stacked hexes, reinforcements arriving into
trouble, objectives out of reach, supply sources feeding nobody, isolated and detached units,
missing HQs and releases, weather that does not cover the dates.

`check(state)` never raises, because the editor holds half-built scenarios: a check that stops
on something unexpected reports SETUP023 and the others still run. Every Problem carries the
hex, the id of the unit, objective, source or reinforcement it is about, and a model path into
the scenario file; `check_bundle` places them in the file (line and column).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.panzer_campaigns.setup._context import SetupContext
from engine.panzer_campaigns.setup.ai_orders import check_ai_order_times
from engine.panzer_campaigns.setup.command_chain import (
    check_attachments,
    check_detached,
    check_fixed,
    check_headquarters,
)
from engine.panzer_campaigns.setup.dates import check_schedule, check_weather_dates
from engine.panzer_campaigns.setup.objectives import check_objectives
from engine.panzer_campaigns.setup.placements import check_footing, check_stacking
from engine.panzer_campaigns.setup.reinforcements import check_reinforcements
from engine.panzer_campaigns.setup.supply_lines import (
    check_sources,
    check_supply_lines,
    check_supply_units,
)
from engine.panzer_campaigns.state import GameState
from schemas.problems import Problem, Severity
from schemas.title import ScenarioBundle

__all__ = ["CHECKS", "check", "check_bundle", "run_check"]

SetupCheck = Callable[[SetupContext], Iterable[Problem]]

CHECKS: tuple[SetupCheck, ...] = (
    check_footing,
    check_stacking,
    check_reinforcements,
    check_fixed,
    check_attachments,
    check_headquarters,
    check_detached,
    check_objectives,
    check_sources,
    check_supply_lines,
    check_supply_units,
    check_schedule,
    check_weather_dates,
    check_ai_order_times,
)
"""Every setup check, in the order their problems are listed."""


def check(state: GameState) -> list[Problem]:
    """The problems of a game's starting position (call it on a state just built).

    >>> from tests.engine.ascii_title import ascii_title
    >>> game = ascii_title('''
    ...     .A  ~B
    ...     .   .
    ... ''').game()
    >>> [(p.code, p.object_id, p.hex, p.path) for p in check(game) if p.is_error]
    [('SETUP001', 'B', (1, 0), ('placements', 1, 'hex'))]
    """
    try:
        context = SetupContext.of(state)
    except Exception as exc:  # the editor's half-built scenarios must never crash it
        return [_stopped("setup", exc)]
    return [p for setup_check in CHECKS for p in run_check(setup_check, context)]


def run_check(setup_check: SetupCheck, context: SetupContext) -> list[Problem]:
    """The problems of one setup check; SETUP023 if it stops on an unexpected error."""
    try:
        return list(setup_check(context))
    except Exception as exc:
        return [_stopped(setup_check.__name__, exc)]


def check_bundle(bundle: ScenarioBundle, *, both_cores: bool = False) -> list[Problem]:
    """The setup problems of a loaded scenario, placed in its file (line and column).

    Nothing is checked unless the scenario and the files it uses loaded without errors: the
    engine cannot build a game from them, and their own problems say what to fix first.
    `both_cores` (the command line) runs the slowest check in a forked copy of the process
    where the system allows it (`engine.panzer_campaigns.setup.forked`); the problems are the same.
    """
    if not bundle.is_complete or any(p.is_error for p in bundle.problems):
        return []
    try:
        state = GameState.from_bundle(bundle)
    except Exception as exc:
        return bundle.scenario.place([_stopped("setup", exc)])
    if both_cores:
        from engine.panzer_campaigns.setup.forked import check_forked  # noqa: PLC0415  # the command line only

        return bundle.scenario.place(check_forked(state))
    return bundle.scenario.place(check(state))


def _stopped(name: str, exc: Exception) -> Problem:
    what = name.removeprefix("check_").replace("_", " ")
    return Problem(
        Severity.ERROR,
        "SETUP023",
        f"the {what} check stopped on an unexpected {type(exc).__name__} ({exc}); the other "
        "checks ran, please report this",
    )
