"""Paper 000 §5: the values of one, two and three rows and the window of the Durfee
square (Lemmas 12–15, Eq. (8), (9), (11), (12), Figures 7, 8, Corollary 16, Lemma 17).

Eq. (12) (printed) on the α's of [6, 5, 3², 2] (d = 3), against exhaustive search:

>>> lam = Partition.parse("6,5,3^2,2")
>>> eq12(**_alphas(lam, 3)), sg("lctr", lam)
(2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import pairwise

from grundy.games.lctr.lctr import (
    lemma12_one_row,
    lemma13_two_rows,
    lemma14_three_rows,
    lemma17_rectangle,
)
from grundy.partition import Partition, rectangle
from grundy.reproduce import rows
from grundy.reproduce.paper000.lctr_setting import (
    BOXES,
    PAPER,
    ValueRow,
    box_case,
    drawn_figure,
    eq9,
    eq12,
    eq12_closed_inside,
    nabla,
    run_bound,
    sg_at,
    show_parts,
    value_rows,
)
from grundy.reproduce.rows import Outcome, Verdict
from grundy.reproduce.shared import boxes, positions, sg


def _rows(k: int, top: int) -> Iterator[Partition]:
    """Every partition with exactly k ∈ {1, 2, 3} rows and size ≤ top, size order."""
    for n in range(k, top + 1):
        if k == 1:
            yield Partition([n])
        elif k == 2:
            yield from (Partition([n - b, b]) for b in range(1, n // 2 + 1))
        else:
            for c in range(1, n // 3 + 1):
                for b in range(c, (n - c) // 2 + 1):
                    yield Partition([n - b - c, b, c])


# ====================================================================== §5
value_rows(
    ValueRow(
        "Lemma 12",
        "SG(L([λ1])) = 0 if λ1 = 0, 1 if λ1 is odd, 2 otherwise",
        lambda top: range(top + 1),
        lambda a: ("lctr", Partition([a])),
        lemma12_one_row,
        lambda a: f"[{a}]",
        (40, 200),
        "λ1 ≤ {top}",
        "grundy value lctr 6",
        "one-row value differs",
    ),
    ValueRow(
        "Lemma 13",
        "L([λ1, λ2]): λ1 = λ2 gives 0 if λ1 even, 2 if odd; λ1 > λ2 > 0 gives 0 if λ2 odd, 1 "
        "if even",
        lambda top: _rows(2, top),
        lambda lam: ("lctr", lam),
        lambda lam: lemma13_two_rows(*lam.parts()),
        str,
        (30, 60),
        "every two-row partition with n ≤ {top}",
        "grundy value lctr 5,2",
        "two-row value differs",
    ),
)


def _alphas(lam: Partition, w: int) -> dict[str, int]:
    """α_{ij} = SG(A[i, j]) by exhaustive search, for the boxes that 000 Eq. (9)/(12) use."""
    keys = [(w, k) for k in range(w)] + [(k, w) for k in range(w)]
    return {f"a{i}{j}": sg_at("lctr", lam, i, j) for i, j in keys}


def _durfee_check(
    number: str,
    claim: str,
    d: int,
    holds: Callable[[Partition], bool],
    false_note: str,
    example: str,
    detail: str = "",
    note: str = "",
) -> None:
    """A row about every partition with d(λ) = d in the range of `BOXES`; `detail` ends
    the range in words."""
    PAPER.family_check(
        number,
        claim,
        cases=lambda top: [lam for lam in positions(top, "lctr") if lam.durfee() == d],
        holds=holds,
        **rows.up_to(*BOXES),
        checked=f"every partition with d(λ) = {d} and n ≤ {{top}} ({{count}}){detail}",
        note=note,
        command=f"grundy table lctr {example}",
        false_note=false_note,
        shows=lambda lam: f"grundy table lctr {lam}",
    )


def _mex_steps(
    number: str, claim: str, d: int, steps: Iterable[tuple[int, int]], example: str
) -> None:
    """Each step (i, j) of the equation, in its order: SG(A[i, j]) = SG(A[i, j+1]) ∇
    SG(A[i+1, j]) (its right and lower neighbours; ∇ is symmetric) when d(λ) = d."""
    steps = tuple(steps)

    def holds(lam: Partition) -> bool:
        return all(
            sg_at("lctr", lam, i, j)
            == nabla(sg_at("lctr", lam, i, j + 1), sg_at("lctr", lam, i + 1, j))
            for i, j in steps
        )

    _durfee_check(
        number,
        claim,
        d,
        holds,
        f"a step of {number.replace('Equation', 'Eq.')} fails",
        example,
        ", values by exhaustive search",
    )


_mex_steps(
    "Equation (8)",
    "for d(λ) = 2: SG(A[1,1]) = SG(A[2,1]) ∇ SG(A[1,2]), SG(A[0,1]) = SG(A[0,2]) ∇ SG(A[1,1]), "
    "SG(A[1,0]) = SG(A[2,0]) ∇ SG(A[1,1]), SG(A) = SG(A[0,1]) ∇ SG(A[1,0])",
    2,
    [(1, 1), (0, 1), (1, 0), (0, 0)],
    "5,3,2^2,1",
)

_durfee_check(
    "Equation (9)",
    "for d(λ) = 2: SG(A) = ((α21 ∇ α12) ∇ α02) ∇ (α20 ∇ (α21 ∇ α12)), α_ij = SG(A[i, j])",
    2,
    lambda lam: sg("lctr", lam) == eq9(**_alphas(lam, 2)),
    "Eq. (9) gives a wrong value",
    "5,3,2^2,1",
)


def _alternates(lam: Partition, pair: set[int]) -> bool:
    """The proof of Lemma 14: SG(A[1, j]), 0 ≤ j < λ3, alternate within `pair`."""
    vals = [sg_at("lctr", lam, 1, j) for j in range(lam.part(3))]
    return set(vals) <= pair and all(x != y for x, y in pairwise(vals))


def _row_1_values(lam: Partition) -> str:
    """'0, 1, 0': SG(A[1, j]) for 0 ≤ j < λ3."""
    return ", ".join(str(sg_at("lctr", lam, 1, j)) for j in range(lam.part(3)))


@PAPER.statement(
    "Lemma 14",
    "L([λ1, λ2, λ3]): 1. λ1 = λ2 = λ3: 0 if λ3 ≥ 3 odd, 1 if λ3 = 1 or λ3 ≥ 4 even, 2 if λ3 = 2; "
    "2. λ1 > λ2 = λ3: 0 if λ3 odd, 1 if even; 3. λ1 = λ2 > λ3: 0 if λ3 even, 1 if odd; "
    "4. λ1 > λ2 > λ3 = 1: 1 if λ2 even, 2 if odd; 5. λ1 > λ2 > λ3 > 1: 0 if λ3 even, 1 if odd",
)
def _lemma_14(quick: bool) -> Outcome:
    top = run_bound(quick, 24, 45)
    cases = list(_rows(3, top))
    checked = f"every three-row partition with n ≤ {top} ({len(cases)})"
    # The proof: "SG(A[1, j]), 0 ≤ j < λ3, alternate between 0 and 2 whenever λ2 = λ3,
    # or between 1 and 2 otherwise" (A[1, j] = [λ2 − j, λ3 − j]).
    equal = rows.first_failure(
        (lam for lam in cases if lam.part(2) == lam.part(3)), lambda lam: _alternates(lam, {0, 2})
    )
    other = [lam for lam in cases if lam.part(2) > lam.part(3)]
    slip = rows.first_failure(other, lambda lam: _alternates(lam, {1, 2}))
    true_pair = rows.first_failure(other, lambda lam: _alternates(lam, {0, 1}))
    return rows.first_failed(
        lambda: rows.verified_unless(
            rows.first_failure(
                cases, lambda lam: sg("lctr", lam) == lemma14_three_rows(*lam.parts())
            ),
            checked,
            false_note="three-row value differs",
            shows=lambda lam: f"grundy value lctr {lam}",
        ),
        lambda: rows.verified_unless(
            slip if slip is not None else equal,
            checked + "; the proof's first step on the same range",
            verdict=Verdict.PROOF_SLIP,
            false_note=(
                "the proof says SG(A[1, j]), 0 ≤ j < λ3, alternate 'between 1 and 2' when "
                "λ2 ≠ λ3; they alternate between 0 and 1 (Lemma 13 item 2), "
                + (
                    "on every such partition checked"
                    if true_pair is None
                    else f"not at {true_pair}"
                )
                + "; the λ2 = λ3 half (0 and 2) holds"
                + ("" if equal is None else f" except at {equal}")
            ),
            describe=lambda first: (
                "[9, 5, 3]: A[1, j] = [5 − j, 3 − j] has values "
                f"{_row_1_values(Partition([9, 5, 3]))} (j = 0, 1, 2); smallest: "
                f"{show_parts(first.parts())}, values {_row_1_values(first)}"
            ),
            command="grundy table lctr 9,5,3",
        ),
    )


_mex_steps(
    "Equation (11)",
    "for d(λ) = 3: the nine values SG(A[i, j]), i, j ≤ 2, each the ∇ of its right and lower "
    "neighbours, ending with SG(A) = SG(A[0, 1]) ∇ SG(A[1, 0])",
    3,
    ((i, j) for i in (2, 1, 0) for j in (2, 1, 0)),
    "6,5,3^2,2",
)


def _equation_12_holds(lam: Partition) -> bool:
    alphas = _alphas(lam, 3)
    return eq12(**alphas) == sg("lctr", lam) == eq12_closed_inside(**alphas)


_durfee_check(
    "Equation (12)",
    "for d(λ) = 3: SG(A) = ((α30 ∇ (α31 ∇ (α32 ∇ α23))) ∇ ((α31 ∇ (α32 ∇ α23)) ∇ ((α32 ∇ α23) ∇ "
    "α13)) ∇ (((α31 ∇ (α32 ∇ α23)) ∇ ((α32 ∇ α23) ∇ α13)) ∇ (((α32 ∇ α23) ∇ α13) ∇ α03))",
    3,
    _equation_12_holds,
    "Eq. (12) gives a wrong value",
    "6,5,3^2,2",
    note=(
        "the text copy leaves one '(' unclosed; closing it after the first line, or at "
        "the end with ∇ read left to right, gives the same (right) value"
    ),
)


BoxCase = tuple[Partition, int, int]


def _lemma_15_item(case: BoxCase, need: dict[int, int]) -> bool:
    """SG(A[i, j]) = x and d(λ[i, j]) ≥ need[x] ⇒ SG(A[i−1, j−1]) = x."""
    lam, i, j = case
    x, d = sg_at("lctr", lam, i, j), lam.sub(i, j).durfee()
    return d < need[x] or sg_at("lctr", lam, i - 1, j - 1) == x


def _inner_boxes(top: int) -> list[BoxCase]:
    """(λ, i, j) for every box with i, j ≥ 1 of every partition with n ≤ top."""
    return [(lam, i, j) for lam in positions(top, "lctr") for i, j in boxes(lam) if i and j]


def _lemma_15_conditions(top: int) -> str:
    """The smallest boxes where items 2, 3 fail without their Durfee conditions."""
    cases = _inner_boxes(top)
    loose2 = rows.first_failure(cases, lambda c: _lemma_15_item(c, {0: 0, 1: 0, 2: 99}))
    loose3 = rows.first_failure(cases, lambda c: _lemma_15_item(c, {0: 0, 1: 99, 2: 0}))
    return "; ".join(
        f"item {k} needs its d-condition: [{c[0]}] at ({c[1]}, {c[2]})"
        for k, c in ((2, loose2), (3, loose3))
        if c is not None
    )


PAPER.family_check(
    "Lemma 15",
    "LCTR, i, j ≥ 1, λ[i, j] ≠ []: 1. SG(A[i, j]) = 0 ⇒ d(λ[i, j]) ≥ 1 and SG(A[i−1, j−1]) = 0; "
    "2. SG(A[i, j]) = 1 and d(λ[i, j]) ≥ 2 ⇒ SG(A[i−1, j−1]) = 1; "
    "3. SG(A[i, j]) = 2 and d(λ[i, j]) ≥ 3 ⇒ SG(A[i−1, j−1]) = 2",
    cases=_inner_boxes,
    holds=lambda c: _lemma_15_item(c, {0: 0, 1: 2, 2: 3}) and c[0].sub(c[1], c[2]).durfee() >= 1,
    **rows.up_to(*BOXES),
    checked="every box (i, j), i, j ≥ 1, of every partition with n ≤ {top} ({count} boxes)",
    note=_lemma_15_conditions,
    command="grundy table lctr 12,11,9,7,6,5,3,1",
    false_note="the value does not propagate",
    describe=box_case,
    shows=lambda c: f"grundy table lctr {c[0]}",
)


@drawn_figure(
    "Figure 7",
    "resolving the games played on [3, 1^4], [5, 3, 2^2, 1] and [6, 5, 3^2, 2] (values drawn)",
    "the drawn values",
    "the three values by exhaustive search",
    "grundy table lctr 6,5,3^2,2",
)
def _figure_7() -> str:
    shown = ["3,1^4", "5,3,2^2,1", "6,5,3^2,2"]
    return "computed: " + ", ".join(
        f"SG(L([{s}])) = {sg('lctr', Partition.parse(s))}" for s in shown
    )


@drawn_figure(
    "Figure 8",
    "LCTR (left) and Downright (right) on [12, 11, 9, 7, 6, 5, 3, 1]; the gray boxes hold the "
    "same SG values",
    "the drawn values and which boxes are gray",
    "the two tables by exhaustive search",
    "grundy table lctr 12,11,9,7,6,5,3,1",
)
def _figure_8() -> str:
    lam = Partition.parse("12,11,9,7,6,5,3,1")
    d = lam.durfee()
    flat = {
        g: len({sg_at(g, lam, k, k) for k in range(d - w + 1)}) == 1
        for g, w in (("lctr", 3), ("downright", 1))
    }
    return (
        f"computed: SG(L(λ)) = {sg('lctr', lam)}, SG(D(λ)) = {sg('downright', lam)}; "
        f"d(λ) = {d}, and the diagonal values are "
        + ("constant" if all(flat.values()) else "NOT constant")
        + f" down to λ[{d - 3}, {d - 3}] (LCTR) and λ[{d - 1}, {d - 1}] (Downright)"
    )


def _window(lam: Partition, w: int) -> int:
    """SG(A[d − w, d − w]), d = d(λ)."""
    return sg_at("lctr", lam, lam.durfee() - w, lam.durfee() - w)


def _window_3_needed(top: int) -> str:
    """The first λ where the window 2 would be wrong (so 3 is needed), in words."""
    narrow = next(
        (
            lam
            for lam in positions(top, "lctr")
            if lam.durfee() >= 2 and sg("lctr", lam) != _window(lam, 2)
        ),
        None,
    )
    if narrow is None:
        return ""
    d = narrow.durfee()
    return (
        f"the window 3 is needed: SG(L([{narrow}])) = {sg('lctr', narrow)} but its "
        f"λ[d−2, d−2] = [{narrow.sub(d - 2, d - 2)}] has value {_window(narrow, 2)}"
    )


PAPER.family_check(
    "Corollary 16",
    "for ℓ = d(λ) − 3 ≥ 0 and A = L(λ): SG(A) = SG(A[ℓ, ℓ])",
    cases=lambda top: [lam for lam in positions(top, "lctr") if lam.durfee() >= 3],
    holds=lambda lam: sg("lctr", lam) == _window(lam, 3),
    **rows.up_to(*BOXES),
    checked="every partition with d(λ) ≥ 3 and n ≤ {top} ({count})",
    note=_window_3_needed,
    command="grundy table lctr 7^4,3",
    false_note="the diagonal value changes",
    shows=lambda lam: f"grundy table lctr {lam}",
)


def _lemma_17_step(top: int) -> str:
    """The note on the proof's step for c ≥ r ≥ 3: SG(L(⊞_{c−r+3,3})) = SG(L(⊞_{c,r})),
    solved by Lemma 14.1."""
    step = rows.first_failure(
        [(r, c) for r in range(3, top + 1) for c in range(r, top + 1)],
        lambda rc: (
            sg("lctr", rectangle(rc[1] - rc[0] + 3, 3))
            == sg("lctr", rectangle(rc[1], rc[0]))
            == lemma14_three_rows(*[rc[1] - rc[0] + 3] * 3)
        ),
    )
    return (
        "the proof writes ⊞_{c−r+3,3} and ⊞_{c,r}, both transposed (⊞_{r,c} has r rows); "
        "harmless by Lemma 6: the step holds as printed"
        + ("" if step is None else f" except at r, c = {step}")
    )


value_rows(
    ValueRow(
        "Lemma 17",
        "SG(L(⊞_{r,c})) = 0 if c > 1 and r > 1 and c + r is even; 2 if c ≤ 2 or r ≤ 2, and "
        "c + r is odd; 1 otherwise",
        lambda top: [(r, c) for r in range(1, top + 1) for c in range(1, top + 1)],
        lambda rc: ("lctr", rectangle(*rc)),
        lambda rc: lemma17_rectangle(*rc),
        lambda rc: f"⊞_{{{rc[0]},{rc[1]}}}",
        (12, 30),
        "⊞_{{r,c}} = [c^r] for r, c ≤ {top}, with the printed comma",
        "grundy value lctr 7^5",
        "rectangle value differs",
        _lemma_17_step,
    )
)
