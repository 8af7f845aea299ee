"""Paper 004 §5.1–§5.2: the ruler on chains and on divisor lattices (Table 1, Lemma 5.1,
Theorems 5.1, 5.2, Figure 4).
"""

from __future__ import annotations

from grundy import posets
from grundy.games.coin_turning import coin_turning
from grundy.games.coin_turning.coin_turning import divisor_ruler_value, ruler_function
from grundy.nim import mex
from grundy.posets import Poset
from grundy.reproduce import rows
from grundy.reproduce.paper004.coin_setting import (
    P004,
    TABLE_1_DMIN,
    TABLE_1_R,
    dmin,
    family_sets,
    game_values,
    lost_figure,
)
from grundy.reproduce.rows import Outcome


# ================================================================ §5.1–5.2: chains, divisors
@P004.statement(
    "Table 1",
    "d_min(x) and R(x) = 2^{d_min(x)} for x = 1..15 (and the example x = 26: γ_4 = 1, γ_0 = 0, "
    "d_max = 4, d_min = 1, R = 2)",
)
def _table_1(quick: bool) -> Outcome:
    chain_values = coin_turning.values(posets.chain(15), "ruler")

    def as_printed(x: int) -> bool:
        return (
            TABLE_1_DMIN[x - 1] == dmin(x)
            and TABLE_1_R[x - 1] == ruler_function(x) == (chain_values[x])
        )

    example = (26 >> 4 & 1, 26 & 1, (26).bit_length() - 1, dmin(26), ruler_function(26))
    bad = rows.first_failure(range(1, 16), as_printed)
    return rows.verified_unless(
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


P004.family_check(
    "Lemma 5.1",
    "f(1) = 1 and f(n) = mex{Σ*_{k=m}^{n−1} f(k) : m = 1, …, n} (5.1) give f(n) = R(n)",
    cases=lambda top: range(1, top + 1),
    holds=lambda n: _f_5_1(n) == ruler_function(n),
    **rows.up_to(256, 2048),
    checked="n ≤ {top}",
    command="grundy poset values chain:16",
    false_note="(5.1) differs from R",
    describe=lambda n: f"n = {n}: f = {_f_5_1(n)}, R = {ruler_function(n)}",
)


@P004.statement(
    "Theorem 5.1",
    "the ruler on the n-element chain C = {1 < 2 < … < n} has g(x) = R(x) (5.2)",
)
def _theorem_5_1(quick: bool) -> Outcome:
    literal, top = (24, 128) if quick else (64, 1024)
    g_lit = game_values(family_sets(posets.chain(literal), "ruler"))
    g_big = coin_turning.values(posets.chain(top), "ruler")
    return rows.verified_unless(
        rows.first_failure(
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


@P004.statement(
    "Theorem 5.2",
    "the ruler on D_n has g(p_1^{x_1} ⋯ p_r^{x_r}) = R(x_1 + 1) ⊗ ⋯ ⊗ R(x_r + 1) (5.4)",
)
def _theorem_5_2(quick: bool) -> Outcome:
    ns = [1, 12, 360, 30030, 2**4 * 3**3 * 5]
    if not quick:
        ns += [2**7 * 3**8, 2**5 * 3**3 * 5**2 * 7, 2 * 3 * 5 * 7 * 11 * 13 * 17]
    return rows.verified_unless(
        rows.first_failure(ns, _divisors_by_5_4),
        "every divisor of n = " + ", ".join(map(str, ns)),
        command="grundy poset values divisors:360",
        false_note="(5.4) fails",
        describe=lambda n: f"D_{n}",
        shows=lambda n: f"grundy poset values divisors:{n}",
    )


@lost_figure(
    "Figure 4",
    "the values of the order ideal game (A) and of the ruler (B) on D_12",
    " of the paper (PDF extraction kept the caption only)",
    "D_12, both games computed",
    "grundy poset values divisors:12",
    posets.divisors(12),
)
def _figure_4(P: Poset) -> str:
    """Both games on D_12."""
    ideal = coin_turning.values(P, "ideal")
    ruler = coin_turning.values(P, "ruler")
    show = ", ".join(f"{d}: {ideal[d]}/{ruler[d]}" for d in sorted(P.elements))
    return f"computed ideal/ruler values: {show} (Corollary 4.1, (5.4))"
