"""A deal's incidents (the irregularities the laws judge): each head's type and player, and the clauses after it
read into its fields."""

from __future__ import annotations

from typing import Any

from ..errors import Word, msg
from ..errors import Word, msg
from .building import Building
from .dialogue import read_call, top_of
from .parser import suit_symbol, unquote
from .statements import (AlterDiscard, Correction, FacedCard, FacedInDealing, Incident, Miscall, MixedDiscard, Peek,
                         Question, Reply, Retake, pos)
from .vocabulary import (FLAGS, INCIDENT_REPLIES, KIND_WORDS, MOMENTS, NO_WORDS, SUIT_LETTERS, WORD_FIELDS,
                         WORD_VALUES, plain, role_of, words_of)


def read_incident(b: Building, deal: dict[str, Any], st: Incident, at: tuple[str | int, ...], inc: dict[str,
                  Any]) -> str:
    """An incident, with the clauses after its head read into its fields (a choice, a yes or no, a moment, the
    trick before which it happened, a note)."""
    path = _incident_path(b, deal, at)
    incidents = deal.setdefault("incidents", [])
    b.mark(path, st.pos)
    before = ""  # the word before this one: what a moment or a number is of
    for tok in st.clauses:
        kind = tok.type
        if kind == "STRING":
            inc["note"] = unquote(tok.value)
        elif kind == "CHOICE":
            inc["choice"] = "stand" if words_of(tok.value).startswith(("stand", "on joue", "jou")) else "fresh_deal"
        elif kind in FLAGS:
            inc[FLAGS[kind]] = not NO_WORDS & set(plain(tok.value).split())
        elif kind in WORD_FIELDS:
            value = WORD_VALUES[WORD_FIELDS[kind]][plain(tok.value)]
            inc[WORD_FIELDS[kind]] = value == "true" if kind == "SHEET_OF" else value
        elif kind == "MOMENT":
            inc["corrected" if before == "CORRECTED" else "reckoned"] = MOMENTS[plain(tok.value)]
        elif kind == "INT" and before == "BEFORE_TRICK":
            inc["before_trick"] = int(tok.value)
            if inc["before_trick"] < 1:
                raise b.fail(pos(tok), msg("tricks-from-1", "tricks count from 1: before trick 1 is before the first card"))
        before = kind
    incidents.append(inc)
    return f"incident:{len(incidents) - 1}"


def read_faced(b: Building, deal: dict[str, Any], st: FacedCard, at: tuple[str | int, ...]) -> str:
    inc: dict[str, Any] = {"type": st.TYPE, "position": b.number(st.position)}
    if inc["position"] < 1:
        raise b.fail(st.position.pos, msg("talon-from-1", "talon positions count from 1 (the top card)"))
    return read_incident(b, deal, st, at, inc)


def read_faced_dealing(b: Building, deal: dict[str, Any], st: FacedInDealing, at: tuple[str | int, ...]) -> str:
    inc: dict[str, Any] = {"type": st.TYPE, "cards": b.number(st.count)}
    if inc["cards"] < 1:
        raise b.fail(st.count.pos, msg("faced-none", "at least one card is found face up"))
    return read_incident(b, deal, st, at, inc)


def read_peek(b: Building, deal: dict[str, Any], st: Peek, at: tuple[str | int, ...]) -> str:
    inc: dict[str, Any] = {"type": st.TYPE, "player": role_of(st.player), "cards": b.number(st.count)}
    if inc["cards"] < 1:
        raise b.fail(st.count.pos, msg("peek-none", "a peek sees, or a player takes up, at least one card"))
    if st.seen is not None:  # the stock cards he saw or mixed (Laws 28-29)
        inc["which_cards"] = b.cards(st.seen, _incident_path(b, deal, at) + ("which_cards",))
        if len(inc["which_cards"]) != inc["cards"]:
            raise b.fail(st.pos, msg("incident-cards", "the incident names {named} cards, not {count}",
                                     named=len(inc['which_cards']), count=inc['cards']))
    if st.suit is not None:
        inc["suit_named"] = SUIT_LETTERS[suit_symbol(st.suit)]
    return read_incident(b, deal, st, at, inc)


def read_miscall(b: Building, deal: dict[str, Any], st: Miscall, at: tuple[str | int, ...]) -> str:
    """What he first called, in the dialogue's words: ``five making forty-nine``, ``three kings (K♠ K♥ K♣)``."""
    called = st.called
    path = at + ("incidents", len(deal.get("incidents", [])), "called")
    said: dict[str, Any] = {}
    if called.call is not None:
        said.update(read_call(b, called.call))
    if called.top is not None:  # "major", "to the king": the top card alone
        said["top"] = top_of(called.top)
    if called.making is not None:
        said.update(read_call(b, called.making))
    if called.cards is not None:
        said["cards"] = b.cards(called.cards.cards, path + ("cards",))
    b.mark(path, called.pos)
    inc = {"type": st.TYPE, "player": role_of(st.player), "kind": KIND_WORDS[words_of(st.kind)], "called": said}
    return read_incident(b, deal, st, at, inc)


def read_reply(b: Building, deal: dict[str, Any], st: Reply, at: tuple[str | int, ...]) -> str:
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
    inc = {"type": st.TYPE, "player": role_of(st.player), "kind": KIND_WORDS[words_of(st.kind)], "reply": said}
    return read_incident(b, deal, st, at, inc)


def read_question(b: Building, deal: dict[str, Any], st: Question, at: tuple[str | int, ...]) -> str:
    """``question: how many diamonds? elder answers two``: the suit asked, who answered, and what."""
    inc = {"type": st.TYPE, "player": role_of(st.player), "suit": SUIT_LETTERS[suit_symbol(st.suit)],
           "answer": b.number(st.answer)}
    return read_incident(b, deal, st, at, inc)


def _incident_path(b: Building, deal: dict[str, Any], at: tuple[str | int, ...]) -> tuple[str | int, ...]:
    """Where the incident being read is kept in the record."""
    return at + ("incidents", len(deal.get("incidents", [])))


def read_with_cards(b: Building, deal: dict[str, Any], st: Retake | MixedDiscard | AlterDiscard, at: tuple[str | int,
                    ...]) -> str:
    """A player's incident that names cards: taken back from his discard, mixed into it, or his second
    discard (Cavendish Laws 25, 26, 32)."""
    inc = {"type": st.TYPE, "player": role_of(st.player),
           "which_cards": b.cards(st.cards, _incident_path(b, deal, at) + ("which_cards",))}
    return read_incident(b, deal, st, at, inc)


def read_correction(b: Building, deal: dict[str, Any], st: Correction, at: tuple[str | int, ...]) -> str:
    """``score corrected: younger 4, before his next hand``: whose score, by how much, when (Laws 70, 74)."""
    inc = {"type": st.TYPE, "player": role_of(st.player), "points": b.number(st.points)}
    return read_incident(b, deal, st, at, inc)
