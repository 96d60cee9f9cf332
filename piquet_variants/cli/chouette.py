"""``piquet-variants chouette``: settle a sitting of three (chouette) and check the book's scoring card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..engine.sitting import SittingReplay, replay_sitting
from ..errors import Problem, RecordError, msg
from ..examples import shown
from ..i18n import Lang, say, t
from ..render import Report, json_text
from . import complete
from .common import FormatOpt, LangOpt, OptionOpt, RecordsArg, load_deals, report_problems, rulesets_for

if TYPE_CHECKING:
    from ..api import Record

EXIT_MISMATCH = 3

EPILOG = ("Examples:\n\n  piquet-variants chouette example:cavendish-chouette\n\n"
          "  piquet-variants chouette example:cavendish-chouette --format json\n\n"
          "  piquet-variants chouette example:cavendish-chouette --lang fr --format markdown")


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _report(rep: SittingReplay, title: str, step: int, lang: Lang) -> Report:
    names = rep.players
    rows = []
    for n, line in enumerate(rep.sitting.lines, 1):
        winner = names[line.winner] if line.winner is not None else t("draw", lang)
        rows.append([str(n), names[line.seats.single], names[line.seats.player], names[line.seats.adviser], winner,
                     str(line.points), str(line.counted)] + [_signed(c) for c in line.card])
    headers = ["", t("single player", lang), t("plays against him", lang), t("advises", lang), t("winner", lang),
               t("points won", lang), t("counted", lang)] + list(names)
    totals = ", ".join(f"{name} {_signed(total)}" for name, total in zip(names, rep.sitting.totals))
    out = Report().heading(title).table(headers, rows)
    out.paragraph(f"{t('the sitting:', lang)} {totals} ({t('the card in steps of', lang)} {step})")
    out.items([(0, f"{names[p.payee]} {t('receives', lang)} {p.paid} {t('from', lang)} {names[p.payer]} "
                   f"({t('owed', lang)} {p.owed})") for p in rep.sitting.payments])
    return out.items([(0, f"! {say(m.problem.message, lang)} ({t('line', lang)} {m.problem.line})") for m in rep.mismatches])


def _json(rep: SittingReplay, ruleset_id: str, doc: Record, typed: object) -> dict[str, Any]:
    names = rep.players
    parties = [{"single": names[line.seats.single], "player": names[line.seats.player],
                "adviser": names[line.seats.adviser],
                "winner": names[line.winner] if line.winner is not None else None,
                "points_won": line.points, "counted": line.counted,
                "marks": dict(zip(names, line.marks)), "card": dict(zip(names, line.card))}
               for line in rep.sitting.lines]
    nxt = rep.sitting.next_seats
    return {"file": shown(typed, doc.file), "ruleset": ruleset_id, "players": list(names), "parties": parties,
            "totals": dict(zip(names, rep.sitting.totals)),
            "next": {"single": names[nxt.single], "player": names[nxt.player], "adviser": names[nxt.adviser]},
            "payments": [{"payer": names[p.payer], "payee": names[p.payee], "owed": p.owed, "paid": p.paid}
                         for p in rep.sitting.payments],
            "mismatches": [{"partie": m.partie, "player": m.player, "claimed": m.claimed, "engine": m.engine,
                            "line": m.problem.line, "column": m.problem.column} for m in rep.mismatches]}


def chouette_command(
        files: RecordsArg,
        ruleset: Annotated[list[str] | None, typer.Option(
            "--ruleset", "-r", metavar="RULESET[:NAME=CHOICE,...]", autocompletion=complete.rulesets,
            help="Ruleset to settle under, with its options if any (repeatable); default: the first record's own.")
        ] = None,
        option: OptionOpt = None, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Settle a sitting of three (chouette): each file's parties in order, one single player against the other two.

    Each partie is replayed and reckoned by the ruleset's chouette rules (in
    steps, units above the rounding bound counting a whole step), the single
    player winning or losing it at his stakes, and the seats turned as the
    ruleset says; at the end, what each player receives from another is
    reckoned without the fraction the ruleset neglects.  The book's scoring
    card ([ScoringCard], JSON sitting.card) is checked after every partie.

    Exit status: 0 when the card agrees, 3 when a figure differs, 1 when a
    record is bad input or the ruleset describes no chouette.
    """
    results, report, problems, status = [], Report(), [], 0
    for f in files:
        records = load_deals(f)
        bad = [r for r in records if isinstance(r, RecordError)]
        docs = [r for r in records if not isinstance(r, RecordError)]
        try:
            if bad:
                raise RecordError([p for r in bad for p in r.problems])
            if not docs:
                raise RecordError([Problem(str(f), 1, 1, "", msg("no-partie", "no partie to settle"))])
            sets = rulesets_for(docs[0], shown(f, docs[0].file), ruleset, option, lang)
            parties = [(doc.model, doc.located) for doc in docs]
            for rs in sets:
                rep = replay_sitting(parties, rs.rules)
                status = max(status, EXIT_MISMATCH if rep.mismatches else 0)
                results.append(_json(rep, rs.id, docs[0], f))
                step = rs.rules.chouette.partie_step or 1
                report.extend(_report(rep, f"{shown(f, docs[0].file)}: {rs.id}", step, lang))
        except RecordError as exc:
            problems += exc.problems
            status = 1
    if results or not problems:
        typer.echo(json_text({"results": results}) if fmt == "json" else report.render(fmt))
    if problems:
        report_problems(problems, lang)
    if status:
        raise typer.Exit(status)
