"""What the engine notes about a deal, kept as typed values: the words are the lexicon's, chosen when shown.

The engine decides *that* something is noted (a misdeal stood, a peek and its
penalty, who may see the cards left) and with what figures; the presentation
says it in the reader's language (``piquet_variants.saying``) from the
lexicon's ``notes:`` section, so ``replay --lang fr`` tells the whole deal in
French and the engine holds no word of either language.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Noted(Enum):
    """One kind of note, or one part of a note said inside another (a penalty, a limit, a kind of call).

    The value is the note's id: the lexicon's key for its words, and what JSON output carries.
    """

    DEALT_WRONGLY = "dealt_wrongly"
    MISDEAL_FRESH = "misdeal_fresh"
    FRESH_DEAL_CALLED = "fresh_deal_called"
    MISDEAL_STOOD = "misdeal_stood"
    FACED_VOID = "faced_void"
    FACED_STANDS = "faced_stands"
    FACED_IN_DEALING_VOID = "faced_in_dealing_void"
    FACED_IN_DEALING_STANDS = "faced_in_dealing_stands"
    BLANCHE_BARRED_YOUNGER_BARS_ELDER = "blanche_barred.younger_bars_elder"
    BLANCHE_BARRED_CANCEL = "blanche_barred.cancel"
    BLANCHE_BARRED_ELDER_ONLY = "blanche_barred.elder_only"
    PENALTY_FOR = "penalty_for"
    PENALTY_FORFEITS_HAND = "penalty.forfeits_hand"
    WHY_FALSE_CALL = "why.false_call"
    WHY_TOO_MANY = "why.too_many"
    EXPOSED_FRESH_DEAL = "exposed_fresh_deal"
    EXPOSED_STANDS = "exposed_stands"
    EXPOSED_ELDER = "exposed.elder"
    EXPOSED_STOCK = "exposed.stock"
    EXPOSED_DEALER = "exposed.dealer"
    DISCARD_ALTERED_TRUE = "discard_altered.True"
    DISCARD_ALTERED_FALSE = "discard_altered.False"
    INCORRECT_PACK = "incorrect_pack"
    OUT_OF_TURN_VOID = "out_of_turn_void"
    OUT_OF_TURN_ELDER_DEALS_TWICE = "out_of_turn.elder_deals_twice"
    OUT_OF_TURN_NO_REMEDY = "out_of_turn.no_remedy"
    THROWN_DOWN = "thrown_down"
    SCORE_CORRECTED_TAKEN = "score_corrected.taken"
    SCORE_CORRECTED_TOO_LATE = "score_corrected.too_late"
    SCORE_CORRECTED_OWN_SHEET = "score_corrected.own_sheet"
    CORRECTABLE_BEFORE_NEXT_HAND = "correctable.before_next_hand"
    CORRECTABLE_DURING_GAME = "correctable.during_game"
    LEFT_SEEN_FORCED_SUIT = "left_seen.forced_suit"
    LEFT_SEEN_NO_PENALTY = "left_seen.no_penalty"
    OMISSION_DISALLOWED = "omission_disallowed"
    TOO_FEW = "too_few"
    MISCALL_CORRECTED = "miscall_corrected"
    SUNK = "sunk"
    MISCALL_STANDS = "miscall_stands"
    OMISSION_IN_TIME = "omission_in_time"
    OMISSION_LOST = "omission_lost"
    BARS_TRUE = "bars.True"
    BARS_FALSE = "bars.False"
    LIMIT_NEVER = "limit.never"
    LIMIT_BEFORE_REPLY = "limit.before_reply"
    LIMIT_BEFORE_NEXT_CALL = "limit.before_next_call"
    LIMIT_BEFORE_OWN_FIRST_CARD = "limit.before_own_first_card"
    LIMIT_BEFORE_FIRST_TRICK = "limit.before_first_trick"
    PENALTY_WAIVED = "penalty_waived"
    MISCALL_SHOWN = "miscall_shown"
    MISNOMER = "misnomer"
    IMPOSSIBLE_CALL = "impossible_call"
    REPLY_BARS = "reply_bars"
    REPLY_CORRECTED = "reply_corrected"
    REPLY_ALLOWED = "reply_allowed"
    REPLY_EQUAL = "reply.equal"
    REPLY_ASK = "reply.ask"
    REPLY_GOOD = "reply.good"
    REPLY_WHICH_OUT = "reply.which_out"
    BLANCHE_LATE_RECKONS = "blanche_late.reckons"
    BLANCHE_LATE_LOST = "blanche_late.lost"
    MIXED = "mixed"
    MIXED_FRESH_DEAL = "mixed_fresh_deal"
    WHY_MIXED = "why.mixed"
    UNANNOUNCED_OPTION_LOST = "unannounced.option_lost"
    UNANNOUNCED_NO_EFFECT = "unannounced.no_effect"
    LEFT_CARD_STAYS = "left_card_stays"
    LEFT_CARD_TAKEN = "left_card_taken"
    REVOKE_TRUE = "revoke.True"
    REVOKE_FALSE = "revoke.False"
    ANSWER_RIGHT = "answer_right"
    ANSWER_WRONG = "answer_wrong"
    MISINFORMED_TRUE = "misinformed.True"
    MISINFORMED_FALSE = "misinformed.False"
    RETRACT_TRUE = "retract.True"
    RETRACT_FALSE = "retract.False"
    RETRACT_WHY_REVOKE = "retract_why.revoke"
    RETRACT_WHY_DROPPED = "retract_why.dropped"
    RETRACT_WHY_TOO_MANY_PLAYED = "retract_why.too_many_played"
    RETRACT_WHY_OUT_OF_TURN = "retract_why.out_of_turn"
    RETRACT_WHY_MISINFORMED = "retract_why.misinformed"
    RETRACT_WHY_CHANGED_MIND = "retract_why.changed_mind"
    ADMISSION_VOID = "admission_void"
    KIND_POINT = "kind.point"
    KIND_SEQUENCES = "kind.sequences"
    KIND_SETS = "kind.sets"
    PEEK_BELOW_MINIMUM = "peek_below_minimum"
    PEEK = "peek"
    PEEK_YOUNGER_FORCED = "peek_younger_forced"
    PENALTY_RECKONS_NOTHING = "penalty.reckons_nothing"
    PENALTY_GRAND_COUP = "penalty.grand_coup"
    PENALTY_LOSES_GAME = "penalty.loses_game"
    PENALTY_FORCED_SUIT = "penalty.forced_suit"
    ELDER_LEFT_SEEN = "elder_left_seen"
    YOUNGER_LEFT = "younger_left"
    LOOKS_YES = "looks.yes"
    LOOKS_NO = "looks.no"
    LEFT_ONLY_HIM = "left.only_him"
    LEFT_ELDER_TOO = "left.elder_too"
    LEFT_NOBODY = "left.nobody"
    BLANCHE = "blanche"
    ANNOUNCE_AS_SOON_AS_AWARE = "announce.as_soon_as_aware"
    ANNOUNCE_BEFORE_OWN_DISCARD = "announce.before_own_discard"
    ANNOUNCE_YOUNGER_AFTER_ELDER_DISCARDS = "announce.younger_after_elder_discards"
    SHOW_AFTER_OPPONENT_DISCARDS = "show.after_opponent_discards"
    SHOW_ON_ANNOUNCING = "show.on_announcing"
    UNKNOWN_FILLED = "unknown_filled"
    PACKETS_NOT_ALLOWED = "packets_not_allowed"
    PACKETS_CHANGED_IF_ANNOUNCED = "packets_changed_if_announced"
    ANNOUNCED_SHUFFLE = "announced.shuffle"
    ANNOUNCED_CUT = "announced.cut"
    PACKETS_CHANGED_BY_AGREEMENT = "packets_changed_by_agreement"
    PACKETS_CHANGED = "packets_changed"
    PARTIE_TIED = "partie_tied"
    BLANCHE_KEPT = "blanche_kept"
    DEALT_OUT_OF_ORDER = "dealt_out_of_order"
    MIXED_STOOD = "mixed_stood"
    UNMIXED_TAKEN = "unmixed_taken"
    FRESH_DEAL_NOT_GIVEN = "fresh_deal_not_given"
    TAKEN_UP = "taken_up"
    TAKEN_UP_AS_SEEING = "taken_up.as_seeing"
    TAKEN_UP_AS_MIXING = "taken_up.as_mixing"
    WHY_LEFT_TAKEN_UP = "why.left_taken_up"
    AFTER_THE_PARTIE = "after_the_partie"

    @classmethod
    def of(cls, group: str, value: object) -> Noted:
        """The part a rule value names (``of("limit", "before_reply")``): the rule's value is its id's last part."""
        return cls(f"{group}.{value}")


@dataclass(frozen=True)
class Note:
    """One thing noted, with the figures its words name; a field left ``None`` is not part of this note.

    ``role`` is a hand (0 the elder, 1 the younger), said in the reader's words; ``card`` and ``cards`` are cards,
    said in the reader's letters; a field that is itself a ``Note`` is said in the same language.
    """

    what: Noted
    role: int | None = None
    n: int | None = None
    pos: int | None = None
    elder: int | None = None
    younger: int | None = None
    talon: int | None = None
    take: int | None = None
    part: int | None = None
    points: int | None = None
    packets: int | None = None
    before: int | None = None
    answer: int | None = None
    right: int | None = None
    allowed: tuple[int, ...] | None = None
    card: int | None = None
    cards: tuple[int, ...] | None = None
    why: Note | None = None
    penalty: Note | None = None
    kind: Note | None = None
    limit: Note | None = None
    bars: Note | None = None
    whose: Note | None = None
    remedy: Note | None = None
    revoke: Note | None = None
    said: Note | None = None
    announce: Note | None = None
    show: Note | None = None
    looks: Note | None = None
    who: Note | None = None
    when: Note | None = None
    left: int | None = None
    law: str | None = None  # where the ruleset's source says it, in the reader's words (a locator: Law 71)
