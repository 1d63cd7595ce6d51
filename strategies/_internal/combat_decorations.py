"""What real combats carry beside each creature's own keywords (issue 39), for
:func:`strategies.combat_scenarios`: a second or third keyword on a creature, a combat trick making
a creature gain keywords until end of turn (613.1f), prevention meeting combat damage (a Fog,
615.1; a shield on a creature, 615.7; a creature's static prevention, 615.10), a creature's
ability triggering on its damage or its death (603.2, 603.10a), an infect attacker against a
defending player who already has poison counters (702.90b, 704.5c), the defending player's
planeswalker made a creature and attacked (306.5c, 120.3c, 120.3e).

They are one list, drawn after every other choice of the combat but its divisions (which depend on
what they make of it), each element ``(kind, n, m)``: its kind and two small numbers the kind reads
(which creature, which keyword, how much). The list shrinks to nothing, an element to a first
keyword on the first creature. Only what ``features`` allows is drawn (no draw at all when nothing
is), and every decoration keeps the combat legal and the case valid: no keyword that restricts
blocks is added once blocks are drawn (702.9b, 702.111b, 702.3b), no trample on an attacker whose
blocker blocks several (702.19b would count the others' damage: not modelled), every order the
effects make necessary is scripted (616.1, :func:`script_orders`), and the one triggered ability
is kept only where no choice of order follows from it (603.3b, :func:`settle_trigger`).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from conformance.format.choices import damage_choices
from strategies._internal.events import _effect as trigger_effect

ACTIVE, DEFENDING, WALKER = "Alex", "Blair", "w1"
FIRST = frozenset({"first strike", "double strike"})

KEYWORDS = {"first strike": {"first-strike"}, "double strike": {"first-strike"}, "trample": {"trample"},
            "deathtouch": {"deathtouch"}, "lifelink": {"lifelink"}, "infect": {"infect", "counters", "player-counters"},
            "wither": {"wither", "counters"}}
"""Keywords a creature may get once the blocks are drawn, by the features each needs: those that
change what its combat damage does or when it is dealt (510.4, 702.19b, 702.2b, 702.15b, 702.90b,
702.80a), never one restricting attacks or blocks."""

PARTNERS = {"first strike": ("lifelink", "deathtouch", "trample"), "double strike": ("trample", "lifelink", "deathtouch"),
            "trample": ("double strike", "deathtouch", "lifelink"), "deathtouch": ("first strike", "lifelink", "trample"),
            "lifelink": ("first strike", "deathtouch", "double strike"), "infect": ("trample", "lifelink", "first strike"),
            "wither": ("first strike", "trample", "deathtouch"), "flying": ("lifelink", "first strike", "deathtouch"),
            None: ("first strike", "deathtouch", "lifelink")}
"""For a creature's first keyword (``None``: it has none), keywords real cards often pair with it
(first strike and lifelink, double strike and trample, deathtouch and first strike, flying and
lifelink, ...); other keywords are paired like ``None``."""

PAIRS = (("deathtouch", "first strike"), ("first strike", "lifelink"), ("double strike", "trample"),
         ("deathtouch", "lifelink"), ("trample", "deathtouch"), ("lifelink", "flying"), ("lifelink", "double strike"))
"""Keywords real creatures are printed with together (Vampire Nighthawk's deathtouch and lifelink,
Baneslayer's first strike and lifelink, a flyer with lifelink, ...), in the order
:meth:`Decorator.pair` places them (flying only on an attacker no creature blocks: blocks are drawn
already, 702.9b)."""

COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

_KINDS = {"keyword": ((3, 3), set()), "pair": ((4, 2), set()), "trick": ((2, 2), {"ability-changing"}),
          "protect": ((10, 0), {"ability-changing", "protection", "protection-blocking", "prevention"}), "fog": ((2, 2), {"prevention"}),
          "shield": ((2, 0), {"prevention"}), "ward": ((3, 1), {"prevention"}),
          "trigger": ((12, 0), {"event-triggers", "triggered-abilities", "life"}),
          "walker": ((2, 2), {"planeswalkers"}), "life": ((1, 2), {"life"}),
          "poison": ((2, 2), {"infect", "counters", "player-counters", "life"}),
          "animate": ((2, 2), {"planeswalkers", "type-changing", "layer-7b"})}
"""Each kind of decoration: its weight among the kinds drawn (in a combat with blocks, and with
none: a shield or a trigger on a creature no other fights does nothing), and the features it needs."""

MAX_DECORATIONS = 8


def _keywords(allowed: frozenset[str]) -> list[str]:
    return [k for k, needs in KEYWORDS.items() if needs <= allowed]


class Decorator:
    """Applies decorations to a combat being built: ``objects`` (attackers, blockers, maybe a
    planeswalker and a doubler), ``steps`` before the combat, ``blocks`` (blocker -> the attackers
    it blocks), ``declared`` (attacker -> what it attacks) and ``states`` (``player_states``)."""

    def __init__(self, draw, allowed: frozenset[str], objects: dict[str, Any], steps: list[dict[str, Any]],
                 attackers: list[str], blockers: list[str], blocks: dict[str, list[str]],
                 declared: dict[str, str], states: dict[str, Any], fogs: bool):
        self.draw, self.allowed, self.objects, self.steps, self.states = draw, allowed, objects, steps, states
        self.fogs, self.fogged = fogs, False
        self.attackers, self.blockers, self.blocks, self.declared = attackers, blockers, blocks, declared
        self.keywords = {oid: {a["keyword"] for a in objects[oid]["card"].get("abilities", []) if "keyword" in a}
                         for oid in [*attackers, *blockers]}
        self.host: str | None = None
        self.ability: dict[str, Any] = {}
        self.shielded: set[str] = set()
        self.poisoner: str | None = None
        self.count = 0

    def draw_decorations(self) -> list[tuple[str, int, int]]:
        """The decorations of this combat (none drawn when the features permit none)."""
        kinds = [kind for kind, (weights, needs) in _KINDS.items()
                 if needs <= self.allowed and (_keywords(self.allowed) or kind not in ("keyword", "pair", "trick"))
                 for _ in range(weights[0] if self.blocks else weights[1])]
        if not kinds:
            return []
        element = st.tuples(st.sampled_from(kinds), st.integers(0, 7), st.integers(0, 7))
        return self.draw(st.lists(element, max_size=MAX_DECORATIONS))

    # --- what the creatures face ------------------------------------------------------------------

    def opponents(self, oid: str) -> list[str]:
        """The creatures ``oid`` blocks or is blocked by."""
        if oid in self.blocks:
            return list(self.blocks[oid])
        return [b for b, blocked in self.blocks.items() if oid in blocked]

    def first(self, oid: str) -> bool:
        """Whether ``oid`` deals first-strike combat damage (702.7b, 702.4b)."""
        return bool(self.keywords[oid] & FIRST)

    def regular(self, oid: str) -> bool:
        """Whether ``oid`` deals combat damage in a regular step that follows a first one (510.4)."""
        two_steps = any(self.first(c) for c in self.keywords)
        return two_steps and (not self.first(oid) or "double strike" in self.keywords[oid])

    def killed_first(self, oid: str) -> bool:
        """Whether a creature ``oid`` faces, dealing first-strike damage, has deathtouch or power at
        least its toughness (as printed: a likely death in the first combat damage step, 510.4)."""
        toughness = self.objects[oid]["card"]["toughness"]
        return any(self.first(o) and ("deathtouch" in self.keywords[o] or self.objects[o]["card"]["power"] >= toughness)
                   for o in self.opponents(oid))

    def pick(self, n: int, regular: bool = False, bias: int = 4) -> str:
        """The creature a decoration's ``n`` means among those in a block (all those in combat if
        none is): for ``n`` below ``bias`` the first one that a creature fighting it alone deals
        damage to in the first combat damage step (in the regular step of two, with ``regular``),
        else the (``n`` - ``bias``)th in the case's order."""
        creatures = [*self.attackers, *self.blockers]
        engaged = [oid for oid in creatures if self.opponents(oid)] or creatures
        deals = self.regular if regular else self.first
        facing = [oid for oid in engaged if any(deals(o) and self.objects[o]["card"]["power"] > 0
                                                and self.opponents(o) == [oid] for o in self.opponents(oid))]
        return (facing or engaged)[0] if n < bias else engaged[(n - bias) % len(engaged)]

    def may_gain(self, oid: str, keyword: str) -> bool:
        """Trample only on an attacker none of whose blockers blocks several attackers (702.19b),
        flying only on an attacker no creature blocks (702.9b)."""
        if keyword == "flying":
            return oid in self.attackers and not self.opponents(oid)
        if keyword != "trample":
            return True
        return oid in self.attackers and all(len(self.blocks[b]) == 1 for b in self.opponents(oid))

    # --- the decorations --------------------------------------------------------------------------

    def apply(self, decorations: list[tuple[str, int, int]]) -> None:
        """Keywords and tricks first (what the creatures are), then the rest, which looks at them."""
        order = ("keyword", "pair", "trick", "protect", "poison", "walker", "animate", "life", "fog", "shield", "ward",
                 "trigger")
        for kind, n, m in sorted(decorations, key=lambda d: order.index(d[0])):
            getattr(self, kind)(n, m)

    def choose_keyword(self, oid: str, m: int, partner_of: str | None = None) -> str | None:
        """A keyword ``oid`` lacks: for ``m`` of 0 to 2 one that real cards pair with its first
        keyword (or ``partner_of``; :data:`PARTNERS`), else the ``m``th of those allowed; none if
        it may not have it."""
        options = _keywords(self.allowed)
        partners = [k for k in PARTNERS.get(partner_of or self.first_keyword(oid), PARTNERS[None]) if k in options
                    and k not in self.keywords[oid] and self.may_gain(oid, k)]
        keyword = partners[m % len(partners)] if partners and m < 3 else options[m % len(options)]
        return keyword if keyword not in self.keywords[oid] and self.may_gain(oid, keyword) else None

    def colors(self, oid: str) -> list[str]:
        return self.objects[oid]["card"].get("colors", [])

    def first_keyword(self, oid: str) -> str | None:
        return next((a["keyword"] for a in self.objects[oid]["card"].get("abilities", []) if "keyword" in a), None)

    def matters(self, oid: str, keyword: str) -> bool:
        """Whether ``keyword`` would change what ``oid``'s combat damage does: deathtouch on a
        creature too small to kill what it fights (702.2b), lifelink on one attacking a
        planeswalker (702.15b: it gains all the damage, past the loyalty), infect on one attacking
        Blair unblocked (702.90b); any other where it deals damage."""
        power, opponents = self.objects[oid]["card"]["power"], self.opponents(oid)
        if power <= 0 or keyword in self.keywords[oid] or not self.may_gain(oid, keyword):
            return False
        if keyword == "deathtouch":
            return any(power < self.objects[o]["card"]["toughness"] for o in opponents)
        if keyword in ("lifelink", "infect"):
            return not opponents and self.declared.get(oid) == (WALKER if keyword == "lifelink" else DEFENDING)
        return True

    def where(self, creatures: list[str], keyword: str, otherwise: str) -> str:
        """The first of ``creatures`` where ``keyword`` matters: one with a keyword real cards pair
        it with first (:data:`PARTNERS`), then (first strike, deathtouch) one too small to kill what
        it fights, then an attacker one creature blocks; ``otherwise`` if it matters nowhere."""
        def small(c: str) -> bool:  # first strike and deathtouch together matter most below lethal damage (704.5h)
            power = self.objects[c]["card"]["power"]
            return any(power < self.objects[o]["card"]["toughness"] for o in self.opponents(c))
        where = [c for c in creatures if self.matters(c, keyword)]
        where.sort(key=lambda c: (not self.keywords[c] & set(PARTNERS.get(keyword, ())),
                                  keyword in {*FIRST, "deathtouch"} and not small(c),
                                  not (c in self.attackers and len(self.opponents(c)) == 1)))
        return where[0] if where else otherwise

    def keyword(self, n: int, m: int) -> None:
        """702: one more keyword printed on the ``n``th creature (those in a block first); for
        ``n`` of 0 to 2, on a creature where it matters, if one is (:meth:`where`)."""
        creatures = sorted([*self.attackers, *self.blockers], key=lambda c: not self.opponents(c))
        oid = creatures[n % len(creatures)]
        keyword = self.choose_keyword(oid, m)
        if n < 3 and keyword is not None:
            oid = self.where(creatures, keyword, oid)
        if keyword is not None and keyword not in self.keywords[oid]:
            self.objects[oid]["card"].setdefault("abilities", []).append({"keyword": keyword})
            self.keywords[oid].add(keyword)

    def pair(self, n: int, m: int) -> None:
        """702: two keywords real cards are printed with together (:data:`PAIRS`) on the ``n``th
        creature, or for ``n`` of 0 to 2 one where the first matters (:meth:`where`)."""
        pairs = [p for p in PAIRS if all(KEYWORDS.get(k, {"blocking-restrictions"}) <= self.allowed for k in p)]
        if not pairs:
            return
        creatures = sorted([*self.attackers, *self.blockers], key=lambda c: not self.opponents(c))
        first, second = pairs[m % len(pairs)]
        oid = self.where(creatures, first, creatures[n % len(creatures)]) if n < 3 else creatures[n % len(creatures)]
        for keyword in (first, second):
            if keyword not in self.keywords[oid] and self.may_gain(oid, keyword):
                self.objects[oid]["card"].setdefault("abilities", []).append({"keyword": keyword})
                self.keywords[oid].add(keyword)

    def trick(self, n: int, m: int) -> None:
        """613.1f: a resolved spell makes a creature gain a keyword, or two, until end of turn
        ("target creature gains first strike and lifelink until end of turn"): the ``n``th creature,
        or for ``n`` of 0 to 2 one where its first keyword matters (:meth:`where`)."""
        creatures = sorted([*self.attackers, *self.blockers], key=lambda c: not self.opponents(c))
        oid = creatures[n % len(creatures)]
        first = self.choose_keyword(oid, m)
        if n < 3 and first is not None:
            oid = self.where(creatures, first, oid)
        if first is None or first in self.keywords[oid]:
            return
        self.keywords[oid].add(first)
        second = self.choose_keyword(oid, m + n, partner_of=first) if m + n >= 3 else None
        self.keywords[oid].update([second] if second else [])
        self.become(oid, [{"keyword": k} for k in (first, second) if k is not None])

    def protect(self, n: int, m: int) -> None:
        """702.16e: a resolved spell makes a blocking creature gain protection from the colour of
        an attacker it blocks (from creatures, for a colourless one) until end of turn (702.16f
        restricts only the creatures that may block it, and a block stays, 509.1h), that
        attacker's damage to it then prevented: the blocker of the attacker with the most keywords
        changing its damage first (one all of whose damage goes to that blocker)."""
        blocking = [b for b in self.blockers if b in self.blocks and b not in self.shielded]
        if not blocking:
            return

        def weight(attacker: str, blocker: str) -> int:
            alone = self.opponents(attacker) == [blocker] and self.objects[attacker]["card"]["power"] > 0
            return len(self.keywords[attacker] & set(KEYWORDS)) if alone else -1
        oid = sorted(blocking, key=lambda b: -max(weight(a, b) for a in self.blocks[b]))[n % len(blocking)]
        attacker = max(self.blocks[oid], key=lambda a: weight(a, oid))
        colors = self.colors(attacker)
        self.shielded.add(oid)  # one each: the loader counts one protection an object may gain (616.1)
        self.become(oid, [{"protection": COLOR_NAMES[colors[m % len(colors)]] if colors else "creatures"}])

    def become(self, oid: str, gains: list[dict[str, Any]]) -> None:
        self.count += 1
        self.steps.append({"become": {"id": f"trick{self.count}", "controller": self.objects[oid]["owner"],
                                      "to": oid, "gains": gains, "until": "end_of_turn"}})

    def walker(self, n: int, m: int) -> None:
        """306.5b, 120.3c: an attacker no creature blocks attacks Blair's planeswalker instead of
        Blair (``w1``, with 1 to 8 loyalty if Blair has none yet): one whose damage does more than
        remove loyalty first (lifelink gains it all, 702.15b; infect and wither), for ``n`` of 0
        to 2; never the infect attacker of a poisoned Blair. The blocks stay legal: no blocker is
        declared for it."""
        free = [a for a in self.attackers if not self.opponents(a) and self.declared[a] != WALKER and a != self.poisoner]
        if not free:
            return
        free.sort(key=lambda a: not self.keywords[a] & {"lifelink", "infect", "wither"})
        if WALKER not in self.objects:
            self.objects[WALKER] = {"card": {"types": ["planeswalker"], "loyalty": 1 + m}, "owner": DEFENDING}
        self.declared[free[0] if n < 3 else free[n % len(free)]] = WALKER

    def animate(self, n: int, m: int) -> None:
        """306.5c, 120.3c, 120.3e: before combat, Blair's planeswalker ``w1`` becomes a creature
        until end of turn, still a planeswalker, and an attacker deals it combat damage (one attacking
        it, else one :meth:`walker` sends there): the damage removes that many loyalty counters and
        is marked on it, so 704.5g and 704.5i apply at once. The attacker whose damage is marked
        first (power above 0, no infect or wither: 120.3d); the planeswalker's toughness is that
        attacker's power (lethal damage, 704.5g), or one more for ``m`` of 4 or more."""
        if any(step.get("become", {}).get("id") == "animate" for step in self.steps):
            return
        if WALKER not in self.declared.values():
            self.walker(n, m)
        attacking = [a for a, target in self.declared.items() if target == WALKER]
        if not attacking:
            return
        attacking.sort(key=lambda a: (bool(self.opponents(a)), self.objects[a]["card"]["power"] <= 0,
                                      bool(self.keywords[a] & {"infect", "wither"})))
        toughness = max(1, self.objects[attacking[0]]["card"]["power"]) + (m >= 4)
        self.steps.append({"become": {"id": "animate", "controller": DEFENDING, "to": WALKER,
                                      "add_types": ["creature"], "power": toughness, "toughness": toughness,
                                      "until": "end_of_turn"}})

    def poison(self, n: int, m: int) -> None:
        """702.90b, 704.5c: an attacker has infect (one dealing its damage to Blair first: attacking
        Blair, unblocked, of power 1 or more, in the regular combat damage step), and Blair has 5 to
        9 poison counters, or (``m`` of 0 to 2) as many as its power leaves short of ten. An
        attacker of power 0 is printed with power 1 instead, so that one attacker alone can poison
        Blair (the case shrinks to it: its blockers, drawn before, are not needed)."""
        unblocked = sorted(self.attackers, key=lambda a: (self.declared[a] != DEFENDING, bool(self.opponents(a)),
                                                          self.objects[a]["card"]["power"] <= 0, self.first(a)))
        oid = self.poisoner = unblocked[n % len(unblocked)]
        card = self.objects[oid]["card"]
        card["power"] = power = max(1, card["power"])
        self.states.setdefault(DEFENDING, {})["counters"] = {"poison": min(9, max(1, 10 - power)) if m < 3 else 9 - m % 5}
        if "infect" not in self.keywords[oid]:
            self.objects[oid]["card"].setdefault("abilities", []).append({"keyword": "infect"})
            self.keywords[oid].add("infect")

    def life(self, n: int, m: int) -> None:
        """119.1, 704.5a: Blair's life total is 2 to 9 as the combat begins (a late turn), so that
        combat damage may bring it to 0 or less."""
        self.states.setdefault(DEFENDING, {})["life"] = 2 + m

    def fog(self, n: int, m: int) -> None:
        """615.1: "prevent all combat damage that would be dealt this turn" (a Fog), or all combat
        damage to one recipient, cast by Blair (or Alex, one time in three)."""
        if self.fogged:
            return
        self.fogged = True
        attacked = [t for a, t in self.declared.items() if not self.opponents(a) or "trample" in self.keywords[a]]
        targets = [*([None] if self.fogs else []), *dict.fromkeys(attacked)]
        to = targets[n % len(targets)] if targets and n % 2 == 0 else self.pick(n, bias=2)
        body = {"id": "fog", "controller": ACTIVE if m % 3 == 2 else DEFENDING, "combat": True}
        if to is not None:
            body["to"] = to
        self.steps.append({"prevent_damage": body})

    def shield(self, n: int, m: int) -> None:
        """615.7: "prevent the next 1 to 3 damage that would be dealt to target creature this turn",
        cast by its controller."""
        oid = self.pick(n, bias=2)
        self.count += 1
        self.steps.append({"prevent_damage": {"id": f"shield{self.count}", "controller": self.objects[oid]["owner"],
                                              "to": oid, "amount": 1 + m % 3}})

    def ward(self, n: int, m: int) -> None:
        """615.10: a creature's static prevention: "prevent 1 (2) damage that would be dealt to
        this", "prevent all combat damage that would be dealt to this", or "... dealt by this"."""
        oid = self.pick(n, regular=True)
        card = self.objects[oid]["card"]
        if any("prevent_damage" in a for a in card.get("abilities", [])):
            return
        body = [{"to": {"itself": True}, "amount": 1}, {"to": {"itself": True}, "amount": 2},
                {"to": {"itself": True}, "combat": True}, {"by": {"itself": True}, "combat": True}][m % 4]
        card.setdefault("abilities", []).append({"prevent_damage": body})

    def trigger(self, n: int, m: int) -> None:
        """603.2, 603.10a: "when this creature dies" or "whenever this creature is dealt damage",
        its controller gains life or a player loses life (events.py's effects; nothing that changes
        the combat, so it is the same combat whether the ability resolves between the combat damage
        steps, 510.3a, or after them). One triggered ability on the board at most, on a creature
        a first striker fights if one does (:meth:`pick`); if none does, for ``m`` below 5 a trick
        gives the host's opponent first strike (so that the first combat damage step matters to
        it, 510.4). The event is one the first step makes likely: its death or its damage if it
        is likely killed then (``m`` odd, even), its death if dealt damage twice (double strike),
        else its damage."""
        if self.host is not None:
            return
        events = [e for e, needs in (("dealt_damage", set()), ("dies", {"zone-changes"})) if needs <= self.allowed]
        self.host, kind = self.pick(n), ("gain_life", "lose_life")[m % 2]
        opponents = [o for o in self.opponents(self.host) if self.objects[o]["card"]["power"] > 0]
        if m < 5 and opponents and not any(self.first(o) for o in opponents) and {"first-strike", "ability-changing"} <= self.allowed:
            self.keywords[opponents[0]].add("first strike")
            self.become(opponents[0], [{"keyword": "first strike"}])
        if self.killed_first(self.host):
            event = events[m % len(events)]
        else:
            event = events[-1] if any("double strike" in self.keywords[o] for o in opponents) else events[0]
        when = "when this creature dies" if event == "dies" else "whenever this creature is dealt damage"
        self.ability = {"triggered": {"name": "t", "when": when, "event": {event: {"itself": True}},
                                      "effect": {kind: trigger_effect(self.draw, kind, event)}}}
        self.objects[self.host]["card"].setdefault("abilities", []).append(self.ability)


def settle_trigger(decorator: Decorator, body: dict[str, Any], waiting_first: int,
                   waiting_after: int) -> dict[str, Any] | None:
    """After the combat is played (on the reference engine: what triggered in the first-strike
    combat damage step resolved before the regular one, 510.3a, in the order of
    ``first_strike_triggers``): keep the triggered ability only if it waits at most once after the
    combat, so that no order is needed there (603.3b); removing it, its name leaves
    ``first_strike_triggers`` too. Returns the step resolving what waits after the combat
    (``resolve_triggers``), or none."""
    if decorator.host is None or waiting_after == 0:
        return None
    if waiting_after > 1:
        card = decorator.objects[decorator.host]["card"]
        card["abilities"] = [a for a in card["abilities"] if a is not decorator.ability]
        named = [n for n in body.get("first_strike_triggers", ()) if n != f"{decorator.host}.t"]
        if named:
            body["first_strike_triggers"] = named
        else:
            body.pop("first_strike_triggers", None)
        return None
    return {"resolve_triggers": {}}


def script_orders(draw, raw: dict[str, Any]) -> None:
    """616.1: in the combat step of ``raw``, an order (a drawn permutation) for every recipient
    two or more effects may apply to, where none is scripted or it lacks one of them."""
    for choices in damage_choices(raw):
        if "attackers" not in choices.body:
            continue
        order = choices.body.setdefault("order", {})
        for recipient, refs in choices.needing_choice().items():
            have = {choices.canonical(r) for r in order.get(recipient, [])}
            if not set(refs) <= have:
                order[recipient] = list(draw(st.permutations(refs)))
        if not order:
            del choices.body["order"]
