"""Issue 12's faults, each found by a fuzz campaign through the command line, one regression test (or a few) each.

Every input here is bad in some way; each must get a located message and exit status 1: never a traceback, a
hang, or output half written.  The test names carry the fault's number in the issue.
"""

from __future__ import annotations

import json
import os
import stat
import threading
import time
from pathlib import Path

import pytest

from .conftest import ROOT

DEALS = ROOT / "docs" / "deals"
ART12 = (DEALS / "traite-art12.piquet").read_text("utf-8")
WIKI = json.loads((DEALS / "wikipedia-declaration.json").read_text("utf-8"))
BIG = "9" * 5000
HEAD = '[Players "A" "B"]\n'


def refused(cli, *args: str, at: str, says: str = "") -> str:
    """The command exits 1 with a message that starts at ``at`` (``FILE:LINE:COL``) and says ``says``."""
    code, out, err = cli(*args)
    assert code == 1, (code, out, err)
    assert "Traceback" not in err and "Exceeds the limit" not in err
    assert err.startswith(at), err[:500]
    assert says in err, err[:500]
    return err


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def json_deal(tmp_path: Path, change, name: str = "deal.json") -> str:
    """The Wikipedia deal as JSON, with its deal changed by ``change``."""
    record = json.loads(json.dumps(WIKI))
    change(record["deals"][0])
    return write(tmp_path, name, json.dumps(record))


def child_ruleset(tmp_path: Path, name: str, rules: str, parent: str = "modern-fr") -> str:
    """A ruleset of our own that extends a shipped one and changes ``rules`` (YAML, indented under ``rules:``)."""
    return write(tmp_path, f"{name}.yaml", f"id: {name}\ntitle: t\nextends: {parent}\nrules:\n{rules}")


def cite(value: object) -> str:
    return "{value: %s, cite: [{source: wikipedia-fr, locator: x, attestation: unstated, note: test}]}" % value


# -- 1. integers past Python's 4,300-digit limit -----------------------------------------------------------------

@pytest.mark.parametrize("text, line, col", [
    (HEAD + f'deal {BIG}, dealer "A"\nend deal\n', 2, 6),
    (HEAD + f'deal 1, dealer "A", packets {BIG}\nend deal\n', 2, 29),
    (HEAD + f'deal 1, dealer "A"\n sheet "A" {BIG}\nend deal\n', 3, 12),
])
def test_fault_1_long_integer_in_notation(cli, tmp_path, text: str, line: int, col: int) -> None:
    path = write(tmp_path, "long.piquet", text)
    refused(cli, "replay", path, at=f"{path}:{line}:{col}: number out of range")


def test_fault_1_long_trick_number_and_faced_card(cli, tmp_path) -> None:
    path = write(tmp_path, "trick.piquet", ART12.replace("  1. A♠", f"  {BIG}. A♠"))
    refused(cli, "replay", path, at=f"{path}:21:3: number out of range")
    path = write(tmp_path, "faced.piquet", ART12.replace("  premier écarte", f"  carte retournée {BIG}\n  premier écarte"))
    refused(cli, "replay", path, at=f"{path}:13:19: number out of range")


def test_fault_1_long_integer_in_json(cli, tmp_path) -> None:
    path = write(tmp_path, "long.json", '{"players":["A","B"],"deals":[{"dealer":"A","scores":{"A":%s}}]}' % BIG)
    refused(cli, "replay", path, at=f"{path}:1:59: number out of range", says="at most 15 digits")


def test_fault_1_long_integer_in_ruleset(cli, tmp_path) -> None:
    path = child_ruleset(tmp_path, "long", f"  game:\n    target: {cite(BIG)}\n")
    refused(cli, "rulesets", "show", path, at=f"{path}:6:21: number out of range")


# -- 2. values that load but are too big to use --------------------------------------------------------------------

@pytest.mark.parametrize("command", [["rulesets", "show", "{}"], ["rulesets", "cite", "{}", "game.target"],
                                     ["rulesets", "diff", "{}", "traite"],
                                     ["compare", "example:traite-art12", "-r", "{}", "-r", "traite"]])
def test_fault_2_huge_hex_value(cli, tmp_path, command: list[str]) -> None:
    path = child_ruleset(tmp_path, "hex", f"  game:\n    target: {cite('0x' + 'f' * 5000)}\n")
    err = refused(cli, *[a.format(path) for a in command], at=f"{path}:6:21: number out of range")
    assert len(err) < 400


def test_fault_2_hundred_hundred_is_no_number(cli, tmp_path) -> None:
    path = write(tmp_path, "cent.piquet", HEAD + 'deal 1, dealer "A"\n sheet "A" ' + "cent " * 2200 + '\nend deal\n')
    for command in ("replay", "convert"):
        err = refused(cli, command, path, at=f"{path}:3:12: not a number")
        assert len(err) < 600  # the 11,000 characters are not echoed


def test_fault_2_huge_said_length(cli, tmp_path) -> None:
    said = {"sequences": {"said": [{"by": "elder", "length": 7}]}}
    path = json_deal(tmp_path, lambda d: d.__setitem__("declarations", said))
    Path(path).write_text(Path(path).read_text().replace('"length": 7', '"length": 1' + "0" * 3000))
    for command in (["replay", path], ["convert", path, "--to", "notation"]):
        refused(cli, *command, at=f"{path}:1:", says="number out of range")


# -- 3. '?' in a declaration call ------------------------------------------------------------------------------------

def test_fault_3_unknown_card_in_a_call(cli, tmp_path) -> None:
    path = json_deal(tmp_path, lambda d: d.__setitem__("declarations", {"sets": {"elder": ["?"]}}))
    refused(cli, "replay", path, at=f"{path}:1:", says="deals[0].declarations.sets.elder[0]: a card named or shown "
                                                       "must be given, not '?'")
    text = ART12.replace("quatorzes : premier quatorze d'as ;", "quatorzes : premier quatorze d'as (?) ;")
    path = write(tmp_path, "call.piquet", text)
    refused(cli, "replay", path, at=f"{path}:17:38: ", says="a card named or shown must be given, not '?'")


def test_fault_3_unknown_card_in_a_cut(cli, tmp_path) -> None:
    path = write(tmp_path, "cut.json", json.dumps(dict(WIKI, cut={"Premier": "?", "Dernier": "7C"})))
    refused(cli, "replay", path, at=f"{path}:", says="cut.Premier[0]: a card named or shown must be given")


# -- 4. integral floats ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("change, path", [
    (lambda d: d.__setitem__("incidents", [{"type": "peek", "player": "elder", "cards": 1.0}]), "incidents[0].cards"),
    (lambda d: d.__setitem__("incidents", [{"type": "faced_card", "position": 1.0}]), "incidents[0].position"),
    (lambda d: d.__setitem__("counts", [{"trick": 1.0, "card": 1, "count": 13}]), "counts[0].trick"),
    (lambda d: d.__setitem__("declarations", {"sets": {"said": [{"by": "elder", "set": 3.0, "rank": "A"}]}}),
     "declarations.sets.said[0].set"),
    (lambda d: d.__setitem__("packets", 2.0), "packets"),
])
def test_fault_4_integral_float(cli, tmp_path, change, path: str) -> None:
    file = json_deal(tmp_path, change)
    for command in (["replay", file], ["convert", file, "--to", "notation"]):
        refused(cli, *command, at=f"{file}:1:", says=f"deals[0].{path}: ")


def test_fault_4_integral_float_score(cli, tmp_path) -> None:
    path = write(tmp_path, "float.json", '{"players":["A","B"],"deals":[{"dealer":"A","scores":{"A":1.0}}]}')
    refused(cli, "replay", path, at=f"{path}:1:55: deals[0].scores.A: 1.0 is not of type 'integer' (found a number)")


# -- 5. convert with a peek's suit named 'X' ----------------------------------------------------------------------

def test_fault_5_suit_named_x(cli, tmp_path) -> None:
    path = json_deal(tmp_path, lambda d: d.__setitem__(
        "incidents", [{"type": "peek", "player": "elder", "cards": 1, "suit_named": "X"}]))
    for command in (["replay", path], ["convert", path, "--to", "notation"]):
        refused(cli, *command, at=f"{path}:1:", says="deals[0].incidents[0].suit_named: 'X' is not one of S, H, D, C")


# -- 6. special files read without limit ------------------------------------------------------------------------------

def test_fault_6_a_device_is_read_no_further_than_the_limit(cli) -> None:
    for command in ("replay", "convert"):
        refused(cli, command, "/dev/zero", at="/dev/zero:1:1: file is larger than 1048576 bytes")


def _fifo(tmp_path: Path, name: str) -> str:
    path = tmp_path / name
    os.mkfifo(path)
    return str(path)


def _unblock_after(path: str, seconds: float) -> threading.Thread:
    """A guard for a test that must not block: a writer that opens the FIFO (and closes it) after ``seconds``."""
    def open_it() -> None:
        time.sleep(seconds)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:  # no reader any more: it did not block
            return
        os.close(fd)
    guard = threading.Thread(target=open_it, daemon=True)
    guard.start()
    return guard


@pytest.mark.parametrize("name", ["deal.piquet", "deal.json"])
def test_fault_6_a_fifo_with_no_writer_does_not_block(cli, tmp_path, name: str) -> None:
    path = _fifo(tmp_path, name)
    _unblock_after(path, 10)
    start = time.monotonic()
    refused(cli, "replay", path, at=f"{path}:1:1: nothing to read")
    assert time.monotonic() - start < 5


def test_fault_6_a_pipe_with_a_writer_is_read_to_its_end(cli, tmp_path) -> None:
    path = _fifo(tmp_path, "art12.piquet")

    def write_it() -> None:
        with open(path, "w", encoding="utf-8") as f:
            for line in ART12.splitlines(keepends=True):
                f.write(line)
                f.flush()
    writer = threading.Thread(target=write_it, daemon=True)
    writer.start()
    code, out, err = cli("replay", path, "-r", "traite")
    writer.join(5)
    assert code == 0, err
    assert "points won 201" in out


# -- 7. output over a device node, and an existing file's mode ---------------------------------------------------

def test_fault_7_a_device_is_written_to_not_replaced(cli, tmp_path) -> None:
    path = _fifo(tmp_path, "out")  # a FIFO in a folder of our own, not /dev/stdout: a regression must harm nothing
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(Path(path).read_bytes()), daemon=True)
    reader.start()
    code, out, err = cli("convert", "example:traite-art12", "-O", path, "--to", "json")
    reader.join(5)
    assert (code, out, err) == (0, "", "")
    assert stat.S_ISFIFO(os.lstat(path).st_mode)
    assert json.loads(got[0])["players"] == ["Premier", "Dernier"]


def test_fault_7_an_existing_file_keeps_its_mode_and_a_link_its_target(cli, tmp_path) -> None:
    target = tmp_path / "art12.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o644)
    link = tmp_path / "link.json"
    link.symlink_to(target.name)
    for out in (target, link):
        code, _, err = cli("convert", "example:traite-art12", "-O", str(out))
        assert code == 0, err
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
        assert json.loads(target.read_text("utf-8"))["players"] == ["Premier", "Dernier"]
    assert link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["art12.json", "link.json"]  # no temporary file left
