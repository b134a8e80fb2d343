"""What a deciding character has used of its turn, in its system's words, read from ``observe()``.

Only what the state records is said (a slot spent, a move made): no rule is computed here. What is *left*
is said by the system where it says it (THRUM's turn line: "Move and Action left"); elsewhere the menu
below the line is the engine's own answer to what may still be done. FuturePath, Star Rangers, Far Recon
and Phase 3d6 expose no remaining budget of their own (``observe()`` holds what was spent, not what
remains), so the line says what was used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tactica.engine import Fight

Fighter = Mapping[str, Any]


def _slots(spent: Mapping[str, int], full: bool, words: Mapping[str, str]) -> list[str]:
    if full:
        return [words["full"] + " used"]
    return [f"{words.get(slot, slot)} used{' ×' + str(n) if n > 1 else ''}" for slot, n in spent.items() if n]


def _futurepath(f: Fighter) -> list[str]:
    """FuturePath 4: Standard, Simple and Free actions, or one Full-Round action."""
    budget = f.get("budget") or {}
    words = {"standard": "Standard action", "simple": "Simple action", "free": "Free action"}
    words["full"] = "Full-Round action"
    return _slots(budget.get("spent") or {}, bool(budget.get("full_round")), words)


def _srb(f: Fighter) -> list[str]:
    """Star Rangers: a standard, a move and a free action, or one full-round action."""
    words = {"standard": "standard action", "move": "move action", "free": "free action"}
    words["full"] = "full-round action"
    return _slots(f.get("spent") or {}, bool(f.get("full")), words)


def _phase3d6(f: Fighter) -> list[str]:
    """Phase 3d6: the attack action, move actions, a full-Phase action, hexes moved."""
    used = ["full-Phase action used"] if f.get("full") else []
    used += ["attack action used"] if f.get("attacked") else []
    moves = int(f.get("moves") or 0)
    used += [f"{moves} move action{'s' if moves > 1 else ''} used"] if moves else []
    hexes = int(f.get("hexes") or 0)
    return used + ([f"{hexes} hex{'es' if hexes > 1 else ''} moved"] if hexes else [])


def _farrecon(f: Fighter) -> list[str]:
    """Far Recon: Speed spent and moves made this turn."""
    spent, moves = int(f.get("spent") or 0), int(f.get("moves") or 0)
    used = [f"{spent} Speed spent"] if spent else []
    return used + ([f"{moves} move{'s' if moves > 1 else ''} made"] if moves else [])


#: Per system, the parts of a fighter's turn that its observed state says are used.
USED: Mapping[str, Callable[[Fighter], list[str]]] = {
    "futurepath": _futurepath,
    "srb": _srb,
    "phase3d6": _phase3d6,
    "farrecon": _farrecon,
}


#: The span a budget lasts, where a system's is not a turn.
SPAN = {"phase3d6": "Phase"}


def budget_lines(fight: Fight) -> list[str]:
    """One line per deciding character whose system records its turn's spending (none for THRUM, whose
    turn line says it, and none during a pending decision, which is not a turn's budget)."""
    data = fight.observe()
    used_of = USED.get(fight.system.id)
    if used_of is None or data.get("pending"):
        return []
    fighters = data.get("fighters") or {}
    span = SPAN.get(fight.system.id, "turn")
    return [_line(a, used_of(fighters[a]), span) for a in fight.deciding() if a in fighters]


def _line(actor: str, used: list[str], span: str) -> str:
    return f"  {actor} this {span}: {'; '.join(used) if used else 'nothing used yet'}"
