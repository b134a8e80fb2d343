"""Far Recon (seed 003): 4dF rolls with critical successes and failures, Agility initiative where tied
characters act simultaneously, dodge then Physical Defense, damage by increments of the margin, explosives
with range increments and falloff, Body and Mind at zero and below."""

from tactica.systems.farrecon.options import FarReconOptions
from tactica.systems.farrecon.rules import FarRecon
from tactica.systems.farrecon.setup import FarReconGame
from tactica.systems.farrecon.state import FarReconState, Fighter

__all__ = ["FarRecon", "FarReconGame", "FarReconOptions", "FarReconState", "Fighter"]
