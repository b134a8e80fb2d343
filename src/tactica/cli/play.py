"""``tactica play``: the scenario's script, then a person decides at the table.

Everything here talks through two functions, ``ask(prompt) -> str`` and ``say(line)``, so tests drive it with
canned input. Each decision shows whose it is and the legal actions numbered (grouped by verb; long lists of
destinations summarised as one entry that asks for a square). A number, an action's text, ``undo``,
``board``, ``log``, ``help`` or ``quit`` are accepted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from tactica.dice import DiceError, DiceScriptError, Die, ManualDice
from tactica.engine import Action, ActionSyntaxError, Fight, IllegalAction, TacticaError
from tactica.render import render_board, render_log
from tactica.render.turn import turn_line

Ask = Callable[[str], str]
Say = Callable[[str], None]
#: A verb with more destinations than this (for one actor) is shown as one entry asking for a square.
LIST_LIMIT = 8
#: The longest answer read: a longer line is refused whole, not parsed.
MAX_ANSWER = 200
#: A menu number, a coordinate or a face: ASCII digits only ('²' and '٣' are not numbers here), at most six.
NUMBER = r"-?[0-9]{1,6}"
HELP = (
    "Type a number, an action (e.g. 'vex attack rook with rifle', or 'move @3,4' when one character acts),"
    " or: undo (undo reroll), board, log (log all), help, quit"
)


@dataclass(frozen=True)
class Entry:
    """One numbered choice: an action, or a family of moves that asks for a destination (``template``)."""

    verb: str
    label: str
    action: Action | None = None
    template: Action | None = None


def menu(fight: Fight) -> list[Entry]:
    """The legal actions as numbered entries, grouped by verb, long destination lists summarised."""
    groups: dict[Action, list[Action]] = {}
    for action in fight.legal_actions():
        groups.setdefault(replace(action, at=None), []).append(action)
    entries: list[Entry] = []
    for actions in groups.values():
        entries += _entries(actions)
    order = list(dict.fromkeys(e.verb for e in entries))
    return sorted(entries, key=lambda e: order.index(e.verb))


def _entries(actions: list[Action]) -> list[Entry]:
    first = actions[0]
    if len(actions) <= LIST_LIMIT or any(a.at is None for a in actions):
        return [Entry(a.verb, str(a), action=a) for a in actions]
    template = replace(first, at=None)
    examples = " ".join(f"@{a.at[0]},{a.at[1]}" for a in actions[:4] if a.at is not None)
    words = str(template).split()
    words.insert(3 if template.target else 2, "@X,Y")
    label = f"{' '.join(words)} — {len(actions)} squares, e.g. {examples} ..."
    return [Entry(first.verb, label, template=template)]


def menu_lines(entries: Sequence[Entry]) -> list[str]:
    """The menu as text: a heading per verb, numbered entries under it."""
    lines: list[str] = []
    verb = None
    width = len(str(len(entries)))
    for number, entry in enumerate(entries, 1):
        if entry.verb != verb:
            verb = entry.verb
            lines.append(f"  {verb}:")
        lines.append(f"    {number:>{width}}) {entry.label}")
    return lines


def combatants(fight: Fight) -> list[str]:
    """Every combatant's id, in setup order."""
    started = next((e for e in fight.events if e.kind == "FightStarted"), None)
    return list(getattr(started, "combatants", ()))


def parse_square(text: str) -> tuple[int, int] | None:
    """``3,4``, ``@3,4`` or ``3 4`` as a square; None when it is not one."""
    match = re.fullmatch(rf"@?\s*({NUMBER})\s*[, ]\s*({NUMBER})", text.strip())
    return (int(match[1]), int(match[2])) if match else None


def parse_faces(text: str) -> tuple[int, ...]:
    """Faces typed by a person: whole numbers separated by spaces or commas (nothing when unreadable)."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    return tuple(int(w) for w in words) if all(re.fullmatch(NUMBER, w) for w in words) else ()


def manual_dice(ask: Ask, say: Say) -> ManualDice:
    """Dice rolled at the table: each roll asks for its faces, naming what it is for."""

    def roll(die: Die, count: int, purpose: str) -> tuple[int, ...]:
        try:
            return parse_faces(ask(f"roll {count}{die} for {purpose}: "))
        except (EOFError, KeyboardInterrupt):
            raise DiceScriptError(f"no faces typed for {purpose!r}: the input ended") from None

    return ManualDice(roll, tell=say)


def unreadable(text: str) -> str:
    """Why a typed line is not read at all ('' when it is): too long, or holding control characters."""
    if len(text) > MAX_ANSWER:
        return f"that line is {len(text):,} characters long; an answer is at most {MAX_ANSWER} (type help)"
    if not text.strip().isprintable():
        return "that line holds control characters; type a number, an action or help"
    return ""


class Session:
    """The decisions of one fight, asked of a person until the fight ends or they quit."""

    def __init__(self, fight: Fight, ask: Ask, say: Say) -> None:
        self.fight = fight
        self.ask = ask
        self.say = say

    def run(self) -> str:
        """Play on; returns 'over' when the fight ended, 'quit' when the person stopped (quit, the end of
        the input, or Ctrl-C)."""
        try:
            while not self.fight.is_over():
                entries = menu(self.fight)
                self.say(turn_line(self.fight))
                for line in menu_lines(entries):
                    self.say(line)
                if not self.turn(entries):
                    return "quit"
        except KeyboardInterrupt:
            return "quit"
        return "over"

    def turn(self, entries: Sequence[Entry]) -> bool:
        """Ask until one action is taken (True) or the person quits (False)."""
        while True:
            try:
                answer = self.ask("> ")
            except (EOFError, KeyboardInterrupt):
                return False
            outcome = self.answer(answer, entries)
            if outcome is not None:
                return outcome

    def answer(self, text: str, entries: Sequence[Entry]) -> bool | None:
        """Handle one answer: True after an action (or undo), False to quit, None to ask again."""
        problem = unreadable(text)
        if problem:
            self.say(problem)
            return None
        text = text.strip()
        command = text.lower()
        if command in ("quit", "q", "exit"):
            return False
        if command in ("help", "?", ""):
            self.say(HELP)
            return None
        if command in ("board", "map"):
            self.say(render_board(self.fight))
            return None
        if command.startswith("log"):
            lines = render_log(self.fight.events)
            for line in lines if command == "log all" else lines[-30:]:
                self.say(line)
            return None
        if command.startswith("undo"):
            return self.undo(reroll=command.endswith("reroll"))
        action = self.choose(text, entries)
        return None if action is None else self.act(action)

    def choose(self, text: str, entries: Sequence[Entry]) -> Action | None:
        """The action a number or a text names (None, having said why, when it names none)."""
        if re.fullmatch(NUMBER, text):
            number = int(text)
            if not 1 <= number <= len(entries):
                self.say(f"no choice {number}: pick 1-{len(entries)}")
                return None
            entry = entries[number - 1]
            return entry.action or self.destination(entry)
        try:
            return Action.parse(self._with_actor(text))
        except ActionSyntaxError as error:
            self.say(str(error))
            return None

    def _with_actor(self, text: str) -> str:
        """``move @3,4`` means the deciding character's move when only one decides."""
        deciding = self.fight.deciding()
        first = text.split()[0] if text.split() else ""
        known = combatants(self.fight)
        return f"{deciding[0]} {text}" if len(deciding) == 1 and first not in known else text

    def destination(self, entry: Entry) -> Action | None:
        """Ask for the square of a summarised move."""
        assert entry.template is not None
        template = entry.template
        try:
            square = parse_square(self.ask(f"destination for '{template.actor} {template.verb}' (X,Y): "))
        except (EOFError, KeyboardInterrupt):
            return None
        if square is None:
            self.say("a destination is written X,Y (column, row), e.g. 3,4")
            return None
        return replace(template, at=square)

    def act(self, action: Action) -> bool | None:
        """Take the action and show what happened (or why it is not allowed)."""
        before = len(self.fight.events)
        try:
            self.fight.apply(action)
        except IllegalAction as error:
            self.say(f"not allowed: {error.reason}")
            return None
        except (DiceError, TacticaError) as error:
            self.say(f"could not take '{action}': {error}")
            return None
        for line in render_log(self.fight.events[before:]):
            self.say(line)
        return True

    def undo(self, *, reroll: bool) -> bool | None:
        """Take back the last action (its dice stay, unless ``undo reroll``)."""
        try:
            action = self.fight.undo(reroll=reroll)
        except TacticaError as error:
            self.say(str(error))
            return None
        dice = "its dice are rolled anew" if reroll else "taking it again rolls the same dice"
        self.say(f"took back '{action}' ({dice})")
        return True
