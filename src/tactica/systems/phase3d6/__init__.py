"""Phase 3d6 (seed 004): 3-second Phases four to a Turn, 3d6 + OCV against 10 + DCV on a hex map, attacks of
opportunity, delay, ready and abort."""

from tactica.systems.phase3d6.options import Phase3d6Options
from tactica.systems.phase3d6.rules import Phase3d6
from tactica.systems.phase3d6.setup import Phase3d6Game
from tactica.systems.phase3d6.state import Fighter, Phase3d6State

__all__ = ["Fighter", "Phase3d6", "Phase3d6Game", "Phase3d6Options", "Phase3d6State"]
