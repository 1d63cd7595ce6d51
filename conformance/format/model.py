"""The case model in one namespace: every class and function of the scenario format.

Each part lives in its own module, by idea: :mod:`~conformance.format.values` (frozen plain data),
:mod:`~conformance.format.expressions` (filters and expressions), :mod:`~conformance.format.abilities`,
:mod:`~conformance.format.objects` (cards and objects), :mod:`~conformance.format.steps`,
:mod:`~conformance.format.players`, :mod:`~conformance.format.case`, and
:mod:`~conformance.format.plain` (the plain JSON form). ``from conformance.format import model as s``
gives them all, as ``conformance.format.model`` (its old name, still importable) did.

A case is players, objects with printed characteristics, and ordered steps; some steps are
checkpoints (:class:`Expect`). Step order is timestamp order (CR 613.7). Everything here is a
frozen dataclass; :meth:`Case.to_dict` gives the plain JSON form engines receive, with every
default made explicit, and :meth:`Case.from_dict` reads it back. The field names of each class
are the keys of the matching definition in ``schema/scenario.schema.json``; a test keeps the two
in step.
"""

from conformance.format.values import (  # noqa: F401
    freeze, frozen_counts, FROZEN_EMPTY, is_mapping, thaw,
)
from conformance.format.expressions import (  # noqa: F401
    CardTypes, Count, Expression, expression_from, Filter, Life, MANA_VALUE, Sum, X,
)
from conformance.format.expressions import (  # noqa: F401  (arithmetic, 107.1: issue 41)
    Difference, Greatest, GREATEST_OF, Half, Negative, operands, ROUNDING, Twice, with_operands,
)
from conformance.format.abilities import (  # noqa: F401
    Ability, ability_from, AbilityEffect, Activated, AsEntersChoose, AsEntersPT, BecomeCopyTemplate,
    BecomeTemplate, CantLose, CdaColors, CdaPT, Change, CHARACTERISTIC_ABILITIES, CHARACTERISTICS,
    CopyExceptions, DoubleDamage, EntersAsCopy, Keyword, KEYWORDS, ModifyDamage, Morph, PLAYER_ABILITIES,
    PreventionExtra, Protection, PROTECTION_QUALITIES,
    PreventDamageAbility, Static, StaticCopy, StaticPT, Text, Triggered,
)
from conformance.format.abilities import (  # noqa: F401  (counters, tokens, loyalty: issue 18)
    COUNTER_ABILITIES, LoyaltyAbility,
)
from conformance.format.abilities import (  # noqa: F401  (combat: issue 19)
    BlockAdditional, COMBAT_ABILITIES,
)
from conformance.format.counters import (  # noqa: F401
    COUNT_MODES, CounterReplacement, EntersWithCounters, TokenReplacement,
)
from conformance.format.objects import (  # noqa: F401
    Card, Choices, ObjectSpec, ZONES,
)
from conformance.format.steps import (  # noqa: F401
    ACTIONS, Activate, AddMana, Become, BecomeCopy, canonical_observations, CHARACTERISTIC_ACTIONS,
    CreateToken, Damage, DoubleCounters, DoubleLife, DoubleMana, DoublePT, EndEffect, EndTurn,
    Expect, GainLife, LoseLife, MANA_TYPES, ModifyPT, Move, PLAYER_ACTIONS, PreventDamage, PTEffect,
    PutCounters, PutPlayerCounters, RedirectDamage, RemoveCounters, RemovePlayerCounters, SetPT,
    Step, step_from, STEPS, SwitchPT, Together, Trigger, TriplePT, TurnFaceDown, TurnFaceUp,
    ResolveTriggers, ActivateMana,
)
from conformance.format.events import (  # noqa: F401
    CountersPut, DoubleLifeGain, DoubleLifeLoss, EffectCounters, EffectDamage, EffectGainLife, EffectLoseLife, EffectPT,
    EVENT_ABILITIES, EVENT_EFFECTS, EVENT_KINDS, LIFE_RELATIONS, ManaAbility, MultiplyMana, THAT_MANY, TriggerEvent,
)
from conformance.format.trigger_events import (  # noqa: F401  (trigger events and effects: issue 41)
    BeginningOfStep, BeginningOfStepStep, CountersRemoved, EffectRemoveCounters, EffectReturnCard, ITS_POWER,
)
from conformance.format.leaving import BeginTurn, LeaveGame  # noqa: F401  (leaving the game: issue 40)
from conformance.format.cant import (  # noqa: F401  ("can't" and floors: issue 41)
    CANT_ABILITIES, CantGainLife, CantHaveCounters, CantLoseLife, LifeFloor,
)
from conformance.format.casting import (  # noqa: F401  (casting and X: issue 41)
    CAST_ABILITIES, Cast, Spell, SpellCounters, SpellDamage, SpellGainLife, cost_symbols, pays, total_cost,
)
from conformance.format.spell_copies import SACRIFICED_POWER, SpellCopy, chosen_mode  # noqa: F401  (issue 40)
from conformance.format.prevention_variants import (  # noqa: F401  (prevention variants: issue 41)
    DamageCantBePrevented, PREVENTION_VARIANT_ABILITIES, SOURCE_CONTROLLER, StaticRedirection,
)
from conformance.format.entering_choices import (  # noqa: F401  (entering tapped, choices: issue 40)
    CHOSEN_COLOR, COLOR_WORDS, ENTERING_ABILITIES, EntersTapped, Fading, PermanentsEnterTapped,
)
from conformance.format.targets import (  # noqa: F401  (targets: issue 40)
    CantBeTargeted, DamageTarget, DamageTargets, TARGET_ABILITIES, TARGET_EFFECTS, TARGET_KEYWORDS,
)
from conformance.format.combat import Combat  # noqa: F401
from conformance.format.emblems import (  # noqa: F401  (emblems: issue 41)
    COMMAND, CreateEmblem, EMBLEM_ABILITIES,
)
from conformance.format.attachments import (  # noqa: F401  (Auras and Equipment: issue 40)
    ATTACHMENT_ABILITIES, ATTACHMENT_STEPS, Attach, AURA, Enchant, EQUIPMENT, Unattach,
)
from conformance.format.regeneration import Destroy, Regenerate  # noqa: F401  (issue 40)
from conformance.format.faces import (  # noqa: F401  (double-faced and flip cards: issue 40)
    FACE_STEPS, Flip, FlipSide, Transform,
)
from conformance.format.plain import (  # noqa: F401
    ABILITY_FIELDS, plain_ability, plain_value,
)
from conformance.format.players import (  # noqa: F401
    PlayerSpec, ranges_from, STARTING_LIFE,
)
from conformance.format.case import (  # noqa: F401
    plain_step, Case, Source, written_objects, written_steps,
)
