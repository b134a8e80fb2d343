"""The default FuturePath AI: always legal, finishes fights, beats the random policy, and plays the simple
tactics it promises (each test names the behaviour and the rule it leans on)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.ai import RandomPolicy, make_policy, run_fight
from tactica.engine import Action, Fight
from tactica.grid import Cover, cover_between
from tactica.systems import get_system
from tactica.systems.futurepath.ai import TURN_VERBS, DefaultPolicy, Listing
from tactica.testing.conformance import conformance_setup
from tests.ai.legality import play_checked

SCENARIO_ONLY = {"name", "description", "seed", "dice", "script", "expect", "ai"}


@cache
def skirmish() -> Any:
    """The demo skirmish (4 against 4 on 20x20) as a game, shared by the tests."""
    text = resources.files("tactica.systems.futurepath").joinpath("content/demo.yaml").read_text()
    data = {k: v for k, v in yaml.safe_load(text).items() if k not in SCENARIO_ONLY}
    return get_system("futurepath").new_game(data)


def fight_of(rows: str, combatants: list[dict[str, Any]], **extra: Any) -> Fight:
    """A fight on a small text map; ``extra`` adds setup keys (initiative, options...)."""
    seed = extra.pop("seed", 1)
    setup = {"system": "futurepath", "map": {"text": rows}, "combatants": combatants, **extra}
    return Fight.new(get_system("futurepath"), setup, seed=seed)


def choose(fight: Fight) -> Action:
    """The default AI's choice, checked to be legal and to be the first deciding actor's."""
    action = DefaultPolicy(0).choose(fight)
    assert action in fight.legal_actions()
    assert action.actor == fight.deciding()[0]
    return action


RED_FIRST = {"red": 5, "blue": 1}


# -- always legal, fights end, better than random --------------------------------------------------


def test_the_default_policy_is_registered_for_futurepath() -> None:
    assert isinstance(make_policy("default", "futurepath", 3), DefaultPolicy)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 100_000), ai_side=st.sampled_from(["red", "blue"]))
def test_every_choice_is_legal_against_random_play_in_the_arena(seed: int, ai_side: str) -> None:
    """Whatever state random play leads to (pending opportunities, dying characters, empty guns), the AI
    picks one of the legal actions, and the fight ends."""
    fight = Fight.new(get_system("futurepath"), conformance_setup("futurepath"), seed=seed)
    assert play_checked(fight, DefaultPolicy(seed), ai_side, RandomPolicy(seed)) > 0


@pytest.mark.parametrize("seed", range(4))
def test_every_choice_is_legal_and_skirmishes_end_with_a_winner(seed: int) -> None:
    """AI against AI on the demo skirmish: every choice is listed, the fight ends well before the round
    limit (FuturePath: the last side standing wins)."""
    fight = Fight(skirmish(), seed=seed)
    policy = DefaultPolicy(seed)
    while not fight.is_over():
        action = policy.choose(fight)
        assert action in fight.legal_actions()
        fight.apply(action)
    outcome = fight.outcome()
    assert outcome is not None and outcome.winner in ("red", "blue") and outcome.round < 40


def test_the_default_ai_beats_the_random_policy_in_most_of_50_skirmishes() -> None:
    wins = 0
    for seed in range(50):
        ai_side = ("red", "blue")[seed % 2]
        other = "blue" if ai_side == "red" else "red"
        fight = Fight(skirmish(), seed=seed)
        outcome = run_fight(fight, {ai_side: DefaultPolicy(seed), other: RandomPolicy(seed)})
        wins += outcome is not None and outcome.winner == ai_side
    assert wins >= 40, f"the default AI won only {wins} of 50 skirmishes against random play"


def test_listing_one_actor_gives_the_same_actions_as_listing_everyone() -> None:
    """Fight.legal_actions_of(actor) and Fight.deciding() (which the AI uses in team turns) agree with
    legal_actions(), in the same order."""
    for _step, fight in walked(skirmish(), seeds=3, steps=400):
        deciding = fight.deciding()
        mine = {actor: fight.legal_actions_of(actor) for actor in deciding}
        some = {actor: fight.legal_actions_of(actor, TURN_VERBS) for actor in deciding}
        legal = fight.legal_actions()
        assert deciding == list(dict.fromkeys(a.actor for a in legal))
        for actor in deciding:
            assert mine[actor] == [a for a in legal if a.actor == actor]
            assert some[actor] == [a for a in mine[actor] if a.verb in TURN_VERBS]


def walked(game: Any, seeds: int, steps: int) -> Iterator[tuple[int, Fight]]:
    """The states the default AI, with random play every third step, reaches in up to ``steps`` steps of
    fights of ``game`` seeded 0 to ``seeds - 1``: (step, fight), each before its step is taken."""
    for seed in range(seeds):
        fight = Fight(game, seed=seed)
        policy, checker = DefaultPolicy(seed), RandomPolicy(seed)
        for step in range(steps):
            if fight.is_over():
                break
            yield step, fight
            fight.apply((policy if step % 3 else checker).choose(fight))


def test_actions_listed_for_one_actor_are_checked_against_that_list() -> None:
    """After listing only some verbs of one actor, an action of another verb is still judged by the rules,
    and one of a listed verb that is not in the list is refused."""
    fight = fight_of(
        "a . b",
        [
            {"id": "ada", "side": "red", "at": "a", "template": "duelist"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
        ],
        initiative=RED_FIRST,
    )
    assert Action("ada", "move", at=(1, 0)) in fight.legal_actions_of("ada", {"move", "end"})
    assert fight.why_illegal("ada move @1,0") is None
    assert fight.why_illegal("ada prone") is None  # 'prone' was not listed: the rules decide
    assert fight.why_illegal("ada move @2,0") is not None
    fight.apply("ada prone")
    assert fight.state.fighters["ada"].posture == "prone"


# -- the tactics -----------------------------------------------------------------------------------


def test_with_nothing_drawn_it_draws_a_weapon() -> None:
    """FuturePath 19: drawing is a Simple action; an empty-handed fighter draws first."""
    fight = fight_of(
        "a b . .",
        [
            {"id": "ada", "side": "red", "at": "a", "template": "duelist", "drawn": []},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
        ],
        initiative=RED_FIRST,
    )
    assert str(choose(fight)) == "ada draw short-sword"


def test_an_empty_gun_is_reloaded() -> None:
    """FuturePath 19: an empty weapon cannot fire; the AI reloads it."""
    fight = fight_of(
        "a . . . b",
        [
            {"id": "vex", "side": "red", "at": "a", "template": "trooper"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
        ],
        initiative=RED_FIRST,
    )
    fight.state.fighters["vex"].ammo["rifle"] = 0
    assert str(choose(fight)) == "vex reload rifle"


def test_the_lowest_hp_target_in_range_is_attacked() -> None:
    """FuturePath 21, 25: of two enemies in reach, the weaker one is attacked."""
    fight = fight_of(
        ". b .\n. a .\n. c .",
        [
            {"id": "ada", "side": "red", "at": "a", "template": "duelist"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
            {"id": "cy", "side": "blue", "at": "c", "template": "duelist", "hp_now": 5},
        ],
        initiative=RED_FIRST,
    )
    assert str(choose(fight)) == "ada attack cy with short-sword"


def test_dying_enemies_are_left_alone_while_others_stand() -> None:
    """FuturePath 39: a dying enemy is out of the fight; the AI attacks one still standing."""
    fight = fight_of(
        ". b .\n. a .\n. c .",
        [
            {"id": "ada", "side": "red", "at": "a", "template": "duelist"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
            {"id": "cy", "side": "blue", "at": "c", "template": "duelist", "hp_now": 0},
        ],
        initiative=RED_FIRST,
    )
    assert str(choose(fight)) == "ada attack bo with short-sword"


def test_a_dying_enemy_in_reach_gets_a_coup_de_grace_when_no_one_else_is() -> None:
    """FuturePath 38: nothing standing in reach, a helpless enemy next to it: coup de grace."""
    fight = fight_of(
        "a c . . . . . . . . . . . . . . . . . b",
        [
            {"id": "ada", "side": "red", "at": "a", "template": "duelist"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
            {"id": "cy", "side": "blue", "at": "c", "template": "duelist", "hp_now": 0},
        ],
        initiative=RED_FIRST,
    )
    assert str(choose(fight)) == "ada coup-de-grace cy with short-sword"


def test_full_attack_then_bonus_attack() -> None:
    """FuturePath 32-33: with Extra Attack the AI makes a Full Attack, then the off-hand Bonus Attack
    against the same target."""
    fight = fight_of(
        "a b",
        [
            {"id": "rook", "side": "red", "at": "a", "template": "gunslinger"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist", "hp_now": 60},
        ],
        initiative=RED_FIRST,
    )
    first = choose(fight)
    assert first.verb == "full-attack" and first.target == "bo"
    fight.apply(first)
    if not fight.is_over() and fight.deciding() == ["rook"]:
        second = choose(fight)
        assert second.verb == "bonus-attack" and second.target == "bo"


def test_after_attacking_it_ends_the_turn() -> None:
    """FuturePath 4: an Attack uses the Standard action; nothing useful is left, so the turn ends."""
    fight = fight_of(
        "a b",
        [
            {"id": "ada", "side": "red", "at": "a", "template": "duelist"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist", "hp_now": 60},
        ],
        initiative=RED_FIRST,
    )
    fight.apply(choose(fight))
    assert str(choose(fight)) == "ada end"


def test_a_tactical_opportunity_is_taken() -> None:
    """Ruling A9: an enemy leaving the Threat Range gives a melee attack; the AI takes it."""
    fight = fight_of(
        "a b . . . .",
        [
            {"id": "ada", "side": "red", "at": "a", "template": "duelist"},
            {"id": "ash", "side": "blue", "at": "b", "template": "medic"},
        ],
        initiative={"red": 1, "blue": 5},
    )
    fight.apply("ash move @5,0")
    assert str(choose(fight)) == "ada opportunity ash with short-sword"


def test_a_melee_fighter_moves_next_to_its_target() -> None:
    """FuturePath 11, 25: out of reach, a melee fighter moves to a square inside its Threat Range (its
    Standard action unspent, the AI asks the rules for its moves, issue 16 A)."""
    fight = fight_of(
        "a . . . . b",
        [
            {"id": "ada", "side": "red", "at": "a", "template": "duelist"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
        ],
        initiative=RED_FIRST,
    )
    asked = spied(fight)
    action = choose(fight)
    assert action.verb == "move" and action.at == (4, 0)
    assert frozenset({"move"}) in asked


def test_a_far_melee_fighter_sprints_toward_its_target() -> None:
    """FuturePath 13: a Standard move cannot reach, so the fighter sprints (on clear ground) next to it."""
    row = "a" + " ." * 14 + " b"
    fight = fight_of(
        row,
        [
            {"id": "ada", "side": "red", "at": "a", "template": "duelist"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
        ],
        initiative=RED_FIRST,
    )
    action = choose(fight)
    assert action.verb == "sprint" and action.at == (14, 0)


def test_a_shooter_without_a_shot_moves_into_range_and_behind_cover() -> None:
    """FuturePath 26, 43: from behind a wall, the medic moves to a square within one range increment of its
    pistol (30 ft), with a line of fire, where the crate covers it."""
    rows = "\n".join(
        [
            ". . # . . . . . . .",
            "a . # . . . . + . b",
            ". . # . . . . . . .",
            ". . . . . . . . . .",
        ]
    )
    fight = fight_of(
        rows,
        [
            {"id": "ash", "side": "red", "at": "a", "template": "medic"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
        ],
        initiative=RED_FIRST,
    )
    action = choose(fight)
    assert action.verb == "move" and action.at is not None
    board = fight.game.board
    assert board.distance(action.at, (9, 1)) <= 6
    assert Cover.PARTIAL <= cover_between(board, (9, 1), action.at) < Cover.FULL


def test_a_grenade_goes_where_two_enemies_stand_and_no_friend() -> None:
    """FuturePath 34: two enemies within the frag's 10-ft blast and no ally near it: throw (uncooked)."""
    fight = fight_of(
        "a . . . . . b c\n. . . . . . . .",
        [
            {"id": "boom", "side": "red", "at": "a", "template": "grenadier"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
            {"id": "cy", "side": "blue", "at": "c", "template": "duelist"},
        ],
        initiative=RED_FIRST,
    )
    action = choose(fight)
    assert action.verb == "throw" and action.using == "frag" and not action.flags
    assert action.at is not None and all(
        fight.game.board.distance(action.at, p) <= 2 for p in [(6, 0), (7, 0)]
    )


def test_no_grenade_when_a_friend_would_be_caught() -> None:
    """FuturePath 34: a friend inside every blast that would catch two enemies: no throw."""
    fight = fight_of(
        "a . . . . b k c",
        [
            {"id": "boom", "side": "red", "at": "a", "template": "grenadier"},
            {"id": "kat", "side": "red", "at": "k", "template": "brawler"},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
            {"id": "cy", "side": "blue", "at": "c", "template": "duelist"},
        ],
        initiative=RED_FIRST,
    )
    assert choose(fight).verb != "throw"


def test_a_medic_with_no_shot_stabilizes_a_dying_friend() -> None:
    """FuturePath 40: no enemy in sight, a dying friend next to the medic: stabilize."""
    rows = "a d # . b"
    fight = fight_of(
        rows,
        [
            {"id": "ash", "side": "red", "at": "a", "template": "medic"},
            {"id": "dee", "side": "red", "at": "d", "template": "trooper", "hp_now": 0},
            {"id": "bo", "side": "blue", "at": "b", "template": "duelist"},
        ],
        initiative=RED_FIRST,
    )
    assert str(choose(fight)) == "ash stabilize dee"


def test_in_a_team_turn_it_decides_for_the_first_deciding_teammate() -> None:
    """FuturePath 3: every member of the team may act; the AI answers for the first one listed."""
    fight = Fight(skirmish(), seed=2)
    assert len(fight.deciding()) == 4
    assert choose(fight).actor == fight.deciding()[0]


def spied(fight: Fight) -> list[frozenset[str]]:
    """The verb sets ``fight.legal_actions_of`` is asked for from now on (filled as it is asked)."""
    asked: list[frozenset[str]] = []
    listing = fight.legal_actions_of

    def spy(actor: str, verbs: Any = None) -> list[Action]:
        asked.append(frozenset(verbs or ()))
        return listing(actor, verbs)

    fight.legal_actions_of = spy  # type: ignore[method-assign]
    return asked


def test_the_ai_lists_moves_sprints_and_throws_only_when_a_step_asks_for_them() -> None:
    """Issue 16 A (the AI asks only for what it weighs): a duelist next to its enemy attacks without the
    rules listing a single move, sprint or throw; once it has attacked, it does not ask for them either: a
    move is a Standard action and a sprint a Full-Round one, which it can no longer pay for (FuturePath 4),
    so it ends its turn."""
    fight = Fight.new(get_system("futurepath"), duel_setup(), seed=3)
    asked = spied(fight)
    first = DefaultPolicy().choose(fight)
    assert first.verb == "attack"
    fight.apply(first)
    assert DefaultPolicy().choose(fight).verb == "end"
    assert asked and not any(verbs & {"move", "sprint", "throw"} for verbs in asked)


def test_verbs_the_rules_say_are_closed_list_nothing() -> None:
    """``FuturePath.open_verbs`` (remembered by the set of costs a budget can pay, which is all it depends
    on: each verb's possible costs are fixed) never leaves out a verb with legal actions, in any state
    the AI or random play reaches in the skirmish: the AI skips listing the verbs it leaves out."""
    game = skirmish()
    system = game.system
    for seed in range(2):
        fight = Fight(game, seed=seed)
        policy, checker = DefaultPolicy(seed), RandomPolicy(seed)
        closed_seen = 0
        for step in range(300):
            if fight.is_over():
                break
            for actor in fight.deciding():
                open_verbs = system.open_verbs(game, fight.state, actor)
                if open_verbs is None:
                    continue
                listed = {a.verb for a in fight.legal_actions_of(actor)}
                assert listed <= open_verbs, f"step {step}: {actor} has {listed - open_verbs} listed"
                closed_seen += len(TURN_VERBS - open_verbs)
            fight.apply((policy if step % 3 else checker).choose(fight))
        assert closed_seen > 0  # budgets that cannot pay for some verbs were met


def test_a_listing_holds_each_verbs_legal_actions_in_any_order_of_asking() -> None:
    """Issue 16 A (``Listing`` lists a verb's group when a step first asks for it, then answers from its
    dict): asked for the policy's verbs in any order, it holds exactly the rules' legal actions of each, in
    their order (an empty sequence for a verb with none), in every state the AI or random play reaches in
    the skirmish; asked again, it answers the same."""
    for step, fight in walked(skirmish(), seeds=2, steps=200):
        if fight.state.pending:
            continue
        for actor in fight.deciding():
            listed = fight.legal_actions_of(actor)
            verbs = sorted(TURN_VERBS | {"pass"}, reverse=bool(step % 2))
            listing = Listing(fight, actor)
            for verb in verbs + verbs:
                expected = [a for a in listed if a.verb == verb]
                assert list(listing[verb]) == expected, f"step {step}: {actor} {verb}"


def test_run_fight_hands_each_decision_to_the_deciding_actors_side() -> None:
    """Issue 16 A (``run_fight`` finds each actor's policy once a fight): every decision of a skirmish goes
    to the policy of the side the deciding actor fights for, both sides' actors taking turns."""

    class Side:
        def __init__(self, side: str) -> None:
            self.side, self.inner, self.asked = side, DefaultPolicy(), 0

        def choose(self, fight: Fight) -> Action:
            assert fight.side_of(fight.deciding()[0]) == self.side
            self.asked += 1
            return self.inner.choose(fight)

    game = skirmish()
    sides = {s: Side(s) for s in {p.side for p in game.start.values()}}
    assert len(sides) == 2
    run_fight(Fight(game, seed=1), sides)
    assert all(side.asked > 5 for side in sides.values())


def duel_setup() -> dict[str, Any]:
    """The duel example's setup (two duelists side by side)."""
    text = (Path(__file__).parents[2] / "examples" / "futurepath" / "duel.yaml").read_text()
    return {k: v for k, v in yaml.safe_load(text).items() if k not in SCENARIO_ONLY}
