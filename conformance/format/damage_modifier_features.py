"""Features of damage modifiers, partial prevention, prevention with an additional effect, damage
that can't be prevented, infect, wither and protection (issue 19; CR 614.1a, 615.1, 615.5,
615.12, 702.80, 702.90, 702.16), merged into :mod:`conformance.format.features`."""

from __future__ import annotations

from collections.abc import Iterator

from conformance.format.abilities import Keyword, ModifyDamage, PreventDamageAbility, Protection
from conformance.format.steps import Damage, Step

FEATURES: dict[str, str] = {
    "damage-modifiers": "static replacement effects multiplying damage (triple: 701.11) or adding N to it, limited by the "
                        "source and by the recipient (an opponent, a permanent an opponent controls), in the affected "
                        "player's order (CR 614.1a, 616.1)",
    "partial-prevention": "static prevention of half the damage (rounded up or down) or of all but N of it (CR 615.1)",
    "prevention-extras": "prevention effects with an additional effect on their own permanent, counters put or removed for "
                         "each 1 damage prevented or for the damage they applied to, right after the prevention, only "
                         "where it applied (CR 615.5, 801.13b)",
    "cant-be-prevented": "damage that can't be prevented: prevention effects apply, prevent nothing, use up no shield, "
                         "their additional effects happen; it can still be redirected (CR 615.12, 615.12a)",
    "infect": "infect: damage to a player as poison counters, to a creature as -1/-1 counters, still damage "
              "(lifelink, doubling) (CR 702.90b-c, 120.3b, 120.3d)",
    "wither": "wither: damage to a creature as -1/-1 counters (CR 702.80a, 120.3d)",
    "protection": "protection from a colour or a card type, as far as damage goes: damage from sources with that "
                  "quality is prevented (CR 702.16e)",
}

RULES: dict[str, tuple[str, ...]] = {
    "damage-modifiers": ("614.1a", "701.11", "616.1"),
    "partial-prevention": ("615.1",),
    "prevention-extras": ("615.5",),
    "cant-be-prevented": ("615.12",),
    "infect": ("702.90b", "702.90c", "120.3b", "120.3d"),
    "wither": ("702.80a", "120.3d"),
    "protection": ("702.16e",),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "partial-prevention": ("prevention",),
    "prevention-extras": ("prevention", "counters"),
    "cant-be-prevented": ("prevention",),
    "infect": ("counters", "player-counters"),
    "wither": ("counters",),
    "protection": ("prevention",),
}
"""An engine handling these needs the plain prevention, counters and poison counters they build on."""

KEYWORD_FEATURES = {"infect": "infect", "wither": "wither"}


def ability_features(ability: object) -> Iterator[str]:
    """The features an ability needs, wherever a case has it (a card, an ability gained, a copy
    exception)."""
    if isinstance(ability, ModifyDamage):
        yield "damage-modifiers"
    elif isinstance(ability, PreventDamageAbility):
        if ability.half is not None or ability.all_but is not None:
            yield "partial-prevention"
        if ability.then is not None and ability.then.counters:  # life and damage: prevention_variant_features
            yield "prevention-extras"
    elif isinstance(ability, Protection):
        yield "protection"
    elif isinstance(ability, Keyword) and ability.keyword in KEYWORD_FEATURES:
        yield KEYWORD_FEATURES[ability.keyword]


def step_features(step: Step) -> Iterator[str]:
    """The features a step needs (``together`` parts already flattened)."""
    if isinstance(step, Damage) and step.cant_be_prevented:
        yield "cant-be-prevented"
