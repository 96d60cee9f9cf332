"""The user's paths: a file replaced whole, a folder the tool writes, and a path looked at without raising.

A file replaced is written beside it, then renamed over it: a reader of the
file (a user, or another run using the same cache) sees the old file or the
new one, never half of either.  An output file is one the user could write
with the shell's ``>``: not a read-only file, nor another user's.

A folder the tool writes (the report) carries a manifest of what it wrote.
The tool replaces only what a manifest lists, and never writes a folder that
holds anything else without one: whatever a user put in a folder is theirs,
``--force`` or not.  Some places are never written at all, whatever they
hold: the root, the system's folders, any user's home folder (as the
password database gives them, not as ``$HOME`` says) and any folder that
holds one, and the folders above the current one.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from .errors import Message, OutputError, OutputRefused, Word, msg

#: The manifest a folder the tool wrote carries: the files and folders it made there, and nothing else.
MANIFEST = ".piquet-variants-report"
#: A manifest larger than this is not one the tool wrote (a report lists a few thousand files).
MAX_MANIFEST = 4 << 20
#: The system's folders (as named, and as their links resolve), never an output folder.
_SYSTEM = ("/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32", "/media", "/mnt",
           "/opt", "/proc", "/root", "/run", "/sbin", "/snap", "/srv", "/sys", "/tmp", "/usr", "/var",
           "/Applications", "/Library", "/System", "/Users", "/Volumes", "/private")
#: Folders each of whose folders is the system's too (``/usr/share``, ``/var/lib``…).
_SYSTEM_PARENTS = ("/usr", "/usr/local", "/var", "/private", "/private/var", "/System", "/Library")
#: At most this many names a refusal lists of what a folder holds.
_NAMED = 5


def quietly(test: Callable[[Path], bool], path: Path) -> bool:
    """``test(path)`` (``Path.is_dir``, ``Path.exists``…), false where the path cannot be looked at: Python 3.11
    raises there, for a name too long for the system (OSError) or one with a NUL in it (ValueError)."""
    try:
        return test(path)
    except (OSError, ValueError):
        return False


def replace_whole(path: Path, data: bytes, private: bool = False) -> None:
    """Write ``data`` to ``path`` in one rename; on any ``OSError`` nothing is left behind (``replacing``)."""
    with replacing(path, private) as out:
        out.write(data)


@contextmanager
def replacing(path: Path, private: bool = False) -> Iterator[BinaryIO]:
    """A file to write ``path``'s new content into, as it is made: written beside it, and renamed over it once the
    block ends; where the block raises, nothing is left behind and ``path`` is as it was.

    The file keeps the permissions it had; a new file gets those any new
    file gets (the umask's), not the private ones of a temporary file.  A
    device or a pipe (``-O /dev/stdout``) is written to, never replaced by a
    file, once the block ends (what is written is kept in a temporary file
    meanwhile); a symbolic link is followed, and the file it names replaced.
    A ``private`` file (the cache's) is always made 0600 in place of whatever
    stands at ``path``, link or not.
    """
    if private:
        mode = 0o600
    else:
        path, mode = _target(path)
        if mode < 0:
            with tempfile.TemporaryFile() as kept:
                yield kept
                kept.seek(0)
                _write_to(path, kept)
            return
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(fd, mode)
        with os.fdopen(fd, "wb") as out:
            yield out
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _target(path: Path) -> tuple[Path, int]:
    """The file a user's output path names (a link followed) and the mode to give it; -1 for a device or a pipe,
    written to as it is."""
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        return path, -1
    path = Path(os.path.realpath(path))
    try:
        return path, stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return path, new_mode()


def new_mode(full: int = 0o666) -> int:
    """The mode any new file gets (``full`` 0666) or folder (0777): ``full`` less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return full & ~umask


def _write_to(path: Path, data: BinaryIO) -> None:
    """Write to a device or a pipe as it is.  A FIFO is opened without waiting for a reader: with none, the open
    fails at once (ENXIO, "no such device or address") where a plain open would wait for ever; with one, the
    writing then blocks as a pipe's does."""
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_NONBLOCK), "wb") as out:
        os.set_blocking(out.fileno(), True)
        shutil.copyfileobj(data, out)


def _real(path: str | Path) -> Path:
    return Path(os.path.realpath(path))


def _homes() -> set[Path]:
    """Every user's home folder, from the password database (and the caller's own, whatever ``$HOME`` says)."""
    homes = {_real(entry.pw_dir) for entry in pwd.getpwall() if entry.pw_dir}
    try:
        homes.add(_real(pwd.getpwuid(os.getuid()).pw_dir))
    except KeyError:  # a user the database does not know (a container's): the others are still known
        pass
    return homes


def system_reason(exc: OSError) -> Word:
    """The system's reason for an error, said from the catalogues (the C library's words are English)."""
    return Word(exc.strerror or str(exc))


def refused_place(path: Path, replaced: bool) -> Word | None:
    """Why the folder ``path`` names (a link followed) is never an output folder, or None.

    ``replaced``: the output may replace what the folder holds (the report's
    own files), so the current folder is refused too; a copy that only adds
    files may go there.
    """
    target = _real(path)
    if target == Path(target.anchor):
        return Word("the root folder")
    homes = _homes()
    if target in homes:
        return Word("a home folder")
    if target in {p for s in _SYSTEM for p in (Path(s), _real(s))} or target.parent in {
            p for s in _SYSTEM_PARENTS for p in (Path(s), _real(s))}:
        return Word("a system folder")
    if target in {_real(sys.prefix), _real(sys.base_prefix)}:
        return Word("Python's own folder")
    if any(target in home.parents for home in homes):
        return Word("a folder that holds a home folder")
    try:
        here = Path.cwd().resolve()
    except OSError:  # the current folder was removed: nothing is above it
        return None
    if target in here.parents or (replaced and target == here):
        return Word("the current folder") if target == here else Word("a folder above the current folder")
    return None


def check_output_file(path: Path) -> None:
    """Refuse an output file the user could not write with the shell's ``>``: a read-only file (the shell refuses
    it), or another user's (the shell would write into it; a replacement would take it from its owner), or a
    folder.  A device or a pipe is written to as it is; a new file, where its folder lets one be made."""
    try:
        info = path.stat()  # a link followed, as the writing follows it
    except (OSError, ValueError):  # none yet, or a name the system refuses: the writing says which
        return
    if stat.S_ISDIR(info.st_mode):
        raise OutputRefused(msg("output-is-folder", "{path}: is a folder, not a file", path=path))
    if not stat.S_ISREG(info.st_mode):
        return
    if not os.access(path, os.W_OK, effective_ids=os.access in os.supports_effective_ids):
        raise OutputRefused(msg("output-read-only", "{path}: read-only: not replaced (the shell's > would refuse it "
                                "too)", path=path))
    if info.st_uid != os.geteuid():
        raise OutputRefused(msg("output-not-owned", "{path}: belongs to another user: not replaced (it would become "
                                "yours)", path=path))


@dataclass(frozen=True)
class Written:
    """A manifest: the files (and the folders holding them) the tool wrote in a folder, relative to it."""

    files: frozenset[str]
    folders: frozenset[str]


def _named(names: Iterable[str]) -> Message:
    """A few names of a list, and how many more."""
    listed = sorted(names)
    more = len(listed) - _NAMED
    if more > 0:
        return msg("names-and-more", "{names} and {more} more", names=tuple(listed[:_NAMED]), more=more)
    return msg("names", "{names}", names=tuple(listed))


def _relative(name: object) -> str:
    """A manifest's entry, which must be a plain path inside the folder: never absolute, never ``..``."""
    if not isinstance(name, str) or not name or "\x00" in name:
        raise ValueError(f"{name!r} is not a file name")
    pure = PurePosixPath(name)
    if pure.is_absolute() or str(pure) != name or any(part in (".", "..") for part in pure.parts):
        raise ValueError(f"{name!r} leads out of the folder")
    return name


def _read_manifest(folder: Path, what: str) -> Written | None:
    """The manifest of ``folder``, None where it has none; refused where it is not one the tool wrote."""
    path = folder / MANIFEST
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_MANIFEST:
        raise OutputRefused(msg("manifest-damaged", "{folder}: its {manifest} is not the list of files a {what} writes; "
                                "nothing there is replaced", folder=folder, manifest=MANIFEST, what=Word(what)))
    try:
        data = json.loads(path.read_bytes())
        if not isinstance(data, dict) or not all(isinstance(data.get(k), list) for k in ("files", "folders")):
            raise ValueError("no list of files and folders")
        files = frozenset(_relative(f) for f in data["files"])
        folders = frozenset(_relative(f) for f in data["folders"])
    except ValueError as exc:  # an older report's marker, or a list changed by hand
        raise OutputRefused(msg("manifest-changed", "{folder}: its {manifest} is not the list of files a {what} "
                                "writes ({why}); nothing there is replaced: remove it yourself, or choose another "
                                "folder", folder=folder, manifest=MANIFEST, what=Word(what), why=str(exc))) from None
    return Written(files, folders)


def _foreign(folder: Path, written: Written) -> list[str]:
    """What ``folder`` holds that its manifest does not list: files and links (an empty folder holds nothing to
    lose, and is left where it is)."""
    found: list[str] = []
    for top, dirs, names in os.walk(folder):
        rel = Path(top).relative_to(folder)
        found += [entry for name in names if (entry := (rel / name).as_posix()) not in written.files
                  and entry != MANIFEST]
        links = [name for name in dirs if os.path.islink(Path(top) / name)]
        found += [(rel / name).as_posix() + "/" for name in links]
        dirs[:] = [name for name in dirs if name not in links]
    return found


def check_folder(out: Path, force: bool, what: str) -> Written | None:
    """Refuse, before any work, an output folder that is not the tool's to write; the manifest of the one it
    wrote before (None: a new or empty folder).

    Refused whatever ``force`` says: a place never written (``refused_place``),
    a file, a non-empty folder without a manifest (a user's), a folder whose
    manifest is damaged.  Without ``force`` only: a previous output to which
    a user added something (``force`` replaces the output, and keeps it).
    """
    why = refused_place(out, replaced=True)
    if why:
        raise OutputRefused(msg("output-place", "{out}: {why}: the {what} is written only to a folder of its own",
                                out=out, why=why, what=Word(what)))
    try:
        if not out.exists():
            return None
        if not out.is_dir():
            raise OutputRefused(msg("output-is-file", "{out}: is a file, not a folder", out=out))
        held = os.listdir(out)
        if not held:
            return None
        written = _read_manifest(out, what)
        if written is None:
            raise OutputRefused(msg("output-not-ours", "{out}: holds {names}, and is not a {what} written by "
                                    "piquet-variants: nothing there is replaced, even with --force; choose a new or "
                                    "an empty folder", out=out, names=_named(held), what=Word(what)))
        foreign = _foreign(out, written)
        if foreign and not force:
            raise OutputRefused(msg("output-foreign", "{out}: holds what the {what} did not write ({names}); pass "
                                    "--force to replace the {what} and keep them", out=out, names=_named(foreign),
                                    what=Word(what)))
        return written
    except OSError as exc:  # a name too long for the system, a folder that cannot be listed…
        raise OutputRefused(msg("output-os", "{out}: {why}", out=out, why=system_reason(exc))) from None


def write_folder(out: Path, files: dict[str, bytes], force: bool, what: str) -> None:
    """``files`` (by their paths in the folder) at ``out``, with their manifest.

    A new folder is filled beside it and renamed into place: it appears
    whole or not at all.  An empty folder, or one written before, has each
    of its files written whole, then the files and folders of the old
    manifest that the new one does not list removed; its manifest, written
    first, lists both until then, so an interrupted run leaves nothing the
    next one cannot clean.
    Nothing else in the folder is touched.  A symbolic link is followed: the
    folder it names is written, and the link kept.
    """
    written = check_folder(out, force, what)
    target = _real(out)
    try:
        if written is None and not target.exists():
            _write_new(target, files)
        else:  # a folder written before, or an empty one, which stays the user's folder (its owner, its mode)
            _rewrite(out, target, files, written or Written(frozenset(), frozenset()), what)
    except OSError as exc:
        raise OutputError(msg("cannot-write", "{out}: cannot write the {what}: {why}", out=out, what=Word(what),
                              why=system_reason(exc))) from None


def _folders_of(files: Iterable[str]) -> frozenset[str]:
    return frozenset(p.as_posix() for f in files for p in PurePosixPath(f).parents if p != PurePosixPath("."))


def tool_version() -> str:
    """The installed version, which a manifest and the report's pages name."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("piquet-variants")
    except PackageNotFoundError:  # a checkout run without installing it
        return "(not installed)"


def _manifest_bytes(written: Written) -> bytes:
    return json.dumps({"piquet-variants": tool_version(), "files": sorted(written.files),
                       "folders": sorted(written.folders)}, indent=0).encode("utf-8")


def _write_new(target: Path, files: dict[str, bytes]) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        os.chmod(tmp, new_mode(0o777))  # mkdtemp's folder is private; the output is not
        for rel, data in files.items():
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp / rel).write_bytes(data)
        (tmp / MANIFEST).write_bytes(_manifest_bytes(Written(frozenset(files), _folders_of(files))))
        os.rename(tmp, target)  # where there was none; one made meanwhile and filled is not replaced (ENOTEMPTY)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # the temporary folder made above, if the rename did not take it


def _kind(folder: Path, rel: str) -> int | None:
    """The type (``stat.S_IFMT``) of ``folder/rel``, looked at without following any link on the way; None where
    it is missing.  A link on the way (a folder replaced by a link) counts as a link: nothing beyond it is ours."""
    at = folder
    for part in PurePosixPath(rel).parts:
        try:
            mode = (at / part).lstat().st_mode
        except FileNotFoundError:
            return None
        at = at / part
        if not stat.S_ISDIR(mode):
            return stat.S_IFMT(mode) if at == folder / rel else stat.S_IFLNK
    return stat.S_IFDIR


def _rewrite(out: Path, target: Path, files: dict[str, bytes], old: Written, what: str) -> None:
    folders = _folders_of(files)
    clash = [rel for rel in files if _kind(target, rel) not in (None, stat.S_IFREG) or (
        rel not in old.files and _kind(target, rel) is not None)]
    clash += [f"{rel}/" for rel in folders if _kind(target, rel) not in (None, stat.S_IFDIR)]
    if clash:
        raise OutputRefused(msg("output-clash", "{out}: holds {names}, which the {what} did not write and would "
                                "replace; move it away, or choose another folder", out=out, names=_named(clash),
                                what=Word(what)))
    _put_manifest(target, Written(old.files | frozenset(files), old.folders | folders))
    for rel, data in files.items():
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        replace_whole(target / rel, data)
    for rel in old.files - frozenset(files):
        if _kind(target, rel) == stat.S_IFREG:  # a file replaced by a link or a folder since is not ours
            (target / rel).unlink()
    for rel in sorted(old.folders - folders, key=lambda r: -r.count("/")):
        if _kind(target, rel) == stat.S_IFDIR and not any((target / rel).iterdir()):
            (target / rel).rmdir()  # a folder it made, emptied; one holding a user's file stays
    _put_manifest(target, Written(frozenset(files), folders))


def _put_manifest(target: Path, written: Written) -> None:
    replace_whole(target / MANIFEST, _manifest_bytes(written))
