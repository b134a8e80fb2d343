"""The menus of ``tactica play``: one entry per verb, then who takes it, then the target or square.

A FuturePath team of four may have 2,600 legal actions and a Phase 3d6 character 60 or more, so the main
menu never lists them all. It has one entry per verb: when several characters may take it, a second menu
names them (``move — rook, blade, sarge, pop``); for one character, a verb with one legal action is that
action, and with more it is ``vex attack — 6 choices``, a second menu of its targets and weapons, or a
prompt for a square when only the destination varies and there are more than :data:`LIST_LIMIT` of them.
Cells are said as the board says them: squares, or hexes (Phase 3d6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tactica.engine import Action, Fight
from tactica.grid import HexBoard

#: A verb with more destinations than this (for one actor) asks for a square instead of listing them; a
#: decision with at most this many legal actions lists them all.
LIST_LIMIT = 8


@dataclass(frozen=True)
class Entry:
    """One numbered choice: an action, a family of moves asking for a destination (``template``), or a
    verb's actions to choose among (``choices``)."""

    verb: str
    label: str
    action: Action | None = None
    template: Action | None = None
    choices: tuple[Action, ...] = ()


def cells(fight: Fight) -> tuple[str, str]:
    """The board's word for one cell and for many: ('square', 'squares') or ('hex', 'hexes')."""
    board = getattr(fight.game, "board", None)
    return ("hex", "hexes") if isinstance(board, HexBoard) else ("square", "squares")


def menu(fight: Fight, legal: Sequence[Action] | None = None) -> list[Entry]:
    """The main menu of the ``legal`` actions (default: every legal action): one entry per verb, in the order
    the rules list them; every action when there are at most :data:`LIST_LIMIT`, and what the one entry
    opens when there is one."""
    legal = fight.legal_actions() if legal is None else legal
    if len(legal) <= LIST_LIMIT:
        return [Entry(a.verb, str(a), action=a) for a in legal]
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action.verb, []).append(action)
    entries = [_verb_entry(actions, cells(fight)[1]) for actions in groups.values()]
    while len(entries) == 1 and entries[0].choices:
        entries = submenu(entries[0], cells(fight)[1])
    return entries


def _verb_entry(actions: Sequence[Action], many: str) -> Entry:
    """Actions of one verb as one entry: the action itself, a square to ask for, or a second menu."""
    first = actions[0]
    actors = list(dict.fromkeys(a.actor for a in actions))
    if len(actors) > 1:
        return Entry(first.verb, f"{first.verb} — {', '.join(actors)}", choices=tuple(actions))
    if len(actions) == 1:
        return Entry(first.verb, str(first), action=first)
    sub = choices(actions, many)
    if len(sub) == 1:
        return sub[0]
    return Entry(first.verb, f"{first.actor} {first.verb} — {len(sub)} choices", choices=tuple(actions))


def submenu(entry: Entry, many: str) -> list[Entry]:
    """What an entry with ``choices`` opens: one entry per actor when several may take its verb, else
    each of its actions (long lists of destinations as one entry)."""
    by_actor: dict[str, list[Action]] = {}
    for action in entry.choices:
        by_actor.setdefault(action.actor, []).append(action)
    if len(by_actor) > 1:
        return [_verb_entry(actions, many) for actions in by_actor.values()]
    return choices(entry.choices, many)


def choices(actions: Sequence[Action], many: str) -> list[Entry]:
    """One verb's actions as entries: each action, or a long list of destinations as one entry."""
    groups: dict[Action, list[Action]] = {}
    for action in actions:
        groups.setdefault(replace(action, at=None), []).append(action)
    return [entry for family in groups.values() for entry in _family(family, many)]


def _family(actions: list[Action], many: str) -> list[Entry]:
    """Actions differing only in their destination: listed, or (over :data:`LIST_LIMIT`) one entry."""
    first = actions[0]
    if len(actions) <= LIST_LIMIT or any(a.at is None for a in actions):
        return [Entry(a.verb, str(a), action=a) for a in actions]
    template = replace(first, at=None)
    examples = " ".join(f"@{a.at[0]},{a.at[1]}" for a in actions[:4] if a.at is not None)
    words = str(template).split()
    words.insert(3 if template.target else 2, "@X,Y")
    label = f"{' '.join(words)} — {len(actions)} {many}, e.g. {examples} ..."
    return [Entry(first.verb, label, template=template)]


def menu_lines(entries: Sequence[Entry]) -> list[str]:
    """A menu as text: its entries numbered."""
    width = len(str(len(entries)))
    return [f"    {number:>{width}}) {entry.label}" for number, entry in enumerate(entries, 1)]
