"""Closed forms of paper 003 (Curran, Locke, Low, *A variant of Nim played on
Boolean matrices*, Integers 2023) for the game ``matrix``.

Every function cites the statement it implements and is checked against
exhaustive search in tests/test_matrix_theorems.py (on every case of a
range).  Where the search disagrees with the paper, the function follows
the search and its docstring says what the paper states; the disagreements
are listed in docs/findings/matrix.md.

Notation (003 §2): [a1, …, ak] with a1 ≥ … ≥ ak ≥ 1 is the Ferrers (partition)
matrix whose row i holds a_i ones; on it the game is Column-Row (002) on the
partition (a1, …, ak).  A partition is *strong* when a_k > k (003 Definition 3).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from grundy.partition import Partition
from grundy.validate import check_non_negative, check_positive

__all__ = [
    "U_VALUES_003",
    "all_ones_value",
    "corollary1_value",
    "ferrers_value",
    "is_strong",
    "nearest_integer",
    "parity_patterns",
    "permutation_matrix_value",
    "remark5_counts",
    "remark5_formula",
    "smallest_strong_partition",
    "strong_outcome",
    "theorem2_value",
    "theorem3_value",
    "theorem4_value",
    "theorem5_value",
    "theorem6_value",
    "theorem7_p",
    "theorem8_n",
    "theorem9_p",
    "theorem10_n",
    "theorem11_p",
    "theorem12_n",
    "theorem13_p",
    "theorem14_n",
    "theorem15_p",
    "theorem16_n",
]

#: 003 §2 (after Theorem 1): "A computer program yields … Gr(U_n) = 1 for
#: n = 1, 3, 5, Gr(U_n) = 2 for n = 7, 9, and Gr(U_n) = 0 for n = 2, 4, 6, 8,
#: 10", U_n the n×n upper triangular matrix (= the staircase S_n of 002).
U_VALUES_003 = {1: 1, 2: 0, 3: 1, 4: 0, 5: 1, 6: 0, 7: 2, 8: 0, 9: 2, 10: 0}


def _parts(parts: Sequence[int] | Partition | str) -> list[int]:
    """The parts of λ, largest first.  A list already so (positive ints, non-increasing),
    as the theorems pass to each other, is taken as it is: building a `Partition`
    again costs more than the theorem (003 Lemma 2's check calls them 10^6 times).

    >>> _parts([3, 3, 1]), _parts("1,3^2"), _parts([1, 3, 3])
    ([3, 3, 1], [3, 3, 1], [3, 3, 1])
    """
    if (
        type(parts) is list
        and all(type(x) is int and x > 0 for x in parts)
        and all(x >= y for x, y in itertools.pairwise(parts))
    ):
        return list(parts)
    return Partition.coerce(parts).to_list()


# ------------------------------------------------------------ Section 2
def permutation_matrix_value(n: int) -> int:
    """Gr(P_n) for an n×n permutation matrix: 0 if n is even, 1 if odd (003 Proposition 1)."""
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative integer, got {n!r}")
    return n % 2


def all_ones_value(m: int, n: int) -> int:
    """Gr(J_{m,n}), the all-ones m×n matrix (003 Theorem 1).

    * 1 ∈ {m, n}: 2 if m + n is odd, 1 if even;
    * 2 ∈ {m, n} and m + n odd: 2;
    * m, n ≥ 2 and m + n even: 0;
    * m, n ≥ 3 and m + n odd: 1.

    The same values as LCTR/CR on the rectangle R_{m,n}: 000 Lemma 17 and
    002 Lemma 1.1.  J_{0,k} is the empty game, value 0.
    """
    check_non_negative(m=m, n=n)
    if m == 0 or n == 0:
        return 0
    odd = (m + n) % 2 == 1
    if 1 in (m, n):
        return 2 if odd else 1
    if not odd:
        return 0
    return 2 if 2 in (m, n) else 1


def corollary1_value(a1: int) -> int:
    """Gr([a1]) = 1 if a1 is odd, 2 if even (003 Corollary 1; J_{1,a1})."""
    check_positive(a1=a1)
    return 1 if a1 % 2 else 2


# ------------------------------------------------------------ Section 3/4
def theorem2_value(a1: int, a2: int) -> int:
    """Gr([a1, a2]) for a1 ≥ a2 ≥ 1 (003 Theorem 2).

    0 if a1 is even; 2 if a1, a2 are both odd with a2 > 1, or a1 = a2 = 1;
    3 if a1 > 1 is odd and a2 is even or 1.
    """
    check_positive(a1=a1, a2=a2)
    _decreasing(a1, a2)
    if a1 % 2 == 0:
        return 0
    if a1 == 1:  # a1 = a2 = 1
        return 2
    return 2 if a2 % 2 == 1 and a2 > 1 else 3


def theorem3_value(a1: int) -> int:
    """Gr([a1, 1, 1]) (003 Theorem 3): 1 for a1 = 1, 0 for odd a1 > 1, 3 for even a1."""
    check_positive(a1=a1)
    if a1 == 1:
        return 1
    return 0 if a1 % 2 else 3


def theorem4_value(a1: int, a2: int) -> int:
    """Gr([a1, a2, 1]) for a1 ≥ a2 > 1 (003 Theorem 4).

    1 if a1 is odd; 2 if a1 ≥ 4 is even and a2 is odd or a2 = 2; 3 if a1, a2
    are both even with a2 ≥ 4, or a1 = a2 = 2.
    """
    check_positive(a1=a1, a2=a2)
    _decreasing(a1, a2)
    if a2 < 2:
        raise ValueError("Theorem 4 needs a2 > 1")
    if a1 % 2 == 1:
        return 1
    if a1 == 2:  # a1 = a2 = 2
        return 3
    return 2 if a2 % 2 == 1 or a2 == 2 else 3


def theorem5_value(a1: int, a2: int) -> int:
    """Gr([a1, a2, 2]) for a1 ≥ a2 ≥ 2 (003 Theorem 5).

    0 if a1, a2 are both odd; 1 if a1 is odd and a2 even; 2 if a1 is even.
    """
    check_positive(a1=a1, a2=a2)
    _decreasing(a1, a2)
    if a2 < 2:
        raise ValueError("Theorem 5 needs a2 ≥ 2")
    if a1 % 2 == 0:
        return 2
    return 0 if a2 % 2 == 1 else 1


def theorem6_value(a1: int, a2: int, a3: int) -> int:
    """Gr([a1, a2, a3]) for a1 ≥ a2 ≥ a3 ≥ 3 (003 Theorem 6).

    0 if a1, a2 are both odd; 1 if a1, a2 are both even and a3 = 3;
    1 if a1 is even and a3 > 3; 2 if a1 is odd and a2, a3 are even;
    3 if a1 is even, a2 odd and a3 = 3; 4 if a1 is odd, a2 even, a3 odd.
    """
    check_positive(a1=a1, a2=a2, a3=a3)
    _decreasing(a1, a2, a3)
    if a3 < 3:
        raise ValueError("Theorem 6 needs a3 ≥ 3")
    e1, e2, e3 = (a % 2 == 0 for a in (a1, a2, a3))
    if not e1 and not e2:
        return 0
    if e1 and (a3 > 3 or e2):
        return 1
    if e1:  # a2 odd, a3 = 3
        return 3
    return 2 if e3 else 4  # a1 odd, a2 even


def ferrers_value(parts: Sequence[int] | Partition | str) -> int | None:
    """Gr of the Ferrers matrix of λ when 003 §2–4 cover it, else None.

    Covered: λ with at most three parts (003 Corollary 1, Theorems 2–6) and,
    by transposition (003 Remark 2), λ with largest part at most 3; the
    empty partition has value 0.
    """
    lam = Partition.coerce(parts)
    if lam.length > 3:
        lam = lam.conjugate()
    if lam.length > 3:
        return None
    a = lam.to_list()
    if not a:
        return 0
    if len(a) == 1:
        return corollary1_value(a[0])
    if len(a) == 2:
        return theorem2_value(a[0], a[1])
    a1, a2, a3 = a
    if a3 == 1:
        return theorem3_value(a1) if a2 == 1 else theorem4_value(a1, a2)
    if a3 == 2:
        return theorem5_value(a1, a2)
    return theorem6_value(a1, a2, a3)


def _decreasing(*a: int) -> None:
    if any(x < y for x, y in itertools.pairwise(a)):
        raise ValueError(f"parts must be non-increasing, got {list(a)}")


# ------------------------------------------------------------ Section 5
def is_strong(parts: Sequence[int] | Partition | str) -> bool:
    """a_k > k for λ = (a1 ≥ … ≥ ak) (003 Definition 3); the empty partition is not strong."""
    a = _parts(parts)
    return bool(a) and a[-1] > len(a)


def _strong_parities(
    parts: Sequence[int] | Partition | str,
    k_min: int,
    k_parity: int | None = None,
    exact: bool = False,
) -> list[int]:
    """Parities of a strong partition, after checking a theorem's hypotheses on k."""
    a = _parts(parts)
    if not is_strong(a):
        raise ValueError(f"{a} is not a strong partition (needs a_k > k)")
    k = len(a)
    if k < k_min or (k_parity is not None and k % 2 != k_parity) or (exact and k != k_min):
        kind = {None: "", 0: "even ", 1: "odd "}[k_parity]
        wanted = f"k = {k_min}" if exact else f"{kind}k ≥ {k_min}"
        raise ValueError(f"this statement is about {wanted} parts, got k = {k}")
    return [x % 2 for x in a]


def _starts(p: Sequence[int], pattern: Sequence[int]) -> bool:
    return len(p) >= len(pattern) and list(p[: len(pattern)]) == list(pattern)


def theorem7_p(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 7 (k = 4): Gr = 0 if (a1, a2) ≡ (0, 0) or (a1, a2, a3) ≡ (0, 1, 0) mod 2."""
    p = _strong_parities(parts, 4, exact=True)
    return _starts(p, [0, 0]) or _starts(p, [0, 1, 0])


def theorem8_n(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 8 (k = 4): Gr ≠ 0 if a1 is odd or (a1, a2, a3) ≡ (0, 1, 1) mod 2."""
    p = _strong_parities(parts, 4, exact=True)
    return p[0] == 1 or _starts(p, [0, 1, 1])


def theorem9_p(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 9 (k = 5): Gr = 0 if (a1, a2) ≡ (1, 1) or (a1, …, a4) ≡ (1, 0, 1, 1) mod 2."""
    p = _strong_parities(parts, 5, exact=True)
    return _starts(p, [1, 1]) or _starts(p, [1, 0, 1, 1])


def theorem10_n(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 10 (k = 5): Gr ≠ 0 if a1 is even, or (a1, …, a4) ≡ (1, 0, x, y) mod 2
    with (x, y) ≢ (1, 1)."""
    p = _strong_parities(parts, 5, exact=True)
    return p[0] == 0 or (_starts(p, [1, 0]) and (p[2], p[3]) != (1, 1))


def theorem11_p(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 11 (k ≥ 4): Gr = 0 if a1 ≡ a2 ≡ k mod 2."""
    a = _parts(parts)
    p = _strong_parities(a, 4)
    k = len(a)
    return p[0] == p[1] == k % 2


def theorem12_n(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 12 (k ≥ 5): Gr ≠ 0 if a1 ≡ k + 1 mod 2."""
    a = _parts(parts)
    p = _strong_parities(a, 5)
    return p[0] == (len(a) + 1) % 2


def theorem13_p(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 13 (k = 2p ≥ 4 even): Gr = 0 iff
    (a_1..a_{2q+2}) ≡ ((0,1)^q, 0, 0) for some 0 ≤ q ≤ p − 3, or
    (a_1..a_{k−1}) ≡ ((0,1)^{p−2}, 0, x, y) with (x, y) ≢ (1, 1)."""
    a = _parts(parts)
    par = _strong_parities(a, 4, 0)
    p = len(a) // 2
    if any(_starts(par, [0, 1] * q + [0, 0]) for q in range(p - 2)):
        return True
    head = [0, 1] * (p - 2) + [0]
    return _starts(par, head) and (par[2 * p - 3], par[2 * p - 2]) != (1, 1)


def theorem14_n(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 14 (k = 2p ≥ 4 even): Gr ≠ 0 iff (a_1..a_{2q+1}) ≡ ((0,1)^q, 1)
    for some 0 ≤ q ≤ p − 1."""
    a = _parts(parts)
    par = _strong_parities(a, 4, 0)
    p = len(a) // 2
    return any(_starts(par, [0, 1] * q + [1]) for q in range(p))


def theorem15_p(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 15 (k = 2p + 1 odd): Gr = 0 iff (a_1..a_{2q+2}) ≡ ((1,0)^q, 1, 1)
    for some 0 ≤ q ≤ p − 1."""
    a = _parts(parts)
    par = _strong_parities(a, 5, 1)
    p = len(a) // 2
    return any(_starts(par, [1, 0] * q + [1, 1]) for q in range(p))


def theorem16_n(parts: Sequence[int] | Partition | str) -> bool:
    """003 Theorem 16 (k = 2p + 1 odd): Gr ≠ 0 iff (a_1..a_{2q+1}) ≡ ((1,0)^q, 0) for
    some 0 ≤ q ≤ p − 2, or (a_1..a_{k−1}) ≡ ((1,0)^{p−1}, x, y) with (x, y) ≢ (1, 1)."""
    a = _parts(parts)
    par = _strong_parities(a, 5, 1)
    p = len(a) // 2
    if any(_starts(par, [1, 0] * q + [0]) for q in range(p - 1)):
        return True
    return _starts(par, [1, 0] * (p - 1)) and (par[2 * p - 2], par[2 * p - 1]) != (1, 1)


def strong_outcome(parts: Sequence[int] | Partition | str) -> str:
    """ "P" or "N" for the Ferrers matrix of a strong partition (003 §5).

    k ≥ 4 parts: Theorem 13 (k even) or Theorem 15 (k odd); k ≤ 3: the values
    of Theorems 2–6 (via `ferrers_value`).
    """
    a = _parts(parts)
    if not is_strong(a):
        raise ValueError(f"{a} is not a strong partition (needs a_k > k)")
    if len(a) <= 3:
        return "P" if ferrers_value(a) == 0 else "N"
    p_position = theorem13_p(a) if len(a) % 2 == 0 else theorem15_p(a)
    return "P" if p_position else "N"


# ------------------------------------------------------------ Remark 5
def nearest_integer(numerator: int, denominator: int) -> int:
    """⟨x⟩ for x = numerator/denominator: the integer with x − 1/2 < ⟨x⟩ ≤ x + 1/2.

    The nearest integer function of 003 Remark 5 (exact, on integers).
    """
    if denominator <= 0:
        raise ValueError("denominator must be positive")
    # ⟨x⟩ = ceil(x - 1/2) = ceil((2·num - den) / (2·den))
    return -((denominator - 2 * numerator) // (2 * denominator))


def remark5_formula(k: int) -> tuple[int, int]:
    """(⟨2^{k−1}/3⟩, ⟨2^k/3⟩): 003 Remark 5's numbers of parity choices of
    (a_1, …, a_{k−1}) giving P- and N-positions, for k ≥ 4."""
    if not isinstance(k, int) or k < 4:
        raise ValueError(f"Remark 5 is about k ≥ 4, got {k!r}")
    return nearest_integer(2 ** (k - 1), 3), nearest_integer(2**k, 3)


def parity_patterns(k: int) -> Iterable[tuple[int, ...]]:
    """All 2^{k−1} parity vectors of (a_1, …, a_{k−1})."""
    return itertools.product((0, 1), repeat=k - 1)


def smallest_strong_partition(parities: Sequence[int], k: int) -> list[int]:
    """The least strong partition with k parts whose first k − 1 parts have these parities.

    a_k = k + 1, then each a_i (i < k) is a_{i+1} or a_{i+1} + 1, whichever
    has the wanted parity.
    """
    if len(parities) != k - 1:
        raise ValueError(f"need {k - 1} parities, got {len(parities)}")
    a = [k + 1]
    for par in reversed(parities):
        nxt = a[0] if a[0] % 2 == par else a[0] + 1
        a.insert(0, nxt)
    return a


def remark5_counts(k: int) -> tuple[int, int]:
    """(#P, #N) over the parity vectors of (a_1, …, a_{k−1}), by Theorems 13/15."""
    p_count = 0
    total = 0
    for pattern in parity_patterns(k):
        total += 1
        if strong_outcome(smallest_strong_partition(pattern, k)) == "P":
            p_count += 1
    return p_count, total - p_count
