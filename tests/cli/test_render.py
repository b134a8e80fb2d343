"""Rendering events as log lines and the state as a text map."""

from __future__ import annotations

from dataclasses import dataclass

from tactica.engine import ActionTaken, Event, FightEnded, TurnEnded, TurnStarted
from tactica.render import assign_letters, render_board, render_event, render_log
from tactica.scenario import load_scenario_text, run_scenario
from tactica.systems.futurepath.events import (
    AttackRolled,
    Damaged,
    DamageRolled,
    OpportunityRaised,
    StatusChanged,
)
from tests.scenario.helpers import with_script


@dataclass(frozen=True, slots=True)
class Mystery(Event):
    """An event no formatter knows."""

    who: str
    at: tuple[int, int]


def attack(**changes: object) -> AttackRolled:
    fields: dict[str, object] = dict(
        attacker="rook",
        target="vex",
        weapon="pistol",
        natural=14,
        net_advantage=1,
        advantage_faces=(3,),
        total=20,
        ac=14,
        hit=True,
        critical=False,
        fumble=False,
    )
    fields.update(changes)
    return AttackRolled(**fields)  # type: ignore[arg-type]


def test_attack_lines_show_every_die() -> None:
    assert render_event(attack()) == "rook attacks vex with pistol: d20 14 +adv 3 +3 = 20 vs AC 14 — hit"
    disadvantage = attack(net_advantage=-2, advantage_faces=(2, 1), total=14, hit=False)
    assert (
        render_event(disadvantage) == "rook attacks vex with pistol: d20 14 -dis 2+1 +3 = 14 vs AC 14 — miss"
    )
    fumble = attack(natural=1, net_advantage=0, advantage_faces=(), total=4, hit=False, fumble=True)
    assert (
        render_event(fumble)
        == "rook attacks vex with pistol: d20 1 +3 = 4 vs AC 14 — critical failure (natural 1)"
    )
    opportunity = attack(purpose="tactical opportunity", critical=True)
    assert render_event(opportunity).endswith(
        "(Tactical Opportunity): d20 14 +adv 3 +3 = 20 vs AC 14 — critical hit"
    )


def test_damage_joins_the_hp_left_and_status_lines() -> None:
    events = [
        TurnStarted(2, "blue", ("rook", "ash")),
        ActionTaken("rook attack vex with pistol"),
        attack(),
        DamageRolled("rook", "vex", (4,), 1, 3, 7),
        Damaged("vex", 7, -2),
        StatusChanged("vex", "dying", "HP -2"),
        OpportunityRaised("kat", "vex", (3, 4)),
    ]
    assert render_log(events) == [
        "Round 2 — team blue",
        "  rook attacks vex with pistol: d20 14 +adv 3 +3 = 20 vs AC 14 — hit",
        "  rook deals 7 (4 ×1 +3) to vex — vex HP -2",
        "  vex is dying (HP -2)",
        "  Tactical Opportunity: kat may strike vex, who is leaving kat's reach",
    ]


def test_quiet_actions_show_themselves_and_unknown_events_fall_back() -> None:
    events = [
        Mystery("vex", (1, 2)),
        ActionTaken("vex end"),
        TurnEnded("vex"),
        FightEnded(None, "round limit"),
    ]
    assert render_log(events) == [
        "  Mystery(who=vex, at=[1, 2])",
        "  vex ends the turn",
        "Fight over: a draw (round limit)",
    ]
    assert render_event(TurnEnded("vex")) is None


def test_the_board_draws_letters_by_side_and_the_dead_as_x() -> None:
    run = run_scenario(
        load_scenario_text(with_script("vex attack rook with rifle", dice="[15, 3, 4]"), "x.yaml")
    )
    assert render_board(run.fight).splitlines() == [
        "  0123456",
        "0 V......",
        "1 ..#.+.a",
        "2 r.~~.K.",
        "red: V = vex (HP 18, active), K = kat (HP 22, active)",
        "blue: r = rook (HP 12, active), a = ash (HP 16, active)",
    ]
    fighters = {
        "rook": {"side": "red", "status": "active"},
        "rex": {"side": "red", "status": "active"},
        "rat": {"side": "blue", "status": "dead"},
        "xan": {"side": "blue", "status": "active"},
    }
    assert assign_letters(fighters) == {"rook": "R", "rex": "E", "rat": "x", "xan": "a"}
