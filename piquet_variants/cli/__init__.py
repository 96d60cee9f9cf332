"""The ``piquet-variants`` command.

``main`` turns every error the tool knows (``PiquetError``) into one clear
message on stderr and exit status 1, never a traceback; any other exception
is a bug of ours, said in one line that names the input files.
"""

from __future__ import annotations

import errno
import gc
import os
import sys
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

import typer
from typer._click import exceptions as click  # Typer carries its own copy of Click, which raises these
from typer.core import TyperGroup

from ..errors import PiquetError, ProblemsError, echo, echo_name
from .diagnostics import in_language, speaking
from .helps import HelpedCommand, HelpedGroup, said_in, section, words

if TYPE_CHECKING:
    from ..lexicon import Lang

class _Entry(NamedTuple):
    """A command as the list of commands shows it, and where to find the rest of it."""

    module: str  #: its module of ``cli``
    attr: str  #: the command function or sub-app there
    summary: str  #: its line in the list of commands (``--help``) and in the shell's completion
    epilog: str | None = None  #: its examples; None: the module's own EPILOG, or a sub-app's


#: Every command, by name.  A command's module, and what it imports, is loaded only when that command is run, its
#: own help asked or its arguments completed: the list of commands (``--help``, a command's name completed) is
#: written from the summaries here, so that neither it nor a replay pays for the report or the simulation.  Each
#: summary is the first sentence of the command's own help (``tests/test_startup.py`` holds them together).
_COMMANDS: dict[str, _Entry] = {
    "rulesets": _Entry("rulesets", "app", "Inspect, validate, compare and cite the rulesets."),
    "sources": _Entry("sources", "app", "The sources the rulesets cite: list them, show one, export them for a "
                                        "reference manager."),
    "examples": _Entry("examples", "app", "The example deals shipped with the package: list them, find one, copy "
                                          "them all."),
    "replay": _Entry("replay", "replay_command", "Re-score recorded deals under one or more rulesets and mark where "
                                                 "the book's figures differ.",
                     "Examples:\n\n  piquet-variants replay example:traite-art12.json\n\n"
                     "  piquet-variants replay example:traite-art12 -r traite -r cavendish-rubicon --format json\n\n"
                     "  piquet-variants replay example:rubicon-partie -r traite:end=race-100 -r marquoir\n\n"
                     "  cat my-deal.piquet | piquet-variants replay - -r cavendish-rubicon"),
    "chouette": _Entry("chouette", "chouette_command", "Settle a sitting of three (chouette): each file's parties "
                                                       "in order, one single player against the other two."),
    "compare": _Entry("compare", "compare_command", "Replay each deal or partie of a file under several rulesets, "
                                                    "category by category, naming the rule behind each difference.",
                      "Examples:\n\n  piquet-variants compare example:traite-art12 -r traite -r cavendish-rubicon\n\n"
                      "  piquet-variants compare example:traite-art12 -r traite -r cavendish-rubicon --format json"),
    "convert": _Entry("convert", "convert_command", "Turn a notation file into JSON records, or JSON records into "
                                                    "notation, in either language.",
                      "Examples:\n\n  piquet-variants convert example:traite-art12 -O art12.json\n\n"
                      "  piquet-variants convert art12.json --to notation\n\n"
                      "  piquet-variants convert example:traite-art12 --lang en -O art12-en.piquet\n\n"
                      "  piquet-variants convert my-deal.piquet --in-place"),
    "odds": _Entry("odds", "odds_command", "Exact odds of carte blanche, of the point, sequences and quatorzes "
                                           "dealt, and of taking in named cards."),
    "simulate": _Entry("simulate", "simulate_command", "Simulate deals and parties between two players: the show, "
                                                       "the score bands, the cards, the hazards, the partie."),
    "analyse": _Entry("analyse", "analyse_command", "Annotate each decision of recorded deals: the discards, each "
                                                    "call and each card, the player's choice beside the recorded "
                                                    "one, and what the recorded one gives up against the best "
                                                    "found, in the partie's settlement."),
    "report": _Entry("report", "report_command", "Write the HTML report: the rulesets by date, the rules matrix, "
                                                 "each ruleset and each rule's history with their citations, the "
                                                 "conflicts, the bibliography, each deal replayed under every "
                                                 "ruleset, and the statistics.",
                     "Examples:\n\n  piquet-variants report -O site\n\n"
                     "  piquet-variants report -O site traite cavendish-rubicon modern-fr --deals example:traite-art12\n\n"
                     "  piquet-variants report -O rapport --lang fr --deals my-deals/ --stats simulation.json\n\n"
                     "  piquet-variants report -O site --deals docs/deals/cavendish-examples/ --agreement "
                     "agreement.json"),
}


#: Help and usage errors as Click writes them, not rich's panels: Click wraps each paragraph between words at the
#: terminal's width, and an option's name and metavar stay whole on their line, where rich's columns cut
#: ``--install-completion`` and ``RULESET[:NAME=CHOICE,...]`` mid-word and kept a docstring's line breaks
#: mid-sentence at 80 columns.
PLAIN_HELP = None


def _command(name: str) -> Any:
    """A command built from its module, as Typer builds it, on first use (a Click command: Typer's own copy of
    Click, so not named here)."""
    entry = _COMMANDS[name]
    module = import_module(f"{__name__}.{entry.module}")
    found: Any = getattr(module, entry.attr)
    if isinstance(found, typer.Typer):  # a group of commands, each with its help in the reader's language
        found.rich_markup_mode = PLAIN_HELP
        found.info.cls = HelpedGroup
        for info in found.registered_commands:
            info.cls = HelpedCommand
        command = typer.main.get_command(found)
    else:
        single = typer.Typer(rich_markup_mode=PLAIN_HELP)
        single.command(name, cls=HelpedCommand, epilog=entry.epilog or getattr(module, "EPILOG", None))(found)
        command = typer.main.get_command(single)
    command.name = name
    _whole_words(command)
    return command


def _whole_words(command: Any) -> None:
    """A command's examples kept whole (``_whole``), and its summary in a list of commands its first sentence
    whole, wrapped, where Click would cut it at the width with "..."; its subcommands' too."""
    if command.epilog:
        command.epilog = _whole(command.epilog)
    if command.help and not command.short_help:
        first = command.help.split("\n\n")[0]
        command.short_help = " ".join(first.split(". ")[0].split()).rstrip(".") + "."
    for sub in getattr(command, "commands", {}).values():
        _whole_words(sub)


def _whole(epilog: str) -> str:
    """Each example of an epilog (an indented paragraph) kept on its line, as typed (Click's ``\\b``), rather than
    rewrapped as prose: a command line is copied whole, even where it runs past the width."""
    return "\n\n".join("\b\n" + p if p.startswith("  ") else p for p in epilog.split("\n\n"))


class _Commands(HelpedGroup):
    """The root group, whose commands are loaded by name (``_COMMANDS``) rather than all at start-up, and listed
    from their summaries without being loaded."""

    def list_commands(self, ctx: typer.Context) -> list[str]:  # type: ignore[override]
        return list(_COMMANDS)

    def get_command(self, ctx: typer.Context, cmd_name: str) -> Any:  # type: ignore[override]
        return _command(cmd_name) if cmd_name in _COMMANDS else None

    def format_commands(self, ctx: typer.Context, formatter: Any) -> None:  # type: ignore[override]
        """The list of commands, as Click writes it, from the summaries: no command's module imported."""
        with section(formatter, "Commands:"):
            formatter.write_dl([(name, words(entry.summary)) for name, entry in _COMMANDS.items()])

    def shell_complete(self, ctx: typer.Context, incomplete: str) -> list[Any]:  # type: ignore[override]
        """The commands whose names begin with what is typed, each with its summary, and the group's options, as
        Click completes them, without loading the commands."""
        from typer._click.shell_completion import CompletionItem
        return [CompletionItem(name, help=entry.summary) for name, entry in _COMMANDS.items()
                if name.startswith(incomplete)] + super(TyperGroup, self).shell_complete(ctx, incomplete)

    def _main_shell_completion(self, ctx_args: Any, prog_name: str, complete_var: str | None = None) -> None:
        from .complete import register
        register()
        super()._main_shell_completion(ctx_args, prog_name, complete_var)


app = typer.Typer(
    cls=_Commands,
    help="Explore the historical rule variants of Piquet: compare rulesets rule by rule with their "
         "sources, and replay recorded deals under any of them.",
    no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=PLAIN_HELP, context_settings={"help_option_names": ["-h", "--help"]},
    epilog=_whole("Examples:\n\n  piquet-variants rulesets list\n\n  piquet-variants rulesets diff modern-fr marquoir\n\n"
           "  piquet-variants replay example:traite-art12 -r traite -r cavendish-rubicon\n\n"
           "Exit status: 0 ok, 1 bad input, 2 usage, 3 a book's figure disagrees."))


def _version(shown: bool) -> None:
    if shown:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"piquet-variants {version('piquet-variants')}")
        except PackageNotFoundError:  # a checkout run without installing it
            typer.echo("piquet-variants (not installed)")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                                   help="Print the version and exit.")] = False,
             rulesets_dirs: Annotated[list[Path] | None, typer.Option(
                 "--rulesets", metavar="DIR", exists=True, file_okay=False,
                 help="A folder of your own rulesets (and its sources.yaml), searched for a ruleset id before the "
                      "shipped ones; repeatable. PIQUET_VARIANTS_PATH adds more, searched after these.")] = None,
             lang: Annotated[Literal["en", "fr"] | None, typer.Option(  # the lexicon's Lang, not imported to start
                 "--lang", "-l", callback=in_language,
                 help="Language of the command's labels, names, messages and help: en or fr, as the command's "
                      "own --lang (which is chosen over this one).")] = None) -> None:
    """Options for every command: the version, where to look for rulesets, and the language (kept by its callback
    for the command that follows)."""
    from ..ruleset.registry import set_search_path

    _started()

    set_search_path(list(rulesets_dirs or ()))


#: The errors of a device that cannot take what is written to it: full, over its quota, a file too large for it.
DEVICE_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def device_full(exc: BaseException, lang: Lang = "en") -> str | None:
    """What to say of an error writing the output to a device that cannot take it; None for any other error."""
    if isinstance(exc, OSError) and exc.errno in DEVICE_FULL:
        from ..i18n import t
        return t("piquet-variants: cannot write the output: {why} (the device is full)", lang).format(
            why=t(os.strerror(exc.errno), lang))
    return None


def _started() -> None:
    """Start-up is over, the command's module loaded: what start-up made is kept out of every later collection
    (``gc.freeze``), and collection, which the console script turned off while it started (``console.run``), is
    on again, so that the command's own work keeps its memory bounded.  Where it was on (a script, the tests),
    nothing changes."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return its exit status.

    Usage errors are Click's (a usage line, status 2), said in the language
    asked; every error the tool itself knows is one message on stderr in that
    language and status 1, never a traceback.
    Anything else is a bug, said in one line naming the input files (status 1).
    A warning of the tool's layers below (Python's ``warnings``) is said on
    stderr as the command's own, in the reader's language (``diagnostics``).
    """
    arguments = sys.argv[1:] if argv is None else argv
    with speaking() as heard, said_in(_lang_in(arguments)):  # --lang, once read, for the errors said here; the help's
        try:
            status = app(args=argv, prog_name="piquet-variants", standalone_mode=False)
        except SystemExit as exc:
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except click.UsageError as exc:  # a bad command line: said as Click says it, in the language asked
            from .common import usage_error
            lang = heard.lang if heard.lang != "en" else _lang_in(arguments)
            if lang == "en":
                exc.show()
            else:
                typer.echo(usage_error(exc, lang), err=True)
            return exc.exit_code
        except click.ClickException as exc:
            exc.show()
            return exc.exit_code
        except typer.Abort:
            typer.echo("Aborted!", err=True)
            return 1
        except PiquetError as exc:
            from ..i18n import say
            said = say(exc, heard.lang)
            typer.echo(said if isinstance(exc, ProblemsError) else f"piquet-variants: {said}", err=True)
            return 1
        except Exception as exc:  # noqa: BLE001 - the last line of defence: a fault of ours, one line, no traceback
            full = device_full(exc, heard.lang)  # the user's disk, not our fault
            if full:
                typer.echo(full, err=True)
                return 1
            from ..i18n import t
            files = ", ".join(_inputs(arguments)) or t("the command line", heard.lang)
            typer.echo(t("piquet-variants: internal error on {files} (a bug: please report it, with the file): "
                         "{error}", heard.lang).format(files=files, error=f"{type(exc).__name__}: {echo(str(exc), 200)}"),
                       err=True)
            return 1
    return status if isinstance(status, int) else 0


def _lang_in(argv: list[str]) -> Lang:
    """The language a command line asks for, read before Click reads it: a usage error may come first, and the help
    is written as soon as Click meets ``--help``.  The last ``--lang`` is the one Click keeps (a command's own comes
    after the program's)."""
    asked: Lang = "en"
    for i, arg in enumerate(argv):
        if arg in ("--lang", "-l"):
            given = argv[i + 1] if i + 1 < len(argv) else ""
        elif arg.startswith(("--lang=", "-l")):
            given = arg.removeprefix("--lang=").removeprefix("-l")
        else:
            continue
        if given in ("en", "fr"):
            asked = "fr" if given == "fr" else "en"
    return asked


def _inputs(argv: list[str]) -> list[str]:
    """The arguments that name input files (or standard input, or a shipped example), for the catch-all's message;
    not a command's name, though a folder of the current one bears it (``rulesets``)."""
    from ..files import quietly
    return [echo_name(arg) for arg in argv if arg not in _COMMANDS and (
        arg == "-" or arg.startswith("example:") or quietly(Path.exists, Path(arg)))]
