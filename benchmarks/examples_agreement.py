"""How often the default player makes Cavendish's own choices: his worked examples against the engine.

    python benchmarks/examples_agreement.py [FILE ...] [--samples N] [--seed S] [--player NAME] [--jobs J]
                                            [--format markdown|json]

Every record of ``docs/deals/cavendish-examples/`` (or the files named) is annotated by ``piquet-variants analyse
--format json`` (the one source of the figures: this script only counts what it says), and each decision the
book itself gives is counted, by chapter, as agreed where the player's choice is the recorded one
(``piquet_variants.agreement``, the count the report shows too: ``--format json`` writes it for ``report
--agreement``, held to ``piquet_variants/schemas/agreement.schema.json``).  Which
decisions are the book's, and not ours (a deal completed so that it can be replayed), each record says in its
tag ``[Source_Given "…"]`` (``docs/deals/cavendish-examples/README.md``); a record without it gives none.

The player's choice does not depend on ``--samples``: the samples value the choices (what the recorded one gives
up), which the list of disagreements shows.  Deterministic for a seed, whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's package, as the analyses it runs are this checkout's

from piquet_variants import api  # noqa: E402
from piquet_variants.agreement import (Agreement, Chapter, Examined, GivenError, Tally, Worth, as_data,  # noqa: E402
                                       count, examined)
from piquet_variants.analysis import Choice  # noqa: E402
from piquet_variants.cards import card_name  # noqa: E402
from piquet_variants.saying import said_skipped  # noqa: E402

FOLDER = ROOT / "docs" / "deals" / "cavendish-examples"
CHAPTERS = {Chapter.DISCARDING: "Discarding", Chapter.CALLING: "Calling", Chapter.PLAYING: "Playing the Cards"}


def analysed(path: Path, samples: int, seed: int, player: str | None, jobs: int | None) -> list[dict[str, Any]]:
    """``piquet-variants analyse --format json`` of one file: each record's annotations."""
    command = [sys.executable, "-m", "piquet_variants", "analyse", str(path.resolve()), "--format", "json", "--quiet",
               "--samples", str(samples), "--seed", str(seed)]
    command += ["--player", player] if player else []
    command += ["--jobs", str(jobs)] if jobs else []
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)  # this checkout's analyse
    if done.returncode != 0:
        raise SystemExit(f"{path}: analyse failed ({done.returncode}): {done.stderr.strip()}")
    out = json.loads(done.stdout)
    return out["results"] if "results" in out else [out]


def figures(paths: list[Path], samples: int, seed: int, player: str | None, jobs: int | None) -> Agreement:
    """The book's decisions and the player's agreement, by chapter, and each disagreement
    (``piquet_variants.agreement.count``, over what ``analyse`` gives)."""
    records: list[Examined] = []
    name = player
    for path in paths:
        read = list(api.read(path))
        for result in analysed(path, samples, seed, player, jobs):
            source = read[result["record"] - 1].data.get("source", {})
            name = name or result["player"]
            try:
                records.append(examined(result, path.name, source.get("locator", ""), source.get("Given")))
            except GivenError as exc:
                raise SystemExit(f"{path}, record {result['record']}: [Source_Given]: {exc}") from None
    return count(records, samples, seed, name or "")


SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def _cards(cards: tuple[int, ...]) -> str:
    """A discard's or a call's cards, or a card, as the notation writes them (``10♠``); a call sunk whole: 'sinks'.
    A lesser call is its cards, and the cards it sinks after them."""
    if not cards:
        return "sinks"
    return " ".join(card_name(c)[:-1] + SUITS[card_name(c)[-1]] for c in cards)


def _value(w: Worth) -> str:
    return "–" if w.value is None else f"{w.value:+.1f}"


def markdown(a: Agreement) -> str:
    """The table by chapter (agreed / the book's decisions annotated), what ``analyse`` could not annotate, and each
    disagreement with what the book's choice and the player's are worth to the player who made it."""
    lines = ["| Chapter | Discards | Calls | Cards | All | The book's, not annotated |", "|---|---|---|---|---|---|"]
    for chapter, tally in a.chapters:
        lines.append(f"| {CHAPTERS[chapter] if chapter else 'Others'} | " + _cells(tally) + " |")
    total = a.total()
    lines.append("| **All** | " + _cells(total) + " |")
    reasons = sorted({said_skipped(s, "en") for s in total.skipped})
    if reasons:
        lines += ["", "Not annotated: " + "; ".join(reasons) + "."]
    leaning = a.leaning()
    lines += ["", f"Of {len(a.disagreements)} disagreements, the analysis values the book's choice higher in "
              f"{leaning.book}, the player's in {leaning.player}, and both the same in {leaning.same} (over the same drawn deals: {a.samples} a choice, seed {a.seed}).",
              "", "| Record | Decision | The book | The player | Worth: the book's, the player's |", "|---|---|---|---|---|"]
    for d in a.disagreements:
        seen = d.seen
        role = ("elder", "younger")[seen.role]
        what = {Choice.DISCARD: f"{role}'s discard", Choice.CALL: f"{role}'s {seen.kind}",
                Choice.CARD: f"{role}'s card to trick {d.trick}"}[seen.choice]
        book = _cards(seen.book.cards) + (f" (sinking {_cards(seen.sunk)})" if seen.sunk else "")
        lines.append(f"| `{d.file}` #{d.record} | {what} | {book} | {_cards(seen.player.cards)} | "
                     f"{_value(seen.book)}, {_value(seen.player)} |")
    return "\n".join(lines)


def _cells(t: Tally) -> str:
    cells = [f"{t.agreed[k]} / {t.decisions[k]}" for k in Choice]
    all_agreed, all_decisions = sum(t.agreed.values()), sum(t.decisions.values())
    share = f" ({100 * all_agreed / all_decisions:.0f}%)" if all_decisions else ""
    cells.append(f"{all_agreed} / {all_decisions}{share}")
    cells.append(str(sum(t.not_annotated.values())))
    return " | ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", default=None)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--format", choices=("markdown", "json"), default="markdown")
    args = parser.parse_args()
    paths = args.files or sorted(FOLDER.glob("*.piquet"))
    found = figures(paths, args.samples, args.seed, args.player, args.jobs)
    if args.format == "json":
        print(json.dumps(as_data(found), indent=1, ensure_ascii=False))
    else:
        print(markdown(found))
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{len(paths)} files; CPU of the analyses {used.ru_utime + used.ru_stime:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
