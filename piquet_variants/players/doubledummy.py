"""Exact double-dummy play: the best the play can do for each side when both hands are known.

The value of a position is what the rest of the play gives the elder less
what it gives the younger: the points for leading and winning, the last
trick, and the cards (majority, capot) at the end, exactly as the ruleset
scores them.  It is found by alpha-beta over whole tricks (the leader's card,
then the follower's), with a transposition table keyed by the two hands, the
leader and the tricks the elder has won, and with cards that are alike
searched once: two cards of one suit in the same hand with no live card
between them (and the same counting value) lead to the same play.

What it does not weigh: a pique, which depends on the hand's scores as well
as the play; the search player leaves that to the value of the cards.
"""

from __future__ import annotations

from typing import Final

from ..cards import RANKS_PER_SUIT, SUIT_MASKS, SUITS
from ..engine.combos import tables
from ..engine.deal import ELDER, follower_wins
from ..engine.derived import per_ruleset
# The engine's own table of what each trick scores (read only, so that the solver scores play as the engine does).
from ..engine.scoring import _CARD_BITS, _LAST_TRICK, _PACK, _play_table
from ..ruleset.model import Rules

_EXACT: Final = 0
_LOWER: Final = 1
_UPPER: Final = 2
_INF: Final = 1 << 20
_CARDS: Final = SUITS * RANKS_PER_SUIT


class _Scores:
    """Per ruleset: each trick's value to the elder, by (leader, lead, follow, last), and the cards' bonuses."""

    __slots__ = ("trick", "majority", "capot", "counting")

    def __init__(self, rules: Rules):
        table = _play_table(rules)
        mask = (1 << _PACK) - 1
        self.trick: list[int] = [0] * (2 * 2 * _CARDS * _CARDS)
        for leader in (0, 1):
            for last in (0, 1):
                for lead in range(_CARDS):
                    for follow in range(_CARDS):
                        shape = table.shapes[lead << _CARD_BITS | follow] | (_LAST_TRICK if last else 0)
                        # a trick after the first: the opening lead alone may count other cards (first_lead_ranks)
                        packed = table.tricks[2][leader][shape].points
                        self.trick[_index(leader, last, lead, follow)] = (packed & mask) - (packed >> _PACK)
        c = rules.cards
        self.majority, self.capot = c.majority, c.capot
        self.counting = tables(rules).counting_cards


def _index(leader: int, last: int, lead: int, follow: int) -> int:
    return ((leader * 2 + last) * _CARDS + lead) * _CARDS + follow


@per_ruleset
def _scores(rules: Rules) -> _Scores:
    return _Scores(rules)


def _distinct(mine: int, live: int, counting: int) -> list[int]:
    """One card of each run of alike cards in ``mine`` (highest first): cards next to each other among the live ones."""
    out = []
    for s in range(SUITS):
        if not mine & SUIT_MASKS[s]:
            continue
        previous = -1  # the last live card of the suit, where it was one of ``mine``
        m = live & SUIT_MASKS[s]
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if mine >> c & 1:
                if previous < 0 or (counting >> c & 1) != (counting >> previous & 1):
                    out.append(c)
                previous = c
            else:
                previous = -1
    return out


class Solver:
    """Double-dummy values of play positions under one ruleset; the table is kept across calls of one deal."""

    __slots__ = ("scores", "follows", "table", "nodes", "total")

    def __init__(self, rules: Rules, total_tricks: int):
        self.scores = _scores(rules)
        self.follows = rules.play.must_follow
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.total = total_tricks

    def cards_value(self, won_elder: int) -> int:
        """The cards, to the elder, less to the younger, when the elder has won ``won_elder`` of the tricks."""
        total, sc = self.total, self.scores
        other = total - won_elder
        if won_elder == other:
            return 0
        bonus = sc.capot if won_elder == 0 or other == 0 else sc.majority
        return bonus if won_elder > other else -bonus

    def value(self, hands: tuple[int, int], leader: int, won_elder: int) -> int:
        """The value of the rest of the play from the start of a trick."""
        return self._trick(hands[0], hands[1], leader, won_elder, -_INF, _INF)

    def after_lead(self, hands: tuple[int, int], leader: int, lead: int, won_elder: int) -> int:
        """The value once ``lead`` is led (and already out of the leader's hand), the follower to play."""
        return self._follow(hands[0], hands[1], leader, lead, won_elder, -_INF, _INF)

    def _follow(self, he: int, hy: int, leader: int, lead: int, won: int, alpha: int, beta: int) -> int:
        follower_hand = hy if leader == ELDER else he
        options = follower_hand
        if self.follows:
            same = follower_hand & SUIT_MASKS[lead // RANKS_PER_SUIT]
            if same:
                options = same
        live = he | hy | 1 << lead
        maximise = leader != ELDER  # the follower is the elder
        best = -_INF if maximise else _INF
        last = 1 if follower_hand.bit_count() == 1 else 0
        trick, counting = self.scores.trick, self.scores.counting
        for follow in _distinct(options, live, counting):
            wins = follower_wins(lead, follow)
            winner = 1 - leader if wins else leader
            points = trick[_index(leader, last, lead, follow)]
            w = won + (1 if winner == ELDER else 0)
            if leader == ELDER:
                rest = self._trick(he, hy & ~(1 << follow), winner, w, alpha - points, beta - points)
            else:
                rest = self._trick(he & ~(1 << follow), hy, winner, w, alpha - points, beta - points)
            v = points + rest
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _trick(self, he: int, hy: int, leader: int, won: int, alpha: int, beta: int) -> int:
        if not he and not hy:
            return self.cards_value(won)
        self.nodes += 1
        # the younger's hand, the tricks won and the leader in 42 bits, which a compiled int holds unboxed; one shift
        # of the elder's hand above them makes the key, where each step of a longer chain made a new big int
        key = he << 42 | (hy << 6 | won << 1 | leader)
        hit = self.table.get(key)
        first = -1
        if hit is not None:
            v, flag, first = hit
            if flag == _EXACT:
                return v
            if flag == _LOWER:
                if v >= beta:
                    return v
                if v > alpha:
                    alpha = v
            elif v <= alpha:
                return v
            elif v < beta:
                beta = v
        a0, b0 = alpha, beta
        mine = he if leader == ELDER else hy
        maximise = leader == ELDER
        best = -_INF if maximise else _INF
        live = he | hy
        leads = _distinct(mine, live, self.scores.counting)
        if first >= 0 and first in leads:  # the best lead found before, tried first
            leads.remove(first)
            leads.insert(0, first)
        best_lead = leads[0]
        for lead in leads:
            if leader == ELDER:
                v = self._follow(he & ~(1 << lead), hy, leader, lead, won, alpha, beta)
            else:
                v = self._follow(he, hy & ~(1 << lead), leader, lead, won, alpha, beta)
            if maximise:
                if v > best:
                    best, best_lead = v, lead
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_lead = v, lead
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        flag = _UPPER if best <= a0 else _LOWER if best >= b0 else _EXACT
        self.table[key] = (best, flag, best_lead)
        return best
