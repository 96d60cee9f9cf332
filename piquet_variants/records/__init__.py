"""Records as typed values: what a record claims, and what a replay checked against it.

A record's data holds a checkpoint as the text ``lead:3`` (the JSON format's
word for it); everything past reading works with the typed value: JSON output
writes its label, and the reader's words are the lexicon's, said from the
typed value (``lexicon.place``).
"""
