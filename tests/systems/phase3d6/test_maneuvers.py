"""Manoeuvres a scenario defines (issue 14 point 8; Phase 3d6 rules 13, 16, 20-21): a ``maneuvers:`` section
adds rows to the seed's table (l.20-90: each manoeuvre's action type and whether it provokes) or overrides
them, with OCV, DCV, extra damage dice and effects of the engine's vocabulary; the engine, the exact odds and
the AI use them as they use the table's own rows."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.analysis import action_odds
from tactica.engine import Fight
from tactica.engine.errors import SetupError
from tactica.systems.phase3d6.ai import DefaultPolicy
from tests.systems.phase3d6.helpers import fighter, new_fight, of, offered, play, why

#: A strike that aims well and guards: OCV +2, DCV +1, one more d6 of damage.
MARTIAL = {"title": "Martial Strike", "type": "attack", "verb": "attack", "ocv": 2, "dcv": 1, "extra_dice": 1}
#: A defence one aborts to: DCV +5 and no attacks of opportunity, like a better Dodge.
EVADE = {"type": "attack", "verb": "abort", "defensive": True, "dcv": 5, "effects": ["no-opportunity"]}


def pair(dice: list[int] | None = None, maneuvers: dict[str, Any] | None = None, **ana: Any) -> Fight:
    """ana (first, fists) next to orc; the scenario's manoeuvres."""
    return new_fight(
        fighter("ana", "red", (2, 2), **ana),
        fighter("orc", "blue", (3, 2)),
        dice=dice,
        maneuvers=maneuvers or {"martial-strike": MARTIAL, "evade": EVADE},
    )


def test_a_file_manoeuvre_is_offered_like_the_tables_own() -> None:
    """Rule 16 (the table's attack manoeuvres), issue 14 point 8: ``attack T +M``, ``opportunity T +M`` and
    ``ready ... +M`` offer a scenario's attack manoeuvre; ``abort +M`` its defensive one."""
    fight = pair()
    assert "ana attack orc with fists +martial-strike" in offered(fight, "attack")
    assert "ana ready orc with fists +attacks +martial-strike" in offered(fight, "ready")
    play(fight, "ana end", "orc attack ana")
    assert "ana abort +evade" in offered(fight, "abort")
    fight = pair()
    play(fight, "ana end", "orc move @4,3")
    assert "ana opportunity orc with fists +martial-strike" in offered(fight, "opportunity")


def test_a_file_attack_manoeuvre_is_melee_unless_ranged() -> None:
    """Issue 14 point 8: as Haymaker and Disarm, a scenario's attack manoeuvre is for melee weapons unless
    its row says ``ranged: true`` (the Strike's does)."""
    aimed = {**MARTIAL, "ranged": True}
    fight = new_fight(
        fighter("ana", "red", (0, 2), weapons=["pistol"]),
        fighter("orc", "blue", (4, 2)),
        maneuvers={"martial-strike": MARTIAL, "aimed": aimed},
    )
    assert offered(fight, "attack") == {"ana attack orc with pistol", "ana attack orc with pistol +aimed"}
    assert "manoeuvres ana may use with pistol: +aimed" in why(
        fight, "ana attack orc with pistol +martial-strike"
    )


def test_its_ocv_dcv_and_extra_dice_apply() -> None:
    """Rules 5 and 13 with a scenario's manoeuvre: 3d6 + OCV (3 + 2) against 10 + DCV 3, its extra d6 added
    to the fists' 2d6; its DCV +1 lasts until ana's next Phase, so orc rolls against 10 + 4."""
    fight = pair(dice=[3, 3, 2, 1, 2, 3, 4, 4, 2])
    play(fight, "ana attack orc +martial-strike", "orc pass")
    roll = of(fight.events, "AttackRoll")[-1]
    assert (roll.maneuver, roll.ocv, roll.dcv, roll.total, roll.hit) == ("martial-strike", 5, 3, 13, True)
    damage = of(fight.events, "DamageDealt")[-1]
    assert (damage.faces, damage.stun) == ((1, 2, 3), 6)
    play(fight, "ana end", "orc attack ana", "ana pass")
    roll = of(fight.events, "AttackRoll")[-1]
    assert (roll.attacker, roll.dcv, roll.total, roll.target_number, roll.hit) == ("orc", 4, 13, 14, False)


def test_overriding_a_table_row_keeps_its_other_columns() -> None:
    """Issue 14 point 8: a row of the scenario with a table id overrides the columns it gives: a Haymaker
    of DCV -4 and +2d6 keeps its title, type and verb."""
    fight = pair(dice=[6, 6, 6, 1, 1, 2, 2], maneuvers={"haymaker": {"dcv": -4, "extra_dice": 2}})
    row = fight.game.maneuvers["haymaker"]
    assert (row.title, row.type, row.verb, row.ocv, row.dcv, row.extra_dice) == (
        "Haymaker",
        "attack",
        "attack",
        0,
        -4,
        2,
    )
    play(fight, "ana attack orc +haymaker", "orc pass")
    assert of(fight.events, "DamageDealt")[-1].faces == (1, 1, 2, 2)


def test_exact_odds_count_a_file_manoeuvre_as_a_built_in_one() -> None:
    """Issue 14 point 8 (the exact odds): ana's Martial Strike hits when 3d6 + 5 >= 13, 3d6 >= 8: 181/216;
    fists 2d6 and 1d6 more, PD 0: the harm is the 3d6 total, mean 10.5; the table's Haymaker (OCV 0, +4d6)
    hits on 3d6 >= 10: 135/216, mean harm 6d6 = 21."""
    fight = pair()
    martial = action_odds(fight, "ana attack orc +martial-strike", ["orc pass"])
    assert martial.exact
    assert martial.classes() == pytest.approx({"miss": 35 / 216, "hit": 181 / 216})
    assert martial.mean_harm() == pytest.approx(10.5 * 181 / 216)
    haymaker = action_odds(fight, "ana attack orc +haymaker", ["orc pass"])
    assert haymaker.classes()["miss"] == pytest.approx(81 / 216)
    assert haymaker.mean_harm() == pytest.approx(21 * 135 / 216)


def test_exact_odds_count_an_overridden_row_and_a_file_defence() -> None:
    """Issue 14 point 8: a Haymaker overridden to +1d6 deals 3d6 (mean 10.5 on a hit); orc aborting to the
    scenario's Evade (DCV +5) is hit only when 3d6 + 3 >= 18, 3d6 >= 15: 20/216."""
    fight = pair(maneuvers={"haymaker": {"extra_dice": 1}, "evade": EVADE})
    result = action_odds(fight, "ana attack orc +haymaker", ["orc pass"])
    assert result.mean_harm() == pytest.approx(10.5 * 135 / 216)
    evaded = action_odds(fight, "ana attack orc", ["orc abort +evade"])
    assert evaded.classes()["hit"] == pytest.approx(20 / 216)


def test_a_file_defence_forbids_attacks_of_opportunity_when_its_effect_says() -> None:
    """Rule 11 with a scenario's defence: ``effects: [no-opportunity]`` works as the Dodge's (E4)."""
    fight = pair(dice=[1, 1, 1])
    play(fight, "ana end", "orc attack ana", "ana abort +evade")
    assert of(fight.events, "AttackRoll")[-1].dcv == 8
    play(fight, "orc move @5,2")
    assert of(fight.events, "OpportunityOffered") == []


def test_the_default_ai_uses_a_better_file_manoeuvre() -> None:
    """Issue 14 point 8: the default AI offers and uses a scenario's manoeuvre as the table's: with no OCV
    advantage it takes the best manoeuvre that costs no OCV or DCV (here the Martial Strike, not a plain
    Strike)."""
    fight = pair()
    choice = DefaultPolicy().choose(fight)
    assert str(choice) == "ana attack orc with fists +martial-strike"


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            {"type": "attack", "verb": "attack", "damage": 2},
            "maneuvers.jab: unknown column 'damage'; columns: title, type",
        ),
        (
            {"type": "attack", "verb": "attack", "effects": ["stun"]},
            "maneuvers.jab.effects[0]: unknown effect 'stun'; effects: disarm, no-opportunity, block, deflect, roll",
        ),
        (
            {"type": "attack", "verb": "attack", "effects": ["block"]},
            "maneuvers.jab.effects[0]: 'block' does not fit this manoeuvre; allowed: disarm",
        ),
        (
            {"type": "attack", "verb": "grapple"},
            "maneuvers.jab.verb: 'grapple'; a new manoeuvre's verb is one of: attack, abort",
        ),
        (
            {"type": "move", "verb": "attack"},
            "maneuvers.jab.type: 'move'; a manoeuvre with verb 'attack' is an attack action",
        ),
        (
            {"type": "attack", "verb": "abort"},
            "maneuvers.jab.defensive: a manoeuvre one aborts to is defensive",
        ),
        ({"verb": "attack", "ocv": 1}, "maneuvers.jab: type"),
        ({"type": "attack", "verb": "attack", "ocv": "lots"}, "maneuvers.jab: ocv: must be a whole number"),
    ],
)
def test_a_bad_row_is_one_clear_error(row: dict[str, Any], message: str) -> None:
    """Issue 14 point 8: unknown columns or effects, and rows the engine could not carry out, are one error
    naming the row and the field and what is valid."""
    with pytest.raises(SetupError) as caught:
        pair(maneuvers={"jab": row})
    assert message in str(caught.value)


def test_a_table_rows_verb_cannot_change() -> None:
    """Issue 14 point 8: an override keeps the row's verb (the action that carries it out)."""
    with pytest.raises(SetupError) as caught:
        pair(maneuvers={"block": {"verb": "attack"}})
    assert "maneuvers.block.verb: the table's 'block' is carried out by 'abort'; keep it" in str(caught.value)
