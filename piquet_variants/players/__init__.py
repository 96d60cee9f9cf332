"""Players: plain classes that choose an action from what they may know.

A player class is built with one argument, the ``random.Random`` it must
draw all its chance from (so that a simulation repeats from its seed), and
has one method, ``choose(view, legal) -> action`` (``table.Player``): the
``view`` (``view.View``) holds only what that player may know, and ``legal``
(``view.Legal``) what he may do.  ``registry`` finds a player by name: the
shipped ``random``, ``cavendish`` and ``search``, any class a package
registers under the entry point group ``piquet_variants.players``, or a
dotted path ``package.module:Class``.
"""
