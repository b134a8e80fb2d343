"""The benchmark scripts (``benchmarks/*.py``, not a package) loaded as modules for their smoke tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_script(name: str) -> ModuleType:
    """``benchmarks/{name}.py`` as the module ``tactica_benchmarks_{name}``."""
    spec = importlib.util.spec_from_file_location(f"tactica_benchmarks_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
