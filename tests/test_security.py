"""What another local user could make the tool do: nothing kept where he can write is read back as code."""

from __future__ import annotations

import json
import os
import pickle
import random
import resource
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from piquet_variants import examples
from piquet_variants.errors import MAX_PROBLEMS
from piquet_variants.simulate.run import SchedulerError, Timeouts, probe

from .conftest import ROOT

#: Another user's id, where the tests can act as one (as root, in CI).
NOBODY = 65534


def _run(args: list[str], env: dict[str, str], umask: int = 0o022) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "piquet_variants", *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **env}, timeout=120,
                          preexec_fn=lambda: os.umask(umask) and None)


def _record(folder: Path) -> Path:
    """A notation file never seen before: a shipped example with a comment of its own."""
    example = examples.path("traite-art12")
    path = folder / "fresh.piquet"
    path.write_text(f"{{never seen {os.getpid()} {folder.name}}}\n" + example.read_text("utf-8"), "utf-8")
    return path


class _Payload:
    """Unpickling it writes the marker file: what a planted pickle could do instead."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return exec, (f"open({str(self.marker)!r}, 'w').write('ran')",)


def test_a_replay_leaves_nothing_in_the_temporary_folder(tmp_path: Path) -> None:
    tmp, cache = tmp_path / "tmp", tmp_path / "cache"
    tmp.mkdir()
    done = _run(["replay", str(_record(tmp_path)), "--ruleset", "traite"],
                {"TMPDIR": str(tmp), "PIQUET_VARIANTS_CACHE": str(cache)}, umask=0)
    assert done.returncode in (0, 3), done.stderr
    assert list(tmp.iterdir()) == []
    # under a loose umask too, the cache is the user's alone
    assert cache.stat().st_mode & 0o777 == 0o700
    kept = list(cache.iterdir())
    assert {f.name.split("-")[0] for f in kept} >= {"parser", "records", "ruleset"}
    assert all(f.stat().st_mode & 0o777 == 0o600 for f in kept)


def test_cache_off_keeps_nothing_anywhere(tmp_path: Path) -> None:
    home = tmp_path / "home"
    tmp = tmp_path / "tmp"
    home.mkdir(), tmp.mkdir()
    done = _run(["replay", str(_record(tmp_path)), "--ruleset", "traite"],
                {"TMPDIR": str(tmp), "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"),
                 "PIQUET_VARIANTS_CACHE": "off"})
    assert done.returncode in (0, 3), done.stderr
    assert list(tmp.iterdir()) == [] and list(home.iterdir()) == []


def _names(tmp_path: Path, record: Path) -> list[str]:
    """The names a run reads from its cache, learnt from a run on a private one."""
    learn = tmp_path / "learn"
    _run(["replay", str(record), "--ruleset", "traite"], {"PIQUET_VARIANTS_CACHE": str(learn)})
    return [f.name for f in learn.iterdir()]


def _plant(folder: Path, names: list[str], marker: Path, owner: int | None) -> None:
    for name in names:
        f = folder / name
        f.write_bytes(pickle.dumps(_Payload(marker)))
        if owner is not None:
            os.chown(f, owner, owner)


@pytest.mark.skipif(os.getuid() != 0, reason="planting as another user needs root")
def test_a_pickle_planted_by_another_user_in_a_shared_folder_does_not_run(tmp_path: Path) -> None:
    record = _record(tmp_path)
    names = _names(tmp_path, record)
    shared, marker = tmp_path / "shared", tmp_path / "ran"
    shared.mkdir()
    shared.chmod(0o1777)
    _plant(shared, names, marker, NOBODY)
    done = _run(["replay", str(record), "--ruleset", "traite"], {"PIQUET_VARIANTS_CACHE": str(shared)})
    assert done.returncode in (0, 3), done.stderr
    assert not marker.exists()
    warnings = [line for line in done.stderr.splitlines() if "cache is not used" in line]
    assert len(warnings) == 1 and "can be written by other users" in warnings[0]


@pytest.mark.parametrize("owner, mode, why", [(NOBODY, 0o600, "belongs to another user"),
                                             (None, 0o666, "can be written by other users")])
def test_a_file_another_user_wrote_or_could_write_is_not_read(tmp_path: Path, owner: int | None, mode: int,
                                                              why: str) -> None:
    if owner is not None and os.getuid() != 0:
        pytest.skip("planting as another user needs root")
    record = _record(tmp_path)
    names = _names(tmp_path, record)
    own, marker = tmp_path / "own", tmp_path / "ran"
    own.mkdir(mode=0o700)
    _plant(own, names, marker, owner)
    for name in names:
        (own / name).chmod(mode)
    done = _run(["replay", str(record), "--ruleset", "traite"], {"PIQUET_VARIANTS_CACHE": str(own)})
    assert done.returncode in (0, 3), done.stderr
    assert not marker.exists()
    warnings = [line for line in done.stderr.splitlines() if "cache is not used" in line]
    assert len(warnings) == 1 and why in warnings[0]


def test_the_users_own_private_cache_is_read_back(tmp_path: Path) -> None:
    """The checks refuse only what another user could have written: the user's own planted file is read."""
    record = _record(tmp_path)
    names = _names(tmp_path, record)
    own, marker = tmp_path / "own", tmp_path / "ran"
    own.mkdir(mode=0o700)
    _plant(own, [n for n in names if n.startswith("records-")], marker, None)
    _run(["replay", str(record), "--ruleset", "traite"], {"PIQUET_VARIANTS_CACHE": str(own)})
    assert marker.exists()


# -- simulate --scheduler: a server that is not a Dask scheduler is a clean message, at once --------------------

class _Loopback:
    """A server on 127.0.0.1 that answers each connection with ``reply`` (then keeps it open if ``hold``)."""

    def __init__(self, reply: bytes | None, hold: bool = True):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.reply, self.hold, self.open = reply, hold, []
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            if self.reply is not None:
                conn.sendall(self.reply)
            if self.hold:
                self.open.append(conn)
            else:
                conn.close()

    def close(self) -> None:
        for conn in self.open:
            conn.close()
        self.sock.close()


def _closed_port() -> str:
    with socket.create_server(("127.0.0.1", 0)) as s:
        return f"tcp://127.0.0.1:{s.getsockname()[1]}"


_SILENT = (None, True, "sent no Dask handshake within 1.5 s")
_HTTP = (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", True, "is not a Dask scheduler")
_SHORT = (b"\x10\x00\x00\x00\x00\x00\x00\x00abc", False, "closed the connection before a whole Dask handshake")
_GARBAGE = (b"\x10\x00\x00\x00\x00\x00\x00\x00" + bytes(range(250, 256)) * 3, True, "is not a Dask handshake")


@pytest.mark.parametrize("reply, hold, says", [_SILENT, _HTTP, _SHORT, _GARBAGE],
                         ids=["silent", "http", "short-frame", "garbage-frame"])
def test_a_server_that_is_not_a_scheduler_is_refused_at_once(cli, reply: bytes | None, hold: bool,
                                                             says: str) -> None:
    pytest.importorskip("dask.distributed")
    server = _Loopback(reply, hold)
    try:
        start = time.monotonic()
        with pytest.raises(SchedulerError, match=says):
            probe(server.address, Timeouts())  # the look at the server, with the default timeouts
        assert time.monotonic() - start < 2
        code, out, err = cli("simulate", "-r", "traite", "--deals", "10", "--scheduler", server.address, "--quiet")
    finally:
        server.close()
    assert code == 1 and out == "" and "Traceback" not in err
    assert says in err and err.count("\n") == 1, err


@pytest.mark.parametrize("address, says", [("tls://127.0.0.1:8786", "tls:// is not supported"),
                                           ("tcp://127.0.0.1:99999", "expected tcp://HOST:PORT"),
                                           ("", "expected tcp://HOST:PORT"),
                                           ("closed", "cannot reach the Dask scheduler")])
def test_a_scheduler_address_that_cannot_serve_is_refused_at_once(cli, address: str, says: str) -> None:
    pytest.importorskip("dask.distributed")
    address = _closed_port() if address == "closed" else address
    start = time.monotonic()
    with pytest.raises(SchedulerError, match=says):
        probe(address, Timeouts())
    assert time.monotonic() - start < 2
    code, out, err = cli("simulate", "-r", "traite", "--deals", "10", "--quiet", "--scheduler", address)
    assert code == 1 and out == "" and says in err and "Traceback" not in err, err


def test_jobs_are_no_more_than_the_chunks_and_the_cores(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []
    real = ProcessPoolExecutor.__init__

    def counted(self: ProcessPoolExecutor, max_workers: int | None = None, **kw: object) -> None:
        started.append(max_workers or 0)
        real(self, max_workers, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ProcessPoolExecutor, "__init__", counted)
    code, out, err = cli("simulate", "-r", "traite", "--deals", "1", "--jobs", "32", "--quiet", "--format", "json")
    assert code == 0 and started == [] and json.loads(out)["deals"] == 1
    assert "--jobs 32 reduced to 1 (the run has 1 chunk of" in err


# -- rulesets validate --texts: linear in its input, and reading only inside the folder --------------------------

_SOURCES = """\
sources:
  hoyle:
    type: book
    title: "A stand-in text"
    issued: 1744
    public_domain: true
    ocr: {ocr}
    text: {text}
"""

_RULESET = """\
id: hoyle
title: "A user's ruleset"
extends: cavendish-rubicon
inherit_cite: {{source: hoyle, locator: "{locator}", attestation: inherited, note: "Assumed to be the club laws."}}
sources: [hoyle]
rules:
  point:
    compare:
      value: value
      cite: [{{source: hoyle, locator: "{locator}", attestation: stated, quote: "{quote}"}}]
"""


def _validate(cli, folder: Path, text: str, locator: str = "Law 3", quote: str = "the greatest number wins",
              ocr: bool = False, name: str = "hoyle.txt") -> tuple[int, str, str, float]:
    (folder / "texts").mkdir(exist_ok=True)
    (folder / "sources.yaml").write_text(_SOURCES.format(ocr=str(ocr).lower(), text=json.dumps(name)), "utf-8")
    (folder / "hoyle.yaml").write_text(_RULESET.format(locator=locator, quote=quote), "utf-8")
    if text:
        (folder / "texts" / "hoyle.txt").write_text(text, "utf-8")
    start = time.process_time()  # the command's own time, whatever else the machine runs
    code, out, err = cli("rulesets", "validate", str(folder / "hoyle.yaml"), "--texts", str(folder / "texts"))
    return code, out, err, time.process_time() - start


def _ocr_text(size: int) -> str:
    rng = random.Random(size)
    return "".join(rng.choice("abcdefghij ") for _ in range(size))


def test_a_long_ocr_quote_against_a_long_text_is_answered_at_once(cli, tmp_path: Path) -> None:
    quote = "".join(random.Random(1).choice("klmnopqrst ") for _ in range(400))
    code, _, err, took = _validate(cli, tmp_path, "[p. 1]\n" + _ocr_text(40_000), quote=quote, ocr=True, locator="p. 1")
    assert code == 1 and "is not in hoyle" in err and took < 2, (took, err[:300])


def test_an_ocr_quote_with_misreadings_is_found() -> None:
    from piquet_variants.ruleset.texts import fuzzy_in, letters
    text = letters(_ocr_text(5000) + " the greatest number of pips wins the point " + _ocr_text(5000))
    assert fuzzy_in(letters("the greateft nurnber of pips wins the point"), text)
    assert not fuzzy_in(letters("the smallest count of cards loses the trick"), text)


@pytest.mark.parametrize("locator", ["pp. 1-99999999999", "arts. 1-99999999", "Laws 1-99999999999",
                                     "Law " + "9" * 5000, "p. " + "9" * 5000 + "-" + "9" * 5000])
def test_a_locator_range_is_bounded_by_the_texts_parts(cli, tmp_path: Path, locator: str) -> None:
    """A range beyond the text's parts names parts that are not there: told at once, not counted out."""
    text = "[p. 1]\n1. A stand-in.\n2. More.\n[p. 2]\n3. Of the point: the greatest number wins.\n"
    code, out, err, took = _validate(cli, tmp_path, text, locator=locator)
    assert took < 2 and "Traceback" not in err and "internal error" not in err, err
    assert code == 1 and "names no part of the text of hoyle" in err, err


def test_numbers_of_thousands_of_digits_in_a_transcription(cli, tmp_path: Path) -> None:
    text = f"{'9' * 5000}. A number.\n[p. {'9' * 5000}]\n3. Of the point: the greatest number wins.\n"
    code, out, err, took = _validate(cli, tmp_path, text)
    assert (code, err) == (0, "") and took < 2, err


def test_nested_headings_are_cut_in_one_pass(cli, tmp_path: Path) -> None:
    body = "Some words of the text, none of them the quote.\n" * 100
    text = "".join(f"{'#' * (k + 1)} Heading {k}\n{body}" for k in range(200))
    text += "the greatest number wins\n"
    assert len(text) > 900_000
    code, out, err, took = _validate(cli, tmp_path, text, locator="Heading 199")
    assert (code, err) == (0, "") and took < 2, (took, err)


@pytest.mark.parametrize("name", ["../outside.txt", "/etc/passwd", "link/hoyle.txt", "x" * 300])
def test_a_text_is_read_only_inside_the_folder(cli, tmp_path: Path, name: str) -> None:
    (tmp_path / "outside.txt").write_text("3. the greatest number wins\n", "utf-8")
    (tmp_path / "texts").mkdir()
    (tmp_path / "texts" / "link").symlink_to(tmp_path)
    (tmp_path / "hoyle.txt").write_text("3. the greatest number wins\n", "utf-8")
    code, out, err, took = _validate(cli, tmp_path, "", name=name)
    assert code == 1 and took < 2 and "Traceback" not in err and "internal error" not in err, err
    says = "no transcription of 'hoyle'" if name.startswith("x") else "which is not inside"
    assert says in err and err.startswith(str(tmp_path / "hoyle.yaml") + ":"), err


# -- floods: every list of problems capped, memory a small multiple of the input ---------------------------------

def test_three_thousand_unknown_keys_in_a_ruleset_are_a_hundred_lines(cli, tmp_path: Path) -> None:
    path = tmp_path / "flood.yaml"
    path.write_text("id: flood\ntitle: t\nextends: traite\n" + "".join(f"key{i}: 1\n" for i in range(3000)), "utf-8")
    start = time.process_time()
    code, out, err = cli("rulesets", "validate", str(path))
    assert time.process_time() - start < 2
    lines = [line for line in err.splitlines() if not line.startswith(" ")]  # each problem's, not its excerpt's
    assert code == 1 and len(lines) == MAX_PROBLEMS + 1 and "unknown key 'key0'" in lines[0]
    assert len(err.splitlines()) == 3 * (MAX_PROBLEMS + 1)  # each a problem, its line and a caret
    assert "more problems follow: the checking stops after 100" in lines[-1]


def test_unknown_keys_in_a_json_record_are_a_hundred_lines(cli, tmp_path: Path) -> None:
    data = json.loads((ROOT / "docs" / "deals" / "wikipedia-declaration.json").read_text("utf-8"))
    data |= {f"k{i}": 1 for i in range(5000)}
    path = tmp_path / "flood.json"
    path.write_text(json.dumps(data), "utf-8")
    start = time.process_time()
    code, out, err = cli("replay", str(path))
    assert time.process_time() - start < 2
    lines = [line for line in err.splitlines() if not line.startswith("    ")]  # each problem, not its excerpt
    assert code == 1 and len(lines) == MAX_PROBLEMS + 1 and len(err) < 40_000  # an excerpt is a line of 100 at most
    assert "more problems follow" in lines[-1]


_MEMORY = """
import resource, sys
from piquet_variants.cli import main
from piquet_variants.notation.parser import parser
parser(True), parser(False)  # built before the measure: the input's cost alone is measured
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
code = main(["replay", sys.argv[1]])
print(code, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
"""


def test_a_megabyte_quote_never_closed_takes_a_few_megabytes(tmp_path: Path) -> None:
    """A 1 MiB line of escapes in a quote never closed: the peak grows by at most 10 times the file (586 times
    before the grammar's STRING was possessive)."""
    path = tmp_path / "escapes.piquet"
    text = '[Players "A" "B"]\n[Event "' + '\\"' * 524_000 + "\n"
    path.write_text(text, "utf-8")
    start = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", _MEMORY, str(path)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PIQUET_VARIANTS_CACHE": str(tmp_path / "c")})
    end = resource.getrusage(resource.RUSAGE_CHILDREN)
    took = end.ru_utime + end.ru_stime - start.ru_utime - start.ru_stime  # its CPU time, whatever the load
    code, grew_kb = map(int, done.stdout.split())
    assert code == 1 and "escapes.piquet:2:" in done.stderr and "Traceback" not in done.stderr
    assert grew_kb * 1024 < 10 * len(text), grew_kb
    assert took < 10


# -- one writer for every output file -----------------------------------------------------------------------------

_WRITERS = {
    "-O": ["convert", "example:traite-art12", "--to", "json", "-O", "{out}"],
    "--plot": ["simulate", "-r", "traite", "--deals", "10", "--jobs", "1", "--quiet", "--plot", "{out}"],
}


@pytest.mark.parametrize("writer", sorted(_WRITERS))
def test_every_output_file_keeps_its_mode_and_follows_a_link(cli, tmp_path: Path, writer: str) -> None:
    if writer == "--plot":
        pytest.importorskip("matplotlib")
    args = _WRITERS[writer]
    kept = tmp_path / "kept.svg"
    kept.write_text("old")
    kept.chmod(0o640)
    real, link = tmp_path / "real.svg", tmp_path / "link.svg"
    real.write_text("old")
    link.symlink_to(real)
    fresh = tmp_path / "fresh.svg"
    for out in (kept, link, fresh):
        code, _, err = cli(*[a.replace("{out}", str(out)) for a in args])
        assert code == 0, err
    assert kept.stat().st_mode & 0o777 == 0o640 and kept.read_text() != "old"
    assert link.is_symlink() and real.read_text() != "old"
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~umask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fresh.svg", "kept.svg", "link.svg", "real.svg"]


def test_report_into_a_link_to_a_folder_leaves_nothing_behind(cli, tmp_path: Path) -> None:
    pytest.importorskip("jinja2")
    real, link = tmp_path / "site", tmp_path / "link"
    code, _, err = cli("report", "-O", str(real), "traite")
    assert code == 0, err
    link.symlink_to(real, target_is_directory=True)
    code, _, err = cli("report", "-O", str(link), "traite")
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "site"]
    assert link.is_symlink() and (real / "index.html").is_file()


# -- names too long for the system: a message, never an internal error --------------------------------------------

@pytest.mark.parametrize("args", [["sources", "list"], ["sources", "show", "cavendish"], ["sources", "export"],
                                  ["sources", "list", "--style", "{long}.csl"], ["sources", "list", "--style", "x" * 300]])
def test_a_search_path_entry_too_long_is_searched_as_empty(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            args: list[str]) -> None:
    long = str(tmp_path / ("x" * 300))
    monkeypatch.setenv("PIQUET_VARIANTS_PATH", long)
    start = time.process_time()
    code, out, err = cli(*[a.replace("{long}", long) for a in args])
    assert time.process_time() - start < 2
    assert "internal error" not in err and "Traceback" not in err, err
    assert code == 0 if "--style" not in args else code == 1 and "style" in err


# -- keys renamed since an older format -------------------------------------------------------------------------

_OLD = """\
# A user's ruleset, written before the rename
format: 1
id: old
title: "An old file"   # kept as it is
extends: traite
inherit_cite: {source: traite, locator: "art. 1", attestation: inherited, note: "The treatise's game."}
rules:
  deal:
    packet_change_if_announced:   # the dealer may change, if he says so
      value: true
      cite: [{source: traite, locator: "art. 4", attestation: stated, quote: "x"}]
"""


def test_a_renamed_key_is_named_and_upgraded_with_its_comments(cli, tmp_path: Path) -> None:
    path = tmp_path / "old.yaml"
    path.write_text(_OLD, "utf-8")
    code, out, err = cli("rulesets", "validate", str(path))
    assert code == 1 and err.startswith(f"{path}:9:5: rules.deal.packet_change_if_announced: unknown key")
    assert "renamed deal.packet_change in format 2 (true is now 'if_announced', false is now 'never')" in err
    code, out, err = cli("rulesets", "upgrade", str(path))
    assert (code, err) == (0, "") and "rules.deal.packet_change_if_announced is now rules.deal.packet_change" in out
    text = path.read_text("utf-8")
    assert "format: 2" in text and "# the dealer may change, if he says so" in text and "# kept as it is" in text
    assert "value: if_announced" in text and "packet_change_if_announced" not in text
    assert text.startswith("# A user's ruleset, written before the rename\n")
    code, out, err = cli("rulesets", "validate", str(path))
    assert (code, err) == (0, ""), err
    code, out, err = cli("rulesets", "upgrade", str(path))
    assert code == 0 and out.strip() == f"{path}: already format 2" and path.read_text("utf-8") == text


def test_the_format_is_the_schemas() -> None:
    from piquet_variants.schemas import schema
    from piquet_variants.schemas.formats import FORMAT
    assert schema("ruleset")["properties"]["format"]["maximum"] == FORMAT


@pytest.mark.parametrize("text, says", [("id: [unclosed\n", ":1:5: not valid YAML: the list opened here"),
                                        ("- a list\n", "not a ruleset"),
                                        (_OLD + "    packet_change: {value: never}\n", "keep one")])
def test_a_file_that_cannot_be_upgraded_is_left_as_it_was(cli, tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "old.yaml"
    path.write_text(text, "utf-8")
    code, out, err = cli("rulesets", "upgrade", str(path))
    assert code == 1 and says in err and "Traceback" not in err and path.read_text("utf-8") == text


def test_what_a_locator_finds_is_never_longer_than_the_text() -> None:
    from piquet_variants.ruleset.texts import Transcription
    text = "".join(f"{'#' * (k + 1)} Heading {k}\n[p. {k}]\n{k}. Words of the text.\n" for k in range(200))
    found = Transcription(text)
    for locator in ("Heading", "Laws " + "1-150, " * 500, "pp. " + "1-199 pp. " * 500 + "1"):
        part = found.at(locator)
        assert part is not None and len(part) <= len(text), locator[:20]


# -- nothing the tool did not write is deleted or replaced -----------------------------------------------------

def _tree(folder: Path) -> list[tuple[str, int, float]]:
    """What a folder holds, its names, sizes and times, to show that a run left it as it was (no file read)."""
    return sorted((p.name, p.lstat().st_size, p.lstat().st_mtime) for p in folder.iterdir()) + [
        ("", 0, folder.stat().st_mtime)]


def _said(err: str) -> str:
    """A usage error's words, out of the box that frames them and its line breaks."""
    return " ".join(err.replace("│", " ").split())


def test_report_force_keeps_a_users_folder_and_a_home_named_through_another_home(
        cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a scratch folder: --force keeps a user's file in a folder the report did not write, and a home folder
    named while HOME points elsewhere; yet the report still replaces its own earlier report."""
    pytest.importorskip("jinja2")
    import pwd
    monkeypatch.setenv("HOME", str(tmp_path / "elsewhere"))
    documents = tmp_path / "Documents"
    documents.mkdir()
    (documents / "thesis.txt").write_text("three years of work")
    code, _, err = cli("report", "-O", str(documents), "--force", "traite")
    assert code == 2 and "thesis.txt" in err and "not a report written by piquet-variants" in _said(err)
    assert [(p.name, p.read_text()) for p in documents.iterdir()] == [("thesis.txt", "three years of work")]
    home = Path(pwd.getpwuid(os.getuid()).pw_dir)  # the caller's real home, which HOME no longer names
    link = tmp_path / "home-link"
    link.symlink_to(home, target_is_directory=True)
    before = _tree(home) if os.access(home, os.R_OK | os.X_OK) else None
    for named in (home, link):
        code, _, err = cli("report", "-O", str(named), "--force", "traite")
        assert code == 2 and "a home folder" in _said(err), err
    assert before is None or _tree(home) == before
    site = tmp_path / "site"
    for _ in range(2):
        code, _, err = cli("report", "-O", str(site), "--force", "traite")
        assert code == 0, err
    assert (site / "index.html").is_file()


def test_no_users_home_folder_nor_the_root_nor_a_system_folder_is_ever_an_output() -> None:
    """Checked by name alone: nothing is written, nor listed."""
    import pwd
    from piquet_variants.files import refused_place
    homes = {Path(e.pw_dir) for e in pwd.getpwall() if e.pw_dir}
    for home in homes:
        assert refused_place(home, replaced=True) is not None, home
        assert refused_place(home, replaced=False) is not None, home
    for place in ("/", "/etc", "/usr", "/usr/share", "/var/lib", "/tmp", "/home", Path.cwd(), Path.cwd().parent):
        assert refused_place(Path(place), replaced=True) is not None, place
    assert refused_place(Path.cwd(), replaced=False) is None  # a copy only adds files, so it may go here


def _fake_report(folder: Path, files: dict[str, str], listed: list[str], folders: list[str] | None = None) -> None:
    from piquet_variants.files import MANIFEST
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text)
    (folder / MANIFEST).write_text(json.dumps({"files": listed, "folders": folders or []}))


@pytest.mark.parametrize("entry", ["../victim.txt", "{victim}", "sub/../../victim.txt", "./index.html", ""])
def test_a_manifest_that_leads_out_of_its_folder_deletes_nothing(tmp_path: Path, entry: str) -> None:
    from piquet_variants.errors import OutputRefused
    from piquet_variants.files import write_folder
    victim = tmp_path / "victim.txt"
    victim.write_text("not the report's")
    out = tmp_path / "site"
    out.mkdir()
    _fake_report(out, {"index.html": "old"}, ["index.html", entry.replace("{victim}", str(victim))])
    for force in (False, True):
        with pytest.raises(OutputRefused, match="is not the list of files a report writes"):
            write_folder(out, {"other.html": b"new"}, force, "report")
    assert victim.read_text() == "not the report's" and (out / "index.html").read_text() == "old"


def test_a_listed_file_or_folder_turned_into_a_link_is_never_followed(tmp_path: Path) -> None:
    from piquet_variants.errors import OutputRefused
    from piquet_variants.files import write_folder
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.html").write_text("not the report's")
    out = tmp_path / "site"
    out.mkdir()
    _fake_report(out, {}, ["old.html", "index.html", "rules/a.html"], ["rules"])
    (out / "old.html").symlink_to(outside / "victim.html")
    (out / "index.html").symlink_to(outside / "victim.html")
    (out / "rules").symlink_to(outside, target_is_directory=True)
    with pytest.raises(OutputRefused):  # without --force: the links are not the report's, and are named
        write_folder(out, {"new.html": b"new"}, False, "report")
    with pytest.raises(OutputRefused, match="index.html"):  # a page would land on a link: never followed
        write_folder(out, {"index.html": b"new"}, True, "report")
    write_folder(out, {"new.html": b"new"}, True, "report")  # the old pages, now links, are left alone
    assert (outside / "victim.html").read_text() == "not the report's" and (out / "old.html").is_symlink()
    assert (out / "new.html").read_bytes() == b"new" and (out / "rules").is_symlink()
    assert sorted(p.name for p in outside.iterdir()) == ["victim.html"]


def test_a_page_that_would_land_on_a_users_file_is_refused_even_with_force(tmp_path: Path) -> None:
    from piquet_variants.errors import OutputRefused
    from piquet_variants.files import write_folder
    out = tmp_path / "site"
    write_folder(out, {"index.html": b"one", "rules/a.html": b"a"}, False, "report")
    (out / "rules" / "b.html").write_text("mine")
    with pytest.raises(OutputRefused, match="rules/b.html"):
        write_folder(out, {"index.html": b"two", "rules/b.html": b"b"}, True, "report")
    assert (out / "rules" / "b.html").read_text() == "mine" and (out / "index.html").read_bytes() == b"one"
    write_folder(out, {"index.html": b"two"}, True, "report")  # its own stale page goes; the user's stays
    assert not (out / "rules" / "a.html").exists() and (out / "rules" / "b.html").read_text() == "mine"
    write_folder(out, {"index.html": b"three"}, True, "report")
    (out / "rules" / "b.html").unlink()
    write_folder(out, {"index.html": b"four"}, False, "report")  # rules/ no longer the report's, and empty
    assert (out / "rules").is_dir() and (out / "index.html").read_bytes() == b"four"


def test_an_older_report_without_a_list_of_its_files_is_refused_not_replaced(tmp_path: Path) -> None:
    from piquet_variants.errors import OutputRefused
    from piquet_variants.files import MANIFEST, write_folder
    out = tmp_path / "site"
    out.mkdir()
    (out / MANIFEST).write_text("piquet-variants 1.0\n")
    (out / "index.html").write_text("old")
    with pytest.raises(OutputRefused, match="remove it yourself"):
        write_folder(out, {"index.html": b"new"}, True, "report")
    assert (out / "index.html").read_text() == "old"


@pytest.mark.parametrize("where", ["home", "above"])
def test_examples_are_never_copied_into_a_home_folder_or_one_above_the_current_one(
        cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    import pwd
    home = Path(pwd.getpwuid(os.getuid()).pw_dir)
    monkeypatch.setenv("HOME", str(tmp_path))
    inner = tmp_path / "inner"
    inner.mkdir()
    monkeypatch.chdir(inner)
    dest = home if where == "home" else tmp_path
    before = sorted(p.name for p in dest.iterdir()) if os.access(dest, os.R_OK) else None
    code, out, err = cli("examples", "copy", str(dest))
    assert code == 1 and ("a home folder" in err if where == "home" else "above the current folder" in err), err
    assert before is None or sorted(p.name for p in dest.iterdir()) == before
    code, out, err = cli("examples", "copy", ".")  # the current folder: only added to
    assert code == 0 and (inner / "traite-art12.piquet").is_file()


def test_examples_copy_never_writes_through_a_dangling_link(cli, tmp_path: Path) -> None:
    dest = tmp_path / "mine"
    dest.mkdir()
    (dest / "traite-art12.piquet").symlink_to(tmp_path / "elsewhere.piquet")
    code, _, err = cli("examples", "copy", str(dest))
    assert code == 1 and "already there" in err and not (tmp_path / "elsewhere.piquet").exists()
    assert [p.name for p in dest.iterdir()] == ["traite-art12.piquet"]


@pytest.mark.parametrize("writer", sorted(_WRITERS) + ["upgrade"])
def test_an_output_the_shell_could_not_write_is_refused(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        writer: str) -> None:
    """A read-only file, as the shell's > sees it, and another user's: refused and left as they were.  Root may
    write any file, so as root the command runs as another user (its effective ids), in a shared folder."""
    if writer == "--plot":
        pytest.importorskip("matplotlib")
    args = ["rulesets", "upgrade", "{out}"] if writer == "upgrade" else _WRITERS[writer]
    old = _OLD if writer == "upgrade" else "old"  # an upgrade rewrites only a file of an older format

    def run_on(out: Path) -> tuple[int, str]:
        code, _, err = cli(*[a.replace("{out}", str(out)) for a in args])
        return code, err
    if os.geteuid() != 0:
        out = tmp_path / "read-only.svg"
        out.write_text(old)
        out.chmod(0o444)
        code, err = run_on(out)
        assert code == 1 and "read-only" in err and out.read_text() == old, err
        return
    import shutil
    import tempfile
    shared = Path(tempfile.mkdtemp(prefix="pv-shared-"))  # the temporary folder itself: tmp_path is root's alone
    try:
        if any(not os.stat(p).st_mode & 0o001 for p in shared.parents):
            pytest.skip("the temporary folder cannot be reached by another user")
        shared.chmod(0o1777)
        (shared / "warm.svg").write_text(old)
        code, err = run_on(shared / "warm.svg")  # everything imported, as root
        assert code == 0, err
        monkeypatch.setenv("PIQUET_VARIANTS_CACHE", "off")
        cases = {"read-only.svg": (NOBODY, 0o444, "read-only"), "theirs.svg": (0, 0o666, "belongs to another user")}
        for name, (owner, mode, says) in cases.items():
            out = shared / name
            out.write_text(old)
            os.chown(out, owner, owner)
            out.chmod(mode)
            os.setegid(NOBODY)
            os.seteuid(NOBODY)
            try:
                code, err = run_on(out)
            finally:
                os.seteuid(0)
                os.setegid(0)
            assert code == 1 and says in err, err
            assert out.read_text() == old and out.stat().st_uid == owner
        assert sorted(p.name for p in shared.iterdir()) == sorted(cases) + ["warm.svg"]
    finally:
        shutil.rmtree(shared)


def test_an_empty_folder_of_the_users_is_filled_not_replaced(tmp_path: Path) -> None:
    from piquet_variants.files import MANIFEST, write_folder
    out = tmp_path / "shared-site"
    out.mkdir()
    out.chmod(0o2775)  # a mode of the user's choosing, which a folder put in its place would not have
    before = out.stat()
    write_folder(out, {"index.html": b"one", "rules/a.html": b"a"}, False, "report")
    after = out.stat()
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert sorted(p.name for p in out.iterdir()) == sorted([MANIFEST, "index.html", "rules"])
    assert [p.name for p in tmp_path.iterdir()] == ["shared-site"]
