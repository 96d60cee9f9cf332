"""From the notation's statements to the record model that JSON records use.

The parser gives statements in the order they are written; this module puts
each into its place in the record (``piquet-record/1``), remembers the line
and column of every value it fills (so a replay error in a notation file
points into that file, exactly as it does for JSON), and checks what
grammar alone cannot: a card dealt twice, a trick of three cards, a number
that is not a number, a tag nobody knows.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import chain
from typing import Any, NamedTuple, cast

from ..cards import SYMBOLS, card_name, compact_cards, parse_card
from ..errors import MAX_PROBLEMS, UNKNOWN_PLAYED, CardError, NotationError, Problem, echo
from ..located import MAX_BYTES, Lines, Located, caret
from ..schemas import did_you_mean
from .events import SOURCE_TAG_PREFIX
from .numbers import read_number
from .parser import parse_statements, rank_key, split_records, suit_symbol, unquote
from .speech import INCIDENT_WORDS, MOMENT_WORDS, REASON_WORDS
from .statements import (AlterDiscard, BadPack, BadRecord, Call, CallCards, Card, CarteBlanche, CarteBlancheLate,
                         Claim, Comment, Correction, Count, Deal, DealStatement, Declaration, Dealer, Exchange, Exposed,
                         FacedCard, FacedInDealing, Hand, Incident, Leaves, Length, LeftCard, LeftTakenUp, Making,
                         Miscall, Misdeal, MixedDiscard, Note, Number, Omission, OutOfTurn, Partie, PartieClaim, Peek,
                         Piece, Played, PointsWon, Pos, Question, Reply, Retake, Retract, Run, Said, Score, SequenceCall,
                         SetCall, Sheet, Shown, Statement, Sunk, Tag, Takes, Talon, ThrowDown, Tok, Took, Totals, Trick,
                         Tricks, TricksWon, Winner, pos)

#: Tags and the record field each fills (French names in TAG_ALIASES).
TAGS = {"Event": ("source", "event"), "Date": ("source", "date"), "Source": ("source", "title"),
        "Locator": ("source", "locator"), "SourceNote": ("source", "note"), "Note": ("note",),
        "Ruleset": ("ruleset",), "Option": ("options",), "Players": ("players",), "Lang": ("lang",),
        "Cut": ("cut",), "HigherChose": ("higher_chose",), "CutLifted": ("cut_lifted",),
        "DealsSoFar": ("so_far", "deals"), "ScoreSoFar": ("so_far", "scores"), "GamesSoFar": ("so_far", "games"),
        "Sitting": ("sitting", "players"), "ScoringCard": ("sitting", "card")}
TAG_ALIASES = {"Événement": "Event", "Evenement": "Event", "Référence": "Locator", "Reference": "Locator",
               "NoteSource": "SourceNote", "Règles": "Ruleset", "Regles": "Ruleset", "Joueurs": "Players",
               "Langue": "Lang", "Coupe": "Cut", "Choix": "HigherChose", "CartesCoupées": "CutLifted",
               "CartesCoupees": "CutLifted", "DonnesJouées": "DealsSoFar", "DonnesJouees": "DealsSoFar",
               "MarqueAcquise": "ScoreSoFar", "ManchesGagnées": "GamesSoFar", "ManchesGagnees": "GamesSoFar",
               "Chouette": "Sitting", "Séance": "Sitting", "Seance": "Sitting", "CarteDeMarque": "ScoringCard"}
#: The tags that give each player a whole number: what the number is, for the message that shows how to write one.
#: How many quoted values a tag takes, by its field (or the field's first part); one where not named.
_TAG_VALUES: dict[tuple[str, ...], int] = {("players",): 2, ("cut",): 4, ("sitting", "players"): 3,
                                           ("sitting", "card"): 6}
#: The tags whose one value is a choice among these.
_CHOICES = {"lang": ("en", "fr"), "higher_chose": ("deal", "elder")}
_PER_PLAYER = {"cut_lifted": "how many cards he lifted", "scores": "his score so far",
               "games": "the games he has won so far"}

KIND_WORDS = {"point": "point", "sequence": "sequences", "sequences": "sequences", "séquence": "sequences",
              "séquences": "sequences", "sequence": "sequences", "sets": "sets", "quatorzes": "sets",
              "brelans": "sets"}
CATEGORY_WORDS = {"carte blanche": "carte_blanche", "cartes blanches": "carte_blanche", "point": "point",
                  "sequences": "sequences", "séquences": "sequences", "sets": "sets", "quatorzes": "sets",
                  "play": "play", "jeu": "play", "cards": "cards", "cartes": "cards", "pique": "pique",
                  "pic": "pique", "repique": "repique", "repic": "repique", "capot": "capot",
                  "penalty": "penalty", "pénalité": "penalty", "penalite": "penalty"}
SEQUENCE_LENGTHS = {"tierce": 3, "quart": 4, "quarte": 4, "quatrième": 4, "quatrieme": 4, "quint": 5, "quinte": 5,
                    "sixième": 6, "sixieme": 6, "sixiesme": 6, "sixth": 6, "septième": 7, "septieme": 7,
                    "septiesme": 7, "seventh": 7, "huitième": 8, "huitieme": 8, "huictiesme": 8, "eighth": 8,
                    "neuvième": 9, "neuvieme": 9, "neufiesme": 9, "ninth": 9}
REPLIES = {"good": "good", "bon": "good", "not good": "not_good", "pas bon": "not_good", "equal": "equal",
           "égal": "equal", "egal": "equal"}
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
#: The incidents' words that say yes or no: each token's field, and the words that make it false.
FLAGS = {"ANNOUNCED": "announced", "MIXED": "mixed", "SHOWN": "shown", "WAIVED": "waived"}
_NO = frozenset(("not", "non", "enforced", "exigee"))


def _words(text: str) -> str:
    return " ".join(text.lower().split())


def _plain(text: str) -> str:
    """The words without case or accents, as the incidents' words are looked up (``Avant la réponse``)."""
    return "".join(c for c in unicodedata.normalize("NFD", _words(text)) if not unicodedata.combining(c))


def _lookup(words: dict[str, dict[str, str]], **more: str) -> dict[str, str]:
    """A table of speech.py's words, in either language, back to the record's value."""
    return {_plain(said): key for table in words.values() for key, said in table.items()} | more


MOMENTS = _lookup(MOMENT_WORDS)
REASONS = _lookup(REASON_WORDS, **{"changed mind": "changed_mind", "tombees": "dropped"})
#: The club laws' incidents' words, in either language, back to the value of the field each token fills.
_WORD_FIELDS = {"WHOSE": "whose", "FOUND": "found", "WHEN": "when", "SHEET_OF": "own_sheet"}
_WORD_VALUES = {field: {_plain(said): value for table in INCIDENT_WORDS.values() for value, said in table[field].items()}
                for field in _WORD_FIELDS.values()}
INCIDENT_REPLIES = {"good": "good", "bon": "good", "equal": "equal", "égal": "equal", "egal": "equal"}


def role_of(word: str) -> str:
    return "elder" if _words(word) in ("elder", "premier") else "younger"


@cache
def _card_names(lang: str) -> dict[str, str]:
    """Each compact card text as the record writes it in ``lang`` (``A♠`` -> ``AS``); ``?`` stays."""
    return {text: card_name(c, lang) for text, c in compact_cards(lang).items()} | {"?": "?"}


@cache
def _part_names(lang: str) -> dict[tuple[str, str, str], str]:
    """Each card's parts as ``Run.parts`` gives them, as the record writes the card in ``lang``."""
    out: dict[tuple[str, str, str], str] = {("", "", ""): "?"}
    for text, name in _card_names(lang).items():
        rank, suit = text[:-1], text[-1]
        out[rank, suit, ""] = name
        if suit in SYMBOLS:
            out[rank, "", suit] = name
    return out


class _Pieces(NamedTuple):
    """Where the cards of a statement stand, written as runs and long-form pieces, found only when asked.

    A tuple, so that it pickles as it is (a parsed record is kept by ``stored``), compiled or not."""

    pieces: list[Piece]

    def at(self, rest: tuple[str | int, ...]) -> Pos | None:
        cards = [c for p in self.pieces for c in (p.cards() if isinstance(p, Run) else p)]
        if len(rest) == 1 and isinstance(rest[0], int) and 0 <= rest[0] < len(cards):
            return cards[rest[0]].pos
        return None


class _Tricks(NamedTuple):
    """Where each trick, and each of its cards, stands: its pieces, placed only when asked."""

    tricks: list[tuple[Pos, list[Played]]]  # (where, what was played)

    def at(self, rest: tuple[str | int, ...]) -> Pos | None:
        n = rest[0] if rest else None
        if not isinstance(n, int) or not 0 <= n < len(self.tricks):
            return None
        where, played = self.tricks[n]
        return _Pieces([p.cards for p in played]).at(rest[1:]) or where if len(rest) == 2 else where


class _Builder:
    """Fills one record from statements, noting the position of each value."""

    def __init__(self, name: str, lines: Sequence[str]):
        self.name, self.lines = name, lines
        self.located = Located(name, None, lines=lines)
        self.marks = self.located.marks
        self.use("en")

    def use(self, lang: str) -> None:
        """Read compact cards in ``lang`` from here on (``AC`` is the ace of clubs in en, of hearts in fr)."""
        self.lang, self.card_names, self.part_names = lang, _card_names(lang), _part_names(lang)

    def problem(self, pos: Pos, message: str) -> Problem:
        return Problem(self.name, pos[0], pos[1], "", message, caret(self.lines, *pos))

    def fail(self, pos: Pos, message: str) -> NotationError:
        return NotationError([self.problem(pos, message)])

    def mark(self, path: tuple[str | int, ...], pos: Pos) -> None:
        self.marks.setdefault(path, pos)

    def number(self, value: Number) -> int:
        return self.figures(value.text, value.pos)

    def figures(self, text: str, where: Pos) -> int:
        """A number as written, or a problem where it stands if it is no number."""
        try:
            return read_number(text)
        except CardError as exc:
            raise self.fail(where, str(exc)) from None

    def named(self, c: Card) -> str:
        """The card as the record writes it, or a problem at its place if it is no card."""
        found = self.card_names.get(c.text)  # every compact card, and "?"
        if found is not None:
            return found
        try:
            return card_name(parse_card(c.text, self.lang), self.lang)
        except CardError as exc:
            raise self.fail(c.pos, str(exc)) from None

    def names(self, piece: Piece) -> list[str]:
        """The cards' names; a run is named in C-level passes, and its cards placed only if one is no card."""
        if isinstance(piece, Run):
            words = piece.text.split()
            named = list(map(self.card_names.get, words)) if words[0] in self.card_names else [None]
            if None in named:  # not each card written whole ("A♠ 10♠"): ranks grouped under a sign ("A R D ♠")
                named = list(map(self.part_names.get, piece.parts()))
            return list(map(self.named, piece.cards())) if None in named else cast(list[str], named)
        return list(map(self.named, piece))

    def cards(self, pieces: list[Piece], path: tuple[str | int, ...]) -> list[str]:
        """The cards of a statement, each placed only when a message needs it."""
        if pieces and (not isinstance(pieces[0], list) or pieces[0]):
            first = pieces[0]
            self.marks.setdefault(path, (first.line, first.column) if isinstance(first, Run) else first[0].pos)
        self.located.places[path] = _Pieces(pieces)
        return [name for piece in pieces for name in self.names(piece)]

    def who(self, tok: Tok) -> str:
        return unquote(tok.value) if tok.type == "STRING" else role_of(tok.value)

    def scores(self, scores: list[Score], path: tuple[str | int, ...], into: dict[str, int]) -> None:
        for score in scores:
            who = self.who(score.who)
            if who in into:
                raise self.fail(pos(score.who), f"a score for {who} is already given here")
            self.mark(path + (who,), pos(score.who))
            into[who] = self.number(score.points)

    # -- the file --

    def build(self, stmts: list[Statement]) -> Located:
        """One record from its statements; every tag and every deal is checked, and each fault reported."""
        rec: dict[str, Any] = {"format": "piquet-record/1"}
        problems: list[Problem] = []
        comments: list[dict[str, str]] = []
        pending: list[Comment] = []

        def anchored(anchor: str) -> None:
            comments.extend({"before": anchor, "text": c.text} for c in pending)
            pending.clear()

        body: list[Comment | Deal | Partie | BadRecord] = []
        for s in stmts:
            if isinstance(s, Comment) and not body:
                pending.append(s)
            elif isinstance(s, Tag):
                try:
                    anchored(f"tag:{self.tag(rec, s)}")
                except NotationError as exc:
                    problems += exc.problems
                    _bounded(problems)
            else:
                body.append(s)
        body = pending + body
        pending.clear()
        self.use(rec.setdefault("lang", self.lang))
        if "players" not in rec:
            problems.append(self.problem(body[0].pos if body else stmts[0].pos if stmts else (1, 1),
                                         'the players are missing: [Players "A" "B"]'))
            raise NotationError(problems)
        so_far = rec.get("so_far", {})
        if so_far and not problems and ("deals" not in so_far or "scores" not in so_far):
            given = next(iter(so_far))
            problems.append(self.problem(self.marks[("so_far", given)],
                                         'a partie in progress gives both the deals played so far and the score then: '
                                         '[DealsSoFar "5"] [ScoreSoFar "A" "40" "B" "12"]'))
        if "sitting" in rec and "players" not in rec["sitting"]:
            problems.append(self.problem(self.marks[("sitting", "card")],
                                         'a scoring card needs the sitting\'s three players: [Sitting "A" "B" "C"]'))
        deals: list[dict[str, Any]] = []
        claimed: dict[str, Any] = {}
        for st in self._flattened(body, problems):
            if isinstance(st, Comment):
                pending.append(st)
                continue
            try:
                anchor = self._deal_or_claim(rec, deals, claimed, st)
            except NotationError as exc:  # the next deal is still read and checked
                problems += exc.problems
                _bounded(problems)
                deals.append({})
                continue
            anchored(anchor)
        anchored("end")
        if not deals and not problems:
            problems.append(self.problem(body[0].pos if body else (1, 1), "the record has no deal"))
        if problems:
            raise NotationError(problems)
        rec["deals"] = deals
        if claimed:
            rec["claimed"] = claimed
        if comments:
            rec["comments"] = comments
        self.located.data = rec
        return self.located

    def _flattened(self, body: list[Comment | Deal | Partie | BadRecord],
                   problems: list[Problem]) -> list[Comment | Deal | PartieClaim]:
        """A record's deals, claims and comments in order: a partie's own, with the comments around it.

        Nothing else stands in a record's body: its tags are read already, and a record that did not parse is a
        record alone (``_records``), whose missing players end its reading before this."""
        parties = [s for s in body if isinstance(s, Partie)]
        if len(parties) > 1:
            raise NotationError(problems + [self.problem(parties[1].pos, "a record holds one partie; a new record "
                                                                          'begins with its tags ([Players "A" "B"])')])
        if not parties:
            return [s for s in body if isinstance(s, (Comment, Deal))]
        if any(isinstance(s, Deal) for s in body):
            raise NotationError(problems + [self.problem(next(s for s in body if isinstance(s, Deal)).pos,
                                                         "deals go inside the partie, not beside it")])
        before = [s for s in body if isinstance(s, Comment) and s.pos < parties[0].pos]
        after = [s for s in body if isinstance(s, Comment) and s.pos > parties[0].pos]
        return before + parties[0].statements + after

    def _deal_or_claim(self, rec: dict[str, Any], deals: list[dict[str, Any]], claimed: dict[str, Any],
                       s: Deal | PartieClaim) -> str:
        """Read a deal, or a claim of the partie, into the record: the anchor its comments stand before."""
        if isinstance(s, Deal):
            deals.append(self.deal(rec, s, len(deals)))
            return f"deal:{len(deals)}"
        return f"partie:{self.partie_claim(claimed, s)}"

    def tag(self, rec: dict[str, Any], h: Tag) -> str:
        """Fill the field a tag names; its name as the writer writes it."""
        tag, values = TAG_ALIASES.get(h.name, h.name), h.values
        field = self.tag_field(tag, values, h)
        self.mark(field, h.pos)
        per_player = _PER_PLAYER.get(field[-1])
        match field:
            case ("source", name):
                rec.setdefault("source", {})[name] = values[0]
            case ("options",):
                rec.setdefault("options", {}).update(self.options(values, h))
            case ("players",):
                if values[0] == values[1]:
                    raise self.fail(h.pos, "the two players need different names")
                rec["players"] = values
            case ("cut",):
                rec["cut"] = {values[0]: values[1], values[2]: values[3]}
            case _ if per_player is not None:
                numbers = self.per_player(tag, values, h, per_player, least=1 if field[0] == "cut_lifted" else 0)
                if field[0] == "so_far":
                    rec.setdefault("so_far", {})[field[1]] = numbers
                else:
                    rec[field[0]] = numbers
            case ("sitting", "card"):
                rec.setdefault("sitting", {})["card"] = self.scoring_card(tag, values, h)
            case ("sitting", "players"):
                if len(set(values)) != 3:
                    raise self.fail(h.pos, f"[{tag}] names the sitting's three players, each once")
                rec.setdefault("sitting", {})["players"] = values
            case ("so_far", "deals"):
                if not self.figures_in(values[0], h):
                    raise self.fail(h.pos, f'[{tag}] is how many deals were played before the first: "5"')
                rec.setdefault("so_far", {})["deals"] = int(values[0])
            case (name,) if name in _CHOICES:
                if values[0] not in _CHOICES[name]:
                    raise self.fail(h.pos, f"[{tag}] is {' or '.join(_CHOICES[name])}, not {echo(values[0])}")
                rec[name] = values[0]
            case _:
                rec[field[0]] = values[0]
        return tag

    def tag_field(self, tag: str, values: list[str], h: Tag) -> tuple[str, ...]:
        """The record's field a tag names, once its count of values is right."""
        if tag.startswith(SOURCE_TAG_PREFIX) and len(tag) > len(SOURCE_TAG_PREFIX):
            field: tuple[str, ...] = ("source", tag[len(SOURCE_TAG_PREFIX):])
        elif tag in TAGS:
            field = TAGS[tag]
        else:
            raise self.fail(h.pos, f"no tag {echo(tag)}{did_you_mean(tag, list(TAGS))}")
        want = _TAG_VALUES.get(field, _TAG_VALUES.get(field[:1], 1))
        if field[-1] in _PER_PLAYER:  # a name and a number, for one player or both
            want = 4 if len(values) > 2 else 2
        if field[0] != "options" and len(values) != want:
            raise self.fail(h.pos, f"[{tag}] takes {want} quoted value{'s' if want > 1 else ''}")
        return field

    def options(self, values: list[str], h: Tag) -> dict[str, str]:
        chosen: dict[str, str] = {}
        for v in values:
            name, sep, choice = v.partition("=")
            if not sep:
                raise self.fail(h.pos, f"an option is NAME=CHOICE, not {echo(v)}")
            chosen[name.strip()] = choice.strip()
        return chosen

    def figures_in(self, value: str, h: Tag) -> bool:
        """Whether a tag's value is a whole number in figures (at most nine); a digit the notation does not read
        (``³``, ``٣``, ``３``: only 0 to 9 are figures) is refused at its column, rather than read as another."""
        if value.isascii():
            return value.isdigit() and len(value) <= 9
        odd = next((c for c in value if c.isdigit() or unicodedata.decimal(c, None) is not None), None)
        if odd is None:
            return False
        line, column = h.pos
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        found = text.find(odd, column)
        raise self.fail((line, found + 1) if found >= 0 else h.pos,
                        f"{echo(odd)} is not a figure the notation reads: write numbers with the digits 0 to 9")

    def per_player(self, tag: str, values: list[str], h: Tag, what: str, least: int) -> dict[str, int]:
        if not all(self.figures_in(v, h) and int(v) >= least for v in values[1::2]):
            raise self.fail(h.pos, f'[{tag}] gives each player and {what}: "A" "1" "B" "5"')
        return {name: int(n) for name, n in zip(values[::2], values[1::2])}

    def scoring_card(self, tag: str, values: list[str], h: Tag) -> dict[str, int]:
        """The sitting's card as the book keeps it: each of the three and his standing, signed."""
        unsigned = [v[1:] if v[:1] in ("+", "-") else v for v in values[1::2]]
        if not all(self.figures_in(u, h) for u in unsigned):
            raise self.fail(h.pos, f'[{tag}] gives each of the three players and his standing on the card: '
                                   '"A" "+30" "B" "-15" "C" "-15"')
        return {name: int(n) for name, n in zip(values[::2], values[1::2])}

    def partie_claim(self, claimed: dict[str, Any], s: PartieClaim) -> str:
        """Read a claim of the partie into the record's claims: its word (``totals``, ``winner``, ``won``)."""
        match s:
            case Totals():
                self._claimed_once(claimed, "totals", "totals", s.pos)
                self.scores(s.scores, ("claimed", "totals"), claimed.setdefault("totals", {}))
                return "totals"
            case Winner():
                self._claimed_once(claimed, "winner", "winner", s.pos)
                claimed["winner"] = None if s.who.type == "NOBODY" else self.who(s.who)
                return "winner"
            case PointsWon():
                self._claimed_once(claimed, "points_won", "won", s.pos)
                claimed["points_won"] = self.number(s.points)
                return "won"

    def _claimed_once(self, claimed: dict[str, Any], field: str, word: str, where: Pos) -> None:
        if field in claimed:
            raise self.fail(where, f"the partie's {word} is already given")
        self.mark(("claimed", field), where)

    # -- one deal --

    def deal(self, rec: dict[str, Any], s: Deal, index: int) -> dict[str, Any]:
        number = s.number
        at: tuple[str | int, ...] = ("deals", index)
        self.mark(at, s.pos)
        if self.number(number) != index + 1:
            hint = "; a new record begins with its tags" if number.text == "1" else ""
            raise self.fail(number.pos, f"this is deal {index + 1}, not deal {number.text}{hint}")
        deal: dict[str, Any] = {}
        for h in s.heads:  # in the order written, the last of each taken
            if isinstance(h, Dealer):
                self.mark(at + ("dealer",), h.pos)
                deal["dealer"] = h.name
            else:
                self.mark(at + ("packets",), h.pos)
                deal["packets"] = self.number(h.count)
        if "dealer" not in deal and index == 0:  # a later deal's is the one the laws' order gives (the replay's)
            raise self.fail(s.pos, 'the first deal names its dealer: deal 1, dealer "…"')
        if deal.get("dealer", rec["players"][0]) not in rec["players"]:
            raise self.fail(self.marks[at + ("dealer",)], f"the dealer {echo(deal['dealer'])} is not one of the players "
                                                           f"({', '.join(rec['players'])})")
        if deal.get("packets", 2) not in (1, 2, 3, 4):
            raise self.fail(self.marks[at + ("packets",)], "cards are dealt in packets of 1, 2, 3 or 4")
        comments: list[dict[str, str]] = []
        pending: list[Comment] = []
        for st in s.statements:
            if isinstance(st, Comment):
                pending.append(st)
                continue
            anchor = self._statement(deal, st, at)
            if pending:
                comments += [{"before": anchor, "text": c.text} for c in pending]
                pending = []
        comments += [{"before": "end", "text": c.text} for c in pending]
        if comments:
            deal["comments"] = comments
        self._check_cards(deal, s.pos, at)
        return deal

    def _check_cards(self, deal: dict[str, Any], pos: Pos, at: tuple[str | int, ...]) -> None:
        if "scores" in deal:
            if "hands" in deal or "tricks" in deal:
                raise self.fail(pos, "a score-sheet deal gives the totals only, not the cards")
            return
        hands = deal.get("hands", {})
        if len(hands) < 2:
            missing = "elder" if "elder" not in hands else "younger"
            raise self.fail(pos, f"the {missing}'s hand is missing ({missing}: cards), or give only a score sheet")
        groups = [(("hands", "elder"), hands["elder"]), (("hands", "younger"), hands["younger"]),
                  (("talon",), deal.get("talon", []))]
        dealt = list(chain.from_iterable(group for _, group in groups))
        unknown = dealt.count("?")
        seen = set(dealt)
        seen.discard("?")
        if len(seen) != len(dealt) - unknown:
            self._dealt_twice(groups, at)
        if len(dealt) not in (32, 36) and deal.get("talon") is not None:
            raise self.fail(pos, f"{len(dealt)} cards are dealt here; a pack has 32 (or 36)")
        tricks = deal.get("tricks", [])
        played = list(chain.from_iterable(tricks))
        if "?" in played or len(set(played)) != len(played) or (not unknown and not seen.issuperset(played)):
            self._misplayed(tricks, seen, bool(unknown), at)

    def _dealt_twice(self, groups: list[tuple[tuple[str, ...], list[str]]], at: tuple[str | int, ...]) -> None:
        """Name the first card dealt twice, at its second place (the sets found that one is)."""
        seen: dict[str, tuple[str, ...]] = {}
        for path, group in groups:
            for i, c in enumerate(group):
                if c != "?" and c in seen:
                    raise self.fail(self.located.where(at + path + (i,)), f"{c} is dealt twice (first in the "
                                                                   f"{'.'.join(map(str, seen[c]))})")
                seen[c] = path

    def _misplayed(self, tricks: list[list[str]], dealt: set[str], some_unknown: bool,
                   at: tuple[str | int, ...]) -> None:
        """Name the first card played that is unknown, played twice or never dealt (the sets found that one is)."""
        played: set[str] = set()
        for n, trick in enumerate(tricks):
            for j, c in enumerate(trick):
                if c == "?" or c in played or (c not in dealt and not some_unknown):
                    where = self.located.where(at + ("tricks", n, j))
                    raise self.fail(where, UNKNOWN_PLAYED if c == "?" else
                                    f"{c} is played twice" if c in played else f"{c} was never dealt")
                played.add(c)

    def _statement(self, deal: dict[str, Any], st: DealStatement, at: tuple[str | int, ...]) -> str:
        """Read one statement of a deal into it: the anchor that the comments before it stand before."""
        match st:
            case Trick():
                return self._trick(deal, st, at)
            case Hand():
                return self._hand(deal, st, at)
            case Talon():
                return self._talon(deal, st, at)
            case Exchange():
                return self._exchange(deal, st, at)
            case Tricks():
                return "tricks"
            case Declaration():
                return self._declaration(deal, st, at)
            case CarteBlanche():
                return self._blanche(deal, st, at)
            case Claim():
                return self._claim(deal, st, at)
            case TricksWon():
                return self._tricks_won(deal, st, at)
            case Sheet():
                return self._sheet(deal, st, at)
            case Note():
                return self._note(deal, st, at)
            case Misdeal() | Exposed() | OutOfTurn() | BadPack():
                return self._incident(deal, st, at, {"type": st.TYPE})
            case CarteBlancheLate() | LeftCard() | LeftTakenUp() | ThrowDown():
                return self._incident(deal, st, at, {"type": st.TYPE, "player": role_of(st.player)})
            case Retake() | MixedDiscard() | AlterDiscard():
                return self._with_cards(deal, st, at)
            case FacedCard():
                return self._faced(deal, st, at)
            case FacedInDealing():
                return self._faced_dealing(deal, st, at)
            case Peek():  # seen, or taken up (StockTakenUp)
                return self._peek(deal, st, at)
            case Miscall():
                return self._miscall(deal, st, at)
            case Reply():
                return self._reply(deal, st, at)
            case Omission():
                inc = {"type": st.TYPE, "player": role_of(st.player), "kind": KIND_WORDS[_words(st.kind)]}
                return self._incident(deal, st, at, inc)
            case Question():
                return self._question(deal, st, at)
            case Retract():
                inc = {"type": st.TYPE, "player": role_of(st.player), "reason": REASONS[_plain(st.reason)]}
                return self._incident(deal, st, at, inc)
            case Correction():
                return self._correction(deal, st, at)

    def _hand(self, deal: dict[str, Any], st: Hand, at: tuple[str | int, ...]) -> str:
        role = role_of(st.player)
        hands = deal.setdefault("hands", {})
        if role in hands:
            raise self.fail(st.pos, f"the {role}'s hand is given twice")
        self.mark(at + ("hands",), st.pos)
        hands[role] = self.cards(st.cards, at + ("hands", role))
        return f"hands.{role}"

    def _talon(self, deal: dict[str, Any], st: Talon, at: tuple[str | int, ...]) -> str:
        if "talon" in deal:
            raise self.fail(st.pos, "the talon is given twice")
        deal["talon"] = self.cards(st.cards, at + ("talon",))
        self.mark(at + ("talon",), st.pos)
        return "talon"

    def _incident(self, deal: dict[str, Any], st: Incident, at: tuple[str | int, ...], inc: dict[str, Any]) -> str:
        """An incident, with the clauses after its head read into its fields (a choice, a yes or no, a moment, the
        trick before which it happened, a note)."""
        path = self._incident_path(deal, at)
        incidents = deal.setdefault("incidents", [])
        self.mark(path, st.pos)
        before = ""  # the word before this one: what a moment or a number is of
        for tok in st.clauses:
            kind = tok.type
            if kind == "STRING":
                inc["note"] = unquote(tok.value)
            elif kind == "CHOICE":
                inc["choice"] = "stand" if _words(tok.value).startswith(("stand", "on joue", "jou")) else "fresh_deal"
            elif kind in FLAGS:
                inc[FLAGS[kind]] = not _NO & set(_plain(tok.value).split())
            elif kind in _WORD_FIELDS:
                value = _WORD_VALUES[_WORD_FIELDS[kind]][_plain(tok.value)]
                inc[_WORD_FIELDS[kind]] = value == "true" if kind == "SHEET_OF" else value
            elif kind == "MOMENT":
                inc["corrected" if before == "CORRECTED" else "reckoned"] = MOMENTS[_plain(tok.value)]
            elif kind == "INT" and before == "BEFORE_TRICK":
                inc["before_trick"] = int(tok.value)
                if inc["before_trick"] < 1:
                    raise self.fail(pos(tok), "tricks count from 1: before trick 1 is before the first card")
            before = kind
        incidents.append(inc)
        return f"incident:{len(incidents) - 1}"

    def _faced(self, deal: dict[str, Any], st: FacedCard, at: tuple[str | int, ...]) -> str:
        inc: dict[str, Any] = {"type": st.TYPE, "position": self.number(st.position)}
        if inc["position"] < 1:
            raise self.fail(st.position.pos, "talon positions count from 1 (the top card)")
        return self._incident(deal, st, at, inc)

    def _faced_dealing(self, deal: dict[str, Any], st: FacedInDealing, at: tuple[str | int, ...]) -> str:
        inc: dict[str, Any] = {"type": st.TYPE, "cards": self.number(st.count)}
        if inc["cards"] < 1:
            raise self.fail(st.count.pos, "at least one card is found face up")
        return self._incident(deal, st, at, inc)

    def _peek(self, deal: dict[str, Any], st: Peek, at: tuple[str | int, ...]) -> str:
        inc: dict[str, Any] = {"type": st.TYPE, "player": role_of(st.player), "cards": self.number(st.count)}
        if inc["cards"] < 1:
            raise self.fail(st.count.pos, "a peek sees, or a player takes up, at least one card")
        if st.seen is not None:  # the stock cards he saw or mixed (Laws 28-29)
            inc["which_cards"] = self.cards(st.seen, self._incident_path(deal, at) + ("which_cards",))
            if len(inc["which_cards"]) != inc["cards"]:
                raise self.fail(st.pos, f"the incident names {len(inc['which_cards'])} cards, not {inc['cards']}")
        if st.suit is not None:
            inc["suit_named"] = SUIT_LETTERS[suit_symbol(st.suit)]
        return self._incident(deal, st, at, inc)

    def _miscall(self, deal: dict[str, Any], st: Miscall, at: tuple[str | int, ...]) -> str:
        """What he first called, in the dialogue's words: ``five making forty-nine``, ``three kings (K♠ K♥ K♣)``."""
        called = st.called
        path = at + ("incidents", len(deal.get("incidents", [])), "called")
        said: dict[str, Any] = {}
        if called.call is not None:
            said.update(self._call(called.call))
        if called.top is not None:  # "major", "to the king": the top card alone
            said["top"] = _top(called.top)
        if called.making is not None:
            said.update(self._call(called.making))
        if called.cards is not None:
            said["cards"] = self.cards(called.cards.cards, path + ("cards",))
        self.mark(path, called.pos)
        inc = {"type": st.TYPE, "player": role_of(st.player), "kind": KIND_WORDS[_words(st.kind)], "called": said}
        return self._incident(deal, st, at, inc)

    def _reply(self, deal: dict[str, Any], st: Reply, at: tuple[str | int, ...]) -> str:
        word = st.reply
        if word.type == "ASK":
            said = "ask"
        elif word.type == "WHICH_OUT":
            said = "which_out"
        elif _words(word.value) in INCIDENT_REPLIES:
            said = INCIDENT_REPLIES[_words(word.value)]
        else:
            raise self.fail(pos(word), "the reply the laws judge is good, equal, making? or which is out? (bon, "
                                       "égal, combien ? or laquelle manque ?)")
        inc = {"type": st.TYPE, "player": role_of(st.player), "kind": KIND_WORDS[_words(st.kind)], "reply": said}
        return self._incident(deal, st, at, inc)

    def _question(self, deal: dict[str, Any], st: Question, at: tuple[str | int, ...]) -> str:
        """``question: how many diamonds? elder answers two``: the suit asked, who answered, and what."""
        inc = {"type": st.TYPE, "player": role_of(st.player), "suit": SUIT_LETTERS[suit_symbol(st.suit)],
               "answer": self.number(st.answer)}
        return self._incident(deal, st, at, inc)

    def _incident_path(self, deal: dict[str, Any], at: tuple[str | int, ...]) -> tuple[str | int, ...]:
        """Where the incident being read is kept in the record."""
        return at + ("incidents", len(deal.get("incidents", [])))

    def _with_cards(self, deal: dict[str, Any], st: Retake | MixedDiscard | AlterDiscard,
                    at: tuple[str | int, ...]) -> str:
        """A player's incident that names cards: taken back from his discard, mixed into it, or his second
        discard (Cavendish Laws 25, 26, 32)."""
        inc = {"type": st.TYPE, "player": role_of(st.player),
               "which_cards": self.cards(st.cards, self._incident_path(deal, at) + ("which_cards",))}
        return self._incident(deal, st, at, inc)

    def _correction(self, deal: dict[str, Any], st: Correction, at: tuple[str | int, ...]) -> str:
        """``score corrected: younger 4, before his next hand``: whose score, by how much, when (Laws 70, 74)."""
        inc = {"type": st.TYPE, "player": role_of(st.player), "points": self.number(st.points)}
        return self._incident(deal, st, at, inc)

    def _exchange(self, deal: dict[str, Any], st: Exchange, at: tuple[str | int, ...]) -> str:
        role = role_of(st.player)
        exchange = deal.setdefault("exchange", {})
        if role in exchange:
            raise self.fail(st.pos, f"the {role}'s exchange is given twice")
        path = at + ("exchange", role)
        self.mark(path, st.pos)
        side: dict[str, Any] = {"discard": self.cards(st.discard, path + ("discard",))}
        for part in st.parts:
            key, where = _exchange_field(part)
            if key in side:
                raise self.fail(where, f"the {role}'s exchange says this twice")
            match part:
                case Took():
                    side[key] = self.number(part.count)
                case Takes() | Leaves():
                    side[key] = self.cards(part.cards, path + (key,))
                case _:  # a word: whether he looks at the rest, whether the penalty is waived
                    side[key] = part.type == "LOOKS" if key == "looked_at_left" else not _NO & set(_plain(part.value).split())
                    continue
            self.mark(path + (key,), where)
        exchange[role] = side
        return f"exchange.{role}"

    def _blanche(self, deal: dict[str, Any], st: CarteBlanche, at: tuple[str | int, ...]) -> str:
        roles = deal.setdefault("carte_blanche", [])
        role = role_of(st.player)
        if role in roles:
            raise self.fail(st.pos, f"the {role}'s carte blanche is already shown")
        self.mark(at + ("carte_blanche", len(roles)), st.pos)
        roles.append(role)
        return f"carte_blanche.{role}"

    def _declaration(self, deal: dict[str, Any], st: Declaration, at: tuple[str | int, ...]) -> str:
        kind = KIND_WORDS[_words(st.kind)]
        decls = deal.setdefault("declarations", {})
        if kind in decls:
            raise self.fail(st.pos, f"the {kind} is declared twice")
        path = at + ("declarations", kind)
        self.mark(path, st.pos)
        entry: dict[str, Any] = {}
        said: list[dict[str, Any]] = []
        for u in st.utterances:
            role = role_of(u.player)
            for part in u.said:
                self._speech(entry, said, role, part, path)
        if said:
            entry["said"] = said
        decls[kind] = entry
        return f"declarations.{kind}"

    def _speech(self, entry: dict[str, Any], said: list[dict[str, Any]], role: str, part: Said,
                path: tuple[str | int, ...]) -> None:
        """One thing a player says in his turn: a call, a reply, a question, a count; or the cards of his call."""
        match part:
            case CallCards():
                if role in entry:
                    raise self.fail(part.pos, f"the {role}'s call is already given")
                entry[role] = self.cards(part.cards, path + (role,))
                self.mark(path + (role,), part.pos)
            case Shown() | Sunk():
                key = "shown" if isinstance(part, Shown) else "sinks"
                call = entry.get(role, "best")
                made = call if isinstance(call, dict) else {"call": call}
                if key in made:
                    raise self.fail(part.pos, f"the {role} has already {'shown' if key == 'shown' else 'sunk'} "
                                              "cards of this kind")
                entry[role] = made | {key: self.cards(part.cards, path + (role, key))}
                self.mark(path + (role,), part.pos)
            case Count():
                self._said(said, {"by": role, "count": self.number(part.score)}, path, part.pos)
            case Length() | SequenceCall() | SetCall() | Making():
                item = {"by": role} | self._call(part)
                if isinstance(part, Length) and said and said[-1].get("ask") and said[-1]["by"] != role:
                    item["value"] = item.pop("length")  # the number that answers "making?" is the point's value
                self._said(said, item, path, part.pos)
            case _ if part.type == "SINKS":
                if role in entry:
                    raise self.fail(pos(part), f"the {role}'s call is already given")
                entry[role] = "sink"
                self.mark(path + (role,), pos(part))
            case _:  # a reply, or making?
                self._said(said, {"by": role, "reply": REPLIES[_words(part.value)]} if part.type == "REPLY"
                           else {"by": role, "ask": True}, path, pos(part))

    def _said(self, said: list[dict[str, Any]], item: dict[str, Any], path: tuple[str | int, ...], where: Pos) -> None:
        self.mark(path + ("said", len(said)), where)
        said.append(item)

    def _call(self, part: Call) -> dict[str, Any]:
        """A call in the dialogue's words: a length (``five``), a sequence (``quint major``), a set (``three
        kings``) or a value (``making forty-nine``), as the record's fields."""
        match part:
            case Length():
                return {"length": self.number(part.length)}
            case Making():
                return {"value": self.number(part.points)}
            case SequenceCall():
                call: dict[str, Any] = {"length": SEQUENCE_LENGTHS[_words(part.name)]}
                if part.top is not None:
                    call["top"] = _top(part.top)
                return call
            case _:
                count = 3 if _words(part.count.text) in ("trio", "brelan") else self.number(part.count)
                if count not in (3, 4, 14):
                    raise self.fail(part.pos, f"a set is three (trio, brelan) or four (quatorze), not {count}")
                return {"set": 4 if count == 14 else count, "rank": rank_key(part.rank)}

    def _trick(self, deal: dict[str, Any], st: Trick, at: tuple[str | int, ...]) -> str:
        number = self.figures(st.number, st.pos)
        tricks = deal.setdefault("tricks", [])
        if number != len(tricks) + 1:
            raise self.fail(st.pos, f"this is trick {len(tricks) + 1}, not trick {number}")
        places = self.located.places.get(at + ("tricks",))
        if not isinstance(places, _Tricks):
            places = self.located.places[at + ("tricks",)] = _Tricks([])
        places.tricks.append((st.pos, st.played))
        cards: list[str] = []
        for played in st.played:
            cards += self.names(played.cards)
            if len(cards) > 2:
                raise self.fail(cast(Pos, places.at((len(tricks), 2))), f"trick {number} has more than two cards")
            if played.score is not None:
                counts = deal.setdefault("counts", [])
                self.mark(at + ("counts", len(counts)), played.score.pos)
                counts.append({"trick": number, "card": len(cards), "count": self.number(played.score)})
        tricks.append(cards)
        return f"trick:{number}"

    def _claim(self, deal: dict[str, Any], st: Claim, at: tuple[str | int, ...]) -> str:
        claimed = deal.setdefault("claimed", {})
        if st.category is not None:
            category = CATEGORY_WORDS[_words(st.category)]
            self.scores(st.scores, at + ("claimed", "by", category),
                        claimed.setdefault("by", {}).setdefault(category, {}))
            return f"claim:by:{category}"
        if st.checkpoint is not None:
            return self._running(claimed, "running", {"at": st.checkpoint.value}, st.scores, pos(st.checkpoint), at)
        self.scores(st.scores, at + ("claimed", "final"), claimed.setdefault("final", {}))
        return "claim:final"

    def _tricks_won(self, deal: dict[str, Any], st: TricksWon, at: tuple[str | int, ...]) -> str:
        """How many tricks each has won so far, claimed after the last trick written."""
        claimed = deal.setdefault("claimed", {})
        return self._running(claimed, "tricks_won", {"after": len(deal.get("tricks", []))}, st.scores, st.pos, at)

    def _running(self, claimed: dict[str, Any], key: str, point: dict[str, Any], scores: list[Score], where: Pos,
                 at: tuple[str | int, ...]) -> str:
        """A claim at one moment of the deal (a checkpoint, or after a trick): each player's figure there."""
        running = claimed.setdefault(key, [])
        path = at + ("claimed", key, len(running))
        self.mark(path + (next(iter(point)),), where)
        figures: dict[str, int] = {}
        self.scores(scores, path, figures)
        point.update(figures)
        running.append(point)
        return f"claim:{key}:{len(running) - 1}"

    def _sheet(self, deal: dict[str, Any], st: Sheet, at: tuple[str | int, ...]) -> str:
        if "scores" in deal:
            raise self.fail(st.pos, "the score sheet is given twice")
        self.mark(at + ("scores",), st.pos)
        self.scores(st.scores, at + ("scores",), deal.setdefault("scores", {}))
        return "sheet"

    def _note(self, deal: dict[str, Any], st: Note, at: tuple[str | int, ...]) -> str:
        if "note" in deal:
            raise self.fail(st.pos, "the deal's note is given twice")
        self.mark(at + ("note",), st.pos)
        deal["note"] = st.text
        return "note"


def _top(word: Tok) -> str:
    """The top card a call names: the ace for 'major', else the rank after 'to the'."""
    return "A" if word.type == "MAJOR" else rank_key(word.value)


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


def _records(stmts: list[Statement]) -> list[list[Statement]]:
    """The statements grouped into records: a run of tags begins a record, as in PGN.

    The comments between two records belong to the first as far as the first
    blank line (the writer puts a record's last comments right after it), and
    to the second after it; a record that did not parse is a record alone.
    """
    groups: list[list[Statement]] = [[]]
    pending: list[Comment] = []
    last: Statement | None = None  # the last statement that is not a comment
    end = 0  # the line where it ends
    for s in stmts:
        if isinstance(s, Comment):
            pending.append(s)
            continue
        if (isinstance(s, Tag) and last is not None and not isinstance(last, Tag)) or isinstance(s, BadRecord) \
                or isinstance(last, BadRecord):
            for n, c in enumerate(pending):
                if c.pos[0] > end + 1:  # a blank line: the rest is the next record's
                    break
                end = c.pos[0] + c.text.count("\n")
            else:
                n = len(pending)
            groups[-1] += pending[:n]
            groups.append([])
            pending = pending[n:]
        groups[-1] += pending
        pending = []
        groups[-1].append(s)
        last = s
        end = s.end[0] if isinstance(s, (Deal, Partie)) else s.pos[0]
    groups[-1] += pending
    return [g for g in groups if g] or [[]]


#: The text is parsed in blocks of about this many characters, each ending where a record begins: a file of any
#: size is read a block at a time, and one record may be no longer than a block.
BLOCK = MAX_BYTES


def records(pieces: Iterable[str], name: str = "<text>") -> Iterator[Located | NotationError]:
    """Each record of a notation text that arrives in pieces (a file read as it goes), as soon as its block is
    read, or the problems that spoil it: a record is bounded (``BLOCK`` characters), the file is not.

    The notation's one reader (``piquet_variants.api.read`` reads through it).  A record's problems do not stop
    the reading: the next record is read all the same.  After ``MAX_PROBLEMS`` problems the reading stops, and
    says so."""
    count = _Count(name)
    parts: list[str] = []  # the text not yet parsed, in pieces
    size, line = 0, 1  # its length, and the line of the file where it begins
    for piece in _ended(pieces):
        parts.append(piece)
        size += len(piece)
        if piece and size < BLOCK:
            continue
        pending = "".join(parts)
        if not piece and not pending and line == 1:  # an empty text: read as such, for what it lacks
            yield from _read("", name, line, count)
        while len(pending) >= BLOCK or (not piece and pending):
            cut = len(pending) if not piece and len(pending) < BLOCK else _last_start(pending)
            if cut == 0:
                yield NotationError([Problem(name, line, 1, "", f"a record longer than {BLOCK} characters (one "
                                                                "record's deals, tags and comments)")])
                return
            block, pending = pending[:cut], pending[cut:]
            for result in _read(block, name, line, count):
                yield result
                if count.stopped:
                    return
            line += block.count("\n")
        parts, size = [pending], len(pending)


def _ended(pieces: Iterable[str]) -> Iterator[str]:
    """The pieces that hold text, as they come, then an empty one that marks the end.

    A generator function, not ``chain`` over a generator expression: compiled by mypyc, a generator expression
    passed to a call is evaluated whole first, which read ``/dev/zero`` to the file's bound before the first block.
    """
    for piece in pieces:
        if piece:
            yield piece
    yield ""


def _last_start(text: str) -> int:
    """Where the last record of a text that begins a line begins (past the first): the text before it is whole
    records; 0 where the text holds one record only."""
    for chunk in reversed(split_records(text)[1:]):
        if chunk.column == 1:
            return chunk.offset
    return 0


class _Count:
    """The problems found so far in a file, read block by block: past ``MAX_PROBLEMS`` the reading stops."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.problems = 0
        self.stopped = False

    def add(self, error: NotationError) -> NotationError | None:
        """Count a record's problems; where they pass the bound, what says that the reading stops there."""
        self.problems += len(error.problems)
        if self.problems < MAX_PROBLEMS:
            return None
        self.stopped = True
        where = error.problems[-1]
        return NotationError([Problem(self.name, where.line, where.column, "",
                                      f"{self.problems} problems: the reading stops here")])


def _read(block: str, name: str, line: int, count: _Count) -> Iterator[Located | NotationError]:
    """The records of a block of a file that begins at ``line``, by the file's own lines and columns."""
    lines = Lines(block.splitlines(), line)
    text = "\n" * (line - 1) + block if line > 1 else block  # the grammar skips the line breaks; positions are kept
    for group in _records(parse_statements(text, name)):
        if group and isinstance(group[0], BadRecord):
            result: Located | NotationError = NotationError([group[0].problem])
        else:
            try:
                result = _Builder(name, lines).build(group)
            except NotationError as exc:
                result = exc
        yield result
        if isinstance(result, NotationError):
            stop = count.add(result)
            if stop is not None:
                yield stop
                return


def _bounded(problems: list[Problem]) -> None:
    """A record's problems, past ``MAX_PROBLEMS``, end its reading (ten thousand bad tags are not as many
    messages): ``_read`` then says that the reading stops there."""
    if len(problems) >= MAX_PROBLEMS:
        raise NotationError(problems[:MAX_PROBLEMS])
