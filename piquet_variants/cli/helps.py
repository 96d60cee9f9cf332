"""The command line's help in the reader's language: each command's description and examples, each option's and
argument's help, the section titles, the defaults and ranges, the metavars that are words.

The words are the gettext catalogues' (``piquet_variants.i18n``), the msgid being the English text as the command
defines it, translated as the help is written (``Helped``): a command is defined once, in English.  A paragraph of
a description or of the examples is one msgid (its lines joined: Click wraps it again); a paragraph kept as typed
(``\\b``: a command line of the examples) is not translated.

The language is the command line's (``said_in``), read before Click reads it, since ``--help`` is acted on as
soon as Click meets it, before ``--lang``, wherever the two sit.  English is the definitions' own words: no
catalogue is read, so that ``--help`` imports no more than it needs.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from difflib import get_close_matches
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from typer._click.exceptions import UsageError
from typer.core import TyperCommand, TyperGroup

from ..errors import Message, msg

if TYPE_CHECKING:
    from ..lexicon import Lang

#: The language the command line being run asks for (``said_in``).
_LANG: ContextVar[Lang] = ContextVar("help_lang", default="en")


@contextmanager
def said_in(lang: Lang) -> Iterator[None]:
    """The help and the usage lines written in ``lang`` while the command line runs."""
    token = _LANG.set(lang)
    try:
        yield
    finally:
        _LANG.reset(token)


def words(text: str) -> str:
    """An English text of the help (a msgid), in the help's language."""
    lang = _LANG.get()
    if lang == "en" or not text:
        return text
    from ..i18n import catalogue
    return _typeset(catalogue(lang).gettext(text))


#: The space before a French high point (``:``, ``;``, ``?``, ``!``, ``»``) or after ``«``, which the line is not
#: broken at: Click wraps the help between words, and a colon must not begin a line.
_BEFORE_POINT = re.compile(r" (?=[:;?!»])|(?<=«) ")


def _typeset(text: str) -> str:
    return _BEFORE_POINT.sub("\u00a0", text)


def _said(message: Message) -> str:
    lang = _LANG.get()
    if lang == "en":
        return str(message)
    from ..i18n import say
    return say(message, lang)


def prose(text: str) -> str:
    """A description or an epilog as Click writes it (its indent removed, cut at a form feed), each paragraph in the
    help's language but those kept as typed (``\\b``)."""
    text = inspect.cleandoc(text).partition("\f")[0]
    if _LANG.get() == "en":
        return text
    return "\n\n".join(p if p.startswith("\b") else words(" ".join(p.split())) for p in text.split("\n\n"))


@runtime_checkable
class Ranged(Protocol):
    """A parameter's type that takes figures between bounds (``common.Figure``): the help says its range."""

    def range(self) -> Message | None: ...


def in_words(param: Any, ctx: Any, text: str) -> str:
    """``text`` (a usage piece, an option's names with its metavar, or the hint of a usage error) with the
    parameter's metavar in words."""
    english = param.make_metavar(ctx)
    head, found, tail = text.rpartition(english)
    return f"{head}{words(english)}{tail}" if found else text


def _extra(param: Any, ctx: Any) -> list[str]:
    """What the help says after an option's text: its default, its range, that it is required (Typer's own choice
    of what to show, said in the help's language)."""
    extra = []
    default = param._extract_default_help_str(ctx=ctx) if hasattr(param, "_extract_default_help_str") else None
    as_given = isinstance(param.show_default, str)
    if as_given or (default is not None and (param.show_default or ctx.show_default)):
        shown = param._get_default_string(ctx=ctx, show_default_is_str=as_given, default_value=default)
        if isinstance(default, float) and _LANG.get() != "en":  # a figure, with the language's decimal comma
            from ..i18n import decimal
            shown = decimal(default, _LANG.get())
        if shown:
            extra.append(words("default: {default}").format(default=shown))
    if isinstance(param.type, Ranged) and (bounds := param.type.range()) is not None:
        extra.append(_said(bounds))
    if param.required:
        extra.append(words("required"))
    return extra


def _record(param: Any, ctx: Any) -> tuple[str, str] | None:
    """A parameter's line in the help: its names and metavar, its text and what follows it."""
    english = param.get_help_record(ctx)
    if english is None:
        return None
    text = words(" ".join((param.help or "").split())) if _LANG.get() != "en" else param.help or ""
    extra = _extra(param, ctx)
    if extra:
        said = f"[{words('; ').join(extra)}]"
        text = f"{text}  {said}" if text else said
    return in_words(param, ctx, english[0]), text


def _paragraphs(formatter: Any, text: str | None) -> None:
    """A command's description or its examples, indented under the usage or the options, where it has them."""
    if text:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(prose(text))


@contextmanager
def section(formatter: Any, title: str) -> Iterator[None]:
    """A section of the help under its title, the title's colon written as the language writes it."""
    formatter.write_paragraph()
    formatter.write(f"{'':>{formatter.current_indent}}{words(title)}\n")
    formatter.indent()
    try:
        yield
    finally:
        formatter.dedent()


class Helped:
    """A command whose help is written in the reader's language (mixed into Typer's command and group)."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), f"{words('Usage:')} ")

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        command: Any = self
        pieces = [words(command.options_metavar)] if command.options_metavar else []
        for param in command.get_params(ctx):
            pieces += [in_words(param, ctx, piece) for piece in param.get_usage_pieces(ctx)]
        if isinstance(self, TyperGroup):
            pieces.append(words(self.subcommand_metavar))
        return pieces

    def format_help_text(self, ctx: Any, formatter: Any) -> None:
        _paragraphs(formatter, getattr(self, "help", None))

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        _paragraphs(formatter, getattr(self, "epilog", None))

    def format_options(self, ctx: Any, formatter: Any) -> None:
        command: Any = self
        records = [(param.param_type_name, _record(param, ctx)) for param in command.get_params(ctx)]
        for kind, title in (("argument", "Arguments:"), ("option", "Options:")):
            rows = [record for of, record in records if of == kind and record is not None]
            if rows:
                with section(formatter, title):
                    formatter.write_dl(rows)
        if isinstance(self, TyperGroup):
            self.format_commands(ctx, formatter)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The list of a group's commands, each with its summary."""
        group: Any = self
        rows = [(name, words(command.get_short_help_str())) for name in group.list_commands(ctx)
                if (command := group.get_command(ctx, name)) is not None and not command.hidden]
        if rows:
            with section(formatter, "Commands:"):
                formatter.write_dl(rows)


class HelpedCommand(Helped, TyperCommand):
    """A command, its help in the reader's language."""


class HelpedGroup(Helped, TyperGroup):
    """A group of commands, its help in the reader's language, and a command it has not said in the tool's words."""

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name = args[0]
        if self.get_command(ctx, name) is None and not ctx.resilient_parsing and not name.startswith("-"):
            close = tuple(repr(m) for m in get_close_matches(name, self.list_commands(ctx)))
            raise Refused(msg("no-such-command-close", "No such command {name}. Did you mean {close}?", name=repr(name),
                              close=close) if close else msg("no-such-command", "No such command {name}.",
                                                             name=repr(name)), ctx)
        return super().resolve_command(ctx, args)


class Refused(UsageError):
    """A command line refused in the tool's words (a command it does not have), said in the language asked, where
    Click's exception would hold only its English."""

    def __init__(self, message: Message, ctx: Any) -> None:
        super().__init__(str(message), ctx)
        self.said = message
