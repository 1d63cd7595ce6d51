"""The features the phase adapter declares among those added to the vocabulary after it was first
written: each realised through phase's own game (issue 20), the others left undeclared, so that a
case needing them is unsupported here, never judged."""

from __future__ import annotations

import pytest

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


def test_attachments_stay_undeclared():
    # issue 40: Auras and Equipment (attached_to, enchant, "enchanted/equipped" filters, the attach and unattach
    # steps, 613.7e, 704.5m-n) are not realised through the adapter
    from conformance.format.attachment_features import FEATURES as ATTACHMENT_FEATURES

    assert ATTACHMENT_FEATURES and not set(ATTACHMENT_FEATURES) & set(bindings.FEATURES)


def test_copies_of_spells_and_modes_stay_undeclared():
    # issue 40: copies of spells on the stack (707.10), modal spells (700.2), a sacrifice as an additional cost and
    # the mana spent to cast a spell are not realised here: every case needing one is unsupported
    from conformance.format.spell_copy_features import FEATURES as SPELL_COPY_FEATURES

    assert {"spell-copies", "modal-spells"} <= set(SPELL_COPY_FEATURES)
    assert not set(SPELL_COPY_FEATURES) & set(bindings.FEATURES)


@needs_phase
@pytest.mark.parametrize("golden_file", ["601.2-casting-and-x.yaml", "613.7e-auras-and-equipment.yaml",
                                         "707.10-copies-of-spells.yaml", "712-double-faced-and-flip-cards.yaml"])
def test_every_case_of_an_undeclared_feature_is_unsupported_never_judged(engine, info, golden_file):  # noqa: F811
    # casting and X (issue 41); Auras and Equipment, copies of spells and modes, faces (issue 40): never judged
    from conformance.format import loader

    cases = loader.load_file(loader.golden_dir() / golden_file)
    assert {outcome(engine, info, case).status for case in cases} == {"unsupported"}


def test_none_of_the_entering_features_is_declared():
    # issue 40: entering tapped, fading, a colour or creature type chosen as a permanent enters: not
    # realised here, so every case needing one is unsupported (golden/614.12-entering-tapped-and-choices.yaml)
    from conformance.format.entering_features import FEATURES as ENTERING

    assert not set(ENTERING) & set(bindings.FEATURES)


def test_destruction_regeneration_drawing_and_activated_damage_stay_undeclared():
    # issue 40: the destroy and regenerate steps (701.8a, 701.19a), draws (121.1) and an activated ability's damage to
    # a target with counters on itself (707.11) are not realised through the adapter: every case needing them is
    # unsupported here
    from conformance.format.regeneration_features import FEATURES as REGENERATION_FEATURES

    assert REGENERATION_FEATURES and not set(REGENERATION_FEATURES) & set(bindings.FEATURES)


def test_double_faced_and_flip_cards_stay_undeclared():
    # issue 40: back faces, transforming, flip cards (CR 712, 701.27, 710) are not realised here: every case
    # needing them is unsupported (golden/712-double-faced-and-flip-cards.yaml)
    from conformance.format.face_features import FEATURES as FACE_FEATURES

    assert FACE_FEATURES and not set(FACE_FEATURES) & set(bindings.FEATURES)
