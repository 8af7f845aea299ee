"""Nim on Boolean matrices (paper 003, Curran–Locke–Low), ruleset ``matrix``.

Rules (003 §2): a position is a 0/1 matrix; a move removes one *nonzero*
line (row or column).  Lines that become all-zero vanish (003 Remark 1), so a
matrix without 1s is terminal.  Row and column permutations and transposition
give equivalent games (003 Remark 2).

What this module provides:

* `BoolMatrix` — the immutable, hashable position (rows stored as bitmasks)
  and `parse_matrix`, which reads ``"101;011;110"`` (or one row per line),
  nested lists or numpy arrays, with errors naming the row and the symbol.
* `canonical_form` — one representative per class under row/column
  permutations and transposition: Ferrers matrices via their partition
  min(λ, λ′); matrices with a side of at most `BRUTE_FORCE_SIDE` lines by
  brute force over the permutations of that side; everything else by nauty's
  canonical labelling of the row–column bipartite graph (pynauty).
* `components` — the connected components of the row–column graph.  In
  normal play the value of a position is the nim-sum of its components'
  values, and identical components cancel in pairs.  (Misère play does not
  split this way; misère positions are searched whole.)
* `ferrers_partition` — a matrix whose rows, sorted by size, form a chain
  of subsets is the Ferrers diagram of its row sums λ, and the game on it is
  Column-Row on λ (002; 003 §2 "U_n"), so such components go to the ``cr``
  ruleset when it is registered.
* `grundy.games.matrix.matrix_subsets.SubsetTable` — a vectorised (numpy) exhaustive
  table of the values of all 2^(m+n) sub-positions of a small matrix, used
  as the closed form of components without
  exploitable symmetry.

`MatrixRules(symmetry=False)` is the plain reference (no canonical forms,
no splitting, no fast value); tests compare every fast path against the
generic `Solver` on it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

import numpy as np

from grundy.bounds import TooMuchWork, about
from grundy.game import Drawing, Ruleset
from grundy.games.matrix.matrix_subsets import TABLE_MAX_STATES, SubsetTable, table_states
from grundy.partition import Partition
from grundy.posets.poset import bits as set_bits
from grundy.registry import register
from grundy.solver import solver_for
from grundy.validate import as_int, is_digits

__all__ = [
    "BRUTE_FORCE_SIDE",
    "MATRIX",
    "MATRIX_FAMILIES",
    "MAX_LABELLED_LINES",
    "MAX_LISTED_ENTRIES",
    "PLAIN_MATRIX",
    "BoolMatrix",
    "MatrixMove",
    "MatrixRules",
    "canonical_form",
    "components",
    "ferrers_matrix",
    "ferrers_partition",
    "parse_matrix",
]

#: Matrices whose smaller side has at most this many lines are canonicalised
#: by brute force over that side's permutations (≤ 3! = 6 orders, each
#: followed by sorting the columns); larger ones by nauty.
BRUTE_FORCE_SIDE = 3

#: Most lines (rows plus columns) of a matrix whose canonical form nauty labels: its
#: time grows about as the cube of the lines (identity:300, 600 lines: 0.3 s;
#: identity:600: 2.2 s), so 2,048 lines take about a minute and identity:4096 hours.
MAX_LABELLED_LINES = 2048
#: Most entries the options of one matrix hold in all (options × rows × columns):
#: `moves` writes each option in full, so 10^9 entries are a gigabyte of text.
MAX_LISTED_ENTRIES = 10**9


# ------------------------------------------------------------------ matrices
class BoolMatrix:
    """An immutable m×n 0/1 matrix.

    Row i (0-based) is stored as an int whose bit j is the entry in column j,
    so column 1 of the text form is bit 0.  Equal matrices (same shape, same
    entries, same order) compare and hash equal; see `canonical_form` for
    equality up to permutations and transposition.
    """

    __slots__ = ("_hash", "_ncols", "_rows")

    def __init__(self, rows: Iterable[int] = (), ncols: int | None = None) -> None:
        rows = tuple(as_int(r, "a row (an int bitmask)") for r in rows)
        if any(r < 0 for r in rows):
            raise TypeError(f"a row is a non-negative int bitmask, got {min(rows)}")
        width = max((r.bit_length() for r in rows), default=0)
        if ncols is None:
            ncols = width
        elif not isinstance(ncols, int) or ncols < width:
            raise ValueError(f"ncols={ncols!r} is too small for rows needing {width} columns")
        self._rows = rows
        self._ncols = ncols
        self._hash = hash((rows, ncols))

    @classmethod
    def _raw(cls, rows: tuple[int, ...], ncols: int) -> BoolMatrix:
        """Build without checks (internal: rows must be valid bitmasks below 2^ncols)."""
        self = cls.__new__(cls)
        self._rows = rows
        self._ncols = ncols
        self._hash = hash((rows, ncols))
        return self

    # ------------------------------------------------------------ shape/data
    @property
    def rows(self) -> tuple[int, ...]:
        """The rows as bitmasks (bit j = column j, 0-based)."""
        return self._rows

    @property
    def nrows(self) -> int:
        return len(self._rows)

    @property
    def ncols(self) -> int:
        return self._ncols

    @property
    def shape(self) -> tuple[int, int]:
        return len(self._rows), self._ncols

    @property
    def lines(self) -> int:
        """Number of lines, rows plus columns."""
        return len(self._rows) + self._ncols

    def columns(self) -> tuple[int, ...]:
        """The columns as bitmasks over the rows (bit i = row i)."""
        cols = [0] * self._ncols
        for i, r in enumerate(self._rows):
            for j in set_bits(r):
                cols[j] |= 1 << i
        return tuple(cols)

    def entry(self, i: int, j: int) -> int:
        """The entry in row i, column j (both 0-based)."""
        return (self._rows[i] >> j) & 1

    def weight(self) -> int:
        """Number of 1s (003 Definition 1, the game weight)."""
        return sum(r.bit_count() for r in self._rows)

    def row_sums(self) -> list[int]:
        return [r.bit_count() for r in self._rows]

    def column_sums(self) -> list[int]:
        return [c.bit_count() for c in self.columns()]

    def is_zero(self) -> bool:
        """True when the matrix has no 1 (a terminal position)."""
        return not any(self._rows)

    def to_lists(self) -> list[list[int]]:
        return [[(r >> j) & 1 for j in range(self._ncols)] for r in self._rows]

    # ------------------------------------------------------------ operations
    def transpose(self) -> BoolMatrix:
        return BoolMatrix(self.columns(), len(self._rows))

    def delete_row(self, i: int) -> BoolMatrix:
        """The matrix without row i (0-based); zero lines are kept."""
        return BoolMatrix(self._rows[:i] + self._rows[i + 1 :], self._ncols)

    def delete_column(self, j: int) -> BoolMatrix:
        """The matrix without column j (0-based); zero lines are kept."""
        low = (1 << j) - 1
        return BoolMatrix(((r & low) | ((r >> (j + 1)) << j) for r in self._rows), self._ncols - 1)

    def without_zero_lines(self) -> BoolMatrix:
        """The same game with every all-zero row and column deleted (003 Remark 1)."""
        rows = [r for r in self._rows if r]
        used = 0
        for r in rows:
            used |= r
        if len(rows) == len(self._rows) and used == (1 << self._ncols) - 1:
            return self
        return BoolMatrix(_compress(rows, used), used.bit_count())

    def submatrix(self, row_indices: Sequence[int], column_mask: int) -> BoolMatrix:
        """The rows `row_indices` (0-based) restricted to the columns in `column_mask`."""
        return BoolMatrix(
            _compress([self._rows[i] for i in row_indices], column_mask), column_mask.bit_count()
        )

    # ------------------------------------------------------------- protocol
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BoolMatrix):
            return NotImplemented
        return self._ncols == other._ncols and self._rows == other._rows

    def __hash__(self) -> int:
        return self._hash

    def sort_key(self) -> tuple[int, int, tuple[int, ...]]:
        return (len(self._rows), self._ncols, self._rows)

    def __lt__(self, other: BoolMatrix) -> bool:
        return self.sort_key() < other.sort_key()

    def __str__(self) -> str:
        """Rows of digits joined by ';' (parseable); "[]" for a matrix with no entries."""
        if not self._rows or not self._ncols:
            return "[]"
        return ";".join(
            "".join("1" if (r >> j) & 1 else "0" for j in range(self._ncols)) for r in self._rows
        )

    def __repr__(self) -> str:
        return f"BoolMatrix({str(self)!r})"

    def _repr_svg_(self) -> str | None:
        """The matrix as a grid of its 0/1 entries (1 = filled), for Jupyter; None (text)
        when too large."""
        from grundy.render.young import cells_svg  # pictures only when asked

        cells = [[bool((r >> j) & 1) for j in range(self._ncols)] for r in self._rows]
        try:
            return cells_svg(cells, digits=True)
        except ValueError:
            return None


def _compress(rows: Iterable[int], mask: int) -> list[int]:
    """Keep only the bits of `mask` in each row, packed to positions 0, 1, …."""
    keep = list(set_bits(mask))
    if mask == (1 << len(keep)) - 1:
        return [r & mask for r in rows]
    return [sum(1 << k for k, j in enumerate(keep) if (r >> j) & 1) for r in rows]


def ferrers_matrix(partition: Partition | Iterable[int] | str) -> BoolMatrix:
    """The Ferrers matrix of λ: row i holds λ_i ones, left-justified (003 Definition 4 mirrored)."""
    lam = Partition.coerce(partition)
    return BoolMatrix(((1 << p) - 1 for p in lam.parts()), lam.largest)


# ------------------------------------------------------------------- parsing


def parse_matrix(spec: Any) -> BoolMatrix:
    """Read a 0/1 matrix from text, nested sequences or a numpy array.

    * text: rows separated by ``;`` or newlines, entries ``0``/``1`` with or
      without spaces or commas between them, e.g. ``"101;011;110"`` or
      ``"1 0 1; 0 1 1"``; blank lines are skipped, and rows on lines of
      their own are named by line too; ``[]`` is the matrix with no entries
      (the end of a game);
    * a named family of 003, ``NAME:PARAMETERS`` (`MATRIX_FAMILIES`):
      ``identity:N`` (the permutation matrix P_N, Proposition 1),
      ``ones:M,N`` (J_{M,N}, Theorem 1), ``ferrers:λ`` (λ in the partition
      syntax; Column-Row on λ), ``co-identity:N`` (J_N − I_N), so that sweeps
      can run over a family's parameters (`grundy.families`);
    * nested sequences of 0/1 (ints or bools), or of row strings;
    * a 2-D numpy array of 0/1 (bool or integer dtype);
    * a `BoolMatrix` (returned unchanged).

    Text is only ever a matrix, never a file name: reading a file is the
    caller's choice (the command line's ``@FILE``), so a position sent to the
    web page cannot name one.  Ragged rows, empty input or rows, and symbols
    other than 0 and 1 are ValueErrors naming the row and the symbol.  The
    matrix is kept exactly as given (zero lines included), so moves are
    numbered as in the input.

    >>> str(parse_matrix("1 0 1; 0 1 1")), str(parse_matrix("101\\n\\n011\\n"))
    ('101;011', '101;011')
    >>> parse_matrix("/etc/hosts")
    Traceback (most recent call last):
    ...
    ValueError: row 1: symbol '/' (character 1) is not 0 or 1
    >>> parse_matrix("101\\n1x1")
    Traceback (most recent call last):
    ...
    ValueError: row 2 (line 2): symbol 'x' (character 2) is not 0 or 1
    """
    if isinstance(spec, BoolMatrix):
        return spec
    if isinstance(spec, str):
        if spec.strip() == "[]":  # the matrix with no entries, as `BoolMatrix.__str__` writes it
            return BoolMatrix()
        name, colon, parameters = spec.strip().partition(":")
        if colon and name.strip() in MATRIX_FAMILIES:
            return _family_matrix(name.strip(), parameters.strip())
        return _parse_text(spec)
    if isinstance(spec, np.ndarray):
        return _parse_array(spec)
    if isinstance(spec, (list, tuple)):
        return _parse_rows(spec)
    raise TypeError(
        f"cannot read a 0/1 matrix from {type(spec).__name__}; give text like '101;011', "
        "nested lists or a 2-D numpy array"
    )


def _identity(n: int) -> BoolMatrix:
    return BoolMatrix((1 << i for i in range(n)), n)


def _ones(m: int, n: int) -> BoolMatrix:
    return BoolMatrix(((1 << n) - 1 for _ in range(m)), n)


def _co_identity(n: int) -> BoolMatrix:
    return BoolMatrix((((1 << n) - 1) ^ (1 << i) for i in range(n)), n)


#: Named families of matrices: name → (parameter syntax, constructor; None: a partition).
MATRIX_FAMILIES: dict[str, tuple[str, Any]] = {
    "identity": ("N", _identity),
    "ones": ("M,N", _ones),
    "co-identity": ("N", _co_identity),
    "ferrers": ("λ", None),
}
_MAX_FAMILY_SIDE = 4096


def _family_matrix(name: str, parameters: str) -> BoolMatrix:
    """The matrix `name:parameters` of `MATRIX_FAMILIES`; a ValueError naming the bad part.

    >>> str(parse_matrix("identity:3")), str(parse_matrix("ones:2,3"))
    ('100;010;001', '111;111')
    >>> parse_matrix("ferrers:2,1") == ferrers_matrix("2,1")
    True

    A Ferrers matrix holds |λ| entries, at most as many as the largest other family
    (ones:4096,4096), so ``ferrers:999999^999999`` (10^12 bits) is refused unbuilt:

    >>> parse_matrix("ferrers:999999^999999")
    Traceback (most recent call last):
    ...
    grundy.bounds.TooMuchWork: bad matrix 'ferrers:999999^999999': it holds |λ| = 1.0 × 10^12 \
entries, more than the 16,777,216 (4096 × 4096) a named matrix may hold; Column-Row on λ (cr) \
is the same game
    """
    syntax, build = MATRIX_FAMILIES[name]
    if build is None:
        lam = Partition.coerce(parameters)
        if lam.size > _MAX_FAMILY_SIDE**2:
            raise TooMuchWork(
                f"bad matrix '{name}:{parameters[:40]}': it holds |λ| = {about(lam.size)} "
                f"entries, more than the {_MAX_FAMILY_SIDE**2:,} ({_MAX_FAMILY_SIDE} × "
                f"{_MAX_FAMILY_SIDE}) a named matrix may hold; Column-Row on λ (cr) is the "
                "same game"
            )
        return ferrers_matrix(lam)
    pieces = [p.strip() for p in parameters.split(",")]
    if len(pieces) != syntax.count(",") + 1 or not all(is_digits(p) for p in pieces):
        raise ValueError(
            f"bad matrix '{name}:{parameters}': write {name}:{syntax} with positive integers"
        )
    sides = [int(p) for p in pieces]
    if not all(1 <= side <= _MAX_FAMILY_SIDE for side in sides):
        raise ValueError(
            f"bad matrix '{name}:{parameters}': each side must be between 1 and {_MAX_FAMILY_SIDE}"
        )
    return build(*sides)


def _parse_text(text: str) -> BoolMatrix:
    """Rows split at newlines and ``;`` (one trailing ``;`` on a line is harmless, blank
    lines are skipped); a row is named by its line too when the text has several."""
    lines = text.splitlines()
    several = sum(1 for line in lines if line.strip()) > 1
    rows, names = [], []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        pieces = [piece.strip() for piece in line.split(";")]
        if len(pieces) > 1 and not pieces[-1]:
            pieces.pop()
        for piece in pieces:
            name = f"row {len(rows) + 1}" + (f" (line {number})" if several else "")
            rows.append(_parse_row_text(piece, name))
            names.append(name)
    if not rows:
        raise ValueError("empty matrix: give rows like '101;011;110'")
    return _from_digit_rows(rows, names)


def _parse_row_text(text: str, name: str) -> list[int]:
    digits = []
    for position, ch in enumerate(text, 1):
        if ch in "01":
            digits.append(int(ch))
        elif ch in " \t,":
            continue
        else:
            raise ValueError(f"{name}: symbol {ch!r} (character {position}) is not 0 or 1")
    if not digits:
        raise ValueError(f"{name} is empty")
    return digits


def _parse_rows(spec: Sequence[Any]) -> BoolMatrix:
    if not spec:
        raise ValueError("empty matrix: no rows")
    rows = []
    for k, row in enumerate(spec, 1):
        if isinstance(row, str):
            rows.append(_parse_row_text(row, f"row {k}"))
            continue
        if isinstance(row, np.ndarray):
            row = row.tolist()
        if not isinstance(row, (list, tuple)):
            raise TypeError(f"row {k} is a {type(row).__name__}, not a sequence of 0/1")
        digits = []
        for j, x in enumerate(row, 1):
            if isinstance(x, (bool, np.bool_)) or (
                isinstance(x, (int, np.integer)) and x in (0, 1)
            ):
                digits.append(int(x))
            else:
                raise ValueError(f"row {k}, column {j}: {x!r} is not 0 or 1")
        if not digits:
            raise ValueError(f"row {k} is empty")
        rows.append(digits)
    return _from_digit_rows(rows, [f"row {k}" for k in range(1, len(rows) + 1)])


def _parse_array(array: np.ndarray) -> BoolMatrix:
    if array.ndim != 2:
        raise ValueError(f"expected a 2-D array of 0/1, got {array.ndim} dimension(s)")
    if array.size == 0:
        raise ValueError(f"empty matrix: array of shape {array.shape}")
    if array.dtype != np.bool_ and not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"expected a 0/1 array of bool or integer dtype, got {array.dtype}")
    bad = np.argwhere((array != 0) & (array != 1))
    if bad.size:
        i, j = (int(x) for x in bad[0])
        raise ValueError(f"row {i + 1}, column {j + 1}: {array[i, j]!r} is not 0 or 1")
    return _parse_rows(array.astype(np.int8).tolist())


def _from_digit_rows(rows: list[list[int]], names: list[str]) -> BoolMatrix:
    width = len(rows[0])
    for name, row in zip(names, rows, strict=True):
        if len(row) != width:
            raise ValueError(
                f"ragged matrix: {name} has {len(row)} entries but {names[0]} has {width}"
            )
    return BoolMatrix((sum(d << j for j, d in enumerate(row)) for row in rows), width)


# ----------------------------------------------------------------- structure
def _component_line_sets(rows: Sequence[int]) -> list[tuple[list[int], int]]:
    """Connected components of the row–column graph as (row indices, column mask).

    Zero rows are skipped; every column of a component's mask meets one of its rows.
    """
    left = [i for i, r in enumerate(rows) if r]
    found = []
    while left:
        members = [left[0]]
        cols = rows[left[0]]
        rest = left[1:]
        grown = True
        while grown:
            grown = False
            keep = []
            for i in rest:
                if rows[i] & cols:
                    members.append(i)
                    cols |= rows[i]
                    grown = True
                else:
                    keep.append(i)
            rest = keep
        members.sort()
        found.append((members, cols))
        left = rest
    return found


def components(matrix: BoolMatrix) -> list[BoolMatrix]:
    """The connected components of the row–column bipartite graph, zero lines dropped.

    Each component keeps the relative order of its rows and columns.  In
    normal play the value of a matrix is the nim-sum of the values of its
    components (Sprague–Grundy theorem; 003 §1 on sums of games).
    """
    return [matrix.submatrix(rows, cols) for rows, cols in _component_line_sets(matrix.rows)]


def ferrers_partition(matrix: BoolMatrix) -> Partition | None:
    """λ (the row sums) when the matrix is a Ferrers matrix up to permutations, else None.

    A matrix is Ferrers when its nonzero rows, sorted by their number of 1s,
    form a chain of subsets; it then plays as Column-Row on λ (002, 003 §2).
    The test is invariant under transposition (rows form a chain exactly when
    columns do).  The zero matrix gives the empty partition.
    """
    rows = sorted((r for r in matrix.rows if r), key=int.bit_count, reverse=True)
    for bigger, smaller in itertools.pairwise(rows):
        if smaller & ~bigger:
            return None
    return Partition(r.bit_count() for r in rows)


# ------------------------------------------------------------ canonical form
def canonical_form(matrix: BoolMatrix) -> BoolMatrix:
    """The representative of `matrix` under row/column permutations and transposition.

    Zero lines are dropped first (003 Remark 1).  Two matrices get the same
    form exactly when one is obtained from the other by permuting rows,
    permuting columns and possibly transposing (003 Remark 2).  Which method
    is used depends only on isomorphism invariants, so the form is well defined:

    * Ferrers matrices: the Ferrers matrix of min(λ, λ′) (by runs);
    * smaller side ≤ `BRUTE_FORCE_SIDE`: the least sorted column list over
      all orders of the smaller side (and both orientations when square);
    * otherwise: nauty's canonical labelling (pynauty) of the bipartite
      row–column graph — uncoloured when the matrix is connected (its
      bipartition is then unique, so transposition is covered by one call),
      else with rows and columns as colour classes, in both orientations
      when square, keeping the smaller result.
    """
    m = matrix.without_zero_lines()
    if m.is_zero():
        return _EMPTY
    lam = ferrers_partition(m)
    if lam is not None:
        conj = lam.conjugate()
        return ferrers_matrix(lam if lam.runs <= conj.runs else conj)
    nrows, ncols = m.shape
    if min(nrows, ncols) <= BRUTE_FORCE_SIDE:
        return _canonical_brute_force(m)
    return _canonical_nauty(m)


_EMPTY = BoolMatrix((), 0)


def _orientations(m: BoolMatrix) -> list[BoolMatrix]:
    """The orientations to try, each with no more rows than columns."""
    if m.nrows < m.ncols:
        return [m]
    if m.nrows > m.ncols:
        return [m.transpose()]
    return [m, m.transpose()]


_PERMUTATION_TABLES: dict[int, list[list[int]]] = {}


def _permutation_tables(s: int) -> list[list[int]]:
    """For each order of s rows, the map of s-bit column vectors it induces."""
    tables = _PERMUTATION_TABLES.get(s)
    if tables is None:
        tables = _PERMUTATION_TABLES[s] = [
            [sum(((v >> i) & 1) << perm[i] for i in range(s)) for v in range(1 << s)]
            for perm in itertools.permutations(range(s))
        ]
    return tables


def _canonical_brute_force(m: BoolMatrix) -> BoolMatrix:
    """Least sorted column list over all orders of the smaller side (both ways if square)."""
    best: tuple[int, ...] | None = None
    for oriented in _orientations(m):
        cols = oriented.columns()
        for table in _permutation_tables(oriented.nrows):
            key = tuple(sorted(map(table.__getitem__, cols)))
            if best is None or key < best:
                best = key
    assert best is not None
    s = min(m.shape)
    return BoolMatrix._raw(
        tuple(sum(((c >> i) & 1) << j for j, c in enumerate(best)) for i in range(s)), len(best)
    )


def _canonical_nauty(m: BoolMatrix) -> BoolMatrix:
    """nauty's canonical labelling of the row–column graph (pynauty).

    A connected bipartite graph has only one bipartition, so for a connected
    matrix one uncoloured labelling covers transposition too: the side of the
    first canonical vertex becomes the rows.  A disconnected matrix is
    labelled with rows and columns as colour classes, in both orientations
    when square, and the smaller result is kept.  A graph of more than
    `MAX_LABELLED_LINES` vertices is refused unlabelled (`TooMuchWork`): nauty's time
    grows about as the cube of the lines.

    >>> _canonical_nauty(parse_matrix("co-identity:4096"))
    Traceback (most recent call last):
    ...
    grundy.bounds.TooMuchWork: matrix 4096×4096: its canonical form labels a graph of 8,192 \
lines (rows and columns), more than the 2,048 grundy labels (nauty's time grows about as \
the cube of the lines: 1,200 take 2 s)
    """
    nrows, ncols = m.shape
    if m.lines > MAX_LABELLED_LINES:
        raise TooMuchWork(
            f"matrix {nrows}×{ncols}: its canonical form labels a graph of {m.lines:,} lines "
            f"(rows and columns), more than the {MAX_LABELLED_LINES:,} grundy labels (nauty's "
            "time grows about as the cube of the lines: 1,200 take 2 s)"
        )
    import pynauty

    rows = m.rows
    adjacency = {i: [nrows + j for j in set_bits(r)] for i, r in enumerate(rows)}
    if len(_component_line_sets(rows)) == 1:
        graph = pynauty.Graph(nrows + ncols, adjacency_dict=adjacency)
        label = pynauty.canon_label(graph)  # label[k] = vertex placed at position k
        if label[0] >= nrows:
            m = m.transpose()
            nrows, ncols, rows = ncols, nrows, m.rows
            label = [v - ncols if v >= ncols else v + nrows for v in label]
        return _relabelled(rows, nrows, ncols, label)
    forms = []
    for oriented in _orientations(m):
        nrows, ncols, rows = oriented.nrows, oriented.ncols, oriented.rows
        adjacency = {i: [nrows + j for j in set_bits(r)] for i, r in enumerate(rows)}
        graph = pynauty.Graph(
            nrows + ncols,
            adjacency_dict=adjacency,
            vertex_coloring=[set(range(nrows)), set(range(nrows, nrows + ncols))],
        )
        forms.append(_relabelled(rows, nrows, ncols, pynauty.canon_label(graph)))
    return min(forms)


def _relabelled(rows: Sequence[int], nrows: int, ncols: int, label: Sequence[int]) -> BoolMatrix:
    """The matrix with rows and columns in the order they appear in `label`.

    Vertices 0..nrows-1 of the labelled graph are the rows, nrows.. the columns.
    """
    row_order = [v for v in label if v < nrows]
    new_col = [0] * ncols
    for k, v in enumerate(w for w in label if w >= nrows):
        new_col[v - nrows] = 1 << k
    return BoolMatrix._raw(
        tuple(sum(new_col[j] for j in set_bits(rows[i])) for i in row_order), ncols
    )


# ------------------------------------------------------------------- ruleset
class MatrixMove(NamedTuple):
    """Remove row or column `index` (1-based, in the position's own numbering)."""

    kind: str  # "row" or "column"
    index: int

    def __str__(self) -> str:
        return f"{self.kind[0]}{self.index}"


class MatrixRules(Ruleset):
    """Nim on Boolean matrices: remove a nonzero row or column (003 §2).

    With ``symmetry=True`` (the registered ruleset ``matrix``) positions are
    canonical up to row/column permutations and transposition, split into
    connected components (normal-play values nim-add), and valued without
    search where possible (`closed_form`).  With ``symmetry=False`` it is the
    plain game: the canonical form only drops zero lines, no components and
    no closed form — the reference the fast paths are tested against.
    """

    name = "matrix"
    display_name = "Nim on Boolean matrices"
    description = "remove a nonzero row or column of a 0/1 matrix (003)"
    reference = "003 §2"
    drawing = Drawing.MATRIX

    def __init__(self, symmetry: bool = True) -> None:
        self.symmetry = symmetry
        if not symmetry:
            self.name = self.display_name = "matrix (plain)"

    def example_start(self) -> str:
        """The page's start: the 3 × 3 matrix of the cyclic shifts of 110.

        >>> MATRIX.example_start()
        '110;011;101'
        """
        return "110;011;101"

    def parse(self, spec: Any) -> BoolMatrix:
        return parse_matrix(spec)

    def options(self, position: BoolMatrix) -> Iterator[tuple[MatrixMove, BoolMatrix]]:
        """Remove each nonzero row, then each nonzero column; zero lines then vanish.

        Options holding more than `MAX_LISTED_ENTRIES` entries in all (each option is
        about as large as the position) are refused (`TooMuchWork`) before the first:

        >>> next(MATRIX.options(parse_matrix("ones:4096,4096")))
        Traceback (most recent call last):
        ...
        grundy.bounds.TooMuchWork: matrix 4096×4096: its 8,192 options hold about \
1.4 × 10^11 entries in all, more than the 1,000,000,000 grundy lists for one position
        """
        self._check_listing(position)
        for i, r in enumerate(position.rows):
            if r:
                yield MatrixMove("row", i + 1), position.delete_row(i).without_zero_lines()
        for j, c in enumerate(position.columns()):
            if c:
                yield MatrixMove("column", j + 1), position.delete_column(j).without_zero_lines()

    @staticmethod
    def _check_listing(position: BoolMatrix) -> None:
        """Refuse (`TooMuchWork`) options holding more than `MAX_LISTED_ENTRIES` entries:
        each of the position's nonzero lines is an option of about its rows × columns."""
        used = 0
        for r in position.rows:
            used |= r
        count = sum(1 for r in position.rows if r) + used.bit_count()
        entries = count * position.nrows * position.ncols
        if entries > MAX_LISTED_ENTRIES:
            raise TooMuchWork(
                f"matrix {position.nrows}×{position.ncols}: its {count:,} options hold about "
                f"{about(entries)} entries in all, more than the {MAX_LISTED_ENTRIES:,} grundy "
                "lists for one position"
            )

    def canonical(self, position: BoolMatrix) -> BoolMatrix:
        if self.symmetry:
            return canonical_form(position)
        return position.without_zero_lines()

    def components(self, position: BoolMatrix) -> list[BoolMatrix] | None:
        """The connected components of the row–column graph (`components`)."""
        if not self.symmetry:
            return None
        parts = components(position)
        return parts if len(parts) > 1 else None

    def format_position(self, position: BoolMatrix) -> str:
        return str(position)

    def format_move(self, move: MatrixMove) -> str:
        return f"remove {move.kind} {move.index}"

    def draw_data(self, position: BoolMatrix) -> tuple[tuple[int, ...], int]:
        """The grid drawn: (rows as bitmasks, number of columns)."""
        return position.rows, position.ncols

    def closed_form(self, position: BoolMatrix, misere: bool = False) -> int | None:
        """A value without search: a Ferrers matrix is Column-Row on its row sums (002;
        003 §2), and a matrix with few line classes fills a `SubsetTable`."""
        if not self.symmetry:
            return None
        m = position.without_zero_lines()
        if m.is_zero():
            return 1 if misere else 0
        lam = ferrers_partition(m)
        if lam is not None:
            return solver_for("cr").value(lam, misere)
        if table_states(m) <= TABLE_MAX_STATES:
            return SubsetTable(m, misere).root
        return None


MATRIX = register(MatrixRules())
#: The plain game for reference and baselines: no canonical forms, no closed form.
PLAIN_MATRIX = MatrixRules(symmetry=False)
