"""Faces for people: events as readable log lines, and the state as a small text map.

Rules code never formats text; these functions do, per event kind (see :mod:`tactica.render.log`).
"""

from tactica.render.board import assign_letters, render_board
from tactica.render.log import FORMATTERS, generic, render_event, render_log

__all__ = ["FORMATTERS", "assign_letters", "generic", "render_board", "render_event", "render_log"]
