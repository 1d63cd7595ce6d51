"""``mtg-conformance features``: the feature contract (:mod:`conformance.format.contract`) read per
feature, as text, as a page (docs/features.md) or as JSON: what a case needing only one feature (and
those it implies) may contain beyond what any case may, and what comes only with more features."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any

from conformance.format.contract import contract, sections


SECTIONS = ("steps", "abilities", "changes", "objects", "checkpoints", "players")


def _closure(feature: str) -> set[str]:
    """``feature`` and what it implies, transitively (an engine declaring it declares those too)."""
    from conformance.format.features import IMPLIED

    found, todo = set(), [feature]
    while todo:
        current = todo.pop()
        if current not in found:
            found.add(current)
            todo.extend(IMPLIED.get(current, ()))
    return found


def per_feature(data: dict[str, Any] | None = None) -> dict[str, Any]:
    """The contract read per feature: ``any`` (what any case may contain), then for each feature in the
    vocabulary's order, the elements a case needing only it (and what it implies) may contain beyond
    ``any`` (``alone``), and those it may contain with more features (``with``: the further features,
    joined with ``+``, to the elements)."""
    from conformance.format.features import FEATURES

    data = data or contract()
    found: dict[str, Any] = {"any": sorted(label for label, sets in data["elements"].items() if [] in sets),
                             "features": {}}
    for feature in FEATURES:
        closure = _closure(feature)
        alone, more = [], {}
        for label, sets in data["elements"].items():
            if [] in sets:
                continue
            if any(feature in s and set(s) <= closure for s in sets):
                alone.append(label)
                continue
            for s in sets:
                if feature in s:
                    more.setdefault("+".join(sorted(set(s) - closure)), []).append(label)
        found["features"][feature] = {"alone": sorted(alone), "with": {k: sorted(v) for k, v in sorted(more.items())}}
    return found


def _parts(label: str) -> tuple[str, str, str]:
    for separator in ("=", "."):
        if separator in label:
            where, key = label.split(separator, 1)
            return where, separator, key
    return label, "", ""


def grouped(labels: Iterable[str]) -> dict[str, str]:
    """``labels`` as text, by section: ``set_pt · become: power, toughness · effect_to_each``."""
    out: dict[str, list[str]] = {}
    by_section: dict[str, list[str]] = {}
    for label in labels:
        by_section.setdefault(sections().get(_parts(label)[0], "parts"), []).append(label)
    for section in [*SECTIONS, "parts"]:
        kinds, keys = [], {}
        for label in sorted(by_section.get(section, ())):
            where, separator, key = _parts(label)
            if where in ("step", "ability") and separator == ".":
                kinds.append(key)
            elif separator:
                keys.setdefault(where, []).append(key if separator == "." else f"={key}")
            else:
                kinds.append(where)
        items = kinds + [f"{where}: {', '.join(values)}" for where, values in keys.items()]
        if items:
            out[section] = " · ".join(items)
    return out


def render_text() -> str:
    """``mtg-conformance features``: the vocabulary, and per feature what a case needing only it may contain."""
    from conformance.format.features import FEATURES

    view, data = per_feature(), contract()
    lines = ["Features: declare in describe() those your engine supports (docs/engines.md#features). A case is sent",
             "to an engine only when it needs no other feature. Under each feature, what a case needing only it (and",
             "the features it implies) may contain beyond what any case may, then with which more features the rest",
             "comes; generated from the case schema and the feature derivation (conformance/format/contract.py).",
             "", "any case, whatever the engine declares:"]
    lines += [f"    {section}: {text}" for section, text in grouped(view["any"]).items()]
    width = max(map(len, FEATURES))
    for feature, description in FEATURES.items():
        entry = view["features"][feature]
        implied = sorted(_closure(feature) - {feature})
        lines += ["", f"{feature.ljust(width)}  {description}" + (f" (implies {', '.join(implied)})" if implied else "")]
        lines += [f"    {section}: {text}" for section, text in grouped(entry["alone"]).items()]
        for others, labels in entry["with"].items():
            lines.append(f"    with {others}: " + " | ".join(f"{section}: {text}" for section, text in grouped(labels).items()))
    if data.get("refused"):
        lines += ["", "never sent (the loader refuses them as not modelled): " + ", ".join(data["refused"])]
    return "\n".join(lines) + "\n"


def render_markdown() -> str:
    """docs/features.md: the same, as a page."""
    from conformance.format.features import FEATURES, RULES

    view, data = per_feature(), contract()
    lines = ["# Features: what a case needing each may contain", "",
             "<!-- Generated by `mtg-conformance features --format markdown > docs/features.md` from",
             "     conformance/data/feature-contract.json (python -m conformance.format.contract); do not edit by hand. -->",
             "",
             "An engine declares the features it supports (`describe()`, [engines.md](engines.md#features)); a case is",
             "sent to it only when the case needs no other feature, the features being derived from the case's",
             "content (`conformance/format/features.py`). Below, for each feature, what a case needing only that",
             "feature (and those it implies) may contain beyond what any case may; then, under **with**, what",
             "comes only with more features. Elements are named as the schema names them: a step or ability kind",
             "(`set_pt`), a key of one (`become: power`), a value (`ability_keyword: =flying`); the keys every",
             "effect step shares are `effect_to`, `effect_to_each`, `effect_id`, `effect_controller`,",
             "`effect_until`. Generated from the case schema and the derivation, over cases that use each element",
             "(`conformance/format/contract.py`), so it cannot drift from them; the parts inside steps and",
             "abilities (filters, expressions, copy exceptions, choices, events) come with what holds them.",
             "", "## Any case", "", "Whatever the engine declares, a case may contain:", ""]
    lines += [f"- {section}: {text}" for section, text in grouped(view["any"]).items()]
    for feature, description in FEATURES.items():
        entry = view["features"][feature]
        implied = sorted(_closure(feature) - {feature})
        lines += ["", f"## {feature}", "", f"{description}. Rules: {', '.join(RULES.get(feature, ()))}."
                  + (f" Implies {', '.join(f'`{f}`' for f in implied)}." if implied else ""), ""]
        lines += [f"- {section}: {text}" for section, text in grouped(entry["alone"]).items()] or ["- nothing of its own"]
        for others, labels in entry["with"].items():
            lines.append(f"- **with {others}**: " + "; ".join(f"{section}: {text}" for section, text in grouped(labels).items()))
    if data.get("refused"):
        lines += ["", "## Never sent", "", "The loader refuses these as not modelled: " + ", ".join(
            f"`{label}`" for label in data["refused"]) + "."]
    return "\n".join(lines) + "\n"


def add_parser(commands) -> None:
    features = commands.add_parser("features", help="the feature vocabulary, and per feature the step kinds, keys and "
                                                    "abilities a case needing only it may contain")
    features.add_argument("--format", choices=("text", "markdown", "json", "names"), default="text",
                          help="text (default), markdown (docs/features.md), json (the contract, per element and per "
                               "feature) or names (one feature a line, with what it covers)")


def command(args) -> int:
    from conformance.format.features import FEATURES

    if args.format == "names":
        width = max(map(len, FEATURES))
        sys.stdout.write("".join(f"{name.ljust(width)}  {description}\n" for name, description in FEATURES.items()))
    elif args.format == "json":
        sys.stdout.write(json.dumps({**contract(), "features": {name: {"description": FEATURES[name], **entry}
                                                               for name, entry in per_feature()["features"].items()},
                                     "any": per_feature()["any"]}, indent=1, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(render_markdown() if args.format == "markdown" else render_text())
    return 0
