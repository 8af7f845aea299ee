"""The compiled nim-sequence of a take-and-break game (`grundy.games.octal.octal_sequence`).

G(n) is the mex of the values of the options of a heap of n: removing k tokens and
leaving no heap (value 0), one heap (G(n − k)), two heaps (G(a) ⊕ G(m − a), m = n − k) or
three (hexadecimal codes).  The splits are what costs: m/2 of them for each k, so the
plain loop is O(N²) to N heaps.

**Value classes** (the sparse space of Winning Ways ch. 4, "Sparse space spells speed",
found without being told its mask).  The heaps 1, 2, … are kept in one list per value,
in increasing order (`first`, `after`), with their number (`count`).  Whether a split of
m reaches the value c is whether some pair of values (v, v ⊕ c) has a heap a of value v
with G(m − a) = v ⊕ c; it is decided by walking the *smaller* class of each pair.  The
mex is found candidate by candidate: a reachable candidate is met early on a walk, and
the one that is not (the mex) costs the sizes of the smaller classes.  Where the values
fall into common and rare ones (Kayles: every value but finitely many has an odd number
of bits), one class of each pair (v, v ⊕ c) for a common c is rare, so a heap costs the
number of rare heaps instead of n: O(N) in all, the sparse-space speed, exact in every
case (no mask is assumed; a game without sparse space is as slow as the plain loop).

A three-heap split (digit bit 8) is the plain triple loop, O(m²) a heap.

>>> from grundy.games.octal.octal_sequence import NimSequence
>>> from grundy.games.octal.octal_code import parse_code
>>> NimSequence(parse_code("0.77")).extend_to(12).values[:13].tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
"""

from __future__ import annotations

import numpy as np

from grundy.engine import cached_njit

__all__ = ["extend", "least_period"]


@cached_njit
def _split_reaches(c, n, digits, values, first, after, count, top, unequal, walks, spent):
    """Whether some split of a heap of n (removing k tokens, digit k with bit 4) into two
    non-empty heaps a + b = n − k (a ≠ b if `unequal`) has G(a) ⊕ G(b) = c; the values
    present are below `top` (a power of two).  Every pair of classes (v, v ⊕ c) and total
    is walked along its smaller class, one step each in turn, so that the first pair to
    reach c ends the search wherever it is (`walks`: room for the walks' states; each step
    counted in spent[0])."""
    walking = 0
    for k in range(digits.shape[0]):
        m = n - k
        if not (digits[k] & 4 and m >= 2):
            continue
        for v in range(top):
            w = v ^ c
            if w < v or count[v] == 0 or count[w] == 0:
                continue
            if count[v] <= count[w]:
                walks[walking, 0], walks[walking, 1] = first[v], w
            else:
                walks[walking, 0], walks[walking, 1] = first[w], v
            walks[walking, 2] = m
            walking += 1
    while walking:
        i = 0
        while i < walking:
            a, target, m = walks[i, 0], walks[i, 1], walks[i, 2]
            if a == -1 or a >= m:  # this walk is over: the last one takes its place
                walking -= 1
                walks[i, 0], walks[i, 1], walks[i, 2] = (
                    walks[walking, 0],
                    walks[walking, 1],
                    walks[walking, 2],
                )
                continue
            spent[0] += 1
            b = m - a
            if values[b] == target and not (unequal and a == b):
                return True
            walks[i, 0] = after[a]
            i += 1
    return False


@cached_njit
def extend(values, start, stop, digits, unequal, first, last, after, count, seen, spent, budget):
    """G(n) into values[n] for start ≤ n < stop (those below `start` already there, with
    their classes); returns the first n not valued: `stop`, the heap at which spent[0] (the
    steps of the splits' walks and loops, added to) reached `budget`, or the heap whose
    value might not fit the class arrays (`first`, `last`, `count`, `seen`: one entry a
    value), which the caller grows before going on.

    `digits[k]`: the bits of removing k tokens (`grundy.games.octal.octal_code`);
    `after[a]`: the next heap of a's value (−1: none); `seen[c] == n + 1`: value c is an
    option's of heap n.
    """
    capacity = count.shape[0]
    walks = np.empty((capacity * digits.shape[0], 3), np.int64)
    top = 1
    for n in range(1, start):
        while values[n] >= top:
            top *= 2
    for n in range(start, stop):
        if 2 * top >= capacity or spent[0] >= budget:
            return n
        stamp = n + 1
        splits = 0
        for k in range(digits.shape[0]):
            bits = digits[k]
            if bits & 1 and n == k:
                seen[0] = stamp
            if bits & 2 and n > k:
                seen[values[n - k]] = stamp
            if bits & 4 and n - k >= 2:
                splits += 1
            if bits & 8 and n - k >= 3:
                m = n - k
                for a in range(1, m // 3 + 1):
                    spent[0] += (m - a) // 2 - a + 1
                    for b in range(a, (m - a) // 2 + 1):
                        seen[values[a] ^ values[b] ^ values[m - a - b]] = stamp
        g = 0
        while seen[g] == stamp or (
            splits
            and _split_reaches(
                g, n, digits, values, first, after, count, top, unequal, walks, spent
            )
        ):
            g += 1
        values[n] = g
        while g >= top:
            top *= 2
        after[n] = -1
        if count[g] == 0:
            first[g] = n
        else:
            after[last[g]] = n
        last[g] = n
        count[g] += 1
    return stop


@cached_njit
def least_period(values, t):
    """(e, p) with the least period p, and for it the least pre-period e, such that
    G(n + p) = G(n) for every e ≤ n < 2e + p + t within values (the octal periodicity
    theorem's hypothesis: `grundy.games.octal.octal_sequence.certify`); (−1, −1) if none.

    >>> import numpy as np
    >>> least_period(np.array([0, 1, 0, 1, 0, 1, 0, 1]), 1)
    (0, 2)
    """
    last = values.shape[0] - 1
    p = 1
    while 2 * p + t - 1 <= last:
        most = (last + 1 - 2 * p - t) // 2  # the largest e whose check fits: 2e+2p+t−1 ≤ last
        e = 0
        n = last - p
        while n >= 0:
            if values[n] != values[n + p]:
                e = n + 1
                break
            n -= 1
        if e <= most:
            return e, p
        p += 1
    return -1, -1
