"""Integer partitions stored by runs, so that huge partitions cost nothing.

A partition λ = [λ1 ≥ λ2 ≥ … ≥ λr > 0] is kept as its *runs*: pairs
(part, multiplicity) with strictly decreasing parts, exactly the exponential
notation [λ1^m1, …, λk^mk] of paper 000 §2.1.  Every operation here costs time
polynomial in the number of runs k (most are O(log k) or O(k)), never in the
size n or the length r, so `Partition.parse("10^12^7, 5^10^11")` is as cheap as
`Partition.parse("3,1")`.

Conventions follow paper 000 §2.1: rows and columns of the Young diagram are
counted from 1 in `part(i)`, and the sub-partition λ[i, j] is what is left
after deleting the first i rows and the first j columns (0 ≤ i, j), so
λ[0, 0] = λ and (λ[i1, j1])[i2, j2] = λ[i1 + i2, j1 + j2]  (000 Eq. (1)).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping

from grundy.jupyter import svg_picture
from grundy.validate import as_int, check_non_negative, check_positive

__all__ = [
    "Partition",
    "PartitionLike",
    "gamma",
    "partition_numbers",
    "partitions",
    "partitions_up_to",
    "rectangle",
    "staircase",
    "thick_gamma",
]

#: Largest number of parts that `Partition.parts()` will write out one by one.
MAX_EXPLICIT_PARTS = 10**7

# ASCII digits only: `\d` would also take "３" (fullwidth) or "٣" (Arabic-Indic).
_TOKEN = re.compile(r"^([0-9]+)(?:\^([0-9]+))?$")
_NEGATIVE = re.compile(r"^-[0-9]+(?:\^[0-9]+)?$")


class Partition:
    """An immutable, hashable integer partition in run-length form.

    Build one with `Partition.parse(text)`, `Partition(parts)` or
    `Partition.from_runs(runs)`; `Partition.coerce(x)` accepts any of these.
    Equal partitions compare and hash equal however they were written.
    """

    __slots__ = ("_ends", "_hash", "_neg_slack", "_parts_desc", "_runs")

    def __init__(self, parts: Iterable[int] = ()) -> None:
        counts: dict[int, int] = {}
        for p in parts:
            p = as_int(p, "part")
            if p < 0:
                raise ValueError(f"negative part {p!r}: parts must be non-negative integers")
            if p:
                counts[p] = counts.get(p, 0) + 1
        self._init_runs(sorted(counts.items(), reverse=True))

    # ----------------------------------------------------------------- building
    @classmethod
    def from_runs(cls, runs: Iterable[tuple[int, int]]) -> Partition:
        """Build from (part, multiplicity) pairs in any order; equal parts merge.

        Parts or multiplicities equal to 0 contribute nothing; negative ones
        are a ValueError.
        """
        counts: dict[int, int] = {}
        for run in runs:
            try:
                part, mult = run
            except (TypeError, ValueError):
                raise TypeError(f"a run must be a (part, multiplicity) pair, got {run!r}") from None
            part = as_int(part, "part")
            mult = as_int(mult, "multiplicity")
            if part < 0 or mult < 0:
                raise ValueError(f"run {run!r}: parts and multiplicities must be non-negative")
            if part and mult:
                counts[part] = counts.get(part, 0) + mult
        self = cls.__new__(cls)
        self._init_runs(sorted(counts.items(), reverse=True))
        return self

    @classmethod
    def parse(cls, text: str) -> Partition:
        """Parse the text syntax: parts separated by commas and/or spaces.

        `a^m` stands for m copies of a; brackets around the whole are
        optional; the empty partition is "", "0" or "[]".  Parts may come in
        any order.  A malformed token is a ValueError naming it: negative
        parts, digits other than ASCII 0-9, and the empty runs `a^0` and `0^m`
        (both most likely typing mistakes) are refused alike.

        >>> str(Partition.parse("[8, 7, 6, 5^2, 2, 1]"))
        '8,7,6,5^2,2,1'
        """
        if not isinstance(text, str):
            raise TypeError(f"Partition.parse expects a string, got {type(text).__name__}")
        body = text.strip()
        if body[:1] in "[(" and body[-1:] in "])":
            body = body[1:-1]
        runs = []
        for token in re.split(r"[\s,]+", body.strip()):
            if not token:
                continue
            match = _TOKEN.match(token)
            if match is None:
                if _NEGATIVE.match(token):
                    raise ValueError(
                        f"bad partition token {token!r} in {text!r}: negative part; "
                        "parts must be non-negative integers"
                    )
                raise ValueError(
                    f"bad partition token {token!r} in {text!r}: expected a non-negative "
                    "integer part (digits 0-9), optionally as part^multiplicity"
                )
            part = int(match.group(1))
            mult = 1 if match.group(2) is None else int(match.group(2))
            if match.group(2) is not None and mult == 0:
                raise ValueError(f"bad partition token {token!r} in {text!r}: exponent 0")
            if match.group(2) is not None and part == 0:
                # As refused as exponent 0: both write no boxes, most likely by mistake.
                raise ValueError(
                    f"bad partition token {token!r} in {text!r}: part 0 with an exponent "
                    "(write 0, or nothing, for no boxes)"
                )
            runs.append((part, mult))
        return cls.from_runs(runs)

    @classmethod
    def coerce(cls, value: PartitionLike) -> Partition:
        """Accept a Partition, its text form, or a sequence of parts (ints, numpy's too).

        A dict is refused, not read by its keys:

        >>> Partition.coerce({5: 3})
        Traceback (most recent call last):
        ...
        TypeError: cannot read a partition from dict {5: 3}: give its parts, e.g. [5, 5, 5] or "5^3"
        """
        if isinstance(value, Partition):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, Iterable) and not isinstance(value, Mapping):
            return cls(value)
        hint = ': give its parts, e.g. [5, 5, 5] or "5^3"' if isinstance(value, Mapping) else ""
        raise TypeError(f"cannot read a partition from {type(value).__name__} {value!r}{hint}")

    def _init_runs(self, runs: list[tuple[int, int]]) -> None:
        self._runs = tuple(runs)
        ends = []
        total = 0
        for _, mult in runs:
            total += mult
            ends.append(total)
        self._ends = tuple(ends)  # _ends[k] = number of rows in runs 0..k
        self._parts_desc = tuple(-p for p, _ in runs)  # increasing, for bisect
        # −(λ_ℓ − ℓ) at the first row ℓ of each run: increasing, for `durfee`.
        self._neg_slack = tuple(
            end - mult + 1 - part for (part, mult), end in zip(runs, ends, strict=True)
        )
        self._hash = hash(self._runs)

    # ------------------------------------------------------------- basic data
    @property
    def runs(self) -> tuple[tuple[int, int], ...]:
        """The (part, multiplicity) pairs, parts strictly decreasing."""
        return self._runs

    def __len__(self) -> int:
        return self.length

    @property
    def length(self) -> int:
        """Number of parts r (the number of rows)."""
        return self._ends[-1] if self._ends else 0

    @property
    def size(self) -> int:
        """The number n of boxes, λ ⊢ n."""
        return sum(p * m for p, m in self._runs)

    @property
    def largest(self) -> int:
        """λ1, the length of the first row (0 for the empty partition)."""
        return self._runs[0][0] if self._runs else 0

    @property
    def is_empty(self) -> bool:
        return not self._runs

    def __bool__(self) -> bool:
        return bool(self._runs)

    def part(self, i: int) -> int:
        """λ_i for 1 ≤ i (0 beyond the last row), found by binary search over runs."""
        if i < 1:
            raise ValueError(f"rows are numbered from 1, got {i}")
        k = bisect_left(self._ends, i)
        return self._runs[k][0] if k < len(self._runs) else 0

    def column(self, j: int) -> int:
        """λ'_j, the length of column j (1 ≤ j): the number of parts ≥ j."""
        if j < 1:
            raise ValueError(f"columns are numbered from 1, got {j}")
        k = bisect_right(self._parts_desc, -j)  # runs with part >= j
        return self._ends[k - 1] if k else 0

    def parts(self) -> Iterator[int]:
        """The parts one by one, largest first.

        Refuses (ValueError) partitions with more than MAX_EXPLICIT_PARTS
        parts instead of running for ever: use `runs` for those.
        """
        if self.length > MAX_EXPLICIT_PARTS:
            raise ValueError(
                f"partition has {self.length} parts, too many to list one by one; use .runs"
            )
        for part, mult in self._runs:
            for _ in range(mult):
                yield part

    def to_list(self) -> list[int]:
        return list(self.parts())

    # ------------------------------------------------------------- operations
    #: The Young diagram, for Jupyter (None, so text, when too large to draw), drawn by
    #: `grundy.render.young.partition_svg` (registered by the package: `grundy.jupyter`).
    _repr_svg_ = svg_picture

    def conjugate(self) -> Partition:
        """λ', the transpose of the Young diagram (000 §2.1), in O(k)."""
        out = []
        for k in range(len(self._runs) - 1, -1, -1):
            part = self._runs[k][0]
            below = self._runs[k + 1][0] if k + 1 < len(self._runs) else 0
            out.append((self._ends[k], part - below))
        new = Partition.__new__(Partition)
        new._init_runs(out)
        return new

    def conjugation_canonical(self) -> Partition:
        """min(λ, λ′) by runs: one representative for a partition and its conjugate.

        Games invariant under conjugation (000 Lemma 6; 002 Lemma 1.2) use it
        as their canonical form.
        """
        conj = self.conjugate()
        return self if self._runs <= conj._runs else conj

    def durfee(self) -> int:
        """Durfee length d(λ) = max{ℓ : λ_ℓ ≥ ℓ} (000 §2.1, Lemma 20).

        λ_ℓ − ℓ strictly decreases, so one binary search over runs finds the
        last run whose first row ℓ still has λ_ℓ ≥ ℓ: O(log k).
        """
        lo = bisect_right(self._neg_slack, 0)  # runs whose first row ℓ has λ_ℓ ≥ ℓ
        if lo == 0:
            return 0
        return min(self._ends[lo - 1], self._runs[lo - 1][0])

    def durfee_window(self, w: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """(d, rows, columns): the Durfee length d = d(λ) and the lengths λ_i of the
        rows and λ'_i of the columns i = max(1, d − w + 1) … d, the last w places on
        the diagonal of the Durfee square, in O(log k) (w ≥ 1).

        What a fast value reads of a huge partition (`grundy.games.lctr.lctr`): one binary
        search finds the run of row d (the run `durfee` finds), and the rows and
        columns before it are a few steps away.

        >>> Partition.parse("6,5,4,2,1").durfee_window(2)
        (3, (5, 4), (4, 3))
        """
        t = bisect_right(self._neg_slack, 0) - 1  # the run of row d
        if t < 0:
            return 0, (), ()
        runs, ends = self._runs, self._ends
        d = min(ends[t], runs[t][0])
        last = len(runs) - 1
        rows, columns = [], []
        r = c = t  # row d is in run t, and runs 0 … t have parts ≥ d
        for i in range(d, max(0, d - w), -1):
            while r and ends[r - 1] >= i:  # row i is in an earlier run
                r -= 1
            rows.append(runs[r][0])
            while c < last and runs[c + 1][0] >= i:  # the next run has parts ≥ i too
                c += 1
            columns.append(ends[c])
        rows.reverse()
        columns.reverse()
        return d, tuple(rows), tuple(columns)

    def sub(self, i: int, j: int) -> Partition:
        """λ[i, j]: delete the first i rows and the first j columns (000 §2.1)."""
        if i < 0 or j < 0:
            raise ValueError(f"sub-partition indices must be non-negative, got ({i}, {j})")
        start = bisect_right(self._ends, i)  # first run with a row below row i
        stop = bisect_left(self._parts_desc, -j)  # runs with part > j
        out = []
        for k in range(start, stop):
            rows_before = self._ends[k - 1] if k else 0
            mult = self._ends[k] - max(i, rows_before)
            out.append((self._runs[k][0] - j, mult))
        new = Partition.__new__(Partition)
        new._init_runs(out)
        return new

    def corners(self) -> list[tuple[int, int]]:
        """The corners (i, j) with λ[i, j] = [1], one per run (000 §2.1), 0-based."""
        return [(end - 1, part - 1) for (part, _), end in zip(self._runs, self._ends, strict=True)]

    def contains_box(self, i: int, j: int) -> bool:
        """Whether the 0-based box (i, j) lies in the diagram, i.e. λ[i, j] ≠ []."""
        return i >= 0 and j >= 0 and self.part(i + 1) > j

    def is_quadrated(self) -> bool:
        """All parts even, each occurring an even number of times (001 §3.1.2)."""
        return all(p % 2 == 0 and m % 2 == 0 for p, m in self._runs)

    # ------------------------------------------------------------ comparisons
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Partition):
            return self._runs == other._runs
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def sort_key(self) -> tuple[int, tuple[tuple[int, int], ...]]:
        """A total order: by size, then reverse-lexicographically by runs."""
        return (self.size, self._runs)

    def __str__(self) -> str:
        if not self._runs:
            return "[]"
        return ",".join(f"{p}^{m}" if m > 1 else str(p) for p, m in self._runs)

    def __repr__(self) -> str:
        return f"Partition.parse({str(self)!r})"


PartitionLike = Partition | str | Iterable[int]


# ------------------------------------------------------------------ families
def staircase(r: int) -> Partition:
    """The staircase [r, r−1, …, 1] (000 §2.1; 002's S_r; 003's U(r))."""
    check_positive(r=r)
    return Partition.from_runs((p, 1) for p in range(r, 0, -1))


def rectangle(r: int, c: int) -> Partition:
    """The rectangle [c^r]: r rows of c boxes (000 §2.1)."""
    check_positive(r=r, c=c)
    return Partition.from_runs([(c, r)])


def gamma(r: int, c: int) -> Partition:
    """The gamma [c, 1^(r−1)]: a row of c boxes and a column of r boxes (000 §2.1)."""
    check_positive(r=r, c=c)
    return Partition.from_runs([(c, 1), (1, r - 1)])


def thick_gamma(t: int, a: int, b: int) -> Partition:
    """The thick gamma [(t+a)^t, t^b]: a t×t square with a arms of width t.

    (001 §3.1.4.)  The square carries an arm of a further columns to the right
    and an arm of b further rows below; t = 1 gives the gamma [a+1, 1^b].
    """
    check_positive(t=t)
    check_non_negative(a=a, b=b)
    return Partition.from_runs([(t + a, t), (t, b)])


# ------------------------------------------------------------- enumeration


def partitions(n: int) -> Iterator[Partition]:
    """Every partition of n exactly once, in reverse-lexicographic order of parts.

    ([n] first, [1^n] last; the empty partition for n = 0.)  Iterative.
    """
    n = as_int(n, "n")
    check_non_negative(n=n)
    if n == 0:
        yield Partition()
        return
    # Classic "next partition" step on the list of parts (all parts kept explicitly).
    parts = [n]
    while True:
        yield Partition(parts)
        # remove trailing 1s
        ones = 0
        while parts and parts[-1] == 1:
            parts.pop()
            ones += 1
        if not parts:
            return
        k = parts.pop() - 1
        rest = ones + 1
        parts.append(k)
        while rest > k:
            parts.append(k)
            rest -= k
        if rest:
            parts.append(rest)


def partitions_in_box(rows: int, columns: int) -> Iterator[Partition]:
    """Every partition with at most `rows` parts, each at most `columns` (the empty one
    first): the C(rows + columns, rows) Young diagrams inside the rows × columns box.

    >>> [str(p) for p in partitions_in_box(2, 2)]
    ['[]', '1', '1^2', '2', '2,1', '2^2']
    """
    check_non_negative(rows=rows, columns=columns)
    stack: list[tuple[int, ...]] = [()]
    while stack:  # depth first, smaller next parts first
        prefix = stack.pop()
        yield Partition(prefix)
        if len(prefix) < rows:
            room = prefix[-1] if prefix else columns
            stack.extend((*prefix, part) for part in range(room, 0, -1))


def partitions_up_to(n: int) -> Iterator[Partition]:
    """Every partition of size 0, 1, …, n (by size, then as `partitions`)."""
    for size in range(n + 1):
        yield from partitions(size)


def partition_numbers(n_max: int) -> list[int]:
    """p(0), …, p(n_max) by Euler's pentagonal-number recurrence (a check on the counts)."""
    p = [1] + [0] * n_max
    for n in range(1, n_max + 1):
        total, k = 0, 1
        while True:
            g1 = k * (3 * k - 1) // 2
            if g1 > n:
                break
            sign = 1 if k % 2 else -1
            total += sign * p[n - g1]
            g2 = k * (3 * k + 1) // 2
            if g2 <= n:
                total += sign * p[n - g2]
            k += 1
        p[n] = total
    return p
