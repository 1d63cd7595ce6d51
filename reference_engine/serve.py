"""The reference engine over protocol v1 (docs/protocol.md): ``python -m reference_engine.serve``.

A line-oriented server, and the example to follow when writing an adapter in another language:
read one JSON request per line from standard input, write one JSON reply per line to standard
output and flush it at once. ``start`` is answered with the engine's description, each ``run``
with its snapshots; :class:`conformance.errors.Unsupported` becomes an ``unsupported`` reply and
any other exception an ``error`` reply with the traceback, so one bad case never ends the
session: the engine runs behind the suite's guard (:mod:`conformance.engines.guard`), so an
answer that is not JSON data, or a ``sys.exit()``, is an ``error`` reply too. ``stop``, or the end of standard input, ends it.

Anything the engine prints while running a case goes to standard error, never into the protocol
stream. ``--engine SPEC`` serves another in-process engine (a name, ``module:attribute``) instead, which
turns any Python engine into a protocol engine. Also available as ``mtg-conformance
serve-reference``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import traceback
from collections.abc import Sequence
from typing import IO, Any

from conformance.errors import EngineFault, Unsupported

VERSION = 1  # the protocol version spoken (conformance.engines.protocol.VERSION)


def serve(engine: Any, requests: IO[str], replies: IO[str], log: IO[str], *, kinds: bool = False) -> int:
    """Answer ``requests`` (JSON lines) on ``replies`` until ``stop`` or their end; 0 when done.
    ``kinds``: error replies carry the kind of the fault and the messages of an in-process run
    (:func:`run_case`; ``--worker``, the suite's own worker process, :mod:`conformance.engines.worker`)."""

    def reply(message: dict[str, Any]) -> None:
        replies.write(json.dumps(message, separators=(",", ":")) + "\n")
        replies.flush()  # the harness waits for a whole line: never leave one in a buffer

    for line in requests:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            command = request["cmd"]
        except (ValueError, TypeError, KeyError):
            print(f"reference_engine.serve: not a request, ignored: {line.strip()[:200]!r}", file=log, flush=True)
            continue
        if command == "start":
            reply({"version": VERSION, "engine": engine.describe()})
        elif command == "run":
            reply({"seq": request.get("seq"), **run_case(engine, request.get("case"), log, kinds=kinds)})
        elif command == "stop":
            return 0
        else:
            print(f"reference_engine.serve: unknown command {command!r}, ignored", file=log, flush=True)
    return 0


def run_case(engine: Any, case: Any, log: IO[str], *, kinds: bool = False) -> dict[str, Any]:
    """The body of a run reply: ``snapshots``, ``unsupported`` or ``error``. The engine runs behind
    the suite's guard (:mod:`conformance.engines.guard`): an answer that is not JSON data, or a
    ``sys.exit()``, is an ``error`` reply, never the end of the session. With ``kinds``, an error
    says its kind (``"kind": "protocol"`` or ``"exception"``, beside its message) and its message
    is the one an in-process run gives (``the engine raised ValueError: ...``)."""
    from conformance.engines.guard import MESSAGE_CHARS, guarded, raised
    from conformance.engines.replies import safe_text

    try:
        with contextlib.redirect_stdout(log):  # a stray print() must not corrupt the stream
            return {"snapshots": guarded(engine).run(case)}
    except Unsupported as exc:
        return {"unsupported": safe_text(exc.reason, MESSAGE_CHARS) or "unsupported"}
    except EngineFault as exc:  # what the guard found
        return {"error": {"message": exc.message, "traceback": exc.detail, **({"kind": exc.kind} if kinds else {})}}
    except Exception as exc:
        message = f"the engine raised {raised(exc)}" if kinds else f"{type(exc).__name__}: {exc}"
        return {"error": {"message": message, "traceback": traceback.format_exc(),
                          **({"kind": "exception"} if kinds else {})}}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m reference_engine.serve",
        description="Serve the reference engine (or another in-process engine) over protocol v1 on stdio.")
    parser.add_argument("--engine", default="reference", metavar="SPEC",
                        help="the in-process engine to serve: 'reference' (default), an installed engine's name "
                             "(mtg-conformance engines) or module:attribute")
    parser.add_argument("--worker", action="store_true",
                        help="serve as the suite's worker process for --timeout (conformance/engines/worker.py): "
                             "errors carry their kind; what the engine writes on standard output goes to standard error")
    args = parser.parse_args(argv)

    from conformance.engines.interface import load_engine
    from conformance.errors import EngineSpecError

    if args.engine.startswith("exec:"):
        parser.error("--engine: serve an in-process engine (module:attribute), not exec:")
    replies: IO[str] = sys.stdout
    if args.worker:  # the replies on a copy of standard output; the engine's own writes to it go to stderr
        replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
        os.dup2(2, 1)
    try:
        engine = load_engine(args.engine)
    except EngineSpecError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:  # replies on standard output, everything else on standard error
        return serve(engine, sys.stdin, replies, sys.stderr, kinds=args.worker)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the harness went away
        return 0


if __name__ == "__main__":
    sys.exit(main())
