"""Ruleset files written for an older format: the keys renamed since, so that a message can name the new key.

A ruleset file may state the format it is written for (``format: N``); a
file that states none is taken to be of the current one.  A key renamed since
an older format is refused as unknown, as any other, but its message names
the new key and what its values became; ``rulesets upgrade FILE`` rewrites
the file.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Message, msg

#: The format this version reads and writes.
FORMAT = 2


@dataclass(frozen=True)
class Renamed:
    """A rule renamed in format ``since``: ``group.old`` is ``group.new``, each old value the new one paired."""

    since: int
    group: str
    old: str
    new: str
    values: tuple[tuple[object, str], ...]

    def value(self, old: object) -> object:
        """The new value for an old one (a value it never had is left for the schema to refuse)."""
        return next((new for was, new in self.values if was == old and type(was) is type(old)), old)

    def hint(self) -> Message:
        said = tuple(msg("renamed-value", "{was} is now {new}", was=_yaml(was), new=_yaml(new))
                     for was, new in self.values)
        return msg("renamed", "; renamed {rule} in format {since} ({values}): 'piquet-variants rulesets upgrade "
                   "FILE' rewrites the file", rule=f"{self.group}.{self.new}", since=self.since, values=said)


def _yaml(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value)


RENAMED = (
    Renamed(2, "deal", "packet_change_if_announced", "packet_change", ((True, "if_announced"), (False, "never"))),
)


def renamed(path: tuple[str | int, ...], key: str) -> Renamed | None:
    """The renaming of ``key`` where it stands at ``path`` (``rules.GROUP``, in a file or an option's choice)."""
    if len(path) < 2 or path[-2] != "rules":
        return None
    return next((r for r in RENAMED if (r.group, r.old) == (path[-1], key)), None)
