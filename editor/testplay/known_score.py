"""The score as the side to move may know it under Fog of War, for the Test-play panel's read-out.

Decision (the manual does not say what a player sees of the score under Fog of War [000 2.0,
3.4, 8.1]): the objectives and who holds them count in full for both sides, as their owners are
on the map for both (the same decision as the log's, `TestPlaySession.may_know`); the side's own
losses count in full, it knows what it lost; the enemy's losses count only as far as the side
saw them inflicted: by its fire at targets it had spotted and by its assaults. Losses to fire at
an Unknown target, and to the other side's own doings, are not known [000 8.1]. Once the game is
over everything is revealed and the real score is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.objectives import Score


def known_score(session: Any) -> Score:
    """The score the side to move may know: the game's score without Fog of War or once the
    game is over, else as the module's decision says."""
    from engine.panzer_campaigns.combat.events import LossesTaken  # noqa: PLC0415
    from engine.panzer_campaigns.objectives import Score, outcome_of, victory_points_detail  # noqa: PLC0415
    from engine.panzer_campaigns.state import other_side  # noqa: PLC0415

    game = session.game
    viewer: Side | None = session.viewer
    if viewer is None or game.is_over:
        score: Score = game.score()
        return score
    state = game.state
    enemy = other_side(viewer)
    seen = sum(
        event.points
        for event in session.known_log()
        if isinstance(event, LossesTaken) and event.side is enemy
    )
    own = victory_points_detail(state, viewer)
    theirs = victory_points_detail(state, enemy)
    own_total = own.objectives + own.banked + seen
    allied, axis = (own_total, theirs.total) if viewer is Side.ALLIED else (theirs.total, own_total)
    header = state.scenario.header
    total = allied - axis + header.advantage
    return Score(allied, axis, header.advantage, total, outcome_of(total, header.victory.levels))


def score_text(session: Any) -> str:
    """The read-out: the score, and under Fog of War whose knowledge it is."""
    text = known_score(session).describe()
    viewer = session.viewer
    if viewer is not None and not session.game.is_over:
        text += f" (as the {viewer.value} player knows it)"
    return text
