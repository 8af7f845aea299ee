"""Packed positions for compiled kernels: boundary words of one, two or three machine words.

A partition is packed as its boundary word (`grundy.engine.words`): bit t is
letter t, 1 for an up step U (the end of a row), 0 for a right step R (the
bottom of a column), read from the bottom left.  A *narrow* word is a
uint64 holding up to `NARROW_LETTERS` letters; a *wide* word is a pair
(lo, hi) of uint64 holding up to `WIDE_LETTERS` letters; a *broad* word a
triple of uint64 (its limbs, lowest first) holding up to `BROAD_LETTERS`, for
the level engines past n = 119 (game kernels and searches take narrow and wide
words, `grundy.game.KERNEL_LETTERS`).  Either way the top 8 bits of the last
limb stay free for the transposition table's info byte.  An array of words
has one dimension per limb of its words, so that numba's type of it says
their width: uint64[n] (narrow), uint64[n, 2] (wide) and uint64[n, 1, 3]
(broad; `word_array`).

Every primitive here is a numba `overload`: one name, an implementation per
word type chosen at compile time, so a kernel or driver written once with
these names is compiled for narrow words (scalar code, as fast as hand-written
uint64 code) and for wide and broad words; a broad implementation uses the
wide one on its two lower limbs where it can (`_by_width`).

>>> import numba
>>> @numba.njit
... def length(w):
...     return nbits(w)
>>> length(np.uint64(0b1011)), length((np.uint64(0), np.uint64(1)))
(4, 65)
>>> length((np.uint64(0), np.uint64(0), np.uint64(1)))
129
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import types
from numba.core.errors import NumbaIRAssumptionWarning
from numba.extending import overload

from grundy.engine.cache import cached_njit
from grundy.game import KERNEL_LETTERS

__all__ = [
    "BROAD_LETTERS",
    "EXACT",
    "LETTERS",
    "NARROW_LETTERS",
    "WIDE_LETTERS",
    "bit",
    "canon",
    "conj",
    "delete_bit",
    "empty_word",
    "entry",
    "flip_bit",
    "flip_low",
    "from_parts",
    "get_word",
    "home",
    "insert_bit",
    "is_zero",
    "keep_low",
    "less",
    "limbs",
    "nbits",
    "put_entry",
    "put_word",
    "strip_low_ones",
    "to_parts",
    "tt_get",
    "tt_put",
    "word_array",
    "word_width",
    "zero_like",
]

#: Letters in a narrow word (one uint64; 8 bits left for the info byte).
NARROW_LETTERS = 56
#: Letters in a wide word (two uint64; 8 bits of the second left for the info byte).
WIDE_LETTERS = KERNEL_LETTERS
#: Letters in a broad word (three uint64; 8 bits of the third left for the info byte).
BROAD_LETTERS = 3 * 64 - 8
#: The letters a word of 1, 2 or 3 limbs holds.
LETTERS = {1: NARROW_LETTERS, 2: WIDE_LETTERS, 3: BROAD_LETTERS}

EXACT = 0x80  # info byte 0x80 | v: the value is exactly v; 0..0x7F: ruled-out values
WINDOW = 64  # slots probed per lookup (linear probing)
COUNT, GROW_AT, REPLACED = 0, 1, 2  # fields of a table's meta array

_U = np.uint64
_ONE = _U(1)
_ZERO = _U(0)
_WMASK = _U((1 << NARROW_LETTERS) - 1)
_SHIFT = _U(NARROW_LETTERS)
_FIB = _U(0x9E3779B97F4A7C15)
_MIX = _U(0xC2B2AE3D27D4EB4F)  # spreads the higher limbs before Fibonacci hashing
_M1, _M2, _M4 = _U(0x5555555555555555), _U(0x3333333333333333), _U(0x0F0F0F0F0F0F0F0F)
_M8, _M16 = _U(0x00FF00FF00FF00FF), _U(0x0000FFFF0000FFFF)


def word_width(word: Any) -> int:
    """The limbs of a word as numba is given it: 1 for a uint64, else its length.

    >>> word_width(np.uint64(5)), word_width(empty_word(3))
    (1, 3)
    """
    return 1 if np.ndim(word) == 0 else len(word)


def empty_word(width: int) -> np.uint64 | tuple[np.uint64, ...]:
    """The empty word of `width` limbs (1, 2 or 3).

    >>> empty_word(1), empty_word(2)
    (np.uint64(0), (np.uint64(0), np.uint64(0)))
    """
    return _ZERO if width == 1 else (_ZERO,) * width


def word_array(size: int, width: int) -> np.ndarray:
    """`size` empty words of `width` limbs: uint64[size], uint64[size, 2] or
    uint64[size, 1, 3] (one dimension per limb, so that numba's type says the width).

    >>> word_array(4, 1).shape, word_array(4, 2).shape, word_array(4, 3).shape
    ((4,), (4, 2), (4, 1, 3))
    """
    return np.zeros(((size,), (size, 2), (size, 1, 3))[width - 1], dtype=np.uint64)


def _width(t: types.Type) -> int | None:
    """1, 2 or 3 for a word of so many limbs (a uint64, or a tuple of two or three) or an
    array of them (of so many dimensions, `word_array`), None for anything else."""
    if isinstance(t, types.Integer):
        return 1
    if isinstance(t, types.UniTuple) and t.count in (2, 3):
        return t.count
    if isinstance(t, types.Array) and t.ndim in (1, 2, 3):
        return t.ndim
    return None


def _by_width(
    function: Callable[..., Any],
    narrow: Callable[..., Any],
    wide: Callable[..., Any],
    broad: Callable[..., Any] | None = None,
    inline: bool = False,
) -> None:
    """Register `narrow`, `wide` and `broad` as the implementations of `function` for
    narrow, wide and broad words (`wide` for both where `broad` is None), told apart by
    its first argument (a word, or an array of words).  A broad implementation works
    on the wide word of its two lower limbs through the wide one where it can (the
    primitive itself, called on ``(w[0], w[1])``), and on the top limb w[2].

    inline: inlined into the caller, for the small primitives of every inner loop.
    numba does not let LLVM inline overloads compiled on their own (a table lookup ran
    2.8 times slower than the same code inlined).  Their wide and broad versions are
    written without branches (masks instead of `if`, `&` instead of `and`): numba's
    inliner mishandles the variables of branches and loops (numba issues #7802 and
    #8130, "variable ... is not in scope").  Each is written on the limbs themselves,
    not through helpers of one limb fewer: numba's inlining costs compile time per
    call it inlines (a wide word's primitives written as a low limb and a narrow rest
    took 4 times as long to compile).  Otherwise the overload is compiled on its own;
    it is not cached on disk by itself: its code is cached inside each compiled caller
    (`grundy.engine.cache`).
    """
    implementations = {1: narrow, 2: wide, 3: wide if broad is None else broad}

    def implementation(first: types.Type, *rest: types.Type) -> Callable[..., Any] | None:
        return implementations.get(_width(first))

    overload(function, inline="always" if inline else "never", strict=False)(implementation)


# `tt_get` keeps its probe loop, which trips that check.  It is not always
# harmless: a version that left the loop by `break` was miscompiled when inlined
# into the drivers (lookups missed stored words; values stayed right, searches
# grew).  This one returns from inside the loop, and tests/test_search.py pins
# the positions staircase searches expand to the recorded runs, which catches a
# missed lookup.  Its warning, and no other, is silenced (also in pyproject.toml).
# (numba sets the message in bold, an ANSI escape first, when stderr is a terminal)
warnings.filterwarnings(
    "ignore",
    message=r"(\x1b\[[0-9;]*m)?variable '_tt_get_(narrow|wide|broad)_",
    category=NumbaIRAssumptionWarning,
)


# ----------------------------------------------------------- 64-bit helpers
@cached_njit
def _bl64(x):  # bit length of a uint64
    n = 0
    while x:
        x >>= _ONE
        n += 1
    return n


@cached_njit
def _rev64(x):
    x = ((x >> _U(1)) & _M1) | ((x & _M1) << _U(1))
    x = ((x >> _U(2)) & _M2) | ((x & _M2) << _U(2))
    x = ((x >> _U(4)) & _M4) | ((x & _M4) << _U(4))
    x = ((x >> _U(8)) & _M8) | ((x & _M8) << _U(8))
    x = ((x >> _U(16)) & _M16) | ((x & _M16) << _U(16))
    return (x >> _U(32)) | (x << _U(32))


@cached_njit
def _low(k):  # the k ≤ 64 lowest bits set
    return _U(0xFFFFFFFFFFFFFFFF) if k >= 64 else (_ONE << _U(k)) - _ONE


@cached_njit(inline="always")
def _ones(k):
    """The k ≤ 64 lowest bits of a uint64 set, without a branch (and no shift by 64)."""
    return ((_ONE << _U(k & 63)) - _ONE) | (_ZERO - _U(k >> 6))


# --------------------------------------------------------------- primitives
def nbits(w):
    """Bit length: the number of letters of a normalised word."""


def _nbits_wide(w):
    low, high = _bl64(w[0]), _bl64(w[1])
    return low + np.int64(high > 0) * (64 + high - low)


def _nbits_broad(w):
    low, high = nbits((w[0], w[1])), _bl64(w[2])
    return low + np.int64(high > 0) * (128 + high - low)


_by_width(nbits, lambda w: _bl64(w), _nbits_wide, _nbits_broad, inline=True)


def bit(w, p):
    """Letter p (0 or 1)."""


def _bit_wide(w, p):
    high = _ZERO - _U(p >> 6)  # all ones when the letter is in the high limb
    limb = (w[0] & ~high) | (w[1] & high)
    return np.int64((limb >> _U(p & 63)) & _ONE)


def _bit_broad(w, p):
    q = p >> 6  # the limb of the letter: all ones in the mask of that limb
    low, mid, top = _ZERO - _U(q == 0), _ZERO - _U(q == 1), _ZERO - _U(q == 2)
    limb = (w[0] & low) | (w[1] & mid) | (w[2] & top)
    return np.int64((limb >> _U(p & 63)) & _ONE)


_by_width(bit, lambda w, p: np.int64((w >> _U(p)) & _ONE), _bit_wide, _bit_broad, inline=True)


def is_zero(w):
    """Whether w is the empty word (the empty partition)."""


_by_width(
    is_zero,
    lambda w: w == _ZERO,
    lambda w: (w[0] | w[1]) == _ZERO,
    lambda w: (w[0] | w[1] | w[2]) == _ZERO,
    inline=True,
)


def less(a, b):
    """a < b as numbers."""


def _less_wide(a, b):
    return (a[1] < b[1]) | ((a[1] == b[1]) & (a[0] < b[0]))


def _less_broad(a, b):
    return (a[2] < b[2]) | ((a[2] == b[2]) & less((a[0], a[1]), (b[0], b[1])))


_by_width(less, lambda a, b: a < b, _less_wide, _less_broad, inline=True)


def delete_bit(w, p):
    """w without letter p: the letters above p move down by one."""


def _delete_bit_wide(w, p):
    lo, hi = w
    carry = hi & _ONE
    if p < 64:
        lo = (lo & _low(p)) | (((lo >> _U(p)) >> _ONE) << _U(p)) | (carry << _U(63))
        return (lo, hi >> _ONE)
    q = p - 64
    return (lo, (hi & _low(q)) | ((hi >> _U(q + 1)) << _U(q)))


def _delete_bit_broad(w, p):  # through the wide one on the lower or the upper two limbs
    if p < 64:  # the top limb's lowest letter comes down to letter 127
        lo, mid = delete_bit((w[0], w[1]), p)
        return (lo, mid | ((w[2] & _ONE) << _U(63)), w[2] >> _ONE)
    mid, top = delete_bit((w[1], w[2]), p - 64)
    return (w[0], mid, top)


_by_width(
    delete_bit,
    lambda w, p: (w & _low(p)) | ((w >> _U(p + 1)) << _U(p)),
    _delete_bit_wide,
    _delete_bit_broad,
)


def insert_bit(w, p, b):
    """w with the letter b inserted at position p: the letters from p move up by one."""


def _insert_bit_narrow(w, p, b):
    return (w & _low(p)) | ((w >> _U(p)) << _U(p + 1)) | (_U(b) << _U(p))


def _insert_bit_wide(w, p, b):
    lo, hi = w
    if p < 64:
        top = lo >> _U(63)
        hi = (hi << _ONE) | top
        high = (lo >> _U(p)) << _U(p)
        lo = (lo & _low(p)) | (high << _ONE) | (_U(b) << _U(p))
        return (lo, hi)
    q = p - 64
    return (lo, (hi & _low(q)) | ((hi >> _U(q)) << _U(q + 1)) | (_U(b) << _U(q)))


def _insert_bit_broad(w, p, b):  # through the wide one on the lower or the upper two limbs
    if p < 64:  # letter 127 goes up to the top limb
        lo, mid = insert_bit((w[0], w[1]), p, b)
        return (lo, mid, (w[2] << _ONE) | (w[1] >> _U(63)))
    mid, top = insert_bit((w[1], w[2]), p - 64, b)
    return (w[0], mid, top)


_by_width(insert_bit, _insert_bit_narrow, _insert_bit_wide, _insert_bit_broad)


def strip_low_ones(w):
    """Drop the lowest letters while they are 1 (leading U steps: rows of length 0)."""


def _strip_low_ones_narrow(w):
    while w & _ONE:
        w >>= _ONE
    return w


def _strip_low_ones_wide(w):
    lo, hi = w
    while lo & _ONE:
        lo = (lo >> _ONE) | ((hi & _ONE) << _U(63))
        hi >>= _ONE
    return (lo, hi)


def _strip_low_ones_broad(w):
    while w[0] & _ONE:
        w = delete_bit(w, 0)
    return w


_by_width(strip_low_ones, _strip_low_ones_narrow, _strip_low_ones_wide, _strip_low_ones_broad)


def conj(w):
    """The conjugate partition's word: reverse the letters, then swap R and U."""


def _conj_narrow(w):
    n = _bl64(w)
    if n == 0:
        return w
    return (~(_rev64(w) >> _U(64 - n))) & _low(n)


def _conj_wide(w):
    lo, hi = w
    n = 64 + _bl64(hi) if hi else _bl64(lo)
    if n == 0:
        return w
    # reversed 128 bits are (rev(hi), rev(lo)) as (lo, hi); shift right by 128 − n
    rlo, rhi = _rev64(hi), _rev64(lo)
    s = 128 - n
    if s >= 64:
        rlo, rhi = rhi >> _U(s - 64), _ZERO
    elif s > 0:
        rlo, rhi = (rlo >> _U(s)) | (rhi << _U(64 - s)), rhi >> _U(s)
    if n > 64:
        return ((~rlo), (~rhi) & _low(n - 64))
    return ((~rlo) & _low(n), _ZERO)


def _conj_broad(w):
    top = w[2]
    if top == _ZERO:
        lo, mid = conj((w[0], w[1]))
        return (lo, mid, _ZERO)
    # the top limb's m letters, conjugated, below the 128 letters of the two lower limbs
    # reversed and swapped (as a 128-bit word of limbs a, b), shifted up by m
    m = _U(_bl64(top))
    a, b = ~_rev64(w[1]), ~_rev64(w[0])
    return (conj(top) | (a << m), (a >> (_U(64) - m)) | (b << m), b >> (_U(64) - m))


_by_width(conj, _conj_narrow, _conj_wide, _conj_broad)


def canon(w):
    """min(w, conj(w)): one word for a partition and its conjugate."""


def _canon(w):
    c = conj(w)
    return c if less(c, w) else w


_by_width(canon, _canon, _canon, _canon)


def home(w, logcap):
    """The home slot of w in a table of 2**logcap slots (Fibonacci hashing)."""


def _home_wide(w, logcap):
    return np.int64(((w[0] ^ (w[1] * _MIX)) * _FIB) >> _U(64 - logcap))


def _home_broad(w, logcap):
    return home((w[0], w[1] ^ (w[2] * _MIX)), logcap)


_by_width(
    home,
    lambda w, logcap: np.int64((w * _FIB) >> _U(64 - logcap)),
    _home_wide,
    _home_broad,
    inline=True,
)


def keep_low(w, k):
    """w's k lowest letters (the letters above them cleared)."""


_by_width(
    keep_low,
    lambda w, k: w & _ones(k),
    lambda w, k: (w[0] & _ones(min(k, 64)), w[1] & _ones(max(k - 64, 0))),
    lambda w, k: (
        w[0] & _ones(min(k, 64)),
        w[1] & _ones(min(max(k - 64, 0), 64)),
        w[2] & _ones(max(k - 128, 0)),
    ),
    inline=True,
)


def flip_low(w, k):
    """w with its k lowest letters flipped (R ↔ U)."""


_by_width(
    flip_low,
    lambda w, k: w ^ _ones(k),
    lambda w, k: (w[0] ^ _ones(min(k, 64)), w[1] ^ _ones(max(k - 64, 0))),
    lambda w, k: (
        w[0] ^ _ones(min(k, 64)),
        w[1] ^ _ones(min(max(k - 64, 0), 64)),
        w[2] ^ _ones(max(k - 128, 0)),
    ),
    inline=True,
)


def limbs(w):
    """The limbs of w, lowest first, as a tuple: (w,) for a narrow word."""


_by_width(limbs, lambda w: (w,), lambda w: w, inline=True)


# ---------------------------------------------------- words in arrays
def get_word(array, i):
    """The word stored at index i of a word array (`word_array`)."""


_by_width(
    get_word,
    lambda array, i: array[i],
    lambda array, i: (array[i, 0], array[i, 1]),
    lambda array, i: (array[i, 0, 0], array[i, 0, 1], array[i, 0, 2]),
    inline=True,
)


def put_word(array, i, w):
    """Store w at index i of a word array."""


def _put_word_narrow(array, i, w):
    array[i] = w


def _put_word_wide(array, i, w):
    array[i, 0] = w[0]
    array[i, 1] = w[1]


def _put_word_broad(array, i, w):
    array[i, 0, 0] = w[0]
    array[i, 0, 1] = w[1]
    array[i, 0, 2] = w[2]


_by_width(put_word, _put_word_narrow, _put_word_wide, _put_word_broad, inline=True)


# ------------------------------------------------ the transposition table
def tt_get(keys, logcap, w):
    """The info byte of word w in the table (0 when nothing is known)."""


def _tt_get_narrow(keys, logcap, w):
    mask = keys.shape[0] - 1
    i = home(w, logcap)
    for _ in range(WINDOW):
        k = keys[i]
        if k == _ZERO:
            return 0
        if (k & _WMASK) == w:
            return np.int64(k >> _SHIFT)
        i = (i + 1) & mask
    return 0


def _tt_get_wide(keys, logcap, w):
    mask = keys.shape[0] - 1
    i = home(w, logcap)
    for _ in range(WINDOW):
        lo, hi = keys[i, 0], keys[i, 1]
        if lo == _ZERO and hi == _ZERO:
            return 0
        if lo == w[0] and (hi & _WMASK) == w[1]:
            return np.int64(hi >> _SHIFT)
        i = (i + 1) & mask
    return 0


def _tt_get_broad(keys, logcap, w):
    mask = keys.shape[0] - 1
    i = home(w, logcap)
    for _ in range(WINDOW):
        k, info = entry(keys, i)
        if info == 0 and is_zero(k):
            return 0
        if k == w:
            return info
        i = (i + 1) & mask
    return 0


_by_width(tt_get, _tt_get_narrow, _tt_get_wide, _tt_get_broad, inline=True)


def tt_put(keys, logcap, meta, w, info):
    """Merge `info` into w's entry (an exact value wins over ruled-out masks).

    A new word goes to the first empty slot of its window; in a full window
    it replaces the longest word there (measured by benchmarks/staircases.py with
    tables far too small, this recomputes much less than replacing the
    shortest: S_9, full mex, 1024 slots, 166 381 expansions against 5.5
    million).
    """


def _tt_put(keys, logcap, meta, w, info):
    mask = keys.shape[0] - 1
    i = home(w, logcap)
    victim = -1
    victim_len = -1
    for _ in range(WINDOW):
        k, old = entry(keys, i)
        if old == 0 and is_zero(k):
            put_entry(keys, i, w, info)
            meta[COUNT] += 1
            return
        if k == w:
            if old & EXACT:
                return
            put_entry(keys, i, w, info if info & EXACT else (old | info))
            return
        n = nbits(k)
        if n > victim_len:
            victim_len = n
            victim = i
        i = (i + 1) & mask
    put_entry(keys, victim, w, info)
    meta[REPLACED] += 1


_by_width(tt_put, _tt_put, _tt_put, _tt_put)


def entry(keys, i):
    """(word, info byte) of slot i of a table's key array (the word is 0 if empty)."""


def _entry_wide(keys, i):
    return (keys[i, 0], keys[i, 1] & _WMASK), np.int64(keys[i, 1] >> _SHIFT)


def _entry_broad(keys, i):
    top = keys[i, 0, 2]
    return (keys[i, 0, 0], keys[i, 0, 1], top & _WMASK), np.int64(top >> _SHIFT)


_by_width(
    entry,
    lambda keys, i: (keys[i] & _WMASK, np.int64(keys[i] >> _SHIFT)),
    _entry_wide,
    _entry_broad,
    inline=True,
)


def put_entry(keys, i, w, info):
    """Slot i of a table's key array ← the word w with the info byte `info`."""


def _put_entry_narrow(keys, i, w, info):
    keys[i] = w | (_U(info) << _SHIFT)


def _put_entry_wide(keys, i, w, info):
    keys[i, 0] = w[0]
    keys[i, 1] = w[1] | (_U(info) << _SHIFT)


def _put_entry_broad(keys, i, w, info):
    put_word(keys, i, (w[0], w[1], w[2] | (_U(info) << _SHIFT)))


_by_width(put_entry, _put_entry_narrow, _put_entry_wide, _put_entry_broad, inline=True)


# ------------------------------------------------------ words and parts
def zero_like(w):
    """The empty word of w's width."""


_by_width(
    zero_like,
    lambda w: _ZERO,
    lambda w: (_ZERO, _ZERO),
    lambda w: (_ZERO, _ZERO, _ZERO),
    inline=True,
)


def flip_bit(w, p):
    """w with letter p flipped (R ↔ U)."""


def _flip_bit_wide(w, p):
    mask = _ONE << _U(p & 63)
    high = _ZERO - _U(p >> 6)  # all ones when the letter is in the high limb
    return (w[0] ^ (mask & ~high), w[1] ^ (mask & high))


def _flip_bit_broad(w, p):
    mask, q = _ONE << _U(p & 63), p >> 6
    return (
        w[0] ^ (mask & (_ZERO - _U(q == 0))),
        w[1] ^ (mask & (_ZERO - _U(q == 1))),
        w[2] ^ (mask & (_ZERO - _U(q == 2))),
    )


_by_width(flip_bit, lambda w, p: w ^ (_ONE << _U(p)), _flip_bit_wide, _flip_bit_broad, inline=True)


@cached_njit
def to_parts(w, parts):
    """Write the parts of w's partition to parts[0:ℓ], largest first; returns ℓ.

    `parts` needs room for every row (at most the number of letters).
    """
    n = nbits(w)
    rows = 0
    for p in range(n):
        rows += bit(w, p)
    boxes = 0
    r = rows
    for p in range(n):
        if bit(w, p):
            r -= 1
            parts[r] = boxes
        else:
            boxes += 1
    return rows


@cached_njit
def from_parts(parts, length, like):
    """The word (of `like`'s width) of the partition parts[0:length], largest first.

    Zero parts at the end are allowed and dropped.
    """
    w = zero_like(like)
    pos = 0
    prev = 0
    for r in range(length - 1, -1, -1):
        if parts[r] == 0:
            continue
        pos += parts[r] - prev
        prev = parts[r]
        w = flip_bit(w, pos)  # letter pos is R: make it U
        pos += 1
    return w
