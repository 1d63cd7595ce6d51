"""Results: judging an engine's snapshots against a case's checkpoints
(:mod:`~conformance.results.compare`), the rules a case exercises and the ones a failure shows
broken (:mod:`~conformance.results.exercised`), one result as plain data
(:mod:`~conformance.results.records`), the JSON Lines results file
(:mod:`~conformance.results.stream`), an engine's known results for CI gating
(:mod:`~conformance.results.expectations`) and sharding (:mod:`~conformance.results.shard`)."""
