"""The frozen corpus (issue 42): its file, ``run --corpus`` and a corrupted corpus file.

A small corpus is drawn here (one chunk of two properties, seconds), never the shipped one's 20,000
scenarios; tests/test_corpus_consistency.py checks the shipped corpus."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.corpus import build, store
from conformance.format import loader
from conformance.laws.catalogue import all_properties
from conformance.results import compare
from tests.wrong_engines import ClampingEngine

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

CLAMPING = "tests.wrong_engines:ClampingEngine"
PROPERTIES = {prop.id: prop for prop in all_properties()}
DRAWN = ("613/agrees-with-reference", "616.1/halving-and-doubling-orders")


@pytest.fixture(scope="module")
def scenarios() -> list[store.Scenario]:
    return [s for prop in DRAWN for s in build.draw_chunk(PROPERTIES[prop], 0)]


@pytest.fixture()
def corpus(tmp_path, scenarios) -> Path:
    return store.write(tmp_path / "small.jsonl.gz", {"suite": "test"}, scenarios)


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def results(path: Path) -> list[dict]:
    return [line for line in map(json.loads, path.read_text().splitlines()) if line["type"] == "result"]


def test_a_corpus_file_gives_back_every_scenario_drawn(corpus, scenarios):
    read = store.read(corpus)
    assert read.header["scenarios"] == len(scenarios) == len(read)
    assert [(s.id, s.case, s.expected, s.rules, s.features) for s in read] == [
        (s.id, s.case, s.expected, s.rules, s.features) for s in scenarios]
    assert gzip.decompress(corpus.read_bytes()).count(b"\n") == len(scenarios) + 1


def test_a_chunk_is_drawn_the_same_every_time(scenarios):
    again = build.draw_chunk(PROPERTIES[DRAWN[1]], 0)
    assert [s.to_line() for s in again] == [s.to_line() for s in scenarios if s.property == DRAWN[1]]
    other = build.draw_chunk(PROPERTIES[DRAWN[1]], 1)  # another chunk, another seed
    assert [s.case for s in other] != [s.case for s in again]


def test_the_reference_engine_passes_its_own_corpus(capsys, corpus, scenarios, tmp_path):
    code, out, err = cli(capsys, "run", "--corpus", str(corpus), "--results", str(tmp_path / "r.jsonl"))
    assert code == 0, out + err
    assert f"corpus: {len(scenarios)} scenarios replayed" in out
    assert f"{len(scenarios)} passed" in out
    found = results(tmp_path / "r.jsonl")
    assert [r["id"] for r in found] == [s.id for s in scenarios]
    assert all(r["status"] == "passed" and r["kind"] == "corpus" for r in found)
    # results by rule: each scenario under the rules its content exercises
    assert [r["rules"] for r in found] == [list(s.rules) for s in scenarios]


def test_corpus_size_takes_the_first_scenarios_and_shards_split_them(capsys, corpus, scenarios, tmp_path):
    code, out, _ = cli(capsys, "run", "--corpus", str(corpus), "--corpus-size", "7", "--results", str(tmp_path / "a.jsonl"))
    assert code == 0 and [r["id"] for r in results(tmp_path / "a.jsonl")] == [s.id for s in scenarios[:7]]
    ids = []
    for part in ("1/2", "2/2"):
        target = tmp_path / f"shard-{part[0]}.jsonl"
        assert cli(capsys, "run", "--corpus", str(corpus), "--shard", part, "--results", str(target))[0] == 0
        ids.append([r["id"] for r in results(target)])
    assert ids[0] and ids[1] and not set(ids[0]) & set(ids[1])
    assert sorted(ids[0] + ids[1]) == sorted(s.id for s in scenarios)


def test_keyword_selects_by_id_rule_and_feature(capsys, corpus, scenarios, tmp_path):
    target = tmp_path / "k.jsonl"
    assert cli(capsys, "run", "--corpus", str(corpus), "-k", "halving", "--results", str(target))[0] == 0
    assert {r["id"] for r in results(target)} == {s.id for s in scenarios if "halving" in s.id}
    assert cli(capsys, "run", "--corpus", str(corpus), "-k", "701.10c", "--results", str(target))[0] == 0
    assert {r["id"] for r in results(target)} == {s.id for s in scenarios if "701.10c" in s.rules}


def test_a_wrong_engine_fails_and_the_failure_comes_reduced(capsys, corpus, tmp_path):
    code, out, err = cli(capsys, "run", "--corpus", str(corpus), "--engine", CLAMPING, "--results", str(tmp_path / "r.jsonl"))
    assert code == 1, out + err
    failed = [r for r in results(tmp_path / "r.jsonl") if r["status"] == "failed"]
    assert failed
    first = failed[0]
    # counted under the rules it shows broken (doubling a negative value), not every rule it exercises
    assert set(first["rules"]) <= {"701.10a", "701.10b", "701.10c", "701.11a", "701.11b", "701.11c"}
    assert set(first["cited_rules"]) > set(first["rules"])
    assert f"case {first['id']} fails on clamping engine" in out and "reduced to " in out
    # the reduced case replays by itself: it fails on the engine, and the reference engine passes it
    (case,) = loader.load_text(first["reproducer"], "reduced.yaml")
    assert len(case.objects) <= 2 and sum(1 for s in case.steps if s.KEY != "expect") <= 4
    from conformance.engines.interface import describe
    from reference_engine import ReferenceEngine

    assert isinstance(compare.judge(ClampingEngine(), describe(ClampingEngine()), case), compare.Failed)
    assert isinstance(compare.judge(ReferenceEngine(), describe(ReferenceEngine()), case), compare.Passed)


def test_expectations_gate_corpus_results_by_rule_and_id(capsys, corpus, scenarios, tmp_path):
    known = tmp_path / "expected.yaml"
    known.write_text("format: 1\nexpectations:\n"
                     "  - rule: '701.10'\n    outcome: fail\n    reason: clamps a negative value before doubling it\n"
                     "  - rule: '701.11'\n    outcome: fail\n    reason: clamps a negative value before tripling it\n")
    code, out, err = cli(capsys, "run", "--corpus", str(corpus), "--engine", CLAMPING, "--expectations", str(known))
    assert code == 0, out + err
    assert "xfailed" in out and "fails on clamping engine" not in out  # known failures are not detailed
    passing = next(s.id for s in scenarios)
    known.write_text(known.read_text() + f"  - id: {passing}\n    outcome: fail\n    reason: a wrong entry\n")
    assert cli(capsys, "run", "--corpus", str(corpus), "--engine", CLAMPING, "--expectations", str(known))[0] == 0
    code, out, _ = cli(capsys, "run", "--corpus", str(corpus), "--engine", CLAMPING, "--expectations", str(known),
                       "--strict")
    assert code == 1 and f"UNEXPECTED PASS {passing}" in out


def test_unsupported_scenarios_are_counted_by_reason(capsys, corpus, scenarios):
    code, out, _ = cli(capsys, "run", "--corpus", str(corpus), "--engine", "tests.wrong_engines:NoDoublingEngine")
    assert code == 0
    lacking = sum(1 for s in scenarios if {"double-pt", "triple-pt"} & set(s.features))
    assert lacking and f"unsupported: {lacking} (" in out


def test_last_failed_replays_only_the_failures(capsys, corpus, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CI", raising=False)
    assert cli(capsys, "run", "--corpus", str(corpus), "--engine", CLAMPING, "--results", "all.jsonl")[0] == 1
    failing = [r["id"] for r in results(tmp_path / "all.jsonl") if r["status"] == "failed"]
    assert cli(capsys, "run", "--corpus", str(corpus), "--engine", CLAMPING, "--lf", "--results", "again.jsonl")[0] == 1
    assert [r["id"] for r in results(tmp_path / "again.jsonl")] == failing


@pytest.mark.parametrize("option", [["-n", "2"], ["--junitxml", "x.xml"], ["--cases", "golden"], ["--properties"]])
def test_options_that_do_not_apply_to_the_corpus_are_refused(capsys, corpus, option):
    code, _, err = cli(capsys, "run", "--corpus", str(corpus), *option)
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_corpus_size_needs_the_corpus(capsys):
    code, _, err = cli(capsys, "run", "--corpus-size", "3")
    assert code == 2 and err.strip() == "mtg-conformance run: --corpus-size needs --corpus"


# --- a corrupted corpus file: one line naming the file and the line, exit status 2 ------------------------


def _rewrite(path: Path, change) -> Path:
    lines = gzip.decompress(path.read_bytes()).split(b"\n")
    path.write_bytes(gzip.compress(b"\n".join(change(lines))))
    return path


def _one_line_error(capsys, path: Path) -> str:
    code, out, err = cli(capsys, "run", "--corpus", str(path))
    assert code == 2, out + err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "corpus:" not in out, err
    assert str(path) in err
    return err.strip()


def test_a_truncated_corpus_is_one_line(capsys, corpus):
    data = corpus.read_bytes()
    corpus.write_bytes(data[: len(data) // 2])
    err = _one_line_error(capsys, corpus)
    assert "truncated" in err and f"{corpus}:" in err  # names the line it broke off in


def test_a_line_that_is_not_json_is_one_line_naming_it(capsys, corpus):
    _rewrite(corpus, lambda lines: [*lines[:4], lines[4][:-9], *lines[5:]])
    assert f"{corpus}:5: not a JSON line" in _one_line_error(capsys, corpus)


def test_a_line_of_the_wrong_shape_is_one_line_naming_it(capsys, corpus):
    def without_expected(lines):
        raw = json.loads(lines[3])
        del raw["expected"]
        return [*lines[:3], json.dumps(raw).encode(), *lines[4:]]

    err = _one_line_error(capsys, _rewrite(corpus, without_expected))
    assert f"{corpus}:4: case " in err and "expected: expected an object, got nothing" in err


def test_a_wrong_line_with_a_matching_digest_is_still_one_line(capsys, corpus):
    """A file built wrong (its digest made for the wrong line): the line is named as it is reached."""
    import hashlib

    def broken(lines):
        body = [*lines[1:2], b'{"id": 3}', *lines[3:]]
        header = json.loads(lines[0])
        header["sha256"] = hashlib.sha256(b"\n".join(body)).hexdigest()
        return [json.dumps(header).encode(), *body]

    assert f"{corpus}:3: id: expected a str, got 3" in _one_line_error(capsys, _rewrite(corpus, broken))


def test_not_a_corpus_is_one_line(capsys, tmp_path):
    other = tmp_path / "other.jsonl.gz"
    other.write_bytes(gzip.compress(b'{"format": 1}\n'))
    assert f"{other}:1: corpus: not an mtg-conformance corpus" in _one_line_error(capsys, other)
    plain = tmp_path / "plain.yaml"
    plain.write_text("format: 1\n")
    assert "not a gzip-compressed corpus" in _one_line_error(capsys, plain)


def test_the_first_scenarios_of_the_shipped_corpus_sample_every_property(capsys, tmp_path):
    properties = len(all_properties())
    target = tmp_path / "first.jsonl"
    code, out, err = cli(capsys, "run", "--corpus", "--corpus-size", str(properties), "--results", str(target))
    assert code == 0, out + err
    ids = [r["id"] for r in results(target)]
    assert len(ids) == properties
    assert len({i.split("/corpus-")[1].rsplit("-", 2)[0] for i in ids}) == properties  # one of each property


def test_a_header_with_wrong_chunks_is_one_line(capsys, corpus):
    def wrong(lines):
        header = json.loads(lines[0])
        header["chunks"] = [[0, "613/agrees-with-reference", 1]]
        return [json.dumps(header).encode(), *lines[1:]]

    assert f"{corpus}:1: chunks: expected a list of [round, property, count]" in _one_line_error(
        capsys, _rewrite(corpus, wrong))


def test_a_malformed_keyword_is_one_line(capsys, corpus):
    code, _, err = cli(capsys, "run", "--corpus", str(corpus), "-k", "613 and (")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "-k '613 and ('" in err


def test_corpus_build_writes_the_first_scenarios_in_replay_order(capsys, tmp_path, monkeypatch):
    """``corpus build`` (two quick properties here, not all of them): rounds of seeded chunks, the file
    chunk by chunk with the chunks in its header, the first N in replay order interleaved."""
    quick = (PROPERTIES["616.1/halving-and-doubling-orders"], PROPERTIES["614.5/counter-doublers-multiply"])
    monkeypatch.setattr(build, "properties", lambda: quick)
    first = {prop.id: build.draw_chunk(prop, 0) for prop in quick}
    size = len(first[quick[0].id]) + len(first[quick[1].id]) + 3  # into the second round
    target = tmp_path / "built.jsonl.gz"
    code, out, err = cli(capsys, "corpus", "build", "--size", str(size), "-o", str(target))
    assert code == 0 and f"wrote {target}: {size:,} scenarios in 2 rounds" in out, out + err
    built = store.read(target)
    assert built.header["built_with"]["rounds"] == 2
    assert [c[:2] for c in built.header["chunks"]] == [[0, quick[0].id], [0, quick[1].id], [1, quick[0].id],
                                                      [1, quick[1].id]][:len(built.header["chunks"])]
    replayed = [built.scenario(i).id for i in built.order()]
    a, b = first[quick[0].id], first[quick[1].id]
    assert replayed[:4] == [a[0].id, b[0].id, a[1].id, b[1].id]
    assert set(replayed[: len(a) + len(b)]) == {s.id for s in a + b}  # round 0 whole, then round 1's first
    code, out, _ = cli(capsys, "corpus", "info", str(target))
    assert code == 0 and f"scenarios: {size}" in out


def test_corpus_path_names_the_shipped_corpus(capsys):
    code, out, _ = cli(capsys, "corpus", "path")
    assert code == 0 and Path(out.strip()) == store.DEFAULT_PATH and store.DEFAULT_PATH.is_file()


def test_an_entry_of_kind_corpus_applies_to_corpus_results_alone():
    from conformance.results import expectations

    known = expectations.load_text("format: 1\nexpectations:\n  - rule: '604.3'\n    kind: corpus\n    outcome: fail\n"
                                   "    reason: a */* card off the battlefield is 0/0\n", "e.yaml")
    failed = {"id": "613/corpus-x-0-1", "rules": ["604.3"], "features": [], "status": "failed"}
    assert expectations.verdict(known, {**failed, "kind": "corpus"}).verdict == "expected"
    assert expectations.verdict(known, {**failed, "kind": "case"}).verdict == "unexpected"


def test_a_known_failure_is_gated_by_the_rules_it_shows_broken(capsys, corpus, tmp_path):
    """A rule entry for the broken rule accepts a failure that also exercises other rules; one for a
    rule the failure only exercises does not (the gate sees the rules it shows broken, as the table)."""
    target = tmp_path / "r.jsonl"
    cli(capsys, "run", "--corpus", str(corpus), "--engine", CLAMPING, "--results", str(target))
    failed = [r for r in results(target) if r["status"] == "failed"]
    merely_exercised = sorted(set(failed[0]["cited_rules"]) - set(failed[0]["rules"]) - {"701.10", "701.11"})[0]
    known = tmp_path / "expected.yaml"
    known.write_text(f"format: 1\nexpectations:\n  - rule: '{merely_exercised}'\n    kind: corpus\n    outcome: flaky\n"
                     f"    reason: a wrong entry\n")
    code, out, _ = cli(capsys, "run", "--corpus", str(corpus), "--engine", CLAMPING, "--expectations", str(known),
                       "--results", str(tmp_path / "gated.jsonl"))
    gated = {r["id"]: r for r in results(tmp_path / "gated.jsonl")}
    assert code == 1 and gated[failed[0]["id"]]["expected"]["verdict"] == "unexpected"
    assert gated[failed[0]["id"]]["reproducer"]  # a case file, known failure or not


class _AlikeToPython:
    """The reference engine, but answering each object's ``tapped`` as ``0`` or ``1`` and its power
    as a float: equal to Python's ``==``, not to a checkpoint (another JSON type)."""

    def __init__(self) -> None:
        from reference_engine import ReferenceEngine

        self.engine = ReferenceEngine()

    def describe(self):
        return self.engine.describe()

    def run(self, case):
        snapshots = self.engine.run(case)
        for snapshot in snapshots:
            for values in snapshot["objects"].values():
                values["tapped"] = int(values["tapped"])
                if type(values.get("power")) is int:
                    values["power"] = float(values["power"])
        return snapshots


def test_a_value_python_finds_equal_but_of_another_json_type_fails(scenarios):
    """The whole-state comparison is exact in types (``1`` is not ``true``, ``2.0`` is not ``2``)."""
    from conformance.corpus.judge import judge
    from conformance.engines.guard import guarded
    from conformance.engines.interface import describe

    engine = _AlikeToPython()
    info = describe(engine)
    outcomes = [judge(guarded(engine), info, s) for s in scenarios]
    assert all(isinstance(o, compare.Failed) for o in outcomes), outcomes
    fields = {m.field for o in outcomes for m in o.mismatches}
    assert "tapped" in fields and fields <= {"tapped", "power"}
    assert all(type(m.got) is not type(m.expected) for o in outcomes for m in o.mismatches)


def test_a_file_as_built_is_read_lazily_and_any_other_whole(corpus, scenarios):
    """As built, the header's packed_sha256 vouches for the file and the scenarios are decompressed as
    they are read; the same lines in one gzip member (recompressed) are read whole, and agree."""
    as_built = store.read(corpus)
    assert isinstance(as_built.lines, store.Lines)
    assert as_built.scenario(len(scenarios) - 1).id == scenarios[-1].id  # (reading the last one first)
    recompressed = _rewrite(corpus, lambda lines: lines)
    whole = store.read(recompressed)
    assert isinstance(whole.lines, list)
    assert [s.to_line() for s in whole] == [s.to_line() for s in as_built] == [s.to_line() for s in scenarios]


def test_a_header_changed_after_the_build_is_refused_though_the_scenarios_are_as_built(capsys, corpus):
    """packed_sha256 covers the header's other keys too: a changed count is found by the whole check."""
    packed = corpus.read_bytes()
    inflater = __import__("zlib").decompressobj(wbits=31)
    header = json.loads(inflater.decompress(packed))
    header["scenarios"] += 1
    corpus.write_bytes(gzip.compress(json.dumps(header).encode() + b"\n") + inflater.unused_data)
    from conformance.errors import CaseFileErrors

    with pytest.raises(CaseFileErrors, match="the header says"):  # before any scenario is read
        store.read(corpus)
    assert f"{corpus}:1: scenarios: the header says" in _one_line_error(capsys, corpus)
