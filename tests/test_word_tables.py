"""One meaning, one place: the tables of words that remain beside the lexicon and the catalogues do not repeat them."""

from __future__ import annotations

import pytest

from piquet_variants.i18n import figure_name
from piquet_variants.lexicon import lexicon
from piquet_variants.notation.vocabulary import CATEGORY_WORDS
from piquet_variants.notation.speech import CATEGORY_KEYWORDS

from .catalogues import po_path, read_po


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_writers_category_words_are_those_the_reader_reads(lang: str) -> None:
    """The notation's words for a score category (not the lexicon's prose, which would not parse) read back."""
    assert {CATEGORY_WORDS[word]: word for word in CATEGORY_KEYWORDS[lang].values()} == CATEGORY_KEYWORDS[lang]
    assert set(CATEGORY_KEYWORDS[lang]) == set(lexicon(lang).categories)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_msgid_is_a_word_the_lexicon_answers(lang: str) -> None:
    """``t`` asks the lexicon first for a category, a role or an attestation: a catalogue entry for one is never
    read, and a figure named after a category is not named again as a ``stat:``."""
    words = lexicon(lang)
    game = set(words.categories) | set(words.roles) | set(words.attestations)
    msgids = set(read_po(po_path(lang)))
    assert not msgids & game
    assert not {f"stat:{c}" for c in words.categories} & msgids
    assert figure_name("cards", lang) == words.categories["cards"]
