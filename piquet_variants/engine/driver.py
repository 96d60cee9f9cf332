"""One recorded deal driven through the engine, a method a phase, as the engine's own actions (the dealt cards as
one chance outcome, then discards, calls and cards), so that a replay is exactly the game the engine would play.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import UNKNOWN, card_arg, iter_cards, mask, rank_of
from ..errors import UNKNOWN_PLAYED, CardArg, IllegalAction, Message, RecordError, Word, msg
from ..located import JsonPath
from ..records.model import Call, ExchangeSide, Incident, RecordedDeal, Shown
from ..ruleset.model import Rules
from .calling import AsCalled, calling_irregularities
from .combos import Combo
from .deal import ELDER, ROLES, YOUNGER, Deal, Dealt, Phase, deck_cards
from .irregular import (blanche_shown_late, exchange_wrongly, exposed_in_dealing, fresh_deal_not_given, incorrect_pack,
                        left_taken_up, mixed_into_discard, mixed_talon, question, retake_discard, retract,
                        stock_taken_up, take_up_left, throw_down, unannounced_misdeal, unmixed_take,
                        younger_alters_discard)
from .notes import Note, Noted
from .reading import SUITS_BY_LETTER, Reader, or_default, seat


class DealDriver:
    """Drives one recorded deal through the engine, a method a phase: the cards dealt, what voids the deal or lets
    it stand, the misdeal and what is shown before the exchange, the exchange and the discards changed after it, a
    forced suit, the declarations, the calling irregularities, then the play.  Each fault is a problem at the
    record's place for it."""

    def __init__(self, reader: Reader, rules: Rules, recorded: RecordedDeal, at: JsonPath) -> None:
        self.reader, self.rules, self.recorded, self.at = reader, rules, recorded, at
        self.incidents: tuple[Incident, ...] = recorded.incidents
        #: The cards that stood for '?' in each hand and the talon, in order.
        self.filled: list[list[int]] = [[], [], []]

    def fail(self, rest: JsonPath, message: Message) -> RecordError:
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
        as_called = calling_irregularities(self.reader, deal, self.incidents, self.recorded, self.at)
        self.play(deal)
        return deal, as_called

    def dealt(self) -> Deal:
        """The deal as dealt: each '?' filled with a card of the pack no one is named with, and without talon or
        exchange, the hands as played (the rest of the pack standing for the talon)."""
        recorded, reader = self.recorded, self.reader
        if recorded.hands is None:
            raise self.fail((), msg("no-hands", "a deal needs 'hands' (or only 'scores', for a score sheet)"))
        elder, younger, talon = list(recorded.hands.elder), list(recorded.hands.younger), list(recorded.talon or ())
        seen = self._named_once(((("hands", "elder"), elder), (("hands", "younger"), younger), (("talon",), talon)))
        as_played = recorded.talon is None and recorded.exchange is None
        spare = [c for c in deck_cards(self.rules) if c not in seen]
        unknown = sum(g.count(UNKNOWN) for g in (elder, younger, talon))
        notes = []
        if unknown:
            if len(spare) < unknown or (len(spare) != unknown and not as_played):
                raise self.fail(("hands",), msg("unknown-count", "{unknown} cards are unknown ('?') but {spare} cards of "
                                                "the pack are not named", unknown=unknown, spare=len(spare)))
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
                faced = or_default(inc.position, 1) - 1
        in_dealing = sum(or_default(inc.cards, 1) for inc in self.incidents if inc.type == "faced_in_dealing")
        deal = Deal(self.rules, Dealt(mask(elder), mask(younger), tuple(talon), faced, in_dealing))
        deal.notes += notes
        return deal

    def _named_once(self, groups: tuple[tuple[JsonPath, list[int]], ...]) -> dict[int, JsonPath]:
        """Each card named, where: none twice, each of the ruleset's pack."""
        seen: dict[int, JsonPath] = {}
        for place, group in groups:
            for i, c in enumerate(group):
                if c in seen:
                    raise self.fail(place + (i,), msg("dealt-twice", "{card} is dealt twice", card=card_arg(c)))
                if c != UNKNOWN:
                    seen[c] = place
        stray = [c for c in seen if rank_of(c) not in self.rules.deck.ranks]
        if stray:
            raise self.fail(("hands",), msg("not-in-pack", "the {card} is not in this ruleset's pack",
                                            card=card_arg(stray[0], long=True)))
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
                    blanche_shown_late(deal, seat(inc.player))
                except IllegalAction as exc:
                    raise self.fail(("incidents", i), exc.message) from None

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
                raise self.fail(("incidents", i), exc.message) from None

    def exchange(self, deal: Deal) -> None:
        """Each player's exchange, the elder's first, after any peek at the talon; none where the hands are given
        as played."""
        exchange = self.recorded.exchange
        if exchange is None:
            changed = next((i for i, inc in enumerate(self.incidents) if inc.type in _DISCARD_CHANGED), None)
            if changed is not None:
                raise self.fail(("incidents", changed), msg("needs-exchange", "a discard taken back, mixed into or "
                                                            "altered, or cards left taken up, needs the exchange it "
                                                            "changes"))
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
                raise self.fail(("exchange",), msg("exchange-missing", "the {role}'s exchange is missing",
                                                   role=Word(ROLES[role])))
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
                raise self.fail(("incidents", i), exc.message) from None

    def _left_taken_up(self, deal: Deal, role: int) -> None:
        """The cards he left, taken up with those he took in (Cavendish Laws 33, 35)."""
        for i, inc in enumerate(self.incidents):
            if inc.type == "takes_up_left_cards" and self._by(inc, role):
                try:
                    left_taken_up(deal, role, bool(inc.waived))
                except IllegalAction as exc:
                    raise self.fail(("incidents", i), exc.message) from None

    def _peeks(self, deal: Deal, role: int) -> None:
        """His adversary's stock cards seen, mixed with his hand (Laws 27-29), or taken up (Law 27; au Cent para.
        10), before he takes in."""
        for i, inc in enumerate(self.incidents):
            if inc.type not in ("peek", "stock_taken_up") or not self._by(inc, role):
                continue
            talon, part = deal.dealt.talon, deal.parts[0]
            if inc.which_cards is not None and self._incident_cards(i) & ~mask(talon[part:] if role == ELDER
                                                                               else talon[:part]):
                raise self.fail(("incidents", i, "which_cards"), msg(
                    "not-his-part", "the cards seen or taken up are of the part of the stock his adversary is to take, "
                    "and these are not"))
            if inc.type == "stock_taken_up":
                stock_taken_up(deal, role, or_default(inc.cards, 1), inc.choice, bool(inc.waived))
            elif inc.mixed:
                mixed_talon(deal, role, or_default(inc.cards, 1), inc.choice, bool(inc.waived),
                            self._incident_cards(i) if inc.which_cards is not None else 0,
                            keeps=self.recorded.exchange is not None)
            else:
                fresh_deal_not_given(deal, inc.choice)
                deal.peek(role, or_default(inc.cards, 1))

    def _side(self, deal: Deal, role: int, side: ExchangeSide, path: JsonPath) -> None:
        """One player's discard, and what he took, checked against the talon."""
        discard = list(side.discard)
        guessed = iter(self.filled[role])
        try:
            discard = [next(guessed) if c == UNKNOWN else c for c in discard]
        except StopIteration:
            raise self.fail(path + ("discard",), msg("unknown-discards", "more unknown discards than unknown cards in "
                                                     "the {role}'s hand", role=Word(ROLES[role]))) from None
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
            raise self.fail(path + ("took" if side.took is not None else "discard",), exc.message) from None
        if side.looked_at_left is not None:
            try:
                deal.look_at_left(role, side.looked_at_left)
            except IllegalAction as exc:
                raise self.fail(path + ("looked_at_left",), exc.message) from None
        for key, stated, engine in (("takes", side.takes, deal.taken[role]),
                                    ("leaves", side.leaves, mask(part) & ~deal.taken[role])):
            if stated is not None and UNKNOWN not in stated and mask(stated) != engine:
                got: tuple[CardArg, ...] | Word = tuple(map(card_arg, iter_cards(engine))) or Word("nothing")
                said: tuple[CardArg, ...] | Word = tuple(map(card_arg, stated)) or Word("nothing")
                raise self.fail(path + (key,), msg("takes-differ", "the {role} takes {cards} from this talon, not {said}",
                                                   role=Word(ROLES[role]), cards=got, said=said) if key == "takes" else
                                msg("leaves-differ", "the {role} leaves {cards} from this talon, not {said}",
                                    role=Word(ROLES[role]), cards=got, said=said))

    def forced_suit(self, deal: Deal) -> None:
        """The suit the younger names for the elder's lead, where a penalty forces one."""
        if deal.phase != Phase.FORCED_SUIT:
            return
        named = next((inc.suit_named for inc in self.incidents if inc.suit_named), None)
        if named is None or named.upper() not in SUITS_BY_LETTER:
            raise self.fail(("incidents",), msg("forced-suit", "the forced suit must be given as suit_named (S, H, D or C)"))
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
                        raise self.reader.fail(path + ("shown",), _none_such(p, kind))
                    deal.show(p, kind, combo.key)
                if want.sinks:
                    try:
                        deal.sink(p, kind, mask(self.reader.known(want.sinks, path + ("sinks",))))
                    except IllegalAction as exc:
                        raise self.reader.fail(path + ("sinks",), exc.message) from None
                    cands = deal.candidates()
                want, path = want.call, path + ("call",)
            deal.apply(self._call_index(cands, want, kind, p, path))

    def _call_index(self, cands: list[Combo], want: str | tuple[int, ...], kind: str, p: int, path: JsonPath) -> int:
        if isinstance(want, str):  # "best" (the default), or "sink"
            return len(cands) if want == "sink" else 0
        called = mask(self.reader.known(want, path))
        index = next((i for i, c in enumerate(cands) if c.cards == called), -1)
        if index < 0:
            raise self.reader.fail(path, _none_such(p, kind))
        return index

    def play(self, deal: Deal) -> None:
        """The tricks, card by card, with the incidents of play before the trick each is stated before."""
        tricks = self.recorded.tricks or ()
        for n, trick in enumerate(tricks):
            _play_incidents(self.reader, deal, self.incidents, n + 1, n + 1, self.at)
            for j, played in enumerate(trick):
                where = ("tricks", n, j)
                if deal.phase != Phase.PLAY:
                    raise self.fail(where, msg("play-over-after", "the play is over after trick {n}, the last: a card "
                                               "beyond a full hand is no trick", n=len(deal.tricks))
                                    if len(deal.tricks) == deal.last_trick else msg("play-over", "the play is already over"))
                if played == UNKNOWN:
                    raise self.fail(where, UNKNOWN_PLAYED)
                try:
                    deal.apply(played)
                except IllegalAction as exc:
                    raise self.fail(where, msg("in-trick", "trick {n}: {message}", n=n + 1, message=exc.message)) from None
        _play_incidents(self.reader, deal, self.incidents, len(tricks) + 1, _MAX_TRICK, self.at)


#: The incidents that change an exchange once made: cards taken back from the discard or mixed into it, the
#: younger's discard altered, and the cards he left taken up with those he took in.
def _none_such(p: int, kind: str) -> Message:
    return msg("no-such-combination", "the {role} holds no {kind} of exactly these cards", role=Word(ROLES[p]),
               kind=Word(kind))


_FROM_DISCARD = ("retakes_discard", "mixed_into_discard")
_DISCARD_CHANGED = _FROM_DISCARD + ("alters_discard", "takes_up_left_cards")
_MAX_TRICK = 1 << 16  # a number past any trick: what is stated for the end of the play
_IN_PLAY = ("takes_left_card", "question", "retract", "throws_down")


def _play_incidents(reader: Reader, deal: Deal, incidents: Sequence[Incident], first: int, last: int,
                    at: JsonPath) -> None:
    """In play, before trick ``first`` (up to ``last``): a card left taken up, a question answered, a claim to take
    cards back, a hand thrown down (engine/irregular.py)."""
    for i, inc in enumerate(incidents):
        if inc.type not in _IN_PLAY or not first <= or_default(inc.before_trick, 1) <= last:
            continue
        p = seat(inc.player)
        try:
            match inc.type:
                case "takes_left_card":
                    take_up_left(deal, p, bool(inc.announced))
                case "question":
                    question(deal, p, SUITS_BY_LETTER[inc.suit or ""], or_default(inc.answer, 0))
                case "throws_down":
                    throw_down(deal, p)
                case _:
                    retract(deal, p, inc.reason or "")
        except IllegalAction as exc:
            raise reader.fail(at + ("incidents", i), exc.message) from None
