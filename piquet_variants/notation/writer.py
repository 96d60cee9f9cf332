"""The canonical writer: any record, in the traditional notation.

``read_text(write(record)).data == record`` for every record the reader
produces, comments included: each comment is written just before the
statement it was anchored to.  Statements come out in one fixed order
(hands, talon, incidents, exchange, declarations, tricks, claims), and
keywords and cards in the record's language.
"""

from __future__ import annotations

from typing import Any

from ..cards import SUIT_SYMBOLS, card_name, parse_card, suit_long_name, suit_of
from .reader import SOURCE_TAG_PREFIX
from .speech import KEYWORDS, say

_CATEGORIES = {
    "en": {"carte_blanche": "carte blanche", "point": "point", "sequences": "sequences", "sets": "sets",
           "play": "play", "cards": "cards", "pique": "pique", "repique": "repique", "capot": "capot",
           "penalty": "penalty"},
    "fr": {"carte_blanche": "cartes blanches", "point": "point", "sequences": "séquences", "sets": "quatorzes",
           "play": "jeu", "cards": "cartes", "pique": "pic", "repique": "repic", "capot": "capot",
           "penalty": "pénalité"},
}
_TAG_ORDER = (("event", "Event"), ("date", "Date"), ("title", "Source"), ("locator", "Locator"),
              ("note", "SourceNote"))


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


class _Writer:
    def __init__(self, record: dict[str, Any]):
        self.record = record
        self.lang = record.get("lang", "en")
        self.w = KEYWORDS[self.lang]
        self.lines: list[str] = []

    def who(self, key: str) -> str:
        return self.w[key] if key in ("elder", "younger") else quote(key)

    def scores(self, scores: dict[str, int]) -> str:
        return ", ".join(f"{self.who(k)} {v}" for k, v in scores.items())

    def cards(self, cards: list[str]) -> str:
        """Cards as the books print them: runs of one suit grouped under its sign (``A R D ♠``)."""
        if not cards:
            return self.w["nothing"]
        groups: list[tuple[int, list[str]]] = []
        for text in cards:
            if text == "?":
                groups.append((-1, ["?"]))
                continue
            c = parse_card(text, self.lang)
            rank = card_name(c, self.lang)[:-1]
            if groups and groups[-1][0] == suit_of(c):
                groups[-1][1].append(rank)
            else:
                groups.append((suit_of(c), [rank]))
        return "  ".join("?" if s < 0 else " ".join(ranks) + " " + SUIT_SYMBOLS[s] for s, ranks in groups)

    def card(self, text: str) -> str:
        return text if text == "?" else card_name(parse_card(text, self.lang), self.lang, symbols=True)

    def comments(self, where: list[dict[str, str]], anchor: str, indent: str) -> None:
        self.lines += [f"{indent}{{{c['text'].replace('}', ')')}}}" for c in where if c["before"] == anchor]

    # -- the file --

    def write(self) -> str:
        r, w = self.record, self.w
        source = r.get("source", {})
        for key, tag in _TAG_ORDER:
            if key in source:
                self.lines.append(f"[{tag} {quote(source[key])}]")
        known = {k for k, _ in _TAG_ORDER}
        self.lines += [f"[{SOURCE_TAG_PREFIX}{k} {quote(v)}]" for k, v in source.items() if k not in known]
        if "ruleset" in r:
            self.lines.append(f"[Ruleset {quote(r['ruleset'])}]")
        self.lines += [f"[Option {quote(f'{k}={v}')}]" for k, v in r.get("options", {}).items()]
        self.lines.append(f"[Players {quote(r['players'][0])} {quote(r['players'][1])}]")
        self.lines.append(f"[Lang {quote(self.lang)}]")
        if "cut" in r:
            self.lines.append("[Cut " + " ".join(f"{quote(k)} {quote(v)}" for k, v in r["cut"].items()) + "]")
        if "higher_chose" in r:
            self.lines.append(f"[HigherChose {quote(r['higher_chose'])}]")
        if "note" in r:
            self.lines.append(f"[Note {quote(r['note'])}]")
        comments = r.get("comments", [])
        partie = len(r["deals"]) > 1 or "claimed" in r
        indent = "  " if partie else ""
        self.lines.append("")
        if partie:
            self.comments(comments, "deal:1", "")
            self.lines.append(w["partie"])
        for n, deal in enumerate(r["deals"], 1):
            if not partie or n > 1:
                self.comments(comments, f"deal:{n}", indent)
            self.deal(deal, n, indent)
        claimed = r.get("claimed", {})
        if "totals" in claimed:
            self.comments(comments, "partie:totals", indent)
            self.lines.append(f"{indent}{w['totals']} {self.scores(claimed['totals'])}")
        if "winner" in claimed:
            self.comments(comments, "partie:winner", indent)
            winner = claimed["winner"]
            self.lines.append(f"{indent}{w['winner']} {w['nobody'] if winner is None else self.who(winner)}")
        if "points_won" in claimed:
            self.comments(comments, "partie:won", indent)
            self.lines.append(f"{indent}{w['won']} {claimed['points_won']}")
        self.comments(comments, "end", indent)
        if partie:
            self.lines.append(w["end partie"])
        return "\n".join(self.lines) + "\n"

    # -- one deal --

    def deal(self, deal: dict[str, Any], n: int, outer: str) -> None:
        w, i = self.w, outer + "  "
        notes = deal.get("comments", [])
        head = f"{outer}{w['deal']} {n}, {w['dealer']} {quote(deal['dealer'])}"
        self.lines.append(head + (f", {w['packets']} {deal['packets']}" if "packets" in deal else ""))

        def put(anchor: str, text: str) -> None:
            self.comments(notes, anchor, i)
            self.lines.append(i + text)

        if "note" in deal:
            put("note", f"{w['note']} {quote(deal['note'])}")
        for role in ("elder", "younger"):
            if role in deal.get("hands", {}):
                put(f"hands.{role}", f"{w[role]}: {self.cards(deal['hands'][role])}")
        if "talon" in deal:
            put("talon", f"{w['talon']}: {self.cards(deal['talon'])}")
        for k, inc in enumerate(deal.get("incidents", [])):
            put(f"incident:{k}", self.incident(inc))
        for role in ("elder", "younger"):
            side = deal.get("exchange", {}).get(role)
            if side is not None:
                text = f"{w[role]} {w['discards']} {self.cards(side['discard'])}"
                for key in ("takes", "leaves"):
                    if key in side:
                        text += f", {w[key]} {self.cards(side[key])}"
                if "looked_at_left" in side:
                    text += f", {w['looks' if side['looked_at_left'] else 'not looks']}"
                put(f"exchange.{role}", text)
        for role in deal.get("carte_blanche", []):
            put(f"carte_blanche.{role}", f"{w[role]} {w['blanche']}")
        for kind in ("point", "sequences", "sets"):
            if kind in deal.get("declarations", {}):
                put(f"declarations.{kind}", self.declaration(kind, deal["declarations"][kind]))
        tricks = deal.get("tricks", [])
        if tricks:
            put("tricks", f"{w['tricks']}:")
        counts = {(c["trick"], c["card"]): c["count"] for c in deal.get("counts", [])}
        for t, trick in enumerate(tricks, 1):
            played = [self.card(c) + (f" = {counts[t, j]}," if (t, j) in counts else "") for j, c in enumerate(trick, 1)]
            put(f"trick:{t}", f"{t}. " + " ".join(played).rstrip(","))
        claimed = deal.get("claimed", {})
        for k, point in enumerate(claimed.get("running", [])):
            scores = {key: v for key, v in point.items() if key != "at"}
            put(f"claim:running:{k}", f"{w['score']} {w['at']} {point['at']} {self.scores(scores)}")
        for category, scores in claimed.get("by", {}).items():
            put(f"claim:by:{category}", f"{w['score']} {_CATEGORIES[self.lang][category]} {self.scores(scores)}")
        if "final" in claimed:
            put("claim:final", f"{w['score']} {self.scores(claimed['final'])}")
        if "scores" in deal:
            put("sheet", f"{w['sheet']} {self.scores(deal['scores'])}")
        self.comments(notes, "end", i)
        self.lines.append(f"{outer}{w['end deal']}")

    def incident(self, inc: dict[str, Any]) -> str:
        w = self.w
        if inc["type"] == "misdeal":
            text = w["misdeal"] + (f", {w[inc['choice']]}" if "choice" in inc else "")
        elif inc["type"] == "faced_card":
            text = f"{w['faced']} {inc.get('position', 1)}"
        else:
            text = f"{w['peek']} {w[inc.get('player', 'elder')]} {inc.get('cards', 1)}"
            if "suit_named" in inc:
                text += f", {w['names']} {suit_long_name('SHDC'.index(inc['suit_named'].upper()), self.lang)}"
        return text + (f" {quote(inc['note'])}" if "note" in inc else "")

    def declaration(self, kind: str, entry: dict[str, Any]) -> str:
        w = self.w
        spoken = [[item["by"], say(kind, item, self.lang)] for item in entry.get("said", [])]
        for role in ("elder", "younger"):
            call = entry.get(role)
            if call is None:
                continue
            shown = None
            if isinstance(call, dict):
                call, shown = call["call"], call["shown"]
            first = next((s for s in spoken if s[0] == role), None)
            if call == "sink":
                spoken.insert(0, [role, w["sinks"]])
                first = None
            elif isinstance(call, list):
                if first is None:
                    first = [role, ""]
                    spoken.insert(0, first)
                first[1] = f"{first[1]} ({self.cards(call)})".strip()
            if shown is not None:
                if first is None:
                    first = [role, ""]
                    spoken.insert(1 if call == "sink" else 0, first)
                first[1] = f"{first[1]} {w['shows']} ({self.cards(shown)})".strip()
        utterances = "; ".join(f"{w[role]} {text}".rstrip() for role, text in spoken)
        return f"{w[kind]}: {utterances}"

def write(record: dict[str, Any]) -> str:
    """The record in canonical notation."""
    return _Writer(record).write()
