"""The notation of every incident a record states (issues 13 and 14): each statement in both languages, read into
the JSON record's shape and written back; their faults at their place; the notation twins of the JSON deals; and
the dialogue of a miscall and of an amended call, every item checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import piquet_variants as pv
from piquet_variants.saying import say_note
from piquet_variants.cards import card_name, parse_card
from piquet_variants.errors import NotationError
from .reading import read_text
from piquet_variants.records.checks import Dialogue, figure_id
from piquet_variants.api import write

DEALS = Path(__file__).resolve().parent.parent / "docs" / "deals"
CASES = DEALS / "cases"

# The canonical statement in English and in French, and the incident it is.
STATEMENTS = [
    ("misdeal, not announced, stands", "maldonne, non annoncée, on joue",
     {"type": "misdeal", "announced": False, "choice": "stand"}),
    ("faced card 3", "carte retournée 3", {"type": "faced_card", "position": 3}),
    ("faced in dealing 2", "retournées en donnant 2", {"type": "faced_in_dealing", "cards": 2}),
    ("peek younger 1, mixed with his hand, fresh deal, penalty waived",
     "regarde dernier 1, mêlées à son jeu, redonne, pénalité remise",
     {"type": "peek", "player": "younger", "cards": 1, "mixed": True, "choice": "fresh_deal", "waived": True}),
    ("younger carte blanche shown late", "dernier cartes blanches montrées tard",
     {"type": "blanche_shown_late", "player": "younger"}),
    ("elder miscalls point: making sixty-five, corrected before the elder leads",
     "premier annonce mal point: valant soixante-cinq, corrigé avant que le premier joue",
     {"type": "miscall", "player": "elder", "kind": "point", "called": {"value": 65},
      "corrected": "before_elder_leads"}),
    ("elder miscalls sets: three kings (K ♠  K ♥  K ♣), cards not shown, penalty enforced",
     "premier annonce mal quatorzes: brelan de rois (R ♠  R ♥  R ♣), cartes non montrées, pénalité exigée",
     {"type": "miscall", "player": "elder", "kind": "sets", "called": {"set": 3, "rank": "K",
                                                                       "cards": ["KS", "KH", "KC"]},
      "shown": False, "waived": False}),
    ("elder miscalls sequence: quint to the king", "premier annonce mal séquence: quinte au roi",
     {"type": "miscall", "player": "elder", "kind": "sequences", "called": {"length": 5, "top": "K"}}),
    ("elder miscalls point: five making forty-nine", "premier annonce mal point: cinq valant quarante-neuf",
     {"type": "miscall", "player": "elder", "kind": "point", "called": {"length": 5, "value": 49}}),
    ("younger replies point: equal", "dernier répond point: égal",
     {"type": "reply", "player": "younger", "kind": "point", "reply": "equal"}),
    ("younger replies point: making?, corrected before the reply", "dernier répond point: combien ?, corrigé avant "
     "la réponse", {"type": "reply", "player": "younger", "kind": "point", "reply": "ask",
                    "corrected": "before_reply"}),
    ("younger replies sets: which is out?", "dernier répond quatorzes: laquelle manque ?",
     {"type": "reply", "player": "younger", "kind": "sets", "reply": "which_out"}),
    ("elder omits sets, reckoned after the first trick", "premier oublie quatorzes, compté après la première levée",
     {"type": "omission", "player": "elder", "kind": "sets", "reckoned": "after_first_trick"}),
    ("younger takes up the card he left, before trick 5, not announced",
     "dernier reprend la carte laissée, avant la levée 5, non annoncée",
     {"type": "takes_left_card", "player": "younger", "before_trick": 5, "announced": False}),
    ("question: how many diamonds? elder answers two, before trick 5",
     "question: combien de carreaux? premier répond deux, avant la levée 5",
     {"type": "question", "player": "elder", "suit": "D", "answer": 2, "before_trick": 5}),
    ("younger takes back the cards (misinformed), before trick 13 \"Law 59\"",
     "dernier reprend ses cartes (mal informé), avant la levée 13 \"Law 59\"",
     {"type": "retract", "player": "younger", "reason": "misinformed", "before_trick": 13, "note": "Law 59"}),
]


def _deal(statement: str, lang: str, extra: str = "") -> str:
    """A deal of unknown cards with one statement, on line 8."""
    words = {"en": ("deal", "dealer", "elder", "younger", "end deal"),
             "fr": ("donne", "donneur", "premier", "dernier", "fin de donne")}
    deal, dealer, elder, younger, end = words[lang]
    return (f'[Players "A" "B"]\n[Lang "{lang}"]\n{extra}\n{deal} 1, {dealer} "B"\n'
            f"  {elder}: ? ? ? ? ? ? ? ? ? ? ? ?\n  {younger}: ? ? ? ? ? ? ? ? ? ? ? ?\n  talon: ? ? ? ? ? ? ? ?\n"
            f"  {statement}\n{end}\n")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("en,fr,incident", STATEMENTS, ids=[s[2]["type"] + str(i) for i, s in enumerate(STATEMENTS)])
def test_each_incident_is_one_statement_in_either_language_read_as_the_record_states_it(
        lang: str, en: str, fr: str, incident: dict[str, Any]) -> None:
    text = _deal(en if lang == "en" else fr, lang)
    record = read_text(text).data
    if "cards" in incident.get("called", {}):  # cards as the record writes them in its language
        said = [card_name(parse_card(c), lang) for c in incident["called"]["cards"]]
        incident = dict(incident, called=dict(incident["called"], cards=said))
    assert record["deals"][0]["incidents"] == [incident]
    written = write(record)
    assert f"  {en if lang == 'en' else fr}\n" in written  # the canonical statement is the one read
    assert read_text(written).data == record


def test_every_example_of_the_incidents_table_in_docs_notation_reads() -> None:
    """docs/notation.md shows each incident in both languages: each example is read, and is that incident."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "notation.md").read_text("utf-8")
    table = text[text.index("| Incident (`type`) |"):text.index("What may follow the head")]
    rows = [line.split(" | ") for line in table.splitlines()[2:] if line.startswith("| ")]
    assert len(rows) == 21
    for row in rows:
        kind = row[0].split("(`")[1].split("`")[0]
        for lang, cell in (("en", row[1]), ("fr", row[2])):
            for example in cell.split("`")[1::2]:
                incidents = read_text(_deal(example, lang)).data["deals"][0]["incidents"]
                assert [i["type"] for i in incidents] == [kind], example


def test_other_spellings_read_the_same() -> None:
    """The books' words and the writer's: 'accuse mal', 'cards faced in dealing', 'changed his mind'…"""
    same = [("premier accuse mal point: valant soixante-cinq", "premier annonce mal point: valant soixante-cinq"),
            ("cards faced in dealing 2", "faced in dealing 2"), ("cartes retournées en donnant 2",
                                                                  "retournées en donnant 2"),
            ("carte retournée en donnant 1", "retournées en donnant 1"),  # not a card faced in the talon
            ("younger forgets point", "younger omits point"),
            ("elder takes back the cards (changed mind)", "elder takes back the cards (changed his mind)"),
            ("dernier reprend les cartes (tombées)", "dernier reprend ses cartes (tombée)"),
            ("younger takes up the card left", "younger takes up the card he left"),
            ("misdeal, annoncée", "misdeal, announced")]
    for given, canonical in same:
        lang = "fr" if given.startswith(("premier", "dernier", "cartes")) else "en"
        assert read_text(_deal(given, lang)).data == read_text(_deal(canonical, lang)).data, given


def test_an_exchange_with_too_many_cards_taken_and_the_penalty_waived() -> None:
    text = _deal("elder discards ? ?, takes in 3, penalty waived", "en")
    side = read_text(text).data["deals"][0]["exchange"]["elder"]
    assert side == {"discard": ["?", "?"], "took": 3, "waived": True}
    fr = read_text(_deal("premier écarte ? ?, en prend 3, pénalité remise", "fr")).data["deals"][0]["exchange"]
    assert fr["elder"] == side


def test_the_cut_s_lifted_cards_and_packets_of_four() -> None:
    record = read_text(_deal('note "x"', "en", '[CutLifted "A" "1" "B" "5"]').replace('dealer "B"',
                                                                                     'dealer "B", packets 4')).data
    assert record["cut_lifted"] == {"A": 1, "B": 5} and record["deals"][0]["packets"] == 4
    assert read_text(write(record)).data == record
    french = read_text(_deal('note "x"', "fr", '[CartesCoupées "A" "1"]')).data
    assert french["cut_lifted"] == {"A": 1}


@pytest.mark.parametrize("statement,column,message", [
    ("younger replies point: not good", 26, "the reply the laws judge is good, equal, making? or which is out?"),
    ("younger takes up the card he left, before trick 0", 51, "tricks count from 1"),
    ("faced in dealing 0", 20, "at least one card is found face up"),
    ("elder miscalls point: three queens", 25, None),  # parsed; a set is no point: the replay says so
    ("elder miscalls point:", None, "expected '(', a number"),
    ("question: how many diamonds? elder two", 38, "expected answers (répond)"),
    ("elder takes back the cards (by accident)", 31, "expected a reason (revoke, misinformed…)"),
    ("elder miscalls sets: four tens, corrected at the end", 45, "expected a moment"),
])
def test_a_bad_incident_is_refused_at_its_place(statement: str, column: int | None, message: str | None) -> None:
    """Each at its line and column; a statement cut short, where the deal's end comes instead."""
    text = _deal(statement, "en")
    if message is None:
        assert read_text(text).data["deals"][0]["incidents"][0]["called"] == {"set": 3, "rank": "Q"}
        return
    with pytest.raises(NotationError) as caught:
        read_text(text)
    problem = caught.value.problems[0]
    assert (problem.line, problem.column) == ((8, column) if column else (9, 1)) and message in str(problem.message), problem


def test_a_cut_lifted_tag_that_is_not_a_count_is_refused_at_its_line() -> None:
    with pytest.raises(NotationError) as caught:
        read_text(_deal('note "x"', "en", '[CutLifted "A" "one"]'))
    problem = caught.value.problems[0]
    assert problem.line == 3 and "how many cards he lifted" in str(problem.message)


def test_a_miscall_the_ruleset_cannot_judge_is_reported_at_its_line(cli, tmp_path: Path) -> None:
    """A sequence miscalled without its top card: the club laws compare sequences by length and top."""
    text = (DEALS / "cavendish-miscall.piquet").read_text("utf-8").replace(
        "elder miscalls sets: three kings", "elder miscalls sequence: quint")
    path = tmp_path / "bad.piquet"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli("replay", str(path))
    line = text.splitlines().index("  elder miscalls sequence: quint") + 1
    assert code == 1 and f"bad.piquet:{line}:" in err and "needs length and top" in err and "Traceback" not in err


def test_a_final_dot_after_an_incident_s_number_is_no_trick_number() -> None:
    """'faced card 3.' is a position and the statement's end, not trick 3 (the numbers there are not optional)."""
    text = _deal("faced card 3.\n  peek elder 2.\n  faced in dealing 2.\n  question: how many spades? elder answers 1.",
                 "en")
    assert [inc.get("position", inc.get("cards", inc.get("answer"))) for inc in
            read_text(text).data["deals"][0]["incidents"]] == [3, 2, 2, 1]


def test_a_field_an_incident_s_type_does_not_use_is_not_written() -> None:
    """The schema allows any field on any incident; the writer writes those of its type, so the text reads back."""
    record = read_text(_deal("question: how many spades? elder answers one", "en")).data
    record["deals"][0]["incidents"][0].update(choice="stand", corrected="before_reply", shown=True, position=2)
    assert read_text(write(record)).data["deals"][0]["incidents"] == [
        {"type": "question", "player": "elder", "suit": "S", "answer": 1}]


def test_an_incident_without_the_fields_its_type_needs_is_refused_by_the_schema(cli, tmp_path: Path) -> None:
    """A miscall needs its player, kind and words, a retract its reason, a set its rank: each is named, and neither
    replay nor convert goes further (both read the incident's fields)."""
    record = {"players": ["A", "B"], "deals": [{"dealer": "B", "hands": {"elder": [], "younger": []}, "incidents": [
        {"type": "miscall", "player": "elder"}, {"type": "retract", "player": "younger"},
        {"type": "miscall", "player": "elder", "kind": "sets", "called": {"set": 3}}]}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for command in ("replay", "convert"):
        code, out, err = cli(command, str(path))
        assert code == 1 and out == "" and "Traceback" not in err
        assert "incidents[0]: 'kind' is required" in err and "incidents[0]: 'called' is required" in err
        assert "incidents[1]: 'reason' is required" in err and "incidents[2].called: 'rank'" in err


# -- where an incident is told ------------------------------------------------------------------------------------

def test_the_writer_tells_each_incident_where_it_happened_when_the_record_s_order_allows() -> None:
    record = json.loads((CASES / "case-15.json").read_text("utf-8"))
    lines = write(record).splitlines()
    question = next(i for i, line in enumerate(lines) if line.startswith("  question:"))
    assert lines[question - 1].startswith("  4. ") and lines[question + 1].startswith("  5. ")
    assert lines[question + 8].startswith("  12. ") and "takes back the cards" in lines[question + 9]
    record["deals"][0]["incidents"].reverse()  # the retract listed first: told with the deal, in the list's order
    lines = write(record).splitlines()
    assert "takes back" in lines[lines.index("  younger: A K Q 10 9 8 7 ♠  K J 10 ♥  K J ♣") + 1]
    assert read_text(write(record)).data == dict(record, lang="en")


# -- the notation twins of the JSON records -----------------------------------------------------------------------

def _same(json_path: Path, ruleset: str | None = None) -> tuple[Any, Any]:
    """The JSON record and its .piquet twin: the same record, and the same replay (scores, notes, checks)."""
    twin = json_path.with_suffix(".piquet")
    record = json.loads(json_path.read_text("utf-8"))
    read = list(pv.read(twin))
    assert [r.data for r in read] == [dict(record, lang=record.get("lang", "en"))]
    results = []
    for doc in (next(iter(pv.read(json_path))), read[0]):
        rep = pv.replay(doc, ruleset)
        results.append(([(d.totals, [say_note(n) for n in d.score.notes] if d.score else [],
                          [(c.at.label, c.player, c.claimed, c.engine) for c in d.checks]) for d in rep.deals],
                        rep.partie))
    assert results[0] == results[1]
    return results[0]


@pytest.mark.parametrize("n", range(1, 23))
def test_each_case_in_notation_is_the_same_record_and_reaches_the_same_decision(n: int) -> None:
    deals, _ = _same(CASES / f"case-{n:02d}.json")
    assert all(claimed == engine for _, _, checks in deals for _, _, claimed, engine in checks)


def test_the_neufiesme_in_notation_packets_of_four_and_the_same_figures() -> None:
    deals, partie = _same(DEALS / "royall-1651-neufiesme.json")
    assert deals[0][0] == (107, 2) and partie.winner == 0
    text = (DEALS / "royall-1651-neufiesme.piquet").read_text("utf-8")
    assert "packets 4" in text and "sequence: elder neufiesme major" in text
    checks = deals[0][2]
    assert ("sequences.length", "A", 9, 9) in checks and ("sequences.top", "A", "A", "A") in checks


def test_both_blanches_in_notation_the_same_figures() -> None:
    deals, _ = _same(DEALS / "royall-1651-two-blanches.json")
    assert deals[0][0] == (70, 35)
    assert ("sequences.length", "B", 8, 8) in deals[0][2] and ("sets.count", "A", 17, 17) in deals[0][2]


# -- the must-show dialogues ----------------------------------------------------------------------------------------

def _dialogue_checked(record: pv.Record, rep: Any) -> list[tuple[str, Any, Any]]:
    """Each dialogue check, after asserting that every item of the dialogue was checked (by its place)."""
    deal = record.data["deals"][0]
    said = {record.located.where(("deals", 0, "declarations", kind, "said", i))
            for kind, entry in deal["declarations"].items() for i in range(len(entry.get("said", [])))}
    checks = [c for c in rep.checks if isinstance(c.at, Dialogue)]
    assert {(c.line, c.column) for c in checks} == said
    return [(c.at.label, figure_id(c.claimed), figure_id(c.engine)) for c in checks]


def test_a_miscall_under_the_club_laws_penalty_applied_and_every_dialogue_item_checked() -> None:
    """Law 54 and Case II: A calls three kings holding two (the third in his discard), B allows them; A reckons
    nothing; his true point and tierce major still bar B's; B reckons his four tens and three knaves."""
    record = next(iter(pv.read(DEALS / "cavendish-miscall.piquet")))
    rep = pv.replay(record, "cavendish-rubicon")
    assert rep.mismatches == []
    assert _dialogue_checked(record, rep) == [
        ("point.length", 5, 5), ("point.reply", "good", "good"), ("sequences.length", 3, 3),
        ("sequences.top", "A", "A"), ("sequences.reply", "good", "good"), ("sets.set", "3xK", "3xK"),
        ("sets.reply", "good", "good")]
    deal = rep.deals[0]
    assert deal.deal.reckons_nothing == [True, False] and deal.totals == (0, 22)
    assert deal.score.by[1]["point"] == deal.score.by[1]["sequences"] == 0 and deal.score.by[1]["sets"] == 17
    assert "the elder called a trio or quatorze he does not hold, allowed good: he reckons nothing this deal" in [
        say_note(n) for n in deal.score.notes]
    wrong = pv.write(record).replace("sets: elder three kings;", "sets: elder three queens;")
    assert [(m.at.label, figure_id(m.claimed), figure_id(m.engine))
            for m in pv.replay(next(iter(pv.read(wrong)))).mismatches] == [("sets.set", "3xQ", "3xK")]  # the dialogue and the miscall must say the same


def test_an_amended_call_stands_at_paris_and_is_refused_in_provence(cli) -> None:
    """1651 ch. XII, pp. 53-54: 'the former hath then liberty to tell the just summe ... especially at Paris ... in
    Provence, and Languedoc, the First word is alwaies to stand'."""
    path = str(DEALS / "royall-1651-amended-call.piquet")
    record = next(iter(pv.read(path)))
    paris = pv.replay(record, "royall-1651", (("calls", "paris"),))
    assert paris.mismatches == [] and paris.deals[0].totals == (37, 3)
    assert _dialogue_checked(record, paris) == [
        ("point.value", 65, 65), ("point.value", 39, 39), ("point.value", 61, 61), ("point.reply", "good", "good")]
    code, out, err = cli("replay", path, "-r", "royall-1651", "--option", "calls=provence", "--format", "json")
    deal = json.loads(out)["results"][0]["deals"][0]
    assert code == 3 and {name: s["total"] for name, s in deal["scores"].items()} == {"A": 16, "B": 16}
    refused = [m for m in deal["mismatches"] if m["at"] == "point.value"]
    amended = record.located.where(("deals", 0, "declarations", "point", "said", 2))
    assert [(m["claimed"], m["engine"], m["line"], m["column"]) for m in refused] == [(61, 65) + amended]
    assert any("his first word stands" in n for n in deal["notes"])
