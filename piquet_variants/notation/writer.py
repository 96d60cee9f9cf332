"""The canonical writer: any record, in the traditional notation.

``pv.read(write(record))`` gives the record back for every record the
reader produces, comments included: each comment is written just before the
statement it was anchored to.  Statements come out in the order
``events.walk`` gives (tags, hands, talon, exchange, declarations, tricks,
claims, each incident where it happened), keywords and cards in the
record's language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..cards import SUIT_SYMBOLS, UNKNOWN, card_name, suit_long_name, suit_of
from ..records.model import Called, Calls, Cards, ExchangeSide, Incident, Role, Said, Shown, TypedRecord
from .events import RecordEvent, Told, walk
from .numbers import say_number
from .speech import CATEGORY_KEYWORDS, INCIDENT_WORDS, KEYWORDS, MOMENT_WORDS, REASON_WORDS, say, say_top

#: What may follow each incident's head, in the grammar's order (a field its type does not use is not written).
_FIELDS = {"misdeal": ("announced", "choice"), "peek": ("mixed", "choice", "waived"),
           "miscall": ("corrected", "shown", "waived"), "reply": ("corrected",), "omission": ("reckoned",),
           "takes_left_card": ("before_trick", "announced"), "question": ("before_trick",),
           "retract": ("before_trick",), "retakes_discard": ("waived",), "alters_discard": ("announced",),
           "exposed_by_dealer": ("choice",), "throws_down": ("before_trick",), "score_corrected": ("when", "own_sheet"),
           "stock_taken_up": ("choice", "waived"), "takes_up_left_cards": ("waived",)}
#: The incidents whose head is the player, a keyword and the cards named: takes back from his discard (A♠).
_WITH_CARDS = {"retakes_discard": "retakes", "mixed_into_discard": "mixes into", "alters_discard": "alters"}
#: The incidents whose head is the player and a keyword: takes up the card he left.
_BY_PLAYER = {"takes_left_card": "takes up", "takes_up_left_cards": "takes up left", "throws_down": "throws down"}
#: The events written as a keyword and each player's figure: score "A" 67, "B" 39.
_SCORES = {Told.FINAL: "score", Told.SHEET: "sheet", Told.TOTALS: "totals"}


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


class _Writer:
    def __init__(self, record: TypedRecord):
        self.record = record
        self.lang = record.lang
        self.w = KEYWORDS[self.lang]
        self.lines: list[str] = []

    def who(self, key: str) -> str:
        """A player as a record names him: by his role's keyword, or by his name."""
        return self.w[key] if key in ("elder", "younger") else quote(key)

    def scores(self, scores: Mapping[str, int]) -> str:
        return ", ".join(f"{self.who(k)} {v}" for k, v in scores.items())

    def cards(self, cards: Cards) -> str:
        """Cards as the books print them: runs of one suit grouped under its sign (``A R D ♠``)."""
        if not cards:
            return self.w["nothing"]
        groups: list[tuple[int, list[str]]] = []
        for c in cards:
            if c == UNKNOWN:
                groups.append((-1, ["?"]))
                continue
            rank = card_name(c, self.lang)[:-1]
            if groups and groups[-1][0] == suit_of(c):
                groups[-1][1].append(rank)
            else:
                groups.append((suit_of(c), [rank]))
        return "  ".join("?" if s < 0 else " ".join(ranks) + " " + SUIT_SYMBOLS[s] for s, ranks in groups)

    def card(self, c: int) -> str:
        return "?" if c == UNKNOWN else card_name(c, self.lang, symbols=True)

    # -- one line an event --

    def write(self) -> str:
        depth = 0  # how deep the next line is indented: in a partie, in a deal
        tags = True  # a blank line ends the tags
        for e in walk(self.record):
            if e.kind in (Told.END_DEAL, Told.END_PARTIE):
                depth -= 1
            if tags and e.kind != Told.TAG and not (e.kind == Told.COMMENT and e.data.before.startswith("tag:")):
                tags = False
                self.lines.append("")
            said = (f"{self.w[_SCORES[e.kind]]} {self.scores(e.data)}" if e.kind in _SCORES
                    else _SAYS[e.kind](self, e))
            if said:
                self.lines.append("  " * depth + said)
            if e.kind in (Told.BEGIN_DEAL, Told.BEGIN_PARTIE):
                depth += 1
        return "\n".join(self.lines) + "\n"

    def _comment(self, e: RecordEvent) -> str:
        return "{" + e.data.text.replace("}", ")") + "}"

    def _tag(self, e: RecordEvent) -> str:
        tag, values = e.data
        return f"[{tag} {' '.join(map(quote, values))}]"

    def _begin_partie(self, e: RecordEvent) -> str:
        return self.w["partie"]

    def _end_partie(self, e: RecordEvent) -> str:
        return self.w["end partie"]

    def _begin_deal(self, e: RecordEvent) -> str:
        w, deal = self.w, e.data
        head = f"{w['deal']} {e.deal}" + (f", {w['dealer']} {quote(deal.dealer)}" if deal.dealer is not None else "")
        return head + (f", {w['packets']} {deal.packets}" if deal.packets is not None else "")

    def _end_deal(self, e: RecordEvent) -> str:
        return self.w["end deal"]

    def _note(self, e: RecordEvent) -> str:
        return f"{self.w['note']} {quote(e.data)}"

    def _hand(self, e: RecordEvent) -> str:
        role, cards = e.data
        return f"{self.w[role.value]}: {self.cards(cards)}"

    def _talon(self, e: RecordEvent) -> str:
        return f"{self.w['talon']}: {self.cards(e.data)}"

    def _exchange(self, e: RecordEvent) -> str:
        w, (role, side) = self.w, e.data
        assert isinstance(side, ExchangeSide)
        text = f"{w[role.value]} {w['discards']} {self.cards(side.discard)}"
        for key, cards in (("takes", side.takes), ("leaves", side.leaves)):
            if cards is not None:
                text += f", {w[key]} {self.cards(cards)}"
        if side.took is not None:
            text += f", {w['takes in']} {side.took}"
        if side.looked_at_left is not None:
            text += f", {w['looks' if side.looked_at_left else 'not looks']}"
        if side.waived is not None:
            text += f", {self.flag('waived', side.waived)}"
        return text

    def flag(self, key: str, value: bool) -> str:
        """An incident's yes or no: ``not announced``, ``penalty waived`` / ``non annoncée``, ``pénalité remise``."""
        return self.w[key if value else f"not {key}"]

    def _blanche(self, e: RecordEvent) -> str:
        return f"{self.w[e.data.value]} {self.w['blanche']}"

    def _declaration(self, e: RecordEvent) -> str:
        return self.declaration(*e.data)

    def _tricks(self, e: RecordEvent) -> str:
        return f"{self.w['tricks']}:"

    def _trick(self, e: RecordEvent) -> str:
        t, trick, spoken = e.data
        played = [self.card(c) + (f" = {n}," if n is not None else "") for c, n in zip(trick, spoken)]
        return f"{t}. " + " ".join(played).rstrip(",")

    def _tricks_won(self, e: RecordEvent) -> str:
        return f"{self.w['tricks won']} {self.scores(e.data.won)}"

    def _running(self, e: RecordEvent) -> str:
        return f"{self.w['score']} {self.w['at']} {e.data.at.label} {self.scores(e.data.scores)}"

    def _by(self, e: RecordEvent) -> str:
        category, scores = e.data
        return f"{self.w['score']} {CATEGORY_KEYWORDS[self.lang][category]} {self.scores(scores)}"

    def _incident(self, e: RecordEvent) -> str:
        return self.incident(e.data)

    def _winner(self, e: RecordEvent) -> str:
        name = e.data.name
        return f"{self.w['winner']} {self.w['nobody'] if name is None else self.who(name)}"

    def _points_won(self, e: RecordEvent) -> str:
        return f"{self.w['won']} {e.data}"

    def incident(self, inc: Incident) -> str:
        """An incident as its statement: its head (who, what), then each field it has, in a fixed order."""
        return self.head(inc) + self.clauses(inc) + (f" {quote(inc.note)}" if inc.note is not None else "")

    def head(self, inc: Incident) -> str:
        """Who and what: ``misdeal``, ``elder miscalls point: five``, ``question: how many spades? …``."""
        w, kind = self.w, inc.type
        player = inc.player or Role.ELDER  # the schema requires a player of every incident that has one
        role = w[player.value]
        if kind == "misdeal":
            text = w["misdeal"]
        elif kind == "faced_card":  # where the record does not say, the top card; how many, one
            text = f"{w['faced']} {inc.position or 1}"
        elif kind == "faced_in_dealing":
            text = f"{w['faced in dealing']} {inc.cards or 1}"
        elif kind in ("peek", "stock_taken_up"):
            text = f"{w['peek']} {role} {inc.cards or 1}" if kind == "peek" else f"{w['taken up']}: {role} {inc.cards or 1}"
            if inc.which_cards is not None:
                text += f" ({self.cards(inc.which_cards)})"
            if inc.suit_named is not None:
                text += f", {w['names']} {suit_long_name('SHDC'.index(inc.suit_named.upper()), self.lang)}"
        elif kind == "blanche_shown_late":
            text = f"{role} {w['blanche']} {w['late']}"
        elif kind == "miscall":
            what = str(inc.kind)
            text = f"{role} {w['miscalls']} {w[what]}: {self.called(what, inc.called or Called(), player)}"
        elif kind == "reply":
            text = f"{role} {w['replies']} {w[str(inc.kind)]}: {w[str(inc.reply)]}"
        elif kind == "omission":
            text = f"{role} {w['omits']} {w[str(inc.kind)]}"
        elif kind in _BY_PLAYER:
            text = f"{role} {w[_BY_PLAYER[kind]]}"
        elif kind == "question":
            suit = suit_long_name("SHDC".index(str(inc.suit)), self.lang)
            suit += "x" if suit.endswith("eau") else "s" if self.lang == "fr" else ""  # combien de carreaux ?
            answer = say_number(inc.answer or 0, self.lang)
            text = f"{w['question']}: {w['how many']} {suit}? {role} {w['answers']} {answer}"
        elif kind in _WITH_CARDS:
            text = f"{role} {w[_WITH_CARDS[kind]]} ({self.cards(inc.which_cards or ())})"
        elif kind == "exposed_by_dealer":
            text = f"{w['exposed']}: {INCIDENT_WORDS[self.lang]['whose'][str(inc.whose)]}"
        elif kind == "out_of_turn":
            text = f"{w['out of turn']}, {INCIDENT_WORDS[self.lang]['found'][str(inc.found)]}"
        elif kind == "incorrect_pack":
            text = w["bad pack"]
        elif kind == "score_corrected":
            text = f"{w['correction']}: {role} {inc.points}"
        else:
            text = f"{role} {w['retracts']} ({REASON_WORDS[self.lang][str(inc.reason)]})"
        return text

    def clauses(self, inc: Incident) -> str:
        """What follows the head, each field the incident's type may have and has: ``, announced``, ``, before
        trick 3``, ``, corrected before the play``."""
        w, text = self.w, ""
        for key in _FIELDS.get(inc.type, ()):
            value = getattr(inc, key)
            if value is not None:
                text += ", " + (INCIDENT_WORDS[self.lang][key][str(value).lower()] if key in INCIDENT_WORDS[self.lang]
                                else self.flag(key, value) if isinstance(value, bool) else
                                f"{w['before trick']} {value}" if key == "before_trick" else
                                f"{w[key]} {MOMENT_WORDS[self.lang][value]}" if key in ("corrected", "reckoned")
                                else w[value])
        return text

    def called(self, kind: str, called: Called, by: Role) -> str:
        """What a miscall first called, in the dialogue's words: ``five making forty-nine``, ``three kings (…)``."""
        words = []
        if called.set is not None and called.rank is not None:
            words.append(say(kind, Said(by, set=called.set, rank=called.rank), self.lang))
        elif called.length is not None:  # a length with a top card is said as a sequence, whatever the kind
            words.append(say("sequences" if called.top is not None else kind,
                             Said(by, length=called.length, top=called.top), self.lang))
        elif called.top is not None:
            words.append(say_top(called.top, self.lang))
        if called.value is not None:
            words.append(say(kind, Said(by, value=called.value), self.lang))
        if called.cards is not None:
            words.append(f"({self.cards(called.cards)})")
        return " ".join(words)

    def declaration(self, kind: str, calls: Calls) -> str:
        w = self.w
        # (who, words, what they are: a call, which a count may follow at once, a count, or anything else)
        spoken = [[item.by.value, say(kind, item, self.lang),
                   "count" if item.count is not None else
                   "other" if item.reply is not None or item.ask is not None else "call"]
                  for item in calls.said]
        for role in Role:
            made = calls.of(role.seat)
            if made is None:
                continue
            call, shown = (made.call, made.shown or None) if isinstance(made, Shown) else (made, None)
            # the cards of his call, and a combination shown, follow his first saying that is no count
            first = next((s for s in spoken if s[0] == role.value and s[2] != "count"), None)
            if call == "sink":
                spoken.insert(0, [role.value, w["sinks"], "other"])
                first = None
            elif isinstance(call, tuple):
                if first is None:
                    first = [role.value, "", "call"]
                    spoken.insert(0, first)
                first[1] = f"{first[1]} ({self.cards(call)})".strip()
            if shown is not None:
                if first is None:
                    first = [role.value, "", "call"]
                    spoken.insert(1 if call == "sink" else 0, first)
                first[1] = f"{first[1]} {w['shows']} ({self.cards(shown)})".strip()
            if isinstance(made, Shown) and made.sinks:
                _after_his_turn(spoken, first, [role.value, f"{w['sinks']} ({self.cards(made.sinks)})", "other"])
        turns: list[list[str]] = []  # one player's consecutive sayings are one turn: "four tens = fourteen, and …"
        last = ""  # what the turn's last saying was
        for who, text, what in spoken:
            if turns and turns[-1][0] == who and text:
                joined = " " if what == "count" and last == "call" else ", " if last == "other" else f", {w['and']} "
                turns[-1][1] += joined + text
            else:
                turns.append([who, text])
            last = what
        utterances = "; ".join(f"{w[who]} {text}".rstrip() for who, text in turns)
        return f"{w[kind]}: {utterances}" if utterances else ""  # only "best", the default: nothing to write

def _after_his_turn(spoken: list[list[str]], first: list[str] | None, saying: list[str]) -> None:
    """A saying put after the last of the turn that ``first`` begins (at the start, where he said nothing): the
    cards he sinks follow what he calls."""
    at = next((i for i, s in enumerate(spoken) if s is first), -1)
    while at + 1 < len(spoken) and spoken[at + 1][0] == saying[0]:
        at += 1
    spoken.insert(at + 1, saying)


#: How each kind of event is written (the final scores, the sheet and the totals by ``_SCORES``).
_SAYS: dict[Told, Callable[[_Writer, RecordEvent], str]] = {
    Told.COMMENT: _Writer._comment, Told.TAG: _Writer._tag, Told.BEGIN_PARTIE: _Writer._begin_partie,
    Told.END_PARTIE: _Writer._end_partie, Told.BEGIN_DEAL: _Writer._begin_deal, Told.END_DEAL: _Writer._end_deal,
    Told.NOTE: _Writer._note, Told.HAND: _Writer._hand, Told.TALON: _Writer._talon,
    Told.EXCHANGE: _Writer._exchange, Told.BLANCHE: _Writer._blanche, Told.DECLARATION: _Writer._declaration,
    Told.TRICKS: _Writer._tricks, Told.TRICK: _Writer._trick, Told.TRICKS_WON: _Writer._tricks_won,
    Told.RUNNING: _Writer._running, Told.BY: _Writer._by, Told.INCIDENT: _Writer._incident,
    Told.WINNER: _Writer._winner, Told.POINTS_WON: _Writer._points_won}


def write(record: TypedRecord) -> str:
    """The record in canonical notation."""
    return _Writer(record).write()


def write_all(records: Iterable[TypedRecord]) -> str:
    """Several records, one after another, each with its own tags, a blank line between them."""
    return "\n".join(map(write, records))
