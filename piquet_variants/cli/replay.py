"""``piquet-variants replay``: re-score recorded deals and check the scores they claim."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..engine.deal import ELDER
from ..engine.notes import say_all
from ..engine.record import Replay, replay, replay_json
from ..engine.scoring import CATEGORIES
from ..errors import RecordError
from ..i18n import Lang, t
from ..located import Located
from ..narrative import tell
from ..render import Format, grid, json_text
from .common import FormatOpt, LangOpt, OptionOpt, load_deals, parse_options, resolve_ruleset, worst

EXIT_MISMATCH = 3


def _account(rep: Replay, doc: Located, ruleset_id: str, fmt: Format, lang: Lang, narrative: bool) -> str:
    lines = [f"{'## ' if fmt == 'markdown' else ''}{ruleset_id}"]
    for d in rep.deals:
        if narrative:
            lines += [""] + tell(d, doc.data["deals"][d.number - 1], lang)
        head = f"{t('deal', lang)} {d.number}: {t('elder', lang)} {d.players[ELDER]}"
        if d.score is not None and d.score.void:
            lines.append(f"{head}: {'; '.join(say_all(d.score.notes, lang))}")
            continue
        rows = [[t(c, lang)] + [str(d.score.by[r][c]) for r in (0, 1)] for c in CATEGORIES
                if d.score is not None and any(d.score.by[r][c] for r in (0, 1))]
        rows.append([t("total", lang), str(d.totals[0]), str(d.totals[1])])
        lines += ["", head, grid(fmt, [t("category", lang), d.players[0], d.players[1]], rows)]
        for m in d.mismatches:
            lines.append(f"  ! {m['at']}: {m['player']} {t('book', lang)} {m['claimed']}, "
                         f"{t('engine', lang)} {m['engine']} (line {m['line']})")
    res = rep.partie
    totals = f"{t('partie', lang)}: {rep.players[0]} {res.totals[0]}, {rep.players[1]} {res.totals[1]}"
    if not res.finished:
        lines += ["", f"{totals} ({t('unfinished', lang)})"]
    else:
        winner = rep.players[res.winner] if res.winner is not None else t("draw", lang)
        lines += ["", f"{totals}; {t('winner', lang)} {winner}, {t('points won', lang)} {res.points_won}"]
    lines += [f"  ! {m['at']}: {t('book', lang)} {m['claimed']}, {t('engine', lang)} {m['engine']}"
              for m in rep.mismatches if m["deal"] is None]
    return "\n".join(lines)


def replay_command(
        files: Annotated[list[Path], typer.Argument(
            metavar="FILE", help="Deal records: notation (.piquet) or JSON (.json).")],
        ruleset: Annotated[list[str] | None, typer.Option(
            "--ruleset", "-r", metavar="ID", help="Ruleset to score under (repeatable); default: the record's own.")] = None,
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
    results, texts, problems, statuses = [], [], [], [0]
    for f in files:
        records = load_deals(f)
        for k, doc in enumerate(records, 1):
            if isinstance(doc, RecordError):
                problems += doc.problems
                statuses.append(1)
                continue
            where = doc.file if len(records) == 1 else f"{doc.file} #{k}"
            for rid in ruleset or [doc.data.get("ruleset", "modern-fr")]:
                opts = parse_options(option) if ruleset else tuple(doc.data.get("options", {}).items()) + parse_options(option)
                rs = resolve_ruleset(rid, opts)
                try:
                    rep = replay(doc, rs.rules)
                except RecordError as exc:  # a revoke, an impossible discard: this record only
                    problems += exc.problems
                    statuses.append(1)
                    break
                statuses.append(EXIT_MISMATCH if rep.mismatches else 0)
                results.append(dict(replay_json(rep, rs.id, lang), file=doc.file, record=k))
                tell_it = narrative if narrative is not None else doc.lines is not None
                texts.append(_account(rep, doc, f"{where}: {rs.id}", fmt, lang, tell_it))
    if results or not problems:
        typer.echo(json_text({"results": results}) if fmt == "json" else "\n\n".join(texts))
    if problems:
        typer.echo("\n".join(map(str, problems)), err=True)
    status = worst(*statuses)
    if status:
        raise typer.Exit(status)
