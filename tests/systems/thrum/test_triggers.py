"""THRUM Terrain Effects and Buffs (THRUM 29) and triggered effects (THRUM 30): Protect and Assist in
initiative order, a counter-attack's own triggers resolved last-in-first-out before the rest of the
attack that caused them.

Dice order (contests.py): a triggered counter-attack is resolved completely (its attack roll, then its
defender's roll) before the attack that triggered it goes on to its defence and rolls.
"""

from __future__ import annotations

from typing import Any

from tactica.engine import Action, Fight
from tactica.render.layout import layout
from tactica.render.svg import board_svg
from tactica.systems.thrum.state import TerrainEffect
from tactica.systems.thrum.targeting import fits_category
from tests.systems.thrum.helpers import fighter, fighter_state, last, new_fight, of, offered

GRID_6 = "\n".join([". . . . . ."] * 6)
DUELIST: dict[str, Any] = {"arts": {"dueling": 0}, "abilities": ["riposte"]}
#: A counter-attacking stance whose strike is a Finisher (so the counter can incapacitate).
PARRY: dict[str, Any] = {
    "parry": {
        "title": "Parry",
        "kind": "stance",
        "art": "dueling",
        "range": 1,
        "trigger": "targeted_by_enemy_in_range",
        "on_trigger": "counter",
        "counter": "parry-strike",
    },
    "parry-strike": {
        "title": "Parry strike",
        "kind": "action",
        "art": "dueling",
        "attack": "physical",
        "tags": ["finisher"],
        "range": 1,
        "success": [{"fatigue": 1}],
    },
}
#: A second Buff (two Boons on defence) for the keep / swap choice.
BLESS: dict[str, Any] = {
    "bless": {
        "title": "Bless",
        "kind": "action",
        "art": "animism",
        "tags": ["buff"],
        "range": 2,
        "target": "ally_or_self",
        "defense_boons": 2,
    }
}
WARDEN: dict[str, Any] = {"arts": {"animism": 0}, "abilities": ["ward"]}
BLESSER: dict[str, Any] = {"arts": {"animism": 0}, "abilities": ["bless"]}
FROST: dict[str, Any] = {"arts": {"elementalism": 0}, "abilities": ["blizzard", "fire-burst"]}


def rolls(fight: Fight) -> list[Any]:
    """Every 2d6 roll so far."""
    return of(list(fight.events), "Rolled2d6")


# --- THRUM 29: Terrain Effects --------------------------------------------------------------------


def frosty(*people: dict[str, Any]) -> Fight:
    """Ana (red, Blizzard) at (0,0), the orc at (3,3), and whoever else is given, acting in that order."""
    return new_fight(
        fighter("ana", "red", (0, 0), **FROST),
        *people,
        fighter("orc", "blue", (3, 3)),
        dice=[],
        text=GRID_6,
    )


BLIZZARD_A = [(2, 2), (2, 3), (3, 2), (3, 3)]
BLIZZARD_B = [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_thrum_29_a_terrain_effect_is_placed_on_its_squares() -> None:
    """THRUM 29: Blizzard creates a Terrain Effect over its Area 2 (not an attack: nobody rolls)."""
    fight = frosty()
    fight.apply("ana blizzard @2,2")
    assert fight.state.terrain == {"ana": TerrainEffect("ana", "blizzard", BLIZZARD_A)}
    changed = last(fight, "TerrainChanged")
    assert (changed.creator, changed.ability, list(changed.cells), changed.removed) == (
        "ana",
        "blizzard",
        BLIZZARD_A,
        False,
    )
    assert rolls(fight) == []


def test_thrum_29_a_new_terrain_effect_removes_the_creators_old_one() -> None:
    """THRUM 29: a character can have only one Terrain Effect in place; creating a new one makes the
    previous one disappear."""
    fight = frosty()
    fight.apply("ana blizzard @2,2")
    fight.apply("ana end")
    fight.apply("orc end")
    fight.apply("ana blizzard @0,0")
    assert fight.state.terrain == {"ana": TerrainEffect("ana", "blizzard", BLIZZARD_B)}
    gone, new = of(list(fight.events), "TerrainChanged")[-2:]
    assert (list(gone.cells), gone.removed) == (BLIZZARD_A, True)
    assert (list(new.cells), new.removed) == (BLIZZARD_B, False)


def test_thrum_29_terrain_effects_of_different_creators_coexist() -> None:
    """THRUM 29: the limit is per creator: a second character's Terrain Effect leaves the first in place."""
    fight = frosty(fighter("cy", "red", (5, 5), **FROST))
    fight.apply("ana blizzard @2,2")
    fight.apply("ana end")
    fight.apply("cy blizzard @3,3")
    assert set(fight.state.terrain) == {"ana", "cy"}
    assert fight.state.terrain["ana"].cells == BLIZZARD_A
    assert fight.state.terrain["cy"].cells == [(3, 3), (3, 4), (4, 3), (4, 4)]


def test_thrum_29_blizzard_squares_are_difficult_until_replaced() -> None:
    """THRUM 29, 19 (Blizzard): the Terrain Effect's squares are difficult while it lasts: from inside it
    the orc cannot reach (1,0) with Speed 4; once Ana's new Blizzard replaces it, the old squares are plain
    again."""
    fight = frosty()
    fight.apply("ana blizzard @2,2")
    fight.apply("ana end")
    reason = fight.why_illegal(Action.parse("orc move @1,0"))
    assert reason is not None and "cannot reach @1,0 with 4 squares" in reason
    fight.apply("orc end")
    fight.apply("ana blizzard @4,4")
    fight.apply("ana end")
    assert fight.why_illegal(Action.parse("orc move @1,0")) is None


# --- THRUM 16, 29: an Aura Terrain Effect moves with its user (issue 14 point 6) -----------------------

GRID_8 = "\n".join([". . . . . . . ."] * 8)
#: An Aura 1 Terrain Effect defined in the setup: the squares around its user are difficult.
MIRE: dict[str, Any] = {
    "mire": {
        "title": "Mire",
        "kind": "action",
        "tags": ["terrain_effect"],
        "target": "area",
        "shape": "aura",
        "size": 1,
        "difficult": True,
    }
}


def around(x: int, y: int) -> list[tuple[int, int]]:
    """The squares of an Aura 1 centred on (x, y) that lie on the 8x8 map, sorted."""
    cells = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    return sorted((a, b) for a, b in cells if 0 <= a < 8 and 0 <= b < 8)


def mired(*others: dict[str, Any], dice: list[int] | None = None, **sheet: Any) -> Fight:
    """Ana (red, Mire) at (1,1) has put her Aura in place and ended her turn; then ``others`` act."""
    fight = new_fight(
        fighter("ana", "red", (1, 1), **{"abilities": ["mire"], **sheet}),
        *others,
        dice=dice if dice is not None else [],
        text=GRID_8,
        abilities=MIRE,
    )
    fight.apply("ana mire")
    fight.apply("ana end")
    return fight


def test_thrum_16_an_aura_terrain_effect_follows_its_user_when_she_moves() -> None:
    """Seed l.46 (THRUM 16): an Aura "remains centered on the target even if they move": after Ana's move
    her Mire covers the squares around her new square (announced by a TerrainChanged), not its first ones,
    and the orc standing in it now pays to leave (5,2): (5,6) is 4 steps but 5 squares of movement away."""
    fight = mired(fighter("orc", "blue", (5, 2)))
    assert fight.state.terrain["ana"].cells == around(1, 1)
    fight.apply("orc end")
    fight.apply("ana move @4,1")
    assert fight.state.terrain["ana"].cells == around(4, 1)
    moved = last(fight, "TerrainChanged")
    assert (moved.creator, moved.ability, list(moved.cells), moved.removed) == (
        "ana",
        "mire",
        around(4, 1),
        False,
    )
    fight.apply("ana end")
    reason = fight.why_illegal(Action.parse("orc move @5,6"))
    assert reason is not None and "cannot reach @5,6 with 4 squares" in reason


def test_thrum_16_the_board_drawing_shows_the_aura_where_its_user_is() -> None:
    """Seed l.46 (THRUM 16): the SVG board (render/svg.py, drawn from the state) shows the Mire's squares
    around Ana's new square after her move, and none of its first squares."""
    fight = mired(fighter("orc", "blue", (7, 7)))
    fight.apply("orc end")
    fight.apply("ana move @4,1")
    grid = layout(fight.game.board)  # type: ignore[attr-defined]
    svg = board_svg(fight)

    def drawn(p: tuple[int, int]) -> bool:
        return grid.shape(p, 'class="area effect"', "<title>mire (terrain effect of ana)</title>") in svg

    assert [p for p in around(4, 1) if not drawn(p)] == []
    assert [p for p in around(1, 1) if drawn(p)] == []


def test_thrum_16_an_aura_never_slows_its_own_user() -> None:
    """Seed l.46 (THRUM 16, 29): the Aura moves with Ana and her square is its hole, so no step of hers
    leaves one of its squares: 4 squares cost her Speed 4 exactly (a Mire left behind would cost 5)."""
    fight = mired(fighter("orc", "blue", (7, 7)))
    fight.apply("orc end")
    assert fight.why_illegal(Action.parse("ana move @5,1")) is None
    fight.apply("ana move @5,1")
    assert fight.state.terrain["ana"].cells == around(5, 1)


def test_thrum_16_an_aura_follows_a_teleport() -> None:
    """Seed l.46 (THRUM 15, 16): after a Teleport (Blink) the Aura is centred on the user's new square."""
    fight = mired(fighter("orc", "blue", (7, 7)), arts={"ninjutsu": 0}, abilities=["mire", "blink"])
    fight.apply("orc end")
    fight.apply("ana blink @3,1")
    assert fight.state.terrain["ana"].cells == around(3, 1)


def test_thrum_16_an_aura_follows_its_user_when_pushed() -> None:
    """Seed l.46 (THRUM 14, 16): pushed by Point Blank Shot from (1,1) to (0,1), Ana keeps her Mire
    centred on her (the part of it off the map is dropped). Dice: orc's attack [1 1], Ana's Resilience
    [6 6]: the push happens whatever the roll."""
    archer = {"arts": {"archery": 0}, "abilities": ["point-blank-shot"]}
    fight = mired(fighter("orc", "blue", (3, 1), **archer), dice=[1, 1, 6, 6])
    fight.apply("orc point-blank-shot ana")
    fight.apply("ana defend +resilience")
    fight.apply("orc push @0,1")
    assert fighter_state(fight, "ana").pos == (0, 1)
    assert fight.state.terrain["ana"].cells == around(0, 1)


# --- THRUM 29: Buffs ----------------------------------------------------------------------------------


def buffers(*dice: int) -> Fight:
    """Ana (Ward) and Cleo (Bless) buff Bo; the orc acts last."""
    return new_fight(
        fighter("ana", "red", (0, 2), **WARDEN),
        fighter("cleo", "red", (2, 2), **BLESSER),
        fighter("bo", "red", (1, 2)),
        fighter("orc", "blue", (1, 5)),
        dice=list(dice),
        text=GRID_6,
        abilities=BLESS,
    )


def test_thrum_29_a_buff_is_taken_by_an_unbuffed_target() -> None:
    """THRUM 29: a Buff on a target without one simply applies and persists."""
    fight = buffers()
    fight.apply("ana ward bo")
    bo = fighter_state(fight, "bo")
    assert (bo.buff, bo.buff_from) == ("ward", "ana")
    taken = last(fight, "BuffChanged")
    assert (taken.actor, taken.buff, taken.creator, taken.change) == ("bo", "ward", "ana", "taken")


def test_thrum_29_second_buff_lets_the_target_choose() -> None:
    """THRUM 29: a target already benefiting from a Buff chooses whether to end it or decline the new one:
    the decision is the target's, offered as keep / swap; nothing else can happen meanwhile."""
    fight = buffers()
    fight.apply("ana ward bo")
    fight.apply("ana end")
    fight.apply("cleo bless bo")
    assert fight.deciding() == ["bo"]
    assert offered(fight) == {"bo keep", "bo swap"}
    reason = fight.why_illegal(Action.parse("cleo end"))
    assert reason is not None and "waiting for bo to answer the buff" in reason


def test_thrum_29_keeping_the_old_buff_declines_the_new_one() -> None:
    """THRUM 29: 'keep' declines the new Buff; the old one stays."""
    fight = buffers()
    fight.apply("ana ward bo")
    fight.apply("ana end")
    fight.apply("cleo bless bo")
    fight.apply("bo keep")
    bo = fighter_state(fight, "bo")
    assert (bo.buff, bo.buff_from) == ("ward", "ana")
    declined = last(fight, "BuffChanged")
    assert (declined.buff, declined.creator, declined.change) == ("bless", "cleo", "declined")
    assert fight.deciding() == ["cleo"]


def test_thrum_29_swapping_ends_the_old_buff_for_the_new_one() -> None:
    """THRUM 29: 'swap' ends the previous Buff and takes the new one (only one benefits at a time)."""
    fight = buffers()
    fight.apply("ana ward bo")
    fight.apply("ana end")
    fight.apply("cleo bless bo")
    fight.apply("bo swap")
    bo = fighter_state(fight, "bo")
    assert (bo.buff, bo.buff_from) == ("bless", "cleo")
    ended, taken = of(list(fight.events), "BuffChanged")[-2:]
    assert (ended.buff, ended.change, taken.buff, taken.change) == ("ward", "ended", "bless", "taken")


def test_thrum_29_a_creator_may_keep_many_buffs_active() -> None:
    """THRUM 29: a character can have any number of its Buffs active, one per target."""
    fight = buffers()
    fight.apply("ana ward bo")
    fight.apply("ana end")
    fight.apply("cleo end")
    fight.apply("bo end")
    fight.apply("orc end")
    fight.apply("ana ward ana")
    assert (fighter_state(fight, "bo").buff, fighter_state(fight, "bo").buff_from) == ("ward", "ana")
    assert (fighter_state(fight, "ana").buff, fighter_state(fight, "ana").buff_from) == ("ward", "ana")


def test_thrum_29_buff_boons_apply_to_defensive_rolls() -> None:
    """THRUM 29 (Ward sample): the Buff's Boon applies to its holder's defensive roll until combat ends."""
    fight = buffers(3, 3, 1, 1, 6)
    fight.apply("ana ward bo")
    fight.apply("ana end")
    fight.apply("cleo end")
    fight.apply("bo end")
    fight.apply("orc basic-attack bo")
    fight.apply("bo defend +resilience")
    roll = rolls(fight)[1]
    assert (roll.actor, roll.faces, roll.kept, roll.boons, roll.total) == ("bo", (1, 1, 6), (1, 6), 1, 7)
    assert fighter_state(fight, "bo").fatigue == 0


def test_thrum_29_buff_targets_are_self_or_ally() -> None:
    """THRUM 29: Buffs target the user or an ally; an enemy is refused with the category named."""
    fight = buffers()
    reason = fight.why_illegal(Action.parse("ana ward orc"))
    assert reason is not None and "targets ally or self" in reason
    assert offered(fight, "ward") == {"ana ward ana", "ana ward cleo", "ana ward bo"}
    ward = fight.game.abilities["ward"]
    assert not fits_category(ward, fighter_state(fight, "ana"), fighter_state(fight, "orc"))


# --- THRUM 30: triggers in initiative order -----------------------------------------------------------


def protected(*dice: int, high: str = "trigger", low: str = "trigger") -> Fight:
    """The orc (acting first) shoots Ana; two Protect holders stand next to her. 'plow' is listed before
    'phigh' but has the lower initiative, so 'phigh' must decide first. Answers ``high`` / ``low``."""
    fight = new_fight(
        fighter("orc", "blue", (5, 1)),
        fighter("ana", "red", (2, 1)),
        fighter("plow", "red", (1, 2), stance="protect"),
        fighter("phigh", "red", (1, 0), stance="protect"),
        dice=list(dice),
        text=GRID_6,
        initiative={"orc": 20, "ana": 5, "plow": 3, "phigh": 10},
    )
    fight.apply("orc basic-attack ana")
    return fight


def test_thrum_30_common_trigger_resolves_in_initiative_order() -> None:
    """THRUM 30: two Protect stances triggered by the same targeting resolve in initiative order (top of
    the order first), whatever order the characters were listed in."""
    fight = protected()
    assert fight.deciding() == ["phigh"]
    assert offered(fight) == {"phigh trigger", "phigh pass"}
    fight.apply("phigh trigger")
    assert fight.deciding() == ["plow"]
    fight.apply("plow trigger")
    assert fight.deciding() == ["ana"]
    triggered = of(list(fight.events), "StanceTriggered")
    assert [(t.actor, t.stance, t.target, t.effect) for t in triggered] == [
        ("phigh", "protect", "ana", "+1 Boon on ana's defensive roll"),
        ("plow", "protect", "ana", "+1 Boon on ana's defensive roll"),
    ]


def test_thrum_30_both_protect_boons_reach_the_defensive_roll() -> None:
    """THRUM 11, 30: each Protect grants +1 Boon on the ally's defensive roll and its stance then ends."""
    fight = protected(4, 4, 1, 1, 2, 6)
    fight.apply("phigh trigger")
    fight.apply("plow trigger")
    fight.apply("ana defend +resilience")
    roll = rolls(fight)[1]
    assert (roll.actor, roll.faces, roll.kept, roll.boons, roll.total) == ("ana", (1, 1, 2, 6), (2, 6), 2, 8)
    assert fighter_state(fight, "ana").fatigue == 0
    assert (fighter_state(fight, "phigh").stance, fighter_state(fight, "plow").stance) == (None, None)


def test_thrum_30_passing_keeps_the_stance() -> None:
    """THRUM 11, 30: a triggered effect is optional ('may'); passing keeps the stance and the next holder
    in initiative order still decides."""
    fight = protected(4, 4, 1, 1, 6)
    fight.apply("phigh pass")
    fight.apply("plow trigger")
    fight.apply("ana defend +resilience")
    assert fighter_state(fight, "phigh").stance == "protect"
    assert fighter_state(fight, "plow").stance is None
    passed = of(list(fight.events), "StanceTriggered")[0]
    assert (passed.actor, passed.declined) == ("phigh", True)
    assert rolls(fight)[1].boons == 1


def test_thrum_30_trigger_answers_are_refused_out_of_turn() -> None:
    """THRUM 30: while a trigger is pending only its holder answers, with 'trigger' or 'pass'."""
    fight = protected()
    reason = fight.why_illegal(Action.parse("plow trigger"))
    assert reason is not None and "waiting for phigh to answer the trigger raised by orc" in reason
    reason = fight.why_illegal(Action.parse("phigh defend +evasion"))
    assert reason is not None and "(trigger or pass)" in reason


def test_thrum_30_assist_puts_a_bane_on_the_enemys_defence() -> None:
    """THRUM 11, 30: Assist (an ally targets an enemy within range of the holder): +1 Bane on that
    enemy's defensive roll, then the stance ends."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("bo", "red", (3, 0), stance="assist"),
        fighter("orc", "blue", (2, 0)),
        dice=[3, 3, 6, 6, 1],
    )
    fight.apply("ana basic-attack orc")
    assert offered(fight) == {"bo trigger", "bo pass"}
    fight.apply("bo trigger")
    fight.apply("orc defend +resilience")
    roll = rolls(fight)[1]
    assert (roll.actor, roll.faces, roll.kept, roll.banes, roll.total) == ("orc", (6, 6, 1), (1, 6), 1, 7)
    assert fighter_state(fight, "orc").fatigue == 0
    assert fighter_state(fight, "bo").stance is None


def test_thrum_30_no_trigger_out_of_range_or_for_the_wrong_side() -> None:
    """THRUM 11, 30: Protect fires only for an ally within its range targeted by an ENEMY; a holder two
    squares away, or an Assist holder next to an ally being attacked, is not asked."""
    fight = new_fight(
        fighter("orc", "blue", (5, 0)),
        fighter("ana", "red", (2, 0)),
        fighter("far", "red", (0, 0), stance="protect"),
        fighter("aide", "red", (3, 1), stance="assist"),
        dice=[],
        text=GRID_6,
    )
    fight.apply("orc basic-attack ana")
    assert fight.deciding() == ["ana"]
    assert offered(fight) == {"ana defend +resilience", "ana defend +evasion"}


def test_thrum_30_one_stance_triggers_once_per_attack() -> None:
    """THRUM 30: a Protect next to two allies caught by one area attack triggers for one of them; once
    used, the stance has ended and its other trigger is dropped."""
    fight = new_fight(
        fighter("orc", "blue", (0, 3), **FROST),
        fighter("ana", "red", (2, 2)),
        fighter("cy", "red", (2, 3)),
        fighter("bo", "red", (1, 2), stance="protect"),
        dice=[],
        text=GRID_6,
    )
    fight.apply("orc fire-burst @2,2")
    assert last(fight, "Targeted").targets == ("ana", "cy")
    assert fight.deciding() == ["bo"]
    fight.apply("bo trigger")
    assert last(fight, "StanceTriggered").target == "ana"
    assert fight.deciding() == ["ana"]
    fight.apply("ana defend +resilience")
    assert fight.deciding() == ["cy"]


# --- THRUM 30: a trigger of a trigger (last in, first out) --------------------------------------------


def riposte_chain(*dice: int) -> Fight:
    """Ana attacks the adjacent orc, who stands in Riposte; Bo (Protect) stands next to Ana."""
    return new_fight(
        fighter("ana", "red", (1, 1)),
        fighter("orc", "blue", (2, 1), stance="riposte", **DUELIST),
        fighter("bo", "red", (0, 1), stance="protect"),
        dice=list(dice),
        text=GRID_6,
    )


def test_thrum_30_counter_attack_and_its_own_trigger_resolve_first() -> None:
    """THRUM 30: the orc's Riposte counter-attack (triggered by Ana's attack) itself triggers Bo's Protect;
    they resolve as a stack: Protect, then the counter-attack, and only then the rest of Ana's attack
    (the orc's defence declaration and both rolls) -- triggered effects pre-empt what caused them."""
    fight = riposte_chain(4, 4, 6, 6, 1, 1, 5, 5, 1, 1, 1)
    fight.apply("ana basic-attack orc")
    assert offered(fight) == {"orc trigger", "orc pass"}
    fight.apply("orc trigger")
    assert offered(fight) == {"bo trigger", "bo pass"}
    fight.apply("bo trigger")
    assert offered(fight) == {"ana defend +resilience", "ana defend +evasion"}
    fight.apply("ana defend +evasion")
    assert offered(fight) == {"orc defend +resilience", "orc defend +evasion"}
    fight.apply("orc defend +resilience")
    trace = [
        (e.kind, getattr(e, "actor", getattr(e, "attacker", "")))
        for e in fight.events
        if e.kind in ("StanceTriggered", "DefenseDeclared", "Rolled2d6", "ContestDecided")
    ]
    assert trace == [
        ("StanceTriggered", "orc"),
        ("StanceTriggered", "bo"),
        ("DefenseDeclared", "ana"),
        ("Rolled2d6", "orc"),
        ("Rolled2d6", "ana"),
        ("ContestDecided", "orc"),
        ("DefenseDeclared", "orc"),
        ("Rolled2d6", "ana"),
        ("Rolled2d6", "orc"),
        ("ContestDecided", "ana"),
    ]
    counter, evade, shot, guard = rolls(fight)
    assert (counter.what, evade.boons, evade.total) == ("Riposte strike attack on ana", 2, 12)
    assert (shot.banes, shot.total, guard.total) == (1, 6, 2)
    assert (fighter_state(fight, "ana").fatigue, fighter_state(fight, "orc").fatigue) == (0, 2)
    assert fighter_state(fight, "ana").statuses == {"vulnerable": 1}
    assert (fighter_state(fight, "orc").stance, fighter_state(fight, "bo").stance) == (None, None)


def test_thrum_30_counter_that_incapacitates_stops_the_attack() -> None:
    """THRUM 30, 38: a counter-attack pre-empts the rest of the attack that triggered it; when it
    incapacitates the attacker (a Finisher on an Exhausted attacker), the attack is never rolled and the
    attacker's turn ends."""
    fight = new_fight(
        fighter("ana", "red", (1, 1), fatigue=3),
        fighter("orc", "blue", (2, 1), stance="parry", arts={"dueling": 0}, abilities=["parry"]),
        fighter("bo", "red", (5, 5)),
        dice=[6, 6, 1, 1, 1, 1],
        text=GRID_6,
        abilities=PARRY,
    )
    fight.apply("ana basic-attack orc")
    fight.apply("orc trigger")
    fight.apply("ana defend +resilience")
    ana = fighter_state(fight, "ana")
    assert (ana.incapacitated, ana.fatigue, ana.fatigue_tolerance) == (True, 2, 1)
    fizzled = last(fight, "ActionFizzled")
    assert (fizzled.actor, fizzled.ability) == ("ana", "basic-attack")
    assert [r.actor for r in rolls(fight)] == ["orc", "ana", "ana"]
    assert fighter_state(fight, "orc").fatigue == 0
    assert fight.deciding() == ["orc"]
    assert last(fight, "TurnStarted").slot == "orc"


def test_thrum_30_no_defence_is_asked_against_a_pre_empted_attack() -> None:
    """THRUM 30, 38: once the counter-attack has incapacitated the attacker, its attack cannot go on (it
    cannot act), so the target owes no defence declaration: the fight moves straight on."""
    fight = new_fight(
        fighter("ana", "red", (1, 1), fatigue=3),
        fighter("orc", "blue", (2, 1), stance="parry", arts={"dueling": 0}, abilities=["parry"]),
        fighter("bo", "red", (5, 5)),
        dice=[6, 6, 1, 1, 1, 1],
        text=GRID_6,
        abilities=PARRY,
    )
    fight.apply("ana basic-attack orc")
    fight.apply("orc trigger")
    fight.apply("ana defend +resilience")
    assert "orc defend +resilience" not in offered(fight)
    assert last(fight, "ActionFizzled").actor == "ana"
