"""How many partitions of n have each LCTR / Downright value: two exact counts.

The number of partitions of n with normal LCTR value 0 is OEIS A373457.

The Durfee window (`durfee_count_table`, the default)
-----------------------------------------------------

Write a partition λ with Durfee length d (000 §2.1) as the d×d square, an
*arm* α = (λ_1 − d, …, λ_d − d), a partition with at most d parts (zeros
allowed), and a *leg* whose conjugate β' = (β'_1, …, β'_d) is another such
partition.  (d, α, β') ↔ λ is a bijection, |λ| = d² + |α| + |β'|.

Values are constant along the main diagonal down to a window of width w at
the Durfee square (`grundy.games.lctr.lctr_base.DIAGONAL_WINDOW`): SG(λ) = SG(λ[d−w, d−w])
for d ≥ w, with

* w = 3 for LCTR, normal play (000 Corollary 16);
* w = 1 for Downright, normal play (000 Theorem 11);
* w = 2 for LCTR and Downright, misère play ("Misère propagation" in the
  docstring of `grundy.games.lctr.lctr`, proved there; not in 000/001).

With k = min(d, w), λ[d−k, d−k] is the k×k square with arm (α_{d−k+1}, …, α_d)
and leg (β'_{d−k+1}, …, β'_d); for d < w this is λ itself, so small d are exact
too (d = 0 is the empty partition: terminal in LCTR, not a Downright position).
Its value follows from the per-box recursion on the k×k square (000 Eq. (3)
for LCTR, Eq. (4) for Downright) once the boundary values are known:
SG(λ[i, k]) = SG([α_{d−k+1+i}, …, α_d]) for i < k — a partition with at most w
rows, valued by the same recursion — and, by conjugation (000 Lemma 6), the
same function of β' for SG(λ[k, i]).  In LCTR an empty boundary partition is
the terminal position (0, misère 1); in Downright it is no move at all.

So the value of λ depends only on d, the boundary class x(α) of the last k
parts of the arm, and y(β') of the leg.  The arms with given last k parts
a = (a_1 ≥ … ≥ a_k ≥ 0) are a plus a partition into at most f = d − k parts each
≥ a_1, counted by p_{≤f}(m − |a| − f·a_1).  Hence, with
G_x = Σ_{a: x(a)=x} q^{|a| + f·a_1} and P_f = (1−q)(1−q²)…(1−q^f),

    Σ_n #{λ ⊢ n : SG(λ) = v} q^n = Σ_d q^{d²} Σ_{x, y : F(x, y) = v} G_x·G_y / P_f²,

F(x, y) the value of the window (`_window_value`).  Three steps compute this
for all sizes up to n at once:

1. *Boundary classes by columns.*  A tail a is a partition with at most k
   rows.  Read right to left, it has c_h = a_h − a_{h+1} columns of height h
   (a_{k+1} = 0), the shortest first.  The values (SG(λ[i, j]))_{i<k} of
   column j follow from those of column j + 1 by the per-box recursion
   (`_column`), so x(a) is the state of an automaton with at most 14 states
   (`_automaton`) after c_1 columns of height 1, …, c_k of height k, started
   in the state of the empty partition; and |a| + f·a_1 = Σ_h (h + f)·c_h.  So
   the G_x are a dynamic programme over the states (`_arm_series`); the
   columns of one height h add Σ_c q^{(h+f)c} T_h^c, whose powers of the
   transition map T_h repeat with a period after a few terms: a few shifted
   copies and one division by 1 − q^{(h+f)·period} (`_columns`).
2. *Products.*  Per d and v, H = Σ_x G_x·S_x with S_x = Σ_{y: F(x, y)=v} G_y,
   classes with the same row y ↦ F(x, y) taken together: exact big-integer
   products of the packed coefficient vectors (Kronecker substitution,
   `_pack`), in slots wide enough for the largest coefficient of the sum.
3. *Free parts.*  1/P_f² for all d at once by nesting (f = d − w for d ≥ w):
   Σ_{d≥w} q^{d²} H_d / P_{d−w}² = q^{w²}H_w + (q^{(w+1)²}H_{w+1} + (…)/(1−q²)²)/(1−q)²,
   each division a running sum (`_divide`).

This costs about (states) × n array steps per column height and Durfee length,
plus O(|classes| · √n) big-integer products of n coefficients (93 % of the
time at n = 10 000), instead of p(n) partitions: every n ≤ 10 000 in under a
minute (`benchmarks/bench_lctr_counts.py`).  `durfee_count_table` is checked
against the enumerating `enumerated_count_table` for every n ≤ 60, normal and
misère play, in the tests (and to n = 110 for normal LCTR in the findings),
and against the method it replaced (every tuple of w arm parts valued) for
normal LCTR and n ≤ 500: the A373457 b-file in the tests, every value in the
benchmark.

The top-row vectors (`enumerated_count_table`)
----------------------------------------------
Method (no partition is built, no value function is called).  Build every
partition from the bottom row up: λ is a new top row of length L ≥ μ1 on top
of μ = λ[1, 0].  Then λ[i, j] = μ[i−1, j] for i ≥ 1 (000 Eq. (1)), so the only
new sub-positions are λ[0, j], j < L, and their values follow from the values
of μ's top row by the per-box recursion of 000 Eq. (3) (LCTR) and Eq. (4)
(Downright), right to left:

    SG(λ[0, j]) = mex{SG(λ[1, j]), SG(λ[0, j+1])}

with λ[1, j] = μ[0, j], the empty partition being terminal in LCTR (value 0,
misère 1), and in Downright a move existing only into a non-empty partition
(a corner [1] is terminal: 0, misère 1).  The value of λ is that of λ[0, 0].

All that the future needs of λ is its *top-row vector* (SG(λ[0, j]))_{j<λ1},
so the partitions of each size are grouped by that vector with a
multiplicity: a dynamic programme over (size, vector) whose number of
distinct vectors is tiny next to the number of partitions (about 1.6·10⁵
vectors for all sizes ≤ 60, against 6.6·10⁶ partitions).  This is
`enumerated_count_table`: exact for normal and misère play, relying on
nothing but Eq. (3)/(4).

>>> durfee_count_table("lctr", 6)[6] == enumerated_count_table("lctr", 6)[6]
True
"""

from __future__ import annotations

from collections.abc import Callable
from math import isqrt

import numpy as np

from grundy.bounds import Work
from grundy.games.lctr.lctr_base import DIAGONAL_WINDOW, NO_OPTION, BoxTable, box_table, check_game
from grundy.validate import as_bool, check_non_negative

__all__ = ["durfee_count_table", "enumerated_count_table"]

# Per Durfee length d: (d, slot width in bytes, truncation q^limit, the packed H per value).
Packed = tuple[int, int, int, list[int]]


def _column(right: tuple[int, ...], height: int, empty: int, box: BoxTable) -> tuple[int, ...]:
    """The values (SG(λ[i, j]))_{i<k} of a column j of `height` boxes of a partition
    with at most k rows, from those of column j + 1 (`right`), by the per-box
    recursion (000 Eq. (3)/(4)) from the bottom box up: box i steps down to box
    i + 1 of the column and right to right[i].  `empty` codes the empty partition
    (LCTR: terminal value; Downright: NO_OPTION, no move), below the column's last box
    and in the rows it does not reach.

    Two columns of height 2 in LCTR: [1, 1] (value 2, [1] value 1), then [2, 2]
    (value 0, [2] value 2).

    >>> box = box_table(False)
    >>> _column((0, 0, 0), 2, 0, box)
    (2, 1, 0)
    >>> _column((2, 1, 0), 2, 0, box)
    (0, 2, 0)
    """
    values = [empty] * len(right)
    down = empty
    for i in range(height - 1, -1, -1):
        down = values[i] = box[down][right[i]]
    return tuple(values)


def _automaton(k: int, empty: int, box: BoxTable) -> tuple[list[tuple[int, ...]], list[np.ndarray]]:
    """The boundary classes of arm tails of k parts as states of the column automaton
    (module docstring): every state reachable from the empty partition's, which is
    states[0], and for h = 1 … k the transition map moves[h − 1]: the index of the
    state after one more column of height h, by `_column`.

    >>> states, moves = _automaton(3, 0, box_table(False))
    >>> len(states), states[0], states[moves[1][0]]  # 14 classes; a column [1, 1]
    (14, (0, 0, 0), (2, 1, 0))
    """
    states = [(empty,) * k]
    index = {states[0]: 0}
    edges: list[list[int]] = [[] for _ in range(k)]
    done = 0
    while done < len(states):
        for h in range(1, k + 1):
            after = _column(states[done], h, empty, box)
            if after not in index:
                index[after] = len(states)
                states.append(after)
            edges[h - 1].append(index[after])
        done += 1
    return states, [np.array(targets, dtype=np.intp) for targets in edges]


def _divide(series: np.ndarray, i: int) -> np.ndarray:
    """series / (1 − q^i) along the last axis, truncated to the same length:
    a[m] += a[m − i] for ascending m, as running sums over blocks of length i.

    >>> _divide(np.array([1, 0, 0, 0, 0]), 2).tolist()
    [1, 0, 1, 0, 1]
    """
    *lead, length = series.shape
    blocks = -(-length // i)
    padded = np.zeros((*lead, blocks * i), dtype=series.dtype)
    padded[..., :length] = series
    running = padded.reshape(*lead, blocks, i).cumsum(axis=-2)
    return running.reshape(*lead, blocks * i)[..., :length]


def _columns(series: np.ndarray, move: np.ndarray, step: int) -> np.ndarray:
    """Any number c ≥ 0 of columns of one height, each of weight `step`:
    Σ_c q^{c·step} T^c applied to series (shape: states × sizes, truncated), T the
    transition map `move`.  The maps T^c repeat from some c = r on with a period p,
    so this is Σ_{c<r} q^{c·step} T^c + Σ_{r≤c<r+p} q^{c·step} T^c / (1 − q^{p·step}):
    a few numpy steps per state, no compiled loop (numba stays in `grundy.engine`)."""
    powers = [np.arange(len(move))]  # powers[c][s] = T^c(s)
    seen = {powers[0].tobytes(): 0}
    while (repeat := seen.get((power := move[powers[-1]]).tobytes())) is None:
        seen[power.tobytes()] = len(powers)
        powers.append(power)
    sizes = series.shape[1]
    head = np.zeros_like(series)
    cycle = np.zeros_like(series)
    for c, power in enumerate(powers[: -(-sizes // step)]):  # weight c·step < sizes
        shift = c * step
        target = head if c < repeat else cycle
        for state, after in enumerate(power.tolist()):
            target[after, shift:] += series[state, : sizes - shift]
    return head + _divide(cycle, (len(powers) - repeat) * step)


def _arm_series(moves: list[np.ndarray], free: int, limit: int) -> np.ndarray:
    """G_x = Σ q^{|a| + f·a_1} over the arm tails a of k = len(moves) parts with
    boundary class x(a) = x (row x), f = `free`, to q^limit (module docstring): the
    automaton read through c_1 columns of height 1, …, c_k of height k, a column of
    height h weighing h + f.  Column m summed over x counts the (c_1, …, c_k) with
    Σ_h (h + f)·c_h = m, at most (m + 1)^{k−1} of them (c_2 … c_k fix c_1).

    >>> _, moves = _automaton(1, 0, box_table(False))  # one part a_1: states [], 1, 2
    >>> _arm_series(moves, 0, 5).tolist()  # [a_1] has value 1 if a_1 is odd, else 2
    [[1, 0, 0, 0, 0, 0], [0, 1, 0, 1, 0, 1], [0, 0, 1, 0, 1, 0]]
    """
    series = np.zeros((len(moves[0]), limit + 1), dtype=np.int64)
    series[0, 0] = 1
    for height, move in enumerate(moves, 1):
        series = _columns(series, move, height + free)
    return series


def _pack(series: np.ndarray, width: int) -> int:
    """Σ_m series[m]·2^{8·width·m}, the coefficients (int64, 0 ≤ c < 2^{8·width}) in
    slots of `width` bytes: a product of two packed series is the packed product
    while no coefficient of it reaches 2^{8·width} (Kronecker substitution).

    >>> _pack(np.array([1, 2, 3]), 1) == 0x030201
    True
    """
    raw = np.zeros((len(series), max(width, 8)), dtype=np.uint8)
    raw[:, :8] = series.astype("<i8").view(np.uint8).reshape(-1, 8)
    return int.from_bytes(raw[:, :width].tobytes(), "little")


def _unpack(packed: int, width: int, length: int) -> np.ndarray:
    """The first `length` coefficients of a packed series (`_pack`), Python ints.

    >>> _unpack(_pack(np.array([1, 2]), 9) ** 2, 9, 3).tolist()
    [1, 4, 4]
    """
    words = -(-width // 8)
    low = packed & ((1 << (8 * width * length)) - 1)
    raw = np.zeros((length, 8 * words), dtype=np.uint8)
    raw[:, :width] = np.frombuffer(low.to_bytes(width * length, "little"), dtype=np.uint8).reshape(
        length, width
    )
    limbs = raw.view("<u8")  # limbs[m, j]: bits 64·j … of coefficient m
    series = np.zeros(length, dtype=object)
    for j in range(words - 1, -1, -1):
        series = series * (1 << 64) + limbs[:, j].astype(object)
    return series


def _window_value(x: tuple[int, ...], y: tuple[int, ...], box: BoxTable) -> int:
    """SG of the k×k square with SG(λ[i, k]) = x[i] and SG(λ[k, j]) = y[j], by the
    per-box recursion (000 Eq. (3)/(4))."""
    k = len(x)
    grid = [[0] * (k + 1) for _ in range(k + 1)]
    for i in range(k):
        grid[i][k] = x[i]
        grid[k][i] = y[i]
    for i in range(k - 1, -1, -1):
        for j in range(k - 1, -1, -1):
            grid[i][j] = box[grid[i + 1][j]][grid[i][j + 1]]
    return grid[0][0]


def _products(
    series: np.ndarray, rows: list[tuple[np.ndarray, np.ndarray]]
) -> tuple[int, list[int]]:
    """(width, [H_v packed for v = 0, 1, 2]): H_v = Σ_x G_x · Σ_{y: F(x, y) = v} G_y
    (module docstring, step 2) for G = series, where `rows` lists (the classes x,
    F(x, ·) over all classes) for each distinct row of F.  Every coefficient of H_v
    is at most Σ_m total[m] · max total (total = Σ_x G_x), so slots of `width`
    bytes hold it."""
    total = series.sum(axis=0)
    bound = sum(total.tolist()) * int(total.max())
    width = -(-bound.bit_length() // 8)
    packed = [0, 0, 0]
    for members, row in rows:
        arm = series[members].sum(axis=0)
        if not arm.any():
            continue
        factor = _pack(arm, width)
        for v in range(3):
            legs = series[row == v].sum(axis=0)
            if legs.any():
                packed[v] += factor * _pack(legs, width)
    return width, packed


#: The Durfee window count grows as n^2.6 (n = 4,000 in 2 s, 8,000 in 12 s on a shared
#: 2-core machine); bounded as n^2.5 at twice that speed (`grundy.bounds`).
DURFEE_STEPS_PER_SECOND = 8000**2.5 / 6


def durfee_count_table(
    game: str,
    n_max: int,
    progress: Callable[[int, int], None] | None = None,
    misere: bool = False,
) -> list[dict[int, int]]:
    """[{value: number of partitions of n with that value} for n = 0 … n_max].

    `game` is "lctr" or "downright".  Same answer as
    `enumerated_count_table(game, n_max, misere)` (tested for n ≤ 60, both
    plays), computed from the Durfee window (module docstring: 000 Corollary
    16 for normal LCTR, Theorem 11 for normal Downright, "Misère propagation"
    of `grundy.games.lctr.lctr` for misère play)
    without enumerating partitions.  `progress(done, total)` is called after the
    products of each Durfee length d = 1 … ⌊√n_max⌋, in units of arm-series
    length (n_max − d² + 1 for d; the work per d grows with it, so the bar moves
    evenly); the division by the free parts (a small part of the time) follows.
    """
    game = check_game(game)
    check_non_negative(n=n_max)
    misere = as_bool(misere, "misere")
    doing = f"counting {game} at n ≤ {n_max} by the Durfee window"
    advice = "give a smaller n"
    Work(doing, n_max**2.5, "steps (n^2.5)", DURFEE_STEPS_PER_SECOND, 0, advice).check()
    lctr = game == "lctr"
    terminal = 1 if misere else 0
    w = DIAGONAL_WINDOW[game, misere]
    assert (n_max + 1) ** (w - 1) < 2**63, "arm series are int64 (`_arm_series`)"
    box = box_table(misere)
    empty = terminal if lctr else NO_OPTION
    # k: (the transition maps, the classes grouped by their row of F)
    classes: dict[int, tuple[list[np.ndarray], list[tuple[np.ndarray, np.ndarray]]]] = {}
    top = isqrt(n_max)
    for k in range(1, min(w, top) + 1):
        states, moves = _automaton(k, empty, box)
        table = np.array([[_window_value(x, y, box) for y in states] for x in states])
        groups: dict[bytes, list[int]] = {}
        for x, row in enumerate(table):
            groups.setdefault(row.tobytes(), []).append(x)
        classes[k] = moves, [(np.array(xs), table[xs[0]]) for xs in groups.values()]

    stored: list[Packed] = []
    total, done = sum(n_max - d * d + 1 for d in range(1, top + 1)), 0
    for d in range(1, top + 1):
        k = min(d, w)
        moves, rows = classes[k]
        limit = n_max - d * d
        width, packed = _products(_arm_series(moves, d - k, limit), rows)
        stored.append((d, width, limit, packed))
        done += limit + 1
        if progress is not None:
            progress(done, total)

    totals = np.zeros((3, n_max + 1), dtype=object)
    for d, width, limit, packed in reversed(stored):  # nested: (…)/P_{d−w}² from the inside
        for v in range(3):
            totals[v, d * d :] += _unpack(packed[v], width, limit + 1)
        if d > w:
            totals = _divide(_divide(totals, d - w), d - w)
    if lctr:
        totals[terminal, 0] += 1  # the empty partition (d = 0) is terminal
    return [{v: int(totals[v, n]) for v in range(3) if totals[v, n]} for n in range(n_max + 1)]


def enumerated_count_table(
    game: str,
    n_max: int,
    misere: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[int, int]]:
    """`count_table` by the top-row-vector dynamic programme (module docstring;
    000 Eq. (3), (4)): exact for normal and misère play.  `progress(n + 1, n_max + 1)` is
    called after each size n is finished."""
    lctr = check_game(game) == "lctr"
    check_non_negative(n=n_max)
    misere = as_bool(misere, "misere")
    terminal = 1 if misere else 0
    # The value of λ[i, j] for a j beyond μ's top row: [] in LCTR, no move in Downright.
    beyond = terminal if lctr else NO_OPTION
    box = box_table(misere)
    # The new row's boxes j ≥ width (beyond μ's top row) see `beyond` below them,
    # so their values depend only on how many there are: tails[d] is that part
    # of a row with d such boxes, and chain[d] the value they pass to box width−1.
    start = terminal if lctr else NO_OPTION  # the right option of the row's last box
    chain = [start]
    for _ in range(n_max):
        chain.append(box[chain[-1]][beyond])
    tails = [tuple(reversed(chain[1 : d + 1])) for d in range(n_max + 1)]
    layers: list[dict[tuple[int, ...], int] | None] = [{} for _ in range(n_max + 1)]
    layers[0] = {(): 1}
    table: list[dict[int, int]] = []
    for size in range(n_max + 1):
        layer = layers[size]
        assert layer is not None
        tally: dict[int, int] = {}
        room = n_max - size
        for below, mult in layer.items():
            if below:
                tally[below[0]] = tally.get(below[0], 0) + mult
            elif lctr:
                tally[terminal] = tally.get(terminal, 0) + mult
            width = len(below)
            # heads[e]: the values of boxes 0 … width−1 when box `width` passes e
            heads: dict[int, tuple[int, ...]] = {}
            for length in range(max(width, 1), room + 1):
                extra = length - width
                entering = chain[extra]
                head = heads.get(entering)
                if head is None:
                    values = [0] * width
                    right = entering
                    for j in range(width - 1, -1, -1):
                        right = box[right][below[j]]
                        values[j] = right
                    head = heads[entering] = tuple(values)
                key = head + tails[extra]
                target = layers[size + length]
                assert target is not None
                target[key] = target.get(key, 0) + mult
        layers[size] = None  # free: sizes only grow
        table.append(dict(sorted(tally.items())))
        if progress is not None:
            progress(size + 1, n_max + 1)
    return table
