"""Paper 004 §6.1: the ruler on A_n (Lemma 6.1, Proposition 6.1, Table 3)."""

from __future__ import annotations

from grundy import posets
from grundy.games.coin_turning import coin_turning
from grundy.games.coin_turning.asm_ruler import asm_ruler_table
from grundy.posets import bits
from grundy.reproduce.paper004.coin_setting import (
    FAMILY_NAMES,
    P004,
    asm_family,
    asm_values,
    fibres_agree,
    image_under,
    numbers_lost,
    pi_of,
)
from grundy.reproduce.rows import Outcome

# ================================================================ §6.1: ruler on A_n
asm_family(
    "Lemma 6.1",
    "(cited in §4.4, not printed) §6.1: in the ruler on A_n, g_J(x1) = g_J(x2) whenever "
    "π(x1) = π(x2), so ḡ_J(s, t) is well defined",
    lambda n: fibres_agree(n, "ruler"),
    (10, 18),
    "every element of A_n, n ≤ {top}",
    "grundy poset values asm:6",
    "two elements with the same π have different ruler values",
    shows=asm_values,
    note=(
        "no statement numbered Lemma 6.1 is printed: §4.4 says Proposition 4.2 'will be "
        "used to prove Lemma 5.4 and Lemma 6.1 for the ASM posets'; the unnumbered claim "
        "of §6.1 checked here (and Proposition 6.1) are what it can refer to"
    ),
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
            if image_under(P.down_mask(i), perm) != P.down_mask(perm[i]):
                return f"{label} does not preserve the order at {P.elements[i]}"
        for name, fam in families.items():
            if {image_under(T, perm) for T in fam} != fam:
                return f"{label} does not satisfy (4.3) for {name}"
            g = values[name]
            if any(g[i] != g[perm[i]] for i in range(len(P))):
                return f"{label} changes a {name} value"
    table = asm_ruler_table(n)
    if any(table[r, s] != table[r, r - s] for r, s in table):
        return "ḡ(s, t) ≠ ḡ(s, s − t)"
    return None


asm_family(
    "Proposition 6.1",
    "ξ(x, y, z) = (y, x, z) and η(x, y, z) = (x, y, n−2−(x+y+z)) are order-preserving "
    "bijections of A_n satisfying (4.3) for 𝒯 = IT, O, J; hence ḡ_J(s, t) = ḡ_J(s, s − t)",
    lambda n: _symmetry_fails(n) is None,
    (7, 11),
    "A_n, n ≤ {top}: both maps, the three families (IT read as turning turtles), all values",
    "grundy poset ruler-asm --n 8",
    "a map or a value is not as stated",
    shows=lambda n: f"grundy poset ruler-asm --n {n}",
    describe=lambda n: f"A_{n}: {_symmetry_fails(n)}",
)


@P004.statement("Table 3", "the values of ḡ_J(s, t), the ruler on A_n, for small (s, t)")
def _table_3(quick: bool) -> Outcome:
    top = 9 if quick else 16
    for n in range(2, top + 1):  # the counting table against the ruler on the poset itself
        table = asm_ruler_table(n)
        on_poset = {pi_of(n, t): v for t, v in coin_turning.values(posets.asm(n), "ruler").items()}
        if table != on_poset:
            raise AssertionError(f"asm_ruler_table({n}) disagrees with the ruler on A_{n}")
    table = asm_ruler_table(7)
    shown = "; ".join(
        f"r={r}: " + " ".join(str(table[r, s]) for s in range(r + 1)) for r in range(6)
    )
    return numbers_lost(
        "table",
        " (the PDF extraction lost them)",
        f"ḡ computed for ranks ≤ {top - 2} two ways (counting, and the ruler on A_n itself)",
        f"computed rows: {shown}",
        "grundy poset ruler-asm --n 12",
    )
