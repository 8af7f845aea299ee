"""The ruler and the order-ideal game on the ASM poset A_n (paper 004 §5.4, §6.1).

A_n = {(x, y, z) ≥ 0 : x + y + z ≤ n − 2} with the order (1.2).  Put
e = n − 2 − x − y − z ≥ 0 (the slack): then u ≤ v iff x_u ≥ x_v, y_u ≥ y_v,
z_u ≤ z_v and e_u ≤ e_v, and the interval [u, v] is, up to translation,

    Q(dx, dy, dz, de) = {(p, q, r, s) : 0 ≤ p ≤ dx, 0 ≤ q ≤ dy, 0 ≤ r ≤ dz,
                                          0 ≤ s ≤ de, p + q = r + s}

with (dx, dy, dz, de) = (x_u − x_v, y_u − y_v, z_v − z_u, e_v − e_u) and
dx + dy = dz + de; the point (p, q, r, s) is w = (x_u − p, y_u − q, z_u + r).
So an interval depends only on these differences, never on n, and the
projection π(w) = (ρ(w), z_w) = (z_w + e_w, z_w) of 004 §5.4 is (z_u + r + e_u + s,
z_u + r).  For fixed (r, s) the number of (p, q) is N(k) = min(k, a, D − k) + 1
with k = r + s, D = dz + de, a = min(dx, dy): only its parity matters, which
is k + 1 for k < a, a + 1 for a ≤ k ≤ D − a, and D − k + 1 for k > D − a.

Hence (004 Theorem 4.1, Proposition 6.1) the ruler value ḡ(r, s) of any
element with π = (r, s) (rank r, z = s) is, with Z = s and E = r − s,

    ḡ(r, s) = mex over 0 ≤ dz ≤ Z, 0 ≤ de ≤ E, 0 ≤ a ≤ (dz + de)/2 of
              ⊕_{0 ≤ k < D} [N(k) odd] A(k),

where A(k) is the nim-sum of ḡ over the points (z', e') of the box
[Z − dz, Z] × [E − de, E] on the anti-diagonal z' + e' = Z + E − D + k.  Each
A(k) is a difference of two prefix nim-sums along its anti-diagonal, so an
element costs O(Z·E·(Z + E)) and the table up to rank m costs O(m^5), with
nothing enumerated per interval.  The table does not depend on n: the table
for A_n is the triangle 0 ≤ s ≤ r ≤ n − 2.

The order-ideal game (004 Theorem 1.1) is checked by `check_theorem_1_1`.
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.nim import mex
from grundy.posets import Poset, asm, bits
from grundy.validate import as_int

__all__ = [
    "asm_ideal_values",
    "asm_ruler_direct",
    "asm_ruler_table",
    "check_theorem_1_1",
    "theorem_1_1_value",
]


def _check_n(n: int, least: int = 2) -> int:
    n = as_int(n, "n")
    if n < least:
        raise ValueError(f"A_n needs n ≥ {least}, got {n}")
    return n


def asm_ruler_table(
    n: int, *, progress: Callable[[int, int], None] | None = None
) -> dict[tuple[int, int], int]:
    """{(r, s): ḡ(r, s)} for 0 ≤ s ≤ r ≤ n − 2: the ruler on A_n by rank and z (004 Table 3).

    ḡ(r, s) is the value (004 Theorem 4.1, ruler = intervals) of every element
    (x, y, z) of A_n with rank r = n − 2 − x − y and z = s (004 Proposition 6.1).
    Computed by counting, rank by rank (see the module docstring).
    `progress(r, m)` is called after each rank r = 0, …, m = n − 2.
    """
    _check_n(n)
    top = n - 2
    g: list[list[int]] = [[0] * (top + 1) for _ in range(top + 1)]  # g[z][e]
    # prefix[c][t] = ⊕_{z' < t} g[z'][c − z'] along the anti-diagonal z' + e' = c
    prefix: list[list[int]] = []
    for rank in range(top + 1):
        for z in range(rank + 1):
            g[z][rank - z] = _element_value(z, rank - z, g, prefix)
        line = [0] * (rank + 2)
        for t in range(rank + 1):
            line[t + 1] = line[t] ^ g[t][rank - t]
        prefix.append(line)
        if progress is not None:
            progress(rank, top)
    return {(z + e, z): g[z][e] for z in range(top + 1) for e in range(top + 1 - z)}


def _element_value(Z: int, E: int, g: list[list[int]], prefix: list[list[int]]) -> int:
    """ḡ at z = Z, e = E from the values of lower ranks (module docstring)."""
    seen: set[int] = set()
    for dz in range(Z + 1):
        z0 = Z - dz
        for de in range(E + 1):
            e0 = E - de
            D = dz + de
            base = z0 + e0
            # A[k], k < D: nim-sum of g over the box on the anti-diagonal base + k
            A = []
            for k in range(D):
                c = base + k
                lo = max(z0, c - E)
                hi = min(Z, c - e0)
                line = prefix[c]
                A.append(line[hi + 1] ^ line[lo])
            # even[k] = ⊕_{t < k, t even} A[t]; block[k] = ⊕_{t < k} A[t];
            # tail[k] = ⊕_{t ≥ k, D − t even} A[t]
            even = [0] * (D + 1)
            block = [0] * (D + 2)
            for t in range(D):
                block[t + 1] = block[t] ^ A[t]
                even[t + 1] = even[t] ^ (A[t] if t % 2 == 0 else 0)
            block[D + 1] = block[D]
            tail = [0] * (D + 2)
            for t in range(D - 1, -1, -1):
                tail[t] = tail[t + 1] ^ (A[t] if (D - t) % 2 == 0 else 0)
            for a in range(D // 2 + 1):
                v = even[a] ^ tail[D - a + 1]
                if a % 2 == 0:
                    v ^= block[D - a + 1] ^ block[a]
                seen.add(v)
    return mex(seen)


def asm_ruler_direct(n: int) -> dict[tuple[int, int], int]:
    """The same table by Lenstra's Theorem 4.1 on the poset A_n, interval by interval.

    For every x, every y ≤ x and every t in [y, x) the value g(t) is nim-added
    (bitsets of `grundy.posets.asm`); the table keeps one value per (rank, z)
    and raises if two elements with the same projection disagree (they may not,
    by 004 Proposition 6.1).  This is the baseline `asm_ruler_table` is checked
    and timed against.
    """
    _check_n(n)
    P = asm(n)
    values = _interval_values(P)
    table: dict[tuple[int, int], int] = {}
    for i, (x, y, z) in enumerate(P.elements):
        key = (n - 2 - x - y, z)
        if table.setdefault(key, values[i]) != values[i]:
            raise AssertionError(f"A_{n}: two elements with π = {key} differ")
    return table


def _interval_values(P: Poset) -> list[int]:
    """Ruler values of every element by (4.1a), summing each interval element by element."""
    vals = [0] * len(P)
    for i in range(len(P)):
        below = P.down_mask(i)
        seen = set()
        for j in bits(below):
            total = 0
            for t in bits(below & P.up_mask(j) & ~(1 << i)):
                total ^= vals[t]
            seen.add(total)
        vals[i] = mex(seen)
    return vals


# ------------------------------------------------------------- order ideals
def theorem_1_1_value(n: int, x: int, y: int, z: int) -> int:
    """g(x, y, z) of 004 Theorem 1.1, (1.3): 1 iff ρ = 0 or ρ = 2z ± 1, with ρ = n − 2 − x − y."""
    rho = n - 2 - x - y
    return 1 if rho == 0 or rho in (2 * z - 1, 2 * z + 1) else 0


def asm_ideal_values(n: int) -> dict[tuple[int, int, int], int]:
    """The order-ideal game on A_n, directly: Lemma 4.1 (4.4) on the principal ideals.

    g(x) = 1 iff an even number of t < x have g(t) = 1 (004 (4.4)), the
    principal ideals Λ_x being the down-sets of `grundy.posets.asm(n)`.
    """
    _check_n(n)
    P = asm(n)
    ones = 0  # bitset of the elements with value 1
    for i in range(len(P)):
        if (P.down_mask(i) & ~(1 << i) & ones).bit_count() % 2 == 0:
            ones |= 1 << i
    return {x: (ones >> i) & 1 for i, x in enumerate(P.elements)}


def check_theorem_1_1(n: int) -> dict[str, int | bool]:
    """Compare (1.3) of 004 Theorem 1.1 with the direct computation on A_n.

    Returns {"n", "elements", "ones", "mismatches", "holds"}; `mismatches`
    counts the elements where the theorem and the computation differ.
    """
    direct = asm_ideal_values(n)
    bad = sum(1 for (x, y, z), v in direct.items() if theorem_1_1_value(n, x, y, z) != v)
    return {
        "n": n,
        "elements": len(direct),
        "ones": sum(direct.values()),
        "mismatches": bad,
        "holds": bad == 0,
    }
