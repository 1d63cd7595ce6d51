"""The features the phase adapter declares among those added to the vocabulary after it was first
written: each realised through phase's own game (issue 20), the others left undeclared, so that a
case needing them is unsupported here, never judged."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

from mtg_conformance_phase import bindings
from phase_support import engine, info, needs_phase, outcome  # noqa: F401  (fixtures)
from conformance.format.damage_modifier_features import FEATURES as DAMAGE_MODIFIER_FEATURES


def test_the_features_phase_realises_in_its_own_game():
    # combat (adapters/phase/tests/test_phase_combat.py); counters and tokens (loyalty abilities:
    # test_phase_abilities.py); triggers, mana and players (test_phase_abilities.py, test_phase_players.py)
    assert {"protection-blocking", "multiple-blocks", "tapping",
            "counter-replacements", "token-replacements", "enters-with-counters", "loyalty-abilities", "token-creation",
            "event-triggers", "life-gain-replacement", "life-loss-replacement", "mana-abilities", "mana-replacement",
            "counter-halving"} <= set(bindings.FEATURES)
    assert "tapped" in bindings.OBSERVABLES["objects"]


def test_of_the_damage_modifier_features_only_those_realised():
    # protection only in cases whose steps are combat and checkpoints (test_phase_combat.py); damage that can't be
    # prevented with Skullcrack's order (test_phase_players.py); infect and wither as printed keywords
    assert set(DAMAGE_MODIFIER_FEATURES) & set(bindings.FEATURES) == {
        "damage-modifiers", "partial-prevention", "prevention-extras", "protection", "cant-be-prevented", "infect",
        "wither"}


def test_emblems_and_the_planeswalker_copy_exception_stay_undeclared():
    # issue 41: phase is not yet given emblems (CR 114) nor the "if it's a planeswalker" copy exception (707.9f)
    # through the adapter: every case needing them is unsupported (golden/114.1-emblems.yaml: 17 of 17)
    assert not {"emblems", "planeswalker-copy-exception"} & set(bindings.FEATURES)


def test_casting_x_and_cast_triggers_stay_undeclared():
    # issue 41: the cast step (601.2), X of a cast spell (107.3a) and "whenever you cast" triggers (601.2i) are
    # not realised here (phase casts the adapter's stand-in spells, not the case's cast step)
    from conformance.format.cast_features import FEATURES as CAST_FEATURES

    assert CAST_FEATURES and not set(CAST_FEATURES) & set(bindings.FEATURES)


@needs_phase
def test_every_casting_case_is_unsupported_never_judged(engine, info):  # noqa: F811  (fixtures)
    from conformance.format import loader

    cases = loader.load_file(loader.golden_dir() / "601.2-casting-and-x.yaml")
    assert {outcome(engine, info, case).status for case in cases} == {"unsupported"}


def test_none_of_the_prevention_variants_is_declared():
    # issue 41, item 2: to_player prevention, life and damage additional effects, a resolving prevention's
    # additional effect, "can't be prevented" as a static, static redirection, "can't be redirected": not
    # realised here, so every case needing one is unsupported (golden/615.5-prevention-variants.yaml: 19 of 19)
    from conformance.format.prevention_variant_features import FEATURES as PREVENTION_VARIANTS

    assert not set(PREVENTION_VARIANTS) & set(bindings.FEATURES)


def test_the_trigger_event_features_stay_undeclared():
    # issue 41, item 1: the trigger events and effects (attacks, combat damage to a player, steps, face up,
    # counters removed, removing counters, returning a card, its power; damage to any target) are not
    # realised here, so every case needing one is unsupported
    from conformance.format.trigger_event_features import FEATURES as TRIGGER_EVENTS

    assert {"trigger-damage-any-target", "prevented-triggers", "trigger-tokens"} <= set(TRIGGER_EVENTS) and not set(TRIGGER_EVENTS) & set(bindings.FEATURES)


def test_double_faced_and_flip_cards_stay_undeclared():
    # issue 40: back faces, transforming, flip cards (CR 712, 701.27, 710) are not realised here: every case
    # needing them is unsupported (golden/712-double-faced-and-flip-cards.yaml)
    from conformance.format.face_features import FEATURES as FACE_FEATURES

    assert FACE_FEATURES and not set(FACE_FEATURES) & set(bindings.FEATURES)


@needs_phase
def test_every_double_faced_or_flip_case_is_unsupported_never_judged(engine, info):  # noqa: F811  (fixtures)
    from conformance.format import loader

    cases = loader.load_file(loader.golden_dir() / "712-double-faced-and-flip-cards.yaml")
    assert {outcome(engine, info, case).status for case in cases} == {"unsupported"}
