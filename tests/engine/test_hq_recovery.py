"""HQ Recovery [000 9.1]: an eliminated HQ is restored at the start of its side's later player
turns with its quality's stand-in chance (10 % a quality point), with its superior HQ, at a
random strength, Disrupted and Out of Command on its first turn back."""

from __future__ import annotations

import pytest

from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.hq_recovery import HqRestored, recovery_chance, restore_hqs
from engine.panzer_campaigns.units import UnitStatus
from schemas.vocabulary import Side
from tests.engine.test_command import _game


def eliminated_division_hq(quality: str = "C", seed: int = 0, corps: bool = True) -> Game:
    state = _game(3, seed=seed)
    game = Game(state)
    hq = game.unit("D")
    hq.unit = hq.unit.model_copy(update={"quality": quality})
    state.remove(hq, UnitStatus.ELIMINATED)
    if not corps:
        state.remove(game.unit("K"), UnitStatus.ELIMINATED)
    return game


@pytest.mark.parametrize(("quality", "chance"), [("A", 0.6), ("C", 0.4), ("F", 0.1)])
def test_the_chance_grows_with_quality_and_is_drawn_at_that_rate(
    quality: str, chance: float
) -> None:
    game = eliminated_division_hq(quality)
    assert recovery_chance(game.unit("D")) == pytest.approx(chance)
    seeds = 200
    back = 0
    for seed in range(seeds):
        game = eliminated_division_hq(quality, seed)
        back += bool(restore_hqs(game.state, Side.ALLIED))
    assert back / seeds == pytest.approx(chance, abs=0.08)


def test_a_restored_hq_joins_its_superior_disrupted_weakened_and_out_of_command() -> None:
    for seed in range(40):
        game = eliminated_division_hq("A", seed)
        restored = restore_hqs(game.state, Side.ALLIED)
        if not restored:
            continue
        hq = game.unit("D")
        event = restored[0]
        assert isinstance(event, HqRestored)
        assert hq.on_map
        assert hq.hex == game.unit("K").hex
        assert hq.disrupted
        assert 1 <= hq.strength <= game.state.full_strength(hq)
        assert "D" in game.state.out_of_command
        assert event.describe().startswith("allied HQ D is restored at [0, 0]")
        return
    pytest.fail("an A-quality HQ was never restored in 40 seeds")


def test_without_a_superior_hq_on_the_map_no_hq_comes_back() -> None:
    for seed in range(20):
        game = eliminated_division_hq("A", seed, corps=False)
        assert restore_hqs(game.state, Side.ALLIED) == []
        assert not game.unit("D").on_map
