"""Cards played to the partie where the partie is at stake: each card played out on drawn deals, each valued by it.

The learned weights value a card by the points of the deal.  Where the
partie's settlement is not a straight function of those points over what is
still to be made in the deal (the last deal of a partie settled by the
rubicon, with the loser short of it; a race one of the players may finish),
a point is worth more or less than a point, and the best card for the points
is not the best for the partie ("when one point saves the rubicon, or wins or
saves the partie, you should risk the cards for the sake of the last trick":
Cavendish, *Playing the cards*, Playing to the score).  There, in the last
``ENDGAME`` cards of the hand, the player improves on its own plain play by
rollouts: it draws the opponent's hand as the ``search`` player does
(``search.deals_for``: consistent with the suits he did not follow, the cards
he showed and the calls he made), and for each distinct card it may play,
plays each drawn deal out from that card with the plain (blind) learned player
in both seats; each finished deal is scored by the engine and valued
(``Valued``: by the partie's outlook, or by the deal's points for the blind
player, who searches the same positions so that a duel between the two
measures the valuation, not the search).  Every drawn deal is played for every
card, so that the cards differ by the choice and not by the luck of the draw;
the plain card stands unless another beats it by ``SURE`` standard errors of
the difference; the rest are not drawn where no card gives the first
``FIRST`` deals drawn another value than the plain card's, and from the
``AHEAD``-th deal a card that has done no better than it over the deals drawn
is played out no more (none left, no more are drawn).  Searched from earlier in the hand, in duels on seeds of their
own (``docs/statistics.md``), the partie's valuation did worse, not better:
a long rollout by a player blind to the score is a noisy guess at where the
deal ends against a threshold, and a card chosen by that noise costs points.

A drawn deal is built as it stands: the hands after the exchange (his own
hand and the cards he has played; the drawn hand and the cards the opponent
has played), the rest of the pack as the talon, and the calls and cards so far
played again through the table (``table.play``), so that both seats' views are
what they were and the engine scores it whole (calls, pique and repique, play,
the cards).  They are played again once a drawn deal, to the position the
player is at, and each card tried is played on from a copy of that position
(``Deal.copy``, ``View.copy``): what came before the card is the same for
every card.  A carte blanche is not drawn: it is rare, and is left out.

Which positions are at stake is read from the outlook alone (``at_stake``): the
settlement after the deal, as a function of the points each player may still
make in it, is compared with a straight one; where it departs from it by more
than ``TOLERANCE`` anywhere in that range, the score changes what a point is
worth there.  Elsewhere the plain play stands, at its own cost.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import sqrt
from typing import Final

from ..cards import suit_of
from ..engine.combos import tables
from ..engine.deal import ELDER, YOUNGER, Deal, Dealt, Phase
from ..engine.scoring import DealScore, score_deal
from ..ruleset.model import Rules
from .doubledummy import _distinct
from .outlook import Outlook
from .search import deals_for
from .table import Player, play, seated
from .view import Context, Legal, View

#: Cards in hand at most for a card to be chosen by rollouts: the end of the hand, where the book's advice to the
#: score lies ("risk the cards for the sake of the last trick"), and where a rollout is a few tricks long.  Searched
#: from the first trick, the rollouts cost some thirty times the plain player's whole partie, and did worse.
ENDGAME: Final = 5
#: Deals drawn for each card chosen by rollouts.
SAMPLES: Final = 8
#: Deals drawn first: where no card tried gives any of them another value than the plain card's, the plain card
#: stands and the rest are not drawn.  Stopping there kept the same strength (``learned`` against itself drawing
#: every deal, 2,000 pairs on a seed of their own: +0.0 [-0.0, +0.0] points a partie) at 6% fewer instructions.  One
#: deal, not two, with the cards no better than the plain card left out from the ``AHEAD``-th deal: against two and
#: every card played on while one was ahead, 6,000 pairs on each of four seeds of their own, -0.03 [-0.12, +0.05],
#: +0.04 [-0.04, +0.12], -0.10 [-0.22, +0.01] and -0.04 [-0.14, +0.06] points a partie, at 14% fewer of the
#: rollouts' instructions than with two.
FIRST: Final = 1
#: Deals drawn, at most, before the plain card stands where no card tried has done better than it over them: a card
#: behind after three deals seldom ends ``SURE`` standard errors ahead after eight.  Against the same player drawing on
#: to ``SAMPLES`` (but stopping at ``FIRST``), 6,000 pairs on each of two seeds of their own: +0.0 [-0.0, +0.1]
#: points a partie each time, at 14% fewer instructions (stopping at two deals: -0.0 [-0.2, +0.1] and
#: -0.1 [-0.2, +0.0], at 18% fewer).  From there, a card tried no better than the plain card over the deals drawn is
#: played out no more, each card on its own (where all went on while one was ahead): against the rollouts that played
#: every card on, 6,000 pairs on each of two seeds of their own, +0.00 [-0.05, +0.05] and +0.01 [-0.02, +0.05] points
#: a partie, at 6% fewer of the rollouts' instructions.  Leaving a card out sooner, behind the plain card after the
#: first deal, cost points (-0.15 [-0.29, -0.02] and -0.03 [-0.13, +0.07]; after the second, -0.15 [-0.25, -0.04]),
#: at a quarter fewer: a card behind on the first deals and surely ahead after eight is what the rollouts are for.
AHEAD: Final = 3
#: Standard errors by which a card must beat the plain player's over the drawn deals to be played instead.
SURE: Final = 1.0
#: Points of the settlement by which the partie's value must depart from a straight function of the deal's points,
#: over what is still to be made, for a position to be at stake.
TOLERANCE: Final = 2.0
#: Points apart at which the range still to be made is looked at, each way.
STEPS: Final = 4

#: A finished deal's worth to the player of a role.
Valued = Callable[[DealScore, int], float]


def at_stake(outlook: Outlook, context: Context, role: int, mine: int, his: int, reach: tuple[int, int]) -> bool:
    """Whether the deal in hand may settle the partie (``Outlook.decides``) and the partie's value, ``mine`` and
    ``his`` points made in the deal so far and up to ``reach`` (his, the other's) still to be made, departs by more
    than ``TOLERANCE`` from a straight function of his points less the other's: the settlement then makes a point
    worth more or less than a point."""
    most = (mine + reach[0], his + reach[1]) if role == ELDER else (his + reach[1], mine + reach[0])
    if not outlook.decides(context, most):
        return False
    here = outlook.worth(context, role, mine, his)
    a, b = max(1, reach[0]), max(1, reach[1])
    slope = (outlook.worth(context, role, mine + a, his) - outlook.worth(context, role, mine, his + b)) / (a + b)
    for i in range(STEPS + 1):
        x = a * i // STEPS
        for j in range(STEPS + 1):
            y = b * j // STEPS
            if abs(outlook.worth(context, role, mine + x, his + y) - here - slope * (x - y)) > TOLERANCE:
                return True
    return False


class _Replay:
    """Both seats of a drawn deal: the calls as they were made (each by its key, or sunk), the cards as they were
    played, then the card tried, then the plain player."""

    def __init__(self, view: View, cards: list[int], base: Player):
        self.view = view
        self.cards = cards
        self.at = 0
        self.base = base

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.DECLARE:
            if not legal.candidates:
                return 0
            heard = self.view.calls[legal.candidates[0].kind][view.role]
            if heard is None:
                return len(legal.candidates)
            return next((i for i, c in enumerate(legal.candidates) if c.key == heard.key), 0)
        if legal.phase == Phase.PLAY and self.at < len(self.cards):
            self.at += 1
            return self.cards[self.at - 1]
        return self.base.choose(view, legal)


def seed(view: View) -> str:
    """The seed of the deals drawn for a choice of card: what the player knows of the deal and the partie, so that
    the same position draws the same deals."""
    context = view.context
    return f"{view.role}:{view.hand}:{view.played}:{view.discarded}:{(context.totals, context.deals_left, context.games)}"


def _history(view: View) -> tuple[list[int], tuple[int, int]]:
    """The cards played so far in order, and the cards each role has played."""
    cards: list[int] = []
    played = [0, 0]
    for leader, lead, follow in view.tricks:
        cards += (lead, follow)
        played[leader] |= 1 << lead
        played[1 - leader] |= 1 << follow
    if view.lead_card is not None:
        cards.append(view.lead_card)
        played[view.opponent] |= 1 << view.lead_card
    return cards, (played[0], played[1])


def drawn(view: View, opponent_hand: int, played: tuple[int, int]) -> Dealt:
    """The cards of a deal the player could be in: his hand and the drawn one as they were after the exchange (with
    the cards each role has played, ``played``, from ``_history``), the rest of the pack as the talon."""
    hands = [0, 0]
    hands[view.role] = view.hand | played[view.role]
    hands[view.opponent] = opponent_hand | played[view.opponent]
    talon: list[int] = []
    m = view.pack & ~(hands[0] | hands[1])
    while m:  # its cards in order, found bit by bit: not every card of the pack asked
        low = m & -m
        m ^= low
        talon.append(low.bit_length() - 1)
    return Dealt(hands[ELDER], hands[YOUNGER], tuple(talon))


def _at_calls(rules: Rules, dealt: Dealt) -> Deal:
    """A drawn deal at its calls, the exchange taken as made and no carte blanche."""
    deal = Deal(rules, dealt)
    deal.blanche = (False, False)
    deal.skip_exchange()
    return deal


def _played_out(view: View, hand: int, history: tuple[list[int], tuple[int, int]], candidates: list[int],
                base: Player) -> list[Deal]:
    """The deal drawn with the opponent's ``hand``, played out from each candidate card by ``base``: the calls and
    the cards so far are played again once, to the position the player is at, and each card is played on from a
    copy of that position (the deal and both views), as though the whole deal had been played again for it."""
    cards, played = history
    deal = _at_calls(view.rules, drawn(view, hand, played))
    views = seated(deal)
    seat = _Replay(view, cards, base)
    play(deal, (seat, seat), views=views, cards=len(cards))
    out = []
    for i, c in enumerate(candidates):
        last = i == len(candidates) - 1  # the position itself goes on to the last card: no copy is left to make
        seat = _Replay(view, [c], base)
        out.append(play(deal if last else deal.copy(), (seat, seat), views=views if last else [v.copy() for v in views]))
    return out


def best_by_rollouts(view: View, legal: Legal, base: Player, valued: Valued, samples: int = SAMPLES) -> int:
    """The card to play: the plain player's own, unless another does better over ``samples`` drawn deals, each
    played out from each card by ``base``, by more than ``SURE`` standard errors of the difference (each drawn deal
    gives the difference of the two cards on the same cards).  A settlement that jumps at a threshold makes a few
    drawn deals a noisy measure, and a card chosen by noise costs points: the plain card stands unless beaten."""
    live = view.unseen(view.pack) | view.hand | view.opponent_known()
    if view.lead_card is not None:
        live |= 1 << view.lead_card
    own = base.choose(view, legal)
    candidates = [c for c in _distinct(legal.cards, live, tables(view.rules).counting_cards) if not _alike(c, own, live)]
    if not candidates:
        return own
    candidates.append(own)
    rng = random.Random(seed(view))
    history = _history(view)
    values: list[list[float]] = [[] for _ in candidates]
    tried = list(range(len(candidates) - 1))  # the cards tried still in the running, by their place in ``candidates``
    # Near the end of the hand the opponent's cards are often among few, and a hand is drawn again: its deals,
    # played as the deterministic plain player plays them, give what they gave, which is looked up, not played again.
    played: dict[int, list[float]] = {}
    first = min(FIRST, samples)
    ahead = min(max(AHEAD, first), samples)
    for part, count in enumerate((first, ahead - first, samples - ahead)):
        if part == 1 and all(v == p for i in tried for v, p in zip(values[i], values[-1])):
            break  # the plain card stands (``surest``): no card tried has given a deal another value
        if not tried:
            break  # no card tried is ahead of the plain card: one that would pass it by ``SURE`` is rare
        for hand in deals_for(view, rng, count):  # the same draws as all at once: the same generator goes on
            outcome = played.get(hand)
            if outcome is None:
                outcome = [0.0] * len(candidates)
                playing = [*tried, len(candidates) - 1]
                deals = _played_out(view, hand, history, [candidates[i] for i in playing], base)
                for i, deal in zip(playing, deals):
                    outcome[i] = valued(score_deal(deal), view.role)
                played[hand] = outcome  # a hand drawn again finds the cards still tried among those played then
            for i in (*tried, len(candidates) - 1):
                values[i].append(outcome[i])
            if len(values[-1]) >= ahead:  # from the ``AHEAD``-th deal, a card no better than the plain one is left
                tried = [i for i in tried if _ahead(values[i], values[-1])]
                if not tried:
                    break
    chosen = surest([values[i] for i in tried] + [values[-1]], len(tried))
    return candidates[tried[chosen]] if chosen < len(tried) else own


def _ahead(mine: list[float], plain: list[float]) -> bool:
    """Whether a card tried, valued ``mine`` on the deals drawn so far, has done better over them than the plain
    card (``plain``)."""
    gain = 0.0
    for v, p in zip(mine, plain):
        gain += v - p
    return gain > 0


def surest(values: list[list[float]], plain: int) -> int:
    """Which choice to make, each valued on the same drawn deals (``values``, by choice): the plain one (at
    ``plain``), unless another beats it by more than ``SURE`` standard errors of the paired difference, the one
    that beats it by most so; the plain one where fewer than two deals were drawn, which measure no error."""
    if len(values[plain]) < 2:
        return plain
    best, best_gain = plain, 0.0
    for i, mine in enumerate(values):
        diffs = [a - b for a, b in zip(mine, values[plain])]
        mean = sum(diffs) / len(diffs)
        spread = sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        if mean - SURE * spread > best_gain:
            best, best_gain = i, mean - SURE * spread
    return best


def _alike(a: int, b: int, live: int) -> bool:
    """Whether two cards of one suit have no live card between them: playing either does the same."""
    if a == b:
        return True
    if suit_of(a) != suit_of(b):
        return False
    low, high = min(a, b), max(a, b)
    between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
    return not live & between
