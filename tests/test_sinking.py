"""Sinking part of a kind, as the laws allow it: a lesser call than he holds, called and reckoned as made, no
miscall; what he sinks neither scores nor bars; Sinking example II of the Calling chapter scores as the book says."""

from __future__ import annotations

import copy
import json

import pytest

from piquet_variants import api
from piquet_variants.cards import card_name, mask, parse_cards
from piquet_variants.engine.deal import ELDER, YOUNGER, Deal, Dealt, Phase, deck_cards
from piquet_variants.engine.notes import Noted
from piquet_variants.engine.scoring import score_deal
from piquet_variants.errors import IllegalAction, RecordError
from piquet_variants.records.data import record_of
from piquet_variants.ruleset.compiler import load_ruleset

from .conftest import ROOT

EXAMPLE = ROOT / "docs" / "deals" / "cavendish-sinking-ii.json"
RULES = load_ruleset("cavendish-rubicon").rules


def _data() -> dict:
    return json.loads(EXAMPLE.read_text("utf-8"))


def _replay(data: dict) -> api.Replay:
    return api.replay(next(api.read(json.dumps(data))))


def test_three_kings_out_of_four_replay_with_the_lesser_call_reckoned() -> None:
    rep = _replay(_data())
    [d] = rep.deals
    assert d.score is not None and not d.mismatches
    assert d.score.by[ELDER]["sets"] == 6  # three aces and three kings, the fourth king sunk
    assert [c.cards for c in d.score.kinds["sets"].reckoned] == [mask(parse_cards(["AS", "AC", "AD"])),
                                                                  mask(parse_cards(["KS", "KC", "KD"]))]
    noted = [n.what for n in d.score.notes]
    assert Noted.SUNK in noted
    assert not {Noted.MISCALL_STANDS, Noted.MISCALL_CORRECTED} & set(noted)  # no miscall


def test_sinking_example_ii_gives_up_eleven_points_and_gains_the_capot() -> None:
    sunk = _replay(_data()).deals[0].score
    whole = _data()
    whole["deals"][0]["declarations"]["sets"]["elder"] = "best"
    whole["deals"][0]["declarations"]["sets"]["said"][1] = {"by": "elder", "set": 4, "rank": "K"}
    called = _replay(whole).deals[0].score
    assert sunk is not None and called is not None
    assert called.by[ELDER]["sets"] - sunk.by[ELDER]["sets"] == 11  # "gives up eleven points by sinking a king"
    assert sunk.by[ELDER]["capot"] == RULES.cards.capot


def _declared(elder: list[str], younger: list[str]) -> Deal:
    """A deal at its calls, the hands as played (the talon the rest of the pack)."""
    e, y = mask(parse_cards(elder)), mask(parse_cards(younger))
    rest = tuple(c for c in deck_cards(RULES) if not (e | y) >> c & 1)
    deal = Deal(RULES, Dealt(e, y, rest[:8]))
    deal.skip_exchange()
    return deal


#: The elder: five spades, a quint to the knave (a point of 44), and a quart major in hearts.  The younger: five
#: diamonds, a point of 44 too, a quart to the ten in hearts, and a tierce major in spades.
ELDER_HAND = ["JS", "10S", "9S", "8S", "7S", "AH", "KH", "QH", "JH", "AD", "KD", "QC"]
YOUNGER_HAND = ["AS", "KS", "QS", "10H", "9H", "8H", "7H", "QD", "JD", "9D", "8D", "7D"]


def _call_all(deal: Deal, sink: dict[str, str | None]) -> None:
    """Each call the best of what is held after sinking, the elder sinking one card of a kind where ``sink`` says."""
    while deal.phase == Phase.DECLARE:
        kind, p = deal.declaring()
        card = sink.get(kind) if p == ELDER else None
        if card is not None:
            deal.sink(p, kind, mask(parse_cards([card])))
        deal.apply(0)


def test_four_cards_of_a_point_of_five_and_a_tierce_out_of_a_quart() -> None:
    deal = _declared(ELDER_HAND, YOUNGER_HAND)
    _call_all(deal, {"point": "7S", "sequences": "JH"})
    assert deal.calls["point"][ELDER].length == 4
    score = score_deal(deal)
    # what he sank does not bar: the younger's point of five diamonds is good against his four
    assert score.kinds["point"].winner == YOUNGER
    # a card sunk in one kind is his in the others: the quint to the knave is his best sequence, and it reckons
    # with the tierce major he called out of his quart major
    assert deal.calls["sequences"][ELDER].length == 5
    assert score.kinds["sequences"].winner == ELDER
    assert sorted(c.length for c in score.kinds["sequences"].reckoned) == [3, 5]


def test_what_he_sinks_he_does_not_reckon() -> None:
    deal = _declared(ELDER_HAND, YOUNGER_HAND)
    _call_all(deal, {"sequences": "7S"})  # a quart to the knave out of the quint, and the quart major in hearts
    result = score_deal(deal).kinds["sequences"]
    assert result.winner == ELDER
    assert sorted(c.length for c in result.reckoned) == [4, 4]


def test_a_sink_must_lessen_what_he_holds_and_be_of_his_cards() -> None:
    deal = _declared(ELDER_HAND, YOUNGER_HAND)
    with pytest.raises(IllegalAction):
        deal.sink(ELDER, "point", mask(parse_cards(["AS"])))  # not his
    with pytest.raises(IllegalAction):
        deal.sink(YOUNGER, "point", mask(parse_cards(["AS"])))  # not his turn to call
    while deal.declaring() != ("sets", ELDER):
        deal.apply(0)
    with pytest.raises(IllegalAction):
        deal.sink(ELDER, "sets", mask(parse_cards(["QC"])))  # of no trio or quatorze he holds


def test_a_record_that_sinks_a_card_not_held_is_refused_at_its_place() -> None:
    data = copy.deepcopy(_data())
    data["deals"][0]["declarations"]["sets"]["elder"]["sinks"] = ["AH"]
    with pytest.raises(RecordError) as err:
        _replay(data)
    assert "sinks only cards he holds" in str(err.value)


def _french(data: dict) -> dict:
    """The record with its cards in French and its language French, as a French reader writes it."""
    def fr(cards: list[str]) -> list[str]:
        return [card_name(c, "fr") for c in parse_cards(cards)]
    data = copy.deepcopy(data)
    data["lang"] = "fr"
    deal = data["deals"][0]
    deal["hands"] = {role: fr(cards) for role, cards in deal["hands"].items()}
    deal["talon"] = fr(deal["talon"])
    for side in deal["exchange"].values():
        side["discard"] = fr(side["discard"])
    deal["tricks"] = [fr(trick) for trick in deal["tricks"]]
    deal["declarations"]["sets"]["elder"]["sinks"] = fr(deal["declarations"]["sets"]["elder"]["sinks"])
    return data


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_notation_writes_and_reads_back_the_cards_sunk(lang: str) -> None:
    data = _data() if lang == "en" else _french(_data())
    text = api.write(record_of(data))
    line = next(line for line in text.splitlines() if "(R ♥)" in line or "(K ♥)" in line)
    assert ("se tait (R ♥)" if lang == "fr" else "sinks (K ♥)") in line
    [read] = api.read(text)
    assert record_of(read.data) == record_of(data)
    assert api.replay(read).deals[0].score.by[ELDER]["sets"] == 6
