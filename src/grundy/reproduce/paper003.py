"""The checks of paper 003 (Curran, Locke, Low, *A variant of Nim played on Boolean
matrices*, Integers 2023): one per numbered statement, in the paper's order.

The game is ``matrix`` (remove a nonzero row or column of a 0/1 matrix); on a
Ferrers matrix [a1, …, ak] it is Column-Row (``cr``) on that partition.  Every
formula below is written as the paper prints it (not as
`grundy.games.matrix_theorems` implements it) and compared with exhaustive
search: the plain matrix `Solver` (``fast=False``, no symmetry, no closed
form) on small matrices, Column-Row's engine on Ferrers matrices.  Where a
step of a printed proof is wrong, the step is recomputed in the game too.

>>> from grundy.reproduce.core import statements
>>> numbers = [s.number for s in statements("003")]
>>> numbers[:4], "Theorem 16" in numbers, len(numbers) > 30
(['Remark 1', 'Remark 2', 'Proposition 1', 'Theorem 1'], True, True)
>>> _nearest(Fraction(8, 3)), _theorem15((1, 0, 1, 1, 0), 5), _theorem16((1, 0, 1, 1, 0), 5)
(3, True, False)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from functools import cache

import grundy
from grundy import FunctionRuleset, Solver
from grundy.games.matrix import PLAIN_MATRIX, BoolMatrix, ferrers_matrix, parse_matrix
from grundy.nim import mex
from grundy.reproduce.common import Parts, smallest_first
from grundy.reproduce.rows import Outcome, Verdict, first_failure, statement, verified_unless

Parity = tuple[int, ...]
#: A bullet of a printed theorem: its condition and the value it states.
Bullet = tuple[Callable[..., bool], int]

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


def _bullets(bullets: Sequence[Bullet], *args: int) -> set[int]:
    """The values of the printed bullets whose conditions hold."""
    return {v for holds, v in bullets if holds(*args)}


def _check_bullets(
    cases: Iterable[Parts],
    bullets: Sequence[Bullet],
    search: Callable[[Parts], int],
    checked: str,
    command: Callable[[Parts], str],
) -> Outcome | None:
    """FALSE at the first case where the bullets do not give exactly the searched
    value (none applies, or two disagree), with `command(case)`; None when all agree."""
    bad = first_failure(cases, lambda c: _bullets(bullets, *c) == {search(c)})
    if bad is None:
        return None
    said = sorted(_bullets(bullets, *bad)) or "no bullet"
    return Outcome(
        Verdict.FALSE,
        checked,
        note="a printed value disagrees with search",
        counterexample=f"{list(bad)}: search {search(bad)}, the statement {said}",
        command=command(bad),
    )


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


def _nearest(x: Fraction) -> int:
    """⟨x⟩ as 003 Remark 5 defines it: the integer with x − 1/2 < ⟨x⟩ ≤ x + 1/2."""
    return math.floor(x + Fraction(1, 2))  # the one integer in (x − 1/2, x + 1/2]


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
    quick: bool,
    ks: Callable[[int], bool],
    claim: Callable[[Parity, int], bool | None],
    command: str,
    note: str = "",
) -> Outcome:
    """Compare a §5 statement with search: `claim(parities, k)` is True for "P",
    False for "N", None when the statement says nothing."""
    checked = _strong_words(quick, ks)

    def holds(case: tuple[Parts, int]) -> bool:
        a, v = case
        said = claim(_parity(a), len(a))
        return said is None or said == (v == 0)

    return verified_unless(
        first_failure(_strong_cases(quick, ks), holds),
        checked,
        note=note,
        command=command,
        false_note="the printed parity condition disagrees with search",
        describe=lambda case: f"{list(case[0])}: value {case[1]}",
        shows=lambda case: _cr_command(case[0]),
    )


# ------------------------------------------------------------ Section 2
@statement("003", "Remark 1", "a line of zeros has no effect on the game and can be deleted")
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

    bad = first_failure(cases, lambda m: raw.value(padded(m)) == _plain(m))
    checked = (
        "every 3×3 matrix"
        + ("" if quick else " and 300 random 4×5")
        + (", with a zero row and a zero column inserted (zero lines kept in the play)")
    )
    return verified_unless(
        bad,
        checked,
        command='grundy value matrix "1010;0000;0110"',
        false_note="a zero line changed the value",
        describe=lambda m: str(padded(m)),
        shows=lambda m: f'grundy value matrix "{padded(m)}"',
    )


@statement(
    "003",
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

    bad = first_failure(cases, lambda m: _plain(m) == _plain(m.transpose()) == _plain(shuffled(m)))
    checked = (
        "every 3×3 matrix"
        + ("" if quick else ", every 3×4 and 60 random 5×5")
        + (", by the plain Solver (no symmetry): transpose and a random row and column permutation")
    )
    return verified_unless(
        bad,
        checked,
        command='grundy value matrix "10;11;01"',
        false_note="a permuted or transposed matrix has another value",
        shows=_matrix_command("value"),
    )


@statement("003", "Proposition 1", "Gr(P_n) = 0 for even n, 1 for odd n (P_n a permutation matrix)")
def _proposition_1(quick: bool) -> Outcome:
    top = 8 if quick else 11
    rng = random.Random(1)
    cases = []
    for n in range(1, top + 1):
        for _ in range(3):
            perm = list(range(n))
            rng.shuffle(perm)
            cases.append(BoolMatrix([1 << j for j in perm], n))
    bullets: list[Bullet] = [(lambda n: n % 2 == 0, 0), (lambda n: n % 2 == 1, 1)]
    bad = first_failure(cases, lambda m: _bullets(bullets, m.nrows) == {_plain(m)})
    checked = f"3 random n×n permutation matrices for each n ≤ {top}, by the plain Solver"
    return verified_unless(
        bad,
        checked,
        command='grundy value matrix "010;001;100"',
        false_note="a permutation matrix has another value",
        shows=_matrix_command("value"),
    )


THEOREM_1: list[Bullet] = [
    (lambda m, n: 1 in (m, n) and (m + n) % 2 == 1, 2),
    (lambda m, n: 1 in (m, n) and (m + n) % 2 == 0, 1),
    (lambda m, n: 2 in (m, n) and (m + n) % 2 == 1, 2),
    (lambda m, n: m >= 2 and n >= 2 and (m + n) % 2 == 0, 0),
    (lambda m, n: m >= 3 and n >= 3 and (m + n) % 2 == 1, 1),
]


@statement(
    "003",
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
    failed = _check_bullets(
        cases,
        THEOREM_1,
        lambda c: _plain(_ones(*c)),
        checked,
        lambda c: f'grundy value matrix "ones:{c[0]},{c[1]}"',
    )
    if failed is not None:
        return failed

    # The proof: "For m = 2 and n ≥ 1, the possible moves are J_{2,n} → J_{1,n} and
    # J_{2,n} → J_{1,n−1}."
    def printed(n: int) -> list[int]:
        return [_plain(_ones(1, n)), _plain(_ones(1, n - 1))]

    def moves_as_printed(n: int) -> bool:
        return {m.shape for _, m in PLAIN_MATRIX.options(_ones(2, n))} == {(1, n), (1, n - 1)}

    wrong = [n for n in range(2, top + 1) if not moves_as_printed(n)]
    if not wrong:
        return Outcome(Verdict.VERIFIED, checked, command='grundy value matrix "ones:3,4"')
    n = next((n for n in wrong if mex(printed(n)) != _plain(_ones(2, n))), wrong[0])
    true = [_plain(_ones(1, n)), _plain(_ones(2, n - 1))]
    every = " for every n ≤ " + str(top) if len(wrong) == top - 1 else ""
    return Outcome(
        Verdict.PROOF_SLIP,
        checked,
        note="the proof lists the moves of J_{2,n} as J_{1,n} and J_{1,n−1}; the column move "
        f"gives J_{{2,n−1}}{every} (as the proof's next lines use)",
        counterexample=f"J_{{2,{n}}}: options J_{{1,{n}}}, J_{{2,{n - 1}}} (values {true}, "
        f"mex {mex(true)}); the printed J_{{1,{n}}}, J_{{1,{n - 1}}} have values "
        f"{printed(n)}, mex {mex(printed(n))}",
        command=f'grundy moves matrix "ones:2,{n}"',
    )


#: 003 §2: "Gr(U_n) = 1 for n = 1, 3, 5, Gr(U_n) = 2 for n = 7, 9, and Gr(U_n) = 0 for
#: n = 2, 4, 6, 8, 10" (transcribed).
U_PRINTED = {1: 1, 3: 1, 5: 1, 7: 2, 9: 2, 2: 0, 4: 0, 6: 0, 8: 0, 10: 0}


@statement(
    "003",
    "§2 Gr(U_n) table",
    "a computer program: Gr(U_n) = 1 for n = 1, 3, 5; 2 for n = 7, 9; 0 for n = 2, 4, …, 10",
)
def _u_table(quick: bool) -> Outcome:
    plain_top = 5 if quick else 6
    checked = f"n ≤ 10 by the matrix game (plain Solver for n ≤ {plain_top}), U_n built as defined"

    def search(n: int) -> int:
        return _plain(_upper(n)) if n <= plain_top else grundy.value("matrix", _upper(n))

    return verified_unless(
        first_failure(sorted(U_PRINTED), lambda n: search(n) == U_PRINTED[n]),
        checked,
        command='grundy value cr "7,6,5,4,3,2,1"',
        false_note="a printed value of Gr(U_n) disagrees with search",
        describe=lambda n: f"U_{n}: value {search(n)}, printed {U_PRINTED[n]}",
        shows=_staircase_command,
    )


@statement("003", "Conjecture 1", "Gr(U_n) = 0 for every even n ≥ 2")
def _conjecture_1(quick: bool) -> Outcome:
    top = 12 if quick else 20
    checked = f"every even n ≤ {top} (U_n is the staircase n, n−1, …, 1: Column-Row's engine)"
    return verified_unless(
        first_failure(range(2, top + 1, 2), lambda n: grundy.value("matrix", _upper(n)) == 0),
        checked,
        note="open in general; a finite range only",
        command=_staircase_command(top),
        false_note="an even U_n with nonzero value",
        describe=lambda n: f"U_{n}: value {grundy.value('matrix', _upper(n))}",
        shows=_staircase_command,
    )


@statement("003", "Corollary 1", "Gr([a1]) = 1 if a1 is odd, 2 if a1 is even")
def _corollary_1(quick: bool) -> Outcome:
    top = 20 if quick else 60
    checked = f"a1 ≤ {top}, by the plain Solver"
    bullets: list[Bullet] = [(lambda a: a % 2 == 1, 1), (lambda a: a % 2 == 0, 2)]
    failed = _check_bullets(
        [(a,) for a in range(1, top + 1)],
        bullets,
        lambda c: _plain(_ones(1, c[0])),
        checked,
        lambda c: f'grundy value matrix "ones:1,{c[0]}"',
    )
    return failed or Outcome(Verdict.VERIFIED, checked, command='grundy value matrix "ones:1,6"')


# ------------------------------------------------------------ Sections 3 and 4
def _ferrers_range(quick: bool) -> tuple[int, int, str]:
    """(largest part, plain-Solver bound, words) for Theorems 2–6."""
    top, plain_top = (16, 6) if quick else (40, 8)
    return (
        top,
        plain_top,
        (
            f"parts ≤ {top} (plain matrix Solver for parts ≤ {plain_top}, "
            "Column-Row's engine beyond)"
        ),
    )


def _ferrers_theorem(
    quick: bool,
    k: int,
    shape: Callable[[Parts], bool],
    words: str,
    bullets: Sequence[Bullet],
    example: str,
) -> Outcome:
    """Theorems 2–6: every Ferrers matrix of k rows of the given shape (named in `words`)."""
    top, plain_top, search = _ferrers_range(quick)
    cases = smallest_first(a for a in _partitions(k, top) if shape(a))
    checked = f"every {words} with {search}"
    failed = _check_bullets(cases, bullets, lambda a: _ferrers(a, plain_top), checked, _cr_command)
    return failed or Outcome(Verdict.VERIFIED, checked, command=f'grundy value cr "{example}"')


THEOREM_2: list[Bullet] = [
    (lambda a1, a2: a1 % 2 == 0, 0),
    (lambda a1, a2: (a1 % 2 == 1 and a2 % 2 == 1 and a2 > 1) or a1 == a2 == 1, 2),
    (lambda a1, a2: a1 > 1 and a1 % 2 == 1 and (a2 % 2 == 0 or a2 == 1), 3),
]


@statement(
    "003",
    "Theorem 2",
    "a1 ≥ a2 ≥ 1: Gr([a1,a2]) = 0 if a1 even; 2 if a1, a2 odd with a2 > 1, or a1 = a2 = 1; "
    "3 if a1 > 1 odd and a2 even or 1",
)
def _theorem_2(quick: bool) -> Outcome:
    done = _ferrers_theorem(quick, 2, lambda a: True, "[a1, a2]", THEOREM_2, "5,2")
    # The proof's Cases 4 and 5 list the column moves of [a1, a2] as [a1 − 1, a2] and
    # [a1 − 1, a2 − 1] without excluding a1 = a2 (Theorems 4–6 state "assuming a1 > a2").
    equal = range(2, 13)
    if done.verdict is not Verdict.VERIFIED or not all(
        _column_options((a, a)) == {(a - 1, a - 1)} for a in equal
    ):
        return done
    return Outcome(
        Verdict.VERIFIED,
        done.checked,
        note="for a1 = a2 the proof's column option [a1 − 1, a2] does not exist (the only one is "
        "[a1 − 1, a1 − 1], played for a1 ≤ 12); the values it concludes hold all the same",
        command=done.command,
    )


def _column_options(parts: Parts) -> set[Parts]:
    """The positions after each column move of the Ferrers matrix, played in the matrix game."""
    moves = PLAIN_MATRIX.options(ferrers_matrix(list(parts)))
    return {_rows(o) for move, o in moves if move.kind == "column"}


THEOREM_3: list[Bullet] = [
    (lambda a1, a2, a3: a1 == 1, 1),
    (lambda a1, a2, a3: a1 > 1 and a1 % 2 == 1, 0),
    (lambda a1, a2, a3: a1 % 2 == 0, 3),
]


@statement(
    "003",
    "Theorem 3",
    "Gr([1,1,1]) = 1; Gr([a1,1,1]) = 0 if a1 > 1 is odd, 3 if a1 is even",
)
def _theorem_3(quick: bool) -> Outcome:
    done = _ferrers_theorem(quick, 3, lambda a: a[1] == 1, "[a1, 1, 1]", THEOREM_3, "4,1,1")
    if done.verdict is not Verdict.VERIFIED:
        return done

    # The proof: "If a column of [a1, 1, 1] is removed, the allowable positions are
    # [a1 − 1, 1] and [a1 − 1]", and the rows give [a1, 1] and [1, 1].
    def printed(a1: int) -> list[Parts]:
        return [(a1 - 1, 1), (a1 - 1,), (a1, 1), (1, 1)]

    def step_holds(a1: int) -> bool:
        return mex(_cr(p) for p in printed(a1)) == _cr((a1, 1, 1))

    a1 = first_failure(range(2, 41), step_holds)
    if a1 is None:
        return done
    true = sorted(_column_options((a1, 1, 1)), reverse=True)
    return Outcome(
        Verdict.PROOF_SLIP,
        done.checked,
        note="the proof lists the column moves of [a1,1,1] as [a1−1,1] and [a1−1]: the first "
        "is [a1−1,1,1] (as its values are then taken); it also writes 'a2 = 2' for a1 = 2 and "
        "'Gr([a1,a2])' for Gr([a1,1,1])",
        counterexample=f"[{a1},1,1]: column options {[list(p) for p in true]}; with the printed "
        f"[{a1 - 1},1] the mex over {[list(p) for p in printed(a1)]} would be "
        f"{mex(_cr(p) for p in printed(a1))}, not {_cr((a1, 1, 1))}",
        command=f'grundy moves cr "{a1},1,1"',
    )


THEOREM_4: list[Bullet] = [
    (lambda a1, a2, a3: a1 % 2 == 1, 1),
    (lambda a1, a2, a3: a1 % 2 == 0 and a1 >= 4 and (a2 % 2 == 1 or a2 == 2), 2),
    (lambda a1, a2, a3: (a1 % 2 == 0 and a2 % 2 == 0 and a2 >= 4) or a1 == a2 == 2, 3),
]


@statement(
    "003",
    "Theorem 4",
    "a1 ≥ a2 > 1: Gr([a1,a2,1]) = 1 if a1 odd; 2 if a1 ≥ 4 even and a2 odd or 2; "
    "3 if a1, a2 even with a2 ≥ 4, or a1 = a2 = 2",
)
def _theorem_4(quick: bool) -> Outcome:
    shape = "[a1, a2, 1], a2 > 1"
    return _ferrers_theorem(quick, 3, lambda a: a[1] > 1 and a[2] == 1, shape, THEOREM_4, "6,4,1")


THEOREM_5: list[Bullet] = [
    (lambda a1, a2, a3: a1 % 2 == 1 and a2 % 2 == 1, 0),
    (lambda a1, a2, a3: a1 % 2 == 1 and a2 % 2 == 0, 1),
    (lambda a1, a2, a3: a1 % 2 == 0, 2),
]


@statement(
    "003",
    "Theorem 5",
    "a1 ≥ a2 ≥ 2: Gr([a1,a2,2]) = 0 if a1, a2 odd; 1 if a1 odd, a2 even; 2 if a1 even",
)
def _theorem_5(quick: bool) -> Outcome:
    return _ferrers_theorem(quick, 3, lambda a: a[2] == 2, "[a1, a2, 2]", THEOREM_5, "5,4,2")


THEOREM_6: list[Bullet] = [
    (lambda a1, a2, a3: a1 % 2 == 1 and a2 % 2 == 1, 0),
    (lambda a1, a2, a3: a1 % 2 == 0 and a2 % 2 == 0 and a3 == 3, 1),
    (lambda a1, a2, a3: a1 % 2 == 0 and a3 > 3, 1),
    (lambda a1, a2, a3: a1 % 2 == 1 and a2 % 2 == 0 and a3 % 2 == 0, 2),
    (lambda a1, a2, a3: a1 % 2 == 0 and a2 % 2 == 1 and a3 == 3, 3),
    (lambda a1, a2, a3: a1 % 2 == 1 and a2 % 2 == 0 and a3 % 2 == 1, 4),
]


@statement(
    "003",
    "Theorem 6",
    "a1 ≥ a2 ≥ a3 ≥ 3: Gr([a1,a2,a3]) = 0 if a1, a2 odd; 1 if a1, a2 even, a3 = 3; 1 if a1 "
    "even, a3 > 3; 2 if a1 odd, a2, a3 even; 3 if a1 even, a2 odd, a3 = 3; 4 if a1 odd, a2 "
    "even, a3 odd",
)
def _theorem_6(quick: bool) -> Outcome:
    return _ferrers_theorem(
        quick, 3, lambda a: a[2] >= 3, "[a1, a2, a3], a3 ≥ 3", THEOREM_6, "7,6,5"
    )


# ------------------------------------------------------------ Section 5
@statement(
    "003",
    "Remark 3",
    "(a1, …, ak) is strong (a_k > k) exactly when every term a_i exceeds the number of terms k",
)
def _remark_3(quick: bool) -> Outcome:
    top = 8 if quick else 10
    cases = _by_size(top, top)
    return verified_unless(
        first_failure(cases, lambda a: (a[-1] > len(a)) == all(x > len(a) for x in a)),
        f"every partition with at most {top} parts, each ≤ {top}",
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


@statement(
    "003",
    "Definition 4",
    "mat(S) is the k × a1 matrix with b_{i,j} = 0 for j ≤ a1 − a_i and b_{i,j} = 1 for "
    "a1 − a_i < i ≤ a1 (printed with i); seq(mat(S)) = S",
)
def _definition_4(quick: bool) -> Outcome:
    top = 8 if quick else 12
    cases = _by_size(4, top)
    checked = f"every partition with at most 4 parts, each ≤ {top}, and Figure 1"
    figure = parse_matrix(FIGURE_1)
    j_bad = first_failure(cases, lambda s: _rows(_mat(s)) == s)
    if j_bad is not None or _mat((10, 8, 7, 5)) != figure:
        return Outcome(
            Verdict.FALSE,
            checked,
            note="mat(S) read with j does not give back S (or Figure 1)",
            counterexample=str(list(j_bad or (10, 8, 7, 5))),
            command=f'grundy value matrix "{FIGURE_1}"',
        )

    def as_printed_ok(s: Parts) -> bool:
        return _mat_as_printed(s) == _mat(s).to_lists()

    bad = first_failure(cases, as_printed_ok)
    if bad is None:
        return Outcome(Verdict.VERIFIED, checked, command=f'grundy value matrix "{FIGURE_1}"')
    printed = _mat_as_printed(bad)
    i = next(i for i, row in enumerate(printed, 1) if None in row)
    a1, ai = bad[0], bad[i - 1]
    empty = [i for i, row in enumerate(_mat_as_printed((10, 8, 7, 5)), 1) if None in row]
    return Outcome(
        Verdict.WORDING,
        checked,
        note="as printed, the 1-clause 'a1 − a_i < i ≤ a1' tests the row index i, leaving "
        f"entries with no value (rows {empty} of Figure 1's [10,8,7,5]); read with j "
        "(a1 − a_i < j ≤ a1) it gives Figure 1 and seq(mat(S)) = S for every S checked",
        counterexample=f"S = {list(bad)}: for row i = {i} the printed condition reads "
        f"{a1 - ai} < {i} ≤ {a1}, false, so b_{{{i},j}} gets no value for j > {a1 - ai}",
        command=f'grundy value matrix "{FIGURE_1}"',
    )


@statement(
    "003",
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


@statement("003", "Figure 1", "the matrix drawn is the strong partition matrix [10, 8, 7, 5]")
def _figure_1(quick: bool) -> Outcome:
    figure = parse_matrix(FIGURE_1)
    checked = "the drawn matrix (transcribed): seq, strong, equal to mat((10,8,7,5))"
    s = _rows(figure)
    if s == (10, 8, 7, 5) and s[-1] > len(s) and figure == _mat(s):
        return Outcome(Verdict.VERIFIED, checked, command=f'grundy value matrix "{FIGURE_1}"')
    return Outcome(
        Verdict.FALSE,
        checked,
        note="the drawing is not mat((10,8,7,5))",
        counterexample=f"row sums {list(s)}",
        command=f'grundy value matrix "{FIGURE_1}"',
    )


@statement(
    "003",
    "Lemma 1",
    "k ≥ 3, strong, a_ℓ ≡ a_{ℓ+1}: if Player 1 can remove a column with ℓ 1s, so can Player 2, "
    "leaving b_i = a_i − 2 (i ≤ ℓ), a_i (i > ℓ), strong, same length and parities",
)
def _lemma_1(quick: bool) -> Outcome:
    k_top = 6 if quick else 8
    cases = [
        (a, ell)
        for k in range(3, k_top + 1)
        for a in _partitions(k, 2 * k + 2, k + 1)
        for ell in range(1, k)
        if a[ell - 1] % 2 == a[ell] % 2
    ]

    def holds(case: tuple[Parts, int]) -> bool:
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

    return verified_unless(
        first_failure(cases, holds),
        f"every strong partition with 3 ≤ k ≤ {k_top} parts, each ≤ 2k + 2, every such ℓ",
        command='grundy moves cr "9,7,6,5"',
        false_note="Player 2 cannot answer, or the position differs",
        describe=lambda case: f"{list(case[0])}, ℓ = {case[1]}",
        shows=lambda case: _cr_command(case[0], "moves"),
    )


def _theorem_7(par: Parity) -> bool:
    return _starts(par, (0, 0)) or _starts(par, (0, 1, 0))


def _theorem_8(par: Parity) -> bool:
    return par[0] == 1 or _starts(par, (0, 1, 1))


def _theorem_9(par: Parity) -> bool:
    return _starts(par, (1, 1)) or _starts(par, (1, 0, 1, 1))


def _theorem_10(par: Parity) -> bool:
    return par[0] == 0 or (_starts(par, (1, 0)) and par[2:4] != (1, 1))


@statement(
    "003",
    "Theorem 7",
    "a1 ≥ … ≥ a4 > 4: Gr([a1,…,a4]) = 0 if (a1,a2) ≡ (0,0) or (a1,a2,a3) ≡ (0,1,0) mod 2",
)
def _theorem_7_check(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k == 4,
        lambda par, k: True if _theorem_7(par) else None,
        'grundy value cr "8,6,5,5"',
    )


@statement(
    "003",
    "Theorem 8",
    "a1 ≥ … ≥ a4 > 4: Gr([a1,…,a4]) ≠ 0 if a1 ≡ 1 or (a1,a2,a3) ≡ (0,1,1) mod 2",
)
def _theorem_8_check(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k == 4,
        lambda par, k: False if _theorem_8(par) else None,
        'grundy value cr "7,6,5,5"',
        note="with Theorem 7 it covers every parity of (a1, a2, a3)",
    )


def _slip(
    cases: Iterable[Parts], moves: Sequence[Move], printed: Callable[[Parity], bool]
) -> tuple[str, str] | None:
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


def _slip_outcome(done: Outcome, found: list[tuple[str, str] | None], note: str) -> Outcome:
    """PROOF_SLIP with the slips found (the statement verified as `done`), else `done`."""
    slips = [f for f in found if f is not None]
    if not slips:
        return done
    return Outcome(
        Verdict.PROOF_SLIP,
        done.checked,
        note=note,
        counterexample="; ".join(text for text, _ in slips),
        command=slips[0][1],
    )


@statement(
    "003",
    "Theorem 9",
    "a1 ≥ … ≥ a5 > 5: Gr([a1,…,a5]) = 0 if (a1,a2) ≡ (1,1) or (a1,…,a4) ≡ (1,0,1,1) mod 2",
)
def _theorem_9_check(quick: bool) -> Outcome:
    done = _check_strong(
        quick,
        lambda k: k == 5,
        lambda par, k: True if _theorem_9(par) else None,
        'grundy value cr "7,7,6,6,6"',
    )
    if done.verdict is not Verdict.VERIFIED:
        return done
    cases = list(_strong(5, 12))
    # Case 1, (a1, a2) odd: both players remove a column with one 1, "The resulting game
    # position is [a1 − 2, a2, a3, a4, a5] where a1 − 2 and a2 are even."
    first = _slip(
        [a for a in cases if _starts(_parity(a), (1, 1))],
        [_column_move(1), _column_move(1)],
        lambda par: par[:2] == (0, 0),
    )
    # Case 2, (1,0,1,1): Player 1 removes a column with ℓ = 3 ones, Player 2 row 5,
    # "b1 = a1 − 1 is odd, b2 = a2 − 1 is even, b3 = a3 − 1 are odd".
    second = _slip(
        [a for a in cases if _starts(_parity(a), (1, 0, 1, 1))],
        [_column_move(3), _row_move(5)],
        lambda par: par[:3] == (1, 0, 1),
    )
    return _slip_outcome(
        done,
        [first, second],
        "two parities in the proof are wrong: Case 1 says [a1 − 2, a2, …] has a1 − 2, a2 even "
        "(they are odd, as the induction needs); Case 2 (a column with ℓ ≥ 3 ones, then row 5) "
        "says b1, b2, b3 are odd, even, odd (they are even, odd, even, as Theorem 7 needs)",
    )


@statement(
    "003",
    "Theorem 10",
    "a1 ≥ … ≥ a5 > 5: Gr([a1,…,a5]) ≠ 0 if a1 ≡ 0, or (a1,…,a4) ≡ (1,0,x,y) with "
    "(x,y) ≢ (1,1) mod 2",
)
def _theorem_10_check(quick: bool) -> Outcome:
    done = _check_strong(
        quick,
        lambda k: k == 5,
        lambda par, k: False if _theorem_10(par) else None,
        'grundy value cr "8,7,6,6,6"',
        note="with Theorem 9 it covers every parity of (a1, …, a4)",
    )
    if done.verdict is not Verdict.VERIFIED:
        return done
    # Case 1, a1, a2 even: Player 1 removes row 5, "The resulting game position is
    # [a1, a2, a3, a4] where a1 and a2 are odd".
    found = _slip(
        [a for a in _strong(5, 12) if _starts(_parity(a), (0, 0))],
        [_row_move(5)],
        lambda par: par[:2] == (1, 1),
    )
    return _slip_outcome(
        done,
        [found],
        "Case 1 (a1, a2 even; Player 1 removes row 5) says [a1, a2, a3, a4] has a1, a2 odd; "
        "they are even, as Theorem 7 (cited next) needs",
    )


@statement(
    "003",
    "Theorem 11",
    "k ≥ 4, a1 ≥ … ≥ ak > k, a1 ≡ a2 ≡ k mod 2: Gr([a1,…,ak]) = 0",
)
def _theorem_11(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k >= 4,
        lambda par, k: True if par[0] == par[1] == k % 2 else None,
        'grundy value cr "11,9,9,8,8,8,8"',
    )


@statement("003", "Theorem 12", "k ≥ 5, a1 ≥ … ≥ ak > k, a1 ≡ k + 1 mod 2: Gr([a1,…,ak]) ≠ 0")
def _theorem_12(quick: bool) -> Outcome:
    def claim(par: Parity, k: int) -> bool | None:
        return False if par[0] == (k + 1) % 2 else None

    command = 'grundy value cr "10,9,9,8,8,8,8"'
    done = _check_strong(quick, lambda k: k >= 5, claim, command)
    if done.verdict is Verdict.VERIFIED and (
        _check_strong(quick, lambda k: k == 4, claim, command).verdict is Verdict.VERIFIED
    ):
        note = "it holds for k = 4 too (Theorem 8; checked), where Theorem 14's proof cites it"
        return Outcome(Verdict.VERIFIED, done.checked, note=note, command=command)
    return done


def _theorem13(par: Parity, k: int) -> bool:
    """Theorem 13 as printed (k = 2p ≥ 4): the parity conditions for Gr = 0."""
    p = k // 2
    if any(_starts(par, (0, 1) * q + (0, 0)) for q in range(p - 2)):
        return True
    return _starts(par, (0, 1) * (p - 2) + (0,)) and par[2 * p - 3 : 2 * p - 1] != (1, 1)


def _theorem14(par: Parity, k: int) -> bool:
    """Theorem 14 as printed (k = 2p ≥ 4): the parity conditions for Gr ≠ 0."""
    return any(_starts(par, (0, 1) * q + (1,)) for q in range(k // 2))


def _theorem15(par: Parity, k: int) -> bool:
    """Theorem 15 as printed (k = 2p + 1): the parity conditions for Gr = 0."""
    return any(_starts(par, (1, 0) * q + (1, 1)) for q in range(k // 2))


def _theorem16(par: Parity, k: int) -> bool:
    """Theorem 16 as printed (k = 2p + 1): the parity conditions for Gr ≠ 0."""
    p = k // 2
    if any(_starts(par, (1, 0) * q + (0,)) for q in range(p - 1)):
        return True
    return _starts(par, (1, 0) * (p - 1)) and par[2 * p - 2 : 2 * p] != (1, 1)


@statement(
    "003",
    "Theorem 13",
    "k = 2p ≥ 4: Gr = 0 iff (a_i : i ≤ 2q+2) ≡ ((0,1)^q,0,0) for some 0 ≤ q ≤ p−3, or "
    "(a_i : i ≤ k−1) ≡ ((0,1)^{p−2},0,x,y) with (x,y) ≢ (1,1)",
)
def _theorem_13(quick: bool) -> Outcome:
    done = _check_strong(
        quick,
        lambda k: k >= 4 and k % 2 == 0,
        lambda par, k: _theorem13(par, k),
        'grundy value cr "10,9,8,8,7,7"',
    )
    if done.verdict is not Verdict.VERIFIED:
        return done
    # The proof of necessity (k even, q ≥ 1): "Suppose Player 1 removes a column ... that
    # contains two 1's. The resulting game position is B = [b1, b2, …, b_{k−1}]".
    for a in smallest_first(_partitions(8, 13, 9)):
        par = _parity(a)
        if not _starts(par, (0, 1, 0, 0)):
            continue
        b = _remove_column(ferrers_matrix(list(a)), 2)
        if b is not None and b.nrows != len(a) - 1:
            return Outcome(
                Verdict.PROOF_SLIP,
                done.checked,
                note="the proof of necessity of Theorems 13 and 15 writes the position after "
                "Player 1 removes a column with two 1s as B = [b1, …, b_{k−1}]; it keeps all "
                "k rows (b_i = a_i for 2 < i ≤ k, as the same sentence says)",
                counterexample=f"A = {list(a)} (k = 8, q = 1) → {list(_rows(b))}: "
                f"{b.nrows} rows, not {len(a) - 1}",
                command=_cr_command(a, "moves"),
            )
    return done


@statement(
    "003",
    "Theorem 14",
    "k = 2p ≥ 4: Gr ≠ 0 iff (a_i : i ≤ 2q+1) ≡ ((0,1)^q, 1) mod 2 for some 0 ≤ q ≤ p−1",
)
def _theorem_14(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k >= 4 and k % 2 == 0,
        lambda par, k: not _theorem14(par, k),
        'grundy value cr "10,9,9,8,7,7"',
        note="for k = 4 its proof cites Theorem 12, stated for k ≥ 5 (its conclusion holds at "
        "k = 4: see Theorem 12), and Theorem 15 at k = 3 (covered by its wording, any odd k)",
    )


@statement(
    "003",
    "Theorem 15",
    "k = 2p+1: Gr = 0 iff (a_i : i ≤ 2q+2) ≡ ((1,0)^q, 1, 1) mod 2 for some 0 ≤ q ≤ p−1",
)
def _theorem_15(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k % 2 == 1,
        lambda par, k: _theorem15(par, k),
        'grundy value cr "13,12,11,10,9,9,8"',
        note="printed for every odd k; it also holds at k = 3 (Theorem 6), included",
    )


@statement(
    "003",
    "Theorem 16",
    "k = 2p+1: Gr ≠ 0 iff (a_i : i ≤ 2q+1) ≡ ((1,0)^q, 0) for some 0 ≤ q ≤ p−2, or "
    "(a_i : i ≤ k−1) ≡ ((1,0)^{p−1}, x, y) with (x,y) ≢ (1,1)",
)
def _theorem_16(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k % 2 == 1,
        lambda par, k: not _theorem16(par, k),
        'grundy value cr "11,10,9,8,8,8,8"',
        note="printed for every odd k; it also holds at k = 3 (Theorem 6), included",
    )


def _lemma2_counts(k: int, q: int) -> tuple[int, int]:
    """Among the parities of a_{2q+1}, …, a_{k−1} after the prefix (0,1)^q (k even):
    how many Theorem 13 makes P, and how many Theorem 14 makes N."""
    p_count = n_count = 0
    for rest in itertools.product((0, 1), repeat=k - 1 - 2 * q):
        par = (0, 1) * q + rest
        p_count += _theorem13(par, k)
        n_count += _theorem14(par, k)
    return p_count, n_count


@statement(
    "003",
    "Lemma 2",
    "for even k ≥ 4 Theorem 13 is equivalent to Theorem 14; for odd k ≥ 5 Theorem 15 to Theorem 16",
)
def _lemma_2(quick: bool) -> Outcome:
    top = 12 if quick else 18
    checked = (
        f"every parity vector (a_1, …, a_{{k−1}}), 4 ≤ k ≤ {top}; the proof's counts for every "
        "q ≤ p − 2"
    )

    def equivalent(k: int) -> bool:
        odd = k % 2 == 1
        for par in itertools.product((0, 1), repeat=k - 1):
            p_said = _theorem15(par, k) if odd else _theorem13(par, k)
            n_said = _theorem16(par, k) if odd else _theorem14(par, k)
            if p_said == n_said:
                return False
        return True

    bad = first_failure(range(4, top + 1), equivalent)
    if bad is not None:
        return Outcome(
            Verdict.FALSE,
            checked,
            note="the P and N conditions overlap or leave a gap",
            counterexample=f"k = {bad}",
            command='grundy value cr "10,9,8,8,7,7"',
        )
    # The proof's counts: (2^{2p−2q−1} + 1)/3 P and (2^{2p−2q} − 1)/3 N choices.
    count_bad = first_failure(
        [(k, q) for k in range(4, top + 1, 2) for q in range(k // 2 - 1)],
        lambda kq: (
            _lemma2_counts(*kq)
            == ((2 ** (kq[0] - 2 * kq[1] - 1) + 1) // 3, (2 ** (kq[0] - 2 * kq[1]) - 1) // 3)
        ),
    )
    if count_bad is not None:
        return Outcome(
            Verdict.PROOF_SLIP,
            checked,
            note="a count in the proof is wrong",
            counterexample=f"k, q = {count_bad}: {_lemma2_counts(*count_bad)}",
            command='grundy value cr "10,9,8,8,7,7"',
        )

    # The sums of the P counts, with d = p − q: the inductive step's display
    # (2^2 − 1) + 2^3 + 2^5 + ⋯ + 2^{2d−3}; the first display ends at 2^{2d−2} instead.
    def odd_sum(d: int) -> int:
        return 3 + sum(2**e for e in range(3, 2 * d - 2, 2))

    def right(d: int) -> int:
        return (2 ** (2 * d - 1) + 1) // 3

    spans = range(3, top // 2 + 1)
    if not all(odd_sum(d) == right(d) for d in spans):
        return Outcome(
            Verdict.PROOF_SLIP,
            checked,
            note="the sum in the proof's inductive step is wrong",
            counterexample=f"p − q = {first_failure(spans, lambda d: odd_sum(d) == right(d))}",
            command='grundy value cr "10,9,8,8,7,7"',
        )
    d = first_failure(spans, lambda d: odd_sum(d) + 2 ** (2 * d - 2) == right(d))
    if d is None:
        return Outcome(Verdict.VERIFIED, checked, command='grundy value cr "10,9,8,8,7,7"')
    return Outcome(
        Verdict.PROOF_SLIP,
        checked,
        note="the equivalence and the proof's counts hold; the first display ends the sum "
        "(2^2 − 1) + 2^3 + 2^5 + ⋯ at 2^{2p−2q−2} (the inductive step's ends at 2^{2p−2q−3}), "
        "and the base case writes Theorem 14's patterns with lengths that do not match "
        "((a_i : i ≤ 2p−1) ≡ ((0,1)^{p−2}, 1), (a_i : i ≤ 2p−3) ≡ ((0,1)^{p−3}, 1))",
        counterexample=f"p − q = {d}: with its last term 2^{2 * d - 2} as printed the sum is "
        f"{odd_sum(d) + 2 ** (2 * d - 2)}, not (2^{2 * d - 1} + 1)/3 = {right(d)} "
        f"(= the sum to 2^{2 * d - 3})",
        command='grundy value cr "10,9,8,8,7,7"',
    )


def _least_strong(par: Parity, k: int) -> Parts:
    """The least strong partition with k parts whose a_1, …, a_{k−1} have these parities."""
    a = [k + 1]
    for bit in reversed(par):
        a.insert(0, a[0] if a[0] % 2 == bit else a[0] + 1)
    return tuple(a)


@statement(
    "003",
    "Remark 5",
    "k ≥ 4: of the 2^{k−1} parity choices of a_1, …, a_{k−1}, ⟨2^{k−1}/3⟩ give Gr = 0 and "
    "⟨2^k/3⟩ give Gr ≠ 0",
)
def _remark_5(quick: bool) -> Outcome:
    top = 8 if quick else 14
    checked = (
        f"4 ≤ k ≤ {top}, by search on the least strong partition of each parity class "
        "(that the class decides the outcome: Theorems 13–16)"
    )

    def counts(k: int) -> tuple[int, int]:
        zeros = sum(
            _cr(_least_strong(par, k)) == 0 for par in itertools.product((0, 1), repeat=k - 1)
        )
        return zeros, 2 ** (k - 1) - zeros

    def printed(k: int) -> tuple[int, int]:
        return _nearest(Fraction(2 ** (k - 1), 3)), _nearest(Fraction(2**k, 3))

    return verified_unless(
        first_failure(range(4, top + 1), lambda k: counts(k) == printed(k)),
        checked,
        command='grundy value cr "6,6,6,5"',
        false_note="the counts differ",
        describe=lambda k: f"k = {k}: (P, N) = {counts(k)}, printed {printed(k)}",
    )


def _proposition_2(par: Parity) -> bool:
    return any(_starts(par, s) for s in ((1, 1), (1, 0, 1, 1), (1, 0, 1, 0, 1, 1)))


def _proposition_3(par: Parity) -> bool:
    return (
        par[0] == 0
        or _starts(par, (1, 0, 0))
        or (_starts(par, (1, 0, 1, 0)) and par[4:6] != (1, 1))
    )


@statement(
    "003",
    "Example 1",
    "for k = 7, Theorems 15 and 16 specialize to Propositions 2 and 3",
)
def _example_1(quick: bool) -> Outcome:
    checked = "all 64 parity vectors (a_1, …, a_6), the printed conditions compared"
    cases = list(itertools.product((0, 1), repeat=6))
    bad = first_failure(
        cases,
        lambda par: (
            _theorem15(par, 7) == _proposition_2(par) and _theorem16(par, 7) == _proposition_3(par)
        ),
    )
    return verified_unless(
        bad,
        checked,
        command='grundy value cr "19,18,15,14,11,9,8"',
        false_note="a proposition is not the specialization",
        describe=lambda par: f"parities {par}",
    )


@statement(
    "003",
    "Proposition 2",
    "a1 ≥ … ≥ a7 > 7: Gr = 0 iff (a1,a2) ≡ (1,1), (a1,…,a4) ≡ (1,0,1,1) or (a1,…,a6) ≡ "
    "(1,0,1,0,1,1) mod 2",
)
def _proposition_2_check(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k == 7,
        lambda par, k: _proposition_2(par),
        'grundy value cr "19,18,15,14,11,9,8"',
    )


@statement(
    "003",
    "Proposition 3",
    "a1 ≥ … ≥ a7 > 7: Gr ≠ 0 iff a1 ≡ 0, (a1,a2,a3) ≡ (1,0,0), or (a1,…,a6) ≡ "
    "(1,0,1,0,x,y) with (x,y) ≢ (1,1) mod 2",
)
def _proposition_3_check(quick: bool) -> Outcome:
    return _check_strong(
        quick,
        lambda k: k == 7,
        lambda par, k: not _proposition_3(par),
        'grundy value cr "18,18,15,14,11,9,8"',
    )


#: 003 Figure 2 as our text copy of the paper has it (7 rows of 18 entries, transcribed).
FIGURE_2 = (
    "111111111111111111;011111111111111111;000011111111111111;000001111111111111;"
    "000000001111111111;000000000011111111;000000000001111111"
)
EXAMPLE_2 = (19, 18, 15, 14, 11, 9, 8)


@statement(
    "003",
    "Figure 2",
    "the strong partition matrix A = [19, 18, 15, 14, 11, 9, 8] is a P-position",
)
def _figure_2(quick: bool) -> Outcome:
    checked = "A by the matrix game (Column-Row's engine); the drawing, transcribed"
    value = grundy.value("matrix", _mat(EXAMPLE_2))
    command = f'grundy value matrix "{_mat(EXAMPLE_2)}"'
    if value != 0:
        return Outcome(
            Verdict.FALSE,
            checked,
            note="A is not a P-position",
            counterexample=f"value {value}",
            command=command,
        )
    drawn = parse_matrix(FIGURE_2)
    if drawn == _mat(EXAMPLE_2):
        return Outcome(Verdict.VERIFIED, checked, command=command)
    return Outcome(
        Verdict.VERIFIED,
        checked,
        note=f"the drawing in our text copy is {drawn.nrows}×{drawn.ncols} with row sums "
        f"{list(_rows(drawn))} (mat(A) without its last, all-ones column; value "
        f"{grundy.value('matrix', drawn)}); whether the printed figure has the 19th column "
        "cannot be told from the copy",
        command=command,
    )


@statement(
    "003",
    "Example 2",
    "A = [19, 18, 15, 14, 11, 9, 8]: (a_i : i ≤ 6) ≡ ((1,0)^2, 1, 1), so A is a P-position by "
    "Proposition 2",
)
def _example_2(quick: bool) -> Outcome:
    checked = "the parities, Proposition 2's condition, and search"
    par = _parity(EXAMPLE_2)
    value = _cr(EXAMPLE_2)
    ok = par[:6] == (1, 0) * 2 + (1, 1) and _proposition_2(par) and EXAMPLE_2[-1] > 7
    command = 'grundy value cr "19,18,15,14,11,9,8"'
    if ok and value == 0:
        return Outcome(Verdict.VERIFIED, checked, command=command)
    return Outcome(
        Verdict.FALSE,
        checked,
        note="the example's reasoning or value fails",
        counterexample=f"parities {par}, value {value}",
        command=command,
    )
