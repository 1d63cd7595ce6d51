"""The commands about adapters: ``mtg-conformance engines`` (the engines installed, by name) and
``mtg-conformance init-adapter`` (a new adapter project, :mod:`conformance.scaffold`).

``engines`` exits 0, or 2 when an engine declared by name does not load (an unusable engine, as
for ``run``); ``init-adapter`` exits 0, or 2 for a name, language or directory it cannot write.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

OK, USAGE = 0, 2


def add_commands(commands) -> None:
    """The commands' parsers, added to the CLI's sub-parsers."""
    from conformance.scaffold import LANGUAGES

    commands.add_parser("engines", help="list the engines --engine can name: the reference engine and the adapters "
                                        "installed (entry points mtg_conformance.engines), with what each declares")
    init = commands.add_parser("init-adapter", help="write a new engine adapter project: a skeleton that passes smoke, "
                                                    "a README with the next steps, an expectations file and a CI "
                                                    "workflow")
    init.add_argument("name", metavar="NAME", help="the engine's name, e.g. forge (lower case, digits, hyphens)")
    init.add_argument("--language", choices=list(LANGUAGES), default="python",
                      help="python: an in-process engine (default); node, rust, java: a program speaking protocol v1 "
                           "(docs/protocol.md); any: the project without the program")
    init.add_argument("--dir", metavar="DIR", help="where to write it (default: NAME-adapter); must not exist, or be empty")


def cmd_engines(args: argparse.Namespace) -> int:
    """Each engine by name: who declares it, where it is, and what it declares (its description),
    or the one line saying why it does not load."""
    from conformance.engines.installed import installed
    from conformance.engines.interface import describe, load_engine
    from conformance.errors import EngineSpecError

    named = installed()
    width = max(len(n.name) for n in named)
    broken = 0
    for n in named:
        try:
            info = describe(load_engine(n.name))
        except EngineSpecError as exc:
            broken += 1
            said = f"does not load: {exc}"
        else:
            said = (f"{info}: {len(info.features)} features; reports {', '.join(sorted(info.observables['objects']))}"
                    + (f"; of players {', '.join(sorted(info.observables['players']))}"
                       if info.observables["players"] else ""))
        print(f"{n.name.ljust(width)}  {n.declared_by} ({n.target}): {said}")
    if broken:
        print(f"engines: {broken} of {len(named)} do not load", file=sys.stderr)
        return USAGE
    return OK


def cmd_init_adapter(args: argparse.Namespace) -> int:
    from conformance.scaffold import LANGUAGES, ScaffoldError, argument, project, write

    directory = Path(args.dir or f"{args.name}-adapter")
    try:
        written = write(directory, project(args.name, args.language))
    except ScaffoldError as exc:
        print(f"init-adapter: {exc}", file=sys.stderr)
        return USAGE
    except OSError as exc:
        print(f"init-adapter: cannot write {directory}: {exc.strerror or exc}", file=sys.stderr)
        return USAGE
    engine = LANGUAGES[args.language].engine.replace("{{NAME}}", args.name)
    print(f"wrote {len(written)} files in {directory}: {', '.join(str(p.relative_to(directory)) for p in written)}")
    print(f"next: {directory / 'README.md'}, \"Next steps\"; then mtg-conformance smoke --engine {argument(engine)}")
    return OK


COMMANDS = {"engines": cmd_engines, "init-adapter": cmd_init_adapter}
