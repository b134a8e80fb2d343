"""Saved fights: a fight as JSON-ready data, and the checks that load one back.

A save holds the setup, the seed, the actions, the faces rolled and the state they lead to, and a digest of
each step: step 0 is the setup, the seed and what the fight's start rolled and recorded; step k is action k
with the faces it drew and the events it caused, chained to step k-1. Loading replays the actions (each must
be legal where it stands) over the saved faces and compares every step, so an edited seed, action, face or
event, or an action appended by hand, is refused with the first step that differs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tactica.dice import DiceError
from tactica.engine.codec import to_data
from tactica.engine.errors import TacticaError
from tactica.files import brief, clip

if TYPE_CHECKING:
    from tactica.engine.fight import Fight
    from tactica.engine.system import RuleSystem

FORMAT = "tactica-fight/2"
#: Hex digits kept of each step's SHA-256 (64 bits: enough to tell an edit, small in a long save).
DIGEST_HEX = 16


class SaveError(TacticaError):
    """A saved fight that cannot be loaded: a missing or ill-typed field, or one that was edited."""


def save_data(fight: Fight) -> dict[str, Any]:
    """The fight as JSON-ready data (see the module's docs)."""
    return {
        "format": FORMAT,
        "system": fight.system.id,
        "setup": to_data(dict(fight.game.setup)),
        "seed": fight.seed,
        "actions": [str(a) for a in fight.history],
        "faces": list(fight.faces),
        "state": to_data(fight.state),
        "steps": step_digests(fight),
    }


def step_digests(fight: Fight) -> list[str]:
    """One digest per step (step 0, the start, then one per action), each chained to the one before."""
    starts = [*fight.marks, (fight.tape.pos, len(fight.events))]
    opening = [FORMAT, fight.system.id, to_data(dict(fight.game.setup)), fight.seed]
    digests = [_digest("", [*opening, *_slice(fight, (0, 0), starts[0])])]
    for k, action in enumerate(fight.history):
        digests.append(_digest(digests[-1], [str(action), *_slice(fight, starts[k], starts[k + 1])]))
    return digests


def _slice(fight: Fight, start: tuple[int, int], end: tuple[int, int]) -> list[Any]:
    """The faces drawn and the events recorded between two marks (tape position, event count)."""
    faces = fight.tape.faces[start[0] : end[0]]
    return [faces, [e.to_dict() for e in fight.events[start[1] : end[1]]]]


def _digest(previous: str, data: list[Any]) -> str:
    text = previous + json.dumps(data, separators=(",", ":"), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_HEX]


# -- loading ---------------------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list_of(check: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: isinstance(value, list) and all(check(v) for v in value)


#: Every field of a save: its check and what it must be, for the message.
FIELDS: Mapping[str, tuple[Callable[[object], bool], str]] = {
    "format": (lambda v: v == FORMAT, f"the text {FORMAT!r}"),
    "system": (lambda v: isinstance(v, str), "a rule system id (text)"),
    "setup": (lambda v: isinstance(v, Mapping), "a mapping (the fight's setup)"),
    "seed": (_is_int, "a whole number"),
    "actions": (_list_of(lambda v: isinstance(v, str)), "a list of actions as text"),
    "faces": (_list_of(_is_int), "a list of whole numbers (the faces rolled, in order)"),
    "state": (lambda v: isinstance(v, Mapping), "a mapping (the state the actions lead to)"),
    "steps": (_list_of(lambda v: isinstance(v, str)), "a list of step digests (text)"),
}


def check_fields(data: object, system: RuleSystem[Any, Any]) -> Mapping[str, Any]:
    """``data`` when every field of a save is there with the right type and the system matches; else a
    :class:`SaveError` naming the first field that is wrong."""
    if not isinstance(data, Mapping):
        raise SaveError(f"a saved fight is a mapping of {', '.join(FIELDS)}; got {type(data).__name__}")
    for name, (check, what) in FIELDS.items():
        if name not in data:
            raise SaveError(f"saved fight: the field '{name}' is missing (it is {what})")
        if not check(data[name]):
            raise SaveError(f"saved fight: the field '{name}' must be {what}; {_found(data[name])}")
    if data["system"] != system.id:
        raise SaveError(f"saved fight: it is a '{data['system']}' fight, not a '{system.id}' one")
    return data


def _found(value: object) -> str:
    if isinstance(value, list):
        wrong = next((v for v in value if not isinstance(v, (str, int)) or isinstance(v, bool)), None)
        return f"it holds {brief(wrong)}" if wrong is not None else f"it holds {len(value)} items"
    return f"got {brief(value)}"


def check_steps(fight: Fight, data: Mapping[str, Any]) -> None:
    """Refuse a loaded fight whose steps differ from the saved digests, naming the first that differs."""
    saved: Sequence[str] = data["steps"]
    if len(saved) != len(data["actions"]) + 1:
        raise SaveError(
            f"saved fight: it has {len(data['actions'])} actions but {len(saved)} step digests (one more than"
            " the actions is right): actions were added or removed by hand"
        )
    for k, (mine, theirs) in enumerate(zip(step_digests(fight), saved, strict=True)):
        if mine != theirs:
            raise SaveError(f"saved fight: {_step_name(fight, k)} differs from what was saved: {_EDITED}")
    if to_data(fight.state) != data["state"]:
        raise SaveError(f"saved fight: its final state differs from what its actions lead to: {_EDITED}")


_EDITED = "the save was edited, or comes from another version of tactica"


def _step_name(fight: Fight, k: int) -> str:
    return (
        "step 0 (the setup, the seed and the opening rolls)"
        if k == 0
        else f"step {k} ('{fight.history[k - 1]}')"
    )


def replay_error(step: int, action: str, error: TacticaError | DiceError) -> SaveError:
    """A save whose action ``step`` does not replay, as a :class:`SaveError` naming it."""
    return SaveError(f"saved fight: action {step} ('{clip(action, 60)}') does not replay: {error}")
