"""The order in force for a unit on a turn: its own organization's latest order, or that of the
nearest organization above it, after Corps Attachments."""

from __future__ import annotations

from pathlib import Path

from engine.panzer_campaigns.ai_orders import OrderInForce, aggressiveness, order_in_force
from engine.panzer_campaigns.state import GameState
from schemas.io import dump_text
from schemas.panzer_campaigns.ai_orders import AiOrder, OrganizationOrders
from schemas.panzer_campaigns.scenario import Attachment
from schemas.title import load_scenario
from schemas.vocabulary import Side
from tests.ai_title import ai_scenario, write_ai_title
from tests.conftest import SAMPLE_DATA


def _state(tmp_path: Path, text: str | None = None) -> GameState:
    bundle = load_scenario(write_ai_title(tmp_path, text))
    assert not [p for p in bundle.problems if p.is_error]
    return GameState.from_bundle(bundle)


def _in_force(state: GameState, unit: str, turn: int) -> tuple[str, str, int, bool] | None:
    found = order_in_force(state, unit, turn)
    if found is None:
        return None
    return found.order.id, found.organization, found.from_turn, found.inherited


def test_a_battalion_follows_its_division_until_its_regiment_has_an_order(tmp_path: Path) -> None:
    state = _state(tmp_path)
    assert _in_force(state, "us.1id.16ir.1", 1) == ("1id-defend", "us.1id", 1, True)
    assert _in_force(state, "us.1id.16ir.1", 2) == ("16ir-reserve", "us.1id.16ir", 2, False)
    # The tank battalion answers to the division directly: its order is the division's own.
    assert _in_force(state, "us.1id.745tb", 5) == ("1id-defend", "us.1id", 1, False)


def test_an_order_by_date_and_time_applies_from_the_turn_in_progress_then(tmp_path: Path) -> None:
    # Turns of 2 hours from 08:00: 14:00 is the start of turn 4.
    state = _state(tmp_path)
    found = [order_in_force(state, "de.12vgd.48.1", turn) for turn in (1, 3, 4, 12)]
    assert [f.order.id if f else None for f in found] == [
        "vgd-attack",
        "vgd-attack",
        "vgd-exit",
        "vgd-exit",
    ]
    assert order_in_force(state, "de.12vgd.48.1") is not None  # the current turn, turn 1


def test_no_order_in_force_before_the_first_and_for_units_with_none_above(tmp_path: Path) -> None:
    scenario = ai_scenario()
    orders = [e for e in scenario.ai.organizations if e.organization != "us.1id"]
    ai = scenario.ai.model_copy(update={"organizations": orders})
    state = _state(tmp_path, dump_text(scenario.model_copy(update={"ai": ai})))
    assert _in_force(state, "us.1id.16ir.1", 1) is None
    assert _in_force(state, "us.1id.745tb", 12) is None


def test_an_attached_division_follows_the_corps_it_is_attached_to(tmp_path: Path) -> None:
    # The 16th Infantry Regiment attached to the German division (absurd, but it shows whose
    # orders a re-parented organization follows) takes the German orders once its own lapse.
    scenario = ai_scenario()
    orders = [
        OrganizationOrders(
            organization="de.12vgd",
            orders=[AiOrder(id="vgd-attack", turn=1, stance="attack", objective="dorf")],
        )
    ]
    scenario = scenario.model_copy(
        update={
            "attachments": [Attachment(organization="us.1id.16ir", attach_to="de.12vgd")],
            "ai": scenario.ai.model_copy(update={"organizations": orders}),
        }
    )
    state = _state(tmp_path, dump_text(scenario))
    assert _in_force(state, "us.1id.16ir.1", 1) == ("vgd-attack", "de.12vgd", 1, True)


def test_aggressiveness_is_the_scenarios_or_even(tmp_path: Path) -> None:
    scenario = ai_scenario()
    assert aggressiveness(scenario, Side.AXIS) == 70
    assert aggressiveness(scenario, Side.ALLIED) == 50


def test_the_road_to_bastogne_follows_its_briefing() -> None:
    bundle = load_scenario(
        SAMPLE_DATA / "ardennes44" / "scenarios" / "road_to_bastogne.scenario.yaml"
    )
    state = GameState.from_bundle(bundle)
    lehr = next(iter(state.oob_index.iter_units_under("de.pzl.pglr902")))
    airborne = next(iter(state.oob_index.iter_units_under("us.101ab.501pir")))
    # 18 Dec 06:00 is turn 1; 19 Dec 08:00, when Panzer-Lehr turns on Bastogne, is turn 11.
    assert _key(order_in_force(state, lehr, 1)) == ("pzl-mageret", "de.pzl", 1, True)
    assert _key(order_in_force(state, lehr, 11)) == ("pzl-bastogne", "de.pzl", 11, True)
    # The 101st has no orders of its own: it holds Bastogne with VIII Corps.
    assert _key(order_in_force(state, airborne, 5)) == ("8c-hold-bastogne", "us.8c", 1, True)


def _key(found: OrderInForce | None) -> tuple[str, str, int, bool] | None:
    if found is None:
        return None
    return found.order.id, found.organization, found.from_turn, found.inherited
