"""``piquet-variants replay``: re-score recorded deals and check the scores they claim."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..engine.deal import ELDER
from ..engine.notes import Note, Noted
from ..ruleset.model import Ruleset
from ..saying import say_all, say_note
from ..engine.record import Replay, replay
from ..engine.scoring import CATEGORIES
from ..errors import RecordError
from ..examples import shown
from ..i18n import Lang, t
from ..lexicon import place
from ..records.checks import Check, figure_id
from ..records.model import TypedRecord
from ..narrative import said, tell, unplayed
from ..ruleset.model import Ruleset
from ..render import Report, Streamed
from . import complete
from .common import (FormatOpt, LangOpt, OptionOpt, RecordsArg, choose_rulesets, each_record, numbered,
                     record_rulesets, report_problems, rulesets_for, warn, worst)

if TYPE_CHECKING:
    from ..api import Record

EXIT_MISMATCH = 3


def tie_words(rs: Ruleset, left: int, lang: Lang) -> str:
    """A tie after the partie's last deal, and the deals the ruleset's source asks for, said where it says so."""
    from ..rulebook.citing import localized_locator  # the citation styles' module, for a tied partie alone

    cites = rs.entry("game.tie").citations
    law = localized_locator(cites[0].locator, lang) if cites else rs.id
    return say_note(Note(Noted.PARTIE_TIED, n=rs.rules.game.deals, left=left, law=law), lang)


def _account(rep: Replay, record: TypedRecord, title: str, lang: Lang, narrative: bool, rs: Ruleset) -> Report:
    out = Report().heading(title)
    for d in rep.deals:
        if narrative:
            told = tell(d, record.deals[d.number - 1], lang)
            out.paragraph(told.head).items(told.outline())
        head = f"{t('deal', lang)} {d.number}: {t('elder', lang)} {d.players[ELDER]}"
        if d.score is not None and d.score.void:
            out.paragraph(f"{head}: {'; '.join(say_all(d.score.notes, lang))}")
            continue
        rows = [[t(c, lang)] + [str(d.score.by[r][c]) for r in (0, 1)] for c in CATEGORIES
                if d.score is not None and any(d.score.by[r][c] for r in (0, 1))]
        rows.append([t("total", lang), str(d.totals[0]), str(d.totals[1])])
        out.paragraph(head).table([t("category", lang), d.players[0], d.players[1]], rows)
        notes = [f"! {place(m.at, lang)}: {m.player} {t('book', lang)} {said(m.claimed, lang)}, "
                 f"{t('engine', lang)} {said(m.engine, lang)} ({t('line', lang)} {m.line})" for m in d.mismatches]
        flag = unplayed(d, lang)
        flags = [f"! {remark}" for remark in say_all(d.warnings, lang)] + ([f"! {flag}"] if flag else [])
        out.items([(0, note) for note in notes + flags])
    res = rep.partie
    totals = f"{t('partie', lang)}: {rep.players[0]} {res.totals[0]}, {rep.players[1]} {res.totals[1]}"
    if res.finished:
        winner = rep.players[res.winner] if res.winner is not None else t("draw", lang)
        out.paragraph(f"{totals}; {t('winner', lang)} {winner}, {t('points won', lang)} {res.points_won}")
    elif res.tie_deals_left:
        out.paragraph(f"{totals}; {tie_words(rs, res.tie_deals_left, lang)}")
    elif len(rep.deals) > 1:  # a single coup, as the books give one, is no partie: its total says it all
        out.paragraph(f"{totals} ({t('unfinished', lang)})")
    return out.items([(0, f"! {place(m.at, lang)}: {t('book', lang)} {said(m.claimed, lang)}, "
                          f"{t('engine', lang)} {said(m.engine, lang)}")
                      for m in rep.mismatches if m.deal is None])



def replay_json(rep: Replay, ruleset_id: str, lang: Lang = "en") -> dict[str, Any]:
    """The ``replay --format json`` contract for one ruleset."""
    deals = []
    for d in rep.deals:
        scores = {}
        for role, name in enumerate(d.players):
            by = dict(d.score.by[role]) if d.score else dict.fromkeys(CATEGORIES, 0)
            scores[name] = {"total": d.totals[role], "by": by}
        entry: dict[str, Any] = {"number": d.number, "elder": d.players[ELDER], "scores": scores,
                                 "mismatches": [check_json(m) for m in d.mismatches]}
        if d.score is not None:
            entry["complete"] = d.score.complete
            entry["void"] = d.score.void
        notes = (d.score.notes if d.score is not None else []) + d.warnings
        if d.score is not None or notes:
            entry["notes"] = say_all(notes, lang)
            entry["noted"] = [n.what.value for n in notes]  # the ids, beside their words
        deals.append(entry)
    res = rep.partie
    return {"ruleset": ruleset_id, "deals": deals,
            "partie": {"totals": {rep.players[i]: res.totals[i] for i in (0, 1)},
                       "winner": rep.players[res.winner] if res.winner is not None else None,
                       "points_won": res.points_won, "finished": res.finished,
                       "tie_deals_left": res.tie_deals_left,
                       "games": {rep.players[i]: res.games[i] for i in (0, 1)}},
            "mismatches": [check_json(m) for m in rep.mismatches if m.deal is None]}



def check_json(c: Check) -> dict[str, Any]:
    """A check as ``replay --format json`` gives it: where it falls by its label."""
    return {"deal": c.deal, "at": c.at.label, "player": c.player, "claimed": figure_id(c.claimed),
            "engine": figure_id(c.engine), "line": c.line, "column": c.column}


def replay_command(
        files: RecordsArg,
        ruleset: Annotated[list[str] | None, typer.Option(
            "--ruleset", "-r", metavar="RULESET[:NAME=CHOICE,...]", autocompletion=complete.rulesets,
            help="Ruleset to score under, with its options if any (repeatable); default: the record's own. The "
                 "record's [Option] tags hold under its own ruleset, named or not; under another, a note on stderr "
                 "says which did not apply.")] = None,
        option: OptionOpt = None, fmt: FormatOpt = "table", lang: LangOpt = "en",
        narrative: Annotated[bool | None, typer.Option(
            "--narrative/--no-narrative",
            help="Tell each deal as the players count it aloud; default: for notation files.")] = None) -> None:
    """Re-score recorded deals under one or more rulesets and mark where the book's figures differ.

    A file may hold several records; each is replayed, and a bad one is
    reported on stderr while the others are still replayed.

    Exit status: the worst of all records: 0 when every claimed score agrees,
    3 when one disagrees, 1 when a record is bad input.
    """
    out = Streamed(fmt, lambda text: typer.echo(text, nl=False))
    statuses = [0]
    chosen = choose_rulesets(ruleset, option) if ruleset else None  # once, not for every record
    for f in files:
        for k, alone, doc in numbered(each_record(f)):
            statuses.append(_replayed(out, f, doc, k, alone, (chosen, ruleset, option), lang, narrative))
    if out.parts or 1 not in statuses:  # records all bad: their problems alone, and no empty output
        out.close()
    status = worst(*statuses)
    if status:
        raise typer.Exit(status)


def _replayed(out: Streamed, f: Path, doc: Record | RecordError, k: int, alone: bool,
              asked: tuple[list[Ruleset] | None, list[str] | None, list[str] | None], lang: Lang,
              narrative: bool | None) -> int:
    """Replay one record under each ruleset asked for (its own where none is) and write what each gives, or its
    problems on stderr: the exit status it calls for."""
    if isinstance(doc, RecordError):
        return _said(doc, lang)
    where = shown(f, doc.file) if alone else f"{shown(f, doc.file)} #{k}"
    try:
        sets = _rulesets(doc, where, asked, lang)
    except RecordError as exc:
        return _said(exc, lang)
    record = doc.model
    status = 0
    for rs in sets:
        try:
            rep = replay(record, rs.rules, doc.located)
        except RecordError as exc:  # a revoke, an impossible discard: this record only
            return worst(status, _said(exc, lang))
        status = worst(status, EXIT_MISMATCH if rep.mismatches else 0)
        tell_it = narrative if narrative is not None else doc.located.lines is not None
        out.add(_account(rep, record, f"{where}: {rs.id}", lang, tell_it, rs),
                dict(replay_json(rep, rs.id, lang), file=shown(f, doc.file), record=k))
        if rep.partie.tie_deals_left:
            warn(f"{where}: {tie_words(rs, rep.partie.tie_deals_left, lang)}", lang)
        for d in rep.deals:  # a play begun and stopped short is likely a card left out in transcription
            for remark in say_all(d.warnings, lang):  # the record may mean what the laws do not
                warn(f"{where}: {rs.id}: {t('deal', lang)} {d.number}: {remark}", lang)
            flag = unplayed(d, lang)
            if flag and d.deal is not None and (d.deal.tricks or d.deal.lead_card is not None):
                warn(f"{where}: {flag}", lang)
    return status


def _rulesets(doc: Record, where: str, asked: tuple[list[Ruleset] | None, list[str] | None, list[str] | None],
              lang: Lang) -> list[Ruleset]:
    """The rulesets a record is replayed under: those --ruleset names, compiled once for the whole file, unless
    the record chose options of its own (``rulesets_for``: they hold under its own ruleset), or its own."""
    chosen, refs, option = asked
    if chosen is None or not doc.model.options:
        return chosen if chosen is not None else record_rulesets(doc, where, option, lang)
    return rulesets_for(doc, where, refs, option, lang)


def _said(error: RecordError, lang: Lang) -> int:
    """A record's problems, on stderr as they are found: the status of bad input."""
    report_problems(error.problems, lang)
    return 1
