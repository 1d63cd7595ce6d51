"""Running engines: the engine interface (:mod:`~conformance.engines.interface`), engines in
their own process spoken to in JSON lines (:mod:`~conformance.engines.harness`,
:mod:`~conformance.engines.protocol`), the smoke check of a new engine
(:mod:`~conformance.engines.smoke`), and adapters for real engines (:mod:`~conformance.engines.adapters`).
An engine turns a case into snapshots; nothing here judges them."""
