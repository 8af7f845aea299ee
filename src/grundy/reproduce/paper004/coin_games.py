"""Paper 004 §4: coin turning games on posets (Propositions 4.1, 4.2, Theorems 4.1,
4.2, Lemma 4.1, Corollary 4.1).
"""

from __future__ import annotations

import itertools
import random

from grundy import posets
from grundy.games.coin_turning import coin_turning
from grundy.posets import Poset, bits
from grundy.reproduce import rows
from grundy.reproduce.paper004.coin_setting import (
    FAMILY_NAMES,
    P004,
    SetsByMax,
    family_sets,
    game_solver,
    game_values,
    linear_extensions,
    masked_xor,
    mex_mul_table,
    n_poset,
    poset_family,
    poset_name,
    random_posets,
    small_posets,
)
from grundy.reproduce.rows import Outcome


# ================================================================ §4: coin turning games
def _decreases(case: tuple[Poset, str, list[int]]) -> bool:
    """Every move of the game P → P′ has F(P′) < F(P), F(P) = Σ_{x ∈ P} 2^{ρ(τ(x))}."""
    P, name, order = case
    rank = {i: r for r, i in enumerate(order)}
    sets = family_sets(P, name)

    def F(mask: int) -> int:
        return sum(1 << rank[i] for i in bits(mask))

    return all(
        F(heads ^ T) < F(heads)
        for heads in range(1 << len(P))
        for i in bits(heads)
        for T in sets[i]
    )


@P004.statement(
    "Proposition 4.1",
    "with a linear extension τ and F(P) = Σ_{x ∈ P} 2^{ρ(τ(x))}, every move P → P′ has "
    "F(P′) < F(P)",
)
def _proposition_4_1(quick: bool) -> Outcome:
    rng = random.Random(41)
    cases = [
        (P, name, order)
        for P in small_posets(quick)
        for name in FAMILY_NAMES
        for order in linear_extensions(P, rng)
    ]
    return rows.verified_unless(
        rows.first_failure(cases, _decreases),
        f"every move of {len(cases) // 6} posets (≤ {10 if not quick else 6} elements), "
        "3 families, 2 linear extensions each",
        command='grundy moves coin-turning "divisors:12 ruler 4 6"',
        false_note="a move does not decrease F",
        describe=poset_family,
    )


def _lenstra_holds(case: tuple[Poset, str]) -> bool:
    """(4.1a) written out equals grundy's values, and (4.1b) the whole-game search."""
    P, name = case
    sets = family_sets(P, name)
    g = game_values(sets)
    if g != coin_turning.value_list(P, name, use_product=False):
        raise AssertionError(f"grundy.coin_turning disagrees with (4.1a) on {P.name}, {name}")
    game = game_solver(P, sets)
    return all(game(heads) == masked_xor(heads, g) for heads in range(1 << len(P)))


@P004.statement(
    "Theorem 4.1",
    "(Lenstra) g(x) = mex{⊕_{t ∈ T∖{x}} g(t) : T ∈ 𝒯_x} (4.1a) and g(P) = ⊕_{x ∈ P} g(x) "
    "(4.1b) is the Grundy function of G(X, 𝒯)",
)
def _theorem_4_1(quick: bool) -> Outcome:
    cases = [(P, name) for P in small_posets(quick) for name in FAMILY_NAMES]
    return rows.verified_unless(
        rows.first_failure(cases, _lenstra_holds),
        f"every position of {len(cases) // 3} posets of ≤ {6 if quick else 10} elements "
        "(chains, D_12, Π_3, A_3, B_2(2), a Young diagram, N, random ones…) for turning "
        "turtles, order ideals and the ruler, against whole-game search",
        command='grundy moves coin-turning "divisors:12 ruler 4 6"',
        false_note="(4.1) differs from whole-game search",
        describe=poset_family,
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
    mul = mex_mul_table(16)
    sa, sb = family_sets(A, name), family_sets(B, name)
    ga, gb = game_values(sa), game_values(sb)
    P = posets.product(A, B)
    sets = _product_family(A, B, P, sa, sb)
    g = game_values(sets)
    for i, a in enumerate(A.elements):
        for j, b in enumerate(B.elements):
            if g[P.index((a, b))] != mul[ga[i]][gb[j]]:
                return False
    if len(P) <= game_limit:
        game = game_solver(P, sets)
        return all(game(heads) == masked_xor(heads, g) for heads in range(1 << len(P)))
    return True


@P004.statement(
    "Theorem 4.2",
    "(product theorem) on X_1 × X_2 with 𝒯 = {T_1 × T_2}: g(x_1, x_2) = g_1(x_1) ⊗ g_2(x_2) "
    "(4.2a), and (4.2b)",
)
def _theorem_4_2(quick: bool) -> Outcome:
    factors = [posets.chain(2), posets.chain(3), posets.asm(3), n_poset(), posets.young("2,1")]
    if not quick:
        factors += [posets.set_partitions(3), posets.divisors(6)]
    cases = [
        (A, B, name)
        for A, B in itertools.combinations_with_replacement(factors, 2)
        for name in FAMILY_NAMES
    ]
    game_limit = 6 if quick else 9
    return rows.verified_unless(
        rows.first_failure(cases, lambda case: _product_holds(case, game_limit)),
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
    for k, X1 in enumerate(random_posets(count, 7, seed=420)):
        n = len(X1)
        old = [(a, b) for a in range(n) for b in range(n) if a != b and X1.leq(a, b)]
        extra = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.3]
        X2 = posets.from_relations(old + extra, elements=range(n), name=f"coarser {k}")
        cases.append((X1, X2, _random_family(X1, rng)))
    return cases


def _carried_over(case: Coarser) -> bool:
    """g_{𝒯_1}(x) = g_{𝒯_2}(f(x)) for f the identity and 𝒯_2 = f(𝒯_1) (4.3)."""
    X1, X2, sets1 = case
    g1 = game_values(sets1)
    sets2: SetsByMax = [[] for _ in range(len(X2))]
    for i, group in enumerate(sets1):
        for T in group:
            sets2[X2.index(X1.elements[i])].append(X2.mask(X1.members(T)))
    g2 = game_values(sets2)
    return all(g1[i] == g2[X2.index(x)] for i, x in enumerate(X1.elements))


P004.family_check(
    "Proposition 4.2",
    "if f: X_1 → X_2 is an order-preserving bijection with 𝒯_2 = {f(T) : T ∈ 𝒯_1} (4.3), "
    "then g_{𝒯_1}(x) = g_{𝒯_2}(f(x))",
    cases=_coarser_pairs,
    holds=_carried_over,
    **rows.bounded("count", 40, 400),
    checked="{count} random posets of ≤ 7 elements with random families satisfying (♯), f the "
    "identity onto the same set with more relations (order-preserving, not an isomorphism)",
    command="grundy poset values asm:5 --turning ideal",
    false_note="values differ",
    describe=lambda c: c[0].name,
)


def _ideal_values_4_4(P: Poset) -> bool:
    """(4.4) on every element of P, against (4.1a); and the values are 0 or 1."""
    g = game_values(family_sets(P, "ideal"))
    for i in range(len(P)):
        ones = sum(g[t] == 1 for t in bits(P.down_mask(i) & ~(1 << i)))
        if g[i] != (0 if ones % 2 else 1):
            return False
    return set(g) <= {0, 1}


@P004.statement(
    "Lemma 4.1",
    "order ideal game: g_O(x) = 0 if |{t ∈ Λ_x∖{x} : g_O(t) = 1}| is odd, 1 if even (4.4); "
    "so g_O(x), g_O(P) ∈ {0, 1}",
)
def _lemma_4_1(quick: bool) -> Outcome:
    extra = [posets.divisors(360), posets.subspaces(3, 2), posets.set_partitions(4), posets.asm(6)]
    if not quick:
        extra += [posets.set_partitions(5), posets.asm(8), posets.young("5,3,2,1")]
    cases = small_posets(quick) + extra
    return rows.verified_unless(
        rows.first_failure(cases, _ideal_values_4_4),
        f"every element of {len(cases)} posets (the small ones, D_360, B_3(2), Π_4, A_6"
        + ("" if quick else ", Π_5, A_8, a Young diagram")
        + "), against (4.1a)",
        command="grundy poset values asm:6 --turning ideal",
        false_note="(4.4) fails",
        describe=poset_name,
    )


def _bottom_only(P: Poset) -> bool:
    """(4.5): the order ideal game gives 0̂ value 1 and every other element 0."""
    g = game_values(family_sets(P, "ideal"))
    bottom = P.index(P.minimal()[0])
    return all(v == (1 if i == bottom else 0) for i, v in enumerate(g))


def _corollary_4_1_outside() -> str:
    """Outside the hypotheses: a non-graded poset with 0̂ still obeys (4.5); A_3 (two minima)
    does not."""
    skew = posets.from_relations([(0, 1), (1, 2), (2, 3), (0, 4), (4, 3)], name="non-graded")
    skew_ok = game_values(family_sets(skew, "ideal")) == [1, 0, 0, 0, 0]
    A3 = posets.asm(3)
    minima = {t: v for t, v in coin_turning.values(A3, "ideal").items() if t in A3.minimal()}
    return (
        "outside the hypotheses: 'graded' is not needed (0 < 1 < 2 < 3 > 4 > 0, "
        f"not graded, obeys (4.5): {skew_ok}); a unique minimum is (A_3: its minima "
        + ", ".join(f"{t} have value {v}" for t, v in minima.items())
        + ")"
    )


@P004.statement(
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
    return rows.verified_unless(
        rows.first_failure(cases, _bottom_only),
        f"{len(cases)} graded posets with 0̂ (chains, D_n, B_n(q), Π_n, a Young diagram, a product)",
        note=_corollary_4_1_outside(),
        command="grundy poset values divisors:360 --turning ideal",
        false_note="(4.5) fails",
        describe=poset_name,
    )
