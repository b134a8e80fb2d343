"""Every file tactica reads — scenarios, saved fights, the systems' content files, option values given as
YAML text — goes through this package, so every one gets the same limits and the same short messages.

- :func:`read_text`: regular files only (not a folder, a pipe, a device), at most 4 MiB
  (``TACTICA_MAX_FILE_BYTES`` or ``max_bytes=`` to change it), UTF-8.
- :func:`parse_yaml` / :func:`load_yaml`: YAML read once into a :class:`Source` (the node tree for line
  numbers and the data built from it); aliases, nesting deeper than 64 levels and a key given twice are
  refused at their line.
- :func:`parse_json` / :func:`load_save`: JSON with the same limits (a saved fight is a JSON object).

Every problem is a :class:`FileError` whose ``problems`` say ``file:line: field: what is wrong``, each short.

>>> parse_yaml("hp: 3\\nhp: 4\\n", "x.yaml").data
Traceback (most recent call last):
...
tactica.files.problems.FileError: x.yaml:2: key 'hp' appears twice (first on line 1)
"""

from tactica.files.json_loader import load_save, parse_json
from tactica.files.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_FILE_BYTES_ENV, max_file_bytes
from tactica.files.problems import (
    MAX_ECHO,
    MAX_PROBLEMS,
    FileError,
    Problem,
    brief,
    capped,
    clip,
    did_you_mean,
    listed,
)
from tactica.files.reading import read_resource, read_text
from tactica.files.source import Segment, Source, format_path, node_at
from tactica.files.yaml_loader import load_yaml, parse_yaml, yaml_problem

__all__ = [
    "MAX_DEPTH",
    "MAX_ECHO",
    "MAX_FILE_BYTES",
    "MAX_FILE_BYTES_ENV",
    "MAX_PROBLEMS",
    "FileError",
    "Problem",
    "Segment",
    "Source",
    "brief",
    "capped",
    "clip",
    "did_you_mean",
    "format_path",
    "listed",
    "load_save",
    "load_yaml",
    "max_file_bytes",
    "node_at",
    "parse_json",
    "parse_yaml",
    "read_resource",
    "read_text",
    "yaml_problem",
]
