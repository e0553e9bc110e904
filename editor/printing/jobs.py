"""What is printed, on any paged device: the order of battle or a side's briefing of a scenario,
and a PDF of either written whole or not at all (the editor's File menu and `hexwright print`
both come here)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QImage, QPagedPaintDevice, QPainter

from editor.printing.paging import (
    STEPS,
    Progress,
    body_size,
    css_pixels,
    markdown_html,
    paint_report,
    pdf_writer,
)
from editor.printing.reports import Report, briefing_report, oob_report
from editor.printing.subjects import Subject
from schemas.title import ScenarioBundle
from schemas.vocabulary import Side

PICTURE_WIDTH = 2000
"""Pixels across a briefing's map picture: sharp on paper at the page's width."""

PICTURE_SHARE = 0.5
"""The most of a page's height a briefing's map takes, so that it mostly fits under the
briefing's first paragraphs rather than leaving the first page half empty."""


@dataclass(frozen=True)
class PrintJob:
    """A subject of a scenario: the OOB or the briefing, of one side or (`side` None) of each
    in turn (each briefing from a new page)."""

    bundle: ScenarioBundle
    subject: Subject
    side: Side | None = None

    @property
    def sides(self) -> list[Side]:
        """The sides whose briefing is printed, in the order they are."""
        return [self.side] if self.side is not None else [Side.ALLIED, Side.AXIS]

    @property
    def source(self) -> str:
        """The scenario's file name, printed in each page's header."""
        return self.bundle.scenario.path.name

    def reports(
        self, device: QPagedPaintDevice, pictures: Sequence[QImage | None] = ()
    ) -> list[Report]:
        """The reports this job prints, laid out for the device's pages; a briefing's map
        picture (`pictures`, one per side) as wide as the page, or less where a tall picture
        would fill more than `PICTURE_SHARE` of its height."""
        scenario = self.bundle.scenario.model
        oob = self.bundle.oob.model if self.bundle.oob is not None else None
        map_file = self.bundle.map.model if self.bundle.map is not None else None
        assert oob is not None, "a complete scenario is printed"
        assert map_file is not None, "a complete scenario is printed"
        if self.subject is Subject.OOB:
            return [oob_report(scenario, oob, map_file, self.side)]
        width, height = body_size(device)
        reports = []
        for number, side in enumerate(self.sides):
            picture = pictures[number] if number < len(pictures) else None
            shown: int | None = None
            if picture is not None and not picture.isNull():
                tall = picture.height() / max(picture.width(), 1)
                shown = css_pixels(device, min(width, height * PICTURE_SHARE / tall))
            reports.append(
                briefing_report(
                    scenario, oob, map_file, side, markdown=markdown_html, picture_width=shown
                )
            )
        return reports

    def title(self) -> str:
        """The document's title."""
        header = self.bundle.scenario.model.header.title
        if self.subject is Subject.OOB:
            which = f" ({self.side.value.capitalize()})" if self.side is not None else ""
            return f"{header} — Order of Battle{which}"
        which = self.side.value.capitalize() if self.side is not None else "Both Sides'"
        return f"{header} — {which} Briefing"

    def paint(self, device: QPagedPaintDevice, progress: Progress | None = None) -> bool:
        """Paint every page on the device; False when `progress` cancelled. One painter for
        the whole job: a PDF writer's file is finished when its painter ends."""
        from editor.printing.setup_map import setup_picture  # noqa: PLC0415  # briefings only

        pictures: list[QImage | None] = []
        if self.subject is Subject.BRIEFING:
            # Drawing a large map takes a while: Cancel is heard between its bands.
            drawing = None if progress is None else (lambda _done, _total: progress(0, STEPS))
            for side in self.sides:
                picture = setup_picture(self.bundle, side, PICTURE_WIDTH, drawing)
                if picture is None:
                    return False
                pictures.append(picture)
        reports = self.reports(device, pictures)
        painter = QPainter()
        if not painter.begin(device):
            raise OSError("cannot paint on the printer or file")
        try:
            for number, report in enumerate(reports):
                picture = pictures[number] if pictures else None
                part = _part(progress, number, len(reports))
                if not paint_report(
                    report,
                    painter,
                    device,
                    picture=picture,
                    progress=part,
                    source=self.source,
                    after_a_page=number > 0,
                ):
                    return False
        finally:
            painter.end()
        return True

    def write_pdf(self, path: Path, progress: Progress | None = None) -> bool:
        """Write the job as a PDF at `path`: whole, or (cancelled: False; failed: OSError)
        not at all, over a temporary file in the same folder."""
        partial = path.with_name(f".{path.name}.{os.getpid()}.part")
        try:
            writer = pdf_writer(partial, self.title())
            finished = self.paint(writer, progress)
            del writer  # the file is complete once the writer is gone
            if not finished:
                return False
            if not partial.exists():
                raise OSError(f"cannot write {path}")
            os.replace(partial, path)
            return True
        finally:
            with contextlib.suppress(FileNotFoundError):
                partial.unlink()


def _part(progress: Progress | None, number: int, parts: int) -> Progress | None:
    """The progress of one report of several, as a share of the whole job."""
    if progress is None:
        return None
    callback = progress

    def told(done: int, total: int) -> bool:
        return callback(number * total + done, parts * max(total, 1))

    return told
