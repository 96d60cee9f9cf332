"""Numbers as the players say them: "forty-nine", "quatre-vingt-dix", "cent soixante et un".

Scores in the books are often printed in words, as they were spoken at the
table.  ``read_number`` turns such a phrase (or plain figures) into an int,
and ``say_number`` says an int the same way, so a narrative replay can count
aloud in either language.
"""

from __future__ import annotations

from ..errors import CardError

_EN_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
             "sixteen seventeen eighteen nineteen").split()
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
            "ninety": 90}
_FR_UNITS = ("zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
             "dix-sept dix-huit dix-neuf").split()
_FR_TENS = {"vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60}

_VALUES: dict[str, int] = {w: i for i, w in enumerate(_EN_UNITS)} | _EN_TENS | _FR_TENS
_VALUES |= {w: i for i, w in enumerate(_FR_UNITS) if "-" not in w} | {"zero": 0, "une": 1, "vingts": 20}


class NumberError(CardError):
    """A spoken number that is not a number."""


def read_number(text: str) -> int:
    """The value of figures or of a number in English or French words.

    French counts by twenties above sixty (soixante-dix, quatre-vingt-dix), and
    both languages put "cent"/"hundred" after its multiplier; a running sum
    with a multiply step for those words reads every form the books use.
    """
    t = text.strip().lower()
    if t.startswith("-"):
        return -read_number(t[1:])
    if t.isdigit():
        return int(t)
    words = [w for w in t.replace("-", " ").split() if w not in ("and", "et")]
    if not words:
        raise NumberError(f"not a number: {text!r}")
    total, group, last = 0, 0, None
    for w in words:
        if w in ("hundred", "cent", "cents"):
            group = (group or 1) * 100
        elif w in ("thousand", "mille"):
            total, group = total + (group or 1) * 1000, 0
        elif w in ("vingt", "vingts") and last == "quatre":
            group += 80 - 4
        elif w in _VALUES:
            v = _VALUES[w]
            if v < 20 and last in ("soixante", "vingt", "vingts") and group % 100 in (60, 80):
                group += v  # soixante-dix-sept, quatre-vingt-onze
            elif group % 10 and v < 100:
                raise NumberError(f"not a number: {text!r} ({w!r} cannot follow here)")
            else:
                group += v
        else:
            raise NumberError(f"not a number: {text!r} (unknown word {w!r})")
        last = w
    return total + group


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
