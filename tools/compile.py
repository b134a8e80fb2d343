"""The optional compiled build (issue 16 A): `make compiled`, docs/performance.md "Compiled build".

Copies ``src/`` into ``build/compiled/src`` and compiles the hot modules there in place with mypyc, so the
source tree stays pure Python (what ``make test`` runs) and the compiled tree is used by putting it first
on the path: ``PYTHONPATH=build/compiled/src``. Needs a C compiler and the Python headers; when either is
missing it says so in one message and exits 2, leaving the pure path as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import shutil
import sys
import sysconfig
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "compiled"
SRC = BUILD / "src"
#: Why the modules of pydantic models stay pure: mypyc (2.4) compiles a class deriving from pydantic's
#: BaseModel to C that refers to a module it never declares (``CPyModule_pydantic___main``).
PYDANTIC = "pydantic models (validation of files), which mypyc compiles to C that does not build"
#: Compiled with mypyc (packages under src/): the engine, the grid, the dice and FuturePath's rules and AI.
COMPILED = (
    "tactica/engine",
    "tactica/grid",
    "tactica/dice",
    "tactica/systems/futurepath",
)
#: Modules of those packages left pure (shell patterns), and why (docs/performance.md, "Compiled build").
#: A compiled class may not be subclassed by a pure one ("interpreted classes cannot inherit from compiled").
PURE = {
    "tactica/engine/errors.py": "exception classes that pure modules subclass (scenario, table, rl, ...)",
    "tactica/dice/errors.py": "exception classes that pure modules subclass (the table's FacesNeeded)",
    "tactica/engine/events.py": "Event, which the four pure systems' events subclass",
    "tactica/engine/system.py": "Game, State and RuleSystem, which the pure setup modules subclass",
    "tactica/grid/board.py": "Board refuses changes by overriding __setattr__, which mypyc does not compile",
    "tactica/grid/square.py": "SquareBoard subclasses the pure Board",
    "tactica/grid/hex.py": "HexBoard subclasses the pure Board",
    "tactica/dice/source.py": "DiceSource is a runtime_checkable Protocol, which mypyc does not keep one",
    "tactica/dice/result.py": "its dataclasses name DiceTerm of dice.expr, which imports it: mypyc crashes",
    "tactica/systems/futurepath/options.py": PYDANTIC,
    "tactica/systems/futurepath/setup.py": PYDANTIC,
    "tactica/systems/futurepath/sheet.py": PYDANTIC,
    "tactica/systems/futurepath/state.py": "classes with __slots__, which mypyc refuses",
    "tactica/systems/futurepath/events.py": "a compiled subclass of the pure Event cannot be made",
}


def compiled_files() -> list[str]:
    """The modules mypyc compiles: every module of :data:`COMPILED` but those :data:`PURE` names."""
    files = (
        p.relative_to(ROOT / "src").as_posix() for d in COMPILED for p in (ROOT / "src" / d).rglob("*.py")
    )
    return sorted(f for f in files if not any(fnmatch(f, pattern) for pattern in PURE))


def missing_compiler() -> str | None:
    """Why this machine cannot compile extension modules (no C compiler, no Python headers), or None."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if shutil.which(cc) is None:
        return f"no C compiler ('{cc}' is not on PATH; on Debian: apt-get install gcc)"
    if not headers.is_file():
        return f"no Python headers ({headers} is missing; on Debian: apt-get install python3-dev)"
    return None


def missing_modules() -> str | None:
    """Which Python package the build needs is not installed (``make compiled`` installs them), or None."""
    for module, package in (("mypyc", "mypy"), ("setuptools", "setuptools")):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install {package}; make compiled installs it into .venv)"
    return None


def copy_sources() -> None:
    """A fresh copy of ``src/`` (without caches or earlier builds) in ``build/compiled/src``."""
    shutil.rmtree(SRC, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so")
    shutil.copytree(ROOT / "src", SRC, ignore=ignore)


def compile_modules(jobs: int) -> None:
    """mypyc on :func:`compiled_files`, the extensions written next to their sources in the copy."""
    from mypyc.build import mypycify
    from setuptools import setup

    options = ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(BUILD / "mypy_cache")]
    os.chdir(SRC)
    modules = mypycify(
        [*options, *compiled_files()],
        opt_level="3",
        debug_level="0",
        multi_file=True,
        target_dir=str(BUILD / "c"),
    )
    compile_in_parallel(jobs)
    args = ["build_ext", "--inplace", "--build-temp", str(BUILD / "temp")]
    setup(name="tactica_compiled", ext_modules=modules, script_args=["-q", *args])


def compile_in_parallel(jobs: int) -> None:
    """Let setuptools compile the C files of one extension ``jobs`` at a time (it does one at a time)."""
    from setuptools._distutils.ccompiler import CCompiler

    def compile_all(
        self: Any,
        sources: list[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            source, ext = build[obj]
            self._compile(obj, source, ext, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, [obj for obj in objects if obj in build]))
        return list(objects)

    CCompiler.compile = compile_all


def sources_digest() -> str:
    """A digest of what a build is made from: the sources, this tool and the mypyc version."""
    from mypy.version import __version__

    digest = hashlib.sha256(f"{__version__}\n".encode() + Path(__file__).read_bytes())
    for path in sorted((ROOT / "src").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def build(jobs: int) -> None:
    """Copy, compile, and link the examples and tests beside the copy (the corpus reads them from there)."""
    copy_sources()
    compile_modules(jobs)
    for name in ("examples", "tests"):
        link = BUILD / name
        if not link.is_symlink():
            link.symlink_to(Path("..", "..", name))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``compile.py [--jobs N] [--toolchain]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="C files compiled at once")
    parser.add_argument("--toolchain", action="store_true", help="only say whether a C compiler is here")
    args = parser.parse_args(argv)
    problem = missing_compiler() or (None if args.toolchain else missing_modules())
    if problem is not None:
        print(f"the compiled build (make compiled) cannot be made here: {problem}; pure Python is unaffected")
        return 2
    if args.toolchain:
        return 0
    digest, stamp = sources_digest(), BUILD / "built-from"
    if stamp.is_file() and stamp.read_text() == digest:
        print(f"{SRC} is up to date")
        return 0
    start = time.perf_counter()
    stamp.unlink(missing_ok=True)
    build(args.jobs)
    stamp.write_text(digest)
    print(f"compiled {len(compiled_files())} modules into {SRC} in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
