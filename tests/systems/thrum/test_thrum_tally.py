"""THRUM harm and out of action for statistics (THRUM 6, 32, 35, 37-42, 44): harm is Fatigue + Stress Load
taken, with who dealt it; out of action is incapacitated or removed, as the end-of-combat check counts."""

from __future__ import annotations

from collections import defaultdict

from tactica.engine import Fight
from tests.systems.thrum.helpers import fighter, fighter_state, new_fight


def harm_by(fight: Fight) -> dict[str, list[tuple[str | None, float]]]:
    """Every harm the log records, per taker: (dealer, amount) in order."""
    out: dict[str, list[tuple[str | None, float]]] = defaultdict(list)
    for event in fight.events:
        for harm in fight.system.harm_done(fight.game, event):
            out[harm.taker].append((harm.dealer, harm.amount))
    return dict(out)


def loads(fight: Fight, fid: str) -> int:
    f = fighter_state(fight, fid)
    return int(f.fatigue + f.stress)


def skirmish(panic: tuple[int, int]) -> Fight:
    """Round 1: Ana's Basic Attack crits the orc through a failed Evasion (2 Fatigue, +1 Vulnerable); Mes's
    Addle with Overexert (1 Stress to Mes) crits through Resolve (2 Stress + 1 Vulnerable = 3); the orc,
    Frayed, makes a panic roll of ``panic`` and ends its turn Burning (1 Fatigue)."""
    fight = new_fight(
        fighter("ana", "red", (0, 0)),
        fighter("mes", "red", (0, 1), arts={"mesmerism": 0}, abilities=["addle"]),
        fighter("orc", "blue", (2, 0), statuses={"burning": 1}),
        dice=[6, 6, 1, 1, 1, 6, 6, 1, 1, *panic],
        text="\n".join([". . . . . ."] * 3),
    )
    for action in (
        "ana basic-attack orc",
        "orc defend +evasion",
        "ana end",
        "mes addle orc +overexert",
        "orc defend +resolve",
        "mes end",
        "orc end",
    ):
        fight.apply(action)
    return fight


def test_thrum_32_harm_is_the_load_taken_with_its_dealer() -> None:
    """THRUM 32, 44, 28: Ana's 2 Fatigue, Mes's 3 Stress (Vulnerable's +1 included), Burning's 1 Fatigue
    (no dealer); Mes's Overexert Stress is harm it deals itself. The sums equal the loads now."""
    fight = skirmish((6, 6))
    harm = harm_by(fight)
    assert harm["orc"] == [("ana", 2.0), ("mes", 3.0), (None, 1.0)]
    assert harm["mes"] == [("mes", 1.0)]
    assert "ana" not in harm
    for fid in ("ana", "mes", "orc"):
        assert sum(a for _, a in harm.get(fid, [])) == loads(fight, fid)


def test_thrum_35_a_failed_panic_moves_stress_onto_fatigue_without_new_harm() -> None:
    """THRUM 35: a failed panic roll adds the Stress Load to the Fatigue Load and clears the Stress: no
    load is taken, so no harm; the harm sums still equal the loads."""
    fight = skirmish((1, 1))
    orc = fighter_state(fight, "orc")
    assert (orc.fatigue, orc.stress) == (6, 0)
    assert sum(a for _, a in harm_by(fight)["orc"]) == loads(fight, "orc") == 6


def test_thrum_37_38_42_out_of_action_counts_the_incapacitated_even_after_the_end() -> None:
    """THRUM 31, 37, 38, 42, C5: a Finisher's Critical leaves Ana Exhausted, her Incapacity Roll fails and
    she is out of action; that ends the fight and the end of combat revives her (a PC with Fatigue
    Tolerance left), yet she still counts as out of action at the end."""
    fight = new_fight(
        fighter("orc", "blue", (1, 0), pc=False, abilities=["sockem"]),
        fighter("ana", "red", (0, 0), pc=True, fatigue=3),
        fighter("bo", "red", (5, 0), pc=True),
        dice=[6, 6, 1, 1, 1, 1],
    )
    assert list(fight.system.out_of_action(fight.game, fight.state)) == []
    fight.apply("orc sockem ana")
    fight.apply("ana defend +resilience")
    assert fighter_state(fight, "ana").incapacitated
    assert list(fight.system.out_of_action(fight.game, fight.state)) == ["ana"]
    assert [(d, a) for d, a in harm_by(fight)["ana"]] == [("orc", 2.0), ("orc", 1.0)]
    assert not fight.is_over()


def test_thrum_42_out_of_action_when_the_fight_ends() -> None:
    """THRUM 6, 42: the last standing enemy incapacitated ends the fight; the NPC stays incapacitated and
    the revived PC is still reported out of action at the end."""
    fight = new_fight(
        fighter("orc", "blue", (1, 0), pc=False, abilities=["sockem"]),
        fighter("ana", "red", (0, 0), pc=True, fatigue=3),
        dice=[6, 6, 1, 1, 1, 1],
    )
    fight.apply("orc sockem ana")
    fight.apply("ana defend +resilience")
    assert fight.is_over()
    assert not fighter_state(fight, "ana").incapacitated  # revived by the end of combat (THRUM 42)
    assert list(fight.system.out_of_action(fight.game, fight.state)) == ["ana"]
