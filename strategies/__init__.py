"""Hypothesis strategies that generate random boards and effect stacks (public API).

This package is reserved for the strategies of the property suite; the first strategies arrive
with the strategies issue. Nothing is exported yet.
"""

__all__: list[str] = []
