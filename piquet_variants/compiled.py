"""A base for the value classes that mypyc compiles (``setup.py``): they pickle by their declared fields.

Compiled, a class's ``__new__`` calls its ``__init__``, so the default way
to unpickle (a bare ``__new__``, then the state) would call ``__init__``
with no argument and fail; such a class unpickles only by ``__reduce__``.
This base writes it once, from the fields the class declares: a dataclass's
``__match_args__`` are its constructor's positional fields, in order, so the
class is rebuilt by calling itself with them.  A class that writes its own
``__init__`` (native code when compiled, where the one a dataclass generates
is run by the interpreter) keeps its parameters in the order of its fields:
``tests/test_compiled.py`` round-trips every such class.
"""

from __future__ import annotations


class Pickled:
    """Pickles as a call of its class with its positional fields (``__match_args__``)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type[Pickled], tuple[object, ...]]:
        cls = type(self)
        names: tuple[str, ...] = getattr(cls, "__match_args__")
        return cls, tuple([getattr(self, name) for name in names])
