"""Reading a system's doc (docs/systems/<id>.md) for the tests that keep it true: its sections, the options
table, the rulings table, the rule -> module map and the setup example."""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel

ROOT = Path(__file__).resolve().parents[2]


def documented(verb: str, text: str) -> bool:
    """An inline code sample of the verb in use: `ACTOR VERB ...`."""
    return re.search(rf"`\w+ {re.escape(verb)}(?=[ `])", text) is not None


class SystemDoc:
    """One system's doc."""

    def __init__(self, system_id: str) -> None:
        self.path = ROOT / "docs" / "systems" / f"{system_id}.md"
        self.name = f"docs/systems/{system_id}.md"

    @cached_property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def section(self, title: str) -> str:
        """The text of the '## title' section."""
        start = self.text.index(f"## {title}")
        end = self.text.find("\n## ", start + 1)
        return self.text[start : end if end >= 0 else len(self.text)]

    def undocumented_options(self, options: type[BaseModel], text: str | None = None) -> list[str]:
        """Option fields without a row ``| `name` | `default` |`` (in ``text``, default the whole doc)."""
        where = self.text if text is None else text
        missing = []
        for name, field in options.model_fields.items():
            default = str(field.default).lower() if isinstance(field.default, bool) else field.default
            if f"| `{name}` | `{default}` |" not in where:
                missing.append(name)
        return missing

    def rulings_without_option(
        self, prefix: str, count: int, options: type[BaseModel], section: str | None = None
    ) -> list[str]:
        """Rulings PREFIX1..PREFIXcount (in ``section``, default 'Rulings PREFIX1-PREFIXcount') whose row is
        missing or names no option field."""
        text = self.section(section or f"Rulings {prefix}1-{prefix}{count}")
        bad = []
        for n in range(1, count + 1):
            row = re.search(rf"^\| {prefix}{n} \|.*$", text, re.MULTILINE)
            if row is None or not set(re.findall(r"`(\w+)`", row.group(0))) & set(options.model_fields):
                bad.append(f"{prefix}{n}")
        return bad

    def rules_without_module(self, last: int) -> list[int]:
        """Rules 1..last not covered by a row of the 'Rule → module' map (single numbers or ranges)."""
        covered: set[int] = set()
        for first, end in re.findall(r"^\| (\d+)(?:-(\d+))? \|", self.section("Rule → module"), re.MULTILINE):
            covered.update(range(int(first), int(end or first) + 1))
        return sorted(set(range(1, last + 1)) - covered)

    def yaml_example(self, title: str) -> Any:
        """The first YAML block of a section, as data."""
        block = re.search(r"```yaml\n(.*?)```", self.section(title), re.DOTALL)
        assert block is not None, f"{self.name}: no YAML block under '{title}'"
        return yaml.safe_load(block.group(1))


def table_rows(section: str) -> dict[str, list[str]]:
    """The table rows of a section whose first cell names things in `code`: each name -> the other cells."""
    out: dict[str, list[str]] = {}
    for line in section.splitlines():
        found = re.match(r"^\| (`[^|]+`) \|(.*)\|$", line)
        if found:
            cells = [cell.strip() for cell in found.group(2).split("|")]
            for name in re.findall(r"`([^`]+)`", found.group(1)):
                out[name] = cells
    return out
