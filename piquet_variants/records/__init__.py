"""Records as typed values: what a record claims, and what a replay checked against it.

A record's data holds a checkpoint as the text ``lead:3`` (the JSON format's
word for it); everything past reading works with the typed value, and only
output turns it back into text.
"""
