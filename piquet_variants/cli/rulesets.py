"""``piquet-variants rulesets …``: list, show, validate, diff and cite rulesets, and weigh them against each other."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated, Literal

import typer

from ..errors import ProblemsError, RulesetError
from ..files import quietly
from ..located import LoadFailure, load_file, read_source
from ..i18n import Lang, t
from ..render import Report, format_value, grid, json_text, markdown, md_text
from ..ruleset import citing, evidence, views
from ..ruleset.model import Ruleset
from ..ruleset.compiler import compile_path, sources_for
from ..ruleset.texts import check_quotes
from ..ruleset.registry import SOURCES_FILE, known_ids, read_sources
from ..schemas.formats import FORMAT
from .common import FormatOpt, LangOpt, OptionOpt, parse_options, resolve_ruleset
from .sources import BibFormat, StyleOpt, bibliography_text

app = typer.Typer(help="Inspect, validate, compare and cite the rulesets.", no_args_is_help=True)


def _attest(c: dict, lang: Lang) -> list[str]:
    return [c["source"], c["locator"], t(c["attestation"], lang)]


def _cites(citations: list[dict], lang: Lang) -> str:
    return "; ".join(f"{c['source']} {c['locator']} [{t(c['attestation'], lang)}]" for c in citations)


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
            rows.append(first + _attest(c.as_dict(), lang))
    opts = ", ".join(f"{k}={v}" for k, v in rs.chosen)
    head = f"{doc['id']}: {doc['title']}" + (f"  ({t('options', lang)}: {opts})" if opts else "")
    typer.echo(("# " if fmt == "markdown" else "") + head + "\n\n" + grid(fmt, headers, rows))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets validate rulesets/*.yaml\n\n"
                    "  piquet-variants rulesets validate hoyle.yaml --texts transcriptions/\n\n"
                    "  piquet-variants rulesets validate my-ruleset.yaml --format json")
def validate(files: Annotated[list[Path], typer.Argument(metavar="FILE", help="Ruleset files to check.")],
             texts: Annotated[Path | None, typer.Option(
                 "--texts", metavar="DIR", help="Also find each quote at its locator in the transcriptions in DIR "
                                                "(each source's 'text' file, else ID.txt or ID.md).")] = None,
             fmt: FormatOpt = "table") -> None:
    """Check ruleset files: schema, extends, sources, citations and consistency, and with --texts the quotes.

    A file named sources.yaml is checked as a sources registry.

    Prints one FILE:LINE:COL: path: message line per problem on stderr (with
    --format json, every file and its problems on stdout) and exits 1 if any
    file has a problem.
    """
    if texts is not None and not quietly(Path.is_dir, texts):
        raise typer.BadParameter(f"{texts} is not a folder", param_hint="--texts")
    problems = []
    valid = []
    checked = []
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
            checked.append({"file": str(f), "valid": False, "problems": [dataclasses.asdict(p) for p in exc.problems]})
        except LoadFailure as exc:
            problems.append(exc.problem)
            checked.append({"file": str(f), "valid": False, "problems": [dataclasses.asdict(exc.problem)]})
        else:
            quoted = texts is not None and f.name != SOURCES_FILE
            valid.append(f"{f}: valid" + (f" (quotes found in {texts})" if quoted else ""))
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


@app.command(epilog="Examples:\n\n  piquet-variants rulesets upgrade my-ruleset.yaml\n\n"
                    "  piquet-variants rulesets upgrade *.yaml && piquet-variants rulesets validate *.yaml")
def upgrade(files: Annotated[list[Path], typer.Argument(metavar="FILE", help="Ruleset files to rewrite.")]) -> None:
    """Rewrite ruleset files of an older format in the current one: each key renamed since (with its values) and
    the format line, the comments, order and quoting kept.

    Says each change on stdout.  Exit status: 0 rewritten (or already
    current); 1 a file that cannot be read, is not a ruleset's YAML, or cannot
    be written (that file is left as it was).
    """
    from ..files import replace_whole
    from ..ruleset.upgrade import UpgradeFailure, upgrade as upgraded

    failed = []
    for f in files:
        try:
            text, changes = upgraded(read_source(f), str(f))
            if changes:
                replace_whole(f, text.encode("utf-8"))
        except LoadFailure as exc:
            failed.append(str(exc.problem))
            continue
        except UpgradeFailure as exc:
            failed.append(str(exc))
            continue
        except OSError as exc:
            failed.append(f"{f}: cannot write: {exc.strerror or exc}")
            continue
        typer.echo("\n".join(f"{f}: {c}" for c in changes) if changes else f"{f}: already format {FORMAT}")
    if failed:
        typer.echo("\n".join(failed), err=True)
        raise typer.Exit(1)


Only = Literal["disagreements", "filled", "options"]


@app.command(epilog="Examples:\n\n  piquet-variants rulesets diff modern-fr marquoir --format markdown\n\n"
                    "  piquet-variants rulesets diff traite cavendish-rubicon --only disagreements --show quotes")
def diff(a: Annotated[str, typer.Argument(metavar="RULESET_A", help="First ruleset (id or file).")],
         b: Annotated[str, typer.Argument(metavar="RULESET_B", help="Second ruleset (id or file).")],
         a_option: Annotated[list[str] | None, typer.Option("--a-option", metavar="NAME=CHOICE",
                                                           help="An option of the first ruleset.")] = None,
         b_option: Annotated[list[str] | None, typer.Option("--b-option", metavar="NAME=CHOICE",
                                                           help="An option of the second ruleset.")] = None,
         only: Annotated[Only | None, typer.Option(
             "--only", help="Keep one kind of difference: disagreements, filled or options.")] = None,
         show_: Annotated[Literal["quotes"] | None, typer.Option(
             "--show", help="quotes: print both quotes (and the notes of values not stated).")] = None,
         fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Every rule whose value differs between two rulesets, with both citations and why they differ.

    Each difference is labelled: disagreement (both values are the sources' word: stated, implied, secondary or
    disputed), filled (one side is a value the project filled in: unstated, reconstructed or inherited) or option
    (a chosen option gives it).
    """
    ra, rb = resolve_ruleset(a, parse_options(a_option)), resolve_ruleset(b, parse_options(b_option))
    rows_doc = [d for d in views.diff(ra, rb) if only is None or d["label"] == only.rstrip("s")]
    if fmt == "json":
        typer.echo(json_text(rows_doc))
        return
    if not rows_doc:
        typer.echo(t("no differences", lang))
        return
    headers = [t("rule", lang), t("difference", lang), ra.id, t("source", lang), rb.id, t("source", lang)]
    cell = (lambda cs: _quoted(cs, lang)) if show_ == "quotes" else (lambda cs: _cites(cs, lang))
    rows = [[d["path"], t(d["label"], lang), format_value(ra.entry(d["path"]).value, lang), cell(d["a"]["citations"]),
             format_value(rb.entry(d["path"]).value, lang), cell(d["b"]["citations"])] for d in rows_doc]
    typer.echo(grid(fmt, headers, rows))


def _quoted(citations: list[dict], lang: Lang) -> str:
    """Citations with their quotes, or, for a value no source states, the project's note."""
    out = []
    for c in citations:
        text = f"{c['source']} {c['locator']} [{t(c['attestation'], lang)}]"
        if c["quote"] and c["attestation"] != "unstated":
            text += f": “{c['quote']}”"
        if c["note"] and c["attestation"] not in views.ATTESTED:
            text += f" ({c['note']})"
        out.append(text)
    return "; ".join(out)


def _rulesets(ids: list[str] | None) -> list[Ruleset]:
    return [resolve_ruleset(i) for i in (ids or known_ids())]


RulesetsArg = Annotated[list[str] | None, typer.Argument(
    metavar="RULESET", help="Rulesets (ids or files); default: every ruleset on the search path.")]


@app.command(epilog="Examples:\n\n  piquet-variants rulesets conflicts\n\n"
                    "  piquet-variants rulesets conflicts modern-fr marquoir --format json")
def conflicts(ids: RulesetsArg = None, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Every rule on which two or more sources state different values, each with its quotes and dates.

    A value the project filled in (unstated, reconstructed, inherited) or an option's value is not a source's
    position and is left out.
    """
    found = evidence.conflicts(_rulesets(ids))
    if fmt == "json":
        typer.echo(json_text(found))
        return
    if not found:
        typer.echo(t("no differences", lang))
        return
    rows = []
    for conflict in found:
        for n, v in enumerate(conflict["values"]):
            for m, claim in enumerate(v["claims"]):
                rows.append([conflict["path"] if n == m == 0 else "", _value_text(v["value"], lang) if m == 0 else "",
                             claim["source"], t(claim["date"], lang), ", ".join(claim["rulesets"]),
                             _quoted(claim["citations"], lang)])
    headers = [t(h, lang) for h in ("rule", "value", "source", "date", "rulesets", "citation")]
    typer.echo(grid(fmt, headers, rows))


def _value_text(value: object, lang: Lang) -> str:
    """A value from a JSON view (lists and maps as JSON gives them) as a reader writes it."""
    if isinstance(value, dict):
        return " ".join(f"{k}={_value_text(v, lang)}" for k, v in value.items())
    return format_value(tuple(value) if isinstance(value, list) else value, lang)


@app.command(epilog="Examples:\n\n  piquet-variants rulesets history point.score_per_card\n\n"
                    "  piquet-variants rulesets history reckoning.order --format json")
def history(rule: Annotated[str, typer.Argument(metavar="RULE", help="Dotted rule path, e.g. point.compare.")],
            ids: RulesetsArg = None, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """One rule across the rulesets in the order of their sources' dates: value, source, date, quote."""
    doc = evidence.history(_rulesets(ids), rule)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    rows = [[t(r["date"], lang), r["ruleset"], _value_text(r["value"], lang), f"{r['source']} {r['locator']}",
             r["attestation"], r["quote"] if r["quote"] and r["attestation"] != "unstated" else ""]
            for r in doc["rows"]]
    headers = [t(h, lang) for h in ("date", "ruleset", "value", "source", "attestation", "quote")]
    typer.echo(("# " if fmt == "markdown" else "") + rule + "\n\n" + grid(fmt, headers, rows))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets matrix --rules 'point.*' --format markdown\n\n"
                    "  piquet-variants rulesets matrix traite cavendish-rubicon modern-fr --rules 'game.*'")
def matrix(ids: RulesetsArg = None,
           rules: Annotated[str, typer.Option("--rules", metavar="GLOB",
                                              help="Rules to show, a glob on the dotted path: 'point.*'.")] = "*",
           fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """An N-way table: the rules as rows, the rulesets as columns, each value with a numbered note citing it."""
    sets = _rulesets(ids)
    doc = evidence.matrix(sets, rules)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    headers = [t("rule", lang)] + doc["rulesets"]
    if fmt == "markdown":  # the values escaped, the footnote references left as markup
        rows = [[md_text(r["path"])] + [md_text(format_value(rs.entry(r["path"]).value, lang))
                                        + f"[^{r['cells'][rs.id]['note']}]" for rs in sets] for r in doc["rows"]]
        notes = [f"[^{n['number']}]: {md_text(n['text'])}" for n in doc["notes"]]
        typer.echo(markdown([md_text(h) for h in headers], rows) + "\n\n" + "\n".join(notes))
        return
    rows = [[r["path"]] + [f"{format_value(rs.entry(r['path']).value, lang)} [{r['cells'][rs.id]['note']}]"
                           for rs in sets] for r in doc["rows"]]
    notes = [f"[{n['number']}] {n['text']}" for n in doc["notes"]]
    typer.echo(grid(fmt, headers, rows) + "\n\n" + "\n".join(notes))


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
    head = f"{doc['ruleset']} {doc['path']} = {value}"
    lines = ["# " + md_text(head) if fmt == "markdown" else head, ""]
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
