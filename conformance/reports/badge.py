"""``report --format badge``: one self-contained SVG badge per engine, ``mtg-conformance | 198/227 passed``.

Green when every result that ran passed, red when some failed or errored; grey when nothing ran.
No script, no external reference; every text is escaped. Widths are estimated from the text
(about 7 px a character at 11 px Verdana), as shields-style badges do without a font at hand.
"""

from __future__ import annotations

from html import escape

from conformance.results.stream import Run

LABEL = "mtg-conformance"
GREEN, RED, GREY, LABEL_COLOUR = "#2e7d32", "#c62828", "#757575", "#555"


def message(run: Run) -> str:
    totals = run.totals()
    ran = len(run.results) - totals["unsupported"]
    text = f"{totals['passed']}/{ran} passed"
    return text + (" (incomplete)" if not run.complete else "") + (f" (shard {run.header['shard']})"
                                                                  if run.partial_reason else "")


def colour(run: Run) -> str:
    totals = run.totals()
    if totals["failed"] or totals["errored"]:
        return RED
    return GREEN if totals["passed"] else GREY


def _width(text: str) -> int:
    return 10 + 7 * len(text)


def render(run: Run, label: str = LABEL) -> str:
    value = message(run)
    left, right = _width(label), _width(value)
    total = left + right
    title = f"{label}: {value} ({run.engine})"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="20" role="img" '
        f'aria-label="{escape(title, quote=True)}">'
        f"<title>{escape(title)}</title>"
        f'<rect width="{left}" height="20" fill="{LABEL_COLOUR}"/>'
        f'<rect x="{left}" width="{right}" height="20" fill="{colour(run)}"/>'
        '<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">'
        f'<text x="{left / 2:g}" y="14">{escape(label)}</text>'
        f'<text x="{left + right / 2:g}" y="14">{escape(value)}</text>'
        "</g></svg>\n"
    )
