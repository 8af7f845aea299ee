"""Nim-sequences of take-and-break games, and their periods certified by the octal
periodicity theorem.

The nim-sequence of a game is G(0), G(1), …, the values of single heaps; a position (a
multiset of heaps) is worth the nim-sum of its heaps' values.  `NimSequence` computes it
with the compiled kernel (`grundy.games.octal.octal_kernel`, loaded on first use), in
chunks, resuming where it stopped.

**The octal periodicity theorem** (Guy and Smith 1956; Winning Ways ch. 4, "The
periodicity theorem"; Siegel, *Combinatorial Game Theory*, Theorem IV.2.7): for an
octal game whose code has t digits after the point, if G(n + p) = G(n) for every n with
e ≤ n < 2e + p + t, then G(n + p) = G(n) for every n ≥ e.  (Any move from a heap of
n + p leaves at most two heaps whose sizes add up to at least n + p − t, so one of them
is at least e + p once n ≥ 2e + p + t, and induction carries the period on.)  `certify`
finds the least period p, and for it the least pre-period e, whose hypothesis the
computed values satisfy; with it `NimSequence.value` answers every heap, of any size.
The theorem is for octal codes (at most two heaps left, splits free): hexadecimal codes
and Grundy's game are never certified here.

>>> from grundy.games.octal.octal_code import parse_code
>>> kayles = sequence_of(parse_code("0.77")).extend_to(200)
>>> kayles.period
Period(preperiod=71, period=12)
>>> kayles.value(10**30) == kayles.value(71 + (10**30 - 71) % 12)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from grundy.bounds import TooMuchWork
from grundy.games.octal.octal_code import TakeAndBreak
from grundy.validate import as_int

__all__ = [
    "MAX_HEAPS",
    "MAX_THREE_HEAP_SPLITS",
    "STEPS_PER_CALL",
    "NimSequence",
    "Period",
    "Prefix",
    "certify",
    "sequence_of",
]

#: The most heaps a nim-sequence is computed to (16 bytes a heap: 800 MB).
MAX_HEAPS = 50_000_000
#: The most heaps for a code that may leave three heaps (hexadecimal bit 8), whose
#: splits are the plain O(n²) loop a heap: about 10^9 steps at this size.
MAX_THREE_HEAP_SPLITS = 2_000
#: Steps of the splits' walks a call of the kernel takes at most (about a tenth of a
#: second), between which progress is told and Ctrl-C is heard.
STEPS_PER_CALL = 50_000_000
#: The values the class arrays hold at first (grown when a value outgrows them).
FIRST_CAPACITY = 64


class Period(NamedTuple):
    """G(n + period) = G(n) for every n ≥ preperiod (certified: `certify`)."""

    preperiod: int
    period: int

    def index(self, n: int) -> int:
        """The heap below preperiod + period with the value of heap n."""
        if n < self.preperiod:
            return n
        return self.preperiod + (n - self.preperiod) % self.period


def certify(rule: TakeAndBreak, values: np.ndarray) -> Period | None:
    """The least period, with its least pre-period, that the octal periodicity theorem
    proves from `values` = G(0), …, G(N) (module doc), or None: no period is proved
    within them, or `rule` is not an octal game.

    >>> from grundy.games.octal.octal_code import parse_code
    >>> certify(parse_code("0.07"), sequence_of(parse_code("0.07")).extend_to(300).values)
    Period(preperiod=53, period=34)
    """
    if not rule.is_octal:
        return None
    from grundy.games.octal.octal_kernel import least_period

    e, p = least_period(np.ascontiguousarray(values, dtype=np.int64), rule.t)
    return None if p < 0 else Period(int(e), int(p))


class Prefix(NamedTuple):
    """G(0), …, G(n) of one rule (`NimSequence.prefix`) and what they prove: the period
    certified on these values alone, how many of them the kernel's mex gave (the rest were
    read from a period certified on those), and the last heap its certificate reads."""

    rule: TakeAndBreak
    values: np.ndarray
    period: Period | None
    computed: int
    needed: int | None


class NimSequence:
    """The nim-sequence of one take-and-break rule as far as it is computed (`length`
    values, G(0) … G(length − 1)), and its certified period once one is proved."""

    def __init__(self, rule: TakeAndBreak) -> None:
        self.rule = rule
        self.length = 1  # G(0) = 0: no move
        #: How many values the kernel's mex gave (the rest, if any, the certified period).
        self.computed = 1
        self.period: Period | None = None
        self._digits = np.array(rule.digits, dtype=np.int64)
        self._values = np.zeros(1, np.int64)
        self._after = np.full(1, -1, np.int64)
        self._classes = _classes(FIRST_CAPACITY)

    @property
    def values(self) -> np.ndarray:
        """G(0), …, G(length − 1) (a read-only view)."""
        view = self._values[: self.length]
        view.flags.writeable = False
        return view

    def limit(self) -> int:
        """The most heaps this rule's sequence is computed to (`MAX_HEAPS`, or
        `MAX_THREE_HEAP_SPLITS` for a code that may leave three heaps)."""
        three = any(d & 8 for d in self.rule.digits)
        return MAX_THREE_HEAP_SPLITS if three else MAX_HEAPS

    def extend_to(
        self,
        n: int,
        progress: Callable[[int, int], None] | None = None,
        *,
        budget: int | None = None,
        by_period: bool = True,
    ) -> NimSequence:
        """Compute G(0), …, G(n) (those already known are kept) and certify the period
        again; returns self.  Past `limit` heaps a ValueError, before any work; past
        `budget` steps of the kernel's splits a `TooMuchWork` (None: no bound, for work
        a user asked for, with `progress(done, n + 1)` told a few times a second).

        With `by_period`, the period is certified as the values come, and once it is,
        the rest is read from it (the theorem proves them); without, every value is the
        kernel's mex.
        """
        n = as_int(n, "heaps")
        if n < 0:
            raise ValueError(f"heaps must be a non-negative integer, got {n}")
        if n >= self.limit():
            raise ValueError(
                f"{self.rule}: {n:,} heaps is past the {self.limit():,} that a nim-sequence "
                "is computed to"
            )
        if n < self.length:
            return self
        from grundy.games.octal.octal_kernel import extend

        self._grow_heaps(n + 1)
        spent_in_all, tried = 0, self.length
        while self.length <= n:
            if by_period and self.period is not None:
                self._read_from_period(n + 1)
                break
            first, last, count, seen = self._classes
            spent = np.zeros(1, np.int64)
            reached = extend(
                self._values,
                self.length,
                n + 1,
                self._digits,
                self.rule.unequal,
                first,
                last,
                self._after,
                count,
                seen,
                spent,
                STEPS_PER_CALL,
            )
            if reached <= n and spent[0] < STEPS_PER_CALL:  # a value outgrew the classes
                self._grow_values()
            self.length = self.computed = reached
            spent_in_all += int(spent[0])
            if progress is not None:
                progress(self.length, n + 1)
            if by_period and self.length >= tried + tried // 4:  # every 25% more values
                self.period, tried = certify(self.rule, self.values), self.length
            if budget is not None and spent_in_all > budget and self.length <= n:
                raise TooMuchWork(
                    f"{self.rule}: its nim-sequence to heap {n:,} takes more than "
                    f"{budget:,} steps (computed to heap {self.length - 1:,}); "
                    "ask for it with grundy sequence"
                )
        self.period = certify(self.rule, self.values)
        return self

    def prefix(self, n: int) -> Prefix:
        """G(0), …, G(n) (computed first if need be: `extend_to`) and the period they
        certify, whatever this sequence holds beyond them.

        >>> from grundy.games.octal.octal_code import parse_code
        >>> kayles = NimSequence(parse_code("0.77")).extend_to(400)
        >>> kayles.prefix(166).period, kayles.prefix(167).period, kayles.prefix(167).needed
        (None, Period(preperiod=71, period=12), 167)
        """
        self.extend_to(n)
        values = self.values[: n + 1]
        period = certify(self.rule, values)
        needed = None if period is None else _needed(period, self.rule.t)
        return Prefix(self.rule, values, period, min(self.computed, n + 1), needed)

    def needed(self) -> int | None:
        """The last heap the certificate of the period reads, 2e + 2p + t − 1 (the theorem's
        hypothesis: G(n + p) = G(n) for e ≤ n < 2e + p + t), or None: none certified."""
        return None if self.period is None else _needed(self.period, self.rule.t)

    def _read_from_period(self, stop: int) -> None:
        """G(length), …, G(stop − 1) from the certified period."""
        assert self.period is not None
        e, p = self.period
        heaps = np.arange(self.length, stop)
        self._values[self.length : stop] = self._values[e + (heaps - e) % p]
        self.length = stop

    def value(self, n: int) -> int | None:
        """G(n) where it is known (computed, or given by the certified period), else None."""
        if n < self.length:
            return int(self._values[n])
        if self.period is not None:
            return int(self._values[self.period.index(n)])
        return None

    def _grow_heaps(self, size: int) -> None:
        if size <= self._values.shape[0]:
            return
        size = max(size, 2 * self._values.shape[0])
        values = np.zeros(size, np.int64)
        values[: self.length] = self._values[: self.length]
        after = np.full(size, -1, np.int64)
        after[: self.length] = self._after[: self.length]
        self._values, self._after = values, after

    def _grow_values(self) -> None:
        old = self._classes
        self._classes = _classes(4 * old[0].shape[0])
        for new, kept in zip(self._classes, old, strict=True):
            new[: kept.shape[0]] = kept


def _needed(period: Period, t: int) -> int:
    """The last heap the certificate of `period` reads: 2e + 2p + t − 1."""
    e, p = period
    return 2 * e + 2 * p + t - 1


def _classes(capacity: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(first, last, count, seen): per value, its first and last heap, how many heaps have
    it, and the stamp of the last heap one of whose options has it (`extend`)."""
    first = np.full(capacity, -1, np.int64)
    last = np.full(capacity, -1, np.int64)
    return first, last, np.zeros(capacity, np.int64), np.zeros(capacity, np.int64)


@functools.lru_cache(maxsize=16)
def sequence_of(rule: TakeAndBreak) -> NimSequence:
    """The one `NimSequence` of `rule` (the memo of its values: every caller extends it)."""
    return NimSequence(rule)
