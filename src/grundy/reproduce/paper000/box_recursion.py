"""Paper 000 §2 and §3: the table of λ (Eq. (1), Corollary 1, Figure 5) and the box
recursion (Eq. (3), (4), Lemmas 3, 4, Observation 5, Lemma 6).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from grundy import get_ruleset
from grundy.games.lctr.lctr import lemma3_staircase, lemma4_gamma
from grundy.nim import mex
from grundy.partition import Partition, gamma, staircase
from grundy.reproduce import rows
from grundy.reproduce.paper000.lctr_setting import (
    ANY_GAME,
    ANY_GAME_WORDS,
    BOXES,
    GAMES,
    PAPER,
    ValueRow,
    drawn_figure,
    game_case,
    nabla,
    run_bound,
    sg_at,
    shown_by,
    value_rows,
)
from grundy.reproduce.rows import Outcome
from grundy.reproduce.shared import Parts, boxes, conjugate, positions, sg, sub


def _moves(game: str, parts: Parts) -> list[Parts]:
    """The options of L(λ) / D(λ) as 000 §3.1, §3.2 state them."""
    if game == "lctr":
        return [sub(parts, 1, 0), sub(parts, 0, 1)] if parts else []
    out = []
    if len(parts) > 1:
        out.append(sub(parts, 1, 0))
    if parts[0] > 1:
        out.append(sub(parts, 0, 1))
    return out


@cache
def _raw_values(game: str, top: int) -> dict[Parts, int]:
    """SG of every partition of size ≤ top by the mex recursion on `_moves`: no symmetry used."""
    values: dict[Parts, int] = {}
    for lam in positions(top, game):
        parts = tuple(lam.parts())
        values[parts] = mex(values[m] for m in _moves(game, parts))
    return values


# ====================================================================== §2
@PAPER.statement(
    "Equation (1)",
    "(λ[i1, j1])[i2, j2] = λ[i1 + i2, j1 + j2] for all non-negative i1, i2, j1, j2",
)
def _equation_1(quick: bool) -> Outcome:
    top = run_bound(quick, 10, 14)
    cases = [
        (tuple(lam.parts()), i1, j1, i2, j2)
        for lam in positions(top, "lctr")
        for i1 in range(lam.length + 2)
        for j1 in range(lam.largest + 2)
        for i2 in range(lam.length + 2 - i1)
        for j2 in range(lam.largest + 2 - j1)
    ]
    bad = rows.first_failure(
        cases,
        lambda c: sub(sub(c[0], c[1], c[2]), c[3], c[4]) == sub(c[0], c[1] + c[3], c[2] + c[4]),
    )
    same = rows.first_failure(
        positions(top, "lctr"),
        lambda lam: all(
            tuple(lam.sub(i, j).parts()) == sub(tuple(lam.parts()), i, j)
            for i in range(lam.length + 2)
            for j in range(lam.largest + 2)
        ),
    )
    return rows.verified_unless(
        bad if bad is not None else same,
        f"every partition with n ≤ {top} and all i1 + i2 ≤ r + 1, j1 + j2 ≤ λ1 + 1 "
        f"({len(cases)} cases); grundy's λ[i, j] agrees with the paper's definition",
        command="grundy table lctr 6,4^2,2,1^2",
        false_note="identity fails",
        shows=rows.no_command,
    )


PAPER.family_check(
    "Corollary 1",
    "if A → B then SG(A) ≠ SG(B)",
    cases=lambda top: [
        (g, lam, m) for g in GAMES for m in (False, True) for lam in positions(top, g)
    ],
    holds=lambda c: all(
        sg(c[0], child, c[2]) != sg(*c) for _, child in get_ruleset(c[0]).options(c[1])
    ),
    **rows.up_to(*BOXES),
    checked="every move from every partition with n ≤ {top}, LCTR and Downright, normal and "
    "misère play",
    command="grundy moves lctr 3,1",
    false_note="a move keeps the value",
    describe=game_case,
    shows=shown_by("moves"),
)


@drawn_figure(
    "Figure 5",
    "the SG values of every subposition of LCTR (left) and Downright (right) on "
    "λ = [8, 7, 6, 5^2, 2, 1], written in the boxes",
    "the drawn values",
    "the two tables of λ by exhaustive search",
    "grundy table downright 8,7,6,5^2,2,1",
)
def _figure_5() -> str:
    lam = Partition.parse("8,7,6,5^2,2,1")
    tables = {
        g: [[sg_at(g, lam, i, j) for j in range(p)] for i, p in enumerate(lam.parts())]
        for g in GAMES
    }
    dr = tables["downright"]
    diagonal = all(dr[i - 1][j - 1] == dr[i][j] for i, j in boxes(lam) if i and j)
    return (
        f"computed: SG(L(λ)) = {tables['lctr'][0][0]}, SG(D(λ)) = {dr[0][0]}, top rows "
        f"{''.join(map(str, tables['lctr'][0]))} / {''.join(map(str, dr[0]))}; the Downright "
        "values are "
        + ("constant" if diagonal else "NOT constant")
        + " along the diagonals, as the text says the figure shows"
    )


# ====================================================================== §3
def _eq4_box(parts: Parts, table: dict[tuple[int, int], int], i: int, j: int) -> int:
    """000 Eq. (4) at box (i, j), from the boxes right and below."""
    rest = sub(parts, i, j)
    if rest == (1,):
        return 0
    if len(rest) == 1:
        return mex((table[i, j + 1],))
    if rest[0] == 1:
        return mex((table[i + 1, j],))
    return nabla(table[i, j + 1], table[i + 1, j])


def _recursion_holds(game: str) -> Callable[[Partition], bool]:
    """Eq. (3) (LCTR) or Eq. (4) (Downright) box by box, from the bottom-right, against
    exhaustive search on every box of λ."""

    def holds(lam: Partition) -> bool:
        parts = tuple(lam.parts())
        table: dict[tuple[int, int], int] = {}
        for i, j in sorted(boxes(lam), reverse=True):
            if game == "lctr":
                table[i, j] = nabla(table.get((i + 1, j), 0), table.get((i, j + 1), 0))
            else:
                table[i, j] = _eq4_box(parts, table, i, j)
            if table[i, j] != sg_at(game, lam, i, j):
                return False
        return True

    return holds


def _box_recursion_row(number: str, game: str, claim: str) -> None:
    """Eq. (3) or (4): the recursion box by box against exhaustive search."""
    PAPER.family_check(
        number,
        claim,
        cases=lambda top: positions(top, game),
        holds=_recursion_holds(game),
        **rows.up_to(*BOXES),
        checked="every box of every partition with n ≤ {top}, against exhaustive search",
        command=f"grundy table {game} 8,7,6,5^2,2,1",
        false_note="the recursion gives a wrong value",
        shows=lambda lam: f"grundy table {game} {lam}",
    )


_box_recursion_row(
    "Equation (3)",
    "lctr",
    "SG(A[i, j]) = SG(A[i+1, j]) ∇ SG(A[i, j+1]) if A[i, j] ≠ [], else 0 (LCTR, box by box)",
)
_box_recursion_row(
    "Equation (4)",
    "downright",
    "Downright box by box: 0 at a corner [1]; mex{SG(A[i, j+1])} on [c], c ≥ 2; "
    "mex{SG(A[i+1, j])} on [1^r], r ≥ 2; SG(A[i, j+1]) ∇ SG(A[i+1, j]) otherwise",
)

value_rows(
    ValueRow(
        "Lemma 3",
        "SG(L(P_n)) = n mod 2 and SG(D(P_n)) = (n − 1) mod 2",
        lambda top: [(g, n) for n in range(1, top + 1) for g in GAMES],
        lambda c: (c[0], staircase(c[1])),
        lambda c: lemma3_staircase(c[1], c[0]),
        lambda c: f"{c[0]} P_{c[1]}",
        (20, 40),
        "P_n for n ≤ {top}, both games",
        "grundy value downright 5,4,3,2,1",
        "staircase value differs",
    ),
    ValueRow(
        "Lemma 4",
        "Eq. (5): SG(L(Γ_{r,c})) = 0 if c, r > 1; 1 if r = 1 and c odd or c = 1 and r odd; 2 "
        "otherwise. Eq. (6): SG(D(Γ_{r,c})) = 0 if c, r odd; 2 if of different parity and "
        "c, r > 1; 1 otherwise",
        lambda top: [
            (g, r, c) for r in range(1, top + 1) for c in range(1, top + 1) for g in GAMES
        ],
        lambda x: (x[0], gamma(x[1], x[2])),
        lambda x: lemma4_gamma(x[1], x[2], x[0]),
        lambda x: f"{x[0]} Γ_{{{x[1]},{x[2]}}}",
        (15, 40),
        "Γ_{{r,c}} = [c, 1^(r−1)] for r, c ≤ {top}, both games",
        'grundy value downright "4,1^2"',
        "gamma value differs",
    ),
)

PAPER.family_check(
    "Observation 5",
    "in any impartial game under normal play, SG(A) does not exceed the number of moves from A",
    cases=lambda **tops: [(g, lam) for g, top in tops.items() for lam in positions(top, g)],
    holds=lambda c: sg(*c) <= sum(1 for _ in get_ruleset(c[0]).options(c[1])),
    **ANY_GAME,
    checked=f"every partition in {ANY_GAME_WORDS}",
    command="grundy moves cr 3,2,1",
    false_note="value above the number of moves",
    describe=game_case,
    shows=shown_by("moves"),
)


@PAPER.statement(
    "Lemma 6",
    "1. λ'[i, j] = λ[j, i]'; 2. SG(L(λ')) = SG(L(λ)) and SG(D(λ')) = SG(D(λ))",
)
def _lemma_6(quick: bool) -> Outcome:
    top = run_bound(quick, *BOXES)
    shapes = [tuple(lam.parts()) for lam in positions(top, "lctr")]
    raw = {g: _raw_values(g, top) for g in GAMES}
    cases = [(g, p) for g in GAMES for p in shapes if p or g == "lctr"]
    found = (
        rows.first_failure(
            shapes,
            lambda p: all(
                sub(conjugate(p), i, j) == conjugate(sub(p, j, i))
                for i in range(len(conjugate(p)) + 2)
                for j in range(len(p) + 2)
            ),
        ),
        rows.first_failure(cases, lambda c: raw[c[0]][c[1]] == raw[c[0]][conjugate(c[1])]),
        # the plain recursion agrees with the reference solver (which uses this symmetry)
        rows.first_failure(cases, lambda c: raw[c[0]][c[1]] == sg(c[0], Partition(c[1]))),
    )
    return rows.verified_unless(
        next((bad for bad in found if bad is not None), None),
        f"every partition with n ≤ {top}: item 1 for every (i, j), item 2 by a plain mex "
        "recursion that does not use conjugation (it agrees with the solver)",
        command="grundy value lctr 4,1",
        false_note="conjugation changes the game",
        shows=rows.no_command,
    )
