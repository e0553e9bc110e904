"""NATO unit symbols: every class draws its own picture, echelons and flags show, small icons
stay sharp, and icons are shared between units that look the same."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from editor.symbols import (
    frame_rect,
    organization_icon,
    paint_organization_symbol,
    paint_unit_symbol,
    side_color,
    symbol_icon,
)
from schemas.panzer_campaigns.oob import OrgLevel, Unit, UnitClass, UnitSize
from schemas.vocabulary import Side


def _unit(unit_class: UnitClass = UnitClass.INFANTRY, **fields) -> Unit:
    values = {"id": "u", "name": "Unit", "strength": 100, "speed": 6, **fields}
    return Unit(unit_class=unit_class, **values)


def _image(paint, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def _unit_image(unit: Unit, size: int = 40, side: Side = Side.ALLIED) -> QImage:
    return _image(lambda p, r: paint_unit_symbol(p, r, unit, side), size)


def test_the_sides_have_clearly_different_colours(qapp) -> None:
    allied, axis = side_color(Side.ALLIED), side_color(Side.AXIS)
    assert abs(allied.hue() - axis.hue()) > 90
    image = _unit_image(_unit(), side=Side.AXIS)
    centre_left = image.pixelColor(frame_rect(QRectF(0, 0, 40, 40)).toRect().left() + 4, 20)
    assert centre_left == axis


@pytest.mark.parametrize("size", [16, 64])
def test_every_unit_class_has_its_own_picture(qapp, size: int) -> None:
    pictures: dict[bytes, UnitClass] = {}
    for unit_class in UnitClass:
        image = _unit_image(_unit(unit_class), size)
        key = bytes(image.constBits())
        # Recon and cavalry share the NATO diagonal, as in APP-6.
        if key in pictures:
            assert {pictures[key], unit_class} == {UnitClass.RECON, UnitClass.CAVALRY}
        pictures[key] = unit_class


def test_echelon_marks_tell_sizes_and_levels_apart(qapp) -> None:
    sizes = {bytes(_unit_image(_unit(size=size)).constBits()) for size in UnitSize}
    assert len(sizes) == len(UnitSize)
    levels = {
        bytes(
            _image(
                lambda p, r, level=level: paint_organization_symbol(p, r, level, Side.AXIS), 40
            ).constBits()
        )
        for level in OrgLevel
    }
    assert len(levels) == len(OrgLevel)


def test_flags_change_the_picture(qapp) -> None:
    towed = _unit_image(_unit(UnitClass.ARTILLERY))
    self_propelled = _unit_image(_unit(UnitClass.ARTILLERY, self_propelled=True))
    mountain = _unit_image(_unit(UnitClass.INFANTRY, mountain=True))
    assert towed != self_propelled
    assert mountain != _unit_image(_unit(UnitClass.INFANTRY))


@pytest.mark.parametrize("size", [16, 20, 24])
def test_small_icons_have_a_sharp_outline(qapp, size: int) -> None:
    image = _unit_image(_unit(UnitClass.ARMOR), size)
    ink_rows = [
        y
        for y in range(size)
        if sum(image.pixelColor(x, y).lightness() < 60 for x in range(size)) >= size * 0.6
    ]
    # The frame's top and bottom edges are each one full row of ink, not two half-grey rows.
    assert len(ink_rows) == 2


def test_icons_are_shared_by_units_that_look_the_same(qapp) -> None:
    first = symbol_icon(_unit(name="A"), Side.ALLIED)
    again = symbol_icon(_unit(name="B"), Side.ALLIED)
    assert first is again
    assert symbol_icon(_unit(), Side.AXIS) is not first
    assert symbol_icon(_unit(UnitClass.ARMOR), Side.ALLIED) is not first
    assert not first.pixmap(20, 20).isNull()
    assert organization_icon(OrgLevel.DIVISION, Side.ALLIED, 20) is organization_icon(
        OrgLevel.DIVISION, Side.ALLIED, 20
    )
