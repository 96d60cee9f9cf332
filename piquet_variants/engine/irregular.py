"""The laws of calling and of a wrong number of cards, applied to a deal when a record states an irregularity.

Outside the normal course of a deal, as ``Deal.peek`` is: a miscall (a call
of more or less than the player holds, corrected in time or not), a
combination reckoned too late, an exchange that takes more or fewer cards
than were discarded.  Each is judged by the ruleset's leaves alone: until
when a call may be corrected (``declarations.undercall_correctable``,
``overcall_correctable``), until when an omission may still be reckoned
(``omission_until``, ``omitted_bars``), and the penalties
(``penalties.false_call``, ``too_many_cards``).  Random deals never come here.

When something was done is one of ``MOMENTS``, in the order of the deal; a
leaf's limit is the last moment still in time, ``before_own_first_card`` being
the elder's lead for the elder and the first trick for the younger.
"""

from __future__ import annotations

from ..errors import IllegalAction
from .combos import KINDS, Combo, covered
from .deal import ELDER, ROLES, YOUNGER, Deal, Irregular, Phase
from .notes import Note

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
        deal.irregular = Irregular([False, False], {k: [None, None] for k in KINDS})
    return deal.irregular


def penalize(deal: Deal, p: int, penalty: str, why: Note) -> None:
    """Player ``p`` reckons nothing that deal, or nothing in hand with his hand barring nothing (``forfeits_hand``)."""
    if penalty == "reckons_nothing":
        deal.reckons_nothing[p] = True
    else:
        state(deal).hand_void[p] = True
    deal.notes.append(Note("penalty_for", {"role": p, "why": why, "penalty": Note(f"penalty.{penalty}")}))


def _after_the_calls(deal: Deal) -> None:
    if deal.phase != Phase.PLAY or deal.tricks or deal.lead_card is not None:
        raise IllegalAction("a call is judged once both players have called, before the first card is played")


def miscall(deal: Deal, p: int, kind: str, called: Combo, corrected: str | None) -> None:
    """Player ``p`` first called ``called`` for ``kind``, and corrected it to the call recorded at ``corrected``.

    A call of less than he holds may be corrected until ``undercall_correctable``,
    one of more until ``overcall_correctable``.  Too late, the first word
    stands: a lesser call is what he called, and one of what he does not hold,
    allowed good, is a false call (``penalties.false_call``), which bars nothing.
    """
    _after_the_calls(deal)
    dec = deal.rules.declarations
    over = not covered(kind, called, deal.holding(kind, p))
    limit = dec.overcall_correctable if over else dec.undercall_correctable
    said = {"role": p, "kind": Note(f"kind.{kind}"), "limit": Note(f"limit.{limit}")}
    if in_time(p, corrected, limit):
        deal.notes.append(Note("miscall_corrected", said))
        return
    deal.calls[kind][p] = called
    deal.notes.append(Note("miscall_stands", said))
    opponent = deal.calls[kind][1 - p]
    if over and (opponent is None or called.key > opponent.key):
        deal.calls[kind][p] = None
        penalize(deal, p, deal.rules.penalties.false_call, Note("why.false_call", {"kind": Note(f"kind.{kind}")}))


def omission(deal: Deal, p: int, kind: str, reckoned: str | None) -> None:
    """Player ``p`` reckoned his call of ``kind`` only at ``reckoned`` (None: never).

    In time (``omission_until``) nothing changes; too late he reckons nothing
    for it, and it still bars the opponent where ``omitted_bars`` says so.
    """
    _after_the_calls(deal)
    call = deal.calls[kind][p]
    if call is None:
        raise IllegalAction(f"the {ROLES[p]} called no {kind} to omit")
    dec = deal.rules.declarations
    said = {"role": p, "kind": Note(f"kind.{kind}"), "limit": Note(f"limit.{dec.omission_until}")}
    if in_time(p, reckoned, dec.omission_until):
        deal.notes.append(Note("omission_in_time", said))
        return
    deal.calls[kind][p] = None
    if dec.omitted_bars:
        state(deal).omitted[kind][p] = call.key
    deal.notes.append(Note("omission_lost", dict(said, bars=Note(f"bars.{dec.omitted_bars}"))))


def exchange_wrongly(deal: Deal, discard: int, took: int) -> None:
    """The player to exchange discards ``discard`` and takes ``took`` cards, not as many as he discards.

    Taking more, he plays with more than his due (``penalties.too_many_cards``);
    taking fewer, he plays on with fewer, and the leader takes what cannot be
    played to (1651, ch. XII; Cavendish Laws 30, 31, 57).
    """
    p = deal.player
    if deal.phase != Phase.EXCHANGE:
        raise IllegalAction("not at the exchange")
    due = discard.bit_count() - deal.delta[p]
    most = deal.parts[0] if p == ELDER else len(deal.talon)
    if discard & ~deal.hands[p] or not discard or took == due or not 0 <= took <= most:
        raise IllegalAction(f"the {ROLES[p]} must discard some of his own cards and take a number of cards other "
                            f"than he discards, at most {most}")
    state(deal)  # marks the deal irregular: its hands are no longer of one length
    deal.take_in(discard, took)
    hand = deal.hands[p].bit_count()
    if took > due:
        penalize(deal, p, deal.rules.penalties.too_many_cards, Note("why.too_many", {"n": hand}))
    else:
        deal.notes.append(Note("too_few", {"role": p, "n": hand}))
