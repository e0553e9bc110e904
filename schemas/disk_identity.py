"""Which version of a file is on disk: its size, modification time and digest, remembered
when a file is read or written so that a change by another program can be told from our own."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class DiskIdentity:
    """One version of a file on disk."""

    size: int
    mtime_ns: int
    sha256: str

    @classmethod
    def of_bytes(cls, path: Path, data: bytes) -> DiskIdentity | None:
        """The identity of `path` known to hold `data` (just read or written); None if gone."""
        try:
            status = os.stat(path)
        except OSError:
            return None
        return cls(status.st_size, status.st_mtime_ns, hashlib.sha256(data).hexdigest())

    @classmethod
    def of_digest(cls, path: Path, sha256: str) -> DiskIdentity | None:
        """`of_bytes`, for bytes just read whose SHA-256 (hex) was taken already; None if
        gone."""
        try:
            status = os.stat(path)
        except OSError:
            return None
        return cls(status.st_size, status.st_mtime_ns, sha256)

    @classmethod
    def read(cls, path: Path) -> DiskIdentity | None:
        """The identity of the file now at `path`; None if there is none."""
        try:
            data = Path(path).read_bytes()
        except OSError:
            return None
        return cls.of_bytes(path, data)

    @classmethod
    def of_text(cls, path: Path, text: str) -> DiskIdentity | None:
        """The identity of a file whose text was read as `text`, or one that cannot match
        anything if the file already holds something else (it changed while being read)."""
        try:
            data = Path(path).read_bytes()
        except OSError:
            return None
        try:
            same = data.decode("utf-8-sig") == text
        except UnicodeDecodeError:
            same = False
        identity = cls.of_bytes(path, data)
        if identity is None or same:
            return identity
        return cls(identity.size, identity.mtime_ns, "")

    def is_on(self, path: Path) -> bool:
        """Whether `path` still holds this version: the same size and time, or else the same
        bytes (a program that rewrote the same text changed nothing)."""
        try:
            status = os.stat(path)
        except OSError:
            return False
        if (status.st_size, status.st_mtime_ns) == (self.size, self.mtime_ns):
            return True
        current = DiskIdentity.read(path)
        return current is not None and current.sha256 == self.sha256
