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

from conformance.errors import shown, shown_bare
from conformance.format import limits

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


if getattr(yaml, "__with_libyaml__", False):
    class _CLoader(yaml.CSafeLoader):
        """The same reading with libyaml's parser (ten times quicker); errors are worded by
        PyYAML's own parser, which reads the text again to say what is wrong."""

    _CLoader.yaml_implicit_resolvers = _Loader.yaml_implicit_resolvers
else:  # pragma: no cover - PyYAML built without libyaml
    _CLoader = None


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

    def __init__(self, message: str, line: int | None, path: Path | None = None, case: str | None = None):
        self.message = message
        self.line = line
        self.path = path  # the value's path in the document, when known
        self.case = case  # the id of the case it is in, when known
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
    """Parse one YAML document, recording the line of every value.

    Bounded before anything is built (:mod:`conformance.format.limits`): the text's length, then, on the
    parser's event stream, the nesting depth, the aliases and the values they expand to (no
    recursive alias), integers' digits and explicit tags (only those of JSON data: ``!!str``,
    ``!!int``, ``!!bool``, ``!!null``, ``!!seq``, ``!!map``). The values built are then checked
    to be plain JSON data. Each problem is a :class:`YamlProblem` with its line and path."""
    if len(text) > limits.MAX_FILE_BYTES:
        raise YamlProblem(f"the file is {len(text):,} characters long: the limit is "
                          f"{limits.MAX_FILE_BYTES:,} bytes (conformance/format/limits.py)", None)
    fast = _CLoader is not None
    try:
        _check_events(_CLoader(text) if fast else _Loader(text))
    except (yaml.YAMLError, _InCase) as exc:
        if not fast:
            raise _problem(exc, text) from None
        try:  # PyYAML's own parser words syntax errors as the loader always has
            _check_events(_Loader(text))
        except (yaml.YAMLError, _InCase) as again:
            raise _problem(again, text) from None
        raise _problem(exc, text) from None
    loader = (_CLoader if fast else _Loader)(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise YamlProblem("the file is empty", 1)
        lines: dict[Path, int] = {}
        _walk(node, (), lines)
        data = loader.construct_document(node)
    except yaml.YAMLError as exc:
        raise _problem(exc, text) from None
    except (ValueError, TypeError, KeyError, RecursionError, MemoryError) as exc:  # pragma: no cover - bounded above
        raise YamlProblem(f"YAML error: {type(exc).__name__}: {exc}", None) from None
    finally:
        loader.dispose()
    document = Document(data, lines)
    _check_plain(data, (), document)
    return document


class _InCase(Exception):
    """A YAML error met inside a case (``path``: ``("cases", index)``; ``case``: its id, if read)."""

    def __init__(self, error: yaml.YAMLError, path: Path, case: str | None):
        self.error, self.path, self.case = error, path, case
        super().__init__(str(error))


def _problem(exc: yaml.YAMLError | _InCase, text: str) -> YamlProblem:
    """The error, with its line, and the case it is in when that can be known: the case open
    where the parser stopped (a syntax error), or the case whose lines hold the character (a
    character YAML refuses anywhere, read in a copy of the text with it blanked)."""
    path, case = (exc.path, exc.case) if isinstance(exc, _InCase) else (None, None)
    exc = exc.error if isinstance(exc, _InCase) else exc
    if isinstance(exc, yaml.reader.ReaderError):  # a NUL byte, another control character
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        path, case = _case_at(_NOT_YAML_TEXT.sub(" ", text), line)
        return YamlProblem(f"the character U+{ord(char):04X} is not allowed in a YAML file "
                           "(control characters and NUL are not text)", line, path, case)
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        return YamlProblem(f"YAML syntax error: {problem}", line, path, case)
    return YamlProblem(f"YAML error: {exc}", None, path, case)


_NOT_YAML_TEXT = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""What PyYAML's reader refuses (yaml.reader.Reader.NON_PRINTABLE, and lone surrogates)."""


def _case_at(text: str, line: int | None) -> tuple[Path | None, str | None]:
    """The case (its path and id) whose lines hold ``line`` in ``text``, if the text reads."""
    try:
        document = parse(text) if line is not None else None
    except YamlProblem:
        return None, None
    cases = document.data.get("cases") if document is not None and isinstance(document.data, dict) else None
    starts = [document.lines.get(("cases", index)) for index in range(len(cases))] if isinstance(cases, list) else []
    index = max((i for i, start in enumerate(starts) if start is not None and start <= line), default=None)
    if index is None:
        return None, None
    case_id = cases[index].get("id") if isinstance(cases[index], dict) else None
    return ("cases", index), case_id if isinstance(case_id, str) else None


_JSON_TAGS = {f"tag:yaml.org,2002:{name}": name for name in ("str", "int", "bool", "null", "seq", "map")}
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


class _Frame:
    __slots__ = ("path", "mapping", "key", "expect_key", "index", "anchor", "start", "height")

    def __init__(self, path: Path, mapping: bool, anchor: str | None, start: int):
        self.path, self.mapping, self.anchor, self.start = path, mapping, anchor, start
        self.key: str | int = "?"
        self.expect_key, self.index, self.height = True, 0, 0


def _check_events(parser: Any) -> None:
    """Walk the parser's events (no node is built): depth, aliases, expansion, tags, integers."""
    stack: list[_Frame] = []
    sizes: dict[str, tuple[int, int]] = {}  # anchor -> (values it stands for, its nesting height)
    values = aliases = 0
    case_ids: dict[int, str] = {}

    def fail(message: str, event: Any, path: Path) -> YamlProblem:
        case = case_ids.get(path[1]) if len(path) >= 2 and path[0] == "cases" and isinstance(path[1], int) else None
        return YamlProblem(message, event.start_mark.line + 1, path=path, case=case)

    try:
        while True:
            try:
                event = parser.get_event()
            except yaml.YAMLError as exc:  # a syntax error: in the case open here, if any
                at = next((f.path[:2] for f in stack if len(f.path) >= 2 and f.path[0] == "cases"
                           and isinstance(f.path[1], int)), None)
                if at is None:
                    raise
                raise _InCase(exc, at, case_ids.get(at[1])) from None
            if event is None or isinstance(event, yaml.StreamEndEvent):
                return
            if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                frame = stack.pop()
                height = frame.height + 1
                if stack:
                    stack[-1].height = max(stack[-1].height, height)
                if frame.anchor is not None:
                    sizes[frame.anchor] = (values - frame.start, height)
                continue
            if not isinstance(event, yaml.NodeEvent):
                continue
            # where this value sits
            path: Path = ()
            is_key = False
            if stack:
                top = stack[-1]
                if top.mapping:
                    is_key = top.expect_key
                    top.expect_key = not top.expect_key
                    path = top.path if is_key else top.path + (top.key,)
                else:
                    path = top.path + (top.index,)
                    top.index += 1
            if isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > limits.MAX_ALIASES:
                    raise fail(f"more than {limits.MAX_ALIASES:,} aliases (conformance/format/limits.py)", event, path)
                if event.anchor in (f.anchor for f in stack):
                    raise fail(f"the alias *{event.anchor} refers to a collection it is part of "
                               "(a recursive alias)", event, path)
                if event.anchor not in sizes:
                    raise fail(f"the alias *{event.anchor} names no anchor (&{event.anchor}) above it", event, path)
                count, height = sizes[event.anchor]
                values += count
                if values > limits.MAX_VALUES:
                    raise fail(f"the aliases expand to more than {limits.MAX_VALUES:,} values "
                               "(conformance/format/limits.py)", event, path)
                if len(stack) + height > limits.MAX_DEPTH:
                    raise fail(f"the alias *{event.anchor} nests values more than {limits.MAX_DEPTH} deep "
                               "(conformance/format/limits.py)", event, path)
                if stack:
                    stack[-1].height = max(stack[-1].height, height)
                    if is_key:
                        stack[-1].key = "?"
                continue
            values += 1
            if values > limits.MAX_VALUES:
                raise fail(f"more than {limits.MAX_VALUES:,} values (conformance/format/limits.py)", event, path)
            tag = event.tag
            if tag not in (None, "!") and tag not in _JSON_TAGS:
                tag_shown = "!!" + tag.rsplit(":", 1)[-1] if tag.startswith("tag:yaml.org,2002:") else tag
                raise fail(f"the YAML tag {shown_bare(tag_shown)} is not allowed: a case file holds plain JSON data "
                           "(strings, integers, true/false, null, lists and mappings)", event, path)
            if isinstance(event, yaml.ScalarEvent):
                value = event.value
                if tag in (None, "!"):  # (only a long one can be an integer too large)
                    resolved = parser.resolve(yaml.ScalarNode, value, event.implicit) \
                        if tag is None and len(value) > limits.MAX_INTEGER_DIGITS else None
                else:
                    resolved = tag
                    implied = parser.resolve(yaml.ScalarNode, value, (True, False))
                    if _JSON_TAGS[tag] in ("int", "bool", "null") and implied != tag:
                        raise fail(f"{shown(value)} is not a valid {shown_tag(tag)}", event, path)
                if resolved == "tag:yaml.org,2002:int" and \
                        len(value.lstrip("+-").replace("_", "").lstrip("0")) > limits.MAX_INTEGER_DIGITS:
                    raise fail(f"an integer of {len(value):,} characters: the limit is {limits.MAX_INTEGER:,} "
                               "(conformance/format/limits.py)", event, path)
                if event.anchor is not None:
                    sizes[event.anchor] = (1, 0)
                if is_key:
                    stack[-1].key = value
                elif len(path) == 3 and path[0] == "cases" and path[2] == "id" and isinstance(path[1], int):
                    case_ids[path[1]] = value
                continue
            # the start of a mapping or a list
            if is_key:
                stack[-1].key = "?"
            if len(stack) + 1 > limits.MAX_DEPTH:
                raise fail(f"values nested more than {limits.MAX_DEPTH} deep (conformance/format/limits.py)", event, path)
            stack.append(_Frame(path, isinstance(event, yaml.MappingStartEvent), event.anchor, values))
    finally:
        parser.dispose()


def shown_tag(tag: str) -> str:
    return "!!" + tag.rsplit(":", 1)[-1]


def _check_plain(value: Any, path: Path, document: Document) -> None:
    """Every value is JSON data: no bytes, sets, dates or floats; integers and text bounded."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, str):
        bad = _NOT_TEXT.search(value)
        if bad:
            raise _at(document, path, f"the string holds the control character U+{ord(bad.group()):04X} "
                                      "(write text, not control codes)")
        return
    if isinstance(value, int):
        if abs(value) > limits.MAX_INTEGER:
            raise _at(document, path, f"the integer {value:,} is too large: the limit is {limits.MAX_INTEGER:,} "
                                      "(conformance/format/limits.py)")
        return
    if isinstance(value, list):
        for index, item in enumerate(value):
            _check_plain(item, path + (index,), document)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):  # pragma: no cover - _walk refuses it first
                raise _at(document, path, f"the key {shown(key)} is not a string")
            _check_plain(key, path, document)
            _check_plain(item, path + (key,), document)
        return
    raise _at(document, path, f"a {type(value).__name__} value is not JSON data")


def _at(document: Document, path: Path, message: str) -> YamlProblem:
    case = None
    if len(path) >= 2 and path[0] == "cases" and isinstance(path[1], int) and isinstance(document.data, dict):
        cases = document.data.get("cases")
        raw = cases[path[1]] if isinstance(cases, list) and path[1] < len(cases) else None
        case = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
    return YamlProblem(message, document.line_of(path), path=path, case=case)


def _walk(node: yaml.Node, path: Path, lines: dict[Path, int]) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not (isinstance(key_node, yaml.ScalarNode) and key_node.tag == "tag:yaml.org,2002:str"):
                what = key_node.value if isinstance(key_node, yaml.ScalarNode) else "a collection"
                raise YamlProblem(f"key {shown(what)} must be a string (quote it)", line)
            key = key_node.value
            if key in seen:
                raise YamlProblem(
                    f"duplicate key {shown(key)} (first on line {seen[key]})", line
                )
            seen[key] = line
            _walk(value_node, path + (key,), lines)
            lines[path + (key,)] = line
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, path + (index,), lines)
