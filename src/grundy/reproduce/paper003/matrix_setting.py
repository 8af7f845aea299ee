"""What the checks of paper 003 share: the plain matrix `Solver` and Column-Row's
engine, the matrices searched, the commands that show a case, the moves as the proofs
make them, mat(S) of Definition 4, the ranges of the strong partitions of §5 and the
statements checked on them, as rows (`StrongRow`, `strong_statements`).

>>> len(every_matrix(2, 3)), every_matrix(1, 2)[3].to_lists()
(64, [[1, 1]])
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import grundy
from grundy.answers import reference_solver
from grundy.games.matrix.matrix import PLAIN_MATRIX, BoolMatrix, ferrers_matrix
from grundy.reproduce import rows
from grundy.reproduce.rows import Outcome, Source, Verdict
from grundy.reproduce.shared import Parts, smallest_first

PAPER = Source("003")
Parity = tuple[int, ...]
#: A claim of §5 on a strong partition: True for "P", False for "N", None when it says
#: nothing about that partition.
StrongClaim = Callable[[Parts], "bool | None"]

_PLAIN = reference_solver(PLAIN_MATRIX)


# ------------------------------------------------------------------ search
def plain_value(matrix: BoolMatrix) -> int:
    """The value by the plain matrix Solver (no canonical forms, splitting or closed form)."""
    return _PLAIN.value(matrix)


@cache
def cr_value(parts: Parts) -> int:
    """The value of the Ferrers matrix [a1, …, ak]: Column-Row's engine (the same game)."""
    return grundy.value("cr", list(parts))


def ferrers(parts: Parts, plain_top: int) -> int:
    """Search on the Ferrers matrix: the plain matrix Solver up to `plain_top`, else Column-Row."""
    if max(parts) <= plain_top:
        return plain_value(ferrers_matrix(list(parts)))
    return cr_value(parts)


def ones_matrix(m: int, n: int) -> BoolMatrix:
    """J_{m,n}."""
    return BoolMatrix([(1 << n) - 1] * m, n)


def every_matrix(m: int, n: int) -> list[BoolMatrix]:
    """Every m × n 0/1 matrix, its rows read as numbers in lexicographic order."""
    return [BoolMatrix(rows, n) for rows in itertools.product(range(1 << n), repeat=m)]


def random_matrices(rng: random.Random, count: int, m: int, n: int) -> list[BoolMatrix]:
    """`count` random m × n 0/1 matrices drawn from `rng`, row by row."""
    return [BoolMatrix([rng.randrange(1 << n) for _ in range(m)], n) for _ in range(count)]


def upper(n: int) -> BoolMatrix:
    """U_n as 003 defines it: entry (i, j) is 1 iff i ≤ j."""
    return BoolMatrix([sum(1 << (j - 1) for j in range(i, n + 1)) for i in range(1, n + 1)], n)


def k_part_partitions(k: int, top: int, bottom: int = 1) -> Iterator[Parts]:
    """Every a1 ≥ … ≥ ak with bottom ≤ ak and a1 ≤ top (largest first, lexicographically)."""
    # combinations of a descending range are exactly the non-increasing tuples
    yield from itertools.combinations_with_replacement(range(top, bottom - 1, -1), k)


def by_size(k_max: int, top: int) -> list[Parts]:
    """Every partition with at most k_max parts, each ≤ top, by size then parts."""
    return smallest_first(a for k in range(1, k_max + 1) for a in k_part_partitions(k, top))


def cr_command(parts: Sequence[int], verb: str = "value") -> str:
    """The command showing the Ferrers matrix of `parts` (Column-Row)."""
    return f'grundy {verb} cr "{",".join(map(str, parts))}"'


def staircase_command(n: int) -> str:
    """The command showing U_n, the staircase n, n−1, …, 1 (Column-Row)."""
    return cr_command(range(n, 0, -1))


def matrix_command(verb: str) -> Callable[[BoolMatrix], str]:
    """The command (`verb` value or moves) showing a matrix."""
    return lambda matrix: f'grundy {verb} matrix "{matrix}"'


def parity_of(a: Sequence[int]) -> Parity:
    return tuple(x % 2 for x in a)


def starts(par: Parity, pattern: Sequence[int]) -> bool:
    return par[: len(pattern)] == tuple(pattern)


def _column_with(matrix: BoolMatrix, ones: int) -> int | None:
    """A column holding exactly `ones` 1s (0-based), or None."""
    return next((j for j, c in enumerate(matrix.columns()) if c.bit_count() == ones), None)


def remove_column(matrix: BoolMatrix, ones: int) -> BoolMatrix | None:
    """The move "remove a column with `ones` 1s", or None if there is none."""
    j = _column_with(matrix, ones)
    return None if j is None else matrix.delete_column(j).without_zero_lines()


def _remove_row(matrix: BoolMatrix, i: int) -> BoolMatrix:
    """The move "remove row i" (1-based; rows kept in the paper's order)."""
    return matrix.delete_row(i - 1).without_zero_lines()


#: A move of a proof's strategy, on the matrix; None when it cannot be made.
Move = Callable[[BoolMatrix], BoolMatrix | None]


def column_move(ones: int) -> Move:
    return lambda m: remove_column(m, ones)


def row_move(i: int) -> Move:
    return lambda m: _remove_row(m, i)


def play_moves(parts: Parts, moves: Sequence[Move]) -> BoolMatrix | None:
    """The Ferrers matrix of `parts` after `moves` (None if one cannot be made)."""
    m: BoolMatrix | None = ferrers_matrix(list(parts))
    for move in moves:
        if m is None:
            return None
        m = move(m)
    return m


def parts_of(matrix: BoolMatrix) -> Parts:
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
def strong_values(k: int, top: int) -> dict[Parts, int]:
    """The value of every strong partition with k parts, each ≤ top (a_k > k), smallest first."""
    return {a: cr_value(a) for a in smallest_first(k_part_partitions(k, top, k + 1))}


def _strong_cases(quick: bool, ks: Callable[[int], bool]) -> Iterator[tuple[Parts, int]]:
    for k in _strong_ks(quick):
        if ks(k):
            yield from strong_values(k, 2 * k + 2).items()


def check_strong(
    quick: bool, ks: Callable[[int], bool], claim: StrongClaim, command: str, note: str = ""
) -> Outcome:
    """Compare a §5 statement with search on the strong partitions with k parts, ks(k).

    Each statement of §5 is a condition on the number of parts and their parities, so the
    claim is asked once per such class, of its smallest member, and compared with search on
    every member."""
    said: dict[tuple[int, Parity], bool | None] = {}

    def holds(case: tuple[Parts, int]) -> bool:
        a, value = case
        key = (len(a), parity_of(a))
        if key not in said:
            said[key] = claim(a)
        return said[key] is None or said[key] == (value == 0)

    return rows.verified_unless(
        rows.first_failure(_strong_cases(quick, ks), holds),
        _strong_words(quick, ks),
        note=note,
        command=command,
        false_note="the printed parity condition disagrees with search",
        describe=lambda case: (
            f"{list(case[0])}: value {case[1]}, the statement says "
            + ("P" if said[len(case[0]), parity_of(case[0])] else "N")
        ),
        shows=lambda case: cr_command(case[0]),
    )


@dataclass(frozen=True)
class StrongRow:
    """A statement of §5 on strong partitions as a row of data: its number and claim, the
    numbers of parts k it speaks of (`ks`), what it says of a partition (`says`), the command
    showing an instance and the note of a verified check (`check_strong`); `then(quick,
    outcome)`, when given, is one more step run once that outcome is verified (a step of the
    proof recomputed in the game)."""

    number: str
    claim: str
    ks: Callable[[int], bool]
    says: StrongClaim
    command: str
    note: str = ""
    then: Callable[[bool, Outcome], Outcome] | None = None

    def check(self, quick: bool) -> Outcome:
        """`check_strong` of the row, then `then` if the statement is verified."""
        done = check_strong(quick, self.ks, self.says, self.command, self.note)
        if self.then is None or done.verdict is not Verdict.VERIFIED:
            return done
        return self.then(quick, done)


def strong_statements(*table: StrongRow) -> None:
    """Register the rows of `table`, in order, as statements of 003."""
    for row in table:
        PAPER.statement(row.number, row.claim)(row.check)


def claim_says(claim: Callable[[Parts], bool], outcome: bool) -> StrongClaim:
    """A claim "Gr = 0" (`outcome` True) or "Gr ≠ 0" (False) that says nothing when its
    condition does not hold."""
    return lambda a: outcome if claim(a) else None


def mat_of(s: Parts) -> BoolMatrix:
    """mat(S) of Definition 4 read with j: b_{i,j} = 1 iff a1 − a_i < j ≤ a1."""
    a1 = s[0]
    return BoolMatrix([sum(1 << (j - 1) for j in range(a1 - a + 1, a1 + 1)) for a in s], a1)
