"""One deal of a record: its head (dealer, packets), its statements read in order by kind, and its cards checked
(none dealt twice, none played that was not dealt)."""

from __future__ import annotations

from dataclasses import replace
from itertools import chain
from typing import cast

from ..cards import UNKNOWN, card_text
from ..errors import UNKNOWN_PLAYED, Word, echo, msg
from ..records.model import Cards, Comment as Kept, Count, ExchangeSide, Incident, RecordedDeal, Role
from .building import Building
from .claims import read_claim, read_sheet, read_tricks_won
from .dialogue import read_declaration
from .drafts import DealDraft
from .incidents import (read_correction, read_faced, read_faced_dealing, read_incident, read_miscall, read_peek,
                        read_question, read_reply, read_with_cards)
from .placing import TrickPlaces
from .statements import (AlterDiscard, BadPack, CarteBlanche, CarteBlancheLate, Claim, Comment, Correction,
                         DealStatement, Dealer, Declaration, Exposed, FacedCard, FacedInDealing, Hand, Leaves,
                         LeftCard, LeftTakenUp, Miscall, Misdeal, MixedDiscard, Note, Omission, OutOfTurn, Peek, Pos,
                         Question, Reply, Retake, Retract, Sheet, Takes, Talon, ThrowDown, Tok, Took, Trick, Tricks,
                         TricksWon, WrittenDeal, WrittenExchange, pos)
from .vocabulary import KIND_WORDS, NO_WORDS, REASONS, plain, role_of, words_of


def read_deal(b: Building, players: tuple[str, str], s: WrittenDeal, index: int) -> RecordedDeal:
    number = s.number
    at: tuple[str | int, ...] = ("deals", index)
    b.mark(at, s.pos)
    if b.number(number) != index + 1:
        hint = msg("new-record", "; a new record begins with its tags") if number.text == "1" else ""
        raise b.fail(number.pos, msg("deal-number", "this is deal {n}, not deal {given}{hint}", n=index + 1,
                                     given=number.text, hint=hint))
    deal = DealDraft()
    for h in s.heads:  # in the order written, the last of each taken
        if isinstance(h, Dealer):
            b.mark(at + ("dealer",), h.pos)
            deal.dealer = h.name
        else:
            b.mark(at + ("packets",), h.pos)
            deal.packets = b.number(h.count)
    if deal.dealer is None and index == 0:  # a later deal's is the one the laws' order gives (the replay's)
        raise b.fail(s.pos, msg("first-dealer", 'the first deal names its dealer: deal 1, dealer "…"'))
    if deal.dealer is not None and deal.dealer not in players:
        raise b.fail(b.marks[at + ("dealer",)], msg("dealer-not-player", "the dealer {dealer} is not one of the players "
                                                    "({players})", dealer=echo(deal.dealer), players=players))
    if deal.packets is not None and deal.packets not in (1, 2, 3, 4):
        raise b.fail(b.marks[at + ("packets",)], msg("packet-size", "cards are dealt in packets of 1, 2, 3 or 4"))
    pending: list[Comment] = []
    for st in s.statements:
        if isinstance(st, Comment):
            pending.append(st)
            continue
        anchor = _statement(b, deal, st, at)
        if pending:
            deal.comments += [Kept(anchor, c.text) for c in pending]
            pending = []
    deal.comments += [Kept("end", c.text) for c in pending]
    _check_cards(b, deal, s.pos, at)
    return deal.freeze()


def _check_cards(b: Building, deal: DealDraft, pos: Pos, at: tuple[str | int, ...]) -> None:
    if deal.scores is not None:
        if deal.hands or deal.tricks:
            raise b.fail(pos, msg("sheet-no-cards", "a score-sheet deal gives the totals only, not the cards"))
        return
    hands = deal.hands
    if len(hands) < 2:
        missing = "elder" if Role.ELDER not in hands else "younger"
        raise b.fail(pos, msg("hand-missing", "the {role}'s hand is missing ({role}: cards), or give only a score sheet",
                              role=Word(missing)))
    groups = [(("hands", "elder"), hands[Role.ELDER]), (("hands", "younger"), hands[Role.YOUNGER]),
              (("talon",), deal.talon or ())]
    dealt = list(chain.from_iterable(group for _, group in groups))
    unknown = dealt.count(UNKNOWN)
    seen = set(dealt)
    seen.discard(UNKNOWN)
    if len(seen) != len(dealt) - unknown:
        _dealt_twice(b, groups, at)
    if len(dealt) not in (32, 36) and deal.talon is not None:
        raise b.fail(pos, msg("pack-count", "{count} cards are dealt here; a pack has 32 (or 36)", count=len(dealt)))
    tricks = deal.tricks
    played = list(chain.from_iterable(tricks))
    if UNKNOWN in played or len(set(played)) != len(played) or (not unknown and not seen.issuperset(played)):
        _misplayed(b, tricks, seen, bool(unknown), at)


def _dealt_twice(b: Building, groups: list[tuple[tuple[str, ...], Cards]], at: tuple[str | int, ...]) -> None:
    """Name the first card dealt twice, at its second place (the sets found that one is)."""
    seen: dict[int, tuple[str, ...]] = {}
    for path, group in groups:
        for i, c in enumerate(group):
            if c != UNKNOWN and c in seen:
                raise b.fail(b.located.where(at + path + (i,)), msg(
                    "dealt-twice-in", "{card} is dealt twice (first in the {place})", card=card_text(c, b.lang),
                    place=Word('.'.join(map(str, seen[c])))))
            seen[c] = path


def _misplayed(b: Building, tricks: list[Cards], dealt: set[int], some_unknown: bool, at: tuple[str | int,
               ...]) -> None:
    """Name the first card played that is unknown, played twice or never dealt (the sets found that one is)."""
    played: set[int] = set()
    for n, trick in enumerate(tricks):
        for j, c in enumerate(trick):
            if c == UNKNOWN or c in played or (c not in dealt and not some_unknown):
                where = b.located.where(at + ("tricks", n, j))
                raise b.fail(where, UNKNOWN_PLAYED if c == UNKNOWN else
                             msg("played-twice", "{card} is played twice", card=card_text(c, b.lang)) if c in played
                             else msg("never-dealt", "{card} was never dealt", card=card_text(c, b.lang)))
            played.add(c)


def _statement(b: Building, deal: DealDraft, st: DealStatement, at: tuple[str | int, ...]) -> str:
    """Read one statement of a deal into it: the anchor that the comments before it stand before."""
    match st:
        case Trick():
            return _trick(b, deal, st, at)
        case Hand():
            return _hand(b, deal, st, at)
        case Talon():
            return _talon(b, deal, st, at)
        case WrittenExchange():
            return _exchange(b, deal, st, at)
        case Tricks():
            return "tricks"
        case Declaration():
            return read_declaration(b, deal, st, at)
        case CarteBlanche():
            return _blanche(b, deal, st, at)
        case Claim():
            return read_claim(b, deal, st, at)
        case TricksWon():
            return read_tricks_won(b, deal, st, at)
        case Sheet():
            return read_sheet(b, deal, st, at)
        case Note():
            return _note(b, deal, st, at)
        case Misdeal() | Exposed() | OutOfTurn() | BadPack():
            return read_incident(b, deal, st, at, Incident(st.TYPE))
        case CarteBlancheLate() | LeftCard() | LeftTakenUp() | ThrowDown():
            return read_incident(b, deal, st, at, Incident(st.TYPE, player=role_of(st.player)))
        case Retake() | MixedDiscard() | AlterDiscard():
            return read_with_cards(b, deal, st, at)
        case FacedCard():
            return read_faced(b, deal, st, at)
        case FacedInDealing():
            return read_faced_dealing(b, deal, st, at)
        case Peek():  # seen, or taken up (StockTakenUp)
            return read_peek(b, deal, st, at)
        case Miscall():
            return read_miscall(b, deal, st, at)
        case Reply():
            return read_reply(b, deal, st, at)
        case Omission():
            inc = Incident(st.TYPE, player=role_of(st.player), kind=KIND_WORDS[words_of(st.kind)])
            return read_incident(b, deal, st, at, inc)
        case Question():
            return read_question(b, deal, st, at)
        case Retract():
            inc = Incident(st.TYPE, player=role_of(st.player), reason=REASONS[plain(st.reason)])
            return read_incident(b, deal, st, at, inc)
        case Correction():
            return read_correction(b, deal, st, at)


def _hand(b: Building, deal: DealDraft, st: Hand, at: tuple[str | int, ...]) -> str:
    role = role_of(st.player)
    if role in deal.hands:
        raise b.fail(st.pos, msg("hand-twice", "the {role}'s hand is given twice", role=Word(role.value)))
    b.mark(at + ("hands",), st.pos)
    deal.hands[role] = b.cards(st.cards, at + ("hands", role.value))
    return f"hands.{role.value}"


def _talon(b: Building, deal: DealDraft, st: Talon, at: tuple[str | int, ...]) -> str:
    if deal.talon is not None:
        raise b.fail(st.pos, msg("talon-twice", "the talon is given twice"))
    deal.talon = b.cards(st.cards, at + ("talon",))
    b.mark(at + ("talon",), st.pos)
    return "talon"


def _exchange(b: Building, deal: DealDraft, st: WrittenExchange, at: tuple[str | int, ...]) -> str:
    role = role_of(st.player)
    if role in deal.exchange:
        raise b.fail(st.pos, msg("exchange-twice", "the {role}'s exchange is given twice", role=Word(role.value)))
    path = at + ("exchange", role.value)
    b.mark(path, st.pos)
    side = ExchangeSide(b.cards(st.discard, path + ("discard",)))
    given: set[str] = set()
    for part in st.parts:
        key, where = _exchange_field(part)
        if key in given:
            raise b.fail(where, msg("exchange-says-twice", "the {role}'s exchange says this twice",
                                    role=Word(role.value)))
        given.add(key)
        match part:
            case Took():
                side = replace(side, took=b.number(part.count))
            case Takes():
                side = replace(side, takes=b.cards(part.cards, path + (key,)))
            case Leaves():
                side = replace(side, leaves=b.cards(part.cards, path + (key,)))
            case _ if key == "looked_at_left":  # whether he looks at the rest
                side = replace(side, looked_at_left=part.type == "LOOKS")
                continue
            case _:  # whether the penalty is waived
                side = replace(side, waived=not NO_WORDS & set(plain(part.value).split()))
                continue
        b.mark(path + (key,), where)
    deal.exchange[role] = side
    return f"exchange.{role.value}"


def _blanche(b: Building, deal: DealDraft, st: CarteBlanche, at: tuple[str | int, ...]) -> str:
    roles = deal.carte_blanche
    role = role_of(st.player)
    if role in roles:
        raise b.fail(st.pos, msg("blanche-twice", "the {role}'s carte blanche is already shown", role=Word(role.value)))
    b.mark(at + ("carte_blanche", len(roles)), st.pos)
    roles.append(role)
    return f"carte_blanche.{role.value}"


def _trick(b: Building, deal: DealDraft, st: Trick, at: tuple[str | int, ...]) -> str:
    number = b.figures(st.number, st.pos)
    tricks = deal.tricks
    if number != len(tricks) + 1:
        raise b.fail(st.pos, msg("trick-number", "this is trick {n}, not trick {given}", n=len(tricks) + 1, given=number))
    places = b.located.places.get(at + ("tricks",))
    if not isinstance(places, TrickPlaces):
        places = b.located.places[at + ("tricks",)] = TrickPlaces([])
    places.tricks.append((st.pos, st.played))
    cards: list[int] = []
    for played in st.played:
        cards += b.piece(played.cards)
        if len(cards) > 2:
            raise b.fail(cast(Pos, places.at((len(tricks), 2))), msg("trick-cards", "trick {n} has more than two cards",
                                                                       n=number))
        if played.score is not None:
            counts = deal.counts
            b.mark(at + ("counts", len(counts)), played.score.pos)
            counts.append(Count(number, len(cards), b.number(played.score)))
    tricks.append(tuple(cards))
    return f"trick:{number}"


def _note(b: Building, deal: DealDraft, st: Note, at: tuple[str | int, ...]) -> str:
    if deal.note is not None:
        raise b.fail(st.pos, msg("note-twice", "the deal's note is given twice"))
    b.mark(at + ("note",), st.pos)
    deal.note = st.text
    return "note"


def _exchange_field(part: Takes | Leaves | Took | Tok) -> tuple[str, Pos]:
    """The field of the exchange a part of it fills, and where it stands."""
    match part:
        case Takes():
            return "takes", part.pos
        case Leaves():
            return "leaves", part.pos
        case Took():
            return "took", part.pos
        case _:
            return "waived" if part.type == "WAIVED" else "looked_at_left", pos(part)
