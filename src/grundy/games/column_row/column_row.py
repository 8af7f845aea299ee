"""Column-Row (CR): remove any one row or any one column of a Young diagram.

Paper 002 (Bašić, Gottlieb, Krnc, *Some observations on the Column-Row
game*) §2: a move deletes one whole row or one whole column; the empty
partition is terminal.  The same game is 003's Nim on the Boolean matrix of
a Ferrers diagram (003 §2; 003's U(n) is 002's staircase S_n).

Rows of equal length give one option (deleting any of them leaves the same
diagram), and so do columns of equal length; a move is labelled
("row", ℓ) = "remove a row of length ℓ" or ("col", h) = "remove a column of
length h".  The game is invariant under conjugation (002 Lemma 1.2), so the
canonical form is min(λ, λ′).

Values come from, in order:

* the closed forms below, each citing its source and checked against the
  generic solver on every partition of n ≤ 18 (tests/test_column_row.py,
  benchmarks/verify_column_row.py);
* the compiled engine of `grundy.engine` (boundary words, transposition
  table), through `COLUMN_ROW_KERNEL` (`grundy.games.column_row.column_row_kernel.COLUMN_ROW`,
  imported on first use), for every diagram of more than ``small_size``
  boxes whose boundary has at most `grundy.engine.MAX_LETTERS` steps;
* the generic `Solver` otherwise (it works on run-length partitions, so
  huge diagrams with few runs stay cheap).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.game import LazyKernel, PartitionRuleset, searched_lines, searched_rectangles
from grundy.partition import Partition
from grundy.registry import register

__all__ = [
    "COLUMN_ROW",
    "almost_gamma_value",
    "closed_form_value",
    "gamma_value",
    "quadrated_value",
    "rectangle_value",
    "remove_column",
    "remove_row",
]

Move = tuple[str, int]


# ------------------------------------------------------------------- moves
def remove_row(position: Partition, length: int) -> Partition:
    """λ without one row of the given length (ValueError if there is none)."""
    runs = list(position.runs)
    for k, (part, mult) in enumerate(runs):
        if part == length:
            runs[k] = (part, mult - 1)
            return Partition.from_runs(runs)
    raise ValueError(f"{position} has no row of length {length}")


def remove_column(position: Partition, height: int) -> Partition:
    """λ without one column of the given length: rows 1..height each lose a box.

    Columns of length h exist iff h is the number of rows of some run, i.e.
    h = λ′_j for some j; the result is (λ′ without a part h)′.
    """
    out = []
    rows = 0
    found = False
    for part, mult in position.runs:
        rows += mult
        if rows <= height:
            out.append((part - 1, mult))
            found = found or rows == height
        else:
            out.append((part, mult))
    if not found:
        raise ValueError(f"{position} has no column of length {height}")
    return Partition.from_runs(out)


def _options(position: Partition) -> Iterator[tuple[Move, Partition]]:
    for part, _ in position.runs:
        yield ("row", part), remove_row(position, part)
    rows = 0
    for _, mult in position.runs:
        rows += mult
        yield ("col", rows), remove_column(position, rows)


# ------------------------------------------------------------ closed forms
def rectangle_value(rows: int, cols: int) -> int:
    """SG of the rectangle R_{a,b} = [b^a] (a = rows, b = cols ≥ 1).

    002 Lemma 1.1 = 003 Theorem 1 (J(m,n)) = 000 Lemma 17 (LCTR on a
    rectangle is the same game: every row, and every column, is alike):
    0 if a, b > 1 and a + b is even; 2 if (a ≤ 2 or b ≤ 2) and a + b is odd;
    1 otherwise.  (002's and 000's "b ≤ 2 or a ≤ 2 and a + b is odd" must be
    read with the "or" bracketed, as 003 Theorem 1 states it.)
    """
    if rows < 1 or cols < 1:
        raise ValueError(f"a rectangle needs positive sides, got {rows}×{cols}")
    if rows > 1 and cols > 1 and (rows + cols) % 2 == 0:
        return 0
    if (rows <= 2 or cols <= 2) and (rows + cols) % 2 == 1:
        return 2
    return 1


def quadrated_value(position: Partition) -> int | None:
    """0 for a quadrated partition (all parts and multiplicities even), else None.

    002 Lemma 3.1(3): quadrated partitions are P-positions (normal play).
    """
    return 0 if position.is_quadrated() else None


def gamma_value(rows: int, cols: int) -> int:
    """SG of the gamma Γ_{a,b} = [b, 1^(a−1)] (a = rows, b = cols ≥ 1).

    002 Theorem 4.1: (a + b) mod 2 + 1 if min(a, b) = 1; 0 if a ≡ b (mod 2);
    3 otherwise.
    """
    if rows < 1 or cols < 1:
        raise ValueError(f"a gamma needs positive sides, got a={rows}, b={cols}")
    if min(rows, cols) == 1:
        return (rows + cols) % 2 + 1
    if rows % 2 == cols % 2:
        return 0
    return 3


def almost_gamma_value(a: int, b: int, d: int) -> int:
    """SG of the almost gamma Γ^{1,d}_{a,b} = [b, d^(a−1)], for a ≥ 4, 3 ≤ d ≤ b.

    002 Theorem 5.1: (a + b) mod 2 if b ≡ d (mod 2); 2 if a ≡ b ≢ d (mod 2);
    3 otherwise.  Checked against the solver on every such partition of
    n ≤ 18 (and beyond in benchmarks/verify_column_row.py).
    """
    if a < 4 or b < 3 or not 3 <= d <= b:
        raise ValueError(f"Theorem 5.1 needs a ≥ 4, b ≥ 3, 3 ≤ d ≤ b; got a={a}, b={b}, d={d}")
    if b % 2 == d % 2:
        return (a + b) % 2
    if a % 2 == b % 2:
        return 2
    return 3


def closed_form_value(position: Partition) -> int | None:
    """The normal-play value from a closed form of 002/003, or None if none applies."""
    runs = position.runs
    if not runs:
        return 0
    if len(runs) == 1:
        part, mult = runs[0]
        return rectangle_value(mult, part)
    if position.is_quadrated():
        return 0
    if len(runs) == 2:
        for (b, first), (d, rest) in (runs, position.conjugate().runs):
            if first != 1:
                continue
            if d == 1:
                return gamma_value(rest + 1, b)
            if rest + 1 >= 4 and b >= 3 and d >= 3:
                return almost_gamma_value(rest + 1, b, d)
    return None


# ----------------------------------------------------------------- ruleset
class ColumnRowRules(PartitionRuleset):
    """Column-Row (002 §2): remove any one row or any one column."""

    name = "cr"
    aliases = ("column-row", "crim")
    display_name = "Column-Row"
    description = "remove any one row or any one column of a Young diagram"
    reference = "002 §2; 003 §2 (Ferrers matrices)"
    conjugation_invariant = True  # 002 Lemma 1.2
    kernel = LazyKernel("grundy.games.column_row.column_row_kernel:COLUMN_ROW")

    def options(self, position: Partition) -> Iterator[tuple[Move, Partition]]:
        return _options(position)

    def number_of_options(self, position: Partition) -> int:
        """A row of each length and a column of each height: two per run."""
        return 2 * len(position.runs)

    def number_of_states(self, position: Partition) -> int:
        """Deleting bottom rows, then last columns, reaches each rectangle i × j with
        j ≤ λ_i, one per box, and then the empty diagram: n + 1 diagrams.

        >>> COLUMN_ROW.number_of_states(Partition.parse("999999^999999"))
        999998000002
        """
        return position.size + 1

    def number_searched(self, position: Partition, misere: bool = False) -> int | None:
        """Misère play, which no closed form values: the lines and the rectangles of
        `searched_lines` and `searched_rectangles` (a row and a column are moves);
        normal play: not known (a closed form values every rectangle).

        >>> COLUMN_ROW.number_searched(Partition.parse("1^1000"), misere=True)
        881
        """
        return max(searched_lines(position), searched_rectangles(position)) if misere else None

    def closed_form(self, position: Partition, misere: bool = False) -> int | None:
        """The closed forms of 002/003 (normal play only; `closed_form_value`)."""
        return None if misere else closed_form_value(position)

    def value_table(self, position: Partition, misere: bool = False) -> list[list[int]] | None:
        """Every λ[i, j] from one shared table of the compiled engine, when λ fits it."""
        return self.kernel.box_values(position, misere)

    def format_move(self, move: Move) -> str:
        kind, length = move
        what = {"row": "row", "col": "column"}[kind]
        return f"remove a {what} of length {length}"


COLUMN_ROW = register(ColumnRowRules())


def __getattr__(name: str) -> Any:
    """``COLUMN_ROW_KERNEL``: the compiled kernel, imported on first access (PEP 562)."""
    if name == "COLUMN_ROW_KERNEL":
        return COLUMN_ROW.kernel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
