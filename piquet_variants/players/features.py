"""What a card played would do, as a few numbers: the features the ``learned`` player weighs.

Each playable card is described by what its player can see (his view): the
cards his opponent may still hold (``counting``), which of his own cards are
sure winners, where the card stands in its suit, and where the deal stands
(tricks won, tricks left).  A lead and a card played to a lead are described
apart (``describe_lead``, ``describe_follow``), since they are different
choices; each tells the same number of features for every card of one
decision, one at a time, to what the player sums by the weights of its kind as
they come (``learned.Scored``), or to a list for the fit (``lead_features``,
``follow_features``).

Every feature is a plain count or a yes (1) or no (0), so that one set of
weights means the same thing under any ruleset's pack.
"""

from __future__ import annotations

from typing import Final

from ..cards import KING, QUEEN, RANKS_PER_SUIT, SUIT_BITS, SUIT_COUNTS, SUIT_MASKS, SUITS, count
from ..engine.deal import follower_wins
from .counting import higher_in_suit, opponent_may_hold, tricks_won, winners_against
from .view import View

#: The names of the features, in order (the weights file lists them, so that a file made for another list is refused).
LEAD_NAMES: Final[tuple[str, ...]] = (
    "sure winner", "sure winner, from a suit with losers", "cards held in the suit", "cards he may hold in the suit",
    "he holds none of the suit", "highest of the suit", "lowest of the suit", "his cards above it",
    "a counting card", "winners held in the suit", "top of a sequence", "rank", "unguards a king or queen",
    "a losing card, two tricks left", "sure winner, tricks ahead", "sure winner, tricks behind",
    "his shown cards in the suit", "longest suit", "sure winner, elder", "longest suit, elder",
    "a card he may not beat, he holds more of the suit", "last trick", "his cards above it, none held",
    "sure winner, the cards undecided", "own cards above it", "sure winner, cards he may hold in the suit",
    "sure winner, his sure winners", "a losing card, rank", "a losing card, a sure winner held in the suit",
    "one of his cards above it", "a losing card, his only one of the suit",
    "sure winner, he has won no trick", "his cards above it, he has won no trick",
    "a losing card, his cards none of mine beat", "sure winner, my sure winners take the cards",
    "a losing card, my sure winners take the cards")
FOLLOW_NAMES: Final[tuple[str, ...]] = (
    "follows suit", "wins the trick", "the lowest card that wins", "the lowest card of the suit, losing", "rank",
    "a sure winner to keep", "throws: cards held in its suit", "throws: cards he may hold in its suit",
    "throws: a guard to a king or queen", "throws: the last card of a suit", "a counting card",
    "he holds none of its suit", "his cards above it", "highest of its suit", "wins, the last trick",
    "wins, tricks ahead", "wins, tricks behind", "wins, the cards undecided", "throws: a winner",
    "wins with a sure winner", "wins, elder", "wins: his lower cards that win", "wins a counting card",
    "could win, does not", "throws: the lowest of its suit", "throws: rank", "wins: his sure winners after",
    "wins: cards he may hold in the suit after",
    "throws, no trick won: cards he may hold in its suit", "throws, no trick won: cards he may hold below it",
    "throws, no trick won: a guard to a card that may win", "wins, no trick won")

#: The cards played to a lead are also weighed by pairs of these features (each only yes or no), both yes: what
#: winning the trick is worth depends on whether the card is a sure winner to keep, what throwing a guard is worth
#: on whether it is the suit's last card, and a weighted sum of single features cannot say so.
FOLLOW_PAIRED: Final[tuple[str, ...]] = (
    "follows suit", "wins the trick", "the lowest card that wins", "the lowest card of the suit, losing",
    "a sure winner to keep", "throws: a guard to a king or queen", "throws: the last card of a suit",
    "a counting card", "he holds none of its suit", "highest of its suit", "wins, tricks ahead", "wins, tricks behind",
    "wins, the cards undecided", "throws: a winner", "wins with a sure winner", "wins, elder", "wins a counting card",
    "could win, does not", "throws: the lowest of its suit")

#: The cards played to a lead are weighed by the value of each of these features (each a count), not only by a
#: weight times the count: a card thrown from a suit of two is not half as bad as one from a suit of four.  Values
#: from 2 to ``TOP`` have a weight each, the last for ``TOP`` or more (0 and 1 are the plain weight's).
FOLLOW_COUNTS: Final[tuple[str, ...]] = (
    "rank", "throws: cards held in its suit", "throws: cards he may hold in its suit", "his cards above it",
    "wins: his lower cards that win", "throws: rank", "wins: his sure winners after",
    "wins: cards he may hold in the suit after", "throws, no trick won: cards he may hold in its suit",
    "throws, no trick won: cards he may hold below it", "throws, no trick won: a guard to a card that may win",
    "wins, no trick won")
TOP: Final = 6



def _unguards_winner(mine: int, theirs: int, c: int) -> int:
    """1 where throwing ``c`` leaves one of his higher cards of the suit with a guard too few to win a trick.

    A card of his beats the opponent's last card of the suit only if he keeps as many cards below it as the
    opponent holds above it (Cavendish, to save a capot: keep "the card of the suit of which the greater
    number is against you").
    """
    shift = c - c % RANKS_PER_SUIT  # the suit's cards counted by a lookup of its 9 bits
    higher = mine & higher_in_suit(c)
    while higher:
        low = higher & -higher
        higher ^= low
        h = low.bit_length() - 1
        if SUIT_COUNTS[(mine & ~higher_in_suit(h) & ~low) >> shift] == SUIT_COUNTS[(theirs & higher_in_suit(h)) >> shift]:
            return 1
    return 0


class Features:
    """What a card's features are told to, one at a time in the order of the names: the player weighs each as it
    comes (``learned.Scored``), where a list of them would box every one and be read again; the fit keeps them
    (``Listed``)."""

    def put(self, value: int) -> None:
        raise NotImplementedError


class Listed(Features):
    """The features kept in a list, in order."""

    def __init__(self) -> None:
        self.values: list[int] = []

    def put(self, value: int) -> None:
        self.values.append(value)


class Situation:
    """What one decision's features share: the masks and counts, worked out once for all its cards."""

    __slots__ = ("hand", "against", "winners", "counting", "left", "ahead", "elder", "shown", "longest", "undecided",
                 "sure", "none_won", "none_lost", "theirs_sure", "takes_cards",
                 "suit", "mine", "theirs", "own", "held", "own_sure", "own_shown", "top", "unguards", "shift")

    def __init__(self, view: View, counting: int):
        self.hand = hand = view.hand
        self.against = against = opponent_may_hold(view)
        self.winners = winners = winners_against(hand, against)
        self.counting = counting
        self.left = left = count(hand)
        won = tricks_won(view, view.role)
        played = len(view.tricks)
        self.ahead = ahead = 2 * won - played  # tricks won less tricks lost
        # A capot in sight, growing with the tricks gone: the tricks played where he has won none, or lost none.
        self.none_won = played if won == 0 else 0
        self.none_lost = played if won == played else 0
        self.undecided = 1 if -2 <= ahead + left - 1 <= 2 else 0  # the cards may yet go either way
        self.sure = sure = count(winners)
        self.elder = 1 if view.role == 0 else 0
        self.shown = view.opponent_known()
        longest = theirs_sure = takes_cards = 0
        if view.lead_card is None:  # only a lead weighs them: a card played to a lead is spared their counts
            for shift in range(0, SUITS * RANKS_PER_SUIT, RANKS_PER_SUIT):
                n = SUIT_COUNTS[hand >> shift & SUIT_BITS]
                if n > longest:
                    longest = n
            theirs_sure = count(winners_against(against, hand))
            # The cards go to the one who wins more tricks: whether his sure winners alone win them still.
            need = (played + left) // 2 + 1 - won
            takes_cards = 1 if 0 < need <= sure else 0
        self.longest = longest
        self.theirs_sure = theirs_sure
        self.takes_cards = takes_cards
        self.suit = -1
        self.mine = self.theirs = self.own = self.held = self.own_sure = self.own_shown = self.top = self.unguards = self.shift = 0

    def at_suit(self, suit: int) -> None:
        """His cards of ``suit`` and the opponent's, and their counts, kept for the cards of that suit asked in a
        row (``best_card`` asks a suit's cards one after another).  A suit's cards are counted by one lookup of
        its 9 bits (``cards.SUIT_COUNTS``, at ``shift``): compiled, ``count`` is a few dozen operations."""
        if suit == self.suit:
            return
        self.suit = suit
        self.shift = shift = suit * RANKS_PER_SUIT
        smask = SUIT_MASKS[suit]
        self.mine = mine = self.hand & smask
        self.theirs = theirs = self.against & smask
        self.own = own = SUIT_COUNTS[mine >> shift]
        self.held = SUIT_COUNTS[theirs >> shift]
        self.own_sure = SUIT_COUNTS[(mine & self.winners) >> shift]
        self.own_shown = SUIT_COUNTS[(self.shown & smask) >> shift]
        # His highest card of the suit, and whether any other of its cards is a guard whose going leaves that card
        # a king with no guard, or a queen with fewer than two (each card but the top is then such a guard).
        self.top = top = mine & -mine
        rank = (top.bit_length() - 1) % RANKS_PER_SUIT
        self.unguards = 1 if (rank == KING or rank == QUEEN) and own <= rank + 1 else 0


def describe_lead(sit: Situation, c: int, out: Features) -> None:
    """The features of leading ``c``, each told to ``out`` in turn.

    The card is read as its bit and rank once: compiled, each shift or division of it is an operation of its own,
    and a card is described some fifty times a deal."""
    suit = c // RANKS_PER_SUIT
    rank = c - suit * RANKS_PER_SUIT
    sit.at_suit(suit)
    mine, theirs, held, his = sit.mine, sit.theirs, sit.own, sit.held
    bit = 1 << c
    winner = 1 if sit.winners & bit else 0
    higher = bit - 1  # the cards below ``c``: of its suit, those that beat it
    above = SUIT_COUNTS[(theirs & higher) >> sit.shift]
    out.put(winner)
    out.put(winner if mine & ~sit.winners else 0)
    out.put(held)
    out.put(his)
    out.put(1 if not theirs else 0)
    out.put(1 if sit.top == bit else 0)
    out.put(1 if mine < bit << 1 else 0)  # none of his below it: the lowest of the suit
    out.put(above)
    out.put(1 if sit.counting & bit else 0)
    out.put(sit.own_sure)
    out.put(1 if mine & bit << 1 and not (rank and mine & bit >> 1) else 0)
    out.put(rank)
    out.put(sit.unguards if bit != sit.top else 0)
    out.put(1 if sit.left == 2 and not winner else 0)
    out.put(winner if sit.ahead > 0 else 0)
    out.put(winner if sit.ahead < 0 else 0)
    out.put(sit.own_shown)
    out.put(1 if held == sit.longest else 0)
    out.put(winner * sit.elder)
    out.put(sit.elder if held == sit.longest else 0)
    out.put(1 if not winner and held > his else 0)
    out.put(1 if sit.left == 1 else 0)
    out.put(above if mine == bit else 0)
    out.put(winner * sit.undecided)
    out.put(SUIT_COUNTS[(mine & higher) >> sit.shift])
    out.put(winner * his)
    out.put(winner * sit.sure)
    out.put(0 if winner else rank)
    out.put(1 if not winner and mine & sit.winners else 0)
    out.put(1 if above == 1 else 0)
    out.put(1 if not winner and held == 1 else 0)
    out.put(winner * sit.none_lost)
    out.put(above * sit.none_lost)
    out.put(0 if winner else sit.theirs_sure)
    # The pair adds up to the same for every card of the lead, so a softmax reads them as one number; weighed
    # as two, the fit's step along it is doubled, and the twelve passes fitted stronger weights than with one.
    out.put(winner * sit.takes_cards)
    out.put((1 - winner) * sit.takes_cards)


def describe_follow(sit: Situation, lead: int, c: int, out: Features) -> None:
    """The features of playing ``c`` to the opponent's ``lead``, each told to ``out`` in turn (the card read once,
    as a lead's)."""
    suit = c // RANKS_PER_SUIT
    rank = c - suit * RANKS_PER_SUIT
    sit.at_suit(suit)
    mine, theirs = sit.mine, sit.theirs
    bit = 1 << c
    follows = 1 if suit == lead // RANKS_PER_SUIT else 0
    wins = 1 if follower_wins(lead, c) else 0
    beats = mine & higher_in_suit(lead) if follows else 0
    throws = 1 - follows
    capot = sit.none_won * throws  # a card thrown with a capot in sight, by the tricks gone
    winner = 1 if sit.winners & bit else 0
    held = sit.held  # the opponent's cards of its suit, and those above it (the card is his own, so none is it)
    above = SUIT_COUNTS[(theirs & (bit - 1)) >> sit.shift]
    own = sit.own
    lowest = 1 if mine < bit << 1 else 0  # none of his below it
    out.put(follows)
    out.put(wins)
    out.put(1 if wins and beats < bit << 1 else 0)  # none of his that win below it
    out.put(1 if follows and not wins and lowest else 0)
    out.put(rank)
    out.put(winner)
    out.put(own * throws)
    out.put(held * throws)
    out.put(sit.unguards * throws if bit != sit.top else 0)
    out.put(throws if own == 1 else 0)
    out.put(1 if sit.counting & bit else 0)
    out.put(1 if not theirs else 0)
    out.put(above)
    out.put(1 if sit.top == bit else 0)
    out.put(wins if sit.left == 1 else 0)
    out.put(wins if sit.ahead > 0 else 0)
    out.put(wins if sit.ahead < 0 else 0)
    out.put(wins * sit.undecided)
    out.put(winner * throws)
    out.put(wins * winner)
    out.put(wins * sit.elder)
    out.put(SUIT_COUNTS[(beats & ~(bit | (bit - 1))) >> sit.shift] if wins else 0)
    out.put(1 if wins and sit.counting >> lead & 1 else 0)
    out.put(1 if beats and not wins else 0)
    out.put(throws * lowest)
    out.put(throws * rank)
    out.put(wins * (sit.sure - winner))
    out.put(SUIT_COUNTS[(theirs & ~(1 << lead)) >> sit.shift] if wins else 0)
    out.put(held * capot)
    out.put((held - above) * capot)
    out.put(_unguards_winner(mine, theirs, c) * capot if capot else 0)
    out.put(wins * sit.none_won)


def lead_features(sit: Situation, c: int) -> list[int]:
    """The features of leading ``c``, as a list."""
    out = Listed()
    describe_lead(sit, c, out)
    return out.values


def follow_features(sit: Situation, lead: int, c: int) -> list[int]:
    """The features of playing ``c`` to the opponent's ``lead``, as a list."""
    out = Listed()
    describe_follow(sit, lead, c, out)
    return out.values
