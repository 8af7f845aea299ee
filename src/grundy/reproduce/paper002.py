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
checked against the solver in the test suite) beyond S_8.  Every formula is
written here as the paper prints it.

Notation: R_{a,b} = [b^a] (a rows, b columns), Γ_{a,b} = [b, 1^(a−1)],
the almost gamma Γ^{1,d}_{a,b} = [b, d^(a−1)], S_n = [n, n−1, …, 1].

>>> from grundy.reproduce.core import statements
>>> [s.number for s in statements("002")][:3]
['Lemma 1.1', 'Lemma 1.2', 'Algorithm 1']
>>> _gamma(3, 2), _almost_gamma(4, 5, 3)
([2, 1, 1], [5, 3, 3, 3])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from grundy.games.column_row import COLUMN_ROW_KERNEL
from grundy.nim import mex
from grundy.partition import Partition, partitions_up_to
from grundy.registry import get_ruleset
from grundy.reproduce.common import (
    boxes,
    conjugate,
    exhaustive_solver,
    quadrated,
    searched_apart,
    show,
    smallest_first,
    sub,
)
from grundy.reproduce.rows import Outcome, Verdict, first_failure, statement, verified_unless

_CR = get_ruleset("cr")
#: Exhaustive search (no closed form, no kernel); conjugates share a memo entry.
_SOLVER = exhaustive_solver("cr")


def _sg(parts: Iterable[int]) -> int:
    """SG of Column-Row on the partition with these parts, by exhaustive search."""
    return _SOLVER.value(Partition(parts))


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


def _pairs(top: int, low: int = 1) -> list[tuple[int, int]]:
    """(a, b) with low ≤ a, b ≤ top, smallest a + b first."""
    return smallest_first((a, b) for a in range(low, top + 1) for b in range(low, top + 1))


# ------------------------------------------------------------------ Lemma 1.1
def _lemma_1_1(a: int, b: int, and_first: bool) -> int:
    """Lemma 1.1's cases in the printed order; the middle one, "b ≤ 2 or a ≤ 2 and a + b
    is odd", read as "b ≤ 2 or (a ≤ 2 and a + b odd)" (`and_first`) or as
    "(b ≤ 2 or a ≤ 2) and a + b odd"."""
    if b > 1 and a > 1 and (a + b) % 2 == 0:
        return 0
    odd = (a + b) % 2 == 1
    middle = (b <= 2 or (a <= 2 and odd)) if and_first else ((b <= 2 or a <= 2) and odd)
    return 2 if middle else 1


@statement(
    "002",
    "Lemma 1.1",
    "SG(R_{a,b}) = 0 if b > 1 and a > 1 and a + b is even; 2 if b ≤ 2 or a ≤ 2 and a + b "
    "is odd; 1 otherwise",
)
def _check_lemma_1_1(quick: bool) -> Outcome:
    top = 12 if quick else 40
    cases = _pairs(top)
    readings = {
        and_first: first_failure(
            cases, lambda ab, f=and_first: _sg(_rectangle(*ab)) == _lemma_1_1(*ab, f)
        )
        for and_first in (True, False)
    }
    checked = f"every rectangle R_{{a,b}} with a, b ≤ {top}, both readings, exhaustive search"
    and_first, or_first = readings[True], readings[False]
    if and_first is None and or_first is None:
        return Outcome(Verdict.VERIFIED, checked, note="both readings hold")
    if or_first is not None:
        a, b = or_first
        return Outcome(
            Verdict.FALSE,
            checked,
            note="the reading '(a ≤ 2 or b ≤ 2) and a + b odd' fails"
            + (" (the other reading holds)" if and_first is None else ", and so does the other"),
            counterexample=f"R_{{{a},{b}}} = {show(_rectangle(a, b))} has value "
            f"{_sg(_rectangle(a, b))}, the lemma says {_lemma_1_1(a, b, False)}",
            command=f"grundy value cr {b}^{a}",
        )
    a, b = and_first
    return Outcome(
        Verdict.WORDING,
        checked,
        note="read with 'and' binding tighter ('b ≤ 2 or (a ≤ 2 and a + b odd)') the middle "
        "case is false; '(a ≤ 2 or b ≤ 2) and a + b odd' (= 003 Theorem 1) holds",
        counterexample=f"R_{{{a},{b}}} = {show(_rectangle(a, b))} has value "
        f"{_sg(_rectangle(a, b))}, that reading gives {_lemma_1_1(a, b, True)} (so does "
        f"R_{{3,1}} = [1,1,1], value {_sg(_rectangle(3, 1))})",
        command="grundy value cr 1",
    )


# ------------------------------------------------------------------ Lemma 1.2
@statement(
    "002",
    "Lemma 1.2",
    "for every partition λ: (1) λ′[i, j] = λ[j, i]′ and (2) SG(λ′) = SG(λ)",
)
def _check_lemma_1_2(quick: bool) -> Outcome:
    n1, n2 = (14, 9) if quick else (22, 15)
    cases = ((p.to_list(), i, j) for p in partitions_up_to(n1) for i, j in boxes(p))
    bad1 = first_failure(cases, lambda c: sub(conjugate(c[0]), c[2], c[1]) == conjugate(sub(*c)))
    raw = searched_apart("cr")
    bad2 = first_failure(partitions_up_to(n2), lambda p: raw.value(p) == raw.value(p.conjugate()))
    checked = (
        f"(1) every box (j, i) of every partition with n ≤ {n1}; (2) every partition with "
        f"n ≤ {n2}, exhaustive search with conjugates searched separately"
    )
    if bad1 is None and bad2 is None:
        return Outcome(
            Verdict.VERIFIED,
            checked,
            note="λ[i, j] of §1.1, printed (x_i − j, x_{i+1} − j, …, x_1 − j), read as ending "
            "at x_k",
            command="grundy table cr 4,2,1",
        )
    if bad1 is not None:
        parts, i, j = bad1
        return Outcome(
            Verdict.FALSE,
            checked,
            note="item (1) fails",
            counterexample=f"λ = {show(parts)}, (i, j) = ({j}, {i})",
            command=f"grundy table cr {Partition(parts)}",
        )
    assert bad2 is not None
    return Outcome(
        Verdict.FALSE,
        checked,
        note="item (2) fails",
        counterexample=f"{show(bad2.to_list())} has value {raw.value(bad2)}, its conjugate "
        f"{raw.value(bad2.conjugate())}",
        command=f"grundy value cr {bad2}",
    )


# ---------------------------------------------------------------- Algorithm 1
def _remove_row(parts: list[int], j: int) -> list[int]:
    """λ −jr→ λ̃: delete row j."""
    return parts[:j] + parts[j + 1 :]


def _remove_column(parts: list[int], i: int) -> list[int]:
    """λ −ic→ λ̃: delete column i (every row longer than i loses one box)."""
    return [y for y in (x - 1 if x > i else x for x in parts) if y]


def _algorithm_1(parts: tuple[int, ...], store: dict[tuple[int, ...], int]) -> int:
    """Algorithm 1 as printed: SG(λ, D) with the dictionary D (recursive)."""
    if parts not in store:
        seen = set()
        for i in range(parts[0] if parts else 0):  # every column of λ
            seen.add(_algorithm_1(tuple(_remove_column(list(parts), i)), store))
        for j in range(len(parts)):  # every row of λ
            seen.add(_algorithm_1(tuple(_remove_row(list(parts), j)), store))
        store[parts] = mex(seen)
    return store[parts]


@statement(
    "002",
    "Algorithm 1",
    "SG(λ, D): if λ ∉ D, D[λ] ← mex of SG(λ̃, D) over the removal of every column and "
    "every row of λ; return D[λ] (computes SG(λ) in Column-Row)",
)
def _check_algorithm_1(quick: bool) -> Outcome:
    top = 10 if quick else 18
    store: dict[tuple[int, ...], int] = {}
    bad = first_failure(
        partitions_up_to(top),
        lambda p: (
            _algorithm_1(tuple(p.parts()), store) == _SOLVER.value(p)
            and (not p or COLUMN_ROW_KERNEL.value(p) == _SOLVER.value(p))
        ),
    )
    checked = (
        f"every partition with n ≤ {top}: Algorithm 1 (written here as printed) against "
        "exhaustive search and the compiled engine"
    )
    return verified_unless(
        bad,
        checked,
        note="line 7 writes λ −ir→ λ̃ for the j-th row (read j)",
        command="grundy value cr 5,4,3,2,1",
        false_note="Algorithm 1 and exhaustive search disagree",
        describe=lambda p: (
            f"{show(p.to_list())}: Algorithm 1 gives "
            f"{_algorithm_1(tuple(p.parts()), store)}, exhaustive search {_SOLVER.value(p)}"
        ),
        shows=lambda p: f"grundy value cr {p}",
    )


# ------------------------------------------------------------------ Lemma 3.1
@statement(
    "002",
    "Lemma 3.1",
    "Q quadrated, G a subposition of Q: (1) G is not quadrated; (2) G has a quadrated "
    "subposition; (3) G is an N-position and Q is a P-position",
)
def _check_lemma_3_1(quick: bool) -> Outcome:
    top = 6 if quick else 10
    items: dict[str, Callable[[Partition, Partition], bool]] = {
        "(1)": lambda q, g: not g.is_quadrated(),
        "(2)": lambda q, g: any(h.is_quadrated() for _, h in _CR.options(g)),
        "(3)": lambda q, g: _SOLVER.value(g) != 0 and _SOLVER.value(q) == 0,
    }
    cases = [(q, g) for q in quadrated(top) for _, g in _CR.options(q)]
    checked = (
        f"every move from every non-empty quadrated partition of n ≤ {4 * top} "
        f"({len(cases)} moves), exhaustive search"
    )
    for item, holds in items.items():
        bad = first_failure(cases, lambda qg, h=holds: h(*qg))
        if bad is not None:
            q, g = bad
            return Outcome(
                Verdict.FALSE,
                checked,
                note=f"item {item} fails",
                counterexample=f"Q = {show(q.to_list())}, G = {show(g.to_list())}",
                command=f"grundy moves cr {q}",
            )
    return Outcome(Verdict.VERIFIED, checked, command="grundy moves cr 4^2,2^2")


# ---------------------------------------------------------------- Theorem 4.1
def _theorem_4_1(a: int, b: int) -> int:
    """SG(Γ_{a,b}) as Theorem 4.1 prints it."""
    if min(a, b) == 1:
        return (a + b) % 2 + 1
    if a % 2 == b % 2:
        return 0
    return 3


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


@statement(
    "002",
    "Theorem 4.1",
    "SG(Γ_{a,b}) = (a + b) mod 2 + 1 if min(a, b) = 1; 0 if a and b have the same parity; "
    "3 otherwise",
)
def _check_theorem_4_1(quick: bool) -> Outcome:
    top = 14 if quick else 40
    checked = f"every gamma Γ_{{a,b}} with a, b ≤ {top}, and the proof's steps, exhaustive search"
    bad = first_failure(_pairs(top), lambda ab: _sg(_gamma(*ab)) == _theorem_4_1(*ab))
    if bad is not None:
        a, b = bad
        return Outcome(
            Verdict.FALSE,
            checked,
            note="the formula fails",
            counterexample=f"Γ_{{{a},{b}}} = {show(_gamma(a, b))} has value "
            f"{_sg(_gamma(a, b))}, the theorem says {_theorem_4_1(a, b)}",
            command=f"grundy value cr {Partition(_gamma(a, b))}",
        )
    inner = [(a, b) for a, b in _pairs(top, low=2) if a + b > 4]
    first = {
        k: first_failure(inner, lambda c, k=k: _proof_4_1_wrong(*c, k) is None)
        for k in range(len(_PROOF_4_1))
    }
    slips = {k: c for k, c in first.items() if c is not None}
    if not slips:
        return Outcome(Verdict.VERIFIED, checked, command="grundy value cr 5,1^3")
    shown: dict[tuple[int, int], list[str]] = {}
    for k, (a, b) in sorted(slips.items(), key=lambda kc: (sum(kc[1]), kc[1], kc[0])):
        a1, b1, value, says = _proof_4_1_wrong(a, b, k) or (0, 0, 0, 0)
        shown.setdefault((a, b), []).append(
            f"Γ_{{{a1},{b1}}} = {show(_gamma(a1, b1))} has value {value}, the proof says {says}"
        )
    a, b = next(iter(shown))
    return Outcome(
        Verdict.PROOF_SLIP,
        checked,
        note="the induction step misvalues options of Γ_{a,b}: "
        + "; ".join(_PROOF_4_1[k][0] for k in slips)
        + " (the first has the parity swapped, the others fail for a = 2 or b = 2, where an "
        "option has min = 1); the values 0 and 3 it concludes are right",
        counterexample="; ".join(
            f"Γ_{{{a},{b}}} = {show(_gamma(a, b))}: " + ", ".join(texts)
            for (a, b), texts in shown.items()
        ),
        command=f"grundy moves cr {Partition(_gamma(a, b))}",
    )


# ---------------------------------------------------------------- Theorem 5.1
def _theorem_5_1(a: int, b: int, d: int) -> int:
    """SG(Γ^{1,d}_{a,b}) as Theorem 5.1 prints it."""
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


@statement(
    "002",
    "Theorem 5.1",
    "for a ≥ 4, b ≥ 3, d ≥ 3, d ≤ b: SG(Γ^{1,d}_{a,b}) = a + b (mod 2) if b and d have the "
    "same parity; 2 if a and b have the same parity distinct from d; 3 otherwise",
)
def _check_theorem_5_1(quick: bool) -> Outcome:
    a_top, b_top = (8, 9) if quick else (24, 30)
    holds = lambda c: _sg(_almost_gamma(*c)) == _theorem_5_1(*c)  # noqa: E731
    inside = _almost_gammas(range(4, a_top + 1), b_top, lambda b: range(3, b + 1))
    outside = {
        "a ≤ 3": _almost_gammas(range(2, 4), b_top, lambda b: range(3, b + 1)),
        "d ≤ 2": _almost_gammas(
            range(4, a_top + 1), b_top, lambda b: range(1, 3) if b >= 3 else ()
        ),
    }
    checked = (
        f"inside: every a ≤ {a_top}, 3 ≤ d ≤ b ≤ {b_top}; outside: a = 2, 3 (d ≥ 3) and "
        f"d = 1, 2 (a ≥ 4), same b; exhaustive search"
    )
    bad = first_failure(inside, holds)
    if bad is not None:
        return Outcome(
            Verdict.FALSE,
            checked,
            note="the formula fails inside its hypotheses",
            counterexample=f"{show(_almost_gamma(*bad))} has value {_sg(_almost_gamma(*bad))}, "
            f"the theorem says {_theorem_5_1(*bad)}",
            command=f"grundy value cr {Partition(_almost_gamma(*bad))}",
        )
    found = {name: first_failure(cases, holds) for name, cases in outside.items()}
    if all(c is None for c in found.values()):
        return Outcome(
            Verdict.VERIFIED,
            checked,
            note="the formula also holds outside the hypotheses",
            command="grundy value cr 5,3^3",
        )
    a3 = first_failure([c for c in outside["a ≤ 3"] if c[0] == 3], holds)
    d2 = first_failure([c for c in outside["d ≤ 2"] if c[2] == 2], holds)
    shown = [c for c in (found["a ≤ 3"], a3, found["d ≤ 2"], d2) if c is not None]
    return Outcome(
        Verdict.HYPOTHESES,
        checked,
        note="both a ≥ 4 and d ≥ 3 are needed (b ≥ 3 follows from 3 ≤ d ≤ b)",
        counterexample="; ".join(
            f"{show(_almost_gamma(*c))} (a = {c[0]}, b = {c[1]}, d = {c[2]}) has value "
            f"{_sg(_almost_gamma(*c))}, the formula gives {_theorem_5_1(*c)}"
            for c in shown
        ),
        command="grundy value cr 6,5,5",
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


@statement(
    "002",
    "Conjecture 1",
    "SG(S_n) = 0 if n is even, 1 if n = 5, 2 otherwise",
)
def _check_conjecture_1(quick: bool) -> Outcome:
    top = 12 if quick else 20
    ns = range(1, top + 1)
    checked = f"S_n for n ≤ {top} (exhaustive search to n = 8, the compiled engine beyond)"
    bad = [n for n in ns if _staircase_value(n) != _conjecture_1(n)]
    if not bad:
        return Outcome(Verdict.VERIFIED, checked, command="grundy value cr 5,4,3,2,1")
    fixed = first_failure(
        ns, lambda n: _staircase_value(n) == (0 if n % 2 == 0 else 1 if n <= 5 else 2)
    )
    corrected = (
        f"with '1 for n ∈ {{1, 3, 5}}' it holds for every n ≤ {top}"
        if fixed is None
        else f"'1 for n ∈ {{1, 3, 5}}' fails too, at n = {fixed}"
    )
    return Outcome(
        Verdict.FALSE,
        checked,
        note=f"false for n = {', '.join(map(str, bad))}; {corrected} "
        "(n ≤ 24 in docs/findings/column_row.md)",
        counterexample="; ".join(
            f"S_{n} = {show(_staircase(n))} has value {_staircase_value(n)}, the conjecture "
            f"says {_conjecture_1(n)}"
            for n in bad[:2]
        ),
        command="grundy value cr 3,2,1",
    )
