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
    CONTRADICTED,
    PAPER,
    lctr_sg,
    lctr_sg_apart,
    not_in_text,
    show_value,
    side,
)
from grundy.reproduce.rows import Outcome, Verdict
from grundy.reproduce.shared import boxes, diagrams, quadrated, sg, show, values_agree


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
    PAPER.family_check(
        number,
        claim,
        cases=lambda top: [shape for b in range(low, top + 1) for shape in ([b] * k, [k] * b)],
        **values_agree(lctr_sg_apart, lambda q: value(side(q, k)), show),
        **rows.up_to(40, 400),
        checked=f"{what}, exhaustive search with conjugates apart",
        note=note,
        false_note=f"{note}; {CONTRADICTED}",
        shows=show_value,
        command=f"grundy value lctr {example}",
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


@PAPER.statement(
    "Figure 4",
    "in each square of a row, SG of the row from that square on, 'computed by taking the mex "
    "of the values to the right and below the square, or zero if no such value present'",
)
def _check_figure_4(quick: bool) -> Outcome:
    top = 10 if quick else 20
    cases = diagrams(top)
    checked = f"every box of every partition with n ≤ {top}, both readings, exhaustive search"
    return rows.first_failed(
        lambda: rows.verified_unless(
            rows.first_failure(cases, lambda p: _figure_4_agrees(p, False)),
            checked,
            false_note="the rule fails even with 0 for the empty partition beyond the diagram",
            describe=lambda p: show(p.to_list()),
            shows=lambda p: f"grundy table lctr {p}",
        ),
        lambda: rows.verified_unless(
            rows.first_failure(cases, lambda p: _figure_4_agrees(p, True)),
            checked,
            verdict=Verdict.WORDING,
            false_note="read as 'a square with no value to its right or below gets 0' the rule "
            "is false; read as 'a missing value counts as 0' (the empty partition beyond the "
            "diagram, which 000 Fig. 5 draws) it holds",
            describe=lambda p: (
                f"{show(p.to_list())}: its last square has no value to the right "
                f"or below, that reading records 0, SG = {sg('lctr', p)}"
            ),
            shows=lambda p: f"grundy table lctr {p}",
            command="grundy table lctr 7",
        ),
    )


@PAPER.statement("Figure 5", "a visual summary of the values of (b^2)")
def _check_figure_5(quick: bool) -> Outcome:
    return not_in_text("5", "(b^2)", "Lemma 6", "grundy table lctr 8^2")


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


@PAPER.statement("Figure 6", "the values of (b^3) and (3^b)")
def _check_figure_6(quick: bool) -> Outcome:
    return not_in_text("6", "(b^3) and (3^b)", "Lemma 7", "grundy table lctr 8^3")


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


@PAPER.statement("Figure 7", "the values of the rectangles (b^a), a, b ≥ 3")
def _check_figure_7(quick: bool) -> Outcome:
    return not_in_text("7", "the rectangles (b^a), a, b ≥ 3", "Lemma 8", "grundy table lctr 8^6")


_LEMMA_8_NOTE = "formula reconstructed ('by induction on a'; Lemma 7 gives a = 3 and b = 3)"

PAPER.family_check(
    "Lemma 8",
    "for integers a, b ≥ 3: SG(b^a) = 0 if a + b is even, 1 if a + b is odd",
    cases=lambda top: sorted(
        ([b] * a for a in range(3, top + 1) for b in range(3, top + 1)), key=sum
    ),
    **values_agree(lctr_sg, lambda q: lemma17_rectangle(len(q), q[0]), show),
    **rows.up_to(16, 50),
    checked="reconstructed formula; (b^a) for every 3 ≤ a, b ≤ {top}, exhaustive search",
    note=_LEMMA_8_NOTE,
    false_note=f"{_LEMMA_8_NOTE}; {CONTRADICTED}",
    shows=show_value,
    command="grundy value lctr 6^5",
)


# ------------------------------------------------------------- quadrated
@PAPER.statement("Figure 8", "the values in the table of a quadrated partition")
def _check_figure_8(quick: bool) -> Outcome:
    return not_in_text(
        "8",
        "a quadrated partition (which one is lost)",
        "Lemmas 9, 10",
        "grundy table lctr 4^2,2^2",
    )


def _two_rows_or_columns(p: Partition) -> bool:
    return p.length == 2 or p.largest == 2


PAPER.family_check(
    "Lemma 9",
    "λ quadrated: λ is a P-position; if λ is not ((2k)^2) or (2^{2k}), then λ^{RC} is also a "
    "P-position",
    cases=lambda boxes: quadrated(boxes // 4),
    holds=lambda p: (
        sg("lctr", p) == 0 and (sg("lctr", p.sub(1, 1)) == 0) != _two_rows_or_columns(p)
    ),
    quick={"boxes": 28},
    full={"boxes": 56},
    checked="reconstructed statement; every nonempty quadrated partition with n ≤ {boxes}, "
    "exhaustive search",
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
    cases=lambda boxes: quadrated(boxes // 4),
    holds=lambda p: _options_values(p) == _lemma_10(p),
    quick={"boxes": 28},
    full={"boxes": 56},
    checked="reconstructed statement; every nonempty quadrated partition with n ≤ {boxes}, "
    "exhaustive search",
    note=_LEMMA_10_NOTE,
    false_note=f"{_LEMMA_10_NOTE}; {CONTRADICTED}",
    describe=lambda p: (
        f"{show(p.to_list())}: λ^R, λ^C have values {', '.join(map(str, _options_values(p)))}, "
        f"the lemma {_lemma_10(p)}"
    ),
    shows=lambda p: f"grundy moves lctr {p}",
    command="grundy moves lctr 4^2,2^2",
)


# -------------------------------------------------------------- staircases
@PAPER.statement("Figure 9", "the values in the table of a staircase")
def _check_figure_9(quick: bool) -> Outcome:
    return not_in_text(
        "9", "a staircase (which one is lost)", "Lemma 11", "grundy table lctr 5,4,3,2,1"
    )


PAPER.family_check(
    "Lemma 11",
    "SG(n, n−1, …, 1) is 1 if n is odd and 0 if n is even",
    cases=lambda top: [list(range(n, 0, -1)) for n in range(1, top + 1)],
    **values_agree(lctr_sg, lambda q: lemma3_staircase(len(q)), show),
    **rows.up_to(60, 400),
    checked="every staircase with n ≤ {top} rows, exhaustive search",
    false_note=CONTRADICTED,
    shows=show_value,
    command="grundy table lctr 5,4,3,2,1",
)
