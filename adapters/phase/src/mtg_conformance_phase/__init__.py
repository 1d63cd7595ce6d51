"""An adapter for phase.rs (https://github.com/phase-rs/phase), through its Python bindings.

``mtg-conformance run --engine phase`` runs the suite against it, once this distribution is
installed (``pip install -e adapters/phase``, which installs ``phase-python`` from PyPI). What it
does, and why each choice is faithful, is in adapters/phase/README.md; in short:

- **Cards** are built per scenario, with no download: each object gets an MTGJSON-shaped card
  whose Oracle text is synthesized from its abilities ("Creatures you control get +0/+2.",
  "This creature's power and toughness are each equal to the number of creatures you
  control."), turned into a card face by ``phase.build_oracle_face``, phase's own Oracle parser.
  Real cards the golden cases name keep their true Oracle facts (:data:`REAL_CARDS`, checked).
  Every parsed face is compared with what its text means (:func:`check_parse`): text phase
  reads otherwise is reported as unsupported, never run.
- **Boards** are set up with phase's debug actions (cards moved to their zones in declaration
  order, so timestamps follow it; counters; control), then state-based actions are performed.
- **Effects** (``set_pt``, ``modify_pt``, ``switch_pt``, ``double_pt``, ``triple_pt``) are
  synthesized instants ("Target creature gets +1/+0 until end of turn.", "Double target
  creature's power until end of turn.") cast by the effect's controller and resolved by passing
  priority: phase creates the effect, fixes doubling amounts and locks ``to_each`` sets itself.
  An effect lasting ``until: ended`` is cast the same way, then its duration is changed from
  "until end of turn" to permanent in phase's state; ``end_effect`` removes it from the state.
- **Counters** and **zone changes** are phase's debug actions ``ModifyCounters`` and
  ``MoveToZone``; **state-based actions** follow every step (phase performs them itself after
  a spell resolves, and on ``RunStateBasedActions`` after a debug action). ``end_turn`` moves to
  the end step and passes priority through the cleanup step into the next turn.
- A ``together`` step (one event) either injects its modify/set/switch effects on single
  objects straight into phase's continuous effects (the very entries phase's own spells create)
  and applies its counters, moves and ends of effects, or, when a part needs a resolving spell
  (a doubling, a tripling, a ``to_each`` effect), is one spell with a sentence per part ("It gets
  +0/+7 until end of turn."): either way state-based actions are checked once, after the event.
- **Type and colour changes** (``become`` steps, static abilities' ``becomes``) are real Oracle
  wording parsed by phase (:mod:`.changes`): "Target permanent becomes an Illusion in addition to
  its other types until end of turn.", "All creatures are black."; abilities given as Oracle text
  are kept when phase reads them as activated abilities only.
- ``double_counters`` on a permanent is phase's own "Double the number of +1/+1 counters on
  target permanent.".
- **Damage** (noncombat) is dealt by a synthesized instant standing in for the scenario's source
  ("Cfx Spell 4 deals 3 damage to target creature.", "... to target player.", "... to each
  creature you control."), cast by the source's controller: nothing realised here depends on the
  source beyond that. **Life** changes and **prevention shields** are spells too ("Target player
  loses 2 life.", "Double target player's life total.", "Prevent the next 3 damage that would be
  dealt to target player this turn."). A player who loses leaves phase's game (CR 104.2a,
  800.4a): what the scenario does after that is unsupported. An effect aimed at an object that
  has since left the battlefield (or damage from a source that has) is the step's spell cast while
  the object was there, waiting on phase's stack under the spell that removes it (:mod:`.late_targets`,
  CR 608.2b, 113.7a).
- **Combat** (``combat`` steps) is phase's own combat phase (:mod:`.combat_plan`, :mod:`.combat`):
  priority passed from the first main phase into combat, phase's prompts to declare attackers
  and blockers and to divide combat damage answered with what the case declares and scripts
  (checked against what phase offers); first and double strike, trample, deathtouch, lifelink,
  vigilance, blocking restrictions and protection are phase's. A creature blocking several
  attackers is refused (phase divides its damage itself, CR 510.1d).
- **Players and damage/life replacements** (:mod:`.life_replacements`, :mod:`.player_counters`,
  :mod:`.counter_halving`, :mod:`.static_prevention`, :mod:`.damage_modifiers`): Boon Reflection's,
  Bloodletter's, Platinum Angel's, Vorinclex's, the Hydras', Daunting Defender's, Fiery
  Emancipation's and Torbran's Oracle sentences read by phase's own replacement pipeline; counters
  on players with ``ModifyPlayerCounters`` / ``ModifyEnergy``.
- **Snapshots** read ``game.object(id)``: counters ``P1P1``/``M1M1`` become ``+1/+1``/``-1/-1``,
  zones are lower-cased, a controller and damage marked are reported only on the battlefield
  (damage is 0 elsewhere); ``game.player(seat)`` gives life, whether the player lost, and their counters.

A game is prepared once per board and forked (``state()`` / ``load_game``) for every case that
starts from the same cards and board.

The package, in the order a case flows through it: :mod:`.bindings` (phase-python imported, its
version, the names and limits every part shares), :mod:`.wording` (the Oracle text written for
the suite's abilities and effects, and the check of phase's parse), :mod:`.changes` (the wording
of type and colour changes), :mod:`.cards` (the cards and
synthesized spells), :mod:`.plan` (how each step will be realised, decided before the game
starts; :mod:`.combat_plan` for combat steps), :mod:`.board` (the game dealt, forked and set
up; the primitives), :mod:`.steps` (each step performed in phase's game; :mod:`.combat` for
combat phases; mana abilities and pools in :mod:`.mana`, loyalty abilities in :mod:`.loyalty`,
triggered abilities in :mod:`.triggers`, their wording in :mod:`.ability_lines` and
:mod:`.trigger_lines`), :mod:`.observation` (snapshots read back); here,
:class:`Session` (one case played) and :class:`PhaseEngine`.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from mtg_conformance_phase.bindings import (ENGINE_CACHE_SIZE, FEATURES, FORK_CACHE_SIZE, OBSERVABLES,
                                                         AdapterFault, _phase, engine_version)
from mtg_conformance_phase.late_targets import TargetLeft, played_late
from mtg_conformance_phase.observation import Observation
from mtg_conformance_phase.plain_spells import plan_prevention as _plan_prevention
from mtg_conformance_phase.plan import Plan, _plan_damage, counter_kind, plan_case
from mtg_conformance_phase.steps import Steps
from mtg_conformance_phase.wording import effect_sentence, group, pt_change

__all__ = ["FEATURES", "OBSERVABLES", "AdapterFault", "PhaseEngine", "Plan", "Session", "_plan_damage",
           "_plan_prevention", "counter_kind", "effect_sentence", "engine_version", "group", "plan_case", "pt_change"]


class Session(Steps, Observation):
    """One case played in phase."""

    def run(self) -> list[dict[str, Any]]:
        self.start()
        snapshots = []
        waiting = self.plan.waiting
        for index, (kind, realisation) in enumerate(self.plan.steps):
            if kind == "expect":
                snapshot = self.snapshot(objects=bool(realisation.get("objects")))
                if realisation.get("players") is not None:
                    snapshot["players"] = self.players(mana=any("mana" in values
                                                                for values in realisation["players"].values()))
                snapshots.append(snapshot)
                continue
            try:
                if waiting is not None and index == waiting.cast_at:  # CR 608.2b (.late_targets)
                    self.put_early(self.plan.steps[waiting.resolves_at][1])
                self.setting_up = index < self.plan.starting  # the starting mana pools (.plan, CR 106.4)
                self.perform(kind, realisation)
            except TargetLeft as left:
                left.step = index if left.step is None else left.step
                raise
        return snapshots


class PhaseEngine:
    """phase.rs as an engine of the suite (``--engine phase``)."""

    fork_cache_size = FORK_CACHE_SIZE

    def __init__(self) -> None:
        self.phase = _phase()
        self.engines: OrderedDict[str, Any] = OrderedDict()
        self.forks: OrderedDict[str, tuple[str, list[tuple[int, str, int, str]]]] = OrderedDict()

    def describe(self) -> dict[str, Any]:
        from conformance.format.features import FEATURES as VOCABULARY

        version, commit = engine_version()
        return {
            "name": "phase.rs (phase-python)",
            "version": version + (f" (phase-rs {commit[:12]})" if commit else ""),
            "features": [f for f in FEATURES if f in VOCABULARY],
            "observables": OBSERVABLES,
        }

    def run(self, case: dict[str, Any]) -> list[dict[str, Any]]:
        plan = plan_case(case)
        try:
            try:
                return Session(self, case, plan).run()
            except TargetLeft as left:  # CR 608.2b, 113.7a: the spell cast before it left (.late_targets)
                return played_late(self, case, left, Session, plan_case)
        except Exception:
            raise
        except BaseException as exc:  # a Rust panic reaches Python as pyo3's PanicException, a BaseException
            if type(exc).__name__ != "PanicException":
                raise
            self.engines.clear()  # nothing that saw the panic is reused
            self.forks.clear()
            raise AdapterFault(f"phase panicked: {exc}") from exc

    # caches

    def engine_for(self, plan: Plan):
        """A phase card database holding exactly this case's cards (one per distinct set of cards)."""
        key = plan.key
        engine = self.engines.get(key)
        if engine is None:
            faces = {name.lower(): card.face for name, card in plan.cards.items()}
            engine = self.engines[key] = self.phase.Engine.from_json(json.dumps(faces))
            while len(self.engines) > ENGINE_CACHE_SIZE:
                self.engines.popitem(last=False)
        else:
            self.engines.move_to_end(key)
        return engine

    def remember(self, key: str, prepared: tuple[str, list[tuple[int, str, int, str]]]) -> None:
        if not self.fork_cache_size:
            return
        self.forks[key] = prepared
        while len(self.forks) > self.fork_cache_size:
            self.forks.popitem(last=False)
