"""The posets of paper 004 (Definition 3.1, §3.2, §3.3) and Young diagrams.

Each constructor lists its elements in a linear extension (by rank, then in a
fixed order) and builds the order from generating relations (covers), so the
bitsets are exact transitive closures.  Element notation (used by
`Poset.format` / `Poset.parse`, the command line and pictures):

* `chain(n)`: 1, …, n (004 Definition 3.1 (1), the n-element chain [n]);
* `divisors(n)`: the divisors of n, ordered by divisibility (D_n);
* `subspaces(n, q)`: subspaces of F_q^n as the rows of their reduced row
  echelon basis, written `<100,011>` (digits for q ≤ 10, otherwise
  `<(1,0,12),(0,1,3)>`); `<>` is the zero subspace.  Any spanning set may be
  typed; field elements of GF(p^k) are galois's integer representation;
* `set_partitions(n)`: blocks separated by `|`, e.g. `13|2|4` (elements
  separated by commas when n ≥ 10: `1,10|2,…`).  The order is refinement
  (004 §3.2): π ≤ σ when every block of π lies in a block of σ, so the
  partition into singletons is the minimum and the one-block partition the
  maximum; rank ρ(π) = n − (number of blocks);
* `asm(n)`: triples (x, y, z) with x + y + z ≤ n − 2, written `(x,y,z)`,
  ordered by 004 (1.2);
* `young(λ)`: the boxes (i, j) of the Young diagram of λ (1-based, row i,
  column j), (i, j) ≤ (i', j') iff i ≤ i' and j ≤ j'; box (1,1) is the minimum.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from grundy.posets.poset import Poset, _from_lower_covers, check_size
from grundy.validate import as_int, is_digits

__all__ = [
    "asm",
    "asm_elements",
    "chain",
    "divisors",
    "gaussian_binomial",
    "is_prime_power",
    "is_probable_prime",
    "set_partitions",
    "subspaces",
    "young",
]


def _positive(n: Any, what: str, minimum: int = 1) -> int:
    n = as_int(n, what)
    if n < minimum:
        raise ValueError(f"{what} must be at least {minimum}, got {n}")
    return n


# ---------------------------------------------------------------- chains, divisors
def chain(n: int) -> Poset:
    """The n-element chain [n] = {1 < 2 < … < n} (004 Definition 3.1 (1))."""
    _positive(n, "chain length")
    check_size(n, f"[{n}]")
    return _from_lower_covers(
        list(range(1, n + 1)),
        [[i - 1] if i else [] for i in range(n)],
        name=f"[{n}]",
        parser=_int_parser,
    )


def _int_parser(text: str) -> int:
    if not is_digits(text):
        raise ValueError(f"{text!r} is not a positive integer in digits 0-9")
    return int(text)


def factorize(n: int) -> list[tuple[int, int]]:
    """Prime factorisation [(p, e), …] of n ≥ 1, primes increasing."""
    _positive(n, "n")
    out = []
    p = 2
    while p * p <= n:
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            out.append((p, e))
        p += 1 if p == 2 else 2
    if n > 1:
        out.append((n, 1))
    return out


#: Bases of the Miller–Rabin test: with them it decides every n < 3.3 × 10^24 exactly.
_WITNESSES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def is_probable_prime(n: int) -> bool:
    """Whether n is prime, by the Miller–Rabin test with the first 13 primes as bases:
    exact for n < 3.3 × 10^24, wrong beyond with probability below 4^-13.

    >>> [n for n in range(30) if is_probable_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    >>> is_probable_prime(2**127 - 1), is_probable_prime(3215031751)  # a strong pseudoprime
    (True, False)
    """
    if n < 2:
        return False
    for p in _WITNESSES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _WITNESSES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def is_prime_power(q: int) -> bool:
    """Whether q = p^k for a prime p and k ≥ 1, in time polynomial in q's digits.

    >>> [q for q in range(30) if is_prime_power(q)]
    [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29]
    >>> is_prime_power(3**200), is_prime_power(2**61 - 1), is_prime_power(6 * 2**64)
    (True, True, False)
    """
    q = as_int(q, "q")
    for k in range(1, max(q.bit_length(), 1)):
        root = _integer_root(q, k)
        if root < 2:
            break
        if root**k == q and is_probable_prime(root):
            return True
    return False


def _integer_root(n: int, k: int) -> int:
    """⌊n^(1/k)⌋ for n ≥ 0, by bisection on integers (exact for any size).

    >>> _integer_root(10**40, 4), _integer_root(80, 4), _integer_root(81, 4)
    (10000000000, 2, 3)
    """
    low, high = 0, 1 << (n.bit_length() // k + 1)
    while low < high:
        mid = (low + high + 1) // 2
        if mid**k <= n:
            low = mid
        else:
            high = mid - 1
    return low


#: Largest n of `divisors(n)`: its divisors are found by trial division up to √n.
MAX_DIVISORS_N = 10**12


def divisors(n: int) -> Poset:
    """D_n: the divisors of n ordered by divisibility (004 Definition 3.1 (2)), n ≤ 10^12."""
    _positive(n, "n")
    if n > MAX_DIVISORS_N:
        raise ValueError(f"D_n is built for n ≤ 10^12 (trial division), got {n}")
    primes = [p for p, _ in factorize(n)]
    divs = sorted(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    divs = sorted(set(divs) | {n // d for d in divs})
    divs.sort(key=lambda d: (_omega(d, primes), d))  # by rank, a linear extension
    index = {d: i for i, d in enumerate(divs)}
    lower = [[index[d // p] for p in primes if d % p == 0] for d in divs]
    return _from_lower_covers(divs, lower, name=f"D_{n}", parser=_int_parser)


def _omega(d: int, primes: Sequence[int]) -> int:
    """Number of prime factors of d counted with multiplicity (its rank in D_n)."""
    k = 0
    for p in primes:
        while d % p == 0:
            d //= p
            k += 1
    return k


# ---------------------------------------------------------------- subspaces
class _Field:
    """GF(q) arithmetic on ints 0..q-1 via tables.

    For prime q the integers mod q; for other prime powers galois's integer
    representation of GF(p^k) (galois is imported only then: it is slow to load).
    """

    def __init__(self, q: int) -> None:
        self.q = q
        if _is_prime(q):
            self.add = [[(i + j) % q for j in range(q)] for i in range(q)]
            self.mul = [[(i * j) % q for j in range(q)] for i in range(q)]
            self.neg = [(-i) % q for i in range(q)]
            self.inv = [0] + [pow(i, -1, q) for i in range(1, q)]
            return
        factors = factorize(q)
        if len(factors) != 1:
            raise ValueError(f"q must be a prime power, got {q}")
        import galois
        import numpy as np

        a = galois.GF(q)(np.arange(q))
        self.add = [[int(a[i] + a[j]) for j in range(q)] for i in range(q)]
        self.mul = [[int(a[i] * a[j]) for j in range(q)] for i in range(q)]
        self.neg = [int(-a[i]) for i in range(q)]
        self.inv = [0] + [int(a[i] ** -1) for i in range(1, q)]


def _is_prime(q: int) -> bool:
    return q >= 2 and all(q % p for p in range(2, math.isqrt(q) + 1))


@lru_cache(maxsize=16)
def _field(q: int) -> _Field:
    return _Field(q)


def _rref(rows: Sequence[Sequence[int]], f: _Field) -> tuple[tuple[int, ...], ...]:
    """Reduced row echelon form (nonzero rows only) of vectors over GF(q)."""
    m = [list(r) for r in rows]
    out: list[list[int]] = []
    ncols = len(m[0]) if m else 0
    r = 0
    for c in range(ncols):
        piv = next((i for i in range(r, len(m)) if m[i][c]), None)
        if piv is None:
            continue
        m[r], m[piv] = m[piv], m[r]
        s = f.inv[m[r][c]]
        m[r] = [f.mul[s][v] for v in m[r]]
        for i in range(len(m)):
            if i != r and m[i][c]:
                t = f.neg[m[i][c]]
                m[i] = [f.add[v][f.mul[t][w]] for v, w in zip(m[i], m[r], strict=True)]
        r += 1
    out = m[:r]
    return tuple(tuple(row) for row in out)


def gaussian_binomial(n: int, k: int, q: int) -> int:
    """The q-binomial coefficient [n, k]_q: the number of k-dimensional subspaces of F_q^n."""
    if k < 0 or k > n:
        return 0
    num = den = 1
    for i in range(k):
        num *= q ** (n - i) - 1
        den *= q ** (i + 1) - 1
    return num // den


#: Largest q of `subspaces(n, q)`: GF(q) arithmetic is kept as q × q tables.
MAX_Q = 1024


def subspaces(n: int, q: int) -> Poset:
    """B_n(q): all subspaces of F_q^n ordered by inclusion (004 Definition 3.1 (3)).

    A subspace is the tuple of rows of its reduced row echelon basis; elements
    are listed by dimension.  q is any prime power (GF(p^k) via galois).
    """
    _positive(n, "n", 0)
    _positive(q, "q", 2)
    if q > MAX_Q:
        raise ValueError(f"B_n(q) is built for q ≤ {MAX_Q} (GF(q) by tables), got q = {q}")
    if not is_prime_power(q):
        raise ValueError(f"q must be a prime power, got {q}")
    if n > 40:  # [n, ⌊n/2⌋]_q ≥ 2^(⌊n/2⌋·⌈n/2⌉) > 2^400: refuse without counting
        raise ValueError(f"B_{n}({q}) has more than 2^400 elements, more than grundy builds")
    check_size(sum(gaussian_binomial(n, k, q) for k in range(n + 1)), f"B_{n}({q})")
    f = _field(q)
    elements: list[tuple[tuple[int, ...], ...]] = []
    for k in range(n + 1):
        for pivots in itertools.combinations(range(n), k):
            free = [(r, c) for r in range(k) for c in range(pivots[r] + 1, n) if c not in pivots]
            for vals in itertools.product(range(q), repeat=len(free)):
                rows = [[0] * n for _ in range(k)]
                for r, p in enumerate(pivots):
                    rows[r][p] = 1
                for (r, c), v in zip(free, vals, strict=True):
                    rows[r][c] = v
                elements.append(tuple(tuple(row) for row in rows))
    index = {w: i for i, w in enumerate(elements)}
    lower: list[list[int]] = []
    for w in elements:
        k = len(w)
        below = []
        # hyperplanes of W: kernels of the functionals a -> sum a_i c_i, c projective
        for c in _projective_points(k, q):
            j = next(i for i, v in enumerate(c) if v)
            rows = [
                [f.add[w[i][t]][f.mul[f.neg[c[i]]][w[j][t]]] for t in range(n)]
                for i in range(k)
                if i != j
            ]
            below.append(index[_rref(rows, f)] if rows else index[()])
        lower.append(below)

    def fmt(w: tuple[tuple[int, ...], ...]) -> str:
        return _format_subspace(w, q)

    def parse(text: str) -> tuple[tuple[int, ...], ...]:
        return _parse_subspace(text, n, q, f)

    return _from_lower_covers(elements, lower, name=f"B_{n}({q})", formatter=fmt, parser=parse)


def _projective_points(k: int, q: int) -> list[tuple[int, ...]]:
    """Nonzero vectors of F_q^k whose first nonzero entry is 1."""
    pts = []
    for lead in range(k):
        for tail in itertools.product(range(q), repeat=k - lead - 1):
            pts.append((0,) * lead + (1,) + tail)
    return pts


def _format_subspace(w: tuple[tuple[int, ...], ...], q: int) -> str:
    if q <= 10:
        return "<" + ",".join("".join(map(str, row)) for row in w) + ">"
    return "<" + ",".join("(" + ",".join(map(str, row)) + ")" for row in w) + ">"


def _parse_subspace(text: str, n: int, q: int, f: _Field) -> tuple[tuple[int, ...], ...]:
    """Read `<v1,v2,…>` (any spanning vectors; digits if q ≤ 10, else `(a,b,…)`)."""
    bad = ValueError(
        f"{text!r} is not a subspace of F_{q}^{n}: write its spanning vectors as "
        + ("<101,011>" if q <= 10 else "<(1,0,12),(0,1,3)>")
        + ", or <> for the zero subspace"
    )
    if not (text.startswith("<") and text.endswith(">")):
        raise bad
    body = text[1:-1]
    if not body:
        return ()
    vectors: list[list[int]] = []
    if q <= 10 and "(" not in body:
        for word in body.split(","):
            if not is_digits(word) or len(word) != n:
                raise bad
            vectors.append([int(ch) for ch in word])
    else:
        for word in body.replace(")", "").split("(")[1:]:
            parts = [p for p in word.split(",") if p]
            if len(parts) != n or not all(is_digits(p) for p in parts):
                raise bad
            vectors.append([int(p) for p in parts])
        if not vectors:
            raise bad
    if any(v >= q for vec in vectors for v in vec):
        raise ValueError(f"{text!r}: entries must be field elements 0..{q - 1}")
    return _rref(vectors, f)


# ---------------------------------------------------------------- set partitions
def _set_partitions_list(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """All set partitions of [n] (blocks sorted by least element), via growth strings."""
    out: list[tuple[tuple[int, ...], ...]] = []

    def rec(i: int, blocks: list[list[int]]) -> None:
        if i > n:
            out.append(tuple(tuple(b) for b in blocks))
            return
        for b in blocks:
            b.append(i)
            rec(i + 1, blocks)
            b.pop()
        blocks.append([i])
        rec(i + 1, blocks)
        blocks.pop()

    rec(1, [])
    return out


def set_partitions(n: int) -> Poset:
    """Π_n: set partitions of [n] ordered by refinement (004 §3.2).

    π ≤ σ iff every block of π is contained in a block of σ; the minimum is
    the partition into singletons, the maximum the single block [n].
    """
    _positive(n, "n")
    if n > 10:
        raise ValueError(f"Π_{n} has too many elements to build (n ≤ 10 supported)")
    parts = _set_partitions_list(n)
    parts.sort(key=lambda p: (-len(p), p))  # finest first: a linear extension
    index = {p: i for i, p in enumerate(parts)}
    lower: list[list[int]] = []
    for p in parts:
        below = []
        for bi, block in enumerate(p):
            first, rest = block[0], block[1:]
            others = p[:bi] + p[bi + 1 :]
            for r in range(len(rest)):  # split block: the part holding `first` keeps …
                for keep in itertools.combinations(rest, r):
                    a = (first, *keep)
                    b = tuple(x for x in rest if x not in keep)
                    below.append(index[tuple(sorted((*others, a, b)))])
        lower.append(below)

    def fmt(p: tuple[tuple[int, ...], ...]) -> str:
        return _format_set_partition(p, n)

    def parse(text: str) -> tuple[tuple[int, ...], ...]:
        return _parse_set_partition(text, n)

    return _from_lower_covers(parts, lower, name=f"Π_{n}", formatter=fmt, parser=parse)


def _format_set_partition(p: tuple[tuple[int, ...], ...], n: int) -> str:
    """Blocks joined by '|', e.g. 13|2|4; commas inside blocks when n ≥ 10."""
    sep = "," if n >= 10 else ""
    return "|".join(sep.join(map(str, b)) for b in p)


def _parse_set_partition(text: str, n: int) -> tuple[tuple[int, ...], ...]:
    hint = "write blocks separated by '|', e.g. 13|2|4 (commas inside blocks when n ≥ 10)"
    blocks: list[tuple[int, ...]] = []
    for word in text.split("|"):
        if "," in word:
            items = word.split(",")
        elif n < 10:
            items = list(word)
        else:
            items = [word]
        if not word or not all(is_digits(it) for it in items):
            raise ValueError(f"{text!r} is not a set partition of [{n}]: {hint}")
        blocks.append(tuple(sorted(int(it) for it in items)))
    seen = sorted(x for b in blocks for x in b)
    if seen != list(range(1, n + 1)):
        raise ValueError(
            f"{text!r} is not a set partition of [{n}]: every number 1..{n} must occur once"
        )
    return tuple(sorted(blocks))


# ---------------------------------------------------------------- ASM poset
def asm_elements(n: int) -> int:
    """|A_n| = C(n + 1, 3): the triples x, y, z ≥ 0 with x + y + z ≤ n − 2.

    >>> asm_elements(4), len(asm(4))
    (10, 10)
    """
    return (n + 1) * n * (n - 1) // 6


def asm(n: int) -> Poset:
    """The ASM poset A_n of 004 (1.1)–(1.2) (Striker's tetrahedral poset).

    Elements (x, y, z) ∈ Z³, x, y, z ≥ 0, x + y + z ≤ n − 2, with
    (x1,y1,z1) ≤ (x2,y2,z2) iff x1 ≥ x2, y1 ≥ y2, z1 ≤ z2 and
    x1+y1+z1 ≥ x2+y2+z2.  Built from the covers of 004 Proposition 3.1 (the
    tests check them against (1.2)); rank ρ = n − 2 − (x + y) (004 (3.1)).
    Its order ideals are counted by the alternating sign matrices 1, 2, 7, 42, 429, ….
    """
    _positive(n, "n")
    check_size(asm_elements(n), f"A_{n}")
    m = n - 2  # A_1 is empty: no triple has x + y + z ≤ −1
    elements = [
        (x, y, z)
        for s in range(m, -1, -1)  # x + y = s descending: rank increasing
        for x in range(s, -1, -1)
        for y in [s - x]
        for z in range(m - s + 1)
    ]
    index = {e: i for i, e in enumerate(elements)}
    lower = []
    for x, y, z in elements:
        cand = [(x + 1, y, z), (x, y + 1, z), (x + 1, y, z - 1), (x, y + 1, z - 1)]
        lower.append([index[c] for c in cand if c in index])

    def parse(text: str) -> tuple[int, int, int]:
        body = text.strip("()")
        parts = body.split(",")
        if len(parts) != 3 or not all(is_digits(p) for p in parts):
            raise ValueError(f"{text!r} is not an element of A_{n}: write (x,y,z)")
        return (int(parts[0]), int(parts[1]), int(parts[2]))

    return _from_lower_covers(elements, lower, name=f"A_{n}", formatter=_format_tuple, parser=parse)


def _format_tuple(t: tuple[int, ...]) -> str:
    return "(" + ",".join(map(str, t)) + ")"


# ---------------------------------------------------------------- Young diagrams
def young(shape: Any) -> Poset:
    """The boxes (i, j) of the Young diagram of a partition, (i,j) ≤ (i',j') iff i ≤ i', j ≤ j'.

    `shape` is anything `grundy.Partition.coerce` accepts ("4,2,1", [4, 2, 1], …).
    """
    from grundy.partition import Partition

    lam = Partition.coerce(shape)
    if lam.size > 20000:
        raise ValueError(f"the Young diagram of {lam} has too many boxes ({lam.size})")
    rows = list(lam.parts())
    elements = [
        (i + 1, j + 1)
        for s in range(len(rows) + (rows[0] if rows else 0))
        for i in range(len(rows))
        for j in [s - i]
        if 0 <= j < rows[i]
    ]
    index = {e: k for k, e in enumerate(elements)}
    lower = [[index[c] for c in ((i - 1, j), (i, j - 1)) if c in index] for i, j in elements]

    def parse(text: str) -> tuple[int, int]:
        parts = text.strip("()").split(",")
        if len(parts) != 2 or not all(is_digits(p) for p in parts):
            raise ValueError(f"{text!r} is not a box: write (row,column), 1-based")
        return (int(parts[0]), int(parts[1]))

    return _from_lower_covers(
        elements, lower, name=f"Y({lam})", formatter=_format_tuple, parser=parse
    )
