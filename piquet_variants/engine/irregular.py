"""The laws of calling, showing and a wrong number of cards, applied to a deal when a record states an irregularity.

Outside the normal course of a deal, as ``Deal.peek`` is: a miscall (a call
of more or less than the player holds, corrected in time or not), a reply
that bars or that allowed what it should not, a combination reckoned too
late, a carte blanche shown late, an exchange that takes more or fewer cards
than were discarded, the opponent's stock mixed with a hand, a misdeal stood
without a word, a card taken back in play, a question answered in play; and
the club laws' incidents of the deal and the discard: a card exposed by the
dealer, an incorrect pack, a discard taken back, mixed into or altered, a hand
thrown down.  Each is judged by the ruleset's leaves alone; random deals never
come here.

When something was done is one of ``MOMENTS``, in the order of the deal; a
leaf's limit is the last moment still in time, ``before_own_first_card`` being
the elder's lead for the elder and the first trick for the younger.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import SUIT_MASKS
from ..errors import IllegalAction, Word, msg
from ..records.model import Said
from .combos import KINDS, POINT, SEQUENCES, Combo, covered, good_against_the_cards, holdings
from .deal import ELDER, NO_CARD, ROLES, SUIT_NUMBER, YOUNGER, Deal, Irregular, Phase, scoring_blanches
from .notes import Note, Noted
from .scoring import judge_kind

#: When a correction or a late reckoning was made, in the order of the deal: before the reply to the call, before
#: the next call, before the elder led, before the younger played to the first trick, or after.
MOMENTS = ("before_reply", "before_next_call", "before_elder_leads", "before_first_trick", "after_first_trick")


def in_time(p: int, moment: str | None, limit: str) -> bool:
    """Whether what player ``p`` did at ``moment`` (None: never) came within ``limit`` (a leaf's value)."""
    if moment is None or limit == "never":
        return False
    if limit == "before_own_first_card":  # the elder's is his lead, the younger's his play to the first trick
        limit = "before_elder_leads" if p == ELDER else "before_first_trick"
    return MOMENTS.index(moment) <= MOMENTS.index(limit)


def state(deal: Deal) -> Irregular:
    """The deal's record of irregularities, made on the first one."""
    if deal.irregular is None:
        deal.irregular = Irregular([False, False], {k: [None, None] for k in KINDS}, [False, False],
                                   {k: [None, None] for k in KINDS}, [], [False, False])
    return deal.irregular


def penalize(deal: Deal, p: int, penalty: str, why: Note, waived: bool = False) -> None:
    """Player ``p`` reckons nothing that deal, or nothing in hand with his hand barring nothing (``forfeits_hand``).

    A penalty of reckoning nothing that the adversary chose not to enforce is
    waived where the ruleset lets him (Cavendish Law 44).
    """
    if waived and penalty == "reckons_nothing" and deal.rules.penalties.may_be_waived:
        deal.notes.append(Note(Noted.PENALTY_WAIVED, role=p, why=why))
        return
    if penalty == "reckons_nothing":
        deal.reckons_nothing[p] = True
    else:
        state(deal).hand_void[p] = True
    deal.notes.append(Note(Noted.PENALTY_FOR, role=p, why=why, penalty=Note(Noted.of("penalty", penalty))))


def _after_the_calls(deal: Deal) -> None:
    if deal.phase != Phase.PLAY or deal.tricks or deal.lead_card is not None:
        raise IllegalAction(msg("judged-after-calls", "a call is judged once both players have called, before the "
                                "first card is played"))


def _excuse(deal: Deal, p: int, kind: str, called: Combo, cards: int | None) -> tuple[str, Combo | None]:
    """What excuses a false call, as the ruleset allows: ('misnomer', the held combination it stands for),
    ('impossible', None), or ('', None).  Either needs a claim he could not have held in hand and discard."""
    excused = deal.rules.penalties.false_call_excused
    seen = deal.declared_hands[p] | deal.discards[p]
    possible = (cards & ~seen == 0) if cards is not None else covered(
        kind, called, holdings(deal.tables, seen)[KINDS.index(kind)])
    if possible:
        return "", None
    if "misnomer" in excused:
        same = [c for c in deal.holding(kind, p) if c.score == called.score and c.length == called.length]
        if same:
            return "misnomer", same[0]
    return ("impossible" if "impossible" in excused else ""), None


def miscall(deal: Deal, p: int, kind: str, called: Combo, corrected: str | None, *, cards: int | None = None,
            shown: bool = False, waived: bool = False) -> None:
    """Player ``p`` first called ``called`` for ``kind``, and corrected it to the call recorded at ``corrected``.

    A call of less than he holds may be corrected until ``undercall_correctable``,
    one of more until ``overcall_correctable``.  Too late, the first word
    stands: a lesser call is what he called, and one of what he does not hold
    (``cards``, where his answers named them), once allowed good, by the
    other's cards or his reply, is a false call (``penalties.false_call``),
    which bars nothing, unless the ruleset excuses it: a misnomer, a claim he
    could not have held, a call whose cards he showed before he played
    (Cavendish Laws 53-55).
    """
    _after_the_calls(deal)
    dec = deal.rules.declarations
    over = (cards is not None and cards & ~deal.declared_hands[p] != 0) or not covered(
        kind, called, deal.holding(kind, p))
    limit = dec.overcall_correctable if over else dec.undercall_correctable
    said = Note(Noted.MISCALL_STANDS, role=p, kind=Note(Noted.of("kind", kind)), limit=Note(Noted.of("limit", limit)))
    if in_time(p, corrected, limit):
        deal.notes.append(replace(said, what=Noted.MISCALL_CORRECTED))
        return
    if over and shown and "shown" in deal.rules.penalties.false_call_excused:
        deal.notes.append(replace(said, what=Noted.MISCALL_SHOWN))
        return
    deal.calls[kind][p] = called
    deal.notes.append(said)
    if over:
        state(deal).false_calls.append((p, kind, called, cards, waived))
        _judge_false_calls(deal, kind)


def _judge_false_calls(deal: Deal, kind: str) -> None:
    """A false call standing is judged once it is allowed good: beaten by nothing the other calls, or admitted by
    his reply.  Then it bars nothing, the admission is void (Case II), and it is excused or punished."""
    irregular = state(deal)
    for entry in [e for e in irregular.false_calls if e[1] == kind]:
        p, _, called, cards, waived = entry
        opponent = deal.calls[kind][1 - p]
        if opponent is not None and called.key <= opponent.key:
            continue
        irregular.false_calls.remove(entry)
        said = Note(Noted.MISNOMER, role=p, kind=Note(Noted.of("kind", kind)))
        excuse, held = _excuse(deal, p, kind, called, cards)
        if held is not None:
            deal.calls[kind][p] = held
            deal.notes.append(said)
            continue
        deal.calls[kind][p] = None
        given_up = irregular.allowed[kind][1 - p]
        if given_up is not None:  # 'B's admission ... is subject to A's holding them' (Case II)
            deal.calls[kind][1 - p] = given_up
            deal.notes.append(Note(Noted.ADMISSION_VOID, role=1 - p, kind=said.kind))
        if excuse:
            deal.notes.append(replace(said, what=Noted.IMPOSSIBLE_CALL))
            continue
        penalize(deal, p, deal.rules.penalties.false_call, Note(Noted.WHY_FALSE_CALL, kind=said.kind),
                 waived)


def reply(deal: Deal, p: int, kind: str, said: str, corrected: str | None) -> None:
    """Player ``p`` replied ``said`` to the other's call of ``kind``: what his reply holds him to.

    'equal', or asking what the point makes, to a call of the number of cards
    bars him from counting a point of more cards, which still bars and saves
    the hazards (``declarations.reply_bars``; Cavendish Law 46, Case I).
    'good', or asking which card is not reckoned (Case VII), allows the call:
    holding better, he reckons none of it unless he corrected 'good' in time
    (``reply_correctable``; asking which card is out cannot be taken back),
    unless the call proves false (Case II): a reply comes after the miscall it answers.
    """
    _after_the_calls(deal)
    mine, theirs = deal.calls[kind][p], deal.calls[kind][1 - p]
    if mine is None or theirs is None:
        return
    dec = deal.rules.declarations
    words = Note(Noted.REPLY_ALLOWED, role=p, kind=Note(Noted.of("kind", kind)), said=Note(Noted.of("reply", said)))
    if said in ("equal", "ask"):
        if kind == POINT and dec.reply_bars and mine.length > theirs.length:
            deal.calls[kind][p] = None
            state(deal).omitted[kind][p] = mine.key
            deal.notes.append(replace(words, what=Noted.REPLY_BARS))
        return
    if mine.key > theirs.key:
        if said == "good" and in_time(p, corrected, dec.reply_correctable):
            deal.notes.append(replace(words, what=Noted.REPLY_CORRECTED,
                                      limit=Note(Noted.of("limit", dec.reply_correctable))))
            return
        deal.calls[kind][p] = None
        state(deal).allowed[kind][p] = mine
        deal.notes.append(words)
        _judge_false_calls(deal, kind)


def omission(deal: Deal, p: int, kind: str, reckoned: str | None, disallowed: bool = False) -> None:
    """Player ``p`` reckoned (or showed) his call of ``kind`` only at ``reckoned`` (None: never).

    In time (``omission_until``) nothing changes; too late he reckons nothing
    for it, and it still bars the opponent where ``omitted_bars`` says so.
    A call the adversary ``disallowed`` wrongly (said not good or equal, and
    played without showing better) may be shown and reckoned late where
    ``disallowed_reckons_late`` says so (au Cent).
    """
    _after_the_calls(deal)
    call = deal.calls[kind][p]
    if call is None:
        raise IllegalAction(msg("nothing-to-omit", "the {role} called no {kind} to omit", role=Word(ROLES[p]),
                                kind=Word(kind)))
    dec = deal.rules.declarations
    said = Note(Noted.OMISSION_IN_TIME, role=p, kind=Note(Noted.of("kind", kind)),
                limit=Note(Noted.of("limit", dec.omission_until)))
    if in_time(p, reckoned, dec.omission_until):
        deal.notes.append(said)
        return
    if disallowed and reckoned is not None and dec.disallowed_reckons_late:
        deal.notes.append(replace(said, what=Noted.OMISSION_DISALLOWED))
        return
    deal.calls[kind][p] = None
    if dec.omitted_bars:
        state(deal).omitted[kind][p] = call.key
    deal.notes.append(replace(said, what=Noted.OMISSION_LOST,
                              bars=Note(Noted.BARS_TRUE if dec.omitted_bars else Noted.BARS_FALSE)))


def call_sufficient(deal: Deal, p: int, kind: str, said: Said) -> bool:
    """Whether a call, in the words of the dialogue, names what the ruleset wants named.

    The point's value where ``point_call`` is ``value`` (au Cent); a sequence's
    top card where ``sequence_call`` says so, the club laws only when the call
    is not good against the cards (Law 48).
    """
    dec = deal.rules.declarations
    if kind == POINT:
        return dec.point_call == "cards" or said.value is not None
    if kind != SEQUENCES or dec.sequence_call == "length" or said.top is not None:
        return True
    call = deal.calls[kind][p]
    return (dec.sequence_call == "top_unless_good_against_the_cards" and call is not None
            and good_against_the_cards(deal.tables, kind, call.key, deal.declared_hands[p] | deal.discards[p]))


def blanche_shown_late(deal: Deal, p: int) -> None:
    """Player ``p`` showed his carte blanche only after the discarding had begun: it reckons, or it is lost."""
    if not deal.blanche_dealt[p]:
        raise IllegalAction(msg("no-carte-blanche", "the {role} was not dealt a carte blanche", role=Word(ROLES[p])))
    late = deal.rules.carte_blanche.shown_late
    deal.notes.append(Note(Noted.of("blanche_late", late), role=p))
    if late == "lost":
        state(deal).blanche_lost[p] = True
        kept = (deal.blanche_dealt[0] and p != 0, deal.blanche_dealt[1] and p != 1)
        deal.blanche = scoring_blanches(deal.rules, kept)


def mixed_talon(deal: Deal, p: int, n: int, choice: str | None, waived: bool = False, cards: int = 0,
                keeps: bool = True) -> None:
    """Player ``p`` mixed with his hand ``n`` cards of the opponent's part of the talon (Cavendish Laws 28-29):
    ``cards``, where the record names them, else the first ``n`` of that part; ``keeps``: whether they come
    into his hand here (not where the record gives the hands as played, which hold them already, nor where he
    took them up without mixing them, when they go back).

    Where the adversary may have a fresh deal and stands the deal instead,
    "he can only take as many of his cards as have not been mixed": the mixed
    cards cannot be told from the offender's, who keeps them and reckons
    nothing, and the adversary's part of the stock is what is left of it.
    """
    rule = deal.rules.penalties.mixing_opponent_talon
    if rule != "reckons_nothing_or_fresh_deal":
        fresh_deal_not_given(deal, choice)
    if rule == "as_seeing":
        deal.peek(p, n)
    elif rule == "loses_game":
        deal.notes.append(Note(Noted.MIXED, role=p, n=n, penalty=Note(Noted.PENALTY_LOSES_GAME)))
        deal.forfeit, deal.phase = p, Phase.OVER
    elif choice == "fresh_deal":
        deal.fresh_deal(Note(Noted.MIXED_FRESH_DEAL, role=p, n=n))
    else:
        penalize(deal, p, "reckons_nothing", Note(Noted.WHY_MIXED, n=n), waived)
        if keeps:
            _mixed_away(deal, p, n, cards)


def stock_taken_up(deal: Deal, p: int, n: int, choice: str | None, waived: bool = False) -> None:
    """Player ``p`` took up ``n`` cards of the opponent's part of the talon without mixing them with his hand.

    The ruleset judges it as seeing them (Cavendish Law 27: "expose or take
    up") or as mixing them (au Cent para. 10, the younger: "he loses the
    game"), by ``penalties.taking_up_opponent_talon``.  Not mixed, the cards
    can be told from his own: they go back to the stock.
    """
    rule = deal.rules.penalties.taking_up_opponent_talon
    mixing = rule == "as_mixing" or (rule == "younger_as_mixing" and p == YOUNGER)
    deal.notes.append(Note(Noted.TAKEN_UP, role=p, n=n,
                           why=Note(Noted.TAKEN_UP_AS_MIXING if mixing else Noted.TAKEN_UP_AS_SEEING)))
    if mixing:
        mixed_talon(deal, p, n, choice, waived, keeps=False)
    else:
        fresh_deal_not_given(deal, choice)
        deal.peek(p, n)


def left_taken_up(deal: Deal, p: int, waived: bool = False) -> None:
    """Player ``p``, having taken in, took up the cards he left with those he took in (Cavendish Laws 33, 35).

    He has taken up more cards than he discarded, under the penalty for too
    many (``penalties.too_many_cards``: under the club laws, "he can reckon
    nothing that deal").  The cards are not his: they stay in the stock, the
    younger's to take (Law 34).
    """
    if p == ELDER:  # between his exchange and the younger's
        exchanged, left = deal.phase == Phase.EXCHANGE and deal.player == YOUNGER, deal.parts[ELDER] - deal.taken[
            ELDER].bit_count()
    else:
        exchanged, left = deal.phase > Phase.EXCHANGE, len(deal.talon)
    if not exchanged:
        raise IllegalAction(msg("take-up-after", "the {role} takes up the cards he left once he has taken in",
                                role=Word(ROLES[p])))
    if left <= 0:
        raise IllegalAction(msg("nothing-to-take-up", "the {role} left no cards in the stock to take up",
                                role=Word(ROLES[p])))
    penalize(deal, p, deal.rules.penalties.too_many_cards, Note(Noted.WHY_LEFT_TAKEN_UP, n=left), waived)


def _mixed_away(deal: Deal, p: int, n: int, cards: int) -> None:
    """The cards ``p`` mixed leave his adversary's part of the stock for his own hand (Laws 28, 29)."""
    talon, part = deal.talon, deal.parts[ELDER] - deal.taken[ELDER].bit_count()
    theirs = talon[part:] if p == ELDER else talon[:part]
    mixed = [c for c in theirs if cards >> c & 1] if cards else theirs[:n]
    if not mixed:
        return
    irregular = state(deal)
    for c in mixed:
        talon.remove(c)
        deal.hands[p] |= 1 << c
    away = list(irregular.mixed_away)
    away[1 - p] += len(mixed)
    irregular.mixed_away = (away[0], away[1])
    if p == YOUNGER:  # cards the elder left: his take is made, and they are no longer his to leave
        deal.parts = (deal.parts[ELDER] - len(mixed), deal.parts[YOUNGER])
    else:
        deal.notes.append(Note(Noted.MIXED_STOOD, role=YOUNGER, n=len(talon) - deal.parts[ELDER]))


def unmixed_take(deal: Deal, p: int, discard: int) -> int | None:
    """What player ``p`` takes in for ``discard`` where the stock holds fewer of his cards than he discards because
    his adversary mixed some with his hand: all that is left (Laws 28, 29); None where the stock holds enough."""
    if deal.irregular is None or not deal.irregular.mixed_away[p] or p != deal.player:
        return None
    left = deal.parts[ELDER] - deal.taken[ELDER].bit_count() if p == ELDER else len(deal.talon)
    return left if discard.bit_count() - deal.delta[p] > left else None


def fresh_deal_not_given(deal: Deal, choice: str | None) -> None:
    """A fresh deal the record calls for, where the ruleset gives none: the deal stands, and that is said."""
    if choice == "fresh_deal" and not deal.over:
        deal.notes.append(Note(Noted.FRESH_DEAL_NOT_GIVEN))


def unannounced_misdeal(deal: Deal) -> None:
    """The elder, dealt a wrong number of cards, took up a card of the stock without announcing it (Law 39)."""
    if deal.phase != Phase.MISDEAL:
        raise IllegalAction(msg("no-misdeal", "no misdeal the elder could have announced"))
    rule = deal.rules.misdeal.unannounced
    deal.apply(0)  # the deal stands: his option, if he had one, is gone
    if rule == "option_lost" and deal.delta[ELDER]:
        elder_part = min(deal.parts[0], max(0, len(deal.talon) - 3))
        deal.parts = (elder_part, len(deal.talon) - elder_part)
        deal.notes.append(Note(Noted.UNANNOUNCED_OPTION_LOST, take=elder_part))
    elif rule == "too_many_cards" and deal.delta[ELDER] > 0:
        penalize(deal, ELDER, deal.rules.penalties.too_many_cards,
                 Note(Noted.WHY_TOO_MANY, n=deal.hands[ELDER].bit_count()))
    else:
        deal.notes.append(Note(Noted.UNANNOUNCED_NO_EFFECT))


def exchange_wrongly(deal: Deal, discard: int, took: int, waived: bool = False) -> None:
    """The player to exchange discards ``discard`` and says he takes ``took`` cards.

    The number the laws give for his discard (as many, or, dealt a card too
    many or too few, one fewer or one more: Cavendish Laws 40-43, au Cent
    paras. 13-14) is his exchange as it should be, judged as any other.
    Taking more, he plays with more than his due (``penalties.too_many_cards``);
    taking fewer, he plays on with fewer, and the leader takes what cannot be
    played to (1651, ch. XII; Cavendish Laws 30, 31, 57).
    """
    p = deal.player
    if deal.phase != Phase.EXCHANGE:
        raise IllegalAction(msg("not-exchange", "not at the exchange"))
    n = discard.bit_count()
    due = n - deal.delta[p]
    if took == due:
        deal.apply(discard)
        return
    most = deal.parts[0] if p == ELDER else len(deal.talon)
    if took == unmixed_take(deal, p, discard) and not discard & ~deal.hands[p]:
        deal.take_in(discard, took)  # all his adversary's mixing left him: the law's take, no fault of his
        deal.notes.append(Note(Noted.UNMIXED_TAKEN, role=p, n=took))
        return
    if discard & ~deal.hands[p]:
        raise IllegalAction(msg("discard-own", "the {role} can discard only cards of his own hand", role=Word(ROLES[p])))
    if not 0 <= took <= most:
        raise IllegalAction(msg("takes-too-many", "the {role}, discarding {n} card(s) of {held}, takes in {due} by "
                                "the laws; {took} is more than the {most} card(s) of the stock he may take",
                                role=Word(ROLES[p]), n=n, held=deal.hands[p].bit_count(), due=due, took=took,
                                most=most))
    state(deal)  # marks the deal irregular: its hands are no longer of one length
    deal.take_in(discard, took)
    hand = deal.hands[p].bit_count()
    if took > due:
        penalize(deal, p, deal.rules.penalties.too_many_cards, Note(Noted.WHY_TOO_MANY, n=hand), waived)
    else:
        deal.notes.append(Note(Noted.TOO_FEW, role=p, n=hand))


def _in_play(deal: Deal) -> None:
    if deal.phase != Phase.PLAY or deal.lead_card is not None:
        raise IllegalAction(msg("between-tricks", "this is judged between two tricks of the play"))


def take_up_left(deal: Deal, p: int, announced: bool) -> None:
    """Player ``p``, who took in a card too few, takes up the card he left in the stock (Case XIII)."""
    _in_play(deal)
    if not deal.talon or announced or not deal.rules.exchange.short_take_recoverable:
        played = sum(1 for leader, _, follow in deal.tricks if leader == p or follow != NO_CARD)
        deal.notes.append(Note(Noted.LEFT_CARD_STAYS, role=p, n=deal.hands[p].bit_count() + played))
        return
    c = deal.talon.pop(0)
    suit = c // 9
    renounced = any(leader != p and lead // 9 == suit != follow // 9 for leader, lead, follow in deal.tricks)
    deal.hands[p] |= 1 << c
    deal.notes.append(Note(Noted.LEFT_CARD_TAKEN, role=p, card=c,
                               revoke=Note(Noted.REVOKE_TRUE if renounced else Noted.REVOKE_FALSE)))


def _declared(deal: Deal, p: int) -> int:
    """The cards of everything ``p`` reckoned as good or called as equal."""
    cards = 0
    for kind in KINDS:
        result = judge_kind(deal, kind)
        mine, theirs = result.calls[p], result.calls[1 - p]
        if result.winner == p:
            cards |= sum(c.cards for c in result.reckoned)
        elif result.winner is None and mine is not None and theirs is not None and mine.key == theirs.key:
            cards |= mine.cards
    return cards


def question(deal: Deal, p: int, suit: int, answer: int) -> None:
    """Player ``p`` answered ``answer`` when asked in play how many cards of ``suit`` he holds.

    The question concerns the cards he reckoned as good or called as equal, or
    the whole suit (``play.answers_concern``; Cases XV, XVI).  A wrong answer
    misinformed the asker, who may then play the rest again where the ruleset
    lets a card be taken back for it (Law 59 V).
    """
    _in_play(deal)
    held = deal.hands[p] & SUIT_MASKS[suit]
    if deal.rules.play.answers_concern == "declared_cards":
        held &= _declared(deal, p)
    right = held.bit_count()
    said = Note(Noted.ANSWER_RIGHT, role=p, answer=answer, right=right)
    if answer == right:
        deal.notes.append(said)
        return
    state(deal).misinformed[1 - p] = True
    remedy = Noted.MISINFORMED_TRUE if "misinformed" in deal.rules.play.retract else Noted.MISINFORMED_FALSE
    deal.notes.append(replace(said, what=Noted.ANSWER_WRONG, remedy=Note(remedy)))


def retract(deal: Deal, p: int, reason: str) -> None:
    """Player ``p`` claims to take back cards played and play them again, for ``reason`` (Law 59; 1651 ch. X).

    Allowed, the record's tricks are the play as made again; refused, they are
    the play as it stood.  Either way it is the ruleset's ``play.retract``
    that rules, and the ruling is noted.
    """
    if deal.phase < Phase.PLAY:
        raise IllegalAction(msg("no-card-played", "no card has been played"))
    if reason == "misinformed":
        allowed = deal.irregular is not None and deal.irregular.misinformed[p]
    else:
        allowed = True
    allowed = allowed and reason in deal.rules.play.retract
    deal.notes.append(Note(Noted.RETRACT_TRUE if allowed else Noted.RETRACT_FALSE, role=p, why=Note(Noted.of("retract_why", reason))))


#: Whose card the dealer exposed in dealing: the elder's (his adversary's), one of the stock, or one of his own.
EXPOSED = ("elder", "stock", "dealer")


def exposed_in_dealing(deal: Deal, whose: str, fresh_deal_called: bool) -> None:
    """The dealer exposed a card in dealing (Cavendish Law 13): ``whose`` is one of ``EXPOSED``.

    Where the ruleset gives the elder the option (``faced_card.exposed_by_dealer``),
    a card of his or of the stock makes a fresh deal if he calls for one; a
    card of the dealer's own never does, since only the dealer's hand is seen.
    """
    if whose not in EXPOSED:
        raise IllegalAction(msg("exposed-whose", "a card exposed in dealing is the elder's, the stock's or the "
                                "dealer's, not {whose}", whose=repr(whose)))
    if deal.phase > Phase.EXCHANGE or deal.player != ELDER or deal.taken[ELDER]:
        raise IllegalAction(msg("exposed-when", "a card exposed in dealing is judged before the elder takes in"))
    option = deal.rules.faced_card.exposed_by_dealer == "elder_option" and whose != "dealer"
    if option and fresh_deal_called:
        deal.fresh_deal(Note(Noted.EXPOSED_FRESH_DEAL, whose=Note(Noted.of("exposed", whose))))
    else:
        deal.notes.append(Note(Noted.EXPOSED_STANDS, whose=Note(Noted.of("exposed", whose))))


def _before_the_calls(deal: Deal, p: int) -> None:
    """A hand changed after its owner took in, before anyone has called: the calls are made from it as it is."""
    exchanged = (deal.phase == Phase.EXCHANGE and p == ELDER and deal.player != ELDER) or (
        deal.phase == Phase.DECLARE and deal.step == 0)
    if not exchanged:
        raise IllegalAction(msg("hand-judged", "the {role}'s hand is judged after he has taken in and before the "
                                "calls", role=Word(ROLES[p])))


def retake_discard(deal: Deal, p: int, cards: int, waived: bool = False) -> None:
    """Player ``p``, having taken up a card of the stock, takes back ``cards`` of his discard (Cavendish Law 25).

    He cannot alter his discard, so he plays with more cards than his due,
    under the ruleset's penalty for too many (``penalties.too_many_cards``).
    """
    _before_the_calls(deal, p)
    if not cards or cards & ~deal.discards[p]:
        raise IllegalAction(msg("take-back-own", "the {role} can take back only cards of his own discard",
                                role=Word(ROLES[p])))
    state(deal)  # marks the deal irregular: its hands are no longer of one length
    deal.discards[p] &= ~cards
    deal.hands[p] |= cards
    if deal.phase == Phase.DECLARE:
        deal.after_exchange()
    penalize(deal, p, deal.rules.penalties.too_many_cards,
             Note(Noted.WHY_TOO_MANY, n=deal.hands[p].bit_count()), waived)


def mixed_into_discard(deal: Deal, p: int, cards: int) -> None:
    """Player ``p``, having taken up a card of the stock, mixed ``cards`` of his hand with his discard (Law 26).

    They stay with the discard: he plays with fewer cards than his due, and
    his adversary takes as tricks the cards he cannot play to (Law 57).
    """
    _before_the_calls(deal, p)
    if not cards or cards & ~deal.hands[p]:
        raise IllegalAction(msg("mix-own", "the {role} can mix with his discard only cards of his hand",
                                role=Word(ROLES[p])))
    state(deal)
    deal.hands[p] &= ~cards
    deal.discards[p] |= cards
    if deal.phase == Phase.DECLARE:
        deal.after_exchange()
    deal.notes.append(Note(Noted.TOO_FEW, role=p, n=deal.hands[p].bit_count()))


def younger_alters_discard(deal: Deal, first: int, altered: int, elder_declared: bool) -> None:
    """The younger discarded ``first``, then, touching the stock, wants to discard ``altered`` (Law 32).

    He may, if the elder left cards without declaring how many he took or
    left: the stock holds more than the younger expected, and he may take
    them in.  Otherwise his first discard stands.
    """
    if deal.phase != Phase.EXCHANGE or deal.player != YOUNGER:
        raise IllegalAction(msg("younger-alters", "the younger alters his discard at his exchange"))
    left = deal.parts[ELDER] - deal.taken[ELDER].bit_count()
    may = left > 0 and not elder_declared
    deal.notes.append(Note(Noted.DISCARD_ALTERED_TRUE if may else Noted.DISCARD_ALTERED_FALSE, n=left))
    deal.apply(altered if may else first)


def incorrect_pack(deal: Deal) -> None:
    """The pack is found incorrect, redundant or imperfect during this deal (Cavendish Law 75): it is void.

    Deals before it stand: they were scored and are not touched.
    """
    deal.fresh_deal(Note(Noted.INCORRECT_PACK))


def throw_down(deal: Deal, p: int) -> None:
    """Player ``p`` throws down his hand between two tricks, counting no points in play (Cavendish, Description).

    The Description's case is the last hand of a partie whose rubicon he
    cannot save; the principle holds whenever he gives up the rest of the
    play: his adversary counts every trick still to play, the last trick and
    the cards (``engine/scoring.py``), and he himself nothing more in play.
    """
    _in_play(deal)
    state(deal).thrown_down = p
    deal.phase = Phase.OVER
    deal.notes.append(Note(Noted.THROWN_DOWN, role=p))


def left_cards_seen(deal: Deal, p: int, suit: int) -> None:
    """Player ``p`` looked at the cards the younger left after he chose not to look at them (au Cent).

    Where the ruleset says so (``exchange.left_unseen_looked_at``), the cards
    are exposed and the adversary names ``suit`` for p's next lead.
    """
    if deal.phase < Phase.DECLARE or not deal.talon:
        raise IllegalAction(msg("younger-left-none", "no cards left by the younger to look at"))
    if not 0 <= suit < 4:
        raise IllegalAction(SUIT_NUMBER)
    rule = deal.rules.exchange.left_unseen_looked_at
    if rule == "forced_suit":
        deal.forced_lead = (p, suit)
    deal.notes.append(Note(Noted.of("left_seen", rule), role=p))
