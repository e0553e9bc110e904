"""What an attack would do before it is given: the odds column after shifts, cap and floor,
and each defender's chances of the CRT row for that column over the six faces of the die with
its modifiers [003 6.3.3-6.3.5]. Nothing is rolled: the game is not touched."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.tactical_gamex.combat import AttackSpec
    from engine.tactical_gamex.game import TacticalGame

RESULT_ORDER = ("-", "D", "DD", "X")


@dataclass(frozen=True)
class AttackPreview:
    """An attack's factors, its column, and each defender's result chances (sixths)."""

    kind: str
    attack: float
    defense: float
    column: str
    """The CRT column fought on ("1:1"), or "<1:3" for an automatic No Effect."""
    chances: tuple[tuple[str, int, dict[str, float]], ...]
    """(defender, die modifier, {result: probability}) per defender."""

    def describe(self) -> str:
        """The preview as a player reads it, one line a defender."""
        head = f"{self.kind}: {self.attack:g} against {self.defense:g}, column {self.column}"
        lines = [head]
        for unit, modifier, odds in self.chances:
            shown = ", ".join(f"{r} {odds[r]:.0%}" for r in RESULT_ORDER if odds.get(r, 0.0) > 0)
            lines.append(f"  {unit} (die {modifier:+d}): {shown}")
        return "\n".join(lines)


def preview_of(game: TacticalGame, spec: AttackSpec) -> AttackPreview:
    """The preview of an attack the engine built (nothing rolled)."""
    from engine.tactical_gamex.combat import defender_modifier  # noqa: PLC0415
    from engine.tactical_gamex.tables import COLUMNS, final_column  # noqa: PLC0415

    state = game.state
    column = final_column(spec.attack, spec.defense, spec.shifts)
    chances: list[tuple[str, int, dict[str, float]]] = []
    for target in spec.targets:
        modifier = defender_modifier(state, spec, target)
        if column is None:
            odds = {"-": 1.0}
        else:
            faces = Counter(
                state.tables.crt.result(column, roll + modifier).value for roll in range(1, 7)
            )
            odds = {result: count / 6 for result, count in faces.items()}
        chances.append((target.id, modifier, odds))
    label = COLUMNS[column] if column is not None else "<1:3"
    return AttackPreview(spec.kind, round(spec.attack, 2), spec.defense, label, tuple(chances))


def fire_preview(game: TacticalGame, units: Sequence[str], targets: Sequence[str]) -> AttackPreview:
    """Direct fire of `units` at `targets` (one hex) [003 6.4.1]; ValueError with the rules'
    sentence when it may not be given."""
    from engine.tactical_gamex.attacks import direct_fire_spec  # noqa: PLC0415

    state = game.state
    spec = direct_fire_spec(state, [game.unit(u) for u in units], [game.unit(t) for t in targets])
    return preview_of(game, spec)


def assault_preview(
    game: TacticalGame, units: Sequence[str], hex_: tuple[int, int]
) -> AttackPreview:
    """A Close Assault of `units` on a hex [003 6.4.6]; ValueError when it may not be given."""
    from engine.tactical_gamex.attacks import close_assault_spec  # noqa: PLC0415

    spec = close_assault_spec(game.state, [game.unit(u) for u in units], hex_)
    return preview_of(game, spec)
