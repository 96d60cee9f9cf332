"""Simulation: many deals and parties between two players, reduced to summable statistics.

``tally`` holds the statistics (integer counts and sums, so that adding the
tallies of chunks in any grouping gives the same bits); ``run`` plays chunks
of deals, each seeded from the run's seed and its own index, on local
processes or a Dask cluster, and adds them up; ``report`` turns a tally into
figures with 95% intervals, beside Cavendish's.
"""
