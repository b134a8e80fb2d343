"""Many fights from one scenario: each on its own seed derived from the run's seed and the fight's number, so
the rows depend only on the scenario, the number of fights and the seed — never on how many workers ran them
or where (local processes, or a Dask cluster).

>>> from tactica.analysis.sim import fight_seed
>>> fight_seed(1, 0) == fight_seed(1, 0) != fight_seed(1, 1)
True
"""

from __future__ import annotations

import gc
import hashlib
import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from tactica.ai import combatants, make_policies, policy_choice, sides
from tactica.analysis.limits import MAX_FIGHTS, MAX_WORKERS, cores, require_range
from tactica.analysis.workers import worker_context
from tactica.engine import CUT_OFF, Fight, Game, TacticaError
from tactica.scenario import Scenario
from tactica.systems import get_system

#: How long to wait for a Dask scheduler to answer.
CLUSTER_TIMEOUT = "10s"
#: Actions after which a fight that has not ended is given up (counted as cut off).
MAX_ACTIONS = 100_000

Row = dict[str, Any]
Progress = Callable[[int], None]


@dataclass(frozen=True)
class SimSpec:
    """What every fight of a run shares, in plain (picklable) data: the system, the setup and each side's
    policy. Workers rebuild the game from it once."""

    system: str
    setup: Mapping[str, Any]
    ai: Mapping[str, str]
    seed: int = 0
    combatants: tuple[str, ...] = ()
    sides: Mapping[str, str] = field(default_factory=dict)

    def key(self) -> str:
        """A digest of the spec (workers cache the game under it)."""
        text = json.dumps([self.system, self.setup, self.ai], sort_keys=True, default=str)
        return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def sim_spec(scenario: Scenario, *, seed: int = 0, ai: Sequence[str] = ()) -> SimSpec:
    """The spec of a run of the scenario's fight (its script and scripted dice are not used); ``ai`` takes
    ``NAME`` or ``SIDE=NAME`` entries over the scenario's own ``ai``."""
    return spec_for(scenario.game, scenario.ai, seed=seed, ai=ai)


def spec_for(game: Game, preset: Mapping[str, str], *, seed: int = 0, ai: Sequence[str] = ()) -> SimSpec:
    """The spec of a run of ``game``: each side's policy is 'default', else ``preset``, else ``ai``."""
    probe = Fight(game, seed=seed)
    names = combatants(probe)
    chosen = policy_choice(preset, sides(probe), ai, game.system.id)
    make_policies(game.system.id, chosen, 0)  # an unknown policy name fails here, before any work starts
    return SimSpec(
        game.system.id,
        _plain(game.setup),
        chosen,
        seed,
        tuple(names),
        {c: probe.side_of(c) for c in names},
    )


def fight_seed(seed: int, index: int) -> int:
    """The dice seed of fight number ``index`` of a run seeded ``seed``: a 63-bit hash, so neighbouring
    fights and runs share nothing."""
    digest = hashlib.blake2b(f"tactica-sim/{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


_GAMES: dict[str, Game] = {}


def game_of(spec: SimSpec) -> Game:
    """The spec's game, built once per process."""
    key = spec.key()
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = get_system(spec.system).new_game(spec.setup)
    return game


def play_one(spec: SimSpec, index: int, *, max_actions: int = MAX_ACTIONS) -> Row:
    """Fight number ``index`` of the run, played to its end; one flat row of figures."""
    seed = fight_seed(spec.seed, index)
    game = game_of(spec)
    system = game.system
    fight = Fight(game, seed=seed, checkpoints=False)  # nobody undoes
    policies = make_policies(spec.system, spec.ai, seed)
    tally = _Tally(spec.combatants)
    seen = len(fight.events)
    for _ in range(max_actions):
        if fight.state.over:
            break
        actor = fight.deciding()[0]
        fight.apply(policies[spec.sides[actor]].choose(fight))
        for event in fight.events[seen:]:
            for harm in system.harm_done(game, event):
                tally.add(harm.taker, harm.amount, harm.dealer)
        seen = len(fight.events)
        tally.out(system.out_of_action(game, fight.state), fight.state.order.round)
    return _row(index, seed, fight, tally)


class _Tally:
    """Harm dealt and taken, and when each combatant first went out of action."""

    def __init__(self, names: Iterable[str]) -> None:
        self.dealt = dict.fromkeys(names, 0.0)
        self.taken = dict.fromkeys(names, 0.0)
        self.out_round: dict[str, int] = {}

    def add(self, taker: str, amount: float, dealer: str | None) -> None:
        self.taken[taker] = self.taken.get(taker, 0.0) + amount
        if dealer is not None and dealer != taker:  # harm done to oneself is taken, not dealt
            self.dealt[dealer] = self.dealt.get(dealer, 0.0) + amount

    def out(self, names: Iterable[str], round_: int) -> None:
        for name in names:
            self.out_round.setdefault(name, round_)


def _row(index: int, seed: int, fight: Fight, tally: _Tally) -> Row:
    outcome = fight.outcome()
    down = set(fight.system.out_of_action(fight.game, fight.state))
    row: Row = {
        "fight": index,
        "seed": seed,
        "winner": outcome.winner if outcome and outcome.winner is not None else "",
        "result": _result(fight),
        "rounds": outcome.round if outcome else fight.state.order.round,
        "actions": len(fight.history),
        "first_out_round": min(tally.out_round.values(), default=None),
    }
    for name in tally.dealt:
        row[f"{name}.out"] = name in down
        row[f"{name}.out_round"] = tally.out_round.get(name)
        row[f"{name}.dealt"] = float(tally.dealt[name])
        row[f"{name}.taken"] = float(tally.taken[name])
    return row


def _result(fight: Fight) -> str:
    """``win``, ``draw`` or ``cut off`` (:attr:`Outcome.result`); a fight given up after ``MAX_ACTIONS``
    is cut off too."""
    outcome = fight.outcome()
    return CUT_OFF if outcome is None else outcome.result


def play_chunk(spec: SimSpec, indices: Sequence[int]) -> list[Row]:
    """Several fights of the run (the unit of work a worker gets)."""
    return [play_one(spec, i) for i in indices]


def chunks(n: int, workers: int) -> list[range]:
    """Fight numbers 0..n-1 cut into pieces: about 16 per worker, so no worker waits long for the last one
    (fights vary in length), and none over 50 (for progress)."""
    size = max(1, min(50, math.ceil(n / max(1, workers * 16))))
    return [range(start, min(n, start + size)) for start in range(0, n, size)]


def run_fights(
    spec: SimSpec,
    n: int,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    progress: Progress | None = None,
    start_method: str | None = None,
) -> list[Row]:
    """Play ``n`` fights and return their rows in fight order: in this process (``workers=1``), on local
    processes (``workers``; default every core) or on the Dask cluster at address ``cluster``. Local processes
    start by ``start_method`` (fork, forkserver or spawn), by default the safe one (:mod:`.workers`)."""
    require_range("-n", n, 1, MAX_FIGHTS, "fights")
    workers = cores() if workers is None else workers
    require_range("--workers", workers, 1, MAX_WORKERS, "workers")
    note = progress or (lambda _done: None)
    if cluster is not None:
        pieces = _on_cluster(spec, chunks(n, workers * 2), cluster)
    elif workers == 1:
        pieces = ([play_one(spec, i)] for i in range(n))
    else:
        pieces = _on_processes(spec, chunks(n, workers), workers, start_method)
    rows: list[Row] = []
    for piece in pieces:
        rows.extend(piece)
        note(len(piece))
    return sorted(rows, key=lambda row: int(row["fight"]))


def _on_processes(
    spec: SimSpec, pieces: list[range], workers: int, start_method: str | None
) -> Iterator[list[Row]]:
    with ProcessPoolExecutor(max_workers=workers, mp_context=worker_context(start_method)) as pool:
        # Workers forked from this process share its memory until they write to it; keeping the collector off
        # the objects that exist now spares them copying those pages for nothing.
        gc.freeze()
        try:
            futures = [pool.submit(play_chunk, spec, list(piece)) for piece in pieces]
        finally:
            gc.unfreeze()
        for future in as_completed(futures):
            yield future.result()


def _on_cluster(spec: SimSpec, pieces: list[range], address: str) -> Iterator[list[Row]]:
    try:
        from distributed import Client
        from distributed import as_completed as cluster_completed
    except ImportError:
        raise TacticaError("--cluster needs Dask distributed: pip install 'tactica[cluster]'") from None
    try:
        client = Client(address, timeout=CLUSTER_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise TacticaError(f"--cluster {address}: cannot reach a Dask scheduler there ({error})") from None
    with client:
        futures = client.map(play_chunk, [spec] * len(pieces), [list(p) for p in pieces], pure=False)
        for future in cluster_completed(futures):  # type: ignore[no-untyped-call]
            yield future.result()


def _plain(value: Any) -> Any:
    """Setup data as plain dicts and lists (picklable, JSON-able)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
