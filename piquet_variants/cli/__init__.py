"""The ``piquet-variants`` command.

``main`` runs the Typer app without Click's standalone handling so that
every error the tool knows (``PiquetError``) becomes one clear message on
stderr and exit status 1, never a traceback.
"""

from __future__ import annotations

import sys

import click
import typer

from ..errors import PiquetError, ProblemsError
from . import replay, rulesets

app = typer.Typer(
    help="Explore the historical rule variants of Piquet: compare rulesets rule by rule with their "
         "sources, and replay recorded deals under any of them.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
    epilog="Examples:\n\n  piquet-variants rulesets list\n\n  piquet-variants rulesets diff modern-fr marquoir")
app.add_typer(rulesets.app, name="rulesets")
app.command("replay", epilog="Examples:\n\n  piquet-variants replay docs/deals/traite-art12.json\n\n"
                             "  piquet-variants replay docs/deals/traite-art12.json -r traite -r cavendish-rubicon "
                             "--format json")(replay.replay_command)


def main(argv: list[str] | None = None) -> int:
    try:
        code = app(args=argv, standalone_mode=False, prog_name="piquet-variants")
    except PiquetError as exc:
        click.echo(str(exc) if isinstance(exc, ProblemsError) else f"piquet-variants: {exc}", err=True)
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 1
    return code if isinstance(code, int) else 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
