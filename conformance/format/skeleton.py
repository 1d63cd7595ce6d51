"""``mtg-conformance new RULE/slug``: the skeleton of a golden case, as a case file ``check`` accepts.

Rule numbers and the CR date are written in double quotes (docs/format.md, "Portable case files"),
as every golden file writes them. The skeleton is a placeholder to be worked by hand from the CR
(docs/contributing.md): a 2/2 creature and a checkpoint of its printed values.
"""

from __future__ import annotations

import re
from pathlib import Path

from conformance import CR_VERSION
from conformance.errors import CaseFileError

ID = re.compile(r"(?P<rule>[1-9][0-9]{2}(?:\.[0-9]+[a-z]?)?)/(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)")


class SkeletonError(ValueError):
    """A case id that cannot name a golden case."""


def parse(case_id: str) -> tuple[str, str]:
    match = ID.fullmatch(case_id)
    if not match:
        raise SkeletonError("a case id is RULE/slug: a CR rule number, a slash, then lower-case words joined "
                            "by hyphens (e.g. 613.4b/my-new-case)")
    return match["rule"], match["slug"]


def skeleton_path(case_id: str) -> Path:
    rule, slug = parse(case_id)
    return Path(f"{rule}-{slug}.yaml")


PLACEHOLDER = "TODO:"
"""How the skeleton's summary begins until it is worked by hand: ``check`` warns of it."""


def placeholders(cases) -> list[CaseFileError]:
    """``check``'s warnings for cases whose summary is still the skeleton's placeholder (it loads, and
    a case that says nothing of its working is no golden case: docs/contributing.md)."""
    return [CaseFileError(str(case.file), f"warning: the summary still begins {PLACEHOLDER!r}, the skeleton's "
                          "placeholder: write the situation and the working, in your own words",
                          line=case.line, case=case.id, field="summary")
            for case in cases if case.summary.lstrip().startswith(PLACEHOLDER)]


def skeleton(case_id: str, cr: str = CR_VERSION) -> str:
    """The case file text of a skeleton case ``case_id``."""
    rule, _ = parse(case_id)
    return f"""\
# A golden case: worked by hand from the Comprehensive Rules (docs/contributing.md).
# Replace the placeholder objects and steps, show your working in the summary, in your own words,
# then: mtg-conformance check THIS-FILE && mtg-conformance run --no-properties --cases THIS-FILE
format: 1
cr: "{cr}"
cases:
  - id: {case_id}
    rules: ["{rule}"]   # every rule the case checks, the id's rule among them
    source: {{rule: "{rule}"}}   # or {{rule: "{rule}", example: 1}} for the CR's first example under it
    summary: >-
      {PLACEHOLDER} the situation, then the working: each effect, its layer and timestamp, and the values
      that follow, step by step, in your own words.
    players: [Alex]
    objects:
      bear: {{card: {{name: Grizzly Bears, types: [creature], subtypes: [Bear], colors: [G], power: 2, toughness: 2}}}}
    steps:
      - expect: {{label: "printed 2/2", objects: {{bear: {{power: 2, toughness: 2}}}}}}
"""
