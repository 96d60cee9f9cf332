"""The example records shipped with the package: the corpus of ``docs/deals/``, by name.

The wheel carries the whole folder (``pyproject.toml``), so a command in the
README or a ``--help`` works from any directory: ``example:traite-art12``
names a shipped record wherever a record file is expected.  A name is a file
name, or a file name without its suffix, which means the notation file where
the same deal is also given as JSON.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import OutputError, PiquetError, echo, msg
from .files import quietly, refused_place, replace_whole, system_reason
from .resources import data_dir
from .schemas import did_you_mean

#: What a record file argument starts with to name a shipped example.
PREFIX = "example:"
#: The record formats, the preferred first where one deal is given in both.
SUFFIXES = (".piquet", ".json")


class UnknownExample(PiquetError):
    """A name that no shipped example has."""


class CopyRefused(PiquetError):
    """Copying the examples would replace a file that is already there."""


def folder() -> Path:
    return data_dir("deals")


def files() -> list[Path]:
    """Every record file shipped, in the folder and its subfolders (``cases/``)."""
    return sorted(p for p in folder().rglob("*") if p.is_file() and p.suffix in SUFFIXES)


def name_of(p: Path) -> str:
    """A shipped file's name, as ``example:NAME`` takes it: its path in the folder (``cases/case-01.json``)."""
    return p.relative_to(folder()).as_posix()


def path(name: str) -> Path:
    """The shipped record a name means: the file of that name, else that name with a record suffix."""
    found = {name_of(p): p for p in files()}
    for candidate in (name,) + tuple(name + s for s in SUFFIXES):
        if candidate in found:
            return found[candidate]
    hint = did_you_mean(name, sorted({p.stem for p in found.values()} | set(found)))
    raise UnknownExample(msg("unknown-example", "no example {name}{hint} (piquet-variants examples lists them)",
                             name=echo(name), hint=hint))


def resolve(arg: str) -> Path:
    """A record file argument: ``example:NAME`` as the shipped file, anything else as a path."""
    return path(arg[len(PREFIX):]) if arg.startswith(PREFIX) else Path(arg)


def shown(arg: object, file: str) -> str:
    """A record file as output names it: as the argument typed it where that is ``example:NAME``, not by where the
    package happens to be installed (it can then be typed back, from anywhere); else the file as read."""
    return str(arg) if str(arg).startswith(PREFIX) else file


def copy(dest: Path) -> list[Path]:
    """Copy every shipped example into ``dest`` (made if missing), replacing nothing.

    Every target is checked before the first is written, so a refusal leaves
    the folder as it was.
    """
    why = refused_place(dest, replaced=False)
    if why:
        raise CopyRefused(msg("copy-place", "{dest}: {why}: the examples are copied only to a folder of your own",
                              dest=dest, why=why))
    sources = sorted(p for p in folder().rglob("*") if p.is_file())
    targets = [dest / name_of(p) for p in sources]
    # A link is taken too, dangling or not, and so is a link standing for a subfolder: the copy would write
    # where it leads.  A name too long: the copying says so.
    taken = [t for t in targets if quietly(os.path.lexists, t)]
    taken += sorted({t.parent for t in targets if t.parent != dest and quietly(Path.is_symlink, t.parent)})
    if taken:
        raise CopyRefused(msg("copy-taken", "{paths}: already there; nothing was copied", paths=tuple(taken)))
    try:
        for t in targets:
            t.parent.mkdir(parents=True, exist_ok=True)
        for p, t in zip(sources, targets):
            replace_whole(t, p.read_bytes())
        return targets
    except OSError as exc:
        raise OutputError(msg("cannot-copy", "{path}: cannot copy: {why}", path=exc.filename or dest,
                              why=system_reason(exc))) from None
