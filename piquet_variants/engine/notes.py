"""What the engine notes about a deal, kept as values and said in English or French when printed.

The engine decides *that* something is noted (a misdeal stood, a peek and its
penalty, who may see the cards left); the words are chosen only when the
note is shown, so ``replay --lang fr`` tells the whole deal in French.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..i18n import Lang

_ROLE = {"en": ("elder", "younger"), "fr": ("premier", "dernier")}

_SAID: dict[str, dict[str, str]] = {
    "dealt_wrongly": {"en": "{n} cards dealt wrongly: a fresh deal",
                      "fr": "{n} cartes mal données : on refait la donne"},
    "misdeal_fresh": {"en": "misdeal: a fresh deal", "fr": "maldonne : on refait la donne"},
    "fresh_deal_called": {"en": "misdeal: the elder calls a fresh deal",
                          "fr": "maldonne : le premier demande qu'on refasse la donne"},
    "misdeal_stood": {"en": "misdeal (the elder has {elder} cards, the younger {younger}, the talon {talon}): "
                            "the elder stands the deal; he may take {take}, the younger's part is {part}",
                      "fr": "maldonne (le premier a {elder} cartes, le dernier {younger}, le talon {talon}) : "
                            "le premier joue la donne ; il peut prendre {take}, la part du dernier est de {part}"},
    "faced_void": {"en": "faced card at talon position {pos}: a fresh deal",
                   "fr": "carte retournée au talon, à la place {pos} : on refait la donne"},
    "faced_stands": {"en": "faced card at talon position {pos}: the deal stands",
                     "fr": "carte retournée au talon, à la place {pos} : la donne est bonne"},
    "faced_in_dealing_void": {"en": "{n} card(s) found face up in dealing: a fresh deal",
                              "fr": "{n} carte(s) retournée(s) en donnant : on refait la donne"},
    "faced_in_dealing_stands": {"en": "{n} card(s) found face up in dealing: the deal goes on, each to whom it falls",
                                "fr": "{n} carte(s) retournée(s) en donnant : on continue, chacune à qui elle échoit"},
    "blanche_barred.younger_bars_elder": {"en": "the {role} also has carte blanche: the younger's bars it",
                                          "fr": "le {role} a aussi cartes blanches : celles du dernier les barrent"},
    "blanche_barred.cancel": {"en": "both hands have carte blanche: they cancel, and the {role} scores none",
                              "fr": "les deux ont cartes blanches : elles s'annulent, le {role} n'en marque pas"},
    "blanche_barred.elder_only": {"en": "the {role} has no court card, but only the elder may score carte blanche",
                                  "fr": "le {role} n'a pas de figure, mais seul le premier compte les cartes blanches"},
    "penalty_for": {"en": "the {role} {why}: {penalty}", "fr": "le {role} {why} : {penalty}"},
    "penalty.forfeits_hand": {"en": "he reckons nothing in hand, and nothing of his hand bars his opponent",
                              "fr": "il ne compte rien de son jeu, qui ne barre rien à son adversaire"},
    "why.false_call": {"en": "called {kind} he does not hold, allowed good",
                       "fr": "a annoncé {kind} qu'il n'a pas, et on le lui a accordé"},
    "why.too_many": {"en": "plays with {n} cards, more than his due", "fr": "joue avec {n} cartes, plus qu'il ne doit"},
    "exposed_fresh_deal": {"en": "the dealer exposed {whose} in dealing: the elder calls a fresh deal",
                           "fr": "le donneur a découvert {whose} en donnant : le premier fait refaire la donne"},
    "exposed_stands": {"en": "the dealer exposed {whose} in dealing: the deal stands",
                       "fr": "le donneur a découvert {whose} en donnant : la donne est bonne"},
    "exposed.elder": {"en": "a card of the elder's", "fr": "une carte du premier"},
    "exposed.stock": {"en": "a card of the stock", "fr": "une carte du talon"},
    "exposed.dealer": {"en": "one of his own cards", "fr": "une de ses propres cartes"},
    "discard_altered.True": {"en": "the elder left {n} card(s) without saying so: the younger alters his discard and "
                                   "may take them in",
                             "fr": "le premier a laissé {n} carte(s) sans le dire : le dernier change son écart et "
                                   "peut les prendre"},
    "discard_altered.False": {"en": "the younger may not alter his discard: his first discard stands",
                              "fr": "le dernier ne peut changer son écart : son premier écart tient"},
    "out_of_turn_void": {"en": "dealt out of turn, found before the cards were taken up: the deal is void, and the "
                                "right dealer deals",
                         "fr": "donnée hors de tour, découverte avant qu'on relève les cartes : la donne est nulle, et "
                               "celui dont c'est le tour donne"},
    "out_of_turn.elder_deals_twice": {"en": "dealt out of turn, found too late: the deal stands, and the elder of "
                                            "this deal deals twice running, unless this or the next deal is the last",
                                      "fr": "donnée hors de tour, découverte trop tard : la donne reste, et le premier "
                                            "de cette donne donne deux fois de suite, sauf si elle ou la suivante est "
                                            "la dernière"},
    "out_of_turn.no_remedy": {"en": "dealt out of turn, found too late: the deal stands, and the turn goes on from it",
                              "fr": "donnée hors de tour, découverte trop tard : la donne reste, et le tour continue "
                                    "à partir d'elle"},
    "thrown_down": {"en": "the {role} throws down his hand: his adversary counts every trick still to play, the last "
                          "and the cards",
                    "fr": "le {role} abat son jeu : son adversaire compte toutes les levées qui restent, la dernière "
                          "et les cartes"},
    "score_corrected.taken": {"en": "the {role}'s score is put right by {points} ({limit})",
                              "fr": "la marque du {role} est corrigée de {points} ({limit})"},
    "score_corrected.too_late": {"en": "the {role}'s score is not put right by {points}: the error was proved too "
                                       "late ({limit})",
                                 "fr": "la marque du {role} n'est pas corrigée de {points} : l'erreur a été prouvée "
                                       "trop tard ({limit})"},
    "score_corrected.own_sheet": {"en": "the {role}'s score is not put right by {points}: a player's own score of "
                                        "his hand is taken, not his adversary's",
                                  "fr": "la marque du {role} n'est pas corrigée de {points} : on prend le compte "
                                        "qu'un joueur a écrit de son propre jeu, non celui de l'adversaire"},
    "correctable.before_next_hand": {"en": "allowed before he has seen his next hand",
                                     "fr": "permis avant qu'il ait vu son jeu suivant"},
    "correctable.during_game": {"en": "allowed while the game lasts", "fr": "permis tant que dure la partie"},
    "incorrect_pack": {"en": "the pack is found incorrect: this deal is void, the deals before it stand",
                       "fr": "le jeu se trouve faux : cette donne est nulle, les précédentes restent bonnes"},
    "left_seen.forced_suit": {"en": "the {role} looked at the cards the younger left unseen: they are exposed, and "
                                    "his adversary names the suit of his next lead",
                              "fr": "le {role} a regardé les cartes que le dernier avait laissées sans les voir : "
                                    "elles sont découvertes, et l'adversaire lui nomme la couleur de sa prochaine "
                                    "entame"},
    "left_seen.no_penalty": {"en": "the {role} looked at the cards the younger left unseen: no penalty",
                             "fr": "le {role} a regardé les cartes que le dernier avait laissées sans les voir : "
                                   "sans pénalité"},
    "omission_disallowed": {"en": "the {role}'s call of {kind} was wrongly disallowed: he shows and reckons it though "
                                  "he has led",
                            "fr": "l'annonce du {role} ({kind}) a été refusée à tort : il la montre et la compte bien "
                                  "qu'il ait entamé"},
    "too_few": {"en": "the {role} plays with {n} cards: his opponent takes the tricks he cannot play to",
                "fr": "le {role} joue avec {n} cartes : son adversaire fait les levées auxquelles il ne peut fournir"},
    "miscall_corrected": {"en": "the {role} corrected his call of {kind} in time ({limit})",
                          "fr": "le {role} a corrigé à temps son annonce ({kind}) ({limit})"},
    "miscall_stands": {"en": "the {role} did not correct his call of {kind} in time ({limit}): his first word stands",
                       "fr": "le {role} n'a pas corrigé à temps son annonce ({kind}) ({limit}) : sa première parole "
                             "tient"},
    "omission_in_time": {"en": "the {role} reckoned {kind} late, but in time ({limit})",
                         "fr": "le {role} a compté tard {kind}, mais à temps ({limit})"},
    "omission_lost": {"en": "the {role} did not reckon {kind} in time ({limit}): he loses it, and it {bars}",
                      "fr": "le {role} n'a pas compté à temps {kind} ({limit}) : il le perd, et cela {bars}"},
    "bars.True": {"en": "still bars his opponent", "fr": "barre encore son adversaire"},
    "bars.False": {"en": "bars nothing", "fr": "ne barre rien"},
    "limit.never": {"en": "the first word stands", "fr": "la première parole tient"},
    "limit.before_reply": {"en": "allowed before the reply", "fr": "permis avant la réponse"},
    "limit.before_next_call": {"en": "allowed before the next call", "fr": "permis avant l'annonce suivante"},
    "limit.before_own_first_card": {"en": "allowed before his own first card", "fr": "permis avant sa première carte"},
    "limit.before_first_trick": {"en": "allowed before the younger plays to the first trick",
                                 "fr": "permis avant que le dernier ne joue à la première levée"},
    "penalty_waived": {"en": "the {role} {why}: his adversary does not enforce the penalty",
                       "fr": "le {role} {why} : son adversaire n'exige pas la pénalité"},
    "miscall_shown": {"en": "the {role} showed the cards of his call ({kind}) before playing: no penalty",
                      "fr": "le {role} a montré les cartes de son annonce ({kind}) avant de jouer : pas de "
                            "pénalité"},
    "misnomer": {"en": "the {role} misnamed {kind} he holds: a misnomer, no penalty",
                 "fr": "le {role} a mal nommé {kind} qu'il a : simple erreur de nom, pas de pénalité"},
    "impossible_call": {"en": "the {role} called {kind} he could not have held in hand and discard: no penalty, "
                              "and it reckons nothing",
                        "fr": "le {role} a annoncé {kind} qu'il ne pouvait avoir ni en main ni à l'écart : pas de "
                              "pénalité, et cela ne compte rien"},
    "reply_bars": {"en": "the {role} replied {said} to a call of fewer cards: his point may not count, but it bars "
                         "and saves him",
                   "fr": "le {role} a répondu {said} à une annonce de moins de cartes : son point ne compte pas, "
                         "mais il barre et le sauve"},
    "reply_corrected": {"en": "the {role} corrected his reply ({kind}) in time ({limit})",
                        "fr": "le {role} a corrigé à temps sa réponse ({kind}) ({limit})"},
    "reply_allowed": {"en": "the {role} replied {said} to {kind} he could beat: he reckons none of his",
                      "fr": "le {role} a répondu {said} à {kind} qu'il battait : il ne compte rien du sien"},
    "reply.equal": {"en": "'equal'", "fr": "« égal »"},
    "reply.ask": {"en": "by asking what it makes", "fr": "en demandant combien il vaut"},
    "reply.good": {"en": "'good'", "fr": "« bon »"},
    "reply.which_out": {"en": "by asking which card is not reckoned", "fr": "en demandant quelle carte manque"},
    "blanche_late.reckons": {"en": "the {role} showed his carte blanche late: it still reckons",
                             "fr": "le {role} a montré ses cartes blanches tard : elles comptent encore"},
    "blanche_late.lost": {"en": "the {role} showed his carte blanche late: it is lost",
                          "fr": "le {role} a montré ses cartes blanches trop tard : elles sont perdues"},
    "mixed": {"en": "the {role} mixed {n} card(s) of the opponent's talon with his hand: {penalty}",
              "fr": "le {role} a mêlé {n} carte(s) du talon adverse à son jeu : {penalty}"},
    "mixed_fresh_deal": {"en": "the {role} mixed {n} card(s) of the opponent's talon with his hand: the opponent "
                               "calls a fresh deal",
                         "fr": "le {role} a mêlé {n} carte(s) du talon adverse à son jeu : l'adversaire fait "
                               "refaire"},
    "why.mixed": {"en": "mixed {n} card(s) of the opponent's talon with his hand",
                  "fr": "a mêlé {n} carte(s) du talon adverse à son jeu"},
    "unannounced.option_lost": {"en": "the elder took in without announcing the misdeal: he loses his option, "
                                      "and may take {take}, leaving three for the younger",
                                "fr": "le premier a pris sans annoncer la maldonne : il perd son choix et peut "
                                      "prendre {take}, en laissant trois au dernier"},
    "unannounced.no_effect": {"en": "the elder took in without announcing the misdeal: the deal stands",
                              "fr": "le premier a pris sans annoncer la maldonne : la donne est bonne"},
    "left_card_stays": {"en": "the {role} may not take up the card he left: he plays with {n} cards",
                        "fr": "le {role} ne peut reprendre la carte laissée : il joue avec {n} cartes"},
    "left_card_taken": {"en": "the {role} takes up the card he left, {card}; {revoke}",
                        "fr": "le {role} reprend la carte laissée, {card} ; {revoke}"},
    "revoke.True": {"en": "he had renounced in its suit, which is a revoke (Law 59 IV)",
                    "fr": "il avait renoncé dans sa couleur : c'est une renonce"},
    "revoke.False": {"en": "the hand goes on as usual", "fr": "le coup continue comme d'habitude"},
    "answer_right": {"en": "the {role} answered {answer}: rightly",
                     "fr": "le {role} a répondu {answer} : à bon droit"},
    "answer_wrong": {"en": "the {role} answered {answer} where the question called for {right}: his adversary is "
                           "misinformed; {remedy}",
                     "fr": "le {role} a répondu {answer} quand la question demandait {right} : son adversaire est "
                           "mal renseigné ; {remedy}"},
    "misinformed.True": {"en": "he may take back the cards played since and play them again",
                         "fr": "il peut reprendre les cartes jouées depuis et les rejouer"},
    "misinformed.False": {"en": "the play stands", "fr": "le jeu reste tel quel"},
    "retract.True": {"en": "the {role} may take back the cards ({why}) and play them again",
                     "fr": "le {role} peut reprendre les cartes ({why}) et les rejouer"},
    "retract.False": {"en": "the {role} may not take back the cards ({why}): the play stands",
                      "fr": "le {role} ne peut reprendre les cartes ({why}) : le jeu reste tel quel"},
    "retract_why.revoke": {"en": "a revoke", "fr": "une renonce"},
    "retract_why.dropped": {"en": "a card dropped", "fr": "une carte tombée"},
    "retract_why.too_many_played": {"en": "too many played to cards led together",
                                    "fr": "trop de cartes jouées sur des cartes menées ensemble"},
    "retract_why.out_of_turn": {"en": "a lead out of turn", "fr": "une entame hors de son tour"},
    "retract_why.misinformed": {"en": "misinformed", "fr": "mal renseigné"},
    "retract_why.changed_mind": {"en": "a card played by mistake", "fr": "une carte jouée par erreur"},
    "admission_void": {"en": "the {role} allowed a call that proves false: he may reckon {kind} after all",
                       "fr": "le {role} a accordé une annonce fausse : il peut compter malgré tout {kind}"},
    "kind.point": {"en": "a point", "fr": "un point"},
    "kind.sequences": {"en": "a sequence", "fr": "une séquence"},
    "kind.sets": {"en": "a trio or quatorze", "fr": "un brelan ou un quatorze"},
    "peek_below_minimum": {"en": "the {role} saw {n} card(s) of the opponent's talon: below the penalty's minimum",
                           "fr": "le {role} a vu {n} carte(s) du talon adverse : moins que le minimum puni"},
    "peek": {"en": "the {role} saw {n} card(s) of the opponent's talon: {penalty}",
             "fr": "le {role} a vu {n} carte(s) du talon adverse : {penalty}"},
    "peek_younger_forced": {"en": "the younger saw the elder's talon; the forced suit binds only the first to lead",
                            "fr": "le dernier a vu le talon du premier ; la couleur imposée ne lie que "
                                  "celui qui entame"},
    "penalty.reckons_nothing": {"en": "he reckons nothing this deal", "fr": "il ne compte rien de la donne"},
    "penalty.grand_coup": {"en": "the grand coup, he loses {points}", "fr": "le grand coup, il perd {points}"},
    "penalty.loses_game": {"en": "he loses the game", "fr": "il perd la partie"},
    "penalty.forced_suit": {"en": "he must first lead the suit his opponent names",
                            "fr": "il doit entamer de la couleur que son adversaire nomme"},
    "elder_left_seen": {"en": "the elder looks at the {n} card(s) he leaves to the younger",
                        "fr": "le premier regarde les {n} carte(s) qu'il laisse au dernier"},
    "younger_left": {"en": "the younger {looks} the {n} card(s) left in the talon; {who}",
                     "fr": "le dernier {looks} les {n} carte(s) restées au talon ; {who}"},
    "looks.yes": {"en": "looks at", "fr": "regarde"},
    "looks.no": {"en": "does not look at", "fr": "ne regarde pas"},
    "left.only_him": {"en": "the elder does not see them", "fr": "le premier ne les voit pas"},
    "left.elder_too": {"en": "the elder may see them too, once he has named his first suit or led",
                       "fr": "le premier peut les voir aussi, après avoir nommé sa couleur ou entamé"},
    "left.nobody": {"en": "neither player may see them", "fr": "aucun des deux ne peut les voir"},
    "blanche": {"en": "the {role} has carte blanche: {announce}; {show}",
                "fr": "le {role} a cartes blanches : {announce} ; {show}"},
    "announce.as_soon_as_aware": {"en": "he announces it as soon as he is aware of it",
                                  "fr": "il l'annonce dès qu'il s'en aperçoit"},
    "announce.before_own_discard": {"en": "he announces it before his own discard",
                                    "fr": "il l'annonce avant son écart"},
    "announce.younger_after_elder_discards": {
        "en": "he announces it at once as elder, or as younger once the elder has discarded and touched the stock",
        "fr": "il l'annonce aussitôt s'il est premier, ou, dernier, quand le premier a écarté et touché le talon"},
    "show.after_opponent_discards": {"en": "he shows it once his opponent has discarded",
                                     "fr": "il la montre après l'écart de son adversaire"},
    "show.on_announcing": {"en": "he shows it as he announces it", "fr": "il la montre en l'annonçant"},
    "unknown_filled": {"en": "the cards the source does not give ('?') are filled in from the rest of the pack, in "
                             "pack order ({cards}): figures that depend on them are not the source's",
                       "fr": "les cartes que la source ne donne pas (« ? ») sont prises dans le reste du jeu, dans "
                             "l'ordre ({cards}) : les chiffres qui en dépendent ne sont pas ceux de la source"},
    "packets_not_allowed": {"en": "dealt by packets of {packets}: the ruleset deals by packets of {allowed}",
                            "fr": "donnée par paquets de {packets} : les règles donnent par paquets de {allowed}"},
    "packets_changed_if_announced": {
        "en": "dealt by packets of {packets}, where this dealer dealt by {before}: allowed only if he said so "
              "{when}",
        "fr": "donnée par paquets de {packets}, quand ce donneur donnait par {before} : permis seulement s'il l'a "
              "dit {when}"},
    "announced.shuffle": {"en": "before he shuffled", "fr": "avant de mêler"},
    "announced.cut": {"en": "before the cut", "fr": "avant la coupe"},
    "packets_changed_by_agreement": {
        "en": "dealt by packets of {packets}, where this dealer dealt by {before}: allowed only if the players "
              "agreed so before the partie",
        "fr": "donnée par paquets de {packets}, quand ce donneur donnait par {before} : permis seulement si les "
              "joueurs en sont convenus avant la partie"},
    "packets_changed": {"en": "dealt by packets of {packets}, where this dealer dealt by {before}: the ruleset "
                              "keeps one way of dealing for the partie",
                        "fr": "donnée par paquets de {packets}, quand ce donneur donnait par {before} : les "
                              "règles gardent la même façon de donner toute la partie"},
}


class Note(NamedTuple):
    """One thing noted: a key of the catalogue above and the values it names.

    A value that is itself a ``Note`` (a penalty, who sees the cards left) is
    said in the same language; ``role`` is an index, said as elder/younger.
    """

    key: str
    values: dict[str, Any] = {}

    def say(self, lang: Lang = "en") -> str:
        words = {k: (v.say(lang) if isinstance(v, Note) else _ROLE[lang][v] if k == "role" else v)
                 for k, v in self.values.items()}
        template = _SAID[self.key]
        return (template.get(lang) or template["en"]).format(**words)


def say_all(notes: list[Note], lang: Lang = "en") -> list[str]:
    return [n.say(lang) for n in notes]
