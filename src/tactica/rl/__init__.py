"""PettingZoo environments over a scenario of any system (issue 17; docs/agents.md).

Needs the ``rl`` extra: ``pip install -e '.[rl]'``.
"""

from tactica.rl.env import TacticaEnv, make_env
from tactica.rl.options import EnvError, EnvOptions
from tactica.rl.parallel import TacticaParallelEnv, make_parallel_env
from tactica.rl.table import ActionTable

__all__ = [
    "ActionTable",
    "EnvError",
    "EnvOptions",
    "TacticaEnv",
    "TacticaParallelEnv",
    "make_env",
    "make_parallel_env",
]
