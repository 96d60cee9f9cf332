"""The discard chosen for the partie where the deal in hand may settle it (``players.discard_to_score``)."""

from __future__ import annotations

import random

from piquet_variants.cards import parse_cards
from piquet_variants.engine.deal import ELDER, Phase
from piquet_variants.players import discard_to_score, rollout
from piquet_variants.players.cavendish import CavendishPlayer, keeping_order
from piquet_variants.players.fitted_discard import fitted_discard
from piquet_variants.players.learned import LearnedPlayer, measured
from piquet_variants.players.view import Context, Legal, View
from piquet_variants.ruleset.compiler import load_ruleset

RULES = load_ruleset("cavendish-rubicon").rules
#: An elder's hand the book discards from for the point in spades, putting out the king and queen of diamonds.
HAND = sum(1 << c for c in parse_cards("JS 10S 9S 7S AH KH 8H KD QD AC 10C 9C".split()))
#: The last deal, the elder at ninety (ten short of the rubicon), the younger well past it.
SHORT = Context((90, 140), 1)


def _choice(options: frozenset[str], context: Context) -> int:
    view = View(RULES, ELDER, HAND, context)
    return LearnedPlayer(random.Random(0), options).choose(view, Legal(Phase.EXCHANGE, hand=HAND, take=(1, 5)))


def _book(context: Context) -> int:
    view = View(RULES, ELDER, HAND, context)
    return CavendishPlayer(random.Random(0)).choose(view, Legal(Phase.EXCHANGE, hand=HAND, take=(1, 5)))


def test_the_discard_is_made_for_the_partie_only_where_the_deal_may_settle_it() -> None:
    m = measured(RULES)
    whole = RULES.deal.hand
    reach = (m.most[ELDER][whole], m.most[1 - ELDER][whole])
    short = Context((75, 140), 1)  # the last deal, the elder twenty-five short of the rubicon
    assert rollout.at_stake(m.outlook, short, ELDER, 0, 0, reach)
    first = Context((0, 0), RULES.game.deals)
    assert not rollout.at_stake(m.outlook, first, ELDER, 0, 0, reach)
    # short of the rubicon in the last deal, the partie's discard is not the book's; in the first deal, or past
    # the rubicon with the other short of it, it is (searched there too, by the partie, it finds nothing better)
    searching = frozenset({"discard"})
    assert _choice(searching, short) != _book(short)
    assert _choice(searching, first) == _book(first)
    assert _choice(searching, Context((140, 75), 1)) == _book(short)
    # without the option, the default's discard, by the fitted weights, at the default player's own cost
    view = View(RULES, ELDER, HAND, short)
    assert _choice(frozenset(), short) == fitted_discard(view, Legal(Phase.EXCHANGE, hand=HAND, take=(1, 5)))


def test_the_discards_tried_are_the_books_and_those_one_card_from_it() -> None:
    view = View(RULES, ELDER, HAND, SHORT)
    legal = Legal(Phase.EXCHANGE, hand=HAND, take=(1, 5))
    tried = discard_to_score.tried(view, legal)
    book = _book(SHORT)
    order = keeping_order(view, legal)
    assert tried[0] == book and book == sum(1 << c for c in order[:5])
    assert len(set(tried)) == len(tried) > 1
    for discard in tried[1:]:
        assert discard & ~HAND == 0 and discard.bit_count() == 5 and (discard & ~book).bit_count() == 1


def test_the_blind_player_searches_the_same_positions_by_the_deals_points_whatever_the_score() -> None:
    blind = frozenset({"blind", "discard"})
    other = Context((140, 90), 1)
    assert _choice(blind, SHORT) == _choice(blind, other)
    view = View(RULES, ELDER, HAND, SHORT)
    legal = Legal(Phase.EXCHANGE, hand=HAND, take=(1, 5))
    plain = LearnedPlayer(random.Random(0), frozenset({"blind", "quick"}))
    by_points = discard_to_score.best_discard(view, legal, plain,
                                              lambda score, role: float(score.totals[role] - score.totals[1 - role]))
    assert _choice(blind, SHORT) == by_points


def test_the_younger_draws_the_elders_hand_discard_and_the_talon_left_from_what_he_has_not_seen() -> None:
    young = sum(1 << c for c in parse_cards("AS KS QS JS 10S AH KH 9D 8D 7D 8C 7C".split()))
    view = View(RULES, 1 - ELDER, young, SHORT)
    legal = Legal(Phase.EXCHANGE, hand=young, take=(0, 3))
    dealt, elder_discard = discard_to_score._draw(view, legal, random.Random(1))
    assert dealt.younger == young and not dealt.elder & young and elder_discard & dealt.elder == elder_discard
    assert elder_discard.bit_count() == 5 and len(dealt.talon) == 8 and not set(dealt.talon) & set(parse_cards(
        "AS KS QS JS 10S AH KH 9D 8D 7D 8C 7C".split()))
    choice = LearnedPlayer(random.Random(0), frozenset({"discard"})).choose(view, legal)
    assert choice & ~young == 0 and choice.bit_count() == 3



#: An elder's hand of three suits of some length, the book's discard keeping the clubs and the diamonds.
BOLD = sum(1 << c for c in parse_cards("9S 8S JH 10H 9H AD QD 8D AC KC JC 10C".split()))


def _aimed(options: frozenset[str], context: Context) -> int:
    view = View(RULES, ELDER, BOLD, context)
    return LearnedPlayer(random.Random(0), options).choose(view, Legal(Phase.EXCHANGE, hand=BOLD, take=(1, 5)))


def _cards(text: str) -> int:
    return sum(1 << c for c in parse_cards(text.split()))


def test_the_discards_for_an_aim_differ_in_what_they_keep() -> None:
    hand = _cards("KS QS JS KH JH 10H 7H QD 10D 7D KC 10C")
    view = View(RULES, ELDER, hand, SHORT)
    legal = Legal(Phase.EXCHANGE, hand=hand, take=(1, 5))
    aims = discard_to_score.aims(view, legal)
    assert aims[0] == CavendishPlayer(random.Random(0)).choose(view, legal)
    assert len(set(aims)) == len(aims) > 2
    for discard in aims[:-1]:
        assert discard & ~hand == 0 and discard.bit_count() == 5
    # the spades kept whole, the hearts kept whole, the kings kept, the tens kept, the lowest cards put out
    for kept in ("KS QS JS", "KH JH 10H 7H", "KS KH KC", "10H 10D 10C"):
        assert any(not d & _cards(kept) for d in aims), kept
    assert any(d & _cards("7H 7D") == _cards("7H 7D") for d in aims)
    # the book's, a card left: the four it puts out first
    assert aims[-1] == sum(1 << c for c in keeping_order(view, legal)[:4])
    # where the laws make him take all he may (the younger, three cards, of which he must take one), none left
    young = discard_to_score.aims(View(RULES, 1 - ELDER, hand, SHORT), Legal(Phase.EXCHANGE, hand=hand, take=(3, 3)))
    assert all(d.bit_count() == 3 for d in young)


def test_forty_short_of_the_rubicon_in_the_last_deal_the_aimed_discard_is_bold_and_elsewhere_the_points() -> None:
    aiming, blind = frozenset({"aim"}), frozenset({"aim", "blind"})
    far = Context((60, 150), 1)
    # forty short in the last deal, against a winner past the rubicon: the discard best for the points keeps the
    # clubs and diamonds; the one for the partie keeps the tierce in hearts and the clubs, for a great score
    bold = _aimed(aiming, far)
    assert bold != _aimed(blind, far)
    assert not bold & _cards("JH 10H 9H AC KC JC 10C")
    # ahead, five short (the points make sure of them), far past saving, both short, the first deal: the points'
    for context in (Context((150, 60), 1), Context((95, 150), 1), Context((20, 150), 1), Context((60, 80), 1),
                    Context((0, 0), RULES.game.deals)):
        assert _aimed(aiming, context) == _aimed(blind, context), context


def test_the_blind_aimed_discard_does_not_depend_on_the_score() -> None:
    blind = frozenset({"blind", "aim"})
    choices = {_aimed(blind, context) for context in (Context((60, 150), 1), Context((150, 60), 1), SHORT,
                                                       Context((95, 150), 1), Context((20, 150), 1))}
    assert len(choices) == 1
