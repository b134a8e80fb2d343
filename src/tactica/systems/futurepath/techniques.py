"""Combat Techniques (rule 36, ruling A4) and skill use in combat (rule 44).

* ``ACTOR technique TARGET +bull-rush``: a Combat Technique, a Full-Round action by default (A4; a Standard
  action with ``technique_full_round: false``, which then does not end the turn). The attacker, standing,
  rushes an adjacent enemy: d20 + CTO (Combat Technique Offence) against the target's CTD (Combat Technique
  Defence), Techniques page; a natural 1 always fails; a total of CTD or more succeeds and pushes the target
  5 ft (1 square) plus 5 ft per full 5 points by which the total beats CTD, straight away from the attacker.
  The push stops before a wall, the map edge, a blocking object or any character's square; difficult ground
  does not slow it. A push is not a move: it raises no Tactical Opportunity, readied action or trap.
  The attacker stays where it is.
* ``ACTOR skill [TARGET] with SKILL``: Diplomacy or Intimidation (a Full-Round action, aimed at a conscious
  enemy or at no one), or Acrobatics (a Free action, no target). The check is d20 + ranks + ability modifier
  (Acrobatics: DEX; Diplomacy and Intimidation: CHA) and is reported as a ``Checked`` event with DC 0: what
  it achieves (ending the fight peacefully, keeping one's balance) is for the GM to decide; the rules here
  only take the time and roll the dice. Treat Injury is used through ``stabilize``; Perception and Disable
  Device through the trap rules.

Other Combat Techniques (Grapple, Trip, Disarm, ...), the Class-Specific Techniques, class Talents and the
other Feats are described on pages the seed does not include, so they are not offered.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactica.dice import D20
from tactica.engine.action import Action
from tactica.engine.system import Context
from tactica.systems.futurepath.budget import Cost
from tactica.systems.futurepath.events import Checked, Pushed
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState
from tactica.systems.futurepath.verbs import Verb, enemies

G = FuturePathGame
S = FuturePathState
Pos = tuple[int, int]

#: Combat Techniques with rules here (the Techniques page's Bull Rush).
TECHNIQUES = ("bull-rush",)
#: Skills usable as actions in combat (rule 44): cost and the ability behind the check.
SKILL_USES: dict[str, tuple[Cost, str]] = {
    "diplomacy": ("full", "cha"),
    "intimidation": ("full", "cha"),
    "acrobatics": ("free", "dex"),
}
#: Skills aimed at someone (rule 44: Diplomacy/Intimidation "to attempt to end combat peacefully").
TARGETED = ("diplomacy", "intimidation")


# -- Combat Technique: Bull Rush -----------------------------------------------------------------


def technique_cost(game: G, fighter: Fighter, action: Action) -> Cost:
    """A4: a Combat Technique is a Full-Round action, or a Standard one if the option says so."""
    return "full" if game.options.technique_full_round else "standard"


def technique_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Rule 36: which technique, on an adjacent enemy, by a standing attacker."""
    names = [f for f in action.flags if f in TECHNIQUES]
    if len(action.flags) != 1 or not names:
        return f"name one technique: '{fighter.id} technique TARGET +bull-rush' (techniques here: bull-rush)"
    if action.at is not None or action.using is not None:
        return f"a technique takes only a target: '{fighter.id} technique TARGET +bull-rush'"
    if fighter.posture != "standing":
        return f"{fighter.id} is {fighter.posture}; a Bull Rush needs the character standing"
    if action.target is None:
        return f"say whom to rush: '{fighter.id} technique TARGET +bull-rush'"
    target = state.fighters.get(action.target)
    if target is None:
        return f"no combatant '{action.target}' (combatants: {', '.join(state.fighters)})"
    if target.side == fighter.side:
        return f"{target.id} is on {fighter.id}'s own side; a Combat Technique is used on an opponent"
    if target.status == "dead":
        return f"{target.id} is dead"
    distance = game.board.distance(fighter.pos, target.pos)
    if distance != 1:
        return f"{target.id} is {distance} squares away; a Bull Rush needs the target in an adjacent square"
    return None


def technique_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """A Bull Rush on every adjacent enemy."""
    out = []
    for target in enemies(state, fighter):
        action = Action(fighter.id, "technique", target.id, flags=("bull-rush",))
        if technique_check(game, state, fighter, action) is None:
            out.append(action)
    return out


def technique_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Bull Rush: d20 + CTO vs CTD; success pushes 1 square + 1 per 5 points over CTD."""
    assert action.target is not None
    target = state.fighters[action.target]
    cto = game.sheet(fighter.id).technique_offence
    ctd = game.sheet(target.id).technique_defence
    natural = ctx.die(D20, f"{fighter.id} bull rush on {target.id}: technique d20 (vs CTD {ctd})")
    total = natural + cto
    success = natural != 1 and total >= ctd
    ctx.emit(Checked(fighter.id, f"bull rush on {target.id}", natural, total, ctd, success))
    if success:
        push(game, state, fighter, target, 1 + (total - ctd) // 5, ctx)


def push_path(game: G, state: S, pusher: Fighter, target: Fighter, squares: int) -> list[Pos]:
    """The squares a push of ``squares`` moves ``target`` through, straight away from ``pusher``."""
    dx, dy = target.pos[0] - pusher.pos[0], target.pos[1] - pusher.pos[1]
    step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    taken = {f.pos for f in state.fighters.values() if f is not target}
    taken |= {o.pos for o in state.objects.values() if o.blocks and not o.broken}
    path: list[Pos] = []
    here = target.pos
    for _ in range(squares):
        nxt = (here[0] + step[0], here[1] + step[1])
        if not game.board.in_bounds(nxt) or game.board.step_cost(here, nxt) is None or nxt in taken:
            break
        path.append(nxt)
        here = nxt
    return path


def push(game: G, state: S, pusher: Fighter, target: Fighter, squares: int, ctx: Context) -> None:
    """Move ``target`` up to ``squares`` straight away from ``pusher``, stopping at anything in the way."""
    path = push_path(game, state, pusher, target, squares)
    if path:
        target.pos = path[-1]
        ctx.emit(Pushed(pusher.id, target.id, target.pos))


# -- skills (rule 44) ----------------------------------------------------------------------------


def skill_cost(game: G, fighter: Fighter, action: Action) -> Cost:
    """Rule 44: Diplomacy and Intimidation are Full-Round actions, Acrobatics a Free action."""
    use = SKILL_USES.get(action.using or "")
    return use[0] if use else "none"


def skill_check(game: G, state: S, fighter: Fighter, action: Action) -> str | None:
    """Rule 44: a skill with a combat use; Diplomacy/Intimidation aimed at a conscious enemy or no one."""
    skill = action.using
    usable = ", ".join(SKILL_USES)
    if skill is None:
        return f"say which skill: '{fighter.id} skill [TARGET] with SKILL' (skills usable here: {usable})"
    if skill not in SKILL_USES:
        return f"'{skill}' has no combat use here; skills usable as actions: {usable} (FuturePath 44)"
    if action.flags or action.at is not None:
        return f"a skill use takes no flags or position: '{fighter.id} skill [TARGET] with {skill}'"
    if action.target is None:
        return None
    if skill not in TARGETED:
        return f"{skill} is not aimed at anyone: '{fighter.id} skill with {skill}'"
    target = state.fighters.get(action.target)
    if target is None:
        return f"no combatant '{action.target}' (combatants: {', '.join(state.fighters)})"
    if target.side == fighter.side:
        return f"{target.id} is on {fighter.id}'s own side; {skill} is aimed at an opponent"
    if not target.is_up:
        return f"{target.id} is {target.status} and cannot be talked to"
    return None


def skill_candidates(game: G, state: S, fighter: Fighter) -> Iterable[Action]:
    """Each usable skill untargeted, and Diplomacy/Intimidation at each conscious enemy."""
    out = []
    for skill in SKILL_USES:
        out.append(Action(fighter.id, "skill", using=skill))
        if skill in TARGETED:
            out += [
                Action(fighter.id, "skill", e.id, using=skill) for e in enemies(state, fighter) if e.is_up
            ]
    return out


def skill_resolve(game: G, state: S, fighter: Fighter, action: Action, ctx: Context) -> None:
    """Roll d20 + ranks + ability; the outcome is the GM's to judge (DC 0 in the event)."""
    assert action.using is not None
    skill = action.using
    sheet = game.sheet(fighter.id)
    aim = f" on {action.target}" if action.target else ""
    natural = ctx.die(D20, f"{fighter.id} {skill}{aim}: skill d20")
    total = natural + sheet.skill(skill) + sheet.mod(SKILL_USES[skill][1])
    ctx.emit(Checked(fighter.id, f"{skill}{aim}", natural, total, 0, True))


VERBS = [
    Verb(
        "technique",
        "Combat Technique",
        technique_cost,
        technique_candidates,
        technique_check,
        technique_resolve,
        rule="FuturePath 36",
    ),
    Verb(
        "skill",
        "Use a skill",
        skill_cost,
        skill_candidates,
        skill_check,
        skill_resolve,
        rule="FuturePath 44",
    ),
]
