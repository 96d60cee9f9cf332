"""The words the tool prints, in English and French.

Only labels live here; rule values are the ruleset's own terms.  A missing
French label falls back to the English one rather than failing.
"""

from __future__ import annotations

import re
from typing import Literal

Lang = Literal["en", "fr"]

_LABELS: dict[str, dict[str, str]] = {
    "id": {"fr": "id"},
    "title": {"fr": "titre"},
    "sources": {"fr": "sources"},
    "extends": {"fr": "hérite de"},
    "options": {"fr": "options"},
    "rule": {"fr": "règle"},
    "value": {"fr": "valeur"},
    "source": {"fr": "source"},
    "locator": {"fr": "où"},
    "attestation": {"fr": "attestation"},
    "quote": {"fr": "citation"},
    "note": {"fr": "note"},
    "yes": {"fr": "oui"},
    "no": {"fr": "non"},
    "none": {"fr": "aucun"},
    "valid": {"fr": "valide"},
    "no differences": {"fr": "aucune différence"},
    "elder": {"fr": "premier"},
    "younger": {"fr": "dernier"},
    "total": {"fr": "total"},
    "category": {"fr": "catégorie"},
    "deal": {"fr": "donne"},
    "partie": {"fr": "partie"},
    "winner": {"fr": "gagnant"},
    "points won": {"fr": "points gagnés"},
    "draw": {"fr": "partie nulle"},
    "unfinished": {"en": "partie not finished", "fr": "partie inachevée"},
    "mismatch": {"fr": "écart"},
    "book": {"fr": "livre"},
    "engine": {"fr": "moteur"},
    "carte_blanche": {"en": "carte blanche", "fr": "cartes blanches"},
    "point": {"fr": "point"},
    "sequences": {"fr": "séquences"},
    "sets": {"en": "quatorzes and trios", "fr": "quatorzes et brelans"},
    "play": {"fr": "jeu de la carte"},
    "cards": {"en": "the cards", "fr": "les cartes"},
    "pique": {"fr": "pic"},
    "repique": {"fr": "repic"},
    "capot": {"fr": "capot"},
    "penalty": {"fr": "pénalité"},
    "rule responsible": {"fr": "règle en cause"},
    "sheet": {"en": "score sheet", "fr": "feuille de marque"},
    "discards": {"fr": "écarte"},
    "takes": {"fr": "prend"},
    "leads": {"fr": "entame"},
    "plays": {"fr": "joue"},
    "bibliography": {"en": "Bibliography", "fr": "Bibliographie"},
    "work": {"fr": "ouvrage"},
    "licence": {"fr": "licence"},
    "field": {"fr": "champ"},
    "difference": {"fr": "écart"},
    "disagreement": {"fr": "désaccord"},
    "filled": {"fr": "comblé"},
    "date": {"fr": "date"},
    "rulesets": {"fr": "règles"},
    "ruleset": {"fr": "règles"},
    "citation": {"fr": "citation"},
    "n.d.": {"fr": "s. d."},
    "line": {"fr": "ligne"},
    "tricks played": {"en": "{n} tricks played", "fr": "{n} levées jouées"},
    "and a lead": {"en": " and a lead", "fr": " et une entame"},
    "not played out": {"en": "deal {n} is not played out ({played}): its figures so far are checked, but it does not "
                             "count toward the partie",
                       "fr": "la donne {n} n'est pas jouée jusqu'au bout ({played}) : ses chiffres sont vérifiés "
                             "jusque-là, mais elle ne compte pas pour la partie"},
    "assumed ruleset": {"en": "no Ruleset tag and no --ruleset: replayed under {ruleset}",
                        "fr": "ni balise Ruleset ni --ruleset : rejoué selon {ruleset}"},
    "good": {"fr": "bon"},
    "not_good": {"en": "not good", "fr": "pas bon"},
    "equal": {"fr": "égal"},
    "hand": {"fr": "main"},
    "lead": {"fr": "entame"},
    "trick": {"fr": "levée"},
    "declarations": {"fr": "annonces"},
    "length": {"fr": "longueur"},
    "top": {"fr": "hauteur"},
    "set": {"fr": "quatorze ou brelan"},
    "reply": {"fr": "réponse"},
    "totals": {"fr": "totaux"},
    "points_won": {"en": "points won", "fr": "points gagnés"},
    "rules responsible together": {"fr": "règles en cause ensemble"},
    "attribution stopped": {"en": "no rule named: the experiments reached their bound ({n} deals replayed) before "
                                  "they found the rules responsible",
                            "fr": "aucune règle nommée : les essais ont atteint leur borne ({n} donnes rejouées) avant "
                                  "de trouver les règles en cause"},
    "name": {"fr": "nom"},
    "file": {"fr": "fichier"},
    "stated": {"fr": "énoncé"},
    "implied": {"fr": "implicite"},
    "inherited": {"fr": "hérité"},
    "reconstructed": {"fr": "reconstitué"},
    "disputed": {"fr": "contesté"},
    "unstated": {"fr": "non énoncé"},
    "record": {"fr": "relevé"},
    "event": {"en": "event", "fr": "événement"},
    "odds": {"en": "odds", "fr": "cote"},
    "fraction": {"en": "fraction", "fr": "fraction"},
    "probability": {"en": "p", "fr": "p"},
    "figure": {"en": "figure", "fr": "chiffre"},
    "deals": {"en": "deals", "fr": "donnes"},
    "parties": {"en": "parties", "fr": "parties"},
    "seed": {"en": "seed", "fr": "graine"},
    "players": {"en": "players", "fr": "joueurs"},
    "partial": {"en": "partial: stopped early", "fr": "partiel : arrêté avant la fin"},
    "band": {"en": "band", "fr": "tranche"},
    "bands per 10,000 deals": {"en": "Deal scores in bands of ten, per 10,000 deals",
                               "fr": "Marques des donnes par tranches de dix, pour 10 000 donnes"},
    "show": {"en": "the show (median score)", "fr": "la montre (marque médiane)"},
    "average": {"en": "average score", "fr": "marque moyenne"},
    "divided": {"en": "divided", "fr": "partagées"},
    "pique_or_repique": {"en": "pique or repique", "fr": "pic ou repic"},
    "partie points_won": {"en": "partie: points won", "fr": "partie : points gagnés"},
    "partie rubicon": {"en": "partie: a rubicon", "fr": "partie : rubicon"},
    "partie length": {"en": "partie: deals", "fr": "partie : donnes"},
    "partie first_dealer_wins": {"en": "partie: first dealer wins", "fr": "partie : le premier donneur gagne"},
    "odds legend": {"en": "≠: our odds, rounded as the book rounds, differ from the book's figure.",
                    "fr": "≠ : notre cote, arrondie comme le livre arrondit, diffère du chiffre du livre."},
}


def t(key: str, lang: Lang = "en") -> str:
    labels = _LABELS.get(key, {})
    return labels.get(lang) or labels.get("en") or key


def t_label(label: str, lang: Lang = "en") -> str:
    """A checkpoint or check label (``hand:elder``, ``lead:3``, ``point.length``) with each word said in ``lang``.

    In English the label is left as the record writes it.
    """
    return label if lang == "en" else re.sub(r"[a-z_]+", lambda m: t(m.group(), lang), label)
