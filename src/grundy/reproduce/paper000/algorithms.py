"""Paper 000 §7.1: the value read off few integers of λ (Lemmas 20, 21, Theorem 22),
the paper's algorithms written here as described, with a counter of the integers
they read.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import ceil, log2

from grundy.games.lctr.lctr import lemma4_gamma, per_box_value
from grundy.partition import Partition
from grundy.reproduce import rows
from grundy.reproduce.paper000.lctr_setting import (
    BOXES,
    GAMES,
    PAPER,
    arm,
    eq9,
    eq12,
    game_case,
    run_bound,
    shown_by,
)
from grundy.reproduce.rows import Outcome
from grundy.reproduce.shared import conjugate, positions, sg


# ------------------------------------------------ the algorithms of §7.1
class _Reader:
    """λ = [λ_1, …, λ_r] as 000 §7.1's algorithms read it: one time unit per λ_i read."""

    def __init__(self, lam: Partition) -> None:
        self.lam = lam
        self.r = lam.length
        self.reads = 0

    def __call__(self, i: int) -> int:
        self.reads += 1
        return self.lam.part(i)

    def last(self, test: Callable[[int], bool]) -> int:
        """The largest i in 1..r with test(i) (true then false), 0 if none: binary search."""
        lo, hi = 1, self.r
        while lo <= hi:
            mid = (lo + hi) // 2
            if test(mid):
                lo = mid + 1
            else:
                hi = mid - 1
        return hi

    def durfee(self) -> int:
        """000 Lemma 20: d(λ) = max{i : λ_i ≥ i} by binary search."""
        return self.last(lambda i: self(i) >= i)

    def column(self, k: int) -> int:
        """λ'_k = max{i : λ_i ≥ k} by binary search (000 Lemma 21)."""
        return self.last(lambda i: self(i) >= k)


def _theorem22(game: str, read: _Reader) -> int:
    """The value of D(λ) / L(λ) by the procedure of 000 Theorem 22's proof."""
    d = read.durfee()
    if game == "downright":
        a = read(d) - d + 1  # the row of λ̄ = λ[d−1, d−1]
        b = read.column(d) - d + 1  # its column
        return lemma4_gamma(b, a, game)  # the paper writes Γ_{a,b}; Eq. (6) is symmetric
    if d == 0:
        return 0
    if d == 1:
        return lemma4_gamma(read.r, read(1), game)
    if d == 2:
        l1, l2, r, j = read(1), read(2), read.r, read.column(2)
        return eq9(a20=arm(r - 2, j - 2), a21=arm(j - 2), a02=arm(l1 - 2, l2 - 2), a12=arm(l2 - 2))
    s = d - 3  # λ̄ = λ[s, s]; λ̄_ℓ = λ_{s+ℓ} − s
    b1, b2, b3 = (read(s + k) - s for k in (1, 2, 3))
    rb, j, i = (read.column(s + k) - s for k in (1, 2, 3))
    return eq12(
        a30=arm(rb - 3, j - 3, i - 3),
        a31=arm(j - 3, i - 3),
        a32=arm(i - 3),
        a03=arm(b1 - 3, b2 - 3, b3 - 3),
        a13=arm(b2 - 3, b3 - 3),
        a23=arm(b3 - 3),
    )


def _big_partitions(count: int, seed: int = 0) -> list[Partition]:
    """Run-length partitions with up to ~10^13 rows and parts up to ~10^12 (for counting
    reads)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        runs = rng.randint(1, 12)
        parts = sorted(rng.sample(range(1, 10 ** rng.randint(1, 12) + runs), runs), reverse=True)
        out.append(
            Partition.from_runs((p, rng.randint(1, 10 ** rng.randint(0, 12))) for p in parts)
        )
    return out


def _random_partitions(count: int, size: int, seed: int = 1) -> list[Partition]:
    """Partitions of about `size` boxes with a few runs (for the per-box comparison)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        k = rng.randint(1, 6)
        parts = sorted(rng.sample(range(1, 80), k), reverse=True)
        mults = [rng.randint(1, 40) for _ in parts]
        while sum(p * m for p, m in zip(parts, mults, strict=True)) > size:
            mults = [max(1, m // 2) for m in mults]
        out.append(Partition.from_runs(zip(parts, mults, strict=True)))
    return out


# ====================================================================== §7.1
def _probe_bound(r: int) -> int:
    """Reads of one binary search over 1..r."""
    return ceil(log2(r + 1)) if r else 0


#: Partitions no larger than this are also checked against the definitions (their parts
#: listed one by one).
_LISTED = 1000


def _lemma_20_holds(lam: Partition) -> bool:
    read = _Reader(lam)
    d = read.durfee()
    if lam.size <= _LISTED:  # also from the definition, max{ℓ : λ_ℓ ≥ ℓ}
        parts = list(lam.parts())
        if d != max((i for i, p in enumerate(parts, 1) if p >= i), default=0):
            return False
    return d == lam.durfee() and read.reads <= _probe_bound(lam.length)


PAPER.family_check(
    "Lemma 20",
    "d(λ) can be found in O(log r) ≤ O(log n) time units (binary search)",
    cases=lambda top, big: [*positions(top), *_big_partitions(big)],
    holds=_lemma_20_holds,
    quick={"top": BOXES[0], "big": 50},
    full={"top": BOXES[1], "big": 500},
    checked="every partition with n ≤ {top} and {big} run-length partitions with up to ~10^13 "
    "rows: the binary search finds d(λ) reading at most ⌈log2(r + 1)⌉ parts",
    note="the O(·) bound is asymptotic; what is checked is this read count",
    command="grundy value lctr 1000000000000^1000000,5^100000000000",
    false_note="the binary search fails or reads too much",
    shows=rows.no_command,
)


def _lemma_21_holds(lam: Partition) -> bool:
    read = _Reader(lam)
    conj = tuple(read.column(k) for k in range(1, lam.largest + 1))
    return conj == conjugate(tuple(lam.parts())) == tuple(
        lam.conjugate().parts()
    ) and read.reads <= lam.largest * _probe_bound(lam.length)


PAPER.family_check(
    "Lemma 21",
    "λ' can be computed in O(λ1 log r) ≤ O(n log n) time units",
    cases=lambda top: positions(top, "lctr"),
    holds=_lemma_21_holds,
    **rows.up_to(*BOXES),
    checked="every partition with n ≤ {top}: one binary search per column gives λ' reading at "
    "most λ1·⌈log2(r + 1)⌉ parts",
    note="the O(·) bound is asymptotic; what is checked is this read count",
    false_note="the conjugate is wrong or reads too much",
)


def _reads(game: str, lam: Partition) -> int:
    """The parts Theorem 22's procedure reads on λ."""
    read = _Reader(lam)
    _theorem22(game, read)
    return read.reads


@PAPER.statement(
    "Theorem 22",
    "the SG values of D(λ) and L(λ) can both be computed in O(log r) ≤ O(log n) time units",
)
def _theorem_22(quick: bool) -> Outcome:
    top = run_bound(quick, *BOXES)
    cases = [(g, lam) for g in GAMES for lam in positions(top, g)]
    # larger partitions against the Θ(n) per-box recursion of Eq. (3)/(4) (exact by definition)
    mid = [(g, lam) for g in GAMES for lam in _random_partitions(run_bound(quick, 30, 300), 3000)]
    # reads: at most 4 binary searches and 3 single reads
    huge = [(g, lam) for g in GAMES for lam in _big_partitions(run_bound(quick, 50, 500), seed=2)]
    reads = [(c, _reads(*c)) for c in huge + cases]
    checked = (
        f"the proof's procedure (Lemmas 4, 12–14, Eq. (9), (12)) equals exhaustive search on "
        f"every partition with n ≤ {top} (both games) and the per-box recursion on "
        f"{len(mid)} partitions of ≤ 3000 boxes; on {len(huge)} run-length partitions up to "
        "~10^13 rows it reads at most 4⌈log2(r+1)⌉ + 3 parts"
    )
    return rows.first_failed(
        lambda: rows.verified_unless(
            rows.first_failure(cases, lambda c: _theorem22(c[0], _Reader(c[1])) == sg(*c)),
            checked,
            false_note="the procedure gives a wrong value",
            describe=game_case,
            shows=shown_by("table"),
        ),
        lambda: rows.verified_unless(
            rows.first_failure(
                mid, lambda c: _theorem22(c[0], _Reader(c[1])) == per_box_value(c[1], c[0])
            ),
            checked,
            false_note="the procedure disagrees with Eq. (3)/(4) box by box",
            describe=game_case,
            shows=rows.no_command,
        ),
        lambda: rows.verified_unless(
            rows.first_failure(reads, lambda cr: cr[1] <= 4 * _probe_bound(cr[0][1].length) + 3),
            checked,
            note="the O(·) bound is asymptotic; at most "
            f"{max(n for _, n in reads)} parts read on any partition checked",
            command="grundy value lctr 1000000000000^1000000,5^100000000000",
            false_note="the procedure reads more than 4⌈log2(r+1)⌉ + 3 parts",
            describe=lambda cr: game_case(cr[0]),
            shows=rows.no_command,
        ),
    )
