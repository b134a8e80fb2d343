"""The default FuturePath policy (being written: for now it plays like the random policy)."""

from __future__ import annotations

from tactica.ai.policy import RandomPolicy


class DefaultPolicy(RandomPolicy):
    """Placeholder until the tactical policy lands."""
