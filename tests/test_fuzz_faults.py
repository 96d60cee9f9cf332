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
    refused(cli, "replay", path, at=f"{path}:1:55: deals[0].scores.A: expected a whole number here, not a number with a fraction: 1.0")


# -- 5. convert with a peek's suit named 'X' ----------------------------------------------------------------------

def test_fault_5_suit_named_x(cli, tmp_path) -> None:
    path = json_deal(tmp_path, lambda d: d.__setitem__(
        "incidents", [{"type": "peek", "player": "elder", "cards": 1, "suit_named": "X"}]))
    for command in (["replay", path], ["convert", path, "--to", "notation"]):
        refused(cli, *command, at=f"{path}:1:", says="deals[0].incidents[0].suit_named: 'X' is not one of S, H, D, C")


# -- 6. special files read without limit ------------------------------------------------------------------------------

def test_fault_6_a_device_is_read_no_further_than_the_limit(cli) -> None:
    for command in ("replay", "convert"):
        refused(cli, command, "/dev/zero", at="/dev/zero:1:1: a record longer than 1048576 characters")


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
    """The writer is connected before the command opens the pipe, and writes line by line while it reads.

    The test holds a read end of its own (never read) so that the writer's open returns at once: without it,
    the command could open the pipe before the writer's thread did, and rightly find nothing to read.
    """
    path = _fifo(tmp_path, "art12.piquet")
    held = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        sink = open(os.open(path, os.O_WRONLY), "w", encoding="utf-8")

        def write_it() -> None:
            with sink:
                for line in ART12.splitlines(keepends=True):
                    sink.write(line)
                    sink.flush()
        writer = threading.Thread(target=write_it, daemon=True)
        writer.start()
        code, out, err = cli("replay", path, "-r", "traite")
        writer.join(5)
    finally:
        os.close(held)
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


# -- 8. extends and a record's ruleset that name no ruleset --------------------------------------------------------

@pytest.mark.parametrize("parent", ["a/b", "../../etc/passwd", "x" * 300, "a\\u0000b"])
def test_fault_8_extends_what_is_no_ruleset_id(cli, tmp_path, parent: str) -> None:
    path = write(tmp_path, "odd.yaml", f'id: odd\ntitle: t\nextends: "{parent}"\nrules: {{}}\n')
    refused(cli, "rulesets", "show", path, at=f"{path}:3:1: extends: ")


@pytest.mark.parametrize("ruleset", ["../../etc/passwd.yaml", "x" * 300 + ".yaml", "a/b", "x" * 300, "nosuch"])
def test_fault_8_a_record_names_a_ruleset_that_is_not_there(cli, tmp_path, ruleset: str) -> None:
    path = write(tmp_path, "deal.piquet", ART12.replace('[Ruleset "traite"]', f'[Ruleset "{ruleset}"]'))
    err = refused(cli, "replay", path, at=f"{path}:5:2: ruleset: ")
    assert "no ruleset file" in err or "unknown ruleset" in err


# -- 10. messages without a place, or with the wrong one --------------------------------------------------------

def test_fault_10_unknown_ruleset_in_a_json_record_has_its_line(cli, tmp_path) -> None:
    path = write(tmp_path, "deal.json", json.dumps(dict(WIKI, ruleset="nosuch"), indent=1))
    refused(cli, "replay", path, at=f"{path}:3:2: ruleset: unknown ruleset 'nosuch'")


def test_fault_10_convert_keeps_a_bad_cards_position(cli, tmp_path) -> None:
    path = json_deal(tmp_path, lambda d: d["hands"]["elder"].__setitem__(0, "ZZ"))
    for command in (["convert", path], ["convert", path, "--to", "json"], ["replay", path]):
        refused(cli, *command, at=f"{path}:1:", says="deals[0].hands.elder[0]: not a card: 'ZZ'")


def test_fault_10_a_value_of_the_wrong_type_says_so(cli, tmp_path) -> None:
    path = json_deal(tmp_path, lambda d: d.__setitem__("packets", "3"))
    err = refused(cli, "replay", path, at=f"{path}:1:", says="deals[0].packets: '3' is text; expected a whole number, "
                                                            "one of 1, 2, 3, 4")
    assert "did you mean" not in err


def test_fault_10_a_dot_that_ends_a_declaration(cli, tmp_path) -> None:
    path = write(tmp_path, "dot.piquet", ART12.replace("premier trente et un ;", "premier 31.\n"))
    refused(cli, "replay", path, at=f"{path}:16:10: a player's turns in a declaration are separated by ';'")


def test_fault_10_huge_values_are_not_echoed_whole(cli, tmp_path) -> None:
    path = json_deal(tmp_path, lambda d: d.__setitem__("dealer", "X" * 100_000))
    err = refused(cli, "replay", path, at=f"{path}:1:")
    assert len(err) < 1000
    path = write(tmp_path, "long.piquet", HEAD + 'deal 1, dealer "A"\n' + "  note " + "x" * 100_000 + "\nend deal\n")
    err = refused(cli, "replay", path, at=f"{path}:3:8: unexpected 'x")
    assert len(err) < 1000


def test_fault_10_the_end_of_the_file_is_said_in_words(cli, tmp_path) -> None:
    path = write(tmp_path, "open.piquet", HEAD + 'deal 1, dealer "A"\n')
    err = refused(cli, "replay", path, at=f"{path}:2:1: this deal is not closed: its 'end deal' (fin de donne) is "
                                          "missing", says="(the file ends at line 2)")
    assert "unexpected the" not in err


# -- 11. unbounded output ---------------------------------------------------------------------------------------------

def test_fault_11_a_hand_of_190000_integers_is_one_message(cli, tmp_path) -> None:
    path = write(tmp_path, "big.json", '{"players":["A","B"],"deals":[{"dealer":"A","hands":{"elder":['
                 + ",".join(["1"] * 190_000) + '],"younger":["AS"]}}]}')
    start = time.monotonic()
    err = refused(cli, "replay", path, at=f"{path}:1:54: deals[0].hands.elder: 190000 items, where at most 36 are "
                                          "allowed")
    assert len(_said(err)) == 1 and time.monotonic() - start < 30


def test_fault_11_problems_are_bounded_a_file_and_what_is_left_out_is_said(cli, tmp_path) -> None:
    bad = {"players": ["A", "B"], "deals": [{"dealer": "C", "scores": {"A": "x"}}]}
    path = write(tmp_path, "many.json", json.dumps([bad] * 300))
    err = refused(cli, "replay", path, at=f"{path}:1:")
    lines = _said(err)
    assert len(lines) == 101 and lines[-1].endswith("100 problems: the checking stops here (200 more records not "
                                                    "checked)")
    one = {"players": ["A", "B"], "deals": [{"dealer": "A", "scores": {"A": "x"}}] * 150}
    path = write(tmp_path, "one.json", json.dumps(one))
    lines = _said(refused(cli, "replay", path, at=f"{path}:1:"))
    assert len(lines) == 101 and "more problems follow: the checking stops after 100" in lines[-1]


def _said(err: str) -> list[str]:
    """The problems of a message, without the excerpt and the caret under each (indented)."""
    return [line for line in err.splitlines() if not line.startswith("    ")]


# -- the last line of defence -----------------------------------------------------------------------------------

def test_a_bug_is_one_line_naming_the_file(cli, monkeypatch) -> None:
    from piquet_variants.engine import record

    def broken(*args: object) -> None:
        raise ZeroDivisionError("a fault of ours")
    monkeypatch.setattr(record, "score_deal", broken)
    path = str(DEALS / "wikipedia-declaration.json")
    code, out, err = cli("replay", path)
    assert code == 1 and out == ""
    assert err == f"piquet-variants: internal error on '{path}' (a bug: please report it, with the file): " \
                  "ZeroDivisionError: 'a fault of ours'\n"


@pytest.mark.parametrize("args, says", [
    (["replay", "{path}"], "internal error on '{path}' (a bug"),
    (["replay", "example:traite-art12", "-r", "{missing}"], "no ruleset file '{missing}'"),
    (["sources", "list", "--style", "{missing_csl}"], "no CSL style file '{missing_csl}'"),
])
def test_a_message_never_cuts_a_file_name(cli, tmp_path, monkeypatch, args: list[str], says: str) -> None:
    """Wherever a checkout or a user's file sits, however long its path, the message names it whole."""
    from piquet_variants.engine import record

    def broken(*args: object) -> None:
        raise ZeroDivisionError("a fault of ours")
    monkeypatch.setattr(record, "score_deal", broken)
    folder = tmp_path / ("a-folder-with-a-long-name-" * 6)
    folder.mkdir()
    names = {"path": str(folder / "wikipedia-declaration.json"), "missing": str(folder / "missing.yaml"),
             "missing_csl": str(folder / "missing.csl")}
    (folder / "wikipedia-declaration.json").write_text(json.dumps(WIKI), encoding="utf-8")
    code, _, err = cli(*[a.format(**names) for a in args])
    assert code == 1 and says.format(**names) in err, err
    assert len(names["path"]) > 200


# -- the reader over many records, some bad (found by the fuzzer: quadratic in the records) --------------------

GOOD = '[Players "A" "B"]\ndeal 1, dealer "A" sheet "A" 10, "B" 20 end deal\n'
BAD = '[Players "A" "B"]\ndeal 1, dealer "A" sheet "A" 10, "B" 20\n'


def test_a_megabyte_of_bad_records_stops_at_the_bound(cli, tmp_path) -> None:
    path = write(tmp_path, "bad.piquet", BAD * ((1 << 20) // len(BAD) - 1))
    start = time.monotonic()
    lines = refused(cli, "replay", path, at=f"{path}:2:1: this deal is not closed: its 'end deal' (fin de donne) is "
                                            "missing (the record ends, before the next record's tags, at line 2)"
                    ).splitlines()
    assert time.monotonic() - start < 20  # generous (22 s before the bound; the collector runs): a hang is caught
    assert lines[-1] == f"{path}:200:1: 100 problems: the reading stops here"


def test_a_megabyte_of_good_records_and_a_bad_one(tmp_path) -> None:
    from .reading import read_records
    n = (1 << 20) // len(GOOD) - 1
    start = time.monotonic()
    results = read_records(GOOD * n + BAD, "many.piquet")
    assert time.monotonic() - start < 90  # a bound against a hang (18 s, 36 s with the collector, on a loaded machine)
    assert len(results) == n + 1 and all(hasattr(r, "data") for r in results[:-1])
    assert str(results[-1]).startswith(f"many.piquet:{2 * n + 2}:1: this deal is not closed: its 'end deal' (fin de "
                                       f"donne) is missing (the file ends at line {2 * n + 2})")


# -- compare's experiments are bounded for the whole command (found by the fuzzer: a minute and more) -----------

def test_compare_stops_its_experiments_and_says_so(cli, tmp_path) -> None:
    from piquet_variants.api import read, write_json
    record = next(read(DEALS / "traite-faced-card-art7.piquet"))
    path = write(tmp_path, "many.json", write_json([record] * 30))
    start = time.monotonic()
    code, out, err = cli("compare", path, "-r", "cavendish-rubicon", "-r", "traite", "--format", "json")
    assert code == 0, err
    assert time.monotonic() - start < 60  # a generous bound: thirty records once took each the whole search
    deals = json.loads(out)["deals"]
    first = [c for c in deals[0]["causes"] if c["category"] == "point"]
    assert [r["rule"] for c in first for r in c["rules"]] == [
        "faced_card.fresh_deal_when", "faced_card.fresh_deal_when", "point.tierce_majeure_score"]
    stopped = [c for d in deals for c in d["causes"] if c.get("stopped")]
    assert stopped and all(c["rules"] == [] for c in stopped)
    code, out, _ = cli("compare", path, "-r", "cavendish-rubicon", "-r", "traite")
    assert "no rule named: the experiments reached their bound (2000 deals replayed)" in out


# -- found after the merge, by benchmarks/fuzz.py --seed 3 ------------------------------------------------------

@pytest.mark.parametrize("text", ["[" * 50_000, '{"a":' * 30_000, "[" * 6_000 + "]" * 6_000])
def test_nesting_too_deep_for_the_yaml_composer_is_refused_at_its_place(cli, tmp_path, text: str) -> None:
    """libyaml's composer recurses, and some 20,000 levels of '[' crashed the process (a segmentation fault, not
    even a traceback): the depth is counted from the parser's events first, and refused at its place.  A newer
    PyYAML's parser stops at 1,000 levels itself ("exceeded maximum nesting depth"), also at its place."""
    refused(cli, "replay", write(tmp_path, "deep.json", text), at=f"{tmp_path}/deep.json:1:", says="nest")
    refused(cli, "rulesets", "validate", write(tmp_path, "deep.yaml", text), at=f"{tmp_path}/deep.yaml:1:",
            says="nest")


def test_deep_json_on_standard_input_is_json(cli, monkeypatch) -> None:
    """Standard input deep enough to stop ``json`` is JSON all the same, refused at its place (it was a
    RecursionError, then the crash above)."""
    import io
    import sys
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"[" * 50_000)))
    refused(cli, "replay", "-", at="<stdin>:1:", says="nest")


def test_report_deals_with_a_name_too_long(cli, tmp_path) -> None:
    """``--deals`` naming a file whose name is too long for the system is a message at that file, not an
    OSError out of ``Path.is_dir``."""
    name = "9" * 400
    refused(cli, "report", "-O", str(tmp_path / "site"), "traite", "--deals", name, at=f"{name}:1:1:",
            says="File name too long")
    assert not (tmp_path / "site").exists()


def test_one_record_of_ten_thousand_bad_tags_is_a_hundred_messages(cli, tmp_path) -> None:
    """The bound of problems holds within a record too: a record of 10,000 misspelt tags gave 10,000 messages
    (a megabyte on stderr)."""
    path = write(tmp_path, "tags.piquet", HEAD + '[Sor "x"]\n' * 10_000 + ART12.split("\n\n", 1)[1])
    err = refused(cli, "replay", path, at=f"{path}:2:2:", says="no tag 'Sor'")
    assert err.count("no tag") == 100 and err.rstrip().endswith("100 problems: the reading stops here"), err[-300:]


def test_an_empty_cut_lifted_is_refused_not_written_as_a_tag_that_does_not_read_back(cli, tmp_path) -> None:
    """``"cut_lifted": {}`` passed the schema, and convert wrote ``[CutLifted ]``, which the reader refuses."""
    record = json.loads(json.dumps(WIKI))
    record["cut_lifted"] = {}
    path = write(tmp_path, "cut.json", json.dumps(record))
    refused(cli, "convert", path, "--to", "notation", at=f"{path}:1:", says="cut_lifted")


# -- found by benchmarks/fuzz.py --seed 2 ---------------------------------------------------------------------

def test_output_to_a_fifo_nothing_reads_from_is_refused_at_once(cli, tmp_path) -> None:
    """``convert -O FIFO`` with no reader waited for ever in ``open``; now the open fails at once."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    start = time.monotonic()
    code, out, err = cli("convert", "example:traite-art12", "-O", str(fifo))
    assert time.monotonic() - start < 5
    assert code == 1 and err.startswith(f"piquet-variants: {fifo}: cannot write: a pipe that nothing reads from"), err


def test_output_to_a_fifo_with_a_reader_is_written(cli, tmp_path) -> None:
    """With a reader there, the FIFO is written as a pipe is (the record is a few KB: the pipe's buffer holds it)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # the reader, there before the writer
    try:
        code, out, err = cli("convert", "example:traite-art12", "-O", str(fifo))
        assert code == 0, err
        assert b'"players"' in os.read(fd, 1 << 20)
    finally:
        os.close(fd)


@pytest.mark.parametrize("args", [["convert", "example:traite-art12", "-O", "{long}"],
                                  ["report", "-O", "{long}", "traite"],
                                  ["rulesets", "validate", "--texts", "{long}", "traite"],
                                  ["examples", "copy", "{long}"]])
def test_a_name_too_long_for_the_system_is_a_message(cli, tmp_path, args: list[str]) -> None:
    """Path.exists and Path.is_dir raise on a name too long for the system (Python 3.11): each place that looks
    at a path the user gave says so in a message, with status 1 or 2 (a usage error), never 'internal error'."""
    long = str(tmp_path / ("x" * 300))
    code, out, err = cli(*[a.replace("{long}", long) for a in args])
    assert code in (1, 2) and "internal error" not in err and "Traceback" not in err, err
    assert not list(tmp_path.iterdir())


def test_a_search_path_folder_whose_name_is_too_long_is_searched_as_empty(cli, tmp_path, monkeypatch) -> None:
    """A folder of PIQUET_VARIANTS_PATH that cannot be looked at holds no ruleset: the shipped ones are found."""
    monkeypatch.setenv("PIQUET_VARIANTS_PATH", str(tmp_path / ("x" * 300)))
    code, out, err = cli("rulesets", "list")
    assert code == 0 and "traite" in out, err


def test_a_fault_in_a_later_record_does_not_break_the_places_of_an_earlier_one(cli, tmp_path) -> None:
    """Found by benchmarks/fuzz.py --seed 28: the places of a JSON file's records are found by one scan of the whole
    file, which the first record's replay asks for before the later records are decoded; a stray brace or a bad
    escape further on made the scan fail (IndexError), where the later record's own fault is the message."""
    from piquet_variants import examples

    text = examples.path("cavendish-chouette.json").read_text(encoding="utf-8")
    second = text.index('"points_won"', text.index('"points_won"') + 1)
    broken = tmp_path / "sitting.json"
    broken.write_text(text[:second] + '{"\\q": 1 }} ' + text[second:], encoding="utf-8")
    code, out, err = cli("compare", str(broken), "-r", "cotton-1674", "-r", "cavendish-au-cent", "--format", "json")
    assert code == 1 and "internal error" not in err
    assert err.startswith(f"{broken}:") and "not valid JSON" in err


def test_a_json_record_over_the_bound_is_refused_before_it_is_built(cli, tmp_path) -> None:
    """Found by benchmarks/fuzz.py --seed 28: a JSON record of 24 MB (a trick list grown by mutation) was decoded
    whole, 1.3 GB and 14 s, before the schema refused its length; a record is bounded as a notation record is, by
    its brackets alone, and one over the bound is refused at its first character."""
    from piquet_variants import examples
    from piquet_variants.located import MAX_BYTES

    record = json.loads(examples.path("traite-art12.json").read_text(encoding="utf-8"))
    record["source"]["note"] = "x" * MAX_BYTES
    big = tmp_path / "big.json"
    big.write_text(json.dumps([json.loads(examples.path("traite-art12.json").read_text(encoding="utf-8")), record]),
                   encoding="utf-8")
    code, out, err = cli("replay", str(big), "--no-narrative")
    assert code == 1 and "internal error" not in err
    assert f"a record longer than {MAX_BYTES} characters" in err and err.count("\n") <= 3


# -- a ruleset nested thousands deep, in every command that reads YAML ------------------------------------------

_DEEP = {"flow maps": "rules: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n",
         "flow lists": "rules:\n  x: " + "[" * 3000 + "]" * 3000 + "\n",
         "block lists": "rules:\n  x:\n    " + "- " * 3000 + "1\n"}
_YAML_COMMANDS = [["rulesets", "validate", "{f}"], ["rulesets", "upgrade", "{f}"], ["rulesets", "show", "{f}"],
                  ["rulesets", "sources", "{f}"], ["rulesets", "cite", "{f}", "game.end"],
                  ["rulesets", "diff", "{f}", "traite"], ["rulesets", "matrix", "{f}", "traite"],
                  ["rulesets", "history", "game.end", "{f}"], ["replay", "example:traite-art12", "-r", "{f}"],
                  ["compare", "example:traite-art12", "-r", "{f}", "-r", "traite"], ["odds", "-r", "{f}"],
                  ["simulate", "-r", "{f}", "--deals", "1"], ["chouette", "example:traite-art12", "-r", "{f}"],
                  ["report", "-O", "{site}", "{f}"], ["--rulesets", "{dir}", "rulesets", "list"],
                  ["--rulesets", "{dir}", "sources", "list"]]


@pytest.mark.parametrize("command", _YAML_COMMANDS, ids=lambda c: " ".join(w for w in c if "{" not in w))
@pytest.mark.parametrize("shape", sorted(_DEEP))
def test_a_ruleset_nested_thousands_deep_is_refused_at_its_place(cli, tmp_path, command: list[str],
                                                                 shape: str) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    path = mine / "deep.yaml"
    path.write_text("id: deep\ntitle: t\nextends: traite\n" + _DEEP[shape], encoding="utf-8")
    if "sources" in command and "{dir}" in command:
        path.rename(mine / "sources.yaml")
        path = mine / "sources.yaml"
    args = [a.format(f=path, dir=mine, site=tmp_path / "site") for a in command]
    refused(cli, *args, at=f"{path}:", says="document nested more than 64 levels deep")
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("command", [["rulesets", "validate"], ["rulesets", "upgrade"]])
def test_a_yaml_list_nested_on_one_line_past_what_libyaml_composes_is_refused_not_a_crash(tmp_path,
                                                                                          command: list[str]) -> None:
    """Some 400,000 levels of '- ' on one line, under the size bound: libyaml's composer recursed until the process
    crashed (status -11), and ruamel's round trip of the upgrade raised RecursionError."""
    import subprocess
    import sys
    path = tmp_path / "deep.yaml"
    path.write_text("id: deep\ntitle: t\nrules:\n  x:\n    " + "- " * 400_000 + "1\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "piquet_variants", *command, str(path)], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1 and done.stderr.startswith(f"{path}:5:"), (done.returncode, done.stderr[:300])
    assert "document nested more than 64 levels deep" in done.stderr


# -- a CSL style whose macros never end -------------------------------------------------------------------------

_CSL_HEAD = ('<?xml version="1.0" encoding="utf-8"?>\n<style xmlns="http://purl.org/net/xbiblio/csl" class="note" '
             'version="1.0">\n  <info><title>Loop</title><id>loop</id><updated>2020-01-01T00:00:00+00:00</updated>'
             '</info>\n')
_CSL_TAIL = ('  <citation><layout><text macro="m0"/></layout></citation>\n'
             '  <bibliography><layout><text macro="m0"/><text variable="title"/></layout></bibliography>\n</style>\n')


def _macros(calls: dict[int, int]) -> str:
    """Macros m0, m1… each calling the one ``calls`` names (none where it names none)."""
    return "".join(f'  <macro name="m{n}"><text variable="title"/>' + (f'<text macro="m{calls[n]}"/>' if n in calls
                                                                        else "") + "</macro>\n"
                   for n in range(max(calls) + 2))


@pytest.mark.parametrize("calls, says", [({0: 0}, "'m0' calls itself ('m0' → 'm0')"),
                                         ({0: 1, 1: 2, 2: 0}, "'m0' calls itself ('m0' → 'm1' → 'm2' → 'm0')"),
                                         ({n: n + 1 for n in range(300)}, "calls others more than 40 deep")])
@pytest.mark.parametrize("command", [["sources", "list"], ["sources", "show", "cavendish"],
                                     ["rulesets", "cite", "cavendish-rubicon", "point.compare"],
                                     ["rulesets", "sources", "traite"]])
def test_a_csl_macro_that_calls_itself_is_refused_at_the_macro(cli, tmp_path, calls: dict[int, int], says: str,
                                                               command: list[str]) -> None:
    style = write(tmp_path, "loop.csl", _CSL_HEAD + _macros(calls) + _CSL_TAIL)
    refused(cli, *command, "--style", style, at=f"piquet-variants: {style}:4: the macro 'm0'", says=says)


def test_a_csl_macro_chain_that_ends_is_read(cli, tmp_path) -> None:
    style = write(tmp_path, "chain.csl", _CSL_HEAD + _macros({n: n + 1 for n in range(10)}) + _CSL_TAIL)
    code, out, err = cli("sources", "list", "--style", style)
    assert code == 0 and "Cavendish" in out and "macro" not in err, err


# -- the user's device and Ctrl-C: a line, never a traceback nor "a bug" --------------------------------------

@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["rulesets", "list"], ["rulesets", "list", "--format", "json"],
                                  ["replay", "example:traite-art12"]])
def test_standard_output_on_a_full_device_is_said_to_be_the_device(args: list[str]) -> None:
    import subprocess
    import sys
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "piquet_variants", *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1, done.stderr
    assert done.stderr == "piquet-variants: cannot write the output: No space left on device (the device is full)\n"


_CTRL_C_AT_START = """
import importlib.abc, os, signal, sys
class CtrlC(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "typer":  # the command line's first heavy import: Ctrl-C comes in the middle of start-up
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, CtrlC())
sys.argv = ["piquet-variants", "rulesets", "list"]
from piquet_variants.console import run
run()
"""


def test_ctrl_c_during_start_up_stops_without_a_traceback() -> None:
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", _CTRL_C_AT_START], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 130 and done.stderr == "" and done.stdout == "", done.stderr


def test_the_installed_command_starts_from_the_light_entry_point() -> None:
    """The console script is ``console.run``: importing it imports neither Typer nor Click."""
    import subprocess
    import sys
    import tomllib
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["scripts"]
    assert scripts["piquet-variants"] == "piquet_variants.console:run"
    done = subprocess.run([sys.executable, "-c", "import sys, piquet_variants.console; "
                                                 "print(sorted({'typer', 'click'} & set(sys.modules)))"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stdout.strip() == "[]", done.stderr


# -- a ruleset file of the user's whose name is no id ------------------------------------------------------------

@pytest.mark.parametrize("name, why", [("Mine", "'M' is not allowed in it"), ("a.b", "'.' is not allowed in it"),
                                       ("9lives", "it begins with '9'"), ("x" * 65, "65 characters long")])
def test_a_ruleset_whose_id_is_invalid_is_said_so_and_why_when_listed_or_loaded(cli, tmp_path, name: str,
                                                                                why: str) -> None:
    path = write(tmp_path, f"{name}.yaml", f"id: {name}\ntitle: t\nextends: traite\n")
    code, out, err = cli("--rulesets", str(tmp_path), "rulesets", "list", "--format", "json")
    assert code == 0 and name not in [r["id"] for r in json.loads(out)]
    assert err.startswith(f"piquet-variants: warning: {path}: not listed: '{name}' is not a valid ruleset id ("), err
    assert why in err and "lower-case letters, digits and '-'" in err
    for args in (["rulesets", "show", name], ["replay", "example:traite-art12", "-r", name]):
        code, _, err = cli("--rulesets", str(tmp_path), *args)
        assert code == 1 and err.startswith(f"piquet-variants: {path}: '{name}' is not a valid ruleset id ("), err
        assert why in err and "did you mean" not in err


# -- a Dask scheduler with no worker ---------------------------------------------------------------------------

def test_a_scheduler_with_no_worker_is_given_up_on_with_the_option_that_sets_the_wait(cli, tmp_path) -> None:
    """A real Dask scheduler, started here with no worker: the run waited for ever, silently."""
    pytest.importorskip("distributed")
    import subprocess
    import sys
    info = tmp_path / "scheduler.json"
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", "0", "--no-dashboard", "--scheduler-file", str(info)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 120
        while not (info.exists() and info.stat().st_size) and time.monotonic() < deadline:
            assert scheduler.poll() is None, "the scheduler did not start"
            time.sleep(0.05)
        address = json.loads(info.read_text())["address"]
        start = time.monotonic()
        code, out, err = cli("simulate", "-r", "traite", "--deals", "10", "--quiet", "--scheduler", address,
                             "--worker-timeout", "1")
        assert time.monotonic() - start < 60
        assert code == 1 and out == "", err
        assert err == (f"piquet-variants: no worker joined the Dask scheduler at {address} in 1 s: start one (dask "
                       f"worker {address}), or wait longer with --worker-timeout\n")
    finally:
        scheduler.terminate()
        scheduler.wait(timeout=60)


def test_the_wait_for_a_worker_is_bounded(cli) -> None:
    code, _, err = cli("simulate", "-r", "traite", "--scheduler", "tcp://127.0.0.1:1", "--worker-timeout", "100000")
    assert code == 2 and "--worker-timeout" in err
