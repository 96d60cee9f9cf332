"""The notation's parser: the Lark grammar, compiled once, and readable syntax errors.

The grammar lives in ``grammar/piquet.lark``.  It is an LALR grammar with a
contextual lexer, and its Transformer runs inside the parser (no parse tree
is built), turning each statement into a small ``Stmt`` as soon as it is
reduced.  Grouping the statements into records, building each record, and
every check that needs more than syntax, is ``notation.reader``'s job.

A file holds many records.  After a syntax error, ``split_records`` cuts the
file where each run of tags begins and each record is parsed on its own, so a
bad record is reported and the next one still read.  Where lark-cython
(Lark's own Cython build of the same LALR parser, the ``fast`` extra) is
installed, it runs the same grammar faster; ``PIQUET_VARIANTS_PURE_PARSER=1``
keeps to Lark's pure-Python parser.
"""

from __future__ import annotations

import os
import re
import sys
from bisect import bisect_right
from functools import cache
from typing import Any, NamedTuple, Protocol, cast

from lark import Lark, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import MAX_PROBLEMS, Problem, echo
from ..located import caret
from ..resources import data_dir

Pos = tuple[int, int]


class Tok(Protocol):
    """A token as either parser gives it (Lark's is a ``str``, lark-cython's is not): read ``.value``."""

    @property
    def type(self) -> str: ...

    @property
    def value(self) -> str: ...

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


class Card(NamedTuple):
    """A card as written: its text (``AS``, ``A♠``, ``?``) and where it stands."""

    text: str
    pos: Pos


class Stmt(NamedTuple):
    """One statement of the notation, as the parser reduced it."""

    kind: str
    pos: Pos
    data: Any


_SIGNS = re.compile("([♠♥♦♣♤♡♢♧])")
_RANKS = frozenset(("10", "A", "K", "Q", "J", "T", "R", "D", "V", "9", "8", "7", "6"))
_WORD = re.compile(r"\S+")
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


def pos(tok: Tok) -> Pos:
    """Where a token starts."""
    return tok.line, tok.column


class Run(NamedTuple):
    """A run of compact cards as written (one CARDS token), from ``line``:``column``.

    The reader names the cards from ``parts()``, a split on the suit signs;
    where each card stands (``cards()``) is worked out only when a message needs it.
    """

    text: str
    line: int
    column: int

    def parts(self) -> list[tuple[str, str, str]]:
        """Each card's (rank, suit after it, suit of its group); three empty parts for "?".

        The grammar has read the run, so each word is "?", a bare rank (of the
        group the next sign closes), a sign, or a rank with its suit letter or sign.
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
        """Each card with its own line and column: one pass over the words, a group's sign given to its ranks."""
        out: list[Card] = []
        group: list[tuple[str, Pos]] = []  # bare ranks waiting for the sign that ends their group
        text, line, start = self.text, self.line, -self.column  # a word at offset i stands at column i - start
        done = 0
        for m in _WORD.finditer(text):
            i, word = m.start(), m.group()
            newline = text.rfind("\n", done, i)
            if newline >= 0:
                line += text.count("\n", done, i)
                start = newline
            done = i
            if word in _RANKS:
                group.append((word, (line, i - start)))
            elif _SIGNS.match(word[-1]):  # a sign ends the group before it, alone or after a rank ("D♠")
                out += [Card(rank + word[-1], place) for rank, place in group]
                group = []
                if len(word) > 1:
                    out.append(Card(word, (line, i - start)))
            else:  # "AS", "10H", "?"
                out.append(Card(word, (line, i - start)))
        return out


def _run(tok: Tok) -> Run:
    return Run(tok.value, tok.line, tok.column)


def _number(tok: Tok) -> tuple[str, Pos]:
    return tok.value, pos(tok)


class _Children(NamedTuple):
    """What a rule Lark adds for a repetition (``x*``) gives its parent, which splices the children in."""

    children: list[Any]


class _ToStatements(Transformer[Any, Any]):
    """Reduce each rule to plain tuples; the reader gives them meaning."""

    def __default__(self, data: Any, children: list[Any], meta: Any) -> _Children:
        """A repetition's helper rule: its children, for the parent to splice, without a ``Tree`` for each."""
        return _Children(children)

    # -- cards --
    def long_cards(self, items: list[Tok]) -> list[Card]:
        suit = suit_symbol(items[-1].value)
        return [Card(rank_key(t.value) + suit, pos(t)) for t in items if t.type == "RANKWORD"]

    def no_cards(self, items: list[Tok]) -> list[Card]:
        return []

    def cards(self, pieces: list[Any]) -> list[Run | list[Card]]:
        """Each piece as written: a run token (named by the reader), or long-form cards."""
        return [p if isinstance(p, list) else _run(p) for p in pieces if isinstance(p, list) or p.type == "CARDS"]

    # -- small values --
    def number(self, items: list[Tok]) -> tuple[str, Pos]:
        return _number(items[0])

    def signed(self, items: list[Any]) -> tuple[str, Pos]:
        return "-" + items[1][0], pos(items[0])

    def who(self, items: list[Tok]) -> Tok:
        return items[0]

    def comment(self, items: list[Tok]) -> Stmt:
        return Stmt("comment", pos(items[0]), items[0].value[1:-1])

    # -- the record --
    def start(self, items: list[Stmt]) -> list[Stmt]:
        return items

    def tag(self, items: list[Tok]) -> Stmt:
        return Stmt("tag", pos(items[0]), (items[0].value, [unquote(s.value) for s in items[1:]]))

    def partie(self, items: list[Any]) -> Stmt:
        return Stmt("partie", pos(items[0]), (items[1:-1], pos(items[-1])))

    def deal(self, items: list[Any]) -> Stmt:
        return Stmt("deal", pos(items[0]), (items[0].value, items[1], items[2:-1], pos(items[-1])))

    def dealer(self, items: list[Tok]) -> Stmt:
        return Stmt("dealer", pos(items[0]), unquote(items[1].value))

    def packets(self, items: list[Tok]) -> Stmt:
        return Stmt("packets", pos(items[0]), _number(items[1]))

    # -- statements --
    def hand(self, items: list[Any]) -> Stmt:
        return Stmt("hand", pos(items[0]), (items[0].value, items[1]))

    def talon(self, items: list[Any]) -> Stmt:
        return Stmt("talon", pos(items[0]), items[1])

    def misdeal(self, items: list[Tok]) -> Stmt:
        return Stmt("misdeal", pos(items[0]), items[1:])

    def faced(self, items: list[Tok]) -> Stmt:
        return Stmt("faced", pos(items[0]), items[1:])

    def peek(self, items: list[Any]) -> Stmt:
        return Stmt("peek", pos(items[0]), items[1:])

    def exchange(self, items: list[Any]) -> Stmt:
        return Stmt("exchange", pos(items[0]), (items[0].value, items[2], items[3:]))

    def takes(self, items: list[Any]) -> tuple[str, list[Any], Pos]:
        return "takes", items[1], pos(items[0])

    def took(self, items: list[Any]) -> tuple[str, tuple[str, Pos], Pos]:
        return "took", items[1], pos(items[0])

    def leaves(self, items: list[Any]) -> tuple[str, list[Any], Pos]:
        return "leaves", items[1], pos(items[0])

    def blanche(self, items: list[Tok]) -> Stmt:
        return Stmt("blanche", pos(items[0]), items[0].value)

    # -- incidents: each its words in order, which the reader gives their fields --
    def faced_dealing(self, items: list[Any]) -> Stmt:
        return Stmt("faced_dealing", pos(items[0]), items[1:])

    def blanche_late(self, items: list[Any]) -> Stmt:
        return Stmt("blanche_late", pos(items[0]), items)

    def miscall(self, items: list[Any]) -> Stmt:
        return Stmt("miscall", pos(items[0]), items)

    def called(self, items: list[Any]) -> Stmt:
        first = items[0]
        return Stmt("called", first.pos if isinstance(first, Stmt) else pos(first), items)

    def reply(self, items: list[Any]) -> Stmt:
        return Stmt("reply", pos(items[0]), items)

    def omission(self, items: list[Any]) -> Stmt:
        return Stmt("omission", pos(items[0]), items)

    def left_card(self, items: list[Any]) -> Stmt:
        return Stmt("left_card", pos(items[0]), items)

    def question(self, items: list[Any]) -> Stmt:
        return Stmt("question", pos(items[0]), items[1:])

    def retract(self, items: list[Any]) -> Stmt:
        return Stmt("retract", pos(items[0]), items)

    def retake(self, items: list[Any]) -> Stmt:
        return Stmt("retake", pos(items[0]), items)

    def mixed_discard(self, items: list[Any]) -> Stmt:
        return Stmt("mixed_discard", pos(items[0]), items)

    def alter_discard(self, items: list[Any]) -> Stmt:
        return Stmt("alter_discard", pos(items[0]), items)

    def exposed(self, items: list[Any]) -> Stmt:
        return Stmt("exposed", pos(items[0]), items[1:])

    def out_of_turn(self, items: list[Any]) -> Stmt:
        return Stmt("out_of_turn", pos(items[0]), items[1:])

    def bad_pack(self, items: list[Any]) -> Stmt:
        return Stmt("bad_pack", pos(items[0]), items[1:])

    def throw_down(self, items: list[Any]) -> Stmt:
        return Stmt("throw_down", pos(items[0]), items)

    def correction(self, items: list[Any]) -> Stmt:
        return Stmt("correction", pos(items[0]), items[1:])

    def declaration(self, items: list[Any]) -> Stmt:
        return Stmt("declaration", pos(items[0]), (items[0].value, items[1:]))

    def utterance(self, items: list[Any]) -> Stmt:
        """A player's turn: what he says, in order (the word 'and' between two calls is dropped)."""
        return Stmt("utterance", pos(items[0]), (items[0].value, [i for i in items[1:] if getattr(i, "type", "") != "AND"]))

    def length(self, items: list[Any]) -> Stmt:
        return Stmt("length", items[0][1], items[0][0])

    def sequence_call(self, items: list[Tok]) -> Stmt:
        return Stmt("sequence", pos(items[0]), [(t.type, t.value) for t in items])

    def set_call(self, items: list[Any]) -> Stmt:
        count = items[0] if isinstance(items[0], tuple) else _number(items[0])
        return Stmt("set", count[1], (count[0], items[-1].value))

    def value(self, items: list[Any]) -> Stmt:
        return Stmt("value", pos(items[0]), items[1])

    def call_cards(self, items: list[Any]) -> Stmt:
        return Stmt("cards", _first_pos(items[0]), items[0])

    def shown(self, items: list[Any]) -> Stmt:
        return Stmt("shown", pos(items[0]), items[1])

    def count(self, items: list[Any]) -> Stmt:
        return Stmt("count", items[0][1], items[0])

    def tricks(self, items: list[Tok]) -> Stmt:
        return Stmt("tricks", pos(items[0]), None)

    def trick(self, items: list[Any]) -> Stmt:
        """A trick's number, then each piece of cards played, with the count its player says after it, if any."""
        if len(items) == 2 and not isinstance(items[1], list):  # "3. A♠ 10♠": one run of cards, no count
            return Stmt("trick", pos(items[0]), (items[0].value[:-1], [(_run(items[1]), None)]))
        played: list[tuple[Run | list[Card], tuple[str, Pos] | None]] = []
        for item in items[1:]:
            if isinstance(item, Stmt):
                played[-1] = (played[-1][0], item.data)
            else:
                played.append((item if isinstance(item, list) else _run(item), None))
        return Stmt("trick", pos(items[0]), (items[0].value[:-1], played))

    def claim(self, items: list[Any]) -> Stmt:
        return Stmt("claim", pos(items[0]), items[1:])

    def tricks_won(self, items: list[Any]) -> Stmt:
        return Stmt("tricks_won", pos(items[0]), items[1:])

    def sheet(self, items: list[Any]) -> Stmt:
        return Stmt("sheet", pos(items[0]), items[1:])

    def note(self, items: list[Tok]) -> Stmt:
        return Stmt("note", pos(items[0]), unquote(items[1].value))

    def totals(self, items: list[Any]) -> Stmt:
        return Stmt("totals", pos(items[0]), items[1:])

    def winner(self, items: list[Tok]) -> Stmt:
        return Stmt("winner", pos(items[0]), items[1])

    def won(self, items: list[Any]) -> Stmt:
        return Stmt("won", pos(items[0]), items[1])


def _first_pos(pieces: list[Run | list[Card]]) -> Pos:
    first = pieces[0]
    return (first.line, first.column) if isinstance(first, Run) else first[0].pos if first else (0, 0)


_ESCAPES = {"n": "\n", "t": "\t"}


def unquote(text: str) -> str:
    text = text[1:-1]
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text) if "\\" in text else text


def grammar_text() -> str:
    return (data_dir("grammar") / "piquet.lark").read_text("utf-8")


def accelerated() -> bool:
    """Whether records are parsed by lark-cython (installed, and not turned off)."""
    if os.environ.get("PIQUET_VARIANTS_PURE_PARSER"):
        return False
    try:
        import lark_cython  # noqa: F401
    except ImportError:
        return False
    return True


def parser(fast: bool | None = None) -> Lark:
    """The compiled parser, lark-cython's where ``fast`` (default: where it is installed and not turned off)."""
    return _parser(accelerated() if fast is None else fast)


#: Lark's options that are objects given to each parser built, not data of its tables.
_OBJECTS = ("transformer", "_plugins", "postlex", "lexer_callbacks", "edit_terminals")


@cache
def _parser(fast: bool) -> Lark:
    """Compiled once a process.  The LALR analysis takes most of a second, so its tables (plain data:
    ``Lark.memo_serialize``) are kept in the tool's own cache (``stored_data``), never in Lark's cache, which
    unpickles a file in the shared temporary folder under a name anyone can work out."""
    import lark
    from lark.lark import Rule, TerminalDef

    from ..stored import digest, stored_data

    objects: dict[str, Any] = {"transformer": _ToStatements()}
    if fast:
        import lark_cython
        objects["_plugins"] = lark_cython.plugins
    grammar = grammar_text()

    def name() -> str:
        versions = f"{lark.__version__} {sys.version_info[:2]} {fast}"
        return f"parser-{digest([grammar.encode(), versions.encode()])}.marshal"

    def build() -> dict[str, Any]:
        data, memo = Lark(grammar, parser="lalr", lexer="contextual", **objects).memo_serialize([TerminalDef, Rule])
        data["options"] = {k: v for k, v in data["options"].items() if k not in _OBJECTS}
        return {"data": data, "memo": memo}

    return stored_data(name, build, lambda tables: Lark.__new__(Lark)._load(tables, **objects))


# -- many records to a file ------------------------------------------------------

# What the splitter must see past: comments and quoted strings (which may hold a "[" or a "]"), and a tag's "[".
# Possessive, as the grammar's STRING: no way back kept at each character of a long quote.
_SCAN = re.compile(r'\{[^}]*+\}?|"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"?|\[')


class Chunk(NamedTuple):
    """One record's text, and where it starts in the file (a 0-based offset, its line and its column)."""

    text: str
    offset: int
    line: int
    column: int


def split_records(text: str) -> list[Chunk]:
    """The file cut where each run of tags begins, so that each record can be parsed on its own.

    A run of tags begins at a "[" that follows anything but a "]" (comments
    aside).  The comments between two records belong to the first as far as
    the first blank line, and to the second after it.  Deals without tags
    between them stay one record, as they always were.
    """
    starts = [0]
    last = ""  # the last character written outside comments, and not a tag's "["
    comments_from = -1  # where the next record's comments begin, past a blank line
    done = 0
    for m in _SCAN.finditer(text):
        gap = text[done:m.start()]
        if not gap.isspace() and gap:
            last, comments_from = gap.rstrip()[-1], -1
        token = m.group()
        if token[0] == "{":
            if comments_from < 0 and _BLANK_LINE.search(gap):
                comments_from = m.start()
        elif token[0] == '"':
            last, comments_from = '"', -1
        else:
            if last not in ("", "]"):
                starts.append(comments_from if comments_from >= 0 else m.start())
            last, comments_from = "[", -1
        done = m.end()
    chunks = []
    line, newline, done = 1, -1, 0  # lines counted as far as ``done`` (never from the start again: a file of
    for a, b in zip(starts, starts[1:] + [len(text)]):  # many records would count its lines once a record)
        line += text.count("\n", done, a)
        found = text.rfind("\n", done, a)
        newline, done = (found if found >= 0 else newline), a
        chunks.append(Chunk(text[a:b], a, line, a - newline))
    return chunks


_BLANK_LINE = re.compile(r"\n[ \t]*\r?\n")


# -- errors --------------------------------------------------------------------

# Terminals as a reader would name them, for "expected …" messages.
_EXPECTED = {
    "CARDS": "cards (AS KS, A R D ♠, or ? for an unknown card)", "RANKWORD": "a rank word (ace, roi…)",
    "SUITWORD": "a suit (spades, pique…)", "ROLE": "elder or younger (premier, dernier)",
    "STRING": 'a quoted name or text ("…")', "INT": "a number in figures", "MINUS": "minus (moins)", "NUMWORDS": "a number",
    "TRICKNO": "a trick number such as 3.", "END_DEAL": "end deal (fin de donne)",
    "END_PARTIE": "end partie (fin de partie)", "DEAL": "deal (donne)", "PARTIE": "partie",
    "KIND": "point, sequence or sets", "REPLY": "good, not good or equal", "COLON": "':'", "SEMICOLON": "';'",
    "COMMA": "','", "DOT": "'.'", "RSQB": "']'", "LSQB": "'['", "LPAR": "'('", "RPAR": "')'", "EQUAL": "'='",
    "TAG": "a tag name", "OF": "of (de)", "COMMENT": "a {comment}", "SCORE": "score (marque)",
    "DISCARDS": "discards (écarte)", "CATEGORY": "a scoring category (point, repique…)",
    "CHECKPOINT": "a checkpoint (hand:elder, lead:1, trick:3, play…)", "RANKPL": "a rank in the plural (aces, rois…)",
    "TRICKS_WON": "tricks won (levées gagnées)", "$END": "the end of the record",
    "SEQNAME": "a sequence (tierce, quart…)", "SETNAME": "trio (brelan)", "MAJOR": "major (majeure)",
    "TO": "to the (au, à la)", "MAKING": "making (valant)", "REASON": "a reason (revoke, misinformed…)",
    "MOMENT": "a moment (before the reply, after the first trick…)", "BEFORE_TRICK": "before trick (avant la levée)",
    "ANSWERS": "answers (répond)", "HOW_MANY": "how many (combien de)", "CORRECTED": "corrected (corrigé)",
    "RECKONED": "reckoned (compté)", "WAIVED": "penalty waived or enforced (pénalité remise, exigée)",
    "WHOSE": "whose card: the elder's, the stock's, his own (du premier, du talon, la sienne)",
    "FOUND": "when it was found: found before the cards are taken up, found later (découverte avant qu'on relève "
             "les cartes, découverte plus tard)",
    "WHEN": "when the error was proved: before his next hand, later in the game, after the game (avant son jeu "
            "suivant, plus tard dans la partie, après la partie)",
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
    "a deal starts with 'deal N' (donne N)": ['elder: AS', 'talon: AS'],
    "a player's turns in a declaration are separated by ';': point: elder five; younger good (a '.' ends the "
    "declaration)": ['deal 1, dealer "B" point: elder 31. younger good', 'deal 1, dealer "B" younger good'],
}
# Each also after a tag, as in a file: Lark matches an example by its parser state, stack depth included.
_EXAMPLES = {label: examples + ['[Players "A" "B"] ' + e for e in examples] for label, examples in _EXAMPLES.items()}


def _describe(expected: set[str]) -> str:
    names = sorted({_EXPECTED.get(e, e.lower().replace("_", " ")) for e in expected if not e.startswith("_")})
    if len(names) > 8:
        names = names[:8] + ["…"]
    return ", ".join(names) if names else "something else"


def syntax_error(exc: UnexpectedInput, chunk: Chunk, lines: list[str], name: str, last: bool) -> Problem:
    """One positioned problem, in words, with the line and a caret, for any Lark syntax error in a record."""
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        if last:
            line = len(lines) or 1
            col = len(lines[-1]) + 1 if lines else 1
            found = "the file ends here"
        else:  # just after the record's last word, before the next record's tags
            text = chunk.text.rstrip()
            line = chunk.line + text.count("\n")
            col = len(text) - text.rfind("\n") + (chunk.column - 1 if "\n" not in text else 0)
            found = "the record ends here, before the next record's tags"
    else:  # the record was parsed where it stands in the file
        line, col = exc.line, exc.column
        found = "unexpected " + (repr(exc.char) if isinstance(exc, UnexpectedCharacters)
                                 else echo(exc.token.value) if isinstance(exc, UnexpectedToken) else "input")
    expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or set()
    label = None
    try:
        label = exc.match_examples(parser(False).parse, _EXAMPLES, use_accepts=True)
    except Exception:  # noqa: BLE001 - an example that parses differently must not hide the real error
        label = None
    message = f"{found}; expected {_describe(set(expected))}"
    if label:
        message = f"{label} ({message})"
    return Problem(name, line, col, "", message, caret(lines, line, col))


def parse_statements(text: str, name: str) -> list[Stmt]:
    """The file's statements in order; for each record whose syntax fails, a ``bad_record`` holding its problem.

    A file without a syntax error is parsed once.  Otherwise it is cut into
    records, and runs of records are parsed where the last attempt failed: the
    run before the failing record whole, that record alone, then the run after
    it, so a file of many good records and a few bad ones is parsed a few
    times over at most, not once a record.  A run's text is preceded by as many
    line breaks (and spaces) as come before it, which the grammar skips, so
    every position stays the file's own.  A record that fails alone is parsed
    again by Lark's own parser (the same grammar fails at the same place),
    whose errors the messages and ``match_examples`` know.  After
    ``MAX_PROBLEMS`` bad records the rest of the file is not parsed (the reader
    says that its reading stops there).
    """
    try:
        return cast(list[Stmt], parser().parse(text))
    except UnexpectedInput:
        pass
    lines = text.splitlines()
    chunks = split_records(text)
    starts = [(c.line, c.column) for c in chunks]
    stmts: list[Stmt] = []
    bad = 0
    runs = [(0, len(chunks))]  # runs of records still to parse, the next last
    while runs and bad < MAX_PROBLEMS:
        first, end = runs.pop()
        chunk = chunks[first]
        stop = chunks[end].offset if end < len(chunks) else len(text)
        padded = "\n" * (chunk.line - 1) + " " * (chunk.column - 1) + text[chunk.offset:stop]
        try:
            stmts += cast(list[Stmt], parser().parse(padded))
            continue
        except UnexpectedInput as exc:
            failed = exc
        if end - first > 1:  # the record where it failed alone, between the runs before and after it
            at = end - 1 if isinstance(failed, UnexpectedEOF) or getattr(failed, "line", -1) < 1 else \
                min(max(bisect_right(starts, (failed.line, failed.column)) - 1, first), end - 1)
            runs += [r for r in ((at + 1, end), (at, at + 1), (first, at)) if r[0] < r[1]]
            continue
        try:
            stmts += cast(list[Stmt], parser(False).parse(padded))
        except UnexpectedInput as exc:
            problem = syntax_error(exc, chunk, lines, name, first == len(chunks) - 1)
            stmts.append(Stmt("bad_record", (chunk.line, chunk.column), problem))
            bad += 1
    return stmts
