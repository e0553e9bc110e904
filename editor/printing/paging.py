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
decision is in `schemas.scenario.Briefings`)."""

BODY_POINT_SIZE = 9.5
"""The text's size on paper."""

PDF_RESOLUTION = 300
"""Dots per inch of a written PDF's layout: text stays vector; the map picture is sharp."""

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
    report: Report, device: QPagedPaintDevice, picture: QImage | None = None
) -> QTextDocument:
    """The report's rich text laid out for the device's pages (fonts at its resolution)."""
    document = QTextDocument()
    document.documentLayout().setPaintDevice(device)
    font = QFont(document.defaultFont())
    font.setPointSizeF(BODY_POINT_SIZE)
    document.setDefaultFont(font)
    if picture is not None:
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(MAP_PICTURE), picture)
    document.setHtml(report.html)
    return document


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
    return False when `progress` cancelled it (the pages painted so far stay)."""
    document = build_document(report, device, picture)
    metrics_font = QFont(document.defaultFont())
    metrics_font.setPointSizeF(BODY_POINT_SIZE - 1.5)
    line = metrics_font.pointSizeF() / 72 * device.logicalDpiY()
    page, body = _layout_rects(device, line * 2.6)
    document.setPageSize(QSizeF(body.width(), body.height()))
    _keep_headings_with_next(document, body.height(), line * 8)
    pages = document.pageCount()
    for number in range(pages):
        if progress is not None and not progress(number, pages):
            return False
        if number or after_a_page:
            device.newPage()
        frame = _Frame(page, body, metrics_font, report.title, source)
        _paint_page(painter, document, frame, number, pages)
    if progress is not None:
        progress(pages, pages)
    return True


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


def _paint_page(
    painter: QPainter, document: QTextDocument, frame: _Frame, number: int, pages: int
) -> None:
    page, body = frame.page, frame.body
    painter.save()
    painter.translate(body.left(), body.top() - number * body.height())
    context = QAbstractTextDocumentLayout.PaintContext()
    context.clip = QRectF(0, number * body.height(), body.width(), body.height())
    painter.setClipRect(context.clip)
    document.documentLayout().draw(painter, context)
    painter.restore()
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
