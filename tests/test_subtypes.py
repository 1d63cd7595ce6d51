"""The CR 2025-09-19 subtype lists (205.3g-m, 205.3q) shipped as package data, and what uses them."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest

from conformance.format import subtypes
from conformance.errors import Unsupported

ROOT = Path(__file__).resolve().parent.parent


def test_the_lists_are_those_of_the_cr_2025_09_19():
    """Spot checks of what that CR says: 17 land types, Time Lord the only creature type of two
    words (205.3m), Infinity and Stone (new in 205.3g that day), Symbiote and Villain (new in 205.3m),
    and not yet the creature types of the CR of 2025-11-14 (Bison, Kangaroo, Lemur, Platypus)."""
    assert subtypes.CR_DATE == "2025-09-19"
    assert subtypes.KINDS["land"] == (
        "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Planet",
        "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza's")
    assert [t for t in subtypes.CREATURE_TYPES if " " in t] == ["Time Lord"]
    assert {"Infinity", "Stone"} <= set(subtypes.KINDS["artifact"])
    assert {"Symbiote", "Villain", "Hero", "C'tan"} <= subtypes.CREATURE_TYPES
    assert not {"Bison", "Kangaroo", "Lemur", "Platypus"} & subtypes.CREATURE_TYPES
    assert subtypes.KINDS["spell"] == ("Adventure", "Arcane", "Lesson", "Omen", "Trap")
    assert subtypes.KINDS["battle"] == ("Siege",)
    assert {kind: len(names) for kind, names in subtypes.KINDS.items()} == {
        "artifact": 19, "enchantment": 12, "land": 17, "planeswalker": 79, "spell": 5, "creature": 310, "battle": 1}


def test_no_subtype_is_of_two_kinds():
    """205.3c: each subtype is correlated to one card type (kind), so the kinds are disjoint."""
    names = [name for kind in subtypes.KINDS.values() for name in kind]
    assert len(names) == len(set(names)) == len(subtypes.KIND_OF)


def test_the_lists_are_package_data():
    """The loader reads the file through importlib.resources, so it must be installed with a wheel."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["conformance"]
    assert any((ROOT / "conformance" / "data" / "subtypes.json") in (ROOT / "conformance").glob(p) for p in patterns)
    assert resources.files("conformance").joinpath("data/subtypes.json").is_file()


def test_correspondence():
    """205.3c-d: creature types go with creature and kindred, spell types with instant and sorcery."""
    assert subtypes.corresponding(("Forest", "Dryad"), ("land",)) == ("Forest",)
    assert subtypes.corresponding(("Forest", "Dryad"), ("creature",)) == ("Dryad",)
    assert subtypes.corresponding(("Shapeshifter", "Arcane"), ("kindred", "instant")) == ("Shapeshifter", "Arcane")
    assert subtypes.corresponding(("Illusion", "Vehicle"), ("artifact",)) == ("Vehicle",)
    assert subtypes.has_creature_types(("kindred", "sorcery")) and not subtypes.has_creature_types(("artifact",))
    assert subtypes.replace_subtypes(("Equipment", "Lizard"), ("Frog",)) == ("Equipment", "Frog")
    with pytest.raises(Unsupported, match="not a subtype of the CR 2025-09-19"):
        subtypes.corresponding(("Teddybear",), ("creature",))


def test_the_strategies_draw_real_subtypes():
    """The copy strategies give their creatures subtypes: creature types of 205.3m."""
    from strategies._internal import copies

    assert set(copies.SUBTYPES) <= subtypes.CREATURE_TYPES
    assert set(copies.CLONE["subtypes"]) <= subtypes.CREATURE_TYPES
