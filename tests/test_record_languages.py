"""A record is what it says, not how it was written: the same deal in French notation, in English notation and in
JSON is one record, equal and hashed alike, and ``convert --lang`` (``pv.write(..., lang=)``) turns one language
into the other and back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import piquet_variants as pv
from piquet_variants.cards import ACE, CLUBS, HEARTS, UNKNOWN, card
from piquet_variants.records.model import Pairs

from .conftest import ROOT

DEALS = ROOT / "docs" / "deals"

#: One deal, by hand in each language: compact cards in the language's letters (``AC`` is the ace of clubs in
#: English, of hearts in French), a card the book does not give, a claim of each player's score.
ENGLISH = """[Players "A" "B"]

deal 1, dealer "B"
  elder: AC KC QC AH KH JD TD 9S 8S 7S 7D ?
  younger: AS KS QS JS TS 9H 8H 7H AD KD QD JC
  score "A" 10, "B" 3
end deal
"""
FRENCH = """[Joueurs "A" "B"]
[Langue "fr"]

donne 1, donneur "B"
  premier: AT RT DT AC RC VK 10K 9P 8P 7P 7K ?
  dernier: AP RP DP VP 10P 9C 8C 7C AK RK DK VT
  marque "A" 10, "B" 3
fin de donne
"""


def _converted(cli, source: str, tmp_path: Path, lang: str, to: str) -> str:
    out = tmp_path / f"{Path(source).stem.replace(':', '-')}-{lang}.{'json' if to == 'json' else 'piquet'}"
    code, _, err = cli("convert", source, "--lang", lang, "--to", to, "-O", str(out))
    assert code == 0, err
    return str(out)


def test_a_french_and_an_english_text_of_one_deal_are_one_record() -> None:
    (english,), (french,) = pv.read(ENGLISH), pv.read(FRENCH)
    assert english.data != french.data  # written differently: the cards' texts, the language
    assert english == french and hash(english) == hash(french) and len({english, french}) == 1
    assert english.model == french.model and hash(english.model) == hash(french.model)
    hands = english.model.deals[0].hands
    assert hands is not None and hands.elder[0] == card(CLUBS, ACE) and hands.elder[3] == card(HEARTS, ACE)
    assert hands.elder[-1] == UNKNOWN
    (from_json,) = pv.read(pv.write_json(french))
    assert from_json == english and hash(from_json) == hash(english)


def test_a_record_in_another_language_is_not_equal_if_it_says_something_else() -> None:
    (english,) = pv.read(ENGLISH)
    (changed,) = pv.read(FRENCH.replace('"B" 3', '"B" 4'))
    assert changed != english


@pytest.mark.parametrize("to", ["notation", "json"])
def test_convert_lang_turns_the_treatise_s_coup_into_either_language_and_back(cli, tmp_path: Path, to: str) -> None:
    """``example:traite-art12`` is written in French: into English, then back into French, each reads back as the
    same record, and hashes alike."""
    (book,) = pv.read("example:traite-art12")
    english = _converted(cli, "example:traite-art12", tmp_path, "en", to)
    french = _converted(cli, english, tmp_path, "fr", to)
    (read_en,), (read_fr,) = pv.read(Path(english)), pv.read(Path(french))
    assert read_en.model.lang == "en" and read_fr.model.lang == "fr"
    assert read_en.data != read_fr.data
    assert read_en == book == read_fr and hash(read_en) == hash(book) == hash(read_fr)
    if to == "notation":
        assert "elder: A K Q ♠" in Path(english).read_text("utf-8")
        assert "premier: A R D ♠" in Path(french).read_text("utf-8")
    else:
        assert json.loads(Path(english).read_text("utf-8"))["deals"][0]["hands"]["elder"][:2] == ["AS", "KS"]
        assert json.loads(Path(french).read_text("utf-8"))["deals"][0]["hands"]["elder"][:2] == ["AP", "RP"]


def test_write_in_a_language_reads_back_equal() -> None:
    records = list(pv.read(DEALS / "rubicon-partie.piquet"))
    for lang in ("en", "fr"):
        assert list(pv.read(pv.write(records, lang=lang))) == records
        assert list(pv.read(pv.write_json(records, lang=lang))) == records
    with pytest.raises(ValueError, match="en or fr"):
        pv.write(records, lang="de")  # type: ignore[arg-type]


@pytest.mark.parametrize("path", sorted(DEALS.rglob("*.piquet")) + sorted(DEALS.rglob("*.json")), ids=lambda p: p.name)
def test_every_record_is_frozen_and_hashable(path: Path) -> None:
    """Every part of a typed record is frozen and hashable: the deals, their claims' figures (``Pairs``, not dicts),
    the options, the source, the cut."""
    for record in pv.read(path):
        assert hash(record.model) == hash(pv.read(pv.write(record)).__next__().model)
        assert record.model is record.model  # built once


def test_a_table_of_figures_is_a_mapping_equal_by_its_pairs() -> None:
    scores = Pairs.of({"A": 10, "B": 3})
    assert scores == {"B": 3, "A": 10} == Pairs.of([("B", 3), ("A", 10)])
    assert hash(scores) == hash(Pairs.of([("B", 3), ("A", 10)]))
    assert list(scores) == ["A", "B"] and scores["B"] == 3 and scores.get("C") is None
