"""Running one fuzz input under guard: a time limit, a memory limit, and the verdict.

A failure is a traceback (any exception but a deliberate :class:`TacticaError` or :class:`DiceError`; an
engine ``ResolutionFault`` counts as one), a hang over :data:`TIME_LIMIT` seconds, a peak memory over
:data:`MEMORY_LIMIT` bytes, a change of state after a rejected input, or an error message over
:data:`MAX_MESSAGE_LINES` lines. Targets raise :class:`Broken` for the checks only they can make.
"""

from __future__ import annotations

import random
import resource
import signal
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType

import tactica.engine
from tactica.dice import DiceError
from tactica.engine import TacticaError

TIME_LIMIT = 10.0
MEMORY_LIMIT = 1 << 30
#: The address-space cap of a fuzzing process: the machine survives an input that would take it all.
ADDRESS_SPACE_LIMIT = 3 << 30
MAX_MESSAGE_LINES = 20


class Broken(Exception):
    """A promise a target checks itself was broken (state changed after a rejection, an illegal action
    accepted, a message too long, ...); ``kind`` names the promise."""

    def __init__(self, kind: str, detail: str, key: str = "") -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail
        self.key = key


class Hang(BaseException):
    """The input ran over the time limit (a BaseException, so that no ``except Exception`` swallows it)."""


@dataclass
class Probe:
    """What a target gets for one input: its random generator, and a place to note the input it built."""

    rng: random.Random
    seed: int = 0
    notes: list[tuple[str, str]] = field(default_factory=list)
    #: Inputs tried so far (a target that tries several, e.g. one action at each of several points of a
    #: fight, counts each; one otherwise).
    tried: int = 0

    def note(self, label: str, text: str) -> None:
        """Record part of the input (a file's text, an action), saved with a failure."""
        self.notes.append((label, text))


@dataclass(frozen=True)
class Verdict:
    """A failing input: its target and seed, what kind of failure, a signature grouping equal causes."""

    target: str
    seed: int
    kind: str
    signature: str
    detail: str
    notes: tuple[tuple[str, str], ...] = ()


Target = Callable[[Probe], None]


def probe_for(target: str, seed: int) -> Probe:
    """The probe of input ``seed`` of ``target``: the same generator every time."""
    return Probe(random.Random(f"tactica-fuzz/{target}/{seed}"), seed)


def run_one(name: str, target: Target, seed: int) -> tuple[int, Verdict | None]:
    """Run case ``seed`` of a target under guard: the inputs it tried, and its failure (None if it passed)."""
    probe = probe_for(name, seed)
    verdict = _judge(name, target, seed, probe)
    return max(probe.tried, 1), verdict


def _judge(name: str, target: Target, seed: int, probe: Probe) -> Verdict | None:
    before = peak_memory()
    try:
        with time_limit(TIME_LIMIT):
            target(probe)
    except Hang:
        return _verdict(name, seed, probe, "hang", f"over {TIME_LIMIT:g} s", "hang")
    except Broken as error:
        return _verdict(name, seed, probe, error.kind, error.detail, f"{error.kind} {error.key}".strip())
    except MemoryError:
        return _verdict(name, seed, probe, "memory", "MemoryError (address space cap)", "memory")
    except Exception as error:
        if is_deliberate(error):
            return None
        return _verdict(name, seed, probe, "traceback", short_traceback(error), signature(error))
    after = peak_memory()
    if after > MEMORY_LIMIT and after > before:
        return _verdict(name, seed, probe, "memory", f"peak memory {after >> 20} MB", "memory")
    return None


def is_deliberate(error: BaseException) -> bool:
    """True for an error tactica raises on purpose (bad input), False for a bug (a ResolutionFault too)."""
    fault = getattr(tactica.engine, "ResolutionFault", None)
    if fault is not None and isinstance(error, fault):
        return False
    return isinstance(error, TacticaError | DiceError)


def check_message(message: str, where: str) -> None:
    """An error message is at most :data:`MAX_MESSAGE_LINES` lines."""
    lines = message.splitlines()
    if len(lines) > MAX_MESSAGE_LINES:
        raise Broken("long message", f"{where}: {len(lines)} lines, starting {lines[0][:100]!r}", where)


def signature(error: BaseException) -> str:
    """The exception type and the innermost tactica frame raising it: equal causes share it."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "/tactica/" in f.filename and "/tactica/fuzz/" not in f.filename]
    place = ours[-1] if ours else (frames[-1] if frames else None)
    where = f" at {place.filename.rsplit('/tactica/', 1)[-1]}:{place.lineno}" if place else ""
    return f"{type(error).__name__}{where}"


def short_traceback(error: BaseException) -> str:
    """The last frames of the traceback and the message (a few lines)."""
    lines = traceback.format_exception(error)
    return "".join(lines[-7:])[-3000:]


def peak_memory() -> int:
    """This process's peak resident memory in bytes."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def cap_address_space(limit: int = ADDRESS_SPACE_LIMIT) -> None:
    """Cap this process's address space (MemoryError beyond it), unless a lower cap is already set."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft > limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in this (main) thread after ``seconds`` of this process's CPU time (a machine
    shared with other work slows the clock on the wall, not this one)."""

    def expire(_signum: int, _frame: FrameType | None) -> None:
        raise Hang

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _verdict(name: str, seed: int, probe: Probe, kind: str, detail: str, sig: str) -> Verdict:
    return Verdict(name, seed, kind, sig, detail, tuple(probe.notes))
