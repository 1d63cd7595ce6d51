"""Reading YAML so that every value keeps the line it came from, and writing it plainly.

Case files are plain YAML; we read them with PyYAML's safe loader, minus two surprises of
YAML 1.1: dates and decimals stay strings (``cr: 2025-09-19``, ``rules: [613.7]``), ``on``
and ``yes`` are not booleans, and a mapping with the same key twice is an
error instead of silently keeping the last value.
"""

from __future__ import annotations

from dataclasses import dataclass
import re
from typing import Any

import yaml

Path = tuple[str | int, ...]


class _Loader(yaml.SafeLoader):
    """SafeLoader that reads dates and decimals as strings (so rule numbers such as 613.7 stay
as written), and only true/false as booleans (as YAML 1.2 does)."""


_DROPPED = {"tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:float"}
_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in _DROPPED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


class _Dumper(yaml.SafeDumper):
    """SafeDumper that writes a value shared by two places twice, never as an anchor and alias
    (snapshots share lists between checkpoints; a case file should read as written by hand)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


# A string that some YAML loader reads as something else is written in double quotes: besides
# what PyYAML's safe loader would read as a number, date or boolean (613.10, 2025-09-19, on), what a
# YAML 1.2 loader reads as a number (1e3, 0o17) and a YAML 1.1 loader as a boolean (y, n). Rule
# numbers such as 613.4b are quoted too, so that a case's rules are all written alike.
_Dumper.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+.0123456789"),
)
_Dumper.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^0o[0-7]+$"), ["0"])
_Dumper.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^[yYnN]$"), list("yYnN"))
_Dumper.add_implicit_resolver("tag:mtg-conformance,2025:rule", re.compile(r"^[1-9][0-9]{2}\.[1-9][0-9]{0,2}[a-z]$"),
                              list("123456789"))


def _choose_scalar_style(self: _Dumper) -> str:
    """Double quotes, not single, for a string that would be read as something else written plain."""
    style = yaml.SafeDumper.choose_scalar_style(self)
    if style == "'" and not self.event.implicit[0]:
        return '"'
    return style


_Dumper.choose_scalar_style = _choose_scalar_style


def dump(data: Any, **options: Any) -> str:
    """``data`` as YAML text (``yaml.safe_dump``'s options), without anchors and aliases; a string
    that any YAML loader would read as something else is quoted."""
    return yaml.dump(data, Dumper=_Dumper, **options)


class YamlProblem(Exception):
    """A file that is not well-formed YAML for our purposes; ``line`` is 1-based."""

    def __init__(self, message: str, line: int | None):
        self.message = message
        self.line = line
        super().__init__(message)


@dataclass(frozen=True)
class Document:
    """A parsed YAML document and the line (1-based) of each value, by path."""

    data: Any
    lines: dict[Path, int]

    def line_of(self, path: Path) -> int | None:
        """The line of the value at ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())


def parse(text: str) -> Document:
    """Parse one YAML document, recording the line of every value."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise YamlProblem("the file is empty", 1)
        lines: dict[Path, int] = {}
        _walk(node, (), lines)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        raise YamlProblem(f"YAML syntax error: {problem}", line) from None
    except yaml.YAMLError as exc:  # pragma: no cover - PyYAML marks nearly everything
        raise YamlProblem(f"YAML error: {exc}", None) from None
    finally:
        loader.dispose()
    return Document(data, lines)


def _walk(node: yaml.Node, path: Path, lines: dict[Path, int]) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not (isinstance(key_node, yaml.ScalarNode) and key_node.tag == "tag:yaml.org,2002:str"):
                shown = key_node.value if isinstance(key_node, yaml.ScalarNode) else "a collection"
                raise YamlProblem(f"key {shown!r} must be a string (quote it)", line)
            key = key_node.value
            if key in seen:
                raise YamlProblem(
                    f"duplicate key {key!r} (first on line {seen[key]})", line
                )
            seen[key] = line
            _walk(value_node, path + (key,), lines)
            lines[path + (key,)] = line
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, path + (index,), lines)
