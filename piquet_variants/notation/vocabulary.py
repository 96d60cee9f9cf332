"""The notation's words, in either language, back to the record's values: the kinds, categories, sequences,
replies and incidents' words, who a word names, and the card each card's text is."""

from __future__ import annotations

import unicodedata
from functools import cache

from ..cards import SYMBOLS, UNKNOWN, compact_cards
from ..records.model import Role
from .speech import INCIDENT_WORDS, MOMENT_WORDS, REASON_WORDS


KIND_WORDS = {"point": "point", "sequence": "sequences", "sequences": "sequences", "séquence": "sequences",
              "séquences": "sequences", "sequence": "sequences", "sets": "sets", "quatorzes": "sets",
              "brelans": "sets"}
CATEGORY_WORDS = {"carte blanche": "carte_blanche", "cartes blanches": "carte_blanche", "point": "point",
                  "sequences": "sequences", "séquences": "sequences", "sets": "sets", "quatorzes": "sets",
                  "play": "play", "jeu": "play", "cards": "cards", "cartes": "cards", "pique": "pique",
                  "pic": "pique", "repique": "repique", "repic": "repique", "capot": "capot",
                  "penalty": "penalty", "pénalité": "penalty", "penalite": "penalty"}
SEQUENCE_LENGTHS = {"tierce": 3, "quart": 4, "quarte": 4, "quatrième": 4, "quatrieme": 4, "quint": 5, "quinte": 5,
                    "sixième": 6, "sixieme": 6, "sixiesme": 6, "sixth": 6, "septième": 7, "septieme": 7,
                    "septiesme": 7, "seventh": 7, "huitième": 8, "huitieme": 8, "huictiesme": 8, "eighth": 8,
                    "neuvième": 9, "neuvieme": 9, "neufiesme": 9, "ninth": 9}
REPLIES = {"good": "good", "bon": "good", "not good": "not_good", "pas bon": "not_good", "equal": "equal",
           "égal": "equal", "egal": "equal"}
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
#: The incidents' words that say yes or no: each token's field, and the words that make it false.
FLAGS = {"ANNOUNCED": "announced", "MIXED": "mixed", "SHOWN": "shown", "WAIVED": "waived"}
NO_WORDS = frozenset(("not", "non", "enforced", "exigee"))


def words_of(text: str) -> str:
    return " ".join(text.lower().split())


def plain(text: str) -> str:
    """The words without case or accents, as the incidents' words are looked up (``Avant la réponse``)."""
    return "".join(c for c in unicodedata.normalize("NFD", words_of(text)) if not unicodedata.combining(c))


def _lookup(words: dict[str, dict[str, str]], **more: str) -> dict[str, str]:
    """A table of speech.py's words, in either language, back to the record's value."""
    return {plain(said): key for table in words.values() for key, said in table.items()} | more


MOMENTS = _lookup(MOMENT_WORDS)
REASONS = _lookup(REASON_WORDS, **{"changed mind": "changed_mind", "tombees": "dropped"})
#: The club laws' incidents' words, in either language, back to the value of the field each token fills.
WORD_FIELDS = {"WHOSE": "whose", "FOUND": "found", "WHEN": "when", "SHEET_OF": "own_sheet"}
WORD_VALUES = {field: {plain(said): value for table in INCIDENT_WORDS.values() for value, said in table[field].items()}
               for field in WORD_FIELDS.values()}
INCIDENT_REPLIES = {"good": "good", "bon": "good", "equal": "equal", "égal": "equal", "egal": "equal"}


def role_of(word: str) -> Role:
    return Role.ELDER if words_of(word) in ("elder", "premier") else Role.YOUNGER


@cache
def card_codes(lang: str) -> dict[str, int]:
    """Each compact card text and the card it is in ``lang`` (``AC``: the ace of clubs in en, of hearts in fr), and
    ``?``, the card the book does not give."""
    return compact_cards(lang) | {"?": UNKNOWN}


@cache
def part_codes(lang: str) -> dict[tuple[str, str, str], int]:
    """Each card's parts as ``Run.parts`` gives them, and the card they are in ``lang``."""
    out: dict[tuple[str, str, str], int] = {("", "", ""): UNKNOWN}
    for text, c in compact_cards(lang).items():
        rank, suit = text[:-1], text[-1]
        out[rank, suit, ""] = c
        if suit in SYMBOLS:
            out[rank, "", suit] = c
    return out
