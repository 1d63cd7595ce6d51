"""The corpus file: gzip-compressed JSON lines, a header first, then one scenario a line.

The header names the format (``corpus: 1``), the CR date, the suite's version, the number of
scenarios and the SHA-256 of the lines after it (decompressed), so a file changed after it was
built is refused before anything runs. A scenario line holds its id, the property whose draws it
came from, the rules it exercises, the features it needs, the case (its plain form, the values the
format defaults to left out: :func:`encode_case`) and the reference engine's snapshots at its
checkpoints, the expected values (:func:`encode_expected`: each distinct object or player state once,
the checkpoints pointing at them). Decoding gives back exactly what was encoded (the build checks it
for every scenario); it is the part of a replay that is not the engine's, so it is kept cheap.

Every problem is one line naming the file and the line, as for case files (exit status 2): a
truncated or damaged gzip stream, a line that is not JSON, a line of the wrong shape.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import marshal
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance import CR_VERSION

try:  # (a dependency; the standard library's reader where it cannot be installed)
    import orjson
except ImportError:  # pragma: no cover
    orjson = None  # type: ignore[assignment]
from conformance.errors import CaseFileError, CaseFileErrors, shown

FORMAT = 1
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "data" / "corpus.jsonl.gz"
"""The corpus shipped with the suite (package data), ``mtg-conformance corpus build`` writes it."""
MAX_BYTES = 200_000_000
"""The most a corpus may hold decompressed (the shipped one: about 20 MB): past it, refused."""

_RAW = "="  # a dict kept as it is (it lacks a key the defaults would add back)


def _object_defaults() -> dict[str, Any]:  # fresh containers each time: an engine may change its input
    return {"zone": "battlefield", "counters": {}, "face_down": False, "tapped": False}


def _card_defaults() -> dict[str, Any]:
    return {"subtypes": [], "supertypes": [], "colors": [], "abilities": []}


def _state_defaults() -> dict[str, Any]:
    return {"life": 20, "counters": {}, "mana": {}}


def _seen_object_defaults() -> dict[str, Any]:
    return {"zone": "battlefield", "power": None, "toughness": None, "counters": {}, "damage": 0, "name": None,
            "mana_cost": None, "colors": [], "subtypes": [], "supertypes": [], "abilities": [], "face_down": False,
            "tapped": False}


SEEN_ORDER = ("zone", "controller", "power", "toughness", "counters", "damage", "name", "mana_cost", "colors", "types",
              "subtypes", "supertypes", "abilities", "face_down", "tapped")
"""The order of an object's values in the reference engine's snapshots (docs/engines.md): decoded in
it, an expected object is the very dict the reference engine answers, compared whole at once."""


def _in_order(values: dict[str, Any]) -> dict[str, Any]:
    ordered = {key: values[key] for key in SEEN_ORDER if key in values}
    if len(ordered) < len(values):
        ordered.update(values)
    return ordered


def _seen_player_defaults() -> dict[str, Any]:
    return {"life": 20, "mana": {}, "counters": {}, "lost": False}


def _exactly(a: Any, b: Any) -> bool:
    """Equal as JSON (``1`` is not ``true``), for leaving a default out."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _shrink(values: Mapping[str, Any], defaults) -> dict[str, Any]:
    """``values`` without the keys equal to their default; kept whole (``{"=": values}``) when the
    defaults would add a key it does not have."""
    if not isinstance(values, Mapping) or _RAW in values or not set(defaults()) <= set(values):
        return {_RAW: values}
    return {k: v for k, v in values.items() if not (k in defaults() and _exactly(v, defaults()[k]))}


def _grow(values: dict[str, Any], defaults) -> dict[str, Any]:
    if _RAW in values:
        return values[_RAW]
    full = defaults()
    full.update(values)
    return full


def encode_case(plain: Mapping[str, Any]) -> dict[str, Any]:
    """A case's plain form with its objects', cards' and players' default values left out."""
    out = {k: v for k, v in plain.items() if not (k == "cr" and v == CR_VERSION)}
    objects = {}
    for oid, spec in plain["objects"].items():
        compact = _shrink(spec, _object_defaults)
        if _RAW not in compact and isinstance(spec.get("card"), Mapping):
            compact["card"] = _shrink(spec["card"], _card_defaults)
        objects[oid] = compact
    out["objects"] = objects
    if "player_states" in plain:
        out["player_states"] = {name: _shrink(state, _state_defaults) for name, state in plain["player_states"].items()}
    return out


def decode_case(compact: dict[str, Any]) -> dict[str, Any]:
    """The plain form :func:`encode_case` was given."""
    plain = dict(compact)
    plain.setdefault("cr", CR_VERSION)
    objects = {}
    for oid, spec in compact["objects"].items():
        if _RAW in spec:
            objects[oid] = spec[_RAW]
            continue
        grown = _grow(spec, _object_defaults)
        if isinstance(spec.get("card"), dict):
            grown["card"] = _grow(spec["card"], _card_defaults)
        objects[oid] = grown
    plain["objects"] = objects
    if "player_states" in compact:
        plain["player_states"] = {name: _grow(state, _state_defaults) for name, state in compact["player_states"].items()}
    return plain


def encode_expected(snapshots: list[Mapping[str, Any]]) -> dict[str, Any]:
    """Snapshots as ``{"o": [object states], "p": [player states], "c": [[{id: n}, {name: n} or null]]}``:
    each distinct state once, defaults left out."""
    tables: dict[str, list[Any]] = {"o": [], "p": []}
    index: dict[str, dict[str, int]] = {"o": {}, "p": {}}

    def place(kind: str, values: Mapping[str, Any]) -> int:
        compact = _shrink(values, _seen_object_defaults if kind == "o" else _seen_player_defaults)
        key = json.dumps(compact, sort_keys=True)
        if key not in index[kind]:
            index[kind][key] = len(tables[kind])
            tables[kind].append(compact)
        return index[kind][key]

    checkpoints = []
    for snapshot in snapshots:
        objects = {oid: place("o", values) for oid, values in snapshot["objects"].items()}
        players = ({name: place("p", values) for name, values in snapshot["players"].items()}
                   if "players" in snapshot else None)
        checkpoints.append([objects, players])
    return {**tables, "c": checkpoints}


def decode_expected(compact: dict[str, Any]) -> list[dict[str, Any]]:
    """The snapshots :func:`encode_expected` was given (a state met twice is one shared dict: read it,
    never change it)."""
    return _snapshots(_decoded(compact)[0])


ExpectedState = tuple[bytes, bool, tuple[str, ...], bool]
"""An expected state as the judge compares it: its :func:`exact_bytes`, whether it is plain JSON data
as the guard finds it (:func:`conformance.engines.replies.plain_within`), its keys (a tuple of
strings: the collector stops tracking it, and the states kept for a run cost its walks nothing),
and whether they are among :data:`SEEN_KEYS` (then an engine observing all of those compares them all)."""

SEEN_KEYS = {"objects": frozenset(SEEN_ORDER), "players": frozenset(_seen_player_defaults())}
"""The values the reference engine reports of an object and of a player."""


def _decoded(compact: dict[str, Any]) -> tuple[list[dict[str, dict[str, ExpectedState]]], bool]:
    """The expected states by checkpoint, kind and name (``{"objects": {id: state}, "players": {name:
    state}}``, players where the checkpoint observes them), and whether every state is plain JSON data.
    Each distinct state is decoded once a run (:func:`_expected_state`); the snapshots' dicts are made
    only when asked for (:func:`_snapshots`: a scenario that agrees is judged by bytes alone)."""
    objects = [_expected_state(_OBJECT_STATES, values, _seen_object_defaults) for values in compact["o"]]
    players = [_expected_state(_PLAYER_STATES, values, _seen_player_defaults) for values in compact["p"]]
    keys = []
    for seen, met in compact["c"]:
        key = {"objects": {oid: objects[n] for oid, n in seen.items()}}
        if met is not None:
            key["players"] = {name: players[n] for name, n in met.items()}
        keys.append(key)
    plain = True
    for state in (*objects, *players):
        plain = plain and state[1]
    return keys, plain


def _snapshots(keys: list[dict[str, dict[str, ExpectedState]]]) -> list[dict[str, Any]]:
    """The expected snapshots, made afresh from their states' bytes (a state met twice is one dict)."""
    made: dict[bytes, Any] = {}
    snapshots = []
    for key in keys:
        snapshot = {}
        for kind, states in key.items():
            snapshot[kind] = {name: made.get(state[0]) or made.setdefault(state[0], marshal.loads(state[0]))
                              for name, state in states.items()}
        snapshots.append(snapshot)
    return snapshots


MAX_STATES = 200_000
"""The most distinct expected states of each kind kept decoded (their bytes, about 300 each); past it,
all forgotten."""
_OBJECT_STATES: dict[bytes, ExpectedState] = {}
_PLAYER_STATES: dict[bytes, ExpectedState] = {}


def _expected_state(known: dict[bytes, ExpectedState], values: Any, defaults) -> ExpectedState:
    """The state ``values`` (an expected state as the file holds it) decodes to, as the judge compares
    it (:data:`ExpectedState`): worked out once for each distinct state, since states recur (4,098
    distinct among the 23,828 object states of the corpus's first 5,000 scenarios). Bytes are kept,
    not dicts, so that no scenario can change another's expected values."""
    token = marshal.dumps(values, 2)  # (decoded JSON: always marshallable; exact, as exact_bytes is)
    found = known.get(token)
    if found is None:
        from conformance.engines.replies import plain_within

        state = _grow(values, defaults)
        if defaults is _seen_object_defaults:
            state = _in_order(state)
        keys = tuple(state)
        found = (exact_bytes(state), plain_within(state, STATE_LEVEL), keys,
                 SEEN_KEYS["objects" if defaults is _seen_object_defaults else "players"].issuperset(keys))
        if len(known) >= MAX_STATES:
            known.clear()
        known[token] = found
    return found


STATE_LEVEL = 4
"""How deep an object's or a player's state sits in an engine's answer: the answer's list, a snapshot,
its ``objects`` or ``players``, the state."""


def exact_bytes(value: Any) -> bytes:
    """Plain JSON data (checked already: the guard's, or decoded JSON) as bytes that are equal exactly
    when the values are, of the same types, in the same order (``1``, ``1.0`` and ``True`` differ, as
    they do to a checkpoint): :func:`marshal.dumps` of version 2, the standard library's own C
    serializer, which writes each value's exact type and has none of the sharing references of
    version 3 on, so the bytes depend on the value alone. A quick way to compare a whole state."""
    return marshal.dumps(value, 2)


@dataclass(frozen=True, slots=True)
class Scenario:
    """One scenario of the corpus: its id, the property it was drawn for, the rules it exercises,
    the features it needs, the case (plain form) and the reference engine's snapshots of it
    (:attr:`expected`: ``given`` for a scenario made in code; for one read from a file, made from
    ``keys`` when asked for)."""

    id: str
    property: str
    rules: tuple[str, ...]
    features: tuple[str, ...]
    case: dict[str, Any]
    given: list[dict[str, Any]] | None
    line: int = 0
    keys: list[dict[str, dict[str, ExpectedState]]] | None = None  # each expected state (read from a file)
    plain: bool = False  # every expected state plain JSON data as the guard finds it (read from a file)

    @property
    def expected(self) -> list[dict[str, Any]]:
        """The expected snapshots, one per checkpoint."""
        return self.given if self.given is not None else _snapshots(self.keys or [])

    def to_line(self) -> dict[str, Any]:
        return {"id": self.id, "property": self.property, "rules": list(self.rules), "features": list(self.features),
                "case": encode_case(self.case), "expected": encode_expected(self.expected)}


def dumps(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


PACKED_DIGEST = "packed_sha256"
"""The header's key for the SHA-256 of its other keys and of the scenarios' gzip member as written."""
MAX_HEADER = 1_000_000
"""The most the header's own gzip member may hold decompressed to be read apart from the scenarios."""


def _packed_digest(header: dict[str, Any], member: bytes) -> str:
    digest = hashlib.sha256(dumps({k: v for k, v in header.items() if k != PACKED_DIGEST}))
    digest.update(member)
    return digest.hexdigest()


def write(path: str | Path, header: dict[str, Any], scenarios: list[Scenario]) -> Path:
    """Write the corpus file (the same bytes for the same scenarios: gzip's time stamp is 0)."""
    from conformance.outputs import write_atomically

    body = b"".join(dumps(s.to_line()) + b"\n" for s in scenarios)
    member = gzip.compress(body, compresslevel=9, mtime=0)
    head = {"corpus": FORMAT, "cr": CR_VERSION, **header, "scenarios": len(scenarios),
            "sha256": hashlib.sha256(body).hexdigest()}
    head[PACKED_DIGEST] = _packed_digest(head, member)
    data = gzip.compress(dumps(head) + b"\n", compresslevel=9, mtime=0) + member
    write_atomically(Path(path), data)
    return Path(path)


@dataclass(frozen=True)
class Corpus:
    """A corpus file read and checked: its header and its scenario lines, decoded one by one."""

    path: str
    header: dict[str, Any]
    lines: list[bytes] | Lines

    def __len__(self) -> int:
        return len(self.lines)

    def order(self) -> list[int]:
        """The lines in replay order: round by round, each round's chunks interleaved (the header's
        ``chunks``, ``[round, property, count]`` as the file holds them; the file's order without)."""
        chunks = self.header.get("chunks")
        if chunks is None:
            return list(range(len(self.lines)))
        rounds: dict[int, list[range]] = {}
        start = 0
        for number, _, count in chunks:
            rounds.setdefault(number, []).append(range(start, start + count))
            start += count
        return [index for number in sorted(rounds) for index in interleaved(rounds[number])]

    def scenario(self, index: int) -> Scenario:
        """The scenario of line ``index + 2`` of the file; raises :class:`CaseFileErrors` (one line)."""
        return _scenario(self.path, index + 2, self.lines[index])

    def __iter__(self) -> Iterator[Scenario]:
        return (self.scenario(i) for i in range(len(self.lines)))


def interleaved(chunks: list[list[Any]]) -> list[Any]:
    """One round's chunks (one a property), an item of each in turn: the first N scenarios of the
    corpus are drawn from every property alike (until a property's chunk runs out)."""
    from itertools import zip_longest

    return [item for group in zip_longest(*chunks) for item in group if item is not None]


def _error(path: str, message: str, line: int | None = None, field: str | None = None,
           case: str | None = None) -> CaseFileErrors:
    return CaseFileErrors([CaseFileError(path, message, line=line, field=field, case=case)])


def read(path: str | Path) -> Corpus:
    """Read a corpus file: decompress it, check its header and the digest of its lines."""
    from conformance.format import files

    name = str(path)
    try:
        if files.through_link(name):
            raise _error(name, files.through_link(name))
        with open(name, "rb") as handle:
            packed = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise _error(name, f"cannot read the corpus: {exc.strerror or exc}") from None
    if len(packed) > MAX_BYTES:
        raise _error(name, f"the corpus is larger than {MAX_BYTES:,} bytes: not read")
    as_built = _as_built(name, packed)
    if as_built is not None:
        return as_built
    data = _decompress(name, packed)
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        raise _error(name, "the corpus is empty (rebuild it: mtg-conformance corpus build)", line=1)
    header = _header(name, lines[0])
    body = memoryview(data)[len(lines[0]) + 1:]  # (not a copy of the file's 70 MB)
    if hashlib.sha256(body).hexdigest() != header["sha256"]:
        for number, line in enumerate(lines[1:], 2):  # name the first line that is wrong, if one is
            _scenario(name, number, line)
        raise _error(name, "the scenarios do not match the header's sha256: the file was changed after it was built "
                           "(rebuild it: mtg-conformance corpus build)", line=1, field="sha256")
    _check_chunks(name, header)
    if header["scenarios"] != len(lines) - 1:
        raise _error(name, f"the header says {header['scenarios']} scenarios, the file has {len(lines) - 1}",
                     line=1, field="scenarios")
    return Corpus(name, header, lines[1:])


def _check_chunks(name: str, header: dict[str, Any]) -> None:
    chunks = header.get("chunks")
    if chunks is not None and not (isinstance(chunks, list) and all(
            isinstance(c, list) and len(c) == 3 and type(c[0]) is int and isinstance(c[1], str) and type(c[2]) is int
            and c[2] > 0 for c in chunks) and sum(c[2] for c in chunks) == header["scenarios"]):
        raise _error(name, "expected a list of [round, property, count] adding up to the scenarios", line=1,
                     field="chunks")


def _as_built(name: str, packed: bytes) -> Corpus | None:
    """The corpus, its scenarios left compressed until asked for (:class:`Lines`), when the file is
    exactly as :func:`write` wrote it: its header a gzip member of its own whose ``packed_sha256``
    matches its other keys and the scenarios' member (a check of the compressed 2 MB, not the
    decompressed 70 MB); ``None`` otherwise (then the whole file is read and checked, naming the
    first line that is wrong)."""
    inflater = zlib.decompressobj(wbits=31)
    try:
        head = inflater.decompress(packed, MAX_HEADER)
    except zlib.error:
        return None
    member = inflater.unused_data
    if not (inflater.eof and member and head.endswith(b"\n") and head.count(b"\n") == 1):
        return None
    try:
        claimed = json.loads(head)
    except ValueError:
        return None
    if not isinstance(claimed, dict) or claimed.get(PACKED_DIGEST) != _packed_digest(claimed, member):
        return None
    header = _header(name, head[:-1])
    _check_chunks(name, header)
    return Corpus(name, header, Lines(name, member, header["scenarios"]))


class Lines:
    """The scenario lines of a corpus file as built, decompressed as far as they are asked for: a
    run of its first 5,000 scenarios (in round 0, its first 5,684 lines) decompresses about a
    quarter of it. Its digest was checked whole (:func:`_as_built`) before any line is read."""

    STEP = 1 << 20  # bytes decompressed at a time (4 MB, past the last line asked for, cost 2 µs a scenario more)

    def __init__(self, name: str, member: bytes, count: int) -> None:
        self.name, self.count = name, count
        self.inflater = zlib.decompressobj(wbits=31)
        self.pending, self.partial = member, b""
        self.lines: list[bytes] = []

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> bytes:
        if not 0 <= index < self.count:
            raise IndexError(index)
        while index >= len(self.lines):
            if self.inflater.eof:  # (not for a file as built: its digest says so)
                raise _error(self.name, f"the header says {self.count} scenarios, the file has {len(self.lines)}",
                             line=1, field="scenarios")
            try:
                data = self.inflater.decompress(self.pending, self.STEP)
            except zlib.error as exc:
                raise _error(self.name, f"damaged: {exc}", line=len(self.lines) + 2) from None
            self.pending = self.inflater.unconsumed_tail
            pieces = (self.partial + data).split(b"\n")
            self.partial = pieces.pop()
            self.lines.extend(pieces)
        return self.lines[index]


def _decompress(name: str, packed: bytes) -> bytes:
    """The decompressed file, every gzip member of it; a truncated or damaged stream names the line
    it broke off in."""
    parts: list[bytes] = []
    size = 0
    while True:
        inflater = zlib.decompressobj(wbits=31)  # gzip
        try:
            part = inflater.decompress(packed, MAX_BYTES + 1 - size)
        except zlib.error as exc:
            raise _error(name, f"not a gzip-compressed corpus, or damaged: {exc}") from None
        parts.append(part)
        size += len(part)
        if size > MAX_BYTES:
            raise _error(name, f"the corpus is larger than {MAX_BYTES:,} bytes decompressed: not read")
        if not inflater.eof:
            raise _error(name, "the gzip stream is truncated: the file ends inside it (a copy cut short?)",
                         line=sum(p.count(b"\n") for p in parts) + 1)
        packed = inflater.unused_data
        if not packed:
            return b"".join(parts)


_DIGITS = bytes.maketrans(b"0123456789", b"0" * 10)
_LONG_RUN = b"0" * 19
"""Nineteen digits in a row: an integer orjson may read as a float (past 64 bits), or part of a string."""


def _load_json(name: str, number: int, line: bytes) -> Any:
    """A line as JSON: read by orjson (twice as fast as the json module on the corpus, whose lines
    are the larger part of a replay's own time) where it gives what the json module gives: on any
    line without 19 digits in a row (orjson reads an integer past 64 bits as a float; its floats
    are the json module's, tests/test_corpus.py); any other line, and any line orjson refuses
    (NaN, a float too large, a lone surrogate, not JSON), by the json module, whose errors are the
    ones shown."""
    if orjson is not None and line.translate(_DIGITS).find(_LONG_RUN) < 0:
        try:
            return orjson.loads(line)
        except orjson.JSONDecodeError:
            pass
    try:
        return json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise _error(name, f"not a JSON line: {str(exc).split(':')[0]}", line=number) from None


def _header(name: str, line: bytes) -> dict[str, Any]:
    header = _load_json(name, 1, line)
    if not isinstance(header, dict) or header.get("corpus") != FORMAT:
        got = header.get("corpus") if isinstance(header, dict) else header
        raise _error(name, f"not an mtg-conformance corpus of format {FORMAT} (its first line's corpus is "
                           f"{shown(got)})", line=1, field="corpus")
    for key, kind in (("sha256", str), ("scenarios", int), ("cr", str)):
        if not isinstance(header.get(key), kind) or isinstance(header.get(key), bool):
            raise _error(name, f"expected {kind.__name__}, got {shown(header.get(key))}", line=1, field=key)
    if header["cr"] != CR_VERSION:
        raise _error(name, f"built for the CR of {shown(header['cr'])}, this suite checks {CR_VERSION} (rebuild it: "
                           "mtg-conformance corpus build)", line=1, field="cr")
    return header


_SHAPE = (("id", str), ("property", str), ("rules", list), ("features", list), ("case", dict), ("expected", dict))


def _scenario(name: str, number: int, line: bytes) -> Scenario:
    raw = _load_json(name, number, line)
    if not isinstance(raw, dict):
        raise _error(name, f"expected a scenario (a JSON object), got {shown(raw)}", line=number)
    case_id = raw.get("id") if isinstance(raw.get("id"), str) else None
    for key, kind in _SHAPE:
        if not isinstance(raw.get(key), kind):
            raise _error(name, f"expected {'a ' + kind.__name__ if kind is not dict else 'an object'}, got "
                               f"{shown(raw.get(key)) if key in raw else 'nothing'}", line=number, field=key, case=case_id)
    if not {*map(type, raw["rules"]), *map(type, raw["features"])} <= {str}:  # (decoded JSON: no subclass of str)
        raise _error(name, "expected a list of strings", line=number, field="rules", case=case_id)
    try:
        case = decode_case(raw["case"])
        keys, plain = _decoded(raw["expected"])
        shaped = (isinstance(case.get("steps"), list) and isinstance(case.get("players"), list)
                  and sum(1 for step in case["steps"] if isinstance(step, dict) and "expect" in step) == len(keys))
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
        raise _error(name, f"not a scenario of this format: {type(exc).__name__} {shown(str(exc))}", line=number,
                     field="case" if "expected" not in str(exc) else "expected", case=case_id) from None
    if not shaped:
        raise _error(name, "its steps and checkpoints do not match its expected snapshots", line=number,
                     field="expected", case=case_id)
    return Scenario(case_id, raw["property"], tuple(raw["rules"]), tuple(raw["features"]), case, None, number, keys, plain)
