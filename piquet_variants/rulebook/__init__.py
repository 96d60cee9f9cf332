"""The rules as a reader sees them: a ruleset shown, two compared, a rule's history and the sources' conflicts
across rulesets, citations in a paper's style, exports for a reference manager, the table of laws, and the
reference page of the docs.

It sits above ``ruleset`` (which compiles and checks the rules and knows no word of either language) and below
the commands and the report, which choose a format and print.
"""
