"""Fixtures shared across the test packages: a throwaway PostgreSQL server (Issue 13 point 6)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tactica.testing.postgres import BIN_GLOB, postgres_bin, temporary_postgres


def postgres_or_skip() -> None:
    """Skips only where the server cannot be had: not root (no installing) and no binaries. As root
    (``make test``, whose ``system-packages`` step installs Debian's postgresql) a missing server fails."""
    if postgres_bin() is None and os.geteuid() != 0:
        pytest.skip(f"no PostgreSQL server binaries under {BIN_GLOB}: as root, `make system-packages`")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server this test session starts (and stops): its URL, database ``postgres``."""
    postgres_or_skip()
    with temporary_postgres() as url:
        yield url
