"""How the table says a declaration ("quint major", "quatorze d'as", "making forty-nine"), and the notation's words.

The writer and the narrative replay both speak the dialogue, so the words
live here, apart from the parser: telling a deal does not load the grammar.
"""

from __future__ import annotations

from typing import Any

from ..cards import RANK_KEYS, rank_long_name
from .numbers import say_number

#: The notation's keywords as the writer spells them, in each language.
KEYWORDS = {
    "en": {"deal": "deal", "end deal": "end deal", "partie": "partie", "end partie": "end partie",
           "dealer": "dealer", "packets": "packets", "elder": "elder", "younger": "younger", "talon": "talon",
           "misdeal": "misdeal", "stand": "stands", "fresh_deal": "fresh deal", "faced": "faced card",
           "peek": "peek", "names": "names", "discards": "discards", "takes": "takes", "leaves": "leaves",
           "looks": "looks at the rest", "not looks": "without looking", "nothing": "nothing",
           "blanche": "carte blanche", "point": "point", "sequences": "sequence", "sets": "sets",
           "sinks": "sinks", "shows": "shows", "making": "making", "ask": "making?", "good": "good",
           "not_good": "not good", "equal": "equal", "major": "major", "tricks": "tricks", "score": "score",
           "at": "at", "sheet": "sheet", "note": "note", "totals": "totals", "winner": "winner",
           "nobody": "nobody", "won": "points won", "of": "of", "tricks won": "tricks won", "and": "and"},
    "fr": {"deal": "donne", "end deal": "fin de donne", "partie": "partie", "end partie": "fin de partie",
           "dealer": "donneur", "packets": "paquets", "elder": "premier", "younger": "dernier", "talon": "talon",
           "misdeal": "maldonne", "stand": "on joue", "fresh_deal": "redonne", "faced": "carte retournée",
           "peek": "regarde", "names": "nomme", "discards": "écarte", "takes": "prend", "leaves": "laisse",
           "looks": "voit le reste", "not looks": "sans voir", "nothing": "rien",
           "blanche": "cartes blanches", "point": "point", "sequences": "séquence", "sets": "quatorzes",
           "sinks": "se tait", "shows": "montre", "making": "valant", "ask": "combien ?", "good": "bon",
           "not_good": "pas bon", "equal": "égal", "major": "majeure", "tricks": "levées", "score": "marque",
           "at": "à", "sheet": "feuille", "note": "note", "totals": "totaux", "winner": "gagnant",
           "nobody": "personne", "won": "points gagnés", "of": "de", "tricks won": "levées gagnées",
           "and": "et"},
}
_SEQUENCE_NAMES = {"en": {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"},
                   "fr": {3: "tierce", 4: "quatrième", 5: "quinte", 6: "sixième", 7: "septième", 8: "huitième"}}
_RANK_PLURAL = {"en": ("aces", "kings", "queens", "knaves", "tens", "nines", "eights", "sevens", "sixes"),
                "fr": ("as", "rois", "dames", "valets", "dix", "neuf", "huit", "sept", "six")}

def say(kind: str, item: dict[str, Any], lang: str) -> str:
    """One line of the declaration dialogue, as the table says it."""
    w = KEYWORDS[lang]
    if "reply" in item:
        return w[item["reply"]]
    if "ask" in item:
        return w["ask"]
    if "value" in item:
        return f"{w['making']} {say_number(item['value'], lang)}"
    if "count" in item:
        return f"= {say_number(item['count'], lang)}"
    if "set" in item:
        plural = _RANK_PLURAL[lang][RANK_KEYS.index(item["rank"])]
        if lang == "fr":
            of = "d'" if plural[0] in "aeiou" else "de "
            return f"{'quatorze' if item['set'] == 4 else 'brelan'} {of}{plural}"
        return f"quatorze of {plural}" if item["set"] == 4 else f"three {plural}"
    length = item["length"]
    if kind != "sequences" or length not in _SEQUENCE_NAMES[lang]:
        return say_number(length, lang)
    name = _SEQUENCE_NAMES[lang][length]
    top = item.get("top")
    if top is None:
        return name
    if top == "A":
        return f"{name} {w['major']}"
    rank = rank_long_name(RANK_KEYS.index(top), lang)
    if lang == "fr":
        return f"{name} {'à la' if rank == 'dame' else 'au'} {rank}"
    return f"{name} to the {rank}"
