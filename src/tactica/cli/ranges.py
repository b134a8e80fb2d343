"""The valid ranges of the command line's numeric options, checked before any file is read."""

from __future__ import annotations

from tactica.analysis.limits import MAX_FIGHTS, MAX_SAMPLES, require_range
from tactica.engine import MAX_ROUNDS

#: The largest ``--seed`` (seeds are 0 to 2**63 - 1, like the fight seeds a run derives).
MAX_SEED = 2**63 - 1


def check_ranges(
    *,
    seed: int | None = None,
    rounds: int | None = None,
    every: int | None = None,
    fights: int | None = None,
    samples: int | None = None,
) -> None:
    """Refuse any given option outside its range, naming the option and the range."""
    checks = (
        ("--seed", seed, 0, MAX_SEED, ""),
        ("--rounds", rounds, 1, MAX_ROUNDS, "rounds"),
        ("--every", every, 0, MAX_ROUNDS, "rounds (0: the map at the start and the end only)"),
        ("-n", fights, 1, MAX_FIGHTS, "fights"),
        ("--samples", samples, 1, MAX_SAMPLES, "resolutions to sample"),
    )
    for option, value, low, high, unit in checks:
        if value is not None:
            require_range(option, value, low, high, unit)
