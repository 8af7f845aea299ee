"""Paper 003 §2: any Boolean matrix, the all-ones matrices and U_n (Remarks 1, 2,
Proposition 1, Theorem 1, the Gr(U_n) table, Conjecture 1, Corollary 1).
"""

from __future__ import annotations

import random

import grundy
from grundy import FunctionRuleset
from grundy.answers import reference_solver
from grundy.games.matrix import matrix_theorems as th
from grundy.games.matrix.matrix import PLAIN_MATRIX, BoolMatrix, parse_matrix
from grundy.nim import mex
from grundy.reproduce import rows
from grundy.reproduce.paper003.matrix_setting import (
    PAPER,
    every_matrix,
    matrix_command,
    ones_matrix,
    plain_value,
    random_matrices,
    staircase_command,
    upper,
)
from grundy.reproduce.rows import Family, Outcome, Verdict
from grundy.reproduce.shared import pairs, values_agree


# ------------------------------------------------------------ Section 2
@PAPER.statement("Remark 1", "a line of zeros has no effect on the game and can be deleted")
def _remark_1(quick: bool) -> Outcome:
    def keep_zero_lines(m: BoolMatrix) -> list[BoolMatrix]:
        """The game with zero lines kept: remove a nonzero line, nothing else changes."""
        rows = [m.delete_row(i) for i, r in enumerate(m.rows) if r]
        return rows + [m.delete_column(j) for j, c in enumerate(m.columns()) if c]

    raw = reference_solver(
        FunctionRuleset(keep_zero_lines, "matrix, zero lines kept", parse_matrix)
    )
    cases = every_matrix(3, 3)
    if not quick:
        cases += random_matrices(random.Random(3), 300, 4, 5)

    def padded(m: BoolMatrix) -> BoolMatrix:
        """m with a zero row inserted after row 1 and a zero column at position 2."""
        rows = [((r >> 1) << 2) | (r & 1) for r in m.rows]
        return BoolMatrix([*rows[:1], 0, *rows[1:]], m.ncols + 1)

    return rows.verified_unless(
        rows.first_failure(cases, lambda m: raw.value(padded(m)) == plain_value(m)),
        "every 3×3 matrix"
        + ("" if quick else " and 300 random 4×5")
        + ", with a zero row and a zero column inserted (zero lines kept in the play)",
        command='grundy value matrix "1010;0000;0110"',
        false_note="a zero line changed the value",
        describe=lambda m: str(padded(m)),
        shows=lambda m: f'grundy value matrix "{padded(m)}"',
    )


@PAPER.statement(
    "Remark 2",
    "permuting the rows, permuting the columns, or transposing gives an equivalent game",
)
def _remark_2(quick: bool) -> Outcome:
    rng = random.Random(2)
    cases = every_matrix(3, 3)
    if not quick:
        cases += every_matrix(3, 4) + random_matrices(rng, 60, 5, 5)

    def shuffled(m: BoolMatrix) -> BoolMatrix:
        rows = list(m.rows)
        rng.shuffle(rows)
        order = list(range(m.ncols))
        rng.shuffle(order)
        return BoolMatrix(
            [sum(((r >> j) & 1) << k for k, j in enumerate(order)) for r in rows], m.ncols
        )

    return rows.verified_unless(
        rows.first_failure(
            cases,
            lambda m: plain_value(m) == plain_value(m.transpose()) == plain_value(shuffled(m)),
        ),
        "every 3×3 matrix"
        + ("" if quick else ", every 3×4 and 60 random 5×5")
        + ", by the plain Solver (no symmetry): transpose and a random row and column permutation",
        command='grundy value matrix "10;11;01"',
        false_note="a permuted or transposed matrix has another value",
        shows=matrix_command("value"),
    )


def _permutation_matrices(top: int) -> list[BoolMatrix]:
    """Three random n×n permutation matrices for each n ≤ top."""
    rng = random.Random(1)
    cases = []
    for n in range(1, top + 1):
        for _ in range(3):
            perm = list(range(n))
            rng.shuffle(perm)
            cases.append(BoolMatrix([1 << j for j in perm], n))
    return cases


PAPER.family_check(
    "Proposition 1",
    "Gr(P_n) = 0 for even n, 1 for odd n (P_n a permutation matrix)",
    cases=_permutation_matrices,
    **values_agree(plain_value, lambda m: th.permutation_matrix_value(m.nrows)),
    **rows.up_to(8, 11),
    checked="3 random n×n permutation matrices for each n ≤ {top}, by the plain Solver",
    command='grundy value matrix "010;001;100"',
    false_note="a permutation matrix has another value",
    shows=matrix_command("value"),
)


def _ones_moves_as_printed(n: int) -> bool:
    """The proof of Theorem 1: "For m = 2 and n ≥ 1, the possible moves are J_{2,n} → J_{1,n}
    and J_{2,n} → J_{1,n−1}"."""
    return {m.shape for _, m in PLAIN_MATRIX.options(ones_matrix(2, n))} == {(1, n), (1, n - 1)}


def _ones_printed_values(n: int) -> list[int]:
    """The values of the options of J_{2,n} as the proof lists them."""
    return [plain_value(ones_matrix(1, n)), plain_value(ones_matrix(1, n - 1))]


def _ones_slip(wrong: list[int]) -> int:
    """The n shown for the proof's slip: the first where the printed options give the wrong
    mex, else the first where they are not the options."""
    return next(
        (n for n in wrong if mex(_ones_printed_values(n)) != plain_value(ones_matrix(2, n))),
        wrong[0],
    )


def _ones_slip_words(wrong: list[int]) -> str:
    n = _ones_slip(wrong)
    true = [plain_value(ones_matrix(1, n)), plain_value(ones_matrix(2, n - 1))]
    printed = _ones_printed_values(n)
    return (
        f"J_{{2,{n}}}: options J_{{1,{n}}}, J_{{2,{n - 1}}} (values {true}, mex {mex(true)}); the "
        f"printed J_{{1,{n}}}, J_{{1,{n - 1}}} have values {printed}, mex {mex(printed)}"
    )


#: Theorem 1 as grundy computes it (`all_ones_value`) against the plain Solver.
_THEOREM_1: Family[tuple[int, int]] = Family(
    cases=pairs,
    holds=lambda c: plain_value(ones_matrix(*c)) == th.all_ones_value(*c),
    **rows.up_to(12, 30),
    checked="m, n ≤ {top}, by the plain Solver",
    false_note="a printed value disagrees with search",
    describe=lambda c: (
        f"{list(c)}: search {plain_value(ones_matrix(*c))}, the statement {th.all_ones_value(*c)}"
    ),
    shows=lambda c: f'grundy value matrix "ones:{c[0]},{c[1]}"',
)


def _theorem_1_proof(quick: bool) -> Outcome:
    """The moves of J_{2,n} as the proof of Theorem 1 lists them, for 2 ≤ n ≤ top."""
    top = _THEOREM_1.bounds(quick)["top"]
    wrong = [n for n in range(2, top + 1) if not _ones_moves_as_printed(n)]
    every = " for every n ≤ " + str(top) if len(wrong) == top - 1 else ""
    return rows.verified_unless(
        wrong or None,
        _THEOREM_1.checked.format(top=top),
        verdict=Verdict.PROOF_SLIP,
        command='grundy value matrix "ones:3,4"',
        false_note="the proof lists the moves of J_{2,n} as J_{1,n} and J_{1,n−1}; the "
        f"column move gives J_{{2,n−1}}{every} (as the proof's next lines use)",
        describe=_ones_slip_words,
        shows=lambda found: f'grundy moves matrix "ones:2,{_ones_slip(found)}"',
    )


PAPER.statement(
    "Theorem 1",
    "Gr(J_{m,n}) = 2 if 1 ∈ {m,n}, m+n odd; 1 if 1 ∈ {m,n}, m+n even; 2 if 2 ∈ {m,n}, m+n odd; "
    "0 if m,n ≥ 2, m+n even; 1 if m,n ≥ 3, m+n odd",
)(rows.in_turn(_THEOREM_1.check, _theorem_1_proof))


@PAPER.statement(
    "§2 Gr(U_n) table",
    "a computer program: Gr(U_n) = 1 for n = 1, 3, 5; 2 for n = 7, 9; 0 for n = 2, 4, …, 10",
)
def _u_table(quick: bool) -> Outcome:
    plain_top = 5 if quick else 6

    def search(n: int) -> int:
        return plain_value(upper(n)) if n <= plain_top else grundy.value("matrix", upper(n))

    printed = th.U_VALUES_003  # the printed values, as grundy records them
    return rows.verified_unless(
        rows.first_failure(
            [n for n in (1, 3, 5, 7, 9, 2, 4, 6, 8, 10) if n in printed],
            lambda n: search(n) == printed[n],
        ),
        f"n ≤ 10 by the matrix game (plain Solver for n ≤ {plain_top}), U_n built as defined",
        command='grundy value cr "7,6,5,4,3,2,1"',
        false_note="a printed value of Gr(U_n) disagrees with search",
        describe=lambda n: f"U_{n}: value {search(n)}, printed {printed[n]}",
        shows=staircase_command,
    )


@PAPER.statement("Conjecture 1", "Gr(U_n) = 0 for every even n ≥ 2")
def _conjecture_1(quick: bool) -> Outcome:
    top = 12 if quick else 20
    return rows.verified_unless(
        rows.first_failure(range(2, top + 1, 2), lambda n: grundy.value("matrix", upper(n)) == 0),
        f"every even n ≤ {top} (U_n is the staircase n, n−1, …, 1: Column-Row's engine)",
        note="open in general; a finite range only",
        command=staircase_command(top),
        false_note="an even U_n with nonzero value",
        describe=lambda n: f"U_{n}: value {grundy.value('matrix', upper(n))}",
        shows=staircase_command,
    )


PAPER.family_check(
    "Corollary 1",
    "Gr([a1]) = 1 if a1 is odd, 2 if a1 is even",
    cases=lambda top: range(1, top + 1),
    **values_agree(
        lambda a: plain_value(ones_matrix(1, a)), th.corollary1_value, name=lambda a: f"[{a}]"
    ),
    **rows.up_to(20, 60),
    checked="a1 ≤ {top}, by the plain Solver",
    command='grundy value matrix "ones:1,6"',
    false_note="a printed value disagrees with search",
    shows=lambda a: f'grundy value matrix "ones:1,{a}"',
)
