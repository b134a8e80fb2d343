"""Whose turn it is, in each system's own words, and each combatant's harm and conditions.

The period comes from the system's own label on the last ``TurnStarted`` (Star Rangers' "Surprise round
(0-6 s)" and "Round 2 (12-18 s)", Phase 3d6's "Surprise Phase" and "Turn 1, Phase 3"), else "Round N"
(THRUM's first round is "Round Zero"). Then who decides: a pending decision in the system's terms (a
Tactical Opportunity, an attack of opportunity, a stance trigger, a defence), a team's turn (FuturePath),
tied characters declaring at once (Far Recon), or one character's turn (THRUM's with its Stance and what is
left of its Move and Action; in a surprise round or Phase, who is surprised). At the end, the winner or a
draw and why, as the log says it. Combatants a player must not see are "someone" (``hidden``).

>>> from tactica.scenario import load_scenario_text
>>> from tactica.analysis.odds import scenario_fight
>>> text = '''
... system: futurepath
... map: {text: "a b"}
... combatants:
...   - {id: vex, side: red, at: a, template: duelist}
...   - {id: rook, side: blue, at: b, template: duelist}
... initiative: {red: 5, blue: 3}
... '''
>>> turn_line(scenario_fight(load_scenario_text(text, "duel.yaml")))
"Round 1 — team red's turn: vex may act"
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tactica.engine import Fight
from tactica.render.harm import combatant_summaries
from tactica.render.result import result_words

#: Systems whose ``TurnStarted`` label names the period (Far Recon's "together" is said by the line itself).
LABELLED = {"srb", "phase3d6"}
#: How a character's own turn is said, by system (Phase 3d6: the character acts in the Phase).
OWN_TURN = {"phase3d6": "{actor} acts"}
#: The name of round 0 where a system plays one before the first round.
ROUND_ZERO = {"thrum": "Round Zero"}
#: What round 0 is for, by system.
ROUND_ZERO_FOR = {"thrum": "placement and a first Stance"}
#: A pending decision's words by its kind (``{actor}`` decides, raised by ``{trigger}``).
DECISIONS = {
    "opportunity": "{actor} decides: an attack of opportunity on {trigger}",
    "ready": "{actor} decides: the readied action, set off by {trigger}",
    "abort": "{actor} decides: abort to a defence against {trigger}'s attack, or not",
    "defend": "{actor} decides: how to meet {trigger}'s attack",
    "trigger": "{actor} decides: trigger its {stance} stance on {trigger}'s attack, or pass",
    "buff": "{actor} decides: keep its Buff or swap it for {trigger}'s",
    "push": "{actor} decides: where to push {trigger}",
    "interject": "{actor} decides: act now on its held turn, or keep waiting",
}
#: Where a system names a decision its own way: (system, kind) -> words.
SYSTEM_DECISIONS = {
    ("futurepath", "opportunity"): "{actor} decides: a Tactical Opportunity against {trigger}",
    ("thrum", "defend"): "{actor} decides: Evasion, Resilience or Resolve against {trigger}'s attack",
    ("farrecon", "defend"): "{actor} decides: dodge {trigger}'s attack or take it",
}


def turn_line(fight: Fight, *, hidden: Collection[str] = ()) -> str:
    """Whose decision it is now, or how the fight ended: ``Round 2 — vex's turn (red)``. ``hidden``
    combatants are called "someone" (their side and state unsaid), as a player must not learn of them."""
    data = fight.observe()
    if data.get("over"):
        return fight_over(data)
    period = _period(fight, data)
    names = Names(frozenset(hidden))
    pending = data.get("pending") or []
    if pending:
        return f"{period} — {_decision(fight.system.id, data, pending[-1], names)}"
    return f"{period} — {_slot(fight, data, names)}"


def combatant_lines(fight: Fight) -> dict[str, str]:
    """Per combatant id, its harm and conditions in the system's terms: ``{"vex": "HP 18, active"}``."""
    return combatant_summaries(fight.observe())


def fight_over(data: Mapping[str, Any]) -> str:
    """``Fight over: red wins (side red is the last standing)``, ``Fight over: a draw (...)`` or ``Fight
    over: cut off (round limit 5 reached)``."""
    result = result_words(data.get("winner"), cut_off=bool(data.get("cut_off")))
    reason = data.get("end_reason")
    return f"Fight over: {result} ({reason})" if reason else f"Fight over: {result}"


def _period(fight: Fight, data: Mapping[str, Any]) -> str:
    if fight.system.id in LABELLED:
        started = next((e for e in reversed(fight.events) if e.kind == "TurnStarted"), None)
        label = str(getattr(started, "label", ""))
        if label:
            return label
    number = int(data["order"]["round"])
    return ROUND_ZERO.get(fight.system.id, "Round 0") if number == 0 else f"Round {number}"


@dataclass(frozen=True)
class Names:
    """How combatants are named in the line: by id, or "someone" when hidden."""

    hidden: frozenset[str]

    def one(self, fid: Any) -> str:
        """The id, or "someone"."""
        return "someone" if fid in self.hidden else str(fid)

    def shown(self, fids: Iterable[str]) -> list[str]:
        """The visible ids; "someone" when all of them are hidden."""
        fids = list(fids)
        shown = [f for f in fids if f not in self.hidden]
        return shown or (["someone"] if fids else [])

    def every(self, fids: Iterable[str]) -> list[str]:
        """The visible ids, then "someone" once if any is hidden."""
        fids = list(fids)
        shown = [f for f in fids if f not in self.hidden]
        return shown + (["someone"] if len(shown) < len(fids) else [])


def _decision(system: str, data: Mapping[str, Any], decision: Mapping[str, Any], names: Names) -> str:
    kind, actor, trigger = str(decision.get("kind")), decision.get("actor"), decision.get("trigger")
    template = SYSTEM_DECISIONS.get((system, kind)) or DECISIONS.get(kind)
    if template is None:
        return f"{names.one(actor)} decides: {kind.replace('-', ' ')} raised by {names.one(trigger)}"
    fighter = (data.get("fighters") or {}).get(actor) or {}
    stance = "" if actor in names.hidden else fighter.get("stance")
    return template.format(actor=names.one(actor), trigger=names.one(trigger), stance=stance)


def _slot(fight: Fight, data: Mapping[str, Any], names: Names) -> str:
    order = data["order"]
    slot = order["slots"][order["index"]] if order["slots"] else {"key": "", "actors": []}
    deciding = fight.deciding()
    if data.get("plans"):
        return _declarations(data["plans"], names)
    if slot["key"] not in slot["actors"] and not slot.get("simultaneous"):
        return f"team {slot['key']}'s turn: {', '.join(names.shown(deciding)) or 'no one'} may act"
    if len(deciding) != 1:
        return f"{', '.join(names.shown(deciding)) or 'no one'} may act"
    if deciding[0] in names.hidden:
        return "someone's turn"
    return _character_turn(fight.system.id, data, deciding[0], names)


def _character_turn(system: str, data: Mapping[str, Any], actor: str, names: Names) -> str:
    fighter = data["fighters"][actor]
    first = data["order"]["round"] == 0
    notes = [str(fighter.get("side"))]
    if system == "thrum" and not first:
        notes += _thrum_budget(fighter)
    fighters = data["fighters"].items()
    unaware = [fid for fid, f in fighters if f.get("aware") is False and fid not in names.hidden]
    if unaware and first:
        notes.append(f"surprised: {', '.join(unaware)}")
    line = OWN_TURN.get(system, "{actor}'s turn").format(actor=actor) + f" ({'; '.join(notes)})"
    zero = ROUND_ZERO_FOR.get(system) if first else None
    return f"{line}: {zero}" if zero else line


def _thrum_budget(fighter: Mapping[str, Any]) -> list[str]:
    """THRUM 9-10: the Stance it holds and what is left of its Move and Action (a character that stopped
    to act moves no more that turn, THRUM 10)."""
    notes = [f"stance {fighter['stance']}"] if fighter.get("stance") else ["no stance"]
    used = {"Move": fighter.get("moved") or fighter.get("stopped"), "Action": fighter.get("acted")}
    left = [part for part, done in used.items() if not done]
    return [*notes, f"{' and '.join(left)} left" if left else "Move and Action used"]


def _declarations(plans: Mapping[str, Any], names: Names) -> str:
    """Far Recon 5: tied characters declare a move and an action each, then all resolve together."""
    done = names.every(a for a, p in plans.items() if p.get("done"))
    waiting = names.every(a for a, p in plans.items() if not p.get("done"))
    state = f"declared: {', '.join(done) or 'none'}; to declare: {', '.join(waiting) or 'none'}"
    tied = " and ".join(names.every(plans))
    return f"{tied} act simultaneously, each declaring a move and an action ({state})"
