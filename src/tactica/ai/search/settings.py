"""The search's settings, per rule system: most systems use the defaults; a system whose fights the defaults
misjudge has its own line here, with the reason (docs/agents.md, "Search AI")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Settings:
    """``width`` actions compared per decision (the default AI's choice and ``width - 1`` others); a playout
    plays ``horizon`` actions after the candidate, or, when ``turns`` is set, until ``turns`` more turns have
    started (at most ``horizon`` actions); an alternative is taken when it beats the default AI's choice by
    ``margin`` and by ``evidence`` standard errors; verbs in ``unseen`` are never alternatives (their effect
    is nothing a playout can see); where the default AI's choice is of a verb ``instead`` names, the verbs it
    names are alternatives as well, in the room the others leave; each policy ``scripts`` names (a policy the
    system registers, :func:`tactica.ai.make_policy`) is a plan compared beside them: its choice, with that
    policy playing the deciding side in the playouts (the default AI still plays the others); a ``guide``
    other than the default AI (a policy the system registers) proposes the move to beat in its place and
    plays the deciding side in the candidates' playouts (the default AI still plays the others)."""

    width: int = 4
    horizon: int = 8
    turns: int | None = None
    margin: float = 0.1
    evidence: float = 2.0
    unseen: frozenset[str] = frozenset()
    instead: Mapping[str, frozenset[str]] = field(default_factory=dict)
    scripts: tuple[str, ...] = ()
    guide: str = "default"


DEFAULT = Settings()
BY_SYSTEM: dict[str, Settings] = {
    # FuturePath (docs/agents.md, "The search in FuturePath"): a Diplomacy or Intimidation check (rule 44)
    # and prone, sitting or kneeling (rule 18) change no roll of the engine, so a playout sees only a turn
    # without an attack; where the default AI ends its turn (after an attack, typically) a 5-foot step
    # (rule 20) may still reach cover (rule 43), and costs no attack as it would in place of one; a playout
    # runs through the enemy team's turn and the deciding team's next one (team turns, rules 2-3), so that
    # both a step into cover and a step out of the fight are seen for what they cost; at most 60 actions.
    # The default AI never throws a grenade at a single enemy, though a throw needs no Accuracy check and its
    # blast catches whoever stays in it (rules 34-35, A15); the script "blast" throws by where a grenade may
    # land, moves its throwers forward into range, keeps out of blasts and leaves the fallen alone (rules
    # 38-40), and alone wins about 80% of mirror matches against the default AI (316 of 400, baseline 191).
    "futurepath": Settings(
        width=6,
        horizon=60,
        turns=3,
        unseen=frozenset(["skill", "prone", "sit", "kneel"]),
        instead={"end": frozenset(["step"])},
        guide="blast",
    ),
    # Far Recon (docs/agents.md, "The search in Far Recon"): the default AI throws explosives as if every
    # throw landed where aimed and keeps its dodge for strong attacks; the script "sharp" throws by where a
    # throw may land (rules 14-15) and dodges whenever it may (rules 10-11), and alone wins about 63% of
    # mirror matches against the default AI.
    "farrecon": Settings(guide="sharp"),
    # Star Rangers (docs/agents.md, "The search in Star Rangers"): the default AI shoots where the expected
    # damage is largest and ends its turn where it shot; the script "scoot" shoots first whoever deals the
    # most per hit point left (rules 17-20), keeps the techie's move (rule 10) and spends the moves it has
    # on the squares the fewest enemies can shoot or reach (rules 1, 19-20), and alone wins 270 of 400 mirror
    # matches against the default AI (67.5%; 271 of the next 400), where the default AI wins 215 (212).
    "srb": Settings(guide="scoot"),
    # THRUM (docs/agents.md, "The search in THRUM"): the default AI resuscitates only an ally already next to
    # it and attacks from where it stands; the script "focus" moves next to an incapacitated ally to
    # Resuscitate it (rules 11, 41), moves before attacking to where its attack is worth most (Sockem next
    # to the target rather than a Ranged Basic Attack, rules 9-10, 25, 44), values attacks by their exact
    # odds and focuses the side on one target, and alone wins 741 of 800 mirror matches (92.6%; the default AI
    # 373); guided by it, the search at 50 ms won 38 of 40 (the default AI 18).
    "thrum": Settings(guide="focus"),
}


def settings_of(system_id: str) -> Settings:
    """The settings of a rule system's search."""
    return BY_SYSTEM.get(system_id, DEFAULT)
