"""FuturePath rules 34-35 and 43 (smoke), rulings A15-A16: throwing grenades."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.engine import Fight
from tactica.grid import Cover
from tactica.systems.futurepath.attacks import cover_of
from tests.systems.futurepath.helpers import fighter, hp, kinds, last, new_fight


def board(width: int = 11, height: int = 11, walls: tuple[tuple[int, int], ...] = ()) -> str:
    """An open map with walls at ``walls``."""
    rows = [["#" if (x, y) in walls else "." for x in range(width)] for y in range(height)]
    return "\n".join(" ".join(r) for r in rows)


def thrower(fid: str = "a", at: tuple[int, int] = (0, 5), **sheet: Any) -> dict[str, Any]:
    """A red grenadier carrying two frags (3d6, 10 ft) and a smoke grenade, holding nothing."""
    return fighter(fid, "red", at, **{"weapons": ["frag", "smoke"], "hp": 30, **sheet})


def target(fid: str = "b", at: tuple[int, int] = (5, 5), side: str = "blue", **sheet: Any) -> dict[str, Any]:
    return fighter(fid, side, at, hp=30, **sheet)


def end_turn(fight: Fight) -> None:
    """Every character of the acting team ends its turn."""
    for fid in fight.deciding():
        fight.apply(f"{fid} end")


def a_state(fight: Fight, fid: str = "a") -> Any:
    return fight.state.fighters[fid]  # type: ignore[attr-defined]


# -- rule 34.1: Full-Round, no Bonus Attack; carried is enough; one fewer -----------------------------


def test_futurepath_34_1_throwing_is_a_full_round_action_without_bonus_attack() -> None:
    """FuturePath 34.1: throwing is a Full-Round action (it ends the turn) and cannot be followed by a Bonus
    Attack; nor can it follow a Simple action (rule 5)."""
    fight = new_fight(
        thrower(weapons=["frag", "knife", "short-sword"], drawn=["knife", "short-sword"]),
        target(),
        text=board(),
        dice=[5, 5],
    )
    fight.apply("a throw @5,5 with frag")
    assert fight.deciding() == ["b"], "the throw is the declaration of the end of the turn"
    assert (
        fight.why_illegal("a bonus-attack b with short-sword")
        == "it is team blue's turn, not team red's (FuturePath 2)"
    )
    # Even with the turn still open, the throw is no Standard Attack or Full Attack a Bonus Attack could follow.
    from tactica.systems.futurepath.budget import refusal

    thrown = a_state(fight)
    thrown.budget.ended = False
    assert refusal(fight.game.options, thrown, "bonus", "Bonus Attack") == (
        "Bonus Attack can only be done after a Standard Attack action or a Full Attack"
    )
    simple_first = new_fight(thrower(weapons=["frag", "knife"]), target(), text=board(), dice=[])
    simple_first.apply("a draw knife")
    assert "Full-Round" in (simple_first.why_illegal("a throw @5,5 with frag") or "")


def test_futurepath_34_the_grenade_need_only_be_carried_and_one_is_used_up() -> None:
    """FuturePath 34 (seed silent, ruled): a carried grenade can be thrown without drawing it (a Draw is a
    Simple action, which would rule out the Full-Round throw); each throw uses one of those carried."""
    fight = new_fight(thrower(), target(), text=board(), dice=[5, 5])
    assert a_state(fight).hands == []
    assert a_state(fight).ammo["frag"] == 2
    assert fight.why_illegal("a throw @5,5 with frag") is None
    fight.apply("a throw @5,5 with frag")
    assert a_state(fight).ammo["frag"] == 1


def test_futurepath_34_no_grenade_left_no_throw() -> None:
    """FuturePath 34: when none is left the grenade cannot be thrown; only grenades are thrown."""
    fight = new_fight(
        thrower(weapons=["smoke", "pistol"], drawn=["pistol"]), target(), text=board(), dice=[5, 5]
    )
    fight.apply("a throw @5,5 with smoke")
    end_turn(fight)
    assert a_state(fight).ammo["smoke"] == 0
    assert "no smoke left" in (fight.why_illegal("a throw @5,5 with smoke") or "")
    assert "not a grenade" in (fight.why_illegal("a throw @5,5 with pistol") or "")
    assert not [a for a in fight.legal_actions() if a.verb == "throw"]


# -- rule 34.2: range --------------------------------------------------------------------------------


def test_futurepath_34_2_max_range_is_30_ft_plus_5_per_str_and_dex_modifier() -> None:
    """FuturePath 34.2: max range = 30 ft + 5 ft x (STR mod + DEX mod); STR 12 (+1), DEX 14 (+2) -> 45 ft."""
    fight = new_fight(thrower(at=(0, 0), str=12, dex=14), target(at=(10, 10)), text=board(), dice=[])
    assert fight.why_illegal("a throw @9,0 with frag") is None
    assert fight.why_illegal("a throw @9,9 with frag") is None
    assert "45 ft" in (fight.why_illegal("a throw @10,0 with frag") or "")
    plain = new_fight(thrower(at=(0, 0)), target(at=(10, 10)), text=board(), dice=[])
    assert plain.why_illegal("a throw @6,0 with frag") is None
    assert plain.why_illegal("a throw @7,0 with frag") == (
        "@7,0 is 35 ft away; a throws at most 30 ft (30 ft + 5 ft x (STR mod + DEX mod), FuturePath 34)"
    )


def test_futurepath_34_2_range_never_below_5_ft() -> None:
    """FuturePath 34.2 (ruled): weak, clumsy throwers still throw 5 ft (30 - 40 ft would be negative)."""
    fight = new_fight(thrower(at=(0, 0), str=3, dex=3), target(at=(10, 10)), text=board(), dice=[])
    assert fight.why_illegal("a throw @1,1 with frag") is None
    assert "5 ft" in (fight.why_illegal("a throw @2,0 with frag") or "")


def test_futurepath_34_2_aimed_square_must_be_in_sight_open_and_not_ones_own() -> None:
    """FuturePath 34.2 (ruled): the thrower chooses a square it can see; not its own square, not a wall."""
    text = board(walls=((3, 4), (3, 5), (3, 6)))
    fight = new_fight(thrower(), target(), text=text, dice=[])
    assert "cannot see" in (fight.why_illegal("a throw @5,5 with frag") or "")
    assert "wall" in (fight.why_illegal("a throw @3,5 with frag") or "")
    assert "own square" in (fight.why_illegal("a throw @0,5 with frag") or "")
    assert fight.why_illegal("a throw @2,5 with frag") is None
    assert fight.why_illegal("a throw @2,5 with frag +cook") is None
    assert (
        fight.why_illegal("a throw b with frag")
        == "a grenade is thrown at a square: 'a throw @X,Y with frag [+cook]'"
    )


def test_futurepath_34_no_accuracy_check_for_a_grenade() -> None:
    """FuturePath 34: a grenade is thrown at an area: the seed has no Accuracy check for it (only scatter)."""
    fight = new_fight(thrower(), target(), text=board(), dice=[5, 5])
    fight.apply("a throw @5,5 with frag")
    assert "AttackRolled" not in kinds(fight)
    assert last(fight, "GrenadeThrown").scatter == (5, 5)


# -- rule 35 / A16: scatter -----------------------------------------------------------------------------

# Thrown east from (0,5) at (5,5): "long" is east (+x), "right" is south (+y).
SCATTER = [
    ("FuturePath 35: 3-8 on both dice = on target", (3, 8), (5, 5)),
    ("FuturePath 35: scatter 2 = 5 ft left", (2, 5), (5, 4)),
    ("FuturePath 35: scatter 9 = 5 ft right", (9, 5), (5, 6)),
    ("FuturePath 35 / A16: scatter 1 = 10 ft left", (1, 5), (5, 3)),
    ("FuturePath 35 / A16: scatter 10 = 10 ft right", (10, 5), (5, 7)),
    ("FuturePath 35: second die 2 = 5 ft short", (5, 2), (4, 5)),
    ("FuturePath 35: second die 9 = 5 ft long", (5, 9), (6, 5)),
    ("FuturePath 35 / A16: second die 1 = 10 ft short", (5, 1), (3, 5)),
    ("FuturePath 35 / A16: second die 10 = 10 ft long", (5, 10), (7, 5)),
    ("FuturePath 35: both dice count (9 right, 2 short)", (9, 2), (4, 6)),
]


@pytest.mark.parametrize(("faces", "landed"), [(f, p) for _, f, p in SCATTER], ids=[n for n, _, _ in SCATTER])
def test_futurepath_35_scatter(faces: tuple[int, int], landed: tuple[int, int]) -> None:
    """FuturePath 35 / A16: 2d10, first die left/right, second short/long; 3-8 on target, 2 and 9 are 5 ft,
    1 and 10 are 10 ft."""
    fight = new_fight(thrower(), target(at=(10, 0)), text=board(), dice=list(faces))
    fight.apply("a throw @5,5 with frag")
    thrown = last(fight, "GrenadeThrown")
    assert (thrown.aimed, thrown.scatter, thrown.landed) == ((5, 5), faces, landed)


def test_futurepath_a16_scatter_extreme_is_an_option() -> None:
    """A16 option scatter_extreme_ft: a 1 scatters that many feet (15 ft = 3 squares)."""
    fight = new_fight(
        thrower(), target(at=(10, 0)), text=board(), dice=[1, 5], options={"scatter_extreme_ft": 15}
    )
    fight.apply("a throw @5,5 with frag")
    assert last(fight, "GrenadeThrown").landed == (5, 2)


def test_futurepath_35_scatter_is_clamped_to_the_board() -> None:
    """FuturePath 35 (ruled): a grenade scattering off the map lands on its edge."""
    fight = new_fight(thrower(), target(at=(10, 0)), text=board(), dice=[10, 10])
    fight.apply("a throw @5,10 with frag")
    assert last(fight, "GrenadeThrown").landed[1] == 10


def test_futurepath_35_a_wall_where_it_would_land_stops_it_in_front() -> None:
    """FuturePath 35 (ruled): scattering into a wall, the grenade stops in the last open square of its line
    of flight from the thrower."""
    fight = new_fight(thrower(), target(at=(10, 0)), text=board(walls=((7, 5),)), dice=[5, 10])
    fight.apply("a throw @5,5 with frag")
    assert last(fight, "GrenadeThrown").landed == (6, 5)


# -- rule 34.3 / A15: when it goes off --------------------------------------------------------------------


def test_futurepath_34_3_explodes_at_the_end_of_the_target_teams_turn() -> None:
    """FuturePath 34.3 / A15: a grenade does not explode on contact but at the end of the turn of the team
    owning the creature in the area."""
    fight = new_fight(thrower(), target(), text=board(), dice=[5, 5, 1, 2, 3])
    fight.apply("a throw @5,5 with frag")
    assert "GrenadeExploded" not in kinds(fight)
    assert last(fight, "GrenadeTimed").team == "blue"
    assert hp(fight, "b") == 30
    fight.apply("b end")
    assert last(fight, "GrenadeExploded").caught == ("b",)
    assert hp(fight, "b") == 24


def test_futurepath_34_3_those_in_the_area_may_move_out() -> None:
    """FuturePath 34.3: the combatants in the area may move away before it goes off."""
    fight = new_fight(thrower(), target(), text=board(), dice=[5, 5])
    fight.apply("a throw @5,5 with frag")
    fight.apply("b move @9,5")
    fight.apply("b end")
    assert last(fight, "GrenadeExploded").caught == ()
    assert hp(fight, "b") == 30


def three_teams(*extra: dict[str, Any], dice: list[int], **options: Any) -> Fight:
    """Red (first), green, blue (last); red throws."""
    return new_fight(
        thrower(),
        target("g", (10, 0), side="green"),
        target("b", (5, 5), side="blue"),
        *extra,
        text=board(),
        dice=dice,
        initiative={"red": 5, "green": 3, "blue": 1},
        options=options,
    )


def test_futurepath_a15_target_team_not_the_next_team() -> None:
    """A15: with several enemy teams, the grenade waits for the end of the turn of the team in the area."""
    fight = three_teams(dice=[5, 5, 1, 1, 1])
    fight.apply("a throw @5,5 with frag")
    end_turn(fight)  # green
    assert "GrenadeExploded" not in kinds(fight)
    end_turn(fight)  # blue
    assert hp(fight, "b") == 27


def test_futurepath_a15_no_enemy_in_the_area_next_enemy_turn() -> None:
    """A15: with no enemy in the area at landing, it goes off at the end of the thrower's next-following
    enemy team's turn."""
    fight = three_teams(dice=[5, 5])
    fight.apply("a throw @5,1 with frag")
    assert last(fight, "GrenadeTimed").team == "green"
    end_turn(fight)  # green
    assert last(fight, "GrenadeExploded").at == (5, 1)


def test_futurepath_a15_option_thrower_next_enemy_turn_end() -> None:
    """A15 option grenade_timing=thrower_next_enemy_turn_end: always the thrower's next enemy team."""
    fight = three_teams(dice=[5, 5, 1, 1, 1], grenade_timing="thrower_next_enemy_turn_end")
    fight.apply("a throw @5,5 with frag")
    end_turn(fight)  # green
    assert last(fight, "GrenadeExploded").caught == ("b",)


def test_futurepath_a15_allies_in_the_area_do_not_choose_the_turn() -> None:
    """A15: only enemy creatures in the area choose the turn; allies alone count as no target."""
    fight = three_teams(thrower("a2", (5, 1)), dice=[5, 5])
    fight.apply("a throw @5,1 with frag")
    assert last(fight, "GrenadeTimed").team == "green"


# -- the blast --------------------------------------------------------------------------------------------


def test_futurepath_34_blast_catches_everyone_in_radius_and_walls_stop_it() -> None:
    """FuturePath 34 (ruled): everyone within the blast radius (any side, the thrower too) takes the
    damage; walls stop the blast; one roll for all by default."""
    text = board(walls=((6, 4), (6, 5), (6, 6)))
    fight = new_fight(
        thrower(at=(3, 5)),
        thrower("a2", (5, 7)),
        target("b", (5, 5)),
        target("c", (7, 5)),
        target("d", (5, 8)),
        text=text,
        dice=[5, 5, 2, 2, 2],
    )
    fight.apply("a throw @5,5 with frag")
    end_turn(fight)  # red: a2
    end_turn(fight)  # blue
    assert last(fight, "GrenadeExploded").caught == ("a", "a2", "b")
    assert [hp(fight, f) for f in ("a", "a2", "b", "c", "d")] == [24, 24, 24, 30, 30]
    assert len([e for e in fight.events if e.kind == "DamageRolled"]) == 3


def test_futurepath_34_an_intact_blocking_object_stops_the_blast_as_a_wall_does() -> None:
    """FuturePath 34 (ruled): a closed door or other intact blocking object stops the blast like a wall;
    (kills a surviving mutant that let blasts through objects, issue 14 point 13)."""
    fight = new_fight(
        thrower(at=(3, 5)),
        target("b", (5, 5)),
        target("c", (7, 5)),
        text=board(),
        objects=[{"id": "door", "at": [6, 5], "hardness": 3, "blocks": True}],
        dice=[5, 5, 2, 2, 2],
    )
    fight.apply("a throw @5,5 with frag")
    end_turn(fight)  # blue
    assert last(fight, "GrenadeExploded").caught == ("a", "b")
    assert (hp(fight, "b"), hp(fight, "c")) == (24, 30)


def test_futurepath_34_option_one_damage_roll_per_creature() -> None:
    """Option blast_damage_roll=per_creature (seed silent): each creature caught rolls its own damage."""
    fight = new_fight(
        thrower(),
        target("b", (5, 5)),
        target("c", (5, 6)),
        text=board(),
        dice=[5, 5, 1, 1, 1, 6, 6, 6],
        options={"blast_damage_roll": "per_creature"},
    )
    fight.apply("a throw @5,5 with frag")
    end_turn(fight)
    assert (hp(fight, "b"), hp(fight, "c")) == (27, 12)


# -- rule 34.4: cooking -----------------------------------------------------------------------------------


def test_futurepath_34_4_cooked_grenade_explodes_at_the_start_of_the_target_turn() -> None:
    """FuturePath 34.4: a Wisdom check DC 25 before the throw; success -> it goes off at the start of the
    target's turn (no chance to move out)."""
    fight = new_fight(thrower(wis=30), target(), text=board(), dice=[15, 5, 5, 2, 2, 2])
    fight.apply("a throw @5,5 with frag +cook")
    check = last(fight, "Checked")
    assert (check.what, check.natural, check.total, check.dc, check.success) == (
        "cook grenade",
        15,
        25,
        25,
        True,
    )
    assert last(fight, "GrenadeTimed").when == "turn_start"
    assert hp(fight, "b") == 24, "it went off as blue's turn started"


def test_futurepath_34_4_failed_cook_is_a_harmless_air_burst() -> None:
    """FuturePath 34.4: failing the Wisdom check wastes the grenade and the turn: harmless air-burst."""
    fight = new_fight(thrower(wis=30), target(), text=board(), dice=[14])
    fight.apply("a throw @5,5 with frag +cook")
    assert "GrenadeAirBurst" in kinds(fight)
    assert "GrenadeThrown" not in kinds(fight)
    assert a_state(fight).ammo["frag"] == 1
    assert fight.deciding() == ["b"]
    fight.apply("b end")
    assert hp(fight, "b") == 30 and not fight.state.conditions  # type: ignore[attr-defined]


def test_futurepath_34_4_cooking_dc_is_an_option() -> None:
    """FuturePath 34.4: DC 25 + misc; the DC is the option cooking_dc."""
    fight = new_fight(thrower(), target(), text=board(), dice=[12, 5, 5, 1, 1, 1], options={"cooking_dc": 12})
    fight.apply("a throw @5,5 with frag +cook")
    assert last(fight, "Checked").success


def test_futurepath_34_4_critical_failure_explodes_in_hand_for_maximum_damage() -> None:
    """FuturePath 34.4: a critical failure (natural 1) never leaves the hand: the thrower takes maximum
    damage (3d6 -> 18) at once, no save; the others in the blast are caught normally."""
    fight = new_fight(thrower(wis=30), thrower("a2", (1, 5)), target(), text=board(), dice=[1, 2, 3, 4])
    fight.apply("a throw @5,5 with frag +cook")
    assert last(fight, "GrenadeExploded").at == (0, 5)
    assert hp(fight, "a") == 12
    assert hp(fight, "a2") == 21
    assert hp(fight, "b") == 30
    assert "GrenadeThrown" not in kinds(fight)


# -- rule 43: smoke -----------------------------------------------------------------------------------------


def test_futurepath_43_smoke_grenade_gives_partial_cover_for_its_duration() -> None:
    """FuturePath 43: a smoke grenade acts like Partial Cover; the cloud lasts the smoke grenade's duration
    (3 rounds after the one it appears in)."""
    fight = new_fight(thrower(), target("b", (10, 5)), text=board(), dice=[5, 5])
    fight.apply("a throw @5,5 with smoke")
    state = fight.state
    game = fight.game
    a, b = state.fighters["a"], state.fighters["b"]  # type: ignore[attr-defined]
    assert cover_of(game, state, a, b) == Cover.NONE, "not yet: it goes off at the end of blue's turn"  # type: ignore[arg-type]
    fight.apply("b end")
    spread = last(fight, "SmokeSpread")
    assert (spread.at, spread.radius, spread.until_round) == ((5, 5), 2, 4)
    assert cover_of(game, state, a, b) == Cover.PARTIAL  # type: ignore[arg-type]
    assert hp(fight, "b") == 30
    for _ in range(4):
        end_turn(fight)
    assert fight.state.order.round == 4
    assert cover_of(game, state, a, b) == Cover.PARTIAL  # type: ignore[arg-type]
    end_turn(fight)
    end_turn(fight)
    assert "SmokeCleared" in kinds(fight)
    assert cover_of(game, state, a, b) == Cover.NONE  # type: ignore[arg-type]


# -- legal actions -------------------------------------------------------------------------------------------


def test_futurepath_34_legal_actions_offer_throws_only_when_legal() -> None:
    """FuturePath 34: legal_actions() lists throws (plain and +cook) at squares in range and sight, each
    accepted by why_illegal; none after a Simple action, none without grenades."""
    fight = new_fight(
        thrower(at=(0, 0), weapons=["frag", "knife"]), target(at=(10, 10)), text=board(), dice=[]
    )
    throws = [a for a in fight.legal_actions() if a.verb == "throw"]
    assert len(throws) == 2 * (7 * 7 - 1)
    assert all(fight.why_illegal(a) is None for a in throws)
    assert {a.flags for a in throws} == {(), ("cook",)}
    fight.apply("a draw knife")
    assert not [a for a in fight.legal_actions() if a.verb == "throw"]
    none = new_fight(fighter("a", "red", (0, 0)), target(at=(10, 10)), text=board(), dice=[])
    assert not [a for a in none.legal_actions() if a.verb == "throw"]
