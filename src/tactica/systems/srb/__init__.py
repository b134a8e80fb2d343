"""Star Rangers (seed 001, the srb tactical rules): a d20 Modern-style game on 1.5 m squares — d20 initiative
with roll-offs, the surprise round, standard + move + free actions, attack bonus with size and range
penalties, the critical-failure table, Heavy melee knockback and step-by-step reloads."""

from tactica.systems.srb.options import StarRangersOptions
from tactica.systems.srb.rules import StarRangers
from tactica.systems.srb.setup import SrbGame
from tactica.systems.srb.state import Fighter, SrbState

__all__ = ["Fighter", "SrbGame", "SrbState", "StarRangers", "StarRangersOptions"]
