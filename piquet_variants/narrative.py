"""A replayed deal told as the players would count it aloud, with the book's figures marked.

The engine's events, in the ruleset's order of reckoning, are told one by
one with the scorer's running total said in words ("Forty-nine",
"cent soixante et un").  Every figure the book gives (the dialogue, a spoken
count, a running or final score) is printed where it falls, with ✓ when the
engine agrees and ✗ with both figures when it does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from .cards import RANK_KEYS, card_name, rank_long_name
from .engine.deal import ELDER, NO_CARD, YOUNGER, Deal
from .engine.record import DealReplay
from .engine.scoring import MARK
from .i18n import Lang, t
from .lexicon import lexicon, place
from .notation.numbers import say_number
from .notation.speech import say
from .records.checks import (FINAL, BlancheShown, Category, Check, Checkpoint, Dialogue, Figure, Place, RunCalled,
                             SetCalled, Stage, TricksWon)
from .records.model import RecordedDeal
from .saying import say_note


def said(value: Figure, lang: Lang = "en") -> str:
    """A figure checked, as the book or the engine gives it, in words: a number, a reply ("not good"), a rank
    ("ace"), a quatorze or trio ("four aces"), a later call ("tierce to the king"), nothing held."""
    words = lexicon(lang)
    match value:
        case SetCalled(count=count, rank=rank) if rank in RANK_KEYS:
            return words.figures["set"].format(count=say_number(count, lang),
                                               ranks=words.plural_ranks[RANK_KEYS.index(rank)])
        case RunCalled(length=length, top=top) if top in RANK_KEYS and 0 <= length < len(words.sequences):
            return words.figures["run"].format(name=words.sequences[length], top=words.tops[RANK_KEYS.index(top)])
        case RunCalled(length=length):
            return say_number(length, lang)
        case str() if value in RANK_KEYS:
            return rank_long_name(RANK_KEYS.index(value), lang)
        case str():
            return words.figures.get(value, value)
    return str(value)


def _verdict(check: Check, lang: Lang) -> str:
    if check.agrees:
        return f"✓ {t('book', lang)} {said(check.claimed, lang)}"
    return f"✗ {t('book', lang)} {said(check.claimed, lang)}, {t('engine', lang)} {said(check.engine, lang)}"


@dataclass(frozen=True, slots=True)
class Line:
    """A line of a narrative, at its depth: 0 for the deal's steps, 1 for what is reckoned at a step, 2 for a
    figure of the book checked there."""

    depth: int
    text: str


@dataclass(frozen=True, slots=True)
class Told:
    """One deal's narrative: its heading, and its lines in order."""

    head: str
    lines: list[Line]

    def outline(self) -> list[tuple[int, str]]:
        """The lines as (depth, text) list items."""
        return [(line.depth, line.text) for line in self.lines]


def _before_play(d: DealReplay, deal: Deal, recorded: RecordedDeal, lang: Lang) -> list[Line]:
    """The exchange and the calls as the players said them, each with the checks of what was said."""
    names = d.players
    out = [Line(0, f"{names[r]} {t('discards', lang)} {deal.discards[r].bit_count()}, "
                   f"{t('takes', lang)} {deal.taken[r].bit_count()}")
           for r in (ELDER, YOUNGER) if deal.discards[r] or deal.taken[r]]
    for kind, calls in recorded.declarations.kinds() if recorded.declarations is not None else ():
        if calls.said:
            words = " · ".join(f"{names[s.by.seat]}: «{say(kind, s, lang).capitalize()}»" for s in calls.said)
            out.append(Line(0, f"{t(kind, lang)}: {words}"))
            out += [Line(2, f"{place(c.at, lang)}: {_verdict(c, lang)}") for c in d.checks
                    if isinstance(c.at, Dialogue) and c.at.kind == kind]
    return out


def tell(d: DealReplay, recorded: RecordedDeal, lang: Lang = "en") -> Told:
    """One deal's narrative, the dialogue as the record gives it."""
    names = d.players
    head = f"{t('deal', lang)} {d.number}: {names[ELDER]} {t('elder', lang)}, {names[YOUNGER]} {t('younger', lang)}"
    if d.score is None or d.deal is None:
        return Told(head, [Line(0, f"{t('sheet', lang)}: {names[0]} {d.totals[0]}, {names[1]} {d.totals[1]}")])
    out = [Line(0, say_note(note, lang)) for note in d.score.notes]
    if d.score.void:
        return Told(head, out)
    checks: dict[Place, list[Check]] = {}
    for c in d.checks:
        checks.setdefault(c.at, []).append(c)
    deal = d.deal
    out += _before_play(d, deal, recorded, lang)
    leaders = {n: leader for n, (leader, _, _) in enumerate(deal.tricks, 1)}
    pending: list[Line] = []
    for event, totals in d.score.running():
        p, category, points, label = event
        if p != MARK:
            pending.append(Line(1, f"{names[p]}: {t(category, lang)} {points:+d} "
                                   f"«{say_number(totals[p], lang).capitalize()}»"))
            continue
        mark = cast(Checkpoint, label)
        n = mark.number
        if mark.stage is Stage.LEAD:
            leader = leaders.get(n, deal.player ^ 1)
            # a lead's mark past the tricks played is the lead not yet followed
            led = deal.tricks[n - 1][1] if n in leaders else cast(int, deal.lead_card)
            out.append(Line(0, f"{n}. {names[leader]} {t('leads', lang)} {card_name(led, lang, symbols=True)}"))
        elif mark.stage is Stage.TRICK and n in leaders:
            leader, _, follow = deal.tricks[n - 1]
            # a card led to nothing (a hand played out short, Cavendish Law 57): no second card to name
            out.append(Line(1, f"{names[1 - leader]} {t('has no card to play', lang)}" if follow == NO_CARD
                            else f"{names[1 - leader]} {t('plays', lang)} {card_name(follow, lang, symbols=True)}"))
        out += pending
        pending = []
        out += [Line(2, f"{c.player} ({place(mark, lang)}): {_verdict(c, lang)}") for c in checks.get(mark, [])]
        if mark.stage is Stage.TRICK:  # the tricks each claims to have won by now
            out += [Line(2, f"{c.player} ({place(c.at, lang)}): {_verdict(c, lang)}")
                    for c in checks.get(TricksWon(n), [])]
    out += pending
    out.append(Line(0, f"{t('total', lang)}: {names[0]} {d.totals[0]}, {names[1]} {d.totals[1]}"))
    finals = [c for c in d.checks if c.at == FINAL or isinstance(c.at, (Category, BlancheShown))]
    out += [Line(2, f"{place(c.at, lang)}: {c.player} {_verdict(c, lang)}") for c in finals]
    return Told(head, out)


def unplayed(d: DealReplay, lang: Lang) -> str | None:
    """What is said of a deal whose play stops short: it is checked so far, and the partie does not count it."""
    if d.score is None or d.deal is None or d.score.complete or d.score.void:
        return None
    played = t("tricks played", lang).format(n=len(d.deal.tricks))
    if d.deal.lead_card is not None:
        played += t("and a lead", lang)
    return t("not played out", lang).format(n=d.number, played=played)
