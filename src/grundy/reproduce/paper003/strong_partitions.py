"""Paper 003 §5 to Theorem 16: strong partitions and their matrices (Remark 3,
Definition 4, Remark 4, Figure 1, Lemma 1, Theorems 7–16).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Sequence

from grundy.games.matrix import matrix_theorems as th
from grundy.games.matrix.matrix import PLAIN_MATRIX, BoolMatrix, ferrers_matrix, parse_matrix
from grundy.reproduce import rows
from grundy.reproduce.paper003.matrix_setting import (
    PAPER,
    Move,
    Parity,
    StrongRow,
    by_size,
    check_strong,
    claim_says,
    column_move,
    cr_command,
    cr_value,
    every_matrix,
    k_part_partitions,
    mat_of,
    matrix_command,
    parity_of,
    parts_of,
    plain_value,
    play_moves,
    remove_column,
    row_move,
    starts,
    strong_statements,
    strong_values,
)
from grundy.reproduce.rows import Family, Outcome, Verdict
from grundy.reproduce.shared import Parts, smallest_first

# ------------------------------------------------------------ Section 5
PAPER.family_check(
    "Remark 3",
    "(a1, …, ak) is strong (a_k > k) exactly when every term a_i exceeds the number of terms k",
    cases=lambda top: by_size(top, top),
    holds=lambda a: th.is_strong(a) == all(x > len(a) for x in a),
    **rows.up_to(8, 10),
    checked="every partition with at most {top} parts, each ≤ {top}",
    command='grundy value cr "10,8,7,5"',
    false_note="the two readings of strong differ",
    describe=lambda a: str(list(a)),
    shows=cr_command,
)


def _mat_as_printed(s: Parts) -> list[list[int | None]]:
    """mat(S) with the clauses as printed: b_{i,j} = 0 if j ≤ a1 − a_i, 1 if a1 − a_i < i ≤ a1
    (a condition on i, not j); None where neither clause applies."""
    a1 = s[0]
    return [
        [0 if j <= a1 - a else (1 if a1 - a < i <= a1 else None) for j in range(1, a1 + 1)]
        for i, a in enumerate(s, 1)
    ]


#: 003 Figure 1, "the strong partition matrix [10, 8, 7, 5]" (transcribed).
FIGURE_1 = "1111111111;0011111111;0001111111;0000011111"


def _empty_rows(s: Parts) -> list[int]:
    """The rows i of `_mat_as_printed(s)` with an entry of no value."""
    return [i for i, row in enumerate(_mat_as_printed(s), 1) if None in row]


def _definition_4_wording(s: Parts) -> str:
    i = _empty_rows(s)[0]
    a1, ai = s[0], s[i - 1]
    return (
        f"S = {list(s)}: for row i = {i} the printed condition reads {a1 - ai} < {i} ≤ {a1}, "
        f"false, so b_{{{i},j}} gets no value for j > {a1 - ai}"
    )


#: Definition 4 read with j: seq(mat(S)) = S.
_DEFINITION_4: Family[Parts] = Family(
    cases=lambda top: by_size(4, top),
    holds=lambda s: parts_of(mat_of(s)) == s,
    **rows.up_to(8, 12),
    checked="every partition with at most 4 parts, each ≤ {top}, and Figure 1",
    command=f'grundy value matrix "{FIGURE_1}"',
    false_note="mat(S) read with j does not give back S (or Figure 1)",
    describe=lambda s: str(list(s)),
)

#: Definition 4 read with j gives Figure 1.
_DEFINITION_4_FIGURE_1 = dataclasses.replace(
    _DEFINITION_4,
    cases=lambda top: [(10, 8, 7, 5)],
    holds=lambda s: mat_of(s) == parse_matrix(FIGURE_1),
)

#: Definition 4 as printed (the 1-clause on i) against the reading with j.
_DEFINITION_4_AS_PRINTED = dataclasses.replace(
    _DEFINITION_4,
    holds=lambda s: _mat_as_printed(s) == mat_of(s).to_lists(),
    verdict=Verdict.WORDING,
    false_note="as printed, the 1-clause 'a1 − a_i < i ≤ a1' tests the row index i, leaving "
    f"entries with no value (rows {_empty_rows((10, 8, 7, 5))} of Figure 1's [10,8,7,5]); "
    "read with j (a1 − a_i < j ≤ a1) it gives Figure 1 and seq(mat(S)) = S for every S checked",
    describe=_definition_4_wording,
)

PAPER.statement(
    "Definition 4",
    "mat(S) is the k × a1 matrix with b_{i,j} = 0 for j ≤ a1 − a_i and b_{i,j} = 1 for "
    "a1 − a_i < i ≤ a1 (printed with i); seq(mat(S)) = S",
)(rows.in_turn(_DEFINITION_4.check, _DEFINITION_4_FIGURE_1.check, _DEFINITION_4_AS_PRINTED.check))


@PAPER.statement(
    "Remark 4",
    "if every move G′ has a countermove to a P-position G″, G is a P-position; if some move "
    "leads to a P-position, G is an N-position",
)
def _remark_4(quick: bool) -> Outcome:
    cases = every_matrix(3, 3)
    if not quick:
        cases += every_matrix(4, 3)

    def children(m: BoolMatrix) -> list[BoolMatrix]:
        return [o for _, o in PLAIN_MATRIX.options(m)]

    def holds(m: BoolMatrix) -> bool:
        p = plain_value(m) == 0
        answered = all(any(plain_value(g2) == 0 for g2 in children(g1)) for g1 in children(m))
        to_p = any(plain_value(g1) == 0 for g1 in children(m))
        return (not answered or p) and (not to_p or not p)

    return rows.verified_unless(
        rows.first_failure(cases, holds),
        "every 3×3 matrix" + ("" if quick else " and every 4×3") + ", by the plain Solver",
        command='grundy moves matrix "110;011;001"',
        false_note="an observation fails",
        shows=matrix_command("moves"),
    )


@PAPER.statement("Figure 1", "the matrix drawn is the strong partition matrix [10, 8, 7, 5]")
def _figure_1(quick: bool) -> Outcome:
    figure = parse_matrix(FIGURE_1)
    s = parts_of(figure)
    return rows.verified_unless(
        None if s == (10, 8, 7, 5) and th.is_strong(s) and figure == mat_of(s) else s,
        "the drawn matrix (transcribed): seq, strong, equal to mat((10,8,7,5))",
        command=f'grundy value matrix "{FIGURE_1}"',
        false_note="the drawing is not mat((10,8,7,5))",
        describe=lambda sums: f"row sums {list(sums)}",
    )


def _lemma_1_holds(case: tuple[Parts, int]) -> bool:
    a, ell = case
    k = len(a)
    first = remove_column(ferrers_matrix(list(a)), ell)
    if first is None:
        return a[ell - 1] == a[ell]  # the lemma's proof: the move exists iff a_ℓ > a_{ℓ+1}
    second = remove_column(first, ell)
    if second is None or a[ell - 1] == a[ell]:
        return False
    b = parts_of(second)
    expected = tuple(x - 2 if i < ell else x for i, x in enumerate(a))
    return (
        b == expected
        and all(x >= y for x, y in itertools.pairwise(b))
        and b[-1] > k
        and len(b) == k
        and parity_of(b) == parity_of(a)
    )


PAPER.family_check(
    "Lemma 1",
    "k ≥ 3, strong, a_ℓ ≡ a_{ℓ+1}: if Player 1 can remove a column with ℓ 1s, so can Player 2, "
    "leaving b_i = a_i − 2 (i ≤ ℓ), a_i (i > ℓ), strong, same length and parities",
    cases=lambda top: [
        (a, ell)
        for k in range(3, top + 1)
        for a in k_part_partitions(k, 2 * k + 2, k + 1)
        for ell in range(1, k)
        if a[ell - 1] % 2 == a[ell] % 2
    ],
    holds=_lemma_1_holds,
    **rows.up_to(6, 8),
    checked="every strong partition with 3 ≤ k ≤ {top} parts, each ≤ 2k + 2, every such ℓ",
    command='grundy moves cr "9,7,6,5"',
    false_note="Player 2 cannot answer, or the position differs",
    describe=lambda case: f"{list(case[0])}, ℓ = {case[1]}",
    shows=lambda case: cr_command(case[0], "moves"),
)


Slip = tuple[str, str]


def _slip(
    cases: Iterable[Parts], moves: Sequence[Move], printed: Callable[[Parity], bool]
) -> Slip | None:
    """A step of a proof that plays `moves` and states parities of the result: on the
    first case where the moves can be played, if the stated parities (`printed`) are
    false while the result is the P-position the proof concludes, that case as
    (counterexample, command); None when the step holds."""
    for a in cases:
        reached = play_moves(a, moves)
        if reached is None:
            continue
        b = parts_of(reached)
        if printed(parity_of(b)) or cr_value(b) != 0:
            return None
        return (
            f"A = {list(a)} → {list(b)}: parities {parity_of(b)[:3]}…, value 0",
            cr_command(b),
        )
    return None


def _slips_found(done: Outcome, found: list[Slip | None], note: str) -> Outcome:
    """PROOF_SLIP with the slips found (the statement verified as `done`), else `done`."""
    return rows.verified_unless(
        [f for f in found if f is not None] or None,
        done.checked,
        verdict=Verdict.PROOF_SLIP,
        note=done.note,
        command=done.command,
        false_note=note,
        describe=lambda slips: "; ".join(text for text, _ in slips),
        shows=lambda slips: slips[0][1],
    )


def _with_parities(k: int, pattern: Sequence[int]) -> list[Parts]:
    """The strong partitions with k parts, each ≤ 12, whose parities start with `pattern`."""
    return [a for a in strong_values(k, 12) if starts(parity_of(a), pattern)]


def _theorem_9_proof(quick: bool, done: Outcome) -> Outcome:
    """The parities the proof of Theorem 9 states.

    Case 1, (a1, a2) odd: both players remove a column with one 1, "The resulting game
    position is [a1 − 2, a2, a3, a4, a5] where a1 − 2 and a2 are even."
    Case 2, (1,0,1,1): Player 1 removes a column with ℓ = 3 ones, Player 2 row 5,
    "b1 = a1 − 1 is odd, b2 = a2 − 1 is even, b3 = a3 − 1 are odd"."""
    return _slips_found(
        done,
        [
            _slip(
                _with_parities(5, (1, 1)),
                [column_move(1), column_move(1)],
                lambda par: par[:2] == (0, 0),
            ),
            _slip(
                _with_parities(5, (1, 0, 1, 1)),
                [column_move(3), row_move(5)],
                lambda par: par[:3] == (1, 0, 1),
            ),
        ],
        "two parities in the proof are wrong: Case 1 says [a1 − 2, a2, …] has a1 − 2, a2 "
        "even (they are odd, as the induction needs); Case 2 (a column with ℓ ≥ 3 ones, then "
        "row 5) says b1, b2, b3 are odd, even, odd (they are even, odd, even, as Theorem 7 "
        "needs)",
    )


def _theorem_10_proof(quick: bool, done: Outcome) -> Outcome:
    """The parities the proof of Theorem 10 states: Case 1, a1, a2 even: Player 1 removes
    row 5, "The resulting game position is [a1, a2, a3, a4] where a1 and a2 are odd"."""
    return _slips_found(
        done,
        [_slip(_with_parities(5, (0, 0)), [row_move(5)], lambda par: par[:2] == (1, 1))],
        "Case 1 (a1, a2 even; Player 1 removes row 5) says [a1, a2, a3, a4] has a1, a2 odd; "
        "they are even, as Theorem 7 (cited next) needs",
    )


def _theorem_12_at_4(a: Parts) -> bool:
    """Theorem 12's condition a1 ≡ k + 1 (mod 2) at k = 4, where `theorem12_n` (k ≥ 5) refuses
    and Theorem 14's proof cites it."""
    return a[0] % 2 == 1


def _theorem_12_at_k_4(quick: bool, done: Outcome) -> Outcome:
    """Theorem 12 (verified as `done`) at k = 4 too: said in the note when it holds."""
    at_4 = check_strong(quick, lambda k: k == 4, claim_says(_theorem_12_at_4, False), done.command)
    if at_4.verdict is not Verdict.VERIFIED:
        return done
    note = "it holds for k = 4 too (Theorem 8; checked), where Theorem 14's proof cites it"
    return dataclasses.replace(done, note=note)


def _theorem_13_slip(top: int) -> Parts | None:
    """The proof of necessity (k even, q ≥ 1): "Suppose Player 1 removes a column ... that
    contains two 1's. The resulting game position is B = [b1, b2, …, b_{k−1}]": the first
    A = ((0,1), 0, 0, …) with k = 8 where the column move keeps all k rows."""
    for a in smallest_first(k_part_partitions(8, top, 9)):
        if starts(parity_of(a), (0, 1, 0, 0)):
            b = remove_column(ferrers_matrix(list(a)), 2)
            if b is not None and b.nrows != len(a) - 1:
                return a
    return None


def _theorem_13_words(a: Parts) -> str:
    b = remove_column(ferrers_matrix(list(a)), 2)
    assert b is not None
    return f"A = {list(a)} (k = 8, q = 1) → {list(parts_of(b))}: {b.nrows} rows, not {len(a) - 1}"


def _theorem_13_proof(quick: bool, done: Outcome) -> Outcome:
    """The position the proof of necessity of Theorem 13 writes after a column move."""
    return rows.verified_unless(
        _theorem_13_slip(13),
        done.checked,
        verdict=Verdict.PROOF_SLIP,
        command=done.command,
        false_note="the proof of necessity of Theorems 13 and 15 writes the position after "
        "Player 1 removes a column with two 1s as B = [b1, …, b_{k−1}]; it keeps all k rows "
        "(b_i = a_i for 2 < i ≤ k, as the same sentence says)",
        describe=_theorem_13_words,
        shows=lambda a: cr_command(a, "moves"),
    )


def _odd_k_p_position(a: Parts, by_theorem: Callable[[Parts], bool]) -> bool:
    """Gr = 0 by Theorem 15 (or not Theorem 16): the library's `by_theorem` for k ≥ 5, and at
    k = 3 (p = 1, where the library refuses) what both theorems then read: (a1, a2) ≡ (1, 1)."""
    return by_theorem(a) if len(a) >= 5 else parity_of(a)[:2] == (1, 1)


_ODD_K_NOTE = "printed for every odd k; it also holds at k = 3 (Theorem 6), included"

strong_statements(
    StrongRow(
        "Theorem 7",
        "a1 ≥ … ≥ a4 > 4: Gr([a1,…,a4]) = 0 if (a1,a2) ≡ (0,0) or (a1,a2,a3) ≡ (0,1,0) mod 2",
        lambda k: k == 4,
        claim_says(th.theorem7_p, True),
        'grundy value cr "8,6,5,5"',
    ),
    StrongRow(
        "Theorem 8",
        "a1 ≥ … ≥ a4 > 4: Gr([a1,…,a4]) ≠ 0 if a1 ≡ 1 or (a1,a2,a3) ≡ (0,1,1) mod 2",
        lambda k: k == 4,
        claim_says(th.theorem8_n, False),
        'grundy value cr "7,6,5,5"',
        note="with Theorem 7 it covers every parity of (a1, a2, a3)",
    ),
    StrongRow(
        "Theorem 9",
        "a1 ≥ … ≥ a5 > 5: Gr([a1,…,a5]) = 0 if (a1,a2) ≡ (1,1) or (a1,…,a4) ≡ (1,0,1,1) mod 2",
        lambda k: k == 5,
        claim_says(th.theorem9_p, True),
        'grundy value cr "7,7,6,6,6"',
        then=_theorem_9_proof,
    ),
    StrongRow(
        "Theorem 10",
        "a1 ≥ … ≥ a5 > 5: Gr([a1,…,a5]) ≠ 0 if a1 ≡ 0, or (a1,…,a4) ≡ (1,0,x,y) with "
        "(x,y) ≢ (1,1) mod 2",
        lambda k: k == 5,
        claim_says(th.theorem10_n, False),
        'grundy value cr "8,7,6,6,6"',
        note="with Theorem 9 it covers every parity of (a1, …, a4)",
        then=_theorem_10_proof,
    ),
    StrongRow(
        "Theorem 11",
        "k ≥ 4, a1 ≥ … ≥ ak > k, a1 ≡ a2 ≡ k mod 2: Gr([a1,…,ak]) = 0",
        lambda k: k >= 4,
        claim_says(th.theorem11_p, True),
        'grundy value cr "11,9,9,8,8,8,8"',
    ),
    StrongRow(
        "Theorem 12",
        "k ≥ 5, a1 ≥ … ≥ ak > k, a1 ≡ k + 1 mod 2: Gr([a1,…,ak]) ≠ 0",
        lambda k: k >= 5,
        claim_says(th.theorem12_n, False),
        'grundy value cr "10,9,9,8,8,8,8"',
        then=_theorem_12_at_k_4,
    ),
    StrongRow(
        "Theorem 13",
        "k = 2p ≥ 4: Gr = 0 iff (a_i : i ≤ 2q+2) ≡ ((0,1)^q,0,0) for some 0 ≤ q ≤ p−3, or "
        "(a_i : i ≤ k−1) ≡ ((0,1)^{p−2},0,x,y) with (x,y) ≢ (1,1)",
        lambda k: k >= 4 and k % 2 == 0,
        th.theorem13_p,
        'grundy value cr "10,9,8,8,7,7"',
        then=_theorem_13_proof,
    ),
    StrongRow(
        "Theorem 14",
        "k = 2p ≥ 4: Gr ≠ 0 iff (a_i : i ≤ 2q+1) ≡ ((0,1)^q, 1) mod 2 for some 0 ≤ q ≤ p−1",
        lambda k: k >= 4 and k % 2 == 0,
        lambda a: not th.theorem14_n(a),
        'grundy value cr "10,9,9,8,7,7"',
        note="for k = 4 its proof cites Theorem 12, stated for k ≥ 5 (its conclusion holds at "
        "k = 4: see Theorem 12), and Theorem 15 at k = 3 (covered by its wording, any odd k)",
    ),
    StrongRow(
        "Theorem 15",
        "k = 2p+1: Gr = 0 iff (a_i : i ≤ 2q+2) ≡ ((1,0)^q, 1, 1) mod 2 for some 0 ≤ q ≤ p−1",
        lambda k: k % 2 == 1,
        lambda a: _odd_k_p_position(a, th.theorem15_p),
        'grundy value cr "13,12,11,10,9,9,8"',
        note=_ODD_K_NOTE,
    ),
    StrongRow(
        "Theorem 16",
        "k = 2p+1: Gr ≠ 0 iff (a_i : i ≤ 2q+1) ≡ ((1,0)^q, 0) for some 0 ≤ q ≤ p−2, or "
        "(a_i : i ≤ k−1) ≡ ((1,0)^{p−1}, x, y) with (x,y) ≢ (1,1)",
        lambda k: k % 2 == 1,
        lambda a: _odd_k_p_position(a, lambda b: not th.theorem16_n(b)),
        'grundy value cr "11,10,9,8,8,8,8"',
        note=_ODD_K_NOTE,
    ),
)
