"""``piquet-variants rulesets laws RULESET``: every law of the ruleset's code, how it is modelled, and its test."""

from __future__ import annotations

import typer

from ..i18n import Lang
from ..lexicon import rule_name
from ..render import grid, json_text
from ..rulebook.laws import Law, LawTable, load, say
from .common import AlsoRulesetsOpt, FormatOpt, LangOpt, OneRulesetArg, OptionOpt, choose_rulesets, one_ruleset

EPILOG = ("Examples:\n\n  piquet-variants rulesets laws cavendish-rubicon\n\n"
          "  piquet-variants rulesets laws cavendish-au-cent --format markdown --lang fr\n\n"
          "Exit status: 0 listed; 1 no table of laws for that ruleset.")


def _doc(table: LawTable, lang: Lang) -> dict[str, object]:
    def one(law: Law) -> dict[str, object]:
        return {"law": law.number, "topic": law.topic, "as": list(law.kinds), "rules": list(law.rules),
                "how": law.how(lang), "tests": list(law.tests)}
    return {"ruleset": table.ruleset, "code": table.code, "unit": table.unit, "count": table.count,
            "accounted": sum(1 for law in table.laws if law.tests), "laws": [one(law) for law in table.laws]}


def laws(ruleset: OneRulesetArg = None, flagged: AlsoRulesetsOpt = None, option: OptionOpt = None,
         fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Every law of the code a ruleset follows: how it is modelled (rule leaves, engine behaviour, notation
    statement, or no effect on the record, with the reason), and the tests that hold it."""
    rs, = choose_rulesets([one_ruleset(ruleset, flagged)], option)  # its options checked, as every command does
    table = load(rs.id)
    doc = _doc(table, lang)
    if fmt == "json":
        typer.echo(json_text(doc))
        return
    headers = [say(h, lang) for h in (table.unit, "topic", "modelled as", "rules", "how", "tests")]
    sep = ", " if fmt == "markdown" else "\n"
    # A rule in words, its path beside it to type back; a test by how many hold the law (the ids, which are the
    # program's, in the JSON).
    rows = [[str(law.number), say(law.topic, lang), ", ".join(say(k, lang) for k in law.kinds),
             sep.join(f"{rule_name(r, lang)} ({r})" for r in law.rules) or "-", law.how(lang) or "-",
             str(len(law.tests))] for law in table.laws]
    typer.echo(grid(fmt, headers, rows))
    typer.echo("\n" + say("accounted", lang).format(n=doc["accounted"], count=table.count, unit=say(table.unit, lang),
                                                     code=table.code) + ". " + say("tests named", lang))
