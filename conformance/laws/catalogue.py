"""The property suite: every law with its id and rules, the differential first
(:func:`all_properties`), and which laws mean something for an engine's features (:func:`usable`)."""

from __future__ import annotations

from conformance.laws import arithmetic as arithmetic_laws  # issue 41
from conformance.laws import (
    casting as casting_laws, combat as combat_laws, copies as copy_laws, counters as counter_laws, damage as damage_laws,
    emblems as emblem_laws, players as player_laws, trigger_events as trigger_event_laws, triggers as trigger_laws,
)
from conformance.laws import prevention_variants as prevention_laws
from conformance.laws import leaving as leaving_laws  # issue 40
from conformance.laws import attachments as attachment_laws
from conformance.laws import spell_copies as spell_copy_laws  # issue 40
from conformance.laws import entering as entering_laws  # issue 40
from conformance.laws import regeneration as regeneration_laws  # issue 40
from conformance.laws import faces as face_laws  # issue 40
from conformance.laws import targets as target_laws  # issue 40
from conformance.laws.core import (
    checks_between_checkpoints, cleanup_is_idempotent, later_set_overrides, modifications_commute,
    multiplied_amount_is_fixed, multiplying_a_switched_creature, multiplying_adds_current_value,
    returning_twice_is_returning_once, state_based_invariants, switch_after_modification_order,
    two_switches_cancel,
)
# With these, what ``conformance.laws.catalogue`` (this module's old name, still importable) offered:
from conformance.laws.differential import (  # noqa: F401
    DIFFERENTIAL_ID, DIFFERENTIAL_RULES, differential, differential_property,
)
from conformance.laws.property import EngineRunError, EngineStop, Property, PropertyFailed, Subject  # noqa: F401

PROPERTIES: tuple[Property, ...] = (
    Property("613.4d/two-switches-cancel", ("613.4d", "704.3"),
             "Switching an object's power and toughness twice in one event changes nothing.",
             frozenset({"layer-7d", "simultaneous-actions"}), two_switches_cancel),
    Property("613.4c/modifications-commute", ("613.4c", "613.7", "122.1a"),
             "7c modifications and counters give the same result in any timestamp order.",
             frozenset({"layer-7c", "simultaneous-actions"}), modifications_commute),
    Property("613.4d/switch-after-modifications", ("613.4c", "613.4d", "613.7"),
             "A switch applies after every 7c modification, whichever has the later timestamp.",
             frozenset({"layer-7c", "layer-7d", "simultaneous-actions"}), switch_after_modification_order),
    Property("701.10b/doubling-adds-current-value", ("701.10a", "701.10b", "701.10c", "107.1b"),
             "With no switch, doubling power/toughness makes it twice what it was, negative values included.",
             frozenset({"double-pt"}), multiplying_adds_current_value(2)),
    Property("701.11b/tripling-adds-twice-current-value", ("701.11a", "701.11b", "701.11c", "107.1b"),
             "With no switch, tripling power/toughness makes it three times what it was, negative values included.",
             frozenset({"triple-pt"}), multiplying_adds_current_value(3)),
    Property("701.10b/doubling-switched-power-lands-on-toughness", ("701.10b", "701.10c", "613.4d", "704.5f"),
             "Doubling a switched creature's power adds that power in 7c, under the switch: it shows on toughness.",
             frozenset({"double-pt", "layer-7d", "durations"}), multiplying_a_switched_creature(2)),
    Property("701.11b/tripling-switched-power-lands-on-toughness", ("701.11b", "701.11c", "613.4d", "704.5f"),
             "Tripling a switched creature's power adds twice that power in 7c, under the switch.",
             frozenset({"triple-pt", "layer-7d", "durations"}), multiplying_a_switched_creature(3)),
    Property("701.10b/multiplied-amount-is-fixed", ("701.10b", "701.11b", "611.2"),
             "A doubling's or tripling's bonus is fixed: ending an effect it counted removes only that effect.",
             frozenset({"layer-7c", "durations"}), multiplied_amount_is_fixed),
    Property("613.4b/later-set-overrides", ("613.4b", "613.7"),
             "Set effects apply in timestamp order, the later over the earlier: two or three on one object end as "
             "one effect setting the last value set of each would.",
             frozenset({"layer-7b"}), later_set_overrides),
    Property("704.5f/state-based-invariants", ("704.3", "704.5f", "704.5q"),
             "After every step no creature on the battlefield has toughness 0 or less, and no permanent "
             "keeps both +1/+1 and -1/-1 counters.",
             frozenset(), state_based_invariants),
    Property("514.2/cleanup-is-idempotent", ("514.2",),
             "A second cleanup step in a row changes nothing.",
             frozenset({"durations"}), cleanup_is_idempotent),
    Property("400.7/returning-twice-is-returning-once", ("400.7", "613.7d"),
             "An object that leaves and returns is a new object: doing it twice equals doing it once.",
             frozenset({"zone-changes"}), returning_twice_is_returning_once),
    Property("701.10d/doubling-life-counters-mana-doubles-them", ("701.10d", "701.10e", "701.10f", "107.1b"),
             "Doubling a life total, the counters of one kind, or one type of mana makes it twice what it was, "
             "negative life totals included (not judged where a player can't gain or lose life or a permanent "
             "can't have counters).",
             frozenset({"double-life"}), player_laws.doubling_doubles),
    Property("801.13a/redirection-stays-in-range", ("801.13a", "614.9", "801.10"),
             "A redirection never makes a spell deal damage to a player or object outside its controller's "
             "range of influence.",
             frozenset({"damage", "redirection", "range-of-influence"}), player_laws.redirection_stays_in_range),
    Property("801.13b/prevention-stays-in-range", ("801.13b", "615.1"),
             "A prevention effect changes nothing when the source or recipient it names (both, when it names "
             "neither) is outside its controller's range of influence.",
             frozenset({"damage", "prevention", "range-of-influence"}), player_laws.prevention_stays_in_range),
    Property("120.3/damage-agrees-with-reference", ("120.3", "614.5", "614.9", "615.7", "616.1", "801.13a", "801.13b"),
             "On generated scenarios about players, damage, replacement and prevention under ranges of influence, "
             "the engine reports what the reference engine reports.",
             frozenset({"damage"}), player_laws.damage_agrees_with_reference),
    Property("707.2/copy-ignores-changes-to-the-original", ("707.2", "707.2b", "707.5", "613.2c"),
             "A copy's copiable values ignore counters, pumps, switches and type, colour and ability changes on the "
             "original, and later changes to it: a Clone of a changed creature is a Clone of the unchanged one.",
             frozenset({"copy-effects"}), copy_laws.copy_ignores_changes_to_the_original),
    Property("208.2a/star-cards-off-the-battlefield-take-their-value", ("208.2a", "208.2b", "604.3", "613.4a"),
             "A */* card off the battlefield has the value its ability gives on the board the engine reports, a number "
             "that can't be determined counting as 0; one whose P/T is chosen as it enters is 0/0.",
             frozenset({"layer-7a", "zone-changes"}), copy_laws.star_cards_take_their_value),
    Property("707.3/copies-agree-with-reference", ("707.2", "707.3", "707.4", "707.9", "708.2a", "708.10"),
             "On generated scenarios about copies, copies of copies, token copies and face-down permanents, the "
             "engine reports what the reference engine reports.",
             frozenset({"copy-effects"}), copy_laws.copies_agree_with_reference),
    Property("614.5/life-gain-doubled-per-doubler", ("614.1a", "614.5", "616.1", "702.15b"),
             "With N \"if you would gain life, you gain twice that much instead\" permanents, a gain (by an effect or "
             "by lifelink) is 2^N times what it is without them, whatever the order they apply in.",
             trigger_laws.NEEDS, trigger_laws.life_gain_doubled_per_doubler),
    Property("614.5/life-loss-doubled-per-doubler", ("614.1a", "614.5", "616.1", "120.3a", "702.15b"),
             "With N \"if an opponent would lose life, they lose twice that much instead\" permanents, an opponent's "
             "loss (by an effect or by damage) is 2^N times what it is without them, and lifelink still gains the "
             "damage dealt.",
             trigger_laws.LOSS_NEEDS, trigger_laws.life_loss_doubled_per_doubler),
    Property("704.3/state-based-actions-between-checkpoints",
             ("704.3", "704.5a", "704.5c", "704.5f", "704.5g", "704.5h", "704.5i", "704.5q"),
             "State-based actions are checked after every event, observed or not: with some checkpoints removed, "
             "the engine reports at the others what it reports when every event is followed by one.",
             frozenset(), checks_between_checkpoints),
    # counters, tokens and loyalty (issue 18)
    Property("614.5/counter-doublers-multiply", ("614.5", "614.1a", "616.1", "614.16", "603.2", "122.6", "306.5b"),
             "With N counter doublers that all apply, n counters put by an effect, by a triggered ability, as a "
             "permanent enters or as a planeswalker's loyalty become n×2^N, whatever the order and whoever owns them.",
             frozenset({"counter-replacements", "counters"}), counter_laws.counter_doublers_multiply),
    Property("616.1/plus-and-double-orders", ("616.1", "614.1a", "614.5"),
             "\"That many plus a\" then \"twice\" puts (n+a)×2 counters, the other order 2n+a: they differ by a (by an "
             "effect, or a loyalty cost under two effects that apply to costs too).",
             frozenset({"counter-replacements", "counters", "replacement-order"}), counter_laws.plus_and_double_orders),
    Property("616.1/halving-and-doubling-orders", ("616.1", "614.1a", "614.5"),
             "An opponent's \"half that many\" and a \"twice that many\" on n counters (on the opponent's creature or "
             "the halving player's): twice first puts n, half first 2×floor(n/2).",
             frozenset({"counter-replacements", "counter-halving", "counters", "replacement-order"}),
             counter_laws.halving_and_doubling_orders),
    Property("614.5/token-doublers-multiply", ("614.5", "614.1a", "111.4", "707.2", "613.1b"),
             "With N token doublers that apply (their controller's tokens), an effect creating c tokens, or c token "
             "copies, creates c×2^N, each a copy.",
             frozenset({"token-replacements", "token-creation"}), counter_laws.token_doublers_multiply),
    Property("614.1a/counters-agree-with-reference", ("614.1a", "614.16", "616.1", "122.6", "606.3", "606.4", "111.4"),
             "On generated scenarios about counter and token replacements, entering with counters, loyalty abilities "
             "and tokens, and where they meet (costs, triggered abilities, prevention, doubling, copies, permanents "
             "controlled by another than their owner), the engine reports what the reference engine reports.",
             counter_laws.agreement_needs(), counter_laws.counters_agree_with_reference),
    Property("510.2/combat-agrees-with-reference", ("508.1", "509.1", "510.1c", "510.2", "510.4", "702.19b", "616.1"),
             "On generated combats (attackers at players and planeswalkers, several blockers with scripted "
             "divisions, first strike, double strike, trample, deathtouch, lifelink, blocking restrictions), the "
             "engine reports what the reference engine reports.",
             frozenset({"combat", "damage"}), combat_laws.combat_agrees_with_reference),
    Property("510.2/blocked-bears-trade", ("510.2", "510.1c", "510.1d", "704.5g"),
             "Combat damage is one event: a 2/2 attacker blocked by a 2/2 and its blocker both die, whichever "
             "the case lists first, beside any other combat.",
             frozenset({"combat", "damage", "life"}), combat_laws.bears_trade),
    Property("510.4/first-striker-kills-blocker-unharmed", ("510.4", "702.7b", "702.4b", "704.3", "704.5g"),
             "A 2/2 attacker with first strike or double strike blocked by a 2/2 destroys it in the first combat "
             "damage step and is dealt no damage.",
             frozenset({"combat", "damage", "life", "first-strike"}), combat_laws.first_striker_unharmed),
    # damage modifiers and damage that can't be prevented (issue 19)
    Property("616.1/multiplier-and-plus-n-in-both-orders", ("616.1", "614.1a", "701.10g", "701.11"),
             "A doubler or tripler (×k) and a \"plus N\" modifier applied to n damage in the two orders the "
             "affected player may choose deal k·n + N and k·(n + N): they differ by exactly (k − 1)·N.",
             frozenset({"damage", "damage-modifiers", "replacement-order"}),
             damage_laws.multiplier_and_plus_in_both_orders),
    Property("615.12/cant-be-prevented-whatever-the-shields", ("615.12", "615.12a"),
             "Damage that can't be prevented is dealt whatever the shields: adding a prevention effect changes "
             "nothing of what it does.",
             frozenset({"damage", "prevention", "cant-be-prevented"}),
             damage_laws.cant_be_prevented_is_dealt_whatever_the_shields),
    # issue 41: emblems (114) and the "if it's a planeswalker" copy exception (707.9f), last (no other draws move)
    Property("114.1/emblems-agree-with-reference", emblem_laws.RULES,
             "With emblems and planeswalker copy exceptions, the engine reports what the reference engine reports.",
             frozenset({"emblems"}), emblem_laws.emblems_agree_with_reference),  # or the 707.9f exception (usable)
    # casting a spell, X and cast triggers (issue 41)
    Property("601.2/casting-agrees-with-reference", ("601.2", "601.2h", "107.3a", "601.2i", "608.1", "608.2", "608.3"),
             "On generated scenarios where a player casts spells from their hand (X damage, X counters, X life, a "
             "creature card), paying what each cast names from their pool, with \"whenever you cast\" abilities, the "
             "engine reports what the reference engine reports.",
             casting_laws.NEEDS, casting_laws.casting_agrees_with_reference),
    # arithmetic in expressions (issue 41, item 4)
    Property("107.1/arithmetic-agrees-with-reference", ("107.1", "107.1a", "107.1b", "608.2h", "604.3"),
             "On generated scenarios about the greatest power, toughness or mana value among objects, halves "
             "rounded up or down, twice, negation and differences, in a resolving effect, a characteristic-defining "
             "ability or a static ability, the engine reports what the reference engine reports.",
             arithmetic_laws.NEEDS, arithmetic_laws.arithmetic_agrees_with_reference),
    # trigger events and effects (issue 41, item 1)
    Property("603.2/trigger-events-agree-with-reference",
             ("603.2", "508.3a", "510.3a", "503.1a", "513.1a", "603.6a", "708.8", "122.1", "400.7d", "608.2h"),
             "On generated scenarios with abilities triggering on attacks, combat damage to a player, the beginning "
             "of an upkeep or end step, a land entering, a permanent turned face up or counters removed, whose "
             "effects put or remove counters, return a card, or count their object's power, the engine reports what "
             "the reference engine reports.",
             trigger_event_laws.NEEDS, trigger_event_laws.trigger_events_agree_with_reference),
    # prevention variants (issue 41, item 2)
    Property("615.1/prevention-variants-agree-with-reference", ("615.1", "615.5", "615.12", "614.9", "616.1", "801.13a"),
             "On generated scenarios about preventions of damage to players, their life and damage additional "
             "effects, resolving preventions with an additional effect, \"can't be prevented\" as a static ability, "
             "static redirections (Palisade Giant) and damage that can't be redirected, the engine reports what the "
             "reference engine reports.",
             prevention_laws.NEEDS, prevention_laws.prevention_variants_agree_with_reference),
    # a player leaving the game and ranges afterwards (issue 40)
    Property("800.4a/leaving-agrees-with-reference", leaving_laws.RULES,
             "On generated scenarios where players leave a multiplayer game (having taken control of creatures, "
             "created tokens, with or without ranges of influence), then damage reaches each player and turns "
             "begin, the engine reports what the reference engine reports.",
             leaving_laws.NEEDS, leaving_laws.leaving_agrees_with_reference),
    # Auras and Equipment (issue 40), last (no other draws move)
    Property("613.7e/attachments-agree-with-reference", attachment_laws.RULES,
             "On generated scenarios with Auras and Equipment attached, moved to other permanents, unattached, "
             "returned to the battlefield enchanting a chosen creature, falling off a permanent they can no longer "
             "be attached to, or becoming a copy of another Aura, the engine reports what the reference engine "
             "reports.",
             attachment_laws.NEEDS, attachment_laws.attachments_agree_with_reference),
    # copies of spells on the stack, modal spells, additional costs (issue 40), last (no other draws move)
    Property("707.10/spell-copies-agree-with-reference", spell_copy_laws.RULES,
             "On generated scenarios where a spell is cast (a modal spell, one with an additional sacrifice, one "
             "reading the mana spent, one with X) and copies of it are put on the stack, with new targets, colours, "
             "another controller or tokens to target, the engine reports what the reference engine reports.",
             spell_copy_laws.NEEDS, spell_copy_laws.spell_copies_agree_with_reference),
    Property("614.12/entering-agrees-with-reference", ("614.12", "614.1c", "614.1d", "702.32a", "707.5", "707.6"),
             "On generated scenarios of permanents entering tapped by their own or another permanent's ability "
             "(never their own \"permanents enter tapped\", never one entering at the same time), with fading, and "
             "choosing a colour or a creature type as they enter (a copy choosing anew), the engine reports what "
             "the reference engine reports.",
             entering_laws.NEEDS, entering_laws.entering_agrees_with_reference),
    # destruction, regeneration, draws and an ability of a copy (issue 40), last (no other draws move)
    Property("701.19/regeneration-agrees-with-reference", regeneration_laws.RULES,
             "On generated scenarios with regeneration shields, destroy steps (some that can't be regenerated), lethal "
             "and deathtouch damage, draws by enters abilities of a card and of its token copies, and an activated "
             "ability dealing damage and putting counters on its own object (a copy's included), the engine reports "
             "what the reference engine reports.",
             frozenset({"regeneration"}), regeneration_laws.regeneration_agrees_with_reference),  # or another (usable)
    # double-faced cards and flip cards (issue 40), last (no other draws move)
    Property("712.8a/faces-agree-with-reference", face_laws.RULES,
             "On generated scenarios with double-faced cards (transformed or not, transforming, copied by a Clone, a "
             "copy effect or a token) and flip cards (flipped or not, flipping, copied), the engine reports what the "
             "reference engine reports.",
             face_laws.NEEDS, face_laws.faces_agree_with_reference),  # or flip cards (usable)
    # targets (issue 40)
    Property("115.1/targets-agree-with-reference", ("115.1", "115.4", "601.2c", "608.2b", "702.11b", "702.16b",
                                                    "702.18a", "801.4", "801.5a"),
             "On generated scenarios of spells and abilities aimed at players, creatures with hexproof, shroud or "
             "protection, creatures a \"can't be the target of\" ability covers, noncreature permanents and cards in a "
             "graveyard, one target perhaps chosen by an opponent or under the limited range of influence, the "
             "engine reports what the reference engine reports.",
             target_laws.NEEDS, target_laws.targets_agree_with_reference),
)
"""The metamorphic laws, which need no oracle."""


def all_properties() -> tuple[Property, ...]:
    """The property suite: the differential, then the laws."""
    return (differential_property(), *PROPERTIES)


def usable(prop: Property, features: frozenset[str]) -> bool:
    """Whether a property means anything for an engine with ``features``."""
    if prop.id.startswith("701.10b/multiplied"):
        return "layer-7c" in features and "durations" in features and bool(features & {"double-pt", "triple-pt"})
    if prop.check is player_laws.doubling_doubles:  # life, mana or counters: any of them will do
        return player_laws.usable_doubling(features)
    if prop.check is player_laws.damage_agrees_with_reference:
        return player_laws.usable_damage(features)
    if prop.check is trigger_laws.life_gain_doubled_per_doubler:
        return trigger_laws.usable(features)
    if prop.check is trigger_laws.life_loss_doubled_per_doubler:
        return trigger_laws.usable_loss(features)
    if prop.check is trigger_event_laws.trigger_events_agree_with_reference:  # issue 41
        return trigger_event_laws.usable(features)
    if prop.check in (player_laws.redirection_stays_in_range, player_laws.prevention_stays_in_range):
        return prop.needs <= features  # players and damage: no layer-7 effect needed
    if prop.check is combat_laws.combat_agrees_with_reference:
        return combat_laws.usable(features)
    if prop.check is casting_laws.casting_agrees_with_reference:  # issue 41
        return casting_laws.usable(features)
    if prop.check in (combat_laws.bears_trade, combat_laws.first_striker_unharmed):
        return prop.needs <= features
    if prop.check is damage_laws.multiplier_and_plus_in_both_orders:  # issue 19
        return damage_laws.usable_modifier_orders(features)
    if prop.check is damage_laws.cant_be_prevented_is_dealt_whatever_the_shields:
        return damage_laws.usable_cant_be_prevented(features)
    if prop.check is emblem_laws.emblems_agree_with_reference:  # issue 41
        return emblem_laws.usable(features)
    if prop.check is leaving_laws.leaving_agrees_with_reference:  # issue 40
        return leaving_laws.usable(features)
    if prop.check is arithmetic_laws.arithmetic_agrees_with_reference:  # issue 41
        return arithmetic_laws.usable(features)
    if prop.check is prevention_laws.prevention_variants_agree_with_reference:  # issue 41
        return prevention_laws.usable(features)
    if prop.check is attachment_laws.attachments_agree_with_reference:  # issue 40
        return attachment_laws.usable(features)
    if prop.check is spell_copy_laws.spell_copies_agree_with_reference:  # issue 40
        return spell_copy_laws.usable(features)
    if prop.check is entering_laws.entering_agrees_with_reference:  # issue 40
        return entering_laws.usable(features)
    if prop.check is regeneration_laws.regeneration_agrees_with_reference:  # issue 40
        return regeneration_laws.usable(features)
    if prop.check is face_laws.faces_agree_with_reference:  # issue 40
        return face_laws.usable(features)
    if prop.check is target_laws.targets_agree_with_reference:  # issue 40
        return target_laws.usable(features)
    if prop.check in (copy_laws.copy_ignores_changes_to_the_original, copy_laws.star_cards_take_their_value,
                      copy_laws.copies_agree_with_reference):
        return copy_laws.usable(prop.check, features)
    if prop.check in (counter_laws.counter_doublers_multiply, counter_laws.plus_and_double_orders,
                      counter_laws.halving_and_doubling_orders,
                      counter_laws.token_doublers_multiply, counter_laws.counters_agree_with_reference):
        return counter_laws.usable(prop.check, features)
    return prop.needs <= features and bool(features & {"layer-7b", "layer-7c", "layer-7d"})


def unlocking(prop: Property, features: frozenset[str], available: frozenset[str]) -> frozenset[str] | None:
    """The fewest features of ``available`` (those the reference engine has) that an engine with
    ``features`` would add for ``prop`` to run: those it needs and lacks, plus one more where
    :func:`usable` asks for one of several (any layer-7 effect, a doubler of something, ...), the
    first in the vocabulary's order; ``frozenset()`` when it runs already, ``None`` when no such
    set is found."""
    if usable(prop, features):
        return frozenset()
    missing = (prop.needs - features) & available
    if usable(prop, features | missing):
        return frozenset(missing)
    from conformance.format.features import FEATURES

    for extra in (f for f in FEATURES if f in available - features - missing):
        if usable(prop, features | missing | {extra}):
            return frozenset(missing | {extra})
    return None
