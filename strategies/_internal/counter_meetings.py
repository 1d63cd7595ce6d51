"""The part of :func:`strategies.counter_scenarios` drawn after its own draws (so a scenario without
it keeps its example): where the rules on counters and tokens meet on one event or one object.

- real cards with every ability they have (Doubling Season doubles counters and tokens; Vorinclex
  doubles its controller's counters and halves an opponent's, costs too; Pir adds one, costs too;
  Primal Vigor doubles anyone's tokens and +1/+1 counters on any creature), and a replacement
  limited to -1/-1 counters (614.1a, 614.16);
- more ways counters are put: a loyalty ability's cost (606.4), a planeswalker entering with its
  loyalty (306.5b, 122.6), an effect of an opponent's putting them (122.6a), a triggered ability
  (603.2: "when this enters, put N +1/+1 counters on it"), a prevention effect's additional
  effect (615.5: a Hydra), doubling the counters on a permanent (701.10e), -1/-1 counters on a
  token that has +1/+1 counters (704.5q, 111.1);
- token copies, some with exceptions (707.2, 707.9), beside the token replacements;
- a land with a mana ability (605), and permanents controlled by a player other than their owner
  (108.4): the "you" of a replacement, a loyalty or a mana ability is its controller now.

Each part is drawn only as ``allowed`` says, and shrinks to nothing. The counters of a triggered
ability, of a prevention effect's additional effect and of a doubling have no ``order`` the format
can script (616.1), so such a step is drawn only where every counter replacement that may apply to
it changes the number the same way (all twice, all plus, or all half: any order gives the same),
aimed where a doubler may apply if it can be.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from conformance.format.choices import damage_choices
from strategies._internal.copies import _exceptions
from strategies._internal.damage_modifiers import can
from strategies._internal.drawing import Chooser

CARDS: dict[str, tuple[str, tuple[dict[str, Any], ...]]] = {
    # name: (card type, every counter or token replacement ability the card has)
    "Doubling Season": ("enchantment", ({"counter_replacement": {"on": {"controller": "you"}}}, {"token_replacement": {}})),
    "-1/-1 doubler": ("enchantment", ({"counter_replacement": {"kind": "-1/-1"}},)),
    "Pir, Imaginative Rascal": ("creature", ({"counter_replacement": {"mode": "plus", "on": {"controller": "you"},
                                                                      "effects_only": False}},)),
    "Vorinclex, Monstrous Raider": ("creature", ({"counter_replacement": {"by_you": True, "effects_only": False}},
                                                 {"counter_replacement": {"mode": "half", "by_opponent": True,
                                                                          "effects_only": False}})),
    "-1/-1 adder": ("enchantment", ({"counter_replacement": {"mode": "plus", "kind": "-1/-1", "on": {
        "controller": "opponent", "types": ["creature"]}}},)),
    "Primal Vigor": ("enchantment", ({"token_replacement": {"under": "any"}},
                                     {"counter_replacement": {"kind": "+1/+1", "on": {"types": ["creature"]}}})),
    "Hardened Scales": ("enchantment", ({"counter_replacement": {"mode": "plus", "kind": "+1/+1", "on": {
        "controller": "you", "types": ["creature"]}}},)),
}
"""Counter and token replacement permanents drawn here; two are limited to -1/-1 counters ("twice
that many -1/-1 counters", "that many plus one -1/-1 counters on a creature an opponent controls");
the first ones most often under the ci profile (simpler choices)."""

WEIGHTS = {"Doubling Season": 5, "-1/-1 doubler": 3, "Pir, Imaginative Rascal": 4, "Vorinclex, Monstrous Raider": 2,
           "-1/-1 adder": 2}
"""How many times each card is among those drawn (1 if not named): the doubler of everything most."""


INTENTS: dict[str, tuple[int, tuple[str, ...]]] = {
    # intent: (drawn one time in how many, the features it needs with what they imply)
    "activate": (2, ("loyalty-abilities", "activated-abilities", "durations")),  # a new turn before it, if need be
    "double": (2, ("double-counters", "counters")),
    "prevented": (2, ("damage", "prevention-extras")),
    "minus": (3, ("token-creation", "counters", "copy-effects", "token-copies")),  # create_token (features.py)
    "mana": (3, ("mana-abilities",)),
    "put": (3, ("counters", "counter-replacements")),  # "if you would put" (122.6a: features.py)
    "walker enters": (3, ("zone-changes", "planeswalkers")),
    "copy token": (3, ("token-copies", "copy-effects", "token-creation")),
    "trigger": (3, ("event-triggers", "triggered-abilities", "zone-changes")),
}
"""What may be drawn after the scenario's own steps, each independently, in a drawn order: most
often the ways of putting counters the counter laws do not draw (a cost beside "costs too"
effects, a doubling, a prevention effect's additional effect)."""

HYDRA = {"types": ["creature"], "power": 4, "toughness": 4}
"""The creature with a prevention effect's additional effect (615.5), Phyrexian Hydra-like."""


def _card_features(abilities: tuple[dict[str, Any], ...]) -> set[str]:
    needs = {"counter-replacements" if "counter_replacement" in a else "token-replacements" for a in abilities}
    if any(a.get("counter_replacement", {}).get("mode") == "half" for a in abilities):
        needs.add("counter-halving")
    return needs


class Meetings:
    """What is added to one counter scenario: ``objects`` and ``steps`` (its own, changed in
    place), ``replacers`` the ids of the replacement permanents, ``state`` what the scenario's own
    steps left (``activated``: a loyalty ability this turn; ``tokens``: names used)."""

    def __init__(self, draw: Any, objects: dict[str, Any], steps: list[dict[str, Any]], replacers: list[str],
                 allowed: frozenset[str], state: dict[str, Any]):
        self.draw = Chooser.of(draw)
        self.objects, self.steps, self.replacers, self.allowed = objects, steps, replacers, allowed
        self.state = state

    # --- what is drawn ------------------------------------------------------------------------------

    def add(self) -> None:
        """Draw real cards, the intents and who controls what, then each intent's steps."""
        draw = self.draw
        before = self.names()
        cards = [name for name, (_, abilities) in CARDS.items() if _card_features(abilities) <= self.allowed
                 for _ in range(WEIGHTS.get(name, 1))]
        for _ in range(draw.integer(0, 4) if cards else 0):
            name = draw.sample(cards)
            kind, abilities = CARDS[name]
            oid = f"r{len(self.replacers) + 1}"
            card: dict[str, Any] = {"name": name, "types": [kind], "abilities": [dict(a) for a in abilities]}
            if kind == "creature":
                card.update(power=2, toughness=2)
            self.objects[oid] = {"card": card, **self.seat()}
            self.replacers.append(oid)
        added = [n for n in self.names() if n not in before]
        spare = 0
        for step in self.steps:  # the scenario's own orders: the new effects last (616.1)
            body = next(iter(step.values()))
            if "order" in body and isinstance(body["order"], list):
                body["order"] = [*body["order"], *added]
            if "create_token" in step and len(body["tokens"]) < self.room(body["count"]):  # 111.1: a name each
                more = self.room(body["count"]) - len(body["tokens"])
                body["tokens"] = [*body["tokens"], *(f"u{spare + i + 1}" for i in range(more))]
                spare += more
        drawn = [intent for intent, (one_in, needs) in INTENTS.items()
                 if all(can(f, self.allowed) for f in needs) and draw.integer(1, one_in) == one_in]
        drawn = list(draw(st.permutations(drawn))) if len(drawn) > 1 else drawn
        if "mana" in drawn:
            self.objects["land"] = {"card": {"types": ["land"], "abilities": [
                {"mana_ability": {"name": "tap", "add": {draw.sample(["G", "C"]): 1}}}]}, **self.seat()}
            if can("mana-replacement", self.allowed) and draw.boolean():  # Mana Reflection: its controller's taps
                self.objects["x1"] = {"card": {"name": "Mana Reflection", "types": ["enchantment"], "abilities": [
                    {"multiply_mana": {"factor": 2}}]}, **self.seat()}
        if "prevented" in drawn:  # the kind of its counters is chosen as its damage is (:meth:`aim`)
            self.objects["ph"] = {"card": {**HYDRA, "abilities": [{"prevent_damage": {
                "to": {"itself": True}, "then": {"put_counters": "-1/-1"}}}]}, **self.seat()}
        if "trigger" in drawn:
            ability = {"name": "t", "when": "when this enters", "event": {"enters": {"itself": True}},
                       "effect": {"put_counters": {"kind": "+1/+1", "count": draw.integer(1, 3), "to": "itself"}}}
            self.objects["herald"] = {"zone": "hand", "card": {"types": ["creature"], "power": 1, "toughness": 1,
                                                               "abilities": [{"triggered": ability}]}}
        self.steal()
        for intent in drawn:
            steps = self.realize(intent)
            self.steps.extend([*steps, {"expect": {}}] if steps else [])
        self.script_orders()

    def seat(self) -> dict[str, str]:
        """A new permanent's owner (Alex's, the planeswalker's, two times in three), and its controller
        when another player controls it (108.4)."""
        owner = self.draw.sample(["Alex", "Alex", "Blair"])
        stolen = self.draw.integer(0, 2) == 2
        return {"owner": owner, "controller": self.opponent(owner)} if stolen else {"owner": owner}

    def steal(self) -> None:
        """Up to two of the scenario's permanents controlled by the other player than their owner
        (108.4), as declared: the planeswalker, the land or the Hydra, a replacement permanent, the
        creature."""
        draw = self.draw
        declared = [oid for oid, spec in self.objects.items() if "controller" in spec]
        kinds = [["walker"], [oid for oid in ("land", "ph", "x1") if oid in self.objects and oid not in declared],
                 [oid for oid in self.replacers if oid not in declared], ["bear"]]
        for _ in range(draw.integer(0, 2)):
            kind = draw.sample([k for k in kinds if k])
            spec = self.objects[draw.sample(kind)]
            spec["controller"] = self.opponent(spec.get("owner", "Alex"))

    def realize(self, intent: str) -> list[dict[str, Any]]:
        """The steps of one intent (none where it cannot happen as drawn)."""
        draw, state = self.draw, self.state
        if intent == "activate":
            steps = [{"end_turn": {}}] if state["activated"] else []
            state["activated"] = True
            ability = draw.sample(["up", "up", "up", "down", "zero"])  # "up": a cost putting counters (606.4)
            return [*steps, {"activate": {"object": "walker", "ability": ability, "order": self.order()}}]
        if intent == "walker enters":  # 306.5b: with its loyalty, put as it enters (122.6)
            state["activated"] = False  # 400.7: a new object (606.3), under its owner's control (110.2)
            state["returned"] = True
            return [{"move": {"object": "walker", "to": "hand"}},
                    {"move": {"object": "walker", "to": "battlefield", "order": self.order()}}]
        if intent == "put":  # an effect of its controller's, or an opponent's (122.6a)
            target = draw.sample(["bear", "walker"])
            kind = draw.sample(["+1/+1", "charge"]) if target == "bear" else "loyalty"
            whose = self.controller(target)
            putter = draw.sample([self.opponent(whose), self.opponent(whose), whose])
            return [{"put_counters": {"object": target, "kind": kind, "count": draw.integer(1, 3),
                                      "controller": putter, "order": self.order()}}]
        if intent == "copy token":
            return [self.copy_token()]
        if intent == "minus":  # 704.5q: a token with +1/+1 counters gets -1/-1 counters
            names = self.token_names(1)
            return [{"create_token": {"tokens": names, "count": 1, "order": self.order(),
                                      "controller": draw.sample(["Alex", "Blair"]), "card": {
                "types": ["creature"], "subtypes": ["Soldier"], "colors": ["W"], "power": 1, "toughness": 1,
                "abilities": [{"enters_with_counters": {"+1/+1": 1}}]}}},
                {"put_counters": {"object": names[0], "kind": "-1/-1", "count": draw.integer(1, 2),
                                  "order": self.order()}}]
        if intent == "double":  # 701.10e: counters put on it, then as many more, put by its controller
            target, kind = self.aim([("walker", "loyalty"), ("bear", "+1/+1"), ("bear", "charge")])
            if target is None:
                return []
            count = draw.integer(1, 2)
            return [{"put_counters": {"object": target, "kind": kind, "count": count, "order": self.order()}},
                    {"double_counters": {"object": target, "kind": kind}}]
        if intent == "prevented":  # 615.5: its controller's prevention effect puts the counters
            amount = draw.integer(1, 3)
            target, kind = self.aim([("ph", "-1/-1"), ("ph", "+1/+1")])  # Phyrexian Hydra's, or the other way round
            if target is None:
                return []
            self.objects["ph"]["card"]["abilities"][0]["prevent_damage"]["then"]["put_counters"] = kind
            return [{"damage": {"source": "bear", "amount": amount, "to": "ph"}}]  # its order: :meth:`script_orders`
        if intent == "trigger":  # 603.2, 603.3: it enters, its ability triggers and resolves
            if len(self.modes("herald", "+1/+1")) > 1:
                return []
            return [{"move": {"object": "herald", "to": "battlefield"}}, {"resolve_triggers": {}}]
        return [{"activate_mana": {"object": "land", "ability": "tap"}}]  # 605.3a

    def copy_token(self) -> dict[str, Any]:
        """Token copies (707.2) of a creature (some with exceptions, 707.9) or of the planeswalker."""
        draw = self.draw
        source = draw.sample(["bear", "bear", "walker"])  # on the battlefield (707.5; the Hydra may have died)
        count = draw.integer(1, 2)
        step: dict[str, Any] = {"tokens": self.token_names(count), "count": count, "copy_of": source,
                                "order": self.order()}
        if source != "walker" and can("copy-effects", self.allowed):
            exceptions = _exceptions(draw, self.allowed, entering=True)
            if exceptions:
                step["exceptions"] = exceptions
        return {"create_token": step}

    def script_orders(self) -> None:
        """Every damage step an order, a drawn permutation, for each recipient on which two or more
        effects may apply as the loader judges it (616.1, on the whole case: an ability a later
        step gives counts); a step needing one is left out where the features allow no order."""
        raw = {"players": ["Alex", "Blair"], "objects": self.objects, "steps": self.steps}
        for choices in list(damage_choices(raw)):
            needed = choices.needing_choice()
            step = self.steps[choices.path[1]]
            if needed and "replacement-order" not in self.allowed:
                self.steps.remove(step)
                return self.script_orders()
            for recipient, refs in needed.items():
                step["damage"].setdefault("order", {})[recipient] = list(self.draw(st.permutations(refs)))

    # --- what the scenario knows --------------------------------------------------------------------

    def names(self) -> list[str]:
        """How an order names each replacement effect (616.1): the permanent's id when it has one
        ability of that kind, ``ID.counter_replacement.N`` when it has two."""
        names = []
        for oid in self.replacers:
            abilities = self.objects[oid]["card"]["abilities"]
            counted = sum("counter_replacement" in a for a in abilities)
            names += [f"{oid}.counter_replacement.{n}" for n in range(1, counted + 1)] if counted > 1 else [oid]
        return names

    def order(self) -> list[str]:
        names = self.names()
        return list(self.draw(st.permutations(names))) if len(names) > 1 else names

    def room(self, count: int) -> int:
        """The most tokens an effect creating ``count`` may create under the token replacements
        (614.1a): every "plus" first, then every "twice"."""
        bodies = [a["token_replacement"] for oid in self.replacers for a in self.objects[oid]["card"]["abilities"]
                  if "token_replacement" in a]
        plus = sum(b.get("amount", 1) for b in bodies if b.get("mode") == "plus")
        return (count + plus) * 2 ** sum(b.get("mode", "double") == "double" for b in bodies)

    def token_names(self, count: int) -> list[str]:
        first = self.state["tokens"]
        names = [f"t{first + i + 1}" for i in range(self.room(count))]  # a name for each (111.1)
        self.state["tokens"] += len(names)
        return names

    def controller(self, oid: str) -> str:
        """Who controls ``oid`` now: as declared, unless it left the battlefield and came back (the
        planeswalker, 110.2: its owner)."""
        spec = self.objects[oid]
        if oid == "walker" and self.state.get("returned"):
            return spec.get("owner", "Alex")
        return spec.get("controller", spec.get("owner", "Alex"))

    @staticmethod
    def opponent(player: str) -> str:
        return "Blair" if player == "Alex" else "Alex"

    def aim(self, options: list[tuple[str, str]]) -> tuple[str | None, str]:
        """One of ``options`` (a permanent, a kind of counters its controller puts on it) that needs
        no order (:meth:`modes`), one a doubler may apply to if there is any; ``None`` if none."""
        fine = [(oid, kind) for oid, kind in options if len(self.modes(oid, kind)) <= 1]
        doubled = [(oid, kind) for oid, kind in fine if self.modes(oid, kind) == {"double"}]
        return self.draw.sample(doubled or fine) if fine else (None, "")

    def modes(self, target: str, kind: str) -> set[str]:
        """How the counter replacements that may apply to ``kind`` counters ``target``'s controller
        puts on it change the number: one mode (all twice, all plus, or all half: 614.1a), or none,
        and every order gives the same number (616.1). "May": a filter on the permanent counts as
        met whenever its controller is (the permanent may be a creature then), so the set is never
        smaller than the one that applies."""
        modes = set()
        whose = putter = self.controller(target)
        for oid in self.replacers:
            you = self.controller(oid)
            for ability in self.objects[oid]["card"]["abilities"]:
                body = ability.get("counter_replacement")
                if body is None or body.get("kind", kind) != kind:
                    continue
                if (body.get("by_you") and putter != you) or (body.get("by_opponent") and putter == you):
                    continue
                relation = (body.get("on") or {}).get("controller")
                if (relation == "you" and whose != you) or (relation == "opponent" and whose == you):
                    continue
                modes.add(body.get("mode", "double"))
        return modes
