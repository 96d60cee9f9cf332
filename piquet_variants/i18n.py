"""The words the tool prints, in English and French.

The interface's own words are gettext catalogues (``locale/<lang>/LC_MESSAGES/piquet_variants.po``, compiled
to the ``.mo`` beside it and shipped in the wheel), so a translator works in the usual tools; the game's
(rules, values, score categories, hands, attestations, checkpoints, notes) are the lexicon's
(``piquet_variants.lexicon``), which ``t`` consults first for those ids.  A missing French label falls back to
the English one, and a missing English one to its key, rather than failing.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from importlib import resources

from .errors import CardArg, Message, PiquetError, Problem, Sayer
from .lexicon import Lang, lexicon

#: The gettext domain: the catalogues' file name.
DOMAIN = "piquet_variants"


@cache
def catalogue(lang: Lang) -> gettext.NullTranslations:
    """The compiled catalogue of one language, read as package data (from a wheel as from a checkout)."""
    mo = resources.files(__package__).joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo").read_bytes()
    words = gettext.GNUTranslations(io.BytesIO(mo))
    if lang != "en":
        words.add_fallback(catalogue("en"))
    return words


def t(key: str, lang: Lang = "en") -> str:
    words = lexicon(lang)
    for table in (words.categories, words.roles, words.attestations):
        if key in table:
            return table[key]
    return catalogue(lang).gettext(key)


def decimal(figure: object, lang: Lang = "en") -> str:
    """A figure as written in the reader's language: French writes a decimal comma (``0,45``).  Text only: JSON
    keeps its numbers."""
    text = str(figure)
    return text.replace(".", ",") if lang == "fr" else text


def figure_name(key: str, lang: Lang = "en") -> str:
    """A simulated figure's name: a score category's is the lexicon's word for it, so it is named once; the others
    (the show, the average, pique or repique, rubicons) are the catalogues' ``stat:`` entries."""
    return t(key if key in lexicon(lang).categories else f"stat:{key}", lang)


class _Sayer:
    """A message's words in one language: the catalogue's for its template and words, the lexicon's card names."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def word(self, msgid: str) -> str:
        return t(msgid, self.lang)

    def card(self, card: CardArg) -> str:
        from .cards import card_long_name, card_name
        return card_long_name(card.code, self.lang) if card.long else card_name(card.code, self.lang)

    def figure(self, value: float) -> str:
        return decimal(value, self.lang)


@cache
def sayer(lang: Lang) -> Sayer:
    """What says a message (``errors.Message``), a problem or an error in ``lang``."""
    return _Sayer(lang)


def say(said: Message | Problem | PiquetError, lang: Lang = "en") -> str:
    """A message, a located problem or an error of the tool, in the reader's language."""
    return said.say(sayer(lang))
