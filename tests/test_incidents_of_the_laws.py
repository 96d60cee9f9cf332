"""Every incident the club laws and au Cent speak of, written in the record: read from English and French notation
and from JSON, written back by convert in both languages, and replayed with the law's effect on the score.

The deal is the corpus's languedoc-peek deal, under the club laws: without an incident the elder makes 9 (his trio
of kings 3, play 6) and the younger 26 (a quart and a tierce 7, play 9, the cards 10).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import piquet_variants as pv
from piquet_variants.cards import card_name, card_of, parse_card
from piquet_variants.saying import say_all
from piquet_variants.errors import RecordError
from .reading import read_text
from piquet_variants.api import write

DEALS = Path(__file__).resolve().parent.parent / "docs" / "deals"

_DEAL = {
    "en": """[Ruleset "RULESET"]
[Players "Pierre" "Paul"]
[Lang "en"]

deal 1, dealer "Paul"
  elder: A K Q 8 ♠  A K 9 ♥  K Q 7 ♦  J 7 ♣
  younger: J 10 7 ♠  Q J 10 ♥  A J 10 9 ♦  A K ♣
  talon: Q♣ 9♠ 10♣ 8♥ 9♣ 8♦ 8♣ 7♥
  BEFORE
  elder discards 9 ♥  Q 7 ♦  J 7 ♣, takes Q♣ 9♠ 10♣ 8♥ 9♣
  younger discards J 10 7 ♠, takes 8♦ 8♣ 7♥
  AFTER
  TRICKS
end deal
""",
    "fr": """[Ruleset "RULESET"]
[Players "Pierre" "Paul"]
[Lang "fr"]

donne 1, donneur "Paul"
  premier : A R D 8 ♠  A R 9 ♥  R D 7 ♦  V 7 ♣
  dernier : V 10 7 ♠  D V 10 ♥  A V 10 9 ♦  A R ♣
  talon : D♣ 9♠ 10♣ 8♥ 9♣ 8♦ 8♣ 7♥
  BEFORE
  premier écarte 9 ♥  D 7 ♦  V 7 ♣, prend D♣ 9♠ 10♣ 8♥ 9♣
  dernier écarte V 10 7 ♠, prend 8♦ 8♣ 7♥
  AFTER
  TRICKS
fin de donne
""",
}
_TRICKS = ["K♦ A♦", "J♦ 9♣", "10♦ 8♠", "9♦ 9♠", "8♦ 10♣", "A♣ Q♣", "K♣ 8♥", "8♣ Q♠", "7♥ A♥", "A♠ 10♥", "K♠ J♥",
           "K♥ Q♥"]
_TRICK_WORDS = {"en": "tricks:", "fr": "levées :"}


def _tricks(lang: str, tricks: list[str]) -> str:
    if not tricks:
        return ""
    played = [f"{n}. {' '.join(card_name(parse_card(c), lang, symbols=True) for c in t.split())}"
              for n, t in enumerate(tricks, 1)]
    return "\n  ".join([_TRICK_WORDS[lang]] + played)


def deal(lang: str = "en", before: str = "", after: str = "", tricks: list[str] | None = None,
         ruleset: str = "cavendish-rubicon") -> str:
    """The deal with an incident stated before the exchange or after it, and the tricks played (all, by default)."""
    text = _DEAL[lang].replace("RULESET", ruleset).replace("BEFORE", before).replace("AFTER", after)
    return text.replace("TRICKS", _tricks(lang, _TRICKS if tricks is None else tricks))


def replayed(text: str) -> tuple[tuple[int, int], list[int], list[str], Any]:
    """The deal's totals (elder, younger), the partie's (Pierre, Paul), the replay's notes, and the replay."""
    rep = pv.replay(next(iter(pv.read(text))))
    d = rep.deals[0]
    return d.totals, rep.partie.totals, say_all(d.score.notes), rep


def _fr_cards(cards: list[str]) -> list[str]:
    return [card_name(parse_card(c), "fr") for c in cards]


# (English, French, where it is stated: before or after the exchange, the incident as JSON with English cards)
INCIDENTS = [
    ("elder takes back from his discard (9 ♥), penalty enforced", "premier reprend de son écart (9 ♥), pénalité exigée",
     "after", {"type": "retakes_discard", "player": "elder", "which_cards": ["9H"], "waived": False}),
    ("younger mixes into his discard (Q ♥)", "dernier mêle à son écart (D ♥)", "after",
     {"type": "mixed_into_discard", "player": "younger", "which_cards": ["QH"]}),
    ("younger alters his discard to (J 10 7 ♠  10 9 ♦), not announced",
     "dernier change son écart pour (V 10 7 ♠  10 9 ♦), non annoncée", "after",
     {"type": "alters_discard", "player": "younger", "which_cards": ["JS", "10S", "7S", "10D", "9D"],
      "announced": False}),
    ("peek elder 2 (8 7 ♣), mixed with his hand, fresh deal", "regarde premier 2 (8 7 ♣), mêlées à son jeu, redonne",
     "before", {"type": "peek", "player": "elder", "cards": 2, "which_cards": ["8C", "7C"], "mixed": True,
                "choice": "fresh_deal"}),
    ("stock taken up: younger 2 (Q 9 ♣), penalty waived", "talon relevé: dernier 2 (D 9 ♣), pénalité remise", "before",
     {"type": "stock_taken_up", "player": "younger", "cards": 2, "which_cards": ["QC", "9C"], "waived": True}),
    ("elder takes up the cards he left with those he takes in", "premier relève les cartes laissées avec sa rentrée",
     "after", {"type": "takes_up_left_cards", "player": "elder"}),
    ("card exposed by the dealer: the elder's, fresh deal", "carte découverte par le donneur: du premier, redonne",
     "before", {"type": "exposed_by_dealer", "whose": "elder", "choice": "fresh_deal"}),
    ("card exposed by the dealer: his own", "carte découverte par le donneur: la sienne", "before",
     {"type": "exposed_by_dealer", "whose": "dealer"}),
    ("dealt out of turn, found before the cards are taken up",
     "donnée hors de tour, découverte avant qu'on relève les cartes", "before",
     {"type": "out_of_turn", "found": "before_cards_taken_up"}),
    ("dealt out of turn, found later", "donnée hors de tour, découverte plus tard", "before",
     {"type": "out_of_turn", "found": "later"}),
    ("pack found incorrect \"a second ace of spades\"", "jeu trouvé faux \"a second ace of spades\"", "before",
     {"type": "incorrect_pack", "note": "a second ace of spades"}),
    ("elder throws down his hand, before trick 1", "premier abat son jeu, avant la levée 1", "after",
     {"type": "throws_down", "player": "elder", "before_trick": 1}),
    ("score corrected: younger -4, later in the game, from his adversary's sheet",
     "marque corrigée: dernier -4, plus tard dans la partie, sur la feuille de l'adversaire", "after",
     {"type": "score_corrected", "player": "younger", "points": -4, "when": "during_game", "own_sheet": False}),
    ("score corrected: elder 10, before his next hand", "marque corrigée: premier 10, avant son jeu suivant", "after",
     {"type": "score_corrected", "player": "elder", "points": 10, "when": "before_next_hand"}),
]
_IDS = [f"{inc['type']}-{n}" for n, (_, _, _, inc) in enumerate(INCIDENTS)]


def _stated(lang: str, en: str, fr: str, where: str) -> str:
    statement = en if lang == "en" else fr
    return deal(lang, **{where: statement}, tricks=[])


def _in(lang: str, incident: dict[str, Any]) -> dict[str, Any]:
    """The incident as a record in ``lang`` holds it: its cards named in that language."""
    if lang == "fr" and "which_cards" in incident:
        return dict(incident, which_cards=_fr_cards(incident["which_cards"]))
    return incident


# -- (a) notation, English and French -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("en,fr,where,incident", INCIDENTS, ids=_IDS)
def test_each_incident_reads_from_english_and_french_notation(lang: str, en: str, fr: str, where: str,
                                                              incident: dict[str, Any]) -> None:
    record = read_text(_stated(lang, en, fr, where)).data
    assert record["deals"][0]["incidents"] == [_in(lang, incident)]
    written = write(record)
    assert f"  {en if lang == 'en' else fr}\n" in written  # the canonical statement is the one read
    assert read_text(written).data == record


def test_other_spellings_of_the_new_incidents_read_the_same() -> None:
    for a, b in [("dernier mele a son ecart (D♥)", "dernier mêle à son écart (D♥)"),
                 ("marque corrigee : dernier moins quatre, plus tard dans la partie, sur sa feuille",
                  "marque corrigée: dernier -4, plus tard dans la partie, sur sa feuille"),
                 ("donnee hors de tour, decouverte plus tard", "donnée hors de tour, découverte plus tard"),
                 ("jeu trouve faux", "jeu trouvé faux")]:
        assert read_text(deal("fr", before=a, tricks=[])).data == read_text(deal("fr", before=b, tricks=[])).data


# -- (b) JSON -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("en,fr,where,incident", INCIDENTS, ids=_IDS)
def test_each_incident_reads_from_json_and_is_typed(en: str, fr: str, where: str, incident: dict[str, Any]) -> None:
    data = read_text(_stated("en", en, fr, where)).data
    data["deals"][0]["incidents"] = [incident]
    record = next(iter(pv.read(json.dumps(data))))
    assert record.data["deals"][0]["incidents"] == [incident]
    typed = record.model.deals[0].incidents[0]
    assert typed.type == incident["type"]
    for key in ("which_cards", "whose", "found", "points", "when", "own_sheet"):
        value = incident.get(key)
        assert getattr(typed, key) == (tuple(card_of(c) for c in value) if isinstance(value, list) else value)


def test_the_schema_requires_each_new_incident_s_fields(cli, tmp_path: Path) -> None:
    data = read_text(deal(tricks=[])).data
    data["deals"][0]["incidents"] = [{"type": "retakes_discard", "player": "elder"}, {"type": "exposed_by_dealer"},
                                     {"type": "out_of_turn"}, {"type": "score_corrected", "player": "elder"}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = cli("convert", str(path))
    assert code == 1 and out == "" and "Traceback" not in err
    for n, field in ((0, "which_cards"), (1, "whose"), (2, "found"), (3, "points"), (3, "when")):
        assert f"incidents[{n}]: '{field}' is required" in err


# -- (c) convert, both ways, both languages ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("en,fr,where,incident", INCIDENTS, ids=_IDS)
def test_convert_writes_each_incident_back_the_same_in_either_language(cli, tmp_path: Path, lang: str, en: str,
                                                                       fr: str, where: str,
                                                                       incident: dict[str, Any]) -> None:
    source = tmp_path / "deal.piquet"
    source.write_text(_stated(lang, en, fr, where), encoding="utf-8")
    as_json, back = tmp_path / "deal.json", tmp_path / "back.piquet"
    assert cli("convert", str(source), "-O", str(as_json))[0] == 0
    assert json.loads(as_json.read_text("utf-8"))["deals"][0]["incidents"] == [_in(lang, incident)]
    assert cli("convert", str(as_json), "-O", str(back))[0] == 0
    assert read_text(back.read_text("utf-8")).data == read_text(source.read_text("utf-8")).data


# -- (d) the replay: the law's effect on the score ---------------------------------------------------------------------

def test_no_incident_the_deal_as_played() -> None:
    assert replayed(deal())[:2] == ((9, 26), [9, 26])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_law_25_a_card_taken_back_from_the_discard_thirteen_cards_reckon_nothing(lang: str) -> None:
    """He plays thirteen cards (the twelfth trick is the last, his thirteenth card no trick: Case XIX) and reckons
    nothing; waived (Law 44), he reckons his trio and play."""
    statement = ("elder takes back from his discard (9♥)" if lang == "en" else "premier reprend de son écart (9♥)")
    totals, partie, notes, _ = replayed(deal(lang, after=statement, tricks=_TRICKS))
    assert totals == (0, 26) and partie == [0, 26]
    assert notes == ["the elder plays with 13 cards, more than his due: he reckons nothing this deal"]
    waived = statement + (", penalty waived" if lang == "en" else ", pénalité remise")
    assert replayed(deal(lang, after=waived, tricks=[]))[0] == (3, 7)


def test_law_25_a_card_not_of_his_discard_is_refused_at_its_place() -> None:
    with pytest.raises(RecordError, match="only cards of his own discard"):
        replayed(deal(after="elder takes back from his discard (8♦)", tricks=[]))


def test_a_discard_changed_without_the_exchange_is_refused_at_its_line() -> None:
    text = deal(tricks=[]).replace("  elder discards 9 ♥  Q 7 ♦  J 7 ♣, takes Q♣ 9♠ 10♣ 8♥ 9♣\n", "").replace(
        "  younger discards J 10 7 ♠, takes 8♦ 8♣ 7♥\n", "")
    with pytest.raises(RecordError, match="needs the exchange it changes") as err:
        replayed(text.replace("\n  \n  \n", "\n  younger mixes into his discard (Q ♥)\n", 1))
    assert err.value.problems[0].line == 9


def test_law_26_a_card_mixed_into_the_discard_eleven_cards() -> None:
    """The younger's Q♥ stays in his discard: his tierce is gone (7 -> 4) and the elder's K♥ takes the last trick
    alone."""
    tricks = _TRICKS[:-1] + ["K♥"]
    totals, _, notes, _ = replayed(deal(after="younger mixes into his discard (Q♥)", tricks=tricks))
    assert totals == (9, 23)
    assert notes == ["the younger plays with 11 cards: his opponent takes the tricks he cannot play to"]


@pytest.mark.parametrize("ruleset", ["cavendish-rubicon", "cavendish-au-cent"])
@pytest.mark.parametrize("announced,taken,totals", [("", 5, (14, 0)), (", not announced", 5, (14, 0)),
                                                    (", announced", 3, (3, 7))])
def test_law_32_and_au_cent_11_the_younger_alters_his_discard(ruleset: str, announced: str, taken: int,
                                                              totals: tuple[int, int]) -> None:
    """The elder takes three and leaves two without a word: the younger alters his discard to five and takes them
    in (his five hearts, 45, lose to the elder's five spades, 48); declared, the first discard stands."""
    text = deal(tricks=[]).replace("9 ♥  Q 7 ♦  J 7 ♣, takes Q♣ 9♠ 10♣ 8♥ 9♣", "9 ♥  Q 7 ♦, takes Q♣ 9♠ 10♣")
    text = text.replace(", takes 8♦ 8♣ 7♥", "").replace(
        "\n  \n", f"\n  younger alters his discard to (J 10 7 ♠  10 9 ♦){announced}\n", 1)
    if ruleset == "cavendish-au-cent":
        text = text.replace("cavendish-rubicon", ruleset)
    got, _, notes, rep = replayed(text)
    assert rep.deals[0].deal.taken[1].bit_count() == taken
    if ruleset == "cavendish-rubicon":
        assert got == totals
    assert notes[-1].startswith("the elder left 2 card(s)" if taken == 5 else "the younger may not alter")


def test_a_discard_of_nothing_where_a_law_allows_it() -> None:
    """Au Cent para. 7: 'The younger hand is not obliged to discard any card'; Law 22: 'He is obliged to discard
    one card'."""
    for lang, words in (("en", "younger discards nothing"), ("fr", "dernier écarte rien")):
        text = deal(lang, tricks=[], ruleset="cavendish-au-cent")
        text = text.replace("younger discards J 10 7 ♠, takes 8♦ 8♣ 7♥", words)
        text = text.replace("dernier écarte V 10 7 ♠, prend 8♦ 8♣ 7♥", words)
        record = next(iter(pv.read(text)))
        assert record.data["deals"][0]["exchange"]["younger"] == {"discard": []}
        assert read_text(write(record.data)).data == record.data
        assert pv.replay(record).deals[0].deal.taken[1] == 0
    refused = deal(tricks=[]).replace("younger discards J 10 7 ♠, takes 8♦ 8♣ 7♥", "younger discards nothing")
    with pytest.raises(RecordError) as err:
        replayed(refused)
    assert err.value.problems[0].line == 11


def test_carte_blanche_is_shown_apart_from_the_discard() -> None:
    """The blanche is its own statement after the exchange, in either language, and the replay reckons it."""
    path = DEALS / "carte-blanche-younger-repique.piquet"
    record = next(iter(pv.read(path)))
    assert record.data["deals"][0]["carte_blanche"] == ["younger"]
    assert read_text(write(record.data)).data == record.data
    for lang, words in (("en", "younger carte blanche"), ("fr", "dernier cartes blanches")):
        assert read_text(deal(lang, after=words, tricks=[])).data["deals"][0]["carte_blanche"] == ["younger"]
    assert pv.replay(record, "cavendish-rubicon").deals[0].score.by[1]["carte_blanche"] == 10


def test_laws_28_29_the_stock_cards_mixed_named_and_checked() -> None:
    """Law 28: the younger who stands the deal "can only take as many of his cards as have not been mixed"."""
    stood = deal(before="peek elder 2 (8♣ 7♥), mixed with his hand", tricks=[]).replace(
        "younger discards J 10 7 ♠, takes 8♦ 8♣ 7♥", "younger discards J 10 7 ♠, takes 8♦")
    totals, _, notes, rep = replayed(stood)
    assert totals == (0, 7) and [h.bit_count() for h in rep.deals[0].deal.hands] == [14, 10]
    assert notes == ["the elder mixed 2 card(s) of the opponent's talon with his hand: he reckons nothing this deal",
                     "the younger stands the deal: he can take only the 1 card(s) of his part of the stock not mixed",
                     "the younger takes in the 1 card(s) of his part of the stock not mixed, all that is left him"]
    assert replayed(deal(before="peek elder 2 (8♣ 7♥), mixed with his hand, fresh deal"))[:2] == ((0, 0), [0, 0])
    younger = replayed(deal(before="peek younger 1 (Q♣), mixed with his hand"))  # one of the elder's five (Law 29)
    assert younger[0] == (9, 0)
    with pytest.raises(RecordError) as err:  # Q♣ is of the elder's own five
        replayed(deal(before="peek elder 2 (Q♣ 7♥), mixed with his hand"))
    assert (err.value.problems[0].line, err.value.problems[0].column) == (9, 17)


@pytest.mark.parametrize("whose,choice,totals", [("the elder's", ", fresh deal", (0, 0)), ("the stock's", ", fresh deal",
                                                 (0, 0)), ("the elder's", "", (9, 26)), ("his own", ", fresh deal",
                                                                                         (9, 26))])
def test_law_13_a_card_exposed_by_the_dealer(whose: str, choice: str, totals: tuple[int, int]) -> None:
    got, partie, _, rep = replayed(deal(before=f"card exposed by the dealer: {whose}{choice}"))
    assert got == totals and partie == list(totals)
    assert rep.deals[0].score.void is (totals == (0, 0))


def test_law_16_a_deal_out_of_turn_void_found_early_stands_found_later() -> None:
    got, partie, notes, rep = replayed(deal(before="dealt out of turn, found before the cards are taken up"))
    assert got == (0, 0) and partie == [0, 0] and rep.deals[0].score.void
    assert notes == ["dealt out of turn, found before the cards were taken up: the deal is void, and the right "
                     "dealer deals"]
    got, partie, notes, _ = replayed(deal(before="dealt out of turn, found later"))
    assert got == (9, 26) and notes[0].startswith("dealt out of turn, found too late: the deal stands, and the elder")
    au_cent = deal(before="dealt out of turn, found later", ruleset="cavendish-au-cent")
    assert replayed(au_cent)[2][0] == "dealt out of turn, found too late: the deal stands, and the turn goes on from it"


def _two_deals(incident: str) -> str:
    """The deal twice: the second dealt by Pierre (Paul the elder, with the elder's cards), the incident in it."""
    first = deal()
    body = first[first.index("deal 1"):first.index("end deal")]
    second = body.replace("deal 1, dealer \"Paul\"", "deal 2, dealer \"Pierre\"").replace(
        "\n  \n", f"\n  {incident}\n", 1)
    return first.replace("deal 1, dealer", "partie\ndeal 1, dealer").replace("end deal\n", "end deal\n" + second +
                                                                             "end deal\nend partie\n")


def test_law_75_an_incorrect_pack_voids_the_deal_it_is_found_in_and_the_deals_before_stand() -> None:
    rep = pv.replay(next(iter(pv.read(_two_deals("pack found incorrect")))))
    assert [d.totals for d in rep.deals] == [(9, 26), (0, 0)] and rep.deals[1].score.void
    assert rep.partie.totals == [9, 26]  # Pierre, elder of the first, and Paul: the first deal stands
    clean = pv.replay(next(iter(pv.read(_two_deals("")))))
    assert clean.partie.totals == [9 + 26, 26 + 9]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hand_thrown_down_the_adversary_counts_every_trick_and_the_cards(lang: str) -> None:
    """Before the play: the younger counts his quart and tierce 7, twelve tricks and the last 13, the cards 10
    (no capot); the elder only his trio.  After four tricks (the younger's 5 in play), the younger throws down:
    the elder counts the eight tricks left and the last, 9, and the cards."""
    words = "elder throws down his hand, before trick 1" if lang == "en" else "premier abat son jeu, avant la levée 1"
    assert replayed(deal(lang, after=words, tricks=[]))[:2] == ((3, 30), [3, 30])
    got, _, notes, _ = replayed(deal(after="younger throws down his hand, before trick 5", tricks=_TRICKS[:4]))
    assert got == (3 + 1 + 9 + 10, 7 + 5)  # the elder led the K♦ to the first trick: 1
    assert notes == ["the younger throws down his hand: his adversary counts every trick still to play, the last and "
                     "the cards"]
    with pytest.raises(RecordError, match="the play is already over"):
        replayed(deal(after="younger throws down his hand, before trick 5"))


def _last_deal(statement: str, after: str, tricks: list[str]) -> str:
    """The last deal of the partie from A 62, B 92 (A the elder), a statement after the line that begins with
    ``after``, the tricks given instead of the book's, its figures and the partie's claims left out."""
    lines = (DEALS / "rubicon-from-62-92.piquet").read_text("utf-8").splitlines(keepends=True)
    out = []
    for line in lines:
        if line.strip()[:1].isdigit() or line.strip().startswith(("score ", "totals ", "winner ", "points ")):
            continue
        if line.strip() == "end deal":
            out += [f"  {n}. {t}\n" for n, t in enumerate(tricks, 1)]
        out.append(line)
        if line.strip().startswith(after):
            out.append(f"  {statement}\n")
    return "".join(out)


_BOOK = ["A♠ 10♠", "K♠ 9♠", "Q♠ 8♠", "A♥ 9♥", "K♥ 10♥", "Q♥ J♥", "A♦ 9♦", "K♦ 10♦", "Q♦ J♦", "A♣ 9♣", "K♣ 10♣",
         "Q♣ J♣"]


def test_the_description_s_case_a_hand_thrown_down_in_the_last_deal_that_cannot_save_the_rubicon() -> None:
    """B, on 92, cannot save his rubicon: he throws down his hand. A reckons his hand and repique (117), every trick
    and the last (13) and the cards (10), not the capot he would have had to play for: 140, not 170. B stays on
    92, rubicon'd all the same: 202 + 92 + 100 = 394."""
    text = _last_deal("younger throws down his hand, before trick 1", "younger discards", [])
    rep = pv.replay(next(iter(pv.read(text))))
    assert rep.deals[0].totals == (140, 0) and rep.deals[0].score.by[0]["capot"] == 0
    assert rep.partie.totals == [202, 92] and rep.partie.points_won == 394


def test_a_penalty_in_a_partie_under_way_the_earlier_score_decides() -> None:
    """A, the elder, takes his J♠ back from his discard in the last deal: he reckons nothing (Law 25), though he
    wins every trick, the twelfth the last and his thirteenth card no trick (Case XIX). The partie ends on A 62,
    B 92: B wins, and A, under a hundred, is rubicon'd: 92 + 62 + 100 = 254 (Laws 72-73)."""
    text = _last_deal("elder takes back from his discard (J ♠)", "younger discards", _BOOK)
    rep = pv.replay(next(iter(pv.read(text))))
    assert rep.deals[0].totals == (0, 0) and len(rep.deals[0].deal.tricks) == 12
    assert rep.partie.totals == [62, 92] and rep.partie.winner == 1 and rep.partie.points_won == 254


@pytest.mark.parametrize("ruleset,statement,change,note", [
    ("cavendish-rubicon", "score corrected: younger 4, before his next hand", [0, 4],
     "the younger's score is put right by 4 (allowed before he has seen his next hand)"),
    ("cavendish-rubicon", "score corrected: younger 4, later in the game", [0, 0],
     "the younger's score is not put right by 4: the error was proved too late (allowed before he has seen his "
     "next hand)"),
    ("cavendish-au-cent", "score corrected: younger 4, later in the game", [0, 4],
     "the younger's score is put right by 4 (allowed while the game lasts)"),
    ("cavendish-au-cent", "score corrected: younger 4, after the game", [0, 0],
     "the younger's score is not put right by 4: the error was proved too late (allowed while the game lasts)"),
    ("cavendish-rubicon", "score corrected: elder -3, before his next hand, from his adversary's sheet", [0, 0],
     "the elder's score is not put right by -3: a player's own score of his hand is taken, not his adversary's"),
])
def test_laws_70_74_and_au_cent_27_a_score_corrected(ruleset: str, statement: str, change: list[int],
                                                     note: str) -> None:
    """Put right on the partie's totals (Pierre, Paul) if proved in time and from his own sheet; the deal's own
    figures stay as played."""
    played, before, _, _ = replayed(deal(ruleset=ruleset))
    got, totals, notes, _ = replayed(deal(ruleset=ruleset).replace("end deal", f"  {statement}\nend deal"))
    assert got == played and totals == [before[0] + change[0], before[1] + change[1]]
    assert notes[-1] == note


def test_law_70_a_correction_after_the_last_deal_of_a_partie_saves_the_rubicon() -> None:
    """The last deal of a partie from A 62, B 92: B ends on 92 and is rubicon'd (424). His score of a hand put right
    by 8 before he sees another makes 100: no rubicon, A wins 232 - 100 + 100 = 232."""
    text = (DEALS / "rubicon-from-62-92.piquet").read_text("utf-8")
    text = text.replace('  score "A" 170, "B" 0\n', '  score "A" 170, "B" 0\n  score corrected: younger 8, '
                                                       'before his next hand\n')
    text = text.replace('totals "A" 232, "B" 92\n', "").replace('points won 424\n', "")
    rep = pv.replay(next(iter(pv.read(text))))
    assert rep.partie.totals == [232, 100] and rep.partie.winner == 0 and rep.partie.points_won == 232


def test_a_score_sheet_deal_s_score_corrected() -> None:
    """A deal known only by its score sheet is put right all the same."""
    text = ('[Ruleset "cavendish-rubicon"]\n[Players "Pierre" "Paul"]\ndeal 1, dealer "Paul"\n'
            '  sheet "Pierre" 10, "Paul" 20\n  score corrected: elder 5, before his next hand\nend deal\n')
    assert pv.replay(next(iter(pv.read(text)))).partie.totals == [15, 20]


# -- the shipped example -------------------------------------------------------------------------------------------

#: Each deal's totals (elder, younger) and the partie's (Pierre, Paul): 9 + 26 + 23 = 58; 23 + 0 + 12 + 4 = 39.
EXAMPLE_DEALS = [(9, 23), (0, 0), (0, 26), (0, 0), (23, 12)]
EXAMPLE_TOTALS = [58, 39]


@pytest.mark.parametrize("name", ["club-laws-incidents.piquet", "club-laws-incidents-fr.piquet"])
def test_the_shipped_example_of_the_club_laws_incidents(name: str) -> None:
    record = next(iter(pv.read(DEALS / name)))
    rep = pv.replay(record)
    assert not rep.mismatches
    assert [d.totals for d in rep.deals] == EXAMPLE_DEALS
    assert rep.partie.totals == EXAMPLE_TOTALS
    assert read_text(write(record.data)).data == record.data


def test_the_english_and_french_examples_are_the_same_record() -> None:
    en = next(iter(pv.read(DEALS / "club-laws-incidents.piquet"))).data
    fr = next(iter(pv.read(DEALS / "club-laws-incidents-fr.piquet"))).data
    assert [[i["type"] for i in d.get("incidents", [])] for d in en["deals"]] == \
        [[i["type"] for i in d.get("incidents", [])] for d in fr["deals"]]
    assert pv.replay(next(iter(pv.read(DEALS / "club-laws-incidents-fr.piquet")))).partie.totals == EXAMPLE_TOTALS

