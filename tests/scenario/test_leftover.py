"""Issue 14 point 10: scripted dice that are never rolled fail `verify` and are named."""

from __future__ import annotations

from pathlib import Path

from tactica.scenario import verify
from tests.scenario.helpers import line_of, with_script, write

ATTACK = "vex attack rook with rifle"  # rolls vex's d20, its Advantage d4 and, on a hit, the rifle's damage


#: Star Rangers rolls each combatant's initiative (d20 + DEX modifier) when the fight is set up.
SRB = """\
system: srb
map: {width: 4, height: 1}
combatants:
  - {id: ana, side: red, at: [0, 0], weapons: [knife]}
  - {id: orc, side: blue, at: [3, 0], weapons: [knife]}
"""


def _only_failure(path: Path) -> str:
    (report,) = verify([path])
    assert report.run is not None
    (failure,) = report.run.failures
    assert failure.expectation.kind == "dice"
    return failure.difference


def test_faces_left_over_fail_and_are_named_with_their_place_and_line(tmp_path: Path) -> None:
    """Issue 14 point 10: two faces more than the attack rolls: the run fails, naming dice[3] and dice[4]."""
    text = with_script(ATTACK, dice="[15, 3, 4, 6, 2]", expect="  - state: {rook.hp: 12}\n")
    difference = _only_failure(write(tmp_path, text))
    dice_line, attack_line = line_of(text, "dice:"), line_of(text, ATTACK)
    assert difference == (
        f"2 of the 5 scripted faces were never rolled: dice[3]=6, dice[4]=2 (line {dice_line}); "
        f"the last used, dice[2], was rolled by script[0] '{ATTACK}' (line {attack_line})"
    )
    (exact,) = verify([write(tmp_path, with_script(ATTACK, dice="[15, 3, 4]"), "exact.yaml")])
    assert exact.passed and exact.run is not None and exact.run.results == []


def test_each_unused_face_of_a_block_list_names_its_own_line(tmp_path: Path) -> None:
    """Issue 14 point 10: faces written one a line (under `faces:`) are named with their lines."""
    dice = "\n  faces:\n    - 15\n    - 3\n    - 4\n    - 5\n    - 1\n  then: stop"
    text = with_script(ATTACK, dice=dice)
    difference = _only_failure(write(tmp_path, text))
    first = line_of(text, "- 5")
    assert difference.startswith(
        f"2 of the 5 scripted faces were never rolled: dice[3]=5 (line {first}); dice[4]=1 (line {first + 1}); "
    )


def test_faces_of_a_script_that_rolls_nothing_are_all_unused(tmp_path: Path) -> None:
    """Issue 14 point 10: a script that never rolls leaves every scripted face unused."""
    text = with_script("vex end", dice="[20]")
    difference = _only_failure(write(tmp_path, text))
    assert difference.endswith(f"dice[0]=20 (line {line_of(text, 'dice:')}); no scripted face was rolled")


def test_faces_rolled_while_the_fight_is_set_up_are_used(tmp_path: Path) -> None:
    """Issue 14 point 10: initiative rolled at the start counts as using faces, and says so."""
    difference = _only_failure(write(tmp_path, SRB + "dice: [10, 9, 17]\n"))
    assert difference.startswith("1 of the 3 scripted faces was never rolled: dice[2]=17 ")
    assert difference.endswith("the last used, dice[1], was rolled while the fight was set up (initiative)")
