"""What a plan is made of (:mod:`.plan` builds it): the synthesized spells cast (:class:`Cast`),
the effects injected inside a ``together`` step (:class:`Inject`, one event, CR 704.3), and the
:class:`Plan` of a case, its cards and how each step is realised in phase."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mtg_conformance_phase.abilities import AbilityReader
from mtg_conformance_phase.bindings import FILLER
from mtg_conformance_phase.cards import CardPlan, spell_card

EFFECT_STEPS = ("set_pt", "modify_pt", "switch_pt", "double_pt", "triple_pt", "become")
SPELL_ONLY = ("double_pt", "triple_pt", "become")  # amounts phase fixes as the spell resolves, and type and colour
# changes (.changes): never injected


@dataclass
class Cast:
    """Casting one synthesized spell: its name, its caster, the object it targets (if any), and
    the scenario effects (step bodies) it creates, in order."""

    spell: str
    caster: str
    target: str | None
    parts: list[Mapping[str, Any]]
    needs_creature: bool = True  # "target creature" (else "target permanent")
    damage_source: str | None = None  # a damage event's source whose controller a filter is read from
    target_player: str | None = None  # the player it targets ("target player")
    order: tuple[str, ...] = ()  # the objects whose replacement effects apply, in the affected player's order (616.1)
    tokens: tuple[str, ...] = ()  # the names of the tokens it creates, in order (111.1)
    orders: tuple[tuple[str, tuple[Any, ...]], ...] = ()  # (affected, its order) for several affected (616.1)
    source_choice: str | None = None  # the source of damage it chooses as it resolves (614.9, .redirection)
    unpreventable: bool = False  # its damage can't be prevented: the restriction ends once it resolved (615.12)
    copied: str | None = None  # the object it copies, its second target (707.4: "becomes a copy of target ...")
    copy_choice: tuple[str | None] | None = None  # the copy choice of the token copy it creates (707.5, .entering)
    target_zone: str = "Battlefield"  # where its target must be ("target creature card in a graveyard": Graveyard)
    only: tuple[str, str] | None = None  # the protected creature its "each" words must name alone (.protected_recipients)
    face_down_alone: bool = False  # phase's TurnFaceUp ignores its target: the target must be the only face-down permanent

    @property
    def tracked(self) -> bool:
        """Whether some effect of it must be found again (to end it, or to make it last)."""
        return any(p.get("id") or p.get("until") == "ended" for p in self.parts)


@dataclass
class Inject:
    """A modify/set/switch effect on one object injected into phase's continuous effects (only
    inside a ``together`` step): the entry phase's own spell ``source`` would create."""

    body: Mapping[str, Any]
    kind: str
    source: str


@dataclass
class Plan:
    players: tuple[str, ...]
    seats: int
    cards: dict[str, CardPlan] = field(default_factory=dict)
    objects: dict[str, str] = field(default_factory=dict)            # object id -> card name
    spells: dict[str, str] = field(default_factory=dict)             # spell name -> caster
    steps: list[tuple[str, Any]] = field(default_factory=list)       # (kind, realisation)
    shields: dict[str, str] = field(default_factory=dict)            # prevention effect id -> spell name
    tokens: tuple[str, ...] = ()                                     # the names the case gives tokens (.tokens)
    abilities_at: dict[str, dict[str, tuple[int, dict[str, Any]]]] = field(default_factory=dict)  # mana, loyalty (.ability_lines)
    triggers: bool = False                                           # the case has triggered abilities (.triggers)
    trigger_text: dict[str, dict[str, str]] = field(default_factory=dict)  # object -> ability -> phase's description
    abilities: AbilityReader | None = None                           # reads objects' abilities back (.abilities)
    entering: dict[str, tuple[str, Any]] = field(default_factory=dict)  # declared objects' as-enters choices
    waiting: Any = None                                              # a spell cast early to wait (.late_targets)
    names: dict[str, str] = field(default_factory=dict)              # stand-in card name -> declared (.same_name)
    starting: int = 0                                                # steps setting up the starting pools (CR 106.4)

    def add_spell(self, name: str, sentences: list[Any], caster: str) -> str:
        """A synthesized instant doing ``sentences`` (:func:`.cards.spell_card`), cast by ``caster``."""
        self.cards[name] = spell_card(name, sentences)
        self.spells[name] = caster
        return name

    def deck(self, seat: int, case: Mapping[str, Any]) -> list[str]:
        """A seat's cards: its objects and the spells it casts. No card is ever drawn (the adapter
        never reaches a draw step), so nothing else is needed, but a deck may not be empty."""
        player = self.players[seat] if seat < len(self.players) else None
        names = [self.objects[oid] for oid, spec in case["objects"].items()
                 if spec["owner"] == player and oid in self.objects]
        names += [name for name, caster in self.spells.items() if caster == player]
        return names or [FILLER]

    @property
    def key(self) -> str:
        """What identifies this case's card database."""
        return "\n".join(f"{name}\t{card.source}" for name, card in sorted(self.cards.items()))
