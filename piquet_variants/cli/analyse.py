"""``piquet-variants analyse``: a recorded deal annotated as a chess engine annotates a game.

Exit status: 0, every record annotated; 1, bad input (a record, a ruleset, a player); 2, usage; 130, stopped by
Ctrl-C (nothing is printed: an annotation is whole or not given).
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer

from ..analysis import COSTLY, MOST_SAMPLES, Annotation, Choice, DealAnalysis, Plan, analyse, annotate
from ..cards import card_name, mask_names
from ..engine.deal import ELDER
from ..errors import RecordError
from ..i18n import Lang, decimal, t
from ..players.registry import DEFAULT_PLAYER, player_class
from ..render import Report
from ..saying import annotation_table, said_skipped
from .common import MOST_SEED, Figure, FormatOpt, LangOpt, OptionOpt, finish, load_deals, rulesets_for, warn
from ..simulate.run import on_processes
from .simulate import EXIT_INTERRUPTED, Bar

EPILOG = ("Examples:\n\n  piquet-variants analyse example:traite-art12\n\n"
          "  piquet-variants analyse example:traite-art12 --format json --samples 32 --seed 7\n\n"
          "  piquet-variants analyse my-deal.piquet --player search --exact --lang fr --format markdown\n\n"
          f"A choice that gives up {COSTLY:g} points or more against the best found is marked '!'.\n\n"
          "Exit status: 0 done, 1 bad input, 2 usage, 130 stopped by Ctrl-C (nothing printed).")


def analyse_command(
        file: Annotated[Path, typer.Argument(metavar="RECORD", help="A deal record: notation, JSON, example:NAME, or "
                                                                     "- for standard input.")],
        player: Annotated[str, typer.Option("--player", "-p", metavar="NAME",
                                            help="The player who finds the alternatives and plays out each one: "
                                                 "learned (the default), cavendish, search, random, a "
                                                 "registered name or module:Class.")] = DEFAULT_PLAYER,
        samples: Annotated[int, typer.Option("--samples", "-n", click_type=Figure(int, 1, MOST_SAMPLES),
                                             help="Deals drawn to value each alternative.")] = 16,
        seed: Annotated[int, typer.Option("--seed", "-s", click_type=Figure(int, 0, MOST_SEED),
                                          help="Seed: the same seed gives the same annotations.")]
        = 1,
        exact: Annotated[bool, typer.Option("--exact", help="Play out the cards by the double-dummy solver, every "
                                                            "hand open, rather than by the player.")] = False,
        ruleset: Annotated[str | None, typer.Option("--ruleset", "-r", metavar="RULESET[:NAME=CHOICE,...]",
                                                    help="The ruleset to analyse under; default: the record's own.")]
        = None,
        option: OptionOpt = None,
        jobs: Annotated[int | None, typer.Option("--jobs", "-j", click_type=Figure(int, 1), help="Local processes (default: all cores; "
                                                 "never more than the cores, nor than the decisions).")] = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
        fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Annotate each decision of recorded deals: the discards, each call and each card, the player's choice beside
    the recorded one, and what the recorded one gives up against the best found, in the partie's settlement.

    Each alternative is played out on the same deals drawn from what the deciding player could see; a deal that
    ends the partie is valued by the partie's settlement, any other by its points, his less his adversary's.
    """
    player_class(player)  # a bad name fails here, before any work
    results: list[dict[str, Any]] = []
    report = Report()
    statuses = [0]
    problems = []
    for k, doc in enumerate(load_deals(file), 1):
        if isinstance(doc, RecordError):
            problems += doc.problems
            statuses.append(1)
            continue
        where = f"{doc.file} #{k}"
        try:
            rs = rulesets_for(doc, where, [ruleset] if ruleset else None, option, lang)[0]
            from ..api import replay
            rep = replay(doc, rs.rules)
        except RecordError as exc:
            problems += exc.problems
            statuses.append(1)
            continue
        try:
            deals = analyse(rep, player, samples, seed, exact, partial(_run, jobs=jobs, quiet=quiet))
        except KeyboardInterrupt:
            typer.echo("piquet-variants: stopped", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        results.append(_json(deals, doc.file, k, rs.id, player, samples, seed, exact, lang))
        report.extend(_report(deals, f"{doc.file}: {rs.id}", player, samples, lang))
    finish(results, report, problems, statuses, fmt, lang)


def _task(task: tuple[int, int, Plan]) -> Annotation:
    """Decision ``i`` of the ``p``-th deal's plan (``task``: p, i, the plan) annotated, in a worker."""
    return annotate(task[2], task[1])


def _run(found: list[Plan], jobs: int | None, quiet: bool) -> list[list[Annotation]]:
    """Every decision of every deal annotated, here or on ``jobs`` processes (each decision seeded apart, so the
    result is the same for any number of them)."""
    tasks = [(p, i, plan) for p, plan in enumerate(found) for i in range(len(plan.steps))]
    most = max(1, min(len(tasks), os.cpu_count() or 1))
    if jobs is not None and jobs > most:
        warn(f"--jobs {jobs} reduced to {most} (the record has {len(tasks)} decisions, the machine "
             f"{os.cpu_count() or 1} cores)")
    workers = min(jobs or most, most)
    bar = Bar(len(tasks), quiet, "decisions")
    done: dict[tuple[int, int], Annotation] = {}
    annotated = ((task, _task(task)) for task in tasks) if workers <= 1 else on_processes(_task, tasks, workers)
    try:
        for n, ((p, i, _), annotation) in enumerate(annotated, 1):
            done[p, i] = annotation
            bar.update(n)
    finally:
        bar.stop()
    return [[done[p, i] for i in range(len(plan.steps))] for p, plan in enumerate(found)]


def _report(deals: list[DealAnalysis], title: str, player: str, samples: int, lang: Lang) -> Report:
    out = Report().heading(title)
    out.paragraph(t("Each alternative played out by {player} on {samples} drawn deals; '!' marks a choice that "
                    "gives up {costly} points or more.", lang).format(player=player, samples=samples,
                                                                     costly=decimal(f"{COSTLY:g}", lang)))
    for d in deals:
        out.paragraph(f"{t('deal', lang)} {d.number}: {t('elder', lang)} {d.players[ELDER]}, "
                      f"{t('younger', lang)} {d.players[1 - ELDER]}")
        headers, rows = annotation_table(d, player, lang)
        if rows:
            out.table(headers, rows)
        out.items([(0, said_skipped(s, lang)) for s in d.skipped])
    return out


def _action_id(a: Annotation, action: int) -> Any:
    """An action as JSON names it: a discard's cards, a card, or a call's cards (``sink`` for none)."""
    if a.choice == Choice.DISCARD:
        return mask_names(action)
    if a.choice == Choice.CARD:
        return card_name(action)
    return mask_names(a.options[action]) if a.options[action] else "sink"


def _json(deals: list[DealAnalysis], file: str, record: int, ruleset: str, player: str, samples: int, seed: int,
          exact: bool, lang: Lang) -> dict[str, Any]:
    """The ``analyse --format json`` contract for one record."""
    out = []
    for d in deals:
        decisions = [{"index": a.index, "decision": a.choice.value, "kind": a.kind, "role": ("elder", "younger")[a.role],
                      "by": d.players[a.role],
                      **{name: {"action": _action_id(a, v.action), "value": v.value}
                         for name, v in (("recorded", a.recorded), ("player", a.player), ("best", a.best))},
                      "loss": a.loss, "costly": a.costly, "alternatives": a.alternatives, "samples": a.samples,
                      "offered": a.offered, "sunk": mask_names(a.sunk)}
                     for a in d.annotations]
        skipped = [{"decision": s.choice.value, "reason": s.reason.value, "words": said_skipped(s, lang)}
                   for s in d.skipped]
        out.append({"number": d.number, "elder": d.players[ELDER], "younger": d.players[1 - ELDER],
                    "decisions": decisions, "skipped": skipped})
    return {"file": file, "record": record, "ruleset": ruleset, "player": player, "samples": samples, "seed": seed,
            "exact": exact, "costly_at": COSTLY, "deals": out}
