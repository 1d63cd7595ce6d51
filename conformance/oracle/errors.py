"""The one exception of :mod:`conformance.oracle`."""

from __future__ import annotations


class NoOracleWording(ValueError):
    """Raised for a part of the suite's format that has no faithful English Oracle wording here.

    ``what`` names the part ("a static ability switching power and toughness", "the filter
    {...}"): the message is ``"no Oracle wording for <what>"`` plus, when given, why. A renderer
    never guesses: whatever it cannot word exactly as the rules mean it raises this.
    """

    def __init__(self, what: str, why: str = "") -> None:
        self.what = what
        self.why = why
        super().__init__(f"no Oracle wording for {what}" + (f" ({why})" if why else ""))
