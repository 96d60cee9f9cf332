"""The deal pages: each record replayed under its own ruleset and under the others chosen.

For each deal: the cards as dealt (suits by name for the colour, each card's
name for a screen reader), the scores by category under every ruleset, each
figure the book gives checked under every ruleset, the rules responsible for
each difference from the record's own ruleset (``attribution.attribute``: by
experiment, not by which rules govern a category), the narrative under
each ruleset, and, where the report is asked for them, the decisions
annotated under the record's own ruleset (``analysis.analyse``, by the
default player, on a fixed seed, so a site is built the same twice).  A record that its own ruleset cannot replay is bad input and
stops the build; one that another ruleset cannot replay (a revoke there, a
pack too small) says so on its page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..analysis import DealAnalysis, analyse
from ..attribution import Cause, attribute
from ..cards import card_long_name, card_name, iter_cards, suit_long_name, suit_of
from ..engine.deal import ELDER, YOUNGER
from ..saying import annotation_table, said_skipped, say_all
from ..engine.record import DealReplay, Replay, replay
from ..engine.scoring import CATEGORIES
from ..errors import Problem, RecordError
from ..i18n import Lang, say, t
from ..records.checks import Check
from ..records.model import RecordedDeal
from ..narrative import said, tell, unplayed
from ..lexicon import place, value_words
from ..ruleset.model import Ruleset
from ..players.registry import DEFAULT_PLAYER
from .rules import chosen_words

if TYPE_CHECKING:
    from ..api import Record

#: The player who annotates a deal's decisions, and the seed he draws with.
ANNOTATOR = DEFAULT_PLAYER
SEED = 1


@dataclass(frozen=True)
class Entry:
    """One record to report: where it was read, and the ruleset it names (with its options), already chosen."""

    doc: Record
    number: int  # the record's place in its file, from 1
    of: int  # how many records the file holds
    own: Ruleset
    #: Deals drawn to value each alternative where the page annotates the record's decisions (0: it does not).
    annotate: int = 0


def slug(file: str, number: int, of: int, taken: set[str]) -> str:
    """A file name for a record's page, unique in the site: the file's name, its record number where it has
    several, made of letters, digits and hyphens."""
    base = re.sub(r"[^A-Za-z0-9]+", "-", Path(file).name).strip("-").lower() or "record"
    name = f"{base}-{number}" if of > 1 else base
    out, n = name, 1
    while out in taken:
        n += 1
        out = f"{name}-{n}"
    taken.add(out)
    return out


def cards(m: int, lang: Lang) -> list[dict[str, str]]:
    return [card_view(c, lang) for c in iter_cards(m)]


def card_view(c: int, lang: Lang) -> dict[str, str]:
    return {"text": card_name(c, lang, symbols=True), "suit": suit_long_name(suit_of(c)),
            "name": card_long_name(c, lang)}


def _figure(d: DealReplay, role: int, category: str) -> int:
    if category == "total":
        return d.totals[role]
    return d.score.by[role][category] if d.score is not None else 0


def _check_key(c: Check) -> tuple[Any, ...]:
    return (c.at, c.player, c.line, c.column)


def _hands(d: DealReplay, recorded: RecordedDeal, lang: Lang) -> list[dict[str, Any]]:
    """The cards as dealt and exchanged; the talon only where the record gives it (else it is not known)."""
    deal = d.deal
    if deal is None:
        return []
    rows = [{"who": f"{t(role, lang)} ({d.players[r]})", "cards": cards(dealt, lang)}
            for r, role, dealt in ((ELDER, "elder", deal.dealt.elder), (YOUNGER, "younger", deal.dealt.younger))]
    if recorded.talon is not None:
        rows.append({"who": t("talon", lang), "cards": [card_view(c, lang) for c in deal.dealt.talon]})
    for r, role in ((ELDER, "elder"), (YOUNGER, "younger")):
        if deal.discards[r] or deal.taken[r]:
            rows.append({"who": f"{d.players[r]} {t('discards', lang)}", "cards": cards(deal.discards[r], lang)})
            rows.append({"who": f"{d.players[r]} {t('takes', lang)}", "cards": cards(deal.taken[r], lang)})
    return rows


def _scores(deals: list[DealReplay]) -> list[dict[str, Any]]:
    """Each category any ruleset scores, and the total: each ruleset's two figures, and whether they are the
    first (the record's own) ruleset's."""
    rows = []
    for category in CATEGORIES + ("total",):
        values = [[_figure(d, r, category) for r in (ELDER, YOUNGER)] for d in deals]
        if category == "total" or any(any(v) for v in values):
            rows.append({"category": category, "values": [[{"figure": f, "differs": f != mine}
                                                           for f, mine in zip(v, values[0])] for v in values]})
    return rows


def _checks(deals: list[DealReplay], lang: Lang) -> list[dict[str, Any]]:
    """Every figure the book gives for the deal, with the engine's under each ruleset."""
    under = [{_check_key(c): c for c in d.checks} for d in deals]
    rows = []
    for c in deals[0].checks:
        engine = []
        for found in under:
            mine = found.get(_check_key(c))
            engine.append(None if mine is None else {"said": said(mine.engine, lang), "agrees": mine.agrees})
        rows.append({"at": place(c.at, lang), "player": c.player, "book": said(c.claimed, lang),
                     "line": c.line, "engine": engine})
    return rows


def _causes(own: Ruleset, found: list[tuple[Ruleset, list[Cause]]], number: int, lang: Lang) -> list[dict[str, Any]]:
    """For each other ruleset, each category that differs in this deal and the rules that make it differ."""
    out = []
    for rs, causes in found:
        mine = [{"category": c.category, "alone": c.alone,
                 "rules": [{"path": p, "own": value_words(own.entry(p).value, lang, p),
                            "other": value_words(rs.entry(p).value, lang, p)} for p in c.rules]}
                for c in causes if c.deal == number]
        if mine:
            out.append({"ruleset": rs.id, "causes": mine})
    return out


def tree(items: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """(depth, text) items as nested lists: an item deeper than the one before goes under it, one level at a time."""
    top: list[dict[str, Any]] = []
    path: list[list[dict[str, Any]]] = [top]  # the open lists, outermost first
    depths: list[int] = []  # the depth asked for by the last item of each open list
    for depth, text in items:
        while depths and depths[-1] >= depth:
            depths.pop()
            path.pop()
        node: dict[str, Any] = {"text": text, "children": []}
        path[-1].append(node)
        path.append(node["children"])
        depths.append(depth)
    return top


def _narrative(d: DealReplay, recorded: RecordedDeal, lang: Lang) -> dict[str, Any]:
    told = tell(d, recorded, lang)
    return {"head": told.head, "items": tree(told.outline())}


def _partie(rs: Ruleset, rep: Replay, lang: Lang) -> dict[str, Any]:
    res = rep.partie
    return {"ruleset": rs.id, "totals": list(res.totals), "finished": res.finished,
            "winner": rep.players[res.winner] if res.winner is not None else None, "points_won": res.points_won,
            "mismatches": [f"{place(m.at, lang)}: {t('book', lang)} {said(m.claimed, lang)}, "
                           f"{t('engine', lang)} {said(m.engine, lang)}" for m in rep.mismatches
                           if m.deal is None]}


def _annotations(d: DealAnalysis, lang: Lang) -> dict[str, Any]:
    headers, rows = annotation_table(d, ANNOTATOR, lang)
    return {"headers": headers, "rows": rows, "skipped": [said_skipped(s, lang) for s in d.skipped]}


def _problem(p: Problem, lang: Lang) -> dict[str, str]:
    """Why a ruleset cannot replay a record, for a page: the file by its name alone (where it was installed is the
    builder's business), the line and column, the message and the excerpt, without the record's inner path."""
    where = t("{file}, line {line}, column {column}", lang).format(file=Path(p.file).name, line=p.line,
                                                                   column=p.column)
    return {"where": where, "message": say(p.message, lang), "excerpt": p.excerpt}


def page(entry: Entry, chosen: list[Ruleset], name: str, lang: Lang) -> dict[str, Any]:
    """One record's page.  Raises ``RecordError`` where the record's own ruleset cannot replay it."""
    doc, own = entry.doc, entry.own
    record = doc.model
    reps = [(own, replay(record, own.rules, doc.located))]
    failed = []
    for rs in chosen:
        if rs.id == own.id:
            continue
        try:
            reps.append((rs, replay(record, rs.rules, doc.located)))
        except RecordError as exc:
            failed.append({"ruleset": rs.id, "problems": [_problem(p, lang) for p in exc.problems]})
    found = [(rs, attribute(record, doc.located, own, rs)) for rs, _ in reps[1:]]
    annotated = {d.number: _annotations(d, lang) for d in analyse(reps[0][1], ANNOTATOR, entry.annotate, SEED)} \
        if entry.annotate else {}
    deals = []
    for n, d in enumerate(reps[0][1].deals):
        recorded = record.deals[n]
        under = [rep.deals[n] for _, rep in reps]
        flag = unplayed(d, lang)
        deals.append({
            "number": d.number, "players": list(d.players), "hands": _hands(d, recorded, lang),
            "notes": say_all(d.score.notes, lang) if d.score else [], "unplayed": flag or "",
            "scores": _scores(under), "checks": _checks(under, lang),
            "causes": _causes(own, found, d.number, lang), "annotations": annotated.get(d.number),
            "narratives": [{"ruleset": rs.id, **_narrative(rep.deals[n], recorded, lang)} for rs, rep in reps]})
    source = record.source
    title = ", ".join(v for v in (source.get("title"), source.get("locator")) if v) or Path(doc.file).name
    return {"name": name, "title": title, "file": Path(doc.file).name, "number": entry.number, "of": entry.of,
            "source_note": source.get("note", ""), "players": list(record.players),
            "comments": [c.text for c in record.comments],
            "own": own.id, "own_options": chosen_words(own, lang),
            "rulesets": [rs.id for rs, _ in reps], "failed": failed, "deals": deals,
            "parties": [_partie(rs, rep, lang) for rs, rep in reps],
            "mismatches": len(reps[0][1].mismatches), "checked": sum(len(d.checks) for d in reps[0][1].deals)}


def pages(entries: list[Entry], chosen: list[Ruleset], lang: Lang) -> list[dict[str, Any]]:
    """Every record's page, or ``RecordError`` with the problems of every record its own ruleset cannot replay."""
    out: list[dict[str, Any]] = []
    problems: list[Problem] = []
    taken: set[str] = set()
    for entry in entries:
        try:
            out.append(page(entry, chosen, slug(entry.doc.file, entry.number, entry.of, taken), lang))
        except RecordError as exc:
            problems += exc.problems
    if problems:
        raise RecordError(problems)
    return out
