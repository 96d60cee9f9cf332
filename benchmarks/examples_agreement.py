"""How often the default player makes Cavendish's own choices: his worked examples against the engine.

    python benchmarks/examples_agreement.py [FILE ...] [--samples N] [--seed S] [--player NAME] [--jobs J]
                                            [--format markdown|json]

Every record of ``docs/deals/cavendish-examples/`` (or the files named) is annotated by ``piquet-variants analyse
--format json`` (the one source of the figures: this script only counts what it says), and each decision the
book itself gives is counted, by chapter, as agreed where the player's choice is the recorded one.  Which
decisions are the book's, and not ours (a deal completed so that it can be replayed), each record says in its
tag ``[Source_Given "…"]`` (``docs/deals/cavendish-examples/README.md``); a record without it gives none.

The player's choice does not depend on ``--samples``: the samples value the choices (what the recorded one gives
up), which the list of disagreements shows.  Deterministic for a seed, whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from piquet_variants import api

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "deals" / "cavendish-examples"
CHAPTERS = {"discarding": "Discarding", "calling": "Calling", "playing": "Playing the Cards"}
ROLES = ("elder", "younger")
KINDS = ("point", "sequences", "sets")
_ITEM = re.compile(r"^(?:(?P<role>elder|younger)\s+)?(?:(?P<discard>discard)|(?P<calls>calls)(?:\s+(?P<kinds>.+))?"
                   r"|(?P<cards>cards|tricks)\s+(?P<tricks>.+))$")
_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


class GivenError(ValueError):
    """A ``Source_Given`` tag that does not say which decisions are the book's."""


Key = tuple[str, str, str | int | None]  # (decision, role, kind or trick): ("call", "elder", "point")


def given(words: str) -> frozenset[Key]:
    """The decisions a tag's words name, items apart by ';': ``elder discard``, ``calls`` (``younger calls point,
    sets``), ``tricks 1-5`` (both cards), ``younger cards 6, 8-12`` (his cards to those tricks); ``none``, a record
    whose choices of its own the book does not recommend."""
    keys: set[Key] = set()
    if words.strip() == "none":
        return frozenset()
    for item in (w.strip() for w in words.split(";")):
        m = _ITEM.match(item)
        if m is None:
            raise GivenError(f"'{item}': expected 'ROLE discard', '[ROLE] calls [KINDS]' or '[ROLE] cards|tricks N-M'")
        roles = (m["role"],) if m["role"] else ROLES
        if m["discard"]:
            if not m["role"]:
                raise GivenError(f"'{item}': whose discard? (elder or younger)")
            keys.add(("discard", m["role"], None))
        elif m["calls"]:
            kinds = [k.strip() for k in m["kinds"].split(",")] if m["kinds"] else list(KINDS)
            if any(k not in KINDS for k in kinds):
                raise GivenError(f"'{item}': a kind is point, sequences or sets")
            keys |= {("call", r, k) for r in roles for k in kinds}
        else:
            keys |= {("card", r, n) for r in roles for n in _tricks(m["tricks"], item)}
    return frozenset(keys)


def key(decision: dict[str, Any], trick: int) -> Key:
    """An ``analyse`` decision as the tag names it (``trick``: its trick, for a card)."""
    what = decision["decision"]
    return (what, decision["role"], {"discard": None, "call": decision["kind"], "card": trick}[what])


def _tricks(words: str, item: str) -> list[int]:
    out: list[int] = []
    for part in (p.strip() for p in words.split(",")):
        m = _RANGE.match(part)
        if m is None or not 1 <= int(m[1]) <= int(m[2] or m[1]) <= 12:
            raise GivenError(f"'{item}': tricks are numbers 1 to 12, or ranges such as 1-5")
        out += range(int(m[1]), int(m[2] or m[1]) + 1)
    return out


DECISIONS = ("discard", "call", "card")


@dataclass(slots=True)
class Tally:
    """One chapter's book decisions: annotated, agreed with, and those ``analyse`` leaves out (with its reasons)."""

    decisions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DECISIONS, 0))
    agreed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DECISIONS, 0))
    not_annotated: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DECISIONS, 0))
    reasons: set[str] = field(default_factory=set)


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


def chapter(path: Path) -> str:
    return CHAPTERS.get(path.stem.rsplit("-", 1)[0], path.stem)


def count(paths: list[Path], samples: int, seed: int, player: str | None, jobs: int | None) -> dict[str, Any]:
    """The book's decisions and the player's agreement, by chapter, and each disagreement."""
    tallies: dict[str, Tally] = {}
    disagreements: list[dict[str, Any]] = []
    for path in paths:
        records = list(api.read(path))
        for result in analysed(path, samples, seed, player, jobs):
            record = records[result["record"] - 1]
            words = record.data.get("source", {}).get("Given")
            try:
                book = given(words) if words else frozenset()
            except GivenError as exc:
                raise SystemExit(f"{path}, record {result['record']}: [Source_Given]: {exc}") from None
            tally = tallies.setdefault(chapter(path), Tally())
            seen: set[Key] = set()
            for deal in result["deals"]:
                cards = 0
                for d in deal["decisions"]:
                    trick = cards // 2 + 1
                    cards += d["decision"] == "card"
                    k = key(d, trick)
                    seen.add(k)
                    if k not in book:
                        continue
                    tally.decisions[d["decision"]] += 1
                    if d["player"]["action"] == d["recorded"]["action"]:
                        tally.agreed[d["decision"]] += 1
                        continue
                    disagreements.append({
                        "file": path.name, "record": result["record"],
                        "locator": record.data.get("source", {}).get("locator", ""),
                        "decision": d["decision"], "kind": d["kind"], "role": d["role"],
                        "trick": trick if d["decision"] == "card" else None,
                        "book": d["recorded"], "player": d["player"], "best": d["best"], "loss": d["loss"],
                        "sunk": d.get("sunk", [])})
                tally.reasons |= {s["words"] for s in deal["skipped"]}
            for k in book - seen:
                tally.not_annotated[k[0]] += 1
    return {"samples": samples, "seed": seed, "player": player or "the default",
            "chapters": {name: {"decisions": t.decisions, "agreed": t.agreed, "not_annotated": t.not_annotated,
                                "reasons": sorted(t.reasons)} for name, t in tallies.items()},
            "disagreements": disagreements}


SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def _cards(action: Any) -> str:
    """A discard's or a call's cards, or a card, as the notation writes them (``10♠``); a call sunk whole: 'sinks'.
    A lesser call is its cards, and the cards it sinks after them."""
    if action == "sink":
        return "sinks"
    return " ".join(c[:-1] + SUITS[c[-1]] for c in (action if isinstance(action, list) else [action]))


def _value(v: float | None) -> str:
    return "–" if v is None else f"{v:+.1f}"


def markdown(figures: dict[str, Any]) -> str:
    """The table by chapter (agreed / the book's decisions annotated), what ``analyse`` could not annotate, and each
    disagreement with what the book's choice and the player's are worth to the player who made it."""
    lines = ["| Chapter | Discards | Calls | Cards | All | The book's, not annotated |", "|---|---|---|---|---|---|"]
    total = Tally()
    for name in [c for c in CHAPTERS.values() if c in figures["chapters"]]:
        ch = figures["chapters"][name]
        for k in DECISIONS:
            total.decisions[k] += ch["decisions"][k]
            total.agreed[k] += ch["agreed"][k]
            total.not_annotated[k] += ch["not_annotated"][k]
        lines.append(f"| {name} | " + _cells(ch["agreed"], ch["decisions"], ch["not_annotated"]) + " |")
    lines.append("| **All** | " + _cells(total.agreed, total.decisions, total.not_annotated) + " |")
    reasons = sorted({r for ch in figures["chapters"].values() for r in ch["reasons"]})
    if reasons:
        lines += ["", "Not annotated: " + "; ".join(reasons) + "."]
    valued = [(d["book"]["value"], d["player"]["value"]) for d in figures["disagreements"]
              if d["book"]["value"] is not None and d["player"]["value"] is not None]
    lines += ["", f"Of {len(figures['disagreements'])} disagreements, the analysis values the book's choice higher in "
              f"{sum(b > p for b, p in valued)}, the player's in {sum(p > b for b, p in valued)}, and both the same in "
              f"{sum(b == p for b, p in valued)} (over the same drawn deals: {figures['samples']} a choice, seed "
              f"{figures['seed']}).",
              "", "| Record | Decision | The book | The player | Worth: the book's, the player's |", "|---|---|---|---|---|"]
    for d in figures["disagreements"]:
        what = {"discard": f"{d['role']}'s discard", "call": f"{d['role']}'s {d['kind']}",
                "card": f"{d['role']}'s card to trick {d['trick']}"}[d["decision"]]
        worth = f"{_value(d['book']['value'])}, {_value(d['player']['value'])}"
        book = _cards(d["book"]["action"]) + (f" (sinking {_cards(d['sunk'])})" if d.get("sunk") else "")
        lines.append(f"| `{d['file']}` #{d['record']} | {what} | {book} | "
                     f"{_cards(d['player']['action'])} | {worth} |")
    return "\n".join(lines)


def _cells(agreed: dict[str, int], decisions: dict[str, int], missing: dict[str, int]) -> str:
    cells = [f"{agreed[k]} / {decisions[k]}" for k in DECISIONS]
    all_agreed, all_decisions = sum(agreed.values()), sum(decisions.values())
    share = f" ({100 * all_agreed / all_decisions:.0f}%)" if all_decisions else ""
    cells.append(f"{all_agreed} / {all_decisions}{share}")
    cells.append(str(sum(missing.values())))
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
    figures = count(paths, args.samples, args.seed, args.player, args.jobs)
    if args.format == "json":
        print(json.dumps(figures, indent=1))
    else:
        print(markdown(figures))
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{len(paths)} files; CPU of the analyses {used.ru_utime + used.ru_stime:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
