"""Running engines: the engine interface (:mod:`~conformance.engines.interface`), engines by name
(:mod:`~conformance.engines.installed`: the reference engine, and the adapters installed as
distributions of their own), engines in their own process spoken to in JSON lines
(:mod:`~conformance.engines.harness`, :mod:`~conformance.engines.protocol`), and the smoke check of
a new engine (:mod:`~conformance.engines.smoke`). An engine turns a case into snapshots; nothing
here judges them."""
