"""The ``abilities`` observable: an object's abilities (CR 113, read after layer 6, 613.1f) as
phase's layers left them, written back in the suite's plain form.

phase reports an object's abilities as its ``keywords`` and its parsed definitions
(``abilities``, ``static_definitions``, ``trigger_definitions``, ``replacement_definitions``).
Keywords of :data:`.changes.KEYWORDS` are written back one by one (``{keyword: flying}``), so
gaining and losing them (613.1f) and copying them (707.2a) is read as phase did it. The rest is
read back only as a whole: it must be exactly the definitions phase parsed from the Oracle text
of one of the case's cards (the object's own, or one it copies, 707.2), and is then written back
as that card's other abilities, as the case gives them; no definitions at all is no other
ability (after "loses all abilities", 613.1f). Anything else (a part of a card's abilities, two
cards' definitions read alike but meaning different abilities) cannot be written back exactly:
unsupported, with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.changes import KEYWORDS
from conformance.errors import EngineGap, Unsupported

KEYWORDS_BACK = {**{phase_name: word for word, phase_name in KEYWORDS.items()}, "Changeling": "changeling"}  # 702.73a

FACE_PARTS = (("keywords", "keywords"), ("abilities", "abilities"), ("static_abilities", "static_definitions"),
              ("triggers", "trigger_definitions"), ("replacements", "replacement_definitions"))
"""Where a parsed face and a game object keep each kind of ability: (face key, object key)."""


def observes_abilities(case: Mapping[str, Any]) -> frozenset[str]:
    """The objects whose abilities some checkpoint of the case observes (by name, or with every
    value: an object listed with no values)."""
    return frozenset(oid for step in case["steps"] for kind, body in step.items() if kind == "expect"
                     for oid, values in (body.get("objects") or {}).items() if not values or "abilities" in values)


def _bundle(parts: Mapping[str, list[Any]]) -> tuple[str, ...]:
    """The definitions of an object or a face (keywords of :data:`KEYWORDS_BACK` excepted) as a
    sorted tuple of canonical JSON: compared as a multiset."""
    items = []
    for kind, values in parts.items():
        for value in values or ():
            if kind == "keywords" and isinstance(value, str) and value in KEYWORDS_BACK:
                continue
            if kind == "trigger_definitions" and isinstance(value, Mapping) and set(value) == {"definition", "occurrence"}:
                # phase wraps a triggered ability on a game object with its occurrence (printed on the card,
                # 113.6, or kept by a copy, 707.9a): where it came from is no part of the ability
                value = value["definition"]
            if kind == "replacement_definitions" and _resolved_redirection(value):
                continue
            items.append(kind + ":" + json.dumps(value, sort_keys=True))
    return tuple(sorted(items))


def _resolved_redirection(value: Any) -> bool:
    """phase keeps a resolved spell's redirection (CR 614.9, .redirection) among the replacement
    definitions of the object whose damage it redirects; it is an effect of that spell, no
    ability of the object (113.1, 609.1)."""
    return isinstance(value, Mapping) and value.get("origin") == "Resolution" \
        and "Redirection" in (value.get("shield_kind") or {})


def _multiset(plain: list[Any]) -> tuple[str, ...]:
    return tuple(sorted(json.dumps(a, sort_keys=True) for a in plain))


class AbilityReader:
    """The case's cards' definitions as phase parsed them, each with the abilities it means."""

    def __init__(self, observed: frozenset[str] = frozenset()) -> None:
        self.observed = observed  # the objects some checkpoint observes the abilities of
        self.known: dict[tuple[str, ...], list[Any]] = {(): []}  # no definitions: no other ability (613.1f)
        self.owner: dict[tuple[str, ...], str] = {(): "no ability at all"}
        self.ambiguous: dict[tuple[str, ...], str] = {}
        self.kept: dict[str, Any] = {}  # CR 707.9a: an ability a copy keeps ("except it has this ability"), by definition

    def add(self, oid: str, card: Mapping[str, Any], face: Mapping[str, Any], extra: list[dict[str, Any]] = ()) -> None:
        """A card of the case: its abilities as the case gives them, and phase's parse of its face
        (with ``extra``: the mana abilities phase gives its basic land types, CR 305.6)."""
        others = [a for a in card.get("abilities") or () if "keyword" not in a]
        parts = {obj_key: list(face.get(face_key) or ()) for face_key, obj_key in FACE_PARTS}
        bundles = {_bundle(parts)}
        if extra:  # phase gives them on the battlefield; the card's text may or may not spell them out
            bundles.add(_bundle({**parts, "abilities": [*parts["abilities"], *extra]}))
        for key, face_key, retain in (("triggered", "triggers", "RetainPrintedTriggerFromSource"),
                                      ("activated", "abilities", "RetainPrintedAbilityFromSource")):
            keeping = [a for a in card.get("abilities") or () if key in a
                       and ((a[key].get("effect") or {}).get("become_copy") or {}).get("exceptions", {}).get("gains_this_ability")]
            parsed = [d for d in face.get(face_key) or () if retain in json.dumps(d)]
            if len(keeping) == len(parsed):  # in card order (.activated_lines, .trigger_lines)
                for ability, definition in zip(keeping, parsed):
                    self.kept[_bundle({dict(FACE_PARTS)[face_key]: [definition]})[0]] = ability
        for bundle in bundles:
            known = self.known.get(bundle)
            if known is not None and _multiset(known) != _multiset(others):
                self.ambiguous[bundle] = (f"phase reads the abilities {others} of {oid!r} as it reads those of "
                                          f"{self.owner[bundle]} ({known}): they cannot be told apart")
            self.known[bundle] = others
            self.owner.setdefault(bundle, repr(oid))

    def read(self, oid: str, obj: Mapping[str, Any]) -> list[Any] | None:
        """An object's abilities in the suite's plain form; for one no checkpoint observes so,
        None when they cannot be written back (then not reported)."""
        keywords = [{"keyword": KEYWORDS_BACK[k]} for k in obj.get("keywords") or ()
                    if isinstance(k, str) and k in KEYWORDS_BACK]
        bundle = _bundle({obj_key: obj.get(obj_key) for _, obj_key in FACE_PARTS})
        others = self.known.get(bundle)
        why = self.ambiguous.get(bundle)
        if others is None:  # CR 707.9a: a copy's copied abilities and the one it keeps
            for item in set(bundle) & set(self.kept):
                rest = tuple(b for i, b in enumerate(bundle) if i != bundle.index(item))
                if rest in self.known and rest not in self.ambiguous:
                    return [*self.known[rest], self.kept[item], *keywords]
        if others is None:
            why = (f"phase reports abilities that are not all of one card's here "
                   f"({', '.join(b.split(':', 1)[0] for b in bundle)})")
        if why is not None:
            if oid in self.observed:
                raise Unsupported(f"object {oid!r}: {why}, so they cannot be written back in the suite's form")
            return None
        return [*others, *keywords]


ALL = "*"


def check_single_instances(case: Mapping[str, Any]) -> None:
    """CR 113.2c: an object may have several instances of one ability (flying printed and gained:
    twice). phase keeps a keyword once in its ``keywords``, so where an object could have a keyword
    twice and a checkpoint observes abilities, the case is unsupported: the instances phase would
    report cannot be told from the CR's. Each way to have a keyword is an (object, keyword) pair:
    printed on its card (any object's, when the case copies, 707.2), gained by a ``become`` step
    (its target) or by a static ability (any object); a gained one meeting another way, on the
    same object or any, may be a second instance."""
    copies = any("enters_as_copy" in a or "static_copy" in a for spec in case["objects"].values()
                 for a in spec["card"].get("abilities", ())) or any(
        "become_copy" in step or ("create_token" in step and step["create_token"].get("copy_of")) for step in case["steps"])
    printed: list[tuple[str, str]] = []
    granted: list[tuple[str, str]] = []
    for oid, spec in case["objects"].items():
        keywords = [a["keyword"] for a in spec["card"].get("abilities", ()) if "keyword" in a]
        if len(set(keywords)) != len(keywords):  # printed twice on one card
            raise EngineGap(f"object {oid!r} has a keyword twice (CR 113.2c): phase keeps a keyword once")
        printed += [(ALL if copies else oid, k) for k in keywords]
        for ability in spec["card"].get("abilities", ()):
            if "static" in ability:  # a copy of its object has the static ability too (707.2): another grant
                gains = [(ALL, g["keyword"]) for g in ability["static"]["becomes"].get("gains") or () if "keyword" in g]
                granted += gains * (2 if copies else 1)

    def steps(items):
        for step in items:
            (kind, body), = step.items()
            if kind == "together":
                yield from steps(body)
            else:
                yield kind, body

    for kind, body in steps(case["steps"]):
        if kind == "become":
            target = body.get("to") if body.get("to_each") is None else ALL
            granted += [(target, g["keyword"]) for g in body.get("gains") or () if "keyword" in g]
    # a copy's printed keywords replace its own (707.2): printed ways never add up; a grant adds an instance
    pairs = [(a, b) for i, a in enumerate(granted) for b in granted[i + 1:]] + [(a, b) for a in granted for b in printed]
    for (who, keyword), (other, again) in pairs:
        if keyword == again and (who == other or ALL in (who, other)):
            raise EngineGap(f"an object may have {keyword} twice here (CR 113.2c): phase keeps a keyword once, "
                              "so the abilities observed cannot be read as the CR counts them")
