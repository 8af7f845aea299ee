"""The tables of paper 004 that need more than one poset at a time.

- ruler on the set-partition lattices Π_n: h(n) of 004 Table 4
  (`set_partition_ruler`, in `grundy.games.coin_turning.set_partition_ruler`);
- ruler on the ASM posets A_n: ḡ(r, s) of 004 Table 3 (`asm_ruler_table`) and
  the order-ideal game of 004 Theorem 1.1 (`check_theorem_1_1`), in
  `grundy.games.coin_turning.asm_ruler`;
- ruler on the subspace lattices B_n(q) for large dimension by the dimension
  recursion 004 Lemma 5.2, (5.7) (`subspace_ruler_recursion`, here).

Values of single posets (any family of turning sets) are in
`grundy.games.coin_turning.coin_turning`.
"""

from __future__ import annotations

from grundy.games.coin_turning.asm_ruler import (
    asm_ideal_values,
    asm_ruler_direct,
    asm_ruler_table,
    check_theorem_1_1,
    theorem_1_1_value,
)
from grundy.games.coin_turning.set_partition_ruler import (
    TABLE_4,
    refinement_count,
    set_partition_ruler,
    set_partition_ruler_baseline,
    type_value,
)
from grundy.nim import mex
from grundy.posets.named import is_prime_power
from grundy.validate import as_int

__all__ = [
    "TABLE_4",
    "asm_ideal_values",
    "asm_ruler_direct",
    "asm_ruler_table",
    "check_theorem_1_1",
    "gaussian_binomial_parity_rows",
    "refinement_count",
    "set_partition_ruler",
    "set_partition_ruler_baseline",
    "subspace_ruler_recursion",
    "theorem_1_1_value",
    "type_value",
]


def _check_prime_power(q: int) -> int:
    q = as_int(q, "q")
    if not is_prime_power(q):
        raise ValueError(f"q must be a prime power, got {q}")
    return q


def gaussian_binomial_parity_rows(d: int, q: int) -> list[int]:
    """Rows 0..d of G_q(n, r) = [n, r]_q mod 2 (004 §5.3), row n as a bitset over r.

    By the recurrence (5.5) [n, r]_q = [n−1, r−1]_q + q^r [n−1, r]_q reduced mod 2:
    for even q only r = 0 keeps the second term (all rows are all ones), for
    odd q it is Pascal's rule mod 2 (5.9).
    """
    _check_prime_power(q)
    rows = [1]  # [0, r]_q = δ_{0,r}
    for n in range(1, d + 1):
        prev = rows[-1]
        shifted = prev << 1  # [n−1, r−1]
        kept = prev if q % 2 else prev & 1  # q^r [n−1, r] mod 2
        rows.append((shifted ^ kept) & ((1 << (n + 1)) - 1))
    return rows


def subspace_ruler_recursion(d: int, q: int) -> list[int]:
    """[g_q(0), …, g_q(d)]: ruler values on B_n(q) by dimension, via 004 (5.7).

    g_q(k) is the value of every k-dimensional subspace of F_q^n, n ≥ k (004
    Lemma 5.2 (1)); (5.7b) g_q(d) = mex{s_q(d, m) : 0 ≤ m ≤ d} with
    (5.7a) s_q(d, m) = ⊕_{k=m}^{d−1} G_q(d−m, k−m) g_q(k).  Exact for any d and
    prime power q, with the values stored as bit-planes (one AND and popcount
    per bit of the values for each s_q(d, m)); 004 Theorem 5.3 is its closed form.
    """
    d = as_int(d, "d")
    if d < 0:
        raise ValueError(f"a dimension is non-negative, got {d}")
    rows = gaussian_binomial_parity_rows(d, q)
    g: list[int] = []
    planes: list[int] = []  # planes[b]: bitset of the k with bit b of g_q(k) set
    for top in range(d + 1):
        sums = []
        for m in range(top + 1):
            window = rows[top - m] & ((1 << (top - m)) - 1)  # k − m < top − m
            s = 0
            for b, plane in enumerate(planes):
                if ((plane >> m) & window).bit_count() & 1:
                    s |= 1 << b
            sums.append(s)
        value = mex(sums)
        g.append(value)
        while value.bit_length() > len(planes):
            planes.append(0)
        for b in range(value.bit_length()):
            if value >> b & 1:
                planes[b] |= 1 << top
    return g
