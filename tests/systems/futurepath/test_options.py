"""FuturePath rulings as options: each documented alternative changes the behaviour it names."""

from __future__ import annotations

import pytest

from tactica.engine import Fight, SetupError
from tests.systems.futurepath.helpers import OUT_OF_REACH, fighter, last, new_fight, offered

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


@pytest.mark.parametrize(("always", "total"), [(True, 10 + 1), (False, 10)])
def test_a6_without_the_bonus_ranged_attacks_lose_it_too(always: bool, total: int) -> None:
    """A6: the melee and the ranged formulas both omit the Weapon Accuracy Bonus, so the option's other
    reading drops it for ranged attacks as well (pistol: Accuracy Bonus 1)."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["pistol"], drawn=["pistol"]),
        fighter("c", "blue", (3, 0), ac=30),
        text=ROW,
        dice=[10],
        options={"accuracy_bonus_always": always},
    )
    fight.apply("a attack c with pistol")
    assert last(fight, "AttackRolled").total == total


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


def test_a11_weak_strength_all_also_stops_the_five_foot_step() -> None:
    """A11 option weak_strength_blocks=all / FuturePath 20: a character who cannot move cannot take a 5-foot
    step either."""
    fight = new_fight(
        fighter("a", "red", (0, 0), str=3),
        fighter("c", "blue", (9, 0)),
        text=ROW,
        dice=[],
        options={"weak_strength_blocks": "all"},
    )
    assert fight.why_illegal("a step @1,0") == (
        "a has Strength 3: a character with Strength 3 or below cannot move (A11)"
    )
    assert offered(fight, "step") == set()


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


def rough_row(rule: str, map_extra: dict[str, int] | None = None, **mover: int) -> Fight:
    """a at @0,0 on a row with difficult ground at @2,0, under ``difficult_terrain: rule``."""
    return new_fight(
        fighter("a", "red", (0, 0), **mover),
        fighter("c", "blue", (9, 0)),
        dice=[],
        options={"difficult_terrain": rule},
        map={"text": ". . ~ . . . . . . .", **(map_extra or {})},
    )


def test_a18_whole_move_halves_a_move_that_enters_difficult_terrain() -> None:
    """A18 option difficult_terrain=whole_move: a move entering difficult terrain has half its allowance."""
    fight = rough_row("whole_move")
    assert fight.why_illegal("a move @3,0") is None
    assert fight.why_illegal("a move @4,0") == f"@4,0 is out of reach: a has 6 {OUT_OF_REACH}"
    assert fight.why_illegal("a move @1,0") is None


def test_futurepath_15_uneven_ground_takes_10_ft_off_a_move_that_enters_it() -> None:
    """FuturePath l.72: "in some causes like uneven Terrain, the GM may give a -10ft movement speed reduction
    instead" (option difficult_terrain=minus_10ft): Speed 30 ft crossing difficult ground moves 20 ft =
    4 squares (half Speed would be 3); a move that stops short of it is not reduced."""
    fight = rough_row("minus_10ft")
    assert fight.why_illegal("a move @4,0") is None
    assert fight.why_illegal("a move @5,0") == f"@5,0 is out of reach: a has 6 {OUT_OF_REACH}"
    assert fight.why_illegal("a move @1,0") is None


def test_futurepath_15_uneven_ground_counts_10_ft_on_the_map_scale() -> None:
    """FuturePath l.72 (difficult_terrain=minus_10ft): the 10 ft are feet, so on a 10-ft map they are one
    square: Speed 60 ft = 6 squares, 5 across difficult ground."""
    fight = rough_row("minus_10ft", {"scale_ft": 10}, speed_ft=60)
    assert fight.why_illegal("a move @5,0") is None
    assert fight.why_illegal("a move @6,0") is not None


def test_a19_critical_check_success_can_use_the_base_multiplier() -> None:
    """A19 option critical_check_multiplier=base: a successful check after an explosion uses x2, not x3."""
    dice = [20, 1, 1, 19, 1, 1, 1, 16, 1, 1]
    fight = swing(dice, {"critical_check_multiplier": "base"}, extra_damage=2, str=10)
    assert [e.multiplier for e in fight.events if e.kind == "DamageRolled"] == [2, 3, 2]


# -- rulings the rules file marks [res], and choices the seed leaves open ----------------------------------


@pytest.mark.parametrize(("on_equal", "hit"), [(True, True), (False, False)])
def test_futurepath_21_hit_on_equal_value(on_equal: bool, hit: bool) -> None:
    """FuturePath 21 ([res] Value >= AC) option hit_on_equal=false: the Value must beat AC.
    d20 11 + STR 2 + Accuracy Bonus 2 = 15 against AC 15."""
    fight = swing([11, 3] if hit else [11], {"hit_on_equal": on_equal}, ac=15)
    assert last(fight, "AttackRolled").hit is hit


def test_futurepath_21_hit_on_equal_also_decides_critical_checks() -> None:
    """FuturePath 21, 31: a critical check is an Accuracy check; with hit_on_equal=false one equal to AC fails.
    d20 11 + 2 + 2 = 15 against AC 15 after a critical."""
    checks = swing([20, 1, 1, 11, 1], {"hit_on_equal": False}, ac=15, extra_damage=1)
    assert [e.result for e in checks.events if e.kind == "CriticalChecked"] == ["fail"]
    default = swing([20, 1, 1, 11, 1, 1], {}, ac=15, extra_damage=1)
    assert [e.result for e in default.events if e.kind == "CriticalChecked"] == ["success"]


def test_futurepath_24_level_7_and_8_dice_are_options() -> None:
    """FuturePath 24 ([res] L7 2d10, L8 2d12): options level_7_damage and level_8_damage; bad dice refused."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["maul", "hammer"], drawn=["maul", "hammer"]),
        fighter("c", "blue", (1, 0), ac=5, hp=100),
        text=ROW,
        dice=[15, 1, 1, 1],
        weapons={"maul": {"kind": "melee", "level": 7}, "hammer": {"kind": "melee", "level": 8}},
        options={"level_7_damage": "3d8", "level_8_damage": "3d10"},
    )
    fight.apply("a attack c with maul")
    assert last(fight, "DamageRolled").dice == "3d8"
    from tactica.systems.futurepath.attacks import weapon_dice

    assert str(weapon_dice(fight.game, fight.game.weapons["hammer"])) == "3d10"
    with pytest.raises(SetupError, match="level_7_damage"):
        new_fight(
            fighter("a", "red", (0, 0)),
            fighter("c", "blue", (1, 0)),
            dice=[],
            options={"level_7_damage": "2x"},
        )


def off_hand(dice: list[int], **options: object) -> Fight:
    """a (Advantage die d4, proficient) shoots c with the pistol, then makes its Bonus Attack with the
    laser-pistol: proficiency's advantage against the ranged off-hand disadvantage (no Gun-Fu)."""
    fight = new_fight(
        fighter(
            "a",
            "red",
            (0, 0),
            advantage_die=4,
            proficient=["all"],
            weapons=["pistol", "laser-pistol"],
            drawn=["pistol", "laser-pistol"],
        ),
        fighter("c", "blue", (1, 0), ac=5, hp=100),
        text=ROW,
        dice=dice,
        options=options,
    )
    fight.apply("a attack c with pistol")
    fight.apply("a bonus-attack c with laser-pistol")
    return fight


def test_futurepath_33_off_hand_advantage_discarded_or_capped() -> None:
    """FuturePath 33.3 ([res] disadvantages still apply) option off_hand_advantage: discarded (default) drops
    the advantage before cancelling, so the off-hand disadvantage stands (-1); capped lets the advantage
    cancel it (0), only a net advantage being lost."""
    discarded = off_hand([10, 2, 3, 10, 1, 3])
    assert last(discarded, "AttackRolled").net_advantage == -1
    capped = off_hand([10, 2, 3, 10, 3], off_hand_advantage="capped")
    assert last(capped, "AttackRolled").net_advantage == 0


def test_futurepath_34_throw_floor_is_an_option() -> None:
    """FuturePath 34.2 ([res] at least 5 ft) option throw_floor_ft=0: 30 ft - 50 ft leaves STR 1 / DEX 1
    throwers unable to throw at all."""
    sheet = {"str": 1, "dex": 1, "weapons": ["frag"]}
    floor = new_fight(fighter("a", "red", (0, 0), **sheet), fighter("c", "blue", (9, 0)), text=ROW, dice=[])
    assert offered(floor, "throw") == {"a throw @1,0 with frag", "a throw @1,0 with frag +cook"}
    none = new_fight(
        fighter("a", "red", (0, 0), **sheet),
        fighter("c", "blue", (9, 0)),
        text=ROW,
        dice=[],
        options={"throw_floor_ft": 0},
    )
    assert offered(none, "throw") == set()
    assert none.why_illegal("a throw @1,0 with frag") == (
        "@1,0 is 5 ft away; a throws at most 0 ft (30 ft + 5 ft x (STR mod + DEX mod), FuturePath 34)"
    )


@pytest.mark.parametrize(("trip_after", "at"), [("half_down", 4), ("half_up", 5)])
def test_futurepath_16_trip_point_is_an_option(trip_after: str, at: int) -> None:
    """FuturePath 16 ([res] after floor(planned / 2) squares) option trip_after=half_up: a failed Acrobatics
    check on a 9-square Sprint trips the character after 4 squares, or 5."""
    fight = new_fight(
        fighter("a", "red", (0, 0)),
        fighter("c", "blue", (19, 0)),
        text=". ~ " + " ".join("." * 18),
        dice=[2],
        options={"trip_after": trip_after},
    )
    fight.apply("a sprint @9,0")
    assert fight.state.fighters["a"].pos == (at, 0)
    assert fight.state.fighters["a"].posture == "prone"
