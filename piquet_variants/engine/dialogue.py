"""A kind's recorded dialogue (the calls, replies and counts said aloud) checked line by line against the engine's
judgement, and against the calls as made where the laws of calling ruled on them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import RANK_KEYS
from ..records.checks import Figure, RunCalled, SetCalled
from ..records.model import Called, Incident, Said
from .calling import CALLING, AsCalled
from .combos import Combo
from .deal import Deal
from .reading import seat
from .scoring import DealScore


#: A checked line of a dialogue: (index, what, role, the book's word, the engine's).
_Said = tuple[int, str, int, Figure, Figure]


class DialogueCheck:
    """One kind's dialogue checked line by line: what each has called and named so far, whose miscall still stands,
    and the stage the last call reached.

    A player's first call is checked against the combination the engine
    declares for him; each later call in the same kind ("… and three queens")
    against the combinations he holds, in its own right.  The last reply is
    checked against the engine's judgement; a reply before it ("equal" to a
    length, then "making?") against the stage it answers: the lengths alone
    after a length, the whole call after a value, a sequence's top or a set.
    A count is checked against the speaker's running score once he has
    reckoned as many combinations of the kind as he has called.

    Where the record's incidents say the laws of calling ruled on the kind,
    the dialogue is checked against the calls as they were made, not as
    judged: a miscall's words against the miscall, and so is the call that
    says again what it said (his correction), unless the ruleset lets the
    correction stand, when it is checked against what he declared; each reply
    against the calls as they stood when it was said; and a reply the
    incidents state (``equal``, ``good``, ``making?``) against the incident.
    """

    def __init__(self, deal: Deal, score: DealScore, kind: str, incidents: Sequence[Incident],
                 as_called: AsCalled | None) -> None:
        self.deal, self.score, self.kind, self.as_called = deal, score, kind, as_called
        self.result = score.kinds[kind]
        stated = [inc for inc in incidents if inc.type in CALLING and inc.kind == kind]
        self.stated = bool(stated)
        self.declared: Sequence[Combo | None] = self.result.calls
        self.first: Sequence[Combo | None] = self.result.calls
        if stated and as_called is not None:
            self.declared, self.first = as_called.declared[kind], as_called.first[kind]
        #: What each miscall named, by whose it is.
        self.miscalled = {seat(inc.player): (inc.called or Called()).named() for inc in stated
                          if inc.type == "miscall"}
        self.replied = {seat(inc.player): inc.reply or "" for inc in stated if inc.type == "reply"
                        and inc.reply != "which_out"}  # a reply the dialogue has no words for checks none of them
        self.standing = set(self.miscalled)  # whose miscall still stands in the dialogue
        self.spoken: list[frozenset[str]] = [frozenset(), frozenset()]  # what each has named in his first call
        self.retold: set[int] = set()  # who has said his miscalled call again: his correction
        self.stage: str | None = None  # what the last call said: "length", or the whole call
        self.calls = [0, 0]  # each player's calls so far
        self.last_reply = -1

    def call(self, r: int, named: str = "") -> Combo | None:
        """What r's words are checked against: his miscall, for what it names, until he corrects it."""
        if r in self.standing and (not named or named in self.miscalled[r]):
            return self.first[r]
        return self.declared[r]

    def check(self, said: Sequence[Said]) -> list[_Said]:
        self.last_reply = -1 if self.stated else max((i for i, item in enumerate(said) if item.reply is not None),
                                                     default=-1)
        out: list[_Said] = []
        for i, item in enumerate(said):
            out += self.line(i, item)
        return out

    def line(self, i: int, item: Said) -> list[_Said]:
        r = item.by.seat
        named = item.named()
        correction = r in self.miscalled and r not in self.retold and bool(named & self.spoken[r])
        if correction:  # he says again what he had said
            self.retold.add(r)
            if self.as_called is not None and (self.kind, r) in self.as_called.amended:
                self.standing.discard(r)
        self.spoken[r] |= named
        if item.length is not None and self.calls[r] and not correction:
            return [self.later_call(i, item.length, item.top, r, RunCalled(item.length, item.top))]
        if item.set is not None and self.calls[r] and not correction:
            return [self.later_call(i, item.set, item.rank, r, SetCalled(item.set, str(item.rank)))]
        if named - {"top"}:
            return self.first_call(i, item, r, correction)
        if item.count is not None:
            return [(i, "count", r, item.count, _count_after(self.deal, self.score, r, self.kind, self.calls[r]))]
        return self.reply(i, item, r)

    def later_call(self, i: int, length: int, top: str | None, r: int, book: Figure) -> _Said:
        """A call after his first ("… and three queens", "… and a tierce"): checked against what he holds, in its
        own right."""
        found = any(c.length == length and (top is None or c.top >= 0 and RANK_KEYS[c.top] == top)
                    for c in self.deal.holding(self.kind, r))
        self.calls[r] += 1
        self.stage = "whole"
        return (i, "call", r, book, book if found else "-")

    def first_call(self, i: int, item: Said, r: int, correction: bool) -> list[_Said]:
        """His call, by length (and top), by set, or by value: against the combination it is checked against."""
        out: list[_Said] = []
        if item.length is not None:
            combo = self.call(r, "length")
            out.append((i, "length", r, item.length, combo.length if combo else 0))
            self.stage = "length"
            if item.top is not None:
                combo = self.call(r, "top")
                out.append((i, "top", r, item.top, RANK_KEYS[combo.top] if combo and combo.top >= 0 else "-"))
                self.stage = "whole"
            self.calls[r] += 0 if correction else 1
        elif item.set is not None:
            combo = self.call(r, "set")
            out.append((i, "set", r, SetCalled(item.set, str(item.rank)),
                        SetCalled(combo.length, RANK_KEYS[combo.top]) if combo else "-"))
            self.stage = "whole"
            self.calls[r] += 0 if correction else 1
        else:  # a point called by what it makes (au Cent para. 15) is his call of the kind, as a length is
            combo = self.call(r, "value")
            out.append((i, "value", r, item.value or 0, combo.value if combo else 0))
            self.stage = "whole"
            self.calls[r] = max(self.calls[r], 0 if correction else 1)
        return out

    def reply(self, i: int, item: Said, r: int) -> list[_Said]:
        """A reply: as the incidents state it, as the engine judged (the last), or as the stage it answers."""
        if r in self.replied and (item.reply is not None or item.ask is not None):
            return [(i, "reply", r, item.reply if item.reply is not None else "ask", self.replied.pop(r))]
        if item.reply is not None and i == self.last_reply:
            winner = self.result.winner
            return [(i, "reply", r, item.reply, "equal" if winner is None else "not_good" if winner == r else "good")]
        if item.reply is not None and self.stage is not None:
            return [(i, "reply", r, item.reply, _stage_reply(self.call(1 - r), self.call(r), self.stage))]
        return []


def _count_after(deal: Deal, score: DealScore, p: int, kind: str, calls: int) -> int:
    """``p``'s running score once he has reckoned his first ``calls`` combinations of ``kind`` (best first).

    His hand's events come one a combination, in the ruleset's order of
    kinds; a repique they bring follows at once and is counted with them.
    """
    hand = ("carte_blanche",) + tuple(deal.rules.declarations.order)
    total, seen = 0, 0
    for (who, category, _, _), totals in score.running():
        if who != p:
            continue
        if category == kind:
            if seen == calls:
                break
            seen += 1
        elif category in hand:
            if hand.index(category) > hand.index(kind):
                break
        elif category != "repique":
            break
        total = totals[p]
    return total


def _stage_reply(caller: Combo | None, his: Combo | None, stage: str) -> str:
    """What the replier must answer the caller's call at one stage of the dialogue, holding what he calls."""
    if stage == "length":
        theirs, mine = (caller.length if caller else 0), (his.length if his else 0)
    else:
        theirs, mine = (caller.key if caller else -1), (his.key if his else -1)
    return "equal" if theirs == mine else "good" if theirs > mine else "not_good"
