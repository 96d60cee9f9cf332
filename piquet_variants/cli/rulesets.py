"""``piquet-variants rulesets …``: list, show, validate, diff and cite rulesets."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import ProblemsError, RulesetError
from ..located import LoadFailure, load_file
from ..i18n import t
from ..render import format_value, grid, json_text
from ..ruleset import citing, views
from ..ruleset.compiler import compile_path, sources_for
from ..ruleset.texts import check_quotes
from ..ruleset.registry import SOURCES_FILE, known_ids, read_sources
from .common import FormatOpt, LangOpt, OptionOpt, parse_options, resolve_ruleset
from .sources import BibFormat, StyleOpt, bibliography_text

app = typer.Typer(help="Inspect, validate, compare and cite the rulesets.", no_args_is_help=True)


def _attest(c: dict) -> list[str]:
    return [c["source"], c["locator"], c["attestation"]]


def _cites(citations: list[dict]) -> str:
    return "; ".join(f"{c['source']} {c['locator']} [{c['attestation']}]" for c in citations)


@app.command("list", epilog="Example: piquet-variants rulesets list --format json")
def list_(fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """List the rulesets (the shipped ones, and those in the --rulesets folders) and the sources each follows."""
    docs = [views.summary(resolve_ruleset(i), lang) for i in known_ids()]
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
            rows.append(first + _attest(c.as_dict()))
    opts = ", ".join(f"{k}={v}" for k, v in rs.chosen)
    head = f"{doc['id']}: {doc['title']}" + (f"  ({t('options', lang)}: {opts})" if opts else "")
    typer.echo(("# " if fmt == "markdown" else "") + head + "\n\n" + grid(fmt, headers, rows))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets validate rulesets/*.yaml\n\n"
                    "  piquet-variants rulesets validate hoyle.yaml --texts transcriptions/")
def validate(files: Annotated[list[Path], typer.Argument(metavar="FILE", help="Ruleset files to check.")],
             texts: Annotated[Path | None, typer.Option(
                 "--texts", metavar="DIR", help="Also find each quote at its locator in the transcriptions in DIR "
                                                "(each source's 'text' file, else ID.txt or ID.md).")] = None) -> None:
    """Check ruleset files: schema, extends, sources, citations and consistency, and with --texts the quotes.

    A file named sources.yaml is checked as a sources registry.

    Prints one FILE:LINE:COL: path: message line per problem on stderr and
    exits 1 if any file has a problem.
    """
    if texts is not None and not texts.is_dir():
        raise typer.BadParameter(f"{texts} is not a folder", param_hint="--texts")
    problems = []
    valid = []
    for f in files:
        try:
            if f.name == SOURCES_FILE:
                read_sources(f)
            else:
                compile_path(f)
                if texts is not None:
                    found = check_quotes(load_file(f), sources_for(f), texts)
                    if found:
                        raise RulesetError(found)
        except ProblemsError as exc:
            problems += exc.problems
        except LoadFailure as exc:
            problems.append(exc.problem)
        else:
            valid.append(f"{f}: valid" + (f" (quotes found in {texts})" if texts is not None else ""))
    if valid:
        typer.echo("\n".join(valid))
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
        rows.append([d["path"], format_value(ra.entry(d["path"]).value, lang), _cites(d["a"]["citations"]),
                     format_value(rb.entry(d["path"]).value, lang), _cites(d["b"]["citations"])])
    typer.echo(grid(fmt, headers, rows))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets cite cavendish-rubicon reckoning.order\n\n"
                    "  piquet-variants rulesets cite traite pique.with_repique --lang fr --style apa")
def cite(ruleset: Annotated[str, typer.Argument(metavar="RULESET", help="Ruleset id or file.")],
         rule: Annotated[str, typer.Argument(metavar="RULE", help="Dotted rule path, e.g. point.compare.")],
         option: OptionOpt = None, style: StyleOpt = citing.DEFAULT_STYLE, fmt: FormatOpt = "table",
         lang: LangOpt = "en") -> None:
    """The citations behind one rule: each a note in the citation style (Chicago notes and bibliography by
    default) with its locator, then the quote, then how well the source attests the value, in words; then the
    bibliography."""
    rs = resolve_ruleset(ruleset, parse_options(option))
    doc = views.cite(rs, rule, lang, style, fmt)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    value = format_value(views.find_entry(rs, rule).value, lang)
    lines = [f"{'# ' if fmt == 'markdown' else ''}{doc['ruleset']} {doc['path']} = {value}", ""]
    for i, c in enumerate(doc["citations"], 1):
        # Markdown: a numbered list, each citation's quote and attestation a sub-list under it.
        lines.append(f"{i}. {c['citation']}" if fmt == "markdown" else f"[{i}] {c['citation']}")
        lines += [f"    - {text}" if fmt == "markdown" else f"    {text}"
                  for text in (c["quote_text"], c["attestation_text"], c["note"], c["source_note"]) if text]
    entries = dict.fromkeys(c["bibliography"] for c in doc["citations"])
    lines += ["", f"{'## ' if fmt == 'markdown' else ''}{t('bibliography', lang)}", ""] + list(entries)
    typer.echo("\n".join(lines))


@app.command("sources", epilog="Examples:\n\n  piquet-variants rulesets sources cavendish-au-cent\n\n"
                               "  piquet-variants rulesets sources traite --format bibtex > traite.bib")
def sources_(ruleset: Annotated[str, typer.Argument(metavar="RULESET", help="Ruleset id or file.")],
             option: OptionOpt = None,
             fmt: Annotated[BibFormat, typer.Option(
                 "--format", "-f", help="table, json, markdown, or an export: bibtex, csl-json, ris.")] = "table",
             lang: LangOpt = "en", style: StyleOpt = citing.DEFAULT_STYLE) -> None:
    """The bibliography of one ruleset: the sources it follows and every source its citations name, and no other."""
    rs = resolve_ruleset(ruleset, parse_options(option))
    typer.echo(bibliography_text(list(rs.bibliography), fmt, lang, style))
