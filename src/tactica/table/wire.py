"""What the websocket sends after a change: not the whole view again, only what changed since the view
that client last received (a *patch*). A table's view is some 100 KB (the board, the legal actions, up to
300 log entries); a change touches a few tokens, one log entry and the actions, so a patch is a few KB, and
fifty clients cost the server fifty small messages instead of fifty large ones to compress and send.

A patch is a JSON object with up to three fields; everything it does not name is unchanged:

- ``"put"``: values replaced, each ``[path, value]``: ``[["seq"], 4]``, ``[["actions", "vex", "move"],
  ["@3,4", ...]]``. A path goes down through objects whose keys, and their order, did not change (so the
  order in which the page lists actors and verbs is the server's); the empty path replaces the whole view;
- ``"splice"``: long text parts changed in the middle (the board's SVG): ``{"board_svg": [start, end,
  text]}`` means ``old[:start] + text + old[end:]``; offsets count UTF-16 code units, as JavaScript's
  string offsets do (used only for ASCII text, where they are also Python's);
- ``"log"``: ``{"drop": [seq, ...], "put": [entry, ...]}``: log entries removed, and entries new or
  changed (by ``seq``); the log stays in ``seq`` order.

:func:`patch` makes one; :func:`apply_patch` is the reference for applying it (the page's ``table.js``
does the same, and the tests check both against the view the server holds).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Text parts at least this long are spliced when they changed in the middle; shorter ones are put whole.
SPLICE_FROM = 2_000


def patch(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """What turns ``old`` into ``new`` (both views of one key; empty when they are equal)."""
    if list(old) != list(new):
        return {"put": [[[], dict(new)]]}
    found: dict[str, Any] = {}
    puts: list[list[Any]] = []
    for part, after in new.items():
        before = old[part]
        if before is after or before == after:
            continue
        if part == "log" and isinstance(before, list) and isinstance(after, list):
            found["log"] = _log_patch(before, after)
        elif isinstance(before, str) and isinstance(after, str) and _spliceable(before, after):
            found.setdefault("splice", {})[part] = _splice(before, after)
        else:
            _put([part], before, after, puts)
    if puts:
        found["put"] = puts
    return found


def apply_patch(view: Mapping[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
    """``view`` with ``change`` applied (a new dict; ``view`` is not changed)."""
    out = dict(view)
    for path, value in change.get("put", []):
        if not path:
            out = dict(value)
            continue
        into = out
        for step in path[:-1]:
            into[step] = dict(into[step])
            into = into[step]
        into[path[-1]] = value
    for part, (start, end, text) in change.get("splice", {}).items():
        out[part] = out[part][:start] + text + out[part][end:]
    if "log" in change:
        entries = {entry["seq"]: entry for entry in out.get("log", [])}
        for seq in change["log"]["drop"]:
            entries.pop(seq, None)
        entries.update((entry["seq"], entry) for entry in change["log"]["put"])
        out["log"] = [entries[seq] for seq in sorted(entries)]
    return out


def _put(path: list[str], before: object, after: object, puts: list[list[Any]]) -> None:
    """Add to ``puts`` what turns ``before`` into ``after`` at ``path``: down through objects whose keys
    kept their order, whole below that."""
    if not (isinstance(before, dict) and isinstance(after, dict) and list(before) == list(after)):
        puts.append([path, after])
        return
    for key, value in after.items():
        if before[key] is not value and before[key] != value:
            _put([*path, key], before[key], value, puts)


def _log_patch(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> dict[str, list[Any]]:
    old = {entry["seq"]: entry for entry in before}
    new_seqs = {entry["seq"] for entry in after}
    return {
        "drop": [seq for seq in old if seq not in new_seqs],
        "put": [entry for entry in after if old.get(entry["seq"]) != entry],
    }


def _spliceable(before: str, after: str) -> bool:
    return len(after) >= SPLICE_FROM and before.isascii() and after.isascii()


def _splice(before: str, after: str) -> list[Any]:
    """``[start, end, text]`` with ``before[:start] + text + before[end:] == after``, the text as short as
    the longest common head and tail allow."""
    head = _common_length(before, after, lambda a, b, n: a[:n] == b[:n], min(len(before), len(after)))
    room = min(len(before), len(after)) - head
    tail = _common_length(before, after, lambda a, b, n: a[len(a) - n :] == b[len(b) - n :], room)
    return [head, len(before) - tail, after[head : len(after) - tail]]


def _common_length(a: str, b: str, same: Any, most: int) -> int:
    """The largest ``n <= most`` with ``same(a, b, n)`` (a binary search: slices compare in C)."""
    low, high = 0, most
    while low < high:
        middle = (low + high + 1) // 2
        if same(a, b, middle):
            low = middle
        else:
            high = middle - 1
    return low
