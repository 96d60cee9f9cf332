"""``piquet-variants replay``: re-score recorded deals and check the scores they claim."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..engine.deal import ELDER
from ..engine.notes import say_all
from ..engine.record import DealReplay, Replay, replay, replay_json
from ..engine.scoring import CATEGORIES
from ..errors import RecordError, UnknownRuleset
from ..i18n import Lang, t, t_label
from ..located import Located
from ..narrative import said, tell
from ..render import Report, json_text
from ..ruleset.model import Ruleset
from .common import DEFAULT_RULESET, FormatOpt, LangOpt, OptionOpt, choose_rulesets, load_deals, warn, worst

EXIT_MISMATCH = 3


def _narrative(lines: list[str]) -> list[tuple[int, str]]:
    """The narrative's indented lines as list items, a level for every two spaces of indent."""
    return [(max(0, (len(line) - len(line.lstrip())) // 2 - 1), line.strip()) for line in lines]


def unplayed(d: DealReplay, lang: Lang) -> str | None:
    """What is said of a deal whose play stops short: it is checked so far, and the partie does not count it."""
    if d.score is None or d.deal is None or d.score.complete or d.score.void:
        return None
    played = t("tricks played", lang).format(n=len(d.deal.tricks))
    if d.deal.lead_card is not None:
        played += t("and a lead", lang)
    return t("not played out", lang).format(n=d.number, played=played)


def _account(rep: Replay, doc: Located, title: str, lang: Lang, narrative: bool) -> Report:
    out = Report().heading(title)
    for d in rep.deals:
        if narrative:
            told = tell(d, doc.data["deals"][d.number - 1], lang)
            out.paragraph(told[0]).items(_narrative(told[1:]))
        head = f"{t('deal', lang)} {d.number}: {t('elder', lang)} {d.players[ELDER]}"
        if d.score is not None and d.score.void:
            out.paragraph(f"{head}: {'; '.join(say_all(d.score.notes, lang))}")
            continue
        rows = [[t(c, lang)] + [str(d.score.by[r][c]) for r in (0, 1)] for c in CATEGORIES
                if d.score is not None and any(d.score.by[r][c] for r in (0, 1))]
        rows.append([t("total", lang), str(d.totals[0]), str(d.totals[1])])
        out.paragraph(head).table([t("category", lang), d.players[0], d.players[1]], rows)
        notes = [f"! {t_label(m['at'], lang)}: {m['player']} {t('book', lang)} {said(m['claimed'], lang)}, "
                 f"{t('engine', lang)} {said(m['engine'], lang)} ({t('line', lang)} {m['line']})" for m in d.mismatches]
        flag = unplayed(d, lang)
        out.items([(0, note) for note in notes + ([f"! {flag}"] if flag else [])])
    res = rep.partie
    totals = f"{t('partie', lang)}: {rep.players[0]} {res.totals[0]}, {rep.players[1]} {res.totals[1]}"
    if not res.finished:
        out.paragraph(f"{totals} ({t('unfinished', lang)})")
    else:
        winner = rep.players[res.winner] if res.winner is not None else t("draw", lang)
        out.paragraph(f"{totals}; {t('winner', lang)} {winner}, {t('points won', lang)} {res.points_won}")
    return out.items([(0, f"! {t_label(m['at'], lang)}: {t('book', lang)} {said(m['claimed'], lang)}, "
                          f"{t('engine', lang)} {said(m['engine'], lang)}")
                      for m in rep.mismatches if m["deal"] is None])


def own_rulesets(doc: Located, option: list[str] | None) -> list[Ruleset]:
    """The ruleset a record names (``[Ruleset "…"]``, ``"ruleset"``), with its options; a ruleset that is not
    found is the record's fault, at its line.  A file is named from the record's folder."""
    ref = doc.data.get("ruleset", DEFAULT_RULESET)
    try:
        return choose_rulesets([ref], option, tuple(doc.data.get("options", {}).items()), Path(doc.file).parent)
    except UnknownRuleset as exc:
        raise RecordError([doc.problem(("ruleset",), str(exc))]) from None


def replay_command(
        files: Annotated[list[Path], typer.Argument(
            metavar="FILE", help="Deal records: notation (.piquet) or JSON (.json), example:NAME for a shipped "
                                 "example, or - for standard input.")],
        ruleset: Annotated[list[str] | None, typer.Option(
            "--ruleset", "-r", metavar="RULESET[:NAME=CHOICE,...]",
            help="Ruleset to score under, with its options if any (repeatable); default: the record's own.")] = None,
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
    results, report, problems, statuses = [], Report(), [], [0]
    for f in files:
        records = load_deals(f)
        for k, doc in enumerate(records, 1):
            if isinstance(doc, RecordError):
                problems += doc.problems
                statuses.append(1)
                continue
            where = doc.file if len(records) == 1 else f"{doc.file} #{k}"
            if ruleset:
                sets = choose_rulesets(ruleset, option)
            else:
                if "ruleset" not in doc.data:
                    warn(f"{where}: {t('assumed ruleset', lang).format(ruleset=DEFAULT_RULESET)}")
                try:
                    sets = own_rulesets(doc, option)
                except RecordError as exc:
                    problems += exc.problems
                    statuses.append(1)
                    continue
            for rs in sets:
                try:
                    rep = replay(doc, rs.rules)
                except RecordError as exc:  # a revoke, an impossible discard: this record only
                    problems += exc.problems
                    statuses.append(1)
                    break
                statuses.append(EXIT_MISMATCH if rep.mismatches else 0)
                results.append(dict(replay_json(rep, rs.id, lang), file=doc.file, record=k))
                tell_it = narrative if narrative is not None else doc.lines is not None
                report.extend(_account(rep, doc, f"{where}: {rs.id}", lang, tell_it))
                for d in rep.deals:  # a play begun and stopped short is likely a card left out in transcription
                    flag = unplayed(d, lang)
                    if flag and d.deal is not None and (d.deal.tricks or d.deal.lead_card is not None):
                        warn(f"{where}: {flag}")
    if results or not problems:
        typer.echo(json_text({"results": results}) if fmt == "json" else report.render(fmt))
    if problems:
        typer.echo("\n".join(map(str, problems)), err=True)
    status = worst(*statuses)
    if status:
        raise typer.Exit(status)
