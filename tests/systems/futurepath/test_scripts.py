"""Issue 17 point 3 in FuturePath: the ``blast`` script (tactica.systems.futurepath.scripts), the default AI
throwing frag grenades at single enemies (FuturePath 34-35, A15-A16), moving its throwers forward into range
(rules 11, 13, 34.2), keeping out of blasts (A15) and leaving the fallen alone (rules 38-40), guides the
search there (``Settings.guide``): it proposes the move to beat and plays the deciding side in the playouts."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Sequence
from typing import Any

import pytest

from tactica.ai import make_policy
from tactica.ai.search import SearchPolicy
from tactica.ai.search.policy import Plan
from tactica.ai.search.settings import settings_of
from tactica.cli.fights import load_demo
from tactica.engine import Fight
from tactica.systems.futurepath import ai
from tactica.systems.futurepath.ai import DefaultPolicy
from tactica.systems.futurepath.scripts import BlastPolicy
from tests.systems.futurepath.helpers import fighter, new_fight


def field(width: int = 20, height: int = 5) -> str:
    """An open map."""
    return "\n".join(" ".join("." * width) for _ in range(height))


def grenadier(at: tuple[int, int] = (0, 2), **sheet: Any) -> dict[str, Any]:
    """A red thrower (STR 14, DEX 12: throws 45 ft, 9 squares, rule 34.2) with a rifle drawn and two frags."""
    return fighter(
        "a",
        "red",
        at,
        **{"str": 14, "dex": 12, "hp": 18, "weapons": ["rifle", "frag"], "drawn": ["rifle"]},
        **sheet,
    )


def enemy(fid: str, at: tuple[int, int], **sheet: Any) -> dict[str, Any]:
    return fighter(fid, "blue", at, **{"hp": 18, "weapons": ["rifle"], "drawn": ["rifle"], **sheet})


def choices(fight: Fight) -> tuple[str, str]:
    """The default AI's choice and the script's, each legal for the deciding actor."""
    actor = fight.deciding()[0]
    out = []
    for policy in (DefaultPolicy(0), BlastPolicy(0)):
        action = policy.choose(fight)
        assert action in fight.legal_actions() and action.actor == actor
        out.append(str(action))
    return out[0], out[1]


def test_the_blast_script_throws_a_frag_at_a_single_enemy() -> None:
    """FuturePath 34-35: a throw has no Accuracy check and the blast catches whoever is in it (3d6, no save);
    the default AI throws only at two enemies together and shoots the lone one, the script throws at it,
    uncooked (rule 34.4: DC 25 on a Wisdom check)."""
    fight = new_fight(grenadier(), enemy("b", (6, 2)), text=field())
    default, script = choices(fight)
    assert default == "a attack b with rifle"
    assert script.startswith("a throw @") and script.endswith("with frag")
    x, y = (int(n) for n in script.split("@")[1].split()[0].split(","))
    assert max(abs(x - 6), abs(y - 2)) <= 1


def test_the_blast_script_keeps_its_frag_from_an_enemy_next_to_an_ally() -> None:
    """FuturePath 34-35: the blast catches everyone in it, the thrower's side too: with an ally next to the
    lone enemy, the script shoots as the default AI does."""
    fight = new_fight(grenadier(), fighter("c", "red", (6, 1), hp=18), enemy("b", (6, 2)), text=field())
    assert choices(fight) == ("a attack b with rifle", "a attack b with rifle")


def test_the_blast_script_moves_forward_into_throwing_range() -> None:
    """FuturePath 11, 34.2: an enemy 13 squares away is beyond the 9 squares (45 ft) the grenadier throws; the
    default AI shoots at it (one range disadvantage, rule 26), the script moves (a Standard Move, 6 squares)
    to where the enemy is within its range less one square, to throw next turn."""
    fight = new_fight(grenadier(), enemy("b", (13, 2)), text=field())
    default, script = choices(fight)
    assert default == "a attack b with rifle"
    assert script.startswith("a move @")
    x, y = (int(n) for n in script.split("@")[1].split(","))
    assert max(abs(x - 13), abs(y - 2)) <= 8


def test_the_blast_script_moves_out_of_a_blast_about_to_go_off() -> None:
    """FuturePath A15: a grenade goes off at the end of the turn of the team it landed by, and those in the
    area may move out. The blue grenadier's frag lands on the red rifleman (scatter 5, 5: on target); the
    default AI shoots back and stays, the script moves out of the blast, and to no square in it."""
    fight = new_fight(
        fighter("a", "red", (3, 2), hp=18, weapons=["rifle"], drawn=["rifle"]),
        fighter("b", "blue", (12, 2), hp=18, str=14, dex=12, weapons=["rifle", "frag"], drawn=["rifle"]),
        text=field(),
        dice=[5, 5],
    )
    fight.apply("a end")
    fight.apply("b throw @3,2 with frag")
    assert fight.deciding() == ["a"]
    default, script = choices(fight)
    assert default == "a attack b with rifle"
    assert script.startswith("a move @")
    x, y = (int(n) for n in script.split("@")[1].split(","))
    assert max(abs(x - 3), abs(y - 2)) > 2, "the frag's blast is 10 ft (2 squares) around where it landed"


def test_the_blast_script_leaves_a_dying_enemy_alone() -> None:
    """FuturePath 38-40: a dying character never acts again (out of action), so a Full-Round coup de grâce
    changes nothing that wins the fight: the default AI delivers it to the dying enemy next to it, the
    script goes after the enemy still standing."""
    fight = new_fight(
        fighter("a", "red", (3, 2), hp=18, str=14, weapons=["broad-sword"], drawn=["broad-sword"]),
        enemy("b", (4, 2), hp=1),
        enemy("c", (12, 2)),
        text=field(),
    )
    fallen = fight.state.fighters["b"]  # type: ignore[attr-defined]
    fallen.hp, fallen.status = -2, "dying"  # as a hit for 3 leaves it (rule 39)
    default, script = choices(fight)
    assert default == "a coup-de-grace b with broad-sword"
    assert script.split()[1] in ("move", "sprint")


def test_futurepaths_search_proposes_the_blast_scripts_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17 point 3: the settings name the script as the guide; where the script and the default AI
    differ (a frag at a lone enemy, rule 34), the search's candidate 0 is the script's choice, and every
    candidate is played on by the script for the deciding side (the default AI plays the other)."""
    assert settings_of("futurepath").guide == "blast"
    seen: list[tuple[list[Plan], object]] = []

    def record(self: SearchPolicy, fight: Fight, side: str, plans: Sequence[Plan], rollout: object) -> list:
        seen.append((list(plans), rollout))
        return [[0.0] for _ in plans]

    monkeypatch.setattr(SearchPolicy, "_search", record)
    fight = new_fight(grenadier(), enemy("b", (6, 2)), text=field())
    assert (
        SearchPolicy(1, "4").choose(fight) == BlastPolicy(0).choose(fight) != DefaultPolicy(0).choose(fight)
    )
    ((plans, rollout),) = seen
    assert plans[0].first == BlastPolicy(0).choose(fight) and len(plans) > 1
    assert all(isinstance(p.then, BlastPolicy) for p in plans)
    assert isinstance(rollout, DefaultPolicy) and not isinstance(rollout, BlastPolicy)


def test_the_default_ais_geometry_cache_lets_a_finished_fights_board_go() -> None:
    """Issue 17 (memory over long benches): the sight and walking caches of the default AI (and so of the
    script) are held under their board weakly, and a geometry must not hold its board strongly either, or no
    board would ever be freed (0.7 GB over 400 demo fights in one process before this was fixed)."""
    fight = load_demo("futurepath").new_fight(seed=3)
    policy = make_policy("blast", "futurepath")
    for _ in range(6):
        fight.apply(policy.choose(fight))
    board = weakref.ref(fight.game.board)
    assert board() in ai._GEOMETRY
    del fight
    gc.collect()
    assert board() is None
