"""Deal records replayed under a ruleset, and the scores they claim checked.

The partie's part of a replay: who deals each deal and what the record says
of it, a partie resumed or corrected, and the partie's own claims; each deal
is driven by ``engine/driver.py`` and its figures checked by
``engine/claims.py``.  The record comes typed (``records.model``); anything
wrong in it is reported with the file, line, column and JSON path where it
was written, which its places (``Placed``) give.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import BadValue, Message, echo, msg
from ..located import JsonPath
from ..records.checks import Check, Figure, PartieFigure
from ..records.model import Pairs, PartieClaim, RecordedDeal, SoFar, TypedRecord
from ..ruleset.model import Rules
from .claims import check_deal
from .deal import ELDER, Deal
from .driver import DealDriver
from .notes import Note, Noted
from .partie import Partie, PartieResult, cut_for_deal
from .reading import Placed, Reader, or_default, seat
from .scoring import DealScore, score_deal


@dataclass(slots=True)
class DealReplay:
    number: int
    players: tuple[str, str]  # (elder, younger)
    score: DealScore | None  # None: a score-sheet deal
    totals: tuple[int, int]
    checks: list[Check] = field(default_factory=list)  # every figure the book gives, checked
    deal: Deal | None = None
    #: What the partie says of this deal that the record may not mean: dealt out of the laws' turn with no deal out
    #: of turn written, or written after the partie was decided (and so not counted).
    warnings: list[Note] = field(default_factory=list)
    #: The partie as it stood before this deal was counted (None: a score sheet's deal, or one after the partie's
    #: end), for what the deal is worth in the partie's settlement.
    before: Partie | None = None

    @property
    def mismatches(self) -> list[Check]:
        return [c for c in self.checks if not c.agrees]


@dataclass(slots=True)
class Replay:
    deals: list[DealReplay]
    partie: PartieResult
    players: tuple[str, str]
    mismatches: list[Check]  # every deal's, then the partie's

    @property
    def checks(self) -> list[Check]:
        """Every figure the record gives that the replay checked, deal by deal, agreeing or not."""
        return [c for d in self.deals for c in d.checks]



#: The note for a dealer who changed his packets, by what the ruleset allows.
_PACKETS_CHANGED = {"never": Noted.PACKETS_CHANGED, "if_announced": Noted.PACKETS_CHANGED_IF_ANNOUNCED,
                    "by_agreement": Noted.PACKETS_CHANGED_BY_AGREEMENT}


def _no_such_dealer(name: str) -> Message:
    return msg("dealer-unknown", "dealer {name} is not one of the players", name=echo(name))


def _packets(rules: Rules, recorded: RecordedDeal, dealer: str, dealt_by: dict[str, int]) -> list[Note]:
    """What the ruleset says of the packets this deal was dealt by, and of a dealer who changed them."""
    packets = recorded.packets
    if packets is None:
        return []
    notes = []
    if packets not in rules.deal.packets:
        notes.append(Note(Noted.PACKETS_NOT_ALLOWED, packets=packets, allowed=rules.deal.packets))
    before = dealt_by.setdefault(dealer, packets)
    if before != packets and rules.deal.packet_fixed:
        notes.append(Note(_PACKETS_CHANGED[rules.deal.packet_change], packets=packets, before=before,
                          when=Note(Noted.of("announced", rules.deal.packet_change_announced_before))))
        dealt_by[dealer] = packets
    return notes


def _resume(reader: Reader, partie: Partie, so_far: SoFar, players: tuple[str, str]) -> None:
    """Start the partie from the state the record states (``so_far``): its players' scores and games, by name."""
    by_player = []
    for key, given in (("scores", so_far.scores), ("games", so_far.games or Pairs())):
        for name in given:
            if name not in players:
                raise reader.fail(("so_far", key, name), msg("not-one-of-players", "{name} is not one of the players "
                                                             "({players})", name=echo(name), players=players))
        if key == "scores" and len(given) != 2:
            raise reader.fail(("so_far", key), msg("so-far-each", "the score so far gives each player's ({players})",
                                                  players=players))
        by_player.append((given.get(players[0], 0), given.get(players[1], 0)))
    try:
        partie.resume(by_player[0], so_far.deals, by_player[1])
    except BadValue as exc:
        raise reader.fail(("so_far",), exc.message) from None


def _corrections(reader: Reader, partie: Partie, recorded: RecordedDeal, roles: tuple[str, str], players: tuple[str,
                 str], notes: list[Note], at: JsonPath) -> None:
    """A deal's score put right afterwards, on the partie's totals, if the error was proved in time and from the
    player's own score of his hand (Cavendish Laws 70, 74; au Cent para. 27); a score sheet's deal as well."""
    for i, inc in enumerate(recorded.incidents):
        if inc.type != "score_corrected":
            continue
        role, points, own_sheet = seat(inc.player), or_default(inc.points, 0), inc.own_sheet is not False
        try:
            taken = partie.correct(players.index(roles[role]), points, inc.when or "", own_sheet)
        except BadValue as exc:
            raise reader.fail(at + ("incidents", i), exc.message) from None
        why = (Noted.SCORE_CORRECTED_TAKEN if taken else Noted.SCORE_CORRECTED_OWN_SHEET
               if not own_sheet else Noted.SCORE_CORRECTED_TOO_LATE)
        notes.append(Note(why, role=role, points=points,
                          limit=Note(Noted.of("correctable", partie.rules.game.score_correctable))))


def _first_dealer(reader: Reader, record: TypedRecord, rules: Rules) -> int:
    """Who deals first: the record's first dealer, who must be the one the cut made, where the record gives it."""
    players, first = record.players, record.deals[0].dealer
    if first is None and record.cut is None:
        raise reader.fail(("deals", 0), msg("first-dealer-json", 'the first deal names its dealer ("dealer"), or the '
                                           'record its cut'))
    if first is not None and first not in players:
        raise reader.fail(("deals", 0, "dealer"), _no_such_dealer(first))
    if record.cut is not None:
        cut = record.cut
        if sorted(cut) != sorted(players):
            raise reader.fail(("cut",), msg("cut-cards", "the cut needs one card for each player ({players})",
                                           players=players))
        cards = tuple(reader.known([cut[name]], ("cut", name))[0] for name in players)
        lifted = record.cut_lifted or Pairs()
        for name in lifted:
            reader.role(name, players, ("cut_lifted", name))
        try:
            dealer = cut_for_deal(rules, (cards[0], cards[1]), (record.higher_chose or "deal") == "deal",
                                  (lifted.get(players[0]), lifted.get(players[1])))
        except BadValue as exc:
            raise reader.fail(("cut",), exc.message) from None
        if first is None:
            return dealer
        if players[dealer] != first:
            raise reader.fail(("deals", 0, "dealer"), msg("cut-dealer", "after this cut {dealer} deals first under "
                                                          "this ruleset ({rule}), not {first}", dealer=players[dealer],
                                                          rule=rules.deal.first_dealer, first=first))
    return players.index(first)


def _deal(reader: Reader, rules: Rules, partie: Partie, players: tuple[str, str], recorded: RecordedDeal, n: int,
          dealt_by: dict[str, int]) -> DealReplay:
    """One deal of the partie replayed, and added to it; a score sheet's deal by its scores alone."""
    at: JsonPath = ("deals", n)
    warnings = _turn(reader, partie, players, recorded, at)
    dealer = partie.dealer if not _void_out_of_turn(recorded) else 1 - partie.dealer
    roles = (players[1 - dealer], players[dealer])
    if recorded.scores is not None:
        totals = (recorded.scores.get(roles[0], 0), recorded.scores.get(roles[1], 0))
        for who in recorded.scores:
            reader.role(who, roles, at + ("scores", who))
        if not partie.finished:
            partie.add_totals(totals[0], totals[1])
        _corrections(reader, partie, recorded, roles, players, [], at)
        return DealReplay(n + 1, roles, None, totals, warnings=warnings)
    before = None if partie.finished else partie.snapshot()
    deal, as_called = DealDriver(reader, rules, recorded, at).run()
    deal.notes += _packets(rules, recorded, roles[1], dealt_by)
    score = score_deal(deal)
    checks = check_deal(reader, deal, score, recorded, roles, n + 1, at, as_called)
    if not partie.finished and (score.complete or score.void):
        partie.add(score)
    elif not partie.finished:  # given only in part: not counted, but dealt, and the next is the other's to deal
        partie.turn_passes()
    _corrections(reader, partie, recorded, roles, players, score.notes, at)
    return DealReplay(n + 1, roles, score, (score.totals[0], score.totals[1]), checks, deal, warnings, before)


def _void_out_of_turn(recorded: RecordedDeal) -> bool:
    """Whether the deal is one out of turn found before the cards were taken up: void, and dealt by the player
    whose turn it was not, the turn staying where it was (Cavendish Law 16)."""
    return any(inc.type == "out_of_turn" and inc.found == "before_cards_taken_up" for inc in recorded.incidents)


def _turn(reader: Reader, partie: Partie, players: tuple[str, str], recorded: RecordedDeal, at: JsonPath) -> list[Note]:
    """Who deals this deal, by the laws' order of dealing (``partie.dealer``), and what the record says of it.

    A deal out of turn is dealt by the player whose turn it was not.  Found
    later, it stands and the turn goes on from it as the ruleset says (the
    elder of that deal dealing twice running, Cavendish Law 16; au Cent para.
    5, no remedy); found early, it is void and the turn stays.  A deal that
    names no dealer is dealt by the player the order gives.  One that names
    another, with no deal out of turn written, is dealt as the record says
    and the turn goes on from it, with a warning; so is a deal written after
    the partie was decided, which is not counted.
    """
    named = recorded.dealer
    if named is not None and named not in players:
        raise reader.fail(at + ("dealer",), _no_such_dealer(named))
    if partie.finished:  # no longer counted: each deal after the end dealt in turn, or as it names
        partie.dealer = players.index(named) if named is not None else 1 - partie.dealer
        return [Note(Noted.AFTER_THE_PARTIE)]
    late = any(inc.type == "out_of_turn" and inc.found == "later" for inc in recorded.incidents)
    if late:
        partie.out_of_turn(found_before_hands_taken_up=False)  # it stands: whether the next dealer deals twice
    due = 1 - partie.dealer if _void_out_of_turn(recorded) else partie.dealer
    if named is None or players.index(named) == due:
        return []
    if not _void_out_of_turn(recorded):
        partie.dealer = players.index(named)
    return [Note(Noted.DEALT_OUT_OF_ORDER, role=ELDER)]


def _partie_checks(reader: Reader, record: TypedRecord, result: PartieResult) -> list[Check]:
    """The figures the record gives of the whole partie that the engine disagrees with."""
    claim, players, out = record.claimed or PartieClaim(), record.players, []

    def differs(path: JsonPath, who: str | None, claimed: Figure, engine: Figure) -> None:
        if claimed != engine:
            line, col = reader.places.where(path)
            out.append(Check(None, PartieFigure(str(path[1])), who, claimed, engine, line, col))

    if claim.points_won is not None:
        differs(("claimed", "points_won"), None, claim.points_won, result.points_won)
    if claim.winner is not None:
        differs(("claimed", "winner"), None, claim.winner.name,
                players[result.winner] if result.winner is not None else None)
    for who, value in (claim.totals or {}).items():
        if who not in players:
            raise reader.fail(("claimed", "totals", who), msg("not-a-player", "{name} is not a player", name=echo(who)))
        differs(("claimed", "totals", who), who, value, result.totals[players.index(who)])
    return out


def replay(record: TypedRecord, rules: Rules, places: Placed) -> Replay:
    """Re-score every deal of a record under ``rules`` and check what it claims; ``places`` says where each of its
    values was written, for the problems and the checks."""
    reader = Reader(places, record.lang)
    partie = Partie(rules, _first_dealer(reader, record, rules))
    if record.so_far is not None:
        _resume(reader, partie, record.so_far, record.players)
    dealt_by: dict[str, int] = {}  # each dealer's packet size so far
    out = [_deal(reader, rules, partie, record.players, recorded, n, dealt_by) for n, recorded in enumerate(record.deals)]
    result = partie.result()
    mismatches = [c for d in out for c in d.mismatches] + _partie_checks(reader, record, result)
    return Replay(out, result, record.players, mismatches)
