"""``mtg-conformance init-adapter``: a new engine adapter project, ready for ``smoke``.

A Python in-process skeleton (a distribution declaring its engine by name, docs/engines.md), or a
protocol v1 skeleton (JSON lines on stdio, docs/protocol.md) in Node.js, Rust or Java, or, for any
other language, the project without the program. Each skeleton answers ``start``/``describe`` and
``run``: the board it deals is a stand-in holding each object as printed (so the boards smoke
checks as dealt are answered), every step is answered ``unsupported``, and each step kind of the
format is listed where it is to be realised. Beside it: a README naming the next steps, an empty
expectations file and a CI workflow (GitHub Actions) running ``smoke``, then the suite with
``--expectations expectations.yaml --strict``. The templates are package data
(``conformance/scaffold/templates``); the step kinds come from the format's JSON Schema, so a
skeleton lists every kind there is.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from conformance import __version__

NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
"""An adapter's name: the engine's name for ``--engine`` and in reports (lower case, digits, hyphens)."""


class ScaffoldError(ValueError):
    """A name, language or directory that no adapter project can be written for."""


@dataclass(frozen=True)
class Language:
    """What a skeleton in one language is made of."""

    files: dict[str, str]  # template -> path in the project ({{PACKAGE}} replaced)
    engine: str  # the --engine spec of the adapter once set up
    how: str  # how the suite reaches the engine, for the README
    listing: str  # the files written, for the README
    first: str  # the first of the README's next steps
    setup: str = ""  # the workflow's steps setting up the adapter (YAML, indented as steps)
    table: tuple[str, str] = ("", "")  # a step kind in the skeleton's table of steps, the table's indentation


RUNS = ("a program speaking the suite's protocol (one JSON object per line on its standard input and output: "
        "mtg-conformance's docs/protocol.md)")
INSTALL = "Install mtg-conformance (its README, \"Install\")"

LANGUAGES = {
    "python": Language(
        files={"engine.py.tmpl": "src/{{PACKAGE}}/__init__.py", "pyproject.toml.tmpl": "pyproject.toml"},
        engine="{{NAME}}",
        how="an engine in-process, a Python object the suite calls (`describe()`, `run(case)`: mtg-conformance's "
            "docs/engines.md), in a distribution declaring it by name.",
        listing="- `src/{{PACKAGE}}/__init__.py`: the engine, `Engine`.\n"
                "- `pyproject.toml`: the distribution `{{DISTRIBUTION}}`, declaring the engine `{{NAME}}` (entry point "
                "group `mtg_conformance.engines`).",
        first="0. {INSTALL}, then this adapter: `python -m pip install -e .`. `mtg-conformance engines` lists it, and "
              "`mtg-conformance smoke --engine {{NAME}}` checks it.",
        setup="      - name: install the adapter\n        run: python -m pip install -e .\n",
        table=('"{}": None,', "    ")),
    "node": Language(
        files={"adapter.js.tmpl": "adapter.js", "package.json.tmpl": "package.json"},
        engine="exec:node adapter.js",
        how=f"{RUNS}, in Node.js.",
        listing="- `adapter.js`: the program (Node.js 16 or later, no package needed).\n"
                "- `package.json`: its package.",
        first="0. {INSTALL} and Node.js; `mtg-conformance smoke --engine 'exec:node adapter.js'` checks the adapter.",
        setup="      - uses: actions/setup-node@v4\n        with:\n          node-version: \"20\"\n",
        table=("{}: null,", "  ")),
    "rust": Language(
        files={"main.rs.tmpl": "src/main.rs", "Cargo.toml.tmpl": "Cargo.toml"},
        engine="exec:target/release/{{NAME}}-adapter",
        how=f"{RUNS}, in Rust.",
        listing="- `src/main.rs`: the program (no crate needed: it reads and writes its JSON lines itself).\n"
                "- `Cargo.toml`: its package, `{{NAME}}-adapter`.",
        first="0. {INSTALL} and Rust; `cargo build --release`, then `mtg-conformance smoke --engine "
              "'exec:target/release/{{NAME}}-adapter'` checks the adapter.",
        setup="      - name: build the adapter\n        run: cargo build --release\n",
        table=("{},", "///   ")),
    "java": Language(
        files={"Adapter.java.tmpl": "Adapter.java"},
        engine="exec:java Adapter.java",
        how=f"{RUNS}, in Java.",
        listing="- `Adapter.java`: the program (Java 11 or later runs the source file as it is; no library needed).",
        first="0. {INSTALL} and a JDK; `mtg-conformance smoke --engine 'exec:java Adapter.java'` checks the adapter.",
        setup="      - uses: actions/setup-java@v4\n        with:\n          distribution: temurin\n"
              "          java-version: \"17\"\n",
        table=("{},", "    //   ")),
    "any": Language(
        files={},
        engine="exec:./adapter",
        how=f"{RUNS}. No program is written here: write it in your engine's language.",
        listing="- no program yet: `./adapter` stands for its command, here and in the CI workflow.",
        first="0. {INSTALL}, and write the program (mtg-conformance's docs/protocol.md, \"Writing an adapter\"): read "
              "a request per line; answer `start` with `{\"version\": 1, \"engine\": DESCRIPTION}` (no feature yet, "
              "the observables `zone`, `power`, `toughness`), each `run` with its snapshots (the board as dealt at "
              "each `expect`) or `{\"seq\": SEQ, \"unsupported\": REASON}` for a step not realised yet; exit on "
              "`stop`; one line per reply, flushed. Put its command in place of `./adapter` in "
              "`.github/workflows/conformance.yml` (with the steps building it), then `mtg-conformance smoke "
              "--engine 'exec:./adapter'` checks it.",
        setup="      # build your adapter here\n"),
}
"""The languages ``--language`` accepts, by name."""

WORKFLOW = ".github/workflows/conformance.yml"


def step_kinds() -> list[str]:
    """The step kinds of the format (its JSON Schema), checkpoints (``expect``) aside."""
    from conformance.format import loader

    return [kind for kind in loader.schema()["$defs"]["step"]["properties"] if kind != "expect"]


def step_table(language: Language) -> str:
    """The step kinds, in ``language``'s table of steps to realise."""
    entry, indent = language.table
    if not entry:
        return ""
    return "\n".join(textwrap.wrap(" ".join(entry.format(kind) for kind in step_kinds()), 100,
                                   initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False))


def argument(spec: str) -> str:
    """An ``--engine`` spec as a shell word."""
    return f"'{spec}'" if " " in spec or spec.startswith("exec:") else spec


def render(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


def template(name: str) -> str:
    return resources.files("conformance.scaffold").joinpath("templates", name).read_text("utf-8")


def project(name: str, language: str = "python") -> dict[str, str]:
    """The files of a new adapter project, by path inside it: its text."""
    if not NAME.fullmatch(name) or len(name) > 40:
        raise ScaffoldError(f"{name!r} is not an adapter name: lower-case letters, digits and single hyphens, starting "
                            "with a letter, at most 40 characters (e.g. forge, my-engine)")
    if language not in LANGUAGES:
        raise ScaffoldError(f"no skeleton in {language!r} (languages: {', '.join(LANGUAGES)})")
    lang = LANGUAGES[language]
    values = {"NAME": name, "PACKAGE": "mtg_conformance_" + name.replace("-", "_"),
              "DISTRIBUTION": f"mtg-conformance-{name}", "SUITE_VERSION": __version__, "LANGUAGE": language}
    values["ENGINE"] = render(lang.engine, values)
    values["ENGINE_ARGUMENT"] = argument(values["ENGINE"])
    values["STEP_TABLE"] = step_table(lang)
    values["SETUP"] = lang.setup
    values["HOW"] = lang.how
    values["FILES"] = render(lang.listing, values)
    values["FIRST_STEPS"] = render(lang.first.replace("{INSTALL}", INSTALL), values)
    files = {render(path, values): render(template(source), values) for source, path in lang.files.items()}
    files["README.md"] = render(template("README.md.tmpl"), values)
    files["expectations.yaml"] = render(template("expectations.yaml.tmpl"), values)
    files[WORKFLOW] = render(template("workflow.yml.tmpl"), values)
    return files


def write(directory: Path, files: dict[str, str]) -> list[Path]:
    """Write ``files`` into ``directory``, which must not exist or be empty (nothing is overwritten)."""
    from conformance.outputs import write_atomically

    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise ScaffoldError(f"{directory} exists and is not an empty directory: nothing written (give --dir)")
    written = []
    for relative, text in files.items():
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
        written.append(path)
    return written
