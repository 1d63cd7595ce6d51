"""``-k EXPR`` outside a pytest run (``list -k``): the same expressions ``run -k`` takes, matched
the way pytest matches them (a name matches when EXPR's word is a case-insensitive substring of it;
``and``, ``or``, ``not`` and parentheses combine), against a case's id, cited rules, features and
file name, the names ``run -k`` sees for a case."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def matcher(expression: str) -> Callable[[Iterable[str]], bool]:
    """A test of a set of names against ``expression``; raises ``ValueError`` for a malformed one."""
    from _pytest.mark.expression import Expression

    try:
        compiled = Expression.compile(expression)
    except Exception as exc:  # ParseError (its name moved between pytest versions)
        raise ValueError(f"not a -k expression: {exc}") from None

    def matches(names: Iterable[str]) -> bool:
        lowered = [name.lower() for name in names]

        def has(word: str, /, **kwargs) -> bool:
            return any(word.lower() in name for name in lowered)

        return compiled.evaluate(has)

    return matches
