"""The strategies make their plain choices through strategies._internal.drawing.Chooser (issue 22:
generation speed) instead of drawing st.integers, st.sampled_from, st.booleans, st.lists and
st.dictionaries: on the same choice sequence each of its calls must give what the strategy call it
replaces gives, so that the scenarios' distribution and shrinking are those of the strategy calls."""

from __future__ import annotations

import random

import pytest
from hypothesis import strategies as st
from hypothesis.control import BuildContext
from hypothesis.errors import StopTest
from hypothesis.internal.conjecture.data import ConjectureData

from strategies._internal.drawing import Chooser

KEYWORDS = ("flying", "trample", "reach", "haste", "lifelink", "lifelink")  # one listed twice, as _keywords does


def _with_chooser(draw):
    c = Chooser(draw)
    assert c.fast, "the fast path is not taken: Hypothesis no longer hands its ConjectureData's draw"
    return [c.integer(0, 9), c.integer(-4, 4), c.integer(0, 300), c.boolean(), c.sample(("Alex", "Blair")),
            c.sample(["only"]), c.sample(KEYWORDS), [c.integer(1, 6) for _ in c.sizes(0, 4)],
            [c.sample("WUBRG") for _ in c.sizes(2, 2)], c.unique_sample(KEYWORDS, 1, 3),
            c.unique_sample(("2/2", "4/1", "1/4"), 0, 2), c.mapping(("W", "U", "B", "R"), 1, 3, 1, 3)]


def _with_strategies(draw):
    return [draw(st.integers(0, 9)), draw(st.integers(-4, 4)), draw(st.integers(0, 300)), draw(st.booleans()),
            draw(st.sampled_from(("Alex", "Blair"))), draw(st.sampled_from(["only"])), draw(st.sampled_from(KEYWORDS)),
            draw(st.lists(st.integers(1, 6), max_size=4)), draw(st.lists(st.sampled_from("WUBRG"), min_size=2, max_size=2)),
            draw(st.lists(st.sampled_from(KEYWORDS), min_size=1, max_size=3, unique=True)),
            draw(st.lists(st.sampled_from(("2/2", "4/1", "1/4")), max_size=2, unique=True)),
            draw(st.dictionaries(st.sampled_from(("W", "U", "B", "R")), st.integers(1, 3), min_size=1, max_size=3))]


def _draw(strategy, data):
    with BuildContext(data, wrapped_test=None):
        return data.draw(strategy)


@pytest.mark.parametrize("seed", range(200))
def test_a_chooser_gives_what_the_strategies_it_replaces_give_on_the_same_choices(seed):
    data = ConjectureData(random=random.Random(seed))
    try:
        chosen = _draw(st.composite(_with_chooser)(), data)
    except StopTest:
        pytest.skip("overrun")
    replayed = ConjectureData.for_choices(data.choices)
    assert _draw(st.composite(_with_strategies)(), replayed) == chosen
    assert len(replayed.choices) == len(data.choices)  # and it made as many choices


def test_without_the_conjecture_data_a_chooser_draws_the_strategies_themselves():
    values = []

    def draw(strategy):  # a draw that is not a bound method of a ConjectureData
        values.append(strategy)
        text = repr(strategy)
        return True if text == "booleans()" else 3 if "max_value=9" in text else 0
    c = Chooser(draw)
    assert not c.fast
    assert (c.integer(0, 9), c.boolean(), c.sample(("a", "b", "c"))) == (3, True, "a")
    assert len(values) == 3  # each a strategy drawn through draw


def test_a_strategy_of_the_same_arguments_is_built_once():
    """A law draws its scenario strategy in every example through ``data.draw``, which validates
    each new strategy object (issue 22): the strategies of the same arguments are one object; of
    arguments that are equal but not the same (1 and True), or that cannot be a key, they are not."""
    from strategies._internal.drawing import inlinable

    @inlinable
    def numbers(draw, low, *, high=9, extra=None):
        return draw(st.integers(low, high))

    assert numbers(1, high=5) is numbers(1, high=5)
    assert numbers(1, high=5) is not numbers(True, high=5) and numbers(1) is not numbers(1.0)
    assert numbers(0, extra=[1, 2]) is numbers(0, extra=[1, 2]) and numbers(0, extra=[1, 2]) is not numbers(0, extra=(1, 2))
    assert numbers(0, extra=object()) is not numbers(0, extra=object())  # not a key: built anew, and still works
    assert repr(numbers(1, high=5)) == "numbers(1, high=5)"
    data = ConjectureData.for_choices([3])
    assert _draw(numbers(1, high=5), data) == 3
    assert numbers.inline is not None and isinstance(numbers.span, int)
