"""What a command says on stderr beside its results, in the reader's language: its warnings and notes, and the
warnings of the layers below, which warn through Python's ``warnings`` (they print nothing themselves).

While a command runs, Python's hook that shows a warning is ``Speaking``: the tool's own warnings are said as the
command's, in the language of its ``--lang`` once that is read; any other warning (a library's) is left to the
hook it stands in for, and that hook is put back when the command ends.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO, cast

import typer
from typer._click.core import ParameterSource

if TYPE_CHECKING:
    from ..i18n import Lang


def warn(message: str, lang: Lang = "en") -> None:
    """A diagnostic on stderr that does not stop the command."""
    from ..i18n import t
    typer.echo(f"piquet-variants: {t('warning', lang)}: {message}", err=True)


def note(message: str, lang: Lang = "en") -> None:
    """A remark on stderr about how the command read its input: neither a fault nor a result."""
    from ..i18n import t
    typer.echo(f"piquet-variants: {t('note', lang)}: {message}", err=True)


class Speaking:
    """Python's hook that shows a warning, while a command runs: the cache not used said as a warning of the
    command's, its reason in the reader's words (the reason is a catalogue's msgid); any other warning shown by
    the hook this one stands in for."""

    def __init__(self, other: Callable[..., None]) -> None:
        self.other = other
        self.lang: Lang = "en"

    def __call__(self, message: Warning | str, category: type[Warning], filename: str, lineno: int,
                 file: TextIO | None = None, line: str | None = None) -> None:
        from ..stored import CacheNotUsed
        if not isinstance(message, CacheNotUsed):
            self.other(message, category, filename, lineno, file, line)
            return
        from ..i18n import t
        warn(t(message.why.value, self.lang).format(path=message.path, figure=message.figure), self.lang)


@contextmanager
def speaking() -> Iterator[Speaking]:
    """The tool's warnings said as the command's own while it runs (``Speaking``), Python's hook put back after;
    the hook, whose ``lang`` is the language asked once ``--lang`` is read, for the errors that end the command."""
    with warnings.catch_warnings():
        hook = Speaking(warnings.showwarning)
        warnings.showwarning = hook
        yield hook


#: Where ``--lang`` given on the command line is kept (Click's ``meta``, which every context of the command line
#: shares): the language of the program (``--lang`` before the command's name) is the command's where it has none.
_ASKED = "piquet_variants.lang"


def in_language(ctx: typer.Context, param: typer.CallbackParam, lang: str | None) -> str | None:
    """``--lang``, once read (the option's callback, whose value Click has checked against the choices; Typer reads
    its hints when the command runs, so they name no type the module imports only for the checker): the tool's
    warnings, and the errors that end the command, are said in it from then on.  A command given no ``--lang``
    takes the program's (``piquet-variants --lang fr replay …``).  None (``convert`` given no ``--lang``, which
    writes each record in its own) leaves them in English."""
    if param.name is not None and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:
        ctx.meta[_ASKED] = lang
    else:
        lang = ctx.meta.get(_ASKED, lang)
    hook = warnings.showwarning
    if isinstance(hook, Speaking) and lang is not None:
        hook.lang = cast("Lang", lang)
    return lang
