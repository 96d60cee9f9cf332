"""Cards and sets of cards as plain ints and bitmasks.

A card is ``suit * RANKS_PER_SUIT + rank`` where rank 0 is the ace (the
highest) and the rank index grows downwards, so "higher card" is "smaller
index" and a suit's cards form one contiguous run of bits.  Nine ranks per
suit are reserved so the oldest 36-card pack (with sixes) fits the same
layout; a 32-card ruleset simply never uses rank 8.

A set of cards (a hand, the talon, a trick) is an ``int`` bitmask.  Nothing
in a hot loop allocates a card object.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Final

from .errors import CardArg, CardError, echo, msg

# Final: constants to mypyc, which compiles this module with the engine and folds them into the code that reads them.
RANKS_PER_SUIT: Final = 9
SUITS: Final = 4
SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
ACE: Final = 0
KING: Final = 1
QUEEN: Final = 2
KNAVE: Final = 3
TEN: Final = 4
NINE: Final = 5
EIGHT: Final = 6
SEVEN: Final = 7
SIX: Final = 8

#: The card a record does not give (the book's "?"): a card all the same, which no pack holds.
UNKNOWN: Final = -1

#: Rank keys as rulesets write them (high to low).
RANK_KEYS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")

SUIT_MASKS: Final[tuple[int, ...]] = tuple(((1 << RANKS_PER_SUIT) - 1) << (s * RANKS_PER_SUIT) for s in range(SUITS))
#: One suit of a mask, as its own 9 bits (rank indices): ``m >> s * RANKS_PER_SUIT & SUIT_BITS`` is suit ``s`` of ``m``.
SUIT_BITS: Final = (1 << RANKS_PER_SUIT) - 1
#: By a suit's 9 bits: the ranks held, highest first, and how many.  A hot loop counts a suit by one lookup
#: here (compiled, ``int.bit_count`` is a method call).
SUIT_RANKS: Final = tuple(tuple(r for r in range(RANKS_PER_SUIT) if m >> r & 1) for m in range(SUIT_BITS + 1))
SUIT_COUNTS: Final = tuple(map(len, SUIT_RANKS))
#: By suit, then by a suit's 9 bits: the cards held, highest first (``cards_of``).
SUIT_CARDS: Final = tuple(tuple(tuple(s * RANKS_PER_SUIT + r for r in ranks) for ranks in SUIT_RANKS)
                          for s in range(SUITS))

_EN_RANKS = {"A": ACE, "K": KING, "Q": QUEEN, "J": KNAVE, "10": TEN, "T": TEN,
             "9": NINE, "8": EIGHT, "7": SEVEN, "6": SIX}
_FR_RANKS = {"A": ACE, "R": KING, "D": QUEEN, "V": KNAVE, "10": TEN,
             "9": NINE, "8": EIGHT, "7": SEVEN, "6": SIX}
_SYMBOLS = {"♠": SPADES, "♥": HEARTS, "♦": DIAMONDS, "♣": CLUBS,
            "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS}
#: Every suit sign a card may be written with (the outline forms too).
SYMBOLS = frozenset(_SYMBOLS)
_EN_SUITS = {"S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS}
# French: pique, cœur, carreau (K, as the books abbreviate it), trèfle.
_FR_SUITS = {"P": SPADES, "C": HEARTS, "K": DIAMONDS, "T": CLUBS}

_NAMES = {
    "en": {"ranks": ("A", "K", "Q", "J", "10", "9", "8", "7", "6"), "suits": "SHDC"},
    "fr": {"ranks": ("A", "R", "D", "V", "10", "9", "8", "7", "6"), "suits": "PCKT"},
}
_LONG = {
    "en": {"ranks": ("ace", "king", "queen", "knave", "ten", "nine", "eight", "seven", "six"),
           "suits": ("spades", "hearts", "diamonds", "clubs"), "of": "of"},
    "fr": {"ranks": ("as", "roi", "dame", "valet", "dix", "neuf", "huit", "sept", "six"),
           "suits": ("pique", "cœur", "carreau", "trèfle"), "of": "de"},
}
SUIT_SYMBOLS = "♠♥♦♣"


def card(suit: int, rank: int) -> int:
    return suit * RANKS_PER_SUIT + rank


def suit_of(c: int) -> int:
    return c // RANKS_PER_SUIT


def rank_of(c: int) -> int:
    return c % RANKS_PER_SUIT


def bit(c: int) -> int:
    return 1 << c


def mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def iter_cards(m: int) -> Iterator[int]:
    """Cards of a mask, highest suit-major first (spades ace first)."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def cards_of(m: int) -> list[int]:
    """The cards of a mask as a list, in ``iter_cards``'s order, suit by suit from the tables (compiled, a
    generator is an object and a call a card), each suit's cards added at once (``SUIT_CARDS``): a card appended
    alone is an int boxed and a call, some hundred and fifty instructions, where a suit's extend is one call."""
    out: list[int] = []
    shift = suit = 0
    while m >> shift:
        out.extend(SUIT_CARDS[suit][m >> shift & SUIT_BITS])
        shift += RANKS_PER_SUIT
        suit += 1
    return out


def count(m: int) -> int:
    """The cards of a mask, by adding bits in parallel (a mask of 36 bits never leaves a machine word).

    Compiled, ``int.bit_count`` is a method call on a boxed int; these shifts and masks are native operations.
    """
    x = m - (m >> 1 & 0x5555555555)
    x = (x & 0x3333333333) + (x >> 2 & 0x3333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


def _split(text: str) -> tuple[str, str]:
    t = text.strip()
    if not t:
        raise CardError(msg("empty-card", "empty card"))
    if t[-1] in _SYMBOLS:
        return t[:-1].strip().upper(), t[-1]
    if t[0] in _SYMBOLS:
        return t[1:].strip().upper(), t[0]
    return t[:-1].upper(), t[-1].upper()


def parse_card(text: str, lang: str = "en") -> int:
    """Parse ``AS``, ``10H``, ``TH``, ``A♠`` (English) or ``RC``, ``VP`` (French).

    The preferred language is tried first and the other second, so ``AC`` is
    the ace of clubs in an English record and the ace of hearts in a French
    one, while ``RC`` (roi de cœur) is read in either.
    """
    found = compact_cards(lang).get(text)
    if found is not None:
        return found
    rank_text, suit_text = _split(text)
    orders = ("en", "fr") if lang == "en" else ("fr", "en")
    for which in orders:
        ranks = _EN_RANKS if which == "en" else _FR_RANKS
        suits = _EN_SUITS if which == "en" else _FR_SUITS
        suit = _SYMBOLS.get(suit_text, suits.get(suit_text))
        rank = ranks.get(rank_text)
        if suit is not None and rank is not None:
            return card(suit, rank)
    raise CardError(msg("not-a-card", "not a card: {text} (expected rank then suit, e.g. AS, 10H, RC or A♠)",
                        text=echo(text)))


@cache
def compact_cards(lang: str) -> dict[str, int]:
    """Every compact card text (``AS``, ``RC``, ``10♦``) and the card it is in ``lang``.

    Records and notation name thousands of cards; one dictionary lookup
    replaces the split-and-try of ``parse_card``, which stays the reference
    for anything else (spaces, lower case, errors).
    """
    table: dict[str, int] = {}
    for which in (("fr", "en") if lang == "fr" else ("en", "fr")):
        ranks, suits = (_EN_RANKS, _EN_SUITS) if which == "en" else (_FR_RANKS, _FR_SUITS)
        for rank_text, rank in ranks.items():
            for suit_text, suit in (suits | _SYMBOLS).items():
                table.setdefault(rank_text + suit_text, card(suit, rank))
    return table


def parse_cards(items: Iterable[str], lang: str = "en") -> list[int]:
    return [parse_card(t, lang) for t in items]


def card_name(c: int, lang: str = "en", symbols: bool = False) -> str:
    names = _NAMES[lang]
    suit = SUIT_SYMBOLS[suit_of(c)] if symbols else names["suits"][suit_of(c)]
    return names["ranks"][rank_of(c)] + suit


def card_of(text: str, lang: str = "en") -> int:
    """A card as a record writes it in ``lang`` (``AS``, ``RC``, ``A♠``), or ``UNKNOWN`` for ``?``."""
    if text == "?":
        return UNKNOWN
    found = compact_cards(lang).get(text)
    return parse_card(text, lang) if found is None else found


def card_text(c: int, lang: str = "en") -> str:
    """A card as a record writes it in ``lang``: ``card_of``'s inverse (``?`` for ``UNKNOWN``)."""
    return "?" if c == UNKNOWN else card_name(c, lang)


def card_long_name(c: int, lang: str = "en") -> str:
    names = _LONG[lang]
    return f"{names['ranks'][rank_of(c)]} {names['of']} {names['suits'][suit_of(c)]}"


def rank_long_name(rank: int, lang: str = "en") -> str:
    return _LONG[lang]["ranks"][rank]


def suit_long_name(suit: int, lang: str = "en") -> str:
    return _LONG[lang]["suits"][suit]


def card_arg(c: int, long: bool = False) -> CardArg:
    """A card as a message names it: said in the reader's language where the message is shown."""
    return CardArg(c, card_long_name(c) if long else card_name(c), long)


def mask_names(m: int, lang: str = "en", symbols: bool = False) -> list[str]:
    return [card_name(c, lang, symbols) for c in iter_cards(m)]
