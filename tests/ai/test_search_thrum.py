"""Issue 17 point 3 in THRUM: the ``focus`` script (tactica.systems.thrum.scripts) — Resuscitate reached by a
move (THRUM 11, 41), the move made before the attack (THRUM 9-10) to where the attack is worth most (Sockem
next to the target rather than a Ranged Basic Attack, THRUM 25, 44), attacks valued by their exact odds
(THRUM 1-4, 21-24) and the side's attacks on one shared target — guides the search there (``Settings.guide``):
it proposes the move to beat and plays the deciding side in the playouts, while the default AI plays the other
side."""

from __future__ import annotations

from tactica.engine import Action, Fight
from tactica.systems.thrum.ai import DefaultPolicy
from tactica.systems.thrum.scripts import FocusPolicy, attack_worth, focus_target
from tests.systems.thrum.helpers import fighter, fighter_state, new_fight

ROWS2 = ". . . . . .\n. . . . . ."


def focus_choice(fight: Fight) -> Action:
    action = FocusPolicy(0).choose(fight)
    assert action in fight.legal_actions() and action.actor == fight.deciding()[0]
    return action


def default_choice(fight: Fight) -> Action:
    return DefaultPolicy(0).choose(fight)


def test_the_focus_script_moves_next_to_an_incapacitated_ally_to_resuscitate_it() -> None:
    """THRUM 11, 41: Resuscitate has Range 1 and ends the incapacity; the default AI resuscitates only an ally
    already next to it (here it shoots the raider in reach), the script moves next to the ally first (a move
    comes before the Action, THRUM 9) and then resuscitates it."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0)),
        fighter("bo", "heroes", (4, 1), incapacitated=True, fatigue=3),
        fighter("orc", "raiders", (2, 0)),
        text=ROWS2,
    )
    assert default_choice(fight) == Action.parse("ana basic-attack orc")
    step = focus_choice(fight)
    assert step.verb == "move" and step.at is not None
    fight.apply(step)
    assert focus_choice(fight) == Action.parse("ana resuscitate bo")


def test_the_focus_script_moves_in_to_sockem_rather_than_shooting() -> None:
    """THRUM 9-10, 25, 44: the default AI attacks from where it stands (a Basic Attack at Range 3); the
    script moves next to the target first and uses Sockem (the same Art modifier, plus Slowed: -2 Speed and
    no Evasion for the target, and a Finisher)."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), arts={"brawling": 2}, abilities=["sockem"]),
        fighter("orc", "raiders", (3, 0)),
        text=ROWS2,
    )
    assert default_choice(fight) == Action.parse("ana basic-attack orc")
    step = focus_choice(fight)
    assert step.verb == "move" and step.at is not None
    fight.apply(step)
    assert max(abs(a - b) for a, b in zip(fighter_state(fight, "ana").pos, (3, 0), strict=True)) == 1
    assert focus_choice(fight) == Action.parse("ana sockem orc")


def test_the_focus_script_steps_away_from_an_adjacent_enemy_before_shooting() -> None:
    """THRUM 9-10, 25: a Ranged attack takes a Bane for each enemy next to the attacker; the default AI shoots
    from where it stands, the script moves out of reach of the enemy first (and shoots from there)."""
    fight = new_fight(
        fighter("ana", "heroes", (1, 0), arts={"archery": 2}, abilities=["piercing-shot"]),
        fighter("orc", "raiders", (2, 0)),
        text=ROWS2,
    )
    assert default_choice(fight) == Action.parse("ana piercing-shot orc")
    step = focus_choice(fight)
    assert step.verb == "move" and step.at is not None
    fight.apply(step)
    assert max(abs(a - b) for a, b in zip(fighter_state(fight, "ana").pos, (2, 0), strict=True)) > 1
    assert focus_choice(fight).verb in ("piercing-shot", "basic-attack")


def test_the_focus_script_values_attacks_by_their_exact_odds() -> None:
    """THRUM 5, 25, 44: a Basic Attack rolls with the highest Art (+3 here) but is Ranged, +1 Bane for the
    adjacent enemy; Precision Slash rolls with Dueling (+2), no Bane, and leaves Bleed. The default AI's
    heuristic takes the higher modifier, the script's exact odds the slash."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), arts={"dueling": 2, "archery": 3}, abilities=["precision-slash"]),
        fighter("orc", "raiders", (1, 0)),
        text=ROWS2,
    )
    assert default_choice(fight) == Action.parse("ana basic-attack orc")
    assert focus_choice(fight) == Action.parse("ana precision-slash orc")


def test_a_slowed_target_is_worth_more_to_attack() -> None:
    """THRUM 24, 44: a Slowed character cannot use Evasion (nor its Boon), so the same attack on it is
    likelier to land and worth more."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0), arts={"archery": 2}),
        fighter("orc", "raiders", (3, 0), ref=2),
        text=ROWS2,
    )
    game, orc = fight.game, fighter_state(fight, "orc")
    ana, attack = fighter_state(fight, "ana"), fight.game.abilities["basic-attack"]  # type: ignore[attr-defined]
    free = attack_worth(game, fight.state, ana, attack, orc)  # type: ignore[arg-type]
    orc.statuses["slowed"] = 1
    slowed = attack_worth(game, fight.state, ana, attack, orc)  # type: ignore[arg-type]
    assert slowed > free > 0


def test_the_shared_target_is_the_enemy_closest_to_going_down() -> None:
    """THRUM 33, 36: the side's target is the enemy with the least room under its Fatigue Tolerance."""
    fight = new_fight(
        fighter("ana", "heroes", (0, 0)),
        fighter("orc", "raiders", (5, 0), fatigue=2),
        fighter("elf", "raiders", (1, 1)),
        text=ROWS2,
    )
    target = focus_target(fight.game, fight.state, "heroes")  # type: ignore[arg-type]
    assert target is not None and target.id == "orc"
