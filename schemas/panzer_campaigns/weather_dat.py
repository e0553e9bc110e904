"""Import and export of the games' `Weather.dat`, the programmed weather table [000 11.0].

Each line is `day month year Normal Soft Mud Snow Frozen min_vis max_vis [storm]`: whole numbers
separated by blanks, which the games read only without leading zeros (`2`, never `02`). Export
writes exactly that; import accepts any spacing and reports each bad line with its number, and
refuses a line the games would misread (leading zeros, chances not adding up to 100, a date out of
order) as `validate` and `export` refuse the same row of a `.weather.yaml`.
"""

from __future__ import annotations

import re
from datetime import date

from pydantic import ValidationError

from schemas.migrations import CURRENT_VERSION
from schemas.panzer_campaigns.checks.weather_rows import check_weather
from schemas.panzer_campaigns.weather import WeatherFile, WeatherRow
from schemas.problems import Problem, error

_WHOLE_NUMBER = re.compile("[0-9]{1,9}")
"""A value of a Weather.dat line: ASCII digits (`str.isdigit` also takes `²`), few of them."""

_FIELDS = "day month year normal soft mud snow frozen visibility_min visibility_max storm"


def parse_weather_dat(
    text: str, *, name: str = "Programmed weather", file: str = "Weather.dat"
) -> tuple[WeatherFile | None, list[Problem]]:
    """Read `Weather.dat` text into a WeatherFile; bad lines become Problems, never exceptions.

    A line with leading zeros is an error, not a warning: [11.0] "none of the numbers in this
    file can have leading zeros", so the games misread such a file and an import that tidied it
    silently would hide that the designer's `Weather.dat` is broken. The rows' own checks
    (chances adding up to 100, dates in order, visibility range) are reported at their lines.

    >>> weather, problems = parse_weather_dat("16 12 1944 0 100 0 0 0 2 3 0\\n")
    >>> weather.rows[0].soft, weather.rows[0].visibility_max, problems
    (100, 3, [])
    """
    rows: list[WeatherRow] = []
    row_lines: list[int] = []
    problems: list[Problem] = []
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0].strip()
        if not content:
            continue
        fields = content.split()
        if len(fields) not in (10, 11):
            problems.append(
                error(
                    "SYNTAX001",
                    f"expected 10 or 11 numbers ({_FIELDS}), found {len(fields)}",
                    file=file,
                    line=number,
                    column=1,
                )
            )
            continue
        if not all(_WHOLE_NUMBER.fullmatch(f) for f in fields):
            bad = next(f for f in fields if not _WHOLE_NUMBER.fullmatch(f))
            problems.append(
                error(
                    "SYNTAX001",
                    f"'{bad}' is not a whole number",
                    file=file,
                    line=number,
                    column=line.index(bad) + 1,
                )
            )
            continue
        padded = [f for f in fields if len(f) > 1 and f.startswith("0")]
        if padded:
            problems.append(
                error(
                    "SYNTAX001",
                    f"leading zeros in {', '.join(padded)}: the games cannot read them "
                    f"[11.0]; write {', '.join(str(int(f)) for f in padded)}",
                    file=file,
                    line=number,
                    column=line.index(padded[0]) + 1,
                )
            )
        values = [int(f) for f in fields]
        day, month, year = values[:3]
        try:
            when = date(year, month, day)
        except ValueError as exc:
            problems.append(
                error(
                    "SCHEMA004",
                    f"{day} {month} {year} is not a date: {exc}",
                    file=file,
                    line=number,
                    column=1,
                )
            )
            continue
        try:
            rows.append(
                WeatherRow(
                    date=when,
                    normal=values[3],
                    soft=values[4],
                    mud=values[5],
                    snow=values[6],
                    frozen=values[7],
                    visibility_min=values[8],
                    visibility_max=values[9],
                    storm=values[10] if len(values) == 11 else None,
                )
            )
            row_lines.append(number)
        except ValidationError as exc:
            for item in exc.errors(include_url=False):
                problems.append(
                    error(
                        "SCHEMA004",
                        f"{item['loc'][0]}: {item['msg']}",
                        file=file,
                        line=number,
                        column=1,
                    )
                )
    if not rows:
        problems.append(error("SYNTAX001", "no weather lines found", file=file, line=1, column=1))
        return None, problems
    weather = WeatherFile(
        format_version=CURRENT_VERSION,
        name=name,
        description=f"Imported from {file}.",
        rows=rows,
    )
    for problem in check_weather(weather):
        at_line = row_lines[int(problem.path[1])] if len(problem.path) > 1 else 1
        problems.append(problem.in_file(file).at(at_line, 1))
    problems.sort(key=lambda p: p.line or 0)
    return weather, problems


def format_weather_dat(weather: WeatherFile) -> str:
    """`Weather.dat` text for a WeatherFile: one line per row, single spaces, no leading zeros.

    >>> weather, _ = parse_weather_dat("18 12 1944 0 80 0 20 0 3 4 30")
    >>> format_weather_dat(weather)
    '18 12 1944 0 80 0 20 0 3 4 30\\n'
    """
    lines = []
    for row in weather.rows:
        values = [
            row.date.day,
            row.date.month,
            row.date.year,
            row.normal,
            row.soft,
            row.mud,
            row.snow,
            row.frozen,
            row.visibility_min,
            row.visibility_max,
        ]
        if row.storm is not None:
            values.append(row.storm)
        lines.append(" ".join(str(v) for v in values))
    return "\n".join(lines) + "\n"
