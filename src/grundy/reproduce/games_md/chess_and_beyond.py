"""docs/games.md, the chess section and "Beyond" (000 §8): impartial chess on a Young
diagram and d-dimensional LCTR.
"""

from __future__ import annotations

from functools import cache

from grundy import Solver
from grundy.answers import reference_solver
from grundy.games.lctr.lctr_3d import Antichain, DimensionalLCTR, antichains_of_size
from grundy.nim import mex
from grundy.partition import Partition, rectangle
from grundy.reproduce import rows
from grundy.reproduce.games_md.games_setting import GAMES, diagram_family, game_value
from grundy.reproduce.shared import diagrams


# ------------------------------------------------------------------- chess
def _positions_are_boxes(lam: Partition) -> bool:
    return all(
        lam.sub(a, b).sub(c, d) == lam.sub(a + c, b + d)
        for a, row in enumerate(lam.to_list())
        for b in range(row)
        for c, row2 in enumerate(lam.sub(a, b).to_list())
        for d in range(row2)
    )


diagram_family(
    "chess: positions are boxes",
    "a move (a, b) replaces λ by λ[a, b], so every position is a box of the original "
    "diagram (a per-box table gives every value)",
    _positions_are_boxes,
    (10, 14),
    "(λ[a, b])[c, d] = λ[a + c, b + d] for every box, every λ with n ≤ {top}",
    "grundy table chess-king 4,3,1",
    "positions are not boxes",
)


def _slides_free(lam: Partition) -> bool:
    return all(
        lam.contains_box(i2, j) and lam.contains_box(i, j2)
        for i, row in enumerate(lam.to_list())
        for j in range(row)
        for i2 in range(i)
        for j2 in range(j)
    )


diagram_family(
    "rook: sliding",
    "rook: every box passed over must be in λ, and it always is, since λ is a diagram",
    _slides_free,
    (12, 18),
    "every box of every λ with n ≤ {top}",
    "grundy moves chess-rook 4,3,1",
    "a rook slide is blocked",
)


def _sides(side: int) -> list[tuple[int, int]]:
    """(r, c) for r, c ≤ side, row by row."""
    return [(r, c) for r in range(1, side + 1) for c in range(1, side + 1)]


GAMES.family_check(
    "rook = two-pile Nim",
    "on a rectangle the rook is two-pile Nim: G([c^r]) = (r − 1) ⊕ (c − 1)",
    cases=_sides,
    holds=lambda rc: game_value("rook", rectangle(*rc)) == (rc[0] - 1) ^ (rc[1] - 1),
    **rows.bounded("side", 12, 30),
    checked="every r × c with r, c ≤ {side}",
    command="grundy table chess-rook 4^3",
    false_note="the rook is not two-pile Nim",
    describe=lambda rc: f"{rc[0]} × {rc[1]}: {game_value('rook', rectangle(*rc))}",
)


@cache
def _wythoff(x: int, y: int) -> int:
    """SG of Wythoff's game on heaps (x, y): take from one heap, or equally from both."""
    seen = {_wythoff(x - k, y) for k in range(1, x + 1)}
    seen |= {_wythoff(x, y - k) for k in range(1, y + 1)}
    seen |= {_wythoff(x - k, y - k) for k in range(1, min(x, y) + 1)}
    return mex(seen)


def _golden(x: int, y: int) -> bool:
    """(x, y) is (⌊jφ⌋, ⌊jφ²⌋) or (⌊jφ²⌋, ⌊jφ⌋) for some j ≥ 0: Wythoff's P-positions."""
    phi = (1 + 5**0.5) / 2
    return any({x, y} == {int(j * phi), int(j * phi * phi)} for j in range(max(x, y) + 1))


def _queen_is_wythoff(rc: tuple[int, int]) -> bool:
    got = game_value("queen", rectangle(*rc))
    heaps = (rc[0] - 1, rc[1] - 1)
    return got == _wythoff(*heaps) and (got == 0) == _golden(*heaps)


GAMES.family_check(
    "queen = Wythoff",
    "on a rectangle the queen is Wythoff's game (on the heaps r − 1, c − 1)",
    cases=_sides,
    holds=_queen_is_wythoff,
    **rows.bounded("side", 12, 30),
    checked="every r × c with r, c ≤ {side}: every value against Wythoff's game, and the "
    "P-positions against (⌊jφ⌋, ⌊jφ²⌋)",
    command="grundy table chess-queen 6^4",
    false_note="the queen is not Wythoff's game",
    describe=lambda rc: (
        f"{rc[0]} × {rc[1]}: {game_value('queen', rectangle(*rc))}, Wythoff "
        f"{_wythoff(rc[0] - 1, rc[1] - 1)}"
    ),
)


# ------------------------------------------------------------ beyond: 000 §8
@cache
def _lctr_d(dim: int) -> Solver:
    return reference_solver(DimensionalLCTR(dim))


def _corners(lam: Partition) -> Antichain:
    return Antichain(2, [(i + 1, j + 1) for i, j in lam.corners()])


GAMES.family_check(
    "d-dimensional LCTR: d = 2",
    "for d = 2, d-dimensional LCTR is LCTR on the partition whose corners are S",
    cases=lambda top: [(lam, m) for lam in diagrams(top) for m in (False, True)],
    holds=lambda c: _lctr_d(2).value(_corners(c[0]), c[1]) == game_value("lctr", c[0], c[1]),
    **rows.up_to(12, 18),
    checked="every λ with n ≤ {top}, normal and misère",
    command="grundy value lctr 4,3,1",
    false_note="2-dimensional LCTR differs from LCTR",
    describe=lambda c: f"[{c[0]}], misère {c[1]}",
)

GAMES.family_check(
    "d-dimensional LCTR: values ≤ d",
    "d-dimensional LCTR: values never exceed d",
    cases=lambda d3, d4: [
        (d, s, m)
        for d, top in ((3, d3), (4, d4))
        for n in range(top + 1)
        for s in antichains_of_size(d, n)
        for m in (False, True)
    ],
    holds=lambda c: _lctr_d(c[0]).value(c[1], c[2]) <= c[0],
    quick={"d3": 9, "d4": 7},
    full={"d3": 14, "d4": 10},
    checked="d = 3: every plane partition of n ≤ {d3}; d = 4: every solid partition of "
    "n ≤ {d4}; normal and misère",
    command='grundy value lctr-3d "2,1,1"',
    false_note="a value exceeds d",
    describe=lambda c: f"d = {c[0]}: {c[1]} (misère {c[2]})",
)


def _round_trip(lam: Partition) -> bool:
    """λ → its corners {(λi, i)} → runs → λ."""
    parts = lam.to_list()
    corners = [
        (parts[i - 1], i)
        for i in range(1, len(parts) + 1)
        if i == len(parts) or parts[i] < parts[i - 1]
    ]
    runs, above = [], 0
    for part, row in corners:
        runs.append((part, row - above))
        above = row
    return Partition.from_runs(runs) == lam and tuple(runs) == lam.runs


diagram_family(
    "corner representation",
    "a partition given by its corners {(λi, i)} is equivalent to grundy's run-length form",
    _round_trip,
    (14, 22),
    "corners → runs → λ for every λ with n ≤ {top}",
    'grundy value lctr-3d "(1,2,3) (2,1,1)"',
    "corners do not determine λ",
    note="grundy reads corners as input only in d-dimensional LCTR (lctr-3d), not yet for "
    "the partition games",
    shows=rows.no_command,
)
