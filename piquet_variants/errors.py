"""Exception types, and the messages they carry.

Every error a user can provoke with bad input is one of these, and each
carries where it happened, so the CLI can print ``FILE:LINE:COL: …`` and
exit non-zero without a traceback.  What it says is a ``Message``, a typed
value that the presentation says in the reader's language (``i18n.say``):
no layer below the command line knows which language that is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


#: At most this many problems are reported for one file; the reading (or the checking) stops there, and says so.
MAX_PROBLEMS = 100


class Sayer(Protocol):
    """What a message needs to be said in one language: the interface's words (a message's template is the
    English msgid of the gettext catalogues), a card's name and a figure's."""

    def word(self, msgid: str) -> str: ...

    def card(self, card: CardArg) -> str: ...

    def figure(self, value: float) -> str: ...


@dataclass(frozen=True)
class Word:
    """A word inside a message (a kind of value, a role, a score category, the system's reason), said from the
    catalogues or the lexicon."""

    text: str


@dataclass(frozen=True)
class CardArg:
    """A card a message names, said by its name in the reader's language (``KH``, ``RC``), or, ``long``, in words
    (the king of hearts, le roi de cœur); ``english`` is its English name, which ``str()`` says (made by
    ``cards.card_arg``: this module names no card itself, the cards' module being built on it)."""

    code: int
    english: str
    long: bool = False


@dataclass(frozen=True)
class Message:
    """What is wrong with an input, as a typed value: a stable ``kind`` (the id JSON gives), the English template
    (the catalogues' msgid, with ``{name}`` fields) and its arguments, each said in the reader's language where it
    is shown: a name or a value echoed back as written, a number, a card, a word, or a message within it.
    ``str()`` says it in English, as a script reads it."""

    kind: str
    template: str
    args: tuple[tuple[str, object], ...] = field(default=())

    def say(self, sayer: Sayer) -> str:
        return sayer.word(self.template).format(**{name: _said(value, sayer) for name, value in self.args})

    def __str__(self) -> str:
        return self.say(ENGLISH)


def msg(kind: str, template: str, /, **args: object) -> Message:
    """A message of kind ``kind``: ``template`` is its English words, with a ``{field}`` for each argument."""
    return Message(kind, template, tuple(args.items()))


def _said(value: object, sayer: Sayer) -> str:
    match value:
        case Message():
            return value.say(sayer)
        case Word(text):
            return sayer.word(text)
        case CardArg():
            return sayer.card(value)
        case bool():
            return str(value)
        case float():
            return sayer.figure(value)
        case tuple() | list():
            return ", ".join(_said(v, sayer) for v in value)
        case _:
            return str(value)


class _English:
    """The English sayer a script's ``str()`` uses: the templates are the English words."""

    def word(self, msgid: str) -> str:
        return msgid

    def card(self, card: CardArg) -> str:
        return card.english

    def figure(self, value: float) -> str:
        return str(value)


ENGLISH: Sayer = _English()


#: Said by both readers of a record (JSON and notation): "?" fills a hand, never a trick.
UNKNOWN_PLAYED = msg("unknown-played", "a card played must be given, not '?'")


def echo(value: object, limit: int = 60) -> str:
    """A value a message repeats back, as ``repr`` gives it, cut short past ``limit`` characters: a bad input
    may be a megabyte long, and its message should still be one line."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit - 1]}… ({len(text)} characters)"


#: The longest path a system takes (Linux's PATH_MAX): a file name repeated back is never cut short of it.
PATH_MAX = 4096


def echo_name(name: object) -> str:
    """A file name a message repeats back, whole: a message that names a file must name it all, wherever the file
    sits.  Only a name longer than any the system takes (which no file has) is cut, as ``echo`` cuts a value."""
    return echo(name, PATH_MAX + 2)


class PiquetError(Exception):
    """Base of every error the tool reports to a user: its message is a ``Message``, said in the reader's language
    where it is shown (``str()`` says it in English)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message

    def say(self, sayer: Sayer) -> str:
        return self.message.say(sayer)


class CardError(PiquetError, ValueError):
    """A card or set of cards could not be read."""


@dataclass(frozen=True)
class Problem:
    """One located problem: in a ruleset, a record or a notation file."""

    file: str
    line: int
    column: int
    path: str
    message: Message
    excerpt: str = ""  # the offending source line with a caret under the column, where the text is at hand

    def say(self, sayer: Sayer) -> str:
        """The problem as a compiler prints one: its place, the message in the sayer's language, the excerpt."""
        where = f"{self.file}:{self.line}:{self.column}"
        said = self.message.say(sayer)
        text = f"{where}: {self.path}: {said}" if self.path else f"{where}: {said}"
        return f"{text}\n{self.excerpt}" if self.excerpt else text

    def __str__(self) -> str:
        return self.say(ENGLISH)


class ProblemsError(PiquetError):
    """Several problems found at once, reported together."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        Exception.__init__(self, "\n".join(str(p) for p in problems))

    def say(self, sayer: Sayer) -> str:
        return "\n".join(p.say(sayer) for p in self.problems)


class RulesetError(ProblemsError):
    """A ruleset file is unreadable, invalid or inconsistent."""


class RecordError(ProblemsError):
    """A deal record (JSON or notation) is invalid."""


class NotationError(RecordError):
    """A notation file that does not parse, or says something impossible."""


class OutputError(PiquetError, OSError):
    """An output file cannot be written; nothing was written to it."""


class OutputRefused(PiquetError):
    """An output the tool will not write, whatever ``--force`` says: a place it never writes (the root, a system
    or home folder, one above the current folder), a folder holding what it did not write, or a file the user
    could not write with the shell's ``>``."""


class UnknownRuleset(PiquetError, KeyError):
    def __str__(self) -> str:
        return self.say(ENGLISH)


class BadValue(ValueError):
    """A value a layer below the command line refuses (a cut, a rotation, a search), with its message typed: the
    caller places it (at a record's line, on the command line)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(PiquetError):
    """An action that the rules do not allow in the current state."""
