"""``piquet-variants rulesets …``: list, show, validate, diff and cite rulesets."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import typer

from ..errors import ProblemsError
from ..i18n import Lang, t
from ..render import Report, format_value, grid, json_text
from ..ruleset import views
from ..ruleset.compiler import compile_path
from ..ruleset.registry import SOURCES_FILE, read_sources, shipped_ids
from .common import FormatOpt, LangOpt, OptionOpt, parse_options, resolve_ruleset

app = typer.Typer(help="Inspect, validate, compare and cite the rulesets.", no_args_is_help=True)


def _attest(c: dict, lang: Lang) -> list[str]:
    return [c["source"], c["locator"], t(c["attestation"], lang)]


def _cites(citations: list[dict], lang: Lang) -> str:
    return "; ".join(f"{c['source']} {c['locator']} [{t(c['attestation'], lang)}]" for c in citations)


@app.command("list", epilog="Example: piquet-variants rulesets list --format json")
def list_(fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """List the shipped rulesets and the sources each follows."""
    docs = [views.summary(resolve_ruleset(i), lang) for i in shipped_ids()]
    if fmt == "json":
        typer.echo(json_text(docs))
        return
    rows = [[d["id"], d["title"], ", ".join(d["sources"]), d["extends"] or "-",
             "; ".join(f"{k}: {'|'.join(v)}" for k, v in d["options"].items()) or "-"] for d in docs]
    typer.echo(grid(fmt, [t(h, lang) for h in ("id", "title", "sources", "extends", "options")], rows))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets show traite\n\n"
                    "  piquet-variants rulesets show traite --option end=race-100 --format json")
def show(ruleset: Annotated[str, typer.Argument(metavar="RULESET",
                                                help="Ruleset id, or a path to a ruleset .yaml file.")],
         option: OptionOpt = None, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Every rule of a ruleset, with its value and its citations."""
    rs = resolve_ruleset(ruleset, parse_options(option))
    doc = views.show(rs, lang)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    headers = [t(h, lang) for h in ("rule", "value", "source", "locator", "attestation")]
    rows = []
    for e in rs.entries:
        for i, c in enumerate(e.citations):
            first = [e.path, format_value(e.value, lang)] if i == 0 else ["", ""]
            rows.append(first + _attest(c.as_dict(), lang))
    opts = ", ".join(f"{k}={v}" for k, v in rs.chosen)
    head = f"{doc['id']}: {doc['title']}" + (f"  ({t('options', lang)}: {opts})" if opts else "")
    typer.echo(("# " if fmt == "markdown" else "") + head + "\n\n" + grid(fmt, headers, rows))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets validate rulesets/*.yaml\n\n"
                    "  piquet-variants rulesets validate my-ruleset.yaml --format json")
def validate(files: Annotated[list[Path], typer.Argument(metavar="FILE", help="Ruleset files to check.")],
             fmt: FormatOpt = "table") -> None:
    """Check ruleset files: schema, extends, citations and consistency.

    A file named sources.yaml is checked as a sources registry.

    Prints one FILE:LINE:COL: path: message line per problem on stderr (with
    --format json, every file and its problems on stdout) and exits 1 if any
    file has a problem.
    """
    problems = []
    valid = []
    checked = []
    for f in files:
        try:
            read_sources(f) if f.name == SOURCES_FILE else compile_path(f)
        except ProblemsError as exc:
            problems += exc.problems
            checked.append({"file": str(f), "valid": False, "problems": [dataclasses.asdict(p) for p in exc.problems]})
        else:
            valid.append(f"{f}: valid")
            checked.append({"file": str(f), "valid": True, "problems": []})
    if fmt == "json":
        typer.echo(json_text(checked))
        if problems:
            raise typer.Exit(1)
        return
    if valid:
        typer.echo(Report().items([(0, v) for v in valid]).render(fmt) if fmt == "markdown" else "\n".join(valid))
    if problems:
        typer.echo("\n".join(str(p) for p in problems), err=True)
        raise typer.Exit(1)


@app.command(epilog="Example: piquet-variants rulesets diff modern-fr marquoir --format markdown")
def diff(a: Annotated[str, typer.Argument(metavar="RULESET_A", help="First ruleset (id or file).")],
         b: Annotated[str, typer.Argument(metavar="RULESET_B", help="Second ruleset (id or file).")],
         a_option: Annotated[list[str] | None, typer.Option("--a-option", metavar="NAME=CHOICE",
                                                           help="An option of the first ruleset.")] = None,
         b_option: Annotated[list[str] | None, typer.Option("--b-option", metavar="NAME=CHOICE",
                                                           help="An option of the second ruleset.")] = None,
         fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Every rule whose value differs between two rulesets, with both citations."""
    ra, rb = resolve_ruleset(a, parse_options(a_option)), resolve_ruleset(b, parse_options(b_option))
    rows_doc = views.diff(ra, rb)
    if fmt == "json":
        typer.echo(json_text(rows_doc))
        return
    if not rows_doc:
        typer.echo(t("no differences", lang))
        return
    headers = [t("rule", lang), ra.id, t("source", lang), rb.id, t("source", lang)]
    rows = []
    for d in rows_doc:
        rows.append([d["path"], format_value(ra.entry(d["path"]).value, lang), _cites(d["a"]["citations"], lang),
                     format_value(rb.entry(d["path"]).value, lang), _cites(d["b"]["citations"], lang)])
    typer.echo(grid(fmt, headers, rows))


@app.command(epilog="Example: piquet-variants rulesets cite traite pique.with_repique --lang fr")
def cite(ruleset: Annotated[str, typer.Argument(metavar="RULESET", help="Ruleset id or file.")],
         rule: Annotated[str, typer.Argument(metavar="RULE", help="Dotted rule path, e.g. point.compare.")],
         option: OptionOpt = None, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """The citation behind one rule, formatted as a footnote."""
    rs = resolve_ruleset(ruleset, parse_options(option))
    doc = views.cite(rs, rule, lang)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    value = format_value(views.find_entry(rs, rule).value, lang)
    notes = [(0, f"[{i}] {c['footnote']}") for i, c in enumerate(doc["citations"], 1)]
    typer.echo(Report().paragraph(f"{doc['ruleset']} {doc['path']} = {value}").items(notes).render(fmt))
