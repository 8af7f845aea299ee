"""Game-tree sizes of LCTR and Downright counted on the runs of λ (000 §7.2–7.3).

The states of L(λ) and D(λ) are the sub-partitions λ[i, j] of 000 §2.1 and
the box (i, j) occurs C(i + j, i) times in the game tree (000 §7.2: every
monotone path to a box stays inside the diagram), so α, ϱ, the number of
states and the height follow from binomial sums over the runs of λ, and
partitions with far more boxes than could be walked are answered exactly.
`partition_stats` is tested against the generic walk
`grundy.analysis.tree_size.tree_size`.  `max_nodes`, `max_nodes_by_rows` and
`conjecture_27` test 000 Conjecture 27 (is the square the α-maximiser?).

>>> partition_stats("lctr", "4^3").nodes  # 000 Table 1: 2·C(7,3) − 1
69
"""

from __future__ import annotations

from math import comb
from typing import Any

from grundy.game import TreeSize
from grundy.games.lctr.lctr_base import check_game
from grundy.partition import Partition, PartitionLike, partitions
from grundy.validate import check_non_negative, check_positive

__all__ = [
    "DEFAULT_MAX_SPAN",
    "MAX_RUNS_FOR_STATES",
    "conjecture_27",
    "max_nodes",
    "max_nodes_by_rows",
    "partition_stats",
]

#: Largest r + λ1 for which `partition_stats` writes out the (exact) binomials: numbers of
#: about 60,000 digits, 3.3 s for 99999^99999 (one binomial C(2m, m) costs 0.5 s at
#: m = 100,000, 31 s at m = 1,000,000, and a rectangle takes seven).
DEFAULT_MAX_SPAN = 200_000
#: Largest number of runs for which `partition_stats` counts distinct states (O(k²)).
MAX_RUNS_FOR_STATES = 5_000


def partition_stats(
    game: str, position: PartitionLike, max_span: int = DEFAULT_MAX_SPAN
) -> TreeSize:
    """α, ϱ, states and height of L(λ) or D(λ), computed on the runs of λ.

    With rows and columns numbered from 0, the boxes (i, j) of λ are exactly
    the non-empty positions λ[i, j] reachable in either game, each occurring
    C(i+j, i) times in the tree (000 §7.2: every monotone path to a box stays
    inside the diagram).  Hence, with hockey-stick sums over each run of rows:

    * α(D(λ)) = Σ_boxes C(i+j, i); ϱ(D(λ)) = Σ_corners C(i+j, i);
    * ϱ(L(λ)) counts the paths leaving the diagram: through the right end of
      row i, C(i + λ_{i+1} − 1, i), or the bottom of column j,
      C(j + λ'_{j+1} − 1, j); α(L(λ)) = Σ_boxes C(i+j, i) + ϱ(L(λ))
      (which is 000 Corollary 23);
    * height(D) = max over corners of i + j, height(L) = that + 1;
    * states: λ[i, j] is determined by the factor of λ's boundary word that
      starts at the (j+1)-th east step and ends at the step into row i, so the
      distinct states are the distinct factors beginning east and ending
      north, counted per run pattern in O(k²) for k runs (+1 for [] in LCTR).

    Time is O(k²) plus O(k) exact binomials with arguments up to r + λ1;
    r + λ1 > `max_span` is a ValueError (the numbers would have that many bits).
    """
    lctr = check_game(game) == "lctr"
    lam = Partition.coerce(position)
    if not lam and not lctr:
        raise ValueError("Downright is played on a non-empty partition")
    if not lam:
        return TreeSize(1, 1, 1, 0)
    span = lam.length + lam.largest
    if span > max_span:
        raise ValueError(
            f"partition {lam} has r + λ1 = {span} > {max_span}: its tree counts are "
            f"numbers of about {span} bits (raise max_span to insist)"
        )
    if len(lam.runs) > MAX_RUNS_FOR_STATES:
        raise ValueError(
            f"partition has {len(lam.runs)} runs; counting its distinct states costs "
            f"O(runs²), refused above {MAX_RUNS_FOR_STATES} runs"
        )
    boxes_paths, corner_paths, deepest = _box_paths(lam)
    states = _distinct_states(lam)
    if lctr:
        leaves = _exit_paths(lam) + _exit_paths(lam.conjugate())
        return TreeSize(boxes_paths + leaves, leaves, states + 1, deepest + 1)
    return TreeSize(boxes_paths, corner_paths, states, deepest)


def _box_paths(lam: Partition) -> tuple[int, int, int]:
    """(Σ_boxes C(i+j, i), Σ_corners C(i+j, i), max over corners of i + j)."""
    total = corners = deepest = 0
    first = 0  # 0-based index of the run's first row
    for part, mult in lam.runs:
        last = first + mult - 1
        # Σ_{i=first}^{last} Σ_{j<part} C(i+j, i) = Σ_i C(i+part, part-1)
        total += comb(last + part + 1, part) - comb(first + part, part)
        corners += comb(last + part - 1, last)
        deepest = max(deepest, last + part - 1)
        first = last + 1
    return total, corners, deepest


def _exit_paths(lam: Partition) -> int:
    """Σ over rows i of C(i + λ_{i+1} − 1, i): plays of L(λ) ending by a move
    right out of row i (000 §7.2); the conjugate gives the moves down."""
    total = 0
    first = 0
    for part, mult in lam.runs:
        last = first + mult - 1
        # Σ_{i=first}^{last} C(i+part-1, part-1) = C(last+part, part) - C(first+part-1, part)
        total += comb(last + part, part) - comb(first + part - 1, part)
        first = last + 1
    return total


def _distinct_states(lam: Partition) -> int:
    """The number of distinct non-empty λ[i, j], (i, j) ∈ λ, in O(k²) for k runs.

    The boundary word of λ from the bottom-left is R^{a_0} U^{b_0} … R^{a_{k-1}}
    U^{b_{k-1}} (a_s ≥ 1 the part increments, b_s the multiplicities, bottom run
    first).  A box gives the factor R^x · w · U^y where x ≤ a_s (suffix of the
    s-th east run), y ≤ b_t (prefix of the t-th north run) and w is the full
    runs in between, U^{b_s} R^{a_{s+1}} … R^{a_t} (empty when s = t).  Two
    boxes give the same partition iff their factors are equal, i.e. same w,
    same x and same y.  So the count is Σ over distinct w of the area of the
    union of the rectangles [1, a_s] × [1, b_t] over the occurrences (s, t) of w.
    """
    runs = lam.runs[::-1]  # bottom run first
    k = len(runs)
    a = [runs[s][0] - (runs[s - 1][0] if s else 0) for s in range(k)]
    b = [mult for _, mult in runs]
    rectangles: dict[tuple[int, int], list[tuple[int, int]]] = {}
    rectangles[(0, 0)] = [(a[s], b[s]) for s in range(k)]  # w empty (s = t)
    ids = [0] * k  # ids[s]: id of the pattern of the current length starting at s
    for length in range(1, k):
        interned: dict[tuple[int, int, int], int] = {}
        for s in range(k - length):
            t = s + length
            key = (ids[s], b[t - 1], a[t])
            ident = interned.setdefault(key, len(interned))
            ids[s] = ident
            rectangles.setdefault((length, ident), []).append((a[s], b[t]))
    return sum(_union_area(rects) for rects in rectangles.values())


def _union_area(rectangles: list[tuple[int, int]]) -> int:
    """Area of the union of the rectangles [1, w] × [1, h] (all anchored at the origin)."""
    area = reach = 0
    for width, height in sorted(rectangles, reverse=True):
        if height > reach:
            area += width * (height - reach)
            reach = height
    return area


def max_nodes(game: str, size: int) -> tuple[int, list[Partition]]:
    """The largest α over all partitions of `size`, and every partition attaining it.

    For testing 000 Conjecture 27 (size = n², is the square ⊞_{n,n} the
    maximiser?) for LCTR and Downright; maximisers in the order of
    `grundy.partition.partitions`.
    """
    lctr = check_game(game) == "lctr"
    best = -1
    winners: list[Partition] = []
    for lam in partitions(size):
        if not lam and not lctr:
            continue
        if not lam:
            nodes = 1  # L([]) is a single node
        else:
            nodes = _box_paths(lam)[0]
            if lctr:
                nodes += _exit_paths(lam) + _exit_paths(lam.conjugate())
        if nodes > best:
            best, winners = nodes, [lam]
        elif nodes == best:
            winners.append(lam)
    if best < 0:
        raise ValueError(f"{game} has no positions of size {size}")
    return best, winners


def _row_weight(lctr: bool, i: int, part: int) -> int:
    """The share of row i (0-based) with λ_{i+1} = part in α (see `max_nodes_by_rows`)."""
    boxes = comb(i + part, i + 1)  # Σ_{j<part} C(i+j, i): the boxes of row i
    if not lctr:
        return boxes
    # L adds its leaves: the exit right of row i, C(i+part−1, i), and the exits below the
    # columns ending in row i, C(i+λ_{i+1}, i+1) − C(i+λ_{i+2}, i+1); the last term is
    # charged to the next row, hence the correction −C(i−1+part, i) for row i ≥ 1.
    correction = comb(i - 1 + part, i) if i else 0
    return 2 * boxes + comb(i + part - 1, i) - correction


def max_nodes_by_rows(game: str, size: int) -> tuple[int, int]:
    """(largest α over all partitions of `size`, how many partitions attain it).

    No enumeration: α is a sum of one weight per row (`_row_weight`: from
    α(D(λ)) = Σ_i C(i + λ_{i+1}, i + 1) and, for LCTR, the leaves of
    `partition_stats`), so a dynamic programme over (row i, boxes left m,
    previous part p) finds the maximum and the number of maximisers; a prefix
    maximum over p makes each state O(1), about size² log(size) states.
    Checked against `max_nodes` (enumeration) in the tests.
    """
    lctr = check_game(game) == "lctr"
    check_non_negative(size=size)
    if size == 0:
        if lctr:
            return 1, 1
        raise ValueError("downright has no positions of size 0")
    n = size
    # nxt[m][p] = (best, count) for rows i+1, … with m boxes left, previous part p;
    # a state is possible when the rows so far (each ≥ p) fit: (i+1)·p ≤ n − m.
    nxt: list[list[tuple[int, int]]] = []
    for i in range(n - 1, -1, -1):
        cur: list[list[tuple[int, int]]] = []
        for m in range(n + 1):
            # row 0 starts with all n boxes left and any first part
            p_max = min((n - m) // i, n) if i else (n if m == n else 0)
            row: list[tuple[int, int]] = [(-1, 0)] * (p_max + 1)
            if m == 0:
                row = [(0, 1)] * (p_max + 1)
            else:
                best, ways = -1, 0
                for p in range(1, p_max + 1):
                    if p <= m:
                        if m == p:  # row i is the last row
                            rest_best, rest_ways = 0, 1
                        elif i + 1 < n:
                            rest_best, rest_ways = nxt[m - p][p]
                        else:
                            rest_best, rest_ways = -1, 0
                        if rest_ways:
                            value = _row_weight(lctr, i, p) + rest_best
                            if value > best:
                                best, ways = value, rest_ways
                            elif value == best:
                                ways += rest_ways
                    row[p] = (best, ways)
            cur.append(row)
        nxt = cur
    return nxt[n][n]


def conjecture_27(game: str, n: int) -> dict[str, Any]:
    """Test 000 Conjecture 27 at n: is α maximal, among the partitions of n², at the
    square ⊞_{n,n}?  Returns {"n", "square_nodes", "max_nodes", "maximisers" (how
    many partitions attain the maximum), "holds"} (`max_nodes_by_rows`)."""
    check_positive(n=n)
    square = partition_stats(game, Partition.from_runs([(n, n)])).nodes
    best, ways = max_nodes_by_rows(game, n * n)
    return {
        "n": n,
        "square_nodes": square,
        "max_nodes": best,
        "maximisers": ways,
        "holds": square == best,
    }
