"""Hypothesis strategies for dice, keep rules, terms and expressions, and a messy-spelling of notation."""

from __future__ import annotations

from hypothesis import strategies as st

from tactica.dice import D100, DF, DiceExpr, DiceTerm, Die, Keep, die_for
from tactica.dice.expr import KEEP_KINDS

dice = st.one_of(st.sampled_from([DF, D100]), st.integers(1, 30).map(die_for))


@st.composite
def keeps(draw: st.DrawFn, count: int) -> Keep | None:
    """No rule, a keep/drop rule choosing 1..count dice, or a success target (possibly negative)."""
    kind = draw(st.sampled_from([None, *KEEP_KINDS]))
    if kind is None:
        return None
    if kind in (">=", ">"):
        return Keep(kind, draw(st.integers(-3, 30)))
    return Keep(kind, draw(st.integers(1, count)))


@st.composite
def terms(draw: st.DrawFn, max_count: int = 12) -> DiceTerm:
    """A dice term with any die, keep rule and sign."""
    count = draw(st.integers(1, max_count))
    die: Die = draw(dice)
    return DiceTerm(count, die, draw(keeps(count)), draw(st.sampled_from([1, -1])))


exprs = st.builds(DiceExpr, st.lists(terms(), max_size=4).map(tuple), st.integers(-50, 50))


SPACES = st.sampled_from(["", " ", "  ", "\t"])


@st.composite
def messy(draw: st.DrawFn, expr: DiceExpr) -> str:
    """Another spelling of ``expr``: random case and spaces, '1' counts left out, 'k' for 'kh', 'd%' for
    'd100', a leading '+', and the constant split in two and moved in among the dice terms."""
    items: list[DiceTerm | int] = list(expr.terms)
    if expr.constant or not items:
        split = draw(st.integers(-20, 20))
        for value in (split, expr.constant - split):
            items.insert(draw(st.integers(0, len(items))), value)
    parts = [draw(messy_item(item, first=index == 0)) for index, item in enumerate(items)]
    text = "".join(parts) + draw(SPACES)
    return "".join(c.upper() if draw(st.booleans()) else c for c in text)


@st.composite
def messy_item(draw: st.DrawFn, item: DiceTerm | int, first: bool) -> str:
    """One dice term or constant, spelled loosely, with its sign."""
    if isinstance(item, int):
        sign = "-" if item < 0 else ("+" if not first or draw(st.booleans()) else "")
        return f"{draw(SPACES)}{sign}{draw(SPACES)}{abs(item)}"
    sign = "-" if item.sign < 0 else ("+" if not first or draw(st.booleans()) else "")
    count = "" if item.count == 1 and draw(st.booleans()) else str(item.count)
    label = "d%" if item.die == D100 and draw(st.booleans()) else item.die.label
    keep = ""
    if item.keep is not None:
        which = "k" if item.keep.which == "kh" and draw(st.booleans()) else item.keep.which
        keep = f"{draw(SPACES)}{which}{draw(SPACES)}{item.keep.n}"
    return f"{draw(SPACES)}{sign}{draw(SPACES)}{count}{label}{keep}"
