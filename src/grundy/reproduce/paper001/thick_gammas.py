"""Paper 001: thick Γ-partitions ((t+a)^t, t^b) and the cells above the diagonal of their
tables (Lemmas 12–16, Theorem 17, Figures 11, 12).

>>> _thick(2, 1, 3), _above(3, 4)
([3, 3, 2, 2, 2], 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from grundy.nim import mex
from grundy.reproduce import rows
from grundy.reproduce.paper001.lctr_moves import (
    CONTRADICTED,
    PAPER,
    contradicted,
    lctr_sg,
    lost_figure,
    show_table,
    value_row,
)
from grundy.reproduce.shared import show, sub


def _thick(t: int, a: int, b: int) -> list[int]:
    """The thick Γ-partition ((t+a)^t, t^b)."""
    return [t + a] * t + [t] * b


def _above(a: int, d: int) -> int:
    """The value Lemmas 14–16 (reconstructed) give the cell λ[i, i + d], 0 < d, i + d < t,
    of a thick Γ-partition with right arm a."""
    if a <= 2 or a % 2 == 0:
        return d % 2
    return d if d <= 2 else (d + 1) % 2


# ------------------------------------------------------------- thick Γ
value_row(
    "Lemma 12",
    "Γ-partitions (a + 1, 1^b), a, b ≥ 1, are P-positions",
    lambda top: sorted(
        (_thick(1, a, b) for a in range(1, top + 1) for b in range(1, top + 1)), key=sum
    ),
    lambda q: 0,
    (20, 80),
    "every Γ-partition with arms a, b ≤ {top}, exhaustive search",
    "grundy moves lctr 5,1^3",
)

value_row(
    "Lemma 13",
    "a thick Γ-partition ((t+a)^t, t^b), t, a, b ≥ 1, is a P-position",
    lambda top: sorted(
        (
            _thick(t, a, b)
            for t in range(1, top + 1)
            for a in range(1, top + 1)
            for b in range(1, top + 1)
        ),
        key=sum,
    ),
    lambda q: 0,
    (7, 14),
    "reconstructed statement; every thick Γ-partition with t, a, b ≤ {top}, exhaustive search",
    "grundy table lctr 6^3,3^2",
    "statement reconstructed from the proof (opposite moves give ((t+a−1)^(t−1), "
    "(t−1)^b); t = 1 is Lemma 12)",
)


def _cells_above(t: int) -> list[tuple[int, int]]:
    """(i, j) with 0 ≤ i < j < t: the cells above the diagonal of the t × t square."""
    return [(i, j) for i in range(t) for j in range(i + 1, t)]


def _rebuilt(t: int, a: int) -> dict[tuple[int, int], int]:
    """The cells above the diagonal by mex from the column λ[i, t] = (a^{t−i}) and zeros
    on the diagonal only (Figure 11)."""
    cell: dict[tuple[int, int], int] = {}
    for i in reversed(range(t)):
        for j in reversed(range(i + 1, t)):
            down = 0 if i + 1 == j else cell[i + 1, j]
            right = lctr_sg([a] * (t - i)) if j + 1 == t else cell[i, j + 1]
            cell[i, j] = mex((down, right))
    return cell


def _figure_11_holds(case: tuple[int, int, int]) -> bool:
    t, a, b = case
    lam = _thick(t, a, b)
    cell = _rebuilt(t, a)
    diagonal = all(lctr_sg(sub(lam, i, i)) == 0 for i in range(t))
    return diagonal and all(lctr_sg(sub(lam, i, j)) == cell[i, j] for i, j in _cells_above(t))


PAPER.family_check(
    "Figure 11",
    "in the table of a thick Γ-partition the diagonal cells are 0 (Lemma 13) and the entries "
    "above the diagonal depend solely on the leftmost column of the right rectangle",
    cases=lambda top, arms: [
        (t, a, b) for t in range(1, top + 1) for a in range(1, top + 1) for b in range(1, arms + 1)
    ],
    holds=_figure_11_holds,
    quick={"top": 6, "arms": 3},
    full={"top": 10, "arms": 5},
    checked="every thick Γ-partition with t, a ≤ {top}, b ≤ {arms}: the diagonal, and the cells "
    "above it rebuilt by mex from that column alone, against exhaustive search",
    false_note=CONTRADICTED,
    describe=lambda c: show(_thick(*c)),
    shows=lambda c: show_table(_thick(*c)),
    command="grundy table lctr 7^4,4^3",
)


lost_figure(
    "12",
    "the cells above the diagonal of a thick Γ-partition for a = 1 (left) and a = 2 (right)",
    "the triangles above the diagonal, a = 1 and a = 2",
    "Lemmas 14, 15",
    "grundy table lctr 7^6,6^2",
)


Cell = tuple[int, int, int, int, int]


def _cells(top: int, arms: Iterable[int], down: int) -> list[Cell]:
    """The cells (t, a, b, i, j), i < j < t ≤ top, of the thick Γ-partitions with right arm
    a in `arms` and down arm b ≤ `down`."""
    return [
        (t, a, b, i, j)
        for t in range(2, top + 1)
        for a in arms
        for b in range(1, down + 1)
        for i, j in _cells_above(t)
    ]


def _above_holds(c: Cell) -> bool:
    """The cell above the diagonal has the value of Lemmas 14–16."""
    t, a, b, i, j = c
    return lctr_sg(sub(_thick(t, a, b), i, j)) == _above(a, j - i)


def _both_sides_hold(c: Cell) -> bool:
    """…and so has its mirror below the diagonal, with the down arm b in place of a."""
    t, a, b, i, j = c
    return _above_holds(c) and lctr_sg(sub(_thick(t, a, b), j, i)) == _above(b, j - i)


def _cell_values(c: Cell) -> str:
    t, a, b, i, j = c
    lam = _thick(t, a, b)
    return f"{show(lam)}, cell ({i}, {j}) or ({j}, {i}): values {lctr_sg(sub(lam, i, j))}, " + str(
        lctr_sg(sub(lam, j, i))
    )


_CLAIM_14_15 = (
    "thick Γ-partition with a = {a}: the cells above the diagonal are SG(λ[i, j]) = (j − i) mod 2"
)
_CLAIM_16 = (
    "thick Γ-partition with a ≥ 3: above the diagonal SG(λ[i, j]) = (j − i) mod 2 if a is even; "
    "if a is odd, 1 and 2 for j − i = 1, 2 and (j − i + 1) mod 2 for j − i ≥ 3"
)

_TRIANGLE_NOTE = (
    "formula lost in the text copy; checked the reconstruction (the proof's induction on the "
    "parity of j − i)"
)

#: What the rows of Lemmas 14–16 and Theorem 17 share.
_TRIANGLE = {
    "note": _TRIANGLE_NOTE,
    "false_note": contradicted(_TRIANGLE_NOTE),
    "describe": _cell_values,
    "shows": lambda c: show_table(_thick(*c[:3])),
}


def _triangle_words(arms: str, below: bool = False) -> str:
    """The range of a triangle row in words (a template over {top} and {down})."""
    return (
        "reconstructed formula; every cell λ[i, j], i < j < t, of every thick Γ-partition with "
        f"{arms}, t ≤ {{top}}"
        + (", b ≤ {down}, and the cells below the diagonal" if below else "")
        + ", exhaustive search"
    )


#: Lemmas 14–16, one row each: number, claim, the arms a (given the bound t ≤ top), the
#: quick and full bounds, the arms in words, and the command that shows an instance.
_ABOVE_ROWS: tuple[tuple[str, str, Callable[[int], Iterable[int]], int, int, str, str], ...] = (
    ("Lemma 14", _CLAIM_14_15.format(a=1), lambda top: [1], 12, 30, "a = 1", "7^6,6^2"),
    ("Lemma 15", _CLAIM_14_15.format(a=2), lambda top: [2], 12, 30, "a = 2", "8^6,6^2"),
    ("Lemma 16", _CLAIM_16, lambda top: range(3, top + 1), 8, 16, "3 ≤ a ≤ {top}", "9^6,6^2"),
)


def _above_cells(arms: Callable[[int], Iterable[int]]) -> Callable[[int], list[Cell]]:
    """The cases of a row of `_ABOVE_ROWS`: the cells above the diagonal, t ≤ top."""
    return lambda top: _cells(top, arms(top), 1)


for number, claim, arms, quick_top, full_top, words, shown in _ABOVE_ROWS:
    PAPER.family_check(
        number,
        claim,
        cases=_above_cells(arms),
        holds=_above_holds,
        **rows.up_to(quick_top, full_top),
        checked=_triangle_words(words),
        command=f"grundy table lctr {shown}",
        **_TRIANGLE,
    )

PAPER.family_check(
    "Theorem 17",
    "thick Γ-partition: if a = 1, if a = 2, or if a ≥ 3 and a is even, SG(λ[i, j]) = (j − i) "
    "mod 2 above the diagonal; if a ≥ 3 and a is odd, the odd case of Lemma 16",
    cases=lambda top, down: _cells(top, range(1, top + 1), down),
    holds=_both_sides_hold,
    quick={"top": 8, "down": 4},
    full={"top": 14, "down": 14},
    checked=_triangle_words("a ≤ {top}", below=True),
    command="grundy table lctr 10^6,6^3",
    **_TRIANGLE,
)
