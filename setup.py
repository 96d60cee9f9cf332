"""Compile the engine's hot modules with mypyc, or ship them as plain Python where that cannot be done.

Everything else about the package is in ``pyproject.toml``.  The engine plays
a deal in some three hundred small steps; under the interpreter each step's
cost is dispatch, not work, and mypyc turns the same typed source into C with
no other change (``benchmarks/engine.py`` runs about three times as fast).  The
source stays the one truth: the compiled modules are built from it, and the
pure-Python package behaves the same, only slower.

Plain Python is built instead:

* when ``PIQUET_VARIANTS_PURE`` is set (to anything but empty or ``0``);
* for an editable install (``editable_wheel``, or the old ``develop``), so
  that an edited module takes effect at once rather than being shadowed by a
  stale compiled copy;
* when mypyc is not importable, or the C build fails (no compiler): the
  failure is reported and the wheel is built without extensions.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError

#: The modules a random deal runs through, compiled together (they call each other), the simulation's loop and
#: tally, the players'
#: hot modules (a simulated deal asks a player some thirty times; the search player solves play exactly), and
#: the notation's reader and the modules that build each record from the parsed statements (lark-cython parses; the
#: building was some 40% of reading a deal).
COMPILED = ["piquet_variants/compiled.py", "piquet_variants/cards.py", "piquet_variants/engine/deal.py", "piquet_variants/engine/combos.py",
            "piquet_variants/engine/scoring.py", "piquet_variants/engine/derived.py",
            "piquet_variants/engine/partie.py",
            "piquet_variants/players/view.py", "piquet_variants/players/table.py",
            "piquet_variants/players/counting.py", "piquet_variants/players/cavendish.py",
            "piquet_variants/players/doubledummy.py", "piquet_variants/players/search.py",
            "piquet_variants/players/random_player.py", "piquet_variants/players/features.py",
            "piquet_variants/players/learned.py", "piquet_variants/players/score.py",
            "piquet_variants/players/outlook.py", "piquet_variants/players/rollout.py",
            "piquet_variants/players/fitted_discard.py", "piquet_variants/players/discard_to_score.py",
            "piquet_variants/simulate/parties.py", "piquet_variants/simulate/tally.py",
            "piquet_variants/notation/reader.py", "piquet_variants/notation/building.py", "piquet_variants/notation/tags.py",
            "piquet_variants/notation/deals.py", "piquet_variants/notation/dialogue.py",
            "piquet_variants/notation/incidents.py", "piquet_variants/notation/claims.py",
            "piquet_variants/notation/drafts.py",
            "piquet_variants/notation/placing.py", "piquet_variants/notation/vocabulary.py",
            "piquet_variants/notation/numbers.py"]


#: The setup commands that build extensions; the others (metadata, sdist) need not wait for mypyc.
_BUILDS = {"bdist_wheel", "build", "build_ext", "install"}


def _wanted() -> bool:
    if os.environ.get("PIQUET_VARIANTS_PURE", "") not in ("", "0"):
        return False
    commands = set(sys.argv[1:])
    return bool(commands & _BUILDS) and not commands & {"editable_wheel", "develop"}


class BuildOrFallBack(build_ext):
    """Build the compiled modules, or none of them: a half-compiled engine would not import."""

    def run(self) -> None:
        try:
            super().run()
        except (CCompilerError, BaseError, OSError) as err:
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []
            print(f"piquet-variants: the engine could not be compiled ({err}); building it as plain Python",
                  file=sys.stderr)


def _extensions() -> list:
    if not _wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("piquet-variants: mypyc is not installed; building the engine as plain Python", file=sys.stderr)
        return []
    # A build environment may lack the runtime dependencies (pip builds in an isolated one): what the compiled
    # modules import from them only through other modules is typed as Any, which they never read.
    return mypycify(["--ignore-missing-imports", *COMPILED], opt_level="3", debug_level="0",
                    group_name="piquet_variants")


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildOrFallBack})
