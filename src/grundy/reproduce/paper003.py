"""The checks of paper 003 (Curran, Locke, Low, *A variant of Nim played on Boolean
matrices*, Integers 2023): one per numbered statement, in the paper's order.

The game is ``matrix`` (remove a nonzero row or column of a 0/1 matrix); on a
Ferrers matrix [a1, …, ak] it is Column-Row (``cr``) on that partition.  The
statements `grundy.games.matrix.matrix_theorems` implements (Proposition 1,
Theorem 1, Corollary 1, Theorems 2–16, Remark 5 and the Gr(U_n) of §2) are
tested as the library computes them, against exhaustive search: the plain
matrix `Solver` (``fast=False``, no symmetry, no closed form) on small
matrices, Column-Row's engine on Ferrers matrices.  What the library does not
implement is written here as the paper prints it (Definition 4's mat(S),
Propositions 2, 3, the steps of the proofs, and Theorems 12, 15, 16 at the
k the rows check beyond the library's domain); where a step of a printed
proof is wrong, the step is recomputed in the game too.

>>> from grundy.reproduce.catalogue import statements
>>> numbers = [s.number for s in statements("003")]
>>> numbers[:4], "Theorem 16" in numbers, len(numbers) > 30
(['Remark 1', 'Remark 2', 'Proposition 1', 'Theorem 1'], True, True)
>>> _proposition_2((1, 0, 1, 1, 0, 0)), _mat((3, 1)).to_lists()
(True, [[1, 1, 1], [0, 0, 1]])
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache

import grundy
from grundy import FunctionRuleset, Solver
from grundy.games.matrix import matrix_theorems as th
from grundy.games.matrix.matrix import PLAIN_MATRIX, BoolMatrix, ferrers_matrix, parse_matrix
from grundy.nim import mex
from grundy.reproduce.rows import (
    Family,
    Outcome,
    Verdict,
    family_check,
    first_failed,
    first_failure,
    statement,
    verified_unless,
)
from grundy.reproduce.shared import Parts, smallest_first, values_agree

PAPER = "003"
Parity = tuple[int, ...]
#: A claim of §5 on a strong partition: True for "P", False for "N", None when it says
#: nothing about that partition.
StrongClaim = Callable[[Parts], "bool | None"]

_PLAIN = Solver(PLAIN_MATRIX, fast=False)


# ------------------------------------------------------------------ search
def _plain(matrix: BoolMatrix) -> int:
    """The value by the plain matrix Solver (no canonical forms, splitting or closed form)."""
    return _PLAIN.value(matrix)


@cache
def _cr(parts: Parts) -> int:
    """The value of the Ferrers matrix [a1, …, ak]: Column-Row's engine (the same game)."""
    return grundy.value("cr", list(parts))


def _ferrers(parts: Parts, plain_top: int) -> int:
    """Search on the Ferrers matrix: the plain matrix Solver up to `plain_top`, else Column-Row."""
    if max(parts) <= plain_top:
        return _plain(ferrers_matrix(list(parts)))
    return _cr(parts)


def _ones(m: int, n: int) -> BoolMatrix:
    """J_{m,n}."""
    return BoolMatrix([(1 << n) - 1] * m, n)


def _upper(n: int) -> BoolMatrix:
    """U_n as 003 defines it: entry (i, j) is 1 iff i ≤ j."""
    return BoolMatrix([sum(1 << (j - 1) for j in range(i, n + 1)) for i in range(1, n + 1)], n)


def _partitions(k: int, top: int, bottom: int = 1) -> Iterator[Parts]:
    """Every a1 ≥ … ≥ ak with bottom ≤ ak and a1 ≤ top (largest first, lexicographically)."""
    # combinations of a descending range are exactly the non-increasing tuples
    yield from itertools.combinations_with_replacement(range(top, bottom - 1, -1), k)


def _by_size(k_max: int, top: int) -> list[Parts]:
    """Every partition with at most k_max parts, each ≤ top, by size then parts."""
    return smallest_first(a for k in range(1, k_max + 1) for a in _partitions(k, top))


def _cr_command(parts: Sequence[int], verb: str = "value") -> str:
    """The command showing the Ferrers matrix of `parts` (Column-Row)."""
    return f'grundy {verb} cr "{",".join(map(str, parts))}"'


def _staircase_command(n: int) -> str:
    """The command showing U_n, the staircase n, n−1, …, 1 (Column-Row)."""
    return _cr_command(range(n, 0, -1))


def _matrix_command(verb: str) -> Callable[[BoolMatrix], str]:
    """The command (`verb` value or moves) showing a matrix."""
    return lambda matrix: f'grundy {verb} matrix "{matrix}"'


def _parity(a: Sequence[int]) -> Parity:
    return tuple(x % 2 for x in a)


def _starts(par: Parity, pattern: Sequence[int]) -> bool:
    return par[: len(pattern)] == tuple(pattern)


def _column_with(matrix: BoolMatrix, ones: int) -> int | None:
    """A column holding exactly `ones` 1s (0-based), or None."""
    return next((j for j, c in enumerate(matrix.columns()) if c.bit_count() == ones), None)


def _remove_column(matrix: BoolMatrix, ones: int) -> BoolMatrix | None:
    """The move "remove a column with `ones` 1s", or None if there is none."""
    j = _column_with(matrix, ones)
    return None if j is None else matrix.delete_column(j).without_zero_lines()


def _remove_row(matrix: BoolMatrix, i: int) -> BoolMatrix:
    """The move "remove row i" (1-based; rows kept in the paper's order)."""
    return matrix.delete_row(i - 1).without_zero_lines()


#: A move of a proof's strategy, on the matrix; None when it cannot be made.
Move = Callable[[BoolMatrix], BoolMatrix | None]


def _column_move(ones: int) -> Move:
    return lambda m: _remove_column(m, ones)


def _row_move(i: int) -> Move:
    return lambda m: _remove_row(m, i)


def _play(parts: Parts, moves: Sequence[Move]) -> BoolMatrix | None:
    """The Ferrers matrix of `parts` after `moves` (None if one cannot be made)."""
    m: BoolMatrix | None = ferrers_matrix(list(parts))
    for move in moves:
        if m is None:
            return None
        m = move(m)
    return m


def _rows(matrix: BoolMatrix) -> Parts:
    """The row sums: seq(B) of 003 Definition 4."""
    return tuple(matrix.row_sums())


# ------------------------------------------------------------------ ranges
def _strong_ks(quick: bool) -> range:
    """The numbers of parts k of the strong partitions searched for §5 (parts ≤ 2k + 2)."""
    return range(3, 8 if quick else 11)


def _strong_words(quick: bool, ks: Callable[[int], bool]) -> str:
    """The range searched for the k with ks(k), in words."""
    used = [k for k in _strong_ks(quick) if ks(k)]
    if len(used) == 1:
        return (
            f"every strong partition (a_k > k) with k = {used[0]} parts, each ≤ {2 * used[0] + 2}"
        )
    return (
        f"every strong partition (a_k > k) with k ∈ {{{', '.join(map(str, used))}}} parts, "
        "each ≤ 2k + 2"
    )


@cache
def _strong(k: int, top: int) -> dict[Parts, int]:
    """The value of every strong partition with k parts, each ≤ top (a_k > k), smallest first."""
    return {a: _cr(a) for a in smallest_first(_partitions(k, top, k + 1))}


def _strong_cases(quick: bool, ks: Callable[[int], bool]) -> Iterator[tuple[Parts, int]]:
    for k in _strong_ks(quick):
        if ks(k):
            yield from _strong(k, 2 * k + 2).items()


def _check_strong(
    quick: bool, ks: Callable[[int], bool], claim: StrongClaim, command: str, note: str = ""
) -> Outcome:
    """Compare a §5 statement with search on the strong partitions with k parts, ks(k).

    Each statement of §5 is a condition on the number of parts and their parities, so the
    claim is asked once per such class, of its smallest member, and compared with search on
    every member."""
    said: dict[tuple[int, Parity], bool | None] = {}

    def holds(case: tuple[Parts, int]) -> bool:
        a, value = case
        key = (len(a), _parity(a))
        if key not in said:
            said[key] = claim(a)
        return said[key] is None or said[key] == (value == 0)

    return verified_unless(
        first_failure(_strong_cases(quick, ks), holds),
        _strong_words(quick, ks),
        note=note,
        command=command,
        false_note="the printed parity condition disagrees with search",
        describe=lambda case: (
            f"{list(case[0])}: value {case[1]}, the statement says "
            + ("P" if said[len(case[0]), _parity(case[0])] else "N")
        ),
        shows=lambda case: _cr_command(case[0]),
    )


def _says(claim: Callable[[Parts], bool], outcome: bool) -> StrongClaim:
    """A claim "Gr = 0" (`outcome` True) or "Gr ≠ 0" (False) that says nothing when its
    condition does not hold."""
    return lambda a: outcome if claim(a) else None


# ------------------------------------------------------------ Section 2
@statement(PAPER, "Remark 1", "a line of zeros has no effect on the game and can be deleted")
def _remark_1(quick: bool) -> Outcome:
    def keep_zero_lines(m: BoolMatrix) -> list[BoolMatrix]:
        """The game with zero lines kept: remove a nonzero line, nothing else changes."""
        rows = [m.delete_row(i) for i, r in enumerate(m.rows) if r]
        return rows + [m.delete_column(j) for j, c in enumerate(m.columns()) if c]

    raw = Solver(FunctionRuleset(keep_zero_lines, "matrix, zero lines kept", parse_matrix), False)
    side = 3
    cases = [BoolMatrix(rows, side) for rows in itertools.product(range(1 << side), repeat=side)]
    if not quick:
        rng = random.Random(3)
        cases += [BoolMatrix([rng.randrange(32) for _ in range(4)], 5) for _ in range(300)]

    def padded(m: BoolMatrix) -> BoolMatrix:
        """m with a zero row inserted after row 1 and a zero column at position 2."""
        rows = [((r >> 1) << 2) | (r & 1) for r in m.rows]
        return BoolMatrix([*rows[:1], 0, *rows[1:]], m.ncols + 1)

    return verified_unless(
        first_failure(cases, lambda m: raw.value(padded(m)) == _plain(m)),
        "every 3×3 matrix"
        + ("" if quick else " and 300 random 4×5")
        + ", with a zero row and a zero column inserted (zero lines kept in the play)",
        command='grundy value matrix "1010;0000;0110"',
        false_note="a zero line changed the value",
        describe=lambda m: str(padded(m)),
        shows=lambda m: f'grundy value matrix "{padded(m)}"',
    )


@statement(
    PAPER,
    "Remark 2",
    "permuting the rows, permuting the columns, or transposing gives an equivalent game",
)
def _remark_2(quick: bool) -> Outcome:
    rng = random.Random(2)
    shapes = [(3, 3)] if quick else [(3, 3), (3, 4)]
    cases = [
        BoolMatrix(rows, n)
        for m, n in shapes
        for rows in itertools.product(range(1 << n), repeat=m)
    ]
    if not quick:
        cases += [BoolMatrix([rng.randrange(32) for _ in range(5)], 5) for _ in range(60)]

    def shuffled(m: BoolMatrix) -> BoolMatrix:
        rows = list(m.rows)
        rng.shuffle(rows)
        order = list(range(m.ncols))
        rng.shuffle(order)
        return BoolMatrix(
            [sum(((r >> j) & 1) << k for k, j in enumerate(order)) for r in rows], m.ncols
        )

    return verified_unless(
        first_failure(cases, lambda m: _plain(m) == _plain(m.transpose()) == _plain(shuffled(m))),
        "every 3×3 matrix"
        + ("" if quick else ", every 3×4 and 60 random 5×5")
        + ", by the plain Solver (no symmetry): transpose and a random row and column permutation",
        command='grundy value matrix "10;11;01"',
        false_note="a permuted or transposed matrix has another value",
        shows=_matrix_command("value"),
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


family_check(
    PAPER,
    "Proposition 1",
    "Gr(P_n) = 0 for even n, 1 for odd n (P_n a permutation matrix)",
    cases=_permutation_matrices,
    **values_agree(_plain, lambda m: th.permutation_matrix_value(m.nrows)),
    quick={"top": 8},
    full={"top": 11},
    checked="3 random n×n permutation matrices for each n ≤ {top}, by the plain Solver",
    command='grundy value matrix "010;001;100"',
    false_note="a permutation matrix has another value",
    shows=_matrix_command("value"),
)


def _ones_moves_as_printed(n: int) -> bool:
    """The proof of Theorem 1: "For m = 2 and n ≥ 1, the possible moves are J_{2,n} → J_{1,n}
    and J_{2,n} → J_{1,n−1}"."""
    return {m.shape for _, m in PLAIN_MATRIX.options(_ones(2, n))} == {(1, n), (1, n - 1)}


def _ones_printed_values(n: int) -> list[int]:
    """The values of the options of J_{2,n} as the proof lists them."""
    return [_plain(_ones(1, n)), _plain(_ones(1, n - 1))]


def _ones_slip(wrong: list[int]) -> int:
    """The n shown for the proof's slip: the first where the printed options give the wrong
    mex, else the first where they are not the options."""
    return next((n for n in wrong if mex(_ones_printed_values(n)) != _plain(_ones(2, n))), wrong[0])


def _ones_slip_words(wrong: list[int]) -> str:
    n = _ones_slip(wrong)
    true = [_plain(_ones(1, n)), _plain(_ones(2, n - 1))]
    printed = _ones_printed_values(n)
    return (
        f"J_{{2,{n}}}: options J_{{1,{n}}}, J_{{2,{n - 1}}} (values {true}, mex {mex(true)}); the "
        f"printed J_{{1,{n}}}, J_{{1,{n - 1}}} have values {printed}, mex {mex(printed)}"
    )


@statement(
    PAPER,
    "Theorem 1",
    "Gr(J_{m,n}) = 2 if 1 ∈ {m,n}, m+n odd; 1 if 1 ∈ {m,n}, m+n even; 2 if 2 ∈ {m,n}, m+n odd; "
    "0 if m,n ≥ 2, m+n even; 1 if m,n ≥ 3, m+n odd",
)
def _theorem_1(quick: bool) -> Outcome:
    top = 12 if quick else 30
    checked = f"m, n ≤ {top}, by the plain Solver"
    cases = [
        (m, n) for s in range(2, 2 * top + 1) for m in range(1, top + 1) if 1 <= (n := s - m) <= top
    ]
    wrong = [n for n in range(2, top + 1) if not _ones_moves_as_printed(n)]
    every = " for every n ≤ " + str(top) if len(wrong) == top - 1 else ""
    return first_failed(
        lambda: verified_unless(
            first_failure(cases, lambda c: _plain(_ones(*c)) == th.all_ones_value(*c)),
            checked,
            false_note="a printed value disagrees with search",
            describe=lambda c: (
                f"{list(c)}: search {_plain(_ones(*c))}, the statement {th.all_ones_value(*c)}"
            ),
            shows=lambda c: f'grundy value matrix "ones:{c[0]},{c[1]}"',
        ),
        lambda: verified_unless(
            wrong or None,
            checked,
            verdict=Verdict.PROOF_SLIP,
            command='grundy value matrix "ones:3,4"',
            false_note="the proof lists the moves of J_{2,n} as J_{1,n} and J_{1,n−1}; the "
            f"column move gives J_{{2,n−1}}{every} (as the proof's next lines use)",
            describe=_ones_slip_words,
            shows=lambda found: f'grundy moves matrix "ones:2,{_ones_slip(found)}"',
        ),
    )


@statement(
    PAPER,
    "§2 Gr(U_n) table",
    "a computer program: Gr(U_n) = 1 for n = 1, 3, 5; 2 for n = 7, 9; 0 for n = 2, 4, …, 10",
)
def _u_table(quick: bool) -> Outcome:
    plain_top = 5 if quick else 6

    def search(n: int) -> int:
        return _plain(_upper(n)) if n <= plain_top else grundy.value("matrix", _upper(n))

    printed = th.U_VALUES_003  # the printed values, as grundy records them
    return verified_unless(
        first_failure(
            [n for n in (1, 3, 5, 7, 9, 2, 4, 6, 8, 10) if n in printed],
            lambda n: search(n) == printed[n],
        ),
        f"n ≤ 10 by the matrix game (plain Solver for n ≤ {plain_top}), U_n built as defined",
        command='grundy value cr "7,6,5,4,3,2,1"',
        false_note="a printed value of Gr(U_n) disagrees with search",
        describe=lambda n: f"U_{n}: value {search(n)}, printed {printed[n]}",
        shows=_staircase_command,
    )


@statement(PAPER, "Conjecture 1", "Gr(U_n) = 0 for every even n ≥ 2")
def _conjecture_1(quick: bool) -> Outcome:
    top = 12 if quick else 20
    return verified_unless(
        first_failure(range(2, top + 1, 2), lambda n: grundy.value("matrix", _upper(n)) == 0),
        f"every even n ≤ {top} (U_n is the staircase n, n−1, …, 1: Column-Row's engine)",
        note="open in general; a finite range only",
        command=_staircase_command(top),
        false_note="an even U_n with nonzero value",
        describe=lambda n: f"U_{n}: value {grundy.value('matrix', _upper(n))}",
        shows=_staircase_command,
    )


family_check(
    PAPER,
    "Corollary 1",
    "Gr([a1]) = 1 if a1 is odd, 2 if a1 is even",
    cases=lambda top: range(1, top + 1),
    **values_agree(lambda a: _plain(_ones(1, a)), th.corollary1_value, name=lambda a: f"[{a}]"),
    quick={"top": 20},
    full={"top": 60},
    checked="a1 ≤ {top}, by the plain Solver",
    command='grundy value matrix "ones:1,6"',
    false_note="a printed value disagrees with search",
    shows=lambda a: f'grundy value matrix "ones:1,{a}"',
)


# ------------------------------------------------------------ Sections 3 and 4
#: The bounds of Theorems 2–6: the largest part, and the largest searched by the plain
#: matrix Solver (Column-Row's engine beyond).
FERRERS = {"quick": {"top": 16, "plain": 6}, "full": {"top": 40, "plain": 8}}
FERRERS_WORDS = (
    "parts ≤ {top} (plain matrix Solver for parts ≤ {plain}, Column-Row's engine beyond)"
)
FerrersCase = tuple[Parts, int]


def _ferrers_family(
    k: int,
    shape: Callable[[Parts], bool],
    words: str,
    value: Callable[..., int],
    example: str,
    note: Callable[..., str] | str = "",
) -> Family[FerrersCase]:
    """Theorems 2–6: every Ferrers matrix of k rows of the given shape (named in `words`),
    its value by `value` (of grundy.games.matrix.matrix_theorems, on the parts) against search."""
    return Family(
        cases=lambda top, plain: [
            (a, plain) for a in smallest_first(a for a in _partitions(k, top) if shape(a))
        ],
        **values_agree(
            lambda c: _ferrers(*c), lambda c: value(*c[0]), name=lambda c: str(list(c[0]))
        ),
        **FERRERS,
        checked=f"every {words} with {FERRERS_WORDS}",
        note=note,
        command=f'grundy value cr "{example}"',
        false_note="a printed value disagrees with search",
        shows=lambda c: _cr_command(c[0]),
    )


def _column_options(parts: Parts) -> set[Parts]:
    """The positions after each column move of the Ferrers matrix, played in the matrix game."""
    moves = PLAIN_MATRIX.options(ferrers_matrix(list(parts)))
    return {_rows(o) for move, o in moves if move.kind == "column"}


def _theorem_2_note(top: int, plain: int) -> str:
    """The proof's Cases 4 and 5 list the column moves of [a1, a2] as [a1 − 1, a2] and
    [a1 − 1, a2 − 1] without excluding a1 = a2 (Theorems 4–6 state "assuming a1 > a2")."""
    if not all(_column_options((a, a)) == {(a - 1, a - 1)} for a in range(2, 13)):
        return ""
    return (
        "for a1 = a2 the proof's column option [a1 − 1, a2] does not exist (the only one is "
        "[a1 − 1, a1 − 1], played for a1 ≤ 12); the values it concludes hold all the same"
    )


statement(
    PAPER,
    "Theorem 2",
    "a1 ≥ a2 ≥ 1: Gr([a1,a2]) = 0 if a1 even; 2 if a1, a2 odd with a2 > 1, or a1 = a2 = 1; "
    "3 if a1 > 1 odd and a2 even or 1",
)(_ferrers_family(2, lambda a: True, "[a1, a2]", th.theorem2_value, "5,2", _theorem_2_note).check)


def _theorem_3_printed(a1: int) -> list[Parts]:
    """The options of [a1, 1, 1] as the proof of Theorem 3 lists them: "If a column of
    [a1, 1, 1] is removed, the allowable positions are [a1 − 1, 1] and [a1 − 1]", and the
    rows give [a1, 1] and [1, 1]."""
    return [(a1 - 1, 1), (a1 - 1,), (a1, 1), (1, 1)]


def _theorem_3_slip(a1: int) -> str:
    true = sorted(_column_options((a1, 1, 1)), reverse=True)
    printed = _theorem_3_printed(a1)
    return (
        f"[{a1},1,1]: column options {[list(p) for p in true]}; with the printed [{a1 - 1},1] "
        f"the mex over {[list(p) for p in printed]} would be "
        f"{mex(_cr(p) for p in printed)}, not {_cr((a1, 1, 1))}"
    )


_THEOREM_3 = _ferrers_family(
    3, lambda a: a[1] == 1, "[a1, 1, 1]", lambda a1, a2, a3: th.theorem3_value(a1), "4,1,1"
)


@statement(
    PAPER,
    "Theorem 3",
    "Gr([1,1,1]) = 1; Gr([a1,1,1]) = 0 if a1 > 1 is odd, 3 if a1 is even",
)
def _theorem_3(quick: bool) -> Outcome:
    done = _THEOREM_3.check(quick)
    return first_failed(
        lambda: done,
        lambda: verified_unless(
            first_failure(
                range(2, 41),
                lambda a1: mex(_cr(p) for p in _theorem_3_printed(a1)) == _cr((a1, 1, 1)),
            ),
            done.checked,
            verdict=Verdict.PROOF_SLIP,
            command=done.command,
            false_note="the proof lists the column moves of [a1,1,1] as [a1−1,1] and [a1−1]: "
            "the first is [a1−1,1,1] (as its values are then taken); it also writes 'a2 = 2' for "
            "a1 = 2 and 'Gr([a1,a2])' for Gr([a1,1,1])",
            describe=_theorem_3_slip,
            shows=lambda a1: f'grundy moves cr "{a1},1,1"',
        ),
    )


statement(
    PAPER,
    "Theorem 4",
    "a1 ≥ a2 > 1: Gr([a1,a2,1]) = 1 if a1 odd; 2 if a1 ≥ 4 even and a2 odd or 2; "
    "3 if a1, a2 even with a2 ≥ 4, or a1 = a2 = 2",
)(
    _ferrers_family(
        3,
        lambda a: a[1] > 1 and a[2] == 1,
        "[a1, a2, 1], a2 > 1",
        lambda a1, a2, a3: th.theorem4_value(a1, a2),
        "6,4,1",
    ).check
)
statement(
    PAPER,
    "Theorem 5",
    "a1 ≥ a2 ≥ 2: Gr([a1,a2,2]) = 0 if a1, a2 odd; 1 if a1 odd, a2 even; 2 if a1 even",
)(
    _ferrers_family(
        3,
        lambda a: a[2] == 2,
        "[a1, a2, 2]",
        lambda a1, a2, a3: th.theorem5_value(a1, a2),
        "5,4,2",
    ).check
)
statement(
    PAPER,
    "Theorem 6",
    "a1 ≥ a2 ≥ a3 ≥ 3: Gr([a1,a2,a3]) = 0 if a1, a2 odd; 1 if a1, a2 even, a3 = 3; 1 if a1 "
    "even, a3 > 3; 2 if a1 odd, a2, a3 even; 3 if a1 even, a2 odd, a3 = 3; 4 if a1 odd, a2 "
    "even, a3 odd",
)(_ferrers_family(3, lambda a: a[2] >= 3, "[a1, a2, a3], a3 ≥ 3", th.theorem6_value, "7,6,5").check)


# ------------------------------------------------------------ Section 5
family_check(
    PAPER,
    "Remark 3",
    "(a1, …, ak) is strong (a_k > k) exactly when every term a_i exceeds the number of terms k",
    cases=lambda top: _by_size(top, top),
    holds=lambda a: th.is_strong(a) == all(x > len(a) for x in a),
    quick={"top": 8},
    full={"top": 10},
    checked="every partition with at most {top} parts, each ≤ {top}",
    command='grundy value cr "10,8,7,5"',
    false_note="the two readings of strong differ",
    describe=lambda a: str(list(a)),
    shows=_cr_command,
)


def _mat(s: Parts) -> BoolMatrix:
    """mat(S) of Definition 4 read with j: b_{i,j} = 1 iff a1 − a_i < j ≤ a1."""
    a1 = s[0]
    return BoolMatrix([sum(1 << (j - 1) for j in range(a1 - a + 1, a1 + 1)) for a in s], a1)


def _mat_as_printed(s: Parts) -> list[list[int | None]]:
    """mat(S) with the clauses as printed: b_{i,j} = 0 if j ≤ a1 − a_i, 1 if a1 − a_i < i ≤ a1
    (a condition on i, not j); None where neither clause applies."""
    a1 = s[0]
    return [
        [0 if j <= a1 - a else (1 if a1 - a < i <= a1 else None) for j in range(1, a1 + 1)]
        for i, a in enumerate(s, 1)
    ]


#: 003 Figure 1, "the strong partition matrix [10, 8, 7, 5]" (transcribed).
FIGURE_1 = "1111111111;0011111111;0001111111;0000011111"


def _definition_4_wording(s: Parts) -> str:
    printed = _mat_as_printed(s)
    i = next(i for i, row in enumerate(printed, 1) if None in row)
    a1, ai = s[0], s[i - 1]
    return (
        f"S = {list(s)}: for row i = {i} the printed condition reads {a1 - ai} < {i} ≤ {a1}, "
        f"false, so b_{{{i},j}} gets no value for j > {a1 - ai}"
    )


@statement(
    PAPER,
    "Definition 4",
    "mat(S) is the k × a1 matrix with b_{i,j} = 0 for j ≤ a1 − a_i and b_{i,j} = 1 for "
    "a1 − a_i < i ≤ a1 (printed with i); seq(mat(S)) = S",
)
def _definition_4(quick: bool) -> Outcome:
    top = 8 if quick else 12
    cases = _by_size(4, top)
    checked = f"every partition with at most 4 parts, each ≤ {top}, and Figure 1"
    command = f'grundy value matrix "{FIGURE_1}"'
    empty = [i for i, row in enumerate(_mat_as_printed((10, 8, 7, 5)), 1) if None in row]
    bad = first_failure(cases, lambda s: _rows(_mat(s)) == s)
    if bad is None and _mat((10, 8, 7, 5)) != parse_matrix(FIGURE_1):
        bad = (10, 8, 7, 5)
    return first_failed(
        lambda: verified_unless(
            bad,
            checked,
            command=command,
            false_note="mat(S) read with j does not give back S (or Figure 1)",
            describe=lambda s: str(list(s)),
        ),
        lambda: verified_unless(
            first_failure(cases, lambda s: _mat_as_printed(s) == _mat(s).to_lists()),
            checked,
            verdict=Verdict.WORDING,
            command=command,
            false_note="as printed, the 1-clause 'a1 − a_i < i ≤ a1' tests the row index i, "
            f"leaving entries with no value (rows {empty} of Figure 1's [10,8,7,5]); read with j "
            "(a1 − a_i < j ≤ a1) it gives Figure 1 and seq(mat(S)) = S for every S checked",
            describe=_definition_4_wording,
        ),
    )


@statement(
    PAPER,
    "Remark 4",
    "if every move G′ has a countermove to a P-position G″, G is a P-position; if some move "
    "leads to a P-position, G is an N-position",
)
def _remark_4(quick: bool) -> Outcome:
    cases = [BoolMatrix(rows, 3) for rows in itertools.product(range(8), repeat=3)]
    if not quick:
        cases += [BoolMatrix(rows, 3) for rows in itertools.product(range(8), repeat=4)]

    def children(m: BoolMatrix) -> list[BoolMatrix]:
        return [o for _, o in PLAIN_MATRIX.options(m)]

    def holds(m: BoolMatrix) -> bool:
        p = _plain(m) == 0
        answered = all(any(_plain(g2) == 0 for g2 in children(g1)) for g1 in children(m))
        to_p = any(_plain(g1) == 0 for g1 in children(m))
        return (not answered or p) and (not to_p or not p)

    return verified_unless(
        first_failure(cases, holds),
        "every 3×3 matrix" + ("" if quick else " and every 4×3") + ", by the plain Solver",
        command='grundy moves matrix "110;011;001"',
        false_note="an observation fails",
        shows=_matrix_command("moves"),
    )


@statement(PAPER, "Figure 1", "the matrix drawn is the strong partition matrix [10, 8, 7, 5]")
def _figure_1(quick: bool) -> Outcome:
    figure = parse_matrix(FIGURE_1)
    s = _rows(figure)
    return verified_unless(
        None if s == (10, 8, 7, 5) and th.is_strong(s) and figure == _mat(s) else s,
        "the drawn matrix (transcribed): seq, strong, equal to mat((10,8,7,5))",
        command=f'grundy value matrix "{FIGURE_1}"',
        false_note="the drawing is not mat((10,8,7,5))",
        describe=lambda sums: f"row sums {list(sums)}",
    )


def _lemma_1_holds(case: tuple[Parts, int]) -> bool:
    a, ell = case
    k = len(a)
    first = _remove_column(ferrers_matrix(list(a)), ell)
    if first is None:
        return a[ell - 1] == a[ell]  # the lemma's proof: the move exists iff a_ℓ > a_{ℓ+1}
    second = _remove_column(first, ell)
    if second is None or a[ell - 1] == a[ell]:
        return False
    b = _rows(second)
    expected = tuple(x - 2 if i < ell else x for i, x in enumerate(a))
    return (
        b == expected
        and all(x >= y for x, y in itertools.pairwise(b))
        and b[-1] > k
        and len(b) == k
        and _parity(b) == _parity(a)
    )


family_check(
    PAPER,
    "Lemma 1",
    "k ≥ 3, strong, a_ℓ ≡ a_{ℓ+1}: if Player 1 can remove a column with ℓ 1s, so can Player 2, "
    "leaving b_i = a_i − 2 (i ≤ ℓ), a_i (i > ℓ), strong, same length and parities",
    cases=lambda k_top: [
        (a, ell)
        for k in range(3, k_top + 1)
        for a in _partitions(k, 2 * k + 2, k + 1)
        for ell in range(1, k)
        if a[ell - 1] % 2 == a[ell] % 2
    ],
    holds=_lemma_1_holds,
    quick={"k_top": 6},
    full={"k_top": 8},
    checked="every strong partition with 3 ≤ k ≤ {k_top} parts, each ≤ 2k + 2, every such ℓ",
    command='grundy moves cr "9,7,6,5"',
    false_note="Player 2 cannot answer, or the position differs",
    describe=lambda case: f"{list(case[0])}, ℓ = {case[1]}",
    shows=lambda case: _cr_command(case[0], "moves"),
)


@statement(
    PAPER,
    "Theorem 7",
    "a1 ≥ … ≥ a4 > 4: Gr([a1,…,a4]) = 0 if (a1,a2) ≡ (0,0) or (a1,a2,a3) ≡ (0,1,0) mod 2",
)
def _theorem_7(quick: bool) -> Outcome:
    return _check_strong(
        quick, lambda k: k == 4, _says(th.theorem7_p, True), 'grundy value cr "8,6,5,5"'
    )


@statement(
    PAPER,
    "Theorem 8",
    "a1 ≥ … ≥ a4 > 4: Gr([a1,…,a4]) ≠ 0 if a1 ≡ 1 or (a1,a2,a3) ≡ (0,1,1) mod 2",
)
def _theorem_8(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k == 4,
        _says(th.theorem8_n, False),
        'grundy value cr "7,6,5,5"',
        note="with Theorem 7 it covers every parity of (a1, a2, a3)",
    )


Slip = tuple[str, str]


def _slip(
    cases: Iterable[Parts], moves: Sequence[Move], printed: Callable[[Parity], bool]
) -> Slip | None:
    """A step of a proof that plays `moves` and states parities of the result: on the
    first case where the moves can be played, if the stated parities (`printed`) are
    false while the result is the P-position the proof concludes, that case as
    (counterexample, command); None when the step holds."""
    for a in cases:
        reached = _play(a, moves)
        if reached is None:
            continue
        b = _rows(reached)
        if printed(_parity(b)) or _cr(b) != 0:
            return None
        return (
            f"A = {list(a)} → {list(b)}: parities {_parity(b)[:3]}…, value 0",
            _cr_command(b),
        )
    return None


def _slips_found(done: Outcome, found: list[Slip | None], note: str) -> Outcome:
    """PROOF_SLIP with the slips found (the statement verified as `done`), else `done`."""
    return verified_unless(
        [f for f in found if f is not None] or None,
        done.checked,
        verdict=Verdict.PROOF_SLIP,
        note=done.note,
        command=done.command,
        false_note=note,
        describe=lambda slips: "; ".join(text for text, _ in slips),
        shows=lambda slips: slips[0][1],
    )


def _with_parities(k: int, pattern: Sequence[int]) -> list[Parts]:
    """The strong partitions with k parts, each ≤ 12, whose parities start with `pattern`."""
    return [a for a in _strong(k, 12) if _starts(_parity(a), pattern)]


@statement(
    PAPER,
    "Theorem 9",
    "a1 ≥ … ≥ a5 > 5: Gr([a1,…,a5]) = 0 if (a1,a2) ≡ (1,1) or (a1,…,a4) ≡ (1,0,1,1) mod 2",
)
def _theorem_9(quick: bool) -> Outcome:
    done = _check_strong(
        quick, lambda k: k == 5, _says(th.theorem9_p, True), 'grundy value cr "7,7,6,6,6"'
    )
    # Case 1, (a1, a2) odd: both players remove a column with one 1, "The resulting game
    # position is [a1 − 2, a2, a3, a4, a5] where a1 − 2 and a2 are even."
    # Case 2, (1,0,1,1): Player 1 removes a column with ℓ = 3 ones, Player 2 row 5,
    # "b1 = a1 − 1 is odd, b2 = a2 − 1 is even, b3 = a3 − 1 are odd".
    return first_failed(
        lambda: done,
        lambda: _slips_found(
            done,
            [
                _slip(
                    _with_parities(5, (1, 1)),
                    [_column_move(1), _column_move(1)],
                    lambda par: par[:2] == (0, 0),
                ),
                _slip(
                    _with_parities(5, (1, 0, 1, 1)),
                    [_column_move(3), _row_move(5)],
                    lambda par: par[:3] == (1, 0, 1),
                ),
            ],
            "two parities in the proof are wrong: Case 1 says [a1 − 2, a2, …] has a1 − 2, a2 "
            "even (they are odd, as the induction needs); Case 2 (a column with ℓ ≥ 3 ones, then "
            "row 5) says b1, b2, b3 are odd, even, odd (they are even, odd, even, as Theorem 7 "
            "needs)",
        ),
    )


@statement(
    PAPER,
    "Theorem 10",
    "a1 ≥ … ≥ a5 > 5: Gr([a1,…,a5]) ≠ 0 if a1 ≡ 0, or (a1,…,a4) ≡ (1,0,x,y) with "
    "(x,y) ≢ (1,1) mod 2",
)
def _theorem_10(quick: bool) -> Outcome:
    done = _check_strong(
        quick,
        lambda k: k == 5,
        _says(th.theorem10_n, False),
        'grundy value cr "8,7,6,6,6"',
        note="with Theorem 9 it covers every parity of (a1, …, a4)",
    )
    # Case 1, a1, a2 even: Player 1 removes row 5, "The resulting game position is
    # [a1, a2, a3, a4] where a1 and a2 are odd".
    return first_failed(
        lambda: done,
        lambda: _slips_found(
            done,
            [_slip(_with_parities(5, (0, 0)), [_row_move(5)], lambda par: par[:2] == (1, 1))],
            "Case 1 (a1, a2 even; Player 1 removes row 5) says [a1, a2, a3, a4] has a1, a2 odd; "
            "they are even, as Theorem 7 (cited next) needs",
        ),
    )


@statement(
    PAPER,
    "Theorem 11",
    "k ≥ 4, a1 ≥ … ≥ ak > k, a1 ≡ a2 ≡ k mod 2: Gr([a1,…,ak]) = 0",
)
def _theorem_11(quick: bool) -> Outcome:
    return _check_strong(
        quick, lambda k: k >= 4, _says(th.theorem11_p, True), 'grundy value cr "11,9,9,8,8,8,8"'
    )


def _theorem_12_at_4(a: Parts) -> bool:
    """Theorem 12's condition a1 ≡ k + 1 (mod 2) at k = 4, where `theorem12_n` (k ≥ 5) refuses
    and Theorem 14's proof cites it."""
    return a[0] % 2 == 1


@statement(PAPER, "Theorem 12", "k ≥ 5, a1 ≥ … ≥ ak > k, a1 ≡ k + 1 mod 2: Gr([a1,…,ak]) ≠ 0")
def _theorem_12(quick: bool) -> Outcome:
    command = 'grundy value cr "10,9,9,8,8,8,8"'
    done = _check_strong(quick, lambda k: k >= 5, _says(th.theorem12_n, False), command)
    at_4 = _check_strong(quick, lambda k: k == 4, _says(_theorem_12_at_4, False), command)
    if done.verdict is Verdict.VERIFIED and at_4.verdict is Verdict.VERIFIED:
        note = "it holds for k = 4 too (Theorem 8; checked), where Theorem 14's proof cites it"
        return dataclasses.replace(done, note=note)
    return done


def _theorem_13_slip(top: int) -> Parts | None:
    """The proof of necessity (k even, q ≥ 1): "Suppose Player 1 removes a column ... that
    contains two 1's. The resulting game position is B = [b1, b2, …, b_{k−1}]": the first
    A = ((0,1), 0, 0, …) with k = 8 where the column move keeps all k rows."""
    for a in smallest_first(_partitions(8, top, 9)):
        if _starts(_parity(a), (0, 1, 0, 0)):
            b = _remove_column(ferrers_matrix(list(a)), 2)
            if b is not None and b.nrows != len(a) - 1:
                return a
    return None


def _theorem_13_words(a: Parts) -> str:
    b = _remove_column(ferrers_matrix(list(a)), 2)
    assert b is not None
    return f"A = {list(a)} (k = 8, q = 1) → {list(_rows(b))}: {b.nrows} rows, not {len(a) - 1}"


@statement(
    PAPER,
    "Theorem 13",
    "k = 2p ≥ 4: Gr = 0 iff (a_i : i ≤ 2q+2) ≡ ((0,1)^q,0,0) for some 0 ≤ q ≤ p−3, or "
    "(a_i : i ≤ k−1) ≡ ((0,1)^{p−2},0,x,y) with (x,y) ≢ (1,1)",
)
def _theorem_13(quick: bool) -> Outcome:
    done = _check_strong(
        quick, lambda k: k >= 4 and k % 2 == 0, th.theorem13_p, 'grundy value cr "10,9,8,8,7,7"'
    )
    return first_failed(
        lambda: done,
        lambda: verified_unless(
            _theorem_13_slip(13),
            done.checked,
            verdict=Verdict.PROOF_SLIP,
            command=done.command,
            false_note="the proof of necessity of Theorems 13 and 15 writes the position after "
            "Player 1 removes a column with two 1s as B = [b1, …, b_{k−1}]; it keeps all k rows "
            "(b_i = a_i for 2 < i ≤ k, as the same sentence says)",
            describe=_theorem_13_words,
            shows=lambda a: _cr_command(a, "moves"),
        ),
    )


@statement(
    PAPER,
    "Theorem 14",
    "k = 2p ≥ 4: Gr ≠ 0 iff (a_i : i ≤ 2q+1) ≡ ((0,1)^q, 1) mod 2 for some 0 ≤ q ≤ p−1",
)
def _theorem_14(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k >= 4 and k % 2 == 0,
        lambda a: not th.theorem14_n(a),
        'grundy value cr "10,9,9,8,7,7"',
        note="for k = 4 its proof cites Theorem 12, stated for k ≥ 5 (its conclusion holds at "
        "k = 4: see Theorem 12), and Theorem 15 at k = 3 (covered by its wording, any odd k)",
    )


def _odd_k_p_position(a: Parts, by_theorem: Callable[[Parts], bool]) -> bool:
    """Gr = 0 by Theorem 15 (or not Theorem 16): the library's `by_theorem` for k ≥ 5, and at
    k = 3 (p = 1, where the library refuses) what both theorems then read: (a1, a2) ≡ (1, 1)."""
    return by_theorem(a) if len(a) >= 5 else _parity(a)[:2] == (1, 1)


@statement(
    PAPER,
    "Theorem 15",
    "k = 2p+1: Gr = 0 iff (a_i : i ≤ 2q+2) ≡ ((1,0)^q, 1, 1) mod 2 for some 0 ≤ q ≤ p−1",
)
def _theorem_15(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k % 2 == 1,
        lambda a: _odd_k_p_position(a, th.theorem15_p),
        'grundy value cr "13,12,11,10,9,9,8"',
        note="printed for every odd k; it also holds at k = 3 (Theorem 6), included",
    )


@statement(
    PAPER,
    "Theorem 16",
    "k = 2p+1: Gr ≠ 0 iff (a_i : i ≤ 2q+1) ≡ ((1,0)^q, 0) for some 0 ≤ q ≤ p−2, or "
    "(a_i : i ≤ k−1) ≡ ((1,0)^{p−1}, x, y) with (x,y) ≢ (1,1)",
)
def _theorem_16(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k % 2 == 1,
        lambda a: _odd_k_p_position(a, lambda b: not th.theorem16_n(b)),
        'grundy value cr "11,10,9,8,8,8,8"',
        note="printed for every odd k; it also holds at k = 3 (Theorem 6), included",
    )


@cache
def _said(k: int) -> dict[Parity, tuple[bool, bool]]:
    """Every parity vector of (a_1, …, a_{k−1}), k ≥ 4 → (Gr = 0 by Theorem 13 or 15,
    Gr ≠ 0 by Theorem 14 or 16), on the least strong partition with those parities."""
    p_said, n_said = (th.theorem15_p, th.theorem16_n) if k % 2 else (th.theorem13_p, th.theorem14_n)
    out = {}
    for par in th.parity_patterns(k):
        a = th.smallest_strong_partition(par, k)
        out[par] = (p_said(a), n_said(a))
    return out


def _lemma2_counts(k: int, q: int) -> tuple[int, int]:
    """Among the parities of a_{2q+1}, …, a_{k−1} after the prefix (0,1)^q (k even):
    how many Theorem 13 makes P, and how many Theorem 14 makes N."""
    said = [v for par, v in _said(k).items() if par[: 2 * q] == (0, 1) * q]
    return sum(p for p, _ in said), sum(n for _, n in said)


def _odd_sum(d: int) -> int:
    """The sum of the P counts in the proof's inductive step, d = p − q:
    (2^2 − 1) + 2^3 + 2^5 + ⋯ + 2^{2d−3}."""
    return 3 + sum(2**e for e in range(3, 2 * d - 2, 2))


def _right_sum(d: int) -> int:
    return (2 ** (2 * d - 1) + 1) // 3


@statement(
    PAPER,
    "Lemma 2",
    "for even k ≥ 4 Theorem 13 is equivalent to Theorem 14; for odd k ≥ 5 Theorem 15 to Theorem 16",
)
def _lemma_2(quick: bool) -> Outcome:
    top = 12 if quick else 18
    checked = (
        f"every parity vector (a_1, …, a_{{k−1}}), 4 ≤ k ≤ {top}; the proof's counts for every "
        "q ≤ p − 2"
    )
    command = 'grundy value cr "10,9,8,8,7,7"'
    spans = range(3, top // 2 + 1)
    # the proof's counts: (2^{2p−2q−1} + 1)/3 P and (2^{2p−2q} − 1)/3 N choices
    counts = [(k, q) for k in range(4, top + 1, 2) for q in range(k // 2 - 1)]
    return first_failed(
        lambda: verified_unless(
            first_failure(range(4, top + 1), lambda k: all(p != n for p, n in _said(k).values())),
            checked,
            command=command,
            false_note="the P and N conditions overlap or leave a gap",
            describe=lambda k: f"k = {k}",
        ),
        lambda: verified_unless(
            first_failure(
                counts,
                lambda kq: (
                    _lemma2_counts(*kq)
                    == (
                        (2 ** (kq[0] - 2 * kq[1] - 1) + 1) // 3,
                        (2 ** (kq[0] - 2 * kq[1]) - 1) // 3,
                    )
                ),
            ),
            checked,
            verdict=Verdict.PROOF_SLIP,
            command=command,
            false_note="a count in the proof is wrong",
            describe=lambda kq: f"k, q = {kq}: {_lemma2_counts(*kq)}",
        ),
        lambda: verified_unless(
            first_failure(spans, lambda d: _odd_sum(d) == _right_sum(d)),
            checked,
            verdict=Verdict.PROOF_SLIP,
            command=command,
            false_note="the sum in the proof's inductive step is wrong",
            describe=lambda d: f"p − q = {d}",
        ),
        # the first display ends the sum at 2^{2d−2} instead
        lambda: verified_unless(
            first_failure(spans, lambda d: _odd_sum(d) + 2 ** (2 * d - 2) == _right_sum(d)),
            checked,
            verdict=Verdict.PROOF_SLIP,
            command=command,
            false_note="the equivalence and the proof's counts hold; the first display ends the "
            "sum (2^2 − 1) + 2^3 + 2^5 + ⋯ at 2^{2p−2q−2} (the inductive step's ends at "
            "2^{2p−2q−3}), and the base case writes Theorem 14's patterns with lengths that do "
            "not match ((a_i : i ≤ 2p−1) ≡ ((0,1)^{p−2}, 1), (a_i : i ≤ 2p−3) ≡ ((0,1)^{p−3}, 1))",
            describe=lambda d: (
                f"p − q = {d}: with its last term 2^{2 * d - 2} as printed the sum "
                f"is {_odd_sum(d) + 2 ** (2 * d - 2)}, not (2^{2 * d - 1} + 1)/3 = {_right_sum(d)} "
                f"(= the sum to 2^{2 * d - 3})"
            ),
        ),
    )


def _remark_5_counts(k: int) -> tuple[int, int]:
    """(P, N) over the parity classes of (a_1, …, a_{k−1}), by search on the least strong
    partition of each class."""
    zeros = sum(
        _cr(tuple(th.smallest_strong_partition(par, k))) == 0 for par in th.parity_patterns(k)
    )
    return zeros, 2 ** (k - 1) - zeros


family_check(
    PAPER,
    "Remark 5",
    "k ≥ 4: of the 2^{k−1} parity choices of a_1, …, a_{k−1}, ⟨2^{k−1}/3⟩ give Gr = 0 and "
    "⟨2^k/3⟩ give Gr ≠ 0",
    cases=lambda top: range(4, top + 1),
    holds=lambda k: _remark_5_counts(k) == th.remark5_formula(k),
    quick={"top": 8},
    full={"top": 14},
    checked="4 ≤ k ≤ {top}, by search on the least strong partition of each parity class "
    "(that the class decides the outcome: Theorems 13–16)",
    command='grundy value cr "6,6,6,5"',
    false_note="the counts differ",
    describe=lambda k: f"k = {k}: (P, N) = {_remark_5_counts(k)}, printed {th.remark5_formula(k)}",
)


def _proposition_2(par: Parity) -> bool:
    """Proposition 2's condition for Gr = 0 (k = 7), as printed."""
    return any(_starts(par, s) for s in ((1, 1), (1, 0, 1, 1), (1, 0, 1, 0, 1, 1)))


def _proposition_3(par: Parity) -> bool:
    """Proposition 3's condition for Gr ≠ 0 (k = 7), as printed."""
    return (
        par[0] == 0
        or _starts(par, (1, 0, 0))
        or (_starts(par, (1, 0, 1, 0)) and par[4:6] != (1, 1))
    )


family_check(
    PAPER,
    "Example 1",
    "for k = 7, Theorems 15 and 16 specialize to Propositions 2 and 3",
    cases=lambda: th.parity_patterns(7),
    holds=lambda par: _said(7)[par] == (_proposition_2(par), _proposition_3(par)),
    quick={},
    full={},
    checked="all 64 parity vectors (a_1, …, a_6), the printed conditions compared",
    command='grundy value cr "19,18,15,14,11,9,8"',
    false_note="a proposition is not the specialization",
    describe=lambda par: f"parities {par}",
)


@statement(
    PAPER,
    "Proposition 2",
    "a1 ≥ … ≥ a7 > 7: Gr = 0 iff (a1,a2) ≡ (1,1), (a1,…,a4) ≡ (1,0,1,1) or (a1,…,a6) ≡ "
    "(1,0,1,0,1,1) mod 2",
)
def _proposition_2_check(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k == 7,
        lambda a: _proposition_2(_parity(a)),
        'grundy value cr "19,18,15,14,11,9,8"',
    )


@statement(
    PAPER,
    "Proposition 3",
    "a1 ≥ … ≥ a7 > 7: Gr ≠ 0 iff a1 ≡ 0, (a1,a2,a3) ≡ (1,0,0), or (a1,…,a6) ≡ "
    "(1,0,1,0,x,y) with (x,y) ≢ (1,1) mod 2",
)
def _proposition_3_check(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k == 7,
        lambda a: not _proposition_3(_parity(a)),
        'grundy value cr "18,18,15,14,11,9,8"',
    )


#: 003 Figure 2 as our text copy of the paper has it (7 rows of 18 entries, transcribed).
FIGURE_2 = (
    "111111111111111111;011111111111111111;000011111111111111;000001111111111111;"
    "000000001111111111;000000000011111111;000000000001111111"
)
EXAMPLE_2 = (19, 18, 15, 14, 11, 9, 8)


@statement(
    PAPER,
    "Figure 2",
    "the strong partition matrix A = [19, 18, 15, 14, 11, 9, 8] is a P-position",
)
def _figure_2(quick: bool) -> Outcome:
    value = grundy.value("matrix", _mat(EXAMPLE_2))
    drawn = parse_matrix(FIGURE_2)
    return verified_unless(
        value or None,
        "A by the matrix game (Column-Row's engine); the drawing, transcribed",
        note=""
        if drawn == _mat(EXAMPLE_2)
        else f"the drawing in our text copy is {drawn.nrows}×{drawn.ncols} with row sums "
        f"{list(_rows(drawn))} (mat(A) without its last, all-ones column; value "
        f"{grundy.value('matrix', drawn)}); whether the printed figure has the 19th column "
        "cannot be told from the copy",
        command=f'grundy value matrix "{_mat(EXAMPLE_2)}"',
        false_note="A is not a P-position",
        describe=lambda v: f"value {v}",
    )


@statement(
    PAPER,
    "Example 2",
    "A = [19, 18, 15, 14, 11, 9, 8]: (a_i : i ≤ 6) ≡ ((1,0)^2, 1, 1), so A is a P-position by "
    "Proposition 2",
)
def _example_2(quick: bool) -> Outcome:
    par = _parity(EXAMPLE_2)
    reasoning = par[:6] == (1, 0) * 2 + (1, 1) and _proposition_2(par) and th.is_strong(EXAMPLE_2)
    return verified_unless(
        None if reasoning and _cr(EXAMPLE_2) == 0 else EXAMPLE_2,
        "the parities, Proposition 2's condition, and search",
        command='grundy value cr "19,18,15,14,11,9,8"',
        false_note="the example's reasoning or value fails",
        describe=lambda a: f"parities {_parity(a)}, value {_cr(a)}",
    )
