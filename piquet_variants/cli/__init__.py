"""The ``piquet-variants`` command.

``main`` turns every error the tool knows (``PiquetError``) into one clear
message on stderr and exit status 1, never a traceback.
"""

from __future__ import annotations

import sys

import typer

from ..errors import PiquetError, ProblemsError
from . import compare, convert, odds, replay, rulesets, simulate

app = typer.Typer(
    help="Explore the historical rule variants of Piquet: compare rulesets rule by rule with their "
         "sources, and replay recorded deals under any of them.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
    epilog="Examples:\n\n  piquet-variants rulesets list\n\n  piquet-variants rulesets diff modern-fr marquoir")
app.add_typer(rulesets.app, name="rulesets")
app.command("replay", epilog="Examples:\n\n  piquet-variants replay docs/deals/traite-art12.json\n\n"
                             "  piquet-variants replay docs/deals/traite-art12.piquet -r traite -r cavendish-rubicon "
                             "--format json")(replay.replay_command)
app.command("compare", epilog="Examples:\n\n  piquet-variants compare docs/deals/traite-art12.piquet -r traite "
                              "-r cavendish-rubicon\n\n  piquet-variants compare docs/deals/traite-art12.piquet "
                              "-r traite -r cavendish-rubicon --format json")(compare.compare_command)
app.command("convert", epilog="Examples:\n\n  piquet-variants convert docs/deals/traite-art12.piquet -O art12.json\n\n"
                              "  piquet-variants convert docs/deals/traite-art12.json --to notation")(convert.convert_command)
app.command("odds", epilog=odds.EPILOG)(odds.odds_command)
app.command("simulate", epilog=simulate.EPILOG)(simulate.simulate_command)


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return its exit status.

    Usage errors are Typer's (a usage line, status 2); every error the tool
    itself knows is one message on stderr and status 1, never a traceback.
    """
    try:
        app(args=argv, prog_name="piquet-variants")
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except PiquetError as exc:
        typer.echo(str(exc) if isinstance(exc, ProblemsError) else f"piquet-variants: {exc}", err=True)
        return 1
    return 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
