"""A record's tags (``[Players "A" "B"]``, ``[Ruleset "traite"]``), in either language: each fills its field
once its values are counted and checked."""

from __future__ import annotations

import unicodedata

from ..errors import Word, echo, msg
from ..records.model import Pairs
from ..schemas import did_you_mean
from .building import Building
from .drafts import RecordDraft
from .events import SOURCE_TAG_PREFIX
from .statements import Card, Tag


#: Tags and the record field each fills (French names in TAG_ALIASES).
TAGS = {"Event": ("source", "event"), "Date": ("source", "date"), "Source": ("source", "title"),
        "Locator": ("source", "locator"), "SourceNote": ("source", "note"), "Note": ("note",),
        "Ruleset": ("ruleset",), "Option": ("options",), "Players": ("players",), "Lang": ("lang",),
        "Cut": ("cut",), "HigherChose": ("higher_chose",), "CutLifted": ("cut_lifted",),
        "DealsSoFar": ("so_far", "deals"), "ScoreSoFar": ("so_far", "scores"), "GamesSoFar": ("so_far", "games"),
        "Sitting": ("sitting", "players"), "ScoringCard": ("sitting", "card")}
TAG_ALIASES = {"Événement": "Event", "Evenement": "Event", "Référence": "Locator", "Reference": "Locator",
               "NoteSource": "SourceNote", "Règles": "Ruleset", "Regles": "Ruleset", "Joueurs": "Players",
               "Langue": "Lang", "Coupe": "Cut", "Choix": "HigherChose", "CartesCoupées": "CutLifted",
               "CartesCoupees": "CutLifted", "DonnesJouées": "DealsSoFar", "DonnesJouees": "DealsSoFar",
               "MarqueAcquise": "ScoreSoFar", "ManchesGagnées": "GamesSoFar", "ManchesGagnees": "GamesSoFar",
               "Chouette": "Sitting", "Séance": "Sitting", "Seance": "Sitting", "CarteDeMarque": "ScoringCard"}
#: The tags that give each player a whole number: what the number is, for the message that shows how to write one.
#: How many quoted values a tag takes, by its field (or the field's first part); one where not named.
_TAG_VALUES: dict[tuple[str, ...], int] = {("players",): 2, ("cut",): 4, ("sitting", "players"): 3,
                                           ("sitting", "card"): 6}
#: The tags whose one value is a choice among these.
_CHOICES = {"lang": ("en", "fr"), "higher_chose": ("deal", "elder")}
_PER_PLAYER = {"cut_lifted": "how many cards he lifted", "scores": "his score so far",
               "games": "the games he has won so far"}


def read_tag(b: Building, rec: RecordDraft, h: Tag) -> str:
    """Fill the field a tag names; its name as the writer writes it."""
    tag, values = TAG_ALIASES.get(h.name, h.name), h.values
    field = _tag_field(b, tag, values, h)
    b.mark(field, h.pos)
    per_player = _PER_PLAYER.get(field[-1])
    match field:
        case ("source", name):
            rec.source[name] = values[0]
        case ("options",):
            rec.options.update(_options(b, values, h))
        case ("players",):
            if values[0] == values[1]:
                raise b.fail(h.pos, msg("same-names", "the two players need different names"))
            rec.players = (values[0], values[1])
        case ("cut",):
            rec.cut_written = {values[0]: values[1], values[2]: values[3]}
        case _ if per_player is not None:
            _per_player(b, rec, field, tag, values, h, per_player)
        case ("sitting", "card"):
            rec.sitting_card = _scoring_card(b, tag, values, h)
        case ("sitting", "players"):
            if len(set(values)) != 3:
                raise b.fail(h.pos, msg("sitting-three", "[{tag}] names the sitting's three players, each once", tag=tag))
            rec.sitting_players = (values[0], values[1], values[2])
        case ("so_far", "deals"):
            if not _figures_in(b, values[0], h):
                raise b.fail(h.pos, msg("deals-so-far", '[{tag}] is how many deals were played before the first: "5"',
                                        tag=tag))
            rec.so_far_deals = int(values[0])
        case (name,) if name in _CHOICES:
            if values[0] not in _CHOICES[name]:
                raise b.fail(h.pos, msg("tag-choice", "[{tag}] is {choices}, not {value}", tag=tag,
                                        choices=tuple(_CHOICES[name]), value=echo(values[0])))
            if name == "lang":
                rec.lang = values[0]
            else:
                rec.higher_chose = values[0]
        case ("ruleset",):
            rec.ruleset = values[0]
        case _:
            rec.note = values[0]
    return tag


def read_cut(b: Building, rec: RecordDraft) -> None:
    """The cut's cards, read in the record's language once its tags are all read (a [Lang] tag may follow [Cut])."""
    if rec.cut_written is not None:
        where = b.marks[("cut",)]
        rec.cut = Pairs.of((name, b.card(Card(text, where))) for name, text in rec.cut_written.items())


def _tag_field(b: Building, tag: str, values: list[str], h: Tag) -> tuple[str, ...]:
    """The record's field a tag names, once its count of values is right."""
    if tag.startswith(SOURCE_TAG_PREFIX) and len(tag) > len(SOURCE_TAG_PREFIX):
        field: tuple[str, ...] = ("source", tag[len(SOURCE_TAG_PREFIX):])
    elif tag in TAGS:
        field = TAGS[tag]
    else:
        raise b.fail(h.pos, msg("no-tag", "no tag {tag}{hint}", tag=echo(tag), hint=did_you_mean(tag, list(TAGS))))
    want = _TAG_VALUES.get(field, _TAG_VALUES.get(field[:1], 1))
    if field[-1] in _PER_PLAYER:  # a name and a number, for one player or both
        want = 4 if len(values) > 2 else 2
    if field[0] != "options" and len(values) != want:
        raise b.fail(h.pos, msg("tag-value", "[{tag}] takes 1 quoted value", tag=tag) if want == 1 else msg(
            "tag-values", "[{tag}] takes {count} quoted values", tag=tag, count=want))
    return field


def _options(b: Building, values: list[str], h: Tag) -> dict[str, str]:
    chosen: dict[str, str] = {}
    for v in values:
        name, sep, choice = v.partition("=")
        if not sep:
            raise b.fail(h.pos, msg("option-tag", "an option is NAME=CHOICE, not {value}", value=echo(v)))
        chosen[name.strip()] = choice.strip()
    return chosen


def _figures_in(b: Building, value: str, h: Tag) -> bool:
    """Whether a tag's value is a whole number in figures (at most nine); a digit the notation does not read
    (``³``, ``٣``, ``３``: only 0 to 9 are figures) is refused at its column, rather than read as another."""
    if value.isascii():
        return value.isdigit() and len(value) <= 9
    odd = next((c for c in value if c.isdigit() or unicodedata.decimal(c, None) is not None), None)
    if odd is None:
        return False
    line, column = h.pos
    text = b.lines[line - 1] if 0 < line <= len(b.lines) else ""
    found = text.find(odd, column)
    raise b.fail((line, found + 1) if found >= 0 else h.pos,
                 msg("odd-figure", "{figure} is not a figure the notation reads: write numbers with the digits 0 to 9",
                     figure=echo(odd)))


def _per_player(b: Building, rec: RecordDraft, field: tuple[str, ...], tag: str, values: list[str], h: Tag,
                what: str) -> None:
    """A tag that gives each player a whole number: how many cards he lifted, his score or games so far."""
    least = 1 if field[0] == "cut_lifted" else 0
    if not all(_figures_in(b, v, h) and int(v) >= least for v in values[1::2]):
        raise b.fail(h.pos, msg("per-player", '[{tag}] gives each player and {what}: "A" "1" "B" "5"', tag=tag,
                                 what=Word(what)))
    numbers = {name: int(n) for name, n in zip(values[::2], values[1::2])}
    if field[0] == "cut_lifted":
        rec.cut_lifted = numbers
    elif field[-1] == "scores":
        rec.so_far_scores = numbers
    else:
        rec.so_far_games = numbers


def _scoring_card(b: Building, tag: str, values: list[str], h: Tag) -> dict[str, int]:
    """The sitting's card as the book keeps it: each of the three and his standing, signed."""
    unsigned = [v[1:] if v[:1] in ("+", "-") else v for v in values[1::2]]
    if not all(_figures_in(b, u, h) for u in unsigned):
        raise b.fail(h.pos, msg("scoring-card", '[{tag}] gives each of the three players and his standing on the '
                                'card: "A" "+30" "B" "-15" "C" "-15"', tag=tag))
    return {name: int(n) for name, n in zip(values[::2], values[1::2])}
