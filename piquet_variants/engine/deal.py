"""One deal as a state machine: chance, exchange, declarations and play.

Modelled on OpenSpiel: the rules (a compiled ``Rules``) are separate from the
deal state; the cards dealt are one explicit chance outcome (``Dealt``), so a
deal replays exactly from a record or a seed; every decision is an ``int``
action whose meaning depends on the phase:

* ``MISDEAL`` (elder): 0 stands the deal, 1 calls a fresh deal;
* ``EXCHANGE`` (elder, then younger): the bitmask of the cards discarded;
* ``FORCED_SUIT`` (the offender's opponent): the suit the offender must lead;
* ``DECLARE`` (elder then younger, for each kind in the ruleset's order): the
  index of the call among ``candidates()``, best first; the last index sinks;
* ``PLAY``: the card played.

Scoring is done by ``scoring.score_deal`` from the finished (or partial) state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, cast

from ..cards import (RANKS_PER_SUIT, SUIT_BITS, SUIT_COUNTS, SUIT_MASKS, SUIT_RANKS, SUITS, card_arg, cards_of, count,
                     iter_cards)
from ..compiled import Pickled
from ..errors import IllegalAction, Word, msg
from ..ruleset.model import Rules
from .combos import KINDS, POINT, SEQUENCES, SETS, Combo, holdings, tables
from .derived import reading, reads
from .notes import Note, Noted

# Module constants are Final: mypyc folds them into the compiled code, where any other global is a dict lookup.
# A tuple is typed ``tuple[T, ...]``: one of fixed length is unboxed by mypyc, and boxed again at every lookup.
ELDER: Final = 0
YOUNGER: Final = 1
ROLES: Final[tuple[str, ...]] = ("elder", "younger")
#: What an action naming a suit by its number is told where the number is none.
SUIT_NUMBER: Final = msg("suit-number", "a suit is 0-3 (spades, hearts, diamonds, clubs)")
#: The card "played" to a trick by a player who has none left (he played with too few cards): the leader wins it.
NO_CARD: Final = 63
_DECLARE_STEPS: Final = 2 * len(KINDS)  # each player declares each kind once


class Phase:
    """The phases of a deal, in order, as plain ints.

    Not an ``IntEnum``: under Python 3.11 each enum member read costs a slow
    attribute lookup, and the engine reads a phase at every step of a deal.
    """

    MISDEAL: Final = 0
    EXCHANGE: Final = 1
    FORCED_SUIT: Final = 2
    DECLARE: Final = 3
    PLAY: Final = 4
    OVER: Final = 5


@dataclass(slots=True, init=False, unsafe_hash=True)
class Dealt(Pickled):
    """The chance outcome of a deal: both hands as dealt, the talon top first, and any cards found face up.

    One is made for every random deal: its own ``__init__`` is native code compiled, where a named tuple's
    ``__new__`` is Python, run by the interpreter.  Never changed once made, so it hashes by its fields.
    """

    elder: int
    younger: int
    talon: tuple[int, ...]
    faced: int | None  # position in the talon (0 = top) of a card found face up when taking in
    faced_in_dealing: int  # how many cards were found face up in the pack while dealing

    def __init__(self, elder: int, younger: int, talon: tuple[int, ...], faced: int | None = None,
                 faced_in_dealing: int = 0) -> None:
        self.elder = elder
        self.younger = younger
        self.talon = talon
        self.faced = faced
        self.faced_in_dealing = faced_in_dealing


def deck_cards(rules: Rules) -> list[int]:
    return [s * RANKS_PER_SUIT + r for s in range(SUITS) for r in rules.deck.ranks]


@dataclass(frozen=True, slots=True)
class _Dealing(Pickled):
    """What shuffling and dealing need of a ruleset, made once: the pack, the hand, and who gets each place."""

    cards: tuple[int, ...]
    hand: int
    to_younger: dict[int, tuple[bool, ...]]  # by packet size: whether each place dealt (2 * hand) is the younger's


@reading("deal", "deck")
def _dealing(rules: Rules) -> _Dealing:
    hand = rules.deal.hand
    to_younger: dict[int, tuple[bool, ...]] = {}
    for packet in range(1, hand + 1):
        elder: list[int] = []
        younger: list[int] = []
        pos = 0
        while len(elder) < hand:
            elder += range(pos, pos + packet)
            younger += range(pos + packet, pos + 2 * packet)
            pos += 2 * packet
        theirs = set(younger[:hand])
        to_younger[packet] = tuple(place in theirs for place in range(2 * hand))
    return _Dealing(tuple(deck_cards(rules)), hand, to_younger)


def deal_pack(rules: Rules, pack: Sequence[int], packet: int) -> Dealt:
    """Deal a pack, top card first, by packets, the top packet to the elder (Cavendish Law 9).

    The pack's order is the deal's chance outcome; the packet size is the
    dealer's choice, which the ruleset bounds (``deal.packets``) but a record
    may show broken.
    """
    dealing = _dealing(rules)
    if len(pack) != len(dealing.cards):
        raise ValueError(f"a pack of {len(pack)} cards; this ruleset deals {rules.deck.size}")
    # typed, or the test narrows it to a list of anything, and each card is shifted as a generic object
    return _deal(rules, dealing, pack if isinstance(pack, list) else list(pack), packet)


def _deal(rules: Rules, dealing: _Dealing, cards: list[int], packet: int) -> Dealt:
    """``deal_pack`` of a pack of the ruleset's size, with the ruleset's dealing at hand (a shuffle has it)."""
    to_younger = dealing.to_younger.get(packet)
    if to_younger is None:
        raise ValueError(f"no packets of {packet} for a hand of {rules.deal.hand}")
    elder = younger = 0
    place = 0
    for his in to_younger:
        if his:
            younger |= 1 << cards[place]
        else:
            elder |= 1 << cards[place]
        place += 1
    return Dealt(elder, younger, tuple(cards[place:]))


def random_dealt(rules: Rules, rng: random.Random, packet: int | None = None) -> Dealt:
    """Shuffle the pack and deal it by packets (the ruleset's first size unless ``packet`` is given).

    The shuffle is Fisher and Yates's: each place from the last down takes a card drawn uniformly from those
    not yet placed, one draw of ``rng.random()`` a place, so that every order of the pack is equally likely.
    The shuffled pack is dealt as any pack is (``deal_pack``).
    """
    rand = rng.random
    dealing = _dealing(rules)
    cards = list(dealing.cards)
    # The cards moved as objects: compiled, a list of ints is read by unboxing each and written by boxing it again.
    moved = cast(list[object], cards)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        moved[i], moved[j] = moved[j], moved[i]
    return _deal(rules, dealing, cards, packet or rules.deal.packets[0])


def follower_wins(lead: int, follow: int) -> bool:
    """Whether the second card of a trick wins it.

    There are no trumps ("Il n'y a pas d'atout au piquet", seed 000, *Le jeu
    de la carte*), so it wins only by a higher card of the suit led.
    """
    return follow < lead and follow // RANKS_PER_SUIT == lead // RANKS_PER_SUIT


def random_card(m: int, rand: Callable[[], float]) -> int:
    """A uniformly random card of a non-empty mask, found suit by suit through the tables.

    The card is the ``int(rand() * n)``-th of the mask's ``n`` cards counting from the lowest bit: the same draw
    as indexing the list of its cards, without making the list.  Each suit of the pack's four is counted by one
    lookup, and the counts both make ``n`` and find the suit the card is in, written out suit by suit: compiled,
    a loop over the suits is a count of the mask and a second walk of the same lookups.  ``rand`` is the
    generator's bound ``random``, looked up once by the caller.
    """
    s0 = m & SUIT_BITS
    s1 = m >> RANKS_PER_SUIT & SUIT_BITS
    s2 = m >> 2 * RANKS_PER_SUIT & SUIT_BITS
    s3 = m >> 3 * RANKS_PER_SUIT & SUIT_BITS
    c0, c1, c2 = SUIT_COUNTS[s0], SUIT_COUNTS[s1], SUIT_COUNTS[s2]
    k = int(rand() * (c0 + c1 + c2 + SUIT_COUNTS[s3]))
    if k < c0:
        return SUIT_RANKS[s0][k]
    k -= c0
    if k < c1:
        return SUIT_RANKS[s1][k] + RANKS_PER_SUIT
    k -= c1
    if k < c2:
        return SUIT_RANKS[s2][k] + 2 * RANKS_PER_SUIT
    return SUIT_RANKS[s3][k - c2] + 3 * RANKS_PER_SUIT


@dataclass(slots=True)
class Irregular:
    """What the laws of calling did to a deal: made only when a record states an irregularity."""

    hand_void: list[bool]  # by role: reckons nothing in hand, and nothing of his hand bars (1651, ch. XII)
    omitted: dict[str, list[int | None]]  # by kind and role: the key of a call that may no longer score, but bars
    blanche_lost: list[bool]  # by role: a carte blanche shown too late, which neither scores nor saves
    allowed: dict[str, list[Combo | None]]  # by kind and role: the better call given up by a reply of 'good'
    # Calls of what was not held, standing but not yet allowed good: who, kind, the claim, the cards it named,
    # and whether the adversary waives the penalty.
    false_calls: list[tuple[int, str, Combo, int | None, bool]]
    misinformed: list[bool]  # by role: an answer in play misinformed him (Law 59 V)
    thrown_down: int | None = None  # the role who threw down his hand, conceding the tricks still to play
    #: By role: cards of his part of the stock his adversary mixed with his hand, the deal stood (Laws 28, 29).
    mixed_away: tuple[int, int] = (0, 0)

    def copy(self) -> Irregular:
        """A copy that goes on apart: its lists and tables its own, their values (immutable) shared."""
        return Irregular(list(self.hand_void), {k: list(v) for k, v in self.omitted.items()}, list(self.blanche_lost),
                         {k: list(v) for k, v in self.allowed.items()}, list(self.false_calls), list(self.misinformed),
                         self.thrown_down, self.mixed_away)


def scoring_blanches(rules: Rules, dealt: tuple[bool, bool]) -> tuple[bool, bool]:
    """Which carte blanche scores, of those dealt: the ruleset says who may hold one and what two of them do."""
    cb = rules.carte_blanche
    if cb.who == "elder":
        return dealt[ELDER], False
    if dealt != (True, True) or cb.both == "both_score":
        return dealt
    return (False, True) if cb.both == "younger_bars_elder" else (False, False)


class Hands:
    """The cards each player holds now, by role (``hands[ELDER]``, ``hands[YOUNGER]``), as two native ints.

    Indexed like the pair it stands for, but not a list: compiled, a list holds each hand as a boxed int (a new
    object at every card played, unboxed again at each read), where these two fields are read and written as
    machine words, and ``hands[p]`` is a direct call.
    """

    __slots__ = ("elder", "younger")

    def __init__(self, elder: int, younger: int) -> None:
        self.elder = elder
        self.younger = younger

    def __getitem__(self, role: int) -> int:
        if role == ELDER:
            return self.elder
        if role == YOUNGER:
            return self.younger
        raise IndexError(role)

    def __setitem__(self, role: int, hand: int) -> None:
        if role == ELDER:
            self.elder = hand
        elif role == YOUNGER:
            self.younger = hand
        else:
            raise IndexError(role)

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[int]:
        return iter((self.elder, self.younger))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hands) and self.elder == other.elder and self.younger == other.younger

    def __repr__(self) -> str:
        return f"Hands({self.elder:#x}, {self.younger:#x})"


class Deal:
    """The state of one deal.  ``apply`` advances it; ``legal_actions`` lists what may be done."""

    __slots__ = ("rules", "dealt", "hands", "talon", "phase", "player", "delta", "parts", "taken", "discards",
                 "void", "void_reason", "blanche", "blanche_dealt", "reckons_nothing", "grand_coup", "forfeit",
                 "forced_suit", "forced_by", "forced_lead", "calls", "shown", "step", "tricks",
                 "lead_card", "won", "notes", "declared_hands", "held", "steps", "tables", "irregular", "last_trick",
                 "follows", "order", "reads", "judged")

    def __init__(self, rules: Rules, dealt: Dealt):
        self.rules = rules
        self.dealt = dealt
        elder, younger = dealt.elder, dealt.younger
        self.hands = Hands(elder, younger)
        self.talon = list(dealt.talon)
        self.taken = [0, 0]
        self.discards = [0, 0]
        tab = self.tables = tables(rules)
        got = self.reads = reads(rules)
        spoilers = tab.blanche_spoilers
        # A carte blanche is a full hand dealt without a court card (Cavendish Law 18: 'at least twelve cards'):
        # a hand dealt short is none.
        full = got.hand
        blanches = self.blanche_dealt = self.blanche = (not elder & spoilers and count(elder) >= full,
                                                        not younger & spoilers and count(younger) >= full)
        self.reckons_nothing = [False, False]
        self.grand_coup = [False, False]
        self.forfeit: int | None = None
        self.forced_suit: int | None = None
        self.forced_by: int | None = None
        self.forced_lead: tuple[int, int] | None = None  # (player, suit): the suit named for his next lead
        self.calls: dict[str, list[Combo | None]] = {POINT: [None, None], SEQUENCES: [None, None], SETS: [None, None]}
        self.shown: dict[str, list[int | None]] = {POINT: [None, None], SEQUENCES: [None, None], SETS: [None, None]}
        self.held: dict[str, tuple[list[Combo], list[Combo]]] = {}
        self.steps: list[tuple[list[Combo | None], int, list[Combo]]] = []
        self.step = 0
        self.tricks: list[tuple[int, int, int]] = []  # (leader, lead card, follower's card)
        # The last trick is the one that ends a full hand, whatever either holds (Cavendish, Case XIX: "The word
        # 'last,' in Law 65, presupposes that each player has twelve cards"): a card beyond it is never a trick.
        self.last_trick = full
        self.follows = got.must_follow  # read at every card
        self.order = got.order  # the kinds in the order they are called
        self.lead_card: int | None = None
        self.won = [0, 0]
        self.void = False
        self.void_reason: Note | None = None
        self.notes: list[Note] = []
        self.irregular: Irregular | None = None  # made by the first irregularity of calling (engine/irregular.py)
        # Each kind judged once the calls are over (scoring.judged), for the table, which shows what each reckons,
        # and for the score; judged again where anything it was judged from has changed since.
        self.judged: object = None  # the kinds judged and what they were judged from: scoring.judged's own
        if blanches[ELDER] or blanches[YOUNGER]:
            self._blanches(blanches)
        self.declared_hands = (elder, younger)
        self.player = ELDER
        # by role; typed of any length, since a pair that mypyc unboxes is boxed again to be indexed by a role
        self.delta: tuple[int, ...] = (count(elder) - full, count(younger) - full)
        self.parts = self._talon_parts()
        if self.delta == (0, 0) and len(self.talon) == got.talon:
            self.phase = Phase.EXCHANGE
            if dealt.faced is not None or dealt.faced_in_dealing:
                self._check_faced()
            return
        wrong = sum(d for d in self.delta if d > 0) + max(0, len(self.talon) - got.talon)
        wrong = max(wrong, sum(-d for d in self.delta if d < 0) + max(0, got.talon - len(self.talon)))
        if wrong > rules.misdeal.max_wrong:
            self.fresh_deal(Note(Noted.DEALT_WRONGLY, n=wrong))
            return
        remedies = []
        if max(self.delta) > 0:
            remedies.append(rules.misdeal.hand_over)
        if min(self.delta) < 0:
            remedies.append(rules.misdeal.hand_under)
        if len(self.talon) > got.talon:
            remedies.append(rules.misdeal.talon_over)
        if "fresh_deal" in remedies:
            self.fresh_deal(Note(Noted.MISDEAL_FRESH))
        else:
            self.phase = Phase.MISDEAL

    def copy(self) -> Deal:
        """The deal as it stands, to go on apart from this one: a search branches a deal at a position this way,
        where playing it again from the start to each branch would repeat the same steps.

        Every field of ``__slots__`` is set here (``tests/test_players.py`` holds the two together): the rules and
        the cards dealt by the constructor, which derives the same tables and reads from them (compiled, a class is
        made only through its ``__init__``), the rest after it; each list or table the copy's own, the values in
        them (ints, tuples, combinations, notes) shared, as they never change; each step's calls are the copy's
        calls of its kind, as ``after_exchange`` made them.
        """
        new = Deal(self.rules, self.dealt)
        new.hands = Hands(self.hands.elder, self.hands.younger)
        new.talon = list(self.talon)
        new.phase, new.player, new.step = self.phase, self.player, self.step
        new.delta, new.parts = self.delta, self.parts
        new.taken, new.discards = list(self.taken), list(self.discards)
        new.void, new.void_reason = self.void, self.void_reason
        new.blanche, new.blanche_dealt = self.blanche, self.blanche_dealt
        new.reckons_nothing, new.grand_coup = list(self.reckons_nothing), list(self.grand_coup)
        new.forfeit, new.forced_suit, new.forced_by, new.forced_lead = (self.forfeit, self.forced_suit, self.forced_by,
                                                                        self.forced_lead)
        calls = new.calls = {kind: list(c) for kind, c in self.calls.items()}
        new.shown = {kind: list(s) for kind, s in self.shown.items()}
        new.held = dict(self.held)
        new.steps = [(calls[self.order[i // 2]], p, cands) for i, (_, p, cands) in enumerate(self.steps)]
        new.tricks = list(self.tricks)
        new.lead_card = self.lead_card
        new.won = list(self.won)
        new.notes = list(self.notes)
        new.declared_hands = self.declared_hands
        new.irregular = self.irregular.copy() if self.irregular is not None else None
        new.last_trick, new.follows, new.order = self.last_trick, self.follows, self.order
        new.judged = self.judged  # checked against the deal it is read for before it is used (scoring.judged)
        return new

    # -- set-up -------------------------------------------------------------

    def _blanches(self, dealt: tuple[bool, bool]) -> None:
        """Which carte blanche dealt scores, and when each is announced and shown (Cavendish Law 20)."""
        cb = self.rules.carte_blanche
        self.blanche = scoring = scoring_blanches(self.rules, dealt)
        self.notes += [Note(Noted.BLANCHE, role=p, announce=Note(Noted.of("announce", cb.announce)),
                            show=Note(Noted.of("show", cb.show))) for p in (ELDER, YOUNGER) if scoring[p]]
        self.notes += [Note(Noted.of("blanche_barred", cb.both if cb.who == "either" else "elder_only"), role=p)
                       for p in (ELDER, YOUNGER) if dealt[p] and not scoring[p]]

    def fresh_deal(self, reason: Note) -> None:
        """The deal is void, for ``reason``: the same dealer deals again."""
        self.void, self.void_reason, self.phase = True, reason, Phase.OVER

    def _talon_parts(self) -> tuple[int, int]:
        """How many talon cards the elder may take, and how many are the younger's own part."""
        r = self.rules
        size = len(self.talon)
        elder_part = min(self.reads.elder_max, size)
        short = self.reads.talon - size
        if short > 0:
            falls = r.misdeal.short_talon_falls_on
            if falls == "offender":
                falls = "elder" if self.delta[ELDER] > 0 else "younger"
            if falls == "elder":
                elder_part = max(0, elder_part - short)
        return elder_part, size - elder_part

    def _check_faced(self) -> None:
        pos = self.dealt.faced
        n = self.dealt.faced_in_dealing
        if n >= self.rules.faced_card.in_dealing_fresh_deal_at:
            self.fresh_deal(Note(Noted.FACED_IN_DEALING_VOID, n=n))
            return
        if n:
            self.notes.append(Note(Noted.FACED_IN_DEALING_STANDS, n=n))
        if pos is None:
            return
        when = self.rules.faced_card.fresh_deal_when
        if ("any" in when or (pos == 0 and "top_of_talon" in when)
                or (pos == self.parts[0] and "top_of_younger_part" in when)):
            self.fresh_deal(Note(Noted.FACED_VOID, pos=pos + 1))
        else:
            self.notes.append(Note(Noted.FACED_STANDS, pos=pos + 1))

    # -- exchange -----------------------------------------------------------

    def take_range(self, p: int) -> tuple[int, int]:
        """Fewest and most cards player ``p`` may take in now."""
        ex = self.reads
        d = self.delta[p]
        if p == ELDER:
            most = self.parts[0]
            fewest = ex.elder_min
        else:
            most = len(self.talon)
            if not ex.younger_rest:
                most = min(most, ex.younger_max + max(0, self.parts[0] - count(self.taken[ELDER])))
            fewest = ex.younger_min
        most = min(most, count(self.hands[p]) - d)  # he discards as many as he takes in: no more than he holds
        if d > 0:
            fewest = self.rules.misdeal.over_hand_min_take
        elif d < 0:  # one more taken than discarded: the discard his role owes, or none if he takes one (Law 42)
            fewest = max(fewest - d if self.rules.misdeal.under_hand_must_discard else fewest, 1)
        return min(fewest, most), most

    def _exchange(self, discard: int) -> None:
        p = self.player
        fewest, most = self.take_range(p)
        k = count(discard) - self.delta[p]
        if discard & ~self.hands[p] or not fewest <= k <= most:
            raise IllegalAction(msg("discard-count", "the {role} may discard {fewest} to {most} of his own cards",
                                    role=Word(ROLES[p]), fewest=fewest + self.delta[p], most=most + self.delta[p]))
        self.take_in(discard)

    def take_in(self, discard: int, k: int = -1) -> None:
        """The exchange itself, once the discard is known to be legal; ``k`` cards taken, where not as many as due."""
        p = self.player
        if k < 0:
            k = count(discard) - self.delta[p]
        talon = self.talon
        taken = 0
        for i in range(k):  # not ``mask`` of a slice: compiled, a native loop over the list
            taken |= 1 << talon[i]
        self.talon = talon[k:]  # not ``del talon[:k]``: compiled, a deletion is a generic operation on a slice made
        self.hands[p] = (self.hands[p] & ~discard) | taken
        self.discards[p], self.taken[p] = discard, taken
        if p == ELDER:
            self.player = YOUNGER
        else:
            self.after_exchange()

    def look_at_left(self, p: int, looks: bool) -> None:
        """Player ``p``, having exchanged, looks at the cards he left, or not; note who may see them.

        The elder's cards left go to the younger, and he may look at them where
        the ruleset lets him; the younger's stay in the talon, and whether the
        elder then sees them too is the ruleset's ``younger_may_see_left``.
        """
        ex = self.rules.exchange
        exchanged = self.phase > Phase.EXCHANGE or (p == ELDER and self.player == YOUNGER)
        left = 0 if not exchanged else (self.parts[ELDER] - self.taken[ELDER].bit_count() if p == ELDER
                                        else len(self.talon))
        if not left:
            raise IllegalAction(msg("left-none", "the {role} left no cards to look at", role=Word(ROLES[p])))
        if looks and not (ex.elder_may_see_left if p == ELDER else ex.younger_may_see_left != "no"):
            raise IllegalAction(msg("may-not-look", "the {role} may not look at the cards he left under this ruleset",
                                    role=Word(ROLES[p])))
        if p == ELDER:
            if looks:
                self.notes.append(Note(Noted.ELDER_LEFT_SEEN, n=left))
            return
        who = ("nobody" if not looks else "elder_too" if ex.younger_may_see_left == "if_elder_sees_too"
               else "only_him")
        self.notes.append(Note(Noted.YOUNGER_LEFT, n=left, looks=Note(Noted.LOOKS_YES if looks else Noted.LOOKS_NO),
                               who=Note(Noted.of("left", who))))

    def skip_exchange(self) -> None:
        """Take the hands as already exchanged, for a source that prints only the hands as played."""
        if self.phase != Phase.EXCHANGE:
            raise IllegalAction(msg("not-exchange", "not at the exchange"))
        self.after_exchange()

    def after_exchange(self) -> None:
        """The hands as they are now are those declared from: after the exchange, or after an irregularity
        changed a hand before the calls (engine/irregular.py)."""
        rules = self.rules
        elder, younger = self.declared_hands = (self.hands[ELDER], self.hands[YOUNGER])
        tab = self.tables
        by_elder, by_younger = holdings(tab, elder), holdings(tab, younger)
        held = self.held = {POINT: (by_elder[0], by_younger[0]), SEQUENCES: (by_elder[1], by_younger[1]),
                            SETS: (by_elder[2], by_younger[2])}
        # The six calls in the order they are made: where each goes, and what it may be.
        steps: list[tuple[list[Combo | None], int, list[Combo]]] = []
        for kind in self.order:  # not unpacked in the loop's head: compiled, that is a generic iteration of each pair
            calls, pair = self.calls[kind], held[kind]
            steps.append((calls, ELDER, pair[ELDER]))
            steps.append((calls, YOUNGER, pair[YOUNGER]))
        self.steps = steps
        if self.forced_by is not None and self.forced_suit is None:
            self.phase, self.player = Phase.FORCED_SUIT, self.forced_by
        else:
            self.phase, self.player, self.step = Phase.DECLARE, ELDER, 0

    def peek(self, p: int, n: int) -> None:
        """Player ``p`` saw or took ``n`` cards of the opponent's part of the talon."""
        pen = self.rules.penalties
        if n < pen.seeing_min_cards:
            self.notes.append(Note(Noted.PEEK_BELOW_MINIMUM, role=p, n=n))
            return
        kind = pen.seeing_opponent_talon
        if kind != "forced_suit" or p == ELDER:
            penalty = Note(Noted.of("penalty", kind), points=pen.grand_coup_points)
            self.notes.append(Note(Noted.PEEK, role=p, n=n, penalty=penalty))
        if kind == "reckons_nothing":
            self.reckons_nothing[p] = True
        elif kind == "grand_coup":
            self.grand_coup[p] = True
        elif kind == "loses_game":
            self.forfeit = p
            self.phase = Phase.OVER
        elif p == ELDER:  # forced suit: only the player who leads first can be made to lead a suit
            self.forced_by = YOUNGER
        else:
            self.notes.append(Note(Noted.PEEK_YOUNGER_FORCED))

    # -- declarations -------------------------------------------------------

    def declaring(self) -> tuple[str, int]:
        """The kind being declared and by whom."""
        return self.order[self.step // 2], self.step % 2

    def holding(self, kind: str, p: int) -> list[Combo]:
        """The combinations of a kind that ``p`` holds after the exchange, best first."""
        return self.held[kind][p]

    def candidates(self) -> list[Combo]:
        """The calls open to the declaring player, best first; one index more sinks the kind."""
        return self.steps[self.step][2]

    def show(self, p: int, kind: str, key: int) -> None:
        """A combination shown while calling less, which may still bar the opponent."""
        self.shown[kind][p] = key

    def sink(self, p: int, kind: str, cards: int) -> None:
        """Player ``p`` sinks ``cards`` in ``kind``: he calls and reckons that kind as though he did not hold them.

        Sinking is the player's to choose ("He may have a quart to a knave, and may only call a tierce to a knave
        ... or a quatorze, and may only call a trio": Cavendish, *Calling*, Sinking; Law 49's winner "can
        reckon", not must).  What he sinks he neither calls, nor reckons, nor opposes: his calls of the kind are
        among the combinations of the cards he does not sink, the winner's reckoning is of those alone, and
        what the adversary holds better than his call is good.  It is no miscall.
        """
        if self.phase != Phase.DECLARE or self.declaring() != (kind, p):
            raise IllegalAction(msg("sinks-as-called", "the {role} sinks cards of the {kind} only as he calls it",
                                    role=Word(ROLES[p]), kind=Word(kind)))
        if not cards or cards & ~self.declared_hands[p]:
            raise IllegalAction(msg("sinks-held", "the {role} sinks only cards he holds", role=Word(ROLES[p])))
        held = holdings(self.tables, self.declared_hands[p] & ~cards)[KINDS.index(kind)]
        if held == self.held[kind][p]:
            raise IllegalAction(msg("sinks-none", "the {role} holds no {kind} that these cards are of", role=Word(ROLES[p]),
                                    kind=Word(kind)))
        pair = (held, self.held[kind][1]) if p == ELDER else (self.held[kind][0], held)
        self.held[kind] = pair
        calls, _, _ = self.steps[self.step]
        self.steps[self.step] = (calls, p, held)
        self.notes.append(Note(Noted.SUNK, role=p, kind=Note(Noted.of("kind", kind)), cards=tuple(iter_cards(cards))))

    def _declare(self, index: int) -> None:
        cands = self.candidates()
        if not 0 <= index <= len(cands):
            raise IllegalAction(msg("no-call", "no call {index}; {count} choices", index=index, count=len(cands) + 1))
        self._call(index)

    def _call(self, index: int) -> None:
        """The call itself, once the index is known to be one of the choices."""
        calls, p, cands = self.steps[self.step]
        calls[p] = cands[index] if index < len(cands) else None
        self.step = step = self.step + 1
        if step == _DECLARE_STEPS:
            self.phase, self.player = Phase.PLAY, ELDER
        else:
            self.player = step & 1

    # -- play ---------------------------------------------------------------

    def playable(self) -> int:
        """The bitmask of the cards the player to move may play."""
        p = self.player
        hand = self.hands[p]
        lead = self.lead_card
        if lead is None:
            named = self.forced_lead
            if named is not None and named[0] == p:
                return hand & SUIT_MASKS[named[1]] or hand
            if not self.tricks and self.forced_suit is not None and p == ELDER:
                forced = hand & SUIT_MASKS[self.forced_suit]
                return forced or hand
            return hand
        if self.follows:
            follow = hand & SUIT_MASKS[lead // RANKS_PER_SUIT]
            return follow or hand
        return hand

    def play_card(self, c: int) -> None:
        """Play card ``c`` (``apply`` in the play, called directly by the table, whose every other action is one)."""
        if not self.playable() >> c & 1:
            raise IllegalAction(msg("not-now", "{card} may not be played now", card=card_arg(c))
                                if self.hands[self.player] >> c & 1 else
                                msg("not-held", "the {role} does not hold {card}", role=Word(ROLES[self.player]),
                                    card=card_arg(c)))
        p = self.player
        hands = self.hands
        # not ``hands[p] &= ...``: compiled, an augmented assignment to an item is a generic operation on objects
        hands[p] = hands[p] & ~(1 << c)
        lead = self.lead_card
        if lead is None:
            named = self.forced_lead
            if named is not None and named[0] == p:
                self.forced_lead = None  # the suit named binds his next lead only
            self.lead_card = c
            self.player = 1 - p
            if not hands[1 - p]:  # too few cards: the lead cannot be played to (Cavendish Law 57)
                self._trick(p, c, NO_CARD, False)
        else:
            self._trick(1 - p, lead, c, follower_wins(lead, c))

    def _trick(self, leader: int, lead: int, follow: int, follower_won: bool) -> None:
        """A trick complete, and whether the follower won it: the tricks each has won, and who leads next."""
        winner = 1 - leader if follower_won else leader
        self.tricks.append((leader, lead, follow))
        won = self.won
        won[winner] = won[winner] + 1
        self.lead_card = None
        self.player = winner
        if len(self.tricks) == self.last_trick:  # a longer hand's cards beyond it stay in his hand
            self.phase = Phase.OVER
        elif not self.hands[winner]:
            if not self.hands[1 - winner]:
                self.phase = Phase.OVER
            else:  # he has played out a short hand: the other leads what is left
                self.player = 1 - winner

    # -- the action interface ----------------------------------------------

    def apply(self, action: int) -> None:
        phase = self.phase
        if phase == Phase.PLAY:
            self.play_card(action)
        elif phase == Phase.DECLARE:
            self._declare(action)
        elif phase == Phase.EXCHANGE:
            self._exchange(action)
        elif phase == Phase.FORCED_SUIT:
            if not 0 <= action < 4:
                raise IllegalAction(SUIT_NUMBER)
            self.forced_suit = action
            self.phase, self.player, self.step = Phase.DECLARE, ELDER, 0
        elif phase == Phase.MISDEAL:
            if action not in (0, 1):
                raise IllegalAction(msg("stands-or-fresh", "the elder stands (0) or calls a fresh deal (1)"))
            if action:
                self.fresh_deal(Note(Noted.FRESH_DEAL_CALLED))
            else:
                hand = self.rules.deal.hand
                self.notes.append(Note(Noted.MISDEAL_STOOD, elder=hand + self.delta[ELDER], younger=hand + self.delta[YOUNGER],
                                       talon=len(self.talon), take=self.parts[0], part=self.parts[1]))
                self.phase = Phase.EXCHANGE
                self._check_faced()
        else:
            raise IllegalAction(msg("deal-over", "the deal is over"))

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == Phase.PLAY:
            return cards_of(self.playable())
        if phase == Phase.DECLARE:
            return list(range(len(self.candidates()) + 1))
        if phase == Phase.EXCHANGE:
            fewest, most = self.take_range(self.player)
            cards = cards_of(self.hands[self.player])
            d = self.delta[self.player]
            return [sum(1 << c for c in chosen) for k in range(fewest, most + 1)
                    for chosen in combinations(cards, k + d)]
        if phase == Phase.FORCED_SUIT:
            return [0, 1, 2, 3]
        if phase == Phase.MISDEAL:
            return [0, 1]
        return []

    def sample_action(self, rng: random.Random) -> int:
        """A uniformly random legal action, drawn without listing them all."""
        phase = self.phase
        if phase == Phase.PLAY:
            return random_card(self.playable(), rng.random)
        if phase == Phase.DECLARE:
            return int(rng.random() * (len(self.candidates()) + 1))
        if phase == Phase.EXCHANGE:
            fewest, most = self.take_range(self.player)
            k = fewest + int(rng.random() * (most - fewest + 1)) + self.delta[self.player]
            hand = self.hands[self.player]
            discard = 0
            rand = rng.random
            for _ in range(k):
                low = 1 << random_card(hand, rand)
                hand ^= low
                discard |= low
            return discard
        if phase == Phase.FORCED_SUIT:
            return int(rng.random() * 4)
        if phase == Phase.MISDEAL:
            return int(rng.random() * 2)
        raise IllegalAction(msg("deal-over", "the deal is over"))

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER
