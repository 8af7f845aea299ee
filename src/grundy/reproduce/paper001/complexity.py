"""Paper 001: the complexity of LCTR (Corollary 18, Lemma 19, Observation 20,
Algorithm 1).
"""

from __future__ import annotations

from grundy.analysis.tables import box_values
from grundy.nim import mex
from grundy.partition import Partition
from grundy.reproduce.paper001.lctr_moves import (
    Row,
    lctr_options,
    left_column_removed,
    register,
    top_row_removed,
)
from grundy.reproduce.shared import boxes, sg, show


# ------------------------------------------------------------ complexity
def _reachable(p: Partition) -> set[Partition]:
    """Every position reachable from p in one or more moves (so ∅, not p itself)."""
    seen: set[Partition] = set()
    stack = [p]
    while stack:
        for child in lctr_options(stack.pop()):
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen


def _reaches(p: Partition) -> str:
    return f"{show(p.to_list())} reaches {len(_reachable(p))} partitions"


def _algorithm_1(parts: tuple[int, ...], store: dict[tuple[int, ...], int]) -> int:
    """Algorithm 1: SG by Eq. (1), each position reachable from λ computed once and kept in
    the dictionary `store` (which holds the terminal position beforehand)."""
    if parts not in store:
        options = (top_row_removed(parts), left_column_removed(parts))
        store[parts] = mex(_algorithm_1(q, store) for q in options)
    return store[parts]


def _mex_steps(p: Partition) -> int:
    """The mex steps Algorithm 1 takes on λ: one per position it stores."""
    store: dict[tuple[int, ...], int] = {(): 0}  # the terminal position, precomputed
    _algorithm_1(tuple(p.parts()), store)
    return len(store) - 1


#: Algorithm 1's dictionary, shared by every partition of the check (the terminal position
#: stored beforehand).
_STORE: dict[tuple[int, ...], int] = {(): 0}


def _algorithm_1_agrees(p: Partition) -> bool:
    """Algorithm 1 and grundy's per-box table (`grundy table lctr`) against exhaustive search."""
    table = box_values("lctr", p)
    return _algorithm_1(tuple(p.parts()), _STORE) == sg("lctr", p) and all(
        table[i][j] == sg("lctr", p.sub(i, j)) for i, j in boxes(p)
    )


register(
    Row(
        "Corollary 18",
        "for any partition of n there exist at most n distinct partitions reachable from it",
        lambda p: len(_reachable(p)) <= p.size,
        (16, 28),
        "every partition with n ≤ {top} (reachable: ∅ counted, λ itself not, as in the proof "
        "of Lemma 19)",
        _reaches,
        "stats",
        "grundy stats lctr 8,7,6,5^2,2,1",
    ),
    Row(
        "Lemma 19",
        "a rectangle (b^a) has exactly n = ab distinct partitions reachable from it; any other "
        "partition of n has fewer than n",
        lambda p: (len(_reachable(p)) == p.size) == (len(p.runs) == 1),
        (16, 28),
        "every partition with n ≤ {top} (reachable: ∅ counted, λ itself not)",
        _reaches,
        "stats",
        "grundy stats lctr 4^3",
    ),
    Row(
        "Observation 20",
        "the SG value of a partition on n squares can be computed in O(n) (Algorithm 1)",
        lambda p: _mex_steps(p) <= p.size,
        (16, 30),
        "every partition with n ≤ {top}: Algorithm 1 takes at most n mex steps (one per "
        "square: each stored position is λ[i, j] for a box (i, j))",
        lambda p: f"{show(p.to_list())}: {_mex_steps(p)} mex steps",
        "stats",
        "grundy stats lctr 8,7,6,5^2,2,1",
        note="an operation count; with whole partitions as dictionary keys a step costs more "
        "than O(1), keyed by the box (i, j) it is O(1)",
    ),
    Row(
        "Algorithm 1",
        "SG(λ) by Eq. (1), storing the value of each distinct position reachable from λ in a "
        "dictionary so that each is computed exactly once",
        _algorithm_1_agrees,
        (14, 24),
        "every partition with n ≤ {top}: Algorithm 1 (written here) and grundy's per-box "
        "table (every box) against exhaustive search",
        lambda p: show(p.to_list()),
        "table",
        "grundy table lctr 8,7,6,5^2,2,1",
    ),
)
