"""The checks of paper 004 (Ishikawa, Ohmoto, Tagawa, Takayama: coin turning games on posets).

One row per numbered statement, table and figure with values, in the paper's
order (Appendices A and B included).  The game side is always computed:

* whole-game search (`grundy.Solver` with ``fast=False``, no closed form) on
  posets of at most ten elements, with the turning sets of Definition 4.2
  written out here from the order relation alone;
* Lenstra's recursion (4.1a), written out here, on larger posets, and the
  bitset evaluation of `grundy.games.coin_turning.coin_turning` where the posets are too
  large for the literal one (the Theorem 4.1 row checks that the two agree);
* the paper's formulas: those grundy implements ((1.3) `theorem_1_1_value`,
  R(x) `ruler_function`, (5.4) `divisor_ruler_value`, (5.6)
  `subspace_ruler_value`, (5.7) `subspace_ruler_recursion`, (6.2)
  `refinement_count` and `refinement_multisets`, Table 4 `TABLE_4`) as the
  library computes them, the others ((5.7) with its sums s_q(d, m), (5.11),
  (5.13), (6.3), (6.4), the steps of the proofs, …) typed in as printed, and
  the tables transcribed from the text.

About the text copy of the paper (papers/004_*.txt): the numbers of Table 3 and
of Figures 4, 5, 6 and 9 were lost in the PDF extraction (only captions are
left), so those rows cannot compare and say so, giving the computed values; no
statement numbered "Lemma 6.1" is printed (§4.4 cites one), so that row checks
the unnumbered claim of §6.1 it can only mean; "[16, Proposition 3.4]" is a
citation, checked as the rank function (3.1).

On Π_n: §3.2 fixes the order unambiguously (π ≤ σ when every block of π lies
in a block of σ; the example {1}{4}{36} ≤ {14}{36}; rank n − #blocks), so the
one-block partition {1, …, n} is the maximum.  The proof of Theorem 6.1 calls
it the minimum 0̂; the row of Theorem 6.1 computes the ruler with both
orientations (the §3.2 one gives Table 4, the other gives h(2) = 1) and files
the sentence as a proof slip.

>>> from grundy.reproduce.catalogue import statements
>>> rows = statements("004")
>>> len(rows) > 40, rows[0].number
(True, 'Theorem 1.1')
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from math import factorial
from typing import Any

from grundy import Solver, nim, posets
from grundy.game import FunctionRuleset
from grundy.games.coin_turning import coin_turning
from grundy.games.coin_turning.asm_ruler import (
    asm_ruler_table,
    check_theorem_1_1,
    theorem_1_1_value,
)
from grundy.games.coin_turning.coin_turning import RULESET as COINS
from grundy.games.coin_turning.coin_turning import (
    CoinPosition,
    divisor_ruler_value,
    ruler_function,
    subspace_ruler_value,
)
from grundy.games.coin_turning.coin_turning_tables import subspace_ruler_recursion
from grundy.games.coin_turning.set_partition_ruler import (
    TABLE_4,
    refinement_count,
    refinement_multisets,
    set_partition_ruler,
)
from grundy.nim import mex
from grundy.partition import partitions
from grundy.posets import Poset, bits
from grundy.reproduce.rows import (
    Outcome,
    Verdict,
    family_check,
    first_failed,
    first_failure,
    statement,
    verified_unless,
)
from grundy.reproduce.shared import exhaustive_solver, positions

P004 = "004"
FAMILY_NAMES = ("turtles", "ideal", "ruler")
SetsByMax = list[list[int]]  # per element index: the turning sets (bitsets) with that maximum
Triple = tuple[int, int, int]
Key = tuple[int, ...]  # an integer partition, parts decreasing

# ---------------------------------------------------------------- transcribed from the paper
#: Table 1: d_min(x) and R(x) for x = 1..15.
TABLE_1_DMIN = (0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0)
TABLE_1_R = (1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1)
#: Table 2: g_q(d) for d = 0..14, q even and q odd.
TABLE_2_EVEN = (1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1)
TABLE_2_ODD = (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3)
# Table 4 (h(n), n = 1..17) is transcribed once, as
# grundy.games.coin_turning.set_partition_ruler.TABLE_4.


# ================================================================ helpers: posets and games
def _family_sets(P: Poset, name: str) -> SetsByMax:
    """The turning sets of 004 Definition 4.2, from the order relation alone (`Poset.leq`)."""
    out: SetsByMax = []
    for x in P.elements:
        below = [t for t in P.elements if P.leq(t, x)]
        if name == "turtles":  # {y, x} with y ≤ x
            sets = [P.mask({y, x}) for y in below]
        elif name == "ideal":  # Λ_x
            sets = [P.mask(below)]
        else:  # the ruler: [y, x]
            sets = [P.mask([t for t in below if P.leq(y, t)]) for y in below]
        out.append(sets)
    return out


def _values(sets: SetsByMax) -> list[int]:
    """(4.1a): g(x) = mex{⊕_{t ∈ T∖{x}} g(t) : T ∈ 𝒯_x}, elements in a linear extension."""
    g: list[int] = []
    for i, family in enumerate(sets):
        sums = set()
        for T in family:
            s = 0
            for t in bits(T & ~(1 << i)):
                s ^= g[t]
            sums.add(s)
        g.append(mex(sums))
    return g


def _xor(values: Iterable[int]) -> int:
    s = 0
    for v in values:
        s ^= v
    return s


def _masked_xor(mask: int, g: list[int]) -> int:
    return _xor(g[i] for i in bits(mask))


def _game_solver(P: Poset, sets: SetsByMax) -> Callable[[int], int]:
    """Value of a set of heads (bitset) by search over the whole game (no closed form)."""
    family = coin_turning.family([P.members(T) for group in sets for T in group])
    solver = Solver(COINS, fast=False)
    return lambda heads: solver.value(CoinPosition(P, family, heads))


def _random_posets(count: int, most: int, seed: int) -> list[Poset]:
    rng = random.Random(seed)
    out = []
    for k in range(count):
        n = rng.randint(2, most)
        pairs = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.35]
        out.append(posets.from_relations(pairs, elements=range(n), name=f"random poset {k}"))
    return out


def _n_poset() -> Poset:
    return posets.from_relations([("a", "c"), ("b", "c"), ("b", "d")], name="N")


def _small_posets(quick: bool) -> list[Poset]:
    """Posets small enough for whole-game search (2^|X| positions)."""
    out = [
        posets.chain(1),
        posets.chain(4),
        posets.divisors(12),
        posets.set_partitions(3),
        posets.asm(3),
        posets.subspaces(2, 2),
        posets.young("3,1"),
        posets.product(posets.chain(2), posets.chain(3)),
        _n_poset(),
    ]
    if not quick:
        out += [
            posets.chain(8),
            posets.divisors(30),
            posets.divisors(36),
            posets.asm(4),
            posets.young("3,2,1"),
            posets.subspaces(2, 3),
        ]
    return out + _random_posets(6 if quick else 30, 6 if quick else 8, seed=4)


def _dual(P: Poset) -> Poset:
    """The same elements with the order reversed."""
    return posets.from_relations(
        [(b, a) for a, b in P.covers()], elements=P.elements[::-1], name=f"{P.name} reversed"
    )


def _linear_extensions(P: Poset, rng: random.Random) -> list[list[int]]:
    """The stored linear extension and a random one, as index orders."""
    left = list(range(len(P)))
    order = []
    while left:
        ready = [i for i in left if not any(P.down_mask(i) >> j & 1 for j in left if j != i)]
        pick = rng.choice(ready)
        order.append(pick)
        left.remove(pick)
    return [list(range(len(P))), order]


def _image(mask: int, perm: list[int]) -> int:
    out = 0
    for i in bits(mask):
        out |= 1 << perm[i]
    return out


def _name(P: Poset) -> str:
    """A poset's name (the counterexample of a check over posets)."""
    return P.name


def _poset_family(case: tuple[Poset, str] | tuple[Poset, str, list[int]]) -> str:
    """'D_12, ruler': the poset and family of a case."""
    return f"{case[0].name}, {case[1]}"


def _asm(n: int) -> str:
    """'A_5'."""
    return f"A_{n}"


# ================================================================ helpers: nim arithmetic
@cache
def _mex_sum_table(size: int) -> tuple[tuple[int, ...], ...]:
    """a ∔ b for a, b < size by the mex definition (2.2)."""
    t = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            t[a][b] = mex({t[x][b] for x in range(a)} | {t[a][y] for y in range(b)})
    return tuple(map(tuple, t))


@cache
def _mex_mul_table(size: int) -> tuple[tuple[int, ...], ...]:
    """a ⊗ b for a, b < size (a field size 2^(2^k)) by the mex definition (2.4), ∔ by (2.2)."""
    add = _mex_sum_table(size)
    t = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            t[a][b] = mex(add[add[t[x][b]][t[a][y]]][t[x][y]] for x in range(a) for y in range(b))
    return tuple(map(tuple, t))


def _dmin(x: int) -> int:
    """d_min(x) of Definition 5.1: the least i with binary digit γ_i(x) ≠ 0."""
    return min(i for i in range(x.bit_length()) if x >> i & 1)


def _ruler_prefix(n: int) -> list[int]:
    """P[k] = R(1) ⊕ … ⊕ R(k − 1), so Φ_m^n of (B.1) is P[n] ⊕ P[m]."""
    prefix = [0, 0]
    for x in range(1, n):
        prefix.append(prefix[-1] ^ ruler_function(x))
    return prefix


# ================================================================ helpers: A_n
def _asm_elements(n: int) -> list[Triple]:
    """(1.1): (x, y, z) ≥ 0 with x + y + z ≤ n − 2."""
    m = n - 2
    return [(x, y, z) for x in range(m + 1) for y in range(m + 1 - x) for z in range(m + 1 - x - y)]


def _leq_1_2(u: Triple, v: Triple) -> bool:
    """(1.2): u ≤ v iff x1 ≥ x2, y1 ≥ y2, z1 ≤ z2 and x1 + y1 + z1 ≥ x2 + y2 + z2."""
    return u[0] >= v[0] and u[1] >= v[1] and u[2] <= v[2] and sum(u) >= sum(v)


def _asm_from_1_2(n: int) -> Poset:
    """A_n built from (1.1)–(1.2) directly (not from the covers of Proposition 3.1)."""
    els = _asm_elements(n)
    pairs = [(u, v) for u in els for v in els if u != v and _leq_1_2(u, v)]
    return posets.from_relations(pairs, elements=els, name=f"A_{n} by (1.2)")


def _rho(n: int, t: Triple) -> int:
    """(3.1): ρ(x, y, z) = n − 2 − (x + y)."""
    return n - 2 - (t[0] + t[1])


def _pi(n: int, t: Triple) -> tuple[int, int]:
    """π(x, y, z) = (n − 2 − (x + y), z) of §5.4."""
    return (_rho(n, t), t[2])


def _fibres_constant(n: int, values: dict) -> tuple[int, int] | None:
    """The first π whose fibre in A_n carries two different values, or None."""
    seen: dict[tuple[int, int], int] = {}
    for t, v in values.items():
        if seen.setdefault(_pi(n, t), v) != v:
            return _pi(n, t)
    return None


# ================================================================ helpers: B_n(q)
def _gaussian_parity_rows(top: int, q: int) -> list[list[int]]:
    """G_q(n, r) = [n, r]_q mod 2 for n ≤ top, from the exact q-binomials of (5.5)."""
    exact = [[1]]
    for n in range(1, top + 1):
        prev = exact[-1] + [0]
        exact.append([(prev[r - 1] if r else 0) + q**r * prev[r] for r in range(n + 1)])
    return [[v & 1 for v in row] for row in exact]


def _G(rows: list[list[int]], n: int, r: int) -> int:
    return rows[n][r] if 0 <= r <= n else 0


def _subspace_recursion(q: int, top: int) -> tuple[list[int], dict[tuple[int, int], int]]:
    """g_q(0..top) and s_q(d, m) by Lemma 5.2 (5.7a)–(5.7b), as printed."""
    rows = _gaussian_parity_rows(top, q)
    g: list[int] = []
    s: dict[tuple[int, int], int] = {}
    for d in range(top + 1):
        for m in range(d + 1):
            s[d, m] = _xor(g[k] for k in range(m, d) if _G(rows, d - m, k - m))
        g.append(mex(s[d, m] for m in range(d + 1)))
    return g, s


def _subspace_values_by_dim(n: int, q: int) -> dict[int, set[int]]:
    """{dim W: the set of ruler values of the W of that dimension} on B_n(q)."""
    values = coin_turning.values(posets.subspaces(n, q), "ruler")
    out: dict[int, set[int]] = {}
    for w, v in values.items():
        out.setdefault(len(w), set()).add(v)
    return out


# ================================================================ helpers: Π_n and types
def _type(p: tuple[tuple[int, ...], ...]) -> Key:
    """The type p(π) of a set partition: its block sizes, decreasing."""
    return tuple(sorted((len(b) for b in p), reverse=True))


def _one_block(n: int) -> tuple[tuple[int, ...], ...]:
    return (tuple(range(1, n + 1)),)


def _int_partitions(n: int) -> list[Key]:
    return [tuple(p.to_list()) for p in partitions(n)]


def _mult(parts: Iterable) -> Counter:
    return Counter(parts)


def _refines(mu: Key, lam: Key) -> bool:
    """μ ≤ λ in 𝒫_n: each part of λ is a sum of parts of μ, every part used once."""
    return sum(mu) == sum(lam) and bool(refinement_multisets(lam, mu))


@cache
def _partition_ruler(n: int) -> tuple[Poset, dict]:
    P = posets.set_partitions(n)
    return P, coin_turning.values(P, "ruler")


def _h_on_posets(top: int) -> list[int]:
    """h(1..top): the ruler value of the one-block partition on the poset Π_n itself."""
    return [_partition_ruler(n)[1][_one_block(n)] for n in range(1, top + 1)]


def _h_by_types(top: int) -> list[int]:
    """h(1..top) from (4.1a) on Π_n grouped by types, with Theorem 6.1 (ii).

    For π of type μ the τ ≥ π are the set partitions of the blocks of π, so
    F(μ) = ⊕_τ ⊗_{B ∈ τ} h(|B|) satisfies, taking the block of τ that holds one
    block of size p = μ_1 with a sub-multiset σ of the others (chosen in
    ∏ C(m_i, σ_i) ways, parity by Lucas), F(μ) = ⊕_σ h(p + |σ|) ⊗ F(μ − p − σ).
    h(n) = mex over μ ⊢ n of F(μ) without τ = [n] (the term σ = all, worth h(n)).
    """
    h = [0] * (top + 1)
    F: dict[Key, int] = {(): 1}

    def coarse(mu: Key) -> int:
        if mu in F:
            return F[mu]
        p, rest = mu[0], _mult(mu[1:])
        total = 0
        for sigma in _all_sub_multisets(rest):
            chosen = _mult(sigma)
            if all(chosen[i] & rest[i] == chosen[i] for i in chosen):  # ∏ C(m_i, σ_i) odd
                remaining = tuple(sorted((rest - chosen).elements(), reverse=True))
                total ^= nim.mul(h[p + sum(sigma)], coarse(remaining))
        F[mu] = total
        return total

    for n in range(1, top + 1):
        sums = [coarse(mu) for mu in _int_partitions(n)]  # h[n] is still 0: τ = [n] left out
        h[n] = mex(sums)
        for mu in _int_partitions(n):
            F[mu] ^= h[n]  # now with τ = [n]: h(n) ⊗ F(∅)
    return h[1:]


def _all_sub_multisets(pool: Counter) -> Iterator[Key]:
    keys = sorted(pool, reverse=True)
    for counts in itertools.product(*(range(pool[k] + 1) for k in keys)):
        yield tuple(k for k, c in zip(keys, counts, strict=True) for _ in range(c))


# ================================================================ §1: Theorem 1.1
def _theorem_1_1_holds(case: tuple[int, bool]) -> bool:
    """(1.3) as grundy implements it (`theorem_1_1_value`) against the ideal game on A_n:
    (4.1a) written out on A_n built from (1.2) when `literal`, else grundy's values; and the
    library's own check (Lemma 4.1 bitsets)."""
    n, literal = case
    if literal:
        P = _asm_from_1_2(n)
        g = dict(zip(P.elements, _values(_family_sets(P, "ideal")), strict=True))
    else:
        g = coin_turning.values(posets.asm(n), "ideal")
    return check_theorem_1_1(n)["holds"] and all(g[t] == theorem_1_1_value(n, *t) for t in g)


family_check(
    P004,
    "Theorem 1.1",
    "order ideal game on A_n: g(x, y, z) = 1 if ρ(x, y, z) = 0 or ρ = 2z ± 1, else 0 (1.3)",
    cases=lambda small, top: [(n, n <= small) for n in range(2, top + 1)],
    holds=_theorem_1_1_holds,
    quick={"small": 8, "top": 12},
    full={"small": 10, "top": 30},
    checked="every element of A_n, n ≤ {top} (n ≤ {small} by (4.1a) on the order (1.2))",
    command="grundy poset ideal-asm --n 2..12",
    false_note="(1.3) differs from the computed ideal game",
    describe=lambda case: f"n = {case[0]}",
    shows=lambda case: f"grundy poset ideal-asm --n {case[0]}",
)


# ================================================================ §2: Theorem 2.1
@cache
def _combined(first: str, second: str) -> Solver:
    """Whole-game search of the combined game A_1 + A_2 of Definition 2.3, positions
    (P_1, P_2), options (2.1)."""
    one, two = exhaustive_solver(first).ruleset, exhaustive_solver(second).ruleset

    def options(pos: tuple) -> list[tuple]:
        p1, p2 = pos
        return [(c, p2) for _, c in one.options(p1)] + [(p1, c) for _, c in two.options(p2)]

    return Solver(FunctionRuleset(options, name=f"{first}+{second}", parse=lambda x: x), False)


def _nim_sum_holds(case: tuple[str, str, Any, Any]) -> bool:
    a, b, p1, p2 = case
    whole = _combined(a, b).value((p1, p2))
    return whole == exhaustive_solver(a).value(p1) ^ exhaustive_solver(b).value(p2)


family_check(
    P004,
    "Theorem 2.1",
    "the Grundy function of A_1 + A_2 is g(P_1, P_2) = g_1(P_1) ∔ g_2(P_2) (2.3)",
    cases=lambda size: [
        (a, b, p1, p2)
        for a, b in (("cr", "lctr"), ("chomp", "cr"))
        for p1 in positions(size, "lctr")
        for p2 in positions(size, "lctr")
    ],
    holds=_nim_sum_holds,
    quick={"size": 4},
    full={"size": 6},
    checked="Column-Row + LCTR and Chomp + Column-Row, every pair of diagrams of ≤ {size} boxes "
    "(whole-game search of the combined game)",
    command='grundy value cris "2,1 + 3"',
    false_note="the combined game's value is not the nim-sum",
    describe=lambda c: f"{c[0]} {c[2]} + {c[1]} {c[3]}",
)


# ================================================================ §3: A_n
def _graded_by_rho(n: int) -> bool:
    P = _asm_from_1_2(n)
    rank = P.rank
    return rank is not None and all(rank[t] == _rho(n, t) for t in P.elements)


family_check(
    P004,
    "(3.1)",
    "A_n is graded with rank function ρ(x, y, z) = n − 2 − (x + y) ([16, Proposition 3.4])",
    cases=lambda top: range(2, top + 1),
    holds=_graded_by_rho,
    quick={"top": 7},
    full={"top": 10},
    checked="A_n built from (1.1)–(1.2), n ≤ {top}",
    command="grundy poset values asm:5",
    false_note="not graded with that rank",
    describe=_asm,
    shows=lambda n: f"grundy poset values asm:{n}",
)


def _cover_not_listed(n: int) -> Triple | None:
    """The first element of A_n (from (1.2)) whose lower covers are not Proposition 3.1's."""
    P = _asm_from_1_2(n)
    for t in P.elements:
        x, y, z = t
        listed = {(x + 1, y, z), (x, y + 1, z), (x + 1, y, z - 1), (x, y + 1, z - 1)}
        if set(P.lower_covers(t)) != listed & set(P.elements):
            return t
    return None


family_check(
    P004,
    "Proposition 3.1",
    "in A_n, (x, y, z) covers (x+1, y, z), (x, y+1, z), (x+1, y, z−1), (x, y+1, z−1) "
    "whenever these lie in A_n (and these are all its covers)",
    cases=lambda top: range(2, top + 1),
    holds=lambda n: _cover_not_listed(n) is None,
    quick={"top": 7},
    full={"top": 10},
    checked="every element of A_n, n ≤ {top}, covers computed from the order (1.2)",
    command='grundy moves coin-turning "asm:5 ruler (0,0,3)"',
    false_note="the covers differ from the list",
    describe=lambda n: f"A_{n}: {_cover_not_listed(n)}",
    shows=lambda n: f"grundy poset values asm:{n}",
)


@statement(P004, "Figure 3", "A_5 with its covers; e.g. (0, 0, 3) covers (1, 0, 2)")
def _figure_3(quick: bool) -> Outcome:
    P = _asm_from_1_2(5)
    return verified_unless(
        None if (1, 0, 2) in P.lower_covers((0, 0, 3)) and len(P) == 20 else "(1,0,2), (0,0,3)",
        "A_5 from (1.2): 20 elements, (1,0,2) ⋖ (0,0,3)",
        note="the drawing itself is not in the text copy; its covers are Proposition 3.1's",
        command='grundy moves coin-turning "asm:5 ruler (0,0,3)"',
        false_note="(0,0,3) does not cover (1,0,2)",
        shows=lambda _: "grundy poset values asm:5",
    )


# ================================================================ §4: coin turning games
def _decreases(case: tuple[Poset, str, list[int]]) -> bool:
    """Every move of the game P → P′ has F(P′) < F(P), F(P) = Σ_{x ∈ P} 2^{ρ(τ(x))}."""
    P, name, order = case
    rank = {i: r for r, i in enumerate(order)}
    sets = _family_sets(P, name)

    def F(mask: int) -> int:
        return sum(1 << rank[i] for i in bits(mask))

    return all(
        F(heads ^ T) < F(heads)
        for heads in range(1 << len(P))
        for i in bits(heads)
        for T in sets[i]
    )


@statement(
    P004,
    "Proposition 4.1",
    "with a linear extension τ and F(P) = Σ_{x ∈ P} 2^{ρ(τ(x))}, every move P → P′ has "
    "F(P′) < F(P)",
)
def _proposition_4_1(quick: bool) -> Outcome:
    rng = random.Random(41)
    cases = [
        (P, name, order)
        for P in _small_posets(quick)
        for name in FAMILY_NAMES
        for order in _linear_extensions(P, rng)
    ]
    return verified_unless(
        first_failure(cases, _decreases),
        f"every move of {len(cases) // 6} posets (≤ {10 if not quick else 6} elements), "
        "3 families, 2 linear extensions each",
        command='grundy moves coin-turning "divisors:12 ruler 4 6"',
        false_note="a move does not decrease F",
        describe=_poset_family,
    )


def _lenstra_holds(case: tuple[Poset, str]) -> bool:
    """(4.1a) written out equals grundy's values, and (4.1b) the whole-game search."""
    P, name = case
    sets = _family_sets(P, name)
    g = _values(sets)
    if g != coin_turning.value_list(P, name, use_product=False):
        raise AssertionError(f"grundy.coin_turning disagrees with (4.1a) on {P.name}, {name}")
    game = _game_solver(P, sets)
    return all(game(heads) == _masked_xor(heads, g) for heads in range(1 << len(P)))


@statement(
    P004,
    "Theorem 4.1",
    "(Lenstra) g(x) = mex{⊕_{t ∈ T∖{x}} g(t) : T ∈ 𝒯_x} (4.1a) and g(P) = ⊕_{x ∈ P} g(x) "
    "(4.1b) is the Grundy function of G(X, 𝒯)",
)
def _theorem_4_1(quick: bool) -> Outcome:
    cases = [(P, name) for P in _small_posets(quick) for name in FAMILY_NAMES]
    return verified_unless(
        first_failure(cases, _lenstra_holds),
        f"every position of {len(cases) // 3} posets of ≤ {6 if quick else 10} elements "
        "(chains, D_12, Π_3, A_3, B_2(2), a Young diagram, N, random ones…) for turning "
        "turtles, order ideals and the ruler, against whole-game search",
        command='grundy moves coin-turning "divisors:12 ruler 4 6"',
        false_note="(4.1) differs from whole-game search",
        describe=_poset_family,
    )


def _product_family(A: Poset, B: Poset, P: Poset, sa: SetsByMax, sb: SetsByMax) -> SetsByMax:
    """𝒯 = {T_1 × T_2} on P = A × B, grouped by maximum (m_{T_1}, m_{T_2})."""
    sets: SetsByMax = [[] for _ in range(len(P))]
    for i, a in enumerate(A.elements):
        for j, b in enumerate(B.elements):
            top = P.index((a, b))
            for Ta in sa[i]:
                for Tb in sb[j]:
                    sets[top].append(P.mask((u, v) for u in A.members(Ta) for v in B.members(Tb)))
    return sets


def _product_holds(case: tuple[Poset, Poset, str], game_limit: int) -> bool:
    """(4.2a) on A × B, ⊗ by the mex definition (2.4); (4.2b) and (4.1b) by whole-game search
    on products of at most `game_limit` elements."""
    A, B, name = case
    mul = _mex_mul_table(16)
    sa, sb = _family_sets(A, name), _family_sets(B, name)
    ga, gb = _values(sa), _values(sb)
    P = posets.product(A, B)
    sets = _product_family(A, B, P, sa, sb)
    g = _values(sets)
    for i, a in enumerate(A.elements):
        for j, b in enumerate(B.elements):
            if g[P.index((a, b))] != mul[ga[i]][gb[j]]:
                return False
    if len(P) <= game_limit:
        game = _game_solver(P, sets)
        return all(game(heads) == _masked_xor(heads, g) for heads in range(1 << len(P)))
    return True


@statement(
    P004,
    "Theorem 4.2",
    "(product theorem) on X_1 × X_2 with 𝒯 = {T_1 × T_2}: g(x_1, x_2) = g_1(x_1) ⊗ g_2(x_2) "
    "(4.2a), and (4.2b)",
)
def _theorem_4_2(quick: bool) -> Outcome:
    factors = [posets.chain(2), posets.chain(3), posets.asm(3), _n_poset(), posets.young("2,1")]
    if not quick:
        factors += [posets.set_partitions(3), posets.divisors(6)]
    cases = [
        (A, B, name)
        for A, B in itertools.combinations_with_replacement(factors, 2)
        for name in FAMILY_NAMES
    ]
    game_limit = 6 if quick else 9
    return verified_unless(
        first_failure(cases, lambda case: _product_holds(case, game_limit)),
        f"{len(cases) // 3} products of two small posets, product families of turtles, "
        f"ideals and rulers, ⊗ by the mex definition (2.4); whole-game search on products of ≤ "
        f"{game_limit} elements",
        command="grundy poset values chain:3xchain:4",
        false_note="(4.2a) fails",
        describe=lambda c: f"{c[0].name} × {c[1].name}, {c[2]}",
    )


def _random_family(P: Poset, rng: random.Random) -> SetsByMax:
    """For each x, one to three random subsets of Λ_x containing x (condition (♯))."""
    out: SetsByMax = []
    for i in range(len(P)):
        below = list(bits(P.down_mask(i) & ~(1 << i)))
        sets = set()
        for _ in range(rng.randint(1, 3)):
            sets.add((1 << i) | sum(1 << j for j in below if rng.random() < 0.5))
        out.append(sorted(sets))
    return out


Coarser = tuple[Poset, Poset, SetsByMax]


def _coarser_pairs(count: int) -> list[Coarser]:
    """`count` random posets X_1 of ≤ 7 elements with a random family, each with X_2: the
    same elements with more relations (so the identity is order-preserving)."""
    rng = random.Random(42)
    cases = []
    for k, X1 in enumerate(_random_posets(count, 7, seed=420)):
        n = len(X1)
        old = [(a, b) for a in range(n) for b in range(n) if a != b and X1.leq(a, b)]
        extra = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.3]
        X2 = posets.from_relations(old + extra, elements=range(n), name=f"coarser {k}")
        cases.append((X1, X2, _random_family(X1, rng)))
    return cases


def _carried_over(case: Coarser) -> bool:
    """g_{𝒯_1}(x) = g_{𝒯_2}(f(x)) for f the identity and 𝒯_2 = f(𝒯_1) (4.3)."""
    X1, X2, sets1 = case
    g1 = _values(sets1)
    sets2: SetsByMax = [[] for _ in range(len(X2))]
    for i, group in enumerate(sets1):
        for T in group:
            sets2[X2.index(X1.elements[i])].append(X2.mask(X1.members(T)))
    g2 = _values(sets2)
    return all(g1[i] == g2[X2.index(x)] for i, x in enumerate(X1.elements))


family_check(
    P004,
    "Proposition 4.2",
    "if f: X_1 → X_2 is an order-preserving bijection with 𝒯_2 = {f(T) : T ∈ 𝒯_1} (4.3), "
    "then g_{𝒯_1}(x) = g_{𝒯_2}(f(x))",
    cases=_coarser_pairs,
    holds=_carried_over,
    quick={"count": 40},
    full={"count": 400},
    checked="{count} random posets of ≤ 7 elements with random families satisfying (♯), f the "
    "identity onto the same set with more relations (order-preserving, not an isomorphism)",
    command="grundy poset values asm:5 --turning ideal",
    false_note="values differ",
    describe=lambda c: c[0].name,
)


def _ideal_values_4_4(P: Poset) -> bool:
    """(4.4) on every element of P, against (4.1a); and the values are 0 or 1."""
    g = _values(_family_sets(P, "ideal"))
    for i in range(len(P)):
        ones = sum(g[t] == 1 for t in bits(P.down_mask(i) & ~(1 << i)))
        if g[i] != (0 if ones % 2 else 1):
            return False
    return set(g) <= {0, 1}


@statement(
    P004,
    "Lemma 4.1",
    "order ideal game: g_O(x) = 0 if |{t ∈ Λ_x∖{x} : g_O(t) = 1}| is odd, 1 if even (4.4); "
    "so g_O(x), g_O(P) ∈ {0, 1}",
)
def _lemma_4_1(quick: bool) -> Outcome:
    extra = [posets.divisors(360), posets.subspaces(3, 2), posets.set_partitions(4), posets.asm(6)]
    if not quick:
        extra += [posets.set_partitions(5), posets.asm(8), posets.young("5,3,2,1")]
    cases = _small_posets(quick) + extra
    return verified_unless(
        first_failure(cases, _ideal_values_4_4),
        f"every element of {len(cases)} posets (the small ones, D_360, B_3(2), Π_4, A_6"
        + ("" if quick else ", Π_5, A_8, a Young diagram")
        + "), against (4.1a)",
        command="grundy poset values asm:6 --turning ideal",
        false_note="(4.4) fails",
        describe=_name,
    )


def _bottom_only(P: Poset) -> bool:
    """(4.5): the order ideal game gives 0̂ value 1 and every other element 0."""
    g = _values(_family_sets(P, "ideal"))
    bottom = P.index(P.minimal()[0])
    return all(v == (1 if i == bottom else 0) for i, v in enumerate(g))


def _corollary_4_1_outside() -> str:
    """Outside the hypotheses: a non-graded poset with 0̂ still obeys (4.5); A_3 (two minima)
    does not."""
    skew = posets.from_relations([(0, 1), (1, 2), (2, 3), (0, 4), (4, 3)], name="non-graded")
    skew_ok = _values(_family_sets(skew, "ideal")) == [1, 0, 0, 0, 0]
    A3 = posets.asm(3)
    minima = {t: v for t, v in coin_turning.values(A3, "ideal").items() if t in A3.minimal()}
    return (
        "outside the hypotheses: 'graded' is not needed (0 < 1 < 2 < 3 > 4 > 0, "
        f"not graded, obeys (4.5): {skew_ok}); a unique minimum is (A_3: its minima "
        + ", ".join(f"{t} have value {v}" for t, v in minima.items())
        + ")"
    )


@statement(
    P004,
    "Corollary 4.1",
    "on a graded poset with a unique minimum 0̂, the order ideal game has g_O(x) = 1 if "
    "x = 0̂, 0 otherwise (4.5)",
)
def _corollary_4_1(quick: bool) -> Outcome:
    cases = [
        posets.chain(6),
        posets.divisors(360),
        posets.subspaces(3, 2),
        posets.subspaces(2, 3),
        posets.set_partitions(4),
        posets.young("3,3"),
        posets.product(posets.chain(3), posets.chain(4)),
    ]
    if not quick:
        cases += [posets.set_partitions(5), posets.divisors(30030), posets.subspaces(4, 2)]
    if not all(P.is_graded and len(P.minimal()) == 1 for P in cases):
        raise AssertionError("a poset of the Corollary 4.1 row is not graded with a 0̂")
    return verified_unless(
        first_failure(cases, _bottom_only),
        f"{len(cases)} graded posets with 0̂ (chains, D_n, B_n(q), Π_n, a Young diagram, a product)",
        note=_corollary_4_1_outside(),
        command="grundy poset values divisors:360 --turning ideal",
        false_note="(4.5) fails",
        describe=_name,
    )


# ================================================================ §5.1–5.2: chains, divisors
@statement(
    P004,
    "Table 1",
    "d_min(x) and R(x) = 2^{d_min(x)} for x = 1..15 (and the example x = 26: γ_4 = 1, γ_0 = 0, "
    "d_max = 4, d_min = 1, R = 2)",
)
def _table_1(quick: bool) -> Outcome:
    chain_values = coin_turning.values(posets.chain(15), "ruler")

    def as_printed(x: int) -> bool:
        return (
            TABLE_1_DMIN[x - 1] == _dmin(x)
            and TABLE_1_R[x - 1] == ruler_function(x) == (chain_values[x])
        )

    example = (26 >> 4 & 1, 26 & 1, (26).bit_length() - 1, _dmin(26), ruler_function(26))
    bad = first_failure(range(1, 16), as_printed)
    return verified_unless(
        bad if bad is not None or example == (1, 0, 4, 1, 2) else 26,
        "x = 1..15 as printed, from the binary digits (Definition 5.1) and the ruler on [15]",
        command="grundy poset values chain:15",
        false_note="a printed value differs",
        describe=lambda x: f"x = {x}",
    )


#: f(1), f(2), … of (5.1), extended as far as asked.
_F_5_1 = [0, 1]


def _f_5_1(n: int) -> int:
    """f(n) by (5.1): f(1) = 1, f(n) = mex{Σ*_{k=m}^{n−1} f(k) : m = 1, …, n}."""
    while len(_F_5_1) <= n:
        suffix, sums = 0, {0}
        for m in range(len(_F_5_1) - 1, 0, -1):
            suffix ^= _F_5_1[m]
            sums.add(suffix)
        _F_5_1.append(mex(sums))
    return _F_5_1[n]


family_check(
    P004,
    "Lemma 5.1",
    "f(1) = 1 and f(n) = mex{Σ*_{k=m}^{n−1} f(k) : m = 1, …, n} (5.1) give f(n) = R(n)",
    cases=lambda top: range(1, top + 1),
    holds=lambda n: _f_5_1(n) == ruler_function(n),
    quick={"top": 256},
    full={"top": 2048},
    checked="n ≤ {top}",
    command="grundy poset values chain:16",
    false_note="(5.1) differs from R",
    describe=lambda n: f"n = {n}: f = {_f_5_1(n)}, R = {ruler_function(n)}",
)


@statement(
    P004,
    "Theorem 5.1",
    "the ruler on the n-element chain C = {1 < 2 < … < n} has g(x) = R(x) (5.2)",
)
def _theorem_5_1(quick: bool) -> Outcome:
    literal, top = (24, 128) if quick else (64, 1024)
    g_lit = _values(_family_sets(posets.chain(literal), "ruler"))
    g_big = coin_turning.values(posets.chain(top), "ruler")
    return verified_unless(
        first_failure(
            range(1, top + 1),
            lambda x: (
                g_big[x] == ruler_function(x) and (x > literal or g_lit[x - 1] == ruler_function(x))
            ),
        ),
        f"the n-element chains, n ≤ {top} ((4.1a) written out for n ≤ {literal})",
        command="grundy poset values chain:16",
        false_note="the ruler on the chain differs from R",
        describe=lambda x: f"x = {x}",
        shows=lambda x: f"grundy poset values chain:{x}",
    )


def _divisors_by_5_4(n: int) -> bool:
    g = coin_turning.values(posets.divisors(n), "ruler", use_product=False)
    return all(v == divisor_ruler_value(d) for d, v in g.items())


@statement(
    P004,
    "Theorem 5.2",
    "the ruler on D_n has g(p_1^{x_1} ⋯ p_r^{x_r}) = R(x_1 + 1) ⊗ ⋯ ⊗ R(x_r + 1) (5.4)",
)
def _theorem_5_2(quick: bool) -> Outcome:
    ns = [1, 12, 360, 30030, 2**4 * 3**3 * 5]
    if not quick:
        ns += [2**7 * 3**8, 2**5 * 3**3 * 5**2 * 7, 2 * 3 * 5 * 7 * 11 * 13 * 17]
    return verified_unless(
        first_failure(ns, _divisors_by_5_4),
        "every divisor of n = " + ", ".join(map(str, ns)),
        command="grundy poset values divisors:360",
        false_note="(5.4) fails",
        describe=lambda n: f"D_{n}",
        shows=lambda n: f"grundy poset values divisors:{n}",
    )


@statement(
    P004,
    "Figure 4",
    "the values of the order ideal game (A) and of the ruler (B) on D_12",
)
def _figure_4(quick: bool) -> Outcome:
    P = posets.divisors(12)
    ideal = coin_turning.values(P, "ideal")
    ruler = coin_turning.values(P, "ruler")
    show = ", ".join(f"{d}: {ideal[d]}/{ruler[d]}" for d in sorted(P.elements))
    return Outcome(
        Verdict.NOT_CHECKABLE,
        "D_12, both games computed",
        note=(
            "the figure's numbers are not in the text copy of the paper (PDF extraction kept "
            f"the caption only); computed ideal/ruler values: {show} (Corollary 4.1, (5.4))"
        ),
        command="grundy poset values divisors:12",
    )


# ================================================================ §5.3: subspace lattices
def _brute_subspace_cases(quick: bool) -> list[tuple[int, int]]:
    cases = [(3, 2), (2, 3), (3, 3), (2, 5)]
    if not quick:
        cases += [(4, 2), (5, 2), (4, 3), (3, 5), (2, 7), (2, 4), (3, 4), (2, 9)]
    return cases


def _lattices(quick: bool) -> str:
    """'B_3(2), B_2(3), …': the lattices searched whole."""
    return ", ".join(f"B_{n}({q})" for n, q in _brute_subspace_cases(quick))


def _by_5_6(case: tuple[int, int]) -> bool:
    """Every subspace of B_n(q) has the value (5.6) gives its dimension."""
    n, q = case
    by_dim = _subspace_values_by_dim(n, q)
    return all(vals == {subspace_ruler_value(d, q)} for d, vals in by_dim.items())


def _by_5_7(q: int, top: int) -> int | None:
    """The first d ≤ top where (5.7), written out, differs from (5.6), or None."""
    g = _subspace_recursion(q, top)[0]
    return next((d for d in range(top + 1) if g[d] != subspace_ruler_value(d, q)), None)


def _by_5_12a(q: int, top: int) -> tuple[int, int] | None:
    """The first (d, m), d ≤ top, where the proof's (5.12a) fails for odd q, or None."""
    s = _subspace_recursion(q, top)[1]
    return next(
        ((d, m) for (d, m), v in s.items() if v != (0 if (d - m) % 3 == 0 else m % 3 + 1)), None
    )


@statement(
    P004,
    "Theorem 5.3",
    "the ruler value of W ∈ B_n(q) depends only on d = dim W: g_q(d) = R(d + 1) for even q "
    "(5.6a), mod(d, 3) + 1 for odd q (5.6b)",
)
def _theorem_5_3(quick: bool) -> Outcome:
    top, qs = (30, (2, 3, 5)) if quick else (100, (2, 3, 4, 5, 7, 8, 9))
    checked = (
        f"the ruler on {_lattices(quick)} (every subspace); (5.7) for d ≤ {top}, q = "
        + ", ".join(map(str, qs))
        + "; the proof's (5.12a) for odd q"
    )
    beyond = [(q, d) for q in qs if (d := _by_5_7(q, top)) is not None]
    slips = [(q, dm) for q in qs if q % 2 and (dm := _by_5_12a(q, top)) is not None]
    return first_failed(
        lambda: verified_unless(
            first_failure(_brute_subspace_cases(quick), _by_5_6),
            checked,
            false_note="(5.6) differs from the ruler on the lattice",
            describe=lambda nq: f"B_{nq[0]}({nq[1]})",
            shows=lambda nq: f"grundy poset values subspaces:{nq[0]}:{nq[1]}",
        ),
        lambda: verified_unless(
            beyond[0] if beyond else None,
            checked,
            false_note="(5.7) differs from (5.6)",
            describe=lambda qd: f"q = {qd[0]}, d = {qd[1]}",
            shows=lambda qd: f"grundy poset ruler-subspaces --d {qd[1]} --q {qd[0]}",
        ),
        lambda: verified_unless(
            slips[0] if slips else None,
            checked,
            verdict=Verdict.PROOF_SLIP,
            command="grundy poset ruler-subspaces --d 14 --q 3",
            false_note="the proof's (5.12a) fails",
            describe=lambda qdm: f"q = {qdm[0]}, (d, m) = {qdm[1]}",
            shows=lambda qdm: f"grundy poset ruler-subspaces --d {qdm[1][0]} --q {qdm[0]}",
        ),
    )


def _table_2_row(q: int) -> tuple[int, ...]:
    return TABLE_2_EVEN if q % 2 == 0 else TABLE_2_ODD


@statement(
    P004,
    "Table 2",
    "g_q(d), d = 0..14: 1,2,1,4,1,2,1,8,1,2,1,4,1,2,1 (q even); 1,2,3,1,2,3,… (q odd)",
)
def _table_2(quick: bool) -> Outcome:
    qs = (2, 3, 5) if quick else (2, 3, 4, 5, 7, 8, 9, 16, 25)
    checked = (
        "both rows as printed, by (5.7) for q = "
        + ", ".join(map(str, qs))
        + " and by the ruler on the lattices B_n(q) of the Theorem 5.3 row (d ≤ n)"
    )
    return first_failed(
        lambda: verified_unless(
            first_failure(qs, lambda q: tuple(subspace_ruler_recursion(14, q)) == _table_2_row(q)),
            checked,
            false_note="a printed value differs",
            describe=lambda q: f"q = {q}",
            shows=lambda q: f"grundy poset ruler-subspaces --d 14 --q {q}",
        ),
        lambda: verified_unless(
            first_failure(
                _brute_subspace_cases(quick),
                lambda nq: all(
                    v == {_table_2_row(nq[1])[d]} for d, v in _subspace_values_by_dim(*nq).items()
                ),
            ),
            checked,
            command="grundy poset ruler-subspaces --d 14 --q 2",
            false_note="a printed value differs",
            describe=lambda nq: f"B_{nq[0]}({nq[1]})",
        ),
    )


def _by_5_7_on_lattice(case: tuple[int, int]) -> bool:
    """Every subspace of B_n(q) has the value grundy's (5.7) gives its dimension."""
    n, q = case
    g = subspace_ruler_recursion(n, q)
    return all(vals == {g[d]} for d, vals in _subspace_values_by_dim(n, q).items())


def _printed_5_8(q: int, d: int) -> int:
    """The proof's (5.8) as printed: the sum over U ⊆ T ⊆ W, i.e. T = W included."""
    rows = _gaussian_parity_rows(d, q)
    g = _subspace_recursion(q, d)[0]
    return mex(_xor(g[k] for k in range(m, d + 1) if _G(rows, d - m, k - m)) for m in range(d + 1))


def _printed_5_8_words(qd: tuple[int, int]) -> str:
    q, d = qd
    g = _subspace_recursion(q, d)[0]
    return (
        f"q = {q}, dim W = {d}: (5.8) as printed gives mex{{g(0) ∔ g(W), g(W)}} = "
        f"{_printed_5_8(q, d)}, but g_{q}({d}) = {g[d]}"
    )


@statement(
    P004,
    "Lemma 5.2",
    "(1) the ruler value of W ∈ B_n(q) depends only on d = dim W; (2) g_q(d) = mex{s_q(d, m)}, "
    "s_q(d, m) = Σ*_{k=m}^{d−1} G_q(d−m, k−m) g_q(k) (5.7)",
)
def _lemma_5_2(quick: bool) -> Outcome:
    lattices = _lattices(quick)
    return first_failed(
        lambda: verified_unless(
            first_failure(_brute_subspace_cases(quick), _by_5_7_on_lattice),
            f"every subspace of {lattices}",
            false_note="(5.7) differs from the ruler on the lattice",
            describe=lambda nq: f"B_{nq[0]}({nq[1]})",
            shows=lambda nq: f"grundy poset values subspaces:{nq[0]}:{nq[1]}",
        ),
        lambda: verified_unless(
            first_failure(
                [(q, d) for d in range(1, 6) for q in (2, 3)],
                lambda qd: _printed_5_8(*qd) == _subspace_recursion(qd[0], qd[1])[0][qd[1]],
            ),
            f"(1) and (2) on every subspace of {lattices}",
            verdict=Verdict.PROOF_SLIP,
            false_note=(
                "the proof's (5.8) sums g over U ⊆ T ⊆ W, so T = W itself is included; by (4.1a) "
                "it must be excluded, as the next line (k ≤ d − 1) does"
            ),
            describe=_printed_5_8_words,
            shows=lambda qd: (
                f'grundy moves coin-turning "subspaces:{qd[1]}:{qd[0]} ruler {_whole_space(qd[1])}"'
            ),
        ),
    )


def _whole_space(d: int) -> str:
    """F_q^d in the poset notation of `grundy.posets.subspaces` (rows of the identity)."""
    return "<" + ",".join("".join("1" if j == i else "0" for j in range(d)) for i in range(d)) + ">"


@statement(P004, "Figure 5", "the ruler values of the elements of B_3(2)")
def _figure_5(quick: bool) -> Outcome:
    by_dim = _subspace_values_by_dim(3, 2)
    show = ", ".join(f"dim {d}: {sorted(v)[0]}" for d, v in sorted(by_dim.items()))
    return Outcome(
        Verdict.NOT_CHECKABLE,
        "B_3(2), all 16 subspaces computed",
        note=(
            "the figure's numbers are not in the text copy (caption only); computed: every "
            f"subspace of a dimension alike, {show} (= Table 2, q even)"
        ),
        command="grundy poset values subspaces:3:2",
    )


def _eq_5_11_fails(q: int, top: int) -> str | None:
    """Where (5.11) fails for odd q, d ≤ top ("(d, m) = …"), or that Pascal's rule mod 2
    (5.9) does; None when both hold."""
    rows = _gaussian_parity_rows(top, q)
    pascal = all(
        rows[n][r] == _G(rows, n - 1, r - 1) ^ _G(rows, n - 1, r)
        for n in range(1, top + 1)
        for r in range(n + 1)
    )
    g, s = _subspace_recursion(q, top)
    bad = next(
        (
            (d, m)
            for d in range(1, top + 1)
            for m in range(d)
            if s[d, m] != s[d, m + 1] ^ s[d - 1, m] ^ g[d - 1]  # (5.11)
        ),
        None,
    )
    if bad is not None:
        return f"(d, m) = {bad}"
    return None if pascal else "(5.9)"


def _lemma_5_3_first_line(d: int, m: int) -> int:
    """The first line of the proof (q = 3) as printed, with g_q(m) in both sums (g_q(k) is
    meant)."""
    rows = _gaussian_parity_rows(12, 3)
    g = _subspace_recursion(3, 12)[0]
    left = _xor(g[m] for k in range(m, d) if _G(rows, d - m - 1, k - m - 1))
    return left ^ _xor(g[m] for k in range(m, d) if _G(rows, d - m - 1, k - m))


@statement(
    P004,
    "Lemma 5.3",
    "for odd q, d ≥ 1, 0 ≤ m ≤ d − 1: s_q(d, m) = s_q(d, m+1) ∔ s_q(d−1, m) ∔ g_q(d−1) (5.11)",
)
def _lemma_5_3(quick: bool) -> Outcome:
    top, qs = (30, (3, 5)) if quick else (100, (3, 5, 7, 9))
    checked = f"(5.11) and (5.9) for d ≤ {top}, q = " + ", ".join(map(str, qs))
    failures = [(q, where) for q in qs if (where := _eq_5_11_fails(q, top)) is not None]
    s3 = _subspace_recursion(3, 12)[1]
    return first_failed(
        lambda: verified_unless(
            failures[0] if failures else None,
            checked,
            false_note="(5.11) or (5.9) fails",
            describe=lambda q_where: f"q = {q_where[0]}, {q_where[1]}",
            shows=lambda q_where: f"grundy poset ruler-subspaces --d {top} --q {q_where[0]}",
        ),
        lambda: verified_unless(
            first_failure(
                [(d, m) for d in range(1, 13) for m in range(d)],
                lambda dm: _lemma_5_3_first_line(*dm) == s3[dm],
            ),
            checked,
            verdict=Verdict.PROOF_SLIP,
            false_note=(
                "in the proof the summands are printed g_q(m); they must be g_q(k) (with g_q(k) "
                "every line holds); (5.11) itself is right"
            ),
            describe=lambda dm: (
                f"q = 3, d = {dm[0]}, m = {dm[1]}: the proof's first line gives "
                f"{_lemma_5_3_first_line(*dm)}, s_3({dm[0]}, {dm[1]}) = {s3[dm]}"
            ),
            shows=lambda dm: f"grundy poset ruler-subspaces --d {dm[0]} --q 3",
        ),
    )


# ================================================================ §5.4: ideal game on A_n
def _shift_is_isomorphism(n: int) -> bool:
    """The proof's F(x, y, z) = (x + l, y − l, z) maps Λ_x1 onto Λ_x2 as an order isomorphism."""
    P = posets.asm(n)
    first: dict[tuple[int, int], Triple] = {}
    for t in P.elements:
        x1 = first.setdefault((t[0] + t[1], t[2]), t)
        shift = t[0] - x1[0]
        lam1, lam2 = P.down_mask(P.index(x1)), P.down_mask(P.index(t))
        perm = [0] * len(P)
        for i in bits(lam1):
            x, y, z = P.elements[i]
            if (x + shift, y - shift, z) not in P:
                return False
            perm[i] = P.index((x + shift, y - shift, z))
        if _image(lam1, perm) != lam2:
            return False
        for i in bits(lam1):  # down-sets go to down-sets: an order isomorphism
            if _image(P.down_mask(i), perm) != P.down_mask(perm[i]):
                return False
    return True


@statement(
    P004,
    "Lemma 5.4",
    "in the order ideal game on A_n, g(x) depends only on (π_1(x), π_2(x)) = (ρ(x), z)",
)
def _lemma_5_4(quick: bool) -> Outcome:
    top, maps = (12, 7) if quick else (24, 10)
    return first_failed(
        lambda: verified_unless(
            first_failure(
                range(2, top + 1),
                lambda n: _fibres_constant(n, coin_turning.values(posets.asm(n), "ideal")) is None,
            ),
            f"A_n, n ≤ {top}",
            command="grundy poset values asm:6 --turning ideal",
            false_note="values differ on a fibre of π",
            describe=_asm,
        ),
        lambda: verified_unless(
            first_failure(range(2, maps + 1), _shift_is_isomorphism),
            f"A_n, n ≤ {top}; the proof's map F is an order isomorphism Λ_x1 → Λ_x2 for n ≤ {maps}",
            verdict=Verdict.PROOF_SLIP,
            command="grundy poset values asm:6 --turning ideal",
            false_note="the proof's map F fails",
            describe=_asm,
        ),
    )


def _formula_5_13_fails(n: int) -> str | None:
    """The first x0 ∈ A_n and the part of (5.13) that fails there, or None."""
    P = posets.asm(n)
    m = n - 2
    for x0 in P.elements:
        lam = set(P.principal_ideal(x0))
        x_0, y_0, z_0 = x0
        formula = {
            (x, y, z)
            for x in range(m + 1)
            for y in range(m + 1)
            for z in range(m + 1)
            if x >= x_0 and y >= y_0 and z <= z_0 and sum(x0) <= x + y + z <= m
        }
        if lam != formula:
            return f"{x0}: (5.13a)"
        r0, s0 = _pi(n, x0)
        region = {
            (r, s)
            for r in range(m + 1)
            for s in range(r + 1)
            if 0 <= s <= s0 and 0 <= r - s <= r0 - s0
        }
        fibres = Counter(_pi(n, t) for t in lam)
        if set(fibres) != region:
            return f"{x0}: (5.13b)"
        if any(c != r0 - r + 1 for (r, _), c in fibres.items()):
            return f"{x0}: (5.13c)"
    return None


family_check(
    P004,
    "Lemma 5.5",
    "Λ_x0 = {x ≥ x0, y ≥ y0, z ≤ z0, x0+y0+z0 ≤ x+y+z ≤ n−2} (5.13a); Λ_x0(r, s) ≠ ∅ iff "
    "(r, s) ∈ R_n(π(x0)) (5.13b); |Λ_x0(r, s)| = π_1(x0) − r + 1 (5.13c)",
    cases=lambda top: range(2, top + 1),
    holds=lambda n: _formula_5_13_fails(n) is None,
    quick={"top": 8},
    full={"top": 12},
    checked="every x0 ∈ A_n, n ≤ {top}",
    command='grundy moves coin-turning "asm:5 ideal (0,0,2)"',
    false_note="a part of (5.13) fails",
    describe=lambda n: f"A_{n}, x0 = {_formula_5_13_fails(n)}",
)


@statement(
    P004,
    "Figure 6",
    "Λ_(0,0,2) in A_5 (A) and its image under π with the size of each fibre (B)",
)
def _figure_6(quick: bool) -> Outcome:
    P = posets.asm(5)
    lam = P.principal_ideal((0, 0, 2))
    fibres = sorted(Counter(_pi(5, t) for t in lam).items())
    show = ", ".join(f"{rs}: {c}" for rs, c in fibres)
    return Outcome(
        Verdict.NOT_CHECKABLE,
        "Λ_(0,0,2) in A_5 computed",
        note=(
            "the figure's numbers are not in the text copy (caption and description only); "
            f"computed: |Λ| = {len(lam)}, fibre sizes {show} (as (5.13c) says)"
        ),
        command='grundy moves coin-turning "asm:5 ideal (0,0,2)"',
    )


def _star(n: int, t: Triple) -> bool:
    """(*) of Figure 7: π(t) = (0, 0), P_k = (2k+1, k) or Q_k = (2k+1, k+1)."""
    r, s = _pi(n, t)
    return (r, s) == (0, 0) or (r % 2 == 1 and s in ((r - 1) // 2, (r + 1) // 2))


family_check(
    P004,
    "Figure 7",
    "(*) the elements of value 1 are those with π = (0, 0), P_k = (2k+1, k) or "
    "Q_k = (2k+1, k+1), k ∈ N (equivalent to (1.3))",
    cases=lambda top: range(2, top + 1),
    holds=lambda n: all(
        _star(n, t) == (v == 1) == (theorem_1_1_value(n, *t) == 1)
        for t, v in coin_turning.values(posets.asm(n), "ideal").items()
    ),
    quick={"top": 12},
    full={"top": 30},
    checked="every element of A_n, n ≤ {top}: (*) ⟺ (1.3) ⟺ value 1",
    command="grundy poset ideal-asm --n 2..12",
    false_note="(*) differs",
    describe=_asm,
    shows=lambda n: f"grundy poset ideal-asm --n {n}",
)


# ================================================================ §6.1: ruler on A_n
family_check(
    P004,
    "Lemma 6.1",
    "(cited in §4.4, not printed) §6.1: in the ruler on A_n, g_J(x1) = g_J(x2) whenever "
    "π(x1) = π(x2), so ḡ_J(s, t) is well defined",
    cases=lambda top: range(2, top + 1),
    holds=lambda n: _fibres_constant(n, coin_turning.values(posets.asm(n), "ruler")) is None,
    quick={"top": 10},
    full={"top": 18},
    checked="every element of A_n, n ≤ {top}",
    note=(
        "no statement numbered Lemma 6.1 is printed: §4.4 says Proposition 4.2 'will be "
        "used to prove Lemma 5.4 and Lemma 6.1 for the ASM posets'; the unnumbered claim "
        "of §6.1 checked here (and Proposition 6.1) are what it can refer to"
    ),
    command="grundy poset values asm:6",
    false_note="two elements with the same π have different ruler values",
    describe=_asm,
    shows=lambda n: f"grundy poset values asm:{n}",
)


def _symmetry_fails(n: int) -> str | None:
    """What fails of Proposition 6.1 on A_n (ξ, η as bijections, order-preserving, (4.3)
    for the three families, the values), or None."""
    P = posets.asm(n)
    families = {
        "turtles": {(1 << j) | (1 << i) for i in range(len(P)) for j in bits(P.down_mask(i))},
        "ideal": {P.down_mask(i) for i in range(len(P))},
        "ruler": {
            P.up_mask(j) & P.down_mask(i) for i in range(len(P)) for j in bits(P.down_mask(i))
        },
    }
    values = {name: coin_turning.value_list(P, name) for name in FAMILY_NAMES}
    maps = {
        "ξ": lambda t: (t[1], t[0], t[2]),
        "η": lambda t: (t[0], t[1], n - 2 - sum(t)),
    }
    for label, f in maps.items():
        perm = [P.index(f(t)) for t in P.elements]
        if sorted(perm) != list(range(len(P))):
            return f"{label} is not a bijection"
        for i in range(len(P)):
            if _image(P.down_mask(i), perm) != P.down_mask(perm[i]):
                return f"{label} does not preserve the order at {P.elements[i]}"
        for name, fam in families.items():
            if {_image(T, perm) for T in fam} != fam:
                return f"{label} does not satisfy (4.3) for {name}"
            g = values[name]
            if any(g[i] != g[perm[i]] for i in range(len(P))):
                return f"{label} changes a {name} value"
    table = asm_ruler_table(n)
    if any(table[r, s] != table[r, r - s] for r, s in table):
        return "ḡ(s, t) ≠ ḡ(s, s − t)"
    return None


family_check(
    P004,
    "Proposition 6.1",
    "ξ(x, y, z) = (y, x, z) and η(x, y, z) = (x, y, n−2−(x+y+z)) are order-preserving "
    "bijections of A_n satisfying (4.3) for 𝒯 = IT, O, J; hence ḡ_J(s, t) = ḡ_J(s, s − t)",
    cases=lambda top: range(2, top + 1),
    holds=lambda n: _symmetry_fails(n) is None,
    quick={"top": 7},
    full={"top": 11},
    checked="A_n, n ≤ {top}: both maps, the three families (IT read as turning turtles), "
    "all values",
    command="grundy poset ruler-asm --n 8",
    false_note="a map or a value is not as stated",
    describe=lambda n: f"A_{n}: {_symmetry_fails(n)}",
    shows=lambda n: f"grundy poset ruler-asm --n {n}",
)


@statement(P004, "Table 3", "the values of ḡ_J(s, t), the ruler on A_n, for small (s, t)")
def _table_3(quick: bool) -> Outcome:
    top = 9 if quick else 16
    for n in range(2, top + 1):  # the counting table against the ruler on the poset itself
        table = asm_ruler_table(n)
        on_poset = {_pi(n, t): v for t, v in coin_turning.values(posets.asm(n), "ruler").items()}
        if table != on_poset:
            raise AssertionError(f"asm_ruler_table({n}) disagrees with the ruler on A_{n}")
    table = asm_ruler_table(7)
    rows = "; ".join(
        f"r={r}: " + " ".join(str(table[r, s]) for s in range(r + 1)) for r in range(6)
    )
    return Outcome(
        Verdict.NOT_CHECKABLE,
        f"ḡ computed for ranks ≤ {top - 2} two ways (counting, and the ruler on A_n itself)",
        note=(
            "the table's numbers are not in the text copy (the PDF extraction lost them); "
            f"computed rows: {rows}"
        ),
        command="grundy poset ruler-asm --n 12",
    )


# ================================================================ §6.2: ruler on Π_n
def _by_type_holds(n: int, h: list[int]) -> bool:
    """Theorem 6.1 on Π_n: (i) the value depends on the type only; (ii) it is ⊗ of the h's;
    the rank is §3.2's n − #blocks."""
    P, g = _partition_ruler(n)
    rank = P.rank  # §3.2: ρ(π) = n − #blocks, singletons at the bottom
    if rank is None or any(rank[p] != n - len(p) for p in P.elements):
        return False
    by_type: dict[Key, set[int]] = {}
    for p, v in g.items():
        by_type.setdefault(_type(p), set()).add(v)
    return all(vals == {nim.mul(*(h[k - 1] for k in lam))} for lam, vals in by_type.items())


@statement(
    P004,
    "Theorem 6.1",
    "ruler on Π_n: (i) g_n(π) depends only on the type λ = p(π); "
    "(ii) g_n(λ) = g_{λ_1}(λ_1) ⊗ ⋯ ⊗ g_{λ_r}(λ_r)",
)
def _theorem_6_1(quick: bool) -> Outcome:
    top = 6 if quick else 7
    h = _h_on_posets(top)
    # the proof reads "X has the minimum element 0̂ = {1, 2, …, n}": compute with that order
    flipped = [
        coin_turning.values(_dual(posets.set_partitions(n)), "ruler")[_one_block(n)]
        for n in range(1, top + 1)
    ]
    # (ii) read in the reversed order: every type would get ⊗ of those h's
    broken = next(
        (n, p, v)
        for n in range(1, top + 1)
        for p, v in coin_turning.values(_dual(posets.set_partitions(n)), "ruler").items()
        if v != nim.mul(*(flipped[len(b) - 1] for b in p))
    )
    shown = "|".join("".join(map(str, b)) for b in broken[1])
    return first_failed(
        lambda: verified_unless(
            first_failure(range(1, top + 1), lambda n: _by_type_holds(n, h)),
            f"Π_n, n ≤ {top}",
            false_note="(i) or (ii) fails",
            describe=lambda n: f"Π_{n}",
            shows=lambda n: f"grundy poset values set-partitions:{n}",
        ),
        lambda: verified_unless(
            first_failure(range(1, top + 1), lambda n: flipped[n - 1] == TABLE_4[n - 1]),
            f"every set partition of {{1, …, n}}, n ≤ {top}, ruler on Π_n ordered as in §3.2",
            verdict=Verdict.PROOF_SLIP,
            false_note=(
                "the proof says 'X has the minimum element 0̂ = {1, 2, …, n}', but §3.2 fixes "
                "the order without ambiguity (π ≤ σ when every block of π lies in a block of σ; "
                "its example {1}{4}{36} ≤ {14}{36}; rank n − #blocks), so {1, …, n} is the "
                "maximum and 0̂ is the partition into singletons; with that 0̂ the proof's "
                "[0̂, π] ≅ Π_λ1 × Π_λ2 × ⋯ holds and the ruler gives Table 4; read with {1, …, n} "
                "at the bottom (the reversed order) the ruler gives the one-block partition the "
                f"value {', '.join(map(str, sorted(set(flipped))))} for every n ≤ {top}, and "
                f"(ii) fails (in Π_{broken[0]}, {shown} gets {broken[2]}, (ii) would give 1)"
            ),
            describe=lambda n: (
                f"Π_{n}: with {{1, 2}} as the minimum the one-block partition has "
                f"value {flipped[n - 1]}, Table 4 and the §3.2 order give h({n}) = {h[n - 1]}"
            ),
            command="grundy poset values set-partitions:2",
        ),
    )


@statement(
    P004,
    "Table 4",
    "h(n) = g_n((n)) for n = 1..17: 1, 2, 1, 4, 1, 2, 1, 7, 15, 16, 8, 5, 19, 5, 37, 17, 14",
)
def _table_4(quick: bool) -> Outcome:
    poset_top, top = (6, 12) if quick else (8, 17)
    on_posets = _h_on_posets(poset_top)
    by_types = _h_by_types(top)
    if by_types != set_partition_ruler(top):
        raise AssertionError("grundy's set_partition_ruler disagrees with the type recursion")
    return verified_unless(
        first_failure(
            range(1, top + 1),
            lambda n: (
                by_types[n - 1] == TABLE_4[n - 1]
                and (n > poset_top or on_posets[n - 1] == TABLE_4[n - 1])
            ),
        ),
        f"n ≤ {top} as printed (n ≤ {poset_top} by the ruler on the poset Π_n itself; "
        "beyond by (4.1a) grouped by types with Theorem 6.1 (ii))",
        command=f"grundy poset ruler-set-partitions --n 1..{top}",
        false_note="a printed value differs",
        describe=lambda n: f"h({n}) = {by_types[n - 1]}, printed {TABLE_4[n - 1]}",
        shows=lambda n: f"grundy poset ruler-set-partitions --n {n}",
    )


def _counts_above(n: int) -> tuple[Key, Key] | None:
    """The first (λ, μ) where grundy's M_n(λ, μ) of (6.2) (`refinement_count`) differs from
    the count of the τ ≥ π of type λ in Π_n, π of type μ; or a cover π ⋖ σ whose types do not
    refine (p must be order-preserving); None when all agree."""
    P = posets.set_partitions(n)
    for a, b in P.covers():
        if not _refines(_type(a), _type(b)):
            return (_type(a), _type(b))
    firsts: dict[Key, tuple] = {}
    for p in P.elements:
        firsts.setdefault(_type(p), p)
    for mu, pi in firsts.items():
        above = Counter(_type(t) for t in P.principal_filter(pi))
        for lam in _int_partitions(n):
            if above.get(lam, 0) != refinement_count(lam, mu):
                return (lam, mu)
    return None


def _examples_6_2() -> bool:
    """The examples of §6.2: 𝒫_4, (5,5,1) refines (6,5) not (7,4), 𝒫_n((4,2), 1²2²)."""
    return (
        set(_int_partitions(4)) == {(4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1)}
        and _refines((5, 5, 1), (6, 5))
        and not _refines((5, 5, 1), (7, 4))
        and refinement_multisets((4, 2), (2, 2, 1, 1)) == {((1, 1), (2, 2)), ((2,), (2, 1, 1))}
    )


@statement(
    P004,
    "Proposition 6.2",
    "the number of τ ∈ Π_n of type λ with τ ≥ π, π of type μ, is M_n(λ, μ) of (6.2)",
)
def _proposition_6_2(quick: bool) -> Outcome:
    top = 5 if quick else 7
    bad = first_failure(range(1, top + 1), lambda n: _counts_above(n) is None)
    return verified_unless(
        bad if bad is not None or _examples_6_2() else "the examples",
        f"every pair of types λ, μ ⊢ n, n ≤ {top}, against counts on Π_n; p order-preserving; "
        "the examples of §6.2 (𝒫_4, (5,5,1) refines (6,5) not (7,4), 𝒫_n((4,2), 1²2²))",
        command="grundy poset values set-partitions:4",
        false_note="(6.2) or an example fails",
        describe=lambda n: n if isinstance(n, str) else f"n = {n}: (λ, μ) = {_counts_above(n)}",
    )


def _coarsening_sums(n: int) -> tuple[list[int], list[int], int]:
    """On Π_n: ⊕_{τ ≥ π} g(τ) over every π as printed in (6.3), the same without τ = [n],
    and h(n)."""
    P, g = _partition_ruler(n)
    values = [g[p] for p in P.elements]
    top = P.index(_one_block(n))
    printed, excluded = [], []
    for i in range(len(P)):
        up = P.up_mask(i)
        printed.append(_masked_xor(up, values))
        excluded.append(_masked_xor(up & ~(1 << top), values))
    return printed, excluded, values[top]


@statement(
    P004,
    "(6.3)",
    "h(n) = mex{s_n(π) : π ∈ Π_n} with s_n(π) := Σ*_{τ ∈ Π_n, τ ≥ π} g_n(τ) (by Theorem 4.1)",
)
def _equation_6_3(quick: bool) -> Outcome:
    top = 6 if quick else 8
    sums = {n: _coarsening_sums(n) for n in range(1, top + 1)}
    excluded_bad = first_failure(range(1, top + 1), lambda n: mex(sums[n][1]) == sums[n][2])
    wrong = ", ".join(f"n = {n}: mex = {mex(sums[n][0])}, h = {sums[n][2]}" for n in (1, 2))
    return verified_unless(
        first_failure(range(1, top + 1), lambda n: mex(sums[n][0]) == sums[n][2]),
        f"Π_n, n ≤ {top} (the sum as printed and with τ = {{1, …, n}} left out)",
        false_note=(
            "the sum includes the one-block partition τ = {1, …, n}, whose value h(n) is the "
            "unknown (circular; with the true h(n) the mex is wrong); by (4.1a) it must be left "
            "out, as the worked example does (I_μ ∖ {(4)}, 's_4(4) = 0'), and then the mex is "
            "h(n) for "
            + (f"every n ≤ {top}" if excluded_bad is None else f"n < {excluded_bad} only")
            + "; filed false as stated, not as a proof slip: (6.3) is the paper's displayed "
            "claim of how h(n) is computed, not a step in the proof of a numbered statement"
            + "; Table 4 is unaffected"
        ),
        describe=lambda _: (
            f"{wrong} (Π_1: s_1(1) = h(1) = 1 and mex{{1}} = 0; Π_2: mex{{1 ∔ 2, 2}})"
        ),
        command='grundy moves coin-turning "set-partitions:2 ruler 12"',
    )


def _rewriting_holds(n: int, h: list[int]) -> bool:
    """(6.4) with λ = (n) and without it equals the sum (6.3) over Π_n, with and without."""
    P = _partition_ruler(n)[0]
    printed, excluded, _ = _coarsening_sums(n)
    types = _int_partitions(n)
    for mu in types:
        terms = [
            (lam, nim.mul(*(h[k - 1] for k in lam)) if refinement_count(lam, mu) % 2 else 0)
            for lam in types
        ]
        with_top = _xor(v for _, v in terms)
        without = _xor(v for lam, v in terms if lam != (n,))
        for i, p in enumerate(P.elements):
            if _type(p) == mu and (printed[i], excluded[i]) != (with_top, without):
                return False
    return True


family_check(
    P004,
    "(6.4)",
    "(6.3) can be written s_n(μ) = Σ*_{λ ∈ 𝒫_n, λ ≥ μ} M_n(λ, μ) g_n(λ)",
    cases=lambda top: range(1, top + 1),
    holds=lambda n: _rewriting_holds(n, _h_on_posets(n)),
    quick={"top": 5},
    full={"top": 7},
    checked="every π ∈ Π_n, n ≤ {top}: (6.4) equals the sum (6.3) over the poset, both with and "
    "without λ = (n)",
    note="as a rewriting of (6.3) it is right; it inherits (6.3)'s inclusion of λ = (n)",
    command="grundy poset values set-partitions:4",
    false_note="(6.4) differs from (6.3)",
    describe=lambda n: f"Π_{n}",
    shows=lambda n: f"grundy poset values set-partitions:{n}",
)


@statement(
    P004,
    "Figure 9",
    "worked example n = 4: g_4(λ) (A), s_4(μ) (B); for μ = 1²2, I_μ ∖ {(4)} = {1²2, 13, 2²}, "
    "M = 1, 2, 1, s_4(1²2) = 1·2 + 2·1 + 1·3 = 1; s_4(4) = 0; h(4) = 4",
)
def _figure_9(quick: bool) -> Outcome:
    P, g = _partition_ruler(4)
    g4: dict[Key, int] = {_type(p): v for p, v in g.items()}
    _, excluded, h4 = _coarsening_sums(4)
    s4: dict[Key, int] = {_type(p): excluded[i] for i, p in enumerate(P.elements)}
    mu = (2, 1, 1)
    interval = {lam for lam in _int_partitions(4) if _refines(mu, lam)} - {(4,)}
    printed_M = {  # the fractions as printed in a), b), c)
        (2, 1, 1): factorial(2) * factorial(1) // (1 * 1 * 1 * factorial(2) * 1),
        (3, 1): factorial(2) * factorial(1) // 1,
        (2, 2): factorial(2) * factorial(1) // (factorial(2) * 1 * 1 * 1),
    }
    printed_g = {(2, 1, 1): 2, (3, 1): 1, (2, 2): 3}  # read off 1·2 + 2·1 + 1·3
    printed_s = _xor(g4[lam] if printed_M[lam] % 2 else 0 for lam in printed_M)
    ok = (
        interval == {(2, 1, 1), (3, 1), (2, 2)}
        and all(printed_M[lam] == refinement_count(lam, mu) for lam in printed_M)
        and all(g4[lam] == printed_g[lam] for lam in printed_g)
        and printed_s == s4[mu] == 1
        and s4[(4,)] == 0
        and h4 == mex(s4.values()) == 4
    )
    shown_g = ", ".join(f"{''.join(map(str, lam))}: {v}" for lam, v in sorted(g4.items()))
    shown_s = ", ".join(f"{''.join(map(str, lam))}: {v}" for lam, v in sorted(s4.items()))
    return first_failed(
        lambda: verified_unless(
            None if ok else "n = 4",
            "n = 4",
            false_note="a value of the worked example differs",
            describe=lambda _: f"g_4 = {{{shown_g}}}, s_4 = {{{shown_s}}}",
            command="grundy poset values set-partitions:4",
        ),
        # the typos of the text, found by reading it: always there
        lambda: Outcome(
            Verdict.PROOF_SLIP,
            f"n = 4 on Π_4: every value of the text holds (g_4 = {shown_g}; s_4 = {shown_s}; "
            "the figure's own numbers are not in the text copy)",
            note=(
                "typos: 'I_μ the interval [μ, 6] in 𝒫_6 for μ ∈ 𝒫_6' and '𝒫_6(λ, μ)' in b), c) "
                "mean [μ, (4)] in 𝒫_4 and 𝒫_4(λ, μ); the example leaves τ = {1, …, n} out, "
                "unlike (6.3)"
            ),
            counterexample=(
                "for λ, μ ⊢ 4, 𝒫_6(λ, μ) and [μ, 6] ⊂ 𝒫_6 are empty / undefined; the example's "
                "own I_μ ∖ {(4)} = {1²2, 13, 2²} is [1²2, (4)] ∖ {(4)} in 𝒫_4"
            ),
            command="grundy poset values set-partitions:4",
        ),
    )


# ================================================================ Appendix A
def _subsets(universe: int) -> list[frozenset[int]]:
    return [frozenset(i for i in range(universe) if mask >> i & 1) for mask in range(1 << universe)]


def _sets_words(st: tuple[frozenset[int], frozenset[int]]) -> str:
    return f"S = {set(st[0])}, T = {set(st[1])}"


family_check(
    P004,
    "Proposition A.1",
    "for S ⊂ T ⊊ N: (i) mex(S) ≤ mex(T); (ii) mex(S) = mex(T) if mex(S) ∉ T",
    cases=lambda last: [(S, T) for T in _subsets(last + 1) for S in _subsets(last + 1) if S <= T],
    holds=lambda st: mex(st[0]) <= mex(st[1]) and (mex(st[0]) in st[1] or mex(st[0]) == mex(st[1])),
    quick={"last": 5},
    full={"last": 7},
    checked="every S ⊆ T ⊆ {{0, …, {last}}}",
    command="grundy nim add 3 5",
    false_note="fails",
    describe=_sets_words,
)


@statement(
    P004,
    "Proposition A.2",
    "∔ of (2.2): (I) a ∔ b ≠ a ∔ c if b ≠ c; (II) commutative; (III) a ∔ 0 = a; (IV) a ∔ a = 0; "
    "(V) associative",
)
def _proposition_a_2(quick: bool) -> Outcome:
    size = 16 if quick else 32
    t = _mex_sum_table(size)
    r = range(size)
    half = range(size // 2)  # sums of numbers below a 2-power stay below it
    checks = {
        "(I)": all(len({t[a][b] for b in r}) == size for a in r),
        "(II)": all(t[a][b] == t[b][a] for a in r for b in r),
        "(III)": all(t[a][0] == t[0][a] == a for a in r),
        "(IV)": all(t[a][a] == 0 for a in r),
        "(V)": all(t[t[a][b]][c] == t[a][t[b][c]] for a in half for b in half for c in half),
    }
    return verified_unless(
        [k for k, ok in checks.items() if not ok] or None,
        f"a, b, c < {size} with ∔ by the mex definition (2.2)",
        command="grundy nim add 3 5 6",
        false_note="a property fails",
        describe=", ".join,
    )


family_check(
    P004,
    "Lemma A.1",
    "if c < a ⊕ b there is a′ < a with a′ ⊕ b = c or b′ < b with a ⊕ b′ = c",
    cases=lambda size: ((a, b, c) for a in range(size) for b in range(size) for c in range(a ^ b)),
    # the proof: exactly one of b ⊕ c < a, a ⊕ c < b
    holds=lambda abc: ((abc[1] ^ abc[2]) < abc[0]) != ((abc[0] ^ abc[2]) < abc[1]),
    quick={"size": 32},
    full={"size": 128},
    checked="a, b < {size}, every c < a ⊕ b (and the proof's 'exactly one of b ⊕ c < a, "
    "a ⊕ c < b')",
    command="grundy nim add 5 9",
    false_note="fails",
)


@statement(
    P004,
    "Theorem A.1",
    "a ∔ b (the mex definition (2.2)) = a ⊕ b (binary addition without carry; e.g. 5 ⊕ 9 = 12)",
)
def _theorem_a_1(quick: bool) -> Outcome:
    size = 64 if quick else 128
    t = _mex_sum_table(size)
    bad = first_failure(
        [(a, b) for a in range(size) for b in range(size)],
        lambda ab: t[ab[0]][ab[1]] == ab[0] ^ ab[1],
    )
    return verified_unless(
        bad if bad is not None or 5 ^ 9 == 12 == nim.add(5, 9) else (5, 9),
        f"a, b < {size}",
        command="grundy nim add 5 9",
        false_note="the mex nim-sum differs from XOR",
    )


def _lemma_a_2_holds(st: tuple[frozenset[int], frozenset[int]]) -> bool:
    S, T = st
    a, b = mex(S), mex(T)
    return a ^ b == mex({s ^ b for s in S} | {a ^ t for t in T})


family_check(
    P004,
    "Lemma A.2",
    "if mex(S) = a and mex(T) = b then a ∔ b = mex({s ∔ b : s ∈ S} ∪ {a ∔ t : t ∈ T})",
    cases=lambda last: [(S, T) for S in _subsets(last + 1) for T in _subsets(last + 1)],
    holds=_lemma_a_2_holds,
    quick={"last": 5},
    full={"last": 7},
    checked="every S, T ⊆ {{0, …, {last}}}",
    command="grundy nim add 3 5",
    false_note="fails",
    describe=_sets_words,
)


def _corollary_a_1_holds(family: tuple[frozenset[int], ...]) -> bool:
    a = [mex(S) for S in family]
    total = _xor(a)
    return total == mex({total ^ a[i] ^ s for i, S in enumerate(family) for s in S})


family_check(
    P004,
    "Corollary A.1",
    "if mex S_i = a_i (1 ≤ i ≤ n) then Σ* a_i = mex ∪_i {Σ*_{k≠i} a_k ∔ s : s ∈ S_i} (A.1)",
    cases=lambda last: itertools.product(_subsets(last + 1), repeat=3),
    holds=_corollary_a_1_holds,
    quick={"last": 3},
    full={"last": 4},
    checked="n = 3 and every S_1, S_2, S_3 ⊆ {{0, …, {last}}} (n = 2 is Lemma A.2)",
    command="grundy nim add 1 2 3",
    false_note="fails",
    describe=lambda family: str([set(S) for S in family]),
)


@statement(
    P004,
    "Proposition A.3",
    "⊗ of (2.4): (i) a ⊗ 0 = 0, a ⊗ 1 = a; (ii) commutative; (iii) for b ≠ 0, a_1 ⊗ b = "
    "a_2 ⊗ b iff a_1 ⊗ a_2 = 0; (iv) distributive over ∔; (v) associative",
)
def _proposition_a_3(quick: bool) -> Outcome:
    size = 16
    t = _mex_mul_table(size)
    r = range(size)
    if not all(t[a][b] == nim.mul(a, b) for a in r for b in r):
        raise AssertionError("grundy.nim.mul disagrees with the mex definition (2.4)")
    checks = {
        "(i)": all(t[a][0] == 0 and t[a][1] == a for a in r),
        "(ii)": all(t[a][b] == t[b][a] for a in r for b in r),
        "(iv)": all(t[a ^ b][c] == t[a][c] ^ t[b][c] for a in r for b in r for c in r),
        "(v)": all(t[t[a][b]][c] == t[a][t[b][c]] for a in r for b in r for c in r),
    }
    triples = [(a1, a2, b) for b in range(1, size) for a1 in r for a2 in r]
    intended = all((t[a1][b] == t[a2][b]) == (a1 ^ a2 == 0) for a1, a2, b in triples)

    def iii_as_printed(abc: tuple[int, int, int]) -> bool:
        a1, a2, b = abc
        return (t[a1][b] == t[a2][b]) == (t[a1][a2] == 0)

    return first_failed(
        lambda: verified_unless(
            [k for k, ok in checks.items() if not ok] or None,
            f"a, b, c < {size}",
            command="grundy nim mul 2 3",
            false_note="a property fails",
            describe=", ".join,
        ),
        lambda: verified_unless(
            first_failure(triples, iii_as_printed),
            f"a, b, c, a_1, a_2 < {size} with ⊗ by the mex definition (2.4) (= grundy.nim.mul)",
            command="grundy nim mul 2 3",
            false_note=(
                "(iii) as printed ('iff a_1 ⊗ a_2 = 0') is false; with 'a_1 ∔ a_2 = 0' (a_1 = a_2, "
                f"cancellation) it holds{' for all a_1, a_2, b < 16' if intended else ''}; "
                "(i), (ii), (iv), (v) hold"
            ),
            describe=lambda abc: (
                f"a_1 = {abc[0]}, a_2 = {abc[1]}, b = {abc[2]}: a_1 ⊗ b = {t[abc[0]][abc[2]]}, "
                f"a_2 ⊗ b = {t[abc[1]][abc[2]]}, a_1 ⊗ a_2 = {t[abc[0]][abc[1]]}"
            ),
            shows=lambda abc: f"grundy nim mul {abc[0]} {abc[1]}",
        ),
    )


# ================================================================ Appendix B
@statement(
    P004,
    "(B.1)",
    "Φ_m^n = Σ*_{x=m}^{n−1} R(x); e.g. Φ_3^6 = 4, S(6) = {Φ_x^6 : x = 1..6} = {0, 1, 4, 5, 6, 7}",
)
def _equation_b_1(quick: bool) -> Outcome:
    prefix = _ruler_prefix(6)
    phi36 = prefix[6] ^ prefix[3]
    s6 = {prefix[6] ^ prefix[x] for x in range(1, 7)}
    return verified_unless(
        None if phi36 == 4 and s6 == {0, 1, 4, 5, 6, 7} else (phi36, sorted(s6)),
        "the two printed examples",
        command="grundy nim add 1 4 1",
        false_note="an example differs",
        describe=lambda found: f"Φ_3^6 = {found[0]}, S(6) = {found[1]}",
    )


def _first_repeat(values: list[int]) -> tuple[int, int] | None:
    """The first (m, n), m < n, with values[m] = values[n] (indices from 1), or None."""
    seen: dict[int, int] = {}
    for n in range(1, len(values)):
        if values[n] in seen:
            return seen[values[n]], n
        seen[values[n]] = n
    return None


@statement(P004, "Lemma B.1", "Φ_m^n ≠ 0 for all 1 ≤ m < n")
def _lemma_b_1(quick: bool) -> Outcome:
    top = 512 if quick else 8192
    # Φ_m^n = 0 iff prefix[m] = prefix[n]
    return verified_unless(
        _first_repeat(_ruler_prefix(top)),
        f"1 ≤ m < n ≤ {top}",
        command="grundy nim add 1 2 1 4",
        false_note="a Φ vanishes",
        describe=lambda mn: f"m = {mn[0]}, n = {mn[1]}",
    )


@statement(
    P004,
    "Lemma B.2",
    "i) Φ_m^n (m = 1..n) distinct; ii) S(2^k) = {0, …, 2^k − 1}; iii) S(2^k) ⊆ S(n) and "
    "iv) 2^k ∉ S(n) for k = d_min(n)",
)
def _lemma_b_2(quick: bool) -> Outcome:
    top = 256 if quick else 1024
    prefix = _ruler_prefix(top)

    def S(n: int) -> set[int]:
        return {prefix[n] ^ prefix[x] for x in range(1, n + 1)}

    def holds(n: int) -> bool:
        values, k = S(n), _dmin(n)
        ok = len(values) == n and S(2**k) <= values and 2**k not in values
        if n & (n - 1) == 0:
            ok = ok and values == set(range(n))
        return ok and mex(values) == ruler_function(n)

    return verified_unless(
        first_failure(range(1, top + 1), holds),
        f"n ≤ {top} (and mex S(n) = R(n), the conclusion for Lemma 5.1)",
        command="grundy poset values chain:16",
        false_note="a part fails",
        describe=lambda n: f"n = {n}",
    )
