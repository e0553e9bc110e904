"""A Tactical GameX game of the open situation as it stands, unsaved edits included: the
document's models are handed to the engine's loader as if just read from disk."""

from __future__ import annotations

from typing import TYPE_CHECKING

from schemas.io import FileKind, LoadedFile
from schemas.tactical_gamex.loading import SituationBundle

if TYPE_CHECKING:
    from editor.tactical_gamex.document import TgxDocument
    from engine.tactical_gamex.game import TacticalGame


def game_of(document: TgxDocument, seed: int, setup_phase: bool = False) -> TacticalGame:
    """A new game of the document's situation; ValueError with a sentence when the situation
    cannot be played (no board from its panel layout, or errors the Problems panel lists).
    `setup_phase`: the sides set up by hand before turn 1, else the seed sets them up."""
    from engine.tactical_gamex.game import TacticalGame  # noqa: PLC0415  # the editor starts without the engine
    from engine.tactical_gamex.loader import state_of  # noqa: PLC0415

    board = document.board()
    if board is None:
        raise ValueError("the panel layout makes no board: the Panel Layout panel says why")

    def loaded(part: FileKind) -> LoadedFile:
        return LoadedFile(document.path(part), part, model=document.model(part))

    bundle = SituationBundle(
        situation=loaded(FileKind.SITUATION),
        unit_types=loaded(FileKind.UNIT_TYPES),
        tables=loaded(FileKind.TABLES),
        board=board,
    )
    return TacticalGame(state_of(bundle, seed, setup_phase))
