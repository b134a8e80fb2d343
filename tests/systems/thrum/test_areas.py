"""THRUM 13, 16 and 20, ruling C14: distance and ranges, Area / Line / Aura shapes and their placement,
target categories; option area_in_range."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.engine import Action, Fight
from tests.systems.thrum.helpers import fighter, fighter_state, last, new_fight, offered

MAP7 = "\n".join([". . . . . . ."] * 7)

#: Abilities without an attack roll whose every target gets +1 Mark: what they catch shows exactly.
EXTRA: dict[str, dict[str, Any]] = {
    "quake": {
        "title": "Quake",
        "kind": "action",
        "range": 5,
        "target": "area",
        "shape": "area",
        "size": 3,
        "success": [{"status": "mark"}],
    },
    "ring": {
        "title": "Ring",
        "kind": "action",
        "target": "area",
        "shape": "aura",
        "size": 2,
        "success": [{"status": "mark"}],
    },
    "beam": {
        "title": "Beam",
        "kind": "action",
        "range": 0,
        "target": "area",
        "shape": "line",
        "size": 3,
        "success": [{"status": "mark"}],
    },
    "cheer": {
        "title": "Cheer",
        "kind": "action",
        "target": "ally",
        "range": 3,
        "success": [{"status": "mark"}],
    },
    "poke": {
        "title": "Poke",
        "kind": "action",
        "target": "character",
        "range": 3,
        "success": [{"status": "mark"}],
    },
    "longshot": {
        "title": "Longshot",
        "kind": "action",
        "attack": "physical",
        "range": 7,
        "success": [{"fatigue": 1}],
    },
}


def why(fight: Fight, text: str) -> str:
    """The refusal of an action (empty when it is legal)."""
    return fight.why_illegal(Action.parse(text)) or ""


def marked(fight: Fight) -> set[str]:
    """The characters carrying Mark."""
    return {fid for fid, f in fight.state.fighters.items() if "mark" in f.statuses}  # type: ignore[attr-defined]


def arena(*others: dict[str, Any], at: tuple[int, int] = (3, 3), **extra: Any) -> Fight:
    """ana (every sample area ability, Art modifiers 0) on a 7x7 map, then ``others``."""
    ana = fighter(
        "ana",
        "heroes",
        at,
        arts={"elementalism": 0, "kineticism": 0, "infusion": 0},
        abilities=["fire-burst", "shockwave", "lance", "wave-of-mutilation", *EXTRA],
    )
    return new_fight(ana, *others, dice=extra.pop("dice", []), text=MAP7, abilities=EXTRA, **extra)


# --- THRUM 13: distance and range -------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(st.tuples(st.integers(0, 6), st.integers(0, 6)).filter(lambda p: p != (3, 3)))
def test_thrum_13_range_is_the_chebyshev_distance(orc: tuple[int, int]) -> None:
    """THRUM 13 (property): Basic Attack (Range 3) may target exactly the enemies at max(|dx|, |dy|) <= 3,
    and the board distance is symmetric."""
    fight = new_fight(fighter("ana", "heroes", (3, 3)), fighter("orc", "raiders", orc), dice=[], text=MAP7)
    distance = max(abs(orc[0] - 3), abs(orc[1] - 3))
    board = fight.game.board  # type: ignore[attr-defined]
    assert board.distance((3, 3), orc) == board.distance(orc, (3, 3)) == distance
    reason = why(fight, "ana basic-attack orc")
    if distance <= 3:
        assert reason == ""
    else:
        assert f"orc is {distance} squares away; Basic Attack has Range 3 (THRUM 13)" in reason


def test_thrum_13_seven_west_and_four_north_is_seven_away() -> None:
    """THRUM 13: the seed's example: 7 squares west and 4 north is 7 away: Range 7 reaches, Range 3 not."""
    fight = new_fight(
        fighter("ana", "heroes", (7, 4), abilities=["longshot"]),
        fighter("orc", "raiders", (0, 0)),
        dice=[],
        text="\n".join([". " * 8] * 5),
        abilities=EXTRA,
    )
    assert why(fight, "ana longshot orc") == ""
    assert "orc is 7 squares away; Basic Attack has Range 3" in why(fight, "ana basic-attack orc")
    assert offered(fight, "longshot") == {"ana longshot orc"}


# --- THRUM 16: Area X -------------------------------------------------------------------------------------------


def test_thrum_16_an_area_is_an_x_by_x_square_placed_by_its_top_left_corner() -> None:
    """THRUM 16: Area 3 = the 3x3 square whose top-left is @X,Y; it affects every character inside."""
    fight = arena(
        fighter("orc", "raiders", (5, 5)),
        fighter("gob", "raiders", (6, 6)),
        fighter("bo", "heroes", (4, 4)),
        fighter("imp", "raiders", (3, 6)),
    )
    fight.apply("ana quake @4,4")
    targeted = last(fight, "Targeted")
    assert set(targeted.cells) == {(x, y) for x in (4, 5, 6) for y in (4, 5, 6)}
    assert set(targeted.targets) == {"orc", "gob", "bo"}
    assert marked(fight) == {"orc", "gob", "bo"}


def test_thrum_16_an_area_attack_hits_allies_inside_too() -> None:
    """THRUM 16: an Area affects all characters in it unless stated: Fire Burst's one roll against the ally
    and the enemy alike (defences asked in initiative order, then the attack, then each defence)."""
    fight = arena(
        fighter("bo", "heroes", (4, 5)),
        fighter("orc", "raiders", (5, 5)),
        at=(2, 2),
        dice=[4, 4, 1, 1, 3, 3],
    )
    fight.apply("ana fire-burst @4,4")
    assert last(fight, "Targeted").targets == ("bo", "orc")
    assert offered(fight) == {"bo defend +resilience", "bo defend +evasion"}
    fight.apply("bo defend +resilience")
    assert offered(fight) == {"orc defend +resilience", "orc defend +evasion"}
    fight.apply("orc defend +resilience")
    bo, orc = fighter_state(fight, "bo"), fighter_state(fight, "orc")
    assert (bo.fatigue, bo.statuses) == (2, {"burning": 1})  # 8 vs 2: critical
    assert (orc.fatigue, orc.statuses) == (1, {})  # 8 vs 6: success


def test_thrum_16_an_area_needs_a_square_within_range() -> None:
    """THRUM 16 / C14: an Area is legal when at least one of its squares is within the ability's Range."""
    fight = arena(fighter("orc", "raiders", (6, 6)), at=(0, 0))
    assert why(fight, "ana fire-burst @4,4") == ""
    assert "an Area 2 at @5,5 has no square within range 4 of @0,0 (THRUM 16)" in why(
        fight, "ana fire-burst @5,5"
    )
    assert "placed on squares, not aimed at a character" in why(fight, "ana fire-burst orc")
    assert "'area' needs '@X,Y'" in why(fight, "ana fire-burst")


def test_thrum_16_range_zero_areas_must_hold_the_user() -> None:
    """THRUM 16: with Range 0 the user's square must be in the area (and, as a character inside, the user is
    affected: code's choice, 'all characters in the area')."""
    fight = arena(fighter("orc", "raiders", (4, 4)), at=(3, 3))
    assert "must contain its user's square @3,3 (Range 0)" in why(fight, "ana wave-of-mutilation @4,4")
    assert why(fight, "ana wave-of-mutilation @3,3") == ""
    assert offered(fight, "wave-of-mutilation") == {
        "ana wave-of-mutilation @2,2",
        "ana wave-of-mutilation @3,2",
        "ana wave-of-mutilation @2,3",
        "ana wave-of-mutilation @3,3",
    }
    fight.apply("ana wave-of-mutilation @3,3")
    assert last(fight, "Targeted").targets == ("ana", "orc")
    assert fighter_state(fight, "ana").statuses == fighter_state(fight, "orc").statuses == {"shocked": 1}


def test_thrum_c14_an_empty_area_in_range_is_legal_before_and_after_listing() -> None:
    """C14: any placement with a square in range is legal, even one that catches no character."""
    fight = arena(fighter("orc", "raiders", (6, 6)), at=(0, 0))
    assert why(fight, "ana fire-burst @2,2") == ""
    offered(fight)
    assert why(fight, "ana fire-burst @2,2") == ""
    fight.apply("ana fire-burst @2,2")
    assert last(fight, "Targeted").targets == ()


def test_thrum_c14_option_area_in_range_every_square() -> None:
    """Option area_in_range='every_square' (C14): every square of an Area/Line must be in range; an Aura is
    not affected."""
    fight = arena(fighter("orc", "raiders", (5, 5)), at=(0, 0), options={"area_in_range": "every_square"})
    assert "every square of the area must be within Range 4 (option area_in_range)" in why(
        fight, "ana fire-burst @4,4"
    )
    assert why(fight, "ana fire-burst @3,3") == ""
    assert offered(fight, "lance") == set()  # a Line 4 never fits in Range 1
    assert "every square of the line must be within Range 1" in why(fight, "ana lance @1,1 to @4,4")
    assert offered(fight, "shockwave") == {"ana shockwave"}
    default = arena(fighter("orc", "raiders", (5, 5)), at=(0, 0))
    assert why(default, "ana fire-burst @4,4") == ""
    assert why(default, "ana lance @1,1 to @4,4") == ""


# --- THRUM 16: Line X -------------------------------------------------------------------------------------------


def test_thrum_16_a_line_runs_along_a_row_column_or_diagonal() -> None:
    """THRUM 16: Line X = X consecutive squares in one row, column or diagonal, from @first to @last."""
    fight = arena(
        fighter("orc", "raiders", (3, 5)), fighter("gob", "raiders", (5, 5)), at=(1, 1), dice=[1, 1]
    )
    for text in (
        "ana lance @2,1 to @5,1",
        "ana lance @1,2 to @1,5",
        "ana lance @2,2 to @5,5",
        "ana lance @0,2 to @0,5",
    ):
        assert why(fight, text) == "", text
    fight.apply("ana lance @2,2 to @5,5")
    targeted = last(fight, "Targeted")
    assert (targeted.cells, targeted.targets) == (((2, 2), (3, 3), (4, 4), (5, 5)), ("gob",))


def test_thrum_16_a_crooked_or_wrong_length_line_is_refused() -> None:
    """THRUM 16: a Line that is not straight, not X long, or without a square in range is refused."""
    fight = arena(fighter("orc", "raiders", (5, 5)), at=(1, 1))
    assert "a Line 4 must run along one row, column or diagonal: @2,1 to @5,2 is not straight" in why(
        fight, "ana lance @2,1 to @5,2"
    )
    assert "a Line 4 is 4 squares long: @2,1 to @4,1 has 3" in why(fight, "ana lance @2,1 to @4,1")
    assert "a Line 4 from @3,1 to @6,1 has no square within range 1 of @1,1" in why(
        fight, "ana lance @3,1 to @6,1"
    )
    assert "'line' needs 'to'" in why(fight, "ana lance @2,1")


def test_thrum_16_a_line_affects_only_what_it_says() -> None:
    """THRUM 16: 'unless otherwise specified': Lance affects enemies only, so the ally in the Line is spared."""
    fight = arena(fighter("bo", "heroes", (3, 1)), fighter("orc", "raiders", (4, 1)), at=(1, 1), dice=[1, 1])
    fight.apply("ana lance @2,1 to @5,1")
    assert last(fight, "Targeted").targets == ("orc",)


def test_thrum_16_a_range_zero_line_must_start_or_pass_through_the_user() -> None:
    """THRUM 16: a Range 0 Line must contain the user's square; every character in it is affected."""
    fight = arena(fighter("orc", "raiders", (5, 3)), fighter("bo", "heroes", (4, 3)))
    assert "must contain its user's square @3,3 (Range 0)" in why(fight, "ana beam @4,3 to @6,3")
    fight.apply("ana beam @3,3 to @5,3")
    assert marked(fight) == {"ana", "bo", "orc"}


# --- THRUM 16: Aura X -------------------------------------------------------------------------------------------


def test_thrum_16_aura_one_is_the_eight_squares_around_the_user() -> None:
    """THRUM 16: Aura 1 = the 3x3 square centred on the user without the user's own square (8 squares)."""
    fight = arena(fighter("orc", "raiders", (4, 4)), fighter("gob", "raiders", (5, 5)), dice=[1, 1])
    assert offered(fight, "shockwave") == {"ana shockwave"}
    fight.apply("ana shockwave")
    targeted = last(fight, "Targeted")
    assert set(targeted.cells) == {(x, y) for x in (2, 3, 4) for y in (2, 3, 4)} - {(3, 3)}
    assert targeted.targets == ("orc",)


def test_thrum_16_aura_two_is_twenty_four_squares_and_spares_the_user() -> None:
    """THRUM 16: Aura X = (2X+1)^2 - 1 squares: Aura 2 = 24; every character there but the user."""
    fight = arena(
        fighter("bo", "heroes", (1, 1)),
        fighter("orc", "raiders", (5, 5)),
        fighter("gob", "raiders", (6, 6)),
    )
    fight.apply("ana ring")
    targeted = last(fight, "Targeted")
    assert len(targeted.cells) == 24 and (3, 3) not in targeted.cells
    assert set(targeted.cells) == {(x, y) for x in range(1, 6) for y in range(1, 6)} - {(3, 3)}
    assert marked(fight) == {"bo", "orc"}


def test_thrum_16_an_aura_is_centred_on_its_user() -> None:
    """THRUM 16: an Aura is centred on its user and names no square (one written form, the listed one)."""
    fight = arena(fighter("orc", "raiders", (4, 4)), dice=[1, 1])
    for placed in ("ana shockwave @4,4", "ana shockwave @3,3"):
        assert "an Aura is centred on its user and names no square: write 'ana shockwave'" in why(
            fight, placed
        )
    assert why(fight, "ana shockwave") == ""


# --- THRUM 20: target categories ------------------------------------------------------------------------------


def categories() -> Fight:
    """ana with bo (an allied NPC), an incapacitated ally cy, and the orc, all within 3 squares."""
    return new_fight(
        fighter("ana", "heroes", (3, 3), abilities=["cheer", "poke"]),
        fighter("bo", "heroes", (2, 2), pc=False),
        fighter("cy", "heroes", (3, 4), incapacitated=True),
        fighter("orc", "raiders", (5, 5)),
        dice=[],
        text=MAP7,
        abilities=EXTRA,
    )


def test_thrum_20_enemy_means_an_opposing_side() -> None:
    """THRUM 20: Enemy = a character on an opposing side: Basic Attack takes neither an ally nor oneself."""
    fight = categories()
    assert offered(fight, "basic-attack") == {"ana basic-attack orc"}
    assert "Basic Attack targets enemy; bo is not one (THRUM 20)" in why(fight, "ana basic-attack bo")
    assert "Basic Attack targets enemy; ana is not one" in why(fight, "ana basic-attack ana")
    assert "no character 'zed' in the fight" in why(fight, "ana basic-attack zed")


def test_thrum_20_ally_means_another_character_of_the_same_side_pc_or_npc() -> None:
    """THRUM 20: Ally = a character other than Self on the same side, PC or NPC."""
    fight = categories()
    assert offered(fight, "cheer") == {"ana cheer bo", "ana cheer cy"}
    assert "Cheer targets ally; ana is not one (THRUM 20)" in why(fight, "ana cheer ana")
    assert "Cheer targets ally; orc is not one" in why(fight, "ana cheer orc")
    fight.apply("ana cheer bo")
    assert marked(fight) == {"bo"}


def test_thrum_20_self_means_the_user() -> None:
    """THRUM 20: Self = the user: Recover takes no one else."""
    fight = new_fight(
        fighter("ana", "heroes", (3, 3), fatigue=1),
        fighter("orc", "raiders", (4, 4), fatigue=1),
        dice=[],
        text=MAP7,
    )
    assert offered(fight, "recover") == {"ana recover +fatigue"}
    assert "Recover targets its user and names no one: ana recover +fatigue" in why(
        fight, "ana recover orc +fatigue"
    )


def test_thrum_20_character_means_anyone() -> None:
    """THRUM 20: Character = Self, Ally or Enemy."""
    fight = categories()
    assert offered(fight, "poke") == {"ana poke ana", "ana poke bo", "ana poke cy", "ana poke orc"}
    fight.apply("ana poke orc")
    assert marked(fight) == {"orc"}


def test_thrum_20_resuscitate_takes_an_incapacitated_ally_only() -> None:
    """THRUM 11, 20: Resuscitate targets an incapacitated Ally in Range 1."""
    fight = categories()
    assert offered(fight, "resuscitate") == {"ana resuscitate cy"}
    assert "Resuscitate targets incapacitated ally; bo is not one" in why(fight, "ana resuscitate bo")
