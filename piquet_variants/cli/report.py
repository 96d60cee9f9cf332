"""``piquet-variants report``: the HTML report, a static site (``piquet_variants.report``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..analysis import MOST_SAMPLES
from ..errors import OutputRefused, Problem, RecordError, msg
from ..examples import SUFFIXES, shown
from ..files import quietly
from . import complete
from .common import AlsoRulesetsOpt, Figure, LangOpt, OptionOpt, Unusable, choose_rulesets, load_deals, record_rulesets


def _record_files(paths: list[str]) -> list[Path]:
    """Each path given, a folder standing for its record files (.piquet, .json) in name order."""
    out: list[Path] = []
    for p in paths:
        folder = Path(p)
        if quietly(Path.is_dir, folder):  # else a file, which the reading says is bad if it is
            out += sorted(f for f in folder.iterdir() if f.is_file() and f.suffix in SUFFIXES)
        else:
            out.append(folder)
    return out


def report_command(
        output: Annotated[Path, typer.Option(
            "--output", "-O", metavar="DIR", help="The folder to write the site to: made, or an empty one, or one "
                                                  "holding a report written before, whose files alone are replaced.")],
        ids: Annotated[list[str] | None, typer.Argument(
            metavar="RULESET", autocompletion=complete.rulesets, help="Rulesets to report (ids or .yaml files, with options as ID:NAME=CHOICE); "
                                    "default: every ruleset on the search path.")] = None,
        flagged: AlsoRulesetsOpt = None,
        deals: Annotated[list[str] | None, typer.Option(
            "--deals", metavar="PATH", autocompletion=complete.records, help="Records to replay: notation or JSON files, folders of them, or "
                                            "example:NAME; repeatable.")] = None,
        stats: Annotated[Path | None, typer.Option(
            "--stats", metavar="FILE", help="The JSON of 'simulate --format json', tabled and charted.")] = None,
        agreement: Annotated[Path | None, typer.Option(
            "--agreement", metavar="FILE", help="The JSON of 'benchmarks/examples_agreement.py --format json': how "
                                                "often the player makes the book's choices, and each "
                                                "disagreement.")] = None,
        annotate: Annotated[int, typer.Option(
            "--annotate", metavar="SAMPLES", click_type=Figure(int, 0, MOST_SAMPLES),
            help="Annotate each record's decisions, as 'analyse' does, on this many drawn deals (0: not).")] = 0,
        option: OptionOpt = None, lang: LangOpt = "en",
        force: Annotated[bool, typer.Option(
            "--force", help="Replace the report in DIR even where files of your own were added to it: they are "
                            "kept. A folder that holds no report is never written.")] = False) -> None:
    """Write the HTML report: the rulesets by date, the rules matrix, each ruleset and each rule's history with
    their citations, the conflicts, the bibliography, each deal replayed under every ruleset, and the statistics.

    The site opens from the folder (file://) with no network.  It is built in a
    temporary folder and moved into place: a bad record, statistics or
    agreement file writes nothing.  The folder keeps a list of the files the report wrote
    (.piquet-variants-report): a later report replaces those, and nothing
    else.

    Exit status: 0 written; 1 bad input (a record, a ruleset, the statistics
    or agreement file); 2 usage (DIR is not the report's: a folder holding
    anything but a report, the root, a system or home folder, the current folder or one above
    it; or a report with files of yours added, without --force).
    """
    from ..report import agreed, deals as deal_pages, site, stats as stats_page

    try:
        site.check_target(output, force)
    except OutputRefused as exc:
        raise Unusable(exc.message, param_hint="--output") from None
    ids = [*(ids or ()), *(flagged or ())]
    chosen = choose_rulesets(ids, option) if ids else choose_rulesets(_known(), option)
    seen = [rs.id for rs in chosen]
    twice = sorted({i for i in seen if seen.count(i) > 1})
    if twice:
        raise Unusable(msg("given-twice", "{rulesets} given twice: a report shows each ruleset once",
                           rulesets=tuple(twice)), param_hint="RULESET")
    entries: list[deal_pages.Entry] = []
    problems: list[Problem] = []
    for f in _record_files(deals or []):
        records = load_deals(f)
        for k, doc in enumerate(records, 1):
            if isinstance(doc, RecordError):
                problems += doc.problems
                continue
            where = shown(f, doc.file) if len(records) == 1 else f"{shown(f, doc.file)} #{k}"
            try:
                entries.append(deal_pages.Entry(doc, k, len(records), record_rulesets(doc, where, None, lang)[0],
                                                annotate))
            except RecordError as exc:
                problems += exc.problems
    if problems:
        raise RecordError(problems)
    data = stats_page.load(stats) if stats is not None else None
    counted = agreed.load(agreement) if agreement is not None else None
    try:
        pages = site.build(output, chosen, entries, data, lang, force, counted)
    except OutputRefused as exc:  # the folder changed while the pages were made
        raise Unusable(exc.message, param_hint="--output") from None
    typer.echo(f"{output / 'index.html'}: {pages} pages")


def _known() -> list[str]:
    from ..ruleset.registry import known_ids
    return known_ids()

