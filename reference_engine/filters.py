"""Which objects a filter matches, and the value of an expression (a characteristic-defining
ability's, a static ability's or a resolving effect's)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from conformance.errors import Unsupported
from conformance.format.model import MANA_VALUE, STARTING_LIFE, X, CardTypes, Count, Expression, Filter, Life, Sum
from conformance.format.model import Difference, Greatest, Half, Negative, Twice
from reference_engine.arithmetic import Arithmetic
from conformance.format.subtypes import CREATURE_TYPES
from reference_engine.objects import GameObject

if TYPE_CHECKING:
    from reference_engine.characteristics import Characteristics


def relation_holds(relation: str | None, player: str | None, you: str, chosen: str | None = None) -> bool:
    """``you`` / ``opponent`` relative to ``you``, ``chosen`` (the player chosen as the ability's
    object entered, CR 208.2a: none, off the battlefield), or a named player."""
    if relation is None:
        return True
    if player is None:
        return False
    if relation == "you":
        return player == you
    if relation == "opponent":
        return player != you
    if relation == "chosen":
        return chosen is not None and player == chosen
    return player == relation


def matches(f: Filter, obj: GameObject, *, you: str, source: GameObject | None = None,
            chars: Characteristics | None = None, chosen: str | None = None) -> bool:
    """Whether ``obj`` has every property the filter asks for, judged on ``chars``, its
    characteristics at this point of the layers (CR 613); without them, on its printed card.
    No filter looks at power or toughness, so matching never needs layer 7."""
    if chars is None:
        card, zone, controller = obj.card, obj.zone, obj.controller
        types, subtypes, colors, every_type = card.types, card.subtypes, card.colors, False
    else:
        values = chars.values
        zone, controller = chars.zone, chars.controller
        # 205.3d: only the subtypes that correspond to its card types at this point; every creature
        # type (702.73a) only if it is a creature or a kindred.
        types, colors = values.types, values.colors
        subtypes, every_type = values.has_subtypes, values.has_every_creature_type
    # The cheapest tests first: most objects fail on their zone; an empty list asks for nothing.
    if zone != f.zone and (type(f.zone) is str or zone not in f.zone):
        return False
    if f.types and not all(t in types for t in f.types):
        return False
    if f.not_types and any(t in types for t in f.not_types):
        return False
    if f.subtypes and not all(s in subtypes or (every_type and s in CREATURE_TYPES) for s in f.subtypes):
        return False  # 702.73a: an object with every creature type is each of those of 205.3m
    if f.colors and not any(c in colors for c in f.colors):
        return False
    if f.chosen_type:  # "of the chosen type" read where no type was chosen (chosen.py): nothing
        return False
    return (
        relation_holds(f.controller, controller, you, chosen)
        and relation_holds(f.owner, obj.owner, you, chosen)
        and not (f.other and source is not None and obj.ref == source.ref)
        and not (f.itself and (source is None or obj.ref != source.ref))
        # "enchanted" / "equipped": what the ability's object is attached to (303.4b, 301.5a; issue 40)
        and not (f.attached and (source is None or obj.ref != source.attached_to))
    )


def mana_value(mana_cost: str | None) -> int:
    """The mana value of a mana cost (CR 202.3): the generic amount plus one per other symbol; X is
    0 (202.3e); no mana cost is 0.

    >>> mana_value("{2}{B}{B}"), mana_value("{X}{R}"), mana_value(None)
    (4, 1, 0)
    """
    if not mana_cost:
        return 0
    total = 0
    for symbol in mana_cost.strip("{}").split("}{"):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol != "X":
            total += 2 if symbol.startswith("2/") else 1
    return total


_REITERABLE = (list, tuple, type({}.values()))


def evaluate(expr: Expression, objects: Iterable[GameObject], *, source: GameObject | None, board: Any = None,
             game: Any = None, subject: Characteristics | None = None, chosen: str | None = None,
             you: str | None = None, power_toughness: Callable[[GameObject], Any] | None = None) -> int:
    """The number an expression of ``source``'s ability stands for (CR 208.2a, 604.3). Filters
    are judged on the characteristics in ``board`` (layers 1-6), ``mana_value`` on ``subject``
    (the object whose characteristic is being determined), life totals in ``game``, the greatest
    power or toughness with ``power_toughness`` (an object's, after layer 7: given only where an
    effect resolves, 608.2h). A number that can't be determined, such as a count about the chosen
    player where none was chosen, is 0 (208.2a)."""
    if isinstance(expr, int):
        return expr
    if type(objects) not in _REITERABLE:  # iterated once per term
        objects = list(objects)
    if you is None and source is not None:  # "you": the controller of the ability (its owner off the battlefield)
        you = source.controller or source.owner
        if board is not None and source.id in board.chars:
            you = board.chars[source.id].controller or source.owner
    return _value(expr, _Reading(objects, source, board, game, subject, chosen, you, power_toughness))


def evaluate_modification(expr: Expression, objects: Iterable[GameObject], **context: Any) -> int:
    """The amount of a P/T modification ("gets +X/+Y", 613.4c) an expression gives: a leading
    ``negative`` is the printed minus of "-X/-X"; a calculated X that would be negative is 0
    (107.1b, :meth:`reference_engine.arithmetic.Arithmetic.modification`)."""
    negated = isinstance(expr, Negative)
    quantity = expr.of if isinstance(expr, Negative) else expr
    rules = getattr(context.get("game"), "arithmetic", Arithmetic)
    return rules.modification(evaluate(quantity, objects, **context), calculated=not isinstance(quantity, int),
                              negated=negated)


class _Reading(NamedTuple):
    """What :func:`evaluate` reads an expression with."""

    objects: Iterable[GameObject]
    source: GameObject | None
    board: Any
    game: Any
    subject: Characteristics | None
    chosen: str | None
    you: str | None
    power_toughness: Callable[[GameObject], Any] | None


def _value(expr: Expression, reading: _Reading) -> int:
    if isinstance(expr, int):
        return expr
    if isinstance(expr, Sum):
        return sum([_value(term, reading) for term in expr.terms])
    if isinstance(expr, Count):
        return len(_matching(expr.filter, reading))
    if isinstance(expr, CardTypes):  # 205.2a: card types among the matching objects
        board, types = reading.board, set()
        for o in _matching(expr.filter, reading):
            types.update(board.chars[o.id].values.types if board is not None else o.card.types)
        return len(types)
    if isinstance(expr, Life):
        player = {"you": reading.you, "chosen": reading.chosen}.get(expr.player, expr.player)
        if player is None:
            return 0  # 208.2a: no chosen player
        states = getattr(reading.game, "player_states", None) or {}
        return states[player].life if player in states else STARTING_LIFE
    if isinstance(expr, (Half, Twice, Negative, Difference, Greatest)):
        return _arithmetic(expr, reading)
    if expr == MANA_VALUE:
        return mana_value(reading.subject.values.mana_cost) if reading.subject is not None else 0
    if expr == X:  # resolved effects have X replaced by its value; anywhere else it is 0 (107.3)
        return 0
    return expr


def _arithmetic(expr: Expression, reading: _Reading) -> int:
    """Half (107.1a), twice, minus, a difference, the greatest value among objects (107.1b), by the
    game's :class:`~reference_engine.arithmetic.Arithmetic`."""
    rules = getattr(reading.game, "arithmetic", Arithmetic)
    if isinstance(expr, Half):
        return rules.half(_value(expr.of, reading), expr.round)
    if isinstance(expr, Twice):
        return rules.twice(_value(expr.of, reading))
    if isinstance(expr, Negative):
        return -_value(expr.of, reading)
    if isinstance(expr, Difference):
        return rules.difference(_value(expr.minuend, reading), _value(expr.subtrahend, reading))
    return rules.greatest(_compared(expr, reading, rules))  # type: ignore[arg-type]


def _compared(expr: Greatest, reading: _Reading, rules: type[Arithmetic]) -> list[int | None]:
    """The values "the greatest ... among" compares: the mana values of layers 1-6 (202.3, 707.2),
    or the power or toughness each matching object has now; a noncreature permanent has none
    (208.3)."""
    found = _matching(expr.filter, reading)
    if expr.of == "mana_value":
        board = reading.board
        return [mana_value(board.chars[o.id].values.mana_cost if board is not None else o.card.mana_cost)
                for o in found]
    if reading.power_toughness is None:  # the loader allows it only where an effect resolves (608.2h)
        raise Unsupported(f"the greatest {expr.of} among objects outside an effect that resolves (CR 608.2h)")
    if any(o.zone != "battlefield" for o in found):
        raise Unsupported(f"the greatest {expr.of} among objects off the battlefield (CR 208.3)")
    return [rules.compared(expr.of, o, reading.power_toughness) for o in found]


def _matching(f: Filter, reading: _Reading) -> list[GameObject]:
    """The objects ``f`` matches, judged once per board (layers 1-6 of every object) for the same
    question."""
    objects, source, board, you, chosen = reading.objects, reading.source, reading.board, reading.you, reading.chosen
    if board is None:
        return [o for o in objects if matches(f, o, you=you, source=source, chosen=chosen)]
    key = ("matching", f, you, chosen, source.ref if source is not None and (f.other or f.itself or f.attached) else None)
    found = board.memo.get(key)
    if found is None:
        chars = board.chars
        found = board.memo[key] = [o for o in objects if matches(f, o, you=you, source=source, chosen=chosen,
                                                                 chars=chars[o.id])]
    return found
