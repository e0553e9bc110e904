"""The map's relief shading: each hex lit by the slope across it, at opening and after an edit,
whatever the rows hold."""

from __future__ import annotations

from editor.map import style
from editor.map.content import MapContent
from schemas.io import load_file
from tests.conftest import SAMPLE_DATA


def _reshaded(content: MapContent) -> list[bytes]:
    """The hillshade hex by hex: the slope across two hexes (edges repeating the nearest row or
    column), compressed smoothly about level ground."""
    rows, height = content.elevation_rows, content.map.height
    gain = style.SHADE_GAIN / (2.0 * max(10, content.map.hex_size_m))
    shaded = []
    for row, here in enumerate(rows):
        above = rows[row - 1] if row > 0 else here
        below = rows[row + 1] if row + 1 < height else here
        left, right = here[:1] + here[:-1], here[1:] + here[-1:]
        shades = []
        for up, down, west, east in zip(above, below, left, right, strict=True):
            t = ((down - up) + (east - west)) * gain
            shades.append(style.FLAT + int(127 * t / (1 + abs(t))))
        shaded.append(bytes(shades))
    return shaded


def test_each_hex_is_lit_by_the_slope_across_it() -> None:
    model = load_file(SAMPLE_DATA / "ardennes44" / "ardennes44.map.yaml").model
    content = MapContent(model)
    assert content.shade_rows == _reshaded(content)
    # The sample's relief lights some slopes and darkens others.
    values = {value for row in content.shade_rows for value in row}
    assert min(values) < style.FLAT < max(values)


def test_steep_and_broken_rows_shade_alike_both_ways() -> None:
    model = load_file(SAMPLE_DATA / "stoumont44" / "stoumont44.map.yaml").model
    width = model.width
    rows = [" ".join(str((c * 37 + r * 101) % 900 - 100) for c in range(width)) for r in range(3)]
    rows.append("12 x 40")  # a short row with a word that is no number: level ground
    steep = model.model_copy(update={"elevation_rows": rows, "hex_size_m": 5})
    content = MapContent(steep)
    assert content.elevation_rows[3][:4] == [12, 0, 40, 0]
    assert content.shade_rows == _reshaded(content)
    # An edit of one row shades the rows around it again, the same way.
    edited = [rows[0], " ".join("300" for _ in range(width)), *rows[2:]]
    dirty = content.update(steep.model_copy(update={"elevation_rows": edited}))
    assert {0, 1, 2} <= dirty.rows
    assert content.shade_rows == _reshaded(content)
    assert {0, 255} & {value for row in content.shade_rows for value in row} == set()
