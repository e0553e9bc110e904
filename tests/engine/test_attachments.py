"""Corps Attachments changed during play [000 9.1]: on the midnight turn a division (or a unit)
under a corps goes under another corps, its HQ then answering to the new corps HQ; refused
with a sentence on other turns, to another level or side, or under itself; recorded, saved,
replayed and taken back."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns.events import AttachmentChanged
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import ChangeAttachment
from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, OrgLevel, SideOob, Unit
from schemas.panzer_campaigns.testplay import RecordedOrder
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title

HQ: dict[str, Any] = {"unit_class": "headquarters", "command_range": 6, "strength": 50}
ART = """
    .P .D .A .  .  .Q .  .  .  .  .b
    .  .  .  .  .  .B .  .  .  .  .
"""


def _oob(allied: list[Unit], axis: list[Unit]) -> OobFile:
    units = {u.id: u for u in allied + axis}

    def org(org_id: str, level: OrgLevel, hq: str | None, children: list[Any]) -> Organization:
        return Organization(id=org_id, name=org_id.upper(), level=level, hq=hq, children=children)

    first = org(
        "c1",
        OrgLevel.CORPS,
        "P",
        [units["P"], org("d1", OrgLevel.DIVISION, "D", [units["D"], units["A"]])],
    )
    second = org("c2", OrgLevel.CORPS, "Q", [units["Q"], units["B"]])
    army = org("a1", OrgLevel.ARMY, None, [first, second])
    return OobFile(
        format_version=2,
        name="corps",
        sides=[
            SideOob(side=Side.ALLIED, nations=[Nation(id="us", name="US", organizations=[army])]),
            SideOob(
                side=Side.AXIS,
                nations=[
                    Nation(
                        id="de",
                        name="DE",
                        organizations=[org("x", OrgLevel.CORPS, None, [units["b"]])],
                    )
                ],
            ),
        ],
    )


def _game() -> Game:
    title = ascii_title(
        ART,
        units={"P": HQ, "Q": HQ, "D": HQ},
        oob=_oob,
        header={"start": "1944-12-16 20:00", "turns": 12},
    )
    return Game(title.game(0))


def _to_midnight(game: Game) -> None:
    while not game.state.clock.is_midnight_turn(game.turn) or game.acting is not Side.ALLIED:
        game.end_player_turn()


def test_on_the_midnight_turn_a_division_goes_to_the_nearer_corps() -> None:
    game = _game()
    _to_midnight(game)
    assert game.state.hq_of(game.unit("D")).id == "P"
    assert "d1" in game.attachable()
    assert "B" in game.attachable()  # corps troops: a unit directly under a corps
    assert game.attachment_targets("d1") == ["c2"]
    event = game.change_attachment("d1", "c2")
    assert event == AttachmentChanged(game.turn, Side.ALLIED, "d1", "c1", "c2")
    assert game.superior_of("d1") == "c2"
    # the division HQ now answers to the second corps HQ in the Command Test [000 9.1]
    assert game.state.hq_of(game.unit("D")).id == "Q"
    assert game.state.hq_of(game.unit("A")).id == "D"
    assert game.orders[-1] == ChangeAttachment("d1", "c2")


def test_a_unit_under_a_corps_changes_corps_too() -> None:
    game = _game()
    _to_midnight(game)
    game.change_attachment("B", "c1")
    assert game.unit("B").organization == "c1"
    assert game.state.hq_of(game.unit("B")).id == "P"


@pytest.mark.parametrize(
    ("subject", "attach_to", "why"),
    [
        ("d1", "c1", "already attached"),
        ("d1", "a1", "not another corps"),  # another level
        ("d1", "x", "not another corps"),  # the enemy's corps
        ("A", "c2", "not directly under a corps"),  # a battalion of a division
        ("c1", "a1", "already attached"),  # a corps under its army: the only army
        ("b", "c1", "axis"),
        ("nobody", "c1", "not in the order of battle"),
    ],
)
def test_refusals_say_why(subject: str, attach_to: str, why: str) -> None:
    game = _game()
    _to_midnight(game)
    assert why in (game.why_not_attach(subject, attach_to) or "")
    with pytest.raises(IllegalMove, match=why):
        game.change_attachment(subject, attach_to)


def test_only_on_the_midnight_turn() -> None:
    game = _game()
    assert not game.state.clock.is_midnight_turn(game.turn)
    assert "midnight" in (game.why_not_attach("d1", "c2") or "")
    _to_midnight(game)
    assert game.why_not_attach("d1", "c2") is None
    game.end_player_turn()
    game.end_player_turn()
    assert "midnight" in (game.why_not_attach("d1", "c2") or "")


def test_it_is_saved_replayed_and_taken_back() -> None:
    game = _game()
    _to_midnight(game)
    game.change_attachment("d1", "c2")
    saved = recorded_order(game.orders[-1])
    assert saved.model_dump() == {
        "kind": "change_attachment",
        "subject": "d1",
        "attach_to": "c2",
    }
    loaded = TypeAdapter(RecordedOrder).validate_python(saved.model_dump())
    assert engine_order(loaded) == ChangeAttachment("d1", "c2")
    replayed = _game()
    for order in game.orders:
        replayed.apply(order)
    assert replayed.superior_of("d1") == "c2"
    assert game.can_undo
    game.undo()
    assert game.superior_of("d1") == "c1"
    assert game.state.hq_of(game.unit("D")).id == "P"


def test_in_phased_play_only_in_the_movement_phase() -> None:
    title = ascii_title(
        ART,
        units={"P": HQ, "Q": HQ, "D": HQ},
        oob=_oob,
        header={
            "start": "1944-12-16 20:00",
            "turns": 12,
            "optional_rules": ["manual_defensive_fire"],
        },
    )
    game = Game(title.game(0))
    _to_midnight(game)
    assert game.phase is not None
    assert "Movement" in game.phase.describe()  # the first phase of the player turn
    assert game.why_not_attach("d1", "c2") is None
    game.end_phase()  # the Axis Defensive Fire Phase
    assert "not the axis player turn" in (game.why_not_attach("d1", "c2") or "")
    game.end_phase()  # the Allied Offensive Fire Phase
    assert "Offensive Fire Phase" in (game.why_not_attach("d1", "c2") or "")
