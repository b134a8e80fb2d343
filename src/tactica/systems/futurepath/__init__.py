"""FuturePath (seed 000): team initiative, a d20 accuracy check with Advantage dice, critical checks."""

from tactica.systems.futurepath.options import FuturePathOptions
from tactica.systems.futurepath.rules import FuturePath
from tactica.systems.futurepath.setup import FuturePathGame
from tactica.systems.futurepath.state import Fighter, FuturePathState

__all__ = ["Fighter", "FuturePath", "FuturePathGame", "FuturePathOptions", "FuturePathState"]
