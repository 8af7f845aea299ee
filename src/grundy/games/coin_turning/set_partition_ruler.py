"""The ruler on the lattice Π_n of set partitions: h(n) of paper 004 Table 4.

Paper 004 §6.2: in the ruler (turning sets = intervals) on Π_n, the value of a
set partition depends only on its type λ and is the nim-product
g_n(λ) = h(λ_1) ⊗ h(λ_2) ⊗ … (Theorem 6.1), where h(n) is the value of the
one-block partition.  By Lenstra's Theorem 4.1 (004 (6.3), (6.4)),

    h(n) = mex{ s_n(μ) : μ ⊢ n },   s_n(μ) = ⊕_{λ ≥ μ, λ ≠ (n)} M_n(λ, μ) g_n(λ),

with M_n(λ, μ) of Proposition 6.2.  `set_partition_ruler_baseline` evaluates
this literally.  `set_partition_ruler` computes the same numbers much faster:

**Coarsenings.**  If π has type μ, the τ ≥ π are the set partitions of the
ℓ(μ) blocks of π, so  F(μ) := s_n(μ) ⊕ h(n) = ⊕_τ ∏_{B ∈ τ} h(|B|), a sum over
all set partitions of a set of labelled items with sizes μ_1, μ_2, …

**Only parity counts.**  Nimbers form a field of characteristic 2, so in the
nim-sum F(μ) any group of coarsenings permuted freely by a 2-group cancels.
Let P be a Sylow 2-subgroup of the group ∏_i S_{m_i(μ)} permuting blocks of
equal size: F(μ) is the nim-sum over the P-invariant coarsenings only.  Write
each multiplicity in binary, m_i = Σ_j 2^j (bits j of m_i); P is a product of
iterated wreath products C_2 ≀ … ≀ C_2, one acting on each *atom* (i, j), a
group of 2^j blocks of size i, of weight i·2^j.  A P-invariant coarsening
either merges whole atoms, or splits one atom (i, j) alone into the 2^d
subtrees of depth d (0 ≤ d ≤ j) of its binary tree.  Hence, with
δ(i, j) = ⊕_{d=1..j} h(i·2^(j-d))^(⊗ 2^d),

    F(μ) = ⊕_{T ⊆ {atoms with j ≥ 1}} (⊗_{X ∈ T} δ(X)) ⊗ F(ν(atoms ∖ T)),     (★)

where ν(U) is the partition whose parts are the weights of the atoms in U.
Every ν(U) is *atomic* (part w occurs at most v_2(w)+1 times), few enough to
tabulate; an atomic ν with distinct parts is summed directly over the set
partitions of its parts, a non-distinct one by (★) again (fewer parts).  The
mex still needs s_n(μ) for every μ ⊢ n, each by (★) with 2^(#atoms j≥1) terms.
The derivation is this module's; the tests check it against the literal
(6.4)/(6.2), against Table 4 and against Lenstra's Theorem 4.1 on the poset.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from itertools import combinations
from math import factorial

from grundy.atomic import atomic_open, check_writable
from grundy.nim import mex, mul, power
from grundy.partition import partition_numbers, partitions
from grundy.validate import read_json

__all__ = [
    "TABLE_4",
    "coarsening_sum",
    "refinement_count",
    "refinement_multisets",
    "set_partition_ruler",
    "set_partition_ruler_baseline",
    "type_value",
]

#: h(1), …, h(17) as printed in paper 004, Table 4.
TABLE_4: tuple[int, ...] = (1, 2, 1, 4, 1, 2, 1, 7, 15, 16, 8, 5, 19, 5, 37, 17, 14)

Progress = Callable[[int, int], None]
Key = tuple[int, ...]  # a partition: parts in decreasing order


def _check_n(n: int) -> int:
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"n must be an int, got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
    return n


# ----------------------------------------------------------------- the fast way
class _Scaler:
    """x ↦ c ⊗ x for fixed c: GF(2)-linear, so a table per byte of x (built with `mul`)."""

    def __init__(self) -> None:
        self._tables: dict[int, list[list[int]]] = {}

    def __call__(self, c: int, x: int) -> int:
        tables = self._tables.get(c)
        if tables is None:
            tables = self._tables[c] = []
        result = 0
        i = 0
        while x:
            if i == len(tables):
                tables.append([mul(c, b << (8 * i)) for b in range(256)])
            result ^= tables[i][x & 255]
            x >>= 8
            i += 1
        return result


class _Ruler:
    """h(1..n) by (★); keeps F on atomic partitions of the sizes done so far.

    A partition is keyed by the integer Σ_parts B^part (B = 2^bits, bits wide
    enough for any multiplicity in an atomic partition of at most `limit`), so
    adding a part is an addition and the key ignores the order of the parts.
    """

    def __init__(self, limit: int) -> None:
        self.bits = max(1, limit.bit_length().bit_length())
        self.h: list[int] = [0]  # h[0] unused; h[k] is filled in order
        self.F: dict[int, int] = {0: 1}  # F(∅) = 1: the empty product
        self._delta: dict[tuple[int, int], int] = {}
        self.scale = _Scaler()

    def key(self, parts: Iterator[int] | Key) -> int:
        return sum(1 << (self.bits * p) for p in parts)

    # δ(i, j) = ⊕_{d=1..j} h(i·2^(j-d))^(2^d): atom (i, j) split into 2^d subtrees.
    def delta(self, i: int, j: int) -> int:
        key = (i, j)
        d = self._delta.get(key)
        if d is None:
            d = 0
            for depth in range(1, j + 1):
                d ^= power(self.h[i << (j - depth)], 1 << depth)
            self._delta[key] = d
        return d

    def strict_sum(self, parts: Key) -> int:
        """F over the set partitions of distinct items, without the one-block term."""
        first, rest = parts[0], parts[1:]
        total = 0
        k = len(rest)
        for r in range(k):  # r = k would be the one-block coarsening: the unknown h(size)
            for chosen in combinations(range(k), r):
                weight = first + sum(rest[c] for c in chosen)
                remaining = self.key(rest[c] for c in range(k) if c not in chosen)
                total ^= self.scale(self.h[weight], self.F[remaining])
        return total

    def expand(
        self, offset: int, states: list[tuple[int, int]], p: int, count: int
    ) -> tuple[int, list[tuple[int, int]]]:
        """Add `count` parts equal to p to the (★) terms `offset`, `states`.

        The terms are (coefficient, key + offset) for (coefficient, key) in
        `states`; the coefficient 0 marks T = ∅.  Each atom (p, j), bit j of
        `count`, either stays whole (its weight joins every key: the offset) or,
        when j ≥ 1 and δ(p, j) ≠ 0, is split (δ(p, j) joins the coefficient).
        """
        for j in range(count.bit_length()):
            if not count >> j & 1:
                continue
            step = 1 << (self.bits * (p << j))
            d = self.delta(p, j) if j else 0
            if not d:
                offset += step
                continue
            scale = self.scale
            grown = []
            for c, k in states:
                grown.append((c, k + step))
                grown.append((scale(c, d) if c else d, k))
            states = grown
        return offset, states

    def finish(self, offset: int, states: list[tuple[int, int]], top: dict[int, int]) -> int:
        """⊕ of the (★) terms: T = ∅ from `top` (current size), the rest from F."""
        F = self.F
        scale = self.scale
        total = 0
        for c, k in states:
            total ^= scale(c, F[k + offset]) if c else top[k + offset]
        return total

    def atomic_s(self, n: int) -> dict[int, int]:
        """s_n on the atomic partitions of n (h(n) counted as 0), fewest parts first."""
        top: dict[int, int] = {}
        for parts in sorted(_atomic_partitions(n), key=len):
            if len(set(parts)) == len(parts):
                top[self.key(parts)] = self.strict_sum(parts)
                continue
            offset, states = 0, [(0, 0)]
            for p, count in _multiplicities(parts).items():
                offset, states = self.expand(offset, states, p, count)
            top[self.key(parts)] = self.finish(offset, states, top)
        return top

    def step(self, n: int) -> int:
        """Compute h(n), given h(1..n-1); extend F to the atomic partitions of n."""
        self.h.append(0)  # h(n) is unknown: the one-block term is left out
        top = self.atomic_s(n)
        # the mex of p(n) numbers is at most p(n): a bitmap of that size suffices
        size = partition_numbers(n)[n] + 1
        seen = bytearray(size)
        expand, finish = self.expand, self.finish

        def note(value: int) -> None:
            if value < size:
                seen[value] = 1

        def walk(rest: int, largest: int, offset: int, states: list[tuple[int, int]]) -> None:
            # every partition of `rest` into parts ≤ largest, added to the terms
            for p in range(min(rest, largest), 1, -1):
                for count in range(1, rest // p + 1):
                    off, grown = expand(offset, states, p, count)
                    left = rest - count * p
                    if left == 0:
                        note(finish(off, grown, top))
                    else:
                        walk(left, p - 1, off, grown)
            note(finish(*expand(offset, states, 1, rest), top))  # the rest in 1s

        walk(n, n, 0, [(0, 0)])
        hn = seen.index(0)
        self.h[n] = hn
        for key, s in top.items():
            self.F[key] = s ^ hn
        return hn

    def restore(self, h: list[int]) -> None:
        """Rebuild F from known h(1..k) (cheap: atomic partitions only)."""
        for n, hn in enumerate(h, start=1):
            self.h.append(0)
            top = self.atomic_s(n)
            self.h[n] = hn
            for key, s in top.items():
                self.F[key] = s ^ hn


def _atomic_partitions(n: int) -> Iterator[Key]:
    """Partitions of n in which part w occurs at most v_2(w) + 1 times."""

    def rec(rest: int, largest: int, prefix: tuple[int, ...]) -> Iterator[Key]:
        if rest == 0:
            yield prefix
            return
        for p in range(min(rest, largest), 0, -1):
            cap = (p & -p).bit_length()  # v_2(p) + 1
            for c in range(1, min(cap, rest // p) + 1):
                yield from rec(rest - c * p, p - 1, prefix + (p,) * c)

    yield from rec(n, n, ())


def coarsening_sum(parts: Key | list[int], h: list[int]) -> int:
    """⊕ over all set partitions τ of labelled items of sizes `parts` of ⊗_{B ∈ τ} h(|B|).

    Here h[k-1] stands for h(k) and may be any sequence of nimbers (of length
    at least the total size): this is the sum (★) of the module docstring, the
    F(μ) = s_n(μ) ⊕ h(n) of 004 (6.3)–(6.4) when h is the true sequence.
    """
    items = [int(p) for p in parts]
    if any(p < 1 for p in items):
        raise ValueError(f"sizes must be positive, got {list(parts)}")
    n = sum(items)
    if len(h) < n:
        raise ValueError(f"h must give h(1..{n}), got {len(h)} values")
    if n == 0:
        return 1
    ruler = _Ruler(n)
    ruler.restore(list(h[: n - 1]))
    ruler.h.append(0)
    top = ruler.atomic_s(n)
    offset, states = 0, [(0, 0)]
    for p, count in _multiplicities(tuple(items)).items():
        offset, states = ruler.expand(offset, states, p, count)
    return ruler.finish(offset, states, top) ^ h[n - 1]


def set_partition_ruler(
    n: int,
    *,
    progress: Progress | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
) -> list[int]:
    """[h(1), …, h(n)]: the ruler value of the one-block partition of Π_k (004 Table 4).

    Uses the coarsening formula (★) of this module's docstring (004 Theorem 6.1,
    (6.3)–(6.4) reduced modulo 2 through a Sylow 2-subgroup of the block
    symmetries).  `progress(k, h_k)` is called after each k.  With `checkpoint`,
    the values found so far are read from that JSON file (if it exists) and the
    file is rewritten atomically after each new k, so a long run can resume.
    """
    _check_n(n)
    known: list[int] = []
    if checkpoint is not None:
        check_writable(checkpoint, regular=True)  # first: reading a FIFO would block
        if os.path.exists(checkpoint):
            known = _read_checkpoint(checkpoint)
    ruler = _Ruler(max(n, len(known)))
    ruler.restore(known[:n])
    if progress is not None:
        for k in range(1, min(n, len(known)) + 1):
            progress(k, known[k - 1])
    for k in range(len(ruler.h), n + 1):
        hk = ruler.step(k)
        if checkpoint is not None:
            _write_checkpoint(checkpoint, ruler.h[1:])
        if progress is not None:
            progress(k, hk)
    return ruler.h[1 : n + 1]


def _read_checkpoint(path: str | os.PathLike[str]) -> list[int]:
    try:
        data = read_json(path)
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read checkpoint {os.fspath(path)!r}: {exc}") from None
    if not isinstance(data, dict):
        data = {}
    h = data.get("h")
    if data.get("table") != "set-partition-ruler" or not isinstance(h, list):
        raise ValueError(f"{os.fspath(path)!r} is not a set-partition-ruler checkpoint")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in h):
        raise ValueError(f"checkpoint {os.fspath(path)!r} holds a value that is not a nimber")
    if tuple(h[:17]) != TABLE_4[: len(h)]:
        raise ValueError(f"checkpoint {os.fspath(path)!r} disagrees with 004 Table 4")
    return h


def _write_checkpoint(path: str | os.PathLike[str], h: list[int]) -> None:
    with atomic_open(path, "w", regular=True) as f:
        json.dump({"table": "set-partition-ruler", "h": h}, f)


# ------------------------------------------------------- the literal (6.4) way
def _multiplicities(parts: Key) -> dict[int, int]:
    mult: dict[int, int] = {}
    for p in parts:
        mult[p] = mult.get(p, 0) + 1
    return mult


def _sub_multisets(pool: dict[int, int], total: int, parts: list[int]) -> Iterator[Key]:
    """Sub-multisets of `pool` (part -> multiplicity) with sum `total`, decreasing."""
    if total == 0:
        yield ()
        return
    if not parts:
        return
    p, rest = parts[0], parts[1:]
    for c in range(min(pool[p], total // p), -1, -1):
        for tail in _sub_multisets(pool, total - c * p, rest):
            yield (p,) * c + tail


def refinement_multisets(lam: Key, mu: Key) -> set[tuple[Key, ...]]:
    """𝒫_n(λ, μ) of 004 §6.2, for λ, μ partitions of the same n: the multisets
    ν = (ν^(1), …, ν^(r)) of partitions with |ν^(j)| = λ_j whose union is μ (empty
    unless μ refines λ).

    >>> sorted(refinement_multisets((4, 2), (2, 2, 1, 1)))
    [((1, 1), (2, 2)), ((2,), (2, 1, 1))]
    """
    found: set[tuple[Key, ...]] = set()

    def rec(j: int, pool: dict[int, int], chosen: list[Key]) -> None:
        if j == len(lam):
            found.add(tuple(sorted(chosen)))
            return
        for nu in _sub_multisets(pool, lam[j], sorted((p for p in pool if pool[p]), reverse=True)):
            for p in nu:
                pool[p] -= 1
            chosen.append(nu)
            rec(j + 1, pool, chosen)
            chosen.pop()
            for p in nu:
                pool[p] += 1

    rec(0, _multiplicities(mu), [])
    return found


def refinement_count(lam: Key, mu: Key) -> int:
    """M_n(λ, μ) of 004 Proposition 6.2, (6.2), evaluated literally.

    The number of set partitions of type λ above a fixed set partition of type μ.
    """
    lam, mu = tuple(sorted(lam, reverse=True)), tuple(sorted(mu, reverse=True))
    if sum(lam) != sum(mu):
        raise ValueError(f"{lam} and {mu} are partitions of different numbers")
    numerator = 1
    for m in _multiplicities(mu).values():
        numerator *= factorial(m)
    total = 0
    for nu in refinement_multisets(lam, mu):
        denominator = 1
        for part in nu:
            for m in _multiplicities(part).values():
                denominator *= factorial(m)
        for m in _multiplicities(nu).values():  # multiplicity of each α^(k) in ν
            denominator *= factorial(m)
        total += numerator // denominator
    return total


def type_value(parts: Key | list[int], h: list[int]) -> int:
    """g_n(λ) = h(λ_1) ⊗ h(λ_2) ⊗ … (004 Theorem 6.1 (ii)); h[k-1] is h(k)."""
    return mul(*(h[p - 1] for p in parts))


def set_partition_ruler_baseline(n: int, *, progress: Progress | None = None) -> list[int]:
    """[h(1), …, h(n)] by 004 (6.4) with M_n(λ, μ) from Proposition 6.2, literally.

    For every pair μ ≤ λ of types the multisets P_n(λ, μ) are enumerated; this is
    the straightforward method the benchmark compares against.  `progress(k, h_k)`
    is called after each k.
    """
    _check_n(n)
    h: list[int] = []
    for k in range(1, n + 1):
        types = [tuple(p.to_list()) for p in partitions(k)]
        sums = set()
        for mu in types:
            s = 0
            for lam in types:
                if lam == (k,) or len(lam) > len(mu):
                    continue
                if refinement_count(lam, mu) & 1:
                    s ^= type_value(lam, h)
            sums.add(s)
        h.append(mex(sums))
        if progress is not None:
            progress(k, h[-1])
    return h
