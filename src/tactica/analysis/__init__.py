"""Answers for designers: the odds of one action, simulations of many fights, sweeps over variations.

Everything here uses the engine's public verbs and the rule systems' hooks only.
"""

from tactica.analysis.odds import ActionOdds, action_odds, sampled_odds, scenario_fight
from tactica.analysis.sim import SimSpec, run_fights, sim_spec
from tactica.analysis.stats import quantile, wilson
from tactica.analysis.summary import Summary, summarize
from tactica.analysis.sweep import parse_vary, run_sweep

__all__ = [
    "ActionOdds",
    "SimSpec",
    "Summary",
    "action_odds",
    "parse_vary",
    "quantile",
    "run_fights",
    "run_sweep",
    "sampled_odds",
    "scenario_fight",
    "sim_spec",
    "summarize",
    "wilson",
]
