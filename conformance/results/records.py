"""Result records: one result as plain data, the same everywhere it goes.

A record is a dict that serialises to JSON as it is. The pytest items attach it to their report
(the ``mtg_result`` user property, which crosses pytest-xdist's process boundary), the results
stream writes it as a JSON line, expectations files are matched against it, and reports render
it. Keys (docs/ci.md, "The JSON Lines stream"):

``id``, ``kind`` (``case``, ``property`` or ``corpus``: a scenario of the frozen corpus), ``rules``, ``features``, ``status``
(passed, failed, errored, unsupported), ``error_kind`` (exception, crash, timeout, protocol; for
errored results), ``message`` (one line), ``detail`` (a traceback, an engine's standard error),
``mismatches`` (``checkpoint, step, label, object, field, expected, got``; ``got`` is absent when
the engine did not report the value), ``reproducer`` (a case file, as YAML text, that replays the
failure with ``mtg-conformance run --cases``) and ``source`` (``file:line`` of a golden case, the file
relative to the case root the run was given, ``613.5-gray-ogre.yaml:4`` under ``--cases golden``:
never an absolute path of the machine that ran it). A failed or errored one also has ``summary``
(a case's summary; a property's law) and ``rerun`` (the command that reruns just it).
A failed case's record and a property's also have ``cited_rules`` (the rules it cites); a property's has ``examples`` (``ran,
refused, reference_refused, discarded, failing, minimum``), ``exercised`` (per rule, how many
examples exercised it) and, when the engine refused some, ``refusals`` (its reasons grouped: ``reason,
count, example``, and ``gap`` when the engine itself lacks what they need); a failed or errored one, ``shrink_seconds`` (the time spent shrinking) and, when
the bound cut shrinking short, ``shrink_stopped`` (the bound); its ``rules`` are those it counts under: for a failure, the rules its
shrunk counterexample shows broken; for a pass, those its examples exercised.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conformance import CR_VERSION
from conformance.format import yamlsource
from conformance.results import compare
from conformance.errors import EngineFault
from conformance.format.model import Case


FIELDS = ("id", "kind", "rules", "features", "status", "error_kind", "message", "detail", "mismatches",
          "reproducer", "source")
PROPERTY_FIELDS = ("cited_rules", "examples", "exercised", "refusals", "shrink_seconds", "shrink_stopped")
FAILURE_FIELDS = ("summary", "rerun")
"""A failed or errored result's, case or property: what it shows (a case's summary, a property's law)
and the command that reruns it alone."""


def normalize(value: dict[str, Any]) -> dict[str, Any]:
    """A record with every key present, from what an item reported (older items say ``case`` for ``id``)."""
    record = {"id": value.get("id", value.get("case")), "kind": value.get("kind", "case"),
              "rules": list(value.get("rules", ())), "features": list(value.get("features", ())),
              "status": value["status"], "error_kind": value.get("error_kind"),
              "message": value.get("message") or "", "detail": value.get("detail") or "",
              "mismatches": list(value.get("mismatches") or ()), "reproducer": value.get("reproducer"),
              "source": value.get("source")}
    if record["kind"] not in ("case", "property", "corpus"):  # an item that put the errored kind under "kind"
        record["error_kind"], record["kind"] = record["kind"], "case"
    record.update({key: value[key] for key in (*PROPERTY_FIELDS, *FAILURE_FIELDS) if key in value})
    return record


def mismatch(m: compare.Mismatch) -> dict[str, Any]:
    """A mismatch as plain data; ``got`` is left out when the engine did not report the value."""
    record = {"checkpoint": m.checkpoint, "step": m.step, "label": m.label, "object": m.object,
              "field": m.field, "expected": _json(m.expected)}
    if m.got is not compare._MISSING:
        record["got"] = _json(m.got)
    return record


def _json(value: Any) -> Any:
    """``value`` as JSON data (an engine may answer anything; what JSON cannot hold is shown as text)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return repr(value)


def case_document(case: Case) -> dict[str, Any]:
    """``case`` in case-file form, without the values the format defaults to."""
    from conformance.laws.counterexamples import compact_document, faithful

    plain = case.to_dict()
    head = {key: plain[key] for key in ("id", "rules", "source", "summary")}
    return faithful(compact_document(plain, head, plain["steps"]), plain)


def case_file_yaml(documents: list[dict[str, Any]], cr: str = CR_VERSION) -> str:
    """A case file holding ``documents``, as YAML text."""
    return yamlsource.dump({"format": 1, "cr": cr, "cases": documents}, sort_keys=False, allow_unicode=True,
                           width=100, default_flow_style=None)


def reproducer(case: Case) -> str:
    """A case file that runs ``case`` alone: save it and replay with ``--cases``."""
    return case_file_yaml([case_document(case)], case.cr)


def source(case: Case, root: str | Path | None = None) -> str | None:
    """``FILE:LINE`` of ``case``, ``FILE`` relative to ``root`` (the directory of the case paths a
    run was given) when it lies under it, in ``/`` form; ``None`` for a case without a file."""
    if not case.file:
        return None
    file = Path(str(case.file))
    if root is not None:
        try:
            file = file.absolute().relative_to(Path(root).absolute())
        except ValueError:
            pass
    return f"{file.as_posix()}:{case.line}"


def outcome_fields(outcome: compare.Outcome) -> dict[str, Any]:
    """A record's ``status``, ``error_kind``, ``message``, ``detail`` and ``mismatches`` for ``outcome``."""
    fields: dict[str, Any] = {"status": outcome.status, "error_kind": None, "message": "", "detail": "",
                              "mismatches": []}
    if isinstance(outcome, compare.Unsupported):
        fields["message"] = outcome.reason
    elif isinstance(outcome, compare.Failed):
        shown = [str(m) for m in outcome.mismatches]
        fields["message"] = shown[0] + (f" (and {len(shown) - 1} more)" if len(shown) > 1 else "")
        fields["mismatches"] = [mismatch(m) for m in outcome.mismatches]
    elif isinstance(outcome, compare.Errored):
        fields.update(error_kind=outcome.kind, message=outcome.message, detail=outcome.detail)
    return fields


def case_record(case: Case, outcome: compare.Outcome, root: str | Path | None = None) -> dict[str, Any]:
    """The record of a golden (or user) case's outcome; its source relative to ``root`` (:func:`source`)."""
    record: dict[str, Any] = {
        "id": case.id, "kind": "case", "rules": list(case.rules), "features": sorted(case.features),
        **outcome_fields(outcome), "reproducer": None, "source": source(case, root),
    }
    if outcome.status in ("failed", "errored"):
        record["summary"] = case.summary  # what the case shows, in its author's words: the why of a failure
        try:
            record["reproducer"] = reproducer(case)
        except Exception as exc:  # never lose a result over its reproducer
            record["reproducer"] = f"# the reproducer could not be written: {type(exc).__name__}: {exc}\n"
    return record


def property_record(prop, run, engine, info, reference) -> dict[str, Any]:
    """What a property's record holds beyond its id, rules and status, from its
    :class:`~conformance.laws.runner.PropertyRun`: the features it needs, the message and, for a
    failure, the shrunk scenarios that show it as a case file (expected values from the reference
    engine, as ``--save-failures`` writes them) and the values the engine got wrong on them."""
    from conformance.engines.interface import describe

    record: dict[str, Any] = {"features": sorted(prop.needs), "message": (run.message or "").split("\n")[0],
                              "rules": list(run.rules), "cited_rules": list(prop.rules), "examples": run.counts,
                              "exercised": dict(sorted(run.statistics.items()))}
    if run.refusals:  # the engine's reasons, grouped (conformance.laws.refusals)
        record["refusals"] = run.refusals.records()
    if run.status == "errored":  # an exec: engine's crash or timeout keeps its kind
        cause = getattr(getattr(run, "error", None), "__cause__", None)
        record["error_kind"] = getattr(cause, "kind", None) if isinstance(cause, EngineFault) else "exception"
    if run.status in ("failed", "errored"):
        record["summary"] = prop.summary  # the law it states
        record["detail"] = run.message or ""
        if getattr(run, "shrink_seconds", 0):
            record["shrink_seconds"] = round(run.shrink_seconds, 3)
        if getattr(run, "shrink_stopped", None) is not None:  # the bound cut shrinking short
            record["shrink_stopped"] = run.shrink_stopped
        record.update(_counterexample(prop, run.message or "", list(run.cases), engine, info, reference,
                                      describe(reference), tuple(run.rules)))
    return record


def _counterexample(prop, message: str, cases: list[Case], engine, info, reference, reference_info,
                    rules: tuple[str, ...]) -> dict[str, Any]:
    """The reproducer and mismatches of a property's shrunk scenarios, citing ``rules`` (those they
    show broken). Never raises."""
    from conformance.format import loader
    from conformance.laws import counterexamples

    if not cases:
        return {}
    try:
        observables = info.observables["objects"] & reference_info.observables["objects"]
        tail = counterexamples.slug(prop.id.split("/", 1)[-1])
        documents, failing, mismatches = [], [], []
        for number, case in enumerate(cases, 1):
            document = counterexamples.golden_case(
                case, case_id=f"{rules[0]}/counterexample-{tail}-{number}", rules=rules,
                reference=reference, observables=observables, cite_case_rules=False,
                summary=f"Shrunk counterexample of the property {prop.id} on {info}: {message.splitlines()[0]}")
            documents.append(document)
            (replay,) = loader.load_text(case_file_yaml([document]), "<reproducer>")
            outcome = compare.judge(engine, info, replay)
            if not isinstance(outcome, compare.Passed):
                failing.append(document)
                if isinstance(outcome, compare.Failed):
                    mismatches.extend(mismatch(m) for m in outcome.mismatches)
        return {"reproducer": case_file_yaml(failing or documents), "mismatches": mismatches}
    except Exception as exc:  # the property's own message still says what went wrong
        return {"reproducer": f"# the reproducer could not be written: {type(exc).__name__}: {exc}\n"}
