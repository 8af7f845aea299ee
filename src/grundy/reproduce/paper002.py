"""The checks of paper 002 (Bašić, Gottlieb, Krnc: Some observations on the Column-Row game).

Column-Row ("cr"): a move removes any one row or any one column.  One check
per numbered statement, in the paper's order: Lemma 1.1 (rectangles),
Lemma 1.2 (conjugation), Algorithm 1 (the dynamic programme), Lemma 3.1
(quadrated partitions), Theorem 4.1 (gammas), Theorem 5.1 (almost gammas)
and Conjecture 1 (staircases).  The "Lemma 1" cited in the proof of
Theorem 4.1 is Lemma 1.1 (it is used for the rectangles Γ_{1,3}, Γ_{3,1}),
not a separate statement.  Figures 1–4 draw diagrams and moves, no values.

The reference is exhaustive search, `Solver(get_ruleset("cr"), fast=False)`
(no closed form, no compiled kernel), except for the staircases of
Conjecture 1, which go to the compiled engine (`COLUMN_ROW_KERNEL`, itself
checked against the solver in the test suite) beyond S_8.  The formulas
`grundy.games.column_row.column_row` implements (Lemma 1.1 read as 003 Theorem 1 does,
Theorem 4.1, Theorem 5.1 inside its hypotheses) are tested as the library
computes them; what it does not implement is written here as the paper
prints it: the other reading of Lemma 1.1, Theorem 5.1 outside its
hypotheses (where the library refuses), the steps of the proof of
Theorem 4.1, Algorithm 1 and Conjecture 1.

Notation: R_{a,b} = [b^a] (a rows, b columns), Γ_{a,b} = [b, 1^(a−1)],
the almost gamma Γ^{1,d}_{a,b} = [b, d^(a−1)], S_n = [n, n−1, …, 1].

>>> from grundy.reproduce.catalogue import statements
>>> [s.number for s in statements("002")][:3]
['Lemma 1.1', 'Lemma 1.2', 'Algorithm 1']
>>> _gamma(3, 2), _almost_gamma(4, 5, 3)
([2, 1, 1], [5, 3, 3, 3])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from grundy.games.column_row.column_row import (
    COLUMN_ROW_KERNEL,
    almost_gamma_value,
    gamma_value,
    rectangle_value,
)
from grundy.nim import mex
from grundy.partition import Partition, partitions_up_to
from grundy.registry import get_ruleset
from grundy.reproduce import rows
from grundy.reproduce.rows import Family, Outcome, Source, Verdict
from grundy.reproduce.shared import (
    boxes,
    conjugate,
    pairs,
    quadrated,
    searched_apart,
    sg,
    show,
    smallest_first,
    sub,
)

PAPER = Source("002")
_CR = get_ruleset("cr")
#: The same moves with no canonical form: λ and λ′ are searched apart.
_RAW = searched_apart("cr")


def _sg(parts: Iterable[int]) -> int:
    """SG of Column-Row on the partition with these parts, by exhaustive search."""
    return sg("cr", Partition(parts))


def _rectangle(a: int, b: int) -> list[int]:
    """R_{a,b} = [b^a]."""
    return [b] * a


def _gamma(a: int, b: int) -> list[int]:
    """Γ_{a,b} = [b, 1^(a−1)]."""
    return [b] + [1] * (a - 1)


def _almost_gamma(a: int, b: int, d: int) -> list[int]:
    """Γ^{1,d}_{a,b} = [b, d^(a−1)]."""
    return [b] + [d] * (a - 1)


def _staircase(n: int) -> list[int]:
    """S_n = [n, n−1, …, 1]."""
    return list(range(n, 0, -1))


# ------------------------------------------------------------------ Lemma 1.1
def _lemma_1_1_and_first(a: int, b: int) -> int:
    """Lemma 1.1 with its middle case, "b ≤ 2 or a ≤ 2 and a + b is odd", read as
    "b ≤ 2 or (a ≤ 2 and a + b odd)"; the other reading, "(b ≤ 2 or a ≤ 2) and a + b
    odd", is `grundy.games.column_row.column_row.rectangle_value` (= 003 Theorem 1)."""
    if b > 1 and a > 1 and (a + b) % 2 == 0:
        return 0
    return 2 if b <= 2 or (a <= 2 and (a + b) % 2 == 1) else 1


def _rectangle_words(a: int, b: int) -> str:
    return f"R_{{{a},{b}}} = {show(_rectangle(a, b))} has value {_sg(_rectangle(a, b))}"


#: Lemma 1.1 read as 003 Theorem 1 does: grundy's `rectangle_value` against exhaustive search.
_LEMMA_1_1: Family[tuple[int, int]] = Family(
    cases=pairs,
    holds=lambda ab: _sg(_rectangle(*ab)) == rectangle_value(*ab),
    **rows.up_to(12, 40),
    checked="every rectangle R_{{a,b}} with a, b ≤ {top}, both readings, exhaustive search",
    false_note="the reading '(a ≤ 2 or b ≤ 2) and a + b odd' fails",
    describe=lambda ab: f"{_rectangle_words(*ab)}, the lemma says {rectangle_value(*ab)}",
    shows=lambda ab: f"grundy value cr {ab[1]}^{ab[0]}",
)

#: The other reading of Lemma 1.1, `_lemma_1_1_and_first`, on the same rectangles.
_LEMMA_1_1_AND_FIRST = dataclasses.replace(
    _LEMMA_1_1,
    holds=lambda ab: _sg(_rectangle(*ab)) == _lemma_1_1_and_first(*ab),
    verdict=Verdict.WORDING,
    note="both readings hold",
    false_note="read with 'and' binding tighter ('b ≤ 2 or (a ≤ 2 and a + b odd)') the "
    "middle case is false; '(a ≤ 2 or b ≤ 2) and a + b odd' (= 003 Theorem 1) holds",
    describe=lambda ab: (
        f"{_rectangle_words(*ab)}, that reading gives "
        f"{_lemma_1_1_and_first(*ab)} (so does R_{{3,1}} = [1,1,1], value "
        f"{_sg(_rectangle(3, 1))})"
    ),
    shows=lambda ab: "grundy value cr 1",
)

PAPER.statement(
    "Lemma 1.1",
    "SG(R_{a,b}) = 0 if b > 1 and a > 1 and a + b is even; 2 if b ≤ 2 or a ≤ 2 and a + b "
    "is odd; 1 otherwise",
)(rows.in_turn(_LEMMA_1_1.check, _LEMMA_1_1_AND_FIRST.check))


# ------------------------------------------------------------------ Lemma 1.2
#: The bounds of Lemma 1.2: n ≤ n1 for item (1), n ≤ n2 for item (2), and the range in words.
_LEMMA_1_2_RANGE = {
    "quick": {"n1": 14, "n2": 9},
    "full": {"n1": 22, "n2": 15},
    "checked": "(1) every box (j, i) of every partition with n ≤ {n1}; (2) every partition "
    "with n ≤ {n2}, exhaustive search with conjugates searched separately",
}
_Boxed = tuple[list[int], int, int]

#: Lemma 1.2 (1), λ′[i, j] = λ[j, i]′, from the definitions (`shared.sub`, `shared.conjugate`).
_LEMMA_1_2_ITEM_1: Family[_Boxed] = Family(
    cases=lambda n1, n2: [(p.to_list(), i, j) for p in partitions_up_to(n1) for i, j in boxes(p)],
    holds=lambda c: sub(conjugate(c[0]), c[2], c[1]) == conjugate(sub(*c)),
    **_LEMMA_1_2_RANGE,
    false_note="item (1) fails",
    describe=lambda c: f"λ = {show(c[0])}, (i, j) = ({c[2]}, {c[1]})",
    shows=lambda c: f"grundy table cr {Partition(c[0])}",
)

#: Lemma 1.2 (2), SG(λ′) = SG(λ), with λ and λ′ searched apart.
_LEMMA_1_2_ITEM_2: Family[Partition] = Family(
    cases=lambda n1, n2: partitions_up_to(n2),
    holds=lambda p: _RAW.value(p) == _RAW.value(p.conjugate()),
    **_LEMMA_1_2_RANGE,
    note="λ[i, j] of §1.1, printed (x_i − j, x_{i+1} − j, …, x_1 − j), read as ending at x_k",
    command="grundy table cr 4,2,1",
    false_note="item (2) fails",
    describe=lambda p: (
        f"{show(p.to_list())} has value {_RAW.value(p)}, its conjugate {_RAW.value(p.conjugate())}"
    ),
    shows=lambda p: f"grundy value cr {p}",
)

PAPER.statement(
    "Lemma 1.2",
    "for every partition λ: (1) λ′[i, j] = λ[j, i]′ and (2) SG(λ′) = SG(λ)",
)(rows.in_turn(_LEMMA_1_2_ITEM_1.check, _LEMMA_1_2_ITEM_2.check))


# ---------------------------------------------------------------- Algorithm 1
def _remove_row(parts: list[int], j: int) -> list[int]:
    """λ −jr→ λ̃: delete row j."""
    return parts[:j] + parts[j + 1 :]


def _remove_column(parts: list[int], i: int) -> list[int]:
    """λ −ic→ λ̃: delete column i (every row longer than i loses one box)."""
    return [y for y in (x - 1 if x > i else x for x in parts) if y]


#: Algorithm 1's dictionary D, shared by every partition of the check.
_STORE: dict[tuple[int, ...], int] = {}


def _algorithm_1(parts: tuple[int, ...]) -> int:
    """Algorithm 1 as printed: SG(λ, D) with the dictionary D (recursive)."""
    if parts not in _STORE:
        seen = set()
        for i in range(parts[0] if parts else 0):  # every column of λ
            seen.add(_algorithm_1(tuple(_remove_column(list(parts), i))))
        for j in range(len(parts)):  # every row of λ
            seen.add(_algorithm_1(tuple(_remove_row(list(parts), j))))
        _STORE[parts] = mex(seen)
    return _STORE[parts]


PAPER.family_check(
    "Algorithm 1",
    "SG(λ, D): if λ ∉ D, D[λ] ← mex of SG(λ̃, D) over the removal of every column and "
    "every row of λ; return D[λ] (computes SG(λ) in Column-Row)",
    cases=lambda top: partitions_up_to(top),
    holds=lambda p: (
        _algorithm_1(tuple(p.parts())) == sg("cr", p)
        and (not p or COLUMN_ROW_KERNEL.value(p) == sg("cr", p))
    ),
    **rows.up_to(10, 18),
    checked="every partition with n ≤ {top}: Algorithm 1 (written here as printed) against "
    "exhaustive search and the compiled engine",
    note="line 7 writes λ −ir→ λ̃ for the j-th row (read j)",
    command="grundy value cr 5,4,3,2,1",
    false_note="Algorithm 1 and exhaustive search disagree",
    describe=lambda p: (
        f"{show(p.to_list())}: Algorithm 1 gives {_algorithm_1(tuple(p.parts()))}, exhaustive "
        f"search {sg('cr', p)}, the compiled engine {COLUMN_ROW_KERNEL.value(p) if p else 0}"
    ),
    shows=lambda p: f"grundy value cr {p}",
)


# ------------------------------------------------------------------ Lemma 3.1
def _lemma_3_1_fails(q: Partition, g: Partition) -> str | None:
    """The first item of Lemma 3.1 that fails for the quadrated Q and its option G."""
    if g.is_quadrated():
        return "(1)"
    if not any(h.is_quadrated() for _, h in _CR.options(g)):
        return "(2)"
    if sg("cr", g) == 0 or sg("cr", q) != 0:
        return "(3)"
    return None


PAPER.family_check(
    "Lemma 3.1",
    "Q quadrated, G a subposition of Q: (1) G is not quadrated; (2) G has a quadrated "
    "subposition; (3) G is an N-position and Q is a P-position",
    cases=lambda top: [(q, g) for q in quadrated(top // 4) for _, g in _CR.options(q)],
    holds=lambda qg: _lemma_3_1_fails(*qg) is None,
    **rows.up_to(24, 40),
    checked="every move from every non-empty quadrated partition of n ≤ {top} ({count} "
    "moves), exhaustive search",
    command="grundy moves cr 4^2,2^2",
    false_note="an item fails",
    describe=lambda qg: (
        f"item {_lemma_3_1_fails(*qg)}: Q = {show(qg[0].to_list())}, G = {show(qg[1].to_list())}"
    ),
    shows=lambda qg: f"grundy moves cr {qg[0]}",
)


# ---------------------------------------------------------------- Theorem 4.1
_Step = tuple[
    str,
    Callable[[int, int], bool],
    Callable[[int, int], list[tuple[int, int]]],
    Callable[[int, int], int],
]

#: The values the proof of Theorem 4.1 gives the options of Γ_{a,b} in its induction step
#: (min(a, b) ≥ 2, a + b > 4): (what it says, when, the options (a′, b′), the value).
_PROOF_4_1: tuple[_Step, ...] = (
    (
        "a ≡ b: SG(Γ_{a−1,1}) = SG(Γ_{1,b−1}) is 2 if a and b are even and 1 otherwise",
        lambda a, b: a % 2 == b % 2,
        lambda a, b: [(a - 1, 1), (1, b - 1)],
        lambda a, b: 2 if a % 2 == 0 else 1,
    ),
    (
        "a ≡ b: SG(Γ_{a,b−1}) = SG(Γ_{a−1,b}) = 3",
        lambda a, b: a % 2 == b % 2,
        lambda a, b: [(a, b - 1), (a - 1, b)],
        lambda a, b: 3,
    ),
    (
        "a ≢ b: SG(Γ_{a−1,1}) = ((a − 1) + 1) mod 2 + 1, SG(Γ_{1,b−1}) = (1 + (b − 1)) mod 2 + 1",
        lambda a, b: a % 2 != b % 2,
        lambda a, b: [(a - 1, 1)],
        lambda a, b: a % 2 + 1,
    ),
    (
        "a ≢ b: SG(Γ_{a,b−1}) = SG(Γ_{a−1,b}) = 0",
        lambda a, b: a % 2 != b % 2,
        lambda a, b: [(a, b - 1), (a - 1, b)],
        lambda a, b: 0,
    ),
)


def _proof_4_1_wrong(a: int, b: int, step: int) -> tuple[int, int, int, int] | None:
    """The first option (a′, b′, its value, the proof's value) that step `step` of the
    proof misvalues at Γ_{a,b}, or None."""
    _, applies, options, says = _PROOF_4_1[step]
    if not applies(a, b):
        return None
    for a1, b1 in options(a, b):
        if _sg(_gamma(a1, b1)) != says(a, b):
            return a1, b1, _sg(_gamma(a1, b1)), says(a, b)
    return None


_THEOREM_4_1_WORDS = (
    "every gamma Γ_{{a,b}} with a, b ≤ {top}, and the proof's steps, exhaustive search"
)

#: Theorem 4.1 itself: grundy's `gamma_value` against exhaustive search.
_THEOREM_4_1: Family[tuple[int, int]] = Family(
    cases=pairs,
    holds=lambda ab: _sg(_gamma(*ab)) == gamma_value(*ab),
    **rows.up_to(14, 40),
    checked=_THEOREM_4_1_WORDS,
    false_note="the formula fails",
    describe=lambda ab: (
        f"Γ_{{{ab[0]},{ab[1]}}} = {show(_gamma(*ab))} has value "
        f"{_sg(_gamma(*ab))}, the theorem says {gamma_value(*ab)}"
    ),
    shows=lambda ab: f"grundy value cr {Partition(_gamma(*ab))}",
)


def _proof_slips_4_1(top: int) -> dict[int, tuple[int, int]]:
    """Step of the proof → the smallest Γ_{a,b} (a, b ≤ top) where it misvalues an option."""
    inner = [(a, b) for a, b in pairs(top, low=2) if a + b > 4]
    first = {
        k: rows.first_failure(inner, lambda c, k=k: _proof_4_1_wrong(*c, k) is None)
        for k in range(len(_PROOF_4_1))
    }
    return {k: c for k, c in first.items() if c is not None}


def _smallest(slips: dict[int, tuple[int, int]]) -> tuple[int, int]:
    """The smallest Γ_{a,b} where a step of the proof slips."""
    return min(slips.values(), key=lambda c: (sum(c), c))


def _slips_in_words(slips: dict[int, tuple[int, int]]) -> str:
    """Each Γ_{a,b} where a step slips, with the options it misvalues."""
    shown: dict[tuple[int, int], list[str]] = {}
    for k, (a, b) in sorted(slips.items(), key=lambda kc: (sum(kc[1]), kc[1], kc[0])):
        a1, b1, value, says = _proof_4_1_wrong(a, b, k) or (0, 0, 0, 0)
        shown.setdefault((a, b), []).append(
            f"Γ_{{{a1},{b1}}} = {show(_gamma(a1, b1))} has value {value}, the proof says {says}"
        )
    return "; ".join(
        f"Γ_{{{a},{b}}} = {show(_gamma(a, b))}: " + ", ".join(texts)
        for (a, b), texts in shown.items()
    )


@PAPER.statement(
    "Theorem 4.1",
    "SG(Γ_{a,b}) = (a + b) mod 2 + 1 if min(a, b) = 1; 0 if a and b have the same parity; "
    "3 otherwise",
)
def _check_theorem_4_1(quick: bool) -> Outcome:
    top = _THEOREM_4_1.bounds(quick)["top"]
    slips = _proof_slips_4_1(top)
    return rows.first_failed(
        lambda: _THEOREM_4_1.check(quick),
        lambda: rows.verified_unless(
            slips or None,
            _THEOREM_4_1_WORDS.format(top=top),
            verdict=Verdict.PROOF_SLIP,
            command="grundy value cr 5,1^3",
            false_note="the induction step misvalues options of Γ_{a,b}: "
            + "; ".join(_PROOF_4_1[k][0] for k in slips)
            + " (the first has the parity swapped, the others fail for a = 2 or b = 2, where "
            "an option has min = 1); the values 0 and 3 it concludes are right",
            describe=_slips_in_words,
            shows=lambda found: f"grundy moves cr {Partition(_gamma(*_smallest(found)))}",
        ),
    )


# ---------------------------------------------------------------- Theorem 5.1
def _printed_5_1(a: int, b: int, d: int) -> int:
    """SG(Γ^{1,d}_{a,b}) as Theorem 5.1 prints it, for any a, b, d: outside its hypotheses
    (a ≥ 4, 3 ≤ d ≤ b), where `almost_gamma_value` refuses."""
    if b % 2 == d % 2:
        return (a + b) % 2
    if a % 2 == b % 2:
        return 2
    return 3


def _almost_gammas(
    a_range: Iterable[int], b_top: int, d_range: Callable[[int], Iterable[int]]
) -> list[tuple[int, int, int]]:
    """(a, b, d) with d ≤ b ≤ b_top, smallest partition first."""
    cases = [(a, b, d) for a in a_range for b in range(1, b_top + 1) for d in d_range(b)]
    return smallest_first(cases, lambda c: sum(_almost_gamma(*c)))


def _almost_gamma_words(c: tuple[int, int, int], says: str, named: bool = False) -> str:
    """'[5,3,3,3] has value 0, the theorem says 1' (with a, b, d when `named`)."""
    name = show(_almost_gamma(*c)) + (f" (a = {c[0]}, b = {c[1]}, d = {c[2]})" if named else "")
    return f"{name} has value {_sg(_almost_gamma(*c))}, {says}"


@PAPER.statement(
    "Theorem 5.1",
    "for a ≥ 4, b ≥ 3, d ≥ 3, d ≤ b: SG(Γ^{1,d}_{a,b}) = a + b (mod 2) if b and d have the "
    "same parity; 2 if a and b have the same parity distinct from d; 3 otherwise",
)
def _check_theorem_5_1(quick: bool) -> Outcome:
    a_top, b_top = (8, 9) if quick else (24, 30)
    checked = (
        f"inside: every a ≤ {a_top}, 3 ≤ d ≤ b ≤ {b_top}; outside: a = 2, 3 (d ≥ 3) and "
        f"d = 1, 2 (a ≥ 4), same b; exhaustive search"
    )
    inside = _almost_gammas(range(4, a_top + 1), b_top, lambda b: range(3, b + 1))
    a_small = _almost_gammas(range(2, 4), b_top, lambda b: range(3, b + 1))
    d_small = _almost_gammas(range(4, a_top + 1), b_top, lambda b: range(1, 3) if b >= 3 else ())

    def printed(c: tuple[int, int, int]) -> bool:
        return _sg(_almost_gamma(*c)) == _printed_5_1(*c)

    shown = [
        rows.first_failure(a_small, printed),
        rows.first_failure([c for c in a_small if c[0] == 3], printed),
        rows.first_failure(d_small, printed),
        rows.first_failure([c for c in d_small if c[2] == 2], printed),
    ]
    return rows.first_failed(
        lambda: rows.verified_unless(
            rows.first_failure(inside, lambda c: _sg(_almost_gamma(*c)) == almost_gamma_value(*c)),
            checked,
            false_note="the formula fails inside its hypotheses",
            describe=lambda c: _almost_gamma_words(c, f"the theorem says {almost_gamma_value(*c)}"),
            shows=lambda c: f"grundy value cr {Partition(_almost_gamma(*c))}",
        ),
        lambda: rows.verified_unless(
            [c for c in shown if c is not None] or None,
            checked,
            verdict=Verdict.HYPOTHESES,
            note="the formula also holds outside the hypotheses",
            command="grundy value cr 5,3^3",
            false_note="both a ≥ 4 and d ≥ 3 are needed (b ≥ 3 follows from 3 ≤ d ≤ b)",
            describe=lambda found: "; ".join(
                _almost_gamma_words(c, f"the formula gives {_printed_5_1(*c)}", named=True)
                for c in found
            ),
            shows=lambda found: "grundy value cr 6,5,5",
        ),
    )


# --------------------------------------------------------------- Conjecture 1
def _conjecture_1(n: int) -> int:
    """SG(S_n) as Conjecture 1 prints it."""
    if n % 2 == 0:
        return 0
    return 1 if n == 5 else 2


def _staircase_value(n: int) -> int:
    """SG(S_n): exhaustive search to n = 8, the compiled engine beyond."""
    parts = _staircase(n)
    return _sg(parts) if n <= 8 else int(COLUMN_ROW_KERNEL.value(Partition(parts)))


@PAPER.statement(
    "Conjecture 1",
    "SG(S_n) = 0 if n is even, 1 if n = 5, 2 otherwise",
)
def _check_conjecture_1(quick: bool) -> Outcome:
    top = 12 if quick else 20
    ns = range(1, top + 1)
    bad = [n for n in ns if _staircase_value(n) != _conjecture_1(n)]
    fixed = rows.first_failure(
        ns, lambda n: _staircase_value(n) == (0 if n % 2 == 0 else 1 if n <= 5 else 2)
    )
    corrected = (
        f"with '1 for n ∈ {{1, 3, 5}}' it holds for every n ≤ {top}"
        if fixed is None
        else f"'1 for n ∈ {{1, 3, 5}}' fails too, at n = {fixed}"
    )
    return rows.verified_unless(
        bad or None,
        f"S_n for n ≤ {top} (exhaustive search to n = 8, the compiled engine beyond)",
        command="grundy value cr 5,4,3,2,1",
        false_note=f"false for n = {', '.join(map(str, bad))}; {corrected} "
        "(n ≤ 24 in docs/findings/column_row.md)",
        describe=lambda found: "; ".join(
            f"S_{n} = {show(_staircase(n))} has value {_staircase_value(n)}, the conjecture "
            f"says {_conjecture_1(n)}"
            for n in found[:2]
        ),
        shows=lambda found: "grundy value cr 3,2,1",
    )
