"""What the sim's fork server imports once (see :mod:`tactica.analysis.workers`): the code workers run,
every built-in rule system and their policies, so that each worker forked from the server starts with them
loaded."""

from tactica.ai import policy_names
from tactica.analysis import sim  # noqa: F401  (imported for the workers: they run sim.play_chunk)
from tactica.systems import all_systems

for _system in all_systems():
    policy_names(_system.id)
