"""Counting the hand: what a player can tell of his opponent's cards from his own view.

"You should count his cards so far as he has called them" (Cavendish,
*Playing the cards*, Counting the hand): the cards the opponent may hold are
those this player has not seen, less the suits the opponent has shown he is
out of, plus those he showed in his calls and has not yet played.
"""

from __future__ import annotations

from ..cards import RANKS_PER_SUIT, SUIT_BITS, SUIT_MASKS, SUITS
from ..engine.deal import follower_wins
from .view import View


def void_mask(suits: int) -> int:
    """The cards of the suits set in ``suits`` (bit s for suit s)."""
    m = 0
    while suits:  # most players have shown no void: no suit is looked at
        low = suits & -suits
        suits ^= low
        m |= SUIT_MASKS[low.bit_length() - 1]
    return m


def opponent_may_hold(view: View) -> int:
    """Every card the opponent may hold now, as far as this player can count."""
    opp = view.opponent
    return (view.unseen(view.pack) & ~void_mask(view.voids[opp])) | view.opponent_known()


def higher_in_suit(c: int) -> int:
    """The cards of ``c``'s suit that beat it (lower rank index)."""
    return ((1 << c) - 1) & SUIT_MASKS[c // RANKS_PER_SUIT]


def sure_winners(view: View) -> int:
    """His cards that must win a trick if he leads them: no card the opponent may hold beats them."""
    return winners_against(view.hand, opponent_may_hold(view))


def winners_against(hand: int, against: int) -> int:
    """The cards of ``hand`` that no card of ``against`` beats."""
    out = 0
    for shift in range(0, SUITS * RANKS_PER_SUIT, RANKS_PER_SUIT):  # a suit at a time, as its 9 bits
        mine = hand >> shift & SUIT_BITS
        if mine:
            theirs = against >> shift & SUIT_BITS
            # his cards above the opponent's best card of the suit (all of them, where he may hold none)
            out |= (mine & ((theirs & -theirs) - 1) if theirs else mine) << shift
    return out


def trick_winner(trick: tuple[int, int, int]) -> int:
    """Who won a trick ``(leader, lead, follow)``."""
    leader, lead, follow = trick
    return 1 - leader if follower_wins(lead, follow) else leader


def tricks_won(view: View, role: int) -> int:
    """The tricks ``role`` has won so far."""
    won = 0
    for leader, lead, follow in view.tricks:  # ``trick_winner`` is ``role`` where the follower wins it, or he led
        if follower_wins(lead, follow) != (leader == role):
            won += 1
    return won
