"""The examples in the package's docstrings run as written (a docstring example is documentation that
must not drift): every module of ``tactica`` with a ``>>>`` line is run through :mod:`doctest`."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import tactica

ROOT = Path(tactica.__file__).parent


def modules_with_examples() -> list[str]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT.parent).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


@pytest.mark.parametrize("name", modules_with_examples())
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{name}: no example was found by doctest"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed (see above)"
