"""The turn to deal, a deal stood, and the take, each from the words of its law (Cavendish's club laws and his
Laws of Piquet au Cent): records written as a reader of the laws would write them, replayed.

The hands are those of tests/test_incidents_of_the_laws.py (the corpus's languedoc-peek deal), with one card moved
between a hand and the stock where a law speaks of eleven or thirteen cards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import piquet_variants as pv
from piquet_variants.cards import mask, parse_card, parse_cards
from piquet_variants.errors import RecordError

_ELDER = "A K Q 8 ♠  A K 9 ♥  K Q 7 ♦  J 7 ♣"
_YOUNGER = "J 10 7 ♠  Q J 10 ♥  A J 10 9 ♦  A K ♣"
_TALON = "Q♣ 9♠ 10♣ 8♥ 9♣ 8♦ 8♣ 7♥"


def _record(ruleset: str, lines: str, elder: str = _ELDER, younger: str = _YOUNGER, talon: str = _TALON) -> str:
    return (f'[Ruleset "{ruleset}"]\n[Players "Pierre" "Paul"]\n\ndeal 1, dealer "Paul"\n  elder: {elder}\n'
            f"  younger: {younger}\n  talon: {talon}\n{lines}end deal\n")


def _replay(text: str) -> pv.Replay:
    return pv.replay(next(iter(pv.read(text))))


def _refused(text: str) -> str:
    with pytest.raises(RecordError) as err:
        _replay(text)
    return str(err.value.problems[0])


# -- Laws 40-43, au Cent 13-14: the take the laws give ----------------------------------------------------------------

def test_law_43_the_younger_with_thirteen_takes_in_two_after_discarding_three() -> None:
    """Law 43: "The younger hand must discard one more than he takes in": three out, two in, written with its
    number, is the exchange the law gives, not a wrong one."""
    younger, talon = _YOUNGER + "  7 ♥", "Q♣ 9♠ 10♣ 8♥ 9♣ 8♦ 8♣"
    head = "  elder discards 9 ♥  Q 7 ♦  J 7 ♣, takes Q♣ 9♠ 10♣ 8♥ 9♣\n  younger discards J 10 7 ♠"
    said = _replay(_record("cavendish-rubicon", head + ", takes in 2\n", younger=younger, talon=talon))
    unsaid = _replay(_record("cavendish-rubicon", head + "\n", younger=younger, talon=talon))
    assert said.deals[0].deal.hands == unsaid.deals[0].deal.hands
    assert said.deals[0].deal.hands[1].bit_count() == 12 and not said.deals[0].deal.reckons_nothing[1]
    message = _refused(_record("cavendish-rubicon", head + ", takes in 3\n", younger=younger, talon=talon))
    assert "takes in 2 by the laws" in message  # three is not the law's take; the stock has only two for him


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_au_cent_13_the_elder_with_thirteen_takes_in_nothing(lang: str) -> None:
    """au Cent para. 13: "he must discard one more card than he takes in, but he is not obliged to take in any"."""
    words = ("  elder discards J ♣, takes in nothing\n" if lang == "en" else "  elder discards J ♣, en prend rien\n")
    text = _record("cavendish-au-cent", words + "  younger discards J 10 7 ♠\n", elder=_ELDER + "  Q ♣",
                   talon="9♠ 10♣ 8♥ 9♣ 8♦ 8♣ 7♥")
    deal = _replay(text).deals[0].deal
    assert deal.taken[0] == 0 and deal.hands[0].bit_count() == 12 and not deal.reckons_nothing[0]
    assert "takes in 0" in pv.write(next(iter(pv.read(text))).data)


@pytest.mark.parametrize(("ruleset", "allowed"), [("cavendish-au-cent", False), ("cavendish-rubicon", True)])
def test_au_cent_14_the_elder_with_eleven_must_discard_one_card(ruleset: str, allowed: bool) -> None:
    """au Cent para. 14: "he must discard one less than he takes in, and he must discard one card"; Law 42: "if he
    only take one card, he need not discard any"."""
    text = _record(ruleset, "  elder discards nothing\n  younger discards J 10 7 ♠\n",
                   elder="A K Q 8 ♠  A K 9 ♥  K Q 7 ♦  J ♣", younger=_YOUNGER + "  7 ♣")
    if allowed:
        assert _replay(text).deals[0].deal.hands[0].bit_count() == 12
    else:
        assert "elder may discard 1 to 4" in _refused(text)
    one = _record(ruleset, "  elder discards J ♣\n  younger discards J 10 7 ♠\n",
                  elder="A K Q 8 ♠  A K 9 ♥  K Q 7 ♦  J ♣", younger=_YOUNGER + "  7 ♣")
    assert _replay(one).deals[0].deal.taken[0].bit_count() == 2  # one out, two in: twelve cards


# -- a record's own options under --ruleset ---------------------------------------------------------------------------

_FOUR = """[Ruleset "cavendish-au-cent"]
[Option "ending-in-four=yes"]
[Players "A" "B"]

deal 1, dealer "B"
  elder: 10 9 8 7 ♥  A K Q ♠  A K ♦  A K Q ♣
  younger: A K Q ♥  J 10 9 ♠  J 10 9 ♦  J 10 9 ♣
  score point "A" 3
end deal
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_record_s_own_options_hold_when_ruleset_names_its_own_ruleset(cli, tmp_path, lang: str) -> None:
    """au Cent para. 25: "By agreement, points ending in four count one less than the number of cards": the
    record's [Option] is its agreement, kept whether --ruleset names its ruleset or not; under another ruleset a note
    on stderr names the options that did not apply."""
    path = tmp_path / "four.piquet"
    path.write_text(_FOUR, encoding="utf-8")
    for args in ((), ("-r", "cavendish-au-cent")):
        code, out, err = cli("replay", str(path), *args, "--lang", lang)
        assert code == 0 and "note" not in err, (args, out, err)
    code, out, err = cli("replay", str(path), "-r", "cavendish-rubicon", "--lang", lang)
    assert code == 3  # the club laws count the point of four cards four
    said = {"en": "the record's options ending-in-four=yes are for cavendish-au-cent, and do not apply under "
                  "cavendish-rubicon",
            "fr": "les options de l'enregistrement, ending-in-four=yes, sont pour cavendish-au-cent et ne valent pas "
                  "selon cavendish-rubicon"}[lang]
    assert said in " ".join(err.split())
    code, out, err = cli("replay", str(path), "-r", "cavendish-au-cent:ending-in-four=no")
    assert code == 3 and "note" not in err  # an option named on the command line is chosen over the record's


# -- Law 16, au Cent para. 5: the order of dealing --------------------------------------------------------------------

def _sheets(ruleset: str, dealers: list[str | None], incidents: dict[int, str] | None = None,
            bodies: dict[int, str] | None = None) -> str:
    """A partie of score-sheet deals, each naming its dealer or none, with an incident where given, and a deal's
    body other than its sheet where given."""
    deals = []
    for n, dealer in enumerate(dealers, 1):
        named = f', dealer "{dealer}"' if dealer else ""
        incident = f"  {(incidents or {})[n]}\n" if n in (incidents or {}) else ""
        body = (bodies or {}).get(n, '  sheet "A" 10, "B" 5\n')
        deals.append(f"deal {n}{named}\n{incident}{body}end deal\n")
    return f'[Ruleset "{ruleset}"]\n[Players "A" "B"]\n\npartie\n' + "".join(deals) + "end partie\n"


def _dealers(rep: pv.Replay) -> str:
    return "".join(d.players[1] for d in rep.deals)


@pytest.mark.parametrize(("ruleset", "at", "dealers"), [
    ("cavendish-rubicon", 2, "BBAABA"),  # A, the elder of deal 2, deals deals 3 and 4
    ("cavendish-rubicon", 4, "BABBAA"),  # B, the elder of deal 4, deals 5 and 6
    ("cavendish-rubicon", 5, "BABAAB"),  # deal 6 is the last: B deals it in turn, once
    ("cavendish-au-cent", 2, "BBABAB"),  # "there is no remedy": the turn goes on from the deal out of turn
])
def test_law_16_a_deal_out_of_turn_found_late_and_the_dealers_after_it(ruleset: str, at: int, dealers: str) -> None:
    """Law 16: "the elder hand in that deal must deal twice running ... unless that or the next deal be the last of
    the partie"; au Cent para. 5: "If not discovered before taking up the hand, there is no remedy".  The record
    names the first dealer and the one out of turn; every other deal is dealt by the one the law's order gives."""
    named: list[str | None] = [None] * 6
    named[0] = "B"
    named[at - 1] = "B" if at % 2 == 0 else "A"  # the player whose turn it was not (A deals the even deals)
    rep = _replay(_sheets(ruleset, named, {at: "dealt out of turn, found later"}))
    assert _dealers(rep) == dealers
    assert not any(d.warnings for d in rep.deals)
    written = _replay(_sheets(ruleset, list(dealers), {at: "dealt out of turn, found later"}))
    assert _dealers(written) == dealers and not any(d.warnings for d in written.deals)


def test_law_16_a_deal_out_of_turn_found_early_is_void_and_the_right_dealer_deals() -> None:
    """Law 16: "the deal in error is void, and the right dealer deals"."""
    cards = f"  elder: {_ELDER}\n  younger: {_YOUNGER}\n  talon: {_TALON}\n"
    text = _sheets("cavendish-rubicon", ["B", "B", None, None],
                   {2: "dealt out of turn, found before the cards are taken up"}, {2: cards})
    rep = _replay(text)
    assert rep.deals[1].score is not None and rep.deals[1].score.void
    assert _dealers(rep) == "BBAB" and not any(d.warnings for d in rep.deals)


def test_law_16_dealers_that_break_the_alternation_with_no_incident_are_warned_of(cli, tmp_path) -> None:
    """Law 16: "The players deal alternately": a deal whose named dealer is not the one whose turn it is, with no deal
    out of turn written, is dealt as the record says, and a warning names the deal."""
    text = _sheets("cavendish-rubicon", ["B", None, "A", None])
    rep = _replay(text)
    assert _dealers(rep) == "BAAB"
    assert [bool(d.warnings) for d in rep.deals] == [False, False, True, False]
    path = tmp_path / "turns.piquet"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli("replay", str(path))
    assert code == 0 and "deal 3: by the order of dealing, the elder was to deal this deal" in " ".join(err.split())
    assert "deal 2:" not in err and "deal 4:" not in err


def test_a_json_record_that_names_no_dealer_after_the_first() -> None:
    """The schema leaves a later deal's dealer out; the replay deals in the law's order, and convert keeps it out."""
    text = _sheets("cavendish-rubicon", ["B", None, None])
    data = next(iter(pv.read(text))).data
    assert "dealer" not in data["deals"][1]
    again = next(iter(pv.read(pv.write_json(data))))
    assert _dealers(pv.replay(again)) == "BAB"
    assert "deal 2\n" in pv.write(data) and 'deal 1, dealer "B"' in pv.write(data)


# -- the end of the partie --------------------------------------------------------------------------------------------

def test_deals_written_after_the_partie_is_decided_are_named_in_a_warning(cli, tmp_path) -> None:
    """Law 71: "A partie consists of six deals": a seventh and eighth written after it are not counted, and a warning
    names each."""
    text = _sheets("cavendish-rubicon", ["B"] + [None] * 7)
    rep = _replay(text)
    assert rep.partie.finished and rep.partie.totals == [60, 30]
    assert [bool(d.warnings) for d in rep.deals] == [False] * 6 + [True, True]
    path = tmp_path / "eight.piquet"
    path.write_text(text, encoding="utf-8")
    for lang, words in (("en", "written after the partie was decided"), ("fr", "écrite après que la partie a été")):
        code, out, err = cli("replay", str(path), "--lang", lang)
        flat = " ".join(err.split())
        assert code == 0 and f"7: {words}" in flat and f"8: {words}" in flat and "6:" not in flat


# -- a carte blanche under chronological reckoning -------------------------------------------------------------------

_BLANCHE = """[Ruleset "RULESET"]
[Players "A" "B"]

deal 1, dealer "B"
  elder: A K Q J 10 9 ♠  A K ♥  A K ♦  A K ♣
  younger: 10 9 8 7 ♥  10 9 8 7 ♦  10 9 8 7 ♣
  younger carte blanche
end deal
"""


def test_the_younger_s_carte_blanche_reckons_when_announced_and_saves_the_repique() -> None:
    """modern-fr reckons chronologically, the younger's calls after the elder's lead; but its source scores the
    blanche when announced, "s'il en fait l'annonce juste avant de faire son écart", and a repique needs thirty "sans
    que son adversaire n'ait marqué quoi que ce soit": the younger's ten, reckoned before the elder's first call,
    saves him.  The elder's 6 + 16 + 14 + 14 in hand stay 50, with no repique."""
    rules = pv.get_ruleset("modern-fr").rules
    assert rules.reckoning.order == "chronological" and rules.carte_blanche.announce == "before_own_discard"
    score = _replay(_BLANCHE.replace("RULESET", "modern-fr")).deals[0].score
    assert score is not None
    assert score.by[1]["carte_blanche"] == 10 and score.by[0]["repique"] == 0 and score.totals == [50, 10]
    first = next(e for e in score.events if e[2])
    assert first[:3] == (1, "carte_blanche", 10)  # the first score of the deal
    club = _replay(_BLANCHE.replace("RULESET", "cavendish-rubicon")).deals[0].score
    assert club is not None and club.by[0]["repique"] == 0  # Law 18: it "scores first, and consequently saves"


# -- Law 28: standing the deal after stock cards were mixed -----------------------------------------------------------

_ELDER_TAKES = "  elder discards 9 ♥  Q 7 ♦  J 7 ♣, takes Q♣ 9♠ 10♣ 8♥ 9♣\n"


@pytest.mark.parametrize("younger", ["younger discards J 10 7 ♠, takes in 2", "younger discards J 10 7 ♠",
                                     "younger discards J 10 7 ♠, takes 8♣ 7♥", "younger discards J 10 ♠"])
def test_law_28_the_younger_standing_the_deal_takes_only_the_cards_not_mixed(younger: str) -> None:
    """Law 28: "If he elect to stand the deal, he can only take as many of his cards as have not been mixed": the
    elder mixed the first of the younger's three (8♦) and keeps it, reckoning nothing; the younger takes 8♣ 7♥, which
    is the take the law gives, however his exchange is written."""
    text = _record("cavendish-rubicon", "  peek elder 1, mixed with his hand\n" + _ELDER_TAKES + f"  {younger}\n")
    deal = _replay(text).deals[0].deal
    assert deal.reckons_nothing[0] and not deal.reckons_nothing[1]
    assert deal.hands[0] >> parse_card("8D") & 1  # the card mixed stays with the elder
    assert deal.taken[1] == mask(parse_cards(["8C", "7H"]))
    assert deal.hands[0].bit_count() == 13 and deal.hands[1].bit_count() == (12 if "J 10 ♠" in younger else 11)
    with pytest.raises(RecordError):  # the mixed card is not his to take
        _replay(_record("cavendish-rubicon", "  peek elder 1, mixed with his hand\n" + _ELDER_TAKES +
                        "  younger discards J 10 7 ♠, takes 8♦ 8♣ 7♥\n"))


@pytest.mark.parametrize("exchange", [True, False])
def test_a_fresh_deal_the_record_calls_for_is_never_passed_over(exchange: bool) -> None:
    """Law 28: "the younger hand, after looking at his cards, may elect to have a fresh deal": called for, the deal is
    void whether or not the exchange is written; where the ruleset gives no fresh deal (au Cent para. 9, "he loses
    the game"; a peek without mixing, Law 27; a deal that was not misdealt), a note says the call was not followed."""
    lines = (_ELDER_TAKES + "  younger discards J 10 7 ♠\n") if exchange else ""
    void = _replay(_record("cavendish-rubicon", "  peek elder 1, mixed with his hand, fresh deal\n" + lines))
    assert void.deals[0].score is not None and void.deals[0].score.void
    for ruleset, incident in (("cavendish-au-cent", "peek elder 1, mixed with his hand, fresh deal"),
                              ("cavendish-rubicon", "peek elder 1, fresh deal"),
                              ("cavendish-rubicon", "misdeal, fresh deal")):
        rep = _replay(_record(ruleset, f"  {incident}\n" + lines))
        score = rep.deals[0].score
        assert score is not None and not score.void, (ruleset, incident)
        assert "fresh_deal_not_given" in [n.what.value for n in score.notes], (ruleset, incident)


# -- Law 33 and au Cent para. 10: cards taken up, not mixed -----------------------------------------------------------

_LEAVES_TWO = "  elder discards 9 ♥  Q 7 ♦, takes Q♣ 9♠ 10♣\n"


@pytest.mark.parametrize(("waived", "reckons"), [("", True), (", penalty waived", False)])
def test_law_33_the_elder_who_takes_up_the_cards_he_left_reckons_nothing(waived: str, reckons: bool) -> None:
    """Law 33: "If the elder hand leave any cards, he is entitled to look at them; but if he take them up, together
    with the cards he is about to take in, he can reckon nothing that deal" (unless the adversary does not enforce
    it, Law 44).  The cards stay the younger's to take (Law 34: "entitled to take in all the cards that are left")."""
    lines = (_LEAVES_TWO + f"  elder takes up the cards he left with those he takes in{waived}\n"
             "  younger discards J 10 7 ♠, takes 8♥ 9♣ 8♦\n")
    rep = _replay(_record("cavendish-rubicon", lines))
    deal = rep.deals[0].deal
    assert deal.reckons_nothing[0] is reckons and not deal.reckons_nothing[1]
    assert [h.bit_count() for h in deal.hands] == [12, 12]
    assert deal.taken[1] == mask(parse_cards(["8H", "9C", "8D"]))
    message = _refused(_record("cavendish-rubicon", "  elder discards 9 ♥  Q 7 ♦  J 7 ♣, takes Q♣ 9♠ 10♣ 8♥ 9♣\n"
                               "  elder takes up the cards he left with those he takes in\n"))
    assert "left no cards" in message  # he took all five: there is nothing he left


@pytest.mark.parametrize(("ruleset", "who", "loses", "reckons"), [
    ("cavendish-au-cent", "younger", True, False),  # para. 10: "he loses the game"
    ("cavendish-au-cent", "elder", False, True),  # para. 9 names only the elder's mixing: Law 27 holds
    ("cavendish-rubicon", "younger", False, True),  # Law 27: "expose or take up ... he can reckon nothing"
])
def test_au_cent_10_and_law_27_the_stock_taken_up_without_mixing_it(ruleset: str, who: str, loses: bool,
                                                                    reckons: bool) -> None:
    """au Cent para. 10: "If the younger hand take up any of the top five cards of the stock (not being cards
    declared to be left by the elder hand), he loses the game"; Law 27 puts taking up with exposing."""
    cards = "Q♣ 9♠" if who == "younger" else "8♦ 8♣"
    lines = (f"  stock taken up: {who} 2 ({cards})\n" + "  elder discards 9 ♥  Q 7 ♦  J 7 ♣, takes Q♣ 9♠ 10♣ 8♥ 9♣\n"
             "  younger discards J 10 7 ♠\n")
    rep = _replay(_record(ruleset, lines))
    score, deal = rep.deals[0].score, rep.deals[0].deal
    seat = 0 if who == "elder" else 1
    assert score is not None and (score.forfeit == seat) is loses and deal.reckons_nothing[seat] is reckons
    assert "taken_up" in [n.what.value for n in score.notes]
    if not loses:  # not mixed: the cards go back, and each takes his own
        assert [h.bit_count() for h in deal.hands] == [12, 12]


def test_the_shipped_example_of_cards_taken_up_from_the_stock(cli, tmp_path) -> None:
    """docs/deals/stock-taken-up.piquet: Law 33 under the club laws (the elder's capot and point lost, his point
    still barring; the younger's quart and tierce 7) and au Cent para. 10 (the younger loses the game)."""
    path = Path(__file__).resolve().parent.parent / "docs" / "deals" / "stock-taken-up.piquet"
    club, au_cent = (pv.replay(r) for r in pv.read(path))
    assert not club.mismatches and club.deals[0].totals == (0, 7)
    assert au_cent.partie.games == [1, 0]  # Pierre, the elder, wins the game
    as_json, back = tmp_path / "taken-up.json", tmp_path / "taken-up.piquet"
    assert cli("convert", str(path), "-O", str(as_json))[0] == 0
    assert cli("convert", str(as_json), "-O", str(back))[0] == 0
    assert [r.data for r in pv.read(back)] == [r.data for r in pv.read(path)]


def test_law_35_the_younger_who_takes_up_the_cards_he_left_reckons_nothing() -> None:
    """Law 35: "If the younger hand leave any cards, and take up, together with the cards he is about to take in,
    more cards than he has discarded, he can reckon nothing that deal": the same statement as Law 33's."""
    lines = ("  elder discards 9 ♥  Q 7 ♦  J 7 ♣, takes Q♣ 9♠ 10♣ 8♥ 9♣\n  younger discards J 10 ♠, takes 8♦ 8♣\n"
             "  younger takes up the cards he left with those he takes in\n")
    deal = _replay(_record("cavendish-rubicon", lines)).deals[0].deal
    assert deal.reckons_nothing[1] and not deal.reckons_nothing[0] and deal.talon == [parse_card("7H")]
