"""Reading a file's text, bounded: regular files only, never more than the size limit, UTF-8.

A folder, a pipe (FIFO), a device (``/dev/zero``) or a socket is refused before anything is read; the size
is checked before reading (from the file system) and while reading (in case the size lies, as it does for
files that grow).
"""

from __future__ import annotations

import os
import stat
from importlib import resources
from pathlib import Path
from typing import IO

from tactica.files.limits import check_size, max_file_bytes
from tactica.files.problems import FileError, refuse

_KINDS = (
    (stat.S_ISDIR, "is a folder, not a file"),
    (stat.S_ISFIFO, "is a pipe (FIFO), not a regular file"),
    (stat.S_ISCHR, "is a device, not a regular file"),
    (stat.S_ISBLK, "is a device, not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
)
#: Opening a FIFO to check it must not wait for a writer.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def read_text(path: str | Path, *, max_bytes: int | None = None) -> str:
    """The text of the regular file at ``path``; anything else is a :class:`FileError` saying why."""
    name, limit = str(path), max_file_bytes(max_bytes)
    _check_kind(_stat(path, name).st_mode, name)
    try:
        descriptor = os.open(path, _OPEN_FLAGS)
    except OSError as error:
        raise _unreadable(error, name) from None
    with os.fdopen(descriptor, "rb") as stream:
        status = os.fstat(descriptor)
        _check_kind(status.st_mode, name)  # the path may have changed since it was looked at
        check_size(status.st_size, limit, name)
        return decode(_read_bounded(stream, limit, name), name)


def read_resource(package: str, name: str, *, max_bytes: int | None = None) -> str:
    """The text of a data file shipped in a package (``content/weapons.yaml``), bounded like a file."""
    label = f"{package}:{name}"
    with resources.files(package).joinpath(name).open("rb") as stream:
        return decode(_read_bounded(stream, max_file_bytes(max_bytes), label), label)


def decode(data: bytes, name: str) -> str:
    """UTF-8 text (a byte-order mark is dropped); other bytes are a :class:`FileError` at their line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        message = f"not UTF-8 text (byte {error.start + 1}); tactica files are UTF-8"
        raise refuse(name, message, line) from None


def utf8_size(text: str, name: str) -> int:
    """The size of ``text`` in UTF-8; a lone surrogate (which no file can hold) is a :class:`FileError`."""
    try:
        return len(text.encode("utf-8"))
    except UnicodeEncodeError as error:
        line = text.count("\n", 0, error.start) + 1
        raise refuse(
            name, "not valid text: a lone surrogate code point; tactica files are UTF-8", line
        ) from None


def _stat(path: str | Path, name: str) -> os.stat_result:
    try:
        return os.stat(path)
    except OSError as error:
        raise _unreadable(error, name) from None


def _check_kind(mode: int, name: str) -> None:
    for is_kind, message in _KINDS:
        if is_kind(mode):
            raise refuse(name, message)
    if not stat.S_ISREG(mode):
        raise refuse(name, "is not a regular file")


def _read_bounded(stream: IO[bytes], limit: int, name: str) -> bytes:
    data = stream.read(limit + 1)
    check_size(len(data), limit, name)
    return data


def _unreadable(error: OSError, name: str) -> FileError:
    if isinstance(error, FileNotFoundError):
        return refuse(name, "no such file")
    if isinstance(error, PermissionError):
        return refuse(name, "cannot read the file: permission denied")
    return refuse(name, f"cannot read the file: {error.strerror or error}")
