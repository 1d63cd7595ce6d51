"""Loading case files: YAML in, validated immutable :class:`~conformance.format.model.Case`\\ s out.

Every problem becomes a :class:`~conformance.errors.CaseFileError` naming the file, line, case
and field; all problems of a load are gathered and raised together as
:class:`~conformance.errors.CaseFileErrors`. A bad file never produces a traceback.

Checks, in order: YAML syntax (with the line), the JSON Schema (``schema/scenario.schema.json``:
unknown keys, wrong types, malformed rule numbers and ids), then what a schema cannot say:
references to undeclared players, objects and effects, metadata that must agree (the id's rule
is among the case's rules), and duplicate case ids across the whole suite.
"""

from __future__ import annotations

import codecs
import datetime
import functools
import json
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from conformance.format import (
    attachment_checks, casting_checks, characteristic_checks, combat_checks, counter_checks, emblem_checks, event_checks,
    files, leaving_checks, limits, modelled, player_checks, prevention_checks, regeneration_checks, schema_errors,
    subtypes, target_checks, trigger_event_checks, yamlsource,
)
from conformance.format import entering_checks  # issue 40
from conformance.format import face_checks
from conformance.errors import CaseFileError, CaseFileErrors, shown, shown_bare
from conformance.format.model import Case
from conformance.format.files import CASE_FILE_SUFFIXES, discover, search  # noqa: F401 - this module's API too
from conformance.format.steps import created_tokens
from conformance.format import spell_copy_checks  # copies of spells and modes (issue 40)

Problem = tuple[tuple[Any, ...], str]


@functools.cache
def schema() -> dict[str, Any]:
    """The JSON Schema of case files (format v1), as shipped inside the package."""
    text = resources.files("conformance").joinpath("schema/scenario.schema.json").read_text("utf-8")
    return json.loads(text)


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def golden_dir() -> Path:
    """The directory of the golden cases this installation ships.

    In a wheel they live inside the package (``conformance/golden``); in a source checkout or
    an editable install, at the repository root (``golden/``).
    """
    package = Path(__file__).resolve().parent.parent  # conformance/
    for candidate in (package / "golden", package.parent / "golden"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the golden cases are not installed (no conformance/golden directory)")


def load_suite(paths: Iterable[str | Path]) -> list[Case]:
    """Load every case under ``paths``; raise :class:`CaseFileErrors` listing every problem,
    duplicate case ids across files included."""
    paths = list(paths)
    found, errors = files.search(paths)
    cases: list[Case] = []
    if not found and not errors:
        raise CaseFileErrors([CaseFileError(", ".join(map(str, paths)) or ".", "no case files (*.yaml) found")])
    seen: list[tuple[str, str, int | None]] = []  # (id, file, line) of files with problems
    for path in found:
        try:
            cases.extend(load_file(path))
        except CaseFileErrors as exc:
            errors.extend(exc.errors)
            seen.extend(getattr(exc, "case_ids", ()))
    errors.extend(duplicate_ids(cases))
    errors.extend(_duplicates_across(cases, seen))
    if errors:
        raise CaseFileErrors(errors)
    return cases


def _duplicates_across(cases: list[Case], seen: list[tuple[str, str, int | None]]) -> Iterator[CaseFileError]:
    """Ids in files with problems that another file uses too (within a file, load_text says so)."""
    first: dict[str, tuple[str, int | None]] = {case.id: (str(case.file), case.line) for case in reversed(cases)}
    for case_id, file, line in seen:
        if case_id in first and first[case_id][0] != file:
            other = first[case_id]
            yield CaseFileError(file, f"duplicate case id (already used at {other[0]}:{other[1]})",
                                line=line, case=case_id, field="id")
        else:
            first.setdefault(case_id, (file, line))


def duplicate_ids(cases: Iterable[Case]) -> Iterator[CaseFileError]:
    first_seen: dict[str, Case] = {}
    for case in cases:
        if case.id in first_seen:
            other = first_seen[case.id]
            yield CaseFileError(
                str(case.file), f"duplicate case id (already used at {other.file}:{other.line})",
                line=case.line, case=case.id, field="id",
            )
        else:
            first_seen[case.id] = case


def load_file(path: str | Path) -> list[Case]:
    """Load the cases of one file; raise :class:`CaseFileErrors` listing every problem.

    Only a regular file is read, within :data:`~conformance.format.limits.MAX_FILE_BYTES`, and not
    through a link below the working directory (:func:`conformance.format.files.read`); a UTF-8
    byte order mark at its start is skipped."""
    name = str(path)
    data = files.read(path)
    start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        text = data[start:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = start + exc.start
        line = data.count(b"\n", 0, offset) + 1
        raise CaseFileErrors([CaseFileError(name, f"cannot read the file: not UTF-8 text "
                                                  f"(byte 0x{data[offset]:02x} at offset {offset})",
                                            line=line)]) from None
    return load_text(text, name)


def load_text(text: str, name: str = "<string>") -> list[Case]:
    """Load the cases of a case file's text; ``name`` is used in error messages."""
    try:
        document = yamlsource.parse(text)
    except yamlsource.YamlProblem as exc:
        raise CaseFileErrors([_located(name, exc.message, exc.line, exc.path or (), exc.case)]) from None

    data = document.data
    if data is None:
        raise CaseFileErrors([CaseFileError(name, "the file is empty", line=1)])
    over = list(_over_limits(name, document))
    if over:  # before the schema: its validation of a million steps would take minutes
        raise CaseFileErrors(over)
    schema_errors = list(_validator().iter_errors(data))
    errors = [_schema_error(name, document, e) for e in schema_errors]
    # Cases (and the cr date) that the schema errors do not touch are still checked further,
    # so one bad case does not hide the problems of the others.
    touched = {tuple(e.absolute_path)[:2] for e in schema_errors}
    whole_file = any(len(tuple(e.absolute_path)) < 2 for e in schema_errors if tuple(e.absolute_path)[:1] != ("cr",))
    cr = data.get("cr") if isinstance(data, dict) else None
    if isinstance(cr, str) and ("cr",) not in {tuple(e.absolute_path)[:1] for e in schema_errors}:
        try:
            datetime.date.fromisoformat(cr)
        except ValueError:
            errors.append(CaseFileError(name, f"{cr!r} is not a date", line=document.line_of(("cr",)), field="cr"))
    cases = []
    raw_cases = data.get("cases") if isinstance(data, dict) and not whole_file else None
    raw_ids: list[tuple[str, int | None]] = []  # every case's id, for duplicates whatever else is wrong
    for index, raw in enumerate(raw_cases if isinstance(raw_cases, list) else []):
        at = ("cases", index)
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            raw_ids.append((raw["id"], document.line_of(at)))
        if at in touched:
            # One pass: the references of a case with a schema error are checked too, except
            # where the schema error is (a malformed part could only give noise there).
            errors.extend(CaseFileError(name, message, line=document.line_of(at + path),
                                        case=raw.get("id") if isinstance(raw.get("id"), str) else None,
                                        field=_field(path))
                          for path, message in _problems_beside(raw, at, schema_errors))
            continue
        problems = list(_semantic_problems(raw))
        errors.extend(
            CaseFileError(name, message, line=document.line_of(at + path), case=raw["id"],
                          field=_field(path))
            for path, message in problems
        )
        if not problems and not schema_errors:
            cases.append(Case.from_dict(raw, cr=data["cr"], file=name, line=document.line_of(at)))
    errors.extend(_duplicate_raw_ids(name, raw_ids))
    if errors:
        errors.sort(key=lambda e: (e.line or 0, e.field or ""))
        failure = CaseFileErrors(errors)
        failure.case_ids = [(case_id, name, line) for case_id, line in raw_ids]  # load_suite: duplicates across files
        raise failure
    return cases


def plain_problems(plain: dict[str, Any]) -> list[str]:
    """What the loader finds wrong with one case in its plain form (``Case.to_dict()``: its ``cr`` and
    derived ``features`` aside), by the schema and the checks after it; ``[]``: a case file holding
    it loads (``mtg-conformance reduce`` keeps every reduction it tries valid so)."""
    raw = {k: v for k, v in plain.items() if k not in ("cr", "features")}
    from conformance import CR_VERSION

    document = {"format": 1, "cr": plain.get("cr", CR_VERSION), "cases": [raw]}
    found = [f"{_field(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(document)]
    return found or [f"{_field(path)}: {message}" for path, message in _semantic_problems(raw)]


def _duplicate_raw_ids(name: str, ids: list[tuple[str, int | None]]) -> Iterator[CaseFileError]:
    first: dict[str, int | None] = {}
    for case_id, line in ids:
        if case_id in first:
            yield CaseFileError(name, f"duplicate case id (already used at {name}:{first[case_id]})",
                                line=line, case=case_id, field="id")
        else:
            first[case_id] = line


def _problems_beside(raw: Any, at: tuple[Any, ...], schema_errors: list[ValidationError]) -> Iterator[Problem]:
    """The reference problems of a case that has schema errors, away from the parts they touch."""
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        return
    bad = [tuple(e.absolute_path)[len(at):] for e in schema_errors if tuple(e.absolute_path)[:len(at)] == at]
    if any(len(path) < 1 for path in bad):
        return
    try:
        problems = list(_semantic_problems(raw))
    except Exception:  # the malformed parts broke the check: the schema errors say enough
        return
    for path, message in problems:
        path = tuple(path)
        if not any(path[:len(b)] == b or b[:len(path)] == path for b in bad):
            yield path, message


def _located(name: str, message: str, line: int | None, path: tuple[Any, ...], case: str | None) -> CaseFileError:
    """An error at ``path`` of the document: the case (its id, else its number) and the field."""
    if len(path) >= 2 and path[0] == "cases" and isinstance(path[1], int):
        case, path = case or f"#{path[1] + 1}", path[2:]
    field = _field(path[:12]) + ("/..." if len(path) > 12 else "")
    return CaseFileError(name, message, line=line, case=case, field=field or None)


def _over_limits(name: str, document: yamlsource.Document) -> Iterator[CaseFileError]:
    """The counts of :mod:`conformance.format.limits`: cases in the file, objects and steps in a case."""
    raw_cases = document.data.get("cases") if isinstance(document.data, dict) else None
    if not isinstance(raw_cases, list):
        return
    if len(raw_cases) > limits.MAX_CASES:
        yield _located(name, f"{len(raw_cases):,} cases: the limit is {limits.MAX_CASES:,} a file "
                             "(conformance/format/limits.py)", document.line_of(("cases",)), ("cases",), None)
        return
    for index, raw in enumerate(raw_cases):
        if not isinstance(raw, dict):
            continue
        case_id = raw.get("id") if isinstance(raw.get("id"), str) else None
        objects = raw.get("objects")
        if isinstance(objects, dict) and len(objects) > limits.MAX_OBJECTS:
            at = ("cases", index, "objects")
            yield _located(name, f"{len(objects):,} objects: the limit is {limits.MAX_OBJECTS:,} a case "
                                 "(conformance/format/limits.py)", document.line_of(at), at, case_id)
        steps = raw.get("steps")
        if isinstance(steps, list):
            count = sum(len(s["together"]) if isinstance(s, dict) and isinstance(s.get("together"), list) else 1
                        for s in steps)
            at = ("cases", index, "steps")
            if count > limits.MAX_STEPS:
                yield _located(name, f"{count:,} steps: the limit is {limits.MAX_STEPS:,} a case "
                                     "(conformance/format/limits.py)", document.line_of(at), at, case_id)
            elif isinstance(objects, dict) and len(objects) <= limits.MAX_OBJECTS \
                    and len(objects) * count > limits.MAX_OBJECT_STEPS:
                yield _located(name, f"{len(objects):,} objects and {count:,} steps: the limit is "
                                     f"{limits.MAX_OBJECT_STEPS:,} objects times steps a case "
                                     "(conformance/format/limits.py)", document.line_of(at), at, case_id)


# --- schema errors, made readable ---------------------------------------------------------------


def _schema_error(name: str, document: yamlsource.Document, error: ValidationError) -> CaseFileError:
    error = best_match([error])
    path = tuple(error.absolute_path)
    message = _describe(error)
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        if extra:
            path += (extra[0],)
    case = None
    if len(path) >= 2 and path[0] == "cases" and isinstance(path[1], int):
        raw = document.data["cases"][path[1]]
        case_id = raw.get("id") if isinstance(raw, dict) else None
        case = case_id if isinstance(case_id, str) else f"#{path[1] + 1}"
        field = _field(path[2:])
    else:
        field = _field(path)
    return CaseFileError(name, message, line=document.line_of(path), case=case, field=field or None)


def _describe(error: ValidationError) -> str:
    """The case file's own wording of a schema error; the value that failed is quoted in part only
    (:mod:`conformance.format.schema_errors`)."""
    schema_ = error.schema if isinstance(error.schema, dict) else {}
    kind, instance = error.validator, error.instance
    if kind == "additionalProperties" and _is_step_schema(schema_):
        extra = sorted(set(instance) - set(schema_.get("properties", {})))
        if extra:
            return f"unknown step kind {shown(extra[0])} (expected one of: {', '.join(sorted(schema_['properties']))})"
    if kind == "maxProperties" and _is_step_schema(schema_):
        return f"a step has exactly one kind, got {len(instance)}: {', '.join(shown_bare(key) for key in instance)}"
    if kind == "minProperties" and _is_step_schema(schema_):
        return "a step needs a kind (one of: " + ", ".join(sorted(schema_["properties"])) + ")"
    if kind == "not" and "x-hint" in schema_ and "pattern" not in schema_["not"]:  # keys that exclude each other
        return str(schema_["x-hint"])
    if kind == "pattern" and "x-hint" in schema_:
        return f"{shown(instance)} is not {schema_['x-hint']}"
    if kind == "oneOf" and schema_ == schema()["$defs"]["targets"]:
        return "give exactly one of 'to' (an object) or 'to_each' (a filter)"
    if kind == "anyOf" and all("required" in s for s in error.validator_value):
        keys = " or ".join(repr(s["required"][0]) for s in error.validator_value)
        return f"needs {keys}"
    return schema_errors.message(error)


def _is_step_schema(schema_: dict[str, Any]) -> bool:
    return "together" in schema_.get("properties", {}) or "end_turn" in schema_.get("properties", {})


def _field(path: Iterable[Any]) -> str:
    return "/".join(str(p) for p in path)


# --- what the schema cannot say -------------------------------------------------------------------


def _semantic_problems(raw: dict[str, Any]) -> Iterator[Problem]:
    """Cross-references and metadata agreement within one schema-valid case."""
    rules = [str(rule) for rule in raw["rules"]]  # a whole rule may be a bare number: 613
    main_rule = raw["id"].split("/", 1)[0]
    if main_rule not in rules:
        yield (("id",), f"the id's rule {main_rule} is not among the case's rules {rules}")
    if str(raw["source"]["rule"]) not in rules:
        yield (("source", "rule"), f"the source rule {raw['source']['rule']} is not among the case's rules {rules}")

    players = set(raw["players"])
    objects = dict(raw["objects"])  # a create_token step adds its token (characteristic_checks)
    objects.update(trigger_event_checks.trigger_tokens(raw))  # and a triggered ability's (issue 41)
    objects.update(spell_copy_checks.copy_tokens(raw))  # and a spell copying effect's (707.10e, issue 40)
    for object_id, spec in raw["objects"].items():
        at = ("objects", object_id)
        for key in ("owner", "controller"):
            if key in spec and spec[key] not in players:
                yield (at + (key,), f"undeclared player {spec[key]!r}")
        if "controller" in spec and spec.get("zone", "battlefield") not in ("battlefield", "stack"):
            yield (at + ("controller",), "only a permanent has a controller, or a spell on the stack (CR 108.4, 110.2)")
        card = spec["card"]
        for stat in ("power", "toughness"):
            if isinstance(card.get(stat), str) and not any(
                stat in a.get("cda_pt", {}) or "as_enters_pt" in a for a in card.get("abilities", [])
            ):
                yield (at + ("card", stat), f"a printed * needs a cda_pt ability that defines {stat} (CR 208.2a), "
                                            "or an as_enters_pt ability (208.2b)")
        planeswalker = "planeswalker" in card["types"]
        if planeswalker and "loyalty" not in card:
            yield (at + ("card",), "a planeswalker card needs its printed loyalty (CR 209.1, 306.5b): give loyalty: N")
        elif "loyalty" in card and not planeswalker:
            yield (at + ("card", "loyalty"), "only a planeswalker card has a printed loyalty (CR 209.1)")
        for index, ability in enumerate(card.get("abilities", [])):
            yield from _ability_filter_problems(ability, at + ("card", "abilities", index), players)
        yield from characteristic_checks.object_problems(object_id, spec, raw)

    if not any("expect" in step for step in raw["steps"]):
        yield (("steps",), "a case needs at least one expect step (a checkpoint)")
    effects: dict[str, int] = {}
    ended: set[str] = set()
    entered: set[str] = set()  # objects that entered the battlefield during the case (CR 302.6)
    entered_this_turn: set[str] = set()  # since the last end_turn: surely not controlled since their controller's turn began
    tapped = {oid for oid, spec in raw["objects"].items() if spec.get("tapped")}  # CR 110.5
    for index, step in enumerate(raw["steps"]):
        if "combat" in step:  # CR 508-510 (combat_checks.py)
            yield from combat_checks.step_problems(step["combat"], ("steps", index, "combat"), raw, objects, entered,
                                                   tapped)
            continue
        yield from _step_problems(step, ("steps", index), players, objects, effects, ended, raw)
        for at, body in _mana_activations(step, ("steps", index)):  # CR 302.6 (combat_checks.py)
            yield from combat_checks.tap_ability_problems(body, at, raw, entered_this_turn)
        entered |= _entering(step)
        entered_this_turn = set() if "end_turn" in step else entered_this_turn | _entering(step)
        tapped -= _entering(step)  # a new object, untapped (110.5b, 400.7)
    yield from player_checks.case_problems(raw)
    yield from subtypes.problems(raw)  # CR 205.3c-d, 205.3g-m, 205.3q
    yield from modelled.problems(raw)  # what the schema accepts and the reference engine does not model
    yield from event_checks.problems(raw)  # triggered abilities on events, mana abilities (CR 603, 605)
    yield from prevention_checks.problems(raw)  # prevention variants: additional effects (CR 615.5)
    yield from counter_checks.case_problems(raw)  # counters, tokens, loyalty (CR 606.3, 111.4, 616.1)
    yield from emblem_checks.case_problems(raw)  # only a checkpoint names an emblem (CR 114.5)
    yield from regeneration_checks.case_problems(raw)  # library places, draws, damage_target (issue 40)
    yield from casting_checks.problems(raw)  # casting, X, cast triggers (CR 601.2, 107.3a)
    yield from leaving_checks.case_problems(raw)  # leaving the game, turns beginning (CR 800.4a, 801.2c)
    yield from attachment_checks.problems(raw)  # Auras and Equipment (CR 301.5, 303.4, 701.3: issue 40)
    yield from spell_copy_checks.problems(raw)  # copies of spells, modes, additional costs (CR 707.10, 700.2)
    yield from entering_checks.problems(raw)  # entering tapped, fading, chosen colour and type (issue 40)
    yield from face_checks.problems(raw, lambda ability, at: _ability_filter_problems(ability, at, players))  # issue 40
    yield from target_checks.problems(raw)  # targets (issue 40: CR 115, 601.2c, 801.4, 801.5a)


def _ability_filter_problems(ability: Any, at: tuple[Any, ...], players: set[str]) -> Iterator[Problem]:
    """The problems of the filters in an ability (and the abilities inside it)."""
    for inner_at, inner in characteristic_checks.nested_abilities(ability, at):
        for path, f in _filters_in(inner):
            yield from _filter_problems(f, players, inner_at + path)


def _mana_activations(step: dict[str, Any], at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """The ``activate_mana`` steps of a step (itself, or the parts of a ``together``), with paths."""
    (kind, body), = step.items()
    if kind == "together":
        for index, part in enumerate(body):
            yield from _mana_activations(part, at + (kind, index))
    elif kind == "activate_mana":
        yield at + (kind,), body


def _entering(step: dict[str, Any]) -> set[str]:
    """The objects a step puts onto the battlefield (a move there, a token: CR 302.6)."""
    (kind, body), = step.items()
    if kind == "together":
        return set().union(*(_entering(part) for part in body))
    if kind == "move" and body.get("to") == "battlefield":
        return {body["object"]}
    if kind == "create_token":  # one token, or several named (111.4)
        return set(created_tokens(body))
    return set()


def _step_problems(step, at, players, objects, effects, ended, raw=None) -> Iterator[Problem]:
    (kind, body), = step.items()
    at = at + (kind,)
    if kind == "together":
        for index, part in enumerate(body):
            yield from _step_problems(part, at + (index,), players, objects, effects, ended, raw)
        return
    if kind == "expect":
        if raw is not None:
            yield from player_checks.checkpoint_problems(body, at, raw)
        for object_id, values in body.get("objects", {}).items():
            if object_id not in objects:
                yield (at + ("objects", object_id), f"undeclared object {object_id!r}")
            controller = values.get("controller")
            if controller is not None and controller not in players:
                yield (at + ("objects", object_id, "controller"), f"undeclared player {controller!r}")
        return
    if kind == "end_effect":
        if body not in effects:
            yield (at, f"undeclared effect {body!r} (no earlier step has id: {body})")
        elif body in ended:
            yield (at, f"effect {body!r} has already ended")
        else:
            ended.add(body)
        return
    if not isinstance(body, dict):
        return
    if kind == "create_emblem":  # emblems (emblem_checks.py, CR 114)
        yield from emblem_checks.step_problems(body, at, players, objects)
        for index, ability in enumerate(body["abilities"]):
            for path, f in _filters_in(ability):
                yield from _filter_problems(f, players, at + ("abilities", index) + path)
        return
    if kind in player_checks.STEP_KINDS and raw is not None:  # players, damage, replacement, prevention
        yield from player_checks.step_problems(kind, body, at, raw)
    if (kind in characteristic_checks.STEP_KINDS or kind == "move") and raw is not None:  # copies, face down
        yield from characteristic_checks.step_problems(kind, body, at, raw, objects)
        for index, ability in enumerate(body.get("gains", [])):
            for inner_at, inner in characteristic_checks.nested_abilities(ability, at + ("gains", index)):
                for path, f in _filters_in(inner):
                    yield from _filter_problems(f, players, inner_at + path)
    for key in ("object",) if kind == "move" else () if kind in player_checks.STEP_KINDS else ("to", "object"):
        if key in body and body[key] not in objects:
            yield (at + (key,), f"undeclared object {body[key]!r}")
    if "controller" in body and body["controller"] not in players:
        yield (at + ("controller",), f"undeclared player {body['controller']!r}")
    for key in ("to_each", "by"):
        if isinstance(body.get(key), dict):
            yield from _filter_problems(body[key], players, at + (key,))
    if kind == "become":  # the filters a resolving effect's P/T counts or compares (107.1)
        for stat in ("power", "toughness"):
            for path, f in _expression_filters(body.get(stat), (stat,)):
                yield from _filter_problems(f, players, at + path)
    if "id" in body:
        if body["id"] in effects:
            yield (at + ("id",), f"effect id {body['id']!r} is already used by step {effects[body['id']] + 1}")
        else:
            effects[body["id"]] = at[1]


def _filters_in(ability: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    (key, body), = ability.items()
    if key in ("static_pt", "permanents_enter_tapped"):  # the latter: issue 40 (614.1d)
        yield (key, "affects"), body["affects"]
        for stat in ("power", "toughness"):  # an expression since static abilities can count (613.6, Svogthos)
            if stat in body:
                yield from _expression_filters(body[stat], (key, stat))
    elif key in player_checks.ABILITY_KEYS:
        yield from player_checks.ability_filters(ability)
    elif key in characteristic_checks.ABILITY_KEYS:
        yield from characteristic_checks.ability_filters(ability)
    elif key in ("block_additional", "spell", "fading"):  # a count, a spell's amounts (casting.py): no filter
        return
    elif key == "cant_be_targeted":  # issue 40 (targets.py): the permanents it protects
        yield (key, "affects"), body["affects"]
    else:
        for stat, expr in body.items():
            yield from _expression_filters(expr, (key, stat))


def _expression_filters(expr: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    yield from characteristic_checks.expression_filters(expr, at)


def _filter_problems(f: dict[str, Any], players: set[str], at: tuple[Any, ...]) -> Iterator[Problem]:
    for key in ("controller", "owner"):
        value = f.get(key)
        if value is not None and value not in ("you", "opponent") and value not in players \
                and not (key == "controller" and value == "chosen"):
            yield (at + (key,), f"undeclared player {value!r} (or use you / opponent)")
    zones = f.get("zone", "battlefield")
    if "controller" in f and not set([zones] if isinstance(zones, str) else zones) <= {"battlefield", "stack"}:
        yield (at + ("controller",), "only permanents and spells have a controller: use owner for cards in other "
                                     "zones (CR 108.4, 108.4a)")
