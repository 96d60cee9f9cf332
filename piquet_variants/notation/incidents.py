"""A deal's incidents (the irregularities the laws judge): each head's type and player, and the clauses after it
read into its fields."""

from __future__ import annotations

from dataclasses import replace

from ..errors import msg
from ..records.model import Called, Incident as Recorded
from .building import Building
from .drafts import DealDraft
from .dialogue import read_call, top_of
from .parser import suit_symbol, unquote
from .statements import (AlterDiscard, Correction, FacedCard, FacedInDealing, Incident, Miscall, MixedDiscard, Peek,
                         Question, Reply, Retake, pos)
from .vocabulary import (FLAGS, INCIDENT_REPLIES, KIND_WORDS, MOMENTS, NO_WORDS, SUIT_LETTERS, WORD_FIELDS,
                         WORD_VALUES, plain, role_of, words_of)


def read_incident(b: Building, deal: DealDraft, st: Incident, at: tuple[str | int, ...], inc: Recorded) -> str:
    """An incident, with the clauses after its head read into its fields (a choice, a yes or no, a moment, the
    trick before which it happened, a note)."""
    path = _incident_path(deal, at)
    b.mark(path, st.pos)
    words: dict[str, str] = {}  # the clauses that are words: a note, a choice, a moment, whose or when
    flags: dict[str, bool] = {}  # those that say yes or no
    before_trick: int | None = None
    before = ""  # the word before this one: what a moment or a number is of
    for tok in st.clauses:
        kind = tok.type
        if kind == "STRING":
            words["note"] = unquote(tok.value)
        elif kind == "CHOICE":
            words["choice"] = "stand" if words_of(tok.value).startswith(("stand", "on joue", "jou")) else "fresh_deal"
        elif kind in FLAGS:
            flags[FLAGS[kind]] = not NO_WORDS & set(plain(tok.value).split())
        elif kind == "SHEET_OF":
            flags["own_sheet"] = WORD_VALUES["own_sheet"][plain(tok.value)] == "true"
        elif kind in WORD_FIELDS:
            words[WORD_FIELDS[kind]] = WORD_VALUES[WORD_FIELDS[kind]][plain(tok.value)]
        elif kind == "MOMENT":
            words["corrected" if before == "CORRECTED" else "reckoned"] = MOMENTS[plain(tok.value)]
        elif kind == "INT" and before == "BEFORE_TRICK":
            before_trick = int(tok.value)
            if before_trick < 1:
                raise b.fail(pos(tok), msg("tricks-from-1", "tricks count from 1: before trick 1 is before the first card"))
        before = kind
    deal.incidents.append(replace(
        inc, note=words.get("note"), choice=words.get("choice"), corrected=words.get("corrected"),
        reckoned=words.get("reckoned"), whose=words.get("whose"), found=words.get("found"), when=words.get("when"),
        announced=flags.get("announced"), mixed=flags.get("mixed"), shown=flags.get("shown"),
        waived=flags.get("waived"), own_sheet=flags.get("own_sheet"), before_trick=before_trick))
    return f"incident:{len(deal.incidents) - 1}"


def read_faced(b: Building, deal: DealDraft, st: FacedCard, at: tuple[str | int, ...]) -> str:
    position = b.number(st.position)
    if position < 1:
        raise b.fail(st.position.pos, msg("talon-from-1", "talon positions count from 1 (the top card)"))
    return read_incident(b, deal, st, at, Recorded(st.TYPE, position=position))


def read_faced_dealing(b: Building, deal: DealDraft, st: FacedInDealing, at: tuple[str | int, ...]) -> str:
    cards = b.number(st.count)
    if cards < 1:
        raise b.fail(st.count.pos, msg("faced-none", "at least one card is found face up"))
    return read_incident(b, deal, st, at, Recorded(st.TYPE, cards=cards))


def read_peek(b: Building, deal: DealDraft, st: Peek, at: tuple[str | int, ...]) -> str:
    count = b.number(st.count)
    if count < 1:
        raise b.fail(st.count.pos, msg("peek-none", "a peek sees, or a player takes up, at least one card"))
    seen = None
    if st.seen is not None:  # the stock cards he saw or mixed (Laws 28-29)
        seen = b.cards(st.seen, _incident_path(deal, at) + ("which_cards",))
        if len(seen) != count:
            raise b.fail(st.pos, msg("incident-cards", "the incident names {named} cards, not {count}",
                                     named=len(seen), count=count))
    return read_incident(b, deal, st, at, Recorded(
        st.TYPE, player=role_of(st.player), cards=count, which_cards=seen,
        suit_named=SUIT_LETTERS[suit_symbol(st.suit)] if st.suit is not None else None))


def read_miscall(b: Building, deal: DealDraft, st: Miscall, at: tuple[str | int, ...]) -> str:
    """What he first called, in the dialogue's words: ``five making forty-nine``, ``three kings (K♠ K♥ K♣)``."""
    called = st.called
    path = _incident_path(deal, at) + ("called",)
    said = read_call(b, called.call) if called.call is not None else Called()
    if called.top is not None:  # "major", "to the king": the top card alone
        said = replace(said, top=top_of(called.top))
    if called.making is not None:
        said = replace(said, value=read_call(b, called.making).value)
    if called.cards is not None:
        said = replace(said, cards=b.cards(called.cards.cards, path + ("cards",)))
    b.mark(path, called.pos)
    inc = Recorded(st.TYPE, player=role_of(st.player), kind=KIND_WORDS[words_of(st.kind)], called=said)
    return read_incident(b, deal, st, at, inc)


def read_reply(b: Building, deal: DealDraft, st: Reply, at: tuple[str | int, ...]) -> str:
    word = st.reply
    if word.type == "ASK":
        said = "ask"
    elif word.type == "WHICH_OUT":
        said = "which_out"
    elif words_of(word.value) in INCIDENT_REPLIES:
        said = INCIDENT_REPLIES[words_of(word.value)]
    else:
        raise b.fail(pos(word), msg("reply-judged", "the reply the laws judge is good, equal, making? or which is "
                                    "out? (bon, égal, combien ? or laquelle manque ?)"))
    inc = Recorded(st.TYPE, player=role_of(st.player), kind=KIND_WORDS[words_of(st.kind)], reply=said)
    return read_incident(b, deal, st, at, inc)


def read_question(b: Building, deal: DealDraft, st: Question, at: tuple[str | int, ...]) -> str:
    """``question: how many diamonds? elder answers two``: the suit asked, who answered, and what."""
    inc = Recorded(st.TYPE, player=role_of(st.player), suit=SUIT_LETTERS[suit_symbol(st.suit)],
                   answer=b.number(st.answer))
    return read_incident(b, deal, st, at, inc)


def _incident_path(deal: DealDraft, at: tuple[str | int, ...]) -> tuple[str | int, ...]:
    """Where the incident being read is kept in the record."""
    return at + ("incidents", len(deal.incidents))


def read_with_cards(b: Building, deal: DealDraft, st: Retake | MixedDiscard | AlterDiscard,
                    at: tuple[str | int, ...]) -> str:
    """A player's incident that names cards: taken back from his discard, mixed into it, or his second
    discard (Cavendish Laws 25, 26, 32)."""
    inc = Recorded(st.TYPE, player=role_of(st.player),
                   which_cards=b.cards(st.cards, _incident_path(deal, at) + ("which_cards",)))
    return read_incident(b, deal, st, at, inc)


def read_correction(b: Building, deal: DealDraft, st: Correction, at: tuple[str | int, ...]) -> str:
    """``score corrected: younger 4, before his next hand``: whose score, by how much, when (Laws 70, 74)."""
    inc = Recorded(st.TYPE, player=role_of(st.player), points=b.number(st.points))
    return read_incident(b, deal, st, at, inc)
