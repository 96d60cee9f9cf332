"""``piquet-variants compare``: one record under several rulesets, side by side, with the rules that differ.

For each category whose score differs from the first ruleset's, the rules
that govern that category and differ between the two rulesets are named,
each with the citation from both rulesets, so the reader sees not only that
the figures part but which source's article makes them part.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ..engine.record import DealReplay, Replay, replay
from ..engine.scoring import CATEGORIES
from ..errors import Problem, RecordError
from ..i18n import Lang, t
from ..render import Format, grid, json_text
from ..ruleset.model import Ruleset
from ..ruleset.views import diff, footnote, plain
from .common import FormatOpt, LangOpt, OptionOpt, load_deals, parse_options, resolve_ruleset

#: The rule groups that decide each category's score.
GOVERNS = {"carte_blanche": ("carte_blanche",), "point": ("point", "declarations"),
           "sequences": ("sequences", "declarations"), "sets": ("sets", "declarations"),
           "play": ("play",), "cards": ("cards",), "pique": ("pique", "reckoning"),
           "repique": ("repique", "reckoning"), "capot": ("cards",), "penalty": ("penalties",)}


def responsible(base: Ruleset, other: Ruleset, category: str) -> list[dict[str, Any]]:
    """The rules governing ``category`` whose values differ between the two rulesets."""
    groups = GOVERNS[category]
    return [d for d in diff(base, other) if d["path"].split(".")[0] in groups]


def compare_command(
        file: Annotated[Path, typer.Argument(metavar="FILE", help="A deal record: notation (.piquet) or JSON.")],
        ruleset: Annotated[list[str], typer.Option("--ruleset", "-r", metavar="ID",
                                                   help="Ruleset to compare (repeat, two or more).")],
        option: OptionOpt = None, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Replay each deal or partie of a file under several rulesets, category by category, naming the rule behind each difference.

    A bad record is reported on stderr (exit status 1) and the others are still compared.
    """
    if len(ruleset) < 2:
        raise typer.BadParameter("give at least two rulesets", param_hint="--ruleset")
    sets = [resolve_ruleset(r, parse_options(option)) for r in ruleset]
    records = load_deals(file)
    deals: list[dict[str, Any]] = []
    problems: list[Problem] = []
    for k, doc in enumerate(records, 1):
        try:
            if isinstance(doc, RecordError):
                raise doc
            reps = [replay(doc, rs.rules) for rs in sets]
        except RecordError as exc:  # this record only: the others are still compared
            problems += exc.problems
            continue
        deals += [dict(d, record=k) if len(records) > 1 else d for d in _deals(reps, sets, lang)]
    if deals or not problems:
        if fmt == "json":
            typer.echo(json_text({"file": str(file), "rulesets": [rs.id for rs in sets], "deals": deals}))
        else:
            typer.echo("\n\n".join(_text(d, sets, fmt, lang) for d in deals))
    if problems:
        typer.echo("\n".join(map(str, problems)), err=True)
        raise typer.Exit(1)


def _deals(reps: list[Replay], sets: list[Ruleset], lang: Lang) -> list[dict[str, Any]]:
    """One record's deals under each ruleset: the figures by category, and the rules behind each difference."""
    deals: list[dict[str, Any]] = []
    for n, base in enumerate(reps[0].deals):
        rows, causes = [], []
        for category in CATEGORIES + ("total",):
            values = [[_figure(d.deals[n], r, category) for r in (0, 1)] for d in reps]
            if not any(any(v) for v in values):
                continue
            rows.append({"category": category, "values": {rs.id: {base.players[r]: v[r] for r in (0, 1)}
                                                          for rs, v in zip(sets, values)}})
            if category == "total":
                continue
            for rs, v in zip(sets[1:], values[1:]):
                if v != values[0]:
                    for d in responsible(sets[0], rs, category):
                        causes.append({"category": category, "rule": d["path"], "rulesets": [sets[0].id, rs.id],
                                       "values": [d["a"]["value"], d["b"]["value"]],
                                       "citations": [[footnote(c, lang) for c in sets[0].entry(d["path"]).citations],
                                                     [footnote(c, lang) for c in rs.entry(d["path"]).citations]]})
        deals.append({"number": n + 1, "players": list(base.players), "rows": rows, "causes": causes})
    return deals


def _figure(deal: DealReplay, role: int, category: str) -> int:
    """A role's score in one category, or his total; a deal not scored (a fresh deal) scores nothing."""
    if category == "total":
        return deal.totals[role]
    return deal.score.by[role][category] if deal.score is not None else 0


def _text(deal: dict[str, Any], sets: list[Ruleset], fmt: Format, lang: Lang) -> str:
    players = deal["players"]
    headers = [t("category", lang)] + [f"{rs.id}: {p}" for rs in sets for p in players]
    rows = [[t(r["category"], lang)] + [str(r["values"][rs.id][p]) for rs in sets for p in players]
            for r in deal["rows"]]
    head = f"{t('record', lang)} {deal['record']}, " if "record" in deal else ""
    lines = [f"{head}{t('deal', lang)} {deal['number']}", grid(fmt, headers, rows)]
    for c in deal["causes"]:
        a, b = c["rulesets"]
        lines.append(f"\n{t(c['category'], lang)}: {t('rule responsible', lang)} {c['rule']}: "
                     f"{a} = {plain(c['values'][0])}, {b} = {plain(c['values'][1])}")
        lines += [f"  {a}: {f}" for f in c["citations"][0]] + [f"  {b}: {f}" for f in c["citations"][1]]
    return "\n".join(lines)
