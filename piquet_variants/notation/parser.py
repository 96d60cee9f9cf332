"""The notation's parser: the Lark grammar, compiled once, and readable syntax errors.

The grammar lives in ``grammar/piquet.lark``.  It is an LALR grammar with a
contextual lexer, and its Transformer runs inside the parser (no parse tree
is built), turning each statement into a small ``Stmt`` as soon as it is
reduced.  Building the record from those statements, and every check that
needs more than syntax, is ``notation.reader``'s job.
"""

from __future__ import annotations

import re
from functools import cache, partial
from typing import Any, NamedTuple, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import NotationError, Problem
from ..located import caret
from ..resources import data_dir

Pos = tuple[int, int]


class Card(NamedTuple):
    """A card as written: its text (``AS``, ``A♠``, ``?``) and where it stands."""

    text: str
    pos: Pos


# ``Card(text, pos)`` made without the named tuple's Python-level ``__new__``: a
# deal has some sixty cards, and this halves what each one costs to make.
_card = partial(tuple.__new__, Card)


class Stmt(NamedTuple):
    """One statement of the notation, as the parser reduced it."""

    kind: str
    pos: Pos
    data: Any


_RANK = r"(?:10|[AKQJTRDV9876])"
_SIGNS = re.compile("([♠♥♦♣♤♡♢♧])")
_RANKS = frozenset(("10", "A", "K", "Q", "J", "T", "R", "D", "V", "9", "8", "7", "6"))
# One card a match, in a run the grammar has already read: its rank, and the suit written after
# it ("AS", "A♠") or, in a group ("A R D ♠"), the suit that ends the group; or "?", with no parts.
_CARD_PART = re.compile(rf"({_RANK})(?:([SHDCPKT]|[♠♥♦♣♤♡♢♧])|(?=(?:[ \t]+{_RANK})*[ \t]*([♠♥♦♣♤♡♢♧])))|\?")
_RANK_WORDS = {"ace": "A", "as": "A", "king": "K", "roi": "K", "rois": "K", "queen": "Q", "dame": "Q", "knave": "J",
               "jack": "J", "valet": "J", "sixes": "6", "ten": "10", "dix": "10", "nine": "9", "neuf": "9", "eight": "8",
               "huit": "8", "seven": "7", "sept": "7", "six": "6"}
_SUIT_WORDS = {"spade": "♠", "pique": "♠", "heart": "♥", "cœur": "♥", "coeur": "♥", "diamond": "♦",
               "carreau": "♦", "club": "♣", "trèfle": "♣", "trefle": "♣"}


def rank_key(word: str) -> str:
    """The rank key (``A``, ``K``… ``10``…) of a rank word, singular or plural, English or French."""
    w = word.lower()
    return _RANK_WORDS.get(w) or _RANK_WORDS[w[:-1] if w.endswith("s") and w != "as" else w.rstrip("x")]


def suit_symbol(word: str) -> str:
    w = word.lower()
    for stem, symbol in _SUIT_WORDS.items():
        if w.startswith(stem):
            return symbol
    raise KeyError(word)


def _pos(tok: Token) -> Pos:
    """Where a token starts: Lark types both as optional, but its lexer always sets them."""
    return tok.line, tok.column  # type: ignore[return-value]


def _run(text: str, line: int, column: int) -> list[Card]:
    """Split a run of compact cards that starts at ``line``:``column``, keeping each card's own line and column."""
    out: list[Card] = []
    for m, at, shift in _lines(_CARD_PART, text, line, column):
        rank, after, group = m.group(1, 2, 3)
        out.append(_card((rank + (after or group) if rank else "?", (at, m.start() + shift))))
    return out


def _token_run(tok: Token) -> list[Card]:
    return _run(str(tok), *_pos(tok))


def _lines(pattern: re.Pattern[str], text: str, line: int, column: int) -> list[tuple[re.Match[str], int, int]]:
    """Each match of ``pattern`` in a token's text, with its line and the offset that turns a place into a column.

    The token starts at ``line``:``column``; a match's ``m.start(i) + shift`` is then the column of its group ``i``.
    """
    out, pos, shift = [], 0, column
    for m in pattern.finditer(text):
        start = m.start()
        newlines = text.count("\n", pos, start)
        if newlines:
            line += newlines
            shift = -text.rfind("\n", pos, start)
        pos = start
        out.append((m, line, shift))
    return out


class Run(NamedTuple):
    """A line's run of compact cards as written, from ``line``:``column``.

    The reader names the cards from ``parts()``, a split on the suit signs;
    where each card stands (``cards()``) is worked out only when a message needs it.
    """

    text: str
    line: int
    column: int

    def parts(self) -> list[tuple[str, str, str]]:
        """Each card's (rank, suit after it, suit of its group); three empty parts for "?".

        The same cards as ``cards()``, found by splitting on the suit signs
        rather than by ``_CARD_PART``, whose look-ahead reads a group of ranks
        again for each rank in it: the text is a run the grammar has read, so
        each word is "?", a bare rank (of the group the next sign closes), or a
        rank with its suit letter or sign.
        """
        out = []
        pieces = _SIGNS.split(self.text)  # words, sign, words, sign, ..., words
        for i in range(0, len(pieces), 2):
            sign = pieces[i + 1] if i + 1 < len(pieces) else ""
            for word in pieces[i].split():
                if word == "?":
                    out.append(("", "", ""))
                elif word in _RANKS:
                    out.append((word, "", sign))
                else:
                    out.append((word[:-1], word[-1], ""))
        return out

    def cards(self) -> list[Card]:
        return _run(self.text, self.line, self.column)

    def at(self, rest: tuple[str | int, ...]) -> Pos | None:
        """Where the card at ``rest`` (its index) stands."""
        cards = self.cards()
        if len(rest) == 1 and isinstance(rest[0], int) and 0 <= rest[0] < len(cards):
            return cards[rest[0]].pos
        return None


_TRICK_LINE = re.compile(r"(\d+)\.[ \t]+(\S+?)(?:[ \t]*,[ \t]*|[ \t]+)(\S+?)[ \t]*\r?\n")


class TrickRun(NamedTuple):
    """A run of plain trick lines as written (a TRICKRUN token), read like ``Run``."""

    text: str
    line: int
    column: int

    def rows(self) -> list[tuple[str, str, str]]:
        """Each trick's (number, lead, follow) as written."""
        return _TRICK_LINE.findall(self.text)

    @property
    def headed(self) -> bool:
        """Whether the run begins with its "tricks:" line."""
        return not self.text[0].isdigit()

    def tricks(self) -> list[tuple[int, Pos, list[Card]]]:
        """Each trick's number and position, and its cards with theirs."""
        return [(int(m.group(1)), (line, m.start() + shift), [_card((m.group(2), (line, m.start(2) + shift))),
                                                               _card((m.group(3), (line, m.start(3) + shift)))])
                for m, line, shift in _lines(_TRICK_LINE, self.text, self.line, self.column)]


# One line of a run of card lines (CARDLINES, DISCARDLINES): its first word, and its cards after the
# word (and "discards"); and a DEALHEAD's parts.
_CARD_LINE = re.compile(r"(\w+)(?:[ \t]*:|[ \t]+\S+)[ \t]*([^\n]*)")
_QUOTED = r'"(?:[^"\\\n]|\\.)*"'  # the grammar's STRING
_STRING = re.compile(_QUOTED)
_DEAL_HEAD = re.compile(rf"(\w+)[ \t]+(\d+)[ \t]*,[ \t]*(\w+)[ \t]+({_QUOTED})")
_HEAD_LINE = re.compile(rf'\[[ \t]*([^\s"\]]+)((?:[ \t]+{_QUOTED})+)[ \t]*\]')


def _card_lines(tok: Token) -> list[tuple[Pos, str, Run]]:
    """Each line of a run of card lines: where it starts, its first word (a role, or "talon"), and its cards."""
    return [((line, m.start() + shift), m.group(1), Run(m.group(2).rstrip(), line, m.start(2) + shift))
            for m, line, shift in _lines(_CARD_LINE, str(tok), *_pos(tok))]


def _flat(items: list[Any]) -> list[Any]:
    """Children with each run token's list of statements spliced in where it stood."""
    return [st for item in items for st in (item if isinstance(item, list) else (item,))]


def _sub(tok: Token, kind: str, start: int, value: str) -> Token:
    """A token for a part of a line token, at its own column."""
    line, column = _pos(tok)
    return Token(kind, value, line=line, column=column + start)


class _ToStatements(Transformer):
    """Reduce each rule to plain tuples; the reader gives them meaning."""

    # -- cards --
    def long_cards(self, items: list[Token]) -> list[Card]:
        suit = suit_symbol(items[-1])
        return [Card(rank_key(t) + suit, _pos(t)) for t in items if t.type == "RANKWORD"]

    def no_cards(self, items: list[Token]) -> list[Card]:
        return []

    def cards(self, pieces: list[Any]) -> list[Card]:
        out: list[Card] = []
        for p in pieces:
            out.extend(_token_run(p) if isinstance(p, Token) else p)
        return out

    # -- small values --
    def number(self, items: list[Token]) -> tuple[str, Pos]:
        return str(items[0]), _pos(items[0])

    def signed(self, items: list[Any]) -> tuple[str, Pos]:
        return "-" + items[1][0], _pos(items[0])

    def who(self, items: list[Token]) -> Token:
        return items[0]

    def comment(self, items: list[Token]) -> Stmt:
        return Stmt("comment", _pos(items[0]), str(items[0])[1:-1])

    # -- file structure --
    def start(self, items: list[Any]) -> list[Any]:
        return _flat(items)

    def header(self, items: list[Token]) -> Stmt:
        return Stmt("header", _pos(items[0]), (str(items[0]), [unquote(s) for s in items[1:]]))

    def headers(self, items: list[Token]) -> list[Stmt]:
        """A run of tag lines: one statement a tag, each at its own line."""
        tok = items[0]
        return [Stmt("header", (line, m.start() + shift), (m.group(1), [unquote(v) for v in _STRING.findall(m.group(2))]))
                for m, line, shift in _lines(_HEAD_LINE, str(tok), *_pos(tok))]

    def partie(self, items: list[Any]) -> Stmt:
        return Stmt("partie", _pos(items[0]), items[1:-1])

    def deal(self, items: list[Any]) -> Stmt:
        items = _flat(items)
        if items[0].type == "DEALHEAD":
            head = items[0]
            m = _DEAL_HEAD.match(str(head))
            assert m is not None  # the terminal's own pattern
            dealer = self.dealer([_sub(head, "DEALER", m.start(3), m.group(3)),
                                  _sub(head, "STRING", m.start(4), m.group(4))])
            items = [head, _sub(head, "INT", m.start(2), m.group(2)), dealer, *items[1:]]
            return Stmt("deal", _pos(head), (m.group(1), items[1], items[2:-1], _pos(items[-1])))
        return Stmt("deal", _pos(items[0]), (str(items[0]), items[1], items[2:-1], _pos(items[-1])))

    def dealer(self, items: list[Token]) -> Stmt:
        return Stmt("dealer", _pos(items[0]), unquote(items[1]))

    def packets(self, items: list[Token]) -> Stmt:
        return Stmt("packets", _pos(items[0]), int(items[1]))

    # -- statements --
    def hand(self, items: list[Any]) -> Stmt:
        return Stmt("hand", _pos(items[0]), (str(items[0]), items[1]))

    def talon(self, items: list[Any]) -> Stmt:
        return Stmt("talon", _pos(items[0]), items[1])

    def card_lines(self, items: list[Token]) -> list[Stmt]:
        """A run of hand and talon lines: one statement a line."""
        return [Stmt("talon", pos, run) if word.lower() == "talon" else Stmt("hand", pos, (word, run))
                for pos, word, run in _card_lines(items[0])]

    def discard_lines(self, items: list[Token]) -> list[Stmt]:
        """A run of lines that only discard: one exchange a line."""
        return [Stmt("exchange", pos, (word, run, [])) for pos, word, run in _card_lines(items[0])]

    def misdeal(self, items: list[Token]) -> Stmt:
        return Stmt("misdeal", _pos(items[0]), items[1:])

    def faced(self, items: list[Token]) -> Stmt:
        return Stmt("faced", _pos(items[0]), items[1:])

    def peek(self, items: list[Any]) -> Stmt:
        return Stmt("peek", _pos(items[0]), items[1:])

    def exchange(self, items: list[Any]) -> Stmt:
        return Stmt("exchange", _pos(items[0]), (str(items[0]), items[2], items[3:]))

    def takes(self, items: list[Any]) -> tuple[str, list[Card], Pos]:
        return "takes", items[1], _pos(items[0])

    def leaves(self, items: list[Any]) -> tuple[str, list[Card], Pos]:
        return "leaves", items[1], _pos(items[0])

    def blanche(self, items: list[Token]) -> Stmt:
        return Stmt("blanche", _pos(items[0]), str(items[0]))

    def declaration(self, items: list[Any]) -> Stmt:
        return Stmt("declaration", _pos(items[0]), (str(items[0]), items[1:]))

    def utterance(self, items: list[Any]) -> Stmt:
        return Stmt("utterance", _pos(items[0]), (str(items[0]), items[1:]))

    def sink(self, items: list[Token]) -> Stmt:
        return Stmt("utterance", _pos(items[0]), (str(items[0]), [Stmt("sink", _pos(items[1]), None)]))

    def length(self, items: list[Any]) -> Stmt:
        return Stmt("length", items[0][1], items[0][0])

    def sequence_call(self, items: list[Token]) -> Stmt:
        return Stmt("sequence", _pos(items[0]), items)

    def set_call(self, items: list[Any]) -> Stmt:
        count = items[0] if isinstance(items[0], tuple) else (str(items[0]), _pos(items[0]))
        return Stmt("set", count[1], (count[0], str(items[-1])))

    def value(self, items: list[Any]) -> Stmt:
        return Stmt("value", _pos(items[0]), items[1])

    def call_cards(self, items: list[Any]) -> Stmt:
        return Stmt("cards", items[0][0].pos if items[0] else (0, 0), items[0])

    def shown(self, items: list[Any]) -> Stmt:
        return Stmt("shown", _pos(items[0]), items[1])

    def tricks(self, items: list[Token]) -> Stmt:
        return Stmt("tricks", _pos(items[0]), None)

    def trick(self, items: list[Any]) -> Stmt:
        return Stmt("trick", _pos(items[0]), (int(str(items[0])[:-1]), items[1:]))

    def trick_run(self, items: list[Token]) -> Stmt:
        return Stmt("trick_run", _pos(items[0]), TrickRun(str(items[0]), *_pos(items[0])))

    def played(self, items: list[Any]) -> tuple[list[Card], tuple[str, Pos] | None]:
        cards = _token_run(items[0]) if isinstance(items[0], Token) else items[0]
        return cards, (items[1] if len(items) > 1 else None)

    def claim(self, items: list[Any]) -> Stmt:
        return Stmt("claim", _pos(items[0]), items[1:])

    def sheet(self, items: list[Any]) -> Stmt:
        return Stmt("sheet", _pos(items[0]), items[1:])

    def note(self, items: list[Token]) -> Stmt:
        return Stmt("note", _pos(items[0]), unquote(items[1]))

    def totals(self, items: list[Any]) -> Stmt:
        return Stmt("totals", _pos(items[0]), items[1:])

    def winner(self, items: list[Token]) -> Stmt:
        return Stmt("winner", _pos(items[0]), items[1])

    def won(self, items: list[Any]) -> Stmt:
        return Stmt("won", _pos(items[0]), items[1])


_ESCAPES = {"n": "\n", "t": "\t"}


def unquote(tok: Token | str) -> str:
    text = str(tok)[1:-1]
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text) if "\\" in text else text


def grammar_text() -> str:
    return (data_dir("grammar") / "piquet.lark").read_text("utf-8")


@cache
def parser() -> Lark:
    """The compiled parser; Lark's cache makes later processes skip the LALR analysis."""
    return Lark(grammar_text(), parser="lalr", lexer="contextual", transformer=_ToStatements(), cache=True)


# Terminals as a reader would name them, for "expected …" messages.
_EXPECTED = {
    "CARDRUN": "cards (AS KS, A R D ♠, or ? for an unknown card)", "RANKWORD": "a rank word (ace, roi…)",
    "SUITWORD": "a suit (spades, pique…)", "ROLE": "elder or younger (premier, dernier)",
    "STRING": 'a quoted name or text ("…")', "INT": "a number in figures", "MINUS": "minus (moins)", "NUMWORDS": "a number",
    "TRICKNO": "a trick number such as 3.", "END_DEAL": "end deal (fin de donne)",
    "END_PARTIE": "end partie (fin de partie)", "DEAL": "deal (donne)", "PARTIE": "partie",
    "KIND": "point, sequence or sets", "REPLY": "good, not good or equal", "COLON": "':'", "SEMICOLON": "';'",
    "COMMA": "','", "DOT": "'.'", "RSQB": "']'", "LSQB": "'['", "LPAR": "'('", "RPAR": "')'", "EQUAL": "'='",
    "TAG": "a tag name", "OF": "of (de)", "COMMENT": "a {comment}", "SCORE": "score (marque)",
    "DISCARDS": "discards (écarte)", "CATEGORY": "a scoring category (point, repique…)",
    "CHECKPOINT": "a checkpoint (hand:elder, lead:1, trick:3, play…)", "RANKPL": "a rank in the plural (aces, rois…)",
    "$END": "the end of the file",
}

# Common mistakes, each with a message that names it (Lark's match_examples).
_EXAMPLES: dict[str, list[str]] = {
    "a tag's value is quoted: [Ruleset \"traite\"]": ['[Ruleset traite]', '[Players Premier "Dernier"]'],
    "a hand is written 'elder: cards' (premier : cartes), with a colon": [
        'deal 1, dealer "B" elder AS KS', 'deal 1, dealer "B" younger AS'],
    "a player is named in quotes: dealer \"Dernier\"": ['deal 1, dealer Dernier', 'deal 1, dealer B'],
    "a trick starts with its number and a dot: 1. AS 10S": ['deal 1, dealer "B" 1 AS 10S',
                                                           'deal 1, dealer "B" tricks: AS'],
    "this deal is not closed: end it with 'end deal' (fin de donne)": ['deal 1, dealer "B" elder: AS',
                                                                      'deal 1, dealer "B"'],
    "this partie is not closed: end it with 'end partie' (fin de partie)": [
        'partie deal 1, dealer "B" end deal'],
    "a deal starts with 'deal N' (donne N)": ['elder: AS', 'talon: AS', '[Players "A" "B"] elder: AS'],
}


# One token for a whole canonical line: each has a detailed rule beside it, which names what is expected.
_LINE_TOKENS = {"HEADLINES", "DEALHEAD", "CARDLINES", "DISCARDLINES", "TRICKRUN"}


def _describe(expected: set[str]) -> str:
    names = sorted({_EXPECTED.get(e, e.lower().replace("_", " ")) for e in expected
                    if not e.startswith("_") and e not in _LINE_TOKENS})
    if len(names) > 8:
        names = names[:8] + ["…"]
    return ", ".join(names) if names else "something else"


def syntax_error(exc: UnexpectedInput, text: str, name: str) -> NotationError:
    """One positioned problem, in words, with the line and a caret, for any Lark syntax error."""
    lines = text.splitlines()
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        line = len(lines) or 1
        col = len(lines[-1]) + 1 if lines else 1
        found = "the end of the file"
    else:
        line, col = exc.line, exc.column
        found = (repr(exc.char) if isinstance(exc, UnexpectedCharacters)
                 else repr(str(exc.token)) if isinstance(exc, UnexpectedToken) else "this")
    expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or set()
    label = None
    try:
        label = exc.match_examples(parser().parse, _EXAMPLES, use_accepts=True)
    except Exception:  # noqa: BLE001 - an example that parses differently must not hide the real error
        label = None
    message = f"unexpected {found}; expected {_describe(set(expected))}"
    if label:
        message = f"{label} ({message})"
    return NotationError([Problem(name, line, col, "", message, caret(lines, line, col))])


def parse_statements(text: str, name: str) -> list[Stmt]:
    """The file's top-level statements, or one ``NotationError`` naming where the syntax fails."""
    try:
        return cast(list[Stmt], parser().parse(text))  # the transformer turns the tree into statements
    except UnexpectedInput as exc:
        raise syntax_error(exc, text, name) from None
