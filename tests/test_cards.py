import random

import pytest

from piquet_variants.cards import (CLUBS, DIAMONDS, HEARTS, KING, KNAVE, SPADES, TEN, ACE, card, card_long_name,
                                   card_name, cards_of, count, iter_cards, mask, parse_card)
from piquet_variants.errors import CardError


@pytest.mark.parametrize("text,lang,expected", [
    ("AS", "en", card(SPADES, ACE)), ("10H", "en", card(HEARTS, TEN)), ("TH", "en", card(HEARTS, TEN)),
    ("A♠", "en", card(SPADES, ACE)), ("♣J", "en", card(CLUBS, KNAVE)),
    ("RC", "fr", card(HEARTS, KING)), ("RC", "en", card(HEARTS, KING)),
    ("VK", "fr", card(DIAMONDS, KNAVE)), ("AC", "en", card(CLUBS, ACE)), ("AC", "fr", card(HEARTS, ACE)),
    ("10♦", "fr", card(DIAMONDS, TEN)),
])
def test_parse(text: str, lang: str, expected: int) -> None:
    assert parse_card(text, lang) == expected


@pytest.mark.parametrize("text", ["", "XS", "1H", "AZ", "♠"])
def test_parse_rejects(text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)


def test_names_round_trip() -> None:
    for c in iter_cards(mask(card(s, r) for s in range(4) for r in range(8))):
        for lang in ("en", "fr"):
            assert parse_card(card_name(c, lang), lang) == c
            assert parse_card(card_name(c, lang, symbols=True), lang) == c
    assert card_long_name(card(HEARTS, KING), "fr") == "roi de cœur"
    assert card_long_name(card(SPADES, KNAVE)) == "knave of spades"


def test_the_compact_table_reads_as_parse_card_does() -> None:
    from piquet_variants.cards import compact_cards, parse_card
    for lang in ("en", "fr"):
        for text, c in compact_cards(lang).items():
            assert parse_card(f" {text} ", lang) == c  # the spaces take the reference path


def test_count_agrees_with_the_bits_of_every_shape_of_mask() -> None:
    rng = random.Random(5)
    masks = [0, 1, (1 << 36) - 1, 1 << 35, 0x5555555555 & ((1 << 36) - 1)]
    masks += [rng.getrandbits(36) & rng.getrandbits(36) for _ in range(2000)]
    assert [count(m) for m in masks] == [m.bit_count() for m in masks]


def test_cards_of_lists_a_mask_as_its_bits_give_it() -> None:
    """``cards_of`` lists a suit's cards at once from a table: the same cards, in the same order, as the mask's bits
    taken one by one, for empty, full and random masks of the 36-card layout."""
    rng = random.Random(43)
    masks = [0, (1 << 36) - 1, 1, 1 << 35] + [rng.getrandbits(36) & rng.getrandbits(36) for _ in range(2000)]
    for m in masks:
        assert cards_of(m) == list(iter_cards(m)), hex(m)
