"""The limits on every file tactica reads: size and nesting. The size limit can be raised (or lowered) with
the environment variable ``TACTICA_MAX_FILE_BYTES`` or per call (``max_bytes=``)."""

from __future__ import annotations

import os

from tactica.files.problems import brief, refuse

#: Bytes of one file (a scenario, a save, a content file, text handed to a loader): 4 MiB.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: The environment variable that overrides :data:`MAX_FILE_BYTES` (a whole number of bytes).
MAX_FILE_BYTES_ENV = "TACTICA_MAX_FILE_BYTES"
#: Levels of nested lists and mappings (the top-level mapping is level 1).
MAX_DEPTH = 64
#: Values (lists, mappings and scalars, keys included) in one YAML file: reading YAML costs time per value.
MAX_NODES = 100_000


def max_file_bytes(given: int | None = None) -> int:
    """The size limit: ``given`` if not None, else ``TACTICA_MAX_FILE_BYTES`` if set, else 4 MiB."""
    if given is not None:
        return given
    raw = os.environ.get(MAX_FILE_BYTES_ENV, "").strip()
    if not raw:
        return MAX_FILE_BYTES
    if not raw.isascii() or not raw.isdigit() or int(raw) < 1:
        raise refuse(MAX_FILE_BYTES_ENV, f"must be a whole number of bytes of at least 1; got {brief(raw)}")
    return int(raw)


def check_size(size: int, limit: int, name: str) -> None:
    """Refuse ``size`` bytes over ``limit``, saying how to raise the limit."""
    if size > limit:
        raise refuse(
            name,
            f"the file has more than {limit:,} bytes, the most tactica reads "
            f"(set {MAX_FILE_BYTES_ENV} to change the limit)",
        )
