"""Fuzz targets on live fights: random action texts and odd :class:`Action` objects applied at random points
of random legal play, lines typed at ``tactica play``, and the conformance check on every setup.

A rejected action must leave the fight exactly as it was (state, history, faces, events); an accepted one must
be among the actions listed as legal, and the fight must still save and load.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from tactica.ai import RandomPolicy, combatants
from tactica.cli.play import Session, manual_dice
from tactica.cli.play_menu import menu
from tactica.dice import SeededDice, parse
from tactica.dice.errors import DiceError
from tactica.engine import Action, Fight, Game
from tactica.engine.codec import to_data
from tactica.fuzz.corpus import Setup, setups, system_ids
from tactica.fuzz.guard import Broken, Probe, check_message, is_deliberate
from tactica.fuzz.mutate import pick
from tactica.fuzz.texts import dice_text, mutate_action_text, odd_action, play_line
from tactica.systems import get_system
from tactica.testing.conformance import ConformanceError, check_json, check_replay, check_undo_at, undo_sample
from tactica.testing.conformance import play_random as play_to_end

#: Random legal actions taken in one fuzzed fight, at most.
MAX_STEPS = 60
#: A scenario's conformance fight is cut off after this many rounds (random play rarely ends it sooner; its
#: arena's are as shipped).
CONFORMANCE_ROUNDS = 3


@cache
def game_of(system: str, name: str) -> Game:
    """The game of one setup, built once per process."""
    setup = next(s for s in setups(system) if s.name == name)
    game: Game = get_system(system).new_game(setup.data)
    return game


def random_setup(probe: Probe) -> Setup:
    """A setup of a random system (its arena or one of its scenario files)."""
    return pick(probe.rng, setups(pick(probe.rng, system_ids())))


def random_walk(probe: Probe) -> Iterator[Fight]:
    """A fight of a random setup, handed out at random points of random legal play (one in four steps)."""
    setup = random_setup(probe)
    seed, steps = probe.rng.randrange(2**32), probe.rng.randint(1, MAX_STEPS)
    probe.note("fight", f"{setup.name}, seed {seed}, up to {steps} steps of RandomPolicy({seed})")
    fight = Fight(game_of(setup.system, setup.name), seed=seed)
    policy = RandomPolicy(seed)
    for _ in range(steps):
        if probe.rng.random() < 0.25:
            yield fight
        if fight.is_over():
            break
        fight.apply(policy.choose(fight))
    yield fight


def snapshot(fight: Fight) -> tuple[Any, ...]:
    """Everything a rejected input must leave alone."""
    return (to_data(fight.state), [str(a) for a in fight.history], list(fight.faces), len(fight.events))


def try_action(probe: Probe, fight: Fight, action: Action | str) -> None:
    """Apply ``action`` (listing the legal actions first, or not); check the fight's promises."""
    probe.tried += 1
    probe.note(f"action {probe.tried}", repr(action))
    legal = fight.clone().legal_actions()
    if probe.rng.random() < 0.5:
        fight.legal_actions()
    before = snapshot(fight)
    try:
        fight.apply(action)
    except Exception as error:
        if not is_deliberate(error):
            raise
        check_message(str(error), "a rejected action")
        if snapshot(fight) != before:
            raise Broken("state changed after a rejected action", repr(action), fight.system.id) from error
        return
    _check_accepted(fight, legal, action)


def _check_accepted(fight: Fight, legal: list[Action], action: Action | str) -> None:
    recorded = fight.history[-1]
    route = bool(recorded.via) and fight.system.takes_route(fight.game, recorded)  # accepted, not offered
    if not route and not any(recorded == a for a in legal):
        raise Broken("illegal action accepted", f"{action!r} recorded as '{recorded}'", fight.system.id)
    try:
        Fight.from_dict(json.loads(fight.to_json()), fight.system)
    except Exception as error:
        raise Broken("an accepted action breaks the save", f"{action!r}: {error}", fight.system.id) from error


def action_text_target(probe: Probe) -> None:
    """Mutated listed actions (text) at random points of random legal play."""
    for fight in random_walk(probe):
        listed = [str(a) for a in fight.clone().legal_actions()]
        try_action(probe, fight, mutate_action_text(probe.rng, listed, combatants(fight)))


def action_object_target(probe: Probe) -> None:
    """:class:`Action` objects built directly, with odd field values, at random points of legal play."""
    for fight in random_walk(probe):
        try_action(probe, fight, odd_action(probe.rng, fight.clone().legal_actions(), combatants(fight)))


def dice_target(probe: Probe) -> None:
    """Dice notation parsed; when valid, its canonical text re-parses alike and it rolls (within limits)."""
    text = dice_text(probe.rng)
    probe.note("notation", repr(text))
    try:
        expr = parse(text)
    except DiceError as error:
        check_message(str(error), "a dice notation error")
        return
    canonical = str(expr)
    if str(parse(canonical)) != canonical:
        raise Broken("canonical dice text does not re-parse alike", f"{text!r} -> {canonical!r}")
    expr.roll(SeededDice(probe.rng.randrange(2**32)), "fuzz")
    if probe.rng.random() < 0.05:
        expr.probabilities()


def play_target(probe: Probe) -> None:
    """``tactica play``'s session fed random lines (and, with manual dice, random faces) until input ends."""
    setup = random_setup(probe)
    manual = probe.rng.random() < 0.3
    typed: list[str] = []
    table: list[Fight] = []
    probe.note("play", f"{setup.name}, manual dice: {manual}")

    def ask(prompt: str) -> str:
        if len(typed) >= probe.rng.randint(1, 40):
            raise EOFError if prompt.startswith("roll ") else pick(probe.rng, (EOFError, KeyboardInterrupt))
        listed = [str(a) for a in table[0].legal_actions()] if table else []
        probe.tried += 1
        typed.append(play_line(probe.rng, listed, len(menu(table[0])) if table else 0))
        return typed[-1]

    def say(line: str) -> None:
        if not is_board(line):  # a map is as tall as the board, not a message
            check_message(line, "a line said at the table")

    dice = manual_dice(ask, say) if manual else None
    try:
        table.append(Fight(game_of(setup.system, setup.name), seed=probe.rng.randrange(2**32), dice=dice))
        Session(table[0], ask, say).run()
    finally:
        probe.note("typed", "\n".join(map(repr, typed)))


def conformance_target(system: str) -> Callable[[Probe], None]:
    """Conformance fights of one system: fight ``seed`` on its setup number ``seed`` (cycling through its
    arena and scenario setups), with undo checked at every step."""

    def target(probe: Probe) -> None:
        choices = setups(system)
        setup = choices[probe.seed % len(choices)]
        probe.note("conformance", f"{setup.name}, seed {probe.seed}")
        conform(setup, probe.seed)

    return target


def conform(setup: Setup, seed: int, undo_steps: int | None = None, rounds: int = CONFORMANCE_ROUNDS) -> None:
    """One conformance fight of ``setup`` (a scenario's cut off after ``rounds`` rounds) to its end: replay,
    JSON, and undo at every step (or at ``undo_steps`` steps spread over the fight)."""
    try:
        fight = play_to_end(setup.system, capped(setup, rounds), seed)
        check_replay(fight)
        check_json(fight)
        check_undo_at(fight, undo_sample(len(fight.history), undo_steps, seed))
    except ConformanceError as error:
        cause = re.sub(r"seed \d+: |\d+", "N", str(error))[:80]
        raise Broken("conformance", f"{setup.name}: {error}", f"{setup.system}: {cause}") from error


def capped(setup: Setup, rounds: int) -> Mapping[str, Any]:
    """A scenario's setup with at most ``rounds`` rounds (the arena's as it is)."""
    if setup.name.endswith("arena.yaml"):
        return setup.data
    options = dict(setup.data.get("options") or {})
    rounds = min(int(options.get("max_rounds") or rounds), rounds)
    return {**setup.data, "options": {**options, "max_rounds": rounds}}


FIGHT_TARGETS: dict[str, Callable[[Probe], None]] = {
    "action-text": action_text_target,
    "action-object": action_object_target,
    "dice": dice_target,
    "play": play_target,
    **{f"conformance-{system}": conformance_target(system) for system in system_ids()},
}


def is_board(text: str) -> bool:
    """Whether ``text`` is a rendered map: its first line is the column numbers (digits and spaces)."""
    first = text.split("\n", 1)[0]
    return bool(first.strip()) and set(first) <= set("0123456789 ")
