"""d-dimensional LCTR, and plane partitions for d = 3 (open problem of 000 §8).

Rules (000 §8, "Multidimensional LCTR"; docs/games.md "Beyond: the open problems of
000 §8").  A position is a finite antichain S of points of Z≥1^d: the corners
(maximal cells) of a d-dimensional partition, the finite down-set D of Z≥1^d
that S generates.  A move picks a coordinate i and decreases the i-th
coordinate of every point by one, deleting the points whose i-th coordinate
was 1.  The empty set is terminal.

* The result is again an antichain: the surviving points are all shifted by the
  same vector −e_i, which keeps two of them incomparable (and distinct), and
  deleting points creates no comparability.  On the down-set the move is
  D → {x : x + e_i ∈ D}, whose corners are exactly the shifted survivors.
* Moves commute, so the positions reachable from S are S[s] for s ∈ Z≥0^d
  (keep the points p with p_k > s_k for every k, subtract s): one per cell
  s + (1, …, 1) of D, plus the empty set — 000 Eq. (1) in d dimensions.  Hence
  the value of every reachable position follows cell by cell from the cells
  further out (`cell_values`; 000 Eq. (3) in d dimensions).
* A position has at most d options, so its value is at most d (000 §8).
* Permuting the d coordinates maps moves to moves, so it keeps values; the
  canonical form is the least of the d! permuted antichains.
* d = 2 with points (row, column) is LCTR on the partition whose corners are S:
  coordinate 1 removes the top row, coordinate 2 the left column.
* A box (one corner p) has a value in closed form (`box_value`, proved below);
  for d = 2 it is 000 Lemma 17.

For d = 3 (registered as ``lctr-3d``) positions are plane partitions, read as
(row, column, height): the point (r, c, h) is a corner when the height array π
(rows and columns from 1) has `π[r][c] = h > π[r+1][c]` and `h > π[r][c+1]`.  The
three moves delete the first row of the height array (coordinate 1), delete
its first column (coordinate 2), or lower every height by one and drop the
zeros (coordinate 3).  In general a d-dimensional partition is a
(d−1)-dimensional array of heights π[x1]…[x(d−1)], and its corners are the
points (x1, …, x(d−1), h) with h = π[x] greater than every next entry.

Input: a height array ``"3,2,1;2,1;1"`` (rows separated by ';', weakly
decreasing along rows and columns; d = 3), a partition ``"3,2,1"`` (d = 2),
nested lists of heights (any d), or the corners ``"(1,2,3) (2,1,1)"`` (any d;
also a set of tuples).  Written out as the height array (d = 3), the
partition (d = 2) or the corners (d ≥ 4); "[]" is the empty position.

>>> import grundy
>>> [grundy.value("lctr-3d", p) for p in ("1", "1,1", "1,1;1", "2,1;1", "3,1")]
[1, 2, 2, 0, 3]
>>> rules = grundy.get_ruleset("lctr-3d")
>>> rules.format_position(rules.parse("(1,2,3) (2,1,1)"))
'3,3;1'

Boxes (proved here; not in 000)
-------------------------------
Claim.  Let S = {p} with p ∈ Z≥1^d, s = p_1 + … + p_d and m = min p_k.
Normal play: SG = 1 if m = 1 and s ≡ d (mod 2); 2 if m = 1 and s ≢ d; 0 if
m ≥ 2 and s is even; 1 if m ≥ 2 and s is odd, except 2 when moreover d is even
and m = 2.  Misère play: 0 if s ≡ d; otherwise 2 if m = 1 and 1 if m ≥ 2.

Proof, by induction on s.  Every option of {p} is {p − e_k} (p_k ≥ 2), of sum
s − 1, or ∅ (p_k = 1).  m = 1: ∅ is an option (worth 0, misère 1), and the
other options have m = 1 and sum s − 1; {(1, …, 1)} (s = d) has only ∅, so it
is worth mex{0} = 1 (misère mex{1} = 0), and then the value alternates
mex{0, 1} = 2, mex{0, 2} = 1 (misère mex{1, 0} = 2, mex{1, 2} = 0).  m ≥ 2:
lowering a 2 gives m = 1, lowering an entry ≥ 3 keeps m ≥ 2; all options
have sum s − 1.  Normal play, s even: the options are worth 1 or 2, so 0.
s odd, d odd: lowering a 2 gives 2 (s − 1 even ≢ d) and lowering an entry
≥ 3 (one exists, as (2, …, 2) has even sum) gives 0, so 1.  s odd, d even:
lowering a 2 gives 1 (s − 1 ≡ d) and, when m = 2, lowering an entry ≥ 3 (one
exists) gives 0 (m stays 2): so 2 when m = 2; when m ≥ 3 every option is 0,
so 1.  Misère play: s ≢ d, every option is worth 0 (s − 1 ≡ d), so 1 (m ≥ 2);
s ≡ d, every option is worth 1 or 2, so 0.  ∎  For d = 2 the normal case is
000 Lemma 17 (rectangles).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from itertools import permutations, product
from typing import Any

from grundy.bounds import partition_count
from grundy.game import Drawing, Ruleset
from grundy.nim import mex
from grundy.partition import Partition
from grundy.registry import register
from grundy.validate import as_bool, as_int, check_non_negative

__all__ = [
    "LCTR_3D",
    "Antichain",
    "DimensionalLCTR",
    "antichains_of_size",
    "box_value",
    "cell_values",
    "from_heights",
    "from_partition",
    "height_arrays",
    "to_partition",
]

Point = tuple[int, ...]
#: A (d−1)-dimensional array of heights: nested tuples, d − 1 levels deep, ints innermost.
Heights = Any

_POINT = re.compile(r"\(([^()]*)\)")
_HEIGHT = re.compile(r"^\d+$", re.ASCII)


def _check_dim(dim: object) -> int:
    d = as_int(dim, "dimension d")
    if d < 2:
        raise ValueError(f"dimension d must be at least 2, got {d}")
    return d


# ------------------------------------------------------------------ positions
class Antichain:
    """An immutable finite antichain of points of Z≥1^d: a position of d-dimensional LCTR.

    `Antichain(d, points)` checks that every point has d positive integer
    coordinates and that no point lies weakly below another (000 §8: "a finite
    set S of non-comparable points").  Points are kept sorted, so equal
    antichains compare and hash equal however they were listed.
    """

    __slots__ = ("_dim", "_hash", "_points")

    def __init__(self, dim: int, points: Iterable[Iterable[int]] = ()) -> None:
        dim = _check_dim(dim)
        checked: list[Point] = []
        for p in points:
            point = tuple(as_int(x, f"coordinate of point {p!r}") for x in p)
            if len(point) != dim or min(point) < 1:
                raise ValueError(
                    f"point {_text(point)}: expected {dim} positive integer coordinates"
                )
            checked.append(point)
        for k, p in enumerate(checked):
            for q in checked[k + 1 :]:
                low, high = (p, q) if p <= q else (q, p)
                if all(a <= b for a, b in zip(low, high, strict=True)):
                    why = "is listed twice" if p == q else f"lies below {_text(high)}"
                    raise ValueError(f"not an antichain: point {_text(low)} {why}")
        self._set(dim, sorted(checked))

    @classmethod
    def _make(cls, dim: int, points: Iterable[Point]) -> Antichain:
        """An antichain from points already known to form one (no checks)."""
        new = cls.__new__(cls)
        new._set(dim, sorted(points))
        return new

    def _set(self, dim: int, points: list[Point]) -> None:
        self._dim = dim
        self._points = tuple(points)
        self._hash = hash((dim, self._points))

    # ------------------------------------------------------------- basic data
    @property
    def dim(self) -> int:
        """The dimension d."""
        return self._dim

    @property
    def points(self) -> tuple[Point, ...]:
        """The corners, in lexicographic order."""
        return self._points

    def __len__(self) -> int:
        return len(self._points)

    def __bool__(self) -> bool:
        return bool(self._points)

    def __iter__(self) -> Iterator[Point]:
        return iter(self._points)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Antichain):
            return self._dim == other._dim and self._points == other._points
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return " ".join(_text(p) for p in self._points) or "[]"

    def __repr__(self) -> str:
        return f"Antichain({self._dim}, {self._points!r})"

    # -------------------------------------------------------------- the game
    def lower(self, i: int) -> Antichain:
        """The move on coordinate i (1 ≤ i ≤ d): every point loses 1 there; 1s are deleted.

        The shift keeps the lexicographic order of the survivors (000 §8).
        """
        k = i - 1
        new = Antichain.__new__(Antichain)
        new._set(self._dim, [(*p[:k], p[k] - 1, *p[k + 1 :]) for p in self._points if p[k] > 1])
        return new

    def sub(self, shift: Sequence[int]) -> Antichain:
        """S[s]: the position after s_k moves on each coordinate k (000 Eq. (1) in d dims)."""
        s = tuple(shift) + (0,) * (self._dim - len(shift))
        return Antichain._make(
            self._dim,
            (
                tuple(a - b for a, b in zip(p, s, strict=True))
                for p in self._points
                if all(a > b for a, b in zip(p, s, strict=True))
            ),
        )

    def permuted(self, order: Sequence[int]) -> Antichain:
        """The antichain with coordinates (x[order[0]], …, x[order[d−1]]) (0-based order)."""
        return Antichain._make(self._dim, (tuple(p[k] for k in order) for p in self._points))

    # ----------------------------------------------------------- the partition
    def heights(self) -> Heights:
        """The (d−1)-dimensional height array π of the down-set, as nested tuples.

        π[x] = max{p_d : p ∈ S, p_k ≥ x_k for k < d}; d = 3: the plane partition
        (rows of heights), d = 2: the parts of the partition.
        """
        return _heights(list(self._points), self._dim - 1) if self._points else ()

    @property
    def size(self) -> int:
        """The number of cells of the down-set (the n of a plane partition of n)."""
        return sum(h for _, h in _entries(self.heights(), self._dim - 1))

    def base(self) -> Partition:
        """The projection of the down-set on the first two coordinates (a Young diagram).

        Row r has max{p_2 : p_1 ≥ r} boxes; box (i, j) (0-based) is in it iff
        S[i, j, 0, …] ≠ ∅.  d = 3: the shape of the height array; d = 2: λ itself.
        """
        top = max((p[0] for p in self._points), default=0)
        return Partition(max(p[1] for p in self._points if p[0] >= r) for r in range(1, top + 1))


def _text(point: Point) -> str:
    return "(" + ",".join(map(str, point)) + ")"


def _heights(points: list[Point], depth: int) -> Heights:
    """The height array of the down-set of `points` (non-empty), `depth` levels deep."""
    if depth == 0:
        return max(p[0] for p in points)
    top = max(p[0] for p in points)
    return tuple(
        _heights([p[1:] for p in points if p[0] >= t], depth - 1) for t in range(1, top + 1)
    )


def _where(path: Point) -> str:
    if len(path) == 2:
        return f"row {path[0]}, column {path[1]}"
    return f"index {_text(path)}"


def _entries(array: Heights, depth: int, path: Point = ()) -> Iterator[tuple[Point, Any]]:
    """(index path (1-based), entry) for every entry of a nested array; TypeError if not nested."""
    if depth == 0:
        yield path, array
        return
    if isinstance(array, (str, bytes)) or not isinstance(array, Iterable):
        where = f" at {_where(path)}" if path else ""
        raise TypeError(f"expected a nested list of heights{where}, got {array!r}")
    for k, entry in enumerate(array, 1):
        yield from _entries(entry, depth - 1, (*path, k))


def _corners(flat: dict[Point, int], dim: int) -> Antichain:
    """The corners (x, h) of a valid height array given as {x: h > 0}: h beats every next entry."""
    axes = range(dim - 1)
    return Antichain._make(
        dim,
        [
            (*x, h)
            for x, h in flat.items()
            if all(flat.get((*x[:k], x[k] + 1, *x[k + 1 :]), 0) < h for k in axes)
        ],
    )


def from_heights(array: Heights, dim: int) -> Antichain:
    """The corners of the d-dimensional partition with (d−1)-dimensional height array `array`.

    `array` is nested lists, d − 1 levels deep, of non-negative integers (zeros
    are dropped), weakly decreasing along every axis; a bad entry is named.
    d = 3: a plane partition given by its rows of heights.

    >>> from_heights([[3, 2, 1], [2, 1], [1]], 3).points
    ((1, 1, 3), (1, 2, 2), (1, 3, 1), (2, 1, 2), (2, 2, 1), (3, 1, 1))
    """
    dim = _check_dim(dim)
    flat = {}
    for x, entry in _entries(array, dim - 1):
        h = entry if type(entry) is int else as_int(entry, f"height at {_where(x)}")
        if h < 0:
            raise ValueError(f"height {h} at {_where(x)} is negative")
        if h:
            flat[x] = h
    for x, h in flat.items():
        for k in range(dim - 1):
            before = (*x[:k], x[k] - 1, *x[k + 1 :])
            if x[k] > 1 and flat.get(before, 0) < h:
                raise ValueError(
                    f"height {h} at {_where(x)} exceeds the height {flat.get(before, 0)} "
                    f"at {_where(before)}: heights must weakly decrease along every row and column"
                )
    return _corners(flat, dim)


def from_partition(partition: Partition) -> Antichain:
    """The corners (row, column) of a Young diagram: 2-dimensional LCTR = LCTR (000 §8)."""
    return Antichain._make(2, ((r + 1, c + 1) for r, c in partition.corners()))


def to_partition(position: Antichain) -> Partition:
    """The Young diagram whose corners are the points (row, column) of a 2-dimensional antichain."""
    if position.dim != 2:
        raise ValueError(f"only a 2-dimensional antichain is a partition, got d = {position.dim}")
    runs, above = [], 0
    for row, part in position.points:
        runs.append((part, row - above))
        above = row
    return Partition.from_runs(runs)


# --------------------------------------------------------------- enumeration
def _meet(a: Heights, b: Heights, dim: int) -> Heights:
    """The intersection of two d-dimensional partitions given by height arrays."""
    if dim == 1:
        return min(a, b)
    return tuple(_meet(x, y, dim - 1) for x, y in zip(a, b, strict=False))


def _arrays(dim: int, n: int, bound: Heights | None) -> Iterator[Heights]:
    """Height arrays of the d-dimensional partitions of n contained in `bound` (None: any).

    A d-dimensional partition is its first slice (coordinate 1 equal to 1), a
    (d−1)-dimensional partition H of some m ≥ 1, followed by a d-dimensional
    partition of n − m whose slices all lie in H (and in the rest of `bound`).
    """
    if dim == 1:
        if bound is None or n <= bound:
            yield n
        return
    if n == 0:
        yield ()
        return
    if bound is not None and not bound:
        return
    for m in range(n, 0, -1):
        for head in _arrays(dim - 1, m, None if bound is None else bound[0]):
            if bound is None:
                rest = (head,) * (n - m)
            else:
                rest = tuple(_meet(head, b, dim - 1) for b in bound[1:])
            for tail in _arrays(dim, n - m, rest):
                yield (head, *tail)


def height_arrays(dim: int, n: int) -> Iterator[Heights]:
    """The height arrays of every d-dimensional partition of n, each once.

    d = 2: partitions; d = 3: plane partitions (OEIS A000219: 1, 1, 3, 6, 13,
    24, 48, …); d = 4: solid partitions (OEIS A000293).
    """
    dim = _check_dim(dim)
    check_non_negative(n=n)
    return _arrays(dim, n, None)


def antichains_of_size(dim: int, n: int) -> Iterator[Antichain]:
    """Every position of d-dimensional LCTR with n cells (`height_arrays`), each once."""
    return (_corners(dict(_entries(array, dim - 1)), dim) for array in height_arrays(dim, n))


# ----------------------------------------------------------- cell by cell
def cell_values(position: Antichain, misere: bool = False) -> dict[Point, int]:
    """{s: SG(S[s])} for every shift s with S[s] ≠ ∅ (normal play, or misère SG⁻).

    000 Eq. (3) in d dimensions: SG(S[s]) = mex over i of SG(S[s + e_i]), where
    an empty S[s + e_i] is worth 0 (1 in misère play, 000 §2.3).  The shifts are
    the cells of the down-set moved to start at 0; s + e_i comes after s
    lexicographically, so one pass in decreasing order fills the table.
    Costs O(d · Σ_p ∏_k p_k) for the corners p.
    """
    empty = 1 if as_bool(misere, "misere") else 0
    cells: set[Point] = set()
    for p in position.points:
        cells.update(product(*(range(x) for x in p)))
    steps = range(position.dim)
    values: dict[Point, int] = {}
    for s in sorted(cells, reverse=True):
        values[s] = mex(values.get((*s[:k], s[k] + 1, *s[k + 1 :]), empty) for k in steps)
    return values


def box_value(corner: Sequence[int], misere: bool = False) -> int:
    """SG of the box {p} (one corner p ∈ Z≥1^d, d ≥ 2), normal or misère play.

    Proved in the module docstring ("Boxes"); d = 2 is 000 Lemma 17.
    """
    p = tuple(as_int(x, "side") for x in corner)
    _check_dim(len(p))
    if min(p) < 1:
        raise ValueError(f"box sides must be positive integers, got {p}")
    parity, small = (sum(p) - len(p)) % 2, min(p) == 1
    if as_bool(misere, "misere"):
        return 0 if parity == 0 else (2 if small else 1)
    if small:
        return 1 if parity == 0 else 2
    if sum(p) % 2 == 0:
        return 0
    return 2 if len(p) % 2 == 0 and min(p) == 2 else 1


# -------------------------------------------------------------------- rules
_MOVE_TEXT = {
    2: ("remove the top row", "remove the left column"),
    3: ("delete the first row", "delete the first column", "lower every height by one"),
}


class DimensionalLCTR(Ruleset):
    """d-dimensional LCTR on antichains of Z≥1^d (000 §8); d = 3 is `lctr-3d`."""

    reference = (
        "000 §8 (multidimensional LCTR); docs/games.md 'Beyond: the open problems of 000 §8'"
    )
    drawing = Drawing.DIAGRAM  # the projection on the first two coordinates (`diagram`)

    def __init__(self, dim: int = 3) -> None:
        self.dim = _check_dim(dim)
        # Pictures draw the empty position outside the diagram as for LCTR (000 Figure 5)
        # only for d = 2: the renderer reads it as parse(Partition()), a partition.
        self.draw_outside = self.dim == 2
        self.name = f"lctr-{self.dim}d"
        self.display_name = f"{self.dim}-dimensional LCTR"
        self.description = (
            f"{self.dim}-dimensional LCTR: lower one coordinate of every corner "
            "(d = 3: delete the first row or column of a plane partition, or lower every height)"
        )

    def options(self, position: Antichain) -> Iterator[tuple[int, Antichain]]:
        if position:
            for i in range(1, self.dim + 1):
                yield i, position.lower(i)

    # ------------------------------------------------- reading and writing
    def parse(self, spec: Any) -> Antichain:
        """An antichain; text as heights (d = 2, 3) or corners "(1,2,3) (2,1,1)"; lists of
        heights; a set of points."""
        if isinstance(spec, Antichain):
            if spec.dim != self.dim:
                raise ValueError(f"{self.name} needs a {self.dim}-dimensional antichain")
            return spec
        if isinstance(spec, (set, frozenset)):
            return Antichain(self.dim, spec)
        if isinstance(spec, str):
            return self._parse_text(spec)
        if self.dim == 2:
            return from_partition(Partition.coerce(spec))
        if isinstance(spec, Iterable):
            return from_heights(spec, self.dim)
        raise TypeError(f"cannot read a {self.name} position from {type(spec).__name__} {spec!r}")

    def _parse_text(self, text: str) -> Antichain:
        body = text.strip()
        if body in ("", "[]", "{}"):
            return Antichain._make(self.dim, ())
        if "(" in body:
            junk = _POINT.sub(" ", body).strip(" ,{}[]\t\n")
            if junk:
                raise ValueError(f"unexpected {junk!r} in {text!r}: expected points like (1,2,3)")
            points = []
            for inner in _POINT.findall(body):
                tokens = [t for t in re.split(r"[\s,]+", inner.strip()) if t]
                for t in tokens:
                    if not _HEIGHT.match(t):
                        raise ValueError(f"bad coordinate {t!r} in point ({inner}) of {text!r}")
                points.append(tuple(int(t) for t in tokens))
            return Antichain(self.dim, points)
        if self.dim == 2:
            return from_partition(Partition.parse(body))
        if self.dim == 3:
            rows = []
            for r, row in enumerate(body.split(";"), 1):
                tokens = [t for t in re.split(r"[\s,]+", row.strip()) if t]
                for c, t in enumerate(tokens, 1):
                    if not _HEIGHT.match(t):
                        raise ValueError(
                            f"bad height {t!r} at row {r}, column {c} of {text!r}: "
                            "expected a non-negative integer"
                        )
                rows.append([int(t) for t in tokens])
            return from_heights(rows, 3)
        raise ValueError(
            f"{self.name}: give the corners as points with {self.dim} coordinates, "
            f"e.g. '(1,2,{','.join(['1'] * (self.dim - 2))})', not {text!r}"
        )

    def format_position(self, position: Antichain) -> str:
        """Height array "3,2,1;2,1;1" (d = 3), partition (d = 2), corners (d ≥ 4)."""
        if not position:
            return "[]"
        if self.dim == 2:
            return str(to_partition(position))
        if self.dim == 3:
            return ";".join(",".join(map(str, row)) for row in position.heights())
        return str(position)

    def format_move(self, move: int) -> str:
        texts = _MOVE_TEXT.get(self.dim)
        return texts[move - 1] if texts else f"lower coordinate {move}"

    # -------------------------------------------------------- capabilities
    def closed_form(self, position: Antichain, misere: bool = False) -> int | None:
        """`box_value` for a box (one corner), both conventions; None otherwise."""
        return box_value(position.points[0], misere) if len(position) == 1 else None

    def canonical(self, position: Antichain) -> Antichain:
        """The least of the d! coordinate permutations (the game is symmetric in them)."""
        if len(position) == 0:
            return position
        best = min(
            tuple(sorted(tuple(p[k] for k in order) for p in position.points))
            for order in permutations(range(self.dim))
        )
        return position if best == position.points else Antichain._make(self.dim, best)

    def diagram(self, position: Antichain) -> Partition:
        """The projection on the first two coordinates (d = 3: the shape of the heights)."""
        return position.base()

    def box_positions(self, position: Antichain) -> list[list[Antichain]]:
        """S[i, j, 0, …] in box (i, j): d = 3, the plane partition left after deleting the
        first i rows and j columns (000 Figure 5 one dimension up)."""
        return [
            [position.sub((i, j)) for j in range(part)]
            for i, part in enumerate(position.base().parts())
        ]

    def value_table(self, position: Antichain, misere: bool = False) -> list[list[int]]:
        """The values of `box_positions`, all from one `cell_values` pass."""
        values = cell_values(position, misere)
        zeros = (0,) * (self.dim - 2)
        return [
            [values[(i, j, *zeros)] for j in range(part)]
            for i, part in enumerate(position.base().parts())
        ]

    def number_of_states(self, position: Antichain) -> int:
        """Lowering coordinate k again and again deletes a cell each time until nothing is
        left: 1 + max p_k positions of different sizes (p over the corners).

        >>> LCTR_3D.number_of_states(LCTR_3D.parse("99999999999;5"))
        100000000000
        """
        return 1 + max((max(p) for p in position.points), default=0)

    def number_searched(self, position: Antichain, misere: bool = False) -> int:
        """Lowering coordinate k keeps the corners with p_k > 1, and only one corner (a box)
        has a closed form: the second largest p_k positions of that line are searched.

        >>> LCTR_3D.number_searched(LCTR_3D.parse("99999999999;5")), LCTR_3D.number_searched(
        ...     LCTR_3D.parse("99999999999"))
        (5, 0)
        """
        if len(position) < 2:
            return 0
        return max(sorted(coordinate)[-2] for coordinate in zip(*position.points, strict=True))

    def positions_of_size(self, n: int) -> Iterator[Antichain]:
        """Every d-dimensional partition with n cells (d = 3: every plane partition of n)."""
        return antichains_of_size(self.dim, n)

    def number_of_positions(self, n: int) -> int:
        """At least p(n): the d-dimensional partitions of n include the flat ones."""
        return partition_count(n)


LCTR_3D = register(DimensionalLCTR(3))
