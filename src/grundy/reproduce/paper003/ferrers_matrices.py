"""Paper 003 §3 and §4: Ferrers matrices, Column-Row on a partition (Theorems 2–6)."""

from __future__ import annotations

from collections.abc import Callable

from grundy.games.matrix import matrix_theorems as th
from grundy.games.matrix.matrix import PLAIN_MATRIX, ferrers_matrix
from grundy.nim import mex
from grundy.reproduce import rows
from grundy.reproduce.paper003.matrix_setting import (
    PAPER,
    cr_command,
    cr_value,
    ferrers,
    k_part_partitions,
    parts_of,
)
from grundy.reproduce.rows import Family, Outcome, Verdict
from grundy.reproduce.shared import Parts, smallest_first, values_agree

# ------------------------------------------------------------ Sections 3 and 4
#: The bounds of Theorems 2–6: the largest part, and the largest searched by the plain
#: matrix Solver (Column-Row's engine beyond).
FERRERS = {"quick": {"top": 16, "plain": 6}, "full": {"top": 40, "plain": 8}}
FERRERS_WORDS = (
    "parts ≤ {top} (plain matrix Solver for parts ≤ {plain}, Column-Row's engine beyond)"
)
FerrersCase = tuple[Parts, int]


def _ferrers_family(
    k: int,
    shape: Callable[[Parts], bool],
    words: str,
    value: Callable[..., int],
    example: str,
    note: Callable[..., str] | str = "",
) -> Family[FerrersCase]:
    """Theorems 2–6: every Ferrers matrix of k rows of the given shape (named in `words`),
    its value by `value` (of grundy.games.matrix.matrix_theorems, on the parts) against search."""
    return Family(
        cases=lambda top, plain: [
            (a, plain) for a in smallest_first(a for a in k_part_partitions(k, top) if shape(a))
        ],
        **values_agree(
            lambda c: ferrers(*c), lambda c: value(*c[0]), name=lambda c: str(list(c[0]))
        ),
        **FERRERS,
        checked=f"every {words} with {FERRERS_WORDS}",
        note=note,
        command=f'grundy value cr "{example}"',
        false_note="a printed value disagrees with search",
        shows=lambda c: cr_command(c[0]),
    )


def _column_options(parts: Parts) -> set[Parts]:
    """The positions after each column move of the Ferrers matrix, played in the matrix game."""
    moves = PLAIN_MATRIX.options(ferrers_matrix(list(parts)))
    return {parts_of(o) for move, o in moves if move.kind == "column"}


def _theorem_2_note(top: int, plain: int) -> str:
    """The proof's Cases 4 and 5 list the column moves of [a1, a2] as [a1 − 1, a2] and
    [a1 − 1, a2 − 1] without excluding a1 = a2 (Theorems 4–6 state "assuming a1 > a2")."""
    if not all(_column_options((a, a)) == {(a - 1, a - 1)} for a in range(2, 13)):
        return ""
    return (
        "for a1 = a2 the proof's column option [a1 − 1, a2] does not exist (the only one is "
        "[a1 − 1, a1 − 1], played for a1 ≤ 12); the values it concludes hold all the same"
    )


PAPER.statement(
    "Theorem 2",
    "a1 ≥ a2 ≥ 1: Gr([a1,a2]) = 0 if a1 even; 2 if a1, a2 odd with a2 > 1, or a1 = a2 = 1; "
    "3 if a1 > 1 odd and a2 even or 1",
)(_ferrers_family(2, lambda a: True, "[a1, a2]", th.theorem2_value, "5,2", _theorem_2_note).check)


def _theorem_3_printed(a1: int) -> list[Parts]:
    """The options of [a1, 1, 1] as the proof of Theorem 3 lists them: "If a column of
    [a1, 1, 1] is removed, the allowable positions are [a1 − 1, 1] and [a1 − 1]", and the
    rows give [a1, 1] and [1, 1]."""
    return [(a1 - 1, 1), (a1 - 1,), (a1, 1), (1, 1)]


def _theorem_3_slip(a1: int) -> str:
    true = sorted(_column_options((a1, 1, 1)), reverse=True)
    printed = _theorem_3_printed(a1)
    return (
        f"[{a1},1,1]: column options {[list(p) for p in true]}; with the printed [{a1 - 1},1] "
        f"the mex over {[list(p) for p in printed]} would be "
        f"{mex(cr_value(p) for p in printed)}, not {cr_value((a1, 1, 1))}"
    )


_THEOREM_3 = _ferrers_family(
    3, lambda a: a[1] == 1, "[a1, 1, 1]", lambda a1, a2, a3: th.theorem3_value(a1), "4,1,1"
)


@PAPER.statement(
    "Theorem 3",
    "Gr([1,1,1]) = 1; Gr([a1,1,1]) = 0 if a1 > 1 is odd, 3 if a1 is even",
)
def _theorem_3(quick: bool) -> Outcome:
    done = _THEOREM_3.check(quick)
    return rows.first_failed(
        lambda: done,
        lambda: rows.verified_unless(
            rows.first_failure(
                range(2, 41),
                lambda a1: mex(cr_value(p) for p in _theorem_3_printed(a1)) == cr_value((a1, 1, 1)),
            ),
            done.checked,
            verdict=Verdict.PROOF_SLIP,
            command=done.command,
            false_note="the proof lists the column moves of [a1,1,1] as [a1−1,1] and [a1−1]: "
            "the first is [a1−1,1,1] (as its values are then taken); it also writes 'a2 = 2' for "
            "a1 = 2 and 'Gr([a1,a2])' for Gr([a1,1,1])",
            describe=_theorem_3_slip,
            shows=lambda a1: f'grundy moves cr "{a1},1,1"',
        ),
    )


PAPER.statement(
    "Theorem 4",
    "a1 ≥ a2 > 1: Gr([a1,a2,1]) = 1 if a1 odd; 2 if a1 ≥ 4 even and a2 odd or 2; "
    "3 if a1, a2 even with a2 ≥ 4, or a1 = a2 = 2",
)(
    _ferrers_family(
        3,
        lambda a: a[1] > 1 and a[2] == 1,
        "[a1, a2, 1], a2 > 1",
        lambda a1, a2, a3: th.theorem4_value(a1, a2),
        "6,4,1",
    ).check
)
PAPER.statement(
    "Theorem 5",
    "a1 ≥ a2 ≥ 2: Gr([a1,a2,2]) = 0 if a1, a2 odd; 1 if a1 odd, a2 even; 2 if a1 even",
)(
    _ferrers_family(
        3,
        lambda a: a[2] == 2,
        "[a1, a2, 2]",
        lambda a1, a2, a3: th.theorem5_value(a1, a2),
        "5,4,2",
    ).check
)
PAPER.statement(
    "Theorem 6",
    "a1 ≥ a2 ≥ a3 ≥ 3: Gr([a1,a2,a3]) = 0 if a1, a2 odd; 1 if a1, a2 even, a3 = 3; 1 if a1 "
    "even, a3 > 3; 2 if a1 odd, a2, a3 even; 3 if a1 even, a2 odd, a3 = 3; 4 if a1 odd, a2 "
    "even, a3 odd",
)(_ferrers_family(3, lambda a: a[2] >= 3, "[a1, a2, a3], a3 ≥ 3", th.theorem6_value, "7,6,5").check)
