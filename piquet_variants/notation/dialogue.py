"""A deal's declarations: each player's calls, the cards shown or sunk, and the dialogue said aloud (lengths,
sequences, sets, values, replies and counts)."""

from __future__ import annotations

from typing import Any

from ..errors import Word, msg
from ..errors import Word, msg
from .building import Building
from .parser import rank_key
from .statements import (Call, CallCards, Count, Declaration, Length, Making, Pos, Said, SequenceCall, SetCall, Shown,
                         Sunk, Tok, pos)
from .vocabulary import KIND_WORDS, REPLIES, SEQUENCE_LENGTHS, role_of, words_of


def read_declaration(b: Building, deal: dict[str, Any], st: Declaration, at: tuple[str | int, ...]) -> str:
    kind = KIND_WORDS[words_of(st.kind)]
    decls = deal.setdefault("declarations", {})
    if kind in decls:
        raise b.fail(st.pos, msg("declared-twice", "the {kind} is declared twice", kind=Word(kind)))
    path = at + ("declarations", kind)
    b.mark(path, st.pos)
    entry: dict[str, Any] = {}
    said: list[dict[str, Any]] = []
    for u in st.utterances:
        role = role_of(u.player)
        for part in u.said:
            _speech(b, entry, said, role, part, path)
    if said:
        entry["said"] = said
    decls[kind] = entry
    return f"declarations.{kind}"


def _speech(b: Building, entry: dict[str, Any], said: list[dict[str, Any]], role: str, part: Said,
            path: tuple[str | int, ...]) -> None:
    """One thing a player says in his turn: a call, a reply, a question, a count; or the cards of his call."""
    match part:
        case CallCards():
            if role in entry:
                raise b.fail(part.pos, msg("call-twice", "the {role}'s call is already given", role=Word(role)))
            entry[role] = b.cards(part.cards, path + (role,))
            b.mark(path + (role,), part.pos)
        case Shown() | Sunk():
            key = "shown" if isinstance(part, Shown) else "sinks"
            call = entry.get(role, "best")
            made = call if isinstance(call, dict) else {"call": call}
            if key in made:
                raise b.fail(part.pos, msg("shown-twice", "the {role} has already shown cards of this kind",
                                           role=Word(role)) if key == 'shown' else msg(
                    "sunk-twice", "the {role} has already sunk cards of this kind", role=Word(role)))
            entry[role] = made | {key: b.cards(part.cards, path + (role, key))}
            b.mark(path + (role,), part.pos)
        case Count():
            _said(b, said, {"by": role, "count": b.number(part.score)}, path, part.pos)
        case Length() | SequenceCall() | SetCall() | Making():
            item = {"by": role} | read_call(b, part)
            if isinstance(part, Length) and said and said[-1].get("ask") and said[-1]["by"] != role:
                item["value"] = item.pop("length")  # the number that answers "making?" is the point's value
            _said(b, said, item, path, part.pos)
        case _ if part.type == "SINKS":
            if role in entry:
                raise b.fail(pos(part), msg("call-twice", "the {role}'s call is already given", role=Word(role)))
            entry[role] = "sink"
            b.mark(path + (role,), pos(part))
        case _:  # a reply, or making?
            _said(b, said, {"by": role, "reply": REPLIES[words_of(part.value)]} if part.type == "REPLY"
                  else {"by": role, "ask": True}, path, pos(part))


def _said(b: Building, said: list[dict[str, Any]], item: dict[str, Any], path: tuple[str | int, ...],
          where: Pos) -> None:
    b.mark(path + ("said", len(said)), where)
    said.append(item)


def read_call(b: Building, part: Call) -> dict[str, Any]:
    """A call in the dialogue's words: a length (``five``), a sequence (``quint major``), a set (``three
    kings``) or a value (``making forty-nine``), as the record's fields."""
    match part:
        case Length():
            return {"length": b.number(part.length)}
        case Making():
            return {"value": b.number(part.points)}
        case SequenceCall():
            call: dict[str, Any] = {"length": SEQUENCE_LENGTHS[words_of(part.name)]}
            if part.top is not None:
                call["top"] = top_of(part.top)
            return call
        case _:
            count = 3 if words_of(part.count.text) in ("trio", "brelan") else b.number(part.count)
            if count not in (3, 4, 14):
                raise b.fail(part.pos, msg("set-count", "a set is three (trio, brelan) or four (quatorze), not {count}",
                                            count=count))
            return {"set": 4 if count == 14 else count, "rank": rank_key(part.rank)}


def top_of(word: Tok) -> str:
    """The top card a call names: the ace for 'major', else the rank after 'to the'."""
    return "A" if word.type == "MAJOR" else rank_key(word.value)
