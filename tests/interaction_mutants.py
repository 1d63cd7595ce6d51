"""Mutant engines about interactions (issue 39): the reference engine with one realistic bug each,
a bug that lives only where two rules meet on one event or object (the rows of
conformance/data/interactions.yaml). Each is right on every element alone: a multicoloured source
and protection each work, a prevention shield and wither each work, and so on; only their meeting
goes wrong, as the engines' issue trackers show. See tests/mutants.py."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from conformance.format import model as s
from reference_engine import (Game, counter_replacement, damage, doubling, layers, prevention, protection, tokens,
                              triggers)
from reference_engine import combat as rules
from reference_engine.counter_replacement import apply_in_order, counter_replacements, replacements_once_modified
from reference_engine.filters import matches
from reference_engine.layer_7 import PowerToughness
from reference_engine.objects import Sublayer
from reference_engine.prevention import PreventionShield, StaticPrevention
from reference_engine.range_of_influence import abilities_now, as_source
from tests.combat_mutants import _CombatGame

MINUS, POISON = "-1/-1", "poison"


@contextmanager
def _replaced(module: Any, name: str, value: Any) -> Iterator[None]:
    """``module.name`` is ``value`` for the time of one call of the mutant's (the engine runs one
    case at a time, and the reference engine never runs inside it)."""
    saved = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, saved)


@contextmanager
def _during(game: Any, flag: str) -> Iterator[None]:
    """``game`` is marked with ``flag`` for the time of one of its steps (a hook sees it)."""
    game.__dict__[flag] = True
    try:
        yield
    finally:
        del game.__dict__[flag]


# --- one damage event: protection, prevention, lifelink, deathtouch, infect and wither ----------


class _ProtectionColoursGame(Game):
    """Protection, as it prevents damage, reads the source's colours as :meth:`colours` gives them."""

    def modified(self, event, order):
        def reading(game, f, obj, *, you, source=None):
            chars = as_source(game, obj)
            chars = dataclasses.replace(chars, values=chars.values.with_(colors=self.colours(chars)))
            return matches(f, obj, you=you, source=source, chars=chars)
        with _replaced(protection, "source_matches", reading):
            return super().modified(event, order)

    def colours(self, chars):  # pragma: no cover - every subclass overrides it
        raise NotImplementedError


class ProtectionFirstColourOnlyGame(_ProtectionColoursGame):
    """Protection reads only the first colour of a source of two or more colours: a white-and-red
    source deals its damage to a creature with protection from red (702.16e, 105.2: it is each of
    its colours). One colour, or protection alone, is right."""

    def colours(self, chars):
        return chars.values.colors[:1]


class ProtectionPrintedColourGame(_ProtectionColoursGame):
    """Protection reads the source's colour as printed (its copiable values), not as colour-changing
    effects made it: a red creature turned blue still has its damage prevented by protection from
    red, a blue one turned red does not (702.16e, 613.1e). Colour changes alone are right, and so
    is protection from a source that kept its colour."""

    def colours(self, chars):
        return chars.copiable.colors


class _DamageWatch(Game):
    """Sees each damage event as replacement and prevention effects modify it: :meth:`watched`
    gets the event, the events dealt instead, and how much prevention effects prevented of it
    (damage that can't be prevented: none, 615.12). :meth:`event_over` comes once the damage event
    (a damage step, a combat damage step) is over, before its additional effects (615.5)."""

    def modified(self, event, order):
        self.__dict__["_watching"] = [event, 0]
        try:
            dealt = super().modified(event, order)
        finally:
            _, prevented = self.__dict__.pop("_watching")
        self.watched(event, dealt, prevented)
        return dealt

    def prevented_amount(self, effect, amount):
        wanted = super().prevented_amount(effect, amount)
        watching = self.__dict__.get("_watching")
        if watching is not None and not watching[0].unpreventable:
            watching[1] += wanted
        return wanted

    def additional_prevention_effects(self, order):
        self.event_over()
        super().additional_prevention_effects(order)

    def watched(self, event, dealt, prevented) -> None:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def event_over(self) -> None:
        """The damage event is over: what was kept for it goes."""
        self.__dict__.pop("_pending", None)

    def pending(self) -> Counter:
        """What a subclass keeps for the damage event until it is over (by source, or by recipient)."""
        return self.__dict__.setdefault("_pending", Counter())


class LifelinkBeforePreventionGame(_DamageWatch):
    """Lifelink gains the damage as it was before prevention effects reduced it: a 4-power lifelinker
    whose damage a shield cuts to 1 gains 4 (702.15b, 615.6: prevented damage is not dealt). Lifelink
    with no prevention, and prevention of a source without lifelink, are right. (Where all of it is
    prevented nothing is dealt, and it gains nothing, as the reference engine does.)"""

    def watched(self, event, dealt, prevented):
        self.pending()[event.source] += prevented

    def lifelink_gain(self, source, player, amount):
        super().lifelink_gain(source, player, amount + self.pending().pop(source, 0))


class DeathtouchThroughPreventionGame(_DamageWatch):
    """Deathtouch destroys a creature whose damage from the source was all prevented: a shield or
    protection stops the damage, yet the creature dies (702.2b: it needs damage dealt; 615.6).
    Deathtouch alone, and prevention of a source without deathtouch, are right."""

    def watched(self, event, dealt, prevented):
        recipient = self.objects.get(event.recipient)
        if (prevented > 0 and recipient is not None and not any(e.recipient == event.recipient for e in dealt)
                and as_source(self, self.objects[event.source]).values.has_keyword(damage.DEATHTOUCH)):
            self.deathtouched.add(recipient.ref)


class CountersBeforePreventionGame(_DamageWatch):
    """Wither and infect turn the damage into counters before prevention effects see it, as if they
    were replacement effects applying first: a shield that prevents 2 of 3 wither damage leaves 3
    -1/-1 counters, not 1; infect damage to a player gives the poison counters of the damage before
    prevention (702.80a, 702.90b-c, 120.3b, 120.3d, 615.6). Wither and infect with no prevention,
    and prevention of ordinary damage, are right."""

    def watched(self, event, dealt, prevented):
        if prevented <= 0:
            return
        keywords = as_source(self, self.objects[event.source]).values
        infect, wither = keywords.has_keyword(damage.INFECT), keywords.has_keyword(damage.WITHER)
        if event.recipient in self.player_states:
            if infect:
                self.pending()[(POISON, event.recipient)] += prevented
        elif (infect or wither) and damage.is_creature(self, self.objects[event.recipient]):
            self.pending()[(MINUS, self.objects[event.recipient].ref)] += prevented

    def put_counters_on(self, obj, kind, count):
        extra = self.pending().pop((MINUS, obj.ref), 0) if kind == MINUS else 0
        super().put_counters_on(obj, kind, count + extra)

    def event_over(self):
        """The counters of damage that was all prevented (so none was put with it)."""
        for (kind, whom), count in list(self.pending().items()):
            if kind == POISON:
                self.player_states[whom].counters[POISON] += count
            elif self.objects[whom[0]].ref == whom and self.objects[whom[0]].zone == "battlefield":
                super().put_counters_on(self.objects[whom[0]], MINUS, count)
        layers.invalidate(self)
        super().event_over()


class _ShieldsRestored(rules.Combat):
    def damage_step(self, first_strike, creatures):
        if first_strike:
            self.kept = [(e, e.remaining) for e in self.game.damage_effects if isinstance(e, PreventionShield)]
        else:
            for shield, remaining in getattr(self, "kept", ()):
                shield.remaining = remaining
        super().damage_step(first_strike, creatures)


class ShieldRestoredBetweenStepsGame(_CombatGame):
    """A "prevent the next N damage" shield used in the first-strike combat damage step is whole
    again for the regular one, as if each step worked on a copy of the shields (615.7, 510.4). A
    shield across noncombat damage events, and combat with one damage step, are right."""

    combat_class = _ShieldsRestored


class _OncePerCombat(rules.Combat):
    def damage_step(self, first_strike, creatures):
        self.game.__dict__["_combat_step"] = first_strike
        if first_strike:
            self.game.__dict__["_prevented_this_combat"] = set()
        try:
            super().damage_step(first_strike, creatures)
        finally:
            del self.game.__dict__["_combat_step"]


class StaticPreventionOncePerCombatGame(_CombatGame, _DamageWatch):
    """A static "prevent N of that damage" ability (615.10) that applied to a recipient's damage in
    the first-strike combat damage step does not apply to it again in the regular step, as if the
    whole combat were one damage event (510.4: each step's damage is its own event). Static
    prevention of noncombat damage, and combat with one damage step, are right; protection is not
    touched."""

    combat_class = _OncePerCombat

    def watched(self, event, dealt, prevented):
        pass

    def prevented_amount(self, effect, amount):
        if self.__dict__.get("_combat_step") and isinstance(effect, StaticPrevention):
            self.__dict__["_prevented_this_combat"].add((effect.key, self.__dict__["_watching"][0].recipient))
        return super().prevented_amount(effect, amount)

    def prevention_reaches(self, effect, event):
        if (self.__dict__.get("_combat_step") is False and isinstance(effect, StaticPrevention)
                and (effect.key, event.recipient) in self.__dict__.get("_prevented_this_combat", ())):
            return False
        return super().prevention_reaches(effect, event)


class ProtectionPreventsUnpreventableGame(Game):
    """Protection is checked before the damage event, outside the prevention effects, so damage that
    can't be prevented is still stopped by it (615.12: protection is a prevention effect, and
    prevents nothing of such damage), as XMage did until magefree/mage#10652 (Questing Beast against
    protection). Other prevention effects against such damage, and protection against ordinary
    damage, are right."""

    def modified(self, event, order):
        if event.unpreventable and any(prevention.applies(self, p, event) for p in protection.statics(self)):
            return []
        return super().modified(event, order)


class RedirectionLosesLifelinkGame(_DamageWatch):
    """Damage a redirection effect moved to another recipient gains no life by lifelink, as if the
    redirected damage were dealt by the redirection, not by its source (614.9: the source still
    deals it; 702.15b). Lifelink without redirection, and redirection of a source without lifelink,
    are right."""

    def watched(self, event, dealt, prevented):
        self.pending()[event.source] += sum(e.amount for e in dealt if e.recipient != event.recipient)

    def lifelink_gain(self, source, player, amount):
        kept = amount - self.pending().pop(source, 0)
        if kept > 0:
            super().lifelink_gain(source, player, kept)


class InfectToPlaneswalkerAsCountersGame(Game):
    """Damage from a source with infect or wither to a planeswalker puts -1/-1 counters on it instead
    of removing loyalty counters, as both do to creatures (120.3c: loyalty is removed, infect or not;
    702.90c, 702.80a). Infect to creatures and players, and damage to planeswalkers from other
    sources, are right."""

    def loyalty_damage(self, obj, amount, *, infect, wither):
        if not (infect or wither):
            super().loyalty_damage(obj, amount, infect=infect, wither=wither)
        elif not damage.is_creature(self, obj):  # a creature gets its -1/-1 counters as one (120.3d)
            self.put_counters_on(obj, MINUS, amount)


class StolenLifelinkToOwnerGame(Game):
    """Lifelink makes the source's owner gain the life, not its controller: a stolen lifelinker's
    damage gains life for the player it was stolen from (702.15b). Lifelink of a source controlled
    by its owner, and control changes alone, are right."""

    def lifelink_gain(self, source, player, amount):
        super().lifelink_gain(source, self.objects[source].owner, amount)


# --- state-based actions and indestructible ----------------------------------------------------------


class IndestructibleFromCopiableValuesGame(Game):
    """State-based actions read indestructible from the permanent's copiable values (printed, or
    copied), not as effects changed its abilities: a creature that gained indestructible is
    destroyed by lethal damage, one that lost it survives (702.12b, 613.1f). Printed indestructible,
    and gained or lost abilities elsewhere, are right."""

    def check_state_based_actions(self):
        original = damage.has_keyword

        def copiable(game, obj, keyword):
            if keyword == damage.INDESTRUCTIBLE:
                return layers.characteristics(game, obj).copiable.has_keyword(keyword)
            return original(game, obj, keyword)
        with _replaced(damage, "has_keyword", copiable):
            super().check_state_based_actions()


class IndestructibleSurvivesZeroToughnessGame(Game):
    """An indestructible creature with toughness 0 or less stays on the battlefield, as if 704.5f
    destroyed (702.12b: indestructible stops destruction only; 704.5f puts the creature into its
    owner's graveyard). Toughness 0 without indestructible, and indestructible against lethal damage,
    are right."""

    def check_state_based_actions(self):
        original = self.power_toughness

        def spared(obj):
            pt = original(obj)
            if (pt.toughness is not None and pt.toughness <= 0 and obj.zone == "battlefield"
                    and damage.has_keyword(self, obj, damage.INDESTRUCTIBLE)):
                return PowerToughness(pt.power, 1, pt.sublayers)
            return pt
        self.power_toughness = spared
        try:
            super().check_state_based_actions()
        finally:
            del self.power_toughness


# --- counters put, and their replacement effects ----------------------------------------------------


def _replaced_count(game: Any, event: Any, order: tuple[str, ...], candidates: list, later: list) -> int:
    """``event``'s count once ``candidates`` (and ``later``, 614.16) applied in ``order`` (616.1)."""
    if not candidates:
        return event.count
    return apply_in_order(candidates, event.count, order, f"the {event.kind} counters put on {event.object}",
                          game.may_replace_again, later=later)


class PreventionExtraCountersNotReplacedGame(Game):
    """The counters a prevention effect's additional effect puts ("put a +1/+1 counter on it for each
    1 damage prevented") are put as they are, without counter replacement effects (615.5, 614.16:
    Doubling Season doubles them): the reference engine's own bug before issue 39. Counters an effect
    puts, and the additional effect with no replacement, are right."""

    def additional_prevention_effects(self, order):
        with _during(self, "_extras"):
            super().additional_prevention_effects(order)

    def replaced_counter_count(self, event, order, *, entering=False):
        if self.__dict__.get("_extras"):
            return event.count
        return super().replaced_counter_count(event, order, entering=entering)


class DoubledCountersNotReplacedGame(Game):
    """Doubling the counters on a permanent adds them directly, without counter replacement effects
    (701.10e: it puts that many counters, so Doubling Season applies, 614.1a): the reference
    engine's own bug before issue 39. Doubling counters with no replacement, and counters an effect
    puts, are right."""

    def double_counters(self, step):
        if step.player is not None:
            return super().double_counters(step)
        obj = self.objects[step.object]
        self.put_counters_on(obj, step.kind, doubling.bonus(obj.counters[step.kind], 2))
        layers.invalidate(self)


class KindLimitedReplacementForEveryKindGame(Game):
    """A counter replacement limited to one kind of counter ("twice that many +1/+1 counters",
    Hardened Scales' "+1/+1 counters") applies to counters of every kind: -1/-1 and loyalty counters
    too (614.1a, 122.1a). Replacements for every kind, and counters of the named kind, are right."""

    def replaced_counter_count(self, event, order, *, entering=False):
        kinds = sorted({a.kind for o in self.objects.values() if o.zone == "battlefield"
                        for a in abilities_now(self, o, s.CounterReplacement) if a.kind not in (None, event.kind)})

        def every_kind(find):
            found = find(event)
            for kind in kinds:
                found += [r for r in find(dataclasses.replace(event, kind=kind)) if r.ability.kind == kind]
            return found
        candidates = every_kind(lambda e: counter_replacements(self, e, entering=entering))
        later = every_kind(lambda e: replacements_once_modified(self, e, entering=entering)) if candidates else []
        return _replaced_count(self, event, order, candidates, later)


class OpponentHalvingReadsOwnerGame(Game):
    """"If an opponent would put one or more counters, they put half that many" (Vorinclex,
    Monstrous Raider) reads "opponent" from its permanent's owner, not its controller: a stolen
    Vorinclex halves its new controller's counters and not its owner's (614.1a, 613.1b, 109.5).
    Halving on a permanent its owner controls, and other replacements of stolen permanents, are
    right."""

    def replaced_counter_count(self, event, order, *, entering=False):
        def halving(r):
            return r.ability.mode == "half" and r.ability.by_opponent
        normal = counter_replacements(self, event, entering=entering)
        with _replaced(counter_replacement, "controller_of", lambda game, obj: obj.owner):
            by_owner = counter_replacements(self, event, entering=entering)
        candidates = [r for r in normal if not halving(r)] + [r for r in by_owner if halving(r)]
        later = replacements_once_modified(self, event, entering=entering) if candidates else []
        return _replaced_count(self, event, order, candidates, later)


# --- tokens -----------------------------------------------------------------------------------------


class _DoubledCopiesGame(Game):
    """Creates the tokens a token replacement adds to a copy effect (beyond the step's ``count``)
    with :meth:`extra` instead of the step."""

    def perform(self, step):
        if not isinstance(step, s.CreateToken) or step.copy_of is None:
            return super().perform(step)
        create_one, made = tokens._create_one, []

        def each(game, one_step, name, copied, faces=None):
            made.append(name)
            if len(made) > step.count:  # one the token replacement effects added (614.1a)
                one_step, copied = self.extra(one_step, copied)
                faces = faces if copied is not None else None  # (a double-faced original's faces: 707.8a)
            create_one(game, one_step, name, copied, faces)
        with _replaced(tokens, "_create_one", each):
            super().perform(step)

    def extra(self, step, copied):  # pragma: no cover - every subclass overrides it
        raise NotImplementedError


class DoubledCopiesNotCopiesGame(_DoubledCopiesGame):
    """Only the tokens the effect itself creates are copies: the extra tokens a token doubler adds to
    "create a token that's a copy of ..." get nothing of the original, the copy effect being applied
    to the first tokens only (707.2, 614.1a: every token created is a copy). Token copies with no
    doubler, and doubled tokens with given characteristics, are right."""

    def extra(self, step, copied):
        return step, None


class DoubledCopiesLoseExceptionsGame(_DoubledCopiesGame):
    """The extra tokens a token doubler adds to a copy effect with exceptions ("except it has haste",
    "except it's a 1/1") are plain copies: the exceptions are applied to the tokens the effect
    itself creates only (707.9, 614.1a). Copies with exceptions and no doubler, and doubled plain
    copies, are right."""

    def extra(self, step, copied):
        return dataclasses.replace(step, exceptions=None), copied


# --- triggered abilities --------------------------------------------------------------------------


class StolenTriggerOwnerControlsGame(Game):
    """A triggered ability of a permanent controlled by another than its owner is controlled by the
    owner (603.3a: by its source's controller as it triggered): a stolen creature's "you gain 2 life"
    gains the life for the player it was stolen from, as in magefree/mage#604. Triggers of
    permanents their owners control, and control changes alone, are right."""

    def check_state_based_actions(self):
        super().check_state_based_actions()
        for pending in triggers.waiting(self):  # every trigger waits through a check (117.5, 603.3)
            pending.controller = self.objects[pending.source].owner


class DealtDamageOncePerSourceGame(Game):
    """An "is dealt damage" ability triggers once for each source that dealt damage at once, each
    with its own amount, instead of once for the total (603.2c, 510.2; the Boros Reckoner ruling),
    as in magefree/mage#4015 (enrage). The triggers of one ability go on the stack in the order they
    triggered. Damage from one source, and damage at different times, are right."""

    def dealt_damage(self, obj, amount):
        triggers.dealt_damage(self, obj, amount)  # now, for this source's damage alone

    def stack_triggers(self, order):
        waiting = Counter(p.name for p in triggers.waiting(self))
        super().stack_triggers(tuple(n for name in dict.fromkeys(order) for n in [name] * max(waiting[name], 1)))


# --- life totals and layers -------------------------------------------------------------------------


class DoubledLifeTotalNotReplacedGame(Game):
    """Doubling a life total adds the life directly, not as a life-gain event that "gain twice that
    much" effects replace (701.10d, 614.1a). Doubling a life total with no replacement, and other
    life gains under a doubler, are right."""

    def double_life(self, step):
        with _during(self, "_doubling_life"):
            super().double_life(step)

    def life_gain_doublers(self, player):
        return 0 if self.__dict__.get("_doubling_life") else super().life_gain_doublers(player)


class AnthemReadsOwnerGame(Game):
    """A static "creatures you control get +N/+N" (or "your opponents' ... get -N/-N") ability reads
    "you" as its permanent's owner, not its controller: a stolen anthem keeps pumping its owner's
    creatures (613.1b, 604.2, 109.5). Anthems of permanents their owners control, and stolen
    creatures under their new controller's anthem, are right."""

    def power_toughness(self, obj):
        pt = super().power_toughness(obj)
        if pt.power is None or obj.zone != "battlefield":
            return pt
        board, power, toughness = layers.board(self), 0, 0
        for source in self.objects.values():
            chars = board.chars[source.id] if source.zone == "battlefield" else None
            if chars is None or (chars.controller or source.owner) == source.owner:
                continue
            for anthem in chars.values.has_ability(s.StaticPT):
                if anthem.effect != "modify_pt" or not all(type(n) is int for n in (anthem.power or 0, anthem.toughness or 0)):
                    continue
                read = [matches(anthem.affects, obj, you=you, source=source, chars=board.chars[obj.id])
                        for you in (chars.controller, source.owner)]
                sign = int(read[1]) - int(read[0])
                power, toughness = power + sign * (anthem.power or 0), toughness + sign * (anthem.toughness or 0)
        if sum(1 for e in layers.applicable_effects(self, obj) if e.sublayer is Sublayer.SWITCH) % 2:
            power, toughness = toughness, power  # 613.4d: the 7c amounts land under a switch
        return PowerToughness(pt.power + power, pt.toughness + toughness, pt.sublayers)
