"""What the readers were given and failed on with an internal error, or read as something else: each is now a
message at its place, and what reads is what the API promises (bytes, a text that is no file, the round trip)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import piquet_variants as pv
from piquet_variants.errors import RecordError

ROOT = Path(__file__).resolve().parent.parent
TRAITE = ROOT / "docs" / "deals" / "traite-art12.piquet"
SHEET = '[Players "A" "B"]\n[Ruleset "traite"]\n{tags}\ndeal {n}, dealer "B"\n  sheet "A" 10, "B" 5\nend deal\n'


def _problem(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        list(pv.read(text))
    return str(caught.value.problems[0])


def _cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "piquet_variants", *argv], capture_output=True, text=True, cwd=cwd,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PIQUET_VARIANTS_CACHE": "off"})


@pytest.mark.parametrize("command", [["replay"], ["compare", "-r", "traite", "-r", "academie"]])
def test_deals_so_far_without_the_score_so_far_is_said_at_its_tag(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "so-far.piquet"
    path.write_text(SHEET.format(tags='[DealsSoFar "3"]\n', n=1), "utf-8")
    done = _cli(*command, str(path), cwd=tmp_path)
    assert done.returncode == 1 and "internal error" not in done.stderr, done.stderr
    assert f"{path}:3:2: a partie in progress gives both the deals played so far and the score" in done.stderr


@pytest.mark.parametrize("digit", ["³", "٣", "３", "۳"])
def test_a_digit_other_than_0_to_9_in_a_tag_is_refused_at_its_column(digit: str) -> None:
    tags = f'[DealsSoFar "{digit}"]\n[ScoreSoFar "A" "1" "B" "2"]\n'
    said = _problem(SHEET.format(tags=tags, n=1))
    assert said.startswith("<text>:3:14:") and f"{digit!r} is not a figure the notation reads" in said, said


@pytest.mark.parametrize("digit", ["٣", "３", "³"])
def test_a_digit_other_than_0_to_9_in_a_statement_is_refused_at_its_column(digit: str) -> None:
    said = _problem(SHEET.format(tags="", n=digit))
    assert said.startswith("<text>:4:6:") and repr(digit) in said, said


def _with_half(key: str) -> str:
    record = {"players": ["A", "B"], "ruleset": "traite", "deals": [{"dealer": "B", "scores": {"A": 1, "B": 5}}]}
    text = json.dumps(record)
    return {"player": text.replace('"B"', '"B\\ud800"'), "key": text.replace('"scores"', '"sc\\ud800ores"'),
            "note": text.replace('"ruleset"', '"note": "x\\udc00y", "ruleset"')}[key]


@pytest.mark.parametrize("where", ["player", "key", "note"])
def test_half_a_character_in_json_is_refused_at_its_place_on_replay_and_convert(tmp_path: Path, where: str) -> None:
    path = tmp_path / "half.json"
    path.write_text(_with_half(where), "utf-8")
    for command in (["replay"], ["convert", "-O", str(tmp_path / "out.piquet")]):
        done = _cli(command[0], str(path), *command[1:], cwd=tmp_path)
        assert done.returncode == 1 and "half a character" in done.stderr and "internal error" not in done.stderr, \
            done.stderr
        assert f"{path}:1:" in done.stderr
    assert not (tmp_path / "out.piquet").exists()


def test_writing_half_a_character_is_refused_by_the_writers() -> None:
    record = {"players": ["A", "B\ud800"], "deals": [{"dealer": "A", "scores": {"A": 1, "B\ud800": 2}}]}
    for write in (pv.write, pv.write_json):
        with pytest.raises(RecordError, match=r"players\[1\]: this text holds half a character"):
            write(record)
    with pytest.raises(RecordError, match=r"<text>:1:16: this text holds half a character"):
        list(pv.read('[Players "A" "B\ud800"]\n'))


def test_bytes_are_read_as_utf8_and_refused_where_they_are_not() -> None:
    assert list(pv.read(TRAITE.read_bytes())) == list(pv.read(TRAITE))
    with pytest.raises(RecordError, match=r"<bytes>:1:1: not UTF-8 text \(byte 3\)"):
        list(pv.read(b"[Pl\xff"))


def test_a_binary_handle_is_read_in_pieces_as_utf8(tmp_path: Path) -> None:
    with TRAITE.open("rb") as handle:
        assert list(pv.read(handle)) == list(pv.read(TRAITE))


def test_a_one_line_text_that_names_no_file_is_said_to_be_neither_file_nor_records(tmp_path: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch
                                                                                   ) -> None:
    monkeypatch.chdir(tmp_path)
    said = _problem("records/mine")
    assert "no file 'records/mine' is there" in said and "the players are missing" not in said, said
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "mine").write_text(TRAITE.read_text("utf-8"), "utf-8")
    assert list(pv.read("records/mine")) == list(pv.read(TRAITE))


def test_a_deal_written_out_of_the_usual_order_reads_back_equal_with_its_comments_in_place() -> None:
    lines = TRAITE.read_text("utf-8").split("\n")
    talon = lines.pop(next(k for k, line in enumerate(lines) if line.strip().startswith("talon")))
    first_hand = next(k for k, line in enumerate(lines) if line.strip().startswith("premier :"))
    lines[first_hand:first_hand] = ["  {the talon first}", talon, "  {then the hands}"]
    records = list(pv.read("\n".join(lines)))
    again = list(pv.read(pv.write(records)))
    assert again == records
    written = [line.strip() for line in pv.write(records).split("\n")]
    assert written[written.index("{the talon first}") + 1].startswith("talon")
    assert written[written.index("{then the hands}") + 1].startswith("premier")


DEAL = ('[Players "A" "B"]\n[Ruleset "traite"]\n\ndeal 1, dealer "B"\n  elder: A K Q J 10 9 8 7 ♠  A K Q J ♥\n'
        '  younger: A K Q J 10 9 8 7 ♦  A K Q J ♣\n  talon: 10 9 8 7 ♥  10 9 8 7 ♣\nend deal\n')


def test_a_bad_card_is_said_at_its_column_as_a_card_that_is_none() -> None:
    said = _problem(DEAL.replace("A K Q J ♥", "A K Z J ♥"))
    assert said.startswith("<text>:5:34: not a card: 'Z'") and "not closed" not in said, said


@pytest.mark.parametrize("after, ends", [("", "the file ends at line 7"),
                                         ("\n" + DEAL, "the record ends, before the next record's tags, at line 7")])
def test_a_missing_end_deal_is_named_where_the_deal_begins(after: str, ends: str) -> None:
    said = _problem(DEAL.replace("end deal\n", "") + after)
    assert said.startswith(f"<text>:4:1: this deal is not closed: its 'end deal' (fin de donne) is missing ({ends})"), \
        said


@pytest.mark.parametrize("tag", ['[Ruleset "traite"]', '[Players "A" "B"]'])
def test_an_unclosed_tag_quote_spoils_its_record_alone_and_makes_no_second_one(tag: str) -> None:
    errors: list[RecordError] = []
    records = list(pv.read(DEAL.replace(tag, tag[:-2] + "]"), on_error=errors.append))
    assert records == [] and len(errors) == 1, (records, errors)
    assert "this quotation is never closed" in str(errors[0].problems[0])


def test_tricks_claimed_in_a_void_deal_are_said_in_words() -> None:
    text = (ROOT / "docs" / "deals" / "cavendish-description.piquet").read_text("utf-8").split('\n\n{"If')[0]
    eleven = text.replace("A 9 ♦  8 7 ♣\n  younger", "A ♦  8 7 ♣\n  younger")  # the elder holds 11 cards
    with pytest.raises(RecordError) as caught:
        pv.replay(next(pv.read(eleven)))
    said = str(caught.value.problems[0].message)
    assert "the tricks won are claimed after 3 tricks, but none is played: the deal is void" in said, said


class _Trickle:
    """A pipe that gives its bytes a few at a time."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, size: int) -> bytes:
        piece, self.data = self.data[:3], self.data[3:]
        return piece


def test_a_handle_that_gives_a_few_bytes_at_a_time_is_read_as_json_or_notation_all_the_same() -> None:
    json_path = ROOT / "docs" / "deals" / "traite-art12.json"
    assert list(pv.read(_Trickle(json_path.read_bytes()))) == list(pv.read(json_path))
    assert list(pv.read(_Trickle(TRAITE.read_bytes()))) == list(pv.read(TRAITE))
