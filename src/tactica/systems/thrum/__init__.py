"""THRUM (seed 002): opposed 2d6 contests with Boons and Banes, Fatigue and Stress instead of hit points,
stances with triggered effects, elevation and geometric cover."""

from tactica.systems.thrum.options import ThrumOptions
from tactica.systems.thrum.rules import Thrum
from tactica.systems.thrum.setup import ThrumGame
from tactica.systems.thrum.state import Fighter, ThrumState

__all__ = ["Fighter", "Thrum", "ThrumGame", "ThrumOptions", "ThrumState"]
