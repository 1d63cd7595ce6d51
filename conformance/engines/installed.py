"""Engines by name: the built-in reference engine, and the adapters installed as distributions.

An adapter distribution declares its engine in the entry-point group :data:`GROUP`
(``mtg_conformance.engines``), a name for a ``module:attribute``, in its pyproject.toml::

    [project.entry-points."mtg_conformance.engines"]
    phase = "mtg_conformance_phase:PhaseEngine"

``--engine phase`` then names that engine (:func:`target`); ``mtg-conformance engines`` lists every
name, the distribution declaring it and its version (:func:`installed`). The suite itself ships
only the reference engine; the adapters of this repository are distributions of their own
(adapters/, docs/layout.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points

from conformance.errors import EngineSpecError

GROUP = "mtg_conformance.engines"
"""The entry-point group in which a distribution declares an engine by name."""

BUILT_IN = {"reference": "reference_engine:ReferenceEngine"}
"""The engines the suite itself ships, by name (a distribution cannot declare these names)."""


@dataclass(frozen=True)
class Named:
    """An engine by name: where it is (``module:attribute``) and who declares it."""

    name: str
    target: str
    distribution: str | None  # None: built in
    version: str | None

    @property
    def declared_by(self) -> str:
        if self.distribution is None:
            return "built in"
        return f"{self.distribution} {self.version}" if self.version else self.distribution


def _named(point: EntryPoint) -> Named:
    dist = point.dist
    return Named(point.name, point.value, dist.metadata["Name"] if dist is not None else None,
                 dist.version if dist is not None else None)


def installed() -> list[Named]:
    """Every engine by name, the built-in ones first, then the entry points of :data:`GROUP` by name
    (a name two distributions declare appears twice; a built-in name a distribution declares is
    listed, and never used)."""
    declared = sorted((_named(point) for point in entry_points(group=GROUP)),
                      key=lambda named: (named.name, named.distribution or ""))
    return [*(Named(name, value, None, None) for name, value in BUILT_IN.items()), *declared]


def names() -> list[str]:
    """The names ``--engine`` accepts, each once."""
    return list(dict.fromkeys(named.name for named in installed()))


def find(name: str) -> Named | None:
    """The engine ``name`` names, or None when no engine has that name; an :class:`EngineSpecError`
    when several installed distributions declare it (which one is meant cannot be told)."""
    if name in BUILT_IN:
        return Named(name, BUILT_IN[name], None, None)
    found = {(named.distribution, named.target): named for named in installed() if named.name == name}
    if len(found) > 1:
        raise EngineSpecError(f"--engine {name!r}: several installed distributions declare an engine of that name ("
                              + ", ".join(f"{n.declared_by}: {n.target}" for n in found.values())
                              + "); name one by module:attribute, or uninstall the others")
    return next(iter(found.values()), None)


def unknown(spec: str) -> EngineSpecError:
    """The error for an ``--engine`` that is neither a name nor a ``module:attribute`` nor ``exec:``."""
    return EngineSpecError(
        f"--engine {spec!r}: no engine of that name is installed (installed: {', '.join(names())}; "
        f"mtg-conformance engines lists them); an engine is also named as 'module:attribute' or 'exec:COMMAND'")
