"""The checks of paper 001 (Gottlieb, Ilić, Krnc: Some results on LCTR, an impartial game on
partitions).

LCTR ("lctr"): a move removes the top row, λ → λ^R, or the left column,
λ → λ^C.  One check per numbered statement and worked figure, in the
paper's order.

The text copy lost almost every formula (``shared/papers/README.md``).
Where a statement survives only in its words and proof, the check tests a
reconstruction and says so in its note.  The reconstructions:

* Lemma 5: SG(b) = SG(1^b) = 1 for odd b, 2 for even b (from the proof);
  Lemma 6: SG(b^2) = SG(2^b) = 2 for odd b, 0 for even b; Lemma 7 (its
  statement and proof are lost): SG(b^3) = SG(3^b) = 0 for odd b ≥ 3, 1 for
  even b ≥ 4 (it gives "the base cases a = 3 and b = 3" of Lemma 8).
* Lemma 9: λ quadrated, then λ^{RC} = λ[1, 1] is a P-position too unless λ
  has two rows or two columns (the proof: "the second player can make the
  opposite move … the result is a quadrated partition").  Lemma 10: the
  options λ^R, λ^C of such a λ have value 1.
* A thick Γ-partition is ((t+a)^t, t^b): a t × t square with a right arm of
  a columns and a down arm of b rows (`grundy.partition.thick_gamma`);
  t = 1 is the Γ-partition (a + 1, 1^b).  Lemmas 14–16 and Theorem 17 give
  the cells λ[i, j], i < j < t, above the diagonal of its table (Figures 11,
  12): the text keeps the case split (a = 1; a = 2; a ≥ 3, even or odd),
  Theorem 17's grouping ("if a = 1, if a = 2, or if a ≥ 3 and a is even")
  and the proofs' induction on the parity of j − i.

Figures 5–9 and 12 draw values that the text copy does not have (rows
"not checkable", each naming the lemma whose row checks those values).
Figure 2 draws a diagram without values; Figures 10 and 13 are not described
in the text copy (no rows).

The reference is exhaustive search, `Solver(get_ruleset("lctr"), fast=False)`,
and, where conjugation is the point, the same moves searched with no
canonical form (conjugates apart).

>>> from grundy.reproduce.core import statements
>>> [s.number for s in statements("001")][:3]
['Theorem 1', 'Figure 1', 'Figure 3']
>>> _thick(2, 1, 3), _above(3, 4), _left_column_removed([3, 1])
([3, 3, 2, 2, 2], 1, (2,))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from grundy.analysis.tables import box_values
from grundy.game import FunctionRuleset
from grundy.nim import mex
from grundy.partition import Partition, partitions_up_to
from grundy.registry import get_ruleset
from grundy.reproduce.common import (
    Parts,
    boxes,
    conjugate,
    diagrams,
    exhaustive_solver,
    quadrated,
    searched_apart,
    show,
    sub,
)
from grundy.reproduce.rows import Outcome, Verdict, first_failure, statement, verified_unless
from grundy.solver import Solver

_LCTR = get_ruleset("lctr")
#: Exhaustive search (no closed form): the reference.
_SOLVER = exhaustive_solver("lctr")
#: The same moves with no canonical form: λ and λ′ are searched apart.
_RAW = searched_apart("lctr")


def _moves(position: Partition) -> list[Partition]:
    """LCTR's options, from the ruleset (λ^R, λ^C)."""
    return [child for _, child in _LCTR.options(position)]


def _sg(parts: Iterable[int]) -> int:
    """SG of LCTR on the partition with these parts, by exhaustive search."""
    return _SOLVER.value(Partition(parts))


def _sg_raw(parts: Iterable[int]) -> int:
    """The same, with conjugates searched apart (for statements about conjugation)."""
    return _RAW.value(Partition(parts))


# --------------------------------------------------- the paper's definitions
def _top_row_removed(parts: Sequence[int]) -> Parts:
    """λ^R = (λ2, …, λℓ)."""
    return tuple(parts[1:])


def _left_column_removed(parts: Sequence[int]) -> Parts:
    """λ^C = (λ1 − 1, …, λℓ − 1), non-positive values omitted."""
    return tuple(x - 1 for x in parts if x > 1)


def _thick(t: int, a: int, b: int) -> list[int]:
    """The thick Γ-partition ((t+a)^t, t^b)."""
    return [t + a] * t + [t] * b


def _above(a: int, d: int) -> int:
    """The value Lemmas 14–16 (reconstructed) give the cell λ[i, i + d], 0 < d, i + d < t,
    of a thick Γ-partition with right arm a."""
    if a <= 2 or a % 2 == 0:
        return d % 2
    return d if d <= 2 else (d + 1) % 2


def _verified_or_false(
    cases: Iterable[object],
    holds: Callable[[object], bool],
    checked: str,
    describe: Callable[[object], tuple[str, str]],
    command: str,
    note: str = "",
) -> Outcome:
    """VERIFIED if `holds` on every case, else FALSE with `describe(case)` =
    (counterexample, command) of the first failure."""
    return verified_unless(
        first_failure(cases, holds),
        checked,
        note=note,
        command=command,
        false_note=(note + "; " if note else "") + "the computation contradicts it",
        describe=lambda case: describe(case)[0],
        shows=lambda case: describe(case)[1],
    )


def _value_case(formula: Callable[[list[int]], int], raw: bool = False) -> Callable[..., bool]:
    """holds(parts): SG(parts) equals the paper's formula."""
    value = _sg_raw if raw else _sg
    return lambda parts: value(parts) == formula(parts)


def _value_mismatch(formula: Callable[[list[int]], int], raw: bool = False) -> Callable:
    """describe(parts) for a failed value check."""
    value = _sg_raw if raw else _sg
    return lambda parts: (
        f"{show(parts)} has value {value(parts)}, the paper says {formula(parts)}",
        f"grundy value lctr {Partition(parts)}",
    )


def _family(
    cases: list[list[int]],
    formula: Callable[[list[int]], int],
    checked: str,
    command: str,
    note: str = "",
    raw: bool = False,
) -> Outcome:
    """A closed form for a family of partitions against exhaustive search."""
    return _verified_or_false(
        cases, _value_case(formula, raw), checked, _value_mismatch(formula, raw), command, note
    )


# ------------------------------------------------------------- Theorem 1
def _outcome_class(p: Partition, misere: bool, memo: dict[tuple[Partition, bool], str]) -> str:
    """'N' or 'P' by Theorem 1: N iff some move leads to a P-position; a terminal position
    is P (normal play) or N (misère play)."""
    key = (p, misere)
    if key not in memo:
        children = _moves(p)
        if not children:
            memo[key] = "N" if misere else "P"
        else:
            memo[key] = (
                "N" if any(_outcome_class(c, misere, memo) == "P" for c in children) else "P"
            )
    return memo[key]


@statement(
    "001",
    "Theorem 1",
    "a position is in N iff there is a move to a P-position, in P iff there is none "
    "(normal play; in misère play terminal positions are N)",
)
def _check_theorem_1(quick: bool) -> Outcome:
    top = 14 if quick else 26
    memo: dict[tuple[Partition, bool], str] = {}
    cases = [(p, m) for p in partitions_up_to(top) for m in (False, True)]
    return _verified_or_false(
        cases,
        lambda c: (_outcome_class(*c, memo) == "P") == (_SOLVER.value(*c) == 0),
        f"every LCTR position with n ≤ {top}, normal and misère play: the classes by the "
        "theorem against SG = 0 by exhaustive search",
        lambda c: (
            f"{show(c[0].to_list())} ({'misère' if c[1] else 'normal'})",
            f"grundy moves lctr {c[0]}",
        ),
        "grundy moves lctr 3,2,1",
    )


# -------------------------------------------------------------- Figure 1
#: The graph the text walks through: terminal t1, t2 (label 0); b1, b2 with followers of
#: values {0} (label 1); c1, c2 with followers {0, 1} (label 2); the root, whose
#: followers are all labelled N (label 0, P).
_FIGURE_1 = {
    "root": ["c1", "c2"],
    "c1": ["b1", "t1"],
    "c2": ["b2", "t2"],
    "b1": ["t1"],
    "b2": ["t2"],
    "t1": [],
    "t2": [],
}
_FIGURE_1_LABELS = {"root": 0, "c1": 2, "c2": 2, "b1": 1, "b2": 1, "t1": 0, "t2": 0}


@statement(
    "001",
    "Figure 1",
    "labelling the graph: the terminal positions 0, their predecessors mex{0} = 1, then "
    "mex{0, 1} = 2, the root 0; the positions labelled 0 are those labelled P",
)
def _check_figure_1(quick: bool) -> Outcome:
    game = FunctionRuleset(_FIGURE_1.__getitem__, name="001 Figure 1", parse=str)
    solver = Solver(game, fast=False)
    classes: dict[str, str] = {}
    for v in ["t1", "t2", "b1", "b2", "c1", "c2", "root"]:  # followers first
        follow = [classes[w] for w in _FIGURE_1[v]]
        classes[v] = "N" if "P" in follow else "P"
    bad = first_failure(
        _FIGURE_1,
        lambda v: (
            solver.value(v) == _FIGURE_1_LABELS[v]
            and (classes[v] == "P") == (_FIGURE_1_LABELS[v] == 0)
        ),
    )
    checked = (
        "the 7-position graph reconstructed from the text (the drawing is not in the text copy)"
    )
    return verified_unless(
        bad,
        checked,
        note="graph reconstructed from the labelling steps: root → c1, c2; c_k → b_k, t_k; "
        "b_k → t_k",
        false_note="the labelling the text describes is not the SG labelling",
        describe=lambda v: f"position {v}: SG {solver.value(v)}, the text {_FIGURE_1_LABELS[v]}",
    )


# ------------------------------------------------------ Figure 3, Lemma 2
@statement(
    "001",
    "Figure 3",
    "the computation of SG for the board of Fig. 2: each partition in the figure has value at "
    "most 2",
)
def _check_figure_3(quick: bool) -> Outcome:
    top = 10 if quick else 20
    cases = [(p, i, j) for p in partitions_up_to(top) for i, j in boxes(p)]
    return _verified_or_false(
        cases,
        lambda c: _SOLVER.value(c[0].sub(c[1], c[2])) <= 2,
        f"every position in the table of every partition with n ≤ {top}, exhaustive search",
        lambda c: (f"{show(c[0].sub(c[1], c[2]).to_list())}", f"grundy table lctr {c[0]}"),
        "grundy table lctr 8,7,6,5^2,2,1",
        note="the partition of Fig. 2 is not in the text copy, so every partition's table is "
        "checked",
    )


@statement("001", "Lemma 2", "the SG value in LCTR of any partition does not exceed 2")
def _check_lemma_2(quick: bool) -> Outcome:
    top = 16 if quick else 32
    return _verified_or_false(
        partitions_up_to(top),
        lambda p: _SOLVER.value(p) <= 2 and len(_moves(p)) <= 2,
        f"every partition with n ≤ {top} (value ≤ 2, and at most 2 moves as the proof says), "
        "exhaustive search",
        lambda p: (f"{show(p.to_list())} has value {_SOLVER.value(p)}", f"grundy value lctr {p}"),
        "grundy count lctr --n 1..12",
    )


# -------------------------------------------------------------- Lemmas 3, 4
@statement("001", "Lemma 3", "for a nonempty partition λ: (λ^R)′ = (λ′)^C and (λ^C)′ = (λ′)^R")
def _check_lemma_3(quick: bool) -> Outcome:
    top = 16 if quick else 30
    cases = [p.to_list() for p in diagrams(top)]
    return _verified_or_false(
        cases,
        lambda q: (
            conjugate(_top_row_removed(q)) == _left_column_removed(conjugate(q))
            and conjugate(_left_column_removed(q)) == _top_row_removed(conjugate(q))
        ),
        f"every nonempty partition with n ≤ {top} (λ^R, λ^C and λ′ as §2.2 and §3 define them)",
        lambda q: (show(q), f"grundy moves lctr {Partition(q)}"),
        "grundy moves lctr 4,2,1",
    )


@statement("001", "Lemma 4", "LCTR is conjugate-invariant: SG(λ′) = SG(λ) for every partition λ")
def _check_lemma_4(quick: bool) -> Outcome:
    top = 12 if quick else 26
    return _verified_or_false(
        partitions_up_to(top),
        lambda p: _RAW.value(p) == _RAW.value(p.conjugate()),
        f"every partition with n ≤ {top}, exhaustive search with conjugates searched apart",
        lambda p: (
            f"{show(p.to_list())} has value {_RAW.value(p)}, its conjugate "
            f"{_RAW.value(p.conjugate())}",
            f"grundy value lctr {p}",
        ),
        "grundy value lctr 3,2,1^2",
    )


# -------------------------------------------------------------- rectangles
def _row_and_column(top: int) -> list[list[int]]:
    """(b) and (1^b) for b ≤ top."""
    return [shape for b in range(1, top + 1) for shape in ([b], [1] * b)]


@statement(
    "001",
    "Lemma 5",
    "for b ≥ 1, (b) and (1^b) are N-positions; SG(b) = SG(1^b) = 1 if b is odd, 2 if b is even",
)
def _check_lemma_5(quick: bool) -> Outcome:
    top = 40 if quick else 400
    return _family(
        _row_and_column(top),
        lambda q: 1 if len(q) * q[0] % 2 else 2,
        f"reconstructed formula; (b) and (1^b) for every b ≤ {top}, exhaustive search "
        "with conjugates apart",
        "grundy value lctr 1^6",
        note="formula read from the proof ('sg(b) = mex{0, sg(b − 1)}')",
        raw=True,
    )


@statement(
    "001",
    "Figure 4",
    "in each square of a row, SG of the row from that square on, 'computed by taking the mex "
    "of the values to the right and below the square, or zero if no such value present'",
)
def _check_figure_4(quick: bool) -> Outcome:
    top = 10 if quick else 20

    def table(p: Partition, literal: bool) -> list[list[int]]:
        rows = list(p.parts())
        out = [[0] * r for r in rows]
        for i in reversed(range(len(rows))):
            for j in reversed(range(rows[i])):
                near = []
                for di, dj in ((0, 1), (1, 0)):
                    inside = i + di < len(rows) and j + dj < rows[i + di]
                    if inside:
                        near.append(out[i + di][j + dj])
                    elif not literal:
                        near.append(0)  # the empty partition beyond the diagram
                out[i][j] = mex(near) if near else 0
        return out

    def agrees(p: Partition, literal: bool) -> bool:
        got = table(p, literal)
        return all(got[i][j] == _SOLVER.value(p.sub(i, j)) for i, j in boxes(p))

    cases = diagrams(top)
    literal = first_failure(cases, lambda p: agrees(p, True))
    meant = first_failure(cases, lambda p: agrees(p, False))
    checked = f"every box of every partition with n ≤ {top}, both readings, exhaustive search"
    if meant is not None:
        return Outcome(
            Verdict.FALSE,
            checked,
            note="the rule fails even with 0 for the empty partition beyond the diagram",
            counterexample=show(meant.to_list()),
            command=f"grundy table lctr {meant}",
        )
    if literal is None:
        return Outcome(Verdict.VERIFIED, checked, command="grundy table lctr 7")
    return Outcome(
        Verdict.WORDING,
        checked,
        note="read as 'a square with no value to its right or below gets 0' the rule is false; "
        "read as 'a missing value counts as 0' (the empty partition beyond the diagram, which "
        "000 Fig. 5 draws) it holds",
        counterexample=f"{show(literal.to_list())}: its last square has no value to the right "
        f"or below, that reading records 0, SG = {_SOLVER.value(literal)}",
        command=f"grundy table lctr {literal}",
    )


def _not_in_text(figure: str, what: str, lemmas: str, command: str) -> Outcome:
    """The row of a figure whose drawn values the text copy lost."""
    return Outcome(
        Verdict.NOT_CHECKABLE,
        "nothing: the drawn values are not in the text copy",
        note=f"Figure {figure} draws the values of {what}; the row of {lemmas} checks them",
        command=command,
    )


@statement("001", "Figure 5", "a visual summary of the values of (b^2)")
def _check_figure_5(quick: bool) -> Outcome:
    return _not_in_text("5", "(b^2)", "Lemma 6", "grundy table lctr 8^2")


@statement(
    "001",
    "Lemma 6",
    "for b ≥ 1: SG(b^2) = SG(2^b) = 2 if b is odd, 0 if b is even",
)
def _check_lemma_6(quick: bool) -> Outcome:
    top = 40 if quick else 400
    cases = [shape for b in range(1, top + 1) for shape in ([b, b], [2] * b)]
    return _family(
        cases,
        lambda q: 2 if (q[0] if len(q) == 2 else len(q)) % 2 else 0,
        f"reconstructed formula; (b^2) and (2^b) for every b ≤ {top}, exhaustive search "
        "with conjugates apart",
        "grundy value lctr 7^2",
        note="formula reconstructed from the proof's base cases SG(1^2) = 2, SG(2^2) = 0",
        raw=True,
    )


@statement("001", "Figure 6", "the values of (b^3) and (3^b)")
def _check_figure_6(quick: bool) -> Outcome:
    return _not_in_text("6", "(b^3) and (3^b)", "Lemma 7", "grundy table lctr 8^3")


@statement(
    "001",
    "Lemma 7",
    "for b ≥ 3: SG(b^3) = SG(3^b) = 0 if b is odd, 1 if b is even",
)
def _check_lemma_7(quick: bool) -> Outcome:
    top = 40 if quick else 400
    cases = [shape for b in range(3, top + 1) for shape in ([b] * 3, [3] * b)]
    return _family(
        cases,
        lambda q: (q[0] if len(q) == 3 else len(q)) % 2 ^ 1,
        f"reconstructed statement; (b^3) and (3^b) for every 3 ≤ b ≤ {top}, exhaustive search "
        "with conjugates apart",
        "grundy value lctr 6^3",
        note="statement and proof lost; reconstructed as the base cases a = 3, b = 3 of Lemma 8 "
        "(b = 1, 2: Lemmas 5, 6)",
        raw=True,
    )


@statement("001", "Figure 7", "the values of the rectangles (b^a), a, b ≥ 3")
def _check_figure_7(quick: bool) -> Outcome:
    return _not_in_text("7", "the rectangles (b^a), a, b ≥ 3", "Lemma 8", "grundy table lctr 8^6")


@statement(
    "001",
    "Lemma 8",
    "for integers a, b ≥ 3: SG(b^a) = 0 if a + b is even, 1 if a + b is odd",
)
def _check_lemma_8(quick: bool) -> Outcome:
    top = 16 if quick else 50
    cases = sorted(
        ([b] * a for a in range(3, top + 1) for b in range(3, top + 1)), key=lambda q: sum(q)
    )
    return _family(
        cases,
        lambda q: (len(q) + q[0]) % 2,
        f"reconstructed formula; (b^a) for every 3 ≤ a, b ≤ {top}, exhaustive search",
        "grundy value lctr 6^5",
        note="formula reconstructed ('by induction on a'; Lemma 7 gives a = 3 and b = 3)",
    )


# ------------------------------------------------------------- quadrated
@statement("001", "Figure 8", "the values in the table of a quadrated partition")
def _check_figure_8(quick: bool) -> Outcome:
    return _not_in_text(
        "8",
        "a quadrated partition (which one is lost)",
        "Lemmas 9, 10",
        "grundy table lctr 4^2,2^2",
    )


def _two_rows_or_columns(p: Partition) -> bool:
    return p.length == 2 or p.largest == 2


@statement(
    "001",
    "Lemma 9",
    "λ quadrated: λ is a P-position; if λ is not ((2k)^2) or (2^{2k}), then λ^{RC} is also a "
    "P-position",
)
def _check_lemma_9(quick: bool) -> Outcome:
    top = 7 if quick else 14
    cases = list(quadrated(top))
    checked = (
        f"reconstructed statement; every nonempty quadrated partition with n ≤ {4 * top}, "
        "exhaustive search"
    )
    bad = first_failure(
        cases,
        lambda p: (
            _SOLVER.value(p) == 0 and (_SOLVER.value(p.sub(1, 1)) == 0) != _two_rows_or_columns(p)
        ),
    )
    return verified_unless(
        bad,
        checked,
        note="second claim reconstructed from the proof (opposite moves lead to a quadrated "
        "partition); the exceptions are needed: for them λ^{RC} is a row or column, not P",
        command="grundy table lctr 4^2,2^2",
        false_note="a quadrated partition or its λ^{RC} is not as claimed",
        describe=lambda p: (
            f"{show(p.to_list())}: value {_SOLVER.value(p)}, λ^{{RC}} = "
            f"{show(p.sub(1, 1).to_list())} has value {_SOLVER.value(p.sub(1, 1))}"
        ),
        shows=lambda p: f"grundy table lctr {p}",
    )


@statement(
    "001",
    "Lemma 10",
    "λ quadrated: if λ = ((2k)^2) or (2^{2k}), λ^R and λ^C are rectangles valued by Lemmas 5, 6; "
    "otherwise SG(λ^R) = SG(λ^C) = 1",
)
def _check_lemma_10(quick: bool) -> Outcome:
    top = 7 if quick else 14

    def claimed(p: Partition) -> tuple[int, int]:
        if _two_rows_or_columns(p):  # λ^R, λ^C: (2k), ((2k−1)^2) or (2^{2k−1}), (1^{2k})
            return 2, 2  # Lemma 5 (even b), Lemma 6 (odd b)
        return 1, 1

    return _verified_or_false(
        list(quadrated(top)),
        lambda p: (_SOLVER.value(p.sub(1, 0)), _SOLVER.value(p.sub(0, 1))) == claimed(p),
        f"reconstructed statement; every nonempty quadrated partition with n ≤ {4 * top}, "
        "exhaustive search",
        lambda p: (
            f"{show(p.to_list())}: λ^R, λ^C have values {_SOLVER.value(p.sub(1, 0))}, "
            f"{_SOLVER.value(p.sub(0, 1))}, the lemma {claimed(p)}",
            f"grundy moves lctr {p}",
        ),
        "grundy moves lctr 4^2,2^2",
        note="statement reconstructed (its conditions are lost): the proof's "
        "SG(λ^R) = mex{SG(λ^RR), SG(λ^RC)} with λ^RR quadrated and λ^RC P by Lemma 9",
    )


# -------------------------------------------------------------- staircases
@statement("001", "Figure 9", "the values in the table of a staircase")
def _check_figure_9(quick: bool) -> Outcome:
    return _not_in_text(
        "9", "a staircase (which one is lost)", "Lemma 11", "grundy table lctr 5,4,3,2,1"
    )


@statement("001", "Lemma 11", "SG(n, n−1, …, 1) is 1 if n is odd and 0 if n is even")
def _check_lemma_11(quick: bool) -> Outcome:
    top = 60 if quick else 400
    return _family(
        [list(range(n, 0, -1)) for n in range(1, top + 1)],
        lambda q: len(q) % 2,
        f"every staircase with n ≤ {top} rows, exhaustive search",
        "grundy table lctr 5,4,3,2,1",
    )


# ------------------------------------------------------------- thick Γ
@statement("001", "Lemma 12", "Γ-partitions (a + 1, 1^b), a, b ≥ 1, are P-positions")
def _check_lemma_12(quick: bool) -> Outcome:
    top = 20 if quick else 80
    cases = [_thick(1, a, b) for a in range(1, top + 1) for b in range(1, top + 1)]
    return _family(
        sorted(cases, key=sum),
        lambda q: 0,
        f"every Γ-partition with arms a, b ≤ {top}, exhaustive search",
        "grundy moves lctr 5,1^3",
    )


@statement(
    "001",
    "Lemma 13",
    "a thick Γ-partition ((t+a)^t, t^b), t, a, b ≥ 1, is a P-position",
)
def _check_lemma_13(quick: bool) -> Outcome:
    top = 7 if quick else 14
    cases = [
        _thick(t, a, b)
        for t in range(1, top + 1)
        for a in range(1, top + 1)
        for b in range(1, top + 1)
    ]
    return _family(
        sorted(cases, key=sum),
        lambda q: 0,
        f"reconstructed statement; every thick Γ-partition with t, a, b ≤ {top}, exhaustive search",
        "grundy table lctr 6^3,3^2",
        note="statement reconstructed from the proof (opposite moves give ((t+a−1)^(t−1), "
        "(t−1)^b); t = 1 is Lemma 12)",
    )


def _cells_above(t: int) -> list[tuple[int, int]]:
    """(i, j) with 0 ≤ i < j < t: the cells above the diagonal of the t × t square."""
    return [(i, j) for i in range(t) for j in range(i + 1, t)]


@statement(
    "001",
    "Figure 11",
    "in the table of a thick Γ-partition the diagonal cells are 0 (Lemma 13) and the entries "
    "above the diagonal depend solely on the leftmost column of the right rectangle",
)
def _check_figure_11(quick: bool) -> Outcome:
    top, arms = (6, 3) if quick else (10, 5)

    def rebuilt(t: int, a: int) -> dict[tuple[int, int], int]:
        """The cells above the diagonal by mex from the column λ[i, t] = (a^{t−i}) and zeros
        on the diagonal only."""
        cell: dict[tuple[int, int], int] = {}
        for i in reversed(range(t)):
            for j in reversed(range(i + 1, t)):
                down = 0 if i + 1 == j else cell[i + 1, j]
                right = _sg([a] * (t - i)) if j + 1 == t else cell[i, j + 1]
                cell[i, j] = mex((down, right))
        return cell

    cases = [
        (t, a, b) for t in range(1, top + 1) for a in range(1, top + 1) for b in range(1, arms + 1)
    ]

    def holds(c: tuple[int, int, int]) -> bool:
        t, a, b = c
        lam = _thick(t, a, b)
        cell = rebuilt(t, a)
        diagonal = all(_sg(sub(lam, i, i)) == 0 for i in range(t))
        return diagonal and all(_sg(sub(lam, i, j)) == cell[i, j] for i, j in _cells_above(t))

    return _verified_or_false(
        cases,
        holds,
        f"every thick Γ-partition with t, a ≤ {top}, b ≤ {arms}: the diagonal, and the cells "
        "above it rebuilt by mex from that column alone, against exhaustive search",
        lambda c: (show(_thick(*c)), f"grundy table lctr {Partition(_thick(*c))}"),
        "grundy table lctr 7^4,4^3",
    )


@statement(
    "001",
    "Figure 12",
    "the cells above the diagonal of a thick Γ-partition for a = 1 (left) and a = 2 (right)",
)
def _check_figure_12(quick: bool) -> Outcome:
    return _not_in_text(
        "12",
        "the triangles above the diagonal, a = 1 and a = 2",
        "Lemmas 14, 15",
        "grundy table lctr 7^6,6^2",
    )


def _triangle(
    arms: Iterable[int], top: int, down_arms: int = 1, below: bool = False
) -> tuple[list[tuple[int, int, int, int, int]], Callable[..., bool]]:
    """The cells (t, a, b, i, j) above the diagonal (and below it if `below`, with i, j
    swapped and the down arm b in place of a) of thick Γ-partitions, and the check."""
    cases = [
        (t, a, b, i, j)
        for t in range(2, top + 1)
        for a in arms
        for b in range(1, down_arms + 1)
        for i, j in _cells_above(t)
    ]

    def holds(c: tuple[int, int, int, int, int]) -> bool:
        t, a, b, i, j = c
        lam = _thick(t, a, b)
        up = _sg(sub(lam, i, j)) == _above(a, j - i)
        return up and (not below or _sg(sub(lam, j, i)) == _above(b, j - i))

    return cases, holds


def _triangle_outcome(
    arms: Iterable[int], top: int, what: str, command: str, down_arms: int = 1, below: bool = False
) -> Outcome:
    cases, holds = _triangle(arms, top, down_arms, below)
    return _verified_or_false(
        cases,
        holds,
        f"reconstructed formula; every cell λ[i, j], i < j < t, of every thick Γ-partition "
        f"with {what}, t ≤ {top}"
        + (f", b ≤ {down_arms}, and the cells below the diagonal" if below else "")
        + ", exhaustive search",
        lambda c: (
            f"{show(_thick(*c[:3]))}, cell ({c[3]}, {c[4]}) or ({c[4]}, {c[3]}): values "
            f"{_sg(sub(_thick(*c[:3]), c[3], c[4]))}, {_sg(sub(_thick(*c[:3]), c[4], c[3]))}",
            f"grundy table lctr {Partition(_thick(*c[:3]))}",
        ),
        command,
        note="formula lost in the text copy; checked the reconstruction (the proof's induction "
        "on the parity of j − i)",
    )


@statement(
    "001",
    "Lemma 14",
    "thick Γ-partition with a = 1: the cells above the diagonal are SG(λ[i, j]) = (j − i) mod 2",
)
def _check_lemma_14(quick: bool) -> Outcome:
    return _triangle_outcome([1], 12 if quick else 30, "a = 1", "grundy table lctr 7^6,6^2")


@statement(
    "001",
    "Lemma 15",
    "thick Γ-partition with a = 2: the cells above the diagonal are SG(λ[i, j]) = (j − i) mod 2",
)
def _check_lemma_15(quick: bool) -> Outcome:
    return _triangle_outcome([2], 12 if quick else 30, "a = 2", "grundy table lctr 8^6,6^2")


@statement(
    "001",
    "Lemma 16",
    "thick Γ-partition with a ≥ 3: above the diagonal SG(λ[i, j]) = (j − i) mod 2 if a is even; "
    "if a is odd, 1 and 2 for j − i = 1, 2 and (j − i + 1) mod 2 for j − i ≥ 3",
)
def _check_lemma_16(quick: bool) -> Outcome:
    top = 8 if quick else 16
    return _triangle_outcome(range(3, top + 1), top, f"3 ≤ a ≤ {top}", "grundy table lctr 9^6,6^2")


@statement(
    "001",
    "Theorem 17",
    "thick Γ-partition: if a = 1, if a = 2, or if a ≥ 3 and a is even, SG(λ[i, j]) = (j − i) "
    "mod 2 above the diagonal; if a ≥ 3 and a is odd, the odd case of Lemma 16",
)
def _check_theorem_17(quick: bool) -> Outcome:
    top = 8 if quick else 14
    return _triangle_outcome(
        range(1, top + 1),
        top,
        f"a ≤ {top}",
        "grundy table lctr 10^6,6^3",
        down_arms=4 if quick else top,
        below=True,
    )


# ------------------------------------------------------------ complexity
def _reachable(p: Partition) -> set[Partition]:
    """Every position reachable from p in one or more moves (so ∅, not p itself)."""
    seen: set[Partition] = set()
    stack = [p]
    while stack:
        for child in _moves(stack.pop()):
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen


def _is_rectangle(p: Partition) -> bool:
    return len(p.runs) == 1


@statement(
    "001",
    "Corollary 18",
    "for any partition of n there exist at most n distinct partitions reachable from it",
)
def _check_corollary_18(quick: bool) -> Outcome:
    top = 16 if quick else 28
    return _verified_or_false(
        diagrams(top),
        lambda p: len(_reachable(p)) <= p.size,
        f"every partition with n ≤ {top} (reachable: ∅ counted, λ itself not, as in the proof "
        "of Lemma 19)",
        lambda p: (
            f"{show(p.to_list())} reaches {len(_reachable(p))} partitions",
            f"grundy stats lctr {p}",
        ),
        "grundy stats lctr 8,7,6,5^2,2,1",
    )


@statement(
    "001",
    "Lemma 19",
    "a rectangle (b^a) has exactly n = ab distinct partitions reachable from it; any other "
    "partition of n has fewer than n",
)
def _check_lemma_19(quick: bool) -> Outcome:
    top = 16 if quick else 28
    return _verified_or_false(
        diagrams(top),
        lambda p: (len(_reachable(p)) == p.size) == _is_rectangle(p),
        f"every partition with n ≤ {top} (reachable: ∅ counted, λ itself not)",
        lambda p: (
            f"{show(p.to_list())} reaches {len(_reachable(p))} partitions",
            f"grundy stats lctr {p}",
        ),
        "grundy stats lctr 4^3",
    )


def _algorithm_1(parts: tuple[int, ...], store: dict[tuple[int, ...], int]) -> int:
    """Algorithm 1: SG by Eq. (1), each position reachable from λ computed once and kept in
    the dictionary `store` (which holds the terminal position beforehand)."""
    if parts not in store:
        options = (_top_row_removed(parts), _left_column_removed(parts))
        store[parts] = mex(_algorithm_1(q, store) for q in options)
    return store[parts]


@statement(
    "001",
    "Observation 20",
    "the SG value of a partition on n squares can be computed in O(n) (Algorithm 1)",
)
def _check_observation_20(quick: bool) -> Outcome:
    top = 16 if quick else 30

    def steps(p: Partition) -> int:
        store: dict[tuple[int, ...], int] = {(): 0}  # the terminal position, precomputed
        _algorithm_1(tuple(p.parts()), store)
        return len(store) - 1  # one mex step per stored position

    return _verified_or_false(
        diagrams(top),
        lambda p: steps(p) <= p.size,
        f"every partition with n ≤ {top}: Algorithm 1 takes at most n mex steps (one per "
        "square: each stored position is λ[i, j] for a box (i, j))",
        lambda p: (f"{show(p.to_list())}: {steps(p)} mex steps", f"grundy stats lctr {p}"),
        "grundy stats lctr 8,7,6,5^2,2,1",
        note="an operation count; with whole partitions as dictionary keys a step costs more "
        "than O(1), keyed by the box (i, j) it is O(1)",
    )


@statement(
    "001",
    "Algorithm 1",
    "SG(λ) by Eq. (1), storing the value of each distinct position reachable from λ in a "
    "dictionary so that each is computed exactly once",
)
def _check_algorithm_1(quick: bool) -> Outcome:
    top = 14 if quick else 24
    store: dict[tuple[int, ...], int] = {(): 0}

    def agrees(p: Partition) -> bool:
        table = box_values("lctr", p)  # grundy's per-box table (`grundy table lctr`)
        return _algorithm_1(tuple(p.parts()), store) == _SOLVER.value(p) and all(
            table[i][j] == _SOLVER.value(p.sub(i, j)) for i, j in boxes(p)
        )

    return _verified_or_false(
        diagrams(top),
        agrees,
        f"every partition with n ≤ {top}: Algorithm 1 (written here) and grundy's per-box "
        "table (every box) against exhaustive search",
        lambda p: (show(p.to_list()), f"grundy table lctr {p}"),
        "grundy table lctr 8,7,6,5^2,2,1",
    )
