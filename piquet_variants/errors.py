"""Exception types.

Every error a user can provoke with bad input is one of these, and each
carries where it happened, so the CLI can print ``FILE:LINE:COL: …`` and
exit non-zero without a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


#: At most this many problems are reported for one file; the reading (or the checking) stops there, and says so.
MAX_PROBLEMS = 100

#: Said by both readers of a record (JSON and notation): "?" fills a hand, never a trick.
UNKNOWN_PLAYED = "a card played must be given, not '?'"


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
    """Base of every error the tool reports to a user."""


class CardError(PiquetError, ValueError):
    """A card or set of cards could not be read."""


@dataclass(frozen=True)
class Problem:
    """One located problem: in a ruleset, a record or a notation file."""

    file: str
    line: int
    column: int
    path: str
    message: str
    excerpt: str = ""  # the offending source line with a caret under the column, where the text is at hand

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}"
        text = f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"
        return f"{text}\n{self.excerpt}" if self.excerpt else text


class ProblemsError(PiquetError):
    """Several problems found at once, reported together."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


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
        return str(self.args[0])


class IllegalAction(PiquetError):
    """An action that the rules do not allow in the current state."""
