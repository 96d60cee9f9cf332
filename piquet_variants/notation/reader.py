"""From the notation's statements to the record model that JSON records use.

The parser gives statements in the order they are written; this module puts
each into its place in the record (``piquet-record/1``), remembers the line
and column of every value it fills (so a replay error in a notation file
points into that file, exactly as it does for JSON), and checks what
grammar alone cannot: a card dealt twice, a trick of three cards, a number
that is not a number, a tag nobody knows.
"""

from __future__ import annotations

from functools import cache
from itertools import chain
from operator import itemgetter
from pathlib import Path
from typing import Any, cast

from lark import Token

from ..cards import SYMBOLS, card_name, compact_cards, parse_card
from ..errors import UNKNOWN_PLAYED, CardError, NotationError, Problem
from ..located import MAX_BYTES, Located, LoadFailure, caret, read_source
from ..schemas import did_you_mean
from .numbers import read_number
from .parser import Card, Pos, Run, Stmt, TrickRun, parse_statements, rank_key, suit_symbol, unquote


#: Tags and the record field each fills (French names in TAG_ALIASES).
TAGS = {"Event": ("source", "event"), "Date": ("source", "date"), "Source": ("source", "title"),
        "Locator": ("source", "locator"), "SourceNote": ("source", "note"), "Note": ("note",),
        "Ruleset": ("ruleset",), "Option": ("options",), "Players": ("players",), "Lang": ("lang",),
        "Cut": ("cut",), "HigherChose": ("higher_chose",)}
TAG_ALIASES = {"Événement": "Event", "Evenement": "Event", "Référence": "Locator", "Reference": "Locator",
               "NoteSource": "SourceNote", "Règles": "Ruleset", "Regles": "Ruleset", "Joueurs": "Players",
               "Langue": "Lang", "Coupe": "Cut", "Choix": "HigherChose"}
SOURCE_TAG_PREFIX = "Source_"

KIND_WORDS = {"point": "point", "sequence": "sequences", "sequences": "sequences", "séquence": "sequences",
              "séquences": "sequences", "sequence": "sequences", "sets": "sets", "quatorzes": "sets",
              "brelans": "sets"}
CATEGORY_WORDS = {"carte blanche": "carte_blanche", "cartes blanches": "carte_blanche", "point": "point",
                  "sequences": "sequences", "séquences": "sequences", "sets": "sets", "quatorzes": "sets",
                  "play": "play", "jeu": "play", "cards": "cards", "cartes": "cards", "pique": "pique",
                  "pic": "pique", "repique": "repique", "repic": "repique", "capot": "capot",
                  "penalty": "penalty", "pénalité": "penalty", "penalite": "penalty"}
SEQUENCE_LENGTHS = {"tierce": 3, "quart": 4, "quarte": 4, "quatrième": 4, "quatrieme": 4, "quint": 5, "quinte": 5,
                    "sixième": 6, "sixieme": 6, "sixth": 6, "septième": 7, "septieme": 7, "seventh": 7,
                    "huitième": 8, "huitieme": 8, "eighth": 8}
REPLIES = {"good": "good", "bon": "good", "not good": "not_good", "pas bon": "not_good", "equal": "equal",
           "égal": "equal", "egal": "equal"}
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


_NUMBER, _LEAD, _FOLLOW = itemgetter(0), itemgetter(1), itemgetter(2)


def _words(tok: Any) -> str:
    return " ".join(str(tok).lower().split())


def role_of(tok: Any) -> str:
    return "elder" if _words(tok) in ("elder", "premier") else "younger"


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


class _TrickPlaces:
    """Where the tricks read from trick runs stand, and their cards, found only when asked."""

    def __init__(self) -> None:
        self.runs: list[tuple[int, TrickRun]] = []  # (index of its first trick, the run)

    def at(self, rest: tuple[str | int, ...]) -> Pos | None:
        n = rest[0] if rest else None
        for first, run in self.runs:
            if isinstance(n, int) and first <= n < first + len(run.rows()):
                _, pos, cards = run.tricks()[n - first]
                if len(rest) == 1:
                    return pos
                j = rest[1]
                return cards[j].pos if len(rest) == 2 and isinstance(j, int) and 0 <= j < len(cards) else pos
        return None


class _Builder:
    """Fills one record from statements, noting the position of each value."""

    def __init__(self, name: str, lines: list[str]):
        self.name, self.lines = name, lines
        self.located = Located(name, None, lines=lines)
        self.marks = self.located.marks
        self.use("en")
        self.last_dealer: str | None = None

    def use(self, lang: str) -> None:
        """Read compact cards in ``lang`` from here on (``AC`` is the ace of clubs in en, of hearts in fr)."""
        self.lang, self.names, self.part_names = lang, _card_names(lang), _part_names(lang)

    def fail(self, pos: Pos, message: str) -> NotationError:
        return NotationError([Problem(self.name, pos[0], pos[1], "", message, caret(self.lines, *pos))])

    def mark(self, path: tuple[str | int, ...], pos: Pos) -> None:
        self.marks.setdefault(path, pos)

    def number(self, value: tuple[str, Pos]) -> int:
        try:
            return read_number(value[0])
        except CardError as exc:
            raise self.fail(value[1], str(exc)) from None

    def card(self, c: Card, path: tuple[str | int, ...]) -> str:
        self.marks.setdefault(path, c.pos)
        return self.named(c)

    def named(self, c: Card) -> str:
        """The card as the record writes it, or a problem at its place if it is no card."""
        found = self.names.get(c.text)  # every compact card, and "?"
        if found is not None:
            return found
        try:
            return card_name(parse_card(c.text, self.lang), self.lang)
        except CardError as exc:
            raise self.fail(c.pos, str(exc)) from None

    def cards(self, cards: list[Card] | Run, path: tuple[str | int, ...]) -> list[str]:
        """The cards' names; a line's run is named in C-level passes and its cards placed only on demand."""
        if isinstance(cards, Run):
            self.marks.setdefault(path, (cards.line, cards.column))
            self.located.places[path] = cards
            named = list(map(self.part_names.get, cards.parts()))
            if None in named:
                return list(map(self.named, cards.cards()))
            return cast(list[str], named)  # every part had a name
        if cards:
            self.marks.setdefault(path, cards[0].pos)
        return [self.card(c, path + (i,)) for i, c in enumerate(cards)]

    def who(self, tok: Token) -> str:
        return unquote(tok) if tok.type == "STRING" else role_of(tok)

    def scores(self, pairs: list[Any], path: tuple[str | int, ...], into: dict[str, int]) -> None:
        for who_tok, num in zip(pairs[::2], pairs[1::2]):
            who = self.who(who_tok)
            if who in into:
                raise self.fail((who_tok.line, who_tok.column), f"a score for {who} is already given here")
            self.mark(path + (who,), (who_tok.line, who_tok.column))
            into[who] = self.number(num)

    # -- the file --

    def build(self, stmts: list[Stmt]) -> Located:
        rec: dict[str, Any] = {"format": "piquet-record/1"}
        headers = [s for s in stmts if s.kind == "header"]
        for h in headers:
            self.header(rec, h)
        self.use(rec.setdefault("lang", self.lang))
        body = [s for s in stmts if s.kind != "header"]
        if "players" not in rec:
            raise self.fail(body[0].pos if body else (1, 1), 'the players are missing: [Players "A" "B"]')
        comments: list[dict[str, str]] = []
        pending: list[Stmt] = []
        deals: list[dict[str, Any]] = []
        parties = [s for s in body if s.kind == "partie"]
        if len(parties) > 1:
            raise self.fail(parties[1].pos, "a file holds one partie")
        if parties and any(s.kind == "deal" for s in body):
            raise self.fail(next(s for s in body if s.kind == "deal").pos,
                            "deals go inside the partie, not beside it")
        flat = parties[0].data if parties else body
        if parties:
            before = [s for s in body if s.kind == "comment" and s.pos < parties[0].pos]
            after = [s for s in body if s.kind == "comment" and s.pos > parties[0].pos]
            flat = before + flat + after
        claimed: dict[str, Any] = {}
        for s in flat:
            if s.kind == "comment":
                pending.append(s)
                continue
            if s.kind == "deal":
                anchor = f"deal:{len(deals) + 1}"
                deals.append(self.deal(rec, s, len(deals)))
            else:
                anchor = f"partie:{s.kind}"
                self.partie_claim(claimed, s)
            if pending:
                comments += [{"before": anchor, "text": c.data} for c in pending]
                pending = []
        comments += [{"before": "end", "text": c.data} for c in pending]
        if not deals:
            raise self.fail(body[0].pos if body else (1, 1), "the file records no deal")
        rec["deals"] = deals
        if claimed:
            rec["claimed"] = claimed
        if comments:
            rec["comments"] = comments
        self.located.data = rec
        return self.located

    def header(self, rec: dict[str, Any], h: Stmt) -> None:
        tag, values = h.data
        tag = TAG_ALIASES.get(tag, tag)
        if tag.startswith(SOURCE_TAG_PREFIX) and len(tag) > len(SOURCE_TAG_PREFIX):
            field: tuple[str, ...] = ("source", tag[len(SOURCE_TAG_PREFIX):])
        elif tag in TAGS:
            field = TAGS[tag]
        else:
            raise self.fail(h.pos, f"no tag {tag!r}{did_you_mean(tag, list(TAGS))}")
        want = {"players": 2, "cut": 4}.get(field[0], 1)
        if field[0] != "options" and len(values) != want:
            raise self.fail(h.pos, f"[{tag}] takes {want} quoted value{'s' if want > 1 else ''}")
        self.mark(field, h.pos)
        if field[0] == "source":
            rec.setdefault("source", {})[field[1]] = values[0]
        elif field[0] == "options":
            for v in values:
                name, sep, choice = v.partition("=")
                if not sep:
                    raise self.fail(h.pos, f"an option is NAME=CHOICE, not {v!r}")
                rec.setdefault("options", {})[name.strip()] = choice.strip()
        elif field[0] == "players":
            if values[0] == values[1]:
                raise self.fail(h.pos, "the two players need different names")
            rec["players"] = values
        elif field[0] == "cut":
            rec["cut"] = {values[0]: values[1], values[2]: values[3]}
        elif field[0] == "lang":
            if values[0] not in ("en", "fr"):
                raise self.fail(h.pos, f"[Lang] is en or fr, not {values[0]!r}")
            rec["lang"] = values[0]
        elif field[0] == "higher_chose":
            if values[0] not in ("deal", "elder"):
                raise self.fail(h.pos, f"[{tag}] is deal or elder, not {values[0]!r}")
            rec["higher_chose"] = values[0]
        else:
            rec[field[0]] = values[0]

    def partie_claim(self, claimed: dict[str, Any], s: Stmt) -> None:
        if s.kind in claimed or (s.kind == "won" and "points_won" in claimed):
            raise self.fail(s.pos, f"the partie's {s.kind} is already given")
        if s.kind == "totals":
            self.mark(("claimed", "totals"), s.pos)
            self.scores(s.data, ("claimed", "totals"), claimed.setdefault("totals", {}))
        elif s.kind == "winner":
            self.mark(("claimed", "winner"), s.pos)
            claimed["winner"] = None if s.data.type == "NOBODY" else self.who(s.data)
        else:
            self.mark(("claimed", "points_won"), s.pos)
            claimed["points_won"] = self.number(s.data)

    # -- one deal --

    def deal(self, rec: dict[str, Any], s: Stmt, index: int) -> dict[str, Any]:
        word, number, stmts, end = s.data
        at: tuple[str | int, ...] = ("deals", index)
        self.mark(at, s.pos)
        if int(number) != index + 1:
            raise self.fail((number.line, number.column), f"this is deal {index + 1}, not deal {number}")
        deal: dict[str, Any] = {}
        heads = [h for h in stmts if h.kind in ("dealer", "packets")]
        for h in heads:
            self.mark(at + (h.kind,), h.pos)
            deal[h.kind] = h.data
        if "dealer" not in deal:
            previous = self.last_dealer
            if previous is None:
                raise self.fail(s.pos, 'the first deal names its dealer: deal 1, dealer "…"')
            deal["dealer"] = next(p for p in rec["players"] if p != previous)
        if deal["dealer"] not in rec["players"]:
            raise self.fail(self.marks[at + ("dealer",)], f"the dealer {deal['dealer']!r} is not one of the players "
                                                           f"({', '.join(rec['players'])})")
        if deal.get("packets", 2) not in (1, 2, 3):
            raise self.fail(self.marks[at + ("packets",)], "cards are dealt in packets of 1, 2 or 3")
        self.last_dealer = deal["dealer"]
        comments, pending = [], []
        for st in stmts:
            if st.kind in ("dealer", "packets"):
                continue
            if st.kind == "comment":
                pending.append(st)
                continue
            anchor = getattr(self, f"_{st.kind}")(deal, st, at)
            if pending:
                comments += [{"before": anchor, "text": c.data} for c in pending]
                pending = []
        comments += [{"before": "end", "text": c.data} for c in pending]
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

    def _hand(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        role = role_of(st.data[0])
        hands = deal.setdefault("hands", {})
        if role in hands:
            raise self.fail(st.pos, f"the {role}'s hand is given twice")
        self.mark(at + ("hands",), st.pos)
        hands[role] = self.cards(st.data[1], at + ("hands", role))
        return f"hands.{role}"

    def _talon(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        if "talon" in deal:
            raise self.fail(st.pos, "the talon is given twice")
        deal["talon"] = self.cards(st.data, at + ("talon",))
        self.mark(at + ("talon",), st.pos)
        return "talon"

    def _incident(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...], inc: dict[str, Any],
                  rest: list[Token]) -> str:
        incidents = deal.setdefault("incidents", [])
        path = at + ("incidents", len(incidents))
        self.mark(path, st.pos)
        for tok in rest:
            if tok.type == "STRING":
                inc["note"] = unquote(tok)
        incidents.append(inc)
        return f"incident:{len(incidents) - 1}"

    def _misdeal(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        inc: dict[str, Any] = {"type": "misdeal"}
        for tok in st.data:
            if tok.type == "CHOICE":
                inc["choice"] = "stand" if _words(tok).startswith(("stand", "on joue", "jou")) else "fresh_deal"
        return self._incident(deal, st, at, inc, st.data)

    def _faced(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        position = int(st.data[0])
        if position < 1:
            raise self.fail((st.data[0].line, st.data[0].column), "talon positions count from 1 (the top card)")
        return self._incident(deal, st, at, {"type": "faced_card", "position": position}, st.data[1:])

    def _peek(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        role_tok, num, *rest = st.data
        inc: dict[str, Any] = {"type": "peek", "player": role_of(role_tok), "cards": self.number(num)}
        if inc["cards"] < 1:
            raise self.fail(num[1], "a peek sees at least one card")
        for tok in rest:
            if tok.type == "SUITWORD":
                inc["suit_named"] = SUIT_LETTERS[suit_symbol(tok)]
        return self._incident(deal, st, at, inc, rest)

    def _exchange(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        role_word, discard, parts = st.data
        role = role_of(role_word)
        exchange = deal.setdefault("exchange", {})
        if role in exchange:
            raise self.fail(st.pos, f"the {role}'s exchange is given twice")
        path = at + ("exchange", role)
        self.mark(path, st.pos)
        side: dict[str, Any] = {"discard": self.cards(discard, path + ("discard",))}
        for part in parts:
            if isinstance(part, tuple):
                side[part[0]] = self.cards(part[1], path + (part[0],))
                self.mark(path + (part[0],), part[2])
            else:
                side["looked_at_left"] = part.type == "LOOKS"
        exchange[role] = side
        return f"exchange.{role}"

    def _blanche(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        roles = deal.setdefault("carte_blanche", [])
        role = role_of(st.data)
        if role in roles:
            raise self.fail(st.pos, f"the {role}'s carte blanche is already shown")
        self.mark(at + ("carte_blanche", len(roles)), st.pos)
        roles.append(role)
        return f"carte_blanche.{role}"

    def _declaration(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        kind = KIND_WORDS[_words(st.data[0])]
        decls = deal.setdefault("declarations", {})
        if kind in decls:
            raise self.fail(st.pos, f"the {kind} is declared twice")
        path = at + ("declarations", kind)
        self.mark(path, st.pos)
        entry: dict[str, Any] = {}
        said: list[dict[str, Any]] = []
        for u in st.data[1]:
            role = role_of(u.data[0])
            for part in u.data[1]:
                self._speech(entry, said, role, part, kind, path)
        if said:
            entry["said"] = said
        decls[kind] = entry
        return f"declarations.{kind}"

    def _speech(self, entry: dict[str, Any], said: list[dict[str, Any]], role: str, part: Stmt, kind: str,
                path: tuple[str | int, ...]) -> None:
        if isinstance(part, Token):
            self.mark(path + ("said", len(said)), (part.line, part.column))
            said.append({"by": role, "reply": REPLIES[_words(part)]} if part.type == "REPLY"
                        else {"by": role, "ask": True})
            return
        if part.kind in ("cards", "shown", "sink"):
            call = entry.get(role, "best")
            if part.kind == "sink":
                if role in entry:
                    raise self.fail(part.pos, f"the {role}'s call is already given")
                entry[role] = "sink"
            elif part.kind == "cards":
                if role in entry:
                    raise self.fail(part.pos, f"the {role}'s call is already given")
                entry[role] = self.cards(part.data, path + (role,))
            else:
                if isinstance(call, dict):
                    raise self.fail(part.pos, f"the {role} has already shown a combination")
                entry[role] = {"call": call, "shown": self.cards(part.data, path + (role, "shown"))}
            self.mark(path + (role,), part.pos)
            return
        item: dict[str, Any] = {"by": role}
        if part.kind == "length":
            n = self.number((part.data, part.pos))
            asked = said and said[-1].get("ask") and said[-1]["by"] != role
            item["value" if asked else "length"] = n
        elif part.kind == "value":
            item["value"] = self.number(part.data)
        elif part.kind == "sequence":
            item["length"] = SEQUENCE_LENGTHS[_words(part.data[0])]
            if len(part.data) > 1:
                item["top"] = "A" if part.data[1].type == "MAJOR" else rank_key(part.data[-1])
        elif part.kind == "set":
            count_text, rank_text = part.data
            word = _words(count_text)
            count = 3 if word in ("trio", "brelan") else self.number((count_text, part.pos))
            if count not in (3, 4, 14):
                raise self.fail(part.pos, f"a set is three (trio, brelan) or four (quatorze), not {count}")
            item["set"], item["rank"] = (4 if count == 14 else count), rank_key(rank_text)
        self.mark(path + ("said", len(said)), part.pos)
        said.append(item)

    def _tricks(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        return "tricks"

    def _trick_run(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        run: TrickRun = st.data
        rows = run.rows()
        tricks = deal.setdefault("tricks", [])
        first = len(tricks)
        if list(map(int, map(_NUMBER, rows))) != list(range(first + 1, first + 1 + len(rows))):
            for expected, (number, pos, _) in enumerate(run.tricks(), first + 1):
                if number != expected:
                    raise self.fail(pos, f"this is trick {expected}, not trick {number}")
        names = self.names
        leads, follows = list(map(names.get, map(_LEAD, rows))), list(map(names.get, map(_FOLLOW, rows)))
        places = self.located.places.get(at + ("tricks",))
        if not isinstance(places, _TrickPlaces):
            places = self.located.places[at + ("tricks",)] = _TrickPlaces()
        places.runs.append((first, run))
        if None in leads or None in follows:
            tricks += [list(map(self.named, cards)) for _, _, cards in run.tricks()]
        else:
            tricks.extend(map(list, zip(leads, follows)))
        return "tricks" if run.headed else f"trick:{first + 1}"

    def _trick(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        number, played = st.data
        tricks = deal.setdefault("tricks", [])
        if number != len(tricks) + 1:
            raise self.fail(st.pos, f"this is trick {len(tricks) + 1}, not trick {number}")
        path = at + ("tricks", len(tricks))
        self.mark(path, st.pos)
        cards: list[str] = []
        for piece, count in played:
            for c in piece:
                cards.append(self.card(c, path + (len(cards),)))
            if len(cards) > 2:
                raise self.fail(piece[-1].pos, f"trick {number} has more than two cards")
            if count is not None:
                counts = deal.setdefault("counts", [])
                self.mark(at + ("counts", len(counts)), count[1])
                counts.append({"trick": number, "card": len(cards), "count": self.number(count)})
        tricks.append(cards)
        return f"trick:{number}"

    def _claim(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        claimed = deal.setdefault("claimed", {})
        head = st.data[0] if st.data and isinstance(st.data[0], Token) and st.data[0].type in (
            "CATEGORY", "AT") else None
        rest = st.data[1:] if head is not None else st.data
        if head is None:
            self.scores(rest, at + ("claimed", "final"), claimed.setdefault("final", {}))
            return "claim:final"
        if head.type == "CATEGORY":
            category = CATEGORY_WORDS[_words(head)]
            self.scores(rest, at + ("claimed", "by", category), claimed.setdefault("by", {}).setdefault(category, {}))
            return f"claim:by:{category}"
        checkpoint, pairs = rest[0], rest[1:]
        running = claimed.setdefault("running", [])
        point: dict[str, Any] = {"at": str(checkpoint)}
        path = at + ("claimed", "running", len(running))
        self.mark(path + ("at",), (checkpoint.line, checkpoint.column))
        scores: dict[str, int] = {}
        self.scores(pairs, path, scores)
        point.update(scores)
        running.append(point)
        return f"claim:running:{len(running) - 1}"

    def _sheet(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        if "scores" in deal:
            raise self.fail(st.pos, "the score sheet is given twice")
        self.mark(at + ("scores",), st.pos)
        self.scores(st.data, at + ("scores",), deal.setdefault("scores", {}))
        return "sheet"

    def _note(self, deal: dict[str, Any], st: Stmt, at: tuple[str | int, ...]) -> str:
        if "note" in deal:
            raise self.fail(st.pos, "the deal's note is given twice")
        self.mark(at + ("note",), st.pos)
        deal["note"] = st.data
        return "note"


def read_text(text: str, name: str = "<text>") -> Located:
    """Parse notation text into a located record, or raise ``NotationError`` at the first fault."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise NotationError([Problem(name, 1, 1, "", f"file is larger than {MAX_BYTES} bytes")])
    stmts = parse_statements(text, name)
    builder = _Builder(name, text.splitlines())
    return builder.build(stmts)


def read_file(path: Path | str) -> Located:
    try:
        text = read_source(path)
    except LoadFailure as exc:
        raise NotationError([exc.problem]) from None
    return read_text(text, str(path))
