"""The checks of paper 004 (Ishikawa, Ohmoto, Tagawa, Takayama: coin turning games on posets).

One row per numbered statement, table and figure with values, in the paper's
order (Appendices A and B included).  The game side is always computed:

* whole-game search (`grundy.Solver` with ``fast=False``, no closed form) on
  posets of at most ten elements, with the turning sets of Definition 4.2
  written out here from the order relation alone;
* Lenstra's recursion (4.1a), written out here, on larger posets, and the
  bitset evaluation of `grundy.games.coin_turning` where the posets are too
  large for the literal one (the Theorem 4.1 row checks that the two agree);
* the paper's formulas, typed in as printed ((1.3), (5.4), (5.6), (5.7), (5.11),
  (5.13), (6.2), (6.3), …), and its tables transcribed from the text.

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

>>> from grundy.reproduce.core import statements
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

from grundy import Solver, get_ruleset, nim, posets
from grundy.game import FunctionRuleset, Ruleset
from grundy.games import coin_turning
from grundy.games.asm_ruler import asm_ruler_table, check_theorem_1_1
from grundy.games.coin_turning import RULESET as COINS
from grundy.games.coin_turning import CoinPosition
from grundy.games.set_partition_ruler import set_partition_ruler
from grundy.nim import mex
from grundy.partition import partitions
from grundy.posets import Poset, bits
from grundy.posets.families import factorize
from grundy.reproduce.rows import Outcome, Verdict, first_failure, statement, verified_unless

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
#: Table 4: h(n) for n = 1..17.
TABLE_4 = (1, 2, 1, 4, 1, 2, 1, 7, 15, 16, 8, 5, 19, 5, 37, 17, 14)


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


def _R(x: int) -> int:
    """The ruler sequence R(x) = 2^{d_min(x)} (Definition 5.1)."""
    return 2 ** _dmin(x)


def _ruler_prefix(n: int) -> list[int]:
    """P[k] = R(1) ⊕ … ⊕ R(k − 1), so Φ_m^n of (B.1) is P[n] ⊕ P[m]."""
    prefix = [0, 0]
    for x in range(1, n):
        prefix.append(prefix[-1] ^ _R(x))
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


def _formula_1_3(n: int, t: Triple) -> int:
    """(1.3): g = 1 if ρ = 0 or ρ = 2z ± 1, else 0."""
    r = _rho(n, t)
    return 1 if r == 0 or r in (2 * t[2] + 1, 2 * t[2] - 1) else 0


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


def _sub_multisets(pool: Counter, total: int) -> Iterator[Key]:
    """Sub-multisets of `pool` with sum `total` (parts decreasing)."""
    keys = sorted(pool, reverse=True)

    def rec(i: int, rest: int) -> Iterator[Key]:
        if rest == 0:
            yield ()
            return
        if i == len(keys):
            return
        p = keys[i]
        for c in range(min(pool[p], rest // p), -1, -1):
            for tail in rec(i + 1, rest - c * p):
                yield (p,) * c + tail

    yield from rec(0, total)


def _P_n(lam: Key, mu: Key) -> set[tuple[Key, ...]]:
    """𝒫_n(λ, μ) of §6.2: multisets ν = (ν^(1), …, ν^(r)), |ν^(j)| = λ_j, ν^(1) ∪ … = μ."""
    found: set[tuple[Key, ...]] = set()

    def rec(j: int, pool: Counter, chosen: list[Key]) -> None:
        if j == len(lam):
            if not +pool:
                found.add(tuple(sorted(chosen)))
            return
        for nu in _sub_multisets(+pool, lam[j]):
            rec(j + 1, pool - Counter(nu), [*chosen, nu])

    rec(0, Counter(mu), [])
    return found


@cache
def _M(lam: Key, mu: Key) -> int:
    """(6.2): Σ_ν ∏ m_i(μ)! / (∏_j ∏_i m_i(ν^(j))! · ∏_k m_{α^(k)}(ν)!)."""
    numerator = 1
    for m in _mult(mu).values():
        numerator *= factorial(m)
    total = 0
    for nu in _P_n(lam, mu):
        denominator = 1
        for part in nu:
            for m in _mult(part).values():
                denominator *= factorial(m)
        for m in _mult(nu).values():
            denominator *= factorial(m)
        total += numerator // denominator
    return total


def _refines(mu: Key, lam: Key) -> bool:
    """μ ≤ λ in 𝒫_n: each part of λ is a sum of parts of μ, every part used once."""
    return sum(mu) == sum(lam) and bool(_P_n(lam, mu))


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
@statement(
    P004,
    "Theorem 1.1",
    "order ideal game on A_n: g(x, y, z) = 1 if ρ(x, y, z) = 0 or ρ = 2z ± 1, else 0 (1.3)",
)
def _theorem_1_1(quick: bool) -> Outcome:
    small, top = (8, 12) if quick else (10, 30)

    def holds(n: int) -> bool:
        if n <= small:  # literal (4.1a) on A_n built from (1.2)
            P = _asm_from_1_2(n)
            g = dict(zip(P.elements, _values(_family_sets(P, "ideal")), strict=True))
        else:
            g = coin_turning.values(posets.asm(n), "ideal")
        library = check_theorem_1_1(n)["holds"]  # the library's own check (Lemma 4.1 bitsets)
        return library and all(g[t] == _formula_1_3(n, t) for t in g)

    return verified_unless(
        first_failure(range(2, top + 1), holds),
        f"every element of A_n, n ≤ {top} (n ≤ {small} by (4.1a) on the order (1.2))",
        command="grundy poset ideal-asm --n 2..12",
        false_note="(1.3) differs from the computed ideal game",
        describe=lambda n: f"n = {n}",
        shows=lambda n: f"grundy poset ideal-asm --n {n}",
    )


# ================================================================ §2: Theorem 2.1
def _combined(first: Ruleset, second: Ruleset) -> FunctionRuleset:
    """The combined game A_1 + A_2 of Definition 2.3, positions (P_1, P_2), options (2.1)."""

    def options(pos: tuple) -> list[tuple]:
        p1, p2 = pos
        return [(c, p2) for _, c in first.options(p1)] + [(p1, c) for _, c in second.options(p2)]

    return FunctionRuleset(options, name=f"{first.name}+{second.name}", parse=lambda x: x)


@statement(
    P004,
    "Theorem 2.1",
    "the Grundy function of A_1 + A_2 is g(P_1, P_2) = g_1(P_1) ∔ g_2(P_2) (2.3)",
)
def _theorem_2_1(quick: bool) -> Outcome:
    size = 4 if quick else 6
    diagrams = [p for n in range(size + 1) for p in partitions(n)]
    cases = []
    for a, b in (("cr", "lctr"), ("chomp", "cr")):
        first, second = get_ruleset(a), get_ruleset(b)
        both = Solver(_combined(first, second), fast=False)
        one, two = Solver(first, fast=False), Solver(second, fast=False)
        cases += [(a, b, p1, p2, both, one, two) for p1 in diagrams for p2 in diagrams]
    bad = first_failure(
        cases, lambda c: c[4].value((c[2], c[3])) == c[5].value(c[2]) ^ c[6].value(c[3])
    )
    return verified_unless(
        bad,
        f"Column-Row + LCTR and Chomp + Column-Row, every pair of diagrams of ≤ {size} boxes "
        "(whole-game search of the combined game)",
        command='grundy value cris "2,1 + 3"',
        false_note="the combined game's value is not the nim-sum",
        describe=lambda c: f"{c[0]} {c[2]} + {c[1]} {c[3]}",
    )


# ================================================================ §3: A_n
@statement(
    P004,
    "(3.1)",
    "A_n is graded with rank function ρ(x, y, z) = n − 2 − (x + y) ([16, Proposition 3.4])",
)
def _rank_3_1(quick: bool) -> Outcome:
    top = 7 if quick else 10

    def holds(n: int) -> bool:
        P = _asm_from_1_2(n)
        rank = P.rank
        return rank is not None and all(rank[t] == _rho(n, t) for t in P.elements)

    return verified_unless(
        first_failure(range(2, top + 1), holds),
        f"A_n built from (1.1)–(1.2), n ≤ {top}",
        command="grundy poset values asm:5",
        false_note="not graded with that rank",
        describe=_asm,
        shows=lambda n: f"grundy poset values asm:{n}",
    )


@statement(
    P004,
    "Proposition 3.1",
    "in A_n, (x, y, z) covers (x+1, y, z), (x, y+1, z), (x+1, y, z−1), (x, y+1, z−1) "
    "whenever these lie in A_n (and these are all its covers)",
)
def _proposition_3_1(quick: bool) -> Outcome:
    top = 7 if quick else 10

    def first_bad(n: int) -> Triple | None:
        P = _asm_from_1_2(n)
        for t in P.elements:
            x, y, z = t
            listed = {(x + 1, y, z), (x, y + 1, z), (x + 1, y, z - 1), (x, y + 1, z - 1)}
            if set(P.lower_covers(t)) != listed & set(P.elements):
                return t
        return None

    return verified_unless(
        first_failure(range(2, top + 1), lambda n: first_bad(n) is None),
        f"every element of A_n, n ≤ {top}, covers computed from the order (1.2)",
        command='grundy moves coin-turning "asm:5 ruler (0,0,3)"',
        false_note="the covers differ from the list",
        describe=lambda n: f"A_{n}: {first_bad(n)}",
        shows=lambda n: f"grundy poset values asm:{n}",
    )


@statement(P004, "Figure 3", "A_5 with its covers; e.g. (0, 0, 3) covers (1, 0, 2)")
def _figure_3(quick: bool) -> Outcome:
    P = _asm_from_1_2(5)
    ok = (1, 0, 2) in P.lower_covers((0, 0, 3)) and len(P) == 20
    if ok:
        return Outcome(
            Verdict.VERIFIED,
            "A_5 from (1.2): 20 elements, (1,0,2) ⋖ (0,0,3)",
            note="the drawing itself is not in the text copy; its covers are Proposition 3.1's",
            command='grundy moves coin-turning "asm:5 ruler (0,0,3)"',
        )
    return Outcome(
        Verdict.FALSE,
        "A_5",
        note="(0,0,3) does not cover (1,0,2)",
        counterexample="(1,0,2), (0,0,3)",
        command="grundy poset values asm:5",
    )


# ================================================================ §4: coin turning games
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

    def holds(case: tuple[Poset, str, list[int]]) -> bool:
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

    return verified_unless(
        first_failure(cases, holds),
        f"every move of {len(cases) // 6} posets (≤ {10 if not quick else 6} elements), "
        "3 families, 2 linear extensions each",
        command='grundy moves coin-turning "divisors:12 ruler 4 6"',
        false_note="a move does not decrease F",
        describe=_poset_family,
    )


@statement(
    P004,
    "Theorem 4.1",
    "(Lenstra) g(x) = mex{⊕_{t ∈ T∖{x}} g(t) : T ∈ 𝒯_x} (4.1a) and g(P) = ⊕_{x ∈ P} g(x) "
    "(4.1b) is the Grundy function of G(X, 𝒯)",
)
def _theorem_4_1(quick: bool) -> Outcome:
    cases = [(P, name) for P in _small_posets(quick) for name in FAMILY_NAMES]

    def holds(case: tuple[Poset, str]) -> bool:
        P, name = case
        sets = _family_sets(P, name)
        g = _values(sets)
        if g != coin_turning.value_list(P, name, use_product=False):
            raise AssertionError(f"grundy.coin_turning disagrees with (4.1a) on {P.name}, {name}")
        game = _game_solver(P, sets)
        return all(game(heads) == _masked_xor(heads, g) for heads in range(1 << len(P)))

    return verified_unless(
        first_failure(cases, holds),
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
    mul = _mex_mul_table(16)
    cases = [
        (A, B, name)
        for A, B in itertools.combinations_with_replacement(factors, 2)
        for name in FAMILY_NAMES
    ]
    game_limit = 6 if quick else 9

    def holds(case: tuple[Poset, Poset, str]) -> bool:
        A, B, name = case
        sa, sb = _family_sets(A, name), _family_sets(B, name)
        ga, gb = _values(sa), _values(sb)
        P = posets.product(A, B)
        sets = _product_family(A, B, P, sa, sb)
        g = _values(sets)
        for i, a in enumerate(A.elements):
            for j, b in enumerate(B.elements):
                if g[P.index((a, b))] != mul[ga[i]][gb[j]]:
                    return False
        if len(P) <= game_limit:  # (4.2b) and (4.1b) on the whole product game
            game = _game_solver(P, sets)
            return all(game(heads) == _masked_xor(heads, g) for heads in range(1 << len(P)))
        return True

    return verified_unless(
        first_failure(cases, holds),
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


@statement(
    P004,
    "Proposition 4.2",
    "if f: X_1 → X_2 is an order-preserving bijection with 𝒯_2 = {f(T) : T ∈ 𝒯_1} (4.3), "
    "then g_{𝒯_1}(x) = g_{𝒯_2}(f(x))",
)
def _proposition_4_2(quick: bool) -> Outcome:
    rng = random.Random(42)
    count = 40 if quick else 400
    cases = []
    for k, X1 in enumerate(_random_posets(count, 7, seed=420)):
        n = len(X1)
        old = [(a, b) for a in range(n) for b in range(n) if a != b and X1.leq(a, b)]
        extra = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.3]
        X2 = posets.from_relations(old + extra, elements=range(n), name=f"coarser {k}")
        cases.append((X1, X2, _random_family(X1, rng)))

    def holds(case: tuple[Poset, Poset, SetsByMax]) -> bool:
        X1, X2, sets1 = case
        g1 = _values(sets1)
        sets2: SetsByMax = [[] for _ in range(len(X2))]  # f = identity on the labels
        for i, group in enumerate(sets1):
            for T in group:
                sets2[X2.index(X1.elements[i])].append(X2.mask(X1.members(T)))
        g2 = _values(sets2)
        return all(g1[i] == g2[X2.index(x)] for i, x in enumerate(X1.elements))

    return verified_unless(
        first_failure(cases, holds),
        f"{count} random posets of ≤ 7 elements with random families satisfying (♯), f the "
        "identity onto the same set with more relations (order-preserving, not an isomorphism)",
        command="grundy poset values asm:5 --turning ideal",
        false_note="values differ",
        describe=lambda c: c[0].name,
    )


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

    def holds(P: Poset) -> bool:
        g = _values(_family_sets(P, "ideal"))
        for i in range(len(P)):
            ones = sum(g[t] == 1 for t in bits(P.down_mask(i) & ~(1 << i)))
            if g[i] != (0 if ones % 2 else 1):
                return False
        return set(g) <= {0, 1}

    return verified_unless(
        first_failure(cases, holds),
        f"every element of {len(cases)} posets (the small ones, D_360, B_3(2), Π_4, A_6"
        + ("" if quick else ", Π_5, A_8, a Young diagram")
        + "), against (4.1a)",
        command="grundy poset values asm:6 --turning ideal",
        false_note="(4.4) fails",
        describe=_name,
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

    def holds(P: Poset) -> bool:
        assert P.is_graded and len(P.minimal()) == 1  # the hypotheses
        g = _values(_family_sets(P, "ideal"))
        bottom = P.index(P.minimal()[0])
        return all(v == (1 if i == bottom else 0) for i, v in enumerate(g))

    bad = first_failure(cases, holds)
    # outside the hypotheses: a non-graded poset with 0̂ still obeys (4.5); A_3 (two minima) not
    skew = posets.from_relations([(0, 1), (1, 2), (2, 3), (0, 4), (4, 3)], name="non-graded")
    skew_ok = _values(_family_sets(skew, "ideal")) == [1, 0, 0, 0, 0]
    A3 = posets.asm(3)
    minima = {t: v for t, v in coin_turning.values(A3, "ideal").items() if t in A3.minimal()}
    return verified_unless(
        bad,
        f"{len(cases)} graded posets with 0̂ (chains, D_n, B_n(q), Π_n, a Young diagram, a product)",
        note=(
            "outside the hypotheses: 'graded' is not needed (0 < 1 < 2 < 3 > 4 > 0, "
            f"not graded, obeys (4.5): {skew_ok}); a unique minimum is (A_3: its minima "
            + ", ".join(f"{t} have value {v}" for t, v in minima.items())
            + ")"
        ),
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
    xs = range(1, 16)
    chain_values = coin_turning.values(posets.chain(15), "ruler")
    cases = [
        (x, TABLE_1_DMIN[x - 1], TABLE_1_R[x - 1], _dmin(x), _R(x), chain_values[x]) for x in xs
    ]
    bad = first_failure(cases, lambda c: c[1] == c[3] and c[2] == c[4] == c[5])
    example = (26 >> 4 & 1, 26 & 1, (26).bit_length() - 1, _dmin(26), _R(26)) == (1, 0, 4, 1, 2)
    if bad is None and example:
        return Outcome(
            Verdict.VERIFIED,
            "x = 1..15 as printed, from the binary digits (Definition 5.1) and the ruler on [15]",
            command="grundy poset values chain:15",
        )
    return Outcome(
        Verdict.FALSE,
        "x = 1..15 and x = 26",
        note="a printed value differs",
        counterexample=f"x = {bad[0]}" if bad else "x = 26",
        command="grundy poset values chain:15",
    )


@statement(
    P004,
    "Lemma 5.1",
    "f(1) = 1 and f(n) = mex{Σ*_{k=m}^{n−1} f(k) : m = 1, …, n} (5.1) give f(n) = R(n)",
)
def _lemma_5_1(quick: bool) -> Outcome:
    top = 256 if quick else 2048
    f = [0, 1]
    for n in range(2, top + 1):
        suffix, sums = 0, {0}
        for m in range(n - 1, 0, -1):
            suffix ^= f[m]
            sums.add(suffix)
        f.append(mex(sums))
    return verified_unless(
        first_failure(range(1, top + 1), lambda n: f[n] == _R(n)),
        f"n ≤ {top}",
        command="grundy poset values chain:16",
        false_note="(5.1) differs from R",
        describe=lambda n: f"n = {n}: f = {f[n]}, R = {_R(n)}",
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
    bad = first_failure(
        range(1, top + 1),
        lambda x: g_big[x] == _R(x) and (x > literal or g_lit[x - 1] == _R(x)),
    )
    return verified_unless(
        bad,
        f"the n-element chains, n ≤ {top} ((4.1a) written out for n ≤ {literal})",
        command="grundy poset values chain:16",
        false_note="the ruler on the chain differs from R",
        describe=lambda x: f"x = {x}",
        shows=lambda x: f"grundy poset values chain:{x}",
    )


@statement(
    P004,
    "Theorem 5.2",
    "the ruler on D_n has g(p_1^{x_1} ⋯ p_r^{x_r}) = R(x_1 + 1) ⊗ ⋯ ⊗ R(x_r + 1) (5.4)",
)
def _theorem_5_2(quick: bool) -> Outcome:
    ns = [1, 12, 360, 30030, 2**4 * 3**3 * 5]
    if not quick:
        ns += [2**7 * 3**8, 2**5 * 3**3 * 5**2 * 7, 2 * 3 * 5 * 7 * 11 * 13 * 17]

    def formula(d: int) -> int:
        return nim.mul(*(_R(e + 1) for _, e in factorize(d))) if d > 1 else 1

    def holds(n: int) -> bool:
        g = coin_turning.values(posets.divisors(n), "ruler", use_product=False)
        return all(v == formula(d) for d, v in g.items())

    return verified_unless(
        first_failure(ns, holds),
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


@statement(
    P004,
    "Theorem 5.3",
    "the ruler value of W ∈ B_n(q) depends only on d = dim W: g_q(d) = R(d + 1) for even q "
    "(5.6a), mod(d, 3) + 1 for odd q (5.6b)",
)
def _theorem_5_3(quick: bool) -> Outcome:
    top, qs = (30, (2, 3, 5)) if quick else (100, (2, 3, 4, 5, 7, 8, 9))

    def formula(d: int, q: int) -> int:
        return _R(d + 1) if q % 2 == 0 else d % 3 + 1

    def brute(case: tuple[int, int]) -> bool:
        n, q = case
        by_dim = _subspace_values_by_dim(n, q)
        return all(vals == {formula(d, q)} for d, vals in by_dim.items())

    bad = first_failure(_brute_subspace_cases(quick), brute)
    if bad is not None:
        return Outcome(
            Verdict.FALSE,
            "B_n(q) by brute force",
            note="(5.6) differs from the ruler on the lattice",
            counterexample=f"B_{bad[0]}({bad[1]})",
            command=f"grundy poset values subspaces:{bad[0]}:{bad[1]}",
        )
    for q in qs:  # Lemma 5.2 (5.7) beyond the lattices, and the proof's (5.12a)
        g, s = _subspace_recursion(q, top)
        d = next((d for d in range(top + 1) if g[d] != formula(d, q)), None)
        if d is not None:
            return Outcome(
                Verdict.FALSE,
                f"d ≤ {top}",
                note="(5.7) differs from (5.6)",
                counterexample=f"q = {q}, d = {d}",
                command=f"grundy poset ruler-subspaces --d {d} --q {q}",
            )
        if q % 2:
            bad_s = [
                (d, m) for (d, m), v in s.items() if v != (0 if (d - m) % 3 == 0 else m % 3 + 1)
            ]
            if bad_s:
                return Outcome(
                    Verdict.PROOF_SLIP,
                    f"d ≤ {top}",
                    note="the proof's (5.12a) fails",
                    counterexample=f"q = {q}, (d, m) = {bad_s[0]}",
                    command=f"grundy poset ruler-subspaces --d {bad_s[0][0]} --q {q}",
                )
    lattices = ", ".join(f"B_{n}({q})" for n, q in _brute_subspace_cases(quick))
    return Outcome(
        Verdict.VERIFIED,
        f"the ruler on {lattices} (every subspace); (5.7) for d ≤ {top}, q = "
        + ", ".join(map(str, qs))
        + "; the proof's (5.12a) for odd q",
        command="grundy poset ruler-subspaces --d 14 --q 3",
    )


@statement(
    P004,
    "Table 2",
    "g_q(d), d = 0..14: 1,2,1,4,1,2,1,8,1,2,1,4,1,2,1 (q even); 1,2,3,1,2,3,… (q odd)",
)
def _table_2(quick: bool) -> Outcome:
    qs = (2, 3, 5) if quick else (2, 3, 4, 5, 7, 8, 9, 16, 25)
    rows = {q: _subspace_recursion(q, 14)[0] for q in qs}
    brute = {(n, q): _subspace_values_by_dim(n, q) for n, q in _brute_subspace_cases(quick)}

    def printed(q: int) -> tuple[int, ...]:
        return TABLE_2_EVEN if q % 2 == 0 else TABLE_2_ODD

    bad_q = first_failure(qs, lambda q: tuple(rows[q]) == printed(q))
    bad_b = first_failure(
        brute, lambda nq: all(v == {printed(nq[1])[d]} for d, v in brute[nq].items())
    )
    if bad_q is None and bad_b is None:
        return Outcome(
            Verdict.VERIFIED,
            "both rows as printed, by (5.7) for q = "
            + ", ".join(map(str, qs))
            + " and by the ruler on the lattices B_n(q) of the Theorem 5.3 row (d ≤ n)",
            command="grundy poset ruler-subspaces --d 14 --q 2",
        )
    return Outcome(
        Verdict.FALSE,
        "d = 0..14",
        note="a printed value differs",
        counterexample=f"q = {bad_q}" if bad_q else f"B_{bad_b[0]}({bad_b[1]})",
        command="grundy poset ruler-subspaces --d 14 --q 2",
    )


@statement(
    P004,
    "Lemma 5.2",
    "(1) the ruler value of W ∈ B_n(q) depends only on d = dim W; (2) g_q(d) = mex{s_q(d, m)}, "
    "s_q(d, m) = Σ*_{k=m}^{d−1} G_q(d−m, k−m) g_q(k) (5.7)",
)
def _lemma_5_2(quick: bool) -> Outcome:
    def holds(case: tuple[int, int]) -> bool:
        n, q = case
        by_dim = _subspace_values_by_dim(n, q)
        g = _subspace_recursion(q, n)[0]
        return all(vals == {g[d]} for d, vals in by_dim.items())

    bad = first_failure(_brute_subspace_cases(quick), holds)
    if bad is not None:
        return Outcome(
            Verdict.FALSE,
            "B_n(q)",
            note="(5.7) differs from the ruler on the lattice",
            counterexample=f"B_{bad[0]}({bad[1]})",
            command=f"grundy poset values subspaces:{bad[0]}:{bad[1]}",
        )

    # the proof's (5.8) as printed sums over U ⊆ T ⊆ W, i.e. T = W included
    def printed_5_8(q: int, d: int) -> int:
        rows = _gaussian_parity_rows(d, q)
        g = _subspace_recursion(q, d)[0]
        return mex(
            _xor(g[k] for k in range(m, d + 1) if _G(rows, d - m, k - m)) for m in range(d + 1)
        )

    slip = first_failure(
        [(q, d) for d in range(1, 6) for q in (2, 3)],
        lambda qd: printed_5_8(*qd) == _subspace_recursion(qd[0], qd[1])[0][qd[1]],
    )
    lattices = ", ".join(f"B_{n}({q})" for n, q in _brute_subspace_cases(quick))
    if slip is None:
        return Outcome(Verdict.VERIFIED, f"every subspace of {lattices}")
    q, d = slip
    g = _subspace_recursion(q, d)[0]
    return Outcome(
        Verdict.PROOF_SLIP,
        f"(1) and (2) on every subspace of {lattices}",
        note=(
            "the proof's (5.8) sums g over U ⊆ T ⊆ W, so T = W itself is included; by (4.1a) "
            "it must be excluded, as the next line (k ≤ d − 1) does"
        ),
        counterexample=(
            f"q = {q}, dim W = {d}: (5.8) as printed gives mex{{g(0) ∔ g(W), g(W)}} = "
            f"{printed_5_8(q, d)}, but g_{q}({d}) = {g[d]}"
        ),
        command=f'grundy moves coin-turning "subspaces:{d}:{q} ruler {_whole_space(d)}"',
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


@statement(
    P004,
    "Lemma 5.3",
    "for odd q, d ≥ 1, 0 ≤ m ≤ d − 1: s_q(d, m) = s_q(d, m+1) ∔ s_q(d−1, m) ∔ g_q(d−1) (5.11)",
)
def _lemma_5_3(quick: bool) -> Outcome:
    top, qs = (30, (3, 5)) if quick else (100, (3, 5, 7, 9))
    for q in qs:
        rows = _gaussian_parity_rows(top, q)
        # (5.9): G(n, r) = G(n−1, r−1) ∔ G(n−1, r) for odd q
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
        if bad is not None or not pascal:
            return Outcome(
                Verdict.FALSE,
                f"d ≤ {top}",
                note="(5.11) or (5.9) fails",
                counterexample=f"q = {q}, (d, m) = {bad}",
                command=f"grundy poset ruler-subspaces --d {top} --q {q}",
            )

    # the proof's first line, as printed with g_q(m) in both sums (g_q(k) is meant)
    q = 3
    rows = _gaussian_parity_rows(12, q)
    g, s = _subspace_recursion(q, 12)

    def first_line(d: int, m: int) -> int:
        left = _xor(g[m] for k in range(m, d) if _G(rows, d - m - 1, k - m - 1))
        return left ^ _xor(g[m] for k in range(m, d) if _G(rows, d - m - 1, k - m))

    step = first_failure(
        [(d, m) for d in range(1, 13) for m in range(d)], lambda dm: first_line(*dm) == s[dm]
    )
    checked = f"(5.11) and (5.9) for d ≤ {top}, q = " + ", ".join(map(str, qs))
    if step is None:
        return Outcome(Verdict.VERIFIED, checked)
    d, m = step
    return Outcome(
        Verdict.PROOF_SLIP,
        checked,
        note=(
            "in the proof the summands are printed g_q(m); they must be g_q(k) (with g_q(k) every "
            "line holds); (5.11) itself is right"
        ),
        counterexample=(
            f"q = 3, d = {d}, m = {m}: the proof's first line gives {first_line(d, m)}, "
            f"s_3({d}, {m}) = {s[d, m]}"
        ),
        command=f"grundy poset ruler-subspaces --d {d} --q 3",
    )


# ================================================================ §5.4: ideal game on A_n
@statement(
    P004,
    "Lemma 5.4",
    "in the order ideal game on A_n, g(x) depends only on (π_1(x), π_2(x)) = (ρ(x), z)",
)
def _lemma_5_4(quick: bool) -> Outcome:
    top, maps = (12, 7) if quick else (24, 10)
    bad = first_failure(
        range(2, top + 1),
        lambda n: _fibres_constant(n, coin_turning.values(posets.asm(n), "ideal")) is None,
    )

    def map_ok(n: int) -> bool:  # the proof's F(x, y, z) = (x + l, y − l, z), Λ_x1 → Λ_x2
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

    bad_map = first_failure(range(2, maps + 1), map_ok)
    if bad is None and bad_map is None:
        return Outcome(
            Verdict.VERIFIED,
            f"A_n, n ≤ {top}; the proof's map F is an order isomorphism Λ_x1 → Λ_x2 for n ≤ {maps}",
            command="grundy poset values asm:6 --turning ideal",
        )
    return Outcome(
        Verdict.FALSE if bad is not None else Verdict.PROOF_SLIP,
        f"A_n, n ≤ {top}",
        note="values differ on a fibre of π" if bad is not None else "the proof's map F fails",
        counterexample=f"A_{bad if bad is not None else bad_map}",
        command="grundy poset values asm:6 --turning ideal",
    )


@statement(
    P004,
    "Lemma 5.5",
    "Λ_x0 = {x ≥ x0, y ≥ y0, z ≤ z0, x0+y0+z0 ≤ x+y+z ≤ n−2} (5.13a); Λ_x0(r, s) ≠ ∅ iff "
    "(r, s) ∈ R_n(π(x0)) (5.13b); |Λ_x0(r, s)| = π_1(x0) − r + 1 (5.13c)",
)
def _lemma_5_5(quick: bool) -> Outcome:
    top = 8 if quick else 12

    def first_bad(n: int) -> str | None:
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

    return verified_unless(
        first_failure(range(2, top + 1), lambda n: first_bad(n) is None),
        f"every x0 ∈ A_n, n ≤ {top}",
        command='grundy moves coin-turning "asm:5 ideal (0,0,2)"',
        false_note="a part of (5.13) fails",
        describe=lambda n: f"A_{n}, x0 = {first_bad(n)}",
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


@statement(
    P004,
    "Figure 7",
    "(*) the elements of value 1 are those with π = (0, 0), P_k = (2k+1, k) or "
    "Q_k = (2k+1, k+1), k ∈ N (equivalent to (1.3))",
)
def _figure_7(quick: bool) -> Outcome:
    top = 12 if quick else 30

    def star(n: int, t: Triple) -> bool:
        r, s = _pi(n, t)
        return (r, s) == (0, 0) or (r % 2 == 1 and s in ((r - 1) // 2, (r + 1) // 2))

    def holds(n: int) -> bool:
        g = coin_turning.values(posets.asm(n), "ideal")
        return all(star(n, t) == (v == 1) == (_formula_1_3(n, t) == 1) for t, v in g.items())

    return verified_unless(
        first_failure(range(2, top + 1), holds),
        f"every element of A_n, n ≤ {top}: (*) ⟺ (1.3) ⟺ value 1",
        command="grundy poset ideal-asm --n 2..12",
        false_note="(*) differs",
        describe=_asm,
        shows=lambda n: f"grundy poset ideal-asm --n {n}",
    )


# ================================================================ §6.1: ruler on A_n
@statement(
    P004,
    "Lemma 6.1",
    "(cited in §4.4, not printed) §6.1: in the ruler on A_n, g_J(x1) = g_J(x2) whenever "
    "π(x1) = π(x2), so ḡ_J(s, t) is well defined",
)
def _lemma_6_1(quick: bool) -> Outcome:
    top = 10 if quick else 18
    bad = first_failure(
        range(2, top + 1),
        lambda n: _fibres_constant(n, coin_turning.values(posets.asm(n), "ruler")) is None,
    )
    return verified_unless(
        bad,
        f"every element of A_n, n ≤ {top}",
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


@statement(
    P004,
    "Proposition 6.1",
    "ξ(x, y, z) = (y, x, z) and η(x, y, z) = (x, y, n−2−(x+y+z)) are order-preserving "
    "bijections of A_n satisfying (4.3) for 𝒯 = IT, O, J; hence ḡ_J(s, t) = ḡ_J(s, s − t)",
)
def _proposition_6_1(quick: bool) -> Outcome:
    top = 7 if quick else 11

    def first_bad(n: int) -> str | None:
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

    bad = first_failure(range(2, top + 1), lambda n: first_bad(n) is None)
    if bad is None:
        return Outcome(
            Verdict.VERIFIED,
            f"A_n, n ≤ {top}: both maps, the three families (IT read as turning turtles), "
            "all values",
            command="grundy poset ruler-asm --n 8",
        )
    return Outcome(
        Verdict.FALSE,
        f"n ≤ {top}",
        note=first_bad(bad) or "",
        counterexample=f"A_{bad}",
        command=f"grundy poset ruler-asm --n {bad}",
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
@statement(
    P004,
    "Theorem 6.1",
    "ruler on Π_n: (i) g_n(π) depends only on the type λ = p(π); "
    "(ii) g_n(λ) = g_{λ_1}(λ_1) ⊗ ⋯ ⊗ g_{λ_r}(λ_r)",
)
def _theorem_6_1(quick: bool) -> Outcome:
    top = 6 if quick else 7
    h = _h_on_posets(top)

    def holds(n: int) -> bool:
        P, g = _partition_ruler(n)
        rank = P.rank  # §3.2: ρ(π) = n − #blocks, singletons at the bottom
        if rank is None or any(rank[p] != n - len(p) for p in P.elements):
            return False
        by_type: dict[Key, set[int]] = {}
        for p, v in g.items():
            by_type.setdefault(_type(p), set()).add(v)
        return all(vals == {nim.mul(*(h[k - 1] for k in lam))} for lam, vals in by_type.items())

    bad = first_failure(range(1, top + 1), holds)
    if bad is not None:
        return Outcome(
            Verdict.FALSE,
            f"Π_n, n ≤ {top}",
            note="(i) or (ii) fails",
            counterexample=f"Π_{bad}",
            command=f"grundy poset values set-partitions:{bad}",
        )
    # the proof reads "X has the minimum element 0̂ = {1, 2, …, n}": compute with that order
    flipped = []
    for n in range(1, top + 1):
        D = _dual(posets.set_partitions(n))
        flipped.append(coin_turning.values(D, "ruler")[_one_block(n)])
    wrong = first_failure(range(1, top + 1), lambda n: flipped[n - 1] == TABLE_4[n - 1])
    # (ii) read in the reversed order: every type would get ⊗ of those h's
    broken = next(
        (n, p, v)
        for n in range(1, top + 1)
        for p, v in coin_turning.values(_dual(posets.set_partitions(n)), "ruler").items()
        if v != nim.mul(*(flipped[len(b) - 1] for b in p))
    )
    shown = "|".join("".join(map(str, b)) for b in broken[1])
    return Outcome(
        Verdict.PROOF_SLIP,
        f"every set partition of {{1, …, n}}, n ≤ {top}, ruler on Π_n ordered as in §3.2",
        note=(
            "the proof says 'X has the minimum element 0̂ = {1, 2, …, n}', but §3.2 fixes the "
            "order without ambiguity (π ≤ σ when every block of π lies in a block of σ; its "
            "example {1}{4}{36} ≤ {14}{36}; rank n − #blocks), so {1, …, n} is the maximum and "
            "0̂ is the partition into singletons; with that 0̂ the proof's [0̂, π] ≅ Π_λ1 × Π_λ2 × ⋯ "
            "holds and the ruler gives Table 4; read with {1, …, n} at the bottom (the reversed "
            f"order) the ruler gives the one-block partition the value "
            f"{', '.join(map(str, sorted(set(flipped))))} for every n ≤ {top}, and (ii) "
            f"fails (in Π_{broken[0]}, {shown} gets {broken[2]}, (ii) would give 1)"
        ),
        counterexample=(
            f"Π_{wrong}: with {{1, 2}} as the minimum the one-block partition has value "
            f"{flipped[(wrong or 1) - 1]}, Table 4 and the §3.2 order give h({wrong}) = "
            f"{h[(wrong or 1) - 1]}"
        ),
        command="grundy poset values set-partitions:2",
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
    library = set_partition_ruler(top)
    if by_types != library:
        raise AssertionError("grundy's set_partition_ruler disagrees with the type recursion")
    bad = first_failure(
        range(1, top + 1),
        lambda n: (
            by_types[n - 1] == TABLE_4[n - 1]
            and (n > poset_top or on_posets[n - 1] == TABLE_4[n - 1])
        ),
    )
    return verified_unless(
        bad,
        f"n ≤ {top} as printed (n ≤ {poset_top} by the ruler on the poset Π_n itself; "
        "beyond by (4.1a) grouped by types with Theorem 6.1 (ii))",
        command=f"grundy poset ruler-set-partitions --n 1..{top}",
        false_note="a printed value differs",
        describe=lambda n: f"h({n}) = {by_types[n - 1]}, printed {TABLE_4[n - 1]}",
        shows=lambda n: f"grundy poset ruler-set-partitions --n {n}",
    )


@statement(
    P004,
    "Proposition 6.2",
    "the number of τ ∈ Π_n of type λ with τ ≥ π, π of type μ, is M_n(λ, μ) of (6.2)",
)
def _proposition_6_2(quick: bool) -> Outcome:
    top = 5 if quick else 7
    # the examples of §6.2
    examples = (
        set(_int_partitions(4)) == {(4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1)}
        and _refines((5, 5, 1), (6, 5))
        and not _refines((5, 5, 1), (7, 4))
        and _P_n((4, 2), (2, 2, 1, 1)) == {((1, 1), (2, 2)), ((2,), (2, 1, 1))}
    )

    def first_bad(n: int) -> tuple[Key, Key] | None:
        P = posets.set_partitions(n)
        for a, b in P.covers():  # p is order-preserving
            if not _refines(_type(a), _type(b)):
                return (_type(a), _type(b))
        firsts: dict[Key, tuple] = {}
        for p in P.elements:
            firsts.setdefault(_type(p), p)
        for mu, pi in firsts.items():
            above = Counter(_type(t) for t in P.principal_filter(pi))
            for lam in _int_partitions(n):
                if above.get(lam, 0) != _M(lam, mu):
                    return (lam, mu)
        return None

    bad = first_failure(range(1, top + 1), lambda n: first_bad(n) is None)
    if bad is None and examples:
        return Outcome(
            Verdict.VERIFIED,
            f"every pair of types λ, μ ⊢ n, n ≤ {top}, against counts on Π_n; p order-preserving; "
            "the examples of §6.2 (𝒫_4, (5,5,1) refines (6,5) not (7,4), 𝒫_n((4,2), 1²2²))",
            command="grundy poset values set-partitions:4",
        )
    return Outcome(
        Verdict.FALSE,
        f"n ≤ {top}",
        note="(6.2) or an example fails",
        counterexample=f"n = {bad}: (λ, μ) = {first_bad(bad)}" if bad else "the examples",
        command="grundy poset values set-partitions:4",
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
    printed_bad = first_failure(range(1, top + 1), lambda n: mex(sums[n][0]) == sums[n][2])
    excluded_bad = first_failure(range(1, top + 1), lambda n: mex(sums[n][1]) == sums[n][2])
    if printed_bad is None:
        return Outcome(Verdict.VERIFIED, f"Π_n, n ≤ {top}")
    wrong = ", ".join(f"n = {n}: mex = {mex(sums[n][0])}, h = {sums[n][2]}" for n in (1, 2))
    return Outcome(
        Verdict.FALSE,
        f"Π_n, n ≤ {top} (the sum as printed and with τ = {{1, …, n}} left out)",
        note=(
            "the sum includes the one-block partition τ = {1, …, n}, whose value h(n) is the "
            "unknown (circular; with the true h(n) the mex is wrong); by (4.1a) it must be left "
            "out, as the worked example does (I_μ ∖ {(4)}, 's_4(4) = 0'), and then the mex is h(n) "
            "for "
            + (f"every n ≤ {top}" if excluded_bad is None else f"n < {excluded_bad} only")
            + "; filed false as stated, not as a proof slip: (6.3) is the paper's displayed "
            "claim of how h(n) is computed, not a step in the proof of a numbered statement"
            + "; Table 4 is unaffected"
        ),
        counterexample=f"{wrong} (Π_1: s_1(1) = h(1) = 1 and mex{{1}} = 0; Π_2: mex{{1 ∔ 2, 2}})",
        command='grundy moves coin-turning "set-partitions:2 ruler 12"',
    )


@statement(
    P004,
    "(6.4)",
    "(6.3) can be written s_n(μ) = Σ*_{λ ∈ 𝒫_n, λ ≥ μ} M_n(λ, μ) g_n(λ)",
)
def _equation_6_4(quick: bool) -> Outcome:
    top = 5 if quick else 7
    h = _h_on_posets(top)

    def holds(n: int) -> bool:
        P = _partition_ruler(n)[0]
        printed, excluded, _ = _coarsening_sums(n)
        types = _int_partitions(n)
        for mu in types:  # (6.4) with λ = (n) and without it
            terms = [
                (lam, nim.mul(*(h[k - 1] for k in lam)) if _M(lam, mu) % 2 else 0) for lam in types
            ]
            with_top = _xor(v for _, v in terms)
            without = _xor(v for lam, v in terms if lam != (n,))
            for i, p in enumerate(P.elements):
                if _type(p) == mu and (printed[i], excluded[i]) != (with_top, without):
                    return False
        return True

    return verified_unless(
        first_failure(range(1, top + 1), holds),
        f"every π ∈ Π_n, n ≤ {top}: (6.4) equals the sum (6.3) over the poset, both with and "
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
        and all(printed_M[lam] == _M(lam, mu) for lam in printed_M)
        and all(g4[lam] == printed_g[lam] for lam in printed_g)
        and printed_s == s4[mu] == 1
        and s4[(4,)] == 0
        and h4 == mex(s4.values()) == 4
    )
    shown_g = ", ".join(f"{''.join(map(str, lam))}: {v}" for lam, v in sorted(g4.items()))
    shown_s = ", ".join(f"{''.join(map(str, lam))}: {v}" for lam, v in sorted(s4.items()))
    if not ok:
        return Outcome(
            Verdict.FALSE,
            "n = 4",
            note="a value of the worked example differs",
            counterexample=f"g_4 = {{{shown_g}}}, s_4 = {{{shown_s}}}",
            command="grundy poset values set-partitions:4",
        )
    return Outcome(
        Verdict.PROOF_SLIP,
        f"n = 4 on Π_4: every value of the text holds (g_4 = {shown_g}; s_4 = {shown_s}; "
        "the figure's own numbers are not in the text copy)",
        note=(
            "typos: 'I_μ the interval [μ, 6] in 𝒫_6 for μ ∈ 𝒫_6' and '𝒫_6(λ, μ)' in b), c) "
            "mean [μ, (4)] in 𝒫_4 and 𝒫_4(λ, μ); the example leaves τ = {1, …, n} out, unlike (6.3)"
        ),
        counterexample=(
            "for λ, μ ⊢ 4, 𝒫_6(λ, μ) and [μ, 6] ⊂ 𝒫_6 are empty / undefined; the example's own "
            "I_μ ∖ {(4)} = {1²2, 13, 2²} is [1²2, (4)] ∖ {(4)} in 𝒫_4"
        ),
        command="grundy poset values set-partitions:4",
    )


# ================================================================ Appendix A
def _subsets(universe: int) -> list[frozenset[int]]:
    return [frozenset(i for i in range(universe) if mask >> i & 1) for mask in range(1 << universe)]


def _sets_outcome(bad: tuple[frozenset[int], frozenset[int]] | None, checked: str) -> Outcome:
    """The end of the checks over pairs of small sets S, T (Proposition A.1, Lemma A.2)."""
    return verified_unless(
        bad,
        checked,
        command="grundy nim add 3 5",
        false_note="fails",
        describe=lambda st: f"S = {set(st[0])}, T = {set(st[1])}",
    )


@statement(
    P004,
    "Proposition A.1",
    "for S ⊂ T ⊊ N: (i) mex(S) ≤ mex(T); (ii) mex(S) = mex(T) if mex(S) ∉ T",
)
def _proposition_a_1(quick: bool) -> Outcome:
    universe = 6 if quick else 8
    cases = [(S, T) for T in _subsets(universe) for S in _subsets(universe) if S <= T]
    bad = first_failure(
        cases,
        lambda st: mex(st[0]) <= mex(st[1]) and (mex(st[0]) in st[1] or mex(st[0]) == mex(st[1])),
    )
    return _sets_outcome(bad, f"every S ⊆ T ⊆ {{0, …, {universe - 1}}}")


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
    bad = [k for k, ok in checks.items() if not ok]
    if not bad:
        return Outcome(
            Verdict.VERIFIED,
            f"a, b, c < {size} with ∔ by the mex definition (2.2)",
            command="grundy nim add 3 5 6",
        )
    return Outcome(
        Verdict.FALSE,
        f"a, b, c < {size}",
        note="a property fails",
        counterexample=", ".join(bad),
        command="grundy nim add 3 5 6",
    )


@statement(
    P004,
    "Lemma A.1",
    "if c < a ⊕ b there is a′ < a with a′ ⊕ b = c or b′ < b with a ⊕ b′ = c",
)
def _lemma_a_1(quick: bool) -> Outcome:
    size = 32 if quick else 128
    cases = ((a, b, c) for a in range(size) for b in range(size) for c in range(a ^ b))
    # the proof: exactly one of b ⊕ c < a, a ⊕ c < b
    bad = first_failure(
        cases, lambda abc: ((abc[1] ^ abc[2]) < abc[0]) != ((abc[0] ^ abc[2]) < abc[1])
    )
    return verified_unless(
        bad,
        f"a, b < {size}, every c < a ⊕ b (and the proof's 'exactly one of b ⊕ c < a, a ⊕ c < b')",
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
    if bad is None and 5 ^ 9 == 12 == nim.add(5, 9):
        return Outcome(Verdict.VERIFIED, f"a, b < {size}", command="grundy nim add 5 9")
    return Outcome(
        Verdict.FALSE,
        f"a, b < {size}",
        note="the mex nim-sum differs from XOR",
        counterexample=str(bad),
        command="grundy nim add 5 9",
    )


@statement(
    P004,
    "Lemma A.2",
    "if mex(S) = a and mex(T) = b then a ∔ b = mex({s ∔ b : s ∈ S} ∪ {a ∔ t : t ∈ T})",
)
def _lemma_a_2(quick: bool) -> Outcome:
    universe = 6 if quick else 8
    sets = _subsets(universe)
    cases = [(S, T) for S in sets for T in sets]

    def holds(st: tuple[frozenset[int], frozenset[int]]) -> bool:
        S, T = st
        a, b = mex(S), mex(T)
        return a ^ b == mex({s ^ b for s in S} | {a ^ t for t in T})

    return _sets_outcome(first_failure(cases, holds), f"every S, T ⊆ {{0, …, {universe - 1}}}")


@statement(
    P004,
    "Corollary A.1",
    "if mex S_i = a_i (1 ≤ i ≤ n) then Σ* a_i = mex ∪_i {Σ*_{k≠i} a_k ∔ s : s ∈ S_i} (A.1)",
)
def _corollary_a_1(quick: bool) -> Outcome:
    universe = 4 if quick else 5
    sets = _subsets(universe)
    cases = list(itertools.product(sets, repeat=3))

    def holds(family: tuple[frozenset[int], ...]) -> bool:
        a = [mex(S) for S in family]
        total = _xor(a)
        return total == mex({total ^ a[i] ^ s for i, S in enumerate(family) for s in S})

    return verified_unless(
        first_failure(cases, holds),
        f"n = 3 and every S_1, S_2, S_3 ⊆ {{0, …, {universe - 1}}} (n = 2 is Lemma A.2)",
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
    library = all(t[a][b] == nim.mul(a, b) for a in r for b in r)
    if not library:
        raise AssertionError("grundy.nim.mul disagrees with the mex definition (2.4)")
    checks = {
        "(i)": all(t[a][0] == 0 and t[a][1] == a for a in r),
        "(ii)": all(t[a][b] == t[b][a] for a in r for b in r),
        "(iv)": all(t[a ^ b][c] == t[a][c] ^ t[b][c] for a in r for b in r for c in r),
        "(v)": all(t[t[a][b]][c] == t[a][t[b][c]] for a in r for b in r for c in r),
    }
    iii = [
        (a1, a2, b)
        for b in range(1, size)
        for a1 in r
        for a2 in r
        if (t[a1][b] == t[a2][b]) != (t[a1][a2] == 0)
    ]
    intended = all(
        (t[a1][b] == t[a2][b]) == (a1 ^ a2 == 0) for b in range(1, size) for a1 in r for a2 in r
    )
    bad = [k for k, ok in checks.items() if not ok]
    if bad:
        return Outcome(
            Verdict.FALSE,
            f"a, b, c < {size}",
            note="a property fails",
            counterexample=", ".join(bad),
            command="grundy nim mul 2 3",
        )
    if not iii:
        return Outcome(Verdict.VERIFIED, f"a, b, c < {size}", command="grundy nim mul 2 3")
    a1, a2, b = iii[0]
    return Outcome(
        Verdict.FALSE,
        f"a, b, c, a_1, a_2 < {size} with ⊗ by the mex definition (2.4) (= grundy.nim.mul)",
        note=(
            "(iii) as printed ('iff a_1 ⊗ a_2 = 0') is false; with 'a_1 ∔ a_2 = 0' (a_1 = a_2, "
            f"cancellation) it holds{' for all a_1, a_2, b < 16' if intended else ''}; "
            "(i), (ii), (iv), (v) hold"
        ),
        counterexample=(
            f"a_1 = {a1}, a_2 = {a2}, b = {b}: a_1 ⊗ b = {t[a1][b]}, a_2 ⊗ b = {t[a2][b]}, "
            f"a_1 ⊗ a_2 = {t[a1][a2]}"
        ),
        command=f"grundy nim mul {a1} {a2}",
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
    if phi36 == 4 and s6 == {0, 1, 4, 5, 6, 7}:
        return Outcome(Verdict.VERIFIED, "the two printed examples", command="grundy nim add 1 4 1")
    return Outcome(
        Verdict.FALSE,
        "the examples",
        note="an example differs",
        counterexample=f"Φ_3^6 = {phi36}, S(6) = {sorted(s6)}",
        command="grundy nim add 1 4 1",
    )


@statement(P004, "Lemma B.1", "Φ_m^n ≠ 0 for all 1 ≤ m < n")
def _lemma_b_1(quick: bool) -> Outcome:
    top = 512 if quick else 8192
    prefix = _ruler_prefix(top)
    seen: dict[int, int] = {}
    bad = None
    for m in range(1, top + 1):  # Φ_m^n = 0 iff prefix[m] = prefix[n]
        if prefix[m] in seen:
            bad = (seen[prefix[m]], m)
            break
        seen[prefix[m]] = m
    return verified_unless(
        bad,
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

    def S(n: int) -> list[int]:
        return [prefix[n] ^ prefix[x] for x in range(1, n + 1)]

    def holds(n: int) -> bool:
        values = S(n)
        k = _dmin(n)
        sets = set(values)
        ok = len(sets) == n and set(S(2**k)) <= sets and 2**k not in sets
        if n & (n - 1) == 0:
            ok = ok and sets == set(range(n))
        return ok and mex(sets) == _R(n)

    return verified_unless(
        first_failure(range(1, top + 1), holds),
        f"n ≤ {top} (and mex S(n) = R(n), the conclusion for Lemma 5.1)",
        command="grundy poset values chain:16",
        false_note="a part fails",
        describe=lambda n: f"n = {n}",
    )
