"""A deal's declarations: each player's calls, the cards shown or sunk, and the dialogue said aloud (lengths,
sequences, sets, values, replies and counts)."""

from __future__ import annotations

from dataclasses import replace

from ..errors import Word, msg
from ..records import model
from ..records.model import Called, Calls, Cards, Role
from .building import Building
from .drafts import DealDraft
from .parser import rank_key
from .statements import (Call, CallCards, Count, Declaration, Length, Making, Pos, Said, SequenceCall, SetCall, Shown,
                         Sunk, Tok, pos)
from .vocabulary import KIND_WORDS, REPLIES, SEQUENCE_LENGTHS, role_of, words_of


def read_declaration(b: Building, deal: DealDraft, st: Declaration, at: tuple[str | int, ...]) -> str:
    kind = KIND_WORDS[words_of(st.kind)]
    if kind in deal.declarations:
        raise b.fail(st.pos, msg("declared-twice", "the {kind} is declared twice", kind=Word(kind)))
    path = at + ("declarations", kind)
    b.mark(path, st.pos)
    calls: dict[Role, model.Call] = {}
    said: list[model.Said] = []
    for u in st.utterances:
        role = role_of(u.player)
        for part in u.said:
            _speech(b, calls, said, role, part, path)
    deal.declarations[kind] = Calls(calls.get(Role.ELDER), calls.get(Role.YOUNGER), tuple(said))
    return f"declarations.{kind}"


def _speech(b: Building, calls: dict[Role, model.Call], said: list[model.Said], role: Role, part: Said,
            path: tuple[str | int, ...]) -> None:
    """One thing a player says in his turn: a call, a reply, a question, a count; or the cards of his call."""
    match part:
        case CallCards():
            _not_called(b, calls, role, part.pos)
            calls[role] = b.cards(part.cards, path + (role.value,))
            b.mark(path + (role.value,), part.pos)
        case Shown() | Sunk():
            _shown(b, calls, role, part, path)
        case Count():
            _said(b, said, model.Said(role, count=b.number(part.score)), path, part.pos)
        case Length() | SequenceCall() | SetCall() | Making():
            call = read_call(b, part)
            if isinstance(part, Length) and said and said[-1].ask and said[-1].by != role:
                call = Called(value=call.length)  # the number that answers "making?" is the point's value
            _said(b, said, model.Said(role, length=call.length, top=call.top, set=call.set, rank=call.rank,
                                value=call.value), path, part.pos)
        case _ if part.type == "SINKS":
            _not_called(b, calls, role, pos(part))
            calls[role] = "sink"
            b.mark(path + (role.value,), pos(part))
        case _:  # a reply, or making?
            _said(b, said, model.Said(role, reply=REPLIES[words_of(part.value)]) if part.type == "REPLY"
                  else model.Said(role, ask=True), path, pos(part))


def _not_called(b: Building, calls: dict[Role, model.Call], role: Role, where: Pos) -> None:
    """A player calls a kind once: the cards of his combination, or that he sinks it."""
    if role in calls:
        raise b.fail(where, msg("call-twice", "the {role}'s call is already given", role=Word(role.value)))


def _shown(b: Building, calls: dict[Role, model.Call], role: Role, part: Shown | Sunk,
           path: tuple[str | int, ...]) -> None:
    """Cards shown with a call, or sunk: the call (``best`` where none is given) with them."""
    call = calls.get(role, "best")
    made = call if isinstance(call, model.Shown) else model.Shown(call)
    shown = isinstance(part, Shown)
    if made.shown if shown else made.sinks:
        raise b.fail(part.pos, msg("shown-twice", "the {role} has already shown cards of this kind",
                                   role=Word(role.value)) if shown else msg(
            "sunk-twice", "the {role} has already sunk cards of this kind", role=Word(role.value)))
    cards: Cards = b.cards(part.cards, path + (role.value, "shown" if shown else "sinks"))
    calls[role] = replace(made, shown=cards) if shown else replace(made, sinks=cards)
    b.mark(path + (role.value,), part.pos)


def _said(b: Building, said: list[model.Said], item: model.Said, path: tuple[str | int, ...], where: Pos) -> None:
    b.mark(path + ("said", len(said)), where)
    said.append(item)


def read_call(b: Building, part: Call) -> Called:
    """A call in the dialogue's words: a length (``five``), a sequence (``quint major``), a set (``three
    kings``) or a value (``making forty-nine``), as the record's fields."""
    match part:
        case Length():
            return Called(length=b.number(part.length))
        case Making():
            return Called(value=b.number(part.points))
        case SequenceCall():
            return Called(length=SEQUENCE_LENGTHS[words_of(part.name)],
                          top=top_of(part.top) if part.top is not None else None)
        case _:
            count = 3 if words_of(part.count.text) in ("trio", "brelan") else b.number(part.count)
            if count not in (3, 4, 14):
                raise b.fail(part.pos, msg("set-count", "a set is three (trio, brelan) or four (quatorze), not {count}",
                                            count=count))
            return Called(set=4 if count == 14 else count, rank=rank_key(part.rank))


def top_of(word: Tok) -> str:
    """The top card a call names: the ace for 'major', else the rank after 'to the'."""
    return "A" if word.type == "MAJOR" else rank_key(word.value)
