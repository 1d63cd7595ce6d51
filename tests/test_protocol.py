"""Protocol v1's messages (conformance/engines/protocol.py, conformance/schema/protocol/, docs/protocol.md)
and the engine side of it (reference_engine/serve.py), driven in-process through text streams."""

from __future__ import annotations

import io
import json
import re
import tomllib
from pathlib import Path

import jsonschema
import pytest

from conformance.engines import protocol
from conformance.format import loader
from conformance.errors import Unsupported
from reference_engine import ReferenceEngine
from reference_engine.serve import serve

REPO = Path(__file__).resolve().parent.parent
SCHEMA_DIR = REPO / "conformance" / "schema" / "protocol"
GOLDEN = loader.load_suite([loader.golden_dir()])
ENGINE = ReferenceEngine()


# -- the schemas ----------------------------------------------------------------------------------

def test_every_message_has_a_valid_schema_and_every_schema_is_a_message():
    assert sorted(p.stem for p in SCHEMA_DIR.glob("*.json")) == sorted(protocol.MESSAGES)
    for name in protocol.MESSAGES:
        schema = protocol.schema(name)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"].endswith(f"/protocol/v1/{name}.json") and "docs/protocol.md" in schema["description"]


def test_the_schemas_ship_in_the_wheel():
    package_data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    shipped = {path for pattern in package_data["conformance"] for path in (REPO / "conformance").glob(pattern)}
    schemas = set((REPO / "conformance" / "schema" / "protocol").glob("*.json"))
    assert schemas and schemas <= shipped


def test_the_requests_the_harness_builds_are_valid():
    assert protocol.problem("start", protocol.start()) is None
    assert protocol.problem("stop", protocol.stop()) is None
    for case in GOLDEN:
        assert protocol.problem("run", protocol.run(1, case.to_dict())) is None, case.id


def test_the_reference_engine_replies_are_valid_with_one_snapshot_per_checkpoint():
    assert protocol.problem("started", {"version": protocol.VERSION, "engine": ENGINE.describe()}) is None
    for case in GOLDEN:
        plain = case.to_dict()
        reply = {"seq": 7, "snapshots": ENGINE.run(plain)}
        assert protocol.problem("run-reply", reply) is None, case.id
        assert len(reply["snapshots"]) == protocol.checkpoints(plain) == len(case.checkpoints)


def _examples() -> list[tuple[str, object]]:
    """Each JSON example of docs/protocol.md, with the schema named in its section heading."""
    text = (REPO / "docs" / "protocol.md").read_text()
    examples = []
    for section in re.split(r"^### ", text, flags=re.M)[1:]:
        name = re.search(r"schema `([a-z-]+)\.json`", section.splitlines()[0])
        for block in re.findall(r"```json\n(.*?)```", section, flags=re.S):
            examples.append((name[1], json.loads(block)))
    return examples


def test_every_example_in_the_protocol_doc_is_valid():
    examples = _examples()
    assert {name for name, _ in examples} == set(protocol.MESSAGES)
    for name, message in examples:
        assert protocol.problem(name, message) is None, (name, message)


def test_the_run_example_in_the_doc_is_what_the_harness_sends():
    from conformance.engines.smoke import CASES

    pump = loader.load_text(CASES)[1]
    (run_example,) = [m for name, m in _examples() if name == "run"]
    assert run_example == protocol.run(1, pump.to_dict())
    snapshots = [m for name, m in _examples() if name == "run-reply" and "snapshots" in m][0]["snapshots"]
    assert snapshots == ENGINE.run(pump.to_dict())


STARTED = {"version": 1, "engine": {"name": "e", "version": "1", "features": [], "observables": {"objects": []}}}


@pytest.mark.parametrize("name, message, problem", [
    ("start", {"cmd": "start"}, "'version' is a required property"),
    ("start", {"cmd": "begin", "version": 1}, "cmd: 'start' was expected"),
    ("run", {"cmd": "run", "seq": 0, "case": GOLDEN[0].to_dict()}, "seq: 0 is less than the minimum of 1"),
    ("run", {"cmd": "run", "seq": 1, "case": {"id": "x"}}, "case: 'cr' is a required property"),
    ("stop", {"cmd": "stop", "now": True}, "unknown keys ('now' was unexpected)"),
    ("started", {"engine": STARTED["engine"]}, "'version' is a required property"),
    ("started", {**STARTED, "engine": {**STARTED["engine"], "name": ""}}, "engine/name: '' should be non-empty"),
    ("started", {**STARTED, "engine": {**STARTED["engine"], "features": "all"}},
     "engine/features: 'all' is not of type 'array'"),
    ("started", {**STARTED, "engine": {**STARTED["engine"], "observables": {"cards": []}}},
     "engine/observables: unknown keys ('cards' was unexpected)"),
    ("run-reply", {"snapshots": []}, "'seq' is a required property"),
    ("run-reply", {"seq": "1", "snapshots": []}, "seq: '1' is not of type 'integer'"),
    ("run-reply", {"seq": True, "snapshots": []}, "seq: True is not of type 'integer'"),
    ("run-reply", {"seq": 1}, "a run reply carries exactly one of 'snapshots', 'unsupported', 'error'; got none"),
    ("run-reply", {"seq": 1, "snapshots": [], "error": {"message": "x"}},
     "a run reply carries exactly one of 'snapshots', 'unsupported', 'error'; got 'snapshots', 'error'"),
    ("run-reply", {"seq": 1, "snapshot": []}, "unknown keys ('snapshot' was unexpected)"),
    ("run-reply", {"seq": 1, "snapshots": {"objects": {}}}, "snapshots: {'objects': {}} is not of type 'array'"),
    ("run-reply", {"seq": 1, "snapshots": [{}]}, "snapshots/0: 'objects' is a required property"),
    ("run-reply", {"seq": 1, "snapshots": [{"objects": {"bear": 2}}]}, "snapshots/0/objects/bear: 2 is not of type"),
    ("run-reply", {"seq": 1, "unsupported": ""}, "unsupported: '' should be non-empty"),
    ("run-reply", {"seq": 1, "error": "boom"}, "error: 'boom' is not of type 'object'"),
    ("run-reply", {"seq": 1, "error": {"traceback": "..."}}, "error: 'message' is a required property"),
    ("run-reply", [1, 2], "[1, 2] is not of type 'object'"),
])
def test_invalid_messages_are_described_in_one_line(name, message, problem):
    described = protocol.problem(name, message)
    assert described is not None and described.startswith(problem), described
    assert "\n" not in described


def test_encode_is_one_ascii_line():
    line = protocol.encode({"cmd": "run", "seq": 1, "case": {"summary": "1/4 → -2/4\nnext line"}})
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and line.isascii()
    assert json.loads(line)["case"]["summary"] == "1/4 → -2/4\nnext line"


# -- the engine side: reference_engine.serve -------------------------------------------------------

def session(*requests, engine=ENGINE) -> tuple[list[dict], str, int]:
    """Feed ``requests`` (messages, or raw lines as str) to the server: its replies, log and status."""
    lines = "".join(r if isinstance(r, str) else json.dumps(r) + "\n" for r in requests)
    replies, log = io.StringIO(), io.StringIO()
    status = serve(engine, io.StringIO(lines), replies, log)
    return [json.loads(line) for line in replies.getvalue().splitlines()], log.getvalue(), status


def test_serve_answers_start_and_run_and_stops_on_stop():
    case = GOLDEN[0].to_dict()
    replies, log, status = session(protocol.start(), protocol.run(1, case), protocol.stop(),
                                   protocol.run(2, case))  # nothing after stop is read
    assert status == 0 and log == ""
    assert replies == [{"version": 1, "engine": ENGINE.describe()}, {"seq": 1, "snapshots": ENGINE.run(case)}]
    assert protocol.problem("started", replies[0]) is None and protocol.problem("run-reply", replies[1]) is None


def test_serve_ends_at_the_end_of_its_input_and_ignores_what_is_not_a_request():
    replies, log, status = session("\n", "not json\n", '{"no": "cmd"}\n', '{"cmd": "dance"}\n', protocol.start())
    assert status == 0 and [r["version"] for r in replies] == [1]
    assert "not a request, ignored: 'not json'" in log and "unknown command 'dance', ignored" in log


class Troubled(ReferenceEngine):
    """Refuses one case, crashes on another, prints on stdout in a third."""

    def run(self, case):
        if case["id"] == GOLDEN[0].id:
            raise Unsupported("no CDAs yet")
        if case["id"] == GOLDEN[1].id:
            raise KeyError("bear")
        print("debug: running", case["id"])
        return super().run(case)


def test_serve_turns_unsupported_and_exceptions_into_replies_and_keeps_going():
    requests = [protocol.run(n, case.to_dict()) for n, case in enumerate(GOLDEN[:3], 1)]
    replies, log, _ = session(protocol.start(), *requests, engine=Troubled())
    _, unsupported, error, snapshots = replies
    assert unsupported == {"seq": 1, "unsupported": "no CDAs yet"}
    assert error["seq"] == 2 and error["error"]["message"] == "KeyError: 'bear'"
    assert "Traceback (most recent call last)" in error["error"]["traceback"] and "raise KeyError" in \
        error["error"]["traceback"]
    assert snapshots == {"seq": 3, "snapshots": ENGINE.run(GOLDEN[2].to_dict())}
    assert all(protocol.problem("run-reply", r) is None for r in replies[1:])
    assert log == f"debug: running {GOLDEN[2].id}\n"  # a print() in a case goes to the log


# -- issue 45, point 9: the semantics an adapter had to guess, stated in docs/protocol.md ---------


def _doc() -> str:
    return " ".join((REPO / "docs" / "protocol.md").read_text("utf-8").split())


def test_the_parts_of_a_together_take_timestamps_in_order_as_the_doc_says():
    from tests.scenarios import creature, make_case

    assert "each part still takes its own timestamp, in the order the parts are listed" in _doc()
    for first, second in ((1, 5), (5, 1)):  # the doc's example, and the parts the other way round
        case = make_case({"bear": creature(2, 2)}, [{"together": [{"set_pt": {"to": "bear", "power": first}},
                                                                  {"set_pt": {"to": "bear", "power": second}}]}],
                         rules=("613.7",))
        (snapshot,) = ENGINE.run(case.to_dict())
        assert snapshot["objects"]["bear"]["power"] == second  # the later part's timestamp wins (613.7)
    assert "leaves a 5/2 (the later set wins, 613.7), the parts the other way round a 1/2" in _doc()


def test_power_toughness_counter_kinds_are_the_pattern_the_doc_gives():
    from reference_engine.objects import PT_COUNTER
    from tests.scenarios import creature, make_case

    pattern = PT_COUNTER.pattern.replace("(", "").replace(")", "")  # the engine's, its groups left out
    assert f"A counter kind matching `{pattern}` is a power/toughness counter" in _doc()
    kind_pattern = loader.schema()["$defs"]["counter_kind"]["pattern"]
    assert pattern.strip("^$") in kind_pattern  # the schema's kinds: those, or a named kind

    def after(*puts: tuple[str, int]) -> dict:
        steps = [{"put_counters": {"object": "bear", "kind": kind, "count": count}} for kind, count in puts]
        case = make_case({"bear": creature(2, 2)}, steps, rules=("613.4c",))
        return ENGINE.run({**case.to_dict(), "steps": [*case.to_dict()["steps"][:-1], {"expect": {"objects": {"bear": {}}}}]})[-1]["objects"]["bear"]

    bear = after(("+2/+0", 1), ("-0/-1", 1), ("charge", 1))
    assert (bear["power"], bear["toughness"]) == (4, 1)  # +2/+0 and -0/-1 apply; charge changes nothing
    assert after(("+2/+2", 1), ("-1/-1", 1))["counters"] == {"+2/+2": 1, "-1/-1": 1}  # no annihilation (704.5q)
    assert after(("+1/+1", 2), ("-1/-1", 1))["counters"] == {"+1/+1": 1}
    assert "Only `+1/+1` and `-1/-1` counters annihilate each other (704.5q)" in _doc()


def test_every_snapshot_reports_every_object_as_the_doc_says():
    """The reference engine's snapshots (what the differential properties compare against) hold every
    object of the case, declared or created, at every checkpoint of every golden case."""
    assert "Every snapshot reports every object of the case" in _doc()
    for case in GOLDEN:
        declared = {o.id for o in case.objects}
        created = {name for step in case.steps for part in getattr(step, "parts", (step,))
                   for name in getattr(part, "names", ()) or ()}
        created |= {step.emblem for step in case.steps if step.KEY == "create_emblem"}  # 114.1: an object too
        created |= {token for spec in case.to_dict()["objects"].values() for ability in spec["card"].get("abilities", [])
                    for token in ability.get("triggered", {}).get("effect", {}).get("create_token", {}).get("tokens", [])}
        # a triggered ability's tokens (111.1; their ids named in its effect) are created objects too
        created |= {token for step in case.to_dict()["steps"] for copy in step.get("cast", {}).get("copies", [])
                    for token in copy.get("create_token", {}).get("tokens", [])}  # and a copying effect's (707.10e)
        for number, snapshot in enumerate(ENGINE.run(case.to_dict()), 1):
            reported = set(snapshot["objects"])
            assert declared <= reported, (case.id, number, sorted(declared - reported))
            tokens_so_far = created & reported
            assert reported - declared <= created, (case.id, number, sorted(reported - declared - created))
            assert tokens_so_far == reported - declared
