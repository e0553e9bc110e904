"""Reading a file only when it is a file: what a name leads to is checked before it is opened, so
a pipe cannot hang a reader, a device cannot feed it forever and a symlink loop or a NUL in a
name gives a reason instead of an exception."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MAX_FILE_BYTES = 512 * 2**20
"""Largest file read: a 4000 x 4000 hex map, the largest there may be, takes about 170 MB."""


def read_regular_file(path: Path | str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at `path` (symlinks followed); OSError saying why not."""
    try:
        # Non-blocking, so opening a pipe that has no writer returns at once instead of waiting;
        # fstat then looks at what was opened, so the check and the read see the same thing.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except ValueError as exc:  # a NUL character in the name
        raise OSError(errno.EINVAL, "the file name holds a NUL character") from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, "the name leads into a loop of symbolic links") from exc
        raise
    try:
        found = os.fstat(handle)
        kind = found.st_mode
        if stat.S_ISDIR(kind):
            raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file")
        if not stat.S_ISREG(kind):
            raise OSError(errno.EINVAL, f"it is {_what(kind)}, not a regular file")
        if found.st_size > limit:
            raise _too_large(limit)
        os.set_blocking(handle, True)
        with os.fdopen(handle, "rb") as stream:
            handle = -1  # the stream owns it now
            data = stream.read(limit + 1)  # it may have grown since
        if len(data) > limit:
            raise _too_large(limit)
        return data
    finally:
        if handle >= 0:
            os.close(handle)


def _too_large(limit: int) -> OSError:
    return OSError(
        errno.EFBIG, f"it is larger than the {limit // 2**20} MB a Hexwright file may be"
    )


def _what(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"
