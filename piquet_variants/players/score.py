"""Playing to the score and sinking: two departures from the plain game, each an option of a player.

*Playing to the score* (Cavendish, *Playing the cards*, Playing to the
score): "If, on the other hand, you see you cannot reach a hundred, your
object should be to score as little as possible, to declare equalities, and
to divide the cards.  If you see you cannot divide the cards, let your
adversary add thirteen (for the tricks), and ten (for the cards), to his
score."  A rubiconed loser pays the winner's total and his own, so every
point either scores in the last deal costs him.  The player sees the partie
lost when, in the last deal of a partie settled by the rubicon,
his total, what he reckoned in hand and in play so far, and the most the
rest of the play could give him (a point a trick, the last trick, and the
capot or the cards while he may still make them) are still short of it, and
short of what the other has already made: by Law 73 the winner need not reach
it, so while both may end short of it the deal is still a race.  He
then plays his game until he has a trick (a capot would add forty to the
winner's score) and while he may yet divide the cards; once they are divided,
or out of his reach, he plays to lose every trick, as cheaply as he can.  The
book's tables leave such hands out ("all hands having
been omitted in which a player, finding his game hopeless, has played to
divide the cards, or to score as little as possible": *Odds at piquet*,
Neglected variations).

*Sinking* (Cavendish, *Calling*, Sinking): a player "will conceal some of his
cards, and not call them, although they may be good ... It is especially
resorted to when a player has a suit unguarded, and calling all he holds would
expose the fact."  The player sinks a sequence or a set worth no more than
``SMALL`` when he holds a king or a queen unguarded, at the cost of the points
it would have reckoned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..cards import KING, QUEEN, RANKS_PER_SUIT, SUIT_MASKS, count
from ..engine.combos import KINDS, POINT, Tables, claim, holdings, tables
from ..engine.deal import ELDER
from .counting import higher_in_suit, opponent_may_hold, trick_winner, tricks_won
from .outlook import Outlook
from .view import Legal, View

#: The most a call may score and still be sunk: a tierce or a trio (three), not a quart, a quint or a quatorze.
SMALL: Final = 3


def unguarded(hand: int) -> bool:
    """Whether the hand holds a king with no small card under it, or a queen with fewer than two."""
    for suit in SUIT_MASKS:
        mine = hand & suit
        if not mine:
            continue
        rank = ((mine & -mine).bit_length() - 1) % RANKS_PER_SUIT
        if rank in (KING, QUEEN) and count(mine) <= rank:
            return True
    return False


def sinks(view: View, legal: Legal) -> bool:
    """Whether to sink this call: a small sequence or set, with a king or queen unguarded that calling might expose."""
    candidates = legal.candidates
    if not candidates or candidates[0].kind == POINT or candidates[0].score > SMALL:
        return False
    return unguarded(view.hand)


def _reckoned(view: View, tab: Tables, who: int, cards: int) -> int:
    """What ``who`` reckoned in hand, as far as ``cards`` show it: the score of every combination of a kind he
    reckoned among them (his own whole hand, or the cards the other showed in his calls).  The combinations are
    looked for only where he reckoned a kind: asked at every card of a deal's end, and most players reckon one
    kind or two, some none."""
    calls = view.calls
    if not any(call is not None and call.cards for call in (calls[kind][who] for kind in KINDS)):
        return 0
    total = 0
    for kind, combos in zip(KINDS, holdings(tab, cards)):
        call = calls[kind][who]
        if call is not None and call.cards:
            for combo in combos:
                total += combo.score
    return total


def _scored_in_play(view: View, who: int) -> int:
    """The points ``who`` has made in play so far: one a trick he led or won."""
    scored = 0
    for trick in view.tricks:
        scored += 1 if trick[0] == who or trick_winner(trick) == who else 0
    return scored


def so_far(view: View) -> tuple[int, int]:
    """The points he and the other have made in the deal so far, as far as he knows: what each reckoned in his
    calls (the other's as he showed them), and each one's points in play."""
    me, other = view.role, view.opponent
    tab = tables(view.rules)
    mine = _reckoned(view, tab, me, (view.dealt & ~view.discarded) | view.taken) + _scored_in_play(view, me)
    return mine, _reckoned(view, tab, other, view.shown[other]) + _scored_in_play(view, other)


def hopeless(view: View) -> bool:
    """Whether, in the last deal of a partie settled by the rubicon, he is sure to lose it, rubiconed.

    He is when even winning every trick leaves him short of the rubicon, and short of what the other has
    already made: by Law 73 ("If the loser fail to score a hundred, the winner, whether his score reach a hundred
    or not, adds the score of the loser"), while both may end short of a hundred the deal is still a race, which
    the higher total wins, and nothing is gained by scoring little in it.  The most he can still score: what he
    has (his total, all he reckoned in hand, one for each trick he led or won on the other's lead), one for each
    trick left (led, or won on a lead), one more for the last trick, and the capot while the opponent has won no
    trick, else the cards while he may still win more than half.  What the other has made: his total, what he
    reckoned in the calls he showed, and his points in play."""
    game = view.rules.game
    if game.settlement != "rubicon" or game.end != "deals" or view.context.deals_left != 1:
        return False
    me, other = view.role, view.opponent
    won = tricks_won(view, me)
    left = count(view.hand)
    cards = view.rules.cards
    bonus = cards.capot if won == len(view.tricks) else cards.majority if 2 * (won + left) > len(view.tricks) + left else 0
    mine, made = so_far(view)
    best = view.context.totals[me] + mine + left + 1 + bonus
    return best < game.rubicon and best < made + view.context.totals[other]


def costs_to_score(view: View, outlook: Outlook, most: int) -> bool:
    """Whether, by the partie's outlook, every point he makes from now on costs him: the settlement is worse for
    him where he scores a point more, half of ``most`` more or ``most`` more (what a player of his seat may hope to
    make in the rest of the deal) than where he scores nothing more.  A threshold he may yet reach (the rubicon, the
    target) makes the points worth making, and this false."""
    mine, his = so_far(view)
    return _costs(view, outlook, most, mine, his)


def _costs(view: View, outlook: Outlook, most: int, mine: int, his: int) -> bool:
    """``costs_to_score``, the points made so far (``so_far``) given: a sink asks it and then weighs them."""
    context, role = view.context, view.role
    now = outlook.worth(context, role, mine, his)
    for more in (1, most // 2, most):
        if not outlook.worth(context, role, mine + more, his) < now:
            return False
    return True


def sinks_to_score(view: View, legal: Legal, outlook: Outlook, most: int, expected: dict[str, float]) -> bool:
    """Whether, by the partie's outlook, he gains by sinking this kind: every point he makes costs him
    (``costs_to_score``), and not calling his best, which leaves the other to reckon his own (the call heard, where
    the other called first and he held better; else what the other's best of the kind scores on average,
    ``expected``), costs less than calling.  An equality is declared ("declare equalities", Playing to the
    score): neither then scores."""
    candidates = legal.candidates
    if not candidates:
        return False
    mine, his = so_far(view)
    if not _costs(view, outlook, most, mine, his):
        return False
    best = candidates[0]
    heard = view.calls[best.kind][view.opponent] if view.role != ELDER else None
    if heard is not None:
        his_call = claim(view.rules, best.kind, [], heard.length, heard.top, heard.value)
        if best.key <= his_call.key:
            return False  # not good, or an equality: sinking gives the other what calling does, or more
        given = his_call.score
    else:
        given = round(expected[best.kind]) if view.role == ELDER else 0
    return outlook.worth(view.context, view.role, mine, his + given) > \
        outlook.worth(view.context, view.role, mine + best.score, his)


def plays_to_lose(view: View, lost: Callable[[View], bool]) -> bool:
    """Whether to lose this trick: a trick won already (no capot), the cards past dividing or divided ("to divide the
    cards. If you see you cannot divide the cards, let your adversary add thirteen (for the tricks), and ten (for the
    cards)"), and the partie ``lost`` (scoring costs him).  The partie is asked last, and only where the tricks allow
    losing: it is the costly question, and most cards of a hand are played before the cards are decided."""
    won = tricks_won(view, view.role)
    left = count(view.hand)
    total = len(view.tricks) + left
    return won > 0 and (2 * won >= total or 2 * (won + left) < total) and lost(view)


def lose(view: View, playable: int) -> int:
    """The card that best loses the trick: to a lead, the highest card that does not win it (else the lowest);
    leading, the card the opponent may beat with most cards."""
    lead = view.lead_card
    if lead is not None:
        same = playable & SUIT_MASKS[lead // RANKS_PER_SUIT]
        if same:
            losers = same & ~higher_in_suit(lead)
            return (losers & -losers).bit_length() - 1 if losers else same.bit_length() - 1
        return (playable & -playable).bit_length() - 1  # a throw loses: the highest, to keep no winner
    against = opponent_may_hold(view)
    best, most = -1, -1
    m = playable
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        above = count(against & higher_in_suit(c))
        if above > most or (above == most and c > best):
            best, most = c, above
    return best

