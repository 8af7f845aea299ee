"""The compiled options kernels of RIT and CRIT (`grundy.games.rit.rit`).

RIT has no symmetry (its canonical form is the word itself); CRIT is invariant under
conjugation.

>>> from grundy import get_ruleset
>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> get_ruleset("rit").kernel is RIT, get_ruleset("crit").kernel is CRIT
(True, True)
>>> sorted(str(decode(w)) for w in RIT.option_words(encode(Partition([3, 1]))))
['1^2', '2,1', '3']
"""

from __future__ import annotations

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import conjugation_canonical, identity
from grundy.engine.wordops import (
    bit,
    canon,
    conj,
    delete_bit,
    insert_bit,
    nbits,
    put_word,
    strip_low_ones,
)

__all__ = ["CRIT", "RIT", "crit", "rit"]


@cached_njit
def _rit_rows(w, out, m, symmetric):
    """RIT moves on the rows of w: row r shortened to any length ≥ λ_{r+1}.

    On the word, the U that ends row r follows a run of λ_r − λ_{r+1} R's;
    shortening the row by d moves that U down past d of them."""
    n = nbits(w)
    run = 0  # R letters just below letter p
    for p in range(n):
        if bit(w, p) == 0:
            run += 1
            continue
        rest = delete_bit(w, p)
        for d in range(1, run + 1):
            if m == out.shape[0]:
                return -1
            c = strip_low_ones(insert_bit(rest, p - d, 1))
            put_word(out, m, canon(c) if symmetric else c)
            m += 1
        run = 0
    return m


@cached_njit
def rit(w, out, out2):
    """RIT (docs/games.md 4): shorten a row to at least the length of the row below."""
    return _rit_rows(w, out, 0, False)


@cached_njit
def crit(w, out, out2):
    """CRIT (docs/games.md 5): an RIT move on a row, or the same move on a column."""
    m = _rit_rows(w, out, 0, True)
    if m < 0:
        return -1
    return _rit_rows(conj(w), out, m, True)


RIT = CompiledKernel("rit", rit, identity)
CRIT = CompiledKernel("crit", crit, conjugation_canonical)
