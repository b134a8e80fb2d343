"""How to read the log: each system's dice notation, one example line and its meaning per entry
(``tactica legend SYSTEM``; the same entries are in docs/cli.md, "Reading the log", and a test keeps the
two alike).

>>> legend("phase3d6")[0].example
'3d6 6+5+5 + OCV 5 = 21 vs 10 + DCV 5 = 15 — hit'
"""

from __future__ import annotations

from typing import NamedTuple

from tactica.engine import TacticaError


class Entry(NamedTuple):
    """One piece of notation as the log writes it, and what it means."""

    example: str
    meaning: str


#: What every system's log shares.
COMMON = (
    Entry(
        "Round 2 — team blue",
        "whose turn begins (Phase 3d6: `Turn 1, Phase 3`; Star Rangers: seconds too)",
    ),
    Entry(
        "@4,2",
        "a square (Phase 3d6: a hex): column 4, row 2, counted from 0 at the top left of the map",
    ),
    Entry(
        "(3 squares)",
        "what a move cost, in squares (Phase 3d6: hexes)",
    ),
    Entry(
        "Initiative: blue 2 (tied; highest DEX 16 breaks the tie)",
        "a tie on initiative and what broke it; a roll-off or tie-break die shows its roll instead",
    ),
    Entry(
        "ana passes",
        "an action with nothing to roll is written as the action itself",
    ),
    Entry(
        "Fight over: red wins (...)",
        "how the fight ended: a side wins, `a draw` (no side standing, or the rules' draw) or `cut "
        "off` (a round limit stopped it)",
    ),
)

LEGENDS: dict[str, tuple[Entry, ...]] = {
    "futurepath": (
        Entry(
            "d20 3 -dis 4+4+2 +4 = -3 vs AC 13 — miss",
            "the Accuracy check: natural d20 3; three Disadvantage dice 4, 4 and 2 taken off (`+adv`:"
            " Advantage dice added; a character without an Advantage die counts 1 each); +4 for "
            "ability and bonuses; total -3 against the target's Armour Class 13",
        ),
        Entry(
            "rook deals 7 (1d6: 4 ×1 +3) to vex — vex HP 11",
            "damage: the weapon's dice (1d6) rolled 4, times the multiplier 1, plus 3 flat damage; "
            "then the HP the target has left",
        ),
        Entry(
            "(1d8, 3 rolls: 2 5 7)",
            "a critical hit's damage: the dice rolled once per multiplier (×3)",
        ),
        Entry(
            "critical check: d20 17 = 17 — success, ×2",
            "Extra Damage after a critical: the check (`fumble`, `explode`, `success` or `fail`) and "
            "the multiplier",
        ),
        Entry(
            "scatter 3,6 — lands at @5,4",
            "a thrown grenade's scatter, 2d10 (left/right, then short/long), and where it lands",
        ),
    ),
    "srb": (
        Entry(
            "d20 12 +2 [BAB +1 STR +1] = 14 vs Defense 15 — miss",
            "the attack roll: natural d20 12, the attack bonus +2 and its parts in brackets, total 14"
            " against the target's Defense 15; `(natural 20)` threatens a critical, `(natural 1)` "
            "rolls on the table",
        ),
        Entry(
            "ana takes 5 damage (3 +2) — 1 HP left",
            "damage: the dice faces, the bonus, then the HP left",
        ),
        Entry(
            "critical failure (melee): d20 7 → 3: ...",
            "a natural 1: the critical-failure table's roll and entry",
        ),
        Entry(
            "(eve spends its standard action as a move action: move)",
            "an action paid with another slot",
        ),
    ),
    "thrum": (
        Entry(
            "2d6 [2 5] +1 = 8",
            "a roll: the faces of the two dice, the modifier, the total",
        ),
        Entry(
            "2d6 [4 1 2 2] (2 boons; kept 2 4) +1 = 7",
            "with Boons (or Banes) more dice are rolled and the best (worst) two kept",
        ),
        Entry(
            "4 vs 7 — fails (Evasion: success)",
            "the contest: the attack total against the defence total; `CRITICAL`, `success` or "
            "`fails`, and the defender's own result under Evasion",
        ),
        Entry(
            "mira Fatigue +1 → 3 (source)",
            "a load changes: by how much, the new total, and why",
        ),
    ),
    "farrecon": (
        Entry(
            "4dF [- + + 0] +1 = 2",
            "four Fudge dice (`+` is +1, `-` is -1, `0` is 0), the skill or attribute, the total; all"
            " `+` or all `-` is a critical",
        ),
        Entry(
            "ivan's rifle 3 vs dara's Physical Defense 1: hit by 2 — 1 increment, 2 damage",
            "the attack total against the defence; the margin gives damage increments and the damage",
        ),
        Entry(
            "ash at 15 ft: 3 increments → E 2",
            "a blast: distance in increments from its centre, the effect left",
        ),
        Entry(
            "1d2 among dara, ivan → 2: ivan's action is resolved next",
            "the roll that orders conflicting simultaneous actions",
        ),
    ),
    "phase3d6": (
        Entry(
            "3d6 6+5+5 + OCV 5 = 21 vs 10 + DCV 5 = 15 — hit",
            "the attack roll as written in this engine: the faces of 3d6, plus the attacker's OCV, "
            "against 10 plus the target's DCV (rule 5's roll-under, restated as a sum)",
        ),
        Entry(
            "kurt takes 3 STUN, 0 BODY (2+4+2) — STUN 32, BODY 10",
            "damage after defences: STUN and BODY lost, the damage dice faces, then what is left",
        ),
        Entry(
            "Initiative: ace 8 (tie-break d20 14)",
            "tied characters ordered by a d20 each",
        ),
    ),
}


def legend(system_id: str) -> tuple[Entry, ...]:
    """The system's own entries, then the ones every log shares."""
    key = system_id.lower()
    if key not in LEGENDS:
        raise TacticaError(f"no legend for system '{system_id}' (systems: {', '.join(LEGENDS)})")
    return (*LEGENDS[key], *COMMON)


def legend_lines(system_id: str) -> list[str]:
    """The legend as text: each example, then its meaning indented under it."""
    return [line for e in legend(system_id) for line in (e.example, f"    {e.meaning}")]
