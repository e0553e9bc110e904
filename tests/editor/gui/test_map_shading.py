"""The map's relief shading: the whole map shaded at opening matches each row shaded again after
an edit, whatever the rows hold."""

from __future__ import annotations

from editor.map import style
from editor.map.content import MapContent
from schemas.io import load_file
from tests.conftest import SAMPLE_DATA


def _reshaded(content: MapContent) -> list[bytes]:
    return [content._shade_row(row) for row in range(content.map.height)]


def test_the_shading_at_opening_is_what_an_edit_redraws() -> None:
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
    assert {0, 255} & {value for row in content.shade_rows for value in row} == set()
