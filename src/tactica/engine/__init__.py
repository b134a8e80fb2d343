"""The system-neutral referee: actions, events, turn order, budgets, conditions, interrupts and the Fight.

>>> from tactica.engine import Action
>>> str(Action.parse("vex attack rook with pistol"))
'vex attack rook with pistol'
"""

from tactica.engine.action import Action, parse_action
from tactica.engine.budget import FULL, Budget, Economy
from tactica.engine.conditions import Condition, Moment, count_down, expire, find
from tactica.engine.errors import (
    ActionSyntaxError,
    IllegalAction,
    ResolutionFault,
    SetupError,
    TacticaError,
    UnknownSystem,
)
from tactica.engine.events import (
    ActionTaken,
    Event,
    FightEnded,
    FightStarted,
    InitiativeRolled,
    InitiativeTieBroken,
    RoundStarted,
    TurnEnded,
    TurnStarted,
    event_from_dict,
    event_types,
)
from tactica.engine.fight import Fight
from tactica.engine.interrupts import Decision, Suspended, push_in_initiative_order
from tactica.engine.save import SaveError
from tactica.engine.system import (
    CUT_OFF,
    DRAW,
    WIN,
    Context,
    Game,
    Harm,
    Outcome,
    Resolution,
    RuleSystem,
    State,
)
from tactica.engine.turn_order import MAX_ROUNDS, Slot, TurnOrder

__all__ = [
    "CUT_OFF",
    "DRAW",
    "FULL",
    "MAX_ROUNDS",
    "WIN",
    "Action",
    "ActionSyntaxError",
    "ActionTaken",
    "Budget",
    "Condition",
    "Context",
    "Decision",
    "Economy",
    "Event",
    "Fight",
    "FightEnded",
    "FightStarted",
    "Game",
    "Harm",
    "IllegalAction",
    "InitiativeRolled",
    "InitiativeTieBroken",
    "Moment",
    "Outcome",
    "Resolution",
    "ResolutionFault",
    "RoundStarted",
    "RuleSystem",
    "SaveError",
    "SetupError",
    "Slot",
    "State",
    "Suspended",
    "TacticaError",
    "TurnEnded",
    "TurnOrder",
    "TurnStarted",
    "UnknownSystem",
    "count_down",
    "event_from_dict",
    "event_types",
    "expire",
    "find",
    "parse_action",
    "push_in_initiative_order",
]
