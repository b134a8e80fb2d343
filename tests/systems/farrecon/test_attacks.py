"""Far Recon 10-13 and 16, rulings D5, D8, D9: dodge then Physical Defense, the dodge's limits, ties to the
defender, touch attacks, cover, helpless defenders, abilities that change the rules."""

from __future__ import annotations

from typing import Any

from tests.systems.farrecon.helpers import CRIT, F, fighter, last, new_fight, of, offered, refused, state_of

CRATE = ". . . . . . . .\n. . + . . . . .\n. . . . . . . ."
CORRIDOR = "# # # # # # # #\n. . . . . . . .\n. # # # # # # ."


def shot(
    *dice: list[int],
    b: dict[str, Any] | None = None,
    text: str | None = None,
    b_at: tuple[int, int] = (4, 1),
    **extra: Any,
) -> Any:
    """a (Firearms 2) shoots b (Agility 1, PDef 1) 4 squares away; c waits on a's side, d on b's."""
    b_sheet = {"skills": {"agility": 1, "pdef": 1}, **(b or {})}
    people = [
        fighter("a", "x", (0, 1), skills={"firearms": 2}, weapons=["pistol", "knife", "taser"]),
        fighter("b", "y", b_at, **b_sheet),
        fighter("c", "x", (0, 2), skills={"firearms": 2}),
        fighter("d", "y", (7, 2)),
    ]
    kwargs: dict[str, Any] = {"dice": [face for roll in dice for face in roll], **extra}
    if text is not None:
        kwargs["text"] = text
    return new_fight(*people, **kwargs)


def strikes(fight: Any) -> list[tuple[str, str]]:
    return [(e.stage, e.result) for e in of(fight, "StrikeResolved")]


def test_farrecon_10_dodge_first_then_physical_defense() -> None:
    """Far Recon 10: the defender may dodge (Agility) first; the dodge fails, so Physical Defense is
    rolled and the margin over it is the damage's: 4 - 1 = 3 -> 2 increments, 4 damage."""
    fight = shot(F(2), F(1), F(0))
    fight.apply("a attack b with pistol")
    assert offered(fight) == {"b dodge", "b take"}
    fight.apply("b dodge")
    assert strikes(fight) == [("dodge", "through"), ("pdef", "hit")]
    pdef = last(fight, "StrikeResolved")
    assert (pdef.attack_total, pdef.defense_total, pdef.margin, pdef.damage) == (4, 1, 3, 4)
    assert state_of(fight, "b").health == 4


def test_farrecon_10_a_successful_dodge_avoids_the_attack() -> None:
    """Far Recon 10: a dodge above the attack total: missed, no Physical Defense roll."""
    fight = shot(F(0), F(2))
    fight.apply("a attack b with pistol")
    fight.apply("b dodge")
    assert strikes(fight) == [("dodge", "dodged")] and len(of(fight, "FudgeRolled")) == 2


def test_farrecon_10_taking_the_attack_rolls_physical_defense_only() -> None:
    """Far Recon 10: without a dodge the attack meets Physical Defense directly."""
    fight = shot(F(1), F(1))
    fight.apply("a attack b with pistol")
    fight.apply("b take")
    assert strikes(fight) == [("pdef", "hit")] and state_of(fight, "b").health == 6


def test_farrecon_11_one_dodge_per_round() -> None:
    """Far Recon 11: a second attack in the same round cannot be dodged (no one is asked); the dodge comes
    back in the next round (D9)."""
    fight = shot(F(0), F(2), F(0), F(0), F(0))
    fight.apply("a attack b with pistol")
    fight.apply("b dodge")
    fight.apply("b end")
    fight.apply("c attack b with pistol")  # b cannot dodge again: Physical Defense at once
    assert strikes(fight)[-1] == ("pdef", "hit") and fight.deciding() == ["d"]
    fight.apply("d end")
    fight.apply("a attack b with pistol")
    assert offered(fight) == {"b dodge", "b take"}


def test_farrecon_d9_option_dodge_reset_own_turn() -> None:
    """D9 / option dodge_reset own_turn: the dodge comes back at the start of the character's own turn
    (here in the middle of the round, so it can dodge c's attack)."""
    fight = shot(F(0), F(2), F(0), options={"dodge_reset": "own_turn"})
    fight.apply("a attack b with pistol")
    fight.apply("b dodge")
    fight.apply("b end")
    fight.apply("c attack b with pistol")
    assert offered(fight) == {"b dodge", "b take"}


def test_farrecon_11_option_dodges_per_round() -> None:
    """Far Recon 11 / option dodges_per_round: 2 dodges a round; 0: never."""
    fight = shot(F(0), F(2), F(0), options={"dodges_per_round": 2})
    fight.apply("a attack b with pistol")
    fight.apply("b dodge")
    fight.apply("b end")
    fight.apply("c attack b with pistol")
    assert offered(fight) == {"b dodge", "b take"}
    never = shot(F(0), F(1), options={"dodges_per_round": 0})
    never.apply("a attack b with pistol")
    assert strikes(never) == [("pdef", "graze")]


def test_farrecon_16_an_ability_on_the_sheet_overrides_the_dodge_limit() -> None:
    """Far Recon 16: a sheet's 'dodges: 2' (an ability) supersedes the one-dodge rule."""
    fight = shot(F(0), F(2), F(0), b={"dodges": 2})
    fight.apply("a attack b with pistol")
    fight.apply("b dodge")
    fight.apply("b end")
    fight.apply("c attack b with pistol")
    assert offered(fight) == {"b dodge", "b take"}


def test_farrecon_11_no_dodge_when_unaware_restrained_or_confined() -> None:
    """Far Recon 11: the unaware, the restrained and a defender in a confined space get no dodge roll."""
    for b, text in (({"aware": False}, None), ({"restrained": True}, None), ({}, CORRIDOR)):
        fight = shot(F(0), F(1), b=b, text=text)
        fight.apply("a attack b with pistol")
        assert strikes(fight) == [("pdef", "graze")], b  # Physical Defense at once: no one asked
    fight = shot(b={"restrained": True})
    fight.apply("a end")
    assert "restrained" in refused(fight, "b move @5,1") and not offered(fight, "move")


def test_farrecon_11_option_confined_open_neighbours() -> None:
    """Far Recon 11 / option confined_open_neighbours 1: a one-square-wide corridor is not confined."""
    fight = shot(F(0), b={}, text=CORRIDOR, options={"confined_open_neighbours": 1})
    fight.apply("a attack b with pistol")
    assert offered(fight) == {"b dodge", "b take"}


def test_farrecon_11_the_unaware_dodge_after_their_first_turn() -> None:
    """Far Recon 11: awareness comes with the character's first turn."""
    fight = shot(F(0), F(0), F(0), b={"aware": False})
    fight.apply("a attack b with pistol")
    fight.apply("b end")
    fight.apply("c attack b with pistol")
    assert offered(fight) == {"b dodge", "b take"}


def test_farrecon_13_a_tied_dodge_is_a_touch_without_physical_defense() -> None:
    """Far Recon 13: a tied dodge goes to the defender: a touch, no damage, no PDef roll."""
    fight = shot(F(1), F(2))
    fight.apply("a attack b with pistol")
    fight.apply("b dodge")
    assert strikes(fight) == [("dodge", "touch")] and len(of(fight, "FudgeRolled")) == 2
    assert state_of(fight, "b").health == 8


def test_farrecon_13_a_tied_physical_defense_is_a_graze() -> None:
    """Far Recon 13: a tied Physical Defense roll: a grazing blow, no damage."""
    fight = shot(F(1), F(2))
    fight.apply("a attack b with pistol")
    fight.apply("b take")
    assert strikes(fight) == [("pdef", "graze")] and state_of(fight, "b").health == 8


def test_farrecon_13_touch_attacks_win_ties() -> None:
    """Far Recon 13, D8: a taser (touch attack) goes through a tied dodge and connects on a tied PDef with
    one increment of damage and its touch effect (stun: b loses its next turn)."""
    fight = shot(F(1), F(2), F(2), b_at=(3, 1))
    fight.apply("a attack b with taser")
    fight.apply("b dodge")
    assert strikes(fight) == [("dodge", "through"), ("pdef", "connect")]
    assert last(fight, "StrikeResolved").damage == 1 and last(fight, "TouchEffect").effect == "stun"
    assert last(fight, "TurnForfeited").actor == "b" and fight.deciding() == ["c"]


def test_farrecon_d8_option_touch_tie_tiers() -> None:
    """D8 / option touch_tie_tiers 0: a touch attack's tie connects (the stun) without damage."""
    fight = shot(F(1), F(2), options={"touch_tie_tiers": 0}, b_at=(3, 1))
    fight.apply("a attack b with taser")
    fight.apply("b take")
    assert last(fight, "StrikeResolved").damage == 0 and last(fight, "TouchEffect").target == "b"
    assert last(fight, "TurnForfeited").actor == "b"


def test_farrecon_d5_option_combat_ties_active() -> None:
    """D5 / option combat_ties active: the attacker (the active side) wins ties: through a tied dodge, and
    a tied PDef connects with one increment."""
    fight = shot(F(1), F(2), F(2), options={"combat_ties": "active"})
    fight.apply("a attack b with pistol")
    fight.apply("b dodge")
    assert strikes(fight) == [("dodge", "through"), ("pdef", "connect")]
    assert state_of(fight, "b").health == 6


def test_farrecon_1_cover_helps_the_defence_against_ranged_attacks() -> None:
    """Far Recon 1 (situational modifiers) / option cover_modifier: partial cover (a crate) adds 1 to the
    dodge and Physical Defense rolls against a shot; 0 turns it off."""
    fight = shot(F(2), F(0), F(0), text=CRATE)
    fight.apply("a attack b with pistol")
    fight.apply("b dodge")
    dodge, pdef = of(fight, "FudgeRolled")[1:]
    assert dodge.modifier == 2 and pdef.modifier == 2
    bare = shot(F(2), F(0), text=CRATE, options={"cover_modifier": 0})
    bare.apply("a attack b with pistol")
    bare.apply("b take")
    assert of(bare, "FudgeRolled")[1].modifier == 1


def test_farrecon_17_a_helpless_defender_rolls_nothing() -> None:
    """Far Recon 17: the unconscious cannot defend: no dodge, no roll; the defence total is 0 (option
    helpless_defense)."""
    fight = shot(F(0), F(2), b={"health_now": 0})
    fight.apply("a attack b with pistol")
    pdef = last(fight, "StrikeResolved")
    assert (pdef.attack_total, pdef.defense_total, pdef.damage) == (2, 0, 2)
    assert last(fight, "VitalsChanged").status == "unconscious"  # dying, then stable after its Body roll
    assert [e.status for e in of(fight, "VitalsChanged")] == ["dying", "unconscious"]
    other = shot(F(0), b={"health_now": 0}, options={"helpless_defense": 2})
    other.apply("a attack b with pistol")
    assert last(other, "StrikeResolved").result == "graze"


def test_farrecon_10_melee_reaches_adjacent_squares_ranged_needs_range_and_sight() -> None:
    """Far Recon 10: who can be attacked: melee next to the attacker, ranged within range and sight."""
    fight = shot(text=". . . . . . . .\n. . # . . . . .\n. . . . . . . .")
    assert "adjacent squares only" in refused(fight, "a attack b with knife")
    assert "no line of sight" in refused(fight, "a attack b with pistol")
    assert "beyond the taser's range" in refused(fight, "a attack b with taser")
    assert fight.normalize("a attack b").using == "pistol"  # type: ignore[attr-defined]


def test_farrecon_16_weapons_stats_change_the_damage() -> None:
    """Far Recon 12, 16: the weapon's own Base Damage and DI: a shotgun (DI 1.5) turns margin 2 into 2
    increments."""
    fight = new_fight(
        fighter("a", "x", (0, 1), weapons=["shotgun"], skills={"firearms": 2}),
        fighter("b", "y", (3, 1), aware=False),
        dice=F(0) + F(0),
    )
    fight.apply("a attack b with shotgun")
    strike = last(fight, "StrikeResolved")
    assert (strike.margin, strike.tiers, strike.damage) == (2, 2, 4)


def test_farrecon_13_option_touch_dodge_tie_connect() -> None:
    """Issue 14 point 7, seed l.60 ("touch attacks, require only a tied roll to connect"), option
    touch_dodge_tie connect: a taser tying the dodge connects at once: one increment and the stun, no
    Physical Defense roll (default 'through' is test_farrecon_13_touch_attacks_win_ties)."""
    fight = shot(F(1), F(2), b_at=(3, 1), options={"touch_dodge_tie": "connect"})
    fight.apply("a attack b with taser")
    fight.apply("b dodge")
    assert strikes(fight) == [("dodge", "connect")] and len(of(fight, "FudgeRolled")) == 2
    assert state_of(fight, "b").health == 7 and last(fight, "TouchEffect").target == "b"


def test_farrecon_d7_two_criticals_cancel_the_extra() -> None:
    """Issue 14 point 7, seed l.50 (a critical succeeds "unless an opponent ... also rolls a critical
    success. In addition, a critical success goes above and beyond"), D7, option double_critical_extra:
    a critical pistol shot (6) against a critical PDef (5) wins on the totals: margin 1, one increment and
    no extra (2 damage); with 'keep' the extra increment is added (4 damage)."""
    fight = shot(CRIT, CRIT)
    fight.apply("a attack b with pistol")
    fight.apply("b take")
    assert (last(fight, "StrikeResolved").tiers, state_of(fight, "b").health) == (1, 6)
    kept = shot(CRIT, CRIT, options={"double_critical_extra": "keep"})
    kept.apply("a attack b with pistol")
    kept.apply("b take")
    assert (last(kept, "StrikeResolved").tiers, state_of(kept, "b").health) == (2, 4)


def test_farrecon_3_a_critical_melee_hit_panics_the_defender() -> None:
    """Issue 14 point 5, seed l.50 ("such as disarming or panicking an opponent in melee"), option
    critical_extra panic_in_melee: a critical knife hit (4 against PDef 1: margin 3, 2 increments, no extra
    increment) panics b: on its next turn b can only move, delay or end it. Outside melee the extra stays
    one more increment (a critical pistol shot, 6 against 1: 3 + 1); 'extra_tier' adds one in melee too."""
    fight = shot(CRIT, F(0), b_at=(1, 1))
    fight.apply("a attack b with knife")
    fight.apply("b take")
    assert (last(fight, "StrikeResolved").tiers, last(fight, "CriticalExtra").extra) == (2, "panic")
    assert fight.deciding() == ["b"] and "panics" in refused(fight, "b attack a with knife")
    assert {str(a).split()[1] for a in fight.legal_actions_of("b")} == {"move", "delay", "end"}
    shot_ = shot(CRIT, F(0))
    shot_.apply("a attack b with pistol")
    shot_.apply("b take")
    assert last(shot_, "StrikeResolved").tiers == 4 and not of(shot_, "CriticalExtra")
    tier = shot(CRIT, F(0), b_at=(1, 1), options={"critical_extra": "extra_tier"})
    tier.apply("a attack b with knife")
    tier.apply("b take")
    assert last(tier, "StrikeResolved").tiers == 3 and not of(tier, "CriticalExtra")


def test_farrecon_9_an_attack_may_aim_at_an_ally() -> None:
    """Issue 14 point 6, seed l.21 ("Attacking", no target named) and l.78 (explosives "hit everyone"),
    option attack_targets: a shoots its ally c (Agility 0, PDef 0, no dodge asked when it can: c dodges
    F(0) against 3, then PDef 0: margin 3, 4 damage); with 'enemies' the shot is refused; no one attacks
    itself."""
    fight = shot(F(1), F(0), F(0))
    fight.apply("a attack c with pistol")
    fight.apply("c dodge")
    assert state_of(fight, "c").health == 4
    assert "cannot attack itself" in refused(shot(), "a attack a with knife")
    assert "on a's side" in refused(shot(options={"attack_targets": "enemies"}), "a attack c with pistol")
