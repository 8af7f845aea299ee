"""Every sub-position of a small Boolean matrix at once, by whole-array numpy steps.

The fast path of the matrix game (`grundy.games.matrix.matrix`, paper 003): a
component without exploitable symmetry is valued by filling this table, which
holds the value of all its sub-positions (a set of rows and a set of columns
kept), instead of searching it.

>>> class M:  # any object with rows (bitmasks), columns(), nrows, ncols
...     rows, nrows, ncols = (0b011, 0b110), 2, 3
...     def columns(self): return (0b01, 0b11, 0b10)
>>> SubsetTable(M()).root
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from grundy.posets.poset import bits as set_bits

__all__ = ["TABLE_MAX_STATES", "MatrixLike", "SubsetTable", "table_states"]

#: Largest number of states of a `SubsetTable` (4 bytes each: 256 MiB).
TABLE_MAX_STATES = 2**26


class MatrixLike(Protocol):
    """A 0/1 matrix: rows and columns as bitmasks."""

    rows: tuple[int, ...]
    nrows: int
    ncols: int

    def columns(self) -> tuple[int, ...]: ...


class _CountVectors:
    """All count vectors (k_1, …, k_t) with 0 ≤ k_i ≤ mult_i, grouped by their total.

    A vector is coded in mixed radix, code = Σ k_i · stride_i.  For each total a,
    `groups[a]` lists the codes (increasing), `index[code]` is a code's place in
    its group, and `present[code]` has bit i set when k_i > 0.
    """

    def __init__(self, mults: Sequence[int]) -> None:
        self.mults = list(mults)
        self.strides = []
        size = 1
        for mult in self.mults:
            self.strides.append(size)
            size *= mult + 1
        codes = np.arange(size, dtype=np.int64)
        total = np.zeros(size, dtype=np.int64)
        present = np.zeros(size, dtype=np.int64)
        for i, (mult, stride) in enumerate(zip(self.mults, self.strides, strict=True)):
            digit = (codes // stride) % (mult + 1)
            total += digit
            present |= (digit > 0).astype(np.int64) << i
        self.groups = [np.flatnonzero(total == a) for a in range(sum(self.mults) + 1)]
        self.index = np.zeros(size, dtype=np.int64)
        for group in self.groups:
            self.index[group] = np.arange(group.shape[0])
        self.present = present

    def moves(self, total: int) -> list[tuple[np.ndarray, np.ndarray]]:
        """For each class i: the places in group `total` with k_i > 0, and where k_i − 1 leads."""
        group = self.groups[total]
        out = []
        for mult, stride in zip(self.mults, self.strides, strict=True):
            sel = np.flatnonzero((group // stride) % (mult + 1) > 0)
            out.append((sel, self.index[group[sel] - stride]))
        return out


def _line_classes(lines: Sequence[int]) -> tuple[list[int], list[int]]:
    """Identical lines form a class: the distinct lines (first-seen order) and each line's class."""
    first: dict[int, int] = {}
    of = [first.setdefault(line, len(first)) for line in lines]
    return list(first), of


class SubsetTable:
    """The value of every sub-position of a matrix, computed exhaustively.

    A sub-position keeps a set of rows and a set of columns; lines that are
    zero inside it are inert.  Identical rows (and identical columns) are
    interchangeable, so a sub-position is described by how many rows of each
    distinct row and how many columns of each distinct column it keeps; there
    are Π(mult + 1) such count vectors per side (2^m and 2^n when all lines
    differ).  The states with a rows and c columns form a block (row vectors of
    total a) × (column vectors of total c); removing a row maps a block
    row-wise onto block (a − 1, c), removing a column column-wise onto
    (a, c − 1), so each block is filled from the two before it by whole-row
    and whole-column numpy gathers.  Each state stores 2^value (uint32) and a
    mex is the lowest zero bit of the OR over the options.  Exact, for normal
    and misère play (terminal states: 0, or 1 in misère play).

    Memory: 4 bytes per state; at most `TABLE_MAX_STATES` states.
    """

    def __init__(self, matrix: MatrixLike, misere: bool = False) -> None:
        states = table_states(matrix)
        if states > TABLE_MAX_STATES:
            raise ValueError(
                f"a subset table of this {matrix.nrows}x{matrix.ncols} matrix needs {states} "
                f"states; at most {TABLE_MAX_STATES} are supported"
            )
        self.matrix = matrix
        self.misere = misere
        row_kinds, self._row_class = _line_classes(matrix.rows)
        col_kinds, self._col_class = _line_classes(matrix.columns())
        rows = _CountVectors(Counter(self._row_class)[i] for i in range(len(row_kinds)))
        cols = _CountVectors(Counter(self._col_class)[j] for j in range(len(col_kinds)))
        self._rows, self._cols = rows, cols
        # Row kind i meets column kind j when its rows have 1s in those columns.
        col_rep = [self._col_class.index(j) for j in range(len(col_kinds))]
        row_meets = [sum(1 << j for j, c in enumerate(col_rep) if (r >> c) & 1) for r in row_kinds]
        col_meets = [sum(1 << i for i, r in enumerate(row_kinds) if (r >> c) & 1) for c in col_rep]
        every, none = np.uint32(0xFFFFFFFF), np.uint32(0)
        # A row can be removed only while it meets a kept column, and vice versa.
        row_legal = [
            [np.where(cols.present[group] & m, every, none) for m in row_meets]
            for group in cols.groups
        ]
        col_legal = [
            [np.where(rows.present[group] & m, every, none)[:, None] for m in col_meets]
            for group in rows.groups
        ]
        terminal = np.uint32(2 if misere else 1)
        bits: list[list[np.ndarray]] = []
        for a, row_group in enumerate(rows.groups):
            bits.append([np.full((row_group.shape[0], 1), terminal, dtype=np.uint32)])
            if a == 0:
                bits[0].extend(
                    np.full((1, g.shape[0]), terminal, dtype=np.uint32) for g in cols.groups[1:]
                )
        col_moves = [cols.moves(c) for c in range(len(cols.groups))]
        for a in range(1, len(rows.groups)):
            row_moves = rows.moves(a)
            for c in range(1, len(cols.groups)):
                seen = np.zeros((rows.groups[a].shape[0], cols.groups[c].shape[0]), np.uint32)
                below = bits[a - 1][c]
                for i, (sel, child) in enumerate(row_moves):
                    seen[sel] |= below[child] & row_legal[c][i]
                left = bits[a][c - 1]
                for j, (sel, child) in enumerate(col_moves[c]):
                    seen[:, sel] |= left[:, child] & col_legal[a][j]
                lowest_missing = ~seen & (seen + np.uint32(1))
                if misere:
                    lowest_missing[seen == 0] = terminal
                bits[a].append(lowest_missing)
        self._bits = bits

    def value(self, row_mask: int, col_mask: int) -> int:
        """The value of the sub-position keeping the rows in `row_mask`, columns in `col_mask`."""
        row_code = sum(self._rows.strides[self._row_class[i]] for i in set_bits(row_mask))
        col_code = sum(self._cols.strides[self._col_class[j]] for j in set_bits(col_mask))
        block = self._bits[row_mask.bit_count()][col_mask.bit_count()]
        flag = block[self._rows.index[row_code], self._cols.index[col_code]]
        return int(flag).bit_length() - 1

    @property
    def root(self) -> int:
        """The value of the whole matrix."""
        return self.value((1 << self.matrix.nrows) - 1, (1 << self.matrix.ncols) - 1)


def table_states(matrix: MatrixLike) -> int:
    """Number of states of `SubsetTable(matrix)`: Π(mult + 1) over identical rows, and columns.

    Also an upper bound on the classes a memoised search of `matrix` meets.
    """
    states = 1
    for counts in (Counter(matrix.rows).values(), Counter(matrix.columns()).values()):
        for c in counts:
            states *= c + 1
    return states
