"""The THRUM line-up kernel (issue 16 part B): N against M combatants who never move (Speed 0), the default
AI on both sides, played for thousands of fights at once.

What the default AI (:mod:`tactica.systems.thrum.ai`) does there, and the kernel plays: in Round Zero each
combatant takes a stance; then on its turn it Resuscitates the first incapacitated ally in reach, else
Recovers a point of Fatigue when Exhausted, else attacks — the candidate (attack, enemy in the fight, in
range and not Obstructed) with the best value, ties to the greater text — and then takes Protect next to a
weaker ally, Brace when Vulnerable, else Dodge (or keeps it). Every triggered Assist or Protect is used (and
ends); the defender declares the roll with the best expected total. What remains is the rules' bookkeeping,
kept as the engine keeps it (:mod:`tactica.systems.thrum.turns`, ``contests``, ``vitals``): initiative,
Boons and Banes (Ranged, Cover, Exhausted, stances, Evasion's own), Vulnerable, Finishers, Incapacity Rolls
after an Action while Exhausted, incapacitated turns (Tolerance and Load lost, recovery at Load 0, Wounds,
removal at three), the end of the fight after the Action that leaves one side in it, the round limit, and
the round each combatant first went out as ``sim`` counts it (at the next decision: the actor's stance, or
the next turn that is played). :func:`tactica.analysis.kernels.thrum_model.model_of` says why any other
fight is not covered; it runs on the engine.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from tactica.analysis.kernels.base import DRAW, NEVER, WIN, ModelKernel, Outcomes, Result
from tactica.analysis.kernels.dice import KernelDice
from tactica.analysis.kernels.thrum_model import EVASION, Bools, Ints, Model, model_of
from tactica.analysis.kernels.thrum_rolls import initiative, kept
from tactica.engine import Game

RESILIENCE = 0


class ThrumLines(ModelKernel[Model]):
    """N against M THRUM combatants who never move, default AI on both sides."""

    name = "thrum-lines"
    system = "thrum"

    def build(self, game: Game, ai: Mapping[str, str]) -> Model | str:
        return model_of(game, ai)

    def play_model(self, model: Model, dice: KernelDice) -> Outcomes:
        play = Play(model, dice)
        play.fight()
        return Outcomes(
            model.ids,
            model.sides,
            play.result.winner,
            play.result.result,
            play.result.rounds,
            play.tracks(),
            play.taken,
            play.dealt,
            play.out_round,
            play.down,
        )


class Tables:
    """The model's numbers as arrays the play indexes with lanes' codes (a stance code of -1, none, reads the
    last entry of each stance array)."""

    def __init__(self, model: Model) -> None:
        stances = model.stances
        self.boon = np.array([s.boon for s in stances] + [-1], dtype=np.int64)
        self.trigger = np.array([s.trigger for s in stances] + [0], dtype=np.int64)
        self.effect = np.array([s.effect for s in stances] + [0], dtype=np.int64)
        self.range = np.array([s.range for s in stances] + [-1], dtype=np.int64)
        attacks = model.attacks
        self.defenses = np.array([a.defenses for a in attacks] or [(0, 1)], dtype=np.int64)
        self.ranged = np.array([a.ranged for a in attacks] or [False])
        self.finisher = np.array([a.finisher for a in attacks] or [False])
        self.physical = np.array([a.physical for a in attacks] or [False])
        self.dealt = np.array([a.dealt for a in attacks] or [(0, 0, 0)], dtype=np.int64)
        self.deals = np.array([a.deals for a in attacks] or [(False,) * 3])
        self.value = np.array([a.value for a in attacks] or [0.0], dtype=np.float64)
        c = model.combatants
        side = model.side
        self.same = side[:, None] == side[None, :]
        self.near_allies = self.same & (model.distance <= 1) & ~np.eye(c, dtype=bool)
        self.near_enemies = ~self.same & (model.distance == 1)
        met = self._triggered(model)
        self.boon_met, self.bane_met = (
            met & (self.effect > 0)[:, None, None, None],
            met & (self.effect < 0)[:, None, None, None],
        )
        ca, used = model.cand_attack, np.maximum(model.cand_attack, 0)
        self.cand_usable = ca >= 0
        self.cand_target = np.maximum(model.cand_target, 0)
        self.cand_physical = self.cand_usable & self.physical[used]
        self.cand_finisher = self.cand_usable & self.finisher[used]
        self.cand_mod = model.cand_mod.astype(np.float64)  # the AI's value, in its order of operations
        self.cand_value = self.value[used]
        cover = np.array([[model.cover(i, j, 0) for j in range(c)] for i in range(c)], dtype=np.int64)
        self.cand_obstructed = self.cand_physical & (np.take_along_axis(cover, self.cand_target, 1) == 2)

    def _triggered(self, model: Model) -> Bools:
        """(stance code, attacker, target, holder): whether the holder's stance meets the attack (THRUM 11,
        30): Assist-like, an ally of the attacker (not the attacker) and an enemy of the target within the
        stance's Range of it; Protect-like, an ally of the target (not the target) and an enemy of the
        attacker within Range of it. The holder must also be in the fight."""
        c = model.combatants
        a, t, h = np.indices((c, c, c))
        near = model.distance[h, t][None] <= self.range[:, None, None, None]
        assist = self.same[h, a] & ~self.same[h, t] & (h != a)
        protect = self.same[h, t] & ~self.same[h, a] & (h != t)
        kind = self.trigger[:, None, None, None]
        met: Bools = near & (((kind == 1) & assist[None]) | ((kind == 2) & protect[None]))
        return met


class Covers:
    """THRUM 26-27 between every two combatants, one table per set of removed combatants met so far (their
    squares are empty): 0 none, 1 cover, 2 obstructed."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.known: dict[int, int] = {}
        self.tables = np.zeros((0, model.combatants, model.combatants), dtype=np.int64)
        self.index(0)

    def index(self, removed: int) -> int:
        """The index of the table with ``removed`` (a bitmask) empty."""
        found = self.known.get(removed)
        if found is None:
            c = range(self.model.combatants)
            table = np.array([[self.model.cover(i, j, removed) for j in c] for i in c], dtype=np.int64)
            self.tables = np.concatenate([self.tables, table[None]])
            found = self.known[removed] = len(self.tables) - 1
        return found


class Play:
    """The fights of one batch, lane by lane, all at the same place of the turn order."""

    def __init__(self, model: Model, dice: KernelDice) -> None:
        n, c = dice.fights, model.combatants
        self.model, self.dice, self.t = model, dice, Tables(model)
        self.options = model.options
        self.most = c + 3  # the most Boons or Banes a roll can net
        self.fatigue = np.repeat(model.fatigue[None, :], n, axis=0)
        self.tolerance = np.repeat(model.tolerance[None, :], n, axis=0)
        self.wounds = np.repeat(model.wounds[None, :], n, axis=0)
        self.stance = np.repeat(model.stance[None, :], n, axis=0)
        self.down = np.zeros((n, c), dtype=bool)  # incapacitated
        self.gone = np.zeros((n, c), dtype=bool)  # removed (three Wounds): down too, for good
        self.removed = np.zeros(n, dtype=np.int64)  # the removed as a bitmask (cover)
        self.cover = Covers(model)
        self.removal = np.zeros(n, dtype=np.int64)  # the index of each fight's removed set in ``cover``
        self.vulnerable = np.zeros((n, c), dtype=np.int64)
        self.taken = np.zeros((n, c), dtype=np.float64)
        self.dealt = np.zeros((n, c), dtype=np.float64)
        self.out_round = np.full((n, c), NEVER, dtype=np.int32)
        self.result = Result(n)
        self.live = np.arange(n)
        self.fell = np.zeros(n, dtype=bool)  # someone went out since the last tally
        tie_key = [
            () if self.options.initiative_tie_break == "random" else (-m, 0 if pc else 1)
            for m, pc in zip(model.initiative_mod, model.pc, strict=True)
        ]
        self.order = initiative(dice, model.initiative_mod, model.fixed_initiative, tie_key)

    def tracks(self) -> dict[str, npt.NDArray[np.int32]]:
        """What lasts past the end of combat (THRUM 42): each Fatigue Tolerance and Wounds."""
        out: dict[str, npt.NDArray[np.int32]] = {}
        for c, name in enumerate(self.model.ids):
            out[f"{name}.fatigue_tolerance"] = self.tolerance[:, c].astype(np.int32)
            out[f"{name}.wounds"] = self.wounds[:, c].astype(np.int32)
        return out

    # -- the rounds -------------------------------------------------------------------------------

    def fight(self) -> None:
        """Round Zero (stances), then rounds until each fight ends or the round limit cuts it off."""
        last = self.options.max_rounds
        for r in range(0 if self.options.round_zero else 1, last + 1):
            for s in range(self.model.combatants):
                if not self.live.size:
                    return
                self.slot(r, s)
        self.result.rounds[self.live] = last
        self._tally(self.live, last + 1)  # the settle that cuts the fight off opens round last + 1

    def slot(self, r: int, s: int) -> None:
        """The turn of the combatant in place ``s`` of each fight's order (the removed have none)."""
        lanes = self.live
        who = self.order[lanes, s]
        here = ~self.gone[lanes, who]
        lanes, who = lanes[here], who[here]
        if r == 0:
            self._take_stance(lanes, who)
            return
        down = self.down[lanes, who]
        self._end_turn(lanes[down], who[down], True)
        lanes, who = lanes[~down], who[~down]
        self._tally(lanes, r)
        self._act(lanes, who, r)

    def _act(self, lanes: Ints, who: Ints, r: int) -> None:
        """THRUM 9: the Action the AI picks, the Incapacity Roll after it, the fight's end, the stance."""
        revived, target = self._resuscitation(lanes, who)
        exhausted = self.fatigue[lanes, who] > self.tolerance[lanes, who]
        recover = ~revived & exhausted
        pick, attacks = self._attack_choice(lanes, who)
        attacks &= ~revived & ~recover
        self._resuscitate(lanes[revived], target[revived])
        self.fatigue[lanes[recover], who[recover]] -= 1  # Recover: Fatigue -1 (it is above 0)
        self._attack(lanes[attacks], who[attacks], pick[attacks])
        acted = revived | recover | attacks
        self._after_action(lanes[acted], who[acted])
        out = self.down[lanes, who]
        self._end_turn(lanes[out], who[out], False)
        over = self._check_end(lanes, r)
        going = ~over & ~out
        lanes, who = lanes[going], who[going]
        self._tally(lanes, r)
        self._take_stance(lanes, who)
        self._tick(lanes, who)

    # -- the default AI's choices (ai._care, ai._attack, ai._stance) -------------------------------

    def _resuscitation(self, lanes: Ints, who: Ints) -> tuple[Bools, Ints]:
        """The first incapacitated ally (setup order) in reach of each actor's Resuscitate."""
        fallen = self.model.resuscitate[who] & self.down[lanes] & ~self.gone[lanes]
        some: Bools = np.asarray(fallen.any(axis=1), dtype=bool)
        first: Ints = fallen.argmax(axis=1)
        return some, first

    def _attack_choice(self, lanes: Ints, who: Ints) -> tuple[Ints, Bools]:
        """``ai._attack``: the candidate with the best (value, text) among those on enemies in the fight and
        not Obstructed; the candidates are in descending text, so the first best wins."""
        t, c = self.t, self.model.combatants
        target = t.cand_target[who]
        cells = (lanes * c)[:, None] + target
        usable = t.cand_usable[who] & ~self.down.ravel().take(cells) & ~self._obstructed(lanes, who, target)
        margin = self.fatigue.ravel().take(cells) - self.tolerance.ravel().take(cells)
        value = (t.cand_mod[who] + margin * 0.3) + 1.0
        value = np.where(t.cand_finisher[who] & (margin > 0), value + 5.0, value) + t.cand_value[who]
        value = np.where(usable, value, -np.inf)
        best: Ints = value.argmax(axis=1)
        some: Bools = np.asarray(usable.any(axis=1), dtype=bool)
        return best, some

    def _obstructed(self, lanes: Ints, who: Ints, target: Ints) -> Bools:
        """THRUM 27: the candidates whose Physical Attack is Obstructed, with the fight's removed set."""
        found: Bools = self.t.cand_obstructed[who]
        hit = np.flatnonzero(self.removal[lanes])
        if hit.size:
            cover = self.cover.tables[self.removal[lanes[hit]][:, None], who[hit][:, None], target[hit]]
            found[hit] = self.t.cand_physical[who[hit]] & (cover == 2)
        return found

    def _defense(self, lanes: Ints, target: Ints, ability: Ints) -> tuple[Ints, Ints, Bools]:
        """``ai._answer``: of the two open defences, the one with the best expected total (the first on a
        tie); with the defender's stance Boon and whether it is Vulnerable."""
        boon = self.t.boon[self.stance[lanes, target]]
        vulnerable = self.vulnerable[lanes, target] > 0
        options = self.t.defenses[ability]
        scores = []
        for o in (options[:, 0], options[:, 1]):
            value = self.model.defense[target, o].astype(np.float64) + np.where(boon == o, 1.5, 0.0)
            evasion = (value + np.where(vulnerable, 0.0, 1.5)) - 1.0
            scores.append(np.where(o == EVASION, evasion, value))
        return np.where(scores[1] > scores[0], options[:, 1], options[:, 0]), boon, vulnerable

    def _take_stance(self, lanes: Ints, who: Ints) -> None:
        """``ai._stance``: Protect next to a weaker ally in the fight, else Brace when Vulnerable, else Dodge;
        kept when it is the stance held, skipped when the combatant has none of that name."""
        spare = self.tolerance[lanes] - self.fatigue[lanes]
        weaker = self.t.near_allies[who] & ~self.down[lanes]
        weaker = (weaker & (spare < spare[np.arange(len(lanes)), who][:, None])).any(axis=1)
        wants = self.model.wants[who]
        vulnerable = self.vulnerable[lanes, who] > 0
        want = np.where(weaker, wants[:, 0], np.where(vulnerable, wants[:, 1], wants[:, 2]))
        take = want >= 0
        self.stance[lanes[take], who[take]] = want[take]

    # -- resolving ----------------------------------------------------------------------------------

    def _resuscitate(self, lanes: Ints, target: Ints) -> None:
        """THRUM 11, 41: up again, Fatigue halved (rounded down), negative statuses (Vulnerable) gone."""
        self.down[lanes, target] = False
        self.fatigue[lanes, target] //= 2
        self.vulnerable[lanes, target] = 0

    def _attack(self, lanes: Ints, who: Ints, pick: Ints) -> None:
        """THRUM 21-25, 30-31: triggers, the declared defence, the two rolls, the effects, a Finisher."""
        m, t, o = self.model, self.t, self.options
        ability, target = m.cand_attack[who, pick], m.cand_target[who, pick]
        boons, banes = self._triggers(lanes, who, target)
        defense, boon, vulnerable = self._defense(lanes, target, ability)
        attack = kept(self.dice, -self._attack_banes(lanes, who, target, ability), self.most)
        attack += m.cand_mod[who, pick]
        boons += (boon == defense).astype(np.int64) + ((defense == EVASION) & ~vulnerable)
        total = kept(self.dice, boons - banes, self.most) + m.defense[target, defense]
        hits = attack > total if o.ties_to_defender else attack >= total
        outcome = hits.astype(np.int64) + (hits & (attack >= total + o.critical_margin))
        held = ~hits & (total >= attack + o.critical_margin)
        gains = (defense == EVASION) & ~held  # THRUM 24: Vulnerable unless the Evasion was a Critical
        if not o.vulnerable_after_effect:
            self.vulnerable[lanes, target] += gains
        self._deal(lanes, who, target, t.dealt[ability, outcome], t.deals[ability, outcome])
        if o.vulnerable_after_effect:
            self.vulnerable[lanes, target] += gains
        finish = t.finisher[ability] & (self.fatigue[lanes, target] > self.tolerance[lanes, target])
        finish &= ~self.down[lanes, target]
        self._incapacity_roll(lanes[finish], target[finish])

    def _triggers(self, lanes: Ints, who: Ints, target: Ints) -> tuple[Ints, Ints]:
        """THRUM 11, 30: every Assist-like (an ally of the attacker near the target) and Protect-like (an ally
        of the target near it) stance met is used, adding its Bane or Boon, and ends."""
        t = self.t
        held = self.stance[lanes]
        holder = np.arange(self.model.combatants)[None, :]
        up = ~self.down[lanes]
        where = (held, who[:, None], target[:, None], holder)
        boons, banes = t.boon_met[where] & up, t.bane_met[where] & up
        self.stance[lanes] = np.where(boons | banes, -1, held)
        return boons.sum(axis=1), banes.sum(axis=1)

    def _attack_banes(self, lanes: Ints, who: Ints, target: Ints, ability: Ints) -> Ints:
        """THRUM 25, 26, 36: Ranged (+1 per enemy next to the attacker), Cover, Exhausted."""
        t = self.t
        adjacent = (t.near_enemies[who] & ~self.gone[lanes]).sum(axis=1)
        cover = self.cover.tables[self.removal[lanes], who, target]
        banes: Ints = np.where(t.ranged[ability], adjacent, 0) + (t.physical[ability] & (cover == 1))
        return banes + (self.fatigue[lanes, who] > self.tolerance[lanes, who])  # int + bool: counts

    def _deal(self, lanes: Ints, who: Ints, target: Ints, amount: Ints, deals: Bools) -> None:
        """THRUM 32, 44: the Fatigue dealt, Vulnerable's stacks added to the first deal and ended."""
        extra = np.where(deals, self.vulnerable[lanes, target], 0)
        self.vulnerable[lanes, target] -= extra
        dealt = np.where(deals, amount + extra, 0)
        self.fatigue[lanes, target] += dealt
        self.taken[lanes, target] += dealt
        self.dealt[lanes, who] += dealt

    def _after_action(self, lanes: Ints, who: Ints) -> None:
        """THRUM 36: after its Action an Exhausted combatant makes an Incapacity Roll."""
        exhausted = self.fatigue[lanes, who] > self.tolerance[lanes, who]
        self._incapacity_roll(lanes[exhausted], who[exhausted])

    def _incapacity_roll(self, lanes: Ints, who: Ints) -> None:
        """THRUM 37-39: 2d6 + Resilience above the Fatigue Load, else incapacitated: the stance ends, Fatigue
        Tolerance and Load drop by 1 (floored at 0), and Load 0 ends it again."""
        total = kept(self.dice, np.zeros(len(lanes), dtype=np.int64), self.most)
        fails = total + self.model.defense[who, RESILIENCE] <= self.fatigue[lanes, who]
        lanes, who = lanes[fails], who[fails]
        self.stance[lanes, who] = -1
        self.tolerance[lanes, who] = np.maximum(self.tolerance[lanes, who] - 1, 0)
        self.fatigue[lanes, who] = np.maximum(self.fatigue[lanes, who] - 1, 0)
        self.down[lanes, who] = self.fatigue[lanes, who] > 0
        self.fell[lanes] = True

    # -- the end of a turn, of a fight ------------------------------------------------------------

    def _tick(self, lanes: Ints, who: Ints) -> None:
        """THRUM 43: Vulnerable loses a stack at the end of its holder's turn."""
        self.vulnerable[lanes, who] = np.maximum(self.vulnerable[lanes, who] - 1, 0)

    def _end_turn(self, lanes: Ints, who: Ints, began_down: bool) -> None:
        """THRUM 9, 39-40, C6: the end of an incapacitated combatant's turn (one that went down during it only
        with option double_reduction_on_own_turn)."""
        self._tick(lanes, who)
        if not began_down and not self.options.double_reduction_on_own_turn:
            return
        self.tolerance[lanes, who] = np.maximum(self.tolerance[lanes, who] - 1, 0)
        self.fatigue[lanes, who] = np.maximum(self.fatigue[lanes, who] - 1, 0)
        zero = self.tolerance[lanes, who] == 0
        if self.options.incapacitated_end_order == "wound_first":
            self._wound(lanes[zero], who[zero])
            back = (self.fatigue[lanes, who] == 0) & ~self.gone[lanes, who]
        else:
            back = self.fatigue[lanes, who] == 0
            self._wound(lanes[zero & ~back], who[zero & ~back])
        self.down[lanes[back], who[back]] = False

    def _wound(self, lanes: Ints, who: Ints) -> None:
        """THRUM 40: a Wound; the third removes the combatant (its square is empty from then on)."""
        self.wounds[lanes, who] += 1
        gone = self.wounds[lanes, who] >= 3
        lanes, who = lanes[gone], who[gone]
        self.gone[lanes, who] = True
        self.removed[lanes] |= np.left_shift(1, who)
        self.removal[lanes] = [self.cover.index(m) for m in self.removed[lanes].tolist()]

    def _check_end(self, lanes: Ints, r: int) -> Bools:
        """THRUM 6: over when at most one side has anyone in the fight (a draw when nobody has)."""
        standing = ~self.down[lanes]
        first = (standing & (self.model.side == 0)).any(axis=1)
        second = (standing & (self.model.side == 1)).any(axis=1)
        over: Bools = ~(first & second)
        ended = lanes[over]
        winner = np.where(first[over], 0, np.where(second[over], 1, -1))
        self.result.winner[ended] = winner
        self.result.result[ended] = np.where(winner >= 0, WIN, DRAW)
        self.result.rounds[ended] = r
        self.result.over[ended] = True
        self._tally(ended, r)
        if ended.size:
            self.live = self.live[~self.result.over[self.live]]
        return over

    def _tally(self, lanes: Ints, r: int) -> None:
        """``sim``'s tally at a decision: whoever is out of action and was not yet gets round ``r``."""
        lanes = lanes[self.fell[lanes]]
        self.fell[lanes] = False
        out = self.down[lanes]
        self.out_round[lanes] = np.where(out & (self.out_round[lanes] == NEVER), r, self.out_round[lanes])
