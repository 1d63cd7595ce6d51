"""What the property suite's generated examples reach: ``mtg-conformance coverage``.

For a profile, every property runs (against the reference engine unless told otherwise) while
each example's scenarios are read: which format elements they use (:mod:`conformance.format.elements`,
from the schema) and which rules they exercise (:mod:`conformance.results.exercised`, from their content,
never the rules a property cites). An element or rule counts once per example that uses it; its
share is of the examples of one property, and the table shows the property that reaches it most.

Two kinds of element are left out of "every element is reached": those the loader refuses as not
modelled (:data:`conformance.format.modelled.REFUSED_ELEMENTS`), and case metadata no engine decides
anything by (:data:`METADATA`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from conformance.format import elements as format_elements
from conformance.format.elements import Element

METADATA: frozenset[Element] = frozenset({
    ("source", "example"),  # which CR example a golden case transcribes
    ("expect", "label"),  # a checkpoint's name in reports
})
"""Elements that only describe a case to its readers."""


@dataclass(frozen=True)
class PropertyReach:
    """One property's examples and, per element and per rule, how many of them used it."""

    id: str
    status: str
    examples: int
    elements: Counter
    rules: Counter
    interactions: Counter = field(default_factory=Counter)

    def share(self, count: int) -> float:
        return count / self.examples if self.examples else 0.0


@dataclass(frozen=True)
class Coverage:
    profile: str
    engine: str
    properties: tuple[PropertyReach, ...]

    def best(self, what: str, key) -> tuple[float, str | None]:
        """The largest share of one property's examples using ``key`` (an element or a rule)."""
        shares = [(p.share(getattr(p, what)[key]), p.id) for p in self.properties if getattr(p, what)[key]]
        return max(shares, default=(0.0, None))

    def expected_elements(self) -> list[Element]:
        from conformance.format.modelled import REFUSED_ELEMENTS

        return sorted(format_elements.schema_elements() - REFUSED_ELEMENTS - METADATA)

    def below(self, minimum: float) -> list[tuple[Element, float]]:
        """The elements no property reaches in at least ``minimum`` of its examples."""
        shares = [(element, self.best("elements", element)[0]) for element in self.expected_elements()]
        return [(element, share) for element, share in shares if share < minimum]

    def interactions_below(self, minimum: float) -> list[tuple[str, float]]:
        """The declared interactions (:mod:`conformance.laws.interactions`) no property's examples
        meet in at least ``minimum`` of them."""
        from conformance.laws.interactions import table

        shares = [(row.id, self.best("interactions", row.id)[0]) for row in table()]
        return [(row, share) for row, share in shares if share < minimum]

    def rules(self) -> list[str]:
        from conformance.reports.text import rule_key

        return sorted({rule for p in self.properties for rule in p.rules}, key=rule_key)


def measure(*, profile: str = "ci", engine=None, only: Iterable[str] | None = None, progress=None) -> Coverage:
    """Run the property suite (or the properties whose id is in ``only``) under ``profile``,
    reading every example's scenarios; ``progress`` (a :class:`conformance.pytest_progress.SuiteProgress`)
    is told as each property starts and ends."""
    from conformance.laws import profiles
    from conformance.engines.interface import describe
    from conformance.laws.catalogue import all_properties
    from conformance.laws.runner import run_property
    from reference_engine import ReferenceEngine

    engine = engine or ReferenceEngine()
    info = describe(engine)
    chosen = set(only) if only is not None else None
    reached = []
    suite = [prop for prop in all_properties() if chosen is None or prop.id in chosen]
    for index, prop in enumerate(suite, 1):
        line = progress.start(index, len(suite), prop.id) if progress is not None else None
        try:
            run = run_property(prop, engine, info, profile=profiles.get(profile), count_elements=True, progress=line)
        finally:
            if progress is not None:
                progress.end()
        if progress is not None:
            progress.ended(index, len(suite), prop.id, run)
        elements = Counter({e: n for e, n in run.elements.items() if e[0] != "interaction"})
        interactions = Counter({e[1]: n for e, n in run.elements.items() if e[0] == "interaction"})
        reached.append(PropertyReach(prop.id, run.status, run.examples, elements, Counter(run.statistics), interactions))
    return Coverage(profile, str(info), tuple(reached))


def render_pairs(coverage: Coverage, *, minimum: float = 0.01) -> str:
    """The interactions table: per declared interaction, the largest share of one property's
    examples in which its elements meet on one event (``coverage --pairs``)."""
    from conformance.laws.interactions import table

    lines = [f"Generated examples on {coverage.engine}, profile {coverage.profile}", "",
             "Interactions: the largest share of one property's examples meeting each on one event "
             "(conformance/data/interactions.yaml)"]
    rows = []
    for row in table():
        share, prop = coverage.best("interactions", row.id)
        rows.append((row.id, " + ".join(row.facets), _percent(share), prop or "-",
                     "" if share >= minimum else f"below {_percent(minimum)}"))
    lines += _table(("interaction", "meeting on one event", "share", "property", ""), rows)
    below = coverage.interactions_below(minimum)
    lines += ["", f"{len(rows) - len(below)} of {len(rows)} interactions reached in at least {_percent(minimum)} of "
                  f"some property's examples" + (f"; not: {', '.join(r for r, _ in below)}" if below else "")]
    return "\n".join(lines)


def render(coverage: Coverage, *, minimum: float = 0.01) -> str:
    """The coverage tables: per property, its examples; per element and per rule, the best share."""
    lines = [f"Generated examples on {coverage.engine}, profile {coverage.profile}", ""]
    lines += _table(("property", "status", "examples", "elements", "rules"),
                    [(p.id, p.status, str(p.examples), str(len(p.elements)), str(len(p.rules)))
                     for p in coverage.properties])
    lines += ["", "Format elements: the largest share of one property's examples using each"]
    rows = []
    for element in coverage.expected_elements():
        share, prop = coverage.best("elements", element)
        rows.append((format_elements.label(element), _percent(share), prop or "-",
                     "" if share >= minimum else f"below {_percent(minimum)}"))
    lines += _table(("element", "share", "property", ""), rows)
    below = coverage.below(minimum)
    lines += ["", f"{len(rows) - len(below)} of {len(rows)} elements reached in at least {_percent(minimum)} of some "
                  f"property's examples" + (f"; not: {', '.join(format_elements.label(e) for e, _ in below)}" if below else "")]
    lines += ["", "Rules: examples exercising each (from their content), over every property, and the largest share"]
    total = Counter()
    for p in coverage.properties:
        total.update(p.rules)
    lines += _table(("rule", "examples", "share", "property"),
                    [(rule, str(total[rule]), _percent(coverage.best("rules", rule)[0]), coverage.best("rules", rule)[1] or "-")
                     for rule in coverage.rules()])
    return "\n".join(lines)


def _percent(share: float) -> str:
    return f"{100 * share:.1f}%"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns of numbers (and percentages) right-aligned, of words left-aligned."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    numeric = [all(r[i].rstrip("%").replace(".", "").isdigit() for r in rows) and bool(rows) for i in range(len(header))]

    def line(cells) -> str:
        return "  ".join(c.rjust(w) if n else c.ljust(w) for c, w, n in zip(cells, widths, numeric)).rstrip()

    return [line(header), "-" * sum(widths) + "-" * 2 * (len(widths) - 1), *(line(r) for r in rows)]
