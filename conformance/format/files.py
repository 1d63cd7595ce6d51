"""Reading the files a user names: case directories, case files, expectations and results files.

A case directory is data from anyone who can open a pull request, and so is every file in a
checkout (docs/ci.md, "What CI can trust"). What is read stays inside what was named:

- Searching a directory, a symbolic link is never followed. A link that would be read (named
  ``*.yaml``/``*.yml``, or leading to a directory) is refused with one line naming it, never
  skipped silently; any other link is left alone, as any other file is. Every link is refused,
  not only those leading out of the directory: one inside it adds nothing a case file there does
  not already give, and whether a link leads out is a question with traps (``..``, links to
  links, a target that changes), where "no link" is not.
- A path named on the command line is read as named, except through a symbolic link in its part
  below the working directory (``cases``, ``cases/golden``, ``$PWD/cases``): there, in a
  checkout, a pull request could have put the link. Elsewhere (``/tmp/cases``, a home directory)
  the path is the user's own choice and is followed.
- Nothing is written through such a link either (``--results``, ``--junitxml``, ``report -o``...).
- Only a regular file is read (a FIFO would block, a device never end), within a size limit
  checked before it is read.

Each problem is a :class:`~conformance.errors.CaseFileError`, one line naming the path.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from conformance.errors import CaseFileError, CaseFileErrors
from conformance.format import limits

CASE_FILE_SUFFIXES = (".yaml", ".yml")
LINK_IN_DIRECTORY = ("a symbolic link in a case directory: not followed (a case directory holds regular files "
                     "and directories only; docs/ci.md)")


def link_on_the_way(path: str | Path, base: str | Path | None = None) -> Path | None:
    """The first symbolic link met on the way to ``path`` below ``base`` (default: the working
    directory), or ``None``: the part of a path that a checkout, and so a pull request, decides."""
    base = Path.cwd() if base is None else Path(base)
    path = Path(path)
    try:
        below = (path if path.is_absolute() else base / path).relative_to(base)
    except ValueError:  # elsewhere: the user's own choice
        return None
    current = base
    for part in below.parts:
        current = current / part
        if current.is_symlink():
            return current
    return None


def named_link_error(path: str | Path, base: str | Path | None = None) -> CaseFileError | None:
    """The error for a named ``path`` reached through a link below the working directory, or ``None``."""
    which = _link_named(path, base)
    return None if which is None else CaseFileError(
        str(path), f"{which}: a path below the working directory is not read through a link (name the "
                   "directory it leads to; docs/ci.md)")


def through_link(target: str | Path) -> str | None:
    """Why nothing is written at ``target`` (a results file, a report): a symbolic link on its way
    below the working directory, where a pull request could have put one, leading anywhere."""
    which = _link_named(target)
    return None if which is None else f"{which}: nothing is written through a link below the working directory " \
                                      "(docs/ci.md)"


def _link_named(path: str | Path, base: str | Path | None = None) -> str | None:
    """``a symbolic link`` (``path`` is one) or ``LINK is a symbolic link`` (one on its way), as named."""
    base, path = Path.cwd() if base is None else Path(base), Path(path)
    link = link_on_the_way(path, base)
    if link is None:
        return None
    if link == (path if path.is_absolute() else base / path):
        return "a symbolic link"
    return f"{link if path.is_absolute() else link.relative_to(base)} is a symbolic link"


def search(paths: Iterable[str | Path]) -> tuple[list[Path], list[CaseFileError]]:
    """Case files named by ``paths`` (files as given, directories searched recursively, each file
    once), and the problems met on the way.

    No symbolic link is followed inside a directory (the module's docstring); a directory reached
    twice (a bind mount) is searched once; at most :data:`~conformance.format.limits.MAX_DIRECTORY_ENTRIES`
    entries are looked at. A ``*.yaml`` entry that is not a regular file (a FIFO, a device) is
    kept, so that reading it refuses it with a clear line rather than skipping it silently."""
    found: dict[Path, Path] = {}  # by resolved path: a file named twice is loaded once
    errors: list[CaseFileError] = []
    seen_dirs: set[tuple[int, int]] = set()
    entries = 0
    for path in map(Path, paths):
        named = named_link_error(path)
        if named is not None:
            errors.append(named)
            continue
        if not path.is_dir():
            found.setdefault(_resolved(path), path)
            continue
        files: list[Path] = []
        pending: list[Path] = [path]  # depth first, by hand (no recursion)
        while pending:
            directory = pending.pop()
            try:
                info = directory.stat()
                identity = (info.st_dev, info.st_ino)
                if identity in seen_dirs:
                    continue
                seen_dirs.add(identity)
                with os.scandir(directory) as listing:
                    children = sorted(listing, key=lambda entry: entry.name)
            except OSError as exc:
                errors.append(CaseFileError(str(directory), f"cannot search the directory: {exc.strerror or exc}"))
                continue
            entries += len(children)
            if entries > limits.MAX_DIRECTORY_ENTRIES:
                errors.append(CaseFileError(str(path), f"more than {limits.MAX_DIRECTORY_ENTRIES:,} directory "
                                                       "entries to search (conformance/format/limits.py)"))
                break
            subdirectories = []
            for entry in children:
                child = Path(entry.path)
                case_file = child.suffix in CASE_FILE_SUFFIXES
                try:
                    link, is_dir = entry.is_symlink(), entry.is_dir()  # is_dir follows a link, reading nothing
                except OSError:
                    link, is_dir = False, False
                if link:
                    if case_file or is_dir:
                        errors.append(CaseFileError(str(child), LINK_IN_DIRECTORY))
                elif is_dir:
                    subdirectories.append(child)
                elif case_file:
                    files.append(child)
            pending.extend(reversed(subdirectories))
        for file in sorted(files):
            found.setdefault(_resolved(file), file)
    return list(found.values()), errors


def discover(paths: Iterable[str | Path]) -> list[Path]:
    """The case files of :func:`search`; raises :class:`CaseFileErrors` listing its problems."""
    found, errors = search(paths)
    if errors:
        raise CaseFileErrors(errors)
    return found


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop of file links: reading it says so
        return path.absolute()


def read(path: str | Path, kind: str = "case file", limit: int = limits.MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (a ``kind``, for messages), at most ``limit`` of them;
    raises :class:`CaseFileErrors` (one line) for a link below the working directory, a file that
    is not regular, too large, or unreadable. A UTF-8 byte order mark is left for the decoder."""
    name = str(path)

    def refuse(message: str) -> CaseFileErrors:
        return CaseFileErrors([CaseFileError(name, message)])

    named = named_link_error(path)
    if named is not None:
        raise CaseFileErrors([named])
    noun = "the file" if kind == "case file" else f"the {kind}"
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError as exc:
        raise refuse(f"no such {kind}" if kind == "expectations file" else f"cannot read {noun}: {exc.strerror}") \
            from None
    except OSError as exc:
        raise refuse(f"cannot read {noun}: {exc.strerror or exc}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # before fdopen, which refuses a directory with its own error
        os.close(fd)
        raise refuse(f"not a regular file ({_file_kind(info.st_mode)}): only regular files are read as {kind}s")
    with os.fdopen(fd, "rb") as file:
        if info.st_size > limit:
            raise refuse(f"{noun} is {info.st_size:,} bytes: the limit is {limit:,} (conformance/format/limits.py)")
        try:
            data = file.read(limit + 1)
        except OSError as exc:
            raise refuse(f"cannot read {noun}: {exc.strerror or exc}") from None
    if len(data) > limit:  # it grew while being read
        raise refuse(f"{noun} is over {limit:,} bytes (conformance/format/limits.py)")
    return data


def _file_kind(mode: int) -> str:
    for test, kind in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory")):
        if test(mode):
            return kind
    return "not a file"
