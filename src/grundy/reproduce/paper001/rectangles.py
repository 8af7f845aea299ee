"""Paper 001: rectangles, quadrated partitions and staircases (Lemmas 5–11, Figures
4–9).
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.games.lctr.lctr import (
    lemma3_staircase,
    lemma12_one_row,
    lemma13_two_rows,
    lemma14_three_rows,
    lemma17_rectangle,
)
from grundy.nim import mex
from grundy.partition import Partition
from grundy.reproduce import rows
from grundy.reproduce.paper001.lctr_moves import (
    PAPER,
    contradicted,
    lctr_sg_apart,
    lost_figure,
    side,
    value_row,
)
from grundy.reproduce.rows import Verdict
from grundy.reproduce.shared import boxes, diagrams, quadrated, sg, show


# -------------------------------------------------------------- rectangles
def _thin_rectangles(
    number: str,
    claim: str,
    k: int,
    low: int,
    value: Callable[[int], int],
    note: str,
    what: str,
    example: str,
) -> None:
    """The row of Lemma 5, 6 or 7 (reconstructed): SG(b^k) = SG(k^b) = value(b) for every
    low ≤ b ≤ top, searched with conjugates apart; `what` is the reconstruction and the
    shapes in words, `example` a shape the command shows."""
    value_row(
        number,
        claim,
        lambda top: [shape for b in range(low, top + 1) for shape in ([b] * k, [k] * b)],
        lambda q: value(side(q, k)),
        (40, 400),
        f"{what}, exhaustive search with conjugates apart",
        f"grundy value lctr {example}",
        note,
        lctr_sg_apart,
    )


_thin_rectangles(
    "Lemma 5",
    "for b ≥ 1, (b) and (1^b) are N-positions; SG(b) = SG(1^b) = 1 if b is odd, 2 if b is even",
    1,
    1,
    lemma12_one_row,
    "formula read from the proof ('sg(b) = mex{0, sg(b − 1)}')",
    "reconstructed formula; (b) and (1^b) for every b ≤ {top}",
    "1^6",
)


def _figure_4_table(p: Partition, literal: bool) -> list[list[int]]:
    """Figure 4's rule: each square gets the mex of the values right of and below it, or 0 if
    there is none (`literal`), or counting a missing value as 0 (the empty partition)."""
    rows = list(p.parts())
    out = [[0] * r for r in rows]
    for i in reversed(range(len(rows))):
        for j in reversed(range(rows[i])):
            near = []
            for di, dj in ((0, 1), (1, 0)):
                if i + di < len(rows) and j + dj < rows[i + di]:
                    near.append(out[i + di][j + dj])
                elif not literal:
                    near.append(0)  # the empty partition beyond the diagram
            out[i][j] = mex(near) if near else 0
    return out


def _figure_4_agrees(p: Partition, literal: bool) -> bool:
    got = _figure_4_table(p, literal)
    return all(got[i][j] == sg("lctr", p.sub(i, j)) for i, j in boxes(p))


def _figure_4_reading(
    literal: bool,
    false_note: str,
    describe: Callable[[Partition], str],
    verdict: Verdict = Verdict.FALSE,
    command: str | None = None,
) -> rows.Family[Partition]:
    """One reading of Figure 4's rule (`literal` or not, `_figure_4_table`) on every box of
    every partition with n ≤ 10 (quick) or 20, against exhaustive search; `verdict` at the
    first partition where that reading fails."""
    return rows.Family(
        lambda top: diagrams(top),
        lambda p: _figure_4_agrees(p, literal),
        **rows.up_to(10, 20),
        checked="every box of every partition with n ≤ {top}, both readings, exhaustive search",
        false_note=false_note,
        command=command,
        describe=describe,
        shows=lambda p: f"grundy table lctr {p}",
        verdict=verdict,
    )


PAPER.statement(
    "Figure 4",
    "in each square of a row, SG of the row from that square on, 'computed by taking the mex "
    "of the values to the right and below the square, or zero if no such value present'",
)(
    rows.in_turn(
        _figure_4_reading(
            False,
            "the rule fails even with 0 for the empty partition beyond the diagram",
            lambda p: show(p.to_list()),
        ).check,
        _figure_4_reading(
            True,
            "read as 'a square with no value to its right or below gets 0' the rule is false; "
            "read as 'a missing value counts as 0' (the empty partition beyond the diagram, "
            "which 000 Fig. 5 draws) it holds",
            lambda p: (
                f"{show(p.to_list())}: its last square has no value to the right "
                f"or below, that reading records 0, SG = {sg('lctr', p)}"
            ),
            Verdict.WORDING,
            "grundy table lctr 7",
        ).check,
    )
)


lost_figure(
    "5", "a visual summary of the values of (b^2)", "(b^2)", "Lemma 6", "grundy table lctr 8^2"
)


_thin_rectangles(
    "Lemma 6",
    "for b ≥ 1: SG(b^2) = SG(2^b) = 2 if b is odd, 0 if b is even",
    2,
    1,
    lambda b: lemma13_two_rows(b, b),
    "formula reconstructed from the proof's base cases SG(1^2) = 2, SG(2^2) = 0",
    "reconstructed formula; (b^2) and (2^b) for every b ≤ {top}",
    "7^2",
)


lost_figure(
    "6", "the values of (b^3) and (3^b)", "(b^3) and (3^b)", "Lemma 7", "grundy table lctr 8^3"
)


_thin_rectangles(
    "Lemma 7",
    "for b ≥ 3: SG(b^3) = SG(3^b) = 0 if b is odd, 1 if b is even",
    3,
    3,
    lambda b: lemma14_three_rows(b, b, b),
    "statement and proof lost; reconstructed as the base cases a = 3, b = 3 of Lemma 8 "
    "(b = 1, 2: Lemmas 5, 6)",
    "reconstructed statement; (b^3) and (3^b) for every 3 ≤ b ≤ {top}",
    "6^3",
)


lost_figure(
    "7",
    "the values of the rectangles (b^a), a, b ≥ 3",
    "the rectangles (b^a), a, b ≥ 3",
    "Lemma 8",
    "grundy table lctr 8^6",
)


value_row(
    "Lemma 8",
    "for integers a, b ≥ 3: SG(b^a) = 0 if a + b is even, 1 if a + b is odd",
    lambda top: sorted(([b] * a for a in range(3, top + 1) for b in range(3, top + 1)), key=sum),
    lambda q: lemma17_rectangle(len(q), q[0]),
    (16, 50),
    "reconstructed formula; (b^a) for every 3 ≤ a, b ≤ {top}, exhaustive search",
    "grundy value lctr 6^5",
    "formula reconstructed ('by induction on a'; Lemma 7 gives a = 3 and b = 3)",
)


# ------------------------------------------------------------- quadrated
lost_figure(
    "8",
    "the values in the table of a quadrated partition",
    "a quadrated partition (which one is lost)",
    "Lemmas 9, 10",
    "grundy table lctr 4^2,2^2",
)


def _two_rows_or_columns(p: Partition) -> bool:
    return p.length == 2 or p.largest == 2


#: What the rows of Lemmas 9 and 10 share: every nonempty quadrated partition with n ≤ boxes.
_QUADRATED = {
    "cases": lambda boxes: quadrated(boxes // 4),
    "quick": {"boxes": 28},
    "full": {"boxes": 56},
    "checked": "reconstructed statement; every nonempty quadrated partition with n ≤ {boxes}, "
    "exhaustive search",
}

PAPER.family_check(
    "Lemma 9",
    "λ quadrated: λ is a P-position; if λ is not ((2k)^2) or (2^{2k}), then λ^{RC} is also a "
    "P-position",
    holds=lambda p: (
        sg("lctr", p) == 0 and (sg("lctr", p.sub(1, 1)) == 0) != _two_rows_or_columns(p)
    ),
    **_QUADRATED,
    note="second claim reconstructed from the proof (opposite moves lead to a quadrated "
    "partition); the exceptions are needed: for them λ^{RC} is a row or column, not P",
    false_note="a quadrated partition or its λ^{RC} is not as claimed",
    describe=lambda p: (
        f"{show(p.to_list())}: value {sg('lctr', p)}, λ^{{RC}} = "
        f"{show(p.sub(1, 1).to_list())} has value {sg('lctr', p.sub(1, 1))}"
    ),
    shows=lambda p: f"grundy table lctr {p}",
    command="grundy table lctr 4^2,2^2",
)


def _lemma_10(p: Partition) -> tuple[int, int]:
    """SG(λ^R), SG(λ^C) of a quadrated λ as Lemma 10 (reconstructed) gives them."""
    if _two_rows_or_columns(p):  # λ^R, λ^C: (2k), ((2k−1)^2) or (2^{2k−1}), (1^{2k})
        return 2, 2  # Lemma 5 (even b), Lemma 6 (odd b)
    return 1, 1


def _options_values(p: Partition) -> tuple[int, int]:
    """SG(λ^R), SG(λ^C) by exhaustive search."""
    return sg("lctr", p.sub(1, 0)), sg("lctr", p.sub(0, 1))


_LEMMA_10_NOTE = (
    "statement reconstructed (its conditions are lost): the proof's "
    "SG(λ^R) = mex{SG(λ^RR), SG(λ^RC)} with λ^RR quadrated and λ^RC P by Lemma 9"
)

PAPER.family_check(
    "Lemma 10",
    "λ quadrated: if λ = ((2k)^2) or (2^{2k}), λ^R and λ^C are rectangles valued by Lemmas 5, 6; "
    "otherwise SG(λ^R) = SG(λ^C) = 1",
    holds=lambda p: _options_values(p) == _lemma_10(p),
    **_QUADRATED,
    note=_LEMMA_10_NOTE,
    false_note=contradicted(_LEMMA_10_NOTE),
    describe=lambda p: (
        f"{show(p.to_list())}: λ^R, λ^C have values {', '.join(map(str, _options_values(p)))}, "
        f"the lemma {_lemma_10(p)}"
    ),
    shows=lambda p: f"grundy moves lctr {p}",
    command="grundy moves lctr 4^2,2^2",
)


# -------------------------------------------------------------- staircases
lost_figure(
    "9",
    "the values in the table of a staircase",
    "a staircase (which one is lost)",
    "Lemma 11",
    "grundy table lctr 5,4,3,2,1",
)

value_row(
    "Lemma 11",
    "SG(n, n−1, …, 1) is 1 if n is odd and 0 if n is even",
    lambda top: [list(range(n, 0, -1)) for n in range(1, top + 1)],
    lambda q: lemma3_staircase(len(q)),
    (60, 400),
    "every staircase with n ≤ {top} rows, exhaustive search",
    "grundy table lctr 5,4,3,2,1",
)
