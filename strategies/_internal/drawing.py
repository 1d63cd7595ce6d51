"""Plain choices drawn straight from the example's choice sequence (issue 22: generation speed).

Inside an ``@st.composite``, ``draw(st.integers(0, 9))`` builds (or looks up), validates and
unwraps a strategy object and opens a span for one choice: about three quarters of the cost of a
generated scenario was that bookkeeping, not the choices. :class:`Chooser` makes the same choices
with the same calls the strategies make inside (``integers(a, b)`` is ``draw_integer(a, b)``,
``sampled_from(xs)`` is an index ``draw_integer(0, len(xs) - 1)``, or no choice for one element,
``booleans()`` is ``draw_boolean()``, ``lists`` and unique lists of a ``sampled_from`` draw their
sizes through Hypothesis's ``many``): a choice sequence gives the same values as the strategy
calls it replaces, so the distribution of the scenarios and what the shrinker can do with them
(it works on choices; spans are kept around every list element and every object) are those of
the strategy calls.

Hypothesis hands a composite ``draw`` as the bound ``draw`` method of its ``ConjectureData``; the
fast path uses that object's ``draw_integer``/``draw_boolean``/``start_span``. If a future
Hypothesis hands something else, :class:`Chooser` falls back to drawing the same strategies
(built once, cached by their arguments) through ``draw``: slower, never different.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

try:  # Hypothesis's own collection sizing (what st.lists uses), and its span labels
    from hypothesis.internal.conjecture.utils import calc_label_from_name as _label
    from hypothesis.internal.conjecture.utils import many as _many
except ImportError:  # pragma: no cover - a Hypothesis without them: the fallback path
    _many = None

    def _label(name: str) -> int:
        return hash(name) & 0xFFFFFFFFFFFFFFFF

_OLD_MANY = _many is not None and hasattr(_many, "more")
"""Which ``many`` this Hypothesis has: ``many(...).more()`` (6.155 and before) or a context manager
iterated once (``with many(...) as e: for _ in e``, 6.170); both are handled, and tested."""


_SUFFIX = _label("tuple suffix")


def _average_size(min_size: int, max_size: int) -> float:
    """The average size ``st.lists`` gives a list of these bounds."""
    return min(max(min_size * 2, min_size + 5), 0.5 * (min_size + max_size))


@functools.lru_cache(maxsize=None)
def _integers(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


@functools.lru_cache(maxsize=None)
def _indices(size: int) -> st.SearchStrategy[int]:
    return st.integers(0, size - 1)


_BOOLEANS = st.booleans()


class Chooser:
    """The choices of one draw: ``integer``, ``boolean``, ``sample``, ``unique_sample``, ``many``
    (list sizes) and ``span`` (a unit the shrinker can delete or move), as the strategies would
    make them."""

    __slots__ = ("draw", "data", "fast")

    def __init__(self, draw: Any):
        if isinstance(draw, Chooser):
            draw = draw.draw
        self.draw = draw
        data = getattr(draw, "__self__", None)
        self.fast = _many is not None and all(
            callable(getattr(data, name, None)) for name in ("draw_integer", "draw_boolean", "start_span", "stop_span"))
        self.data = data if self.fast else None

    @staticmethod
    def of(draw: Any) -> Chooser:
        """``draw`` itself if it is a Chooser, else a Chooser of it."""
        return draw if isinstance(draw, Chooser) else Chooser(draw)

    def __call__(self, strategy: st.SearchStrategy[T], label: Any = None) -> T:
        """A draw from ``strategy``, as ``draw`` itself would (for what has no plain choice here)."""
        return self.draw(strategy)

    def inline(self, composite: Any, *args: Any, **kwargs: Any) -> Any:
        """``draw(composite(*args, **kwargs))`` for a strategy made by :func:`inlinable`, without
        building the strategy: its function called in a span of its own, as the draw would be."""
        function = composite.inline
        if self.fast:
            self.data.start_span(composite.span)
            try:
                return function(self, *args, **kwargs)
            finally:
                self.data.stop_span()
        return function(self, *args, **kwargs)

    def integer(self, low: int, high: int) -> int:
        """``draw(st.integers(low, high))``."""
        if self.fast:
            if high - low > 127:  # as st.integers weighs the bounds of a wide range
                return self.data.draw_integer(low, high, weights={low: 2 / 128, low + 1: 1 / 128, high - 1: 1 / 128,
                                                                  high: 2 / 128})
            return self.data.draw_integer(low, high)
        return self.draw(_integers(low, high))

    def boolean(self) -> bool:
        """``draw(st.booleans())``."""
        if self.fast:
            return self.data.draw_boolean()
        return self.draw(_BOOLEANS)

    def sample(self, elements: Sequence[T]) -> T:
        """``draw(st.sampled_from(elements))``: an index, or no choice when there is one element
        (``sampled_from`` of one element is ``just``)."""
        if len(elements) == 1:
            return elements[0]
        if self.fast and elements:
            return elements[self.data.draw_integer(0, len(elements) - 1)]
        return elements[self.draw(_indices(len(elements)))]

    def sample_in_span(self, elements: Sequence[T], span: int) -> T:
        """:meth:`sample` in a span labelled ``span``: Hypothesis's generator copies a span's choices
        onto another span of the same label (to make the same value appear at several points of an
        example), as it did when each choice was a strategy's draw in a span of its own."""
        if not self.fast:
            return self.sample(elements)
        self.data.start_span(span)
        try:
            return self.sample(elements)
        finally:
            self.data.stop_span()

    def sizes(self, min_size: int, max_size: int) -> Iterator[None]:
        """Iterates once per element of a list ``st.lists(..., min_size, max_size)`` would draw,
        each element in its own span (so the shrinker deletes elements whole)."""
        if not self.fast:
            yield from self._fallback_sizes(min_size, max_size)
            return
        elements = _many(self.data, min_size=min_size, max_size=max_size,
                         average_size=_average_size(min_size, max_size))
        if _OLD_MANY:
            while elements.more():
                yield None
            return
        with elements:  # the newer many: a context manager iterated once
            for _ in elements:
                yield None

    def _fallback_sizes(self, min_size: int, max_size: int) -> Iterator[None]:
        # Without the choice sequence, draw the list's length as st.lists would shape it: a list
        # of Nones, then iterate (same sizes, other choices; only for a Hypothesis without many).
        for _ in range(len(self.draw(st.lists(st.none(), min_size=min_size, max_size=max_size)))):
            yield None

    def unique_sample(self, elements: Sequence[T], min_size: int, max_size: int) -> list[T]:
        """``draw(st.lists(st.sampled_from(elements), min_size=..., max_size=..., unique=True))``
        (elements hashable and distinct)."""
        if not self.fast:
            return list(self.draw(_unique_lists(tuple(elements), min_size, max_size)))
        return self._unique(elements, min_size, max_size, None)

    def mapping(self, keys: Sequence[T], low: int, high: int, min_size: int, max_size: int) -> dict[T, int]:
        """``draw(st.dictionaries(st.sampled_from(keys), st.integers(low, high), min_size=..., max_size=...))``:
        the keys as a unique list, each followed by its value in a span (as the strategy draws them)."""
        if not self.fast:
            return self.draw(st.dictionaries(st.sampled_from(keys), st.integers(low, high), min_size=min_size,
                                             max_size=max_size))
        return dict(self._unique(keys, min_size, max_size, (low, high)))

    def _unique(self, elements: Sequence[Any], min_size: int, max_size: int, then: tuple[int, int] | None) -> list:
        if len(elements) == 1:  # sampled_from of one element is just(it): the strategy's own path
            if then is None:
                return list(self.draw(_unique_lists(tuple(elements), min_size, max_size)))
            return list(self.draw(st.dictionaries(st.just(elements[0]), st.integers(*then), min_size=min_size,
                                                  max_size=max_size)).items())
        max_size = min(max_size, len(elements))
        should_draw = _many(self.data, min_size=min_size, max_size=max_size,
                            average_size=_average_size(min_size, max_size))
        if not _OLD_MANY:
            return self._unique_in(should_draw, elements, then)
        remaining = list(elements)
        result: list[T] = []
        seen: set = set()
        while remaining and should_draw.more():
            value = remaining.pop(self.data.draw_integer(0, len(remaining) - 1))
            if value in seen:  # an element listed twice: drawn again, as the strategy does
                should_draw.reject("UniqueSampledListStrategy filter not satisfied or value already seen")
                continue
            seen.add(value)
            if then is not None:
                self.data.start_span(_SUFFIX)
                value = (value, self.integer(*then))
                self.data.stop_span()
            result.append(value)
        return result

    def _unique_in(self, should_draw: Any, elements: Sequence[Any], then: tuple[int, int] | None) -> list:
        """:meth:`_unique` with the newer ``many`` (a context manager), as its unique sampled lists
        draw: an index, the value unless seen (then rejected), its suffix, stopping when none is left."""
        remaining = list(elements)
        result: list[Any] = []
        seen: set = set()
        with should_draw:
            for _ in should_draw:
                value = remaining.pop(self.data.draw_integer(0, len(remaining) - 1))
                if value in seen:
                    should_draw.reject("UniqueSampledListStrategy filter not satisfied or value already seen")
                else:
                    seen.add(value)
                    if then is not None:
                        self.data.start_span(_SUFFIX)
                        value = (value, self.integer(*then))
                        self.data.stop_span()
                    result.append(value)
                if not remaining:
                    break
        return result

    def start(self, label: int) -> None:
        """Opens a span (pair with :meth:`stop`), the unit the shrinker works on."""
        if self.fast:
            self.data.start_span(label)

    def stop(self) -> None:
        if self.fast:
            self.data.stop_span()


@functools.lru_cache(maxsize=None)
def _unique_lists(elements: tuple, min_size: int, max_size: int) -> st.SearchStrategy[list]:
    return st.lists(st.sampled_from(elements), min_size=min_size, max_size=max_size, unique=True)


def inlinable(function: Any) -> Any:
    """``st.composite(function)``, whose draw can also be made without building a strategy:
    ``chooser.inline(strategy_function, *args)`` (:meth:`Chooser.inline`). The strategy of the same
    (hashable) arguments is built once and kept: a law draws its scenario through ``data.draw``
    in every example, and Hypothesis validates each new strategy object it is given."""
    composite = st.composite(function)
    built: dict[Any, st.SearchStrategy[Any]] = {}

    @functools.wraps(composite)
    def strategy(*args: Any, **kwargs: Any) -> st.SearchStrategy[Any]:
        if symbolic():  # arguments that may be symbolic: a key kept would meet the next test case's
            return composite(*args, **kwargs)
        try:
            key = _key((args, kwargs))
            return built[key]
        except TypeError:  # an argument that cannot be a key: built anew
            return composite(*args, **kwargs)
        except KeyError:
            if len(built) >= 256:
                built.clear()
            made = built[key] = composite(*args, **kwargs)
            return made

    strategy.inline = function  # type: ignore[attr-defined]
    strategy.span = _label(f"{function.__module__}.{function.__qualname__}")  # type: ignore[attr-defined]
    return strategy


def _key(value: Any) -> Any:
    """``value`` (arguments: lists, dicts, sets, numbers, words) as a key equal only to a key of
    equal arguments of the same kinds; ``TypeError`` for anything else."""
    kind = type(value)
    if kind in (str, int, bool, float, type(None)):
        return kind, value  # 1, 1.0 and True are equal keys, not equal arguments
    if kind in (list, tuple):
        return kind, tuple(_key(v) for v in value)
    if kind is dict:
        return kind, tuple((_key(k), _key(v)) for k, v in value.items())
    if kind in (frozenset, set):
        return kind, frozenset(_key(v) for v in value)
    raise TypeError(f"not a key: {kind.__name__}")


def _provider() -> Any:
    """The backend drawing the current test case's choices, or ``None`` outside a test."""
    from hypothesis.control import current_build_context, currently_in_test_context

    return current_build_context().data.provider if currently_in_test_context() else None


def symbolic() -> bool:
    """Whether the current test case's choices may be symbolic (a backend such as CrossHair's,
    which asks Hypothesis to avoid realising them): then nothing drawn may be kept from one test
    case to the next (a cache keyed by it, as Hypothesis's own caches avoid), since the next one's
    symbolic values would be compared with it outside the test case they belong to."""
    provider = _provider()
    return provider is not None and bool(getattr(provider, "avoid_realization", False))


def concrete(value: T) -> T:
    """``value`` with every symbolic part made concrete by the backend (its ``realize``), as plain
    values of the same shape; ``value`` itself under Hypothesis's own backend, whose choices are
    concrete already. Under a symbolic backend the test case's exploration ends there: what follows
    runs on these values (and a value it cannot make concrete discards the test case)."""
    return _provider().realize(value) if symbolic() else value


@contextlib.contextmanager
def untraced() -> Iterator[None]:
    """Run the block as plain Python, outside a symbolic backend's tracing (CrossHair's, which
    otherwise runs every call through its own slower versions of the builtins and of
    ``functools.lru_cache``, uncached): for code given only :func:`concrete` values, such as an
    engine running a scenario. Nothing under Hypothesis's own backend."""
    if not symbolic():
        yield
        return
    from crosshair import NoTracing
    from crosshair.tracers import is_tracing

    if not is_tracing():
        yield
        return
    with NoTracing():
        yield


def label(name: str) -> int:
    """A span label for a unit of generation named ``name``."""
    return _label(name)
