"""A record and its deals as their statements fill them: each part a typed value of the record model
(``records/model.py``) as soon as its statement is read, and the tables that several statements add to (a deal's
hands, its claims, a record's options) kept open until the deal or the record ends, then frozen into the model's
values.  No schema-shaped data stands between the statements and the typed record."""

from __future__ import annotations

from ..records.model import (Calls, Card, Cards, Claim, Comment, Count, Declarations, ExchangeSide, Hands, Incident,
                             Pairs, PartieClaim, RecordedDeal, RecordedExchange, Role, RunningClaim, Sitting, SoFar,
                             TricksWonClaim, TypedRecord, Winner, pairs_or_none)


class DealDraft:
    """One deal as its statements are read: the tables each kind of statement fills, checked as they fill."""

    def __init__(self) -> None:
        self.dealer: str | None = None
        self.packets: int | None = None
        self.hands: dict[Role, Cards] = {}
        self.talon: Cards | None = None
        self.incidents: list[Incident] = []
        self.exchange: dict[Role, ExchangeSide] = {}
        self.declarations: dict[str, Calls] = {}
        self.tricks: list[Cards] = []
        self.claimed = False  # whether a claim of the deal is written, the tables below then holding it
        self.final: dict[str, int] | None = None
        self.by: dict[str, dict[str, int]] = {}
        self.running: list[RunningClaim] = []
        self.tricks_won: list[TricksWonClaim] = []
        self.scores: dict[str, int] | None = None
        self.note: str | None = None
        self.comments: list[Comment] = []
        self.counts: list[Count] = []
        self.carte_blanche: list[Role] = []

    def freeze(self) -> RecordedDeal:
        """The deal as the record holds it: what is not written left at the model's default."""
        declarations = self.declarations
        return RecordedDeal(
            dealer=self.dealer, packets=self.packets, scores=pairs_or_none(self.scores),
            hands=Hands(self.hands[Role.ELDER], self.hands[Role.YOUNGER]) if self.hands else None,
            talon=self.talon, incidents=tuple(self.incidents),
            exchange=RecordedExchange(self.exchange.get(Role.ELDER), self.exchange.get(Role.YOUNGER))
            if self.exchange else None,
            declarations=Declarations(declarations.get("point"), declarations.get("sequences"),
                                      declarations.get("sets")) if declarations else None,
            tricks=tuple(self.tricks) if self.tricks else None,
            claimed=Claim(pairs_or_none(self.final), Pairs.of((k, Pairs.of(v)) for k, v in self.by.items())
                          if self.by else None, tuple(self.running), tuple(self.tricks_won)) if self.claimed else None,
            note=self.note, comments=tuple(self.comments), counts=tuple(self.counts),
            carte_blanche=tuple(self.carte_blanche))


class RecordDraft:
    """One record as its tags and the partie's claims are read; its deals are read, and frozen, one by one."""

    def __init__(self) -> None:
        self.ruleset: str | None = None
        self.options: dict[str, str] = {}
        self.source: dict[str, str] = {}
        self.lang: str | None = None
        self.players: tuple[str, str] | None = None
        self.note: str | None = None
        #: The cut as its tag writes it, each player's card as text: read once the record's language is known,
        #: which a later [Lang] tag may give.
        self.cut_written: dict[str, str] | None = None
        self.cut: Pairs[str, Card] | None = None
        self.higher_chose: str | None = None
        self.cut_lifted: dict[str, int] | None = None
        self.so_far_deals: int | None = None
        self.so_far_scores: dict[str, int] | None = None
        self.so_far_games: dict[str, int] | None = None
        self.sitting_players: tuple[str, str, str] | None = None
        self.sitting_card: dict[str, int] | None = None
        self.totals: dict[str, int] | None = None
        self.winner: Winner | None = None
        self.points_won: int | None = None

    def so_far_given(self) -> list[str]:
        """The fields of a partie in progress that its tags give."""
        return [name for name, given in (("deals", self.so_far_deals), ("scores", self.so_far_scores),
                                         ("games", self.so_far_games)) if given is not None]

    def freeze(self, players: tuple[str, str], deals: list[RecordedDeal], comments: list[Comment]) -> TypedRecord:
        """The record as the model holds it, once every tag and deal is read and checked."""
        claimed = self.totals is not None or self.winner is not None or self.points_won is not None
        so_far = self.so_far_deals is not None and self.so_far_scores is not None
        return TypedRecord(
            ruleset=self.ruleset, options=Pairs.of(self.options), source=Pairs.of(self.source),
            lang=self.lang or "en", players=players, deals=tuple(deals),
            claimed=PartieClaim(pairs_or_none(self.totals), self.winner, self.points_won) if claimed else None,
            so_far=SoFar(self.so_far_deals or 0, Pairs.of(self.so_far_scores or {}),
                         pairs_or_none(self.so_far_games)) if so_far else None,
            sitting=Sitting(self.sitting_players, pairs_or_none(self.sitting_card))
            if self.sitting_players is not None else None,
            note=self.note, cut=self.cut, higher_chose=self.higher_chose, cut_lifted=pairs_or_none(self.cut_lifted),
            comments=tuple(comments))
