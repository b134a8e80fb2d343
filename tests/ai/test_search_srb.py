"""Issue 17 point 3 in Star Rangers: the ``scoot`` script (tactica.systems.srb.scripts), the default AI with
focus fire on the dangerous (Star Rangers 17-20), standard attacks before full-round ones (Star Rangers 10),
approaches and a move after the attack out of the enemies' sight (Star Rangers 1, 19-20), guides the search
there (``Settings.guide``): it proposes the move to beat and plays the deciding side in the playouts."""

from __future__ import annotations

from tactica.engine import Fight
from tactica.systems.srb.ai import DefaultPolicy, _score
from tactica.systems.srb.scripts import ScootPolicy, _enemies, _exposure
from tests.systems.srb.helpers import fighter, new_fight

#: A wall across the middle of a 10 x 5 map with a gap in row 2.
WALL = "\n".join([". . . . . # . . . ."] * 2 + [". . . . . . . . . ."] + [". . . . . # . . . ."] * 2)
#: A short wall in row 1.
LEDGE = "\n".join([". . . . . . . . . .", ". . . . # # # . . ."] + [". . . . . . . . . ."] * 3)


def scoot_choice(fight: Fight) -> str:
    action = ScootPolicy(0).choose(fight)
    assert action in fight.legal_actions() and action.actor == fight.deciding()[0]
    return str(action)


def exposure(fight: Fight, actor: str, at: tuple[int, int] | None) -> int:
    state = fight.state
    return _exposure(fight.game, at or state.fighters[actor].pos, _enemies(state, state.fighters[actor]))


def test_the_scoot_script_shoots_the_dangerous_enemy_first() -> None:
    """Star Rangers 17-20: the default AI shoots the unarmed tank (Defense 10: a pistol hits 11 in 20, 2d6)
    rather than the marksman (Defense 16: 5 in 20); the marksman's sniper rifle (2d10 at +5) deals far more
    per hit point left, and the script shoots it."""
    fight = new_fight(
        fighter("ana", "red", (0, 2), weapons=["pistol"]),
        fighter("tank", "blue", (4, 0), hp=30),
        fighter("eye", "blue", (4, 4), weapons=["sniper-rifle"], bab=2, dex=16, class_defense=3),
    )
    assert str(DefaultPolicy(0).choose(fight)) == "ana attack tank with pistol"
    assert scoot_choice(fight) == "ana attack eye with pistol"


def test_the_scoot_script_keeps_its_move_with_a_standard_attack() -> None:
    """Star Rangers 10, 13-14: Overload (3d6) is a full-round action, the whole turn; Shock bolt (2d6) a
    standard one. The default AI takes the larger damage, the script the attack that leaves a move."""
    fight = new_fight(
        fighter("tec", "red", (0, 2), powers=["overload", "shock-bolt"], resources={"tech": 10}),
        fighter("orc", "blue", (4, 2)),
    )
    assert str(DefaultPolicy(0).choose(fight)) == "tec attack orc with overload"
    assert scoot_choice(fight) == "tec attack orc with shock-bolt"


def test_the_scoot_script_moves_out_of_sight_after_its_attack() -> None:
    """Star Rangers 10-11, 20: after the attack (standard action) the move action is left; the default AI
    ends its turn in the gunman's sight, the script steps behind the wall, where no enemy can shoot it."""
    fight = new_fight(
        fighter("ana", "red", (3, 2), weapons=["pistol"]),
        fighter("orc", "blue", (7, 2), weapons=["pistol"]),
        text=WALL,
        dice=[2],
    )
    fight.apply("ana attack orc with pistol")
    assert str(DefaultPolicy(0).choose(fight)) == "ana end"
    choice = ScootPolicy(0).choose(fight)
    assert choice.verb == "move" and exposure(fight, "ana", None) == 1
    assert exposure(fight, "ana", choice.at) == 0


def test_the_scoot_script_approaches_where_fewer_enemies_can_shoot() -> None:
    """Star Rangers 20: a pistol has no range penalty within one increment (6 squares); of the squares that
    bring an enemy in sight within it, the default AI takes one both gunmen see, the script one behind the
    ledge."""
    fight = new_fight(
        fighter("ana", "red", (0, 2), weapons=["pistol"]),
        fighter("orc", "blue", (9, 2), weapons=["pistol"]),
        fighter("eye", "blue", (9, 0), weapons=["rifle"]),
        text=LEDGE,
    )
    default, scoot = DefaultPolicy(0).choose(fight), ScootPolicy(0).choose(fight)
    assert default.verb == scoot.verb == "move" and default.at and scoot.at
    ana, game = fight.state.fighters["ana"], fight.game
    pistol, enemies = game.weapons["pistol"], _enemies(fight.state, ana)
    assert _score(game, default.at, pistol, enemies) == _score(game, scoot.at, pistol, enemies) == 3
    assert exposure(fight, "ana", scoot.at) < exposure(fight, "ana", default.at)
