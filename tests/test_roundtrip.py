"""Round trips: ``read(write(r)) == r`` for generated records, comments in place, through notation and JSON."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings, strategies as st

import piquet_variants as pv
from piquet_variants.cards import card_name, iter_cards
from piquet_variants.notation.events import walk
from piquet_variants.records.data import record_of

PACK = [c for c in iter_cards((1 << 36) - 1) if card_name(c)[:-1] != "6"]
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
NAMES = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"),
                min_size=1, max_size=8)
COMMENT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="{}\r"), max_size=20)
NUMBER = st.integers(0, 400)


@st.composite
def said(draw: st.DrawFn, kind: str) -> list[dict[str, Any]]:
    """A dialogue the notation can say: each item as the reader makes it."""
    items: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 6))):
        by = draw(st.sampled_from(["elder", "younger"]))
        asked = bool(items) and items[-1].get("ask") and items[-1]["by"] != by
        choices = ["reply", "ask", "value", "count"] + ([] if asked else ["length", "set" if kind == "sets" else "length"])
        what = draw(st.sampled_from(choices))
        item: dict[str, Any] = {"by": by}
        if what == "reply":
            item["reply"] = draw(st.sampled_from(["good", "not_good", "equal"]))
        elif what == "ask":
            item["ask"] = True
        elif what in ("value", "count"):
            item[what] = draw(NUMBER)
        elif what == "set":
            item["set"], item["rank"] = draw(st.sampled_from([3, 4])), draw(st.sampled_from(RANKS))
        else:
            item["length"] = draw(st.integers(1, 9) if kind == "point" else st.integers(3, 9))
            if kind == "sequences" and draw(st.booleans()):
                item["top"] = draw(st.sampled_from(RANKS))
        items.append(item)
    return items


MOMENTS = ["before_reply", "before_next_call", "before_elder_leads", "before_first_trick", "after_first_trick"]
ROLES = st.sampled_from(["elder", "younger"])
KINDS = st.sampled_from(["point", "sequences", "sets"])


@st.composite
def called(draw: st.DrawFn, kind: str, hand: list[str]) -> dict[str, Any]:
    """What a miscall first called, as the reader makes it from the dialogue's words."""
    if kind == "sets":
        out: dict[str, Any] = {"set": draw(st.sampled_from([3, 4])), "rank": draw(st.sampled_from(RANKS))}
    elif kind == "sequences":
        out = draw(st.sampled_from([{"length": draw(st.integers(3, 9))}, {"top": draw(st.sampled_from(RANKS))},
                                    {"length": draw(st.integers(3, 9)), "top": draw(st.sampled_from(RANKS))}]))
    else:
        out = draw(st.sampled_from([{"length": draw(st.integers(1, 9))}, {"value": draw(NUMBER)},
                                    {"length": draw(st.integers(1, 9)), "value": draw(NUMBER)},
                                    {"length": draw(st.integers(3, 9)), "top": draw(st.sampled_from(RANKS))}]))
    if draw(st.booleans()):
        out["cards"] = hand[:draw(st.integers(1, 4))]
    return out


@st.composite
def incident(draw: st.DrawFn, hands: dict[str, list[str]]) -> dict[str, Any]:
    """Any incident the record states, with the fields its type has, as the reader makes it."""
    kind = draw(st.sampled_from(["misdeal", "faced_card", "faced_in_dealing", "peek", "blanche_shown_late", "miscall",
                                 "reply", "omission", "takes_left_card", "question", "retract"]))
    inc: dict[str, Any] = {"type": kind}
    flags: list[str] = []
    if kind not in ("misdeal", "faced_card", "faced_in_dealing"):
        inc["player"] = draw(ROLES)
    if kind == "misdeal":
        flags = ["announced"]
        if draw(st.booleans()):
            inc["choice"] = draw(st.sampled_from(["stand", "fresh_deal"]))
    elif kind in ("faced_card", "faced_in_dealing"):
        inc["position" if kind == "faced_card" else "cards"] = draw(st.integers(1, 8))
    elif kind == "peek":
        inc["cards"] = draw(st.integers(1, 5))
        if draw(st.booleans()):
            inc["suit_named"] = draw(st.sampled_from("SHDC"))
        flags = ["mixed", "waived"]
        if draw(st.booleans()):
            inc["choice"] = draw(st.sampled_from(["stand", "fresh_deal"]))
    elif kind in ("miscall", "reply", "omission"):
        inc["kind"] = draw(KINDS)
        if kind == "miscall":
            inc["called"] = draw(called(inc["kind"], hands[inc["player"]]))
            flags = ["shown", "waived"]
        elif kind == "reply":
            inc["reply"] = draw(st.sampled_from(["equal", "ask", "good", "which_out"]))
        moment = "reckoned" if kind == "omission" else "corrected"
        if draw(st.booleans()):
            inc[moment] = draw(st.sampled_from(MOMENTS))
    elif kind in ("takes_left_card", "question", "retract"):
        if kind == "question":
            inc["suit"], inc["answer"] = draw(st.sampled_from("SHDC")), draw(st.integers(0, 12))
        elif kind == "retract":
            inc["reason"] = draw(st.sampled_from(["revoke", "dropped", "too_many_played", "out_of_turn", "misinformed",
                                                  "changed_mind"]))
        else:
            flags = ["announced"]
        if draw(st.booleans()):
            inc["before_trick"] = draw(st.integers(1, 13))
    for flag in flags:
        if draw(st.booleans()):
            inc[flag] = draw(st.booleans())
    if draw(st.booleans()):
        inc["note"] = draw(NAMES)
    return inc


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.lists(NAMES, min_size=2, max_size=2, unique=True))
    lang = draw(st.sampled_from(["en", "fr"]))
    pack = [card_name(c, lang) for c in draw(st.permutations(PACK))]
    elder, younger, talon = pack[:12], pack[12:24], pack[24:]
    deal: dict[str, Any] = {"dealer": players[1], "hands": {"elder": elder, "younger": younger}, "talon": talon}
    anchors = ["hands.elder", "hands.younger", "talon", "end"]
    if draw(st.booleans()):
        deal["packets"] = draw(st.integers(1, 4))
    incidents = draw(st.lists(incident({"elder": elder, "younger": younger}), max_size=4))
    if incidents:
        deal["incidents"] = incidents
        anchors += [f"incident:{k}" for k in range(len(incidents))]
    if draw(st.booleans()):
        sides = {}
        for role, hand in (("elder", elder), ("younger", younger)):
            side: dict[str, Any] = {"discard": hand[-draw(st.integers(1, 5)):]}
            for key in ("took", "looked_at_left", "waived"):
                if draw(st.booleans()):
                    side[key] = draw(st.integers(0, 8) if key == "took" else st.booleans())
            sides[role] = side
            anchors.append(f"exchange.{role}")
        deal["exchange"] = sides
    declarations = {}
    for kind in draw(st.lists(st.sampled_from(["point", "sequences", "sets"]), unique=True)):
        entry: dict[str, Any] = {}
        for role in ("elder", "younger"):
            call = draw(st.sampled_from([None, "sink", "cards", "shown"]))
            if call == "sink":
                entry[role] = "sink"
            elif call == "cards":
                entry[role] = (elder if role == "elder" else younger)[:3]
            elif call == "shown":
                entry[role] = {"call": "best", "shown": (elder if role == "elder" else younger)[3:6]}
        spoken = draw(said(kind))
        if spoken:
            entry["said"] = spoken
        if entry:
            declarations[kind] = entry
            anchors.append(f"declarations.{kind}")
    if declarations:
        deal["declarations"] = declarations
    n = draw(st.integers(0, 12))
    deal["tricks"] = [[elder[i], younger[i]] for i in range(n)]
    if n:
        anchors += ["tricks"] + [f"trick:{t}" for t in range(2, n + 1)]
        counts = draw(st.lists(st.tuples(st.integers(1, n), st.sampled_from([1, 2]), NUMBER), max_size=3,
                               unique_by=lambda c: c[:2]))
        if counts:
            deal["counts"] = [{"trick": t, "card": c, "count": k} for t, c, k in sorted(counts)]
    else:
        del deal["tricks"]
    claimed: dict[str, Any] = {}
    if draw(st.booleans()):
        claimed["final"] = {players[0]: draw(NUMBER), "younger": draw(NUMBER)}
        anchors.append("claim:final")
    if n and draw(st.booleans()):
        claimed["tricks_won"] = [{"after": draw(st.integers(0, n)), players[1]: draw(st.integers(0, 12))}]
        anchors.append("claim:tricks_won:0")
    if claimed:
        deal["claimed"] = claimed
    notes = draw(st.lists(st.tuples(st.sampled_from(anchors), COMMENT), max_size=4))
    if notes:
        deal["comments"] = [{"before": a, "text": t} for a, t in notes]
    record: dict[str, Any] = {"format": "piquet-record/1", "players": players, "lang": lang,
                              "deals": [deal]}
    if draw(st.booleans()):
        record["source"] = {"title": draw(NAMES), "locator": draw(NAMES)}
    if draw(st.booleans()):
        record["cut_lifted"] = {name: draw(st.integers(1, 20)) for name in players[:draw(st.integers(1, 2))]}
    top = draw(st.lists(st.tuples(st.sampled_from(["tag:Players", "tag:Lang", "deal:1", "end"]), COMMENT), max_size=3))
    if top:
        record["comments"] = [{"before": a, "text": t} for a, t in top]
    return _in_place(record)


def _in_place(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its comments listed in the order they stand in the text (the walk's), none lost."""
    typed = record_of(record)
    walked = [id(e.data) for e in walk(typed) if e.kind == "comment"]
    for holder, kept in zip([record] + record["deals"], [typed.comments] + [d.comments for d in typed.deals]):
        if "comments" in holder:
            position = {id(c): i for i, c in enumerate(kept)}
            holder["comments"] = [holder["comments"][position[c]] for c in walked if c in position]
    assert len(walked) == len(record.get("comments", [])) + sum(len(d.get("comments", [])) for d in record["deals"])
    return record


@settings(max_examples=200, deadline=None)
@given(st.lists(records(), min_size=1, max_size=3))
def test_generated_records_read_back_as_written(recs: list[dict[str, Any]]) -> None:
    text = pv.write(recs)
    assert [r.data for r in pv.read(text)] == recs
    assert [r.data for r in pv.read(pv.write_json(recs))] == recs  # notation -> JSON -> the same, comments too
    assert pv.write([r.data for r in pv.read(pv.write_json(recs))]) == text
