"""Sharding for CI matrices: ``--shard I/N`` runs the I-th of N disjoint parts of the suite.

A case (or property) belongs to shard ``1 + sha256(kind:id) mod N``: a stable hash of its id,
so the split depends neither on collection order, nor on which other cases exist, nor on the
Python process (``hash()`` is salted per process; SHA-256 is not). N machines each running one
shard together run every case exactly once; adding a case moves no other case.
"""

from __future__ import annotations

import argparse
import hashlib
import re
from dataclasses import dataclass

from conformance.errors import shown


@dataclass(frozen=True)
class Shard:
    index: int  # 1-based
    count: int

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def holds(self, case_id: str, kind: str = "case") -> bool:
        """Whether the case (or property) ``case_id`` belongs to this shard."""
        return shard_of(case_id, self.count, kind) == self.index


def shard_of(case_id: str, count: int, kind: str = "case") -> int:
    """The shard (1..count) the case or property ``case_id`` belongs to."""
    digest = hashlib.sha256(f"{kind}:{case_id}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % count


MAX_SHARDS = 10_000
"""The most shards a run may be split into (a CI matrix has tens; a number beyond this is a typo)."""


def parse(text: str) -> Shard:
    """``I/N`` with 1 <= I <= N <= :data:`MAX_SHARDS`; raises ``argparse.ArgumentTypeError`` saying
    what is wrong (quoting at most a few characters of ``text``)."""
    match = re.fullmatch(r"\s*([0-9]{1,20})\s*/\s*([0-9]{1,20})\s*", text) if isinstance(text, str) else None
    if not match:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not I/N (this machine's shard I of N, e.g. 2/4)")
    index, count = int(match[1]), int(match[2])
    if count < 1 or not 1 <= index <= count:
        raise argparse.ArgumentTypeError(f"{shown(text)}: the shard number I must be between 1 and N (N >= 1)")
    if count > MAX_SHARDS:
        raise argparse.ArgumentTypeError(f"{shown(text)}: at most {MAX_SHARDS:,} shards")
    return Shard(index, count)
