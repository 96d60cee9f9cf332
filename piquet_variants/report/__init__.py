"""The HTML report: a static site of rulesets, rules, sources, deals and simulation figures.

The pages are Jinja2 templates (``templates/``) filled with plain data that
the modules here take from the library: ``rules`` from the rulesets and
their evidence, ``deals`` from replays and attribution, ``stats`` from
``simulate --format json``.  ``site`` renders every page in memory, writes
the site to a temporary folder and moves it into place, so a failed build
leaves nothing behind.  The site links only to its own files, by relative
paths, so it opens from ``file://`` with no network.

Jinja2 is the optional extra ``[report]``; nothing here imports it but
``site``.
"""
