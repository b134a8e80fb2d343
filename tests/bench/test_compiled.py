"""Issue 16 A: the optional compiled build (`make compiled`, tools/compile.py; docs/performance.md)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.bench.scripts import load_script

TOOL = Path(__file__).resolve().parents[2] / "tools" / "compile.py"


@pytest.fixture(scope="module")
def compile_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tactica_tools_compile", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_without_a_compiler_it_says_so_in_one_message_and_builds_nothing(
    compile_tool: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """Issue 16 A: the compiled build is optional; a machine without a C compiler gets one clear message
    (status 2) and the pure-Python path is left as it is."""
    monkeypatch.setattr(compile_tool.sysconfig, "get_config_var", lambda name: "no-such-cc -pthread")
    monkeypatch.setattr(compile_tool, "BUILD", tmp_path / "compiled")
    assert compile_tool.main([]) == 2
    assert compile_tool.main(["--toolchain"]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "no C compiler ('no-such-cc' is not on PATH" in out[0]
    assert "pure Python is unaffected" in out[0] and not (tmp_path / "compiled").exists()


def test_every_module_left_pure_is_named_with_its_reason(compile_tool: ModuleType) -> None:
    """Issue 16 A: each pattern of modules left pure matches a module, and none of them is compiled."""
    compiled = compile_tool.compiled_files()
    src = TOOL.parents[1] / "src"
    everything = {
        p.relative_to(src).as_posix() for d in compile_tool.COMPILED for p in (src / d).rglob("*.py")
    }
    for pattern, reason in compile_tool.PURE.items():
        left = {f for f in everything if compile_tool.fnmatch(f, pattern)}
        assert left and reason and not left & set(compiled), pattern
    assert "tactica/engine/fight.py" in compiled and "tactica/systems/futurepath/rules.py" in compiled


def test_the_comparison_wants_a_compiled_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 16 A: `run.py --compiled` without `make compiled` first is one message naming the fix."""
    run = load_script("run")
    monkeypatch.setattr(run, "COMPILED_TREE", tmp_path / "none")
    with pytest.raises(SystemExit) as stop:
        run.main(["--compiled", "--only", "duel"])
    assert stop.value.code == 2


@pytest.mark.slow
def test_the_compiled_build_replays_the_whole_corpus(compile_tool: ModuleType) -> None:
    """Issue 16 A (`make long`): the compiled modules behave as the pure ones recorded: every decision of
    the corpus (legal actions, choices, events) is identical, run with the compiled engine."""
    problem = compile_tool.missing_compiler() or compile_tool.missing_modules()
    if problem is not None:
        pytest.skip(f"no compiled build on this machine: {problem}")
    assert compile_tool.main([]) == 0
    env = {**os.environ, "PYTHONPATH": str(compile_tool.SRC)}
    probe = "import tactica.engine.fight as f; print(f.__file__)"
    where = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert where.stdout.strip().endswith(".so")
    argv = [sys.executable, "-m", "tactica.testing.corpus", "check"]
    checked = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
    assert "all identical" in checked.stdout
