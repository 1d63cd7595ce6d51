"""Copies of spells on the stack and modal spells (issue 40): a ``cast`` step's ``copies``, and the
names of what a ``spell`` ability may say besides its effect (its modes, who chooses the mode, an
additional cost, life for the mana spent).

- ``copies: [{controller, target, colors, create_token}, ...]`` on a ``cast`` step: while the
  spell is on the stack, after its cast triggers have resolved, an effect copies it (a Fork
  resolving, a Frontline Heroism trigger resolving), once per entry, in order (707.10). Each copy
  is put on the stack above the spell and resolves before it (608.1): it has the spell's
  characteristics (``colors``: "except that the copy is red") and every choice made for it, its
  mode, X, the objects paid for its additional costs and its target (707.10), unless ``target``
  names a new one (707.10c; Fork lets its controller choose). A copy is not cast (no "whenever you
  cast" trigger), is controlled by ``controller`` (default: the caster; 707.10), had no mana spent
  to cast it (707.10's Dawnglow Infusion example), and ceases to exist once it leaves the stack
  (707.10a). ``create_token`` (Frontline Heroism): the copying effect first creates tokens (as a
  triggered ability's ``create_token``: token replacement effects apply, 614.1a), then the copy
  targets the token ``target`` names, one of those created (707.10e: the copy's controller chooses
  one when a replacement effect made several).
- ``spell: {modes: [EFFECT, ...], chooser: you | opponent}``: "Choose one —" (700.2): the cast
  step's ``mode`` (1 = the first) is chosen as it is cast (601.2b); ``chooser: opponent`` is "An
  opponent chooses one —", the cast step's ``mode_chooser`` naming the opponent the caster picked
  (an opponent within the caster's range of influence, 801.5a; the mode itself may refer to players
  outside the chooser's range, 801.5b).
- ``spell: {sacrifice: TYPE, ...}``: "As an additional cost to cast this spell, sacrifice a
  [TYPE]" (601.2b, 601.2h): the cast step's ``sacrifice`` names the permanent; an amount
  ``sacrificed_power`` is that permanent's power as it last existed on the battlefield (608.2h).
- ``gain_life: {amount, if_spent: [G, W]}``: Dawnglow Infusion, "you gain N life if {G} was spent to
  cast this spell and N life if {W} was spent to cast it": N for each listed colour of mana spent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.format.frozen import frozen
from conformance.format.trigger_events import EffectCreateToken

SACRIFICED_POWER = "sacrificed_power"
"""An amount: the power of the permanent sacrificed to cast the spell (601.2h, 608.2h)."""


@frozen
class SpellCopy:
    """One copy of a cast spell, put on the stack while it is there (707.10): controlled by
    ``controller`` (``None``: the caster), aimed at ``target`` (``None``: the original's, 707.10c),
    its colours ``colors`` (``None``: the original's), after the copying effect creates
    ``create_token``'s tokens (707.10e)."""

    controller: str | None = None
    target: str | None = None
    colors: tuple[str, ...] | None = None
    create_token: EffectCreateToken | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SpellCopy:
        tokens = data.get("create_token")
        return cls(controller=data.get("controller"), target=data.get("target"),
                   colors=tuple(data["colors"]) if "colors" in data else None,
                   create_token=EffectCreateToken.from_dict(tokens) if tokens is not None else None)


def chosen_mode(spell: Any, mode: int | None) -> Any:
    """700.2: what a spell does with ``mode`` chosen: the mode (1 = the first) of a modal spell,
    the spell itself otherwise; ``None`` for a modal spell with no such mode."""
    if not spell.modes:
        return spell
    modes = spell.mode_spells
    return modes[mode - 1] if mode is not None and 1 <= mode <= len(modes) else None
