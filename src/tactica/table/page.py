"""The page's HTML: one small template per page, rendered on the server (Jinja); the page then talks to
the API and the websocket from one plain JavaScript module (``static/table.js``). No build step, nothing
fetched from the internet."""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, PackageLoader, select_autoescape


@cache
def _environment() -> Environment:
    return Environment(loader=PackageLoader("tactica.table", "templates"), autoescape=select_autoescape())


def page_html(page: str, **values: str) -> str:
    """The HTML of ``page`` ('home' or 'table')."""
    return _environment().get_template(f"{page}.html").render(**values)
