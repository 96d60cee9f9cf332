"""``piquet-variants simulate``: deals and parties between two players, each ruleset beside the others.

Exit status: 0, the run finished; 1, bad input (a ruleset, a player, a
scheduler that cannot be reached, a plot that cannot be written); 2, usage;
130, stopped by Ctrl-C (the partial result is printed, marked partial).
"""

from __future__ import annotations

import csv
import io
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from ..files import check_output_file
from ..i18n import Lang, decimal, figure_name, t
from ..players.registry import DEFAULT_PAIR, parse_pair, player_class, with_options
from ..render import grid, json_text
from ..ruleset.compiler import load_ruleset
from ..odds import book
from ..simulate.report import MEASURED_AS, ruleset_figures
from ..simulate.run import CHUNK, Plan, Timeouts, most_jobs, simulate
from .common import MOST_SEED, Figure, LangOpt, OptionOpt, RulesetsOpt, choose_rulesets

EXIT_INTERRUPTED = 130
MOST_DEALS = 10_000_000
SimFormat = Literal["table", "json", "markdown", "csv"]
EPILOG = ("Examples:\n\n  piquet-variants simulate -r cavendish-rubicon --deals 20000 --seed 1\n\n"
          "  piquet-variants simulate -r traite -r cavendish-rubicon --players cavendish:random --format json\n\n"
          "  piquet-variants simulate -r cavendish-rubicon --players learned+score+sink:learned+score+sink\n\n"
          "  piquet-variants simulate -r cavendish-rubicon --scheduler tcp://127.0.0.1:8786 --plot bands.svg\n\n"
          "Exit status: 0 done, 1 bad input, 2 usage, 130 stopped by Ctrl-C (the partial figures are printed).")


def simulate_command(
        ruleset: RulesetsOpt,
        deals: Annotated[int, typer.Option("--deals", "-n", click_type=Figure(int, 1, MOST_DEALS), help="Deals under each ruleset.")]
        = 10_000,
        seed: Annotated[int, typer.Option("--seed", "-s", click_type=Figure(int, 0, MOST_SEED),
                                          help="Seed: the same seed gives the same figures.")] = 1,
        players: Annotated[str, typer.Option("--players", "-p", metavar="FIRST:SECOND",
                                             help="The two players: learned (the default), random, cavendish, "
                                                  "search, a registered name or module:Class; options after +, "
                                                  "e.g. learned+score+sink.")] = DEFAULT_PAIR,
        jobs: Annotated[int | None, typer.Option("--jobs", "-j", click_type=Figure(int, 1), help="Local processes (default: all cores; never more than the cores, nor than the chunks of 200 deals).")]
        = None,
        scheduler: Annotated[str | None, typer.Option("--scheduler", metavar="ADDRESS",
                                                      help="A Dask scheduler to run on, tcp://HOST:PORT (the "
                                                           "'cluster' extra).")] = None,
        connect_timeout: Annotated[float, typer.Option(
            "--connect-timeout", metavar="SECONDS", click_type=Figure(float, 0.1, 600),
            help="How long the scheduler has to accept the connection.")] = Timeouts.connect,
        handshake_timeout: Annotated[float, typer.Option(
            "--handshake-timeout", metavar="SECONDS", click_type=Figure(float, 0.1, 600),
            help="How long the scheduler then has to answer as a Dask scheduler.")] = Timeouts.handshake,
        worker_timeout: Annotated[float, typer.Option(
            "--worker-timeout", metavar="SECONDS", click_type=Figure(float, 0.1, 3600),
            help="How long the scheduler then has to have a worker to run on.")] = Timeouts.workers,
        plot: Annotated[Path | None, typer.Option("--plot", metavar="FILE.svg",
                                                  help="Draw the score bands against Cavendish's (the 'plot' extra).")]
        = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
        option: OptionOpt = None,
        fmt: Annotated[SimFormat, typer.Option("--format", "-f", help="table, json, markdown or csv.")] = "table",
        lang: LangOpt = "en") -> None:
    """Simulate deals and parties between two players: the show, the score bands, the cards, the hazards, the partie.

    Each figure has its 95% interval; where the ruleset is the club game,
    Cavendish's figure is beside it with the distance in standard errors.
    """
    if plot is not None:
        check_output_file(plot)  # before any work, not after the run
    sets = choose_rulesets(ruleset, option)
    pair = parse_pair(players)
    for name in pair:
        player_class(name)  # a bad name fails here, before any work
    plan = Plan(tuple(rs.rules for rs in sets), pair, seed, deals)
    most = most_jobs(plan)
    if jobs is not None and jobs > most:
        chunks, cores = len(plan.tasks()), os.cpu_count() or 1
        typer.echo(f"piquet-variants: warning: --jobs {jobs} reduced to {most} (the run has {chunks} "
                   f"chunk{'s' if chunks > 1 else ''} of at most {CHUNK} deals, the machine {cores} "
                   f"core{'s' if cores > 1 else ''})", err=True)
    bar = Bar(deals * len(sets), quiet)
    try:
        outcome = simulate(plan, min(jobs or most, most), scheduler, bar.update,
                           Timeouts(connect_timeout, handshake_timeout, worker_timeout))
    finally:
        bar.stop()
    club = load_ruleset(book.GAME).rules
    data: dict[str, Any] = {"seed": seed, "deals": deals, "players": list(pair), "partial": outcome.partial,
                            "results": [ruleset_figures(rs, tally, rs.rules == club)
                                        for rs, tally in zip(sets, outcome.tallies)]}
    if plot is not None:
        from ..simulate.plot import plot as draw
        draw(data, plot)
    text = json_text(data) if fmt == "json" else _csv(data) if fmt == "csv" else _text(data, fmt, lang)
    typer.echo(text)
    if outcome.partial:
        typer.echo(f"piquet-variants: stopped: a partial result of {outcome.deals_done} deals", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)


class Bar:
    """Units done (deals, or what ``unit`` names) and a second, on stderr, for runs over a second, where stderr is
    a terminal."""

    def __init__(self, total: int, quiet: bool, unit: str = "deals"):
        self.total, self.start, self.unit = total, time.monotonic(), unit
        self.on = not quiet and sys.stderr.isatty()
        self.progress: Any = None
        self.task: Any = None

    def update(self, done: int) -> None:
        if not self.on or (self.progress is None and time.monotonic() - self.start < 1):
            return
        if self.progress is None:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
            self.progress = Progress(TextColumn(self.unit), BarColumn(), MofNCompleteColumn(),
                                     TextColumn("{task.fields[rate]} " + self.unit + "/s"), TimeRemainingColumn(),
                                     console=Console(stderr=True), transient=True)
            self.task = self.progress.add_task("simulate", total=self.total, rate="-")
            self.progress.start()
        rate = done / max(1e-9, time.monotonic() - self.start)
        self.progress.update(self.task, completed=done, rate=f"{rate:,.0f}")

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()


_ROWS = (("show", "elder"), ("show", "younger"), ("average", "elder"), ("average", "younger"),
         ("cards", "elder"), ("cards", "younger"), ("cards", "divided"),
         ("pique", "elder"), ("pique", "younger"), ("repique", "elder"), ("repique", "younger"),
         ("pique_or_repique", "elder"), ("capot", "elder"), ("capot", "younger"),
         ("carte_blanche", "elder"), ("carte_blanche", "younger"))
_PARTIE = ("points_won", "rubicon", "length", "first_dealer_wins")


def _cell(value: Any, ci: Any, lang: Lang) -> str:
    if isinstance(value, float) and isinstance(ci, list) and all(isinstance(x, float) for x in ci) and value <= 1:
        value, ci = f"{value:.4f}", [f"{x:.4f}" for x in ci]
    return t("{value} [{low}, {high}]", lang).format(value=decimal(value, lang), low=decimal(ci[0], lang),
                                                     high=decimal(ci[1], lang))


def _book_cell(res: dict[str, Any], key: str, hand: str | None, lang: Lang) -> str:
    """The book's figure in its words (the words of the language), and ours as the book's figure is measured."""
    for b in res["book"]:
        if b["figure"] == key and b["hand"] == hand:
            z = "" if b["z"] is None else t(", {z} se", lang).format(z=decimal(f"{b['z']:+.1f}", lang))
            return t("{book} ({measure}: {ours}{z})", lang).format(
                book=t(b["book"], lang), measure=t(MEASURED_AS[key], lang).format(n=b["book"]),
                ours=decimal(b["ours"], lang), z=z)
    return ""


def _book_of(data: dict[str, Any]) -> dict[str, Any] | None:
    return next((r for r in data["results"] if r["book"]), None)


def _player(pid: str, lang: Lang) -> str:
    """A player as a reader sees it: a shipped player's name in the reader's language, with the id typed for it
    beside where they differ (``appris (learned+score)``); a player of one's own by its id."""
    base = with_options(pid)[0]
    words = t(f"player:{base}", lang)
    return pid if words in (f"player:{base}", base) else f"{words} ({pid})"


def _text(data: dict[str, Any], fmt: Any, lang: Lang) -> str:
    results = data["results"]
    club = _book_of(data)
    headers = [t("figure", lang), t("hand", lang)] + [r["ruleset"] for r in results]
    if club:
        headers.append(f"Cavendish ({club['ruleset']})")
    rows = []
    for key, hand in _ROWS:
        row = [figure_name(key, lang), t(hand, lang)] + [_cell(r[key][hand], r[f"{key}_ci"][hand], lang) for r in results]
        rows.append(row + ([_book_cell(club, key, hand, lang)] if club else []))
    for key in _PARTIE:
        row = [t(f"partie {key}", lang), "-"] + [_cell(r["partie"][key], r["partie"][f"{key}_ci"], lang) for r in results]
        book_key = {"points_won": "partie_average", "rubicon": "rubicon"}.get(key, "")
        rows.append(row + ([_book_cell(club, book_key, None, lang)] if club else []))
    rows.append([t("parties", lang), "-"] + [str(r["partie"]["parties"]) for r in results] + ([""] if club else []))
    head = (f"{t('deals', lang)}: {data['deals']}, {t('seed', lang)}: {data['seed']}, "
            f"{t('players', lang)}: {t('{first} v {second}', lang).format(first=_player(data['players'][0], lang), second=_player(data['players'][1], lang))}" + (f" ({t('partial', lang)})" if data["partial"]
                                                                     else ""))
    bands_headers = [t("band", lang)] + [f"{r['ruleset']}: {t(role, lang)}" for r in results for role in ("elder",
                                                                                                       "younger")]
    if club:
        bands_headers += [f"Cavendish: {t('elder', lang)}", f"Cavendish: {t('younger', lang)}"]
    bands = []
    for b in book.BANDS:
        row = [b] + [f"{r['bands'][role][b] * 10_000 / max(1, r['deals']):.0f}" for r in results
                     for role in ("elder", "younger")]
        if club:
            row += [str(club["book_bands"][role][b]) for role in ("elder", "younger")]
        bands.append(row)
    notes = sorted({b["citation"] for r in results for b in r["book"]})
    if club:
        notes.append(club["book_bands_citation"])
    bullet = "- " if fmt == "markdown" else ""
    return "\n".join([head, "", grid(fmt, headers, rows), "", t("bands per 10,000 deals", lang), "",
                       grid(fmt, bands_headers, bands), ""] + [bullet + n for n in notes])


def _csv(data: dict[str, Any]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["ruleset", "figure", "hand", "value", "low", "high", "book", "z"])
    for r in data["results"]:
        for key, hand in _ROWS:
            b = next((b for b in r["book"] if b["figure"] == key and b["hand"] == hand), None)
            lo, hi = r[f"{key}_ci"][hand]
            w.writerow([r["ruleset"], key, hand, r[key][hand], lo, hi, b["book"] if b else "", b["z"] if b else ""])
        for key in _PARTIE:
            lo, hi = r["partie"][f"{key}_ci"]
            w.writerow([r["ruleset"], f"partie_{key}", "", r["partie"][key], lo, hi, "", ""])
        for role in ("elder", "younger"):
            for band, n in r["bands"][role].items():
                w.writerow([r["ruleset"], f"band {band}", role, n, "", "", (r.get("book_bands") or {}).get(role, {})
                            .get(band, ""), ""])
    return out.getvalue().rstrip("\n")
