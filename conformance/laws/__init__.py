"""The laws: properties every engine must have, checked on generated scenarios.

Two kinds, each tied to the rules it checks:

- **differential**: on every generated scenario, the engine's snapshots equal the reference
  engine's, on the values both report;
- **metamorphic laws**: relations between the engine's own answers on related scenarios, which
  need no oracle (two switches cancel, 613.4d; doubling adds the current value, 701.10b-c; ...).

A law holds while the objects it speaks of stay on the battlefield; where a step can make a
creature die (704.5f), the law states what must then be true instead. Every law draws a base
scenario from :func:`strategies.scenarios` limited to the features the engine declares, so
examples shrink to small boards and few steps. The laws know engines only through
:class:`Subject`; they know nothing of pytest (the plugin runs them).
"""
