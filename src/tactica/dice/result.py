"""The result of rolling a dice expression: every face of every term, which faces counted, and the total."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tactica.dice.expr import DiceExpr, DiceTerm


@dataclass(frozen=True, slots=True)
class TermRoll:
    """One rolled term: its faces in the order drawn, whether each counted, and the signed value.

    ``kept[i]`` is True when face ``i`` is kept (keep/drop rules) or is a success (success pools).
    """

    term: DiceTerm
    faces: tuple[int, ...]
    kept: tuple[bool, ...]
    value: int

    def faces_text(self) -> str:
        """The faces as '[6, 5, 3, (1)]', with dropped faces (or failures) in parentheses."""
        shown = (str(face) if kept else f"({face})" for face, kept in zip(self.faces, self.kept, strict=True))
        return f"[{', '.join(shown)}]"

    def to_dict(self) -> dict[str, Any]:
        """The rolled term as JSON-ready data."""
        sign = "-" if self.term.sign < 0 else ""
        return {
            "term": f"{sign}{self.term}",
            "faces": list(self.faces),
            "kept": list(self.kept),
            "value": self.value,
        }


@dataclass(frozen=True, slots=True)
class Roll:
    """A rolled dice expression. ``str(roll)`` reads like '4d6kh3+2 = [6, 5, 3, (1)] + 2 = 16'."""

    expr: DiceExpr
    terms: tuple[TermRoll, ...]
    total: int

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face of every term, in the order drawn."""
        if len(self.terms) == 1:
            return self.terms[0].faces
        return tuple([face for term in self.terms for face in term.faces])

    @property
    def natural(self) -> int | None:
        """The face rolled when the expression has exactly one die (as in '1d20+5'), else None."""
        if len(self.terms) == 1 and len(self.terms[0].faces) == 1:
            return self.terms[0].faces[0]
        return None

    def to_dict(self) -> dict[str, Any]:
        """The roll as JSON-ready data: the expression, each term, the constant and the total."""
        return {
            "expr": str(self.expr),
            "terms": [term.to_dict() for term in self.terms],
            "constant": self.expr.constant,
            "total": self.total,
        }

    def __str__(self) -> str:
        parts = []
        for index, term in enumerate(self.terms):
            if term.term.sign < 0:
                parts.append(f"- {term.faces_text()}" if index else f"-{term.faces_text()}")
            else:
                parts.append(f"+ {term.faces_text()}" if index else term.faces_text())
        constant = self.expr.constant
        if not self.terms:
            parts.append(str(constant))
        elif constant:
            parts.append(f"{'-' if constant < 0 else '+'} {abs(constant)}")
        return f"{self.expr} = {' '.join(parts)} = {self.total}"
