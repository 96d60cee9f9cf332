"""Typed, immutable rule objects: what the engine reads.

Each group of the ruleset schema is one frozen dataclass, each leaf one
field, with the same names.  Rank keys (``"A"``, ``"10"``) are turned into
rank indices and masks at compile time, so the engine never parses a string.
A test checks that these classes and the JSON Schema name the same leaves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .bibliography import Date, Source


@dataclass(frozen=True, slots=True)
class Deck:
    size: int
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealRules:
    hand: int
    talon: int
    packets: tuple[int, ...]
    packet_fixed: bool
    packet_change: Literal["never", "if_announced", "by_agreement"]
    packet_change_announced_before: Literal["shuffle", "cut"]
    first_dealer: Literal["lower_cut_deals", "higher_cut_chooses"]
    cut_minimum: int
    alternate: bool
    out_of_turn_found_late: Literal["elder_deals_twice", "no_remedy"]


Remedy = Literal["elder_option", "fresh_deal"]


@dataclass(frozen=True, slots=True)
class Misdeal:
    max_wrong: int
    hand_over: Remedy
    hand_under: Remedy
    talon_over: Remedy
    short_talon_falls_on: Literal["elder", "younger", "offender"]
    over_hand_min_take: int
    under_hand_must_discard: bool
    unannounced: Literal["option_lost", "too_many_cards", "no_effect"]


@dataclass(frozen=True, slots=True)
class FacedCard:
    fresh_deal_when: tuple[str, ...]
    in_dealing_fresh_deal_at: int
    exposed_by_dealer: Literal["elder_option", "deal_stands"]


@dataclass(frozen=True, slots=True)
class CarteBlanche:
    enabled: bool
    who: Literal["either", "elder"]
    score: int
    excludes: tuple[int, ...]
    announce: str
    show: str
    counts_toward_hazards: bool
    both: Literal["both_score", "younger_bars_elder", "cancel"]
    bars_hazards: bool
    shown_late: Literal["reckons", "lost"]


@dataclass(frozen=True, slots=True)
class ExchangeRules:
    elder_max: int
    elder_min: int
    younger_max: int | Literal["remaining"]
    younger_min: int
    elder_may_see_left: bool
    younger_may_see_left: Literal["if_elder_sees_too", "freely", "no"]
    short_take_recoverable: bool
    left_unseen_looked_at: Literal["no_penalty", "forced_suit"]


#: Until when a call may be corrected, in the order of the deal.
Correctable = Literal["never", "before_reply", "before_next_call", "before_own_first_card", "before_first_trick"]


@dataclass(frozen=True, slots=True)
class Declarations:
    order: tuple[str, ...]
    point_call: Literal["cards", "value"]
    sequence_call: Literal["length", "top", "top_unless_good_against_the_cards"]
    winner_reckons: Literal["all_of_kind", "called_only"]
    undercall: Literal["reckon_all", "reckon_equal_or_inferior", "elder_bound_unless_good_against_the_cards"]
    shown_bars: bool
    equality: Literal["neither_reckons", "elder_reckons"]
    undercall_correctable: Correctable
    overcall_correctable: Correctable
    omission_until: Literal["before_own_first_card", "before_first_trick"]
    omitted_bars: bool
    reply_correctable: Correctable
    reply_bars: bool
    disallowed_reckons_late: bool


@dataclass(frozen=True, slots=True)
class Point:
    compare: Literal["value", "length_then_value"]
    card_values: tuple[int, ...]  # indexed by rank
    reckoned: Literal["per_card", "by_value"]
    score_per_card: int
    value_step: int
    value_rounds_up_at: int
    tierce_majeure_score: int | None
    ending_in_four_adjust: int


@dataclass(frozen=True, slots=True)
class Sequences:
    min_length: int
    scores: tuple[int, ...]  # indexed by length; 0 where no score
    compare: str


@dataclass(frozen=True, slots=True)
class Sets:
    lowest_rank: int
    trio: int
    quatorze: int
    compare: str


@dataclass(frozen=True, slots=True)
class Reckoning:
    order: Literal["by_category", "chronological"]


@dataclass(frozen=True, slots=True)
class Play:
    lead: int
    win_opponent_lead: int
    last_trick_bonus: int
    last_trick_low_bonus: int
    counting_ranks: tuple[int, ...]
    winning_ranks: tuple[int, ...]
    first_lead_ranks: tuple[int, ...] | None  # None: as counting_ranks
    must_follow: bool
    retract: tuple[str, ...]
    answers_concern: Literal["declared_cards", "whole_suit"]


@dataclass(frozen=True, slots=True)
class Cards:
    majority: int
    divided: int
    capot: int


@dataclass(frozen=True, slots=True)
class Pique:
    threshold: int
    bonus: int
    who: Literal["elder", "either"]
    reached_by: Literal["first_lead", "play"]
    counts_the_cards: bool
    with_repique: bool


@dataclass(frozen=True, slots=True)
class Repique:
    threshold: int
    bonus: int


#: What a player who breaks a law of calling or of his number of cards forfeits.
Penalty = Literal["forfeits_hand", "reckons_nothing"]


@dataclass(frozen=True, slots=True)
class Penalties:
    seeing_opponent_talon: Literal["forced_suit", "grand_coup", "reckons_nothing", "loses_game"]
    seeing_min_cards: int
    grand_coup_points: int
    reckons_nothing_bars: bool
    false_call: Penalty
    false_call_excused: tuple[str, ...]
    too_many_cards: Penalty
    may_be_waived: bool
    mixing_opponent_talon: Literal["reckons_nothing_or_fresh_deal", "loses_game", "as_seeing"]
    taking_up_opponent_talon: Literal["as_seeing", "as_mixing", "younger_as_mixing"]


@dataclass(frozen=True, slots=True)
class Game:
    end: Literal["race", "deals", "games"]
    target: int
    deals: int
    deal_multipliers: tuple[int, ...]
    tie: Literal["extra_pair", "draw"]
    race_check: Literal["reckoning_order", "end_of_deal"]
    settlement: Literal["difference", "rubicon", "games"]
    rubicon: int
    rubicon_bonus: int
    double_game_below: int
    double_game_value: int
    games_to_win: int
    score_correctable: Literal["before_next_hand", "during_game"]


@dataclass(frozen=True, slots=True)
class Chouette:
    """A sitting of three; every leaf is None where the source does not describe one."""

    rotation: Literal["single_until_beaten"] | None
    partie_step: int | None
    rounds_up_above: int | None
    single_stakes: int | None
    fractions_neglected: int | None


@dataclass(frozen=True, slots=True)
class Rules:
    deck: Deck
    deal: DealRules
    misdeal: Misdeal
    faced_card: FacedCard
    carte_blanche: CarteBlanche
    exchange: ExchangeRules
    declarations: Declarations
    point: Point
    sequences: Sequences
    sets: Sets
    reckoning: Reckoning
    play: Play
    cards: Cards
    pique: Pique
    repique: Repique
    penalties: Penalties
    game: Game
    chouette: Chouette


@dataclass(frozen=True, slots=True)
class Citation:
    source: str
    locator: str
    attestation: str
    quote: str | None = None
    note: str | None = None
    #: The rule's values the passage bears out (frozen as values are), where not the rule's value alone.
    bears_out: tuple[Any, ...] = ()

    @classmethod
    def of(cls, doc: dict[str, Any]) -> Citation:
        """A citation from its ``as_dict``."""
        return cls(**{**doc, "bears_out": tuple(frozen(v) for v in doc.get("bears_out", ()))})

    def as_dict(self) -> dict[str, Any]:
        return {"source": self.source, "locator": self.locator, "quote": self.quote,
                "attestation": self.attestation, "note": self.note, "bears_out": [plain(v) for v in self.bears_out]}


def frozen(value: Any) -> Any:
    """A rule value in ruleset terms made immutable (lists to tuples, maps to pairs), as rules hold it."""
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, frozen(v)) for k, v in value.items())
    return value


def plain(value: Any) -> Any:
    """A frozen rule value back in ruleset terms, as the YAML writes it (maps were frozen to pairs)."""
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str)
                                                  for v in value):
        return {k: plain(v) for k, v in value}
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class DefinedIn:
    """Where a rule's value is written: a ruleset's own rules, or the rules of one of its options' choices."""

    ruleset: str
    option: str | None = None
    choice: str | None = None

    @property
    def label(self) -> str:
        """As JSON and the report write it: ``traite``, or ``traite (option end=race-100)``."""
        return self.ruleset if self.option is None else f"{self.ruleset} (option {self.option}={self.choice})"


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One leaf rule as written: its value in ruleset terms, and why."""

    path: str
    value: Any
    citations: tuple[Citation, ...]
    defined_in: DefinedIn
    note: str | None = None


@dataclass(frozen=True, slots=True)
class OptionChoice:
    name: str
    description: str


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    description: str
    default: str
    choices: tuple[OptionChoice, ...]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A compiled ruleset with a chosen option for each of its options."""

    id: str
    title: str
    title_fr: str | None
    description: str
    #: The date of the rules: when they were written or played (the ruleset's own date, else that of its own first
    #: dated source), which history, conflicts and the report show; the copy each citation quotes has its own
    #: edition and dates (``Source.copy``), which the citations show.
    date: Date | None
    date_note: str | None
    extends: str | None
    sources: tuple[str, ...]
    rules: Rules
    entries: tuple[RuleEntry, ...]
    options: tuple[Option, ...]
    chosen: tuple[tuple[str, str], ...]
    file: str
    #: The records of the sources it follows and cites, in that order.
    bibliography: tuple[Source, ...] = ()

    def entry(self, path: str) -> RuleEntry:
        for e in self.entries:
            if e.path == path:
                return e
        raise KeyError(path)

    def differing(self, other: Ruleset) -> list[tuple[RuleEntry, RuleEntry]]:
        """This ruleset's entry and ``other``'s for each rule whose value differs (both compiled from one schema,
        so their entries are the same leaves in the same order)."""
        return [(a, b) for a, b in zip(self.entries, other.entries) if a.value != b.value]

    def source(self, source_id: str) -> Source:
        for s in self.bibliography:
            if s.id == source_id:
                return s
        raise KeyError(source_id)
