"""Moved: ``mtg-conformance explore`` (conformance/laws/explore.py), installed with the package.
``python -m benchmarks.explore ARGS`` runs ``mtg-conformance explore ARGS``; the names below are kept
for code that imported them from here."""

from __future__ import annotations

import sys

from conformance.laws.explore import EXAMPLES, SEEDS, Tally, differential_properties, explore, report, save  # noqa: F401


def main(argv: list[str] | None = None) -> int:
    from conformance.cli import main as cli

    return cli(["explore", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
