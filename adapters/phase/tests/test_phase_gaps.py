"""What phase-python's Oracle parser does not read, which caps how much of the counter and copy
properties (614.1a/counters-agree-with-reference, 707.3/copies-agree-with-reference) can run on
phase: each test fails once phase reads the wording, the signal to realise it in the adapter (the
adapter raises EngineGap there; adapters/phase/README.md, "What caps the differential properties on
phase")."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import json

from phase_support import needs_phase


def _face(text: str, kind: str = "Enchantment") -> tuple[dict, bool]:
    """phase's face of a card of that type with that text, and whether it marked any unimplemented."""
    from mtg_conformance_phase.cards import _build_face, mtgjson

    card = mtgjson("Cfx Gap", types=[kind], text=text)
    if kind == "Creature":
        card.update(power="0", toughness="0")
    return _build_face(json.dumps(card, sort_keys=True))


def _replacements(text: str) -> tuple[bool, list[dict]]:
    face, unimplemented = _face(text)
    return unimplemented, list(face.get("replacements") or ())


def _copy_modifications(exception: str):
    """What phase reads of a Clone's "..., except EXCEPTION." (``additional_modifications``)."""
    face, _ = _face(f"You may have this creature enter as a copy of any creature on the battlefield, except {exception}.",
                    "Creature")
    (read,) = face["replacements"]
    assert read["execute"]["effect"]["type"] == "BecomeCopy"
    return read["execute"]["effect"].get("additional_modifications")


@needs_phase
def test_a_counter_replacement_of_the_players_own_counters_on_some_permanents_drops_the_permanents():
    """CR 614.1a, 122.6a: "If you would put one or more counters on a creature you control, ..."
    is read as Vorinclex's, of any permanent or player: the creatures are dropped (no valid_card)."""
    _, (read,) = _replacements("If you would put one or more counters on a creature you control, put twice that "
                               "many of each of those kinds of counters on that creature instead.")
    assert read["valid_player"] == "You" and read["valid_card"] is None and read.get("counter_match") is None


@needs_phase
def test_a_counter_replacement_of_the_players_own_counters_of_one_kind_is_ignored():
    """"If you would put one or more +1/+1 counters on a permanent or player, ..." (and an
    opponent's halving of one kind): no replacement at all, and not even marked unimplemented."""
    for text in ("If you would put one or more +1/+1 counters on a permanent or player, put twice that many +1/+1 "
                 "counters on that permanent or player instead.",
                 "If an opponent would put one or more +1/+1 counters on a permanent or player, they put half that "
                 "many +1/+1 counters on that permanent or player instead, rounded down."):
        assert _replacements(text) == (False, [])


@needs_phase
def test_an_opponents_halving_on_some_permanents_drops_the_permanents():
    _, (read,) = _replacements("If an opponent would put one or more counters on a creature you control, they put "
                               "half that many of each of those kinds of counters on that creature instead, rounded down.")
    assert read["valid_player"] == "Opponent" and read["valid_card"] is None


@needs_phase
def test_that_many_plus_n_tokens_is_unimplemented():
    """CR 614.1a, 111.1: "that many plus one" tokens has no reading (Peregrin Took's "those tokens
    plus an additional Food token" is the adapter's where it fits)."""
    unimplemented, read = _replacements("If one or more tokens would be created under your control, that many plus "
                                        "one of those tokens are created instead.")
    assert unimplemented and read == []


@needs_phase
def test_a_token_entering_with_counters_is_ignored():
    """CR 111.4, 614.1c: a token "with 'This creature enters with a +1/+1 counter on it.'" (the
    generator's token with ``enters_with_counters``): phase reads no effect at all from the spell,
    and does not mark it unimplemented."""
    face, unimplemented = _face('Create a 0/0 green Ooze creature token with "This creature enters with a +1/+1 '
                                'counter on it."', "Instant")
    assert (unimplemented, face.get("abilities") or []) == (False, [])


@needs_phase
def test_a_copy_exception_of_colours_is_dropped():
    """CR 707.9b: "..., except it's blue." is read as a plain copy (no modification at all)."""
    assert _copy_modifications("it's blue") is None


@needs_phase
def test_an_as_enters_choice_of_a_creature_and_a_choice_as_turned_face_up_are_unimplemented():
    """CR 614.12, 708.11: "As this creature enters, choose a creature." and Aquamorph Entity's
    "As this creature enters or is turned face up, ..." are marked unimplemented."""
    for text in ("As this creature enters, choose a creature.",
                 "As this creature enters or is turned face up, it becomes your choice of 5/1 or 1/5."):
        assert _face(text, "Creature")[1] is True


@needs_phase
def test_a_copy_entering_with_two_additional_counters_drops_them():
    """CR 707.9e, 614.1c: "an additional +1/+1 counter" is read; "two additional" is dropped."""
    assert _copy_modifications("it enters with an additional +1/+1 counter on it")[0]["type"] == "AddCounterOnEnter"
    assert _copy_modifications("it enters with two additional +1/+1 counters on it") is None


@needs_phase
def test_a_copy_exception_of_creature_types_alone_is_dropped():
    """CR 707.9b: "..., except it's an Illusion." is read as a plain copy; with a P/T, "except it's a
    2/2 Illusion.", the creature types are replaced (the form the adapter writes where it fits)."""
    assert _copy_modifications("it's an Illusion") is None
    assert {"type": "AddSubtype", "subtype": "Illusion"} in _copy_modifications("it's a 2/2 Illusion")
