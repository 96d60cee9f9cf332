"""Numbers as the players say them: "forty-nine", "quatre-vingt-dix", "cent soixante et un".

Scores in the books are often printed in words, as they were spoken at the
table.  ``read_number`` turns such a phrase (or plain figures) into an int,
and ``say_number`` says an int the same way, so a narrative replay can count
aloud in either language.

A number in words must be well formed in English or in French: a slip of
transcription ("cent cent", "twenty twenty", "ten five") is an error, not a
figure.  Each language is read by a small recursive descent over its words,
which follows the grammar of numbers as the dictionaries give it, with the
forms people write: "a hundred", "nought", "and" after hundred or thousand
(or none, as Americans write); "septante", "huitante"/"octante", "nonante",
"quatre-vingts" or "quatre-vingt", "deux cents" or "deux cent".  No library
does this: text2num 3.1 refuses "a hundred", accepts "deux cents un", and
says only that a phrase is invalid, not which word; num2words only writes.
"""

from __future__ import annotations

import re

from ..errors import CardError, Message, echo, msg
from ..located import MAX_DIGITS, too_large

_EN_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
             "sixteen seventeen eighteen nineteen").split()
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
            "ninety": 90}
_FR_UNITS = ("zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
             "dix-sept dix-huit dix-neuf").split()
_FR_TENS = {"vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60}
_FR_OTHER_TENS = {"septante": 70, "huitante": 80, "octante": 80, "nonante": 90}  # Belgium, Switzerland, old books

_EN_SMALL = {w: i for i, w in enumerate(_EN_UNITS) if i}  # one … nineteen
_FR_SMALL = {w: i for i, w in enumerate(_FR_UNITS[:17]) if i} | {"une": 1}  # un … seize


class NumberError(CardError):
    """A spoken number that is not a number."""


class _Words:
    """The words of a number, read one at a time; ``fail`` says which word cannot stand where it is."""

    def __init__(self, words: list[str]):
        self.words, self.i = words, 0

    def peek(self, offset: int = 0) -> str:
        j = self.i + offset
        return self.words[j] if j < len(self.words) else ""

    def take(self, *choices: str) -> bool:
        if self.peek() in choices:
            self.i += 1
            return True
        return False

    def fail(self) -> NumberError:
        word = self.peek()
        return NumberError(msg("cannot-follow", "{word} cannot follow here", word=repr(word)) if word else msg(
            "stops-short", "it stops short"))


def _en_below_100(w: _Words) -> int | None:
    word = w.peek()
    if word in _EN_SMALL:
        w.i += 1
        return _EN_SMALL[word]
    if word in _EN_TENS:
        w.i += 1
        unit = w.peek()
        if unit in _EN_SMALL and _EN_SMALL[unit] < 10:
            w.i += 1
            return _EN_TENS[word] + _EN_SMALL[unit]
        return _EN_TENS[word]
    return None


def _en_below_1000(w: _Words) -> int | None:
    head = 1 if w.peek() == "a" and w.peek(1) == "hundred" and w.take("a") else _en_below_100(w)
    if head is None:
        return None
    if not w.take("hundred"):
        return head
    if head >= 20:  # "twenty hundred": say "two thousand"
        raise NumberError(msg("hundreds", "hundreds are counted from one to nineteen"))
    if w.take("and"):
        rest = _en_below_100(w)
        if rest is None:
            raise w.fail()
        return head * 100 + rest
    rest = _en_below_100(w)
    return head * 100 + (rest or 0)


def _english(w: _Words) -> int:
    if w.take("zero", "nought", "naught"):
        return 0
    head = 1 if w.peek() == "a" and w.peek(1) == "thousand" and w.take("a") else _en_below_1000(w)
    if head is None:
        raise w.fail()
    if not w.take("thousand"):
        return head
    if w.take("and"):
        rest = _en_below_100(w)
        if rest is None:
            raise w.fail()
        return head * 1000 + rest
    return head * 1000 + (_en_below_1000(w) or 0)


def _fr_unit(w: _Words, low: int, high: int) -> int | None:
    word = w.peek()
    if word == "dix" and w.peek(1) in ("sept", "huit", "neuf") and high >= 17:
        w.i += 2
        return 10 + _FR_SMALL[w.words[w.i - 1]]
    if word in _FR_SMALL and low <= _FR_SMALL[word] <= high:
        w.i += 1
        return _FR_SMALL[word]
    return None


def _fr_below_100(w: _Words) -> int | None:
    word = w.peek()
    if word == "quatre" and w.peek(1) in ("vingt", "vingts"):  # quatre-vingts, quatre-vingt-un … -dix-neuf
        w.i += 2
        if w.words[w.i - 1] == "vingts":
            return 80
        if w.peek() == "et":
            raise NumberError(msg("et-quatre-vingt", "'et' does not join quatre-vingt to its units"))
        return 80 + (_fr_unit(w, 1, 19) or 0)
    if word in _FR_TENS or word in _FR_OTHER_TENS:
        w.i += 1
        tens = _FR_TENS.get(word) or _FR_OTHER_TENS[word]
        top = 19 if word == "soixante" else 9  # soixante-dix … soixante-dix-neuf
        if w.take("et"):
            if w.take("un", "une"):
                return tens + 1
            if top == 19 and w.take("onze"):
                return tens + 11
            raise w.fail()
        if w.peek() in ("un", "une") or (top == 19 and w.peek() == "onze"):
            raise NumberError(msg("et-un", "write 'et un' ('et onze'): vingt et un, soixante et onze"))
        return tens + (_fr_unit(w, 2, top) or 0)
    return _fr_unit(w, 1, 19)


def _fr_below_1000(w: _Words) -> int | None:
    if w.peek() in ("cent", "cents"):
        head = 1
    else:
        start = w.i
        found = _fr_below_100(w)
        if found is None or w.peek() not in ("cent", "cents"):
            return found
        if not 2 <= found <= 9:
            w.i = start
            raise NumberError(msg("cent", "hundreds are counted from deux to neuf: cent, deux cents"))
        head = found
    word = w.words[w.i]
    w.i += 1
    if head == 1 and word == "cents":
        raise NumberError(msg("cents-after", "'cents' only after deux … neuf"))
    if w.peek() == "et":
        raise w.fail()
    rest = _fr_below_100(w)
    if rest is not None and word == "cents":
        raise NumberError(msg("cents-no-s", "'cents' takes no s when more follows: deux cent un"))
    return head * 100 + (rest or 0)


def _french(w: _Words) -> int:
    if w.take("zéro", "zero"):
        return 0
    head = 1 if w.peek() == "mille" else _fr_below_1000(w)
    if head is None:
        raise w.fail()
    if head == 1 and w.i and w.peek() == "mille":
        raise NumberError(msg("mille", "a thousand is 'mille', not 'un mille'"))
    if not w.take("mille"):
        return head
    return head * 1000 + (_fr_below_1000(w) or 0)


_SPLIT = re.compile(r"[\s-]+")
_FRENCH_WORDS = frozenset(_FR_UNITS) | set(_FR_TENS) | set(_FR_OTHER_TENS) | {"une", "vingts", "cent", "cents",
                                                                             "mille", "et", "zero"}


def read_number(text: str) -> int:
    """The value of figures or of a number in English or French words; ``NumberError`` if it is not well formed."""
    t = text.strip().lower()
    if t.startswith("-"):
        return -read_number(t[1:])
    if t.isdecimal() and t.isascii():  # only 0 to 9: '³' or '٣' is no figure of the notation
        if len(t) > MAX_DIGITS:  # past any figure of the game, and before int() would refuse it
            raise NumberError(too_large(t))
        return int(t)
    words = [w for w in _SPLIT.split(t) if w]
    french = sum(w in _FRENCH_WORDS for w in words) * 2 > len(words)  # "six" and "dix-sept" aside, the words differ
    errors: list[Message] = []
    for reader in ((_french, _english) if french else (_english, _french)):
        w = _Words(words)
        try:
            value = reader(w)
            if w.i == len(words):
                return value
            raise w.fail()
        except NumberError as exc:
            errors.append(exc.message)
    if words:
        raise NumberError(msg("not-a-number-why", "not a number: {text} ({why})", text=echo(text), why=errors[0]))
    raise NumberError(msg("not-a-number", "not a number: {text}", text=echo(text)))


def _say_en(n: int) -> str:
    if n < 20:
        return _EN_UNITS[n]
    if n < 100:
        tens = next(w for w, v in _EN_TENS.items() if v == n // 10 * 10)
        return tens + (f"-{_EN_UNITS[n % 10]}" if n % 10 else "")
    if n < 1000:
        head = f"{_EN_UNITS[n // 100]} hundred"
        return head + (f" and {_say_en(n % 100)}" if n % 100 else "")
    head = f"{_say_en(n // 1000)} thousand"
    return head + (f" {'and ' if n % 1000 < 100 else ''}{_say_en(n % 1000)}" if n % 1000 else "")


def _say_fr(n: int) -> str:
    if n < 20:
        return _FR_UNITS[n]
    if n < 70:
        tens = next(w for w, v in _FR_TENS.items() if v == n // 10 * 10)
        u = n % 10
        return tens + (" et un" if u == 1 else f"-{_FR_UNITS[u]}" if u else "")
    if n < 80:
        return "soixante" + (" et onze" if n == 71 else f"-{_FR_UNITS[n - 60]}")
    if n < 100:
        return "quatre-vingt" + (f"-{_FR_UNITS[n - 80]}" if n > 80 else "s")
    if n < 1000:
        h, rest = divmod(n, 100)
        head = "cent" if h == 1 else f"{_FR_UNITS[h]} cent" + ("" if rest else "s")
        return head + (f" {_say_fr(rest)}" if rest else "")
    h, rest = divmod(n, 1000)
    head = "mille" if h == 1 else f"{_say_fr(h)} mille"
    return head + (f" {_say_fr(rest)}" if rest else "")


def say_number(n: int, lang: str = "en") -> str:
    """``n`` in words, as a player counts aloud; a score below nothing after a penalty is "minus …"."""
    if n < 0:
        return ("moins " if lang == "fr" else "minus ") + say_number(-n, lang)
    return _say_fr(n) if lang == "fr" else _say_en(n)
