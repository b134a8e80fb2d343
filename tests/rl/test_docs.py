"""Issue 17 point 4: docs/agents.md documents the observation field by field, and that table is current."""

from __future__ import annotations

import re

from tactica.rl.observation import field_table
from tests.rl.scenarios import ROOT, SMALL


def test_the_field_table_in_the_docs_is_the_one_the_code_generates() -> None:
    """Issue 17 point 1: observations 'documented field by field in docs/agents.md (generate the field table
    from the code if you can, and test it is current)'."""
    text = (ROOT / "docs/agents.md").read_text(encoding="utf-8")
    shown = re.search(r"<!-- rl-fields: begin -->\n(.*)<!-- rl-fields: end -->", text, re.S)
    assert shown is not None, "docs/agents.md lost its rl-fields markers"
    paths = {system: str(path.relative_to(ROOT)) for system, path in SMALL.items()}
    assert shown.group(1) == field_table(paths), "regenerate with tactica.rl.observation.field_table"
