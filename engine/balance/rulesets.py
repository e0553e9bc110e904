"""`load_playable`: the scenario or situation a balance run plays, by its ruleset, picked by the
file as `hexwright play` picks it: a `.situation.yaml` is Tactical GameX, anything else a
Panzer Campaigns scenario."""

from __future__ import annotations

from pathlib import Path

from engine.balance.playable import Playable, is_situation

__all__ = ["Playable", "is_situation", "load_playable"]


def load_playable(path: Path) -> Playable:
    """The scenario or situation loaded for the lab; ValueError naming the first error when it
    cannot be played."""
    if is_situation(path):
        from engine.tactical_gamex.balance import playable  # noqa: PLC0415 (one ruleset a run)

        return playable(path)
    return _panzer(path)


def _panzer(path: Path) -> Playable:
    from engine.balance.records import PANZER_KIND, play_record, scenario_digest  # noqa: PLC0415
    from schemas.title import load_scenario  # noqa: PLC0415

    bundle = load_scenario(path)
    errors = [p for p in bundle.problems if p.is_error]
    if errors or not bundle.is_complete:
        first = errors[0].format() if errors else "a file it uses is missing"
        raise ValueError(f"{path}: the scenario cannot be played: {first}")
    model = bundle.scenario.model
    title = model.header.title if model is not None else path.name
    return Playable(
        path, title, bundle, play_record, scenario_digest(bundle), PANZER_KIND, ".testplay.yaml"
    )
