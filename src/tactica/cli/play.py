"""``tactica play``: the scenario's script, then a person decides at the table.

Everything here talks through two functions, ``ask(prompt) -> str`` and ``say(line)``, so tests drive it with
canned input. An AI decides for the sides ``--ai`` gives it (:mod:`tactica.cli.play_ai`). Each decision
shows whose it is, what the deciding characters used of their turn, and a menu of
one entry per verb (:mod:`tactica.cli.play_menu`); an entry with several choices opens a second menu or asks
for a square, and asks again after a square the rules refuse. A number, an action's text,
``undo``, ``board``, ``log``, ``save``, ``help`` or ``quit`` are accepted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from tactica.cli.play_ai import Opponents
from tactica.cli.play_budget import budget_lines
from tactica.cli.play_menu import Entry, cells, menu, menu_lines, submenu
from tactica.dice import DiceError, DiceScriptError, Die, ManualDice
from tactica.engine import Action, ActionSyntaxError, Fight, IllegalAction, TacticaError
from tactica.render import render_board, render_log
from tactica.render.result import plural
from tactica.render.turn import turn_line

Ask = Callable[[str], str]
Say = Callable[[str], None]
#: The longest answer read: a longer line is refused whole, not parsed.
MAX_ANSWER = 200
#: A menu number, a coordinate or a face: ASCII digits only ('²' and '٣' are not numbers here), at most six.
NUMBER = r"-?[0-9]{1,6}"
HELP = (
    "Type a number, an action (e.g. 'vex attack rook with rifle', or 'move @3,4' when one character acts),"
    " or: undo (undo reroll), board, log (log all), save (save FILE), help, quit"
)
#: What ``undo`` says when every action taken is an AI's.
NOTHING_YOURS = "nothing to undo: every action taken is the AI's (undo takes back yours, with the AI's after)"
#: Answers that leave a second menu or a square prompt for the main menu.
BACK = ("", "back", "b")
#: Answers that end the session.
QUIT = ("quit", "q", "exit")


class Quit(Exception):
    """The person asked to stop (``quit``) at a second menu or a square prompt."""


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
    """The decisions of one fight, asked of a person until the fight ends or they quit; ``ais`` decide for
    the sides they play (:mod:`tactica.cli.play_ai`). ``save_to`` is the file ``save`` writes when given no
    name."""

    def __init__(
        self, fight: Fight, ask: Ask, say: Say, *, save_to: Path | None = None, ais: Opponents | None = None
    ) -> None:
        self.fight = fight
        self.ask = ask
        self.say = say
        self.save_to = save_to or Path("fight.save.json")
        self.ais = ais or Opponents()
        #: Whether the AI has decided since the person last did (its turn line is said once).
        self.ai_turn = False

    def run(self) -> str:
        """Play on; returns 'over' when the fight ended, 'quit' when the person stopped (quit, the end of
        the input, or Ctrl-C)."""
        try:
            while not self.fight.is_over():
                side = self.ais.to_decide(self.fight)
                if side is not None:
                    if not self.ai_decides(side):
                        return "quit"
                    continue
                self.ai_turn = False
                entries = menu(self.fight, self.ais.yours(self.fight))
                for line in [turn_line(self.fight), *budget_lines(self.fight), *menu_lines(entries)]:
                    self.say(line)
                if not self.turn(entries):
                    return "quit"
        except KeyboardInterrupt:
            return "quit"
        return "over"

    def ai_decides(self, side: str) -> bool:
        """The AI's decision for ``side``, shown as the log shows it (the first since the person decided:
        under the turn line); False when it could not be taken (manual dice whose input ended)."""
        if not self.ai_turn:
            self.say(f"{turn_line(self.fight)} — the AI plays {side} ({self.ais.names[side]}), thinking…")
            self.ai_turn = True
        return self.taken(self.ais.policies[side].choose(self.fight), "the AI could not take")

    def turn(self, entries: Sequence[Entry]) -> bool:
        """Ask until one action is taken (True) or the person quits (False)."""
        while True:
            try:
                outcome = self.answer(self.ask("> "), entries)
            except (EOFError, KeyboardInterrupt):
                self.say("(the input ended: the session stops)")
                return False
            except Quit:
                outcome = False
            if outcome is False:
                self.offer_save()
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
        if command in QUIT:
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
        if command == "save" or command.startswith("save "):
            self.save(text[4:].strip())
            return None
        action = self.choose(text, entries)
        return None if action is None else self.act(action)

    def choose(self, text: str, entries: Sequence[Entry]) -> Action | None:
        """The action a number or a text names (None, having said why, when it names none)."""
        if re.fullmatch(NUMBER, text):
            number = int(text)
            if not 1 <= number <= len(entries):
                self.say(f"no choice {number}: pick 1-{len(entries)}")
                return None
            return self.pick(entries[number - 1])
        try:
            action = Action.parse(self._with_actor(text))
        except ActionSyntaxError as error:
            self.say(str(error))
            return None
        refusal = self.ais.refusal(self.fight, action.actor)
        if refusal is not None:
            self.say(refusal)
            return None
        return action

    def pick(self, entry: Entry) -> Action | None:
        """The action an entry stands for: itself, a destination asked for, or a choice of its verb's."""
        if entry.action is not None:
            return entry.action
        if entry.template is not None:
            return self.destination(entry.template)
        return self.second_menu(entry)

    def _with_actor(self, text: str) -> str:
        """``move @3,4`` means the deciding character's move when only one decides."""
        deciding = [a for a in self.fight.deciding() if not self.ais.plays(self.fight, a)]
        first = text.split()[0] if text.split() else ""
        known = combatants(self.fight)
        return f"{deciding[0]} {text}" if len(deciding) == 1 and first not in known else text

    def second_menu(self, entry: Entry) -> Action | None:
        """Choose among one actor's actions of one verb (Enter or ``back``: the main menu again)."""
        entries = submenu(entry, cells(self.fight)[1])
        for line in [f"  {entry.label}:", *menu_lines(entries)]:
            self.say(line)
        while True:
            text = self._sub_answer(f"which? (1-{len(entries)}, Enter to go back): ")
            if text is None:
                return None
            if re.fullmatch(NUMBER, text) and 1 <= int(text) <= len(entries):
                return self.pick(entries[int(text) - 1])
            self.say(f"pick 1-{len(entries)}, or press Enter for the main menu")

    def destination(self, template: Action) -> Action | None:
        """Ask for the square of a summarised move until the rules accept one, or the person goes back."""
        one = cells(self.fight)[0]
        prompt = f"destination {one} for '{template.actor} {template.verb}' (X,Y; Enter to go back): "
        while True:
            text = self._sub_answer(prompt)
            if text is None:
                return None
            square = parse_square(text)
            if square is None:
                self.say("a destination is written X,Y (column, row), e.g. 3,4; or press Enter to go back")
                continue
            action = replace(template, at=square)
            why = self.fight.why_illegal(action)
            if why is None:
                return action
            self.say(f"not allowed: {why}")

    def _sub_answer(self, prompt: str) -> str | None:
        """A line at a second prompt: None to go back (Enter, ``back``); raises :class:`Quit` on ``quit``
        (the end of the input and Ctrl-C end the session as at the main prompt)."""
        text = self.ask(prompt)
        problem = unreadable(text)
        if problem:
            self.say(problem)
            return ""
        if text.strip().lower() in QUIT:
            raise Quit
        return None if text.strip().lower() in BACK else text.strip()

    def save(self, name: str) -> None:
        """Write the fight (the engine's save format) to ``name`` or :attr:`save_to`; say where or why not."""
        path = Path(name) if name else self.save_to
        try:
            path.write_text(json.dumps(self.fight.to_dict(), separators=(",", ":")) + "\n", encoding="utf-8")
        except OSError as error:
            self.say(f"could not save to {path}: {error.strerror or error}")
            return
        self.say(f"saved to {path} (resume with: tactica play --load {path})")

    def offer_save(self) -> None:
        """Before quitting: offer to save the fight (y, a file name, or Enter/n for no)."""
        if self.fight.is_over() or not self.fight.history:
            return
        prompt = f"save the fight before quitting? (y: {self.save_to}, a file name, or Enter for no): "
        try:
            text = self.ask(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            return
        if text.lower() in ("", "n", "no") or unreadable(text):
            return
        self.save("" if text.lower() in ("y", "yes") else text)

    def act(self, action: Action) -> bool | None:
        """Take the person's action and show what happened (or why it is not allowed: None, ask again)."""
        return self.taken(action, "could not take") or None

    def taken(self, action: Action, failed: str) -> bool:
        """Whether the action was taken: its log shown, or why not (``failed`` begins a failure's line)."""
        before = len(self.fight.events)
        try:
            self.fight.apply(action)
        except IllegalAction as error:
            self.say(f"not allowed: {error.reason}")
            return False
        except (DiceError, TacticaError) as error:
            self.say(f"{failed} '{action}': {error}")
            return False
        for line in render_log(self.fight.events[before:]):
            self.say(line)
        return True

    def undo(self, *, reroll: bool) -> bool | None:
        """Take back the last action of a character the person plays, and the AI's actions after it (their
        dice stay, unless ``undo reroll``)."""
        history = self.fight.history
        yours = [k for k, a in enumerate(history) if not self.ais.plays(self.fight, a.actor)]
        if history and not yours:
            self.say(NOTHING_YOURS)
            return None
        try:
            taken = [self.fight.undo(reroll=reroll) for _ in range(len(history) - yours[-1] if yours else 1)]
        except TacticaError as error:
            self.say(str(error))
            return None
        theirs = f" and the AI's {plural(len(taken) - 1, 'action')} after it" if len(taken) > 1 else ""
        self.say(f"took back '{taken[-1]}'{theirs} ({_undone_dice(len(taken), reroll)})")
        return True


def _undone_dice(count: int, reroll: bool) -> str:
    """What becomes of the dice of ``count`` actions taken back."""
    if reroll:
        return "its dice are rolled anew" if count == 1 else "their dice are rolled anew"
    return f"taking {'it' if count == 1 else 'them'} again rolls the same dice"
