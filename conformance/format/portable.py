"""Case files that mean the same to every YAML loader.

The suite reads case files with :mod:`conformance.format.yamlsource`, which keeps dates and decimals as
strings (``cr: 2025-09-19``, ``rules: [615.10]``) and takes only true/false as booleans. Other
loaders do not: PyYAML's ``safe_load`` (YAML 1.1) reads ``615.10`` as the number 615.1,
``2025-09-19`` as a date and ``on`` as true; YAML 1.2 loaders (ruamel.yaml, the YAML language
server of editors) read ``1e3`` and ``0o17`` as numbers. A value written plain that any of them
reads differently from the suite makes the file mean something else there (and fail the JSON
Schema in an editor), so such values are quoted in every file the project ships and writes, and
``mtg-conformance check`` warns about them.

:func:`differences` finds them in a file's text; :func:`quote` rewrites the text with the
string ones quoted, changing nothing else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from conformance.format import yamlsource
from conformance.errors import CaseFileError, shown, shown_bare

# YAML 1.2's core schema (spec 1.2.2, 10.3.2), which ruamel.yaml and editors' language servers use.
_CORE_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_CORE_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_CORE_INT10 = re.compile(r"^[-+]?[0-9]+$")
_CORE_INT8 = re.compile(r"^0o[0-7]+$")
_CORE_INT16 = re.compile(r"^0x[0-9a-fA-F]+$")
_CORE_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_CORE_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_CORE_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")
# YAML 1.1's booleans that PyYAML leaves out but the 1.1 spec (and some loaders) include.
_Y_N = re.compile(r"^(?:y|Y|n|N)$")


def core_value(text: str) -> Any:
    """A plain scalar as YAML 1.2's core schema reads it."""
    if _CORE_NULL.match(text):
        return None
    if _CORE_BOOL.match(text):
        return text.lower() == "true"
    if _CORE_INT10.match(text):
        return int(text, 10)
    if _CORE_INT8.match(text):
        return int(text[2:], 8)
    if _CORE_INT16.match(text):
        return int(text[2:], 16)
    if _CORE_FLOAT.match(text):
        return float(text)
    if _CORE_INF.match(text):
        return float("-inf") if text.startswith("-") else float("inf")
    if _CORE_NAN.match(text):
        return float("nan")
    return text


_STANDARD = yaml.resolver.Resolver()


def safe_load_value(text: str) -> Any:
    """A plain scalar as PyYAML's ``safe_load`` reads it (YAML 1.1 types: dates, yes/no/on/off ...)."""
    tag = _STANDARD.resolve(yaml.ScalarNode, text, (True, False))
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(yaml.ScalarNode(tag, text))
    finally:
        loader.dispose()


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and repr(a) == repr(b)


def _shown(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {shown(value)}"
    if not isinstance(value, str):  # a date or a time
        return f"the {type(value).__name__} {value}"
    return f"the string {shown(value)}"


@dataclass(frozen=True)
class Difference:
    """A plain scalar that another YAML loader reads differently from the suite.

    ``path`` is where it is in the document (a key's own path ends in its name); ``key`` says the
    scalar is a mapping key; ``start`` and ``end`` are its offsets in the text."""

    path: tuple[Any, ...]
    line: int
    text: str
    ours: Any
    readings: tuple[tuple[str, Any], ...]  # (which loader, what it reads), where it differs
    key: bool
    start: int
    end: int

    @property
    def quotable(self) -> bool:
        """Quoting makes every loader read it as the suite does (it is a string to the suite)."""
        return isinstance(self.ours, str)

    def message(self) -> str:
        by_value: dict[str, list[str]] = {}
        for who, value in self.readings:
            by_value.setdefault(_shown(value), []).append(who)
        others = "; ".join(f"{' and '.join(who)} read{'s' * (len(who) == 1)} {shown}" for shown, who in by_value.items())
        what = "key" if self.key else "value"
        written = shown_bare(self.text)  # a few characters at most
        fix = f'quote it: "{written}"' if self.quotable else "write it so that every YAML loader reads it alike"
        return f"warning: the {what} {written} is {_shown(self.ours)} to this suite, but {others}: {fix}"


class _Composer(yamlsource._Loader):
    """The suite's loader, remembering which scalars were written plain and untagged."""

    def compose_scalar_node(self, anchor):
        event = self.peek_event()
        implicit_plain = event.style is None and event.tag in (None, "!") and event.implicit[0]
        node = super().compose_scalar_node(anchor)
        node.implicit_plain = implicit_plain
        return node


_NOT_YAML = object()


def _root_node(text: str) -> Any:
    """The node tree of ``text`` as the suite's loader composes it; ``_NOT_YAML`` when it is not
    well-formed YAML (the loader reports that)."""
    loader = _Composer(text)
    try:
        return loader.get_single_node()
    except yaml.YAMLError:
        return _NOT_YAML
    finally:
        loader.dispose()


def differences(text: str) -> list[Difference]:
    """Every plain scalar of ``text`` that PyYAML's ``safe_load``, a YAML 1.2 loader or a YAML 1.1
    loader reading y/n as booleans reads differently from the suite's loader. A text that is not
    well-formed YAML has none (the loader reports it)."""
    node = _root_node(text)
    if node is _NOT_YAML:
        return []
    found: list[Difference] = []
    if node is not None:
        _walk(node, (), found)
    found.sort(key=lambda d: d.start)
    return found


def _walk(node: yaml.Node, path: tuple[Any, ...], found: list[Difference], key: bool = False) -> None:
    if isinstance(node, yaml.ScalarNode):
        if getattr(node, "implicit_plain", False):
            difference = _difference(node, path, key)
            if difference is not None:
                found.append(difference)
    elif isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            name = key_node.value if isinstance(key_node, yaml.ScalarNode) else "?"
            _walk(key_node, path + (name,), found, key=True)
            _walk(value_node, path + (name,), found)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, path + (index,), found)


def _difference(node: yaml.ScalarNode, path: tuple[Any, ...], key: bool) -> Difference | None:
    text = node.value
    constructor = yamlsource._Loader("")
    try:
        ours = constructor.construct_object(node)
    finally:
        constructor.dispose()
    readings = []
    try:
        standard = safe_load_value(text)
    except (yaml.YAMLError, ValueError):  # a value safe_load cannot even construct (a bad date)
        standard = "<an error>"
    if not _same(standard, ours):
        readings.append(("PyYAML's safe_load", standard))
    core = core_value(text)
    if not _same(core, ours):
        readings.append(("a YAML 1.2 loader", core))
    if _Y_N.match(text) and isinstance(ours, str):
        readings.append(("a YAML 1.1 loader", text in "yY"))
    if not readings:
        return None
    return Difference(path, node.start_mark.line + 1, text, ours, tuple(readings), key,
                      node.start_mark.index, node.end_mark.index)


def _is_rule_number(path: tuple[Any, ...]) -> bool:
    """A case's ``rules`` item or its ``source.rule``."""
    return len(path) in (4, 5) and path[0] == "cases" and (path[2:3] == ("rules",) and len(path) == 4
                                                            or path[2:] == ("source", "rule"))


def quote(text: str, rule_numbers: bool = True) -> str:
    """``text`` with every plain scalar that some loader reads differently and that the suite reads
    as a string written in double quotes, and (``rule_numbers``) every other rule number of a case
    too, so that a file quotes its rule numbers alike; nothing else changes (comments, order,
    layout)."""
    spans = [(d.start, d.end, d.text) for d in differences(text) if d.quotable]
    if rule_numbers:
        spans += _plain_rule_numbers(text)
    out, last = [], 0
    for start, end, value in sorted(set(spans)):
        assert text[start:end] == value, (start, value)
        out.append(text[last:start])
        out.append('"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"')
        last = end
    out.append(text[last:])
    return "".join(out)


def _plain_rule_numbers(text: str) -> list[tuple[int, int, str]]:
    node = _root_node(text)
    if node is _NOT_YAML:
        return []
    found: list[tuple[int, int, str]] = []

    def walk(node: yaml.Node, path: tuple[Any, ...]) -> None:
        if isinstance(node, yaml.ScalarNode):
            if getattr(node, "implicit_plain", False) and _is_rule_number(path):
                found.append((node.start_mark.index, node.end_mark.index, node.value))
        elif isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                walk(value_node, path + (getattr(key_node, "value", "?"),))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, path + (index,))

    if node is not None:
        walk(node, ())
    return found


def warnings(text: str, name: str) -> list[CaseFileError]:
    """``check``'s warnings for a case file's text, one per value, naming file, line, case and field.

    None for a text the loader refuses as YAML (:func:`yamlsource.parse`: its limits on size,
    depth, aliases and their expansion): that is the loader's error to report, and the walk over
    the values below would otherwise follow every alias of a billion-laughs file."""
    try:
        data = yamlsource.parse(text).data
    except yamlsource.YamlProblem:
        return []
    found = differences(text)
    if not found:
        return []
    result = []
    for difference in found:
        path, case = difference.path, None
        if len(path) >= 2 and path[0] == "cases" and isinstance(path[1], int):
            raw = data["cases"][path[1]] if isinstance(data, dict) and isinstance(data.get("cases"), list) else None
            case_id = raw.get("id") if isinstance(raw, dict) else None
            case = case_id if isinstance(case_id, str) else f"#{path[1] + 1}"
            path = path[2:]
        result.append(CaseFileError(name, difference.message(), line=difference.line, case=case,
                                    field="/".join(map(str, path)) or None))
    return result
