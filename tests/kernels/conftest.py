"""What the kernel tests share: the examples, and a registry holding only the test kernel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tactica.analysis import kernels
from tests.kernels.coin import CoinKernel

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DUEL = EXAMPLES / "futurepath" / "duel.yaml"
SKIRMISH = EXAMPLES / "futurepath" / "skirmish.yaml"


@pytest.fixture
def coin_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[CoinKernel]:
    """The registry holds the test kernel alone while a test runs."""
    coin = CoinKernel()
    monkeypatch.setattr(kernels, "KERNELS", [coin])
    yield coin


def shape(value: object) -> object:
    """The shape of JSON-ready data: its keys, the shape of a list's first item, the type of a value (None as
    a float: a NaN figure)."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value[:1]]
    return type(value).__name__ if value is not None else "float"
