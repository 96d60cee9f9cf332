"""``piquet-variants examples``: the example deals shipped with the package, listed, located and copied."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from .. import examples
from ..errors import RecordError
from ..i18n import Lang, t
from ..render import OutputFormat, Report, json_text
from . import complete
from .common import FormatOpt, LangOpt, load_deals

app = typer.Typer(help="The example deals shipped with the package: list them, find one, copy them all.",
                  invoke_without_command=True)


def _described(path: Path) -> dict[str, Any]:
    """An example's name, file, ruleset and source, as its (first) record gives them, and how many records it holds."""
    name = examples.name_of(path)
    entry: dict[str, Any] = {"name": name.rsplit(".", 1)[0], "file": name, "path": str(path), "ruleset": None,
                             "source": None}
    records = [r for r in load_deals(path) if not isinstance(r, RecordError)]
    entry["records"] = len(records)
    if not records:  # shipped, so it reads; a broken one is still listed
        return entry
    first = records[0].model
    source = first.source
    entry["ruleset"] = first.ruleset
    entry["source"] = ", ".join(v for v in (source.get("title"), source.get("locator")) if v) or None
    return entry


@app.callback(epilog="Examples:\n\n  piquet-variants examples\n\n  piquet-variants examples path traite-art12\n\n"
                     "  piquet-variants replay example:traite-art12 -r traite -r cavendish-rubicon")
def list_(ctx: typer.Context, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """List the examples; a record argument of any command takes one as example:NAME."""
    if ctx.invoked_subcommand is None:
        _list(fmt, lang)


@app.command("list", epilog="Example: piquet-variants examples list --format json")
def list_command(fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """List the examples, as 'examples' alone does (kept for the scripts and habits that type it)."""
    _list(fmt, lang)


def _list(fmt: OutputFormat, lang: Lang) -> None:
    docs = [_described(p) for p in examples.files()]
    if fmt == "json":
        typer.echo(json_text(docs))
        return
    # named as a record argument takes it, to be typed back (the JSON keeps the bare name)
    rows = [[examples.PREFIX + d["name"], d["file"], d["ruleset"] or "-", d["source"] or "-"] for d in docs]
    typer.echo(Report().table([t(h, lang) for h in ("name", "file", "ruleset", "source")], rows).render(fmt))


@app.command("path", epilog="Example: piquet-variants examples path traite-art12")
def path(name: Annotated[str, typer.Argument(metavar="NAME", autocompletion=complete.examples, help="An example's name, with or without "
                                                                  "its .piquet or .json suffix.")],
         lang: LangOpt = "en") -> None:
    """The file an example is installed as."""
    typer.echo(str(examples.path(name)))


@app.command("copy", epilog="Example: piquet-variants examples copy my-deals")
def copy(dest: Annotated[Path, typer.Argument(metavar="DIR", help="The folder to copy them into (made if "
                                                                  "missing).")],
         lang: LangOpt = "en") -> None:
    """Copy every example into a folder, to edit or replay; a file already there stops the copy before it starts."""
    for p in examples.copy(dest):
        typer.echo(str(p))
