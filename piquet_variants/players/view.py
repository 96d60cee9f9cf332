"""What one player may know of a deal, and what he may do: the ``view`` and ``legal`` a player chooses from.

A ``View`` is kept for each player by the table (``players.table``), which
tells it, as the deal goes on, only what that player sees or hears: his own
hand as dealt, what he discards and takes in (and the cards he leaves, where
the ruleset lets him look at them), how many cards his opponent takes, each
call as it is heard (the cards of a call only where it is reckoned, since
calling a good combination is showing it: Cavendish, *Description*, "As the
law now stands, calling is equivalent to showing"), and every card played.
It never holds the ``Deal`` itself, so a player cannot read the opponent's
hand or the stock from it; ``tests/test_players.py`` checks that two deals
differing only in what a player cannot see give him the same view and the
same choices.

``Legal`` lists what may be done now.  It is a sequence of ``int`` actions
(the engine's, see ``engine.deal``) for any player that wants a list, and
also says the same thing compactly (the playable cards as a mask, the range
of cards that may be taken in), because listing every discard (1,585 of them
for the elder at the club laws) costs more than choosing one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Final, cast

from ..cards import RANKS_PER_SUIT, cards_of
from ..compiled import Pickled
from ..engine.combos import KINDS, Combo, tables
from ..engine.deal import Phase
from ..engine.derived import reads
from ..ruleset.model import Rules


@dataclass(slots=True, init=False)
class Heard(Pickled):
    """A call as the other player hears it: its kind and size, and its cards only where it is shown.

    Its own ``__init__`` (``init=False``): compiled, it is native code, where the one a dataclass or a named tuple
    brings is Python, run by the interpreter for each of the nine or so calls heard in a deal.
    """

    kind: str
    key: int  # what the ruleset compares (engine.combos)
    length: int
    top: int  # rank index of its top card (point: -1)
    value: int  # the point's total (others: 0)
    cards: int  # the cards, where the call is reckoned (shown); else 0

    def __init__(self, kind: str, key: int, length: int, top: int, value: int, cards: int) -> None:
        self.kind = kind
        self.key = key
        self.length = length
        self.top = top
        self.value = value
        self.cards = cards


def heard(call: Combo | None, shown: bool) -> Heard | None:
    if call is None:
        return None
    return Heard(call.kind, call.key, call.length, call.top, call.value, call.cards if shown else 0)


@dataclass(slots=True, init=False)
class Context(Pickled):
    """Where the deal stands in the partie, which both players know: the totals so far and the deals left.

    Its own ``__init__``, as ``Heard``'s: one is made for every simulated deal, and a named tuple's ``__new__`` is
    Python, run by the interpreter.
    """

    totals: tuple[int, int]  # by role: elder, younger; in a series of games, the game's
    deals_left: int
    games: tuple[int, int]  # by role: the games each has won, in a series of games

    def __init__(self, totals: tuple[int, int] = (0, 0), deals_left: int = 1, games: tuple[int, int] = (0, 0)) -> None:
        self.totals = totals
        self.deals_left = deals_left
        self.games = games


class View:
    """One player's knowledge of the deal; updated by the table, read by the player."""

    __slots__ = ("rules", "pack", "role", "context", "phase", "dealt", "hand", "discarded", "taken", "left_seen",
                 "left_taken", "calls", "shown", "tricks", "lead_card", "played", "voids", "follows")

    def __init__(self, rules: Rules, role: int, dealt: int, context: Context = Context(), pack: int = 0,
                 follows: bool | None = None):
        """``pack`` and ``follows``, where given, are the ruleset's pack (as a mask) and whether a player must
        follow suit, which the table has at hand from the deal: else they are looked up by the ruleset."""
        self.rules = rules
        self.pack = pack or tables(rules).pack  # every card of the pack, as a mask (never none of it)
        self.role = role
        self.context = context
        self.phase = Phase.EXCHANGE
        self.dealt = dealt  # his hand as dealt
        self.hand = dealt  # his hand now
        self.discarded = 0
        self.taken = 0
        self.left_seen = 0  # stock cards he left and looked at (the elder, where the ruleset allows)
        self.left_taken = 0  # of those, the cards the opponent took in after him
        self.calls: dict[str, list[Heard | None]] = {k: [None, None] for k in KINDS}
        self.shown = [0, 0]  # by role: the cards each is known to hold from the calls he reckoned
        self.tricks: list[tuple[int, int, int]] = []  # (leader, lead, follow), as in engine.deal
        self.lead_card: int | None = None
        self.played = 0  # every card played so far, both players'
        self.voids = [0, 0]  # by role: suits (bit s) he has shown he holds none of, by not following
        self.follows = reads(rules).must_follow if follows is None else follows  # read at every trick

    def copy(self) -> View:
        """This view as it stands, to be told apart from this one what follows: a deal branched at a position
        (``Deal.copy``) is played on with copies of both players' views.

        Every field of ``__slots__`` is set here (``tests/test_players.py`` holds the two together): the rules,
        role, hand as dealt, context, pack and rule of following by the constructor, the rest after it; each list
        or table the copy's own, the calls heard in it shared, as a call heard never changes.
        """
        new = View(self.rules, self.role, self.dealt, self.context, self.pack, self.follows)
        new.phase = self.phase
        new.hand, new.discarded, new.taken = self.hand, self.discarded, self.taken
        new.left_seen, new.left_taken = self.left_seen, self.left_taken
        new.calls = {kind: list(heard) for kind, heard in self.calls.items()}
        new.shown = list(self.shown)
        new.tricks = list(self.tricks)
        new.lead_card, new.played = self.lead_card, self.played
        new.voids = list(self.voids)
        return new

    @property
    def opponent(self) -> int:
        return 1 - self.role

    def unseen(self, pack: int) -> int:
        """Cards of ``pack`` this player has not seen: the opponent's hand, his discard, and the stock's rest."""
        return pack & ~(self.hand | self.discarded | self.left_seen | self.played)

    def opponent_known(self) -> int:
        """The opponent's cards this player knows are still in his hand, not yet played: shown in calls, or left by
        him and looked at, then taken in by the opponent."""
        return (self.shown[self.opponent] | self.left_taken) & ~self.played

    # -- what the table tells him --------------------------------------------

    def exchanged(self, discard: int, taken: int, left_seen: int) -> None:
        self.discarded, self.taken, self.left_seen = discard, taken, left_seen
        self.hand = (self.hand & ~discard) | taken

    def opponent_took(self, left_taken: int) -> None:
        """The cards he left and looked at that the opponent took in: the opponent takes from the top of the stock,
        where the cards he left lie, so he knows which by how many were taken."""
        self.left_taken = left_taken

    def card_played(self, player: int, c: int, trick: tuple[int, int, int] | None = None) -> None:
        """``player`` played ``c``.  ``trick``, where the table gives it, is the trick as the deal keeps it, if
        this card completed one: the view keeps that same tuple where it is the trick the view would make (the
        same lead), rather than a tuple of its own, which compiled is made, its three ints boxed, and freed again.
        """
        bit = 1 << c
        if player == self.role:
            self.hand &= ~bit
        self.played |= bit
        lead = self.lead_card
        if lead is None:
            self.lead_card = c
            return
        suit = lead // RANKS_PER_SUIT
        if self.follows and c // RANKS_PER_SUIT != suit:  # bound to follow, he holds none of it
            voids = self.voids
            voids[player] = voids[player] | 1 << suit  # not ``|=``: compiled, a generic operation on an item
        kept = cast(object, trick)  # as the object it is: compiled, a tuple of three ints is unboxed, then boxed anew
        if kept is not None and cast("tuple[int, ...]", kept)[1] == lead:  # strings: interpreted, no type made
            cast("list[object]", self.tricks).append(kept)
        else:
            self.tricks.append((1 - player, lead, c))
        self.lead_card = None


#: The candidates where there are none (no call being made): never changed, so one list serves every ``Legal``.
_NONE: Final[list[Combo]] = []


class Legal:
    """What may be done now, as a sequence of actions and compactly."""

    __slots__ = ("phase", "cards", "hand", "take", "excess", "choices", "candidates", "_actions")

    phase: int
    cards: int  # PLAY: the playable cards, as a mask
    hand: int  # EXCHANGE: the hand discarded from
    take: tuple[int, int]  # EXCHANGE: fewest and most cards he may take in
    excess: int  # EXCHANGE: cards held over the hand's size (a misdeal stood), discarded over the take
    choices: int  # DECLARE: the calls open (index choices sinks); MISDEAL, FORCED_SUIT: the options
    candidates: list[Combo]  # DECLARE: his own combinations of the kind, best first (index = action)
    _actions: list[int] | None  # the actions, listed where a player asks for them

    def __init__(self, phase: int, cards: int = 0, hand: int = 0, take: tuple[int, int] = (0, 0), excess: int = 0,
                 choices: int = 0, candidates: list[Combo] | None = None):
        self.cards = cards
        self.now(phase, hand, take, excess, choices, candidates)

    def playing(self, cards: int) -> None:
        """The cards playable now: the table keeps one ``Legal`` through the play and updates it at each card."""
        self.cards = cards
        self._actions = None

    def now(self, phase: int, hand: int = 0, take: tuple[int, int] = (0, 0), excess: int = 0, choices: int = 0,
            candidates: list[Combo] | None = None) -> None:
        """A decision before the play: the table keeps one ``Legal`` for the deal and tells it each decision's."""
        self.phase = phase
        self.hand = hand
        self.take = take
        self.excess = excess
        self.choices = choices
        self.candidates = candidates if candidates is not None else _NONE
        self._actions = None

    @property
    def actions(self) -> list[int]:
        if self._actions is None:
            if self.phase == Phase.PLAY:
                self._actions = cards_of(self.cards)
            elif self.phase == Phase.EXCHANGE:
                cards = cards_of(self.hand)
                self._actions = [sum(1 << c for c in chosen) for k in range(self.take[0], self.take[1] + 1)
                                 for chosen in combinations(cards, k + self.excess)]
            else:
                self._actions = list(range(self.choices))
        return self._actions

    def __iter__(self) -> Iterator[int]:
        return iter(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, i: int) -> int:
        return self.actions[i]

    def __contains__(self, action: object) -> bool:
        return action in self.actions
