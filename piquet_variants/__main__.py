"""``python -m piquet_variants``: the same command line as ``piquet-variants``."""

from .console import run

run()
