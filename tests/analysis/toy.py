"""A toy rule system for the analysis tests: two fighters take turns to ``hit`` each other with a d6
(1 fumble, 2-3 miss, 4-5 hit for 1, 6 critical for 2); out at 0 hit points. ``lie`` makes its exact odds
wrong on purpose (the odds check must catch it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tactica.dice import D6
from tactica.engine import Action, Context, Event, FightStarted, Game, Harm, Resolution, RuleSystem, State

TABLE = {1: ("fumble", 0), 2: ("miss", 0), 3: ("miss", 0), 4: ("hit", 1), 5: ("hit", 1), 6: ("critical", 2)}


@dataclass(frozen=True, slots=True)
class ToyStruck(Event):
    attacker: str
    target: str
    face: int
    outcome: str
    harm: int


@dataclass(slots=True)
class ToyState(State):
    hp: dict[str, int] = field(default_factory=dict)
    turn: int = 0


@dataclass(frozen=True)
class ToyGame(Game):
    lie: bool = False


class Toy(RuleSystem[ToyGame, ToyState]):
    id = "toy"
    name = "Toy"
    harm_unit = "hit points"
    outcome_classes = ("fumble", "miss", "hit", "critical")
    names = ("ann", "bob")

    def new_game(self, setup: Mapping[str, Any]) -> ToyGame:
        return ToyGame(self, setup, bool(setup.get("lie")))

    def new_state(self, game: ToyGame) -> ToyState:
        return ToyState(hp={n: int(game.setup.get("hp", 3)) for n in self.names})

    def start(self, game: ToyGame, state: ToyState, ctx: Context) -> None:
        ctx.emit(FightStarted(self.id, self.names))

    def _actor(self, state: ToyState) -> str:
        return self.names[state.turn % 2]

    def legal_actions(self, game: ToyGame, state: ToyState) -> list[Action]:
        actor = self._actor(state)
        other = self.names[1 - state.turn % 2]
        return [Action(actor, "hit", other)]

    def why_illegal(self, game: ToyGame, state: ToyState, action: Action) -> str | None:
        return None if action in self.legal_actions(game, state) else "only 'X hit Y' on X's turn"

    def resolve(self, game: ToyGame, state: ToyState, action: Action, ctx: Context) -> None:
        face = ctx.die(D6, "hit")
        outcome, harm = TABLE[face]
        assert action.target is not None
        state.hp[action.target] -= harm
        ctx.emit(ToyStruck(action.actor, action.target, face, outcome, harm))
        state.turn += 1
        state.order.round = 1 + state.turn // 2
        if state.hp[action.target] <= 0:
            state.over, state.winner, state.end_reason = True, self.side_of(game, action.actor), "down"

    def side_of(self, game: ToyGame, actor: str) -> str:
        return {"ann": "red", "bob": "blue"}[actor]

    def harm_done(self, game: ToyGame, event: Event) -> Sequence[Harm]:
        if isinstance(event, ToyStruck) and event.harm:
            return [Harm(event.target, event.harm, event.attacker)]
        return ()

    def out_of_action(self, game: ToyGame, state: ToyState) -> list[str]:
        return [n for n, hp in state.hp.items() if hp <= 0]

    def resolution(self, game: ToyGame, action: Action, events: Sequence[Event]) -> Resolution | None:
        struck = next((e for e in events if isinstance(e, ToyStruck)), None)
        return None if struck is None else Resolution(struck.outcome, struck.harm)

    def exact_odds(
        self, game: ToyGame, state: ToyState, action: Action, then: Sequence[Action]
    ) -> Mapping[Resolution, float] | None:
        if then:
            return None
        odds: dict[Resolution, float] = {}
        for outcome, harm in TABLE.values():
            key = Resolution(outcome, harm)
            odds[key] = odds.get(key, 0.0) + 1 / 6
        if game.lie:
            odds[Resolution("critical", 2)] += 0.05
            odds[Resolution("miss", 0)] -= 0.05
        return odds
