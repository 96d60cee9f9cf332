"""Deal records replayed under a ruleset, and the scores they claim checked.

A record is turned into the engine's own actions (the dealt cards as one
chance outcome, then discards, calls and cards), so a replay is exactly the
game the engine would play.  Anything wrong in the record is reported with
the file, line, column and JSON path where it was written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..cards import RANK_KEYS, card_name, mask, mask_names, parse_card, rank_of
from ..errors import MAX_PROBLEMS, UNKNOWN_PLAYED, CardError, IllegalAction, Problem, RecordError, echo
from ..i18n import Lang
from ..located import Located
from ..records.checks import (FINAL, BlancheShown, Category, Check, Checkpoint, Dialogue, Figure, PartieFigure, Place,
                              Stage, TricksWon)
from ..ruleset.model import Rules
from .combos import POINT, SEQUENCES, SETS, Combo, claim
from .deal import ELDER, ROLES, YOUNGER, Deal, Dealt, Phase, deck_cards, follower_wins
from .irregular import (blanche_shown_late, call_sufficient, exchange_wrongly, miscall, mixed_talon, omission,
                        question, reply, retract, state, take_up_left, unannounced_misdeal)
from .notes import Note
from .partie import Partie, PartieResult, cut_for_deal
from .scoring import CATEGORIES, DealScore, score_deal

SUITS_BY_LETTER = {"S": 0, "H": 1, "D": 2, "C": 3, "P": 0, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
UNKNOWN = -1  # a card the source does not give ("?")


@dataclass(slots=True)
class DealReplay:
    number: int
    players: tuple[str, str]  # (elder, younger)
    score: DealScore | None  # None: a score-sheet deal
    totals: tuple[int, int]
    checks: list[Check] = field(default_factory=list)  # every figure the book gives, checked
    deal: Deal | None = None

    @property
    def mismatches(self) -> list[Check]:
        return [c for c in self.checks if not c.agrees]


@dataclass(slots=True)
class Replay:
    deals: list[DealReplay]
    partie: PartieResult
    players: tuple[str, str]
    mismatches: list[Check]  # every deal's, then the partie's

    @property
    def checks(self) -> list[Check]:
        """Every figure the record gives that the replay checked, deal by deal, agreeing or not."""
        return [c for d in self.deals for c in d.checks]


class _Reader:
    """Reads one record's values, turning every fault into a positioned problem."""

    def __init__(self, doc: Located):
        self.doc = doc
        self.lang = doc.data.get("lang", "en")

    def fail(self, path: tuple[str | int, ...], message: str) -> RecordError:
        return RecordError([self.doc.problem(path, message)])

    def card(self, text: str, path: tuple[str | int, ...]) -> int:
        if text == "?":
            return UNKNOWN
        try:
            return parse_card(text, self.lang)
        except CardError as exc:
            raise self.fail(path, str(exc)) from None

    def cards(self, items: list[str], path: tuple[str | int, ...]) -> list[int]:
        return [self.card(t, path + (i,)) for i, t in enumerate(items)]

    def known(self, items: list[str], path: tuple[str | int, ...]) -> list[int]:
        """Cards a player names or shows (a call, a cut): each must be given, where a hand may have '?'."""
        cards = self.cards(items, path)
        if UNKNOWN in cards:
            raise self.fail(path + (cards.index(UNKNOWN),), "a card named or shown must be given, not '?'")
        return cards

    def role(self, key: str, players: tuple[str, str], path: tuple[str | int, ...]) -> int:
        if key in ROLES:
            return ROLES.index(key)
        if key in players:
            return players.index(key)
        raise self.fail(path, f"{echo(key)} is neither elder, younger, nor a player of this deal ({', '.join(players)})")


class AsCalled(NamedTuple):
    """The calls of a deal as the players made them, before the laws of calling ruled on them, by kind and role:
    what each declared, what each first called (a miscall's words, where the record states one), and the
    miscalls whose correction the ruleset let stand."""

    declared: dict[str, tuple[Combo | None, Combo | None]]
    first: dict[str, list[Combo | None]]
    amended: set[tuple[str, int]]


def _deal_from(reader: _Reader, rules: Rules, raw: dict[str, Any], at: tuple[str | int, ...]
               ) -> tuple[Deal, AsCalled | None]:
    if "hands" not in raw:
        raise reader.fail(at, "a deal needs 'hands' (or only 'scores', for a score sheet)")
    elder = reader.cards(raw["hands"]["elder"], at + ("hands", "elder"))
    younger = reader.cards(raw["hands"]["younger"], at + ("hands", "younger"))
    talon = reader.cards(raw.get("talon", []), at + ("talon",))
    seen: dict[int, tuple[str | int, ...]] = {}
    for place, group in ((("hands", "elder"), elder), (("hands", "younger"), younger), (("talon",), talon)):
        for i, c in enumerate(group):
            if c in seen:
                raise reader.fail(at + place + (i,), f"{card_name(c)} is dealt twice")
            if c != UNKNOWN:
                seen[c] = place
    stray = [c for c in seen if rank_of(c) not in rules.deck.ranks]
    if stray:
        raise reader.fail(at + ("hands",), f"{card_name(stray[0])} is not in this ruleset's pack")
    # Neither talon nor exchange: the hands as played, and no exchange is replayed.
    as_played = "talon" not in raw and "exchange" not in raw
    unknown = [g.count(UNKNOWN) for g in (elder, younger, talon)]
    filled: list[list[int]] = [[], [], []]
    notes: list[Note] = []
    spare = [c for c in deck_cards(rules) if c not in seen]
    if any(unknown):
        if len(spare) < sum(unknown) or (len(spare) != sum(unknown) and not as_played):
            raise reader.fail(at + ("hands",), f"{sum(unknown)} cards are unknown ('?') but {len(spare)} cards of "
                                               "the pack are not named")
        for g, group in enumerate((elder, younger, talon)):
            for i, c in enumerate(group):
                if c == UNKNOWN:
                    group[i] = spare.pop(0)
                    filled[g].append(group[i])
        notes.append(Note("unknown_filled", {"cards": " ".join(card_name(c) for g in filled for c in g)}))
    if as_played:
        talon = spare  # the rest of the pack stands for the talon
    faced = None
    incidents = raw.get("incidents", [])
    for inc in incidents:
        if inc["type"] == "faced_card":
            faced = inc.get("position", 1) - 1
    faced_in_dealing = sum(inc.get("cards", 1) for inc in incidents if inc["type"] == "faced_in_dealing")
    deal = Deal(rules, Dealt(mask(elder), mask(younger), tuple(talon), faced, faced_in_dealing))
    deal.notes += notes
    for i, inc in enumerate(incidents):
        if inc["type"] == "misdeal" and deal.phase == Phase.MISDEAL:
            if inc.get("announced", True):
                deal.apply(1 if inc.get("choice") == "fresh_deal" else 0)
            else:
                unannounced_misdeal(deal)
    if deal.phase == Phase.MISDEAL:
        deal.apply(0)
    for i, inc in enumerate(incidents):
        if inc["type"] == "blanche_shown_late" and not deal.over:
            try:
                blanche_shown_late(deal, ROLES.index(inc["player"]))
            except IllegalAction as exc:
                raise reader.fail(at + ("incidents", i), str(exc)) from None
    if deal.over:
        return deal, None
    exchange = raw.get("exchange")
    if as_played:
        deal.skip_exchange()
    for role in (ELDER, YOUNGER):
        if exchange is None or deal.phase != Phase.EXCHANGE:
            break
        for i, inc in enumerate(incidents):
            if inc["type"] == "peek" and inc.get("player") == ROLES[role]:
                if inc.get("mixed"):
                    mixed_talon(deal, role, inc.get("cards", 1), inc.get("choice"), inc.get("waived", False))
                else:
                    deal.peek(role, inc.get("cards", 1))
        if deal.over:
            return deal, None
        side = exchange.get(ROLES[role])
        path = at + ("exchange", ROLES[role])
        if side is None:
            raise reader.fail(at + ("exchange",), f"the {ROLES[role]}'s exchange is missing")
        discard = reader.cards(side["discard"], path + ("discard",))
        guessed = iter(filled[role])
        try:
            discard = [next(guessed) if c == UNKNOWN else c for c in discard]
        except StopIteration:
            raise reader.fail(path + ("discard",), f"more unknown discards than unknown cards in the "
                                                   f"{ROLES[role]}'s hand") from None
        part = deal.talon[:deal.parts[0]] if role == ELDER else list(deal.talon)
        try:
            if "took" in side:  # not as many as he discarded (1651 ch. XII; Laws 30, 31, 35)
                exchange_wrongly(deal, mask(discard), side["took"], side.get("waived", False))
            else:
                deal.apply(mask(discard))
        except IllegalAction as exc:
            raise reader.fail(path + ("took" if "took" in side else "discard",), str(exc)) from None
        if "looked_at_left" in side:
            try:
                deal.look_at_left(role, side["looked_at_left"])
            except IllegalAction as exc:
                raise reader.fail(path + ("looked_at_left",), str(exc)) from None
        for key, engine in (("takes", deal.taken[role]), ("leaves", mask(part) & ~deal.taken[role])):
            if key in side and UNKNOWN not in (given := reader.cards(side[key], path + (key,))) \
                    and mask(given) != engine:
                raise reader.fail(path + (key,), f"the {ROLES[role]} {key} {' '.join(mask_names(engine)) or 'nothing'} "
                                                 f"from this talon, not {' '.join(side[key]) or 'nothing'}")
    if deal.phase == Phase.FORCED_SUIT:
        named = next((inc.get("suit_named") for inc in incidents if inc.get("suit_named")), None)
        if named is None or named.upper() not in SUITS_BY_LETTER:
            raise reader.fail(at + ("incidents",), "the forced suit must be given as suit_named (S, H, D or C)")
        deal.apply(SUITS_BY_LETTER[named.upper()])
    calls = raw.get("declarations", {})
    while deal.phase == Phase.DECLARE:
        kind, p = deal.declaring()
        want = calls.get(kind, {}).get(ROLES[p], "best")
        cands = deal.candidates()
        path = at + ("declarations", kind, ROLES[p])
        if isinstance(want, dict):
            shown = mask(reader.known(want["shown"], path + ("shown",)))
            combo = next((c for c in cands if c.cards == shown), None)
            if combo is None:
                raise reader.fail(path + ("shown",), f"the {ROLES[p]} holds no {kind} of exactly these cards")
            deal.show(p, kind, combo.key)
            want, path = want["call"], path + ("call",)
        if want == "best":
            index = 0
        elif want == "sink":
            index = len(cands)
        else:
            called = mask(reader.known(want, path))
            index = next((i for i, c in enumerate(cands) if c.cards == called), -1)
            if index < 0:
                raise reader.fail(path, f"the {ROLES[p]} holds no {kind} of exactly these cards")
        deal.apply(index)
    as_called = _calling_irregularities(reader, deal, incidents, calls, at)
    tricks = raw.get("tricks", [])
    for n, trick in enumerate(tricks):
        _play_incidents(reader, deal, incidents, n + 1, n + 1, at)
        for j, text in enumerate(trick):
            if deal.phase != Phase.PLAY:
                raise reader.fail(at + ("tricks", n, j), "the play is already over")
            played = reader.card(text, at + ("tricks", n, j))
            if played == UNKNOWN:
                raise reader.fail(at + ("tricks", n, j), UNKNOWN_PLAYED)
            try:
                deal.apply(played)
            except IllegalAction as exc:
                raise reader.fail(at + ("tricks", n, j), f"trick {n + 1}: {exc}") from None
    _play_incidents(reader, deal, incidents, len(tricks) + 1, _MAX_TRICK, at)
    return deal, as_called


_MAX_TRICK = 1 << 16  # a number past any trick: what is stated for the end of the play
_IN_PLAY = ("takes_left_card", "question", "retract")


def _play_incidents(reader: _Reader, deal: Deal, incidents: list[dict[str, Any]], first: int, last: int,
                    at: tuple[str | int, ...]) -> None:
    """In play, before trick ``first`` (up to ``last``): a card left taken up, a question answered, a claim to take
    cards back (engine/irregular.py)."""
    for i, inc in enumerate(incidents):
        if inc["type"] not in _IN_PLAY or not first <= inc.get("before_trick", 1) <= last:
            continue
        p = ROLES.index(inc["player"])
        try:
            if inc["type"] == "takes_left_card":
                take_up_left(deal, p, inc.get("announced", False))
            elif inc["type"] == "question":
                question(deal, p, SUITS_BY_LETTER[inc["suit"]], inc["answer"])
            else:
                retract(deal, p, inc["reason"])
        except IllegalAction as exc:
            raise reader.fail(at + ("incidents", i), str(exc)) from None


def _calling_irregularities(reader: _Reader, deal: Deal, incidents: list[dict[str, Any]], calls: dict[str, Any],
                            at: tuple[str | int, ...]) -> AsCalled | None:
    """Miscalls, replies and omissions, judged once both have called and before the first card; a call that did
    not name what the ruleset wants named misinforms the other player (engine/irregular.py).  The calls as made
    before the judging (None: no call was made)."""
    if deal.phase != Phase.PLAY:
        return None
    as_called = AsCalled({k: (c[0], c[1]) for k, c in deal.calls.items()}, {k: list(c) for k, c in deal.calls.items()},
                         set())
    for kind, dialogue in calls.items():
        first = _first_call(dialogue.get("said", []), "elder")
        if first is not None and not call_sufficient(deal, ELDER, kind, first):
            state(deal).misinformed[YOUNGER] = True
    judged = sorted((_CALLING.index(inc["type"]), i, inc) for i, inc in enumerate(incidents) if inc["type"] in _CALLING)
    for _, i, inc in judged:
        if deal.over:
            break
        path = at + ("incidents", i)
        p, kind = ROLES.index(inc["player"]), inc["kind"]
        try:
            if inc["type"] == "miscall":
                called = inc["called"]
                cards = mask(reader.known(called["cards"], path + ("called", "cards"))) if "cards" in called else None
                combo = as_called.first[kind][p] = _called(reader, deal, p, kind, called, path + ("called",))
                miscall(deal, p, kind, combo, inc.get("corrected"), cards=cards, shown=inc.get("shown", False),
                        waived=inc.get("waived", False))
                if deal.notes[-1].key == "miscall_corrected":  # in time: his correction stands
                    as_called.amended.add((kind, p))
            elif inc["type"] == "reply":
                reply(deal, p, kind, inc["reply"], inc.get("corrected"))
            else:
                omission(deal, p, kind, inc.get("reckoned"))
        except IllegalAction as exc:
            raise reader.fail(path, str(exc)) from None
    return as_called


_CALLING = ("miscall", "reply", "omission")  # the order they are judged in: a reply answers the call first made


def _first_call(said: list[dict[str, Any]], role: str) -> dict[str, Any] | None:
    """A player's first call in a kind's dialogue (not a reply or a question)."""
    return next((item for item in said if item["by"] == role and not {"reply", "ask"} & set(item)), None)


def _called(reader: _Reader, deal: Deal, p: int, kind: str, said: dict[str, Any],
            path: tuple[str | int, ...]) -> Combo:
    """The combination a miscall describes, in the words of the dialogue: held, or claimed without being held."""
    rules = deal.rules
    length, value = said.get("set", said.get("length")), said.get("value")
    rank = said.get("rank", said.get("top"))
    needs = {POINT: ("value",) if rules.point.compare == "value" else ("length",),
             SEQUENCES: ("length", "top"), SETS: ("set", "rank")}[kind]
    missing = [k for k in needs if k not in said]
    if missing:
        raise reader.fail(path, f"a miscalled {kind} under this ruleset needs {' and '.join(needs)}")
    return claim(rules, kind, deal.holding(kind, p), length, None if rank is None else RANK_KEYS.index(rank), value)


def _said(deal: Deal, score: DealScore, kind: str, said: list[dict[str, Any]], incidents: list[dict[str, Any]],
          as_called: AsCalled | None) -> list[tuple[int, str, int, str | int, str | int]]:
    """Each checkable line of a kind's dialogue: (index, what, role, the book's word, the engine's).

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
    result = score.kinds[kind]
    stated = [inc for inc in incidents if inc["type"] in _CALLING and inc["kind"] == kind]
    declared: Sequence[Combo | None] = result.calls
    first: Sequence[Combo | None] = result.calls
    if stated and as_called is not None:
        declared, first = as_called.declared[kind], as_called.first[kind]
    miscalled = {ROLES.index(inc["player"]): inc for inc in stated if inc["type"] == "miscall"}
    replied = {ROLES.index(inc["player"]): inc["reply"] for inc in stated if inc["type"] == "reply"
               and inc["reply"] != "which_out"}  # a reply the dialogue has no words for checks none of them
    standing = set(miscalled)  # whose miscall still stands in the dialogue
    spoken: list[set[str]] = [set(), set()]  # what each has named in his first call
    retold: set[int] = set()  # who has said his miscalled call again: his correction

    def call(r: int, field: str = "") -> Combo | None:
        """What r's words are checked against: his miscall, for what it names, until he corrects it."""
        return first[r] if r in standing and (not field or field in miscalled[r]["called"]) else declared[r]

    out: list[tuple[int, str, int, str | int, str | int]] = []
    last_reply = -1 if stated else max((i for i, item in enumerate(said) if "reply" in item), default=-1)
    stage: str | None = None  # what the last call said: "length", or the whole call
    calls = [0, 0]  # each player's calls so far
    for i, item in enumerate(said):
        r = ROLES.index(item["by"])
        named = {"length", "top", "set", "value"} & set(item)
        correction = r in miscalled and r not in retold and bool(named & spoken[r])
        if correction:  # he says again what he had said
            retold.add(r)
            if as_called is not None and (kind, r) in as_called.amended:
                standing.discard(r)
        spoken[r] |= named
        if ("length" in item or "set" in item) and calls[r] and not correction:
            held = deal.holding(kind, r)
            if "set" in item:
                book = f"{item['set']}x{item['rank']}"
                found = next((c for c in held if c.length == item["set"] and RANK_KEYS[c.top] == item["rank"]), None)
            else:
                book = f"{item['length']}" + (f" to {item['top']}" if "top" in item else "")
                found = next((c for c in held if c.length == item["length"] and (
                    "top" not in item or c.top >= 0 and RANK_KEYS[c.top] == item["top"])), None)
            out.append((i, "call", r, book, book if found else "-"))
            calls[r] += 1
            stage = "whole"
            continue
        if "length" in item:
            combo = call(r, "length")
            out.append((i, "length", r, item["length"], combo.length if combo else 0))
            stage = "length"
            if "top" in item:
                combo = call(r, "top")
                out.append((i, "top", r, item["top"], RANK_KEYS[combo.top] if combo and combo.top >= 0 else "-"))
                stage = "whole"
            calls[r] += 0 if correction else 1
        elif "set" in item:
            combo = call(r, "set")
            out.append((i, "set", r, f"{item['set']}x{item['rank']}",
                        f"{combo.length}x{RANK_KEYS[combo.top]}" if combo else "-"))
            stage = "whole"
            calls[r] += 0 if correction else 1
        elif "value" in item:
            combo = call(r, "value")
            out.append((i, "value", r, item["value"], combo.value if combo else 0))
            stage = "whole"
        elif "count" in item:
            out.append((i, "count", r, item["count"], _count_after(deal, score, r, kind, calls[r])))
        elif r in replied and ("reply" in item or "ask" in item):
            out.append((i, "reply", r, item.get("reply", "ask"), replied.pop(r)))
        elif "reply" in item and i == last_reply:
            engine = "equal" if result.winner is None else "not_good" if result.winner == r else "good"
            out.append((i, "reply", r, item["reply"], engine))
        elif "reply" in item and stage is not None:
            out.append((i, "reply", r, item["reply"], _stage_reply(call(1 - r), call(r), stage)))
    return out


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


def _check(reader: _Reader, deal: Deal, score: DealScore, raw: dict[str, Any], players: tuple[str, str],
           number: int, at: tuple[str | int, ...], as_called: AsCalled | None = None) -> list[Check]:
    claimed = raw.get("claimed", {})
    out = []

    def compare(where: Place, who: str, value: Figure, engine: Figure, path: tuple[str | int, ...]) -> None:
        line, col = reader.doc.where(path)
        out.append(Check(number, where, who, value, engine, line, col))

    if score.void:
        # A fresh deal: what the book says of its play cannot be checked, only its totals.
        claimed = {k: v for k, v in claimed.items() if k != "running"}
        raw = {"claimed": claimed}
    for kind, calls in raw.get("declarations", {}).items():
        if kind in score.kinds:
            for i, what, r, book, engine in _said(deal, score, kind, calls.get("said", []), raw.get("incidents", []),
                                                  as_called):
                compare(Dialogue(kind, what), players[r], book, engine, at + ("declarations", kind, "said", i))
    for kind in (POINT, SEQUENCES):  # what a call must name (au Cent; Law 48): an insufficient call is a mismatch
        said = raw.get("declarations", {}).get(kind, {}).get("said", [])
        first = _first_call(said, "elder")
        if first is not None and deal.phase >= Phase.PLAY and not call_sufficient(deal, ELDER, kind, first):
            wanted, given = ("value", "cards") if kind == POINT else ("top", "length")
            compare(Dialogue(kind, "call"), players[ELDER], given, wanted,
                    at + ("declarations", kind, "said", said.index(first)))
    for i, role in enumerate(raw.get("carte_blanche", [])):  # shown, as dealt, even where the other's bars it
        r = ROLES.index(role)
        compare(BlancheShown(), players[r], "yes", "yes" if deal.blanche_dealt[r] else "no", at + ("carte_blanche", i))
    marks = score.checkpoints()
    for i, spoken in enumerate(raw.get("counts", [])):
        n, card = spoken["trick"], spoken["card"]
        if n > len(deal.tricks) + (deal.lead_card is not None):
            raise reader.fail(at + ("counts", i), f"trick {n} is not played in this deal")
        leader = deal.tricks[n - 1][0] if n <= len(deal.tricks) else deal.player ^ 1
        who = leader if card == 1 else 1 - leader
        mark = Checkpoint(Stage.LEAD if card == 1 else Stage.TRICK, n)
        compare(mark, players[who], spoken["count"], marks[mark][who], at + ("counts", i))

    for who, value in claimed.get("final", {}).items():
        role = reader.role(who, players, at + ("claimed", "final", who))
        compare(FINAL, players[role], value, score.totals[role], at + ("claimed", "final", who))
    for category, scores in claimed.get("by", {}).items():
        if category not in CATEGORIES:
            raise reader.fail(at + ("claimed", "by", category), f"no category {echo(category)}")
        for who, value in scores.items():
            role = reader.role(who, players, at + ("claimed", "by", category, who))
            compare(Category(category), players[role], value, score.by[role][category],
                    at + ("claimed", "by", category, who))
    won = [0, 0]
    counted = 0
    for i, point in enumerate(claimed.get("tricks_won", [])):
        after = point["after"]
        if after > len(deal.tricks):
            raise reader.fail(at + ("claimed", "tricks_won", i, "after"), f"only {len(deal.tricks)} tricks are played")
        for leader, lead, follow in deal.tricks[counted:after]:
            won[1 - leader if follower_wins(lead, follow) else leader] += 1
        counted = max(counted, after)
        for who, value in point.items():
            if who != "after":
                role = reader.role(who, players, at + ("claimed", "tricks_won", i, who))
                compare(TricksWon(after), players[role], value, won[role],
                        at + ("claimed", "tricks_won", i, who))
    for i, point in enumerate(claimed.get("running", [])):
        read = Checkpoint.read(point["at"])
        if read is None or read not in marks:
            raise reader.fail(at + ("claimed", "running", i, "at"), f"no checkpoint {echo(point['at'])} in this deal "
                                                                    f"(known: {', '.join(m.label for m in marks)})")
        for who, value in point.items():
            if who == "at":
                continue
            role = reader.role(who, players, at + ("claimed", "running", i, who))
            compare(read, players[role], value, marks[read][role], at + ("claimed", "running", i, who))
    return out


#: The note for a dealer who changed his packets, by what the ruleset allows.
_PACKETS_CHANGED = {"never": "packets_changed", "if_announced": "packets_changed_if_announced",
                    "by_agreement": "packets_changed_by_agreement"}


def _packets(rules: Rules, raw: dict[str, Any], dealt_by: dict[str, int]) -> list[Note]:
    """What the ruleset says of the packets this deal was dealt by, and of a dealer who changed them."""
    packets = raw.get("packets")
    if packets is None:
        return []
    notes = []
    if packets not in rules.deal.packets:
        notes.append(Note("packets_not_allowed", {"packets": packets,
                                                  "allowed": " / ".join(map(str, rules.deal.packets))}))
    before = dealt_by.setdefault(raw["dealer"], packets)
    if before != packets and rules.deal.packet_fixed:
        notes.append(Note(_PACKETS_CHANGED[rules.deal.packet_change], {
            "packets": packets, "before": before, "when": Note(f"announced.{rules.deal.packet_change_announced_before}")}))
        dealt_by[raw["dealer"]] = packets
    return notes


def replay(doc: Located, rules: Rules) -> Replay:
    """Re-score every deal of a record under ``rules`` and check what it claims."""
    reader = _Reader(doc)
    players = tuple(doc.data["players"])
    deals_raw = doc.data["deals"]
    first = deals_raw[0]["dealer"]
    if first not in players:
        raise reader.fail(("deals", 0, "dealer"), f"dealer {echo(first)} is not one of the players")
    if "cut" in doc.data:
        cut = doc.data["cut"]
        if sorted(cut) != sorted(players):
            raise reader.fail(("cut",), f"the cut needs one card for each player ({', '.join(players)})")
        cards = tuple(reader.known([cut[name]], ("cut", name))[0] for name in players)
        lifted = doc.data.get("cut_lifted", {})
        for name in lifted:
            reader.role(name, players, ("cut_lifted", name))
        try:
            dealer = cut_for_deal(rules, (cards[0], cards[1]), doc.data.get("higher_chose", "deal") == "deal",
                                  (lifted.get(players[0]), lifted.get(players[1])))
        except ValueError as exc:
            raise reader.fail(("cut",), str(exc)) from None
        if players[dealer] != first:
            raise reader.fail(("deals", 0, "dealer"), f"after this cut {players[dealer]} deals first under this "
                                                      f"ruleset ({rules.deal.first_dealer}), not {first}")
    partie = Partie(rules, players.index(first))
    dealt_by: dict[str, int] = {}  # each dealer's packet size so far
    out: list[DealReplay] = []
    mismatches: list[Check] = []
    for n, raw in enumerate(deals_raw):
        at = ("deals", n)
        if raw["dealer"] not in players:
            raise reader.fail(at + ("dealer",), f"dealer {echo(raw['dealer'])} is not one of the players")
        partie.dealer = players.index(raw["dealer"])
        roles = (players[partie.elder], players[partie.dealer])
        if "scores" in raw:
            totals = [raw["scores"].get(name, 0) for name in roles]
            for who in raw["scores"]:
                reader.role(who, roles, at + ("scores", who))
            if not partie.finished:
                partie.add_totals(totals[0], totals[1])
            out.append(DealReplay(n + 1, roles, None, (totals[0], totals[1])))
            continue
        deal, as_called = _deal_from(reader, rules, raw, at)
        deal.notes += _packets(rules, raw, dealt_by)
        score = score_deal(deal)
        checks = _check(reader, deal, score, raw, roles, n + 1, at, as_called)
        if not partie.finished and (score.complete or score.void):
            partie.add(score)
        out.append(DealReplay(n + 1, roles, score, (score.totals[0], score.totals[1]), checks, deal))
        mismatches += out[-1].mismatches
    result = partie.result()
    claim = doc.data.get("claimed", {})
    for key in ("points_won", "winner"):
        if key in claim:
            engine = result.points_won if key == "points_won" else (
                players[result.winner] if result.winner is not None else None)
            if claim[key] != engine:
                line, col = doc.where(("claimed", key))
                mismatches.append(Check(None, PartieFigure(key), None, claim[key], engine, line, col))
    for who, value in claim.get("totals", {}).items():
        if who not in players:
            raise reader.fail(("claimed", "totals", who), f"{echo(who)} is not a player")
        if value != result.totals[players.index(who)]:
            line, col = doc.where(("claimed", "totals", who))
            mismatches.append(Check(None, PartieFigure("totals"), who, value, result.totals[players.index(who)],
                                    line, col))
    return Replay(out, result, (players[0], players[1]), mismatches)
