"""conformance.format.frozen: slotted frozen dataclasses made by a quicker __init__, otherwise the
dataclass's own in every respect."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import field

import pytest

from conformance.format import abilities, case, expressions, players, steps
from conformance.format import objects as format_objects
from conformance.format.frozen import frozen
from reference_engine import (becomes, characteristics, copy, damage, layer_7, layers_1_to_6, objects, prevention,
                              replacement)


def twins():
    """The same fields as a @frozen class and as a plain frozen dataclass."""

    def body():
        class Base:
            a: int
            b: str = "b"
            c: list = field(default_factory=list)
            d: int = field(default=4, compare=False)
            e: tuple = field(default=(), init=False)
            f: dict = field(default_factory=dict, init=False, repr=False)
        return Base

    return frozen(body()), dataclasses.dataclass(frozen=True)(body())


def test_an_instance_has_the_fields_the_dataclass_would_give_it():
    fast, plain = twins()
    for args, kwargs in [((1,), {}), ((1, "x"), {"c": [2]}), ((), {"a": 1, "d": 9})]:
        made, expected = fast(*args, **kwargs), plain(*args, **kwargs)
        assert dataclasses.astuple(made) == dataclasses.astuple(expected)
        assert repr(made).split("(", 1)[1] == repr(expected).split("(", 1)[1]
    assert fast(1).c is not fast(1).c  # a default factory is called for each instance
    assert fast(1).f == {} and fast(1).e == ()


def test_the_signature_and_its_errors_are_the_dataclasses():
    fast, plain = twins()
    assert str(inspect.signature(fast)) == str(inspect.signature(plain)).replace(
        "<factory>", repr(inspect.signature(fast).parameters["c"].default))
    with pytest.raises(TypeError):
        fast()
    with pytest.raises(TypeError):
        fast(1, e=2)  # not an init field
    with pytest.raises(TypeError):
        fast(1, "b", [], 4, 5)


@frozen
class Point:
    x: int
    y: int = 0


def test_it_is_frozen_slotted_hashable_and_picklable():
    fast, _ = twins()
    p = Point(1, 2)
    assert "_set_x" in Point.__init__.__code__.co_names  # made by the slots' setters, not the dataclass's
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3  # type: ignore[misc]
    assert not hasattr(p, "__dict__")
    assert p == Point(1, 2) and hash(p) == hash(Point(1, 2)) and p != Point(2, 1)
    assert pickle.loads(pickle.dumps(p)) == p
    assert dataclasses.replace(p, y=5) == Point(1, 5)
    assert fast(1) == fast(1, d=99)  # a field left out of comparison stays out


def test_keyword_only_fields_and_inherited_ones():
    @frozen(kw_only=True)
    class Parent:
        who: str
        until: str = "end_of_turn"

    @frozen(kw_only=True)
    class Child(Parent):
        amount: int

    child = Child(who="Alex", amount=2)
    assert (child.who, child.until, child.amount) == ("Alex", "end_of_turn", 2)
    with pytest.raises(TypeError):
        Child("Alex", 2)  # type: ignore[misc]
    assert list(inspect.signature(Child).parameters) == ["who", "until", "amount"]


def test_a_class_with_post_init_keeps_the_dataclass_init():
    @frozen
    class Checked:
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("negative")

    assert Checked(1).n == 1
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)


FROZEN_MODULES = [expressions, abilities, format_objects, steps, players, case, becomes, characteristics, copy, damage, layers_1_to_6, layer_7, objects, prevention,
                  replacement]


@pytest.mark.parametrize("module", FROZEN_MODULES, ids=lambda m: m.__name__)
def test_every_frozen_class_of_the_format_and_the_engine_takes_what_its_fields_say(module):
    """Each frozen dataclass of the scenario format and the reference engine is slotted, and its
    __init__ takes its init fields, keyword-only ones after a star, with their defaults."""
    classes = [c for c in vars(module).values()
               if isinstance(c, type) and c.__module__ == module.__name__ and dataclasses.is_dataclass(c)
               and c.__dataclass_params__.frozen]
    assert classes
    for cls in classes:
        assert "__slots__" in cls.__dict__, cls
        fields = [f for f in dataclasses.fields(cls) if f.init]
        parameters = list(inspect.signature(cls).parameters.values())
        assert [p.name for p in parameters] == [f.name for f in fields if not f.kw_only] + [
            f.name for f in fields if f.kw_only], cls
        for f, p in zip(sorted(fields, key=lambda f: f.kw_only), parameters):
            assert (p.kind is p.KEYWORD_ONLY) == f.kw_only, (cls, f.name)
            if f.default is not dataclasses.MISSING:
                assert p.default is f.default, (cls, f.name)
            elif f.default_factory is dataclasses.MISSING:
                assert p.default is p.empty, (cls, f.name)



def test_a_class_with_an_init_only_variable_keeps_the_dataclass_init():
    @frozen
    class Scaled:
        n: int
        factor: dataclasses.InitVar[int] = 1

    assert Scaled(2).n == 2 and Scaled(2, 3).n == 2
    assert list(inspect.signature(Scaled).parameters) == ["n", "factor"]
