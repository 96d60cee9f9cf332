"""The notation's parser: the Lark grammar, compiled once, and readable syntax errors.

The grammar lives in ``grammar/piquet.lark``.  It is an LALR grammar with a
contextual lexer, and its Transformer runs inside the parser (no parse tree
is built), turning each statement into its dataclass of ``notation.statements``
as soon as it is reduced.  Grouping the statements into records, building each
record, and every check that needs more than syntax, is ``notation.reader``'s job.

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
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar, cast

from lark import Lark, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import MAX_PROBLEMS, Message, Problem, Word, echo, msg
from ..located import caret
from ..resources import data_dir
from .statements import (AlterDiscard, BadPack, BadRecord, CallCards, Called, Card, CarteBlanche, CarteBlancheLate,
                         Claim, Comment, Correction, Count, Dealer, Declaration, Exposed, FacedCard, FacedInDealing,
                         Hand, Leaves, LeftCard, LeftTakenUp, Length, Making, Miscall, Misdeal, MixedDiscard, Note,
                         Number, Omission, OutOfTurn, Packets, Partie, Peek, Piece, Played, PointsWon, Pos, Question,
                         Reply, Retake, Retract, Run, Score, SequenceCall, SetCall, Sheet, Shown, Statement,
                         StockTakenUp, Sunk, Tag, Takes, Talon, ThrowDown, Tok, Took, Totals, Trick, Tricks, TricksWon,
                         Utterance, Winner, WrittenDeal, WrittenExchange, pos)

T = TypeVar("T")
P = TypeVar("P", bound=Peek)

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


def _run(tok: Tok) -> Run:
    return Run(tok.value, tok.line, tok.column)


def _number(tok: Tok) -> Number:
    return Number(tok.value, pos(tok))


def _scores(items: list[Any]) -> list[Score]:
    """Each player with his figure, from the rule's children: a player, his figure, the next player, …"""
    return [Score(who, points) for who, points in zip(items[::2], items[1::2])]


# The transformer's methods for the rules that share a shape, one line each there: the statement stands where
# its first word does.

def _then(statement: Callable[[Pos, Any], T]) -> Callable[[Any, list[Any]], T]:
    """A word and what follows it: ``talon: cards``, ``making forty-nine``, ``winner "A"``."""
    def reduce(self: Any, items: list[Any]) -> T:
        return statement(pos(items[0]), items[1])
    return reduce


def _clauses(statement: Callable[[Pos, list[Tok]], T]) -> Callable[[Any, list[Any]], T]:
    """An incident of the deal: its words, then its clauses (``pack found incorrect "…"``)."""
    def reduce(self: Any, items: list[Any]) -> T:
        return statement(pos(items[0]), items[1:])
    return reduce


def _scored(statement: Callable[[Pos, list[Score]], T]) -> Callable[[Any, list[Any]], T]:
    """A word, then each player with his figure: ``sheet "A" 12, "B" 30``."""
    def reduce(self: Any, items: list[Any]) -> T:
        return statement(pos(items[0]), _scores(items[1:]))
    return reduce


def _by_player(statement: Callable[[Pos, str, list[Tok]], T], words: int) -> Callable[[Any, list[Any]], T]:
    """A player's incident: his role, the ``words`` that say what he did, then its clauses."""
    def reduce(self: Any, items: list[Any]) -> T:
        return statement(pos(items[0]), items[0].value, items[1 + words:])
    return reduce


def _stock_cards(statement: type[P], items: list[Any]) -> P:
    """Cards of the adversary's part of the stock seen or taken up: whose, how many, which (where the source says),
    the suit he names, then the clauses."""
    clauses = items[3:]
    seen = clauses.pop(0) if clauses and isinstance(clauses[0], list) else None
    suit = None
    if clauses and clauses[0].type == "NAMES":
        suit, clauses = clauses[1].value, clauses[2:]
    return statement(pos(items[0]), items[1].value, items[2], seen, suit, clauses)


class _Children(NamedTuple):
    """What a rule Lark adds for a repetition (``x*``) gives its parent, which splices the children in."""

    children: list[Any]


class _ToStatements(Transformer[Any, Any]):
    """Reduce each rule to its statement of ``notation.statements``, its words named; the reader gives them
    meaning."""

    def __default__(self, data: Any, children: list[Any], meta: Any) -> _Children:
        """A repetition's helper rule: its children, for the parent to splice, without a ``Tree`` for each."""
        return _Children(children)

    # -- cards --
    def long_cards(self, items: list[Tok]) -> list[Card]:
        suit = suit_symbol(items[-1].value)
        return [Card(rank_key(t.value) + suit, pos(t)) for t in items if t.type == "RANKWORD"]

    def no_cards(self, items: list[Tok]) -> list[Card]:
        return []

    def cards(self, pieces: list[Any]) -> list[Piece]:
        """Each piece as written: a run token (named by the reader), or long-form cards."""
        return [p if isinstance(p, list) else _run(p) for p in pieces if isinstance(p, list) or p.type == "CARDS"]

    # -- small values --
    def number(self, items: list[Tok]) -> Number:
        return _number(items[0])

    def nought(self, items: list[Tok]) -> Number:
        """'nothing' where a number of cards is asked: none."""
        return Number("0", pos(items[0]))

    def signed(self, items: list[Any]) -> Number:
        return Number("-" + items[1].text, pos(items[0]))

    def who(self, items: list[Tok]) -> Tok:
        return items[0]

    def comment(self, items: list[Tok]) -> Comment:
        return Comment(pos(items[0]), items[0].value[1:-1])

    # -- the record --
    def start(self, items: list[Statement]) -> list[Statement]:
        return items

    def tag(self, items: list[Tok]) -> Tag:
        return Tag(pos(items[0]), items[0].value, [unquote(s.value) for s in items[1:]])

    def partie(self, items: list[Any]) -> Partie:
        return Partie(pos(items[0]), items[1:-1], pos(items[-1]))

    def deal(self, items: list[Any]) -> WrittenDeal:
        """The heads (dealer, packets), which the grammar puts first, apart from the statements after them."""
        heads = 2
        while isinstance(items[heads], (Dealer, Packets)):
            heads += 1
        return WrittenDeal(pos(items[0]), _number(items[1]), items[2:heads], items[heads:-1], pos(items[-1]))

    def dealer(self, items: list[Tok]) -> Dealer:
        return Dealer(pos(items[0]), unquote(items[1].value))

    def packets(self, items: list[Tok]) -> Packets:
        return Packets(pos(items[0]), _number(items[1]))

    totals = _scored(Totals)
    winner = _then(Winner)
    won = _then(PointsWon)

    # -- statements --
    def hand(self, items: list[Any]) -> Hand:
        return Hand(pos(items[0]), items[0].value, items[1])

    talon = _then(Talon)

    def exchange(self, items: list[Any]) -> WrittenExchange:
        return WrittenExchange(pos(items[0]), items[0].value, items[2], items[3:])

    takes = _then(Takes)
    took = _then(Took)
    leaves = _then(Leaves)

    def blanche(self, items: list[Tok]) -> CarteBlanche:
        return CarteBlanche(pos(items[0]), items[0].value)

    # -- incidents: the words of the head named, the clauses after it in order --
    misdeal = _clauses(Misdeal)

    def faced(self, items: list[Tok]) -> FacedCard:
        return FacedCard(pos(items[0]), _number(items[1]), items[2:])

    def faced_dealing(self, items: list[Any]) -> FacedInDealing:
        return FacedInDealing(pos(items[0]), items[1], items[2:])

    def peek(self, items: list[Any]) -> Peek:
        return _stock_cards(Peek, items)

    def taken_up(self, items: list[Any]) -> StockTakenUp:
        return _stock_cards(StockTakenUp, items)

    blanche_late = _by_player(CarteBlancheLate, 2)

    def miscall(self, items: list[Any]) -> Miscall:
        return Miscall(pos(items[0]), items[0].value, items[2].value, items[3], items[4:])

    def called(self, items: list[Any]) -> Called:
        """A call or the top card alone, then what it is worth, then its cards: each optional, in that order."""
        call = top = making = cards = None
        for item in items:
            if isinstance(item, (Length, SequenceCall, SetCall)):
                call = item
            elif isinstance(item, Making):
                making = item
            elif isinstance(item, CallCards):
                cards = item
            elif item.type in ("MAJOR", "RANKWORD"):  # "major", "to the king"
                top = item
        first = items[0]
        where = first.pos if isinstance(first, (Length, SequenceCall, SetCall, Making, CallCards)) else pos(first)
        return Called(where, call, top, making, cards)

    def reply(self, items: list[Any]) -> Reply:
        return Reply(pos(items[0]), items[0].value, items[2].value, items[3], items[4:])

    def omission(self, items: list[Tok]) -> Omission:
        return Omission(pos(items[0]), items[0].value, items[2].value, items[3:])

    left_card = _by_player(LeftCard, 1)
    left_taken_up = _by_player(LeftTakenUp, 1)

    def question(self, items: list[Any]) -> Question:
        return Question(pos(items[0]), items[2].value, items[3].value, items[5], items[6:])

    def retract(self, items: list[Tok]) -> Retract:
        return Retract(pos(items[0]), items[0].value, items[2].value, items[3:])

    def retake(self, items: list[Any]) -> Retake:
        return Retake(pos(items[0]), items[0].value, items[2], items[3:])

    def mixed_discard(self, items: list[Any]) -> MixedDiscard:
        return MixedDiscard(pos(items[0]), items[0].value, items[2], items[3:])

    def alter_discard(self, items: list[Any]) -> AlterDiscard:
        return AlterDiscard(pos(items[0]), items[0].value, items[2], items[3:])

    exposed = _clauses(Exposed)
    out_of_turn = _clauses(OutOfTurn)
    bad_pack = _clauses(BadPack)
    throw_down = _by_player(ThrowDown, 1)

    def correction(self, items: list[Any]) -> Correction:
        return Correction(pos(items[0]), items[1].value, items[2], items[3:])

    # -- the dialogue --
    def declaration(self, items: list[Any]) -> Declaration:
        return Declaration(pos(items[0]), items[0].value, items[1:])

    def utterance(self, items: list[Any]) -> Utterance:
        """A player's turn: what he says, in order (the word 'and' between two calls is dropped)."""
        return Utterance(pos(items[0]), items[0].value, [i for i in items[1:] if getattr(i, "type", "") != "AND"])

    def length(self, items: list[Number]) -> Length:
        return Length(items[0].pos, items[0])

    def sequence_call(self, items: list[Tok]) -> SequenceCall:
        return SequenceCall(pos(items[0]), items[0].value, items[-1] if len(items) > 1 else None)

    def set_call(self, items: list[Any]) -> SetCall:
        count = items[0] if isinstance(items[0], Number) else _number(items[0])
        return SetCall(count.pos, count, items[-1].value)

    value = _then(Making)

    def call_cards(self, items: list[Any]) -> CallCards:
        return CallCards(_first_pos(items[0]), items[0])

    shown = _then(Shown)
    sunk = _then(Sunk)

    def count(self, items: list[Number]) -> Count:
        return Count(items[0].pos, items[0])

    # -- the play and the scores --
    def tricks(self, items: list[Tok]) -> Tricks:
        return Tricks(pos(items[0]))

    def trick(self, items: list[Any]) -> Trick:
        """A trick's number, then each piece of cards played, with the count its player says after it, if any."""
        head = items[0]
        where, number = (head.line, head.column), head.value[:-1]  # twelve tricks a deal: no call spent here
        if len(items) == 2 and not isinstance(items[1], list):  # "3. A♠ 10♠": one run of cards, no count
            return Trick(where, number, [Played(_run(items[1]), None)])
        played: list[Played] = []
        for item in items[1:]:
            if isinstance(item, Count):
                played[-1] = Played(played[-1].cards, item.score)
            else:
                played.append(Played(item if isinstance(item, list) else _run(item), None))
        return Trick(where, number, played)

    def claim(self, items: list[Any]) -> Claim:
        """The final score, a category's (``score repique: …``) or a checkpoint's (``score at trick:3 …``)."""
        head = items[1].type
        if head == "CATEGORY":
            return Claim(pos(items[0]), items[1].value, None, _scores(items[2:]))
        if head == "AT":
            return Claim(pos(items[0]), None, items[2], _scores(items[3:]))
        return Claim(pos(items[0]), None, None, _scores(items[1:]))

    tricks_won = _scored(TricksWon)
    sheet = _scored(Sheet)

    def note(self, items: list[Tok]) -> Note:
        return Note(pos(items[0]), unquote(items[1].value))


def _first_pos(pieces: list[Piece]) -> Pos:
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
        elif token[0] == '"':  # a quote left open (most often a tag's) swallows the tag's ']': it is taken as
            # closed there, so that the tags after it stay the same record's, not a second record without them
            body = token[1:-1] if len(token) > 1 and token.endswith('"') else None
            closed = body is not None and (len(body) - len(body.rstrip("\\"))) % 2 == 0
            last, comments_from = ('"' if closed else "]"), -1
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
    "ALTERS": "alters his discard to (change son écart pour)", "AND": "and (et)",
    "ANNOUNCED": "announced or not announced (annoncée, non annoncée)", "ASK": "making? (combien ?)", "AT": "at (à)",
    "BAD_PACK": "pack found incorrect (jeu trouvé faux)", "CARTE_BLANCHE": "carte blanche (cartes blanches)",
    "CHOICE": "fresh deal or stands (redonne, on joue)", "CORRECTION": "score corrected (marque corrigée)",
    "DEALER": "dealer (donneur)", "EXPOSED": "card exposed by the dealer (carte découverte par le donneur)",
    "FACED": "faced card (carte retournée)", "FACED_DEALING": "faced in dealing (retournée en donnant)",
    "LATE": "shown late (montrées tard)", "LEAVES": "leaves (laisse)", "LOOKS": "looks at them (les regarde)",
    "MISCALLS": "miscalls (annonce mal)", "MISDEAL": "misdeal (maldonne)",
    "MIXED": "mixed or not mixed (mêlées, non mêlées)", "MIXES_INTO": "mixes into his discard (mêle à son écart)",
    "NAMES": "names (nomme)", "NOBODY": "nobody (personne)", "NOTE": "note", "NOTHING": "nothing (rien)",
    "NOT_LOOKS": "without looking (sans les voir)", "OMITS": "omits (oublie)",
    "OUT_OF_TURN": "dealt out of turn (donnée hors de tour)", "PACKETS": "packets (paquets)",
    "PEEK": "peeks (regarde)", "QMARK": "'?'", "QUESTION": "question", "REPLIES": "replies (répond)",
    "RETAKES": "takes back from his discard (reprend de son écart)",
    "RETRACTS": "takes back the cards (reprend ses cartes)", "SHEET": "sheet (feuille)",
    "SHEET_OF": "from his own sheet or his adversary's (sur sa feuille, sur celle de l'adversaire)",
    "SHOWN": "cards shown (cartes montrées)", "SHOWS": "shows (montre)", "SINKS": "sinks (se tait)",
    "TAKEN_UP": "stock taken up (talon relevé)", "TAKES": "takes (prend)", "TAKES_IN": "takes in (en prend)",
    "TAKES_UP": "takes up the card he left (reprend la carte laissée)",
    "TAKES_UP_LEFT": "takes up the cards he left (relève les cartes laissées)", "TALON": "talon",
    "THROWS_DOWN": "throws down his hand (abat son jeu)", "TOTALS": "totals (totaux)", "TRICKS": "tricks (levées)",
    "WHICH_OUT": "which is out? (laquelle manque ?)", "WINNER": "winner (gagnant)",
    "WON": "points won (points gagnés)",
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


def _describe(expected: set[str]) -> tuple[Word, ...] | Word:
    """What the grammar would take here, in words (each said in the reader's language)."""
    names = sorted({_EXPECTED.get(e, e.lower().replace("_", " ")) for e in expected if not e.startswith("_")})
    if len(names) > 8:
        names = names[:8] + ["…"]
    return tuple(map(Word, names)) if names else Word("something else")


def syntax_error(exc: UnexpectedInput, chunk: Chunk, lines: list[str], name: str, last: bool) -> Problem:
    """One positioned problem, in words, with the line and a caret, for any Lark syntax error in a record."""
    ended = isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END")
    if ended:
        if last:
            line = len(lines) or 1
            col = len(lines[-1]) + 1 if lines else 1
            found = msg("file-ends", "the file ends here")
        else:  # just after the record's last word, before the next record's tags
            text = chunk.text.rstrip()
            line = chunk.line + text.count("\n")
            col = len(text) - text.rfind("\n") + (chunk.column - 1 if "\n" not in text else 0)
            found = msg("record-ends", "the record ends here, before the next record's tags")
    else:  # the record was parsed where it stands in the file
        line, col = exc.line, exc.column
        found = msg("unexpected", "unexpected {what}", what=repr(exc.char) if isinstance(exc, UnexpectedCharacters)
                    else echo(exc.token.value) if isinstance(exc, UnexpectedToken) else Word("input"))
    expected = set(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    plainly = _said_plainly(exc, expected, lines, (line, col), ended, last)
    if plainly is not None:
        line, col, message = plainly
        return Problem(name, line, col, "", message, caret(lines, line, col))
    label = None
    try:
        label = exc.match_examples(parser(False).parse, _EXAMPLES, use_accepts=True)
    except Exception:  # noqa: BLE001 - an example that parses differently must not hide the real error
        label = None
    message = msg("syntax", "{found}; expected {expected}", found=found, expected=_describe(expected))
    if label:
        message = msg("syntax-named", "{label} ({message})", label=Word(label), message=message)
    return Problem(name, line, col, "", message, caret(lines, line, col))


def _said_plainly(exc: UnexpectedInput, expected: set[str], lines: list[str], at: Pos, ended: bool,
                  last: bool) -> tuple[int, int, Message] | None:
    """The faults whose place and words the parser's state would mislead about, said plainly: a quote never
    closed; a card that is none (where the list of cards stops short, not "this deal is not closed"); a deal the
    record ends inside, said where the deal begins."""
    line, col = at
    if isinstance(exc, UnexpectedCharacters) and exc.char == '"' and _left_open(lines, line, col):
        return line, col, msg("open-quote", "this quotation is never closed: end it with '\"' on the same line")
    odd = (_not_a_card(lines, line, col) if "CARDS" in expected else None) or _after_cards(lines, line, col)
    if odd is not None:
        line, col, word = odd
        return line, col, msg("not-a-card-here", "not a card: {word} (a card is its rank, A K Q J 10 9 8 7, or R D V "
                              "in French, and its suit, ♠ ♥ ♦ ♣ or S H D C)", word=echo(word))
    begun = _deal_begun(lines, line) if ended and "END_DEAL" in expected else None
    if begun is not None:
        if last:
            return (*begun, msg("deal-open-file", "this deal is not closed: its 'end deal' (fin de donne) is missing "
                                "(the file ends at line {line})", line=line))
        return (*begun, msg("deal-open-record", "this deal is not closed: its 'end deal' (fin de donne) is missing "
                            "(the record ends, before the next record's tags, at line {line})", line=line))
    return None


#: A word of a list of cards written short: a rank with its suit's letter or sign, a rank, a sign, or '?'.
_SHORT_CARD = re.compile(r"(?:\?|(?:10|[AKQJTRDV9876])(?:[SHDCPKT]|[♠♥♦♣♤♡♢♧])?|[♠♥♦♣♤♡♢♧]|;)")
_DEAL_BEGINS = re.compile(r"\s*(?:deal|donne)\s+[0-9]+\b", re.IGNORECASE)


def _not_a_card(lines: list[str], line: int, column: int) -> tuple[int, int, str] | None:
    """The first word from this place on that cannot be a card, where a list of cards stops short at it: its
    line, column and text; None where the words there are no short cards (a long form, another statement)."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    for m in re.finditer(r"\S+", text[column - 1:]):
        word = m.group()
        if not _SHORT_CARD.fullmatch(word):
            looks = len(word) <= 3 or any(sign in word for sign in "♠♥♦♣♤♡♢♧")
            return (line, column + m.start(), word) if looks and m.start() else None
    return None


def _after_cards(lines: list[str], line: int, column: int) -> tuple[int, int, str] | None:
    """The word at this place, where it goes on a list of cards written short that it cannot belong to ("A R D ♠  Z R D
    ♥"), or begins a trick ("1. Z♠"): its line, column and text; None where the words before it on the line are no
    such list."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    words = text[:column - 1].rpartition(":")[2].split()
    trick = bool(words) and re.fullmatch(r"[0-9]+\.", words[0]) is not None
    before = words[1:] if trick else words
    word = text[column - 1:].split(maxsplit=1)[0] if text[column - 1:].strip() else ""
    if not (before or trick) or not all(_SHORT_CARD.fullmatch(w) for w in before) or not word or _SHORT_CARD.fullmatch(
            word):
        return None
    looks = len(word) <= 3 or any(sign in word for sign in "♠♥♦♣♤♡♢♧")
    return (line, column, word) if looks and not text[column - 1].isspace() else None


def _deal_begun(lines: list[str], line: int) -> tuple[int, int] | None:
    """Where the deal that is open at this line begins (its 'deal N'), searching back."""
    for n in range(min(line, len(lines)), 0, -1):
        m = _DEAL_BEGINS.match(lines[n - 1])
        if m:
            return n, len(lines[n - 1]) - len(lines[n - 1].lstrip()) + 1
        if lines[n - 1].strip().lower() in ("end deal", "fin de donne"):
            return None
    return None


def _left_open(lines: list[str], line: int, column: int) -> bool:
    """Whether the quote at this place opens a text that its line never closes."""
    rest = lines[line - 1][column:] if 0 < line <= len(lines) else ""
    return not re.match(r'(?:[^"\\]++|\\.)*+"', rest)  # possessive: no stack of a megabyte-long line's escapes


def parse_statements(text: str, name: str) -> list[Statement]:
    """The file's statements in order; for each record whose syntax fails, a ``BadRecord`` holding its problem.

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
        return cast(list[Statement], parser().parse(text))
    except UnexpectedInput:
        pass
    lines = text.splitlines()
    chunks = split_records(text)
    starts = [(c.line, c.column) for c in chunks]
    stmts: list[Statement] = []
    bad = 0
    runs = [(0, len(chunks))]  # runs of records still to parse, the next last
    while runs and bad < MAX_PROBLEMS:
        first, end = runs.pop()
        chunk = chunks[first]
        stop = chunks[end].offset if end < len(chunks) else len(text)
        padded = "\n" * (chunk.line - 1) + " " * (chunk.column - 1) + text[chunk.offset:stop]
        try:
            stmts += cast(list[Statement], parser().parse(padded))
            continue
        except UnexpectedInput as exc:
            failed = exc
        if end - first > 1:  # the record where it failed alone, between the runs before and after it
            at = end - 1 if isinstance(failed, UnexpectedEOF) or getattr(failed, "line", -1) < 1 else \
                min(max(bisect_right(starts, (failed.line, failed.column)) - 1, first), end - 1)
            runs += [r for r in ((at + 1, end), (at, at + 1), (first, at)) if r[0] < r[1]]
            continue
        try:
            stmts += cast(list[Statement], parser(False).parse(padded))
        except UnexpectedInput as exc:
            problem = syntax_error(exc, chunk, lines, name, first == len(chunks) - 1)
            stmts.append(BadRecord((chunk.line, chunk.column), problem))
            bad += 1
    return stmts
