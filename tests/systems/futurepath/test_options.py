"""FuturePath rulings as options: each documented alternative changes the behaviour it names."""

from __future__ import annotations

from tests.systems.futurepath.helpers import fighter, last, new_fight

ROW = " ".join("." * 20)


def swing(dice: list[int], options: dict[str, object], ac: int = 15, **sheet: object):
    attacker = {"str": 14, "weapons": ["axe"], "drawn": ["axe"], **sheet}
    fight = new_fight(
        fighter("a", "red", (0, 0), **attacker),
        fighter("c", "blue", (1, 0), ac=ac, hp=100),
        text=ROW,
        dice=dice,
        options=options,
        weapons={"axe": {"kind": "melee", "level": 3, "accuracy": 2}},
    )
    fight.apply(f"a {'full-attack' if sheet.get('extra_damage') else 'attack'} c with axe")
    return fight


def test_a2_prone_can_be_a_simple_action() -> None:
    """A2 option prone_is_free=false: dropping prone takes the Simple action."""
    fight = new_fight(
        fighter("a", "red", (0, 0)),
        fighter("c", "blue", (9, 0)),
        text=ROW,
        dice=[],
        options={"prone_is_free": False},
    )
    fight.apply("a prone")
    assert fight.state.fighters["a"].budget.spent.get("simple") == 1


def test_a5_default_reload_cost() -> None:
    """A5 option default_reload: a weapon without a Reload Speed reloads at this cost."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["pistol"], drawn=["pistol"]),
        fighter("c", "blue", (3, 0), ac=30),
        text=ROW,
        dice=[5],
        options={"default_reload": "simple"},
    )
    fight.apply("a attack c with pistol")
    fight.apply("a reload pistol")
    assert fight.state.fighters["a"].budget.spent.get("simple") == 1


def test_a6_weapon_accuracy_bonus_can_be_left_out_of_melee() -> None:
    """A6 option accuracy_bonus_always=false: the melee formula without the Weapon Accuracy Bonus."""
    assert last(swing([10, 1], {}), "AttackRolled").total == 10 + 2 + 2
    assert last(swing([10, 1], {"accuracy_bonus_always": False}), "AttackRolled").total == 10 + 2


def test_a7_criticals_need_not_hit_and_can_multiply_flat_damage() -> None:
    """A7 options: critical_auto_hit=false (a 20 below AC misses); critical_multiplies_flat=true."""
    assert last(swing([20, 3, 3], {}, ac=30), "AttackRolled").hit
    assert not last(swing([20], {"critical_auto_hit": False}, ac=30), "AttackRolled").hit
    assert last(swing([20, 3, 3], {"critical_multiplies_flat": True}), "DamageRolled").flat == 4


def test_a8_critical_failure_natural_is_an_option() -> None:
    """A8 option critical_failure_natural=0: a natural 1 is an ordinary roll."""
    assert last(swing([1], {}, str=40), "AttackRolled").fumble
    assert last(swing([1, 3], {"critical_failure_natural": 0}, str=40), "AttackRolled").hit


def test_a9_tactical_opportunity_can_be_switched_off() -> None:
    """A9 option tactical_opportunity=false: leaving a Threat Range raises nothing."""
    fight = new_fight(
        fighter("a", "red", (1, 0)),
        fighter("c", "blue", (0, 0), weapons=["short-sword"], drawn=["short-sword"]),
        text=ROW,
        dice=[],
        options={"tactical_opportunity": False},
    )
    fight.apply("a move @5,0")
    assert fight.state.fighters["a"].pos == (5, 0)


def test_a10_extra_damage_without_str() -> None:
    """A10 option extra_damage_adds_str=false: Extra Damage rolls are the dice alone."""
    with_str = swing([15, 3, 4], {}, extra_damage=1)
    without = swing([15, 3, 4], {"extra_damage_adds_str": False}, extra_damage=1)
    assert last(with_str, "DamageRolled").flat == 2 and last(without, "DamageRolled").flat == 0


def test_a11_weak_strength_can_stop_all_movement() -> None:
    """A11 option weak_strength_blocks=all: a character with Strength 3 or below cannot move."""
    for option, moves in (("objects", True), ("all", False)):
        fight = new_fight(
            fighter("a", "red", (0, 0), str=3),
            fighter("c", "blue", (9, 0)),
            text=ROW,
            dice=[],
            options={"weak_strength_blocks": option},
        )
        assert (fight.why_illegal("a move @2,0") is None) is moves


def test_a17_range_penalty_floor_reading() -> None:
    """A17 option range_penalty=floor: one disadvantage per whole increment (30 ft pistol at 30 ft: 1)."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["pistol"], drawn=["pistol"]),
        fighter("c", "blue", (6, 0), ac=5),
        text=ROW,
        dice=[10, 1, 1],
        options={"range_penalty": "floor"},
    )
    fight.apply("a attack c with pistol")
    assert last(fight, "AttackRolled").net_advantage == -1


def test_a18_whole_move_halves_a_move_that_enters_difficult_terrain() -> None:
    """A18 option difficult_terrain=whole_move: a move entering difficult terrain has half its allowance."""
    text = ". . ~ . . . . . . ."
    fight = new_fight(
        fighter("a", "red", (0, 0)),
        fighter("c", "blue", (9, 0)),
        text=text,
        dice=[],
        options={"difficult_terrain": "whole_move"},
    )
    assert fight.why_illegal("a move @3,0") is None
    assert fight.why_illegal("a move @4,0") is not None
    assert fight.why_illegal("a move @1,0") is None


def test_a19_critical_check_success_can_use_the_base_multiplier() -> None:
    """A19 option critical_check_multiplier=base: a successful check after an explosion uses x2, not x3."""
    dice = [20, 1, 1, 19, 1, 1, 1, 16, 1, 1]
    fight = swing(dice, {"critical_check_multiplier": "base"}, extra_damage=2, str=10)
    assert [e.multiplier for e in fight.events if e.kind == "DamageRolled"] == [2, 3, 2]
