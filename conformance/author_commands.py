"""Commands for an engine author looking closer than a run: ``explore`` (every example of the
differential properties, disagreements by value and refusals by reason: :mod:`conformance.laws.explore`),
``explain`` (one case on the engine and the reference engine, step by step: :mod:`conformance.explain_case`)
and ``features`` (the feature vocabulary, and what a case needing only some features may contain:
:mod:`conformance.format.contract`, :mod:`conformance.format.contract_text`). ``cli.py`` adds them to its parser (:func:`add_parsers`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def add_parsers(commands) -> dict[str, Callable[[argparse.Namespace], int]]:
    """Add the commands to ``commands`` (the CLI's subparsers); their functions, by name."""
    from conformance import explain_case
    from conformance.format import contract_text
    from conformance.laws import explore

    explore.add_parser(commands)
    explain_case.add_parser(commands)
    contract_text.add_parser(commands)
    return {"explore": explore.command, "explain": explain_case.command, "features": contract_text.command}
