"""The traditional notation: the corpus replays to the book's figures, round trips, and fails cleanly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import piquet_variants as pv
from piquet_variants.errors import NotationError
from piquet_variants.notation.numbers import NumberError, read_number, say_number
from .reading import read_file, read_records, read_text
from piquet_variants.api import write
from piquet_variants.schemas import validate
from piquet_variants.located import Located

DEALS = Path("docs/deals")
NOTATION = sorted(DEALS.glob("*.piquet"))


def _deal(cli, path: str, ruleset: str) -> tuple[int, dict]:
    code, out, err = cli("replay", path, "-r", ruleset, "--format", "json")
    assert "Traceback" not in err
    return code, json.loads(out)["results"][0]["deals"][0]


def test_art12_in_notation_scores_201_under_the_treatise_and_170_under_the_club_laws(cli) -> None:
    code, deal = _deal(cli, "docs/deals/traite-art12.piquet", "traite")
    assert code == 0 and deal["scores"]["Premier"]["total"] == 201 and deal["mismatches"] == []
    code, deal = _deal(cli, "docs/deals/traite-art12.piquet", "cavendish-rubicon")
    assert code == 3 and deal["scores"]["Premier"]["total"] == 170
    assert {(m["at"], m["claimed"], m["engine"]) for m in deal["mismatches"]} >= {
        ("final", 201, 170), ("hand:elder", 118, 117), ("pique", 30, 0)}


@pytest.mark.parametrize("ruleset", ["modern-fr", "marquoir"])
def test_seed_000_declaration_in_notation(cli, ruleset: str) -> None:
    code, deal = _deal(cli, "docs/deals/wikipedia-declaration.piquet", ruleset)
    assert code == 0
    assert deal["scores"]["Premier"]["total"] == 13 and deal["scores"]["Dernier"]["total"] == 17


@pytest.mark.parametrize("path", NOTATION, ids=lambda p: p.name)
def test_corpus_round_trips_and_matches_the_record_schema(path: Path) -> None:
    records = list(pv.read(path))
    assert list(pv.read(pv.write(records))) == records
    assert all(validate(Located(r.file, r.data), "record") == [] for r in records)


@pytest.mark.parametrize("path", sorted(DEALS.glob("*.json")), ids=lambda p: p.name)
def test_json_records_round_trip_through_the_notation(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    records = data if isinstance(data, list) else [data]  # a file of several records: a sitting of parties
    read = [r.data for r in read_records(write(records))]  # type: ignore[union-attr]
    assert read == [dict(record, lang=record.get("lang", "en")) for record in records]


def test_comments_survive_the_round_trip() -> None:
    doc = read_file(DEALS / "traite-art12.piquet")
    texts = [c["text"] for c in doc.data["deals"][0]["comments"]]
    assert len(texts) == 2 and "Repic" in texts[0]
    assert [c["text"] for c in read_text(write(doc.data)).data["deals"][0]["comments"]] == texts


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_numbers_said_and_read_back(lang: str) -> None:
    for n in range(0, 1200):
        assert read_number(say_number(n, lang)) == n


# The forms people write, in each language, and what they are worth.
NUMBERS_READ = {
    "en": [("Forty-nine", 49), ("forty nine", 49), ("a hundred", 100), ("one hundred and eighteen", 118),
           ("one hundred eighteen", 118), ("nought", 0), ("zero", 0), ("two hundred and one", 201),
           ("twelve hundred", 1200), ("a thousand and one", 1001), ("three", 3), ("ninety-four", 94)],
    "fr": [("quatre-vingt-dix", 90), ("cent soixante et un", 161), ("quatre-vingts", 80), ("quatre-vingt", 80),
           ("quatre-vingt-un", 81), ("soixante et onze", 71), ("soixante-dix-sept", 77), ("septante", 70),
           ("septante et un", 71), ("huitante", 80), ("octante", 80), ("nonante", 90), ("nonante-neuf", 99),
           ("deux cents", 200), ("deux cent un", 201), ("cent un", 101), ("mille", 1000), ("zéro", 0),
           ("vingt-et-un", 21), ("dix-sept", 17), ("deux mille deux cents", 2200)],
}
# Slips that once read as figures ("cent cent" as 10000), and other forms no one writes.
NUMBERS_REFUSED = {
    "en": ["twenty twenty", "ten five", "fifty-fifty", "hundred", "a", "forty and two", "one one", "twenty hundred",
           "a hundred a", "thousand"],
    "fr": ["cent cent", "vingt vingt", "dix cinq", "vingt et deux", "quatre-vingt et un", "deux cents un", "cent et un",
           "un mille", "soixante-un", "mille mille", "cents"],
}


@pytest.mark.parametrize(("lang", "text", "value"),
                         [(lang, t, v) for lang, rows in NUMBERS_READ.items() for t, v in rows])
def test_numbers_as_people_write_them(lang: str, text: str, value: int) -> None:
    assert read_number(text) == value
    record = read_text(_DEAL.replace("end deal", f'score "A" {text}\nend deal'))
    assert record.data["deals"][0]["claimed"]["final"]["A"] == value


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, rows in NUMBERS_REFUSED.items() for t in rows])
def test_ill_formed_numbers_are_refused_at_their_place(lang: str, text: str) -> None:
    with pytest.raises(NumberError, match="not a number"):
        read_number(text)
    source = _DEAL.replace("end deal", f'  score "A" {text}\nend deal')
    line, column, message = _fail(source)
    lines = source.splitlines()
    assert lines[line - 1].startswith('  score "A"') and lines[line - 1][column - 1:] == text, (line, column, message)


_HEAD = '[Players "A" "B"]\ndeal 1, dealer "B"\n'


def test_syntax_error_names_line_column_and_carets(cli, tmp_path) -> None:
    bad = tmp_path / "bad.piquet"
    bad.write_text('[Ruleset traite]\n', encoding="utf-8")
    code, out, err = cli("replay", str(bad))
    assert code == 1 and out == "" and "Traceback" not in err
    assert f"{bad}:1:10:" in err and "a tag's value is quoted" in err and "^" in err


def test_a_card_dealt_twice_is_reported_at_its_line() -> None:
    text = _HEAD + "elder: AS KS\nyounger: AS\nend deal\n"
    with pytest.raises(NotationError) as exc:
        read_text(text, "x.piquet")
    assert exc.value.problems[0].line == 4 and "dealt twice" in str(exc.value)


def test_a_revoke_is_reported_at_the_trick_line(cli, tmp_path) -> None:
    text = (DEALS / "traite-art12.piquet").read_text("utf-8")
    text = text.replace("1. A♠ = cent quarante-neuf, 10♠", "1. A♠ 9♥").replace("4. A♥ 9♥", "4. A♥ 10♠")
    bad = tmp_path / "revoke.piquet"
    bad.write_text(text, encoding="utf-8")
    code, out, err = cli("replay", str(bad))
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.strip().startswith("1. A♠"))
    assert code == 1 and f"{bad}:{line}:" in err and "Traceback" not in err and "^" in err


_CORPUS = [p.read_text("utf-8") for p in NOTATION]


def _only_positioned_errors(text: str) -> None:
    try:
        read_text(text, "fuzz.piquet")
    except NotationError as exc:
        assert exc.problems and all(p.line >= 1 and p.column >= 1 for p in exc.problems)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list('[]"{}():;.,=? \n-') + list("AKQJ10987SHDC♠♥♦♣")
                                 + ["deal ", "end deal", "elder", "younger", "talon", "point", "score ",
                                    "partie", "donne", "premier", "1. ", '"A"', "dealer ", "[Players \"A\" \"B\"]"]),
                max_size=40))
def test_random_text_raises_only_notation_errors(pieces: list[str]) -> None:
    _only_positioned_errors(" ".join(pieces))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_CORPUS), st.integers(0, 10_000), st.integers(0, 10_000),
       st.text(max_size=6))
def test_mutated_corpus_raises_only_notation_errors(text: str, cut: int, length: int, insert: str) -> None:
    i = cut % (len(text) + 1)
    _only_positioned_errors(text[:i] + insert + text[i + length % 20:])


def test_compare_names_the_rule_behind_each_difference_with_both_citations(cli) -> None:
    code, out, err = cli("compare", "docs/deals/traite-art12.piquet", "-r", "traite", "-r", "cavendish-rubicon",
                         "--format", "json")
    assert code == 0 and "Traceback" not in err
    deal = json.loads(out)["deals"][0]
    total = next(r for r in deal["rows"] if r["category"] == "total")
    assert total["values"]["traite"]["Premier"] == 201 and total["values"]["cavendish-rubicon"]["Premier"] == 170
    causes = {(c["category"], r["rule"]): r for c in deal["causes"] for r in c["rules"]}
    assert ("point", "point.tierce_majeure_score") in causes and ("pique", "pique.with_repique") in causes
    cited = causes["pique", "pique.with_repique"]["citations"]
    assert "art. 12" in cited[0][0] and "Law" in cited[1][0]


def test_six_deal_rubicon_partie_in_notation(cli) -> None:
    """Cavendish's example: 125 against 81 is a rubicon, 306 under the club laws; the Marquoir counts 44."""
    path = "docs/deals/cavendish-rubicon-306.piquet"
    for ruleset, code_wanted, won in (("cavendish-rubicon", 0, 306), ("marquoir", 3, 44)):
        code, out, err = cli("replay", path, "-r", ruleset, "--format", "json")
        partie = json.loads(out)["results"][0]["partie"]
        assert code == code_wanted and partie["points_won"] == won and partie["totals"] == {"A": 125, "B": 81}


def test_faced_card_stands_under_the_treatise_and_voids_the_deal_under_the_club_laws(cli) -> None:
    """Treatise art. 7: the deal stands unless the faced card is the top or the younger's first; Law 14: fresh deal."""
    path = "docs/deals/traite-faced-card-art7.piquet"
    code, deal = _deal(cli, path, "traite")
    assert code == 0 and not deal["void"] and deal["scores"]["Premier"]["total"] == 201
    assert deal["notes"] == ["faced card at talon position 3: the deal stands"]
    code, deal = _deal(cli, path, "cavendish-rubicon")
    assert code == 3 and deal["void"] and deal["scores"]["Premier"]["total"] == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_incidents_round_trip(lang: str) -> None:
    text = ('[Players "A" "B"]\n[Lang "%s"]\ndeal 1, dealer "B"\n  elder: ? ? ? ? ? ? ? ? ? ? ? ?\n'
            '  younger: ? ? ? ? ? ? ? ? ? ? ? ?\n  talon: ? ? ? ? ? ? ? ?\n  misdeal, fresh deal "a note"\n'
            '  faced card 3\n  peek elder 2, names hearts\nend deal\n') % lang
    record = read_text(text).data
    assert record["deals"][0]["incidents"] == [
        {"type": "misdeal", "choice": "fresh_deal", "note": "a note"}, {"type": "faced_card", "position": 3},
        {"type": "peek", "player": "elder", "cards": 2, "suit_named": "H"}]
    assert read_text(write(record)).data == record


def test_a_card_in_a_run_of_plain_tricks_keeps_its_own_line_and_column(cli, tmp_path) -> None:
    """Plain trick lines are one token; each card must still point at itself."""
    text = (DEALS / "traite-art12.piquet").read_text("utf-8").replace("  4. A♥ 9♥", "  4. A♥   10♠")
    bad = tmp_path / "revoke.piquet"
    bad.write_text(text, encoding="utf-8")
    code, out, err = cli("replay", str(bad))
    lines = text.splitlines()
    line = next(i for i, t in enumerate(lines, 1) if t.strip().startswith("4. A♥"))
    column = lines[line - 1].index("10♠") + 1
    assert code == 1 and f"{bad}:{line}:{column}:" in err, err


# -- the forms a statement may take, and where each card stands --

_DEAL = ('[Players "A" "B"]\ndeal 1, dealer "B"\n'
         "  elder: A K Q J 10 9 8 7 ♠  A K Q J ♥\n"
         "  younger: A K Q J 10 9 8 7 ♦  A K Q J ♣\n"
         "  talon: 10 9 8 7 ♥  10 9 8 7 ♣\n"
         "  elder discards 7 ♠\n"
         "  younger discards 7 ♦\n"
         "  tricks:\n  1. A♠ A♦\n  2. K♠ K♦\nend deal\n")


def _fail(text: str) -> tuple[int, int, str]:
    with pytest.raises(NotationError) as exc:
        read_text(text, "x.piquet")
    problem = exc.value.problems[0]
    return problem.line, problem.column, str(problem.message)


def test_lines_read_by_the_detailed_rules_give_the_same_record() -> None:
    """A final '.', a comment at the end of a line, long-form cards, or a hand split over two lines: the same record."""
    fast = read_text(_DEAL).data
    slow = ('[Players "A" "B"] {a comment}\ndeal 1, dealer "B"\n'
            "  elder: A K Q J 10 9 8 7 ♠\n    ace, king, queen and knave of hearts\n"
            "  younger: A K Q J 10 9 8 7 ♦; A K Q J ♣ {so}\n"
            "  talon: 10 9 8 7 ♥  10 9 8 7 ♣.\n"
            "  elder discards 7 ♠.\n"
            "  younger discards 7 ♦, takes 10♥\n"
            "  tricks:\n  1. A♠ A♦.\n  2. K♠ K♦\nend deal\n")
    record = read_text(slow).data
    assert record.pop("comments") == [{"before": "deal:1", "text": "a comment"}]
    assert record["deals"][0].pop("comments") == [{"before": "talon", "text": "so"}]
    assert record["deals"][0]["exchange"]["younger"].pop("takes") == ["10H"]
    assert record == fast


def test_a_card_in_a_hand_line_keeps_its_own_line_and_column() -> None:
    line, column, message = _fail(_DEAL.replace("younger: A K Q J 10 9 8 7 ♦", "younger: A K Q J 10 9 8 A ♦"))
    assert (line, column) == (4, 27) and "AD is dealt twice" in message


@pytest.mark.parametrize(("old", "new", "found"), [
    ("2. K♠ K♦", "2. A♠ K♦", "played twice"), ("2. K♠ K♦", "2. K♠ ?", "must be given"),
    ("talon: 10 9 8 7 ♥", "talon: ? 9 8 7 ♥", None)])
def test_a_bad_card_in_a_trick_run_is_reported_at_itself(old: str, new: str, found: str | None) -> None:
    text = _DEAL.replace(old, new)
    if found is None:  # an unknown card in the talon is fine; a card never dealt is then not an error
        assert read_text(text).data["deals"][0]["talon"][0] == "?"
        return
    line, column, message = _fail(text)
    assert found in message and line == 10 and column == (6 if "A♠ K♦" in new else 9)


def test_a_comment_before_the_first_trick_of_a_run_stays_there() -> None:
    text = _DEAL.replace("  1. A♠ A♦", "  {the opening lead}\n  1. A♠ A♦")
    record = read_text(text).data
    assert record["deals"][0]["comments"] == [{"before": "trick:1", "text": "the opening lead"}]
    assert "{the opening lead}\n  1. A♠ A♦" in write(record)


def test_tags_on_one_line_and_a_bracket_inside_a_tag() -> None:
    record = read_text(_DEAL.replace('[Players "A" "B"]', '[Players "A" "B"] [Note "x ] y"]')).data
    assert record["players"] == ["A", "B"] and record["note"] == "x ] y"
    line, column, message = _fail('[Players "A" "B"]\n[Lang "en"] [Nope "x"]\n' + _DEAL.split("\n", 1)[1])
    assert (line, column) == (2, 14) and "no tag 'Nope'" in message  # at the tag's name


def test_a_trick_out_of_turn_in_a_run_is_reported_at_its_line() -> None:
    assert _fail(_DEAL.replace("2. K♠ K♦", "3. K♠ K♦"))[:2] == (10, 3)
    assert "this is trick 2, not trick 3" in _fail(_DEAL.replace("2. K♠ K♦", "3. K♠ K♦"))[2]


_EQUAL_POINT = ('[Players "A" "B"]\ndeal 1, dealer "B"\n'
                "  elder: A K Q J 9 ♠  9 7 ♥  10 9 8 ♦  9 8 ♣\n"
                "  younger: A K Q 10 8 ♥  10 8 7 ♠  A K ♦  A K ♣\n"
                "  point: elder five; younger {reply}; elder making fifty; younger good.\nend deal\n")


@pytest.mark.parametrize(("reply", "ok"), [("equal", True), ("not good", False), ("good", False)])
def test_a_reply_before_the_last_is_checked_against_its_stage(cli, tmp_path, reply: str, ok: bool) -> None:
    """Five cards against five is "equal" at the length; fifty against forty-nine is then good."""
    path = tmp_path / "equal.piquet"
    path.write_text(_EQUAL_POINT.format(reply=reply), encoding="utf-8")
    code, deal = _deal(cli, str(path), "cavendish-rubicon")
    assert code == (0 if ok else 3)
    wrong = [(m["at"], m["claimed"], m["engine"]) for m in deal["mismatches"]]
    assert wrong == ([] if ok else [("point.reply", reply.replace(" ", "_"), "equal")])


_VALUE_FIRST = "elder making fifty; younger good; elder = {count}"
_CARDS_FIRST = "elder five; younger equal; elder making fifty; younger good; elder = {count}"


def _rulesets_calling(by: str) -> list[str]:
    """The shipped rulesets whose point is called by ``by`` (``declarations.point_call``)."""
    from piquet_variants.api import get_ruleset
    from piquet_variants.ruleset.registry import known_ids
    return [r for r in known_ids() if get_ruleset(r).rules.declarations.point_call == by]


@pytest.mark.parametrize(("dialogue", "by"), [(_VALUE_FIRST, "value"), (_VALUE_FIRST, "cards"),
                                              (_CARDS_FIRST, "cards")])
def test_a_count_after_a_point_called_by_its_value_is_the_points_score(cli, tmp_path, dialogue: str,
                                                                        by: str) -> None:
    """au Cent para. 15: "The elder hand must call the number his point makes": his call of fifty is his call of
    the point, and the count he says after it ("five") is checked against what the point scores, in either order
    of calling that the ruleset's calling rule allows (a call by the number of cards first, only where the point
    may be called so)."""
    rulesets = _rulesets_calling(by)
    assert rulesets
    for count, wrong in (("five", []), ("six", [("point.count", 6, 5)])):
        path = tmp_path / f"called-{count}.piquet"
        path.write_text(_EQUAL_POINT.replace("point: elder five; younger {reply}; elder making fifty; younger good.",
                                             "point: " + dialogue.format(count=count)), encoding="utf-8")
        for ruleset in rulesets:
            code, deal = _deal(cli, str(path), ruleset)
            assert [(m["at"], m["claimed"], m["engine"]) for m in deal["mismatches"]] == wrong, ruleset
            assert code == (3 if wrong else 0)


def _dealt_by(packets: list[int]) -> str:
    body = _DEAL.split("\n", 2)[2]  # the deal's lines after its head
    dealer = ', dealer "B"'
    deals = [f"deal {n}{dealer if n == 1 else ''}, packets {k}\n{body}" for n, k in enumerate(packets, 1)]
    return '[Players "A" "B"]\n' + "".join(deals)


@pytest.mark.parametrize(("ruleset", "said"), [
    ("cavendish-rubicon", "dealt by packets of 2, where this dealer dealt by 3: the ruleset keeps one way of "
                          "dealing for the partie"),
    ("traite", "dealt by packets of 2, where this dealer dealt by 3: allowed only if he said so before he shuffled")])
def test_a_dealer_who_changes_his_packets_is_noted(cli, tmp_path, ruleset: str, said: str) -> None:
    """Law 9: he 'must not change it during the partie'; art. 4: not unless he says so before shuffling."""
    path = tmp_path / "packets.piquet"
    path.write_text(_dealt_by([3, 2, 2]), encoding="utf-8")
    code, out, err = cli("replay", str(path), "-r", ruleset, "--format", "json")
    deals = json.loads(out)["results"][0]["deals"]
    assert [d["notes"] for d in deals] == [[], [], [said]], err


def test_packets_of_one_are_noted_where_the_ruleset_deals_by_two_or_three(cli, tmp_path) -> None:
    """Treatise art. 3: 'jamais une à une, ni au-dessus de trois'."""
    path = tmp_path / "ones.piquet"
    path.write_text(_dealt_by([1]), encoding="utf-8")
    code, out, err = cli("replay", str(path), "-r", "traite", "--format", "json", "--lang", "fr")
    assert json.loads(out)["results"][0]["deals"][0]["notes"] == [
        "donnée par paquets de 1 : les règles donnent par paquets de 2 / 3"]


_RANK_TEXTS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
_SIGNS = "♠♥♦♣"
_LETTERS = "SHDC"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 3), st.sampled_from(["group", "sign", "letter", "?"])),
                min_size=1, max_size=12))
def test_a_run_names_the_same_cards_as_its_places(cards: list[tuple[int, int, str]]) -> None:
    """Run.parts (split on the suit signs, for speed) and Run.cards (the regex that places each card) agree."""
    from piquet_variants.notation.statements import Run
    from piquet_variants.notation.vocabulary import card_codes, part_codes
    words, group = [], []
    for rank, suit, form in cards:
        if form == "group" and (not group or group[-1][1] == suit):
            group.append((rank, suit))
            continue
        if group:
            words.append(" ".join(_RANK_TEXTS[r] for r, _ in group) + " " + _SIGNS[group[0][1]])
            group = []
        if form == "group":
            group.append((rank, suit))
        elif form == "?":
            words.append("?")
        else:
            words.append(_RANK_TEXTS[rank] + (_SIGNS if form == "sign" else _LETTERS)[suit])
    if group:
        words.append(" ".join(_RANK_TEXTS[r] for r, _ in group) + " " + _SIGNS[group[0][1]])
    run = Run((" " if len(cards) % 2 else "  ").join(words), 3, 9)  # groups apart by one space or two
    by_parts = [part_codes("en")[p] for p in run.parts()]
    by_places = [card_codes("en")[c.text] for c in run.cards()]
    assert by_parts == by_places and len(by_parts) == len(cards)


@pytest.mark.parametrize(("old", "new"), [
    ("  elder: A K Q J 10 9 8 7 ♠  A K Q J ♥\n", "  elder: A K Q J 10 9 8 7 ♠\n    A K Q J ♥\n"),
    ("  elder: A K Q J 10 9 8 7 ♠  A K Q J ♥\n", "  elder: A K Q J 10 9 8 7 ♠\n    AH KH QH JH\n"),
    ("  talon: 10 9 8 7 ♥  10 9 8 7 ♣\n", "  talon: 10 9 8 7 ♥\n  ? 9 8 7 ♣\n"),
    ('deal 1, dealer "B"\n', 'deal 1, dealer "B"\n  , packets 2\n')])
def test_a_statement_may_go_on_over_the_next_line(old: str, new: str) -> None:
    """Line breaks are free: a statement may go on over the next line."""
    fast, split = read_text(_DEAL).data, read_text(_DEAL.replace(old, new)).data
    if "?" in new:
        split["deals"][0]["talon"][4] = "10C"
    split["deals"][0].pop("packets", None)
    assert split == fast


def test_a_spoken_count_on_the_next_line_stays_with_its_trick() -> None:
    record = read_text(_DEAL.replace("  2. K♠ K♦\n", "  2. K♠ K♦\n     = 3\n")).data
    assert record["deals"][0]["counts"] == [{"trick": 2, "card": 2, "count": 3}]
    assert record["deals"][0]["tricks"] == read_text(_DEAL).data["deals"][0]["tricks"]


def _breakable_spaces(text: str) -> list[int]:
    """Where a space follows a card's suit or a sign of punctuation, outside quotes and comments.

    Those are the places where a line may break; a group of ranks (A R D ♠) and a
    number in words stay on one line.
    """
    places, quoted, comment = [], False, False
    for i, ch in enumerate(text):
        if ch == '"' and not comment and text[i - 1] != "\\":
            quoted = not quoted
        elif ch == "{" and not quoted:
            comment = True
        elif ch == "}" and not quoted:
            comment = False
        elif ch == " " and not quoted and not comment:
            if text[i - 1] in "♠♥♦♣,;:":
                places.append(i)
    return places


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(_CORPUS + [_DEAL]), st.randoms(use_true_random=False))
def test_line_breaks_are_free(text: str, rnd) -> None:
    """Any space between words may become a line break: the record is the same."""
    spaces = _breakable_spaces(text)
    broken = list(text)
    for i in rnd.sample(spaces, min(len(spaces), rnd.randint(1, 12))):
        broken[i] = "\n   "
    assert list(pv.read("".join(broken))) == list(pv.read(text))


def test_the_grammar_is_one_rule_a_construct() -> None:
    """No token reads a whole statement (the first edition's line tokens): a token is a word, a number, a
    quoted string, a comment, or a run of cards; the grammar is shorter than the first edition's 165 lines, but
    for its section of incidents (issue 13: "any growth comes only from the new dialogue")."""
    from piquet_variants.notation.parser import grammar_text, parser
    text = grammar_text()
    incidents = text[text.index("// -- incidents"):text.index("// -- cards")]
    assert len(text.splitlines()) - len(incidents.splitlines()) < 165
    statements = {"ROLE", "TALON", "DEAL", "DISCARDS", "TRICKNO", "TAG", "KIND", "SCORE"}  # what begins one
    for terminal in parser(False).terminals:
        pattern = terminal.pattern.to_regexp()
        for other in parser(False).terminals:
            if other.name in statements and other.name != terminal.name:
                assert other.pattern.to_regexp() not in pattern, (terminal.name, other.name)
