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

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "deals" / "cavendish-examples"
CHAPTERS = {"discarding": "Discarding", "calling": "Calling", "playing": "Playing the Cards"}
ROLES = ("elder", "younger")
KINDS = ("point", "sequences", "sets")
_ITEM = re.compile(r"^(?:(?P<role>elder|younger)\s+)?(?:(?P<discard>discard)|(?P<calls>calls)(?:\s+(?P<kinds>.+))?"
                   r"|(?P<cards>cards|tricks)\s+(?P<tricks>.+))$")
_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


class GivenError(ValueError):
    """A ``Source_Given`` tag that does not say which decisions are the book's."""


@dataclass(frozen=True, slots=True)
class Given:
    """The decisions a record's source gives: discards and calls by role (and kind), cards by role and trick."""

    discards: frozenset[str] = frozenset()
    calls: frozenset[tuple[str, str]] = frozenset()  # (role, kind)
    cards: frozenset[tuple[str, int]] = frozenset()  # (role, trick)

    def holds(self, decision: dict[str, Any], trick: int) -> bool:
        """Whether an ``analyse`` decision (``trick``: its trick, for a card) is one the book gives."""
        role = decision["role"]
        if decision["decision"] == "discard":
            return role in self.discards
        if decision["decision"] == "call":
            return (role, decision["kind"]) in self.calls
        return (role, trick) in self.cards


def given(words: str) -> Given:
    """The decisions a tag's words name, items apart by ';': ``elder discard``, ``calls`` (``younger calls point,
    sets``), ``tricks 1-5`` (both cards), ``younger cards 6, 8-12`` (his cards to those tricks)."""
    discards: set[str] = set()
    calls: set[tuple[str, str]] = set()
    cards: set[tuple[str, int]] = set()
    for item in (w.strip() for w in words.split(";")):
        m = _ITEM.match(item)
        if m is None:
            raise GivenError(f"'{item}': expected 'ROLE discard', '[ROLE] calls [KINDS]' or '[ROLE] cards|tricks N-M'")
        roles = (m["role"],) if m["role"] else ROLES
        if m["discard"]:
            if not m["role"]:
                raise GivenError(f"'{item}': whose discard? (elder or younger)")
            discards.add(m["role"])
        elif m["calls"]:
            kinds = [k.strip() for k in m["kinds"].split(",")] if m["kinds"] else list(KINDS)
            if any(k not in KINDS for k in kinds):
                raise GivenError(f"'{item}': a kind is point, sequences or sets")
            calls |= {(r, k) for r in roles for k in kinds}
        else:
            cards |= {(r, n) for r in roles for n in _tricks(m["tricks"], item)}
    return Given(frozenset(discards), frozenset(calls), frozenset(cards))


def _tricks(words: str, item: str) -> list[int]:
    out: list[int] = []
    for part in (p.strip() for p in words.split(",")):
        m = _RANGE.match(part)
        if m is None or not 1 <= int(m[1]) <= int(m[2] or m[1]) <= 12:
            raise GivenError(f"'{item}': tricks are numbers 1 to 12, or ranges such as 1-5")
        out += range(int(m[1]), int(m[2] or m[1]) + 1)
    return out


@dataclass(slots=True)
class Tally:
    decisions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("discard", "call", "card"), 0))
    agreed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("discard", "call", "card"), 0))


def analysed(path: Path, samples: int, seed: int, player: str | None, jobs: int | None) -> list[dict[str, Any]]:
    """``piquet-variants analyse --format json`` of one file: each record's annotations."""
    command = [sys.executable, "-m", "piquet_variants", "analyse", str(path), "--format", "json", "--quiet",
               "--samples", str(samples), "--seed", str(seed)]
    command += ["--player", player] if player else []
    command += ["--jobs", str(jobs)] if jobs else []
    done = subprocess.run(command, capture_output=True, text=True, check=False)
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
                book = given(words) if words else Given()
            except GivenError as exc:
                raise SystemExit(f"{path}, record {result['record']}: [Source_Given]: {exc}") from None
            tally = tallies.setdefault(chapter(path), Tally())
            for deal in result["deals"]:
                cards = 0
                for d in deal["decisions"]:
                    trick = cards // 2 + 1
                    cards += d["decision"] == "card"
                    if not book.holds(d, trick):
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
                        "book": d["recorded"], "player": d["player"], "best": d["best"], "loss": d["loss"]})
    return {"samples": samples, "seed": seed, "player": player or "the default",
            "chapters": {name: {"decisions": t.decisions, "agreed": t.agreed} for name, t in tallies.items()},
            "disagreements": disagreements}


def _cards(action: Any) -> str:
    return " ".join(action) if isinstance(action, list) else str(action)


def _value(v: float | None) -> str:
    return "–" if v is None else f"{v:+.1f}"


def markdown(figures: dict[str, Any]) -> str:
    kinds = ("discard", "call", "card")
    lines = ["| Chapter | Discards | Calls | Cards | All |", "|---|---|---|---|---|"]
    total = Tally()
    for name in [c for c in CHAPTERS.values() if c in figures["chapters"]]:
        ch = figures["chapters"][name]
        cells = []
        for k in kinds:
            total.decisions[k] += ch["decisions"][k]
            total.agreed[k] += ch["agreed"][k]
            cells.append(f"{ch['agreed'][k]} / {ch['decisions'][k]}")
        cells.append(f"{sum(ch['agreed'].values())} / {sum(ch['decisions'].values())}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    cells = [f"{total.agreed[k]} / {total.decisions[k]}" for k in kinds]
    cells.append(f"{sum(total.agreed.values())} / {sum(total.decisions.values())}")
    lines.append("| **All** | " + " | ".join(cells) + " |")
    lines += ["", "| Record | Decision | The book | The player | Their worth (book, player) |", "|---|---|---|---|---|"]
    for d in figures["disagreements"]:
        what = {"discard": f"{d['role']}'s discard", "call": f"{d['role']}'s {d['kind']}",
                "card": f"{d['role']}'s card to trick {d['trick']}"}[d["decision"]]
        lines.append(f"| `{d['file']}` #{d['record']} | {what} | {_cards(d['book']['action'])} | "
                     f"{_cards(d['player']['action'])} | {_value(d['book']['value'])}, "
                     f"{_value(d['player']['value'])} |")
    return "\n".join(lines)


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
