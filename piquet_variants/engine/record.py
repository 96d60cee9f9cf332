"""Deal records replayed under a ruleset, and the scores they claim checked.

A record is turned into the engine's own actions (the dealt cards as one
chance outcome, then discards, calls and cards), so a replay is exactly the
game the engine would play.  The record comes typed (``records.model``);
anything wrong in it is reported with the file, line, column and JSON path
where it was written, which its places (``Placed``) give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from ..cards import RANK_KEYS, card_long_name, card_name, mask, mask_names, parse_card, rank_of
from ..errors import UNKNOWN_PLAYED, CardError, IllegalAction, Problem, RecordError, echo
from ..located import JsonPath
from ..records.checks import (FINAL, BlancheShown, Category, Check, Checkpoint, Dialogue, Figure, PartieFigure, Place,
                              RunCalled, SetCalled, Stage, TricksWon)
from ..records.model import (Call, Called, Calls, Claim, Count, Deal as RecordedDeal, ExchangeSide, Incident, PartieClaim, Record,
                             Role, RunningClaim, Said, Shown, SoFar, TricksWonClaim)
from ..ruleset.model import Rules
from .combos import POINT, SEQUENCES, SETS, Combo, claim
from .deal import ELDER, ROLES, YOUNGER, Deal, Dealt, Phase, deck_cards, follower_wins
from .irregular import (blanche_shown_late, call_sufficient, exchange_wrongly, exposed_in_dealing, fresh_deal_not_given,
                        incorrect_pack, left_taken_up, miscall, mixed_into_discard, mixed_talon, omission, question,
                        reply, retake_discard, retract, state, stock_taken_up, take_up_left, throw_down,
                        unannounced_misdeal, unmixed_take, younger_alters_discard)
from .notes import Note, Noted
from .partie import Partie, PartieResult, cut_for_deal
from .scoring import CATEGORIES, DealScore, score_deal

SUITS_BY_LETTER = {"S": 0, "H": 1, "D": 2, "C": 3, "P": 0, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
UNKNOWN = -1  # a card the source does not give ("?")

class Placed(Protocol):
    """Where each value of a record was written (``located.Located`` is one)."""

    def where(self, path: JsonPath) -> tuple[int, int]:
        """The line and column of the value at ``path``, or of its nearest placed ancestor."""

    def problem(self, path: JsonPath, message: str) -> Problem:
        """A problem at the value at ``path``."""


@dataclass(slots=True)
class DealReplay:
    number: int
    players: tuple[str, str]  # (elder, younger)
    score: DealScore | None  # None: a score-sheet deal
    totals: tuple[int, int]
    checks: list[Check] = field(default_factory=list)  # every figure the book gives, checked
    deal: Deal | None = None
    #: What the partie says of this deal that the record may not mean: dealt out of the laws' turn with no deal out
    #: of turn written, or written after the partie was decided (and so not counted).
    warnings: list[Note] = field(default_factory=list)
    #: The partie as it stood before this deal was counted (None: a score sheet's deal, or one after the partie's
    #: end), for what the deal is worth in the partie's settlement.
    before: Partie | None = None

    @property
    def mismatches(self) -> list[Check]:
        return [c for c in self.checks if not c.agrees]


@dataclass(slots=True)
class Replay:
    deals: list[DealReplay]
    partie: PartieResult
    players: tuple[str, str]
    mismatches: list[Check]  # every deal's, then the partie's

    @property
    def checks(self) -> list[Check]:
        """Every figure the record gives that the replay checked, deal by deal, agreeing or not."""
        return [c for d in self.deals for c in d.checks]


class _Reader:
    """Reads one record's cards and names, turning every fault into a problem at its place."""

    def __init__(self, places: Placed, lang: str):
        self.places = places
        self.lang = lang

    def fail(self, path: JsonPath, message: str) -> RecordError:
        return RecordError([self.places.problem(path, message)])

    def card(self, text: str, path: JsonPath) -> int:
        if text == "?":
            return UNKNOWN
        try:
            return parse_card(text, self.lang)
        except CardError as exc:
            raise self.fail(path, str(exc)) from None

    def cards(self, items: Sequence[str], path: JsonPath) -> list[int]:
        return [self.card(t, path + (i,)) for i, t in enumerate(items)]

    def known(self, items: Sequence[str], path: JsonPath) -> list[int]:
        """Cards a player names or shows (a call, a cut): each must be given, where a hand may have '?'."""
        cards = self.cards(items, path)
        if UNKNOWN in cards:
            raise self.fail(path + (cards.index(UNKNOWN),), "a card named or shown must be given, not '?'")
        return cards

    def role(self, key: str, players: tuple[str, str], path: JsonPath) -> int:
        if key in ROLES:
            return ROLES.index(key)
        if key in players:
            return players.index(key)
        raise self.fail(path, f"{echo(key)} is neither elder, younger, nor a player of this deal ({', '.join(players)})")


def _seat(role: Role | None) -> int:
    """The seat of an incident's player; the schema requires one for every incident that acts by a player."""
    if role is None:
        raise ValueError("an incident that acts by a player names him")
    return role.seat


class AsCalled(NamedTuple):
    """The calls of a deal as the players made them, before the laws of calling ruled on them, by kind and role:
    what each declared, what each first called (a miscall's words, where the record states one), and the
    miscalls whose correction the ruleset let stand."""

    declared: dict[str, tuple[Combo | None, Combo | None]]
    first: dict[str, list[Combo | None]]
    amended: set[tuple[str, int]]


class _DealDriver:
    """Drives one recorded deal through the engine, a method a phase: the cards dealt, what voids the deal or lets
    it stand, the misdeal and what is shown before the exchange, the exchange and the discards changed after it, a
    forced suit, the declarations, the calling irregularities, then the play.  Each fault is a problem at the
    record's place for it."""

    def __init__(self, reader: _Reader, rules: Rules, recorded: RecordedDeal, at: JsonPath) -> None:
        self.reader, self.rules, self.recorded, self.at = reader, rules, recorded, at
        self.incidents: tuple[Incident, ...] = recorded.incidents
        #: The cards that stood for '?' in each hand and the talon, in order.
        self.filled: list[list[int]] = [[], [], []]

    def fail(self, rest: JsonPath, message: str) -> RecordError:
        return self.reader.fail(self.at + rest, message)

    def run(self) -> tuple[Deal, AsCalled | None]:
        deal = self.dealt()
        self.before_the_exchange(deal)
        if deal.over:
            return deal, None
        self.exchange(deal)
        if deal.over:
            return deal, None
        self.forced_suit(deal)
        self.declare(deal)
        as_called = _calling_irregularities(self.reader, deal, self.incidents, self.recorded, self.at)
        self.play(deal)
        return deal, as_called

    def dealt(self) -> Deal:
        """The deal as dealt: each '?' filled with a card of the pack no one is named with, and without talon or
        exchange, the hands as played (the rest of the pack standing for the talon)."""
        recorded, reader = self.recorded, self.reader
        if recorded.hands is None:
            raise self.fail((), "a deal needs 'hands' (or only 'scores', for a score sheet)")
        elder = reader.cards(recorded.hands.elder, self.at + ("hands", "elder"))
        younger = reader.cards(recorded.hands.younger, self.at + ("hands", "younger"))
        talon = reader.cards(recorded.talon or (), self.at + ("talon",))
        seen = self._named_once(((("hands", "elder"), elder), (("hands", "younger"), younger), (("talon",), talon)))
        as_played = recorded.talon is None and recorded.exchange is None
        spare = [c for c in deck_cards(self.rules) if c not in seen]
        unknown = sum(g.count(UNKNOWN) for g in (elder, younger, talon))
        notes = []
        if unknown:
            if len(spare) < unknown or (len(spare) != unknown and not as_played):
                raise self.fail(("hands",), f"{unknown} cards are unknown ('?') but {len(spare)} cards of the pack "
                                            "are not named")
            for g, group in enumerate((elder, younger, talon)):
                for i, c in enumerate(group):
                    if c == UNKNOWN:
                        group[i] = spare.pop(0)
                        self.filled[g].append(group[i])
            notes.append(Note(Noted.UNKNOWN_FILLED, cards=tuple(c for g in self.filled for c in g)))
        if as_played:
            talon = spare
        faced = None
        for inc in self.incidents:
            if inc.type == "faced_card":
                faced = _or(inc.position, 1) - 1
        in_dealing = sum(_or(inc.cards, 1) for inc in self.incidents if inc.type == "faced_in_dealing")
        deal = Deal(self.rules, Dealt(mask(elder), mask(younger), tuple(talon), faced, in_dealing))
        deal.notes += notes
        return deal

    def _named_once(self, groups: tuple[tuple[JsonPath, list[int]], ...]) -> dict[int, JsonPath]:
        """Each card named, where: none twice, each of the ruleset's pack."""
        seen: dict[int, JsonPath] = {}
        for place, group in groups:
            for i, c in enumerate(group):
                if c in seen:
                    raise self.fail(place + (i,), f"{card_name(c)} is dealt twice")
                if c != UNKNOWN:
                    seen[c] = place
        stray = [c for c in seen if rank_of(c) not in self.rules.deck.ranks]
        if stray:
            raise self.fail(("hands",), f"the {card_long_name(stray[0])} is not in this ruleset's pack")
        return seen

    def before_the_exchange(self, deal: Deal) -> None:
        """What voids the deal or lets it stand before anyone takes in (a deal out of turn, an incorrect pack, a
        card exposed by the dealer), a misdeal stood or refused (announced or not), and a carte blanche shown late."""
        self.void_or_stands(deal)
        for inc in self.incidents:
            if inc.type == "misdeal" and deal.phase == Phase.MISDEAL:
                if inc.announced is not False:
                    deal.apply(1 if inc.choice == "fresh_deal" else 0)
                else:
                    unannounced_misdeal(deal)
            elif inc.type == "misdeal":  # no misdeal this ruleset lets the elder choose on: none, or void already
                fresh_deal_not_given(deal, inc.choice)
        if deal.phase == Phase.MISDEAL:
            deal.apply(0)
        for i, inc in enumerate(self.incidents):
            if inc.type == "blanche_shown_late" and not deal.over:
                try:
                    blanche_shown_late(deal, _seat(inc.player))
                except IllegalAction as exc:
                    raise self.fail(("incidents", i), str(exc)) from None

    def void_or_stands(self, deal: Deal) -> None:
        """A deal out of turn found before the cards were taken up is void, and so is a deal in which the pack is
        found incorrect (Cavendish Laws 16, 75); a card the dealer exposed voids it at the elder's call (Law 13)."""
        for i, inc in enumerate(self.incidents):
            if deal.over:
                return
            try:
                match inc.type:
                    case "out_of_turn" if inc.found == "before_cards_taken_up":
                        deal.fresh_deal(Note(Noted.OUT_OF_TURN_VOID))
                    case "out_of_turn":
                        deal.notes.append(Note(Noted.of("out_of_turn", self.rules.deal.out_of_turn_found_late)))
                    case "incorrect_pack":
                        incorrect_pack(deal)
                    case "exposed_by_dealer":
                        exposed_in_dealing(deal, inc.whose or "", inc.choice == "fresh_deal")
            except IllegalAction as exc:
                raise self.fail(("incidents", i), str(exc)) from None

    def exchange(self, deal: Deal) -> None:
        """Each player's exchange, the elder's first, after any peek at the talon; none where the hands are given
        as played."""
        exchange = self.recorded.exchange
        if exchange is None:
            changed = next((i for i, inc in enumerate(self.incidents) if inc.type in _DISCARD_CHANGED), None)
            if changed is not None:
                raise self.fail(("incidents", changed), "a discard taken back, mixed into or altered, or cards left "
                                                         "taken up, needs the exchange it changes")
            for role in (ELDER, YOUNGER):  # a peek, or stock cards mixed, with no exchange written (Laws 27-29)
                if not deal.over:
                    self._peeks(deal, role)
            if self.recorded.talon is None and not deal.over:
                deal.skip_exchange()
            return
        for role in (ELDER, YOUNGER):
            if deal.phase != Phase.EXCHANGE:
                return
            self._peeks(deal, role)
            if deal.over:
                return
            side = exchange.of(role)
            if side is None and self.recorded.declarations is None and not self.recorded.tricks:
                return  # the record stops here, as one whose play stops short: the deal is told as far as it goes
            if side is None:
                raise self.fail(("exchange",), f"the {ROLES[role]}'s exchange is missing")
            self._side(deal, role, side, ("exchange", ROLES[role]))
            self._discard_changed(deal, role)
            self._left_taken_up(deal, role)

    def _incident_cards(self, i: int) -> int:
        """The cards an incident names, each given."""
        return mask(self.reader.known(self.incidents[i].which_cards or (), self.at + ("incidents", i, "which_cards")))

    def _by(self, inc: Incident, role: int) -> bool:
        return inc.player is not None and inc.player.seat == role

    def _discard_changed(self, deal: Deal, role: int) -> None:
        """Cards taken back from his discard, or mixed into it, once he has taken in (Cavendish Laws 25, 26)."""
        for i, inc in enumerate(self.incidents):
            if not self._by(inc, role) or inc.type not in _FROM_DISCARD:
                continue
            cards = self._incident_cards(i)
            try:
                if inc.type == "retakes_discard":
                    retake_discard(deal, role, cards, bool(inc.waived))
                else:
                    mixed_into_discard(deal, role, cards)
            except IllegalAction as exc:
                raise self.fail(("incidents", i), str(exc)) from None

    def _left_taken_up(self, deal: Deal, role: int) -> None:
        """The cards he left, taken up with those he took in (Cavendish Laws 33, 35)."""
        for i, inc in enumerate(self.incidents):
            if inc.type == "takes_up_left_cards" and self._by(inc, role):
                try:
                    left_taken_up(deal, role, bool(inc.waived))
                except IllegalAction as exc:
                    raise self.fail(("incidents", i), str(exc)) from None

    def _peeks(self, deal: Deal, role: int) -> None:
        """His adversary's stock cards seen, mixed with his hand (Laws 27-29), or taken up (Law 27; au Cent para.
        10), before he takes in."""
        for i, inc in enumerate(self.incidents):
            if inc.type not in ("peek", "stock_taken_up") or not self._by(inc, role):
                continue
            talon, part = deal.dealt.talon, deal.parts[0]
            if inc.which_cards is not None and self._incident_cards(i) & ~mask(talon[part:] if role == ELDER
                                                                               else talon[:part]):
                raise self.fail(("incidents", i, "which_cards"), "the cards seen or taken up are of the part of the "
                                                                 "stock his adversary is to take, and these are not")
            if inc.type == "stock_taken_up":
                stock_taken_up(deal, role, _or(inc.cards, 1), inc.choice, bool(inc.waived))
            elif inc.mixed:
                mixed_talon(deal, role, _or(inc.cards, 1), inc.choice, bool(inc.waived),
                            self._incident_cards(i) if inc.which_cards is not None else 0,
                            keeps=self.recorded.exchange is not None)
            else:
                fresh_deal_not_given(deal, inc.choice)
                deal.peek(role, _or(inc.cards, 1))

    def _side(self, deal: Deal, role: int, side: ExchangeSide, path: JsonPath) -> None:
        """One player's discard, and what he took, checked against the talon."""
        discard = self.reader.cards(side.discard, self.at + path + ("discard",))
        guessed = iter(self.filled[role])
        try:
            discard = [next(guessed) if c == UNKNOWN else c for c in discard]
        except StopIteration:
            raise self.fail(path + ("discard",), f"more unknown discards than unknown cards in the "
                                                 f"{ROLES[role]}'s hand") from None
        part = deal.talon[:deal.parts[0]] if role == ELDER else list(deal.talon)
        try:
            altered = next((i for i, inc in enumerate(self.incidents) if inc.type == "alters_discard"
                            and self._by(inc, role)), None)
            took = side.took if side.took is not None else unmixed_take(deal, role, mask(discard))
            if took is not None:  # not as many as he discarded (1651 ch. XII; Laws 28-31, 35)
                exchange_wrongly(deal, mask(discard), took, bool(side.waived))
            elif altered is not None:  # his discard, then the one he would alter it to (Law 32)
                younger_alters_discard(deal, mask(discard), self._incident_cards(altered),
                                       bool(self.incidents[altered].announced))
            else:
                deal.apply(mask(discard))
        except IllegalAction as exc:
            raise self.fail(path + ("took" if side.took is not None else "discard",), str(exc)) from None
        if side.looked_at_left is not None:
            try:
                deal.look_at_left(role, side.looked_at_left)
            except IllegalAction as exc:
                raise self.fail(path + ("looked_at_left",), str(exc)) from None
        for key, stated, engine in (("takes", side.takes, deal.taken[role]),
                                    ("leaves", side.leaves, mask(part) & ~deal.taken[role])):
            if stated is not None and UNKNOWN not in (given := self.reader.cards(stated, self.at + path + (key,))) \
                    and mask(given) != engine:
                raise self.fail(path + (key,), f"the {ROLES[role]} {key} {' '.join(mask_names(engine)) or 'nothing'} "
                                               f"from this talon, not {' '.join(stated) or 'nothing'}")

    def forced_suit(self, deal: Deal) -> None:
        """The suit the younger names for the elder's lead, where a penalty forces one."""
        if deal.phase != Phase.FORCED_SUIT:
            return
        named = next((inc.suit_named for inc in self.incidents if inc.suit_named), None)
        if named is None or named.upper() not in SUITS_BY_LETTER:
            raise self.fail(("incidents",), "the forced suit must be given as suit_named (S, H, D or C)")
        deal.apply(SUITS_BY_LETTER[named.upper()])

    def declare(self, deal: Deal) -> None:
        """Each call in the engine's order: the best (the default), sunk, of the cards named, or with a better
        combination shown."""
        declarations = self.recorded.declarations
        while deal.phase == Phase.DECLARE:
            kind, p = deal.declaring()
            calls = declarations.of(kind) if declarations is not None else None
            called = calls.of(p) if calls is not None else None
            want: Call = "best" if called is None else called
            cands = deal.candidates()
            path = self.at + ("declarations", kind, ROLES[p])
            if isinstance(want, Shown):
                if want.shown:
                    shown = mask(self.reader.known(want.shown, path + ("shown",)))
                    combo = next((c for c in cands if c.cards == shown), None)
                    if combo is None:
                        raise self.reader.fail(path + ("shown",), f"the {ROLES[p]} holds no {kind} of exactly these "
                                                                  "cards")
                    deal.show(p, kind, combo.key)
                if want.sinks:
                    try:
                        deal.sink(p, kind, mask(self.reader.known(want.sinks, path + ("sinks",))))
                    except IllegalAction as exc:
                        raise self.reader.fail(path + ("sinks",), str(exc)) from None
                    cands = deal.candidates()
                want, path = want.call, path + ("call",)
            deal.apply(self._call_index(cands, want, kind, p, path))

    def _call_index(self, cands: list[Combo], want: str | tuple[str, ...], kind: str, p: int, path: JsonPath) -> int:
        if want == "best":
            return 0
        if want == "sink":
            return len(cands)
        called = mask(self.reader.known(want, path))
        index = next((i for i, c in enumerate(cands) if c.cards == called), -1)
        if index < 0:
            raise self.reader.fail(path, f"the {ROLES[p]} holds no {kind} of exactly these cards")
        return index

    def play(self, deal: Deal) -> None:
        """The tricks, card by card, with the incidents of play before the trick each is stated before."""
        tricks = self.recorded.tricks or ()
        for n, trick in enumerate(tricks):
            _play_incidents(self.reader, deal, self.incidents, n + 1, n + 1, self.at)
            for j, text in enumerate(trick):
                where = ("tricks", n, j)
                if deal.phase != Phase.PLAY:
                    raise self.fail(where, f"the play is over after trick {len(deal.tricks)}, the last: a card "
                                           "beyond a full hand is no trick" if len(deal.tricks) == deal.last_trick
                                    else "the play is already over")
                played = self.reader.card(text, self.at + where)
                if played == UNKNOWN:
                    raise self.fail(where, UNKNOWN_PLAYED)
                try:
                    deal.apply(played)
                except IllegalAction as exc:
                    raise self.fail(where, f"trick {n + 1}: {exc}") from None
        _play_incidents(self.reader, deal, self.incidents, len(tricks) + 1, _MAX_TRICK, self.at)


#: The incidents that change an exchange once made: cards taken back from the discard or mixed into it, the
#: younger's discard altered, and the cards he left taken up with those he took in.
_FROM_DISCARD = ("retakes_discard", "mixed_into_discard")
_DISCARD_CHANGED = _FROM_DISCARD + ("alters_discard", "takes_up_left_cards")
_MAX_TRICK = 1 << 16  # a number past any trick: what is stated for the end of the play
_IN_PLAY = ("takes_left_card", "question", "retract", "throws_down")


def _play_incidents(reader: _Reader, deal: Deal, incidents: Sequence[Incident], first: int, last: int,
                    at: JsonPath) -> None:
    """In play, before trick ``first`` (up to ``last``): a card left taken up, a question answered, a claim to take
    cards back, a hand thrown down (engine/irregular.py)."""
    for i, inc in enumerate(incidents):
        if inc.type not in _IN_PLAY or not first <= _or(inc.before_trick, 1) <= last:
            continue
        p = _seat(inc.player)
        try:
            match inc.type:
                case "takes_left_card":
                    take_up_left(deal, p, bool(inc.announced))
                case "question":
                    question(deal, p, SUITS_BY_LETTER[inc.suit or ""], _or(inc.answer, 0))
                case "throws_down":
                    throw_down(deal, p)
                case _:
                    retract(deal, p, inc.reason or "")
        except IllegalAction as exc:
            raise reader.fail(at + ("incidents", i), str(exc)) from None


def _or(value: int | None, default: int) -> int:
    """A number the record may leave out, and what leaving it out means."""
    return default if value is None else value


def _calling_irregularities(reader: _Reader, deal: Deal, incidents: Sequence[Incident], recorded: RecordedDeal,
                            at: JsonPath) -> AsCalled | None:
    """Miscalls, replies and omissions, judged once both have called and before the first card; a call that did
    not name what the ruleset wants named misinforms the other player (engine/irregular.py).  The calls as made
    before the judging (None: no call was made)."""
    if deal.phase != Phase.PLAY:
        return None
    as_called = AsCalled({k: (c[0], c[1]) for k, c in deal.calls.items()}, {k: list(c) for k, c in deal.calls.items()},
                         set())
    for kind, calls in recorded.declarations.kinds() if recorded.declarations is not None else ():
        first = _first_call(calls.said, Role.ELDER)
        if first is not None and not call_sufficient(deal, ELDER, kind, first[1]):
            state(deal).misinformed[YOUNGER] = True
    judged = sorted((_CALLING.index(inc.type), i) for i, inc in enumerate(incidents) if inc.type in _CALLING)
    for _, i in judged:
        if deal.over:
            break
        inc, path = incidents[i], at + ("incidents", i)
        p, kind = _seat(inc.player), inc.kind or ""
        try:
            match inc.type:
                case "miscall":
                    called = inc.called or Called()
                    cards = (mask(reader.known(called.cards, path + ("called", "cards")))
                             if called.cards is not None else None)
                    combo = as_called.first[kind][p] = _called(reader, deal, p, kind, called, path + ("called",))
                    miscall(deal, p, kind, combo, inc.corrected, cards=cards, shown=bool(inc.shown),
                            waived=bool(inc.waived))
                    if deal.notes[-1].what is Noted.MISCALL_CORRECTED:  # in time: his correction stands
                        as_called.amended.add((kind, p))
                case "reply":
                    reply(deal, p, kind, inc.reply or "", inc.corrected)
                case _:
                    omission(deal, p, kind, inc.reckoned)
        except IllegalAction as exc:
            raise reader.fail(path, str(exc)) from None
    return as_called


_CALLING = ("miscall", "reply", "omission")  # the order they are judged in: a reply answers the call first made


def _first_call(said: Sequence[Said], role: Role) -> tuple[int, Said] | None:
    """A player's first call in a kind's dialogue (not a reply or a question), and where it stands in it."""
    return next(((i, item) for i, item in enumerate(said)
                 if item.by is role and item.reply is None and item.ask is None), None)


def _called(reader: _Reader, deal: Deal, p: int, kind: str, said: Called, path: JsonPath) -> Combo:
    """The combination a miscall describes, in the words of the dialogue: held, or claimed without being held."""
    rules = deal.rules
    length = said.set if said.set is not None else said.length
    rank = said.rank if said.rank is not None else said.top
    needs = {POINT: ("value",) if rules.point.compare == "value" else ("length",),
             SEQUENCES: ("length", "top"), SETS: ("set", "rank")}[kind]
    given = {"value": said.value, "length": said.length, "top": said.top, "set": said.set, "rank": said.rank}
    if any(given[k] is None for k in needs):
        raise reader.fail(path, f"a miscalled {kind} under this ruleset needs {' and '.join(needs)}")
    return claim(rules, kind, deal.holding(kind, p), length, None if rank is None else RANK_KEYS.index(rank),
                 said.value)


#: A checked line of a dialogue: (index, what, role, the book's word, the engine's).
_Said = tuple[int, str, int, Figure, Figure]


class _Dialogue:
    """One kind's dialogue checked line by line: what each has called and named so far, whose miscall still stands,
    and the stage the last call reached.

    A player's first call is checked against the combination the engine
    declares for him; each later call in the same kind ("… and three queens")
    against the combinations he holds, in its own right.  The last reply is
    checked against the engine's judgement; a reply before it ("equal" to a
    length, then "making?") against the stage it answers: the lengths alone
    after a length, the whole call after a value, a sequence's top or a set.
    A count is checked against the speaker's running score once he has
    reckoned as many combinations of the kind as he has called.

    Where the record's incidents say the laws of calling ruled on the kind,
    the dialogue is checked against the calls as they were made, not as
    judged: a miscall's words against the miscall, and so is the call that
    says again what it said (his correction), unless the ruleset lets the
    correction stand, when it is checked against what he declared; each reply
    against the calls as they stood when it was said; and a reply the
    incidents state (``equal``, ``good``, ``making?``) against the incident.
    """

    def __init__(self, deal: Deal, score: DealScore, kind: str, incidents: Sequence[Incident],
                 as_called: AsCalled | None) -> None:
        self.deal, self.score, self.kind, self.as_called = deal, score, kind, as_called
        self.result = score.kinds[kind]
        stated = [inc for inc in incidents if inc.type in _CALLING and inc.kind == kind]
        self.stated = bool(stated)
        self.declared: Sequence[Combo | None] = self.result.calls
        self.first: Sequence[Combo | None] = self.result.calls
        if stated and as_called is not None:
            self.declared, self.first = as_called.declared[kind], as_called.first[kind]
        #: What each miscall named, by whose it is.
        self.miscalled = {_seat(inc.player): (inc.called or Called()).named() for inc in stated
                          if inc.type == "miscall"}
        self.replied = {_seat(inc.player): inc.reply or "" for inc in stated if inc.type == "reply"
                        and inc.reply != "which_out"}  # a reply the dialogue has no words for checks none of them
        self.standing = set(self.miscalled)  # whose miscall still stands in the dialogue
        self.spoken: list[frozenset[str]] = [frozenset(), frozenset()]  # what each has named in his first call
        self.retold: set[int] = set()  # who has said his miscalled call again: his correction
        self.stage: str | None = None  # what the last call said: "length", or the whole call
        self.calls = [0, 0]  # each player's calls so far
        self.last_reply = -1

    def call(self, r: int, named: str = "") -> Combo | None:
        """What r's words are checked against: his miscall, for what it names, until he corrects it."""
        if r in self.standing and (not named or named in self.miscalled[r]):
            return self.first[r]
        return self.declared[r]

    def check(self, said: Sequence[Said]) -> list[_Said]:
        self.last_reply = -1 if self.stated else max((i for i, item in enumerate(said) if item.reply is not None),
                                                     default=-1)
        out: list[_Said] = []
        for i, item in enumerate(said):
            out += self.line(i, item)
        return out

    def line(self, i: int, item: Said) -> list[_Said]:
        r = item.by.seat
        named = item.named()
        correction = r in self.miscalled and r not in self.retold and bool(named & self.spoken[r])
        if correction:  # he says again what he had said
            self.retold.add(r)
            if self.as_called is not None and (self.kind, r) in self.as_called.amended:
                self.standing.discard(r)
        self.spoken[r] |= named
        if item.length is not None and self.calls[r] and not correction:
            return [self.later_call(i, item.length, item.top, r, RunCalled(item.length, item.top))]
        if item.set is not None and self.calls[r] and not correction:
            return [self.later_call(i, item.set, item.rank, r, SetCalled(item.set, str(item.rank)))]
        if named - {"top"}:
            return self.first_call(i, item, r, correction)
        if item.count is not None:
            return [(i, "count", r, item.count, _count_after(self.deal, self.score, r, self.kind, self.calls[r]))]
        return self.reply(i, item, r)

    def later_call(self, i: int, length: int, top: str | None, r: int, book: Figure) -> _Said:
        """A call after his first ("… and three queens", "… and a tierce"): checked against what he holds, in its
        own right."""
        found = any(c.length == length and (top is None or c.top >= 0 and RANK_KEYS[c.top] == top)
                    for c in self.deal.holding(self.kind, r))
        self.calls[r] += 1
        self.stage = "whole"
        return (i, "call", r, book, book if found else "-")

    def first_call(self, i: int, item: Said, r: int, correction: bool) -> list[_Said]:
        """His call, by length (and top), by set, or by value: against the combination it is checked against."""
        out: list[_Said] = []
        if item.length is not None:
            combo = self.call(r, "length")
            out.append((i, "length", r, item.length, combo.length if combo else 0))
            self.stage = "length"
            if item.top is not None:
                combo = self.call(r, "top")
                out.append((i, "top", r, item.top, RANK_KEYS[combo.top] if combo and combo.top >= 0 else "-"))
                self.stage = "whole"
            self.calls[r] += 0 if correction else 1
        elif item.set is not None:
            combo = self.call(r, "set")
            out.append((i, "set", r, SetCalled(item.set, str(item.rank)),
                        SetCalled(combo.length, RANK_KEYS[combo.top]) if combo else "-"))
            self.stage = "whole"
            self.calls[r] += 0 if correction else 1
        else:  # a point called by what it makes (au Cent para. 15) is his call of the kind, as a length is
            combo = self.call(r, "value")
            out.append((i, "value", r, item.value or 0, combo.value if combo else 0))
            self.stage = "whole"
            self.calls[r] = max(self.calls[r], 0 if correction else 1)
        return out

    def reply(self, i: int, item: Said, r: int) -> list[_Said]:
        """A reply: as the incidents state it, as the engine judged (the last), or as the stage it answers."""
        if r in self.replied and (item.reply is not None or item.ask is not None):
            return [(i, "reply", r, item.reply if item.reply is not None else "ask", self.replied.pop(r))]
        if item.reply is not None and i == self.last_reply:
            winner = self.result.winner
            return [(i, "reply", r, item.reply, "equal" if winner is None else "not_good" if winner == r else "good")]
        if item.reply is not None and self.stage is not None:
            return [(i, "reply", r, item.reply, _stage_reply(self.call(1 - r), self.call(r), self.stage))]
        return []


def _count_after(deal: Deal, score: DealScore, p: int, kind: str, calls: int) -> int:
    """``p``'s running score once he has reckoned his first ``calls`` combinations of ``kind`` (best first).

    His hand's events come one a combination, in the ruleset's order of
    kinds; a repique they bring follows at once and is counted with them.
    """
    hand = ("carte_blanche",) + tuple(deal.rules.declarations.order)
    total, seen = 0, 0
    for (who, category, _, _), totals in score.running():
        if who != p:
            continue
        if category == kind:
            if seen == calls:
                break
            seen += 1
        elif category in hand:
            if hand.index(category) > hand.index(kind):
                break
        elif category != "repique":
            break
        total = totals[p]
    return total


def _stage_reply(caller: Combo | None, his: Combo | None, stage: str) -> str:
    """What the replier must answer the caller's call at one stage of the dialogue, holding what he calls."""
    if stage == "length":
        theirs, mine = (caller.length if caller else 0), (his.length if his else 0)
    else:
        theirs, mine = (caller.key if caller else -1), (his.key if his else -1)
    return "equal" if theirs == mine else "good" if theirs > mine else "not_good"


def _check(reader: _Reader, deal: Deal, score: DealScore, recorded: RecordedDeal, players: tuple[str, str],
           number: int, at: JsonPath, as_called: AsCalled | None = None) -> list[Check]:
    """Every figure a deal's record gives, checked against the engine's; of a fresh deal, only its totals and tricks
    (what the book says of its play cannot be checked)."""
    claims = _Claims(reader, deal, score, players, number, at)
    claimed = recorded.claimed or Claim()
    if not score.void:
        if recorded.declarations is not None:
            claims.dialogue(recorded.declarations.kinds(), recorded.incidents, as_called)
        claims.blanche(recorded.carte_blanche)
        claims.counts(recorded.counts)
    claims.final(claimed.final or {}, claimed.by or {})
    claims.tricks_won(claimed.tricks_won)
    if not score.void:
        claims.running(claimed.running)
    return claims.out


class _Claims:
    """The checks of one deal, a method for each kind of figure the record gives."""

    def __init__(self, reader: _Reader, deal: Deal, score: DealScore, players: tuple[str, str], number: int,
                 at: JsonPath) -> None:
        self.reader, self.deal, self.score, self.players, self.number, self.at = reader, deal, score, players, number, at
        self.marks = score.checkpoints()
        self.out: list[Check] = []

    def compare(self, where: Place, who: str, value: Figure, engine: Figure, path: JsonPath) -> None:
        line, col = self.reader.places.where(path)
        self.out.append(Check(self.number, where, who, value, engine, line, col))

    def role(self, who: str, path: JsonPath) -> int:
        return self.reader.role(who, self.players, self.at + path)

    def dialogue(self, kinds: tuple[tuple[str, Calls], ...], incidents: Sequence[Incident],
                 as_called: AsCalled | None) -> None:
        """Each line of each kind's dialogue, and whether the elder's first call named what it must."""
        deal, players, at = self.deal, self.players, self.at
        for kind, calls in kinds:
            if kind in self.score.kinds:
                for i, what, r, book, engine in _Dialogue(deal, self.score, kind, incidents, as_called).check(
                        calls.said):
                    self.compare(Dialogue(kind, what), players[r], book, engine, at + ("declarations", kind, "said", i))
            if kind not in (POINT, SEQUENCES):
                continue
            # What a call must name (au Cent; Law 48): an insufficient call is a mismatch.
            first = _first_call(calls.said, Role.ELDER)
            if first is not None and deal.phase >= Phase.PLAY and not call_sufficient(deal, ELDER, kind, first[1]):
                wanted, given = ("value", "cards") if kind == POINT else ("top", "length")
                self.compare(Dialogue(kind, "call"), players[ELDER], given, wanted,
                             at + ("declarations", kind, "said", first[0]))

    def blanche(self, shown: Sequence[Role]) -> None:
        """Each carte blanche shown, as dealt, even where the other's bars it."""
        for i, role in enumerate(shown):
            self.compare(BlancheShown(), self.players[role.seat], "yes",
                         "yes" if self.deal.blanche_dealt[role.seat] else "no", self.at + ("carte_blanche", i))

    def counts(self, counts: Sequence[Count]) -> None:
        """Each running score spoken after a card, at the checkpoint of that card."""
        deal = self.deal
        for i, spoken in enumerate(counts):
            n = spoken.trick
            if n > len(deal.tricks) + (deal.lead_card is not None):
                raise self.reader.fail(self.at + ("counts", i), f"trick {n} is not played in this deal")
            leader = deal.tricks[n - 1][0] if n <= len(deal.tricks) else deal.player ^ 1
            who = leader if spoken.card == 1 else 1 - leader
            mark = Checkpoint(Stage.LEAD if spoken.card == 1 else Stage.TRICK, n)
            self.compare(mark, self.players[who], spoken.count, self.marks[mark][who], self.at + ("counts", i))

    def final(self, final: Mapping[str, int], by: Mapping[str, Mapping[str, int]]) -> None:
        """The deal's totals, and each category's."""
        for who, value in final.items():
            role = self.role(who, ("claimed", "final", who))
            self.compare(FINAL, self.players[role], value, self.score.totals[role], self.at + ("claimed", "final", who))
        for category, scores in by.items():
            if category not in CATEGORIES:
                raise self.reader.fail(self.at + ("claimed", "by", category), f"no category {echo(category)}")
            for who, value in scores.items():
                role = self.role(who, ("claimed", "by", category, who))
                self.compare(Category(category), self.players[role], value, self.score.by[role][category],
                             self.at + ("claimed", "by", category, who))

    def tricks_won(self, points: Sequence[TricksWonClaim]) -> None:
        """The tricks each had won after so many."""
        tricks = self.deal.tricks
        won = [0, 0]
        counted = 0
        for i, point in enumerate(points):
            if point.after > len(tricks):
                played = f"only {len(tricks)} are played" if tricks else "none is played"
                why = (": the deal is void (a misdeal, or another fault that calls for a fresh deal), and its tricks "
                       "are not played" if self.score.void else "")
                raise self.reader.fail(self.at + ("claimed", "tricks_won", i, "after"),
                                       f"the tricks won are claimed after {point.after} tricks, but {played}{why}")
            for leader, lead, follow in tricks[counted:point.after]:
                won[1 - leader if follower_wins(lead, follow) else leader] += 1
            counted = max(counted, point.after)
            for who, value in point.won.items():
                role = self.role(who, ("claimed", "tricks_won", i, who))
                self.compare(TricksWon(point.after), self.players[role], value, won[role],
                             self.at + ("claimed", "tricks_won", i, who))

    def running(self, points: Sequence[RunningClaim]) -> None:
        """Each running score claimed at a checkpoint."""
        marks = self.marks
        for i, point in enumerate(points):
            if point.at not in marks:
                raise self.reader.fail(self.at + ("claimed", "running", i, "at"),
                                       f"no checkpoint {echo(point.at.label)} in this deal "
                                       f"(known: {', '.join(m.label for m in marks)})")
            for who, value in point.scores.items():
                role = self.role(who, ("claimed", "running", i, who))
                self.compare(point.at, self.players[role], value, marks[point.at][role],
                             self.at + ("claimed", "running", i, who))


#: The note for a dealer who changed his packets, by what the ruleset allows.
_PACKETS_CHANGED = {"never": Noted.PACKETS_CHANGED, "if_announced": Noted.PACKETS_CHANGED_IF_ANNOUNCED,
                    "by_agreement": Noted.PACKETS_CHANGED_BY_AGREEMENT}


def _packets(rules: Rules, recorded: RecordedDeal, dealer: str, dealt_by: dict[str, int]) -> list[Note]:
    """What the ruleset says of the packets this deal was dealt by, and of a dealer who changed them."""
    packets = recorded.packets
    if packets is None:
        return []
    notes = []
    if packets not in rules.deal.packets:
        notes.append(Note(Noted.PACKETS_NOT_ALLOWED, packets=packets, allowed=rules.deal.packets))
    before = dealt_by.setdefault(dealer, packets)
    if before != packets and rules.deal.packet_fixed:
        notes.append(Note(_PACKETS_CHANGED[rules.deal.packet_change], packets=packets, before=before,
                          when=Note(Noted.of("announced", rules.deal.packet_change_announced_before))))
        dealt_by[dealer] = packets
    return notes


def _resume(reader: _Reader, partie: Partie, so_far: SoFar, players: tuple[str, str]) -> None:
    """Start the partie from the state the record states (``so_far``): its players' scores and games, by name."""
    by_player = []
    for key, given in (("scores", so_far.scores), ("games", so_far.games or {})):
        for name in given:
            if name not in players:
                raise reader.fail(("so_far", key, name), f"{echo(name)} is not one of the players "
                                                         f"({', '.join(players)})")
        if key == "scores" and len(given) != 2:
            raise reader.fail(("so_far", key), f"the score so far gives each player's ({', '.join(players)})")
        by_player.append((given.get(players[0], 0), given.get(players[1], 0)))
    try:
        partie.resume(by_player[0], so_far.deals, by_player[1])
    except ValueError as exc:
        raise reader.fail(("so_far",), str(exc)) from None


def _corrections(reader: _Reader, partie: Partie, recorded: RecordedDeal, roles: tuple[str, str],
                 players: tuple[str, str], notes: list[Note], at: JsonPath) -> None:
    """A deal's score put right afterwards, on the partie's totals, if the error was proved in time and from the
    player's own score of his hand (Cavendish Laws 70, 74; au Cent para. 27); a score sheet's deal as well."""
    for i, inc in enumerate(recorded.incidents):
        if inc.type != "score_corrected":
            continue
        role, points, own_sheet = _seat(inc.player), _or(inc.points, 0), inc.own_sheet is not False
        try:
            taken = partie.correct(players.index(roles[role]), points, inc.when or "", own_sheet)
        except ValueError as exc:
            raise reader.fail(at + ("incidents", i), str(exc)) from None
        why = (Noted.SCORE_CORRECTED_TAKEN if taken else Noted.SCORE_CORRECTED_OWN_SHEET
               if not own_sheet else Noted.SCORE_CORRECTED_TOO_LATE)
        notes.append(Note(why, role=role, points=points,
                          limit=Note(Noted.of("correctable", partie.rules.game.score_correctable))))


def _first_dealer(reader: _Reader, record: Record, rules: Rules) -> int:
    """Who deals first: the record's first dealer, who must be the one the cut made, where the record gives it."""
    players, first = record.players, record.deals[0].dealer
    if first is None and record.cut is None:
        raise reader.fail(("deals", 0), 'the first deal names its dealer ("dealer"), or the record its cut')
    if first is not None and first not in players:
        raise reader.fail(("deals", 0, "dealer"), f"dealer {echo(first)} is not one of the players")
    if record.cut is not None:
        cut = record.cut
        if sorted(cut) != sorted(players):
            raise reader.fail(("cut",), f"the cut needs one card for each player ({', '.join(players)})")
        cards = tuple(reader.known([cut[name]], ("cut", name))[0] for name in players)
        lifted = record.cut_lifted or {}
        for name in lifted:
            reader.role(name, players, ("cut_lifted", name))
        try:
            dealer = cut_for_deal(rules, (cards[0], cards[1]), (record.higher_chose or "deal") == "deal",
                                  (lifted.get(players[0]), lifted.get(players[1])))
        except ValueError as exc:
            raise reader.fail(("cut",), str(exc)) from None
        if first is None:
            return dealer
        if players[dealer] != first:
            raise reader.fail(("deals", 0, "dealer"), f"after this cut {players[dealer]} deals first under this "
                                                      f"ruleset ({rules.deal.first_dealer}), not {first}")
    return players.index(first)


def _deal(reader: _Reader, rules: Rules, partie: Partie, players: tuple[str, str], recorded: RecordedDeal, n: int,
          dealt_by: dict[str, int]) -> DealReplay:
    """One deal of the partie replayed, and added to it; a score sheet's deal by its scores alone."""
    at: JsonPath = ("deals", n)
    warnings = _turn(reader, partie, players, recorded, at)
    dealer = partie.dealer if not _void_out_of_turn(recorded) else 1 - partie.dealer
    roles = (players[1 - dealer], players[dealer])
    if recorded.scores is not None:
        totals = (recorded.scores.get(roles[0], 0), recorded.scores.get(roles[1], 0))
        for who in recorded.scores:
            reader.role(who, roles, at + ("scores", who))
        if not partie.finished:
            partie.add_totals(totals[0], totals[1])
        _corrections(reader, partie, recorded, roles, players, [], at)
        return DealReplay(n + 1, roles, None, totals, warnings=warnings)
    before = None if partie.finished else partie.snapshot()
    deal, as_called = _DealDriver(reader, rules, recorded, at).run()
    deal.notes += _packets(rules, recorded, roles[1], dealt_by)
    score = score_deal(deal)
    checks = _check(reader, deal, score, recorded, roles, n + 1, at, as_called)
    if not partie.finished and (score.complete or score.void):
        partie.add(score)
    elif not partie.finished:  # given only in part: not counted, but dealt, and the next is the other's to deal
        partie.turn_passes()
    _corrections(reader, partie, recorded, roles, players, score.notes, at)
    return DealReplay(n + 1, roles, score, (score.totals[0], score.totals[1]), checks, deal, warnings, before)


def _void_out_of_turn(recorded: RecordedDeal) -> bool:
    """Whether the deal is one out of turn found before the cards were taken up: void, and dealt by the player
    whose turn it was not, the turn staying where it was (Cavendish Law 16)."""
    return any(inc.type == "out_of_turn" and inc.found == "before_cards_taken_up" for inc in recorded.incidents)


def _turn(reader: _Reader, partie: Partie, players: tuple[str, str], recorded: RecordedDeal,
          at: JsonPath) -> list[Note]:
    """Who deals this deal, by the laws' order of dealing (``partie.dealer``), and what the record says of it.

    A deal out of turn is dealt by the player whose turn it was not.  Found
    later, it stands and the turn goes on from it as the ruleset says (the
    elder of that deal dealing twice running, Cavendish Law 16; au Cent para.
    5, no remedy); found early, it is void and the turn stays.  A deal that
    names no dealer is dealt by the player the order gives.  One that names
    another, with no deal out of turn written, is dealt as the record says
    and the turn goes on from it, with a warning; so is a deal written after
    the partie was decided, which is not counted.
    """
    named = recorded.dealer
    if named is not None and named not in players:
        raise reader.fail(at + ("dealer",), f"dealer {echo(named)} is not one of the players")
    if partie.finished:  # no longer counted: each deal after the end dealt in turn, or as it names
        partie.dealer = players.index(named) if named is not None else 1 - partie.dealer
        return [Note(Noted.AFTER_THE_PARTIE)]
    late = any(inc.type == "out_of_turn" and inc.found == "later" for inc in recorded.incidents)
    if late:
        partie.out_of_turn(found_before_hands_taken_up=False)  # it stands: whether the next dealer deals twice
    due = 1 - partie.dealer if _void_out_of_turn(recorded) else partie.dealer
    if named is None or players.index(named) == due:
        return []
    if not _void_out_of_turn(recorded):
        partie.dealer = players.index(named)
    return [Note(Noted.DEALT_OUT_OF_ORDER, role=ELDER)]


def _partie_checks(reader: _Reader, record: Record, result: PartieResult) -> list[Check]:
    """The figures the record gives of the whole partie that the engine disagrees with."""
    claim, players, out = record.claimed or PartieClaim(), record.players, []

    def differs(path: JsonPath, who: str | None, claimed: Figure, engine: Figure) -> None:
        if claimed != engine:
            line, col = reader.places.where(path)
            out.append(Check(None, PartieFigure(str(path[1])), who, claimed, engine, line, col))

    if claim.points_won is not None:
        differs(("claimed", "points_won"), None, claim.points_won, result.points_won)
    if claim.winner is not None:
        differs(("claimed", "winner"), None, claim.winner.name,
                players[result.winner] if result.winner is not None else None)
    for who, value in (claim.totals or {}).items():
        if who not in players:
            raise reader.fail(("claimed", "totals", who), f"{echo(who)} is not a player")
        differs(("claimed", "totals", who), who, value, result.totals[players.index(who)])
    return out


def replay(record: Record, rules: Rules, places: Placed) -> Replay:
    """Re-score every deal of a record under ``rules`` and check what it claims; ``places`` says where each of its
    values was written, for the problems and the checks."""
    reader = _Reader(places, record.lang)
    partie = Partie(rules, _first_dealer(reader, record, rules))
    if record.so_far is not None:
        _resume(reader, partie, record.so_far, record.players)
    dealt_by: dict[str, int] = {}  # each dealer's packet size so far
    out = [_deal(reader, rules, partie, record.players, recorded, n, dealt_by) for n, recorded in enumerate(record.deals)]
    result = partie.result()
    mismatches = [c for d in out for c in d.mismatches] + _partie_checks(reader, record, result)
    return Replay(out, result, record.players, mismatches)
