"""Errors raised by the engine. Each carries one clear sentence for a person."""

from __future__ import annotations


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
