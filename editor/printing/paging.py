"""A report laid out on pages by Qt's rich text: each page with a header (the report's title and
the scenario file) and a footer ("Page 3 of 12"), painted on any paged device (a printer, the
print preview, a PDF writer), page by page so that a long document shows progress and can be
cancelled."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QFont,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextBlockFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)

from editor.printing.reports import MAP_PICTURE, Report

Progress = Callable[[int, int], bool]
"""Hears (pages done, pages) and says whether to go on."""

MARKDOWN = QTextDocument.MarkdownFeature.MarkdownDialectGitHub | (
    QTextDocument.MarkdownFeature.MarkdownNoHTML
)
"""How briefings are read and written: GitHub's Markdown, raw HTML shown as text (the format
decision is in `schemas.panzer_campaigns.scenario.Briefings`)."""

BODY_POINT_SIZE = 9.5
"""The text's size on paper."""

PDF_RESOLUTION = 300
"""Dots per inch of a written PDF's layout: text stays vector; the map picture is sharp."""

_BLANK = "hexwright:blank"
"""A transparent pixel, stretched to leave room above a part of a report."""

_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.DOTALL)


def markdown_html(text: str) -> str:
    """A briefing's Markdown as HTML to embed in a report (raw HTML in it stays text)."""
    document = QTextDocument()
    document.setMarkdown(text, MARKDOWN)
    found = _BODY.search(document.toHtml())
    return found.group(1) if found else ""


def _layout_rects(device: QPagedPaintDevice, header_height: float) -> tuple[QRectF, QRectF]:
    """The page's printable rectangle in device pixels (painter coordinates start at its
    corner) and the body's rectangle inside it, below the header and above the footer."""
    layout = device.pageLayout()
    paint = QRectF(layout.paintRectPixels(device.resolution()))
    page = QRectF(0, 0, paint.width(), paint.height())
    body = page.adjusted(0, header_height, 0, -header_height)
    return page, body


def css_pixels(device: QPagedPaintDevice, device_pixels: float) -> int:
    """A width in device pixels as the CSS pixels Qt's rich text measures images in (1/96 in)."""
    return int(device_pixels * 96 / max(device.logicalDpiX(), 1))


def body_size(device: QPagedPaintDevice) -> tuple[float, float]:
    """The width and height of a page's printable area on `device`, in device pixels."""
    body = _layout_rects(device, 0)[1]
    return body.width(), body.height()


def build_document(
    html: str, device: QPagedPaintDevice, picture: QImage | None = None
) -> QTextDocument:
    """A part of a report as rich text laid out for the device (fonts at its resolution)."""
    document = QTextDocument()
    document.documentLayout().setPaintDevice(device)
    font = QFont(document.defaultFont())
    font.setPointSizeF(BODY_POINT_SIZE)
    document.setDefaultFont(font)
    if picture is not None:
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(MAP_PICTURE), picture)
    blank = QImage(1, 1, QImage.Format.Format_ARGB32)
    blank.fill(Qt.GlobalColor.transparent)
    document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(_BLANK), blank)
    document.setHtml(html)
    return document


@dataclass(frozen=True)
class _Laid:
    """A part of a report laid out: it begins on page `first` (counted from 0), below the part
    before it when that one ends on the same page, and runs over `pages` pages."""

    document: QTextDocument
    first: int
    pages: int


STEPS = 1000
"""What a report's progress counts to: laying out its parts, then painting its pages."""

FRESH_PAGE = 0.85
"""A part that would begin this far down a page begins on the next page."""


def paint_report(
    report: Report,
    painter: QPainter,
    device: QPagedPaintDevice,
    *,
    picture: QImage | None = None,
    progress: Progress | None = None,
    source: str = "",
    after_a_page: bool = False,
) -> bool:
    """Paint the report on the device's pages with headers and footers, with a painter begun on
    the device (`after_a_page`: something is on the current page already, start a new one);
    return False when `progress` (told of each part laid out, then of each page) cancelled it;
    the pages painted so far stay."""
    metrics_font = QFont()
    metrics_font.setPointSizeF(BODY_POINT_SIZE - 1.5)
    line = metrics_font.pointSizeF() / 72 * device.logicalDpiY()
    page, body = _layout_rects(device, line * 2.6)
    laid = _lay_out(report, device, body, picture=picture, line=line, progress=progress)
    if laid is None:
        return False
    pages = max((part.first + part.pages for part in laid), default=1)
    frame = _Frame(page, body, metrics_font, report.title, source)
    for number in range(pages):
        if progress is not None and not progress(STEPS // 2 + STEPS * number // (2 * pages), STEPS):
            return False
        if number or after_a_page:
            device.newPage()
        for part in laid:
            if part.first <= number < part.first + part.pages:
                _paint_body(painter, part.document, body, number - part.first)
        _paint_frame(painter, frame, number, pages)
    if progress is not None:
        progress(STEPS, STEPS)
    return True


def _lay_out(
    report: Report,
    device: QPagedPaintDevice,
    body: QRectF,
    *,
    picture: QImage | None,
    line: float,
    progress: Progress | None,
) -> list[_Laid] | None:
    """Lay each part out on the pages, each going on below the one before it (a long report
    is many parts, so that laying it out shows progress and can be cancelled)."""
    laid: list[_Laid] = []
    first, offset = 0, 0.0
    for number, part in enumerate(report.parts):
        html = part
        # Laying a part out is most of a report's time: the first half of the progress.
        if progress is not None and not progress(STEPS * number // (2 * len(report.parts)), STEPS):
            return None
        if offset:
            # Below the part before it: a blank picture as tall as that part's last page is
            # full (a frame's top margin would repeat on every page a table runs over).
            css = int(offset * 96 / max(device.logicalDpiY(), 1))
            room = f'<p style="margin: 0px;"><img src="{_BLANK}" width="1" height="{css}"></p>'
            html = room + part
        document = build_document(html, device, picture)
        document.setPageSize(QSizeF(body.width(), body.height()))
        _keep_headings_with_next(document, body.height(), line * 8)
        pages = document.pageCount()
        laid.append(_Laid(document, first, pages))
        used = document.documentLayout().documentSize().height() - (pages - 1) * body.height()
        first += pages - 1
        offset = used
        if offset > body.height() * FRESH_PAGE:
            first, offset = first + 1, 0.0
    return laid


def _keep_headings_with_next(document: QTextDocument, page_height: float, room: float) -> None:
    """Move each heading that would stand at the foot of a page, with less than `room` below
    it, to the next page: Qt's rich text has no "keep with next"."""
    layout = document.documentLayout()
    block = document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() > 0:
            rect = layout.blockBoundingRect(block)
            below = page_height - rect.bottom() % page_height
            if below < room and rect.top() % page_height > room:
                cursor = QTextCursor(block)
                moved = QTextBlockFormat()
                moved.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
                cursor.mergeBlockFormat(moved)
        block = block.next()


@dataclass(frozen=True)
class _Frame:
    """What every page of a report has around its part of the text."""

    page: QRectF
    body: QRectF
    font: QFont
    title: str
    source: str


def _paint_body(painter: QPainter, document: QTextDocument, body: QRectF, number: int) -> None:
    """Page `number` of a laid-out part, in the page's body."""
    painter.save()
    painter.translate(body.left(), body.top() - number * body.height())
    context = QAbstractTextDocumentLayout.PaintContext()
    context.clip = QRectF(0, number * body.height(), body.width(), body.height())
    painter.setClipRect(context.clip)
    document.documentLayout().draw(painter, context)
    painter.restore()


def _paint_frame(painter: QPainter, frame: _Frame, number: int, pages: int) -> None:
    """The header (title, scenario file, a rule) and the footer ("Page 3 of 12")."""
    page, body = frame.page, frame.body
    painter.save()
    painter.setFont(frame.font)
    painter.setPen(Qt.GlobalColor.darkGray)
    header = QRectF(page.left(), page.top(), page.width(), body.top() - page.top())
    footer = QRectF(page.left(), body.bottom(), page.width(), page.bottom() - body.bottom())
    top = Qt.AlignmentFlag.AlignTop
    painter.drawText(header, top | Qt.AlignmentFlag.AlignLeft, frame.title)
    painter.drawText(header, top | Qt.AlignmentFlag.AlignRight, frame.source)
    y = header.bottom() - header.height() * 0.3
    painter.drawLine(int(header.left()), int(y), int(header.right()), int(y))
    bottom = Qt.AlignmentFlag.AlignBottom
    painter.drawText(
        footer, bottom | Qt.AlignmentFlag.AlignHCenter, f"Page {number + 1} of {pages}"
    )
    painter.restore()


def pdf_writer(path: Path, title: str) -> QPdfWriter:
    """A PDF writer for A4 pages with 15 mm margins, the report's title as the PDF's."""
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("Hexwright")
    writer.setResolution(PDF_RESOLUTION)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    return writer
