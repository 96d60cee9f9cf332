"""``piquet-variants compare``: one record under several rulesets, side by side, with the rules that differ.

For each category whose score differs from the first ruleset's, the rules
that make it differ are named (``attribution``: found by replaying the
record with the rule changed, not by which rules govern the category), each
with the citation from both rulesets, so the reader sees not only that the
figures part but which source's article makes them part.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ..attribution import MAX_REPLAYED, Budget, Cause, attribute
from ..engine.record import DealReplay, Replay, replay
from ..engine.scoring import CATEGORIES
from ..errors import RecordError, msg
from ..i18n import Lang, t
from ..lexicon import value_words
from ..render import Report, Streamed
from ..rulebook.views import footnote
from ..ruleset.model import Ruleset, plain
from . import complete
from .common import FormatOpt, LangOpt, OptionOpt, Unusable, choose_rulesets, each_record, numbered, report_problems


def compare_command(
        file: Annotated[Path, typer.Argument(metavar="FILE", autocompletion=complete.records, help="A deal record: notation (.piquet) or JSON, "
                                                                  "example:NAME, or - for standard input.")],
        ruleset: Annotated[list[str], typer.Option(
            "--ruleset", "-r", metavar="RULESET[:NAME=CHOICE,...]", autocompletion=complete.rulesets,
            help="Ruleset to compare, with its options if any (repeat, two or more).")],
        option: OptionOpt = None, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Replay each deal or partie of a file under several rulesets, category by category, naming the rule behind
    each difference.

    A rule is named only if setting it alone to the other ruleset's value
    changes the figure; where no single rule gives the other figure, the
    smallest set of rules that does is named too.  A bad record is reported on
    stderr (exit status 1) and the others are still compared.
    """
    if len(ruleset) < 2:
        raise Unusable(msg("two-rulesets", "give at least two rulesets"), param_hint="--ruleset")
    sets = choose_rulesets(ruleset, option)
    names = _names(sets)
    budget = Budget()  # the experiments' bound, for the whole file
    out = Streamed(fmt, lambda text: typer.echo(text, nl=False), "deals", {"file": str(file), "rulesets": names})
    bad = False
    for k, alone, doc in numbered(each_record(file)):
        try:
            if isinstance(doc, RecordError):
                raise doc
            record = doc.model
            reps = [replay(record, rs.rules, doc.located) for rs in sets]
            found = [(name, rs, attribute(record, doc.located, sets[0], rs, budget)) for name, rs in zip(names[1:], sets[1:])]
        except RecordError as exc:  # this record only: the others are still compared
            report_problems(exc.problems, lang)
            bad = True
            continue
        for d in _deals(reps, sets, names, found, lang):
            d = d if alone else dict(d, record=k)
            out.add(_text(d, names, lang), d)
    if out.parts or not bad:
        out.close()
    if bad:
        raise typer.Exit(1)


def _deals(reps: list[Replay], sets: list[Ruleset], names: list[str],
           found: list[tuple[str, Ruleset, list[Cause]]], lang: Lang) -> list[dict[str, Any]]:
    """One record's deals under each ruleset: the figures by category, and the rules behind each difference."""
    deals: list[dict[str, Any]] = []
    for n, base in enumerate(reps[0].deals):
        rows = []
        for category in CATEGORIES + ("total",):
            values = [[_figure(d.deals[n], r, category) for r in (0, 1)] for d in reps]
            if any(any(v) for v in values):
                rows.append({"category": category, "values": {name: {base.players[r]: v[r] for r in (0, 1)}
                                                              for name, v in zip(names, values)}})
        causes = [{"category": c.category, "rulesets": [names[0], name], "alone": c.alone,
                   "rules": [_rule(p, sets[0], rs, lang) for p in c.rules]} | ({"stopped": True} if c.stopped else {})
                  for name, rs, cs in found for c in cs if c.deal == n + 1]
        deals.append({"number": n + 1, "players": list(base.players), "rows": rows, "causes": causes})
    return deals


def _names(sets: list[Ruleset]) -> list[str]:
    """Each ruleset's id, with its options where the same ruleset is compared under other options."""
    ids = [rs.id for rs in sets]
    return [rs.id if ids.count(rs.id) == 1 else f"{rs.id}:{','.join(f'{k}={v}' for k, v in rs.chosen)}"
            for rs in sets]


def _rule(path: str, a: Ruleset, b: Ruleset, lang: Lang) -> dict[str, Any]:
    return {"rule": path, "values": [plain(a.entry(path).value), plain(b.entry(path).value)],
            "shown": [value_words(a.entry(path).value, lang, path), value_words(b.entry(path).value, lang, path)],
            "citations": [[footnote(c, lang, a) for c in a.entry(path).citations],
                          [footnote(c, lang, b) for c in b.entry(path).citations]]}


def _figure(deal: DealReplay, role: int, category: str) -> int:
    """A role's score in one category, or his total; a deal not scored (a fresh deal) scores nothing."""
    if category == "total":
        return deal.totals[role]
    return deal.score.by[role][category] if deal.score is not None else 0


def _text(deal: dict[str, Any], names: list[str], lang: Lang) -> Report:
    players = deal["players"]
    headers = [t("category", lang)] + [f"{name}: {p}" for name in names for p in players]
    rows = [[t(r["category"], lang)] + [str(r["values"][name][p]) for name in names for p in players]
            for r in deal["rows"]]
    head = f"{t('record', lang)} {deal['record']}, " if "record" in deal else ""
    out = Report().heading(f"{head}{t('deal', lang)} {deal['number']}").table(headers, rows)
    for c in deal["causes"]:
        a, b = c["rulesets"]
        if c.get("stopped"):
            out.paragraph(f"{t(c['category'], lang)}: {t('attribution stopped', lang).format(n=MAX_REPLAYED)}")
            continue
        said = ", ".join(f"{r['rule']}: {a} = {r['shown'][0]}, {b} = {r['shown'][1]}" for r in c["rules"])
        label = t("rule responsible" if c["alone"] else "rules responsible together", lang)
        out.paragraph(f"{t(c['category'], lang)}: {label} {said}")
        out.items([(0, f"{a}: {f}") for r in c["rules"] for f in r["citations"][0]]
                  + [(0, f"{b}: {f}") for r in c["rules"] for f in r["citations"][1]])
    return out
