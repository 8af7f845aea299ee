"""LCTR and Downright: games on Young diagrams (papers 000 and 001).

LCTR (000 §3.1): a move deletes the top row, λ → λ[1, 0], or the left
column, λ → λ[0, 1]; the empty partition is terminal.

Downright (000 §3.2): a rook on the top-left box steps one box down,
λ → λ[1, 0] (allowed while λ has more than one row), or one box right,
λ → λ[0, 1] (allowed while λ1 > 1); the corners [1] are terminal.  Its
normal play has the P-positions of misère LCTR (000 Lemma 7).

Every position reachable from λ is a sub-partition λ[i, j] (000 Eq. (1)), one
per box (i, j) of the diagram, so the values of all positions fit in a table
shaped like λ (000 Figure 5): `value_table`.  Filling it box by box is the
per-box method (000 Eq. (3) and (4); 001 Algorithm 1), Θ(n) for λ ⊢ n.

The fast values work in O(log k) for a partition of k runs, however large:

* **Diagonal reduction.**  Values are constant along the main diagonal down
  to a window of width w at the Durfee square, so SG(λ) = SG(λ[ℓ, ℓ]) with
  ℓ = d(λ) − w: w = 3 for normal LCTR (000 Lemma 15, Corollary 16), w = 1 for
  Downright (000 Lemma 10, Theorem 11), and w = 2 for misère LCTR and misère
  Downright ("Misère propagation" below, proved and verified exhaustively).
* **The window.**  λ̄ = λ[ℓ, ℓ] has Durfee length D ≤ w: a D × D core, an arm of
  at most D rows to its right and an arm of at most D columns below.  The arms
  are valued by closed forms in their (possibly huge) row lengths — 000
  Lemmas 12, 13, 14 for normal LCTR, `misere_one_row` / `misere_two_rows` and
  their Downright analogues for misère play — and the D × D core by at most
  nine mex steps (000 Eq. (3); this is what 000 Eq. (8)/(9) and (11)/(12) write
  out for D = 2 and D = 3).  Only the rows and columns at the end of the
  Durfee square are read (`Partition.durfee_window`): the diagram is never
  expanded.  The solver asks these closed forms before the canonical form
  min(λ, λ′), which costs O(k) (``closed_form_first``).

Misère propagation (proved here; not in 000/001)
-----------------------------------------------
Claim.  In misère LCTR and in misère Downright, let (i, j) be a box with
i, j ≥ 1 and d(λ[i, j]) ≥ 2.  Then SG⁻(λ[i−1, j−1]) = SG⁻(λ[i, j]).
Hence SG⁻(λ) = SG⁻(λ[d−2, d−2]) for d = d(λ) ≥ 2 (`DIAGONAL_WINDOW`).

Proof.  Write v(p, q) for SG⁻(λ[p, q]) and x = v(i, j).  Every box
(p, q) ≤ (i+1, j+1) lies in λ.  The box (i−1, j−1) has the two options
(i, j−1) and (i−1, j), and each of these has (i, j) as an option, so
neither equals x; v(i−1, j−1) = mex{v(i−1, j), v(i, j−1)}.  Values lie in
{0, 1, 2}.  In misère LCTR every position of value 0 is non-empty (the
empty one has value 1); in Downright every position is a box.

x = 0: both neighbours are non-zero, so the mex is 0.
x = 1: both neighbours lie in {0, 2}; the mex is 1 unless both are 2.
(i, j) is not terminal (it has the box (i+1, j+1) below-right), so one of
its options, say (i, j+1), has value 0 (the case (i+1, j) is the
transpose, 000 Lemma 6).  v(i−1, j) = 2 = mex{1, v(i−1, j+1)} forces
v(i−1, j+1) = 0, yet (i−1, j+1) → (i, j+1) is a move between two
positions of value 0: impossible.
x = 2: the options of (i, j) have values {0, 1}; by transposition say
v(i, j+1) = 0 and v(i+1, j) = 1.  The position (i−1, j+1) has the option
(i, j+1) of value 0, so its value is 1 or 2 (or the empty 1), and
v(i−1, j) = mex{2, v(i−1, j+1)} = 0.  Next, (i+1, j+1) is a box, an
option of both (i, j+1) (value 0) and (i+1, j) (value 1), so its value is
2; as (i+1, j) is not terminal and has value 1, its other option (i+2, j)
has value 0 and is a box.  Then (i+2, j−1), which has the option (i+2, j),
is non-zero, so v(i+1, j−1) = mex{v(i+2, j−1), 1} = 0, and
v(i, j−1) = mex{v(i+1, j−1), 2} = mex{0, 2} = 1.  The mex of 0 and 1 is 2.  ∎

The condition d ≥ 2 is needed: misère LCTR on [3, 3] has value 1 but
λ[1, 1] = [2] has value 2.  benchmarks/verify_misere_rule.py also checks
the claim against exhaustive search for every partition with n ≤ 40.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from grundy.game import PartitionRuleset, ProgressCallback
from grundy.games.lctr.lctr_base import DIAGONAL_WINDOW, NO_OPTION, BoxTable, box_table, check_game
from grundy.partition import Partition, PartitionLike
from grundy.registry import register
from grundy.validate import as_bool, check_non_increasing, check_positive

__all__ = [
    "DIAGONAL_WINDOW",
    "DOWNRIGHT",
    "LCTR",
    "MAX_TABLE_BOXES",
    "check_game",
    "diagonal_violations",
    "downright_misere_one_row",
    "downright_misere_two_rows",
    "downright_value",
    "lctr_value",
    "lemma3_staircase",
    "lemma4_gamma",
    "lemma12_one_row",
    "lemma13_two_rows",
    "lemma14_three_rows",
    "lemma17_rectangle",
    "misere_one_row",
    "misere_two_rows",
    "per_box_value",
    "reduce_to_window",
    "value_table",
]

#: Largest number of boxes the per-box method (`value_table`, `per_box_value`) accepts.
MAX_TABLE_BOXES = 10**7

#: The box tables of 000 Eq. (3)/(4) by play convention (`box_table`); in normal
#: play, T[a][b] = mex{a, b} for values a, b.
_BOX = {misere: box_table(misere) for misere in (False, True)}
_MEX = _BOX[False]


# ------------------------------------------------ closed forms (unchecked)
# Each takes the row lengths a ≥ b ≥ c ≥ 0 of a partition with at most that
# many rows (zero rows allowed) and returns its value; the public lemma
# functions below validate their input and call these.


def _one_row(a: int) -> int:
    """Normal LCTR on [a] (000 Lemma 12)."""
    if a == 0:
        return 0
    return 1 if a & 1 else 2


def _two_rows(a: int, b: int) -> int:
    """Normal LCTR on [a, b] (000 Lemma 13)."""
    if b == 0:
        return _one_row(a)
    if a == b:
        return 2 if b & 1 else 0
    return 0 if b & 1 else 1


def _three_rows(a: int, b: int, c: int) -> int:
    """Normal LCTR on [a, b, c] (000 Lemma 14)."""
    if c == 0:
        return _two_rows(a, b)
    if a == b == c:
        if c <= 2:
            return c
        return 0 if c & 1 else 1
    if a > b == c:
        return 0 if c & 1 else 1
    if a == b > c:
        return 1 if c & 1 else 0
    if c == 1:  # a > b > c = 1
        return 2 if b & 1 else 1
    return 1 if c & 1 else 0  # a > b > c > 1


def _misere_one_row(a: int) -> int:
    """Misère LCTR on [a]: 1 for [] (terminal), then 0, 2, 0, 2, … (`misere_one_row`)."""
    if a == 0:
        return 1
    return 0 if a & 1 else 2


def _misere_two_rows(a: int, b: int) -> int:
    """Misère LCTR on [a, b] (`misere_two_rows`)."""
    if b == 0:
        return _misere_one_row(a)
    if a == 1:  # [1, 1]
        return 2
    return 1 if b & 1 else 0


def _dr_misere_one_row(a: int) -> int:
    """Misère Downright on [a]; NO_OPTION for a = 0 (no position)."""
    if a == 0:
        return NO_OPTION
    return 1 if a & 1 else 0


def _dr_misere_two_rows(a: int, b: int) -> int:
    """Misère Downright on [a, b]; NO_OPTION for the empty partition."""
    if b == 0:
        return _dr_misere_one_row(a)
    if b == 1:
        return 2 if a & 1 and a > 1 else 0
    return 0 if b & 1 else 1


def _lctr_gamma(r: int, c: int) -> int:
    """Normal LCTR on the gamma [c, 1^(r−1)] (000 Lemma 4, Eq. (5))."""
    if c > 1 and r > 1:
        return 0
    if (r == 1 and c & 1) or (c == 1 and r & 1):
        return 1
    return 2


def _dr_gamma(r: int, c: int) -> int:
    """Normal Downright on the gamma [c, 1^(r−1)] (000 Lemma 4, Eq. (6))."""
    if r & 1 and c & 1:
        return 0
    if (r ^ c) & 1 and r > 1 and c > 1:
        return 2
    return 1


# ------------------------------------------------------- public closed forms
def lemma3_staircase(n: int, game: str = "lctr") -> int:
    """SG of the staircase [n, n−1, …, 1] (000 Lemma 3).

    LCTR: n mod 2; Downright: (n − 1) mod 2.  n ≥ 1.
    """
    game = check_game(game)
    check_positive(n=n)
    return n % 2 if game == "lctr" else (n - 1) % 2


def lemma4_gamma(r: int, c: int, game: str = "lctr") -> int:
    """SG of the gamma [c, 1^(r−1)] (r rows, c columns; 000 Lemma 4).

    LCTR (000 Eq. (5)): 0 if c > 1 and r > 1; 1 if r = 1 and c is odd or
    c = 1 and r is odd; 2 otherwise.  Downright (000 Eq. (6)): 0 if c and r are
    both odd; 2 if they differ in parity and c, r > 1; 1 otherwise.
    """
    game = check_game(game)
    check_positive(r=r, c=c)
    return _dr_gamma(r, c) if game == "downright" else _lctr_gamma(r, c)


def lemma12_one_row(a: int) -> int:
    """SG of LCTR on the one-row partition [a], a ≥ 0 (000 Lemma 12).

    0 if a = 0, 1 if a is odd, 2 otherwise.
    """
    check_non_increasing((a,))
    return _one_row(a)


def lemma13_two_rows(a: int, b: int) -> int:
    """SG of LCTR on [a, b], a ≥ b ≥ 0 (000 Lemma 13; b = 0 is Lemma 12).

    a = b > 0: 0 if b is even, 2 if odd.  a > b > 0: 0 if b is odd, 1 if even.
    """
    check_non_increasing((a, b))
    return _two_rows(a, b)


def lemma14_three_rows(a: int, b: int, c: int) -> int:
    """SG of LCTR on [a, b, c], a ≥ b ≥ c ≥ 0 (000 Lemma 14; c = 0 is Lemma 13).

    1. a = b = c: 1 if c = 1, 2 if c = 2, otherwise 0 for odd c and 1 for even c.
    2. a > b = c: 0 if c is odd, 1 if even.
    3. a = b > c: 1 if c is odd, 0 if even.
    4. a > b > c = 1: 1 if b is even, 2 if odd.
    5. a > b > c > 1: 0 if c is even, 1 if odd.
    """
    check_non_increasing((a, b, c))
    return _three_rows(a, b, c)


def lemma17_rectangle(r: int, c: int) -> int:
    """SG of LCTR on the rectangle [c^r] (000 Lemma 17).

    0 if c, r > 1 and c + r is even; 2 if (c ≤ 2 or r ≤ 2) and c + r is odd;
    1 otherwise.
    """
    check_positive(r=r, c=c)
    if c > 1 and r > 1 and (c + r) % 2 == 0:
        return 0
    if (c <= 2 or r <= 2) and (c + r) % 2 == 1:
        return 2
    return 1


def misere_one_row(a: int) -> int:
    """Misère SG of LCTR on [a], a ≥ 0: 1 if a = 0, 0 if a is odd, 2 if a is even.

    Not in the papers; the misère counterpart of 000 Lemma 12, with the same
    proof: [] is terminal (value 1, 000 §2.3), [1] → {[]} gives mex{1} = 0, and
    [a] → {[], [a−1]} gives mex{1, SG⁻([a−1])}, alternating 0, 2.
    """
    check_non_increasing((a,))
    return _misere_one_row(a)


def misere_two_rows(a: int, b: int) -> int:
    """Misère SG of LCTR on [a, b], a ≥ b ≥ 0 (b = 0: `misere_one_row`).

    2 for [1, 1]; otherwise 1 if b is odd and 0 if b is even.  Not in the
    papers; proof as for 000 Lemma 13: the positions [b − j] below alternate
    0, 2 (`misere_one_row`), so the top row [a − j, b − j] starts at j = b − 1
    with mex{0, SG⁻([a − b])} (= 2 if a = b, else 1) and then alternates
    0, 1 (a = b: 0, 1 after the initial 2).
    """
    check_non_increasing((a, b))
    return _misere_two_rows(a, b)


def downright_misere_one_row(a: int) -> int:
    """Misère SG of Downright on [a], a ≥ 1: 1 if a is odd, 0 if even.

    Not in the papers: the corner [1] is terminal with misère value 1, and
    [a] has the single move to [a − 1].
    """
    check_positive(a=a)
    return _dr_misere_one_row(a)


def downright_misere_two_rows(a: int, b: int) -> int:
    """Misère SG of Downright on [a, b], a ≥ b ≥ 1.

    b = 1: 2 if a ≥ 3 is odd, else 0.  b ≥ 2: 1 if b is even, 0 if odd.  Not
    in the papers; checked against the generic solver in the tests.
    """
    check_positive(b=b)
    check_non_increasing((a, b))
    return _dr_misere_two_rows(a, b)


# --------------------------------------------------------- fast values
def _window3(d: int, rows: tuple[int, ...], columns: tuple[int, ...]) -> int:
    """Normal LCTR with d(λ) ≥ 3: λ̄ = λ[d−3, d−3] (000 Corollary 16), from the rows
    (λ_{d−2}, λ_{d−1}, λ_d) and the columns (λ'_{d−2}, λ'_{d−1}, λ'_d).

    The arms of λ̄ are valued by 000 Lemmas 12–14 (the α's of 000 Theorem 22)
    and the 3 × 3 core by 000 Eq. (11), i.e. Eq. (12) unrolled.  This is the
    hot path of `lctr_value`: Lemma 12 is inlined.
    """
    a1, a2, a3 = rows
    b1, b2, b3 = columns
    p2, p3, q2, q3 = a2 - d, a3 - d, b2 - d, b3 - d
    m = _MEX
    v22 = m[0 if q3 == 0 else 2 - (q3 & 1)][0 if p3 == 0 else 2 - (p3 & 1)]
    v21 = m[_two_rows(q2, q3)][v22]
    v12 = m[v22][_two_rows(p2, p3)]
    v11 = m[v21][v12]
    v10 = m[m[_three_rows(b1 - d, q2, q3)][v21]][v11]
    v01 = m[v11][m[v12][_three_rows(a1 - d, p2, p3)]]
    return m[v10][v01]


def _window2(
    d: int,
    rows: tuple[int, ...],
    columns: tuple[int, ...],
    one: Callable[[int], int],
    two: Callable[[int, int], int],
    table: BoxTable,
) -> int:
    """Window of width 2: λ̄ = λ[d−2, d−2] for d(λ) ≥ 2, from the rows (λ_{d−1}, λ_d)
    and the columns (λ'_{d−1}, λ'_d)."""
    a1, a2 = rows
    b1, b2 = columns
    p2, q2 = a2 - d, b2 - d
    v11 = table[one(q2)][one(p2)]
    return table[table[two(b1 - d, q2)][v11]][table[v11][two(a1 - d, p2)]]


def lctr_value(partition: PartitionLike, misere: bool = False) -> int:
    """SG (or misère SG⁻) of LCTR on `partition`, in O(log k) for k runs.

    Normal play: 000 Theorem 22 — Corollary 16 reduces λ to λ[d−3, d−3],
    whose value follows from 000 Lemmas 12–14 and Eq. (3).  Misère play: the
    same with window 2 ("Misère propagation", module docstring) and
    `misere_one_row` / `misere_two_rows`.  The misère rule is the default
    because it is proved (module docstring) and checked against exhaustive
    search for every partition with n ≤ 40 (benchmarks/verify_misere_rule.py);
    `per_box_value(λ, misere=True)` computes the same value box by box.  Only
    `Partition.durfee_window` is read: the diagram is never expanded.

    >>> lctr_value("8,7,6,5^2,2,1"), lctr_value("1000000000000^7,5^100000000000", misere=True)
    (0, 1)
    """
    if not isinstance(partition, Partition):
        partition = Partition.coerce(partition)
    misere = as_bool(misere, "misere")
    d, rows, columns = partition.durfee_window(DIAGONAL_WINDOW["lctr", misere])
    if d == 0:
        return 1 if misere else 0
    if misere:
        if d >= 2:
            return _window2(d, rows, columns, _misere_one_row, _misere_two_rows, _MEX)
        # a gamma [c, 1^(r−1)]: its arms are one row and one column
        return _MEX[_misere_one_row(columns[0] - 1)][_misere_one_row(rows[0] - 1)]
    if d >= 3:
        return _window3(d, rows, columns)
    if d == 2:
        return _window2(2, rows, columns, _one_row, _two_rows, _MEX)
    return _lctr_gamma(columns[0], rows[0])


def downright_value(partition: PartitionLike, misere: bool = False) -> int:
    """SG (or misère SG⁻) of Downright on `partition` ≠ [], in O(log k).

    Normal play: 000 Theorem 11 reduces λ to λ[d−1, d−1], the gamma
    [λ_d − d + 1, 1^(λ'_d − d)], valued by 000 Lemma 4 (Eq. (6)).  Misère play:
    window 2 ("Misère propagation", module docstring) with
    `downright_misere_one_row` / `downright_misere_two_rows` on the arms.

    >>> downright_value("8,7,6,5^2,2,1"), downright_value("3,1", misere=True)
    (0, 2)
    """
    if not isinstance(partition, Partition):
        partition = Partition.coerce(partition)
    misere = as_bool(misere, "misere")
    d, rows, columns = partition.durfee_window(DIAGONAL_WINDOW["downright", misere])
    if d == 0:
        raise ValueError("Downright is played on a non-empty partition")
    if misere:
        table = _BOX[True]
        if d >= 2:
            return _window2(d, rows, columns, _dr_misere_one_row, _dr_misere_two_rows, table)
        # a gamma [c, 1^(r−1)]: its arms are one row and one column
        return table[_dr_misere_one_row(columns[0] - 1)][_dr_misere_one_row(rows[0] - 1)]
    return _dr_gamma(columns[0] - d + 1, rows[0] - d + 1)


def reduce_to_window(partition: Partition, game: str = "lctr", misere: bool = False) -> Partition:
    """λ[ℓ, ℓ] with ℓ = max(0, d(λ) − w), w = DIAGONAL_WINDOW[game, misere].

    It has the same value as λ (000 Corollary 16, Theorem 11, and "Misère
    propagation" in the module docstring) and Durfee length min(d(λ), w).
    """
    game = check_game(game)
    shift = max(0, partition.durfee() - DIAGONAL_WINDOW[game, as_bool(misere, "misere")])
    return partition.sub(shift, shift)


# ------------------------------------------------------------ per-box method
def _per_box_rows(partition: Partition, game: str, misere: bool, keep: bool) -> list[list[int]]:
    """Fill the value table bottom-up, row by row (000 Eq. (3)/(4); 001 Algorithm 1).

    Box (i, j) gets T[v(i+1, j)][v(i, j+1)] (`box_table`); beyond the diagram lies
    the empty partition in LCTR (coded by its terminal value), no move in Downright.
    Returns every row top-first when `keep`, else only the top row.
    """
    game = check_game(game)
    size = partition.size
    if size > MAX_TABLE_BOXES:
        raise ValueError(
            f"partition has {size} boxes; the per-box method is limited to "
            f"{MAX_TABLE_BOXES} (the fast value needs no table)"
        )
    if game == "downright" and not partition:
        raise ValueError("Downright is played on a non-empty partition")
    misere = as_bool(misere, "misere")
    table = _BOX[misere]
    outside = (1 if misere else 0) if game == "lctr" else NO_OPTION
    rows: list[list[int]] = []
    below: list[int] = []
    for part, mult in reversed(partition.runs):
        for _ in range(mult):
            padded = below + [outside] * (part - len(below))
            row = []
            x = outside
            for a in reversed(padded):
                x = table[a][x]
                row.append(x)
            row.reverse()
            if keep:
                rows.append(row)
            below = row
    if not keep:
        return [below]
    rows.reverse()
    return rows


def value_table(
    partition: PartitionLike, game: str = "lctr", misere: bool = False
) -> list[list[int]]:
    """The value of λ[i, j] for every box: entry `[i][j]`, row i has λ_{i+1} entries.

    The picture of 000 Figure 5 (normal play) and of misère play, computed box
    by box from the bottom-right by 000 Eq. (3) (LCTR; the empty partition is
    worth 0, or 1 in misère play) and Eq. (4) (Downright; corners are worth 0,
    or 1 in misère play); this is 001 Algorithm 1 laid out as a table.
    Refuses (ValueError) partitions of more than MAX_TABLE_BOXES boxes.
    """
    return _per_box_rows(Partition.coerce(partition), game, misere, keep=True)


def per_box_value(partition: PartitionLike, game: str = "lctr", misere: bool = False) -> int:
    """SG(λ) by the per-box method (the baseline of benchmarks/bench_lctr_value.py).

    Same recursion as `value_table` keeping one row at a time; exact by
    definition (000 Eq. (3)/(4)).  At most MAX_TABLE_BOXES boxes.
    """
    partition = Partition.coerce(partition)
    game = check_game(game)
    if not partition and game == "lctr":
        return 1 if as_bool(misere, "misere") else 0
    return _per_box_rows(partition, game, misere, keep=False)[0][0]


def diagonal_violations(
    partition: PartitionLike, game: str = "lctr", misere: bool = False
) -> list[tuple[int, int]]:
    """Boxes (i, j), i, j ≥ 1, with d(λ[i, j]) ≥ w but SG(λ[i−1, j−1]) ≠ SG(λ[i, j]).

    w = DIAGONAL_WINDOW[game, misere].  The diagonal reductions (000 Lemma 10 /
    Theorem 11 for Downright, Lemma 15 / Corollary 16 for LCTR, and the misère
    propagation of the module docstring) say this list is always empty; it is
    computed from `value_table`, so it is an independent check of them.
    """
    partition = Partition.coerce(partition)
    game = check_game(game)
    w = DIAGONAL_WINDOW[game, as_bool(misere, "misere")]
    if not partition:
        return []
    table = value_table(partition, game, misere)
    bad = []
    for i in range(1, len(table) - w + 1):
        reach = len(table[i + w - 1]) - w + 1  # d(λ[i, j]) ≥ w iff j < reach
        row, above = table[i], table[i - 1]
        bad.extend((i, j) for j in range(1, reach) if above[j - 1] != row[j])
    return bad


# ------------------------------------------------------------------ rules
class LCTRRules(PartitionRuleset):
    """Left column – top row (000 §3.1)."""

    name = "lctr"
    display_name = "LCTR"
    description = "remove the left column or the top row of a Young diagram"
    reference = "000 §3.1; 001"
    conjugation_invariant = True  # 000 Lemma 6
    closed_form_first = True  # O(log k) in the runs; min(λ, λ′) is O(k)
    draw_outside = True  # 000 Figure 5

    def options(self, position: Partition) -> Iterator[tuple[str, Partition]]:
        if position:
            yield "T", position.sub(1, 0)
            yield "L", position.sub(0, 1)

    def closed_form(self, position: Partition, misere: bool = False) -> int:
        """`lctr_value`: O(log k) for both normal and misère play."""
        return lctr_value(position, misere)

    def value_table(self, position: Partition, misere: bool = False) -> list[list[int]]:
        return value_table(position, "lctr", misere)

    def count_table(
        self, n_max: int, misere: bool = False, progress: ProgressCallback | None = None
    ) -> list[dict[int, int]]:
        """The Durfee-window count (`grundy.games.lctr.lctr_counts`), no enumeration."""
        from grundy.games.lctr.lctr_counts import durfee_count_table

        return durfee_count_table("lctr", n_max, progress, misere)

    def tree_size(self, position: Partition) -> dict[str, int]:
        from grundy.games.lctr.lctr_trees import partition_stats

        return partition_stats("lctr", position).as_dict()

    def format_move(self, move: str) -> str:
        return {"T": "remove the top row", "L": "remove the left column"}[move]


class DownrightRules(PartitionRuleset):
    """Downright: a rook stepping down or right towards a corner (000 §3.2)."""

    name = "downright"
    display_name = "Downright"
    description = "a rook steps one box down or right; a corner is terminal"
    reference = "000 §3.2"
    conjugation_invariant = True  # 000 Lemma 6
    closed_form_first = True  # O(log k) in the runs; min(λ, λ′) is O(k)
    allows_empty = False

    def options(self, position: Partition) -> Iterator[tuple[str, Partition]]:
        if position.length > 1:
            yield "D", position.sub(1, 0)
        if position.largest > 1:
            yield "R", position.sub(0, 1)

    def closed_form(self, position: Partition, misere: bool = False) -> int:
        """`downright_value`: O(log k) for both normal and misère play."""
        return downright_value(position, misere)

    def value_table(self, position: Partition, misere: bool = False) -> list[list[int]]:
        return value_table(position, "downright", misere)

    def count_table(
        self, n_max: int, misere: bool = False, progress: ProgressCallback | None = None
    ) -> list[dict[int, int]]:
        """The Durfee-window count (`grundy.games.lctr.lctr_counts`), no enumeration."""
        from grundy.games.lctr.lctr_counts import durfee_count_table

        return durfee_count_table("downright", n_max, progress, misere)

    def tree_size(self, position: Partition) -> dict[str, int]:
        from grundy.games.lctr.lctr_trees import partition_stats

        return partition_stats("downright", position).as_dict()

    def format_move(self, move: str) -> str:
        return {"D": "step down", "R": "step right"}[move]


LCTR = register(LCTRRules())
DOWNRIGHT = register(DownrightRules())
