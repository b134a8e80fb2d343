"""Errors raised by the engine. Each carries one clear sentence for a person."""

from __future__ import annotations

from tactica.files import clip


class TacticaError(Exception):
    """Base of every error tactica raises on purpose (bad input, illegal actions, bad files)."""


class ActionSyntaxError(TacticaError):
    """An action's text could not be read (invalid syntax, as opposed to an illegal move)."""


class IllegalAction(TacticaError):
    """A well-formed action that the rules do not allow now; the message says why."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action '{action}': {reason}")
        self.action = action
        self.reason = reason


class SetupError(TacticaError):
    """A fight could not be set up from the data given (unknown weapon, position off the map, ...)."""


class UnknownSystem(TacticaError):
    """No rule system is registered under that id."""


class ResolutionFault(TacticaError):
    """Something failed inside the rules while a legal action resolved (a bug, not bad input). The fight is
    left exactly as it was before the action; the original error is chained as ``__cause__``."""

    def __init__(self, action: object, error: BaseException) -> None:
        detail = clip(f"{type(error).__name__}: {error}", 200)
        super().__init__(
            f"resolving '{action}' failed inside the rules ({detail}); this is a bug in tactica, please"
            " report it with the saved fight. The fight is unchanged."
        )
        self.action = action
        self.error = error
