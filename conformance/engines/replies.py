"""Decoding what an engine writes: each line must be UTF-8 JSON with no NaN or Infinity, nested at
most :data:`MAX_DEPTH` deep, with no lone surrogate in a string; anything else is a protocol
error of that case (docs/protocol.md, "Engine faults"). What an in-process engine returns is
held to the same (:func:`plain_value`), NaN and Infinity aside (they are judged). The checks
never recurse, so no reply can exhaust the stack."""

from __future__ import annotations

import json
import math
from typing import Any

from conformance.errors import shown

MAX_DEPTH = 64
"""The deepest a message from an engine may nest (arrays and objects); deeper is a protocol error."""


def message_problem(message: Any, max_depth: int = MAX_DEPTH) -> str | None:
    """What makes decoded JSON unusable though it parsed: nesting deeper than ``max_depth``, or a
    string (or key) that is not valid Unicode (a lone surrogate such as ``"\\ud800"``). Iterative,
    so no depth can exhaust the stack."""
    stack: list[tuple[Any, int, str]] = [(message, 1, "")]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return f"{where or 'the message'}: a string that is not valid Unicode (a lone surrogate): {shown(value)}"
            continue
        if not isinstance(value, (dict, list)):
            continue
        if depth > max_depth:
            return f"{where or 'the message'}: nested more than {max_depth} deep"
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str):
                stack.append((key, depth, f"{where}/{shown(key)}"[:200] if where else shown(key)))
            stack.append((item, depth + 1, f"{where}/{key}"[:200] if where else str(key)[:200]))
    return None


MAX_DIGITS = 4300
"""The most digits an integer from an engine may have: what Python's JSON reader accepts (its
default ``sys.get_int_max_str_digits()``), so an in-process engine's answer carries no integer an
engine over the protocol could not send."""

_TOO_LARGE = 10 ** MAX_DIGITS
_SCALARS = {bool, int, float, str, type(None)}
_BASES = (int, float, str, dict, list, tuple)  # (bool cannot be subclassed)


def plain_value(value: Any, max_depth: int = MAX_DEPTH) -> Any:
    """A copy of ``value`` made of plain JSON data: ``dict`` with ``str`` keys, ``list`` (from a list
    or a tuple), ``str``, ``int``, ``float``, ``bool``, ``None``. A subclass of one of those is copied
    through its base type's own methods (never its own: an ``__eq__`` or ``__iter__`` it overrides
    is not called). ``ValueError``, in one line naming where, for anything else: another type (bytes,
    a set, a generator, an object), a key that is not a string, an integer of more than
    :data:`MAX_DIGITS` digits, a string that is not valid Unicode, nesting deeper than ``max_depth``
    (a list that holds itself among them). Iterative: no value can exhaust the stack."""
    if _plain_already(value, max_depth):
        return value  # (nothing to copy: no method of a subclass to avoid)
    top: list[Any] = [None]
    stack: list[tuple[Any, Any, Any, int, str]] = [(value, top, 0, 1, "")]
    while stack:
        item, into, key, depth, where = stack.pop()
        kind = type(item)
        if kind not in _SCALARS and kind not in (dict, list):
            item, kind = _base_value(item, where)
        if kind is str:
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise ValueError(f"{where or 'the answer'}: a string that is not valid Unicode (a lone surrogate): "
                                 f"'{safe_text(item, 20)}'") from None
        elif kind is int and not -_TOO_LARGE < item < _TOO_LARGE:
            raise ValueError(f"{where or 'the answer'}: an integer of more than {MAX_DIGITS} digits "
                             f"(about {int(item.bit_length() * math.log10(2)):,})")
        elif kind is dict or kind is list:
            if depth > max_depth:
                raise ValueError(f"{where or 'the answer'}: nested more than {max_depth} deep (or holding itself)")
            if kind is dict:
                copy: Any = {}
                for k, v in dict.items(item):
                    k = _key(k, where)
                    stack.append((v, copy, k, depth + 1, _path(where, safe_text(k, 20))))
            else:
                copy = [None] * len(item)
                stack.extend((v, copy, i, depth + 1, _path(where, str(i))) for i, v in enumerate(item))
            item = copy
        into[key] = item
    return top[0]


def plain_within(value: Any, level: int, max_depth: int = MAX_DEPTH) -> bool:
    """Whether ``value``, found at nesting level ``level`` of an answer (the answer itself is at level
    1), is plain JSON data as :func:`_plain_already` finds the whole answer: exact types, valid
    Unicode, integers within bounds, and no container deeper than ``max_depth`` in the answer."""
    return _plain_already([value], max_depth - level + 2)


QUICK_CONTAINERS = 100_000
"""The most containers :func:`_plain_already` looks at before leaving the answer to :func:`plain_value`."""


def _plain_already(value: Any, max_depth: int) -> bool:
    """Whether ``value`` is plain JSON data already, of the exact types :func:`plain_value` makes,
    within its bounds: the quick way through what an engine returns, which is that almost always.
    ``False`` for anything else (then :func:`plain_value` copies it, or says what is wrong). Level by
    level (the containers of each depth in a list: no tuple per container, the depth checked once a
    level); past :data:`QUICK_CONTAINERS` containers it gives up (``False``: :func:`plain_value`
    decides), so that a container held many times over (a list holding itself twice) cannot make
    its levels grow without end before the depth bound is reached."""
    level = [value]
    depth = seen = 0
    while level:
        depth += 1
        seen += len(level)
        if depth > max_depth or seen > QUICK_CONTAINERS:
            return False
        below: list[Any] = []
        for item in level:
            if type(item) is dict:
                for key in item:
                    if type(key) is not str or not (key.isascii() or _valid(key)):
                        return False
                children: Any = item.values()
            elif type(item) is list:
                children = item
            else:
                return False
            for child in children:
                kind = type(child)
                if kind is str:
                    if not (child.isascii() or _valid(child)):
                        return False
                elif kind is dict or kind is list:
                    below.append(child)
                elif kind is int:
                    if not -_TOO_LARGE < child < _TOO_LARGE:
                        return False
                elif kind is not bool and child is not None and kind is not float:
                    return False
        level = below
    return True


def _valid(text: str) -> bool:
    """Whether ``text`` is valid Unicode (no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _base_value(item: Any, where: str) -> tuple[Any, type]:
    """``item``, a subclass of a JSON type, as that type's plain value (through the base type's
    own methods); ``ValueError`` for anything else."""
    kind = type(item)
    for base in _BASES:
        if issubclass(kind, base):
            if base is dict:
                return dict(dict.items(item)), dict
            if base in (list, tuple):
                return list(base.__iter__(item)), list
            return {int: int.__int__, float: float.__float__, str: str.__str__}[base](item), base
    raise ValueError(f"{where or 'the answer'}: a value of type {type_name(item)}, not JSON data "
                     "(a dict, list, str, int, float, bool or None)")


def _key(key: Any, where: str) -> str:
    """A key of a dict, a ``str`` (a subclass's value copied) that is valid Unicode."""
    if type(key) is not str:
        if not issubclass(type(key), str):
            raise ValueError(f"{where or 'the answer'}: a key of type {type_name(key)}; JSON object keys are strings")
        key = str.__str__(key)
    try:
        key.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{where or 'the answer'}: a key that is not valid Unicode (a lone surrogate): "
                         f"'{safe_text(key, 20)}'") from None
    return key


def _path(where: str, step: str) -> str:
    path = f"{where}/{step}" if where else step
    return path if len(path) <= 120 else "..." + path[-117:]


_ESCAPES = {**{code: f"\\x{code:02x}" for code in (*range(32), 127)}, 9: "\\t", 10: "\\n", 13: "\\r"}


def safe_text(text: str, limit: int) -> str:
    """At most ``limit`` characters of ``text`` (then ``...``) on one line: control characters
    (a newline, an escape sequence) and lone surrogates escaped (``\\n``, ``\\x1b``, ``\\ud800``),
    so it can be printed on a terminal and written as UTF-8."""
    return printable(text[:limit].translate(_ESCAPES)) + ("..." if len(text) > limit else "")


def printable(text: str) -> str:
    """``text`` with any lone surrogate escaped (``\\ud800``): it can be printed and written as UTF-8."""
    return text if text.isascii() else text.encode("utf-8", "backslashreplace").decode("utf-8")


def type_name(value: Any) -> str:
    """The name of ``value``'s class, read from the class itself (no metaclass can intervene), on
    one line."""
    return safe_text(type.__dict__["__name__"].__get__(type(value), type), 60)


def _no_constant(token: str) -> Any:
    raise ValueError(f"{token} is not JSON")


def decode_line(line: bytes, max_depth: int = MAX_DEPTH, *, constants: bool = False) -> Any:
    """One line from an engine, as JSON; ``ValueError`` naming what is wrong: not UTF-8, not JSON,
    nested more than ``max_depth`` deep, a string that is not valid Unicode. ``constants``: read
    ``NaN``, ``Infinity`` and ``-Infinity`` as floats (the suite's own worker process, which
    carries what an in-process engine returned)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"a line that is not UTF-8 (byte {exc.start}): {excerpt(line)}") from None
    try:
        value = json.loads(text, parse_constant=float if constants else _no_constant)
    except RecursionError:
        raise ValueError(f"JSON nested more than {max_depth} deep: {excerpt(line)}") from None
    except ValueError:
        raise ValueError(f"a line that is not JSON: {excerpt(line)}") from None
    problem = message_problem(value, max_depth)
    if problem:
        raise ValueError(f"unusable JSON ({problem})")
    return value


def excerpt(data: bytes) -> str:
    text = data[:200].decode("utf-8", "replace")
    return repr(text) + ("..." if len(data) > 200 else "")
