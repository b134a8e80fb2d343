"""Issue 13 point 2: whose turn it is in each system's own terms, and harm and conditions in the system's
terms (``tactica.render.turn``), on the five systems' demo fights."""

from __future__ import annotations

import pytest

from tactica.analysis.odds import scenario_fight
from tactica.render.turn import combatant_lines, turn_line
from tactica.scenario import load_scenario_text
from tests.render.helpers import SYSTEMS, demo, play, play_out
from tests.scenario.helpers import BASE

#: Each demo's first decision.
AT_THE_START = {
    # FuturePath 3: team initiative; the whole team may act.
    "futurepath": "Round 1 — team blue's turn: rook, blade, sarge, pop may act",
    # Star Rangers 2-4: a surprise round of 6 seconds for the aware; dax is not.
    "srb": "Surprise round (0-6 s) — cole's turn (rangers; surprised: dax)",
    # THRUM 6: Round Zero, placement in the Starting Area and a first Stance.
    "thrum": "Round Zero — bryn's turn (heroes): placement and a first Stance",
    # Phase 3d6 4: a Surprise Phase; kurt and lars did not see it coming.
    "phase3d6": "Surprise Phase — ace acts (heroes; surprised: kurt, lars)",
    # Far Recon 5: tied initiatives act simultaneously, each declaring before anything resolves.
    "farrecon": "Round 1 — dara and ivan act simultaneously, each declaring a move and an action"
    " (declared: none; to declare: dara, ivan)",
}
#: A few actions into each demo, and the line then.
AFTER_A_FEW = {
    "futurepath": (["rook end"], "Round 1 — team blue's turn: blade, sarge, pop may act"),
    "srb": (
        ["cole end", "lorn end", "mira end", "ash end", "bree end", "kett end", "nox end"],
        "Round 1 (6-12 s) — cole's turn (rangers)",
    ),
    "thrum": (
        [
            *("bryn stance protect", "cass stance dodge", "kett stance dodge", "ash stance protect"),
            *("mira stance dodge", "nox stance dodge", "dov stance protect", "lorn stance dodge"),
            "bryn move @7,6",
        ],
        "Round 1 — bryn's turn (heroes; stance protect; Action left)",
    ),
    "phase3d6": (
        [  # the Surprise Phase's single action, then 'end' (free actions are still open, rule 14)
            *("ace move @0,0", "ace end", "blade move @3,1", "blade end", "dart move @5,2", "dart end"),
            *("ned move @11,4", "ned end", "moe move @10,2", "moe end", "crusher move @3,4", "crusher end"),
        ],
        "Turn 1, Phase 1 — ace acts (heroes)",
    ),
    "farrecon": (
        ["dara move @7,3", "dara attack lena with carbine +tag"],
        "Round 1 — dara and ivan act simultaneously, each declaring a move and an action"
        " (declared: dara; to declare: ivan)",
    ),
}
#: An attack that hands the decision to the defender, after AFTER_A_FEW.
DEFENCE = {
    # THRUM 21: the defender declares its roll before the attack roll.
    "thrum": (
        "bryn basic-attack mira",
        "Round 1 — mira decides: Evasion, Resilience or Resolve against bryn's attack",
    ),
    # Phase 3d6 21: a defender may abort to a defensive action.
    "phase3d6": (
        "ace attack kurt with pistol",
        "Turn 1, Phase 1 — kurt decides: abort to a defence against ace's attack, or not",
    ),
    # Far Recon 5: once every tied character has declared, the attacks resolve and each defender chooses.
    "farrecon": ("ivan move @10,2", "Round 1 — dara decides: dodge ivan's attack or take it"),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_turn_line_at_the_start_of_each_demo(system: str) -> None:
    """Issue 13 point 2: whose turn, in each system's terms (team turns, surprise, Round Zero, Phases,
    simultaneous declarations)."""
    assert turn_line(demo(system)) == AT_THE_START[system]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_turn_line_after_a_few_actions(system: str) -> None:
    """Issue 13 point 2: the line follows the fight (the team's remaining members, the round after the
    surprise round, THRUM's Stance and what is left of the turn, Phase 1, a declaration made)."""
    actions, line = AFTER_A_FEW[system]
    assert turn_line(play(demo(system), *actions)) == line


@pytest.mark.parametrize("system", sorted(DEFENCE))
def test_the_turn_line_names_a_defenders_decision_in_the_systems_terms(system: str) -> None:
    """Issue 13 point 2: an interrupt is the defender's decision, said as the system says it."""
    fight = play(demo(system), *AFTER_A_FEW[system][0])
    action, line = DEFENCE[system]
    if system == "farrecon":
        play(fight, action, "ivan attack dara with rifle")
    else:
        play(fight, action)
    assert turn_line(fight) == line


def test_a_tactical_opportunity_is_offered_in_futurepath_terms() -> None:
    """Issue 13 point 2, FuturePath 20 / A20: a 5-foot step out of a brawler's reach gives it a Tactical
    Opportunity, in the middle of the other team's turn."""
    fight = play(
        scenario_fight(load_scenario_text(BASE, "basics.yaml")), "vex end", "kat end", "ash step @6,0"
    )
    assert turn_line(fight) == "Round 1 — kat decides: a Tactical Opportunity against ash"


def test_an_attack_of_opportunity_is_offered_in_phase_3d6_terms() -> None:
    """Issue 13 point 2, Phase 3d6 11: leaving an enemy's reach offers it an attack of opportunity."""
    fight = demo("phase3d6")
    for _ in range(60):
        pending = fight.state.pending
        if pending and pending[-1].kind == "opportunity":
            break
        play_out(fight, "phase3d6", limit=1)
    decision = fight.state.pending[-1]
    assert turn_line(fight).endswith(
        f" — {decision.actor} decides: an attack of opportunity on {decision.trigger}"
    )


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_turn_line_at_the_end_names_the_winner(system: str) -> None:
    """Issue 13 point 2: the end of the fight, as the log says it."""
    fight = play_out(demo(system), system)
    outcome = fight.outcome()
    assert outcome is not None and outcome.winner is not None
    verb = "win" if outcome.winner.endswith("s") else "wins"  # issue 15 point 14: "heroes win", "red wins"
    assert turn_line(fight) == f"Fight over: {outcome.winner} {verb} ({outcome.reason})"


def test_a_fight_stopped_by_the_round_limit_is_cut_off() -> None:
    """Issue 13 point 2 and issue 15 point 12: a fight stopped by FuturePath's max_rounds option is "cut off"
    (not a draw), in the turn line and the outcome, which names the last round fought."""
    fight = scenario_fight(load_scenario_text(BASE + "options: {max_rounds: 1}\n", "draw.yaml"))
    play(fight, "vex end", "kat end", "rook end", "ash end")
    outcome = fight.outcome()
    assert outcome is not None and outcome.winner is None and outcome.cut_off
    assert (outcome.result, outcome.round) == ("cut off", 1)
    assert turn_line(fight) == f"Fight over: cut off ({outcome.reason})"


@pytest.mark.parametrize("system", SYSTEMS)
def test_combatant_lines_give_each_combatants_harm_in_the_systems_terms(system: str) -> None:
    """Issue 13 point 2: harm in each system's terms: HP (FuturePath, Star Rangers), Fatigue and Stress
    against tolerances (THRUM), STUN and BODY (Phase 3d6), Body and Mind (Far Recon)."""
    fight = demo(system)
    fighters = fight.observe()["fighters"]
    lines = combatant_lines(fight)
    assert list(lines) == list(fighters)
    for fid, f in fighters.items():
        harm = {
            "futurepath": f"HP {f.get('hp')}, active",
            "srb": f"HP {f.get('hp')}, ok",
            "thrum": f"F 0/{f.get('fatigue_tolerance')}, S 0/{f.get('stress_tolerance')}",
            "phase3d6": f"STUN {f.get('stun')}, BODY {f.get('body')}",
            "farrecon": f"Body {f.get('health')}, Mind {f.get('mind')}, active",
        }[system]
        assert lines[fid].startswith(harm)


def test_combatant_lines_name_conditions() -> None:
    """Issue 13 point 2, Star Rangers 4 and Phase 3d6 4: the surprised are named so; THRUM stances after
    Round Zero."""
    assert combatant_lines(demo("srb"))["dax"] == "HP 18, ok, flat-footed, unaware"
    assert combatant_lines(demo("phase3d6"))["kurt"].endswith(", unaware")
    thrum = play(demo("thrum"), *AFTER_A_FEW["thrum"][0])
    assert combatant_lines(thrum)["bryn"].endswith(", stance protect")


def test_hidden_combatants_are_someone_in_the_turn_line() -> None:
    """Issue 13 point 4: a player never learns of a combatant the GM hides, not from the turn line either:
    not among the surprised, not in a team's list, not as the one whose turn it is or who decides."""
    assert turn_line(demo("srb"), hidden={"dax"}) == "Surprise round (0-6 s) — cole's turn (rangers)"
    futurepath = demo("futurepath")
    assert turn_line(futurepath, hidden={"blade"}) == "Round 1 — team blue's turn: rook, sarge, pop may act"
    assert turn_line(demo("phase3d6"), hidden={"ace"}) == "Surprise Phase — someone's turn"
    thrum = play(demo("thrum"), *AFTER_A_FEW["thrum"][0], "bryn basic-attack mira")
    assert turn_line(thrum, hidden={"bryn"}) == (
        "Round 1 — mira decides: Evasion, Resilience or Resolve against someone's attack"
    )
    farrecon = play(demo("farrecon"), *AFTER_A_FEW["farrecon"][0])
    assert turn_line(farrecon, hidden={"ivan"}) == (
        "Round 1 — dara and someone act simultaneously, each declaring a move and an action"
        " (declared: dara; to declare: someone)"
    )
