"""Strategies for whole copy scenarios (a public one, :func:`copy_scenarios`): originals, Clones
entering as copies with exceptions, token copies, objects becoming copies, static copy effects and
face-down permanents (CR 707, 708), and the steps that change them.

Every scenario is valid: references resolve, and every copy choice names an object that is a
creature on the battlefield when the copy enters (707.5). To keep that true without running the
scenario, the generator keeps a model of the battlefield (:class:`_Board`): printed values are at
least 1/1, the changes made never lower a value, and the only deaths are chosen ones (-X/-X beyond
any toughness the case can reach, or a move away), after which nothing names the dead object.
The objects come from :mod:`.copies`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance.format.model import Case
from strategies._internal.copies import _clone_objects, _exceptions, _original_objects
from strategies._internal.core import PLAYERS, _explicit, _named, build_case
from strategies._internal.drawing import Chooser
from strategies._internal.validation import check_checkpoints, check_features, check_size, observe_here


def copy_scenarios(*, features: Iterable[str] | None = None, max_originals: int = 2, max_clones: int = 3,
                   max_steps: int = 8, checkpoints: str = "each") -> st.SearchStrategy[Case]:
    """Returns a strategy which generates scenarios about copies: creatures to copy (some face
    down, some controlled by a player other than their owner, those with an activated or
    triggered ability more often (602.2, 603.3a), with mana costs, snow or legendary
    supertypes, and abilities as data: keywords, a colour-defining ability, a static ability, an
    activated ability making it become something, a triggered one making it become a copy of its
    target, "as enters" choices of a player or of P/T), Clones entering as copies of them and of
    each other (copy chains, 707.3) with exceptions (707.9: name, types, subtypes, supertypes,
    colours, P/T, abilities, counters, some only if it is a creature, 707.9f), objects becoming
    copies with exceptions until end of turn or until the effect is ended (707.4, 514.2), token
    copies with exceptions and their own "as enters" choices (707.6), a static copy effect
    ("creatures your opponents control are copies of the chosen creature", 707.2c), changes to
    the originals (none of which a copy copies, 707.2; one of them may give the world supertype:
    the only world permanent there is, 704.5k), control changes, turning permanents face up and
    down (708, 708.11), Clones put onto the battlefield face down (708.3), activating and
    triggering those abilities (a trigger aimed at the creature that just entered, 603.2), and deaths: a creature
    given -X/-X beyond its toughness (704.5f) or moved to a graveyard or exile, a token ceasing
    to exist as it leaves (111.7, 704.5d); each as ``features`` allow. Every copy choice names a
    creature on the battlefield at that moment (707.5), never a legendary one (so no two
    legendary permanents share a name, 704.5j); nothing dies but on purpose. A checkpoint follows
    each step (``"each"``), a random subset of steps and the last (``"sparse"``), or only the last
    (``"end"``). Simplest example: one nameless colorless 1/1 with nothing else, no Clone, and
    one step (a +0/+0); examples shrink towards one original, one Clone and few steps."""
    allowed = check_features(features)
    if "copy-effects" not in allowed:
        raise InvalidArgument(f"features={sorted(allowed)}: copy scenarios need copy-effects")
    check_size(max_originals, "max_originals", minimum=1)
    check_size(max_clones, "max_clones")
    check_size(max_steps, "max_steps", minimum=1)
    check_checkpoints(checkpoints)
    defaults = {"features": None, "max_originals": 2, "max_clones": 3, "max_steps": 8, "checkpoints": "each"}
    return _copy_scenarios(**_explicit(defaults, features=features, max_originals=max_originals,
                                       max_clones=max_clones, max_steps=max_steps, checkpoints=checkpoints))


def _change_kinds(allowed: frozenset[str]) -> list[str]:
    """Steps on the board, each only with its feature. Changes never lower a value below 1/1, so
    only the deaths chosen on purpose (``kill``, ``leave``, a Clone copying nothing) happen."""
    return [kind for kind, needs in (
        ("modify_pt", "layer-7c"), ("put_counters", "counters"), ("switch_pt", "layer-7d"), ("set_pt", "layer-7b"),
        ("add_type", "type-changing"), ("color", "color-changing"), ("flying", "ability-changing"),
        ("become_copy", "copy-effects"), ("become_copy", "copy-effects"), ("token", "token-copies"),
        ("token", "token-copies"), ("token", "token-copies"), ("face_up", "face-down"), ("face_down", "face-down"), ("face_down", "face-down"), ("end_turn", "durations"),
        ("end_effect", "durations"), ("end_effect", "durations"), ("gain_control", "control-changing"),
        ("activate", "activated-abilities"), ("activate", "activated-abilities"), ("activate", "activated-abilities"),
        ("trigger", "triggered-abilities"), ("trigger", "triggered-abilities"), ("trigger", "triggered-abilities"),
        ("kill", "layer-7c"), ("leave", "zone-changes"),
    ) if needs in allowed]


FACE_DOWN = "face-down"
"""The copiable values of a face-down permanent: a nameless 2/2 with no abilities (707.2, 708.2a)."""


class _Board:
    """What the generator knows of the battlefield as the steps happen, without running them:
    which objects are there (creatures, all of them), who controls each, which are face down, and
    whose printed values each one's copiable values are (its own, or those of the original a copy
    effect copies, 707.2, 707.3), so that every copy choice is a creature on the battlefield
    (707.5) that is not legendary (no legend-rule situation, 704.5j), and that a copy gets the
    choices its copied "as enters" abilities need (707.6)."""

    def __init__(self, cards: dict[str, dict[str, Any]]) -> None:
        self.cards = cards  # the originals' printed cards, by id
        self.on: list[str] = []
        self.controller: dict[str, str] = {}
        self.face_down: set[str] = set()
        self.copies: dict[str, list[tuple[int, str, str | None]]] = {}  # (timestamp, root, how it ends)
        self.mirror: tuple[int, str, str] | None = None  # (timestamp, its controller, the root it copies)
        self.time = 0
        self.blank: set[str] = set()  # Clones put onto the battlefield face down: never turned face up
        self.world = False  # whether an effect gave the world supertype yet (at most once: 704.5k)

    def tick(self) -> int:
        self.time += 1
        return self.time

    def root(self, oid: str) -> str:
        """Whose printed values ``oid`` has face up: the latest copy effect's (613.2, 613.7)."""
        entries = list(self.copies.get(oid, ()))
        if self.mirror is not None and self.controller[oid] != self.mirror[1]:  # 707.2c: opponents' creatures
            entries.append((self.mirror[0], self.mirror[2], None))
        return max(entries)[1] if entries else oid

    def copied(self, oid: str) -> str:
        """What a copy of ``oid`` copies now (707.2: face-down status included, 708.2a)."""
        return FACE_DOWN if oid in self.face_down else self.root(oid)

    def abilities(self, root: str) -> list[dict[str, Any]]:
        return [] if root == FACE_DOWN else self.cards[root].get("abilities", [])

    def has(self, root: str, key: str) -> bool:
        return any(key in ability for ability in self.abilities(root))

    def sources(self, exclude: str | None = None, *, tokens: bool = True) -> list[str]:
        """The legal choices of a copy effect now: creatures on the battlefield, never legendary.
        Without ``tokens``: no token (the loader checks an entering object's choices against the
        declared objects only, so a Clone entering as a copy of a token is not generated)."""
        return [oid for oid in self.on if oid != exclude and (tokens or not oid.startswith("t")) and not (
            self.copied(oid) != FACE_DOWN and "legendary" in self.cards[self.copied(oid)].get("supertypes", []))]

    def choices(self, copied: str, controller: str) -> dict[str, Any]:
        """The choices a copy of ``copied`` makes as it enters (707.6): its own, never copied."""
        choices: dict[str, Any] = {}
        if self.has(copied, "as_enters_choose"):
            choices["player"] = _opponent(controller)
        if self.has(copied, "as_enters_pt"):
            choices["pt"] = "5/1"
        return choices

    def holders(self, key: str) -> list[tuple[str, dict[str, Any]]]:
        """Permanents having an ability of kind ``key`` now (a face-down one has none, 708.2a)."""
        found = []
        for oid in self.on:
            if oid not in self.face_down:
                found += [(oid, ability[key]) for ability in self.abilities(self.root(oid)) if key in ability]
        return found

    def end(self, ends: str) -> None:
        for oid in self.copies:
            self.copies[oid] = [entry for entry in self.copies[oid] if entry[2] != ends]


def _opponent(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


MIRROR = {"types": ["enchantment"], "colors": ["U"], "abilities": [
    {"as_enters_choose": {"object": {"types": ["creature"]}}},
    {"static_copy": {"affects": {"types": ["creature"], "controller": "opponent"}}}]}
"""A hypothetical enchantment: "As this enters, choose a creature. Creatures your opponents
control are copies of the chosen creature" (707.2c, as in golden/707.2-copiable-values.yaml)."""


@_named("copy_scenarios")
def _copy_scenarios(draw, *, features=None, max_originals=2, max_clones=3, max_steps=8, checkpoints="each") -> Case:
    draw = Chooser.of(draw)
    allowed = check_features(features)
    originals = [draw.inline(_original_objects, features=allowed, number=i, extras=True)
                 for i in range(1, draw.integer(1, max_originals) + 1)]
    legendary_names = set()
    for spec in originals:  # 704.5j: legendary originals have distinct names
        if "legendary" in spec["card"].get("supertypes", ()):
            if spec["card"]["name"] in legendary_names:
                spec["card"].pop("supertypes")
            legendary_names.add(spec["card"]["name"])
    clones = [draw.inline(_clone_objects, features=allowed) for _ in draw.sizes(0, max_clones)]
    objects: dict[str, Any] = {f"o{i}": spec for i, spec in enumerate(originals, 1)}
    board = _Board({oid: spec["card"] for oid, spec in objects.items()})
    for oid, spec in objects.items():
        board.on.append(oid)
        board.controller[oid] = _declared_controller(draw, spec)
        if spec.get("face_down"):
            board.face_down.add(oid)
        else:  # declared having entered: the choices it made then (614.12)
            choices = board.choices(oid, board.controller[oid])
            if choices:
                spec["choices"] = choices
        board.tick()
    in_hand = []
    for i, spec in enumerate(clones, 1):
        if "zone-changes" in allowed and draw.integer(0, 3):  # it enters later, as a copy of what is there then
            in_hand.append(f"k{i}")
        else:  # it entered as the case starts (declared after what it copies)
            spec = {key: value for key, value in spec.items() if key != "zone"}
            controller = _declared_controller(draw, spec)
            sources = board.sources()
            if not sources:
                continue
            chosen = sources[draw.integer(0, len(sources) - 1)]
            copied = board.copied(chosen)
            spec["choices"] = {"copy": chosen, **board.choices(copied, controller)}
            board.copies[f"k{i}"] = [(board.tick(), copied, None)]
            board.on.append(f"k{i}")
            board.controller[f"k{i}"] = controller
        objects[f"k{i}"] = spec
    mirror_waits = False
    if {"static-abilities", "enters-choices"} <= allowed and draw.integer(0, 4) >= 3:
        owner = draw.sample(PLAYERS)
        if "zone-changes" in allowed and draw.boolean():
            objects["m"] = {"card": MIRROR, "zone": "hand", "owner": owner}
            mirror_waits = True
        elif board.sources():
            chosen = draw.sample(board.sources())
            objects["m"] = {"card": MIRROR, "owner": owner, "choices": {"object": chosen}}
            board.mirror = (board.tick(), owner, board.copied(chosen))
    kinds = ["enter"] * 3 * bool(in_hand) + ["mirror"] * 2 * mirror_waits + _change_kinds(allowed)
    intents = [(draw.sample(kinds), draw.integer(0, 7), draw.integer(0, 7), draw.integer(0, 3))
               for _ in draw.sizes(1, max_steps)]
    steps: list[dict[str, Any]] = []
    tokens = effects = 0
    for number, (kind, a, b, amount) in enumerate(intents, 1):
        drawn, kind = kind, _instead(board, kind, b, allowed, in_hand)
        step = _step(draw, board, kind, a, b, amount, allowed, in_hand=in_hand, objects=objects, tokens=tokens,
                     effects=effects, number=number)
        if step is None and kind == "enter_face_down":
            step = _step(draw, board, drawn, a, b, amount, allowed, in_hand=in_hand, objects=objects, tokens=tokens,
                         effects=effects, number=number)
        if step is None and kind in ("activate", "trigger", "end_effect", "mirror"):  # nothing to name: a copy instead
            step = _step(draw, board, "become_copy", a, b, amount, allowed, in_hand=in_hand, objects=objects,
                         tokens=tokens, effects=effects, number=number)
        if step is not None:
            steps.append(step)
            tokens += "create_token" in step
            effects += "id" in next(iter(step.values()))
            entered = _entered(step)
            if entered is not None and amount < 3:
                # 603.2: "whenever another creature enters", or else an activated ability making
                # its object a copy of the creature that entered (602, 707.4)
                follow = _step(draw, board, "trigger", a, b, amount, allowed, in_hand=in_hand, objects=objects,
                               tokens=tokens, effects=effects, number=number, aim=entered) \
                    or _step(draw, board, "activate", a, b, amount, allowed, in_hand=in_hand, objects=objects,
                             tokens=tokens, effects=effects, number=number, aim=entered)
                if follow is not None:
                    steps.append(follow)
        if number == len(intents) or (step is not None and observe_here(draw, checkpoints)):
            steps.append({"expect": {"objects": {oid: {} for oid in [*objects, *_tokens(tokens)]}}})
    return build_case(objects, steps, summary="a scenario generated by strategies.copy_scenarios()")


_ORDINARY = ("become_copy", "color", "flying", "set_pt", "modify_pt", "switch_pt", "put_counters", "end_turn")
"""Step kinds that :func:`_instead` may turn into one the board makes possible."""


def _instead(board: _Board, kind: str, b: int, allowed: frozenset[str], in_hand: list[str]) -> str:
    """The step to make of a drawn ``kind`` (by ``b``, drawn with it): where the board allows, an
    object's own ability making it become something (602, 603), an Aquamorph Entity turned face up
    (its "as turned face up" choice, 708.11), a token copy of an object with "as enters" choices
    (it makes its own, 707.6), or a Clone put onto the battlefield face down (708.3). These need a
    board the steps before made, so drawn blindly they would seldom happen."""
    if kind == "face_down":
        return "enter_face_down" if in_hand and b % 4 < 2 else kind
    if kind not in _ORDINARY:
        return kind
    possible = {
        "activate": bool(board.holders("activated")), "trigger": bool(board.holders("triggered")),
        "face_up": any(oid in board.on and oid not in board.blank and board.has(board.root(oid), "as_enters_pt")
                       for oid in board.face_down),
        "token": "token-copies" in allowed and any(board.choices(board.copied(oid), PLAYERS[0])
                                                   for oid in board.sources())}
    order = (("activate", "trigger", "face_up"), ("trigger", "activate", "token"), ("token", "face_up", "trigger"),
             ("face_up", "token", "activate"))[b % 4]
    return next((instead for instead in order if possible[instead]), kind)


def _entered(step: dict[str, Any]) -> str | None:
    """The creature a step puts onto the battlefield face up, if any (a Clone, a token)."""
    if "create_token" in step:
        return step["create_token"]["token"]
    move = step.get("move", {})
    return move["object"] if move.get("to") == "battlefield" and not move.get("face_down") else None


def _declared_controller(draw, spec: dict[str, Any]) -> str:
    """Who controls an object declared on the battlefield: mostly its owner (108.4); one with an
    activated or triggered ability more often another player, who activates it (602.2) and
    controls what it triggers (603.3a)."""
    draw = Chooser.of(draw)
    acting = any("activated" in ability or "triggered" in ability for ability in spec["card"].get("abilities", ()))
    if draw.integer(0, 4) >= (3 if acting else 4):
        spec["controller"] = _opponent(spec["owner"])
    return spec.get("controller", spec["owner"])


def _step(draw, board: _Board, kind: str, a: int, b: int, amount: int, allowed: frozenset[str], *, in_hand: list[str],
          objects: dict[str, Any], tokens: int, effects: int, number: int, aim: str | None = None
          ) -> dict[str, Any] | None:
    """One step of ``kind`` on the board as the generator knows it, and what it does to that
    knowledge; ``None`` when it can't happen (nothing for it to name). ``aim``: the target a
    trigger step takes (the creature whose entering triggers it), if it can."""
    draw = Chooser.of(draw)
    on = board.on
    if not on and kind not in ("enter", "mirror", "end_turn"):
        return None
    target = on[a % len(on)] if on else None
    sources = board.sources(exclude=target)
    # Copy chains (707.3) come from copying the latest copies most often.
    other = sources[-1 - b % len(sources)] if sources else None
    if kind in ("enter", "enter_face_down"):
        sources = board.sources(tokens=False)
        if not in_hand or not sources:
            return None
        clone = in_hand[a % len(in_hand)]
        controller = objects[clone]["owner"]
        if board.mirror is not None and controller != board.mirror[1]:
            # 614.12: as it would exist on the battlefield it is already a copy of the mirror's
            # choice, with no "enter as a copy" ability left to apply
            return None
        in_hand.remove(clone)
        if "face-down" in allowed and (kind == "enter_face_down" or amount == 3):
            # 708.3: put onto the battlefield face down, its "enter as a copy" does nothing: a
            # face-down 2/2 that is never turned face up (face up, it would be a 0/0 Clone)
            board.on.append(clone)
            board.controller[clone] = controller
            board.face_down.add(clone)
            board.blank.add(clone)
            board.tick()
            return {"move": {"object": clone, "to": "battlefield", "face_down": True}}
        chosen = sources[-1 - b % len(sources)]
        copied = board.copied(chosen)
        board.copies[clone] = [(board.tick(), copied, None)]
        board.on.append(clone)
        board.controller[clone] = controller
        return {"move": {"object": clone, "to": "battlefield", "choices": {"copy": chosen, **board.choices(copied, controller)}}}
    if kind == "mirror":
        sources = board.sources(tokens=False)
        if "m" not in objects or objects["m"].get("zone") != "hand" or board.mirror is not None or not sources:
            return None
        chosen = sources[a % len(sources)]
        board.mirror = (board.tick(), objects["m"]["owner"], board.copied(chosen))
        return {"move": {"object": "m", "to": "battlefield", "choices": {"object": chosen}}}
    if kind == "token":
        if other is None:  # a token copy of the only creature there is
            sources = board.sources()
            other = sources[-1 - b % len(sources)] if sources else None
        if other is None:
            return None
        choosing = [oid for oid in sources if board.choices(board.copied(oid), PLAYERS[0])]
        if choosing and b % 3 != 2:  # a copy of an object with "as enters" choices makes its own (707.6)
            other = choosing[a % len(choosing)]
        token = f"t{tokens + 1}"
        controller = PLAYERS[amount % 2] if "control-changing" in allowed or amount < 2 else PLAYERS[0]
        step: dict[str, Any] = {"token": token, "copy_of": other}
        if controller != PLAYERS[0]:
            step["controller"] = controller
        exceptions = _exceptions(draw, allowed, entering=True)
        if exceptions:
            step["exceptions"] = exceptions
        copied = board.copied(other)
        choices = board.choices(copied, controller)
        if choices:
            step["choices"] = choices
        board.copies[token] = [(board.tick(), copied, None)]
        board.on.append(token)
        board.controller[token] = controller
        return {"create_token": step}
    if kind == "become_copy":
        if other is None:
            return None
        step = {"to": target, "of": other}
        ends: str | None = None
        if "durations" in allowed and amount % 2:  # until the effect is ended by name
            ends = f"e{effects + 1}"
            step.update(id=ends, until="ended")
        elif "durations" in allowed:
            ends = "end_of_turn"  # the default duration (514.2)
        else:
            step["until"] = "ended"
        exceptions = _exceptions(draw, allowed, entering=False)
        if exceptions:
            step["exceptions"] = exceptions
        board.copies.setdefault(target, []).append((board.tick(), board.copied(other), ends))
        return {"become_copy": step}
    if kind in ("activate", "trigger"):
        key = "activated" if kind == "activate" else "triggered"
        holders = [(oid, ability) for oid, ability in board.holders(key) if oid != aim]
        copying = [(oid, ability) for oid, ability in holders if "become_copy" in ability["effect"]]
        if copying and (b % 2 == 0 or aim is not None):  # most often one making its object a copy of its target (707.4)
            holders = copying
        elif aim is not None:
            return None
        if not holders:
            return None
        holder, ability = holders[a % len(holders)]
        step = {"object": holder, "ability": ability["name"]}
        if "X" in str(ability["effect"]):
            step["x"] = amount + 1  # 107.3: at least 1, so it stays a creature of 1/1 or more
        if "become_copy" in ability["effect"]:
            targets = board.sources(exclude=holder)
            if not targets:
                return None
            step["target"] = aim if aim in targets else targets[-1 - b % len(targets)]
            until = ability["effect"]["become_copy"]["until"]
            board.copies.setdefault(holder, []).append(
                (board.tick(), board.copied(step["target"]), "end_of_turn" if until == "end_of_turn" else None))
        return {kind: step}
    if kind == "end_effect":
        live = sorted({entry[2] for entries in board.copies.values() for entry in entries
                       if entry[2] not in (None, "end_of_turn")})
        if not live:
            return None
        ends = live[a % len(live)]
        board.end(ends)
        return {"end_effect": ends}
    if kind == "end_turn":
        board.end("end_of_turn")
        return {"end_turn": {}}
    if kind == "kill":  # -X/-X beyond any toughness here: toughness 0 or less (704.5f)
        board.on.remove(target)
        lethal = 10 + 4 * number + 4 * (len(objects) + len(board.copies))
        return {"modify_pt": {"to": target, "power": -lethal, "toughness": -lethal}}
    if kind == "leave":  # a token leaving the battlefield ceases to exist (111.7, 704.5d)
        board.on.remove(target)
        return {"move": {"object": target, "to": "graveyard" if amount % 2 else "exile"}}
    if kind == "gain_control":  # layer 2 (613.1b): for as long as the object is there
        if board.mirror is not None:  # it would change what the static copy effect affects: kept simple
            return None
        board.controller[target] = _opponent(board.controller[target])
        board.tick()
        return {"become": {"to": target, "gain_control": True, "controller": board.controller[target], "until": "ended"}}
    if kind == "face_up":
        face_down = [oid for oid in on if oid in board.face_down and oid not in board.blank]
        turned = [oid for oid in face_down if board.has(board.root(oid), "as_enters_pt")]
        if turned and b % 2:  # 708.11: one whose "as this is turned face up" choice applies
            face_down = turned
        target = face_down[a % len(face_down)] if face_down else target
        if target in board.blank:
            return None
        step = {"object": target, "by": "morph" if amount % 2 else "effect"}
        face_up = target in board.face_down and (step["by"] == "effect" or board.has(board.root(target), "morph"))
        if board.has(board.root(target), "as_enters_pt"):
            step["choices"] = {"pt": "1/5"}  # 708.11: the choice made as it is turned face up
        if face_up:
            board.face_down.discard(target)
        board.tick()
        return {"turn_face_up": step}
    if kind == "face_down":
        board.face_down.add(target)
        board.tick()
        return {"turn_face_down": {"object": target}}
    board.tick()
    if kind == "modify_pt":
        return {"modify_pt": {"to": target, "power": amount, "toughness": (a + b) % 3}}
    if kind == "put_counters":
        return {"put_counters": {"object": target, "kind": "+1/+1" if b % 2 else "+1/+0", "count": amount + 1}}
    if kind == "switch_pt":
        return {"switch_pt": {"to": target}}
    if kind == "set_pt":
        return {"set_pt": {"to": target, "power": amount + 1, "toughness": b % 4 + 1}}
    if kind == "add_type":
        if not board.world and amount:
            # "it's a world artifact in addition": the only world permanent there ever is (no copy
            # copies it, 707.2), so the world rule never applies (704.5k)
            board.world = True
            return {"become": {"to": target, "add_types": ["artifact"], "add_supertypes": ["world"]}}
        return {"become": {"to": target, "add_types": ["artifact"]}}
    if kind == "color":
        return {"become": {"to": target, "colors": [["W", "U", "B", "R", "G"][amount]]}}
    return {"become": {"to": target, "gains": [{"keyword": "flying"}]}}


def _tokens(count: int) -> list[str]:
    return [f"t{i}" for i in range(1, count + 1)]
