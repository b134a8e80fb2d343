"""The small example scenario of each system the environment's tests play (issue 17 point 2)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: One small scenario per system: a few combatants on a small map, so each test takes seconds.
SMALL = {
    "futurepath": ROOT / "examples/futurepath/duel.yaml",
    "srb": ROOT / "examples/srb/actions.yaml",
    "thrum": ROOT / "examples/thrum/buffs.yaml",
    "farrecon": ROOT / "examples/farrecon/simultaneous.yaml",
    "phase3d6": ROOT / "examples/phase3d6/trading-blows.yaml",
}
#: Each system's demo (its largest shipped scenario: every kind of combatant and verb it has).
DEMOS = {system: ROOT / f"src/tactica/systems/{system}/content/demo.yaml" for system in SMALL}
