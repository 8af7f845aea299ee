"""Paper 004 §1–§3: Theorem 1.1, the sum of games (Theorem 2.1) and the posets A_n
((3.1), Proposition 3.1, Figure 3).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from grundy import Solver, posets
from grundy.answers import reference_solver
from grundy.game import FunctionRuleset
from grundy.games.coin_turning import coin_turning
from grundy.games.coin_turning.asm_ruler import check_theorem_1_1, theorem_1_1_value
from grundy.reproduce import rows
from grundy.reproduce.paper004.coin_setting import (
    P004,
    Triple,
    asm_family,
    asm_from_1_2,
    asm_values,
    family_sets,
    game_values,
    rho,
)
from grundy.reproduce.rows import Outcome
from grundy.reproduce.shared import exhaustive_solver, positions


# ================================================================ §1: Theorem 1.1
def _theorem_1_1_holds(case: tuple[int, bool]) -> bool:
    """(1.3) as grundy implements it (`theorem_1_1_value`) against the ideal game on A_n:
    (4.1a) written out on A_n built from (1.2) when `literal`, else grundy's values; and the
    library's own check (Lemma 4.1 bitsets)."""
    n, literal = case
    if literal:
        P = asm_from_1_2(n)
        g = dict(zip(P.elements, game_values(family_sets(P, "ideal")), strict=True))
    else:
        g = coin_turning.values(posets.asm(n), "ideal")
    return check_theorem_1_1(n)["holds"] and all(g[t] == theorem_1_1_value(n, *t) for t in g)


P004.family_check(
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

    return reference_solver(FunctionRuleset(options, name=f"{first}+{second}", parse=lambda x: x))


def _nim_sum_holds(case: tuple[str, str, Any, Any]) -> bool:
    a, b, p1, p2 = case
    whole = _combined(a, b).value((p1, p2))
    return whole == exhaustive_solver(a).value(p1) ^ exhaustive_solver(b).value(p2)


P004.family_check(
    "Theorem 2.1",
    "the Grundy function of A_1 + A_2 is g(P_1, P_2) = g_1(P_1) ∔ g_2(P_2) (2.3)",
    cases=lambda size: [
        (a, b, p1, p2)
        for a, b in (("cr", "lctr"), ("chomp", "cr"))
        for p1 in positions(size, "lctr")
        for p2 in positions(size, "lctr")
    ],
    holds=_nim_sum_holds,
    **rows.bounded("size", 4, 6),
    checked="Column-Row + LCTR and Chomp + Column-Row, every pair of diagrams of ≤ {size} boxes "
    "(whole-game search of the combined game)",
    command='grundy value cris "2,1 + 3"',
    false_note="the combined game's value is not the nim-sum",
    describe=lambda c: f"{c[0]} {c[2]} + {c[1]} {c[3]}",
)


# ================================================================ §3: A_n
def _graded_by_rho(n: int) -> bool:
    P = asm_from_1_2(n)
    rank = P.rank
    return rank is not None and all(rank[t] == rho(n, t) for t in P.elements)


asm_family(
    "(3.1)",
    "A_n is graded with rank function ρ(x, y, z) = n − 2 − (x + y) ([16, Proposition 3.4])",
    _graded_by_rho,
    (7, 10),
    "A_n built from (1.1)–(1.2), n ≤ {top}",
    "grundy poset values asm:5",
    "not graded with that rank",
    shows=asm_values,
)


def _cover_not_listed(n: int) -> Triple | None:
    """The first element of A_n (from (1.2)) whose lower covers are not Proposition 3.1's."""
    P = asm_from_1_2(n)
    for t in P.elements:
        x, y, z = t
        listed = {(x + 1, y, z), (x, y + 1, z), (x + 1, y, z - 1), (x, y + 1, z - 1)}
        if set(P.lower_covers(t)) != listed & set(P.elements):
            return t
    return None


asm_family(
    "Proposition 3.1",
    "in A_n, (x, y, z) covers (x+1, y, z), (x, y+1, z), (x+1, y, z−1), (x, y+1, z−1) "
    "whenever these lie in A_n (and these are all its covers)",
    lambda n: _cover_not_listed(n) is None,
    (7, 10),
    "every element of A_n, n ≤ {top}, covers computed from the order (1.2)",
    'grundy moves coin-turning "asm:5 ruler (0,0,3)"',
    "the covers differ from the list",
    shows=asm_values,
    describe=lambda n: f"A_{n}: {_cover_not_listed(n)}",
)


@P004.statement("Figure 3", "A_5 with its covers; e.g. (0, 0, 3) covers (1, 0, 2)")
def _figure_3(quick: bool) -> Outcome:
    P = asm_from_1_2(5)
    return rows.verified_unless(
        None if (1, 0, 2) in P.lower_covers((0, 0, 3)) and len(P) == 20 else "(1,0,2), (0,0,3)",
        "A_5 from (1.2): 20 elements, (1,0,2) ⋖ (0,0,3)",
        note="the drawing itself is not in the text copy; its covers are Proposition 3.1's",
        command='grundy moves coin-turning "asm:5 ruler (0,0,3)"',
        false_note="(0,0,3) does not cover (1,0,2)",
        shows=lambda _: "grundy poset values asm:5",
    )
