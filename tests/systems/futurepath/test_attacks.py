"""FuturePath rules 19, 21-29, 43; rulings A6-A8, A17: accuracy, damage, range, cover, criticals."""

from __future__ import annotations

from importlib import resources

import pytest
import yaml

from tactica.ai import make_policy
from tactica.engine import Fight, SetupError
from tactica.systems import get_system
from tactica.systems.futurepath import attacks
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.sheet import Weapon
from tests.systems.futurepath.helpers import fighter, hp, last, new_fight, offered

ROW = " ".join("." * 20)


def melee(dice: list[int], **sheet: object) -> object:
    """a (STR 14: +2, broad-sword L3 1d8) against c (AC 12) adjacent."""
    attacker = {"str": 14, "weapons": ["broad-sword"], "drawn": ["broad-sword"], **sheet}
    return new_fight(
        fighter("a", "red", (0, 0), **attacker),
        fighter("c", "blue", (1, 0), ac=12, hp=30),
        text=ROW,
        dice=dice,
    )


def test_futurepath_21_22_accuracy_is_d20_plus_str_plus_weapon_bonus_against_ac() -> None:
    """FuturePath 21-22 / A6: Value = d20 + advantage + STR (melee) + Weapon Accuracy Bonus; hit on >= AC."""
    fight = new_fight(
        fighter("a", "red", (0, 0), str=14, weapons=["axe"], drawn=["axe"]),
        fighter("c", "blue", (1, 0), ac=12, hp=30),
        text=ROW,
        dice=[9, 5],
        weapons={"axe": {"kind": "melee", "level": 3, "accuracy": 1}},
    )
    fight.apply("a attack c with axe")
    roll = last(fight, "AttackRolled")
    assert (roll.natural, roll.total, roll.ac, roll.hit) == (9, 12, 12, True)


def test_futurepath_21_a_miss_rolls_no_damage() -> None:
    """FuturePath 21: the damage roll happens only if the Accuracy check succeeds."""
    fight = melee([8])
    fight.apply("a attack c with broad-sword")
    assert not last(fight, "AttackRolled").hit
    assert not [e for e in fight.events if e.kind == "DamageRolled"]


def test_futurepath_23_24_melee_damage_is_weapon_dice_plus_str() -> None:
    """FuturePath 23-24: melee damage = weapon dice by level (L3 = 1d8) + STR modifier."""
    fight = melee([15, 6])
    fight.apply("a attack c with broad-sword")
    damage = last(fight, "DamageRolled")
    assert (damage.faces, damage.flat, damage.amount) == ((6,), 2, 8)
    assert hp(fight, "c") == 22


def test_futurepath_23_ranged_damage_adds_no_dex() -> None:
    """FuturePath 23: ranged damage is the weapon dice only (pistol L2 = 1d6), DEX is not added."""
    fight = new_fight(
        fighter("a", "red", (0, 0), dex=18, weapons=["pistol"], drawn=["pistol"]),
        fighter("c", "blue", (3, 0), ac=10, hp=30),
        text=ROW,
        dice=[12, 5],
    )
    fight.apply("a attack c with pistol")
    assert last(fight, "AttackRolled").total == 12 + 4 + 1
    assert last(fight, "DamageRolled").amount == 5


def test_futurepath_25_melee_needs_a_drawn_weapon_and_reach() -> None:
    """FuturePath 25: a melee attack needs the weapon drawn and the target in the Threat Range (5 ft + reach)."""
    far = new_fight(
        fighter("a", "red", (0, 0), weapons=["short-sword", "spear"], drawn=["short-sword", "spear"]),
        fighter("c", "blue", (2, 0)),
        text=ROW,
        dice=[],
    )
    assert "Threat Range" in (far.why_illegal("a attack c with short-sword") or "")
    assert far.why_illegal("a attack c with spear") is None, "a spear has 5 ft of reach"
    sheathed = new_fight(
        fighter("a", "red", (0, 0), weapons=["short-sword"], drawn=[]),
        fighter("c", "blue", (1, 0)),
        text=ROW,
        dice=[],
    )
    assert "not drawn" in (sheathed.why_illegal("a attack c with short-sword") or "")


@pytest.mark.parametrize(("squares", "disadvantages"), [(6, 0), (7, 1), (12, 1), (13, 2)])
def test_futurepath_26_a17_one_disadvantage_per_range_increment_beyond_range(
    squares: int, disadvantages: int
) -> None:
    """FuturePath 26 / A17: disadvantages = max(0, ceil(distance / increment) - 1); pistol increment 30 ft."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["pistol"], drawn=["pistol"]),
        fighter("c", "blue", (squares, 0), ac=10, hp=30),
        text=ROW,
        dice=[10, 3],
    )
    fight.apply("a attack c with pistol")
    assert last(fight, "AttackRolled").net_advantage == -disadvantages


def test_futurepath_27_advantage_dice_add_and_cancel() -> None:
    """FuturePath 27: proficiency gives one advantage die (rolled, added); a range disadvantage cancels it."""
    near = new_fight(
        fighter(
            "a", "red", (0, 0), advantage_die=6, proficient=["all"], weapons=["pistol"], drawn=["pistol"]
        ),
        fighter("c", "blue", (3, 0), ac=10),
        text=ROW,
        dice=[10, 4, 1],
    )
    near.apply("a attack c with pistol")
    roll = last(near, "AttackRolled")
    assert (roll.net_advantage, roll.advantage_faces, roll.total) == (1, (4,), 10 + 4 + 1)
    far = new_fight(
        fighter(
            "a", "red", (0, 0), advantage_die=6, proficient=["all"], weapons=["pistol"], drawn=["pistol"]
        ),
        fighter("c", "blue", (8, 0), ac=10),
        text=ROW,
        dice=[10, 1],
    )
    far.apply("a attack c with pistol")
    assert last(far, "AttackRolled").net_advantage == 0


def test_futurepath_27_at_most_three_net_dice() -> None:
    """FuturePath 27: at most 3 net disadvantage dice, however far the target."""
    fight = new_fight(
        fighter("a", "red", (0, 0), advantage_die=4, weapons=["pistol"], drawn=["pistol"]),
        fighter("c", "blue", (19, 0), ac=5),
        text=ROW,
        dice=[15, 1, 1, 1, 3],
    )
    fight.apply("a attack c with pistol")
    roll = last(fight, "AttackRolled")
    assert roll.net_advantage == -3 and roll.total == 15 - 3 + 1


def test_futurepath_28_a7_a_natural_20_hits_and_rolls_the_dice_twice() -> None:
    """FuturePath 28 / A7: a critical hits automatically; damage dice are rolled x2, STR added once."""
    fight = new_fight(
        fighter("a", "red", (0, 0), str=14, weapons=["broad-sword"], drawn=["broad-sword"]),
        fighter("c", "blue", (1, 0), ac=40, hp=40),
        text=ROW,
        dice=[20, 3, 5],
    )
    fight.apply("a attack c with broad-sword")
    roll = last(fight, "AttackRolled")
    assert roll.critical and roll.hit and roll.total < roll.ac
    damage = last(fight, "DamageRolled")
    assert (damage.faces, damage.multiplier, damage.amount) == ((3, 5), 2, 3 + 5 + 2)


def test_futurepath_28_weapons_with_a_wider_critical_range() -> None:
    """FuturePath 28: some weapons crit on 19-20 (the knife)."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["knife"], drawn=["knife"]),
        fighter("c", "blue", (1, 0), ac=40, hp=40),
        text=ROW,
        dice=[19, 2, 2],
    )
    fight.apply("a attack c with knife")
    assert last(fight, "AttackRolled").critical


def test_futurepath_29_a8_a_natural_1_is_a_critical_failure() -> None:
    """FuturePath 29 / A8: a natural 1 deals no damage at all, whatever the total."""
    fight = melee([1], str=40)
    fight.apply("a attack c with broad-sword")
    roll = last(fight, "AttackRolled")
    assert roll.fumble and not roll.hit and roll.total >= roll.ac


def test_futurepath_19_ranged_attacks_use_ammunition_and_reload() -> None:
    """FuturePath 19 / A5: weapons track ammunition; empty weapons cannot fire; Reload is Standard by default,
    the weapon's Reload Speed overrides (a bow reloads as a Simple action)."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["bow"], drawn=["bow"]),
        fighter("c", "blue", (3, 0), ac=30, hp=30),
        text=ROW,
        dice=[5],
    )
    fight.apply("a attack c with bow")
    assert fight.state.fighters["a"].ammo["bow"] == 0
    fight.apply("a reload bow")
    assert fight.state.fighters["a"].ammo["bow"] == 1
    assert fight.state.fighters["a"].budget.spent.get("simple") == 1
    fight.apply("a end")
    fight.apply("c end")
    assert "fully loaded" in (fight.why_illegal("a reload bow") or "")


def test_futurepath_19_draw_holster_simple_switch_standard() -> None:
    """FuturePath 19: Draw/Holster are Simple, Switch Weapons is a Standard action."""
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["knife", "pistol"], drawn=["knife"]),
        fighter("c", "blue", (9, 0)),
        text=ROW,
        dice=[],
    )
    fight.apply("a switch pistol")
    assert fight.state.fighters["a"].hands == ["pistol"]
    assert "Standard" in (fight.why_illegal("a move @2,0") or "")
    fight.apply("a draw knife")
    assert fight.state.fighters["a"].hands == ["pistol", "knife"]


COVER_MAP = ". . + . .\n. . . . .\n. . = . .\n. . # . ."


@pytest.mark.parametrize(("row", "expected"), [(0, -1), (1, 0), (2, -2)])
def test_futurepath_43_partial_and_heavy_cover_give_disadvantages(row: int, expected: int) -> None:
    """FuturePath 43: Partial cover = 1 disadvantage, Heavy = 2."""
    fight = new_fight(
        fighter("a", "red", (0, row), weapons=["pistol"], drawn=["pistol"]),
        fighter("c", "blue", (4, row), ac=5, hp=30),
        text=COVER_MAP,
        dice=[10, 1, 1, 1],
    )
    fight.apply("a attack c with pistol")
    assert last(fight, "AttackRolled").net_advantage == expected


def test_futurepath_43_full_cover_cannot_be_targeted_but_ap_fires_through() -> None:
    """FuturePath 43: Full cover cannot be targeted directly; an AP weapon may fire through: d10 >= 6 connects,
    then the Accuracy check has 1 disadvantage."""
    fight = new_fight(
        fighter("a", "red", (0, 3), weapons=["pistol", "sniper"], drawn=["pistol", "sniper"]),
        fighter("c", "blue", (4, 3), ac=5, hp=30),
        text=COVER_MAP,
        dice=[7, 12, 1, 6],
    )
    assert "Full cover" in (fight.why_illegal("a attack c with pistol") or "")
    fight.apply("a attack c with sniper")
    through = last(fight, "Checked")
    assert (through.what, through.natural, through.success) == ("fire through cover", 7, True)
    assert last(fight, "AttackRolled").net_advantage == -1


def test_futurepath_43_a_low_d10_misses_through_cover() -> None:
    """FuturePath 43: d10 of 5 or lower misses."""
    fight = new_fight(
        fighter("a", "red", (0, 3), weapons=["sniper"], drawn=["sniper"]),
        fighter("c", "blue", (4, 3), ac=5, hp=30),
        text=COVER_MAP,
        dice=[5],
    )
    fight.apply("a attack c with sniper")
    assert not [e for e in fight.events if e.kind == "AttackRolled"]
    assert fight.state.fighters["a"].ammo["sniper"] == 4


WEAK_ROW = ". . # . . # ."


def weak_fight(dice: list[int], text: str = WEAK_ROW, **extra: object) -> Fight:
    """a at @0,0 fires a pistol along a row (walls at @2,0 and @5,0); c at @4,0, e at @6,0."""
    return new_fight(
        fighter("a", "red", (0, 0), weapons=["pistol"], drawn=["pistol"]),
        fighter("c", "blue", (4, 0), ac=5, hp=30),
        fighter("e", "blue", (6, 0), ac=5, hp=30),
        text=text,
        dice=dice,
        **extra,
    )


def test_futurepath_43_a_ranged_weapon_fires_through_a_weak_wall() -> None:
    """FuturePath l.263: "if the weapon has AP damage or if the wall/barrier is weak, then Ranged weapons can
    fire through them": a plain pistol fires through the weak wall at @2,0 (d10 6+ connects, then 1
    disadvantage), not through it and a sturdy wall behind."""
    fight = weak_fight([6, 12, 3], weak=[[2, 0]])
    assert offered(fight, "attack") == {"a attack c with pistol"}
    assert "weak wall" in (fight.why_illegal("a attack e with pistol") or "")
    fight.apply("a attack c with pistol")
    through = last(fight, "Checked")
    assert (through.what, through.natural, through.success) == ("fire through cover", 6, True)
    assert last(fight, "AttackRolled").net_advantage == -1
    assert hp(fight, "c") == 27


def test_futurepath_43_a_weak_object_lets_a_shot_through() -> None:
    """FuturePath l.263: an object marked weak (a flimsy door) is a weak barrier; a sturdy one is not."""
    door = {"id": "door", "at": [1, 0]}
    sturdy = weak_fight([], text=". . . . . # .", objects=[door])
    assert "Full cover" in (sturdy.why_illegal("a attack c with pistol") or "")
    weak = weak_fight([5], text=". . . . . # .", objects=[{**door, "weak": True}])
    weak.apply("a attack c with pistol")
    assert last(weak, "Checked").success is False
    assert weak.state.fighters["a"].ammo["pistol"] == 11


def test_futurepath_43_only_walls_and_full_cover_can_be_weak() -> None:
    """FuturePath l.263 (a weak wall or barrier): marking open floor weak is a setup error naming the entry."""
    with pytest.raises(SetupError, match=r"weak\[1\]: \[3, 0\] is floor; only a wall or Full-cover"):
        weak_fight([], weak=[[2, 0], [3, 0]])


# -- review fixes: walls and corners stop melee (rules 25, 43) ------------------------------------------


CORNER = "a # .\n# c .\n. . ."


def test_futurepath_25_43_melee_cannot_reach_between_two_solid_corners() -> None:
    """FuturePath 25, 43: diagonal neighbours with a wall on both sides of the corner are in Full cover from
    each other: no melee attack (nobody could step between those walls either), nor a ranged one."""
    fight = new_fight(
        fighter("a", "red", "a", weapons=["short-sword", "pistol"], drawn=["short-sword", "pistol"]),
        fighter("c", "blue", "c", ac=5, hp=30),
        text=CORNER,
        dice=[],
    )
    assert fight.why_illegal("a attack c with short-sword") == (
        "c is in Full cover from a (a wall or blocking object is in the way); a melee attack cannot reach"
        " through it (FuturePath 25, 43)"
    )
    assert fight.why_illegal("a attack c with pistol") == (
        "c is in Full cover and cannot be targeted directly; only an AP weapon, or any ranged weapon through a"
        " weak wall or barrier, fires through it (FuturePath 43)"
    )
    assert offered(fight, "attack") == set()
    one_wall = new_fight(
        fighter("a", "red", "a", weapons=["short-sword"], drawn=["short-sword"]),
        fighter("c", "blue", "c", ac=5, hp=30),
        text="a # .\n. c .\n. . .",
        dice=[],
    )
    assert offered(one_wall, "attack") == {"a attack c with short-sword"}, "one wall does not close a corner"


def test_futurepath_25_43_a_reach_weapon_does_not_reach_through_a_wall() -> None:
    """FuturePath 25, 43: a reach weapon's Threat Range stops at a wall (Full cover) or a closed door."""
    wall = new_fight(
        fighter("a", "red", (0, 0), weapons=["spear"], drawn=["spear"]),
        fighter("c", "blue", (2, 0), ac=5, hp=30),
        text=". # . .",
        dice=[],
    )
    assert "a melee attack cannot reach through it" in (wall.why_illegal("a attack c with spear") or "")
    door = new_fight(
        fighter("a", "red", (0, 0), weapons=["spear"], drawn=["spear"]),
        fighter("c", "blue", (2, 0), ac=5, hp=30),
        text=". . . .",
        objects=[{"id": "door", "at": [1, 0], "hardness": 5}],
        dice=[],
    )
    assert offered(door, "attack") == set()


def test_futurepath_31_43_critical_checks_through_full_cover_have_one_disadvantage() -> None:
    """FuturePath 31, 43: a critical check is another Accuracy check, made as the attack was: through Full
    cover with an AP weapon it has the single disadvantage of the connecting shot, not Full cover's two."""
    fight = new_fight(
        fighter("a", "red", (0, 3), extra_damage=1, weapons=["sniper"], drawn=["sniper"]),
        fighter("c", "blue", (4, 3), ac=5, hp=300),
        text=COVER_MAP,
        dice=[7, 20, 1, 1, 1, 10, 1, 1, 1],
    )
    fight.apply("a full-attack c with sniper")
    rolls = [
        (e.purpose, e.natural, e.net_advantage, e.total) for e in fight.events if e.kind == "AttackRolled"
    ]
    assert rolls == [("full attack", 20, -1, 19), ("critical check", 10, -1, 9)]
    assert [e.multiplier for e in fight.events if e.kind == "DamageRolled"] == [3, 3]


# -- review fixes: the damage ladder and the off-hand die level (rules 24, 33.4) -------------------------


@pytest.mark.parametrize(
    ("level", "dice"),
    [(0, "1d2"), (3, "1d8"), (4, "1d10"), (5, "1d12"), (6, "2d8"), (7, "2d10"), (8, "2d12")],
)
def test_futurepath_24_weapon_level_ladder_up_to_level_8(level: int, dice: str) -> None:
    """FuturePath 24: L0 1d2 ... L4 1d10, L5 1d12, L6 2d8, and (ruled) L7 2d10, L8 2d12."""
    faces = [1] * (2 if dice.startswith("2") else 1)
    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["club"], drawn=["club"]),
        fighter("c", "blue", (1, 0), ac=5, hp=100),
        text=ROW,
        dice=[15, *faces],
        weapons={"club": {"kind": "melee", "level": level}},
    )
    fight.apply("a attack c with club")
    assert last(fight, "DamageRolled").dice == dice


@pytest.mark.parametrize(
    ("damage", "lowered"),
    [
        ("1d8", "1d6"),
        ("1d8+2", "1d6+2"),
        ("1d3", "1d2"),
        ("2d8", "1d12"),
        ("2d8+1", "1d12+1"),
        ("2d12", "2d10"),
        ("2d6", "2d4"),
        ("1d4-1", "1d2-1"),
        ("1d2", "1"),
        ("1d2+3", "4"),
        ("2d2", "2"),
        ("1d20", "1d12"),
        ("1d6+1d4", "1d4+1d2"),
    ],
)
def test_futurepath_33_4_off_hand_custom_dice_drop_one_level(damage: str, lowered: str) -> None:
    """FuturePath 33.4: a melee off-hand weapon's damage drops one die level: ladder dice take the level below
    (2d8 -> 1d12), other dice the next smaller die (d3 -> d2); a d2 deals just 1; flat modifiers stay."""
    from tactica.systems.futurepath.attacks import Swing, damage_dice

    fight = new_fight(
        fighter("a", "red", (0, 0), weapons=["odd"], drawn=["odd"]),
        fighter("c", "blue", (1, 0)),
        text=ROW,
        dice=[],
        weapons={"odd": {"kind": "melee", "level": 2, "damage": damage}},
    )
    game, state = fight.game, fight.state
    assert str(damage_dice(game, state.fighters["a"], Swing(game.weapons["odd"], off_hand=True))) == lowered


def test_remembered_advantage_dice_and_target_problems_match_the_rules_worked_out_afresh() -> None:
    """Issue 16 A: on a map with no object and no smoke, rule 27's advantage dice and rules 25/43's target
    problems are remembered per game by attacker, target, weapon, hand, extra dice, squares, firing through,
    and empty or not (cover then comes from the terrain alone). In every state two default-AI skirmishes
    reach (moves, empty guns, the dying), the remembered answers equal those worked out afresh."""
    text = resources.files("tactica.systems.futurepath").joinpath("content/demo.yaml").read_text()
    data = yaml.safe_load(text)
    game = get_system("futurepath").new_game({k: data[k] for k in ("system", "map", "combatants")})
    checked = 0
    for seed in range(2):
        fight = Fight(game, seed=seed)
        policy = make_policy("default", "futurepath", seed)
        while not fight.is_over():
            state = fight.state
            assert not state.objects  # the memo's case
            for a in state.fighters.values():
                for t in state.fighters.values():
                    if a.side == t.side or not a.hands:
                        continue
                    weapon = game.weapons[a.hands[0]]
                    for swing in (attacks.Swing(weapon), attacks.Swing(weapon, True, 1)):
                        for through in (False, True):
                            remembered = attacks.advantage_dice(game, state, a, t, swing, through)
                            assert remembered == attacks._advantage_dice(game, state, a, t, swing, through)
                    fresh = attacks._target_problem(game, state, a, t, weapon)
                    assert attacks.target_problem(game, state, a, t, weapon) == fresh
                    checked += 1
            fight.apply(policy.choose(fight))
    assert checked > 1000


def test_a_plain_swing_is_made_once_per_game_and_weapon() -> None:
    """Issue 16 A: ``plain_swing`` (an ordinary attack's ``Swing``, remembered per game by the weapon's name)
    holds that game's weapon of the name, whichever game and weapon are asked about first, and is the same
    object asked again."""
    pair = (fighter("a", "red", (0, 0)), fighter("b", "blue", (1, 0)))
    games = [new_fight(*pair).game for _ in range(2)]
    odd = {"weapons": {"pistol": {"kind": "melee", "level": 5}}}  # a name the other games give another weapon
    games.append(new_fight(*pair, **odd).game)
    for game in games:
        assert isinstance(game, FuturePathGame)
        for name, weapon in game.weapons.items():
            swing = attacks.plain_swing(game, name)
            assert swing == attacks.Swing(weapon) and swing.weapon is weapon
            assert attacks.plain_swing(game, name) is swing
    assert attacks.plain_swing(games[2], "pistol").weapon.kind == "melee"
    assert attacks.plain_swing(games[0], "pistol").weapon.kind == "ranged"


def test_futurepath_24_a_copied_weapon_rolls_its_own_level_dice() -> None:
    """FuturePath 24: damage dice follow the level ladder (1 = 1d4, 6 = 2d8) or the override, also on a weapon
    copied with a new level or damage (no dice remembered from the original)."""
    knife = Weapon(name="knife", kind="melee", level=1)
    assert str(knife.dice) == "1d4"
    assert str(knife.model_copy(update={"level": 6}).dice) == "2d8"
    assert str(knife.model_copy(update={"damage": "3d6"}).dice) == "3d6"
