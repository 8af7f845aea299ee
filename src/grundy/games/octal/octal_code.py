"""Take-and-break codes: the one parser of an octal (or hexadecimal) game's code.

A take-and-break game is played on heaps; its code ``d0.d1d2…dt`` says what a move may
do (Winning Ways ch. 4; Siegel, *Combinatorial Game Theory* IV.2).  Digit ``dk`` is a
sum of bits: removing k tokens from one heap is allowed

* ``1``: when they are the whole heap (no heap is left),
* ``2``: leaving one non-empty heap,
* ``4``: leaving two non-empty heaps (the rest split in two),
* ``8``: leaving three non-empty heaps (hexadecimal codes only).

An *octal* code has digits 0–7; a hexadecimal one may also use 8–F (case-insensitive).
``d0`` (removing nothing) may only split: 0, 4, 8 or C.  A code ``.6`` is ``0.6``, and
trailing zeros say nothing (``0.770`` is ``0.77``), so `TakeAndBreak.code` is the one
spelling of each game.  Grundy's game (split a heap into two *unequal* heaps) is no code:
it is ``4.`` with `TakeAndBreak.unequal` set.

>>> kayles = parse_code("0.77")
>>> kayles.digits, kayles.code, kayles.t
((0, 7, 7), '0.77', 2)
>>> parse_code(".6").code, parse_code("4.070").code, parse_code("0.8").is_octal
('0.6', '4.07', False)
>>> parse_code("0.78g")
Traceback (most recent call last):
...
ValueError: bad take-and-break code '0.78g': 'g' is not a digit 0-9 or a-f
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["HEX_DIGITS", "MAX_DIGITS", "TakeAndBreak", "looks_like_code", "parse_code"]

#: The digits of a code, in order of value (a digit's value is its index).
HEX_DIGITS = "0123456789abcdef"
#: The most digits after the point a code may have (a move removes at most this many).
MAX_DIGITS = 64
#: The spelling of something meant as a code: digits or letters around one point at least,
#: starting with a digit, one hexadecimal letter or the point (``0.77``, ``.6``, ``c.3``;
#: ``0.7x`` is a bad one).
_LOOKS_LIKE_CODE = re.compile(r"^([0-9][0-9a-z]*|[a-f])?\.[0-9a-z.]*$")


@dataclass(frozen=True)
class TakeAndBreak:
    """A take-and-break rule: ``digits[k]`` the bits of removing k tokens (module doc), and
    `unequal`: whether a heap split in two must be split into heaps of different sizes
    (Grundy's game).  Immutable and hashable: equal rules are one game."""

    digits: tuple[int, ...]
    unequal: bool = False

    @property
    def t(self) -> int:
        """The most tokens a move removes: the number of digits after the point."""
        return len(self.digits) - 1

    @property
    def is_octal(self) -> bool:
        """Whether every move leaves at most two heaps (digits 0–7) and splits are free:
        the games of the octal periodicity theorem."""
        return not self.unequal and all(d < 8 for d in self.digits)

    @property
    def why_not_octal(self) -> str | None:
        """Why the rule is no octal game (so the periodicity theorem does not apply), or
        None for an octal one.

        >>> parse_code("0.8").why_not_octal
        'it may leave three heaps'
        """
        if self.unequal:
            return "its splits must be into unequal heaps"
        if not self.is_octal:
            return "it may leave three heaps"
        return None

    @property
    def code(self) -> str:
        """The code's one spelling (``0.77``), Grundy's game's too (``4.`` + unequal)."""
        head, *tail = self.digits
        return f"{HEX_DIGITS[head]}.{''.join(HEX_DIGITS[d] for d in tail)}"

    def __str__(self) -> str:
        return self.code + (" with unequal splits" if self.unequal else "")

    def allows(self, k: int, heaps: int) -> bool:
        """Whether removing k tokens may leave `heaps` non-empty heaps (0 to 3).

        >>> parse_code("0.07").allows(2, 1), parse_code("0.07").allows(1, 1)
        (True, False)
        """
        return 0 <= k <= self.t and bool(self.digits[k] >> heaps & 1)


def looks_like_code(name: str) -> bool:
    """Whether `name` is spelled as a code is (digits around a point), so that a bad one is
    told as a bad code rather than an unknown game.

    >>> looks_like_code("0.77"), looks_like_code(".6"), looks_like_code("0.7x")
    (True, True, True)
    >>> looks_like_code("kayles"), looks_like_code("my.games"), looks_like_code("m.py:game")
    (False, False, False)
    """
    return bool(_LOOKS_LIKE_CODE.match(name.strip().lower()))


def parse_code(text: str) -> TakeAndBreak:
    """The rule of the code `text` (module doc); a ValueError naming the bad part.

    >>> parse_code("0.137").digits
    (0, 1, 3, 7)
    >>> parse_code("1.7")
    Traceback (most recent call last):
    ...
    ValueError: bad take-and-break code '1.7': the digit before the point (removing no \
token) may only split a heap: 0, 4, 8 or c, not 1
    """
    if not isinstance(text, str):
        raise TypeError(f"a take-and-break code is a string, got {type(text).__name__}")
    spelled = text.strip().lower()

    def bad(why: str) -> ValueError:
        return ValueError(f"bad take-and-break code {text!r}: {why}")

    head, point, tail = spelled.partition(".")
    if not point:
        raise bad("it needs a point, as in 0.77")
    if len(head) > 1:
        raise bad(f"one digit before the point, not {head!r}")
    for char in head + tail:
        if char not in HEX_DIGITS:
            what = "a second point" if char == "." else repr(char)
            raise bad(f"{what} is not a digit 0-9 or a-f")
    digits = [HEX_DIGITS.index(char) for char in (head or "0") + tail]
    if digits[0] & 3:
        raise bad(
            "the digit before the point (removing no token) may only split a heap: "
            f"0, 4, 8 or c, not {HEX_DIGITS[digits[0]]}"
        )
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if len(digits) - 1 > MAX_DIGITS:
        raise bad(f"at most {MAX_DIGITS} digits after the point, not {len(digits) - 1}")
    if not any(digits):
        raise bad("it allows no move")
    return TakeAndBreak(tuple(digits))
