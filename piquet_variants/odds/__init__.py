"""Exact odds of the chance-only events of a deal, from a ruleset's pack, hands, stock and exchange.

``exact`` counts hands and draws with ``math.comb`` into ``Fraction`` values
(never by sampling); ``events`` lists the events a ruleset's layout allows;
``phrase`` rounds a probability to odds as the books do ("1791 to 1");
``book`` holds the figures Cavendish states, with their citations, so that a
computed figure is printed beside the book's.  No word is said here: the
command says events and odds in the reader's language from the lexicon.
"""
