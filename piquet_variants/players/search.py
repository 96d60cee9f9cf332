"""The ``search`` player: it deals out the cards it cannot see, solves each deal exactly, and plays the best on average.

Determinization: at each card it plays, it draws hands for the opponent
consistent with what it has seen and heard (the cards it holds, discarded,
saw in the stock and saw played; the suits the opponent did not follow; the
cards the opponent showed; and the calls he made, taken as his best), solves
the rest of the play of each drawn deal with the exact double-dummy solver
(``doubledummy``), and plays the card whose average value is best for it.
It discards and calls as the ``cavendish`` player does: the search is over
the play of the cards.
"""

from __future__ import annotations

import random
from typing import Final

from ..cards import count
from ..engine.combos import KINDS, Tables, holdings, tables
from ..engine.deal import ELDER, Phase, follower_wins
from .cavendish import CavendishPlayer
from .counting import tricks_won, void_mask
from .doubledummy import Solver, _distinct, _index
from .random_player import sample_cards
from .view import Legal, View

#: Deals drawn for each card played, and draws tried for each before taking one that breaks a call.
SAMPLES: Final = 8
TRIES: Final = 20
#: Positions searched for one card played, beyond which no further deal is drawn (at least one always is):
#: a whole deal's play from the first lead can take a hundred times the search of its last tricks.
NODE_BUDGET: Final = 150_000


def _played_by_him(view: View) -> int:
    """The cards the opponent has played so far."""
    opp = view.opponent
    played = 0
    for leader, lead, follow in view.tricks:
        played |= 1 << (lead if leader == opp else follow)
    if view.lead_card is not None:  # he led it: this player is to follow
        played |= 1 << view.lead_card
    return played


def consistent(view: View, tab: Tables, opponent_hand: int, played_by_him: int) -> bool:
    """Whether the opponent, dealt this hand (with what he has played, ``_played_by_him``), could have made the calls
    he made (``tab`` the ruleset's tables, read once for all the draws)."""
    opp = view.opponent
    held = holdings(tab, opponent_hand | played_by_him)
    for kind, combos in zip(KINDS, held):
        call = view.calls[kind][opp]
        if call is None:
            continue
        if not combos or combos[0].key != call.key:
            return False
    return True


def deals_for(view: View, rng: random.Random, samples: int = SAMPLES) -> list[int]:
    """Opponent hands drawn alike among those consistent with the view (a draw that breaks a call, after ``TRIES``).
    Where he made no call, every hand is."""
    opp = view.opponent
    known = view.opponent_known()
    his_cards = count(view.hand) - (1 if view.lead_card is not None else 0)
    pool_mask = view.unseen(view.pack) & ~known & ~void_mask(view.voids[opp])
    pool = []
    m = pool_mask
    while m:  # its cards in order, found bit by bit: not every card below the highest asked
        low = m & -m
        m ^= low
        pool.append(low.bit_length() - 1)
    need = min(his_cards - count(known), len(pool))
    called = any(view.calls[kind][opp] is not None for kind in KINDS)
    played = _played_by_him(view) if called else 0
    tab = tables(view.rules)
    out = []
    for _ in range(samples):
        hand = known | sample_cards(list(pool), need, rng, rng.getrandbits)
        for _ in range(TRIES - 1):
            if not called or consistent(view, tab, hand, played):
                break
            hand = known | sample_cards(list(pool), need, rng, rng.getrandbits)
        out.append(hand)
    return out


class SearchPlayer(CavendishPlayer):
    """Plays each card by exact search over sampled deals; discards and calls as ``cavendish``."""

    samples = SAMPLES

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase != Phase.PLAY or legal.cards & (legal.cards - 1) == 0:
            return super().choose(view, legal)
        candidates, values, _ = self._search(view, legal)
        best = max(range(len(candidates)), key=values.__getitem__)
        return candidates[best]

    def weigh(self, view: View, legal: Legal) -> list[tuple[int, float]]:
        """Each playable card with its value to this player, in points, averaged over the drawn deals, highest card
        first.

        The search often finds several cards equally good; choosing plays the first of them, but a learner
        told only that one would be taught the others are worse.  A card alike to another (next to it among
        the live cards) is not searched apart: it shares the value of the highest card of its run.  The values
        are averages, not sums, so that a gap between two cards costs the same in a position where the search's
        budget cut the drawn deals short as in one where it drew them all.
        """
        candidates, sums, drawn = self._search(view, legal)
        values = [v / drawn for v in sums]
        out = []
        head = 0
        m = legal.cards
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            while head + 1 < len(candidates) and candidates[head + 1] <= c:
                head += 1
            out.append((c, values[head]))
        return out

    def _search(self, view: View, legal: Legal) -> tuple[list[int], list[int], int]:
        """The distinct playable cards (highest of each suit's runs first), each one's summed value to him, and
        the drawn deals summed over."""
        me = view.role
        live = view.unseen(view.pack) | view.hand | view.opponent_known()
        if view.lead_card is not None:
            live |= 1 << view.lead_card
        candidates = _distinct(legal.cards, live, tables(view.rules).counting_cards)
        if len(candidates) == 1:
            return candidates, [0], 1
        tricks = view.rules.deal.hand
        won_elder = tricks_won(view, ELDER)
        sums = [0] * len(candidates)
        nodes = 0
        drawn = 0
        for opponent_hand in deals_for(view, self.rng, self.samples):
            if nodes > NODE_BUDGET:
                break
            drawn += 1
            solver = Solver(view.rules, tricks)
            hands = [0, 0]
            hands[me], hands[1 - me] = view.hand, opponent_hand
            for i, c in enumerate(candidates):
                sums[i] += _value(solver, hands, me, c, view.lead_card, won_elder)
            nodes += solver.nodes
        return candidates, (sums if me == ELDER else [-v for v in sums]), drawn


def _value(solver: Solver, hands: list[int], me: int, c: int, lead: int | None, won_elder: int) -> int:
    """The value to the elder of playing ``c`` now, in one drawn deal."""
    after = list(hands)
    after[me] &= ~(1 << c)
    if lead is None:
        return solver.after_lead((after[0], after[1]), me, c, won_elder)
    leader = 1 - me
    winner = me if follower_wins(lead, c) else leader
    last = 1 if not after[me] else 0
    points = solver.scores.trick[_index(leader, last, lead, c)]
    return points + solver.value((after[0], after[1]), winner, won_elder + (winner == ELDER))
