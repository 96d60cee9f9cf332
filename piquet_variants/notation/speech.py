"""How the table says a declaration ("quint major", "quatorze d'as", "making forty-nine"), and the notation's words.

The writer and the narrative replay both speak the dialogue, so the words
live here, apart from the parser: telling a deal does not load the grammar.
"""

from __future__ import annotations

from ..cards import RANK_KEYS, rank_long_name
from ..records.model import Said
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
           "nobody": "nobody", "won": "points won", "of": "of", "tricks won": "tricks won", "and": "and",
           "miscalls": "miscalls", "replies": "replies", "omits": "omits", "takes up": "takes up the card he left",
           "takes up left": "takes up the cards he left with those he takes in", "taken up": "stock taken up",
           "retracts": "takes back the cards", "question": "question", "how many": "how many", "answers": "answers",
           "which_out": "which is out?", "before trick": "before trick", "corrected": "corrected",
           "reckoned": "reckoned", "late": "shown late", "faced in dealing": "faced in dealing", "takes in": "takes in",
           "announced": "announced", "not announced": "not announced", "mixed": "mixed with his hand",
           "not mixed": "not mixed", "shown": "cards shown", "not shown": "cards not shown",
           "waived": "penalty waived", "not waived": "penalty enforced",
           "retakes": "takes back from his discard", "mixes into": "mixes into his discard",
           "alters": "alters his discard to", "exposed": "card exposed by the dealer", "out of turn": "dealt out of turn",
           "bad pack": "pack found incorrect", "throws down": "throws down his hand", "correction": "score corrected"},
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
           "and": "et", "miscalls": "annonce mal", "replies": "répond", "omits": "oublie",
           "takes up": "reprend la carte laissée", "retracts": "reprend ses cartes", "question": "question",
           "takes up left": "relève les cartes laissées avec sa rentrée", "taken up": "talon relevé",
           "how many": "combien de", "answers": "répond", "which_out": "laquelle manque ?",
           "before trick": "avant la levée", "corrected": "corrigé", "reckoned": "compté", "late": "montrées tard",
           "faced in dealing": "retournées en donnant", "takes in": "en prend", "announced": "annoncée",
           "not announced": "non annoncée", "mixed": "mêlées à son jeu", "not mixed": "non mêlées",
           "shown": "cartes montrées", "not shown": "cartes non montrées", "waived": "pénalité remise",
           "not waived": "pénalité exigée",
           "retakes": "reprend de son écart", "mixes into": "mêle à son écart", "alters": "change son écart pour",
           "exposed": "carte découverte par le donneur", "out of turn": "donnée hors de tour",
           "bad pack": "jeu trouvé faux", "throws down": "abat son jeu", "correction": "marque corrigée"},
}
#: A score category as the notation names it in a score statement (the grammar's CATEGORY).  Not the lexicon's
#: words for a category ("quatorzes and trios"), which are prose for a reader and would not parse.
CATEGORY_KEYWORDS = {
    "en": {"carte_blanche": "carte blanche", "point": "point", "sequences": "sequences", "sets": "sets",
           "play": "play", "cards": "cards", "pique": "pique", "repique": "repique", "capot": "capot",
           "penalty": "penalty"},
    "fr": {"carte_blanche": "cartes blanches", "point": "point", "sequences": "séquences", "sets": "quatorzes",
           "play": "jeu", "cards": "cartes", "pique": "pic", "repique": "repic", "capot": "capot",
           "penalty": "pénalité"},
}
#: When a miscall was corrected, or an omitted combination reckoned (the incidents' moments, in the order of the deal).
MOMENT_WORDS = {
    "en": {"before_reply": "before the reply", "before_next_call": "before the next call",
           "before_elder_leads": "before the elder leads", "before_first_trick": "before the first trick",
           "after_first_trick": "after the first trick"},
    "fr": {"before_reply": "avant la réponse", "before_next_call": "avant l'annonce suivante",
           "before_elder_leads": "avant que le premier joue", "before_first_trick": "avant la première levée",
           "after_first_trick": "après la première levée"},
}
#: Why cards played are claimed back (a retract incident's reason).
REASON_WORDS = {
    "en": {"revoke": "revoke", "dropped": "dropped", "too_many_played": "too many played", "out_of_turn": "out of turn",
           "misinformed": "misinformed", "changed_mind": "changed his mind"},
    "fr": {"revoke": "renonce", "dropped": "tombée", "too_many_played": "trop jouées", "out_of_turn": "hors de tour",
           "misinformed": "mal informé", "changed_mind": "changé d'avis"},
}
#: The words of the club laws' incidents that say whose card, when a deal out of turn was found, when a score's
#: error was proved, and from whose sheet (the record's value -> the words).
INCIDENT_WORDS = {
    "en": {"whose": {"elder": "the elder's", "stock": "the stock's", "dealer": "his own"},
           "found": {"before_cards_taken_up": "found before the cards are taken up", "later": "found later"},
           "when": {"before_next_hand": "before his next hand", "during_game": "later in the game",
                    "after_game": "after the game"},
           "own_sheet": {"true": "from his own sheet", "false": "from his adversary's sheet"}},
    "fr": {"whose": {"elder": "du premier", "stock": "du talon", "dealer": "la sienne"},
           "found": {"before_cards_taken_up": "découverte avant qu'on relève les cartes", "later": "découverte plus tard"},
           "when": {"before_next_hand": "avant son jeu suivant", "during_game": "plus tard dans la partie",
                    "after_game": "après la partie"},
           "own_sheet": {"true": "sur sa feuille", "false": "sur la feuille de l'adversaire"}},
}
_SEQUENCE_NAMES = {"en": {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième",
                          9: "neuvième"},
                   "fr": {3: "tierce", 4: "quatrième", 5: "quinte", 6: "sixième", 7: "septième", 8: "huitième",
                          9: "neuvième"}}
_RANK_PLURAL = {"en": ("aces", "kings", "queens", "knaves", "tens", "nines", "eights", "sevens", "sixes"),
                "fr": ("as", "rois", "dames", "valets", "dix", "neuf", "huit", "sept", "six")}

def say(kind: str, item: Said, lang: str) -> str:
    """One line of the declaration dialogue, as the table says it."""
    w = KEYWORDS[lang]
    if item.reply is not None:
        return w[item.reply]
    if item.ask is not None:
        return w["ask"]
    if item.value is not None:
        return f"{w['making']} {say_number(item.value, lang)}"
    if item.count is not None:
        return f"= {say_number(item.count, lang)}"
    if item.set is not None:
        plural = _RANK_PLURAL[lang][RANK_KEYS.index(str(item.rank))]
        if lang == "fr":
            of = "d'" if plural[0] in "aeiou" else "de "
            return f"{'quatorze' if item.set == 4 else 'brelan'} {of}{plural}"
        return f"quatorze of {plural}" if item.set == 4 else f"three {plural}"
    length = item.length or 0
    if kind != "sequences" or length not in _SEQUENCE_NAMES[lang]:
        return say_number(length, lang)
    name = _SEQUENCE_NAMES[lang][length]
    return name if item.top is None else f"{name} {say_top(item.top, lang)}"


def say_top(top: str, lang: str) -> str:
    """A sequence's top card as a call names it: ``major``, ``to the king``, ``au roi``, ``à la dame``."""
    if top == "A":
        return KEYWORDS[lang]["major"]
    rank = rank_long_name(RANK_KEYS.index(top), lang)
    if lang == "fr":
        return f"{'à la' if rank == 'dame' else 'au'} {rank}"
    return f"to the {rank}"
