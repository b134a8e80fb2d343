"""Issue 12 point 3: every file is read as a regular file, within a size limit checked before and while reading."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tactica.files import MAX_FILE_BYTES, FileError, load_yaml, parse_yaml, read_text


def only_message(error: pytest.ExceptionInfo[FileError]) -> str:
    assert len(error.value.problems) == 1
    return str(error.value.problems[0])


def test_a_regular_file_is_read_as_utf8(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_bytes("\ufeffname: Café\n".encode())
    assert read_text(path) == "name: Café\n"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p.mkdir(), "is a folder, not a file"),
        (lambda p: os.mkfifo(p), "is a pipe (FIFO), not a regular file"),
        (lambda p: None, "no such file"),
    ],
    ids=["folder", "fifo", "missing"],
)
def test_only_regular_files_are_read(tmp_path: Path, make: object, message: str) -> None:
    """Issue 12 point 3: a folder, a FIFO (which would wait for a writer forever) or a missing file is one
    clear message, before anything is read."""
    path = tmp_path / "x.yaml"
    make(path)  # type: ignore[operator]
    with pytest.raises(FileError) as caught:
        read_text(path)
    assert only_message(caught) == f"{path}: {message}"


def test_a_device_is_refused_at_once() -> None:
    """Issue 12 point 3: /dev/zero never ends; it is refused without reading."""
    started = time.monotonic()
    with pytest.raises(FileError) as caught:
        load_yaml("/dev/zero")
    assert only_message(caught) == "/dev/zero: is a device, not a regular file"
    assert time.monotonic() - started < 5


def test_a_file_over_the_limit_is_refused_before_reading(tmp_path: Path) -> None:
    """Issue 12 point 3: a 5 MB file is over the 4 MiB limit; the message says how to change the limit."""
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "x" * 5_000_000)
    started = time.monotonic()
    with pytest.raises(FileError) as caught:
        load_yaml(path)
    assert time.monotonic() - started < 5
    assert only_message(caught) == (
        f"{path}: the file has more than {MAX_FILE_BYTES:,} bytes, the most tactica reads "
        "(set TACTICA_MAX_FILE_BYTES to change the limit)"
    )


def test_the_limit_is_also_checked_while_reading() -> None:
    """Files under /proc say they are empty and are not: the bytes read are counted too."""
    with pytest.raises(FileError, match="more than 10 bytes"):
        read_text("/proc/self/status", max_bytes=10)
    assert "Name:" in read_text("/proc/self/status")


def test_the_limit_can_be_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a: 12345\n")
    with pytest.raises(FileError, match="more than 5 bytes"):
        read_text(path, max_bytes=5)
    monkeypatch.setenv("TACTICA_MAX_FILE_BYTES", "5")
    with pytest.raises(FileError, match="more than 5 bytes"):
        load_yaml(path)
    with pytest.raises(FileError, match="more than 5 bytes"):
        parse_yaml("a: 12345\n", "given.yaml")
    assert load_yaml(path, max_bytes=100).data == {"a": 12345}
    monkeypatch.setenv("TACTICA_MAX_FILE_BYTES", "lots")
    with pytest.raises(FileError, match="TACTICA_MAX_FILE_BYTES: must be a whole number of bytes"):
        load_yaml(path)


def test_bytes_that_are_not_utf8_name_their_line(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_bytes(b"a: 1\nb: \xff\xfe\n")
    with pytest.raises(FileError) as caught:
        read_text(path)
    assert only_message(caught) == f"{path}:2: not UTF-8 text (byte 9); tactica files are UTF-8"
