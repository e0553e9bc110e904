"""A tiny valid Tactical GameX title built in code: two 5x4 panels side by side, a few unit
types, complete ruleset tables and a situation, for the tests and the broken fixtures."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from schemas.io import save_file
from schemas.tactical_gamex.loading import SituationBundle
from schemas.tactical_gamex.panel import PanelFile
from schemas.tactical_gamex.situation import SituationFile
from schemas.tactical_gamex.tables import RulesetTables
from schemas.tactical_gamex.unit_types import UnitTypeLibrary
from schemas.tactical_gamex.vocabulary import MoveClass, Terrain

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame

HEAD = {"format_version": 1, "ruleset": "tactical_gamex"}

PANEL_ROWS = {
    "A": [".W..T", ".s...", ".sss.", "....."],
    "B": ["..W..", ".....", "~.S..", "....."],
}
"""Panel A has woods, a town, a stream with a bridge at B3 (column 1, row 2); panel B water
and swamp. Column E of A and column A of B are the seam."""


def tiny_panel(pid: str) -> PanelFile:
    """Panel A or B."""
    rows = PANEL_ROWS[pid]
    data: dict[str, Any] = {
        **HEAD,
        "id": pid,
        "name": f"Tiny {pid}",
        "width": 5,
        "height": 4,
        "terrain_rows": rows,
    }
    if pid == "A":
        data["level_rows"] = ["00000", "00000", "00000", "01100"]
        data["mass_rows"] = [".....", ".....", ".....", ".AA.."]
        data["road_rows"] = [".....", "4....", ".....", "....."]
        data["features"] = [{"hex": [1, 2], "kind": "bridge"}]
        data["hexsides"] = [{"hex": [1, 3], "side": "up", "kinds": ["slope"]}]
    return PanelFile.model_validate(data)


def tiny_units() -> UnitTypeLibrary:
    """A tank, an infantry company, an engineer, a truck, a towed gun, a halftrack, a DUKW and
    an aircraft."""
    soft = {"unit_kind": "soft", "defense": 6, "movement": 1, "range": 2, "attack": 6}
    return UnitTypeLibrary.model_validate(
        {
            **HEAD,
            "name": "Tiny counters",
            "unit_types": [
                {
                    "id": "tank",
                    "name": "Tank",
                    "nation": "germany",
                    "attack": 12,
                    "weapon": "A",
                    "range": 8,
                    "defense": 9,
                    "movement": 10,
                    "unit_kind": "armored",
                    "move_class": "tracked",
                    "traits": ["turreted"],
                },
                {
                    "id": "rifle",
                    "name": "Rifles",
                    "nation": "germany",
                    "weapon": "I",
                    "traits": ["passenger"],
                    **soft,
                },
                {
                    "id": "sov_rifle",
                    "name": "Rifles",
                    "nation": "soviet_union",
                    "weapon": "I",
                    **soft,
                },
                {
                    "id": "pioneer",
                    "name": "Pioneers",
                    "nation": "germany",
                    "weapon": "I",
                    "traits": ["engineer"],
                    **soft,
                },
                {
                    "id": "truck",
                    "name": "Truck",
                    "nation": "germany",
                    "attack": 0,
                    "weapon": "C",
                    "range": 0,
                    "defense": 2,
                    "movement": 20,
                    "unit_kind": "soft",
                    "move_class": "wheeled",
                    "traits": ["truck"],
                    "carries": 1,
                },
                {
                    "id": "halftrack",
                    "name": "Halftrack",
                    "nation": "germany",
                    "attack": 2,
                    "weapon": "C(I)",
                    "range": 2,
                    "defense": 5,
                    "movement": 12,
                    "unit_kind": "armored",
                    "move_class": "tracked",
                    "traits": ["halftrack"],
                    "carries": 1,
                },
                {
                    "id": "gun",
                    "name": "AT gun",
                    "nation": "germany",
                    "weapon": "A",
                    "traits": ["artillery"],
                    "calibre_mm": 75,
                    **soft,
                },
                {
                    "id": "dukw",
                    "name": "DUKW",
                    "nation": "united_states",
                    "attack": 0,
                    "weapon": "C",
                    "range": 0,
                    "defense": 4,
                    "movement": 8,
                    "unit_kind": "soft",
                    "move_class": "wheeled",
                    "traits": ["dukw"],
                    "carries": 1,
                },
                {
                    "id": "ju52",
                    "name": "Ju 52",
                    "nation": "germany",
                    "attack": 0,
                    "weapon": "C",
                    "range": 0,
                    "defense": 4,
                    "movement": 0,
                    "unit_kind": "aircraft",
                    "traits": ["transport_aircraft"],
                    "carries": 3,
                },
            ],
        }
    )


CRT_ROWS = [
    (0, ["D", "DD", "X", "X", "X", "X"]),
    (1, ["-", "D", "DD", "X", "X", "X"]),
    (2, ["-", "D", "D", "DD", "X", "X"]),
    (3, ["-", "-", "D", "D", "DD", "X"]),
    (4, ["-", "-", "-", "D", "D", "DD"]),
    (5, ["-", "-", "-", "-", "D", "D"]),
    (6, ["-", "-", "-", "-", "-", "D"]),
    (7, ["-", "-", "-", "-", "-", "-"]),
]


def tiny_tables() -> RulesetTables:
    """Tables with every row the checks ask for and the values the rules text states."""
    text = {
        Terrain.WOODS: {"los_height": 0.5, "spot_roll_max": 3, "concealing": True},
        Terrain.TOWN: {
            "los_height": 0.5,
            "spot_roll_max": 2,
            "concealing": True,
            "drm_direct": 1,
            "drm_indirect": 1,
            "counts_as_road": True,
            "morale_protective": True,
        },
        Terrain.CITY: {"drm_direct": 1, "drm_indirect": 1},
        Terrain.STREAM: {"drm_direct": 1},
    }
    return RulesetTables.model_validate(
        {
            **HEAD,
            "name": "Tiny tables",
            "terrain": [
                {
                    "terrain": t.value,
                    # [003 10.3] nothing moves into the sea: a landing force is put there
                    "mp": {c.value: None if t is Terrain.SEA else 1 for c in MoveClass},
                    **text.get(t, {}),
                }
                for t in Terrain
            ],
            "crt": {
                "columns": ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1"],
                "rows": [{"roll": roll, "results": results} for roll, results in CRT_ROWS],
            },
            "weapons": [
                {"weapon": "I", "armored_near": 0, "armored_far": 0, "soft": 1},
                {"weapon": "A", "armored_near": 2, "armored_far": 1, "soft": 0.5},
                {"weapon": "H", "armored_near": 1, "armored_far": 0.5, "soft": 1},
                {"weapon": "(H)", "armored_near": 1, "armored_far": 0.5, "soft": 1},
                {
                    "weapon": "(H)",
                    "indirect": True,
                    "armored_near": 0.5,
                    "armored_far": 0.5,
                    "soft": 1,
                },
                {
                    "weapon": "M",
                    "indirect": True,
                    "armored_near": 0.5,
                    "armored_far": 0.5,
                    "soft": 1,
                },
            ],
            "aa_fire": {"columns": [{"min_attack": 1, "results": ["D", "-", "-", "-", "-", "-"]}]},
            "oba_scatter": ["up", "up_right", "down_right", "down", "down_left", "up_left"],
        }
    )


def tiny_situation_data() -> dict[str, Any]:
    """The situation as plain data (tests edit it before validating)."""
    return {
        **HEAD,
        "title": "Tiny situation",
        "files": {"units": "../tiny.units.yaml", "tables": "../tiny.tables.yaml"},
        "board": {
            "panels": [
                {"file": "../tiny-a.panel.yaml", "column": 0},
                {"file": "../tiny-b.panel.yaml", "column": 1},
            ]
        },
        "turns": 6,
        "sides": [
            {
                "side": "allied",
                "name": "Soviet",
                "nations": [
                    {
                        "nation": "soviet_union",
                        "morale_level": 7,
                        "counters": [
                            {"id": "s1", "type": "sov_rifle", "hex": "B D2"},
                            {"id": "s2", "type": "sov_rifle", "setup_area": "east"},
                        ],
                    }
                ],
            },
            {
                "side": "axis",
                "name": "German",
                "attached_cps": 1,
                "nations": [
                    {
                        "nation": "germany",
                        "morale_level": 8,
                        "counters": [
                            {"id": "g1", "type": "tank", "hex": "A A1", "command_post": True},
                            {"id": "g2", "type": "rifle", "hex": "A A1", "passenger_of": "g5"},
                            {
                                "id": "g3",
                                "type": "pioneer",
                                "setup_area": "west",
                                "transport": "g4",
                            },
                            {"id": "g4", "type": "truck", "setup_area": "west"},
                            {"id": "g5", "type": "halftrack", "hex": "A A1"},
                            {"id": "g6", "type": "tank", "off_map": True},
                        ],
                    }
                ],
            },
        ],
        "setup_areas": [
            {"id": "west", "side": "axis", "panels": ["A"]},
            {"id": "east", "side": "allied", "hexes": ["B C1", "B D1"], "order": 2},
        ],
        "markers": [{"kind": "mines", "hex": "A A3", "strength": "2:1", "side": "allied"}],
        "reinforcements": [
            {
                "id": "late",
                "side": "axis",
                "turn": 2,
                "edge": "west",
                "hexes": ["A A4"],
                "counters": ["g6"],
            }
        ],
        "victory": {
            "conditions": [
                {"kind": "control_hexes", "side": "axis", "hexes": ["B D2"], "points": 5},
                {"kind": "exit_units", "side": "axis", "edge": "east", "count": 2},
            ]
        },
        "modules": ["engineers"],
    }


def write_tiny_tgx(folder: Path, situation: dict[str, Any] | None = None) -> Path:
    """Write the tiny title into `folder`; return its situation's path."""
    (folder / "scenarios").mkdir(parents=True, exist_ok=True)
    save_file(tiny_panel("A"), folder / "tiny-a.panel.yaml")
    save_file(tiny_panel("B"), folder / "tiny-b.panel.yaml")
    save_file(tiny_units(), folder / "tiny.units.yaml")
    save_file(tiny_tables(), folder / "tiny.tables.yaml")
    path = folder / "scenarios" / "tiny.situation.yaml"
    save_file(SituationFile.model_validate(situation or tiny_situation_data()), path)
    return path


STEPPE = (
    Path(__file__).parents[1]
    / "sample_data/tgx_steppe43/scenarios/hill-at-krasnaya-polyana.situation.yaml"
)
"""The sample situation "The Hill at Krasnaya Polyana"."""


def with_battlefield_chaos(loaded: SituationBundle) -> SituationBundle:
    """A loaded situation with optional rule 24 (Battlefield Chaos) switched on."""
    from schemas.tactical_gamex.situation import OptionalRule

    model = loaded.situation.model
    rules = [*model.optional_rules, OptionalRule.BATTLEFIELD_CHAOS]
    situation = replace(loaded.situation, model=model.model_copy(update={"optional_rules": rules}))
    return replace(loaded, situation=situation)


def tiny_airborne_data() -> dict[str, Any]:
    """The tiny situation's data with a German airborne assault (a Ju 52 carrying a rifle
    company to B D3 from the west) and one Soviet block to place, engineers and airborne on."""
    data = copy.deepcopy(tiny_situation_data())
    germans = data["sides"][1]["nations"][0]["counters"]
    germans.append({"id": "plane", "type": "ju52", "off_map": True})
    germans.append({"id": "para", "type": "rifle", "off_map": True})
    data["airborne"] = {
        "side": "axis",
        "approach": "west",
        "lifts": [{"carrier": "plane", "cargo": ["para"], "target": "B D3"}],
    }
    data["modules"] = ["engineers", "airborne"]
    data["allotments"] = [{"side": "allied", "kind": "block", "count": 1, "area": "east"}]
    return data


def hex_named(game: TacticalGame, address: str) -> tuple[int, int]:
    """The board hex a panel address ("A K2") names."""
    return next(h for h, name in game.state.board.names.items() if name == address)


def refusal_of(game: TacticalGame, order: object) -> str:
    """The reason the game gives for refusing an order, which it must not record."""
    before = list(game.orders)
    with pytest.raises(ValueError, match=r"\w") as refused:
        game.apply(order)
    assert list(game.orders) == before
    return str(refused.value)
