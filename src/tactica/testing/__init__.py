"""Checks shipped with tactica that every rule system must pass (see :mod:`tactica.testing.conformance`)."""

from tactica.testing.conformance import ConformanceError, check_fight, conformance_setup, play_random

__all__ = ["ConformanceError", "check_fight", "conformance_setup", "play_random"]
