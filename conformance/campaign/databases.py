"""The example database a campaign shares, named by ``--database URL`` (docs/campaigns.md).

A URL is one of:

- a directory path: Hypothesis's ``DirectoryBasedExampleDatabase`` (a shared or synced directory);
- ``redis://HOST:PORT/DB``: ``RedisExampleDatabase`` (``hypothesis.extra.redis``; the Python client
  ``redis`` comes with the ``campaign`` extra), for several machines at once;
- ``readonly:URL``: that database read but never written (``ReadOnlyDatabase``): replay what others
  found without adding to it.

Several ``--database`` options make one ``MultiplexedDatabase``: read from all, written to every
one that is not read-only. Each property sees the database through :class:`PropertyKeys`, under keys
that start with the suite's version and the property's id: a stored choice sequence means a
scenario only for the strategies of that version, so another version neither replays nor deletes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from hypothesis.database import (
    DirectoryBasedExampleDatabase, ExampleDatabase, MultiplexedDatabase, ReadOnlyDatabase,
)

from conformance import CR_VERSION, __version__

READ_ONLY = "readonly:"
REDIS_KEY_PREFIX = b"mtg-conformance:"
SUB_KEYS = (b".secondary", b".pareto")
"""Hypothesis's keys besides a test's primary one (its digest with these appended)."""


class DatabaseError(ValueError):
    """A ``--database`` URL that cannot be used; the message is one line."""


def open_databases(urls: Sequence[str], *, check: bool = False) -> ExampleDatabase:
    """The database ``urls`` name (several: multiplexed); with ``check``, a Redis server is asked
    for a reply first, so that an unreachable one is one line before anything runs."""
    databases = [_open(url, check=check) for url in urls]
    return databases[0] if len(databases) == 1 else MultiplexedDatabase(*databases)


def _open(url: str, *, check: bool) -> ExampleDatabase:
    if url.startswith(READ_ONLY):
        inner = url[len(READ_ONLY):]
        if not inner:
            raise DatabaseError(f"--database {url}: expected readonly:URL (a directory or redis://HOST:PORT/DB)")
        return ReadOnlyDatabase(_open(inner, check=check))
    if url.startswith(("redis://", "rediss://", "unix://")):
        return _redis(url, check=check)
    if "://" in url:
        raise DatabaseError(f"--database {url}: not a directory path, redis://HOST:PORT/DB or readonly:URL")
    path = Path(url)
    if path.exists() and not path.is_dir():
        raise DatabaseError(f"--database {url}: not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"--database {url}: cannot make the directory: {exc.strerror or exc}") from None
    return DirectoryBasedExampleDatabase(path)


def _redis(url: str, *, check: bool) -> ExampleDatabase:
    try:
        import redis
        from hypothesis.extra.redis import RedisExampleDatabase
    except ImportError:
        raise DatabaseError(f"--database {url}: needs the Python client redis: "
                            "python -m pip install 'mtg-conformance[campaign]'") from None
    try:
        client = redis.Redis.from_url(url)
    except ValueError as exc:
        raise DatabaseError(f"--database {url}: {exc}") from None
    if check:
        try:
            client.ping()
        except redis.RedisError as exc:
            raise DatabaseError(f"--database {url}: cannot reach the Redis server: {exc}") from None
    return RedisExampleDatabase(client, key_prefix=REDIS_KEY_PREFIX)


def namespace(property_id: str) -> bytes:
    """The start of every key a property's examples are stored under: the suite's version (and
    the CR's it checks) and the property's id."""
    return f"mtg-conformance {__version__} (CR {CR_VERSION}) {property_id}:".encode()


class PropertyKeys(ExampleDatabase):
    """``database`` as one property sees it: its keys start with :func:`namespace`; ``fetched``
    counts the examples read back under the key Hypothesis replays first (its primary key, not
    the ``.secondary`` or ``.pareto`` ones), that is the counterexamples stored by earlier runs, on
    any machine."""

    def __init__(self, database: ExampleDatabase, property_id: str) -> None:
        super().__init__()
        self.database = database
        self.prefix = namespace(property_id)
        self.fetched = 0

    def __repr__(self) -> str:
        return f"PropertyKeys({self.database!r}, {self.prefix!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PropertyKeys) and (self.database, self.prefix) == (other.database, other.prefix)

    def __hash__(self) -> int:
        return hash(self.prefix)

    def fetch(self, key: bytes) -> Iterable[bytes]:
        for value in self.database.fetch(self.prefix + key):
            if not key.endswith(SUB_KEYS):
                self.fetched += 1
            yield value

    def save(self, key: bytes, value: bytes) -> None:
        self.database.save(self.prefix + key, value)

    def delete(self, key: bytes, value: bytes) -> None:
        self.database.delete(self.prefix + key, value)

    def move(self, src: bytes, dest: bytes, value: bytes) -> None:
        self.database.move(self.prefix + src, self.prefix + dest, value)

    def _start_listening(self) -> None:  # nobody listens to a campaign's database
        pass

    def _stop_listening(self) -> None:
        pass
