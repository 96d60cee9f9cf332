"""The laws of calling applied to a recorded deal: miscalls, replies and omissions judged once both have called,
and the calls as they were made before the judging, which the dialogue's checks need.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import RANK_KEYS, mask
from ..errors import IllegalAction, Word, msg, Word, msg
from ..located import JsonPath
from ..records.model import Called, Incident, RecordedDeal, Role, Said
from .combos import POINT, SEQUENCES, SETS, Combo, claim
from .deal import ELDER, YOUNGER, Deal, Phase
from .irregular import call_sufficient, miscall, omission, reply, state
from .notes import Noted
from .reading import Reader, seat


class AsCalled(NamedTuple):
    """The calls of a deal as the players made them, before the laws of calling ruled on them, by kind and role:
    what each declared, what each first called (a miscall's words, where the record states one), and the
    miscalls whose correction the ruleset let stand."""

    declared: dict[str, tuple[Combo | None, Combo | None]]
    first: dict[str, list[Combo | None]]
    amended: set[tuple[str, int]]


def calling_irregularities(reader: Reader, deal: Deal, incidents: Sequence[Incident], recorded: RecordedDeal,
                           at: JsonPath) -> AsCalled | None:
    """Miscalls, replies and omissions, judged once both have called and before the first card; a call that did
    not name what the ruleset wants named misinforms the other player (engine/irregular.py).  The calls as made
    before the judging (None: no call was made)."""
    if deal.phase != Phase.PLAY:
        return None
    as_called = AsCalled({k: (c[0], c[1]) for k, c in deal.calls.items()}, {k: list(c) for k, c in deal.calls.items()},
                         set())
    for kind, calls in recorded.declarations.kinds() if recorded.declarations is not None else ():
        first = first_call_of(calls.said, Role.ELDER)
        if first is not None and not call_sufficient(deal, ELDER, kind, first[1]):
            state(deal).misinformed[YOUNGER] = True
    judged = sorted((CALLING.index(inc.type), i) for i, inc in enumerate(incidents) if inc.type in CALLING)
    for _, i in judged:
        if deal.over:
            break
        inc, path = incidents[i], at + ("incidents", i)
        p, kind = seat(inc.player), inc.kind or ""
        try:
            match inc.type:
                case "miscall":
                    called = inc.called or Called()
                    cards = (mask(reader.known(called.cards, path + ("called", "cards")))
                             if called.cards is not None else None)
                    combo = as_called.first[kind][p] = _called(reader, deal, p, kind, called, path + ("called",))
                    miscall(deal, p, kind, combo, inc.corrected, cards=cards, shown=bool(inc.shown),
                            waived=bool(inc.waived))
                    if deal.notes[-1].what is Noted.MISCALL_CORRECTED:  # in time: his correction stands
                        as_called.amended.add((kind, p))
                case "reply":
                    reply(deal, p, kind, inc.reply or "", inc.corrected)
                case _:
                    omission(deal, p, kind, inc.reckoned)
        except IllegalAction as exc:
            raise reader.fail(path, exc.message) from None
    return as_called


CALLING = ("miscall", "reply", "omission")  # the order they are judged in: a reply answers the call first made


def first_call_of(said: Sequence[Said], role: Role) -> tuple[int, Said] | None:
    """A player's first call in a kind's dialogue (not a reply or a question), and where it stands in it."""
    return next(((i, item) for i, item in enumerate(said)
                 if item.by is role and item.reply is None and item.ask is None), None)


def _called(reader: Reader, deal: Deal, p: int, kind: str, said: Called, path: JsonPath) -> Combo:
    """The combination a miscall describes, in the words of the dialogue: held, or claimed without being held."""
    rules = deal.rules
    length = said.set if said.set is not None else said.length
    rank = said.rank if said.rank is not None else said.top
    needs = {POINT: ("value",) if rules.point.compare == "value" else ("length",),
             SEQUENCES: ("length", "top"), SETS: ("set", "rank")}[kind]
    given = {"value": said.value, "length": said.length, "top": said.top, "set": said.set, "rank": said.rank}
    if any(given[k] is None for k in needs):
        raise reader.fail(path, msg("miscall-needs", "a miscalled {kind} under this ruleset needs {needs}", kind=Word(kind),
                                    needs=msg("both", "{some} and {last}", some=needs[:-1], last=needs[-1])
                                    if len(needs) > 1 else needs[0]))
    return claim(rules, kind, deal.holding(kind, p), length, None if rank is None else RANK_KEYS.index(rank),
                 said.value)
