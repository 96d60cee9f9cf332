"""The notation's reader builds the typed record from its statements: no record's data (a dict of names in the
record's language) is made and typed after, so that a card is a card from the moment it is read."""

from __future__ import annotations

import pytest

import piquet_variants as pv
from piquet_variants import api
from piquet_variants.cards import card_of
from piquet_variants.errors import NotationError
from piquet_variants.notation.reader import records
from piquet_variants.records import data, json_reader
from piquet_variants.records.model import Read, TypedRecord


def _art12(lang: str) -> str:
    return pv.write(next(pv.read("example:traite-art12")), lang=lang)  # type: ignore[arg-type]


def test_the_notation_reader_gives_the_typed_record_with_no_data_typed_after(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _art12("en")

    def refused(data: object) -> TypedRecord:
        raise AssertionError("a record's data was typed after the notation was read")

    for module in (api, data, json_reader):
        monkeypatch.setattr(module, "record_of", refused)
    (read,) = records([text])
    assert isinstance(read, Read) and isinstance(read.record, TypedRecord) and read.located.data is None
    (record,) = pv.read(text)
    assert record.model == read.record and record.located is not None


def test_the_same_deal_in_french_and_english_notation_reads_as_one_record_of_cards() -> None:
    (en,), (fr,) = records([_art12("en")]), records([_art12("fr")])
    assert isinstance(en, Read) and isinstance(fr, Read)
    assert (en.record.lang, fr.record.lang) == ("en", "fr")
    assert en.record == fr.record and hash(en.record) == hash(fr.record)
    hands = en.record.deals[0].hands
    assert hands is not None and all(type(c) is int for c in hands.elder + hands.younger)
    assert hands == fr.record.deals[0].hands


def test_the_cut_is_read_in_the_records_language_given_after_it() -> None:
    """``AC`` is the ace of clubs in English and the ace of hearts in French: a [Lang] tag after the [Cut] says
    which, as it does for the deals' cards."""
    text = _art12("en").replace('[Players', '[Cut "Premier" "AC" "Dernier" "8S"]\n[Players')
    (english,) = records([text])
    (french,) = records([text.replace('[Lang "en"]', '[Lang "fr"]')])
    assert isinstance(english, Read) and isinstance(french, Read)
    assert english.record.cut == {"Premier": card_of("AC", "en"), "Dernier": card_of("8S", "en")}
    assert french.record.cut == {"Premier": card_of("AC", "fr"), "Dernier": card_of("8S", "fr")}


def test_a_cut_that_names_no_card_is_a_problem_at_its_tag() -> None:
    text = _art12("en").replace('[Players', '[Cut "Premier" "ZZ" "Dernier" "8S"]\n[Players')
    line = text.splitlines().index('[Cut "Premier" "ZZ" "Dernier" "8S"]') + 1
    with pytest.raises(NotationError) as caught:
        list(pv.read(text))
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (line, 2) and "not a card: 'ZZ'" in str(problem.message)
    assert problem.excerpt.splitlines()[0].strip() == '[Cut "Premier" "ZZ" "Dernier" "8S"]'
