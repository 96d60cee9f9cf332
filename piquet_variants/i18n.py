"""The words the tool prints, in English and French.

The interface's own words live here; the game's (rules, values, score categories, hands, attestations,
checkpoints) are the lexicon's (``piquet_variants.lexicon``), which ``t`` consults for those ids.  A missing
French label falls back to the English one rather than failing.
"""

from __future__ import annotations

from typing import Literal

from .lexicon import checkpoint_text, lexicon

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
    "total": {"fr": "total"},
    "category": {"fr": "catégorie"},
    "deal": {"fr": "donne"},
    "partie": {"fr": "partie"},
    "winner": {"fr": "gagnant"},
    "points won": {"fr": "points gagnés"},
    "draw": {"fr": "partie nulle"},
    "single player": {"fr": "joueur seul"},
    "plays against him": {"fr": "joue contre lui"},
    "advises": {"fr": "conseille"},
    "counted": {"fr": "compté"},
    "the sitting:": {"fr": "la séance :"},
    "the card in steps of": {"fr": "la carte par multiples de"},
    "receives": {"fr": "reçoit"},
    "owed": {"fr": "dû"},
    "unfinished": {"en": "partie not finished", "fr": "partie inachevée"},
    "mismatch": {"fr": "écart"},
    "book": {"fr": "livre"},
    "engine": {"fr": "moteur"},
    "rule responsible": {"fr": "règle en cause"},
    "sheet": {"en": "score sheet", "fr": "feuille de marque"},
    "discards": {"fr": "écarte"},
    "takes": {"fr": "prend"},
    "leads": {"fr": "entame"},
    "plays": {"fr": "joue"},
    "has no card to play": {"fr": "n'a pas de carte à fournir"},
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
    # A source's record, field by field (sources show).
    "type": {"fr": "type"},
    "author": {"fr": "auteur"},
    "editor": {"fr": "éditeur scientifique"},
    "container": {"fr": "dans"},
    "edition": {"fr": "édition"},
    "publisher": {"fr": "éditeur"},
    "place": {"fr": "lieu"},
    "issued": {"fr": "publié"},
    "first published": {"fr": "première publication"},
    "pages": {"fr": "pages"},
    "url": {"fr": "url"},
    "accessed": {"fr": "consulté"},
    "revision": {"fr": "révision"},
    "identifiers": {"fr": "identifiants"},
    "language": {"fr": "langue"},
    "transcription": {"fr": "transcription"},
    "text": {"fr": "texte"},
    "public domain": {"fr": "domaine public"},
    "note (style)": {"fr": "note (style)"},
    "file": {"fr": "fichier"},
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
    # The HTML report (piquet_variants/report/): its pages' words, keyed by the English.
    "(a chosen option)": {"fr": "(une option choisie)"},
    "(differs)": {"fr": "(diffère)"},
    "(filled in by the project)": {"fr": "(comblé par le projet)"},
    "(the sources disagree)": {"fr": "(les sources divergent)"},
    "A partial result: the simulation was stopped before all its deals were played.": {
        "fr": "Résultat partiel : la simulation a été arrêtée avant que toutes ses donnes soient jouées."},
    "A value no source states: the project filled it in": {
        "fr": "Une valeur qu'aucune source ne donne : le projet l'a comblée"},
    "Cavendish": {"fr": "Cavendish"},
    "Cavendish's figures beside ours": {"fr": "les chiffres de Cavendish à côté des nôtres"},
    "Cavendish, per 10,000": {"fr": "Cavendish, pour 10 000"},
    "Cited by": {"fr": "Cité par"},
    "Conflicts": {"fr": "Désaccords"},
    "Conflicts between the sources": {"fr": "Désaccords entre les sources"},
    "Deal scores in bands of ten": {"fr": "Points des donnes par tranches de dix"},
    "Deals": {"fr": "Donnes"},
    "Deals per 10,000 in each band, elder then younger:": {
        "fr": "Donnes pour 10 000 dans chaque tranche, premier puis dernier :"},
    "Each figure under each ruleset, with its 95% interval": {
        "fr": "Chaque chiffre selon chaque règle, avec son intervalle à 95 %"},
    "Each record replayed under its own ruleset and under the others of this report.": {
        "fr": "Chaque relevé rejoué selon ses propres règles et selon les autres règles de ce rapport."},
    "Each rule across the rulesets, oldest source first.": {
        "fr": "Chaque règle dans toutes les règles du jeu, de la source la plus ancienne à la plus récente."},
    "Each rule in each ruleset, oldest source first, under the part of the game it governs. A number leads to the "
    "note citing the value; a rule whose values differ is in bold.": {
        "fr": "Chaque règle dans chaque règle du jeu, de la source la plus ancienne à la plus récente, sous la partie "
              "du jeu qu'elle régit. Un numéro mène à la note qui cite la valeur ; une règle dont les valeurs "
              "diffèrent est en gras."},
    "Show only the rules whose values differ": {"fr": "Ne montrer que les règles dont les valeurs diffèrent"},
    "the passage": {"fr": "le passage"},
    "The text is shipped with piquet-variants; its licence:": {
        "fr": "Le texte est fourni avec piquet-variants ; sa licence :"},
    "Every rule on which two or more sources state different values. A value the project filled in, or an "
    "option's, is not a source's position and is left out.": {
        "fr": "Chaque règle pour laquelle deux sources ou plus donnent des valeurs différentes. Une valeur comblée "
              "par le projet, ou celle d'une option, n'est pas la position d'une source et n'y figure pas."},
    "Every ruleset of this report gives this rule the same value.": {
        "fr": "Toutes les règles du jeu de ce rapport donnent à cette règle la même valeur."},
    "Every source the rulesets of this report follow or cite, in the Chicago style.": {
        "fr": "Toutes les sources que suivent ou citent les règles du jeu de ce rapport, dans le style de Chicago."},
    "Groups of rules": {"fr": "Groupes de règles"},
    "History of": {"fr": "Histoire de"},
    "Made by": {"fr": "Produit par"},
    "No source states this value: it is inherited, reconstructed or chosen by the project, as its note says.": {
        "fr": "Aucune source ne donne cette valeur : elle est héritée, reconstituée ou choisie par le projet, "
              "comme le dit sa note."},
    "No two sources of this report state different values for a rule.": {
        "fr": "Aucune paire de sources de ce rapport ne donne de valeurs différentes pour une règle."},
    "Notes": {"fr": "Notes"},
    "Piquet: rules and sources": {"fr": "Piquet : règles et sources"},
    "Rule histories": {"fr": "Histoire des règles"},
    "Rules matrix": {"fr": "Tableau des règles"},
    "Rulesets": {"fr": "Règles du jeu"},
    "Scores under each ruleset": {"fr": "Points selon chaque règle du jeu"},
    "Simulated deals": {"fr": "Donnes simulées"},
    "Simulated deals under each ruleset: figures and score bands.": {
        "fr": "Donnes simulées selon chaque règle du jeu : chiffres et tranches de points."},
    "Skip to the content": {"fr": "Aller au contenu"},
    "Statistics": {"fr": "Statistiques"},
    "The book's figures, checked under each ruleset": {
        "fr": "Les chiffres du livre, vérifiés selon chaque règle du jeu"},
    "The cards": {"fr": "Les cartes"},
    "The deal told": {"fr": "La donne racontée"},
    "The partie under each ruleset": {"fr": "La partie selon chaque règle du jeu"},
    "The records, and the book's figures under each record's own ruleset": {
        "fr": "Les relevés, et les chiffres du livre selon les règles propres à chaque relevé"},
    "The report": {"fr": "Le rapport"},
    "The rule in the matrix": {"fr": "La règle dans le tableau"},
    "The rules (rows) in each ruleset (columns), with the note citing each value": {
        "fr": "Les règles (lignes) dans chaque règle du jeu (colonnes), avec la note qui cite chaque valeur"},
    "The rules matrix": {"fr": "Le tableau des règles"},
    "The rulesets do not all agree on this rule.": {
        "fr": "Les règles du jeu ne s'accordent pas toutes sur cette règle."},
    "The rulesets of this report, oldest source first, each value of each rule cited to its source.": {
        "fr": "Les règles du jeu de ce rapport, de la source la plus ancienne à la plus récente, chaque valeur de "
              "chaque règle citée à sa source."},
    "The rulesets, by the date of the source each follows": {
        "fr": "Les règles du jeu, par la date de la source que chacune suit"},
    "The same figures follow as a table.": {"fr": "Les mêmes chiffres suivent en tableau."},
    "The sources disagree on this rule": {"fr": "Les sources divergent sur cette règle"},
    "The value of a chosen option": {"fr": "La valeur d'une option choisie"},
    "The value of an option chosen for this report.": {"fr": "La valeur d'une option choisie pour ce rapport."},
    "This record cannot be replayed under": {"fr": "Ce relevé ne peut pas être rejoué selon"},
    "Two or more sources state different values for this rule; this value is one source's word.": {
        "fr": "Deux sources ou plus donnent des valeurs différentes pour cette règle ; cette valeur est celle "
              "d'une source."},
    "Under": {"fr": "Selon"},
    "Why the scores differ": {"fr": "Pourquoi les points diffèrent"},
    "a figure unlike the record's own ruleset's is marked": {
        "fr": "un chiffre qui diffère de celui des règles propres au relevé est marqué"},
    "agrees:": {"fr": "d'accord :"},
    "citations": {"fr": "citations"},
    "deal scores in bands of ten": {"fr": "points des donnes par tranches de dix"},
    "deals in each band of ten": {"fr": "donnes dans chaque tranche de dix"},
    "deals per 10,000 scoring in each band of ten, elder and younger": {
        "fr": "donnes pour 10 000 dans chaque tranche de dix points, premier et dernier"},
    "disagree": {"fr": "en désaccord"},
    "disagrees:": {"fr": "en désaccord :"},
    "distance (standard errors)": {"fr": "écart (erreurs types)"},
    "each value and the sources that state it": {"fr": "chaque valeur et les sources qui la donnent"},
    "figures checked": {"fr": "chiffres vérifiés"},
    "from": {"fr": "de"},
    "its ruleset": {"fr": "ses règles"},
    "its value in each ruleset, oldest source first": {
        "fr": "sa valeur dans chaque règle du jeu, de la source la plus ancienne à la plus récente"},
    "measured as": {"fr": "mesuré comme"},
    "option": {"fr": "option"},
    "ours": {"fr": "les nôtres"},
    "per 10,000": {"fr": "pour 10 000"},
    "player": {"fr": "joueur"},
    "rather than": {"fr": "plutôt que"},
    "replayed also under": {"fr": "rejoué aussi selon"},
    "sets them side by side.": {"fr": "les met côte à côte."},
    "talon": {"fr": "talon"},
    "the book disagrees": {"fr": "le livre diverge"},
    "under": {"fr": "selon"},
    "with Cavendish's tables marked": {"fr": "avec les tables de Cavendish marquées"},
    "stat:show": {"en": "the show (median score)", "fr": "la montre (points médians)"},
    "stat:average": {"en": "average score", "fr": "points moyens"},
    "stat:cards": {"en": "the cards", "fr": "les cartes"},
    "stat:pique": {"en": "pique", "fr": "pic"},
    "stat:repique": {"en": "repique", "fr": "repic"},
    "stat:pique_or_repique": {"en": "pique or repique", "fr": "pic ou repic"},
    "stat:capot": {"en": "capot", "fr": "capot"},
    "stat:carte_blanche": {"en": "carte blanche", "fr": "cartes blanches"},
    "stat:rubicon": {"en": "rubicon", "fr": "rubicon"},
    "partie:parties": {"en": "parties played", "fr": "parties jouées"},
    "partie:draws": {"en": "parties drawn", "fr": "parties nulles"},
    "partie:points_won": {"en": "points won a partie", "fr": "points gagnés par partie"},
    "partie:winner_total": {"en": "the winner's total", "fr": "total du gagnant"},
    "partie:loser_total": {"en": "the loser's total", "fr": "total du perdant"},
    "partie:rubicon": {"en": "rubicons (of parties decided)", "fr": "rubicons (des parties décidées)"},
    "partie:length": {"en": "length of a partie, in deals", "fr": "durée d'une partie, en donnes"},
    "partie:first_dealer_wins": {"en": "the first dealer wins (of parties decided)",
                                 "fr": "le premier donneur gagne (des parties décidées)"},
}


def t(key: str, lang: Lang = "en") -> str:
    words = lexicon(lang)
    for table in (words.categories, words.roles, words.attestations):
        if key in table:
            return table[key]
    labels = _LABELS.get(key, {})
    return labels.get(lang) or labels.get("en") or key


def t_label(label: str, lang: Lang = "en") -> str:
    """A checkpoint or check label (``hand:elder``, ``lead:3``, ``point.length``) in words."""
    return checkpoint_text(label, lang)
