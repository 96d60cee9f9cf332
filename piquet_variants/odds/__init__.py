"""Exact odds of the chance-only events of a deal, from a ruleset's pack, hands, stock and exchange.

``exact`` counts hands and draws with ``math.comb`` into ``Fraction`` values
(never by sampling); ``phrase`` says a probability as the books do ("1791 to
1"); ``book`` holds the figures Cavendish states, with their citations, so
that a computed figure is printed beside the book's.
"""
