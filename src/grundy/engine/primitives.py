"""Building blocks of options kernels: canonical forms, appending an option, boxes on the word.

An options kernel ``expand(w, out, out2) -> m`` (`grundy.engine.drivers`)
writes the canonical options of the packed partition w to ``out[0:m]``.
These helpers, written with the overloaded word primitives
(`grundy.engine.wordops`), compile for narrow and wide words alike; a game's
kernel module (``grundy/games/<game>_kernel.py``) builds its kernel from
them.

An outer box of a diagram (the last box of a row longer than the row below)
is, on the boundary word read from the bottom left, an R at some letter p
followed by a U at p + 1: removing the box turns R U into U R (`toggle_box`).
Such pairs never overlap, so any set of outer boxes is removed pair by pair.

>>> import numpy as np
>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> w = np.uint64(encode(Partition([3, 1])))  # R U R R U
>>> [p for p in range(4) if is_removable_box(w, p)]
[0, 3]
>>> out = np.zeros(2, np.uint64)
>>> m = emit_word(out, 0, toggle_box(w, 0))  # [3, 1] without its box (2, 1)
>>> m, decode(int(out[0]))
(1, Partition.parse('3'))
"""

from __future__ import annotations

from grundy.engine.cache import cached_njit
from grundy.engine.wordops import (
    bit,
    canon,
    flip_bit,
    from_parts,
    put_word,
    strip_low_ones,
)

__all__ = [
    "conjugation_canonical",
    "emit_parts",
    "emit_word",
    "identity",
    "is_removable_box",
    "toggle_box",
]


@cached_njit
def identity(w):
    """The canonical form of a game without symmetry: the word itself.

    >>> import numpy as np
    >>> int(identity(np.uint64(0b1010)))
    10
    """
    return w


@cached_njit
def conjugation_canonical(w):
    """min(λ, λ′) for games invariant under conjugation (compared as words).

    >>> import numpy as np
    >>> from grundy.partition import Partition
    >>> from grundy.engine.words import decode, encode
    >>> decode(int(conjugation_canonical(np.uint64(encode(Partition([1, 1, 1]))))))
    Partition.parse('3')
    """
    return canon(w)


@cached_njit
def emit_parts(out, m, parts, length, like, symmetric):
    """Write the option with parts parts[0:length] (largest first, word of `like`'s
    width; min(λ, λ′) when `symmetric`) to out[m]; returns m + 1, or −1 if out is full.

    >>> import numpy as np
    >>> from grundy.engine.words import decode
    >>> out = np.zeros(1, np.uint64)
    >>> parts = np.array([1, 1], np.int64)
    >>> emit_parts(out, 0, parts, 2, np.uint64(0), True), decode(int(out[0]))
    (1, Partition.parse('2'))
    >>> emit_parts(out, 1, parts, 2, np.uint64(0), True)  # no room left
    -1
    """
    if m == out.shape[0]:
        return -1
    c = from_parts(parts, length, like)
    put_word(out, m, canon(c) if symmetric else c)
    return m + 1


@cached_njit
def emit_word(out, m, c):
    """Write min(λ, λ′) of the word c to out[m], leading U letters (empty rows)
    stripped; returns m + 1, or −1 if out is full.  For games invariant under
    conjugation.

    >>> import numpy as np
    >>> from grundy.engine.words import decode
    >>> out = np.zeros(1, np.uint64)
    >>> emit_word(out, 0, np.uint64(0b1101)), decode(int(out[0]))  # U R U U: [1, 1]
    (1, Partition.parse('2'))
    """
    if m == out.shape[0]:
        return -1
    put_word(out, m, canon(strip_low_ones(c)))
    return m + 1


@cached_njit
def is_removable_box(w, p):
    """Whether letters p, p + 1 of w are R U: the end of a row longer than the row
    below, a box that can be removed alone (see the module's example)."""
    return bit(w, p) == 0 and bit(w, p + 1) == 1


@cached_njit
def toggle_box(w, p):
    """R U ↔ U R at letters p, p + 1: remove the outer box there (or put it back).

    A removed box of the bottom row leaves a leading U (an empty row); `emit_word`
    strips it (see the module's example).
    """
    return flip_bit(flip_bit(w, p), p + 1)
