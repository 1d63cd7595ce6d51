"""An in-process engine behind a guard: whatever its ``run`` raises or returns, the case gets one
outcome and the run goes on (docs/engines.md, "When an engine misbehaves").

- What it returns must be plain JSON data (:func:`conformance.engines.replies.plain_value`):
  anything else (bytes, a generator, an object, a set, a key that is not a string, an integer
  JSON cannot carry, a lone surrogate, nesting deeper than 64, a list that holds itself) is a
  :class:`~conformance.errors.ProtocolError` of that case, in one line. Subclasses of the JSON
  types (``OrderedDict``, ``Counter``, a ``str`` enum) are copied through their base type's own
  methods, so no method of theirs can break or sway a verdict.
- An exception that is not an :class:`Exception` (``SystemExit`` from ``sys.exit()``,
  ``KeyboardInterrupt`` the engine raised itself, ``GeneratorExit``, pytest's ``Skipped``) is that
  case's error (:class:`EngineRaised`), unless it is the user's interrupt: a SIGINT or SIGTERM
  that arrived while the engine ran always interrupts the run, whatever the engine made of it.
- ``Unsupported`` with a reason that is not a string is a protocol error too.

What no guard in the suite's own process can survive: an engine that calls ``os._exit()``,
kills its own process or crashes the interpreter (a segmentation fault in an extension), and one
that never returns. ``--timeout`` runs an in-process engine in a worker process instead
(:func:`conformance.engines.interface.load_engine`), where each of those is that case's
``crash`` or ``timeout``.
"""

from __future__ import annotations

import os
import signal
import threading
import traceback
from collections.abc import Callable
from typing import Any

from conformance.engines.replies import plain_value, safe_text, type_name
from conformance.errors import EngineReportedError, ProtocolError, Unsupported

try:  # the C functions ``signal`` wraps, without its enum conversions: a tenth of the cost, per case
    import _signal as _handlers
except ImportError:  # pragma: no cover - an interpreter without them
    _handlers = signal  # type: ignore[assignment]

_WATCHED = (int(signal.SIGINT), int(signal.SIGTERM))
"""The signals by which the user interrupts a run (the pytest plugin makes SIGTERM one)."""

MESSAGE_CHARS = 500
"""The most of an engine's own text (an exception's message, a reason) a result's message quotes."""


class EngineRaised(EngineReportedError):
    """An in-process engine raised something that is not an :class:`Exception` (``SystemExit``, its
    own ``KeyboardInterrupt``): that case's error, of kind ``exception``."""


def raised(exc: BaseException) -> str:
    """``ValueError: the message``, whatever the exception's ``__str__`` does: at most
    :data:`MESSAGE_CHARS` characters of it, a lone surrogate escaped, one that fails said so."""
    try:
        text = str.__str__(str(exc))  # (a plain str, whatever __str__ returned)
    except BaseException:  # noqa: BLE001 - an engine's __str__ may raise anything
        text = "(its message could not be read)"
    return f"{type_name(exc)}: {safe_text(text, MESSAGE_CHARS)}" if text else type_name(exc)


class Interrupts:
    """The user's interrupts while an engine runs, as a context manager: on entry the handlers of
    SIGINT and SIGTERM are wrapped to note what they raise (:attr:`raised`, a ``KeyboardInterrupt``),
    and on exit put back, unless someone changed them meanwhile (the pytest plugin ignores a second
    interrupt that way). Off the main thread no signal handler runs, so any interrupt there is
    the engine's own."""

    def __init__(self) -> None:
        self.raised: BaseException | None = None
        self._wrapped: list[tuple[int, Any, Any]] = []

    def __enter__(self) -> Interrupts:
        if threading.current_thread() is threading.main_thread():
            for number in _WATCHED:
                previous = _handlers.getsignal(number)
                if previous is None or previous == signal.SIG_IGN:  # not set from Python, or ignored
                    continue
                handler = self._noting(previous)
                _handlers.signal(number, handler)
                self._wrapped.append((number, handler, previous))
        return self

    def __exit__(self, *exc_info: Any) -> None:
        for number, handler, previous in self._wrapped:
            if _handlers.getsignal(number) is handler:
                _handlers.signal(number, previous)

    def reraise(self) -> None:
        """Raise the user's interrupt again, if there was one: an engine that caught it (``except
        BaseException``, a bare ``except``) or turned it into another exception never swallows it."""
        if self.raised is not None:
            raise self.raised

    def _noting(self, previous: Any) -> Callable[[int, Any], None]:
        """A handler doing what ``previous`` did, noting what it raised."""
        def handler(number: int, frame: Any) -> None:
            try:
                if callable(previous):
                    previous(number, frame)
                elif number == signal.SIGINT:  # SIG_DFL: what the signal does by default
                    raise KeyboardInterrupt
                else:
                    signal.signal(number, previous)
                    os.kill(os.getpid(), number)
            except BaseException as exc:
                self.raised = exc
                raise
        return handler


def interrupts() -> Interrupts:
    """The user's interrupts while the engine runs (:class:`Interrupts`): ``with interrupts() as noted``."""
    return Interrupts()


class GuardedEngine:
    """An in-process engine behind the guard (the module docstring); an
    :class:`~conformance.engines.interface.Engine`. ``engine`` is the engine itself."""

    def __init__(self, engine: Any):
        self.engine = engine

    def __repr__(self) -> str:
        return f"GuardedEngine({type_name(self.engine)})"

    def describe(self) -> Any:
        """The engine's description (checked by :func:`conformance.engines.interface.describe`);
        what it raises besides an :class:`Exception` is raised as :class:`EngineRaised`."""
        with interrupts() as interrupted:
            try:
                description = self.engine.describe()
            except Exception:
                interrupted.reraise()
                raise
            except BaseException as exc:
                interrupted.reraise()
                raise EngineRaised(f"the engine raised {raised(exc)}") from None
            interrupted.reraise()
        return description

    def run(self, case: dict[str, Any]) -> list[dict[str, Any]]:
        """The engine's snapshots for ``case``, as plain JSON data; a fault of the engine raised as
        the :class:`~conformance.errors.EngineFault` of its kind (the module docstring)."""
        return self.answer(case)[1]

    def answer(self, case: dict[str, Any], quick: Callable[[Any], Any] | None = None) -> tuple[Any, Any]:
        """``(found, snapshots)``: :meth:`run`'s snapshots, with ``found`` ``None``; or, when ``quick``
        (called on the answer as the engine returned it, under the same watch for interrupts as the
        engine's run) finds something, that and the answer as returned, unchecked. ``quick`` must find
        something only in an answer it has made sure is plain JSON data as the check below finds it
        (:func:`conformance.corpus.judge.agreed` does, comparing it with expected states that are);
        whatever it raises (the answer's own code, run by a check) leaves the answer to the check."""
        found = None
        with interrupts() as interrupted:
            try:
                snapshots = self.engine.run(case)
            except Exception as exc:  # judged as the engine's exception (compare.judge)
                interrupted.reraise()
                _check_reason(exc)
                raise
            except BaseException as exc:
                interrupted.reraise()  # the user's interrupt, not the engine's
                raise EngineRaised(f"the engine raised {raised(exc)} (the engine's own, not an interrupt of "
                                   "the run)", traceback.format_exc()) from None
            if quick is not None:
                try:
                    found = quick(snapshots)
                except BaseException:  # noqa: BLE001 - the user's interrupt is raised again just below
                    found = None
            interrupted.reraise()
        if found is not None:
            return found, snapshots
        try:
            value = plain_value(snapshots)
        except ValueError as exc:
            raise ProtocolError(f"the engine's answer is not plain JSON data: {exc}") from None
        if not isinstance(value, list):
            raise ProtocolError(f"the engine returned {type_name(snapshots)}, not a list of snapshots")
        return None, value

    def close(self) -> None:
        """The engine's own ``close()``, if it has one."""
        close = getattr(self.engine, "close", None)
        if callable(close):
            close()


def _check_reason(exc: BaseException) -> None:
    """An ``Unsupported``'s reason must be a string (a subclass's is read as a plain one)."""
    if isinstance(exc, Unsupported) and type(exc.reason) is not str:
        if not issubclass(type(exc.reason), str):
            raise ProtocolError(f"the engine raised Unsupported with a reason of type {type_name(exc.reason)}, "
                                "not a string") from None
        exc.reason = str.__str__(exc.reason)


def guarded(engine: Any) -> Any:
    """``engine`` behind the guard; an engine over the protocol (which guards itself) or one
    already guarded as it is."""
    from conformance.engines.harness import SubprocessEngine

    return engine if isinstance(engine, (GuardedEngine, SubprocessEngine)) else GuardedEngine(engine)
