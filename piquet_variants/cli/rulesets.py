"""``piquet-variants rulesets …``: list, show, validate, diff and cite rulesets, and weigh them against each other."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from ..errors import ProblemsError, RulesetError, echo_name, msg
from ..files import quietly
from ..located import LoadFailure, load_file, read_source
from ..i18n import Lang, say, t
from ..lexicon import rule_name, value_words
from ..render import OutputFormat, Report, Term, grid, hanging, json_text, markdown, md_cell, md_text
from ..rulebook import citing, evidence, views
from ..ruleset.model import Ruleset
from ..ruleset.compiler import compile_path, sources_for, without_inherit_cite
from ..resources import data_dir
from ..ruleset.texts import check_quotes, without_text
from ..ruleset.registry import SOURCES_FILE, is_id, known_ids, misnamed, path_for, read_sources
from . import complete
from . import laws as laws_command
from .common import (AlsoRulesetsOpt, FormatOpt, LangOpt, OneRulesetArg, OptionOpt, Unusable, choose_rulesets,
                     group_language, named_ruleset, one_ruleset, problem_data, report_problems, resolve_ruleset, warn)
from ..schemas.formats import FORMAT
from .sources import BibFormat, StyleOpt, bibliography_text

app = typer.Typer(help="Inspect, validate, compare and cite the rulesets.", no_args_is_help=True)
app.callback()(group_language)


def _attest(c: dict, lang: Lang) -> list[str]:
    return [c["source"], c["locator"], _attested(c, lang)]


def _attested(c: dict, lang: Lang) -> str:
    """The attestation in words, and where the quote could not be checked, the text not being shipped, so."""
    unchecked = c.get("quote") and not views.quote_checked(c["source"])
    return t(c["attestation"], lang) + (f" ({t('the text is not shipped: the quote is not checked', lang)})"
                                        if unchecked else "")


def _cites(citations: list[dict], lang: Lang) -> str:
    return "; ".join(f"{c['source']} {c['locator']} [{_attested(c, lang)}]" for c in citations)


@app.command("list", epilog="Example: piquet-variants rulesets list --format json")
def list_(fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """List the rulesets (the shipped ones, and those in the --rulesets folders) and the sources each follows; a
    ruleset file whose name is no valid id is said on stderr, not listed."""
    for path, why in misnamed():
        warn(say(msg("misnamed-not-listed", "{file}: not listed: {name} is not a valid ruleset id ({why})", file=path,
                     name=echo_name(path.stem), why=why), lang), lang)
    docs = [views.summary(resolve_ruleset(i), lang) for i in known_ids()]
    if fmt == "json":
        typer.echo(json_text(docs))
        return
    rows = [[d["id"], d["title"], ", ".join(d["sources"]), d["extends"] or "-",
             "; ".join(f"{k}: {'|'.join(v)}" for k, v in d["options"].items()) or "-"] for d in docs]
    typer.echo(grid(fmt, [t(h, lang) for h in ("id", "title", "sources", "extends", "options")], rows))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets show traite\n\n"
                    "  piquet-variants rulesets show traite --option end=race-100 --format json")
def show(ruleset: OneRulesetArg = None, flagged: AlsoRulesetsOpt = None,
         option: OptionOpt = None, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Every rule of a ruleset, with its value and its citations."""
    rs, = choose_rulesets([one_ruleset(ruleset, flagged)], option)
    doc = views.show(rs, lang)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    headers = [t(h, lang) for h in ("rule", "value", "source", "locator", "attestation")]
    rows: list[list[str | Term]] = []
    for e, shown in zip(rs.entries, doc["rules"]):
        for i, c in enumerate(e.citations):
            first: list[str | Term] = [Term(rule_name(e.path, lang), e.path), views.shown_value(shown, lang)] \
                if i == 0 else ["", ""]
            rows.append([*first, *_attest(c.as_dict(), lang)])
    opts = ", ".join(f"{k}={v}" for k, v in rs.chosen)
    head = f"{doc['id']}: {doc['title']}" + (f"  ({t('options', lang)}: {opts})" if opts else "")
    notes = views.unapplied([(rule_name(e["path"], lang), e) for e in doc["rules"]], lang)
    typer.echo(("# " if fmt == "markdown" else "") + head + "\n\n" + grid(fmt, headers, rows) + _below(notes, fmt, lang))


def _below(notes: list[str], fmt: OutputFormat, lang: Lang) -> str:
    """After a table, the values in it that do not apply, and why: in a terminal a table of its own, wrapped as
    tables are; in Markdown a list under a paragraph that names it."""
    if not notes:
        return ""
    if fmt == "markdown":
        return "\n\n" + md_text(t("values that do not apply", lang)) + ":\n\n" + "\n".join(f"- {md_text(n)}"
                                                                                       for n in notes)
    return "\n\n" + grid(fmt, [t("values that do not apply", lang)], [[n] for n in notes])


@app.command(epilog="Examples:\n\n  piquet-variants rulesets validate traite\n\n"
                    "  piquet-variants rulesets validate rulesets/*.yaml\n\n"
                    "  piquet-variants rulesets validate hoyle.yaml --texts transcriptions/\n\n"
                    "  piquet-variants rulesets validate my-ruleset.yaml --format json")
def validate(files: Annotated[list[str], typer.Argument(
                 metavar="FILE|ID", autocompletion=complete.rulesets,
                 help="Ruleset files to check, or ids of rulesets on the search path.")],
             texts: Annotated[Path | None, typer.Option(
                 "--texts", metavar="DIR", help="Find each quote at its locator in the transcriptions in DIR (each "
                                                "source's 'text' file, else ID.txt or ID.md), every source cited "
                                                "having one; by default, in the texts shipped with the tool, for "
                                                "the sources they are of.")] = None,
             fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Check ruleset files: schema, extends, sources, citations and consistency, and the quotes.

    A file named sources.yaml is checked as a sources registry.

    Prints one FILE:LINE:COL: path: message line per problem on stderr (with
    --format json, every file and its problems on stdout) and exits 1 if any
    file has a problem.
    """
    if texts is not None and not quietly(Path.is_dir, texts):
        raise Unusable(msg("not-a-folder", "{path} is not a folder", path=texts), param_hint="--texts")
    problems = []
    valid = []
    checked = []
    for arg in files:
        f, chosen = _ruleset_file(arg)
        unchecked: list[str] = []
        try:
            if f.name == SOURCES_FILE:
                read_sources(f)
            else:
                compile_path(f)
                if chosen:  # the options too, as a command given ID:NAME=CHOICE would choose them
                    choose_rulesets([arg], None)
                parent = without_inherit_cite(f)
                if parent is not None:
                    warn(f"{f}: {t('extends without inherit_cite', lang).format(parent=parent)}", lang)
                known, doc = sources_for(f), load_file(f)
                if texts is None:  # the shipped texts, for the sources they are of; the others said unchecked
                    unchecked = without_text(doc, known, data_dir("texts"))
                    known = {k: s for k, s in known.items() if k not in unchecked}
                found = check_quotes(doc, known, texts or data_dir("texts"))
                if found:
                    raise RulesetError(found)
        except ProblemsError as exc:
            problems += exc.problems
            checked.append({"file": str(f), "valid": False, "problems": [problem_data(p, lang) for p in exc.problems]})
        except LoadFailure as exc:
            problems.append(exc.problem)
            checked.append({"file": str(f), "valid": False, "problems": [problem_data(exc.problem, lang)]})
        else:
            quoted = texts is not None and f.name != SOURCES_FILE
            valid.append(f"{f}: {t('valid', lang)}"
                         + (f" ({t('quotes found in {folder}', lang).format(folder=texts)})" if quoted else "")
                         + (f" ({t('quotes not checked, the text not being shipped: {sources}', lang).format(sources=', '.join(unchecked))})"
                            if unchecked else ""))
            checked.append({"file": str(f), "valid": True, "problems": [], "unchecked": unchecked})
    if fmt == "json":
        typer.echo(json_text(checked))
        if problems:
            raise typer.Exit(1)
        return
    if valid:
        typer.echo(Report().items([(0, v) for v in valid]).render(fmt) if fmt == "markdown" else "\n".join(valid))
    if problems:
        report_problems(problems, lang)
        raise typer.Exit(1)


def _ruleset_file(arg: str) -> tuple[Path, bool]:
    """A file named, or the file of a ruleset id on the search path (an id that is also a file is the file), and
    whether options are chosen for it (``ID:NAME=CHOICE``, as every command takes a ruleset)."""
    path = Path(arg)
    if quietly(Path.exists, path):
        return path, False
    rid, spec = named_ruleset(arg)
    if is_id(rid):
        return path_for(rid), bool(spec)
    return Path(rid) if spec and rid.endswith(".yaml") else path, bool(spec)


@app.command(epilog="Examples:\n\n  piquet-variants rulesets upgrade my-ruleset.yaml\n\n"
                    "  piquet-variants rulesets upgrade *.yaml && piquet-variants rulesets validate *.yaml")
def upgrade(files: Annotated[list[Path], typer.Argument(metavar="FILE", help="Ruleset files to rewrite.")],
            lang: LangOpt = "en") -> None:
    """Rewrite ruleset files of an older format in the current one: each key renamed since (with its values) and
    the format line, the comments, order and quoting kept.

    Says each change on stdout.  Exit status: 0 rewritten (or already
    current); 1 a file that cannot be read, is not a ruleset's YAML, or cannot
    be written (that file is left as it was).
    """
    from ..errors import OutputRefused
    from ..files import check_output_file, replace_whole
    from ..ruleset.upgrade import UpgradeFailure, upgrade as upgraded

    failed = []
    for f in files:
        try:
            text, changes = upgraded(read_source(f), str(f))
            if changes:
                check_output_file(f)  # a file the shell's > could not write is not rewritten either
                replace_whole(f, text.encode("utf-8"))
        except LoadFailure as exc:
            failed.append(str(exc.problem))
            continue
        except (UpgradeFailure, OutputRefused) as exc:
            failed.append(str(exc))
            continue
        except OSError as exc:
            failed.append(f"{f}: cannot write: {exc.strerror or exc}")
            continue
        typer.echo("\n".join(f"{f}: {c}" for c in changes) if changes else f"{f}: {t('already format {format}', lang).format(format=FORMAT)}")
    if failed:
        typer.echo("\n".join(failed), err=True)
        raise typer.Exit(1)


Only = Literal["disagreements", "filled", "options"]


@app.command(epilog="Examples:\n\n  piquet-variants rulesets diff modern-fr marquoir --format markdown\n\n"
                    "  piquet-variants rulesets diff traite cavendish-rubicon --only disagreements --show quotes")
def diff(a: Annotated[str | None, typer.Argument(metavar="RULESET_A", autocompletion=complete.rulesets,
                                                 show_default=False,
                                                 help="First ruleset (id or file), with its options if any: "
                                                      "traite:end=race-100.")] = None,
         b: Annotated[str | None, typer.Argument(metavar="RULESET_B", autocompletion=complete.rulesets,
                                                 show_default=False,
                                                 help="Second ruleset (id or file), with its options if any.")] = None,
         flagged: AlsoRulesetsOpt = None,
         option: OptionOpt = None,
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
    given = [r for r in (a, b) if r] + list(flagged or ())
    if len(given) != 2:
        raise Unusable(msg("name-two", "name two rulesets, as arguments or with -r (given: {given})", given=len(given)),
                       param_hint="RULESET_A RULESET_B")
    ra, rb = choose_rulesets(given, option)
    rows_doc = [d for d in views.diff(ra, rb, lang) if only is None or d["label"] == only.rstrip("s")]
    if fmt == "json":
        typer.echo(json_text(rows_doc))
        return
    if not rows_doc:
        typer.echo(t("no differences", lang))
        return
    headers = [t("rule", lang), t("difference", lang), ra.id, t("source", lang), rb.id, t("source", lang)]
    cell = (lambda cs: _quoted(cs, lang)) if show_ == "quotes" else (lambda cs: _cites(cs, lang))
    rows: list[list[str | Term]] = [
        [Term(d["rule_label"], d["path"]), t(d["label"], lang), views.shown_value(d["a"], lang),
         cell(d["a"]["citations"]), views.shown_value(d["b"], lang), cell(d["b"]["citations"])] for d in rows_doc]
    notes = views.unapplied([(f"{rs.id}, {d['rule_label']}", d[side]) for d in rows_doc
                             for rs, side in ((ra, "a"), (rb, "b"))], lang)
    typer.echo(grid(fmt, headers, rows) + _below(notes, fmt, lang))


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


def _rulesets(ids: list[str] | None, flagged: list[str] | None) -> list[Ruleset]:
    """The rulesets named as arguments, then with -r; every one on the search path where none is."""
    return choose_rulesets([*(ids or ()), *(flagged or ())] or known_ids(), None)


RulesetsArg = Annotated[list[str] | None, typer.Argument(
    metavar="RULESET", autocompletion=complete.rulesets, help="Rulesets (ids or files); default: every ruleset on the search path.")]


@app.command(epilog="Examples:\n\n  piquet-variants rulesets conflicts\n\n"
                    "  piquet-variants rulesets conflicts modern-fr marquoir --format json")
def conflicts(ids: RulesetsArg = None, flagged: AlsoRulesetsOpt = None, fmt: FormatOpt = "table",
              lang: LangOpt = "en") -> None:
    """Every rule on which two or more sources state different values, each with its quotes and dates, and why
    it is listed: the firmest pair of sources that disagree.

    Every citation that attests a value counts. A value the project filled in (unstated, reconstructed,
    inherited), an option's value and a value that does not apply under its ruleset's other rules are not a
    source's position and are left out; so is one book reporting two usages, and two packs' arithmetic.
    """
    found = evidence.conflicts(_rulesets(ids, flagged), lang)
    if fmt == "json":
        typer.echo(json_text(found))
        return
    if not found:
        typer.echo(t("no differences", lang))
        return
    rows: list[list[str | Term]] = []
    for conflict in found:  # the rule and why it is listed, then each value and the sources that give it
        rows.append([Term(rule_name(conflict["path"], lang), conflict["path"]), "", "", "", "",
                     t("Why: {reason}", lang).format(reason=conflict["reason"]["text"])])
        for v in conflict["values"]:
            for m, claim in enumerate(v["claims"]):
                rows.append(["", value_words(v["value"], lang, conflict["path"]) if m == 0 else "",
                             claim["source"], t(claim["date"], lang), ", ".join(claim["rulesets"]),
                             _quoted(claim["citations"], lang)])
    headers = [t(h, lang) for h in ("rule", "value", "source", "date of the rules", "rulesets", "citation")]
    typer.echo(grid(fmt, headers, rows))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets history point.score_per_card\n\n"
                    "  piquet-variants rulesets history reckoning.order --format json")
def history(rule: Annotated[str, typer.Argument(metavar="RULE", autocompletion=complete.rules, help="Dotted rule path, e.g. point.compare.")],
            ids: RulesetsArg = None, flagged: AlsoRulesetsOpt = None, fmt: FormatOpt = "table",
            lang: LangOpt = "en") -> None:
    """One rule across the rulesets in the order of the dates of their rules: value, source, date, quote.

    The date is the rules' (the club laws of 1882), not the copy's the citation quotes (Cavendish's 8th edition,
    first published 1873), which `rulesets cite` and `sources show` give.
    """
    doc = evidence.history(_rulesets(ids, flagged), rule, lang)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    rows = [[t(r["date"], lang), r["ruleset"], views.shown_value(r, lang), f"{r['source']} {r['locator']}",
             t(r["attestation"], lang), r["quote"] if r["quote"] and r["attestation"] != "unstated" else ""]
            for r in doc["rows"]]
    headers = [t(h, lang) for h in ("date of the rules", "ruleset", "value", "source", "attestation", "quote")]
    head = f"{rule_name(rule, lang)} ({rule})"
    notes = views.unapplied([(r["ruleset"], r) for r in doc["rows"]], lang)
    typer.echo(("# " + md_text(head) if fmt == "markdown" else head) + "\n\n" + grid(fmt, headers, rows)
               + _below(notes, fmt, lang))


#: Where a rule's words were found, as ``rulesets find`` says it.
FOUND_IN = {"name": "in its name", "values": "in its values", "notes": "in a note", "quotes": "in a quote"}


@app.command(epilog="Examples:\n\n  piquet-variants rulesets find carte blanche\n\n"
                    "  piquet-variants rulesets find misdeal --format json\n\n"
                    "  piquet-variants rulesets find écart --lang fr")
def find(query: Annotated[list[str], typer.Argument(
             metavar="WORDS", help="Words of a rule, in English or French: carte blanche, misdeal, rubicon, écart.")],
         ids: Annotated[list[str] | None, typer.Option(
             "--ruleset", "-r", metavar="RULESET", autocompletion=complete.rulesets,
             help="Search these rulesets' notes, quotes and values (repeatable); default: every ruleset on the "
                  "search path.")] = None,
         fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Find a rule by its words: the rules whose name, values, notes or quotes hold every word given.

    Both languages are searched, whatever --lang says (it chooses the words shown), without case or accents,
    each word as the start of a word ("carte" finds "cartes").  A rule found in its name comes first, then in its
    values, then in a note or a quote.  Exit status: 0 (even where nothing is found); 2 no word to look for, or
    more than 200 characters.
    """
    from ..rulebook import finding

    try:
        found = finding.find(finding.index(_rulesets(ids, None)), " ".join(query))
    except finding.BadQuery as exc:
        raise Unusable(exc.message, param_hint="WORDS") from None
    if fmt == "json":
        typer.echo(json_text([{"path": f.path, "label": rule_name(f.path, lang), "score": f.score,
                               "found_in": list(f.where)} for f in found]))
        return
    if not found:
        typer.echo(t("no rule holds these words", lang))
        return
    rows: list[list[str | Term]] = [[Term(rule_name(f.path, lang), f.path),
                                     ", ".join(t(FOUND_IN[w], lang) for w in f.where)] for f in found]
    typer.echo(grid(fmt, [t("rule", lang), t("found", lang)], rows))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets matrix --rules 'point.*' --format markdown\n\n"
                    "  piquet-variants rulesets matrix traite cavendish-rubicon modern-fr --rules 'game.*'")
def matrix(ids: RulesetsArg = None, flagged: AlsoRulesetsOpt = None,
           rules: Annotated[str, typer.Option("--rules", metavar="GLOB",
                                              help="Rules to show, a glob on the dotted path: 'point.*'.")] = "*",
           fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """An N-way table: the rules as rows, the rulesets as columns, each value with a numbered note citing it."""
    sets = _rulesets(ids, flagged)
    doc = evidence.matrix(sets, rules, lang)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    headers = [t("rule", lang)] + doc["rulesets"]
    unapplied = views.unapplied([(f"{rs.id}, {rule_name(r['path'], lang)}", r["cells"][rs.id])
                                 for r in doc["rows"] for rs in sets], lang)
    if fmt == "markdown":  # the values escaped, the footnote references left as markup
        rows = [[md_cell(Term(rule_name(r["path"], lang), r["path"]))] + [
            md_text(views.shown_value(r["cells"][rs.id], lang)) + f"[^{r['cells'][rs.id]['note']}]"
            for rs in sets] for r in doc["rows"]]
        notes = [f"[^{n['number']}]: {md_text(n['text'])}" for n in doc["notes"]]
        typer.echo(markdown([md_text(h) for h in headers], rows) + _below(unapplied, fmt, lang) + "\n\n" + "\n".join(notes))
        return
    cells: list[list[str | Term]] = [[Term(rule_name(r["path"], lang), r["path"])] + [
        f"{views.shown_value(r['cells'][rs.id], lang)} [{r['cells'][rs.id]['note']}]" for rs in sets]
        for r in doc["rows"]]
    notes = [hanging(f"[{n['number']}]", n["text"]) for n in doc["notes"]]
    typer.echo(grid(fmt, headers, cells) + _below(unapplied, fmt, lang) + "\n\n" + "\n".join(notes))


@app.command(epilog="Examples:\n\n  piquet-variants rulesets cite cavendish-rubicon reckoning.order\n\n"
                    "  piquet-variants rulesets cite traite pique.with_repique --lang fr --style apa")
def cite(ruleset: OneRulesetArg = None,
         rule: Annotated[str | None, typer.Argument(metavar="RULE", autocompletion=complete.rules, show_default=False,
                                                    help="Dotted rule path, e.g. point.compare.")] = None,
         flagged: AlsoRulesetsOpt = None,
         option: OptionOpt = None, style: StyleOpt = citing.DEFAULT_STYLE, fmt: FormatOpt = "table",
         lang: LangOpt = "en") -> None:
    """The citations behind one rule: each a note in the citation style (Chicago notes and bibliography by
    default) with its locator, then the quote, then how well the source attests the value, in words; then the
    bibliography."""
    if flagged and rule is None:  # cite -r RULESET RULE: the one argument is the rule
        ruleset, rule = None, ruleset
    if rule is None:
        raise Unusable(msg("name-the-rule", "name the rule, e.g. point.compare"), param_hint="RULE")
    rs, = choose_rulesets([one_ruleset(ruleset, flagged)], option)
    doc = views.cite(rs, rule, lang, style, fmt)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    value = value_words(views.find_entry(rs, rule).value, lang, rule)
    head = f"{doc['ruleset']}: {rule_name(rule, lang)} ({doc['path']}): {value}"
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
def sources_(ruleset: OneRulesetArg = None, flagged: AlsoRulesetsOpt = None,
             option: OptionOpt = None,
             fmt: Annotated[BibFormat, typer.Option(
                 "--format", "-f", help="table, json, markdown, or an export: bibtex, csl-json, ris.")] = "table",
             lang: LangOpt = "en", style: StyleOpt = citing.DEFAULT_STYLE) -> None:
    """The bibliography of one ruleset: the sources it follows and every source its citations name, and no other."""
    rs, = choose_rulesets([one_ruleset(ruleset, flagged)], option)
    typer.echo(bibliography_text(list(rs.bibliography), fmt, lang, style))


app.command("laws", epilog=laws_command.EPILOG)(laws_command.laws)
