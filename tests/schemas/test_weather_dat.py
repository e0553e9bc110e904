"""`Weather.dat` import and export against the manual's own example [000 11.0]."""

from __future__ import annotations

from datetime import date

from schemas.panzer_campaigns.weather_dat import format_weather_dat, parse_weather_dat

# Verbatim from the Panzer Campaigns manual, section 11.0 "Programmed Weather".
MANUAL_EXAMPLE = """16 12 1944 0 100 0 0 0 2 3 0
18 12 1944 0 80 0 20 0 3 4 30
25 12 1944 0 20 20 60 0 3 5 80
30 12 1944 10 40 20 30 0 4 5 10
"""


def test_manual_example_imports_to_exactly_its_table() -> None:
    weather, problems = parse_weather_dat(MANUAL_EXAMPLE)
    assert problems == []
    table = [
        (
            r.date,
            r.normal,
            r.soft,
            r.mud,
            r.snow,
            r.frozen,
            r.visibility_min,
            r.visibility_max,
            r.storm,
        )
        for r in weather.rows
    ]
    assert table == [
        (date(1944, 12, 16), 0, 100, 0, 0, 0, 2, 3, 0),
        (date(1944, 12, 18), 0, 80, 0, 20, 0, 3, 4, 30),
        (date(1944, 12, 25), 0, 20, 20, 60, 0, 3, 5, 80),
        (date(1944, 12, 30), 10, 40, 20, 30, 0, 4, 5, 10),
    ]
    # The manual's reading: "on 18 Dec 1944, ... an 80 percent chance of Soft conditions and a
    # 20 percent chance of Snow", visibility 3 to 4, storm 30%.
    assert all(r.condition_total() == 100 for r in weather.rows)


def test_manual_example_exports_to_exactly_its_text() -> None:
    weather, _ = parse_weather_dat(MANUAL_EXAMPLE)
    assert format_weather_dat(weather) == MANUAL_EXAMPLE


def test_leading_zeros_are_refused_and_export_never_writes_them() -> None:
    """[11.0] "none of the numbers in this file can have leading zeros"."""
    weather, problems = parse_weather_dat("02 01 1945 0 50 50 0 0 02 3\n")
    assert [(p.code, p.line, p.is_error) for p in problems] == [("SYNTAX001", 1, True)]
    assert "leading zeros in 02, 01, 02" in problems[0].message
    assert format_weather_dat(weather) == "2 1 1945 0 50 50 0 0 2 3\n"


def test_rows_are_checked_at_their_lines() -> None:
    text = "16 12 1944 0 100 0 0 0 2 3 0\n\n18 12 1944 0 80 0 10 0 3 4\n1 12 1944 0 100 0 0 0 5 3\n"
    _, problems = parse_weather_dat(text, file="W.dat")
    assert [(p.code, p.line) for p in problems] == [
        ("WEATHER002", 3),
        ("WEATHER001", 4),
        ("WEATHER003", 4),
    ]


def test_storm_chance_is_optional() -> None:
    weather, problems = parse_weather_dat("1 1 1945 100 0 0 0 0 1 5\n")
    assert problems == []
    assert weather.rows[0].storm is None
    assert format_weather_dat(weather) == "1 1 1945 100 0 0 0 0 1 5\n"


def test_bad_lines_are_reported_with_their_numbers() -> None:
    text = "16 12 1944 0 100 0 0 0 2 3 0\n\n31 2 1945 0 100 0 0 0 2 3\n1 3 1945 x 0 0 0 0 2 3\n"
    weather, problems = parse_weather_dat(text, file="W.dat")
    assert [(p.code, p.line) for p in problems] == [("SCHEMA004", 3), ("SYNTAX001", 4)]
    assert len(weather.rows) == 1
    assert problems[0].format().startswith("W.dat:3:1: error SCHEMA004")


def test_nothing_usable_gives_no_weather() -> None:
    weather, problems = parse_weather_dat("not a weather file\n")
    assert weather is None
    assert problems
