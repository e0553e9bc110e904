"""Keeping Python's garbage collector out of the editor's start and of `hexwright validate`: the
imports, the window and a title's models make hundreds of thousands of objects that all stay,
and the collector's passes over them cost a fifth of the time to an interactive window and a
tenth of a validation; and, for such a command, the interpreter's tear-down of them at the
end."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress


@contextmanager
def paused_collection(keep: bool = False) -> Iterator[None]:
    """Run the block without cyclic garbage collection (reference counting still frees what
    is dropped), then collect as before; nested pauses resume at the outermost.

    `keep`: what exists when the outermost pause ends is kept out of later collections
    (`keep_what_started`) before collecting resumes. Every object the block made is still in
    the youngest generation then, and the first collection after resuming would pass over all
    of them only to find them alive: after the editor's imports and after its first title,
    some 40 ms each on the benchmark title."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            if keep:
                keep_what_started()
            gc.enable()


def keep_what_started() -> None:
    """Once the window and its first title are up: leave every object made so far (modules,
    classes, the window, the title) out of later collections, which would only find them
    alive, so that the first passes after the start do not stall the first paint."""
    gc.freeze()


def release_what_started() -> None:
    """When the first title is closed or replaced: let the collector see the objects kept at
    the start again, so that the dropped title's reference cycles are freed."""
    if gc.get_freeze_count():
        gc.unfreeze()


def leave_now(status: int) -> None:
    """End a command-line process without tearing the interpreter down: after `hexwright
    validate` of a large title, freeing its millions of objects one by one takes an eighth of
    the run and frees nothing the system would not free at once. The report is flushed first;
    nothing else is left to do (the commands that use this write their files before they
    return, and register no exit handlers)."""
    for stream in (sys.stdout, sys.stderr):
        with suppress(BrokenPipeError, ValueError):  # the reader left, or the stream closed
            stream.flush()
    os._exit(status)
