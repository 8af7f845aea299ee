"""Paper 004 §5.4: the ideal game on A_n (Lemmas 5.4, 5.5, Figures 6, 7)."""

from __future__ import annotations

from collections import Counter

from grundy import posets
from grundy.games.coin_turning import coin_turning
from grundy.games.coin_turning.asm_ruler import theorem_1_1_value
from grundy.posets import Poset, bits
from grundy.reproduce import rows
from grundy.reproduce.paper004.coin_setting import (
    P004,
    Triple,
    asm_family,
    asm_spec,
    fibres_agree,
    image_under,
    lost_figure,
    pi_of,
)
from grundy.reproduce.rows import Outcome, Verdict


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
        if image_under(lam1, perm) != lam2:
            return False
        for i in bits(lam1):  # down-sets go to down-sets: an order isomorphism
            if image_under(P.down_mask(i), perm) != P.down_mask(perm[i]):
                return False
    return True


@P004.statement(
    "Lemma 5.4",
    "in the order ideal game on A_n, g(x) depends only on (π_1(x), π_2(x)) = (ρ(x), z)",
)
def _lemma_5_4(quick: bool) -> Outcome:
    top, maps = (12, 7) if quick else (24, 10)
    return rows.first_failed(
        lambda: rows.verified_unless(
            rows.first_failure(
                range(2, top + 1),
                lambda n: fibres_agree(n, "ideal"),
            ),
            f"A_n, n ≤ {top}",
            command="grundy poset values asm:6 --turning ideal",
            false_note="values differ on a fibre of π",
            describe=asm_spec,
        ),
        lambda: rows.verified_unless(
            rows.first_failure(range(2, maps + 1), _shift_is_isomorphism),
            f"A_n, n ≤ {top}; the proof's map F is an order isomorphism Λ_x1 → Λ_x2 for n ≤ {maps}",
            verdict=Verdict.PROOF_SLIP,
            command="grundy poset values asm:6 --turning ideal",
            false_note="the proof's map F fails",
            describe=asm_spec,
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
        r0, s0 = pi_of(n, x0)
        region = {
            (r, s)
            for r in range(m + 1)
            for s in range(r + 1)
            if 0 <= s <= s0 and 0 <= r - s <= r0 - s0
        }
        fibres = Counter(pi_of(n, t) for t in lam)
        if set(fibres) != region:
            return f"{x0}: (5.13b)"
        if any(c != r0 - r + 1 for (r, _), c in fibres.items()):
            return f"{x0}: (5.13c)"
    return None


asm_family(
    "Lemma 5.5",
    "Λ_x0 = {x ≥ x0, y ≥ y0, z ≤ z0, x0+y0+z0 ≤ x+y+z ≤ n−2} (5.13a); Λ_x0(r, s) ≠ ∅ iff "
    "(r, s) ∈ R_n(π(x0)) (5.13b); |Λ_x0(r, s)| = π_1(x0) − r + 1 (5.13c)",
    lambda n: _formula_5_13_fails(n) is None,
    (8, 12),
    "every x0 ∈ A_n, n ≤ {top}",
    'grundy moves coin-turning "asm:5 ideal (0,0,2)"',
    "a part of (5.13) fails",
    describe=lambda n: f"A_{n}, x0 = {_formula_5_13_fails(n)}",
)


@lost_figure(
    "Figure 6",
    "Λ_(0,0,2) in A_5 (A) and its image under π with the size of each fibre (B)",
    " (caption and description only)",
    "Λ_(0,0,2) in A_5 computed",
    'grundy moves coin-turning "asm:5 ideal (0,0,2)"',
    posets.asm(5),
)
def _figure_6(P: Poset) -> str:
    """Λ_(0,0,2) in A_5 and the sizes of its fibres under π."""
    lam = P.principal_ideal((0, 0, 2))
    fibres = sorted(Counter(pi_of(5, t) for t in lam).items())
    show = ", ".join(f"{rs}: {c}" for rs, c in fibres)
    return f"computed: |Λ| = {len(lam)}, fibre sizes {show} (as (5.13c) says)"


def _star(n: int, t: Triple) -> bool:
    """(*) of Figure 7: π(t) = (0, 0), P_k = (2k+1, k) or Q_k = (2k+1, k+1)."""
    r, s = pi_of(n, t)
    return (r, s) == (0, 0) or (r % 2 == 1 and s in ((r - 1) // 2, (r + 1) // 2))


def _star_is_1_3(n: int) -> bool:
    """On A_n: (*) of Figure 7 ⟺ value 1 of the ideal game ⟺ value 1 by (1.3)."""
    return all(
        _star(n, t) == (v == 1) == (theorem_1_1_value(n, *t) == 1)
        for t, v in coin_turning.values(posets.asm(n), "ideal").items()
    )


asm_family(
    "Figure 7",
    "(*) the elements of value 1 are those with π = (0, 0), P_k = (2k+1, k) or "
    "Q_k = (2k+1, k+1), k ∈ N (equivalent to (1.3))",
    _star_is_1_3,
    (12, 30),
    "every element of A_n, n ≤ {top}: (*) ⟺ (1.3) ⟺ value 1",
    "grundy poset ideal-asm --n 2..12",
    "(*) differs",
    shows=lambda n: f"grundy poset ideal-asm --n {n}",
)
