"""The default THRUM policy: simple, sensible tactics, always one of ``fight.legal_actions()``.

For the deciding character, in this order:

1. answers: use every triggered stance effect (Assist, Protect, counters); push as far as a push goes;
   declare the defensive roll with the best expected total (its modifier, a stance Boon, Evasion's Boon
   unless Vulnerable, Evasion counted a little lower for the Vulnerable it brings); keep its Buff;
2. Round Zero: take Dodge (Protect when an ally stands next to it);
3. resuscitate an incapacitated ally in reach; Recover when Exhausted (Fatigue) or Frayed (Stress) or
   Burning;
4. attack: a Finisher on an Exhausted enemy first, else the attack with the best odds on the enemy closest
   to being Exhausted (Overexert only when its own Stress is low);
5. move: toward the nearest enemy still in the fight, to a square from which its best attack reaches (ranged
   attackers keep out of reach of adjacent enemies when they can);
6. stance: Dodge (Brace when Vulnerable, Protect next to a weaker ally), which ends the turn.
"""

from __future__ import annotations

from collections.abc import Iterator

from tactica.engine.action import Action
from tactica.engine.fight import Fight
from tactica.systems.thrum.abilities import Ability
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter, ThrumState
from tactica.systems.thrum.targeting import affected, area_cells, area_placements, placements_holding

Pos = tuple[int, int]


class DefaultPolicy:
    """Sensible, simple THRUM tactics; deterministic for a given state (``seed`` kept for the interface)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, fight: Fight) -> Action:
        """The action for the deciding character (it asks the rules only for the verbs each step needs)."""
        game, state, me = deciding(fight)
        actor = me.id
        if state.pending:
            return _answer(game, state, me, fight.legal_actions_of(actor))
        choice = None
        if not me.acted:  # once it has taken its Action, it has none of these, nor a move (THRUM 9-10)
            by_verb = _grouped(fight.legal_actions_of(actor, game.acting_verbs(actor)))
            choice = _care(game, state, me, by_verb)
            if choice is None:
                choice = _attack(game, state, me, by_verb)
            if choice is None and not me.moved:  # _advance moves only before moving
                choice = _advance(game, state, me, _grouped(fight.legal_actions_of(actor, MOVE)))
        if choice is not None:
            return choice
        by_verb = _grouped(fight.legal_actions_of(actor, STANCE_OR_END))
        return _stance(game, state, me, by_verb) or by_verb["end"][0]


def deciding(fight: Fight) -> tuple[ThrumGame, ThrumState, Fighter]:
    """A THRUM fight's game, state and deciding character."""
    game = fight.game
    state = fight.state
    assert isinstance(game, ThrumGame) and isinstance(state, ThrumState)
    return game, state, state.fighters[fight.deciding()[0]]


#: The verbs of the last two steps' listings.
MOVE = frozenset({"move"})
STANCE_OR_END = frozenset({"stance", "end"})


def _grouped(actions: list[Action]) -> dict[str, list[Action]]:
    by_verb: dict[str, list[Action]] = {}
    for a in actions:
        by_verb.setdefault(a.verb, []).append(a)
    return by_verb


def _answer(game: ThrumGame, state: ThrumState, me: Fighter, legal: list[Action]) -> Action:
    verbs = {a.verb: a for a in legal}
    if "trigger" in verbs:
        return verbs["trigger"]
    if "keep" in verbs:
        return verbs["keep"]
    if state.pending[-1].kind == "push":  # as far from itself as it goes (out of reach of its allies' blows)
        pushes = [a for a in legal if a.at is not None]
        if not pushes:
            return verbs["pass"]
        return max(pushes, key=lambda a: (game.board.distance(me.pos, a.at or me.pos), str(a)))
    sheet = game.sheet(me.id)
    stance = game.abilities[me.stance] if me.stance else None

    def score(a: Action) -> float:
        kind = a.flags[0]
        value = float(sheet.defense(kind))
        value += 1.5 if stance is not None and stance.defense_boon == kind else 0.0
        if kind == "evasion":
            value += 1.5 if "vulnerable" not in me.statuses else 0.0
            value -= 1.0  # the Vulnerable it brings
        return value

    return max(legal, key=score)


def _enemies(state: ThrumState, me: Fighter) -> list[Fighter]:
    return [f for f in state.fighters.values() if f.side != me.side and f.in_fight]


def _care(game: ThrumGame, state: ThrumState, me: Fighter, by_verb: dict[str, list[Action]]) -> Action | None:
    if by_verb.get("resuscitate"):
        return by_verb["resuscitate"][0]
    recover = {a.flags[0]: a for a in by_verb.get("recover", []) if a.target in (None, me.id)}
    if me.exhausted and "fatigue" in recover:
        return recover["fatigue"]
    if me.frayed and "stress" in recover:
        return recover["stress"]
    if "burning" in recover and me.fatigue >= me.fatigue_tolerance - 1:
        return recover["burning"]
    return None


def _attack(
    game: ThrumGame, state: ThrumState, me: Fighter, by_verb: dict[str, list[Action]]
) -> Action | None:
    """The best-valued use of an attack: the greatest (value, text), so the order of the listing does not
    matter."""
    sheet = game.sheet(me.id)
    strained = me.stress + 1 >= me.stress_tolerance
    best: tuple[float, str] | None = None
    choice: Action | None = None
    for verb, options in by_verb.items():
        ability = game.abilities.get(verb)
        if ability is None or ability.kind != "action" or not ability.is_attack:
            continue
        mod = sheet.art_mod(ability.art)
        damage = _damage_value(ability)
        valued: dict[tuple[str | None, Pos | None, Pos | None], float | None] = {}
        for a, hit in _uses(game, state, me, ability, options):
            overexert = a.has_flag("overexert")
            if overexert and strained:
                continue
            use = (a.target, a.at, a.to)  # the same use with and without Overexert hits the same
            if use in valued:
                base = valued[use]
            else:
                base = valued[use] = _attack_value(me, ability, hit, mod, damage)
            if base is None:
                continue
            value = base + (0.4 if overexert else 0.0)
            if best is None or value >= best[0]:
                ranked = (value, str(a))  # ties go to the greater text
                if best is None or ranked > best:
                    best, choice = ranked, a
    return choice


def _uses(
    game: ThrumGame, state: ThrumState, me: Fighter, ability: Ability, options: list[Action]
) -> Iterator[tuple[Action, list[Fighter]]]:
    """Each use of ``ability`` that may hit someone, with whom it hits: its target, or the characters its
    area takes in (each listed placement's squares looked up, not placed again; placements whose squares
    hold no one the area may hit are passed over)."""
    if ability.shape is None:
        for a in options:
            yield a, [state.fighters[a.target]] if a.target else []
        return
    table = area_placements(game, me, ability)
    pool = affected(state, me, ability, frozenset(f.pos for f in state.fighters.values()))
    holding = placements_holding(game, me, ability)
    reaching = frozenset().union(*(holding.get(f.pos, ()) for f in pool))
    for a in options:
        named = (a.at, a.to)
        cells = table.get(named)
        if not isinstance(cells, frozenset):
            cells = area_cells(game, me, ability, a)
        elif named not in reaching:
            continue  # it hits no one
        yield a, [f for f in pool if f.pos in cells]


def _attack_value(me: Fighter, ability: Ability, hit: list[Fighter], mod: int, damage: float) -> float | None:
    """A use's value but for Overexert's 0.4 (added last), or None when it is no use."""
    if not hit:
        return None
    enemies = [f for f in hit if f.side != me.side and f.in_fight]
    friends = [f for f in hit if f.side == me.side]
    if not enemies or (len(friends) > 0 and len(friends) >= len(enemies)):
        return None
    value = float(mod) + sum(e.fatigue - e.fatigue_tolerance for e in enemies) * 0.3 + len(enemies)
    if ability.has("finisher") and any(e.exhausted for e in enemies):
        value += 5
    value += damage
    return value


def _damage_value(ability: Ability) -> float:
    damage = sum((e.fatigue or 0) + (e.stress or 0) for e in ability.success)
    return damage * 0.5 + len(ability.critical) * 0.2 + len(ability.effect) * 0.5


def _advance(
    game: ThrumGame, state: ThrumState, me: Fighter, by_verb: dict[str, list[Action]]
) -> Action | None:
    moves = [a for a in by_verb.get("move", []) if not a.flags]
    enemies = _enemies(state, me)
    if not moves or not enemies or me.moved:
        return None
    reach = max(
        (a.range for a in game.actions_of(me.id) if a.is_attack and a.shape is None),
        default=1,
    )
    ranged = reach > 1
    board = game.board

    def score(a: Action) -> int:
        assert a.at is not None
        nearest = min(board.distance(a.at, e.pos) for e in enemies)
        value = -abs(nearest - (min(reach, 3) if ranged else 1))
        if ranged and nearest <= 1:
            value -= 2
        return value

    here = min(board.distance(me.pos, e.pos) for e in enemies)
    scored = [(score(a), a) for a in moves]
    top = max(value for value, _ in scored)
    stay = -abs(here - (min(reach, 3) if ranged else 1)) - (2 if ranged and here <= 1 else 0)
    if top <= stay:
        return None
    return max((a for value, a in scored if value == top), key=str)  # ties go to the greater text


def _stance(
    game: ThrumGame, state: ThrumState, me: Fighter, by_verb: dict[str, list[Action]]
) -> Action | None:
    stances = {a.target: a for a in by_verb.get("stance", [])}
    weaker = [
        f
        for f in state.fighters.values()
        if f.side == me.side
        and f.id != me.id
        and f.in_fight
        and game.board.distance(f.pos, me.pos) <= 1
        and f.fatigue_tolerance - f.fatigue < me.fatigue_tolerance - me.fatigue
    ]
    want = "protect" if weaker else ("brace" if "vulnerable" in me.statuses else "dodge")
    if want == me.stance:
        return by_verb["end"][0]
    return stances.get(want) or by_verb["end"][0]
