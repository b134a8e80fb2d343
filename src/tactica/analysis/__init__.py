"""Answers for designers: the odds of one action, simulations of many fights, sweeps over variations.

Everything here uses the engine's public verbs and the rule systems' hooks only.
"""

from tactica.analysis.odds import ActionOdds, action_odds, sampled_odds, scenario_fight
from tactica.analysis.stats import quantile, wilson

__all__ = ["ActionOdds", "action_odds", "quantile", "sampled_odds", "scenario_fight", "wilson"]
