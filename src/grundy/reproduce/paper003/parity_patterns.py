"""Paper 003 §5 from Lemma 2: counts and parity patterns of strong partitions (Lemma 2,
Remark 5, Example 1, Propositions 2, 3, Figure 2, Example 2).

>>> _proposition_2((1, 0, 1, 1, 0, 0)), mat_of((3, 1)).to_lists()
(True, [[1, 1, 1], [0, 0, 1]])
"""

from __future__ import annotations

from functools import cache

import grundy
from grundy.games.matrix import matrix_theorems as th
from grundy.games.matrix.matrix import parse_matrix
from grundy.reproduce import rows
from grundy.reproduce.paper003.matrix_setting import (
    PAPER,
    Parity,
    StrongRow,
    cr_value,
    mat_of,
    parity_of,
    parts_of,
    starts,
    strong_statements,
)
from grundy.reproduce.rows import Outcome, Verdict
from grundy.reproduce.shared import Parts


@cache
def _said(k: int) -> dict[Parity, tuple[bool, bool]]:
    """Every parity vector of (a_1, …, a_{k−1}), k ≥ 4 → (Gr = 0 by Theorem 13 or 15,
    Gr ≠ 0 by Theorem 14 or 16), on the least strong partition with those parities."""
    p_said, n_said = (th.theorem15_p, th.theorem16_n) if k % 2 else (th.theorem13_p, th.theorem14_n)
    out = {}
    for par in th.parity_patterns(k):
        a = th.smallest_strong_partition(par, k)
        out[par] = (p_said(a), n_said(a))
    return out


def _lemma2_counts(k: int, q: int) -> tuple[int, int]:
    """Among the parities of a_{2q+1}, …, a_{k−1} after the prefix (0,1)^q (k even):
    how many Theorem 13 makes P, and how many Theorem 14 makes N."""
    said = [v for par, v in _said(k).items() if par[: 2 * q] == (0, 1) * q]
    return sum(p for p, _ in said), sum(n for _, n in said)


def _odd_sum(d: int) -> int:
    """The sum of the P counts in the proof's inductive step, d = p − q:
    (2^2 − 1) + 2^3 + 2^5 + ⋯ + 2^{2d−3}."""
    return 3 + sum(2**e for e in range(3, 2 * d - 2, 2))


def _right_sum(d: int) -> int:
    return (2 ** (2 * d - 1) + 1) // 3


@PAPER.statement(
    "Lemma 2",
    "for even k ≥ 4 Theorem 13 is equivalent to Theorem 14; for odd k ≥ 5 Theorem 15 to Theorem 16",
)
def _lemma_2(quick: bool) -> Outcome:
    top = 12 if quick else 18
    checked = (
        f"every parity vector (a_1, …, a_{{k−1}}), 4 ≤ k ≤ {top}; the proof's counts for every "
        "q ≤ p − 2"
    )
    command = 'grundy value cr "10,9,8,8,7,7"'
    spans = range(3, top // 2 + 1)
    # the proof's counts: (2^{2p−2q−1} + 1)/3 P and (2^{2p−2q} − 1)/3 N choices
    counts = [(k, q) for k in range(4, top + 1, 2) for q in range(k // 2 - 1)]
    return rows.first_failed(
        lambda: rows.verified_unless(
            rows.first_failure(
                range(4, top + 1), lambda k: all(p != n for p, n in _said(k).values())
            ),
            checked,
            command=command,
            false_note="the P and N conditions overlap or leave a gap",
            describe=lambda k: f"k = {k}",
        ),
        lambda: rows.verified_unless(
            rows.first_failure(
                counts,
                lambda kq: (
                    _lemma2_counts(*kq)
                    == (
                        (2 ** (kq[0] - 2 * kq[1] - 1) + 1) // 3,
                        (2 ** (kq[0] - 2 * kq[1]) - 1) // 3,
                    )
                ),
            ),
            checked,
            verdict=Verdict.PROOF_SLIP,
            command=command,
            false_note="a count in the proof is wrong",
            describe=lambda kq: f"k, q = {kq}: {_lemma2_counts(*kq)}",
        ),
        lambda: rows.verified_unless(
            rows.first_failure(spans, lambda d: _odd_sum(d) == _right_sum(d)),
            checked,
            verdict=Verdict.PROOF_SLIP,
            command=command,
            false_note="the sum in the proof's inductive step is wrong",
            describe=lambda d: f"p − q = {d}",
        ),
        # the first display ends the sum at 2^{2d−2} instead
        lambda: rows.verified_unless(
            rows.first_failure(spans, lambda d: _odd_sum(d) + 2 ** (2 * d - 2) == _right_sum(d)),
            checked,
            verdict=Verdict.PROOF_SLIP,
            command=command,
            false_note="the equivalence and the proof's counts hold; the first display ends the "
            "sum (2^2 − 1) + 2^3 + 2^5 + ⋯ at 2^{2p−2q−2} (the inductive step's ends at "
            "2^{2p−2q−3}), and the base case writes Theorem 14's patterns with lengths that do "
            "not match ((a_i : i ≤ 2p−1) ≡ ((0,1)^{p−2}, 1), (a_i : i ≤ 2p−3) ≡ ((0,1)^{p−3}, 1))",
            describe=lambda d: (
                f"p − q = {d}: with its last term 2^{2 * d - 2} as printed the sum "
                f"is {_odd_sum(d) + 2 ** (2 * d - 2)}, not (2^{2 * d - 1} + 1)/3 = {_right_sum(d)} "
                f"(= the sum to 2^{2 * d - 3})"
            ),
        ),
    )


def _remark_5_counts(k: int) -> tuple[int, int]:
    """(P, N) over the parity classes of (a_1, …, a_{k−1}), by search on the least strong
    partition of each class."""
    zeros = sum(
        cr_value(tuple(th.smallest_strong_partition(par, k))) == 0 for par in th.parity_patterns(k)
    )
    return zeros, 2 ** (k - 1) - zeros


PAPER.family_check(
    "Remark 5",
    "k ≥ 4: of the 2^{k−1} parity choices of a_1, …, a_{k−1}, ⟨2^{k−1}/3⟩ give Gr = 0 and "
    "⟨2^k/3⟩ give Gr ≠ 0",
    cases=lambda top: range(4, top + 1),
    holds=lambda k: _remark_5_counts(k) == th.remark5_formula(k),
    **rows.up_to(8, 14),
    checked="4 ≤ k ≤ {top}, by search on the least strong partition of each parity class "
    "(that the class decides the outcome: Theorems 13–16)",
    command='grundy value cr "6,6,6,5"',
    false_note="the counts differ",
    describe=lambda k: f"k = {k}: (P, N) = {_remark_5_counts(k)}, printed {th.remark5_formula(k)}",
)


def _proposition_2(par: Parity) -> bool:
    """Proposition 2's condition for Gr = 0 (k = 7), as printed."""
    return any(starts(par, s) for s in ((1, 1), (1, 0, 1, 1), (1, 0, 1, 0, 1, 1)))


def _proposition_3(par: Parity) -> bool:
    """Proposition 3's condition for Gr ≠ 0 (k = 7), as printed."""
    return (
        par[0] == 0 or starts(par, (1, 0, 0)) or (starts(par, (1, 0, 1, 0)) and par[4:6] != (1, 1))
    )


PAPER.family_check(
    "Example 1",
    "for k = 7, Theorems 15 and 16 specialize to Propositions 2 and 3",
    cases=lambda: th.parity_patterns(7),
    holds=lambda par: _said(7)[par] == (_proposition_2(par), _proposition_3(par)),
    quick={},
    full={},
    checked="all 64 parity vectors (a_1, …, a_6), the printed conditions compared",
    command='grundy value cr "19,18,15,14,11,9,8"',
    false_note="a proposition is not the specialization",
    describe=lambda par: f"parities {par}",
)


strong_statements(
    StrongRow(
        "Proposition 2",
        "a1 ≥ … ≥ a7 > 7: Gr = 0 iff (a1,a2) ≡ (1,1), (a1,…,a4) ≡ (1,0,1,1) or (a1,…,a6) ≡ "
        "(1,0,1,0,1,1) mod 2",
        lambda k: k == 7,
        lambda a: _proposition_2(parity_of(a)),
        'grundy value cr "19,18,15,14,11,9,8"',
    ),
    StrongRow(
        "Proposition 3",
        "a1 ≥ … ≥ a7 > 7: Gr ≠ 0 iff a1 ≡ 0, (a1,a2,a3) ≡ (1,0,0), or (a1,…,a6) ≡ "
        "(1,0,1,0,x,y) with (x,y) ≢ (1,1) mod 2",
        lambda k: k == 7,
        lambda a: not _proposition_3(parity_of(a)),
        'grundy value cr "18,18,15,14,11,9,8"',
    ),
)


#: 003 Figure 2 as our text copy of the paper has it (7 rows of 18 entries, transcribed).
FIGURE_2 = (
    "111111111111111111;011111111111111111;000011111111111111;000001111111111111;"
    "000000001111111111;000000000011111111;000000000001111111"
)
EXAMPLE_2 = (19, 18, 15, 14, 11, 9, 8)


def _figure_2_note() -> str:
    """What the drawing of Figure 2 in our text copy is, unless it is mat(A)."""
    drawn = parse_matrix(FIGURE_2)
    if drawn == mat_of(EXAMPLE_2):
        return ""
    return (
        f"the drawing in our text copy is {drawn.nrows}×{drawn.ncols} with row sums "
        f"{list(parts_of(drawn))} (mat(A) without its last, all-ones column; value "
        f"{grundy.value('matrix', drawn)}); whether the printed figure has the 19th column "
        "cannot be told from the copy"
    )


def _matrix_value(a: Parts) -> int:
    """The value of mat(A) by the matrix game (Column-Row's engine)."""
    return grundy.value("matrix", mat_of(a))


PAPER.family_check(
    "Figure 2",
    "the strong partition matrix A = [19, 18, 15, 14, 11, 9, 8] is a P-position",
    cases=lambda: [EXAMPLE_2],
    holds=lambda a: _matrix_value(a) == 0,
    quick={},
    full={},
    checked="A by the matrix game (Column-Row's engine); the drawing, transcribed",
    note=_figure_2_note,
    command=f'grundy value matrix "{mat_of(EXAMPLE_2)}"',
    false_note="A is not a P-position",
    describe=lambda a: f"value {_matrix_value(a)}",
)


def _example_2_holds(a: Parts) -> bool:
    """Example 2's reasoning (the parities, Proposition 2's condition) and A's value."""
    par = parity_of(a)
    reasoning = par[:6] == (1, 0) * 2 + (1, 1) and _proposition_2(par) and th.is_strong(a)
    return reasoning and cr_value(a) == 0


PAPER.family_check(
    "Example 2",
    "A = [19, 18, 15, 14, 11, 9, 8]: (a_i : i ≤ 6) ≡ ((1,0)^2, 1, 1), so A is a P-position by "
    "Proposition 2",
    cases=lambda: [EXAMPLE_2],
    holds=_example_2_holds,
    quick={},
    full={},
    checked="the parities, Proposition 2's condition, and search",
    command='grundy value cr "19,18,15,14,11,9,8"',
    false_note="the example's reasoning or value fails",
    describe=lambda a: f"parities {parity_of(a)}, value {cr_value(a)}",
)
