"""The checks of paper 001 (Gottlieb, Ilić, Krnc: Some results on LCTR, an impartial game on
partitions).

LCTR ("lctr"): a move removes the top row, λ → λ^R, or the left column,
λ → λ^C.  One row per numbered statement and worked figure, in the
paper's order; most are `family_check` rows.

The text copy lost almost every formula (``shared/papers/README.md``).
Where a statement survives only in its words and proof, the check tests a
reconstruction and says so in its note.  The reconstructions:

* Lemma 5: SG(b) = SG(1^b) = 1 for odd b, 2 for even b (from the proof);
  Lemma 6: SG(b^2) = SG(2^b) = 2 for odd b, 0 for even b; Lemma 7 (its
  statement and proof are lost): SG(b^3) = SG(3^b) = 0 for odd b ≥ 3, 1 for
  even b ≥ 4 (it gives "the base cases a = 3 and b = 3" of Lemma 8).  These,
  Lemma 8 (rectangles) and Lemma 11 (staircases) are the values 000 proves
  and `grundy.games.lctr.lctr` implements (`lemma12_one_row`, `lemma13_two_rows`,
  `lemma14_three_rows`, `lemma17_rectangle`, `lemma3_staircase`): the rows
  test those functions against exhaustive search.
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

The reference is exhaustive search, `Solver(get_ruleset("lctr"), fast=False)`
(`grundy.reproduce.shared.sg`), and, where conjugation is the point, the same
moves searched with no canonical form (conjugates apart).

>>> from grundy.reproduce.catalogue import statements
>>> [s.number for s in statements("001")][:3]
['Theorem 1', 'Figure 1', 'Figure 3']
>>> _thick(2, 1, 3), _above(3, 4), _left_column_removed([3, 1])
([3, 3, 2, 2, 2], 1, (2,))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from grundy.analysis.tables import box_values
from grundy.game import FunctionRuleset
from grundy.games.lctr.lctr import (
    lemma3_staircase,
    lemma12_one_row,
    lemma13_two_rows,
    lemma14_three_rows,
    lemma17_rectangle,
)
from grundy.nim import mex
from grundy.partition import Partition, partitions_up_to
from grundy.registry import get_ruleset
from grundy.reproduce.rows import (
    Outcome,
    Verdict,
    family_check,
    first_failed,
    first_failure,
    statement,
    verified_unless,
)
from grundy.reproduce.shared import (
    Parts,
    boxes,
    conjugate,
    diagrams,
    quadrated,
    searched_apart,
    sg,
    show,
    sub,
    values_agree,
)
from grundy.solver import Solver

PAPER = "001"
_LCTR = get_ruleset("lctr")
#: The same moves with no canonical form: λ and λ′ are searched apart.
_RAW = searched_apart("lctr")
#: What a failed check of this paper says (after its note, if any).
_CONTRADICTED = "the computation contradicts it"


def _moves(position: Partition) -> list[Partition]:
    """LCTR's options, from the ruleset (λ^R, λ^C)."""
    return [child for _, child in _LCTR.options(position)]


def _sg(parts: Iterable[int]) -> int:
    """SG of LCTR on the partition with these parts, by exhaustive search."""
    return sg("lctr", Partition(parts))


def _sg_raw(parts: Iterable[int]) -> int:
    """The same, with conjugates searched apart (for statements about conjugation)."""
    return _RAW.value(Partition(parts))


def _show_value(parts: Sequence[int]) -> str:
    """The command showing the value of a partition."""
    return f"grundy value lctr {Partition(parts)}"


def _show_table(parts: Sequence[int]) -> str:
    """The command showing the table of a partition."""
    return f"grundy table lctr {Partition(parts)}"


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


def _side(parts: Sequence[int], k: int) -> int:
    """b for the rectangle (b^k) or (k^b) with these parts."""
    return parts[0] if len(parts) == k else len(parts)


# ------------------------------------------------------------- Theorem 1
_CLASSES: dict[tuple[Partition, bool], str] = {}


def _outcome_class(p: Partition, misere: bool) -> str:
    """'N' or 'P' by Theorem 1: N iff some move leads to a P-position; a terminal position
    is P (normal play) or N (misère play)."""
    key = (p, misere)
    if key not in _CLASSES:
        children = _moves(p)
        if not children:
            _CLASSES[key] = "N" if misere else "P"
        else:
            to_p = any(_outcome_class(c, misere) == "P" for c in children)
            _CLASSES[key] = "N" if to_p else "P"
    return _CLASSES[key]


family_check(
    PAPER,
    "Theorem 1",
    "a position is in N iff there is a move to a P-position, in P iff there is none "
    "(normal play; in misère play terminal positions are N)",
    cases=lambda top: [(p, m) for p in partitions_up_to(top) for m in (False, True)],
    holds=lambda c: (_outcome_class(*c) == "P") == (sg("lctr", *c) == 0),
    quick={"top": 14},
    full={"top": 26},
    checked="every LCTR position with n ≤ {top}, normal and misère play: the classes by the "
    "theorem against SG = 0 by exhaustive search",
    false_note=_CONTRADICTED,
    describe=lambda c: f"{show(c[0].to_list())} ({'misère' if c[1] else 'normal'})",
    shows=lambda c: f"grundy moves lctr {c[0]}",
    command="grundy moves lctr 3,2,1",
)


# -------------------------------------------------------------- Figure 1
#: The graph the text walks through: terminal t1, t2 (label 0); b1, b2 with followers of
#: values {0} (label 1); c1, c2 with followers {0, 1} (label 2); the root, whose
#: followers are all labelled N (label 0, P).  Listed followers first.
_FIGURE_1 = {
    "t1": [],
    "t2": [],
    "b1": ["t1"],
    "b2": ["t2"],
    "c1": ["b1", "t1"],
    "c2": ["b2", "t2"],
    "root": ["c1", "c2"],
}
_FIGURE_1_LABELS = {"root": 0, "c1": 2, "c2": 2, "b1": 1, "b2": 1, "t1": 0, "t2": 0}


@cache
def _figure_1_solver() -> Solver:
    return Solver(FunctionRuleset(_FIGURE_1.__getitem__, name="001 Figure 1", parse=str), False)


@cache
def _figure_1_classes() -> dict[str, str]:
    """The classes of Figure 1's positions by Theorem 1, followers first."""
    classes: dict[str, str] = {}
    for v, followers in _FIGURE_1.items():
        classes[v] = "N" if any(classes[w] == "P" for w in followers) else "P"
    return classes


family_check(
    PAPER,
    "Figure 1",
    "labelling the graph: the terminal positions 0, their predecessors mex{0} = 1, then "
    "mex{0, 1} = 2, the root 0; the positions labelled 0 are those labelled P",
    cases=lambda: _FIGURE_1,
    holds=lambda v: (
        _figure_1_solver().value(v) == _FIGURE_1_LABELS[v]
        and (_figure_1_classes()[v] == "P") == (_FIGURE_1_LABELS[v] == 0)
    ),
    quick={},
    full={},
    checked="the 7-position graph reconstructed from the text (the drawing is not in the text "
    "copy)",
    note="graph reconstructed from the labelling steps: root → c1, c2; c_k → b_k, t_k; b_k → t_k",
    false_note="the labelling the text describes is not the SG labelling",
    describe=lambda v: (
        f"position {v}: SG {_figure_1_solver().value(v)}, the text {_FIGURE_1_LABELS[v]}"
    ),
)


# ------------------------------------------------------ Figure 3, Lemma 2
_FIGURE_3_NOTE = (
    "the partition of Fig. 2 is not in the text copy, so every partition's table is checked"
)

family_check(
    PAPER,
    "Figure 3",
    "the computation of SG for the board of Fig. 2: each partition in the figure has value at "
    "most 2",
    cases=lambda top: [(p, i, j) for p in partitions_up_to(top) for i, j in boxes(p)],
    holds=lambda c: sg("lctr", c[0].sub(c[1], c[2])) <= 2,
    quick={"top": 10},
    full={"top": 20},
    checked="every position in the table of every partition with n ≤ {top}, exhaustive search",
    note=_FIGURE_3_NOTE,
    false_note=f"{_FIGURE_3_NOTE}; {_CONTRADICTED}",
    describe=lambda c: show(c[0].sub(c[1], c[2]).to_list()),
    shows=lambda c: f"grundy table lctr {c[0]}",
    command="grundy table lctr 8,7,6,5^2,2,1",
)

family_check(
    PAPER,
    "Lemma 2",
    "the SG value in LCTR of any partition does not exceed 2",
    cases=lambda top: partitions_up_to(top),
    holds=lambda p: sg("lctr", p) <= 2 and len(_moves(p)) <= 2,
    quick={"top": 16},
    full={"top": 32},
    checked="every partition with n ≤ {top} (value ≤ 2, and at most 2 moves as the proof "
    "says), exhaustive search",
    false_note=_CONTRADICTED,
    describe=lambda p: f"{show(p.to_list())} has value {sg('lctr', p)}",
    shows=lambda p: f"grundy value lctr {p}",
    command="grundy count lctr --n 1..12",
)


# -------------------------------------------------------------- Lemmas 3, 4
family_check(
    PAPER,
    "Lemma 3",
    "for a nonempty partition λ: (λ^R)′ = (λ′)^C and (λ^C)′ = (λ′)^R",
    cases=lambda top: [p.to_list() for p in diagrams(top)],
    holds=lambda q: (
        conjugate(_top_row_removed(q)) == _left_column_removed(conjugate(q))
        and conjugate(_left_column_removed(q)) == _top_row_removed(conjugate(q))
    ),
    quick={"top": 16},
    full={"top": 30},
    checked="every nonempty partition with n ≤ {top} (λ^R, λ^C and λ′ as §2.2 and §3 define them)",
    false_note=_CONTRADICTED,
    describe=show,
    shows=lambda q: f"grundy moves lctr {Partition(q)}",
    command="grundy moves lctr 4,2,1",
)

family_check(
    PAPER,
    "Lemma 4",
    "LCTR is conjugate-invariant: SG(λ′) = SG(λ) for every partition λ",
    cases=lambda top: partitions_up_to(top),
    holds=lambda p: _RAW.value(p) == _RAW.value(p.conjugate()),
    quick={"top": 12},
    full={"top": 26},
    checked="every partition with n ≤ {top}, exhaustive search with conjugates searched apart",
    false_note=_CONTRADICTED,
    describe=lambda p: (
        f"{show(p.to_list())} has value {_RAW.value(p)}, its conjugate {_RAW.value(p.conjugate())}"
    ),
    shows=lambda p: f"grundy value lctr {p}",
    command="grundy value lctr 3,2,1^2",
)


# -------------------------------------------------------------- rectangles
_LEMMA_5_NOTE = "formula read from the proof ('sg(b) = mex{0, sg(b − 1)}')"

family_check(
    PAPER,
    "Lemma 5",
    "for b ≥ 1, (b) and (1^b) are N-positions; SG(b) = SG(1^b) = 1 if b is odd, 2 if b is even",
    cases=lambda top: [shape for b in range(1, top + 1) for shape in ([b], [1] * b)],
    **values_agree(_sg_raw, lambda q: lemma12_one_row(sum(q)), show),
    quick={"top": 40},
    full={"top": 400},
    checked="reconstructed formula; (b) and (1^b) for every b ≤ {top}, exhaustive search "
    "with conjugates apart",
    note=_LEMMA_5_NOTE,
    false_note=f"{_LEMMA_5_NOTE}; {_CONTRADICTED}",
    shows=_show_value,
    command="grundy value lctr 1^6",
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


@statement(
    PAPER,
    "Figure 4",
    "in each square of a row, SG of the row from that square on, 'computed by taking the mex "
    "of the values to the right and below the square, or zero if no such value present'",
)
def _check_figure_4(quick: bool) -> Outcome:
    top = 10 if quick else 20
    cases = diagrams(top)
    checked = f"every box of every partition with n ≤ {top}, both readings, exhaustive search"
    return first_failed(
        lambda: verified_unless(
            first_failure(cases, lambda p: _figure_4_agrees(p, False)),
            checked,
            false_note="the rule fails even with 0 for the empty partition beyond the diagram",
            describe=lambda p: show(p.to_list()),
            shows=lambda p: f"grundy table lctr {p}",
        ),
        lambda: verified_unless(
            first_failure(cases, lambda p: _figure_4_agrees(p, True)),
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


def _not_in_text(figure: str, what: str, lemmas: str, command: str) -> Outcome:
    """The row of a figure whose drawn values the text copy lost."""
    return Outcome(
        Verdict.NOT_CHECKABLE,
        "nothing: the drawn values are not in the text copy",
        note=f"Figure {figure} draws the values of {what}; the row of {lemmas} checks them",
        command=command,
    )


@statement(PAPER, "Figure 5", "a visual summary of the values of (b^2)")
def _check_figure_5(quick: bool) -> Outcome:
    return _not_in_text("5", "(b^2)", "Lemma 6", "grundy table lctr 8^2")


_LEMMA_6_NOTE = "formula reconstructed from the proof's base cases SG(1^2) = 2, SG(2^2) = 0"

family_check(
    PAPER,
    "Lemma 6",
    "for b ≥ 1: SG(b^2) = SG(2^b) = 2 if b is odd, 0 if b is even",
    cases=lambda top: [shape for b in range(1, top + 1) for shape in ([b, b], [2] * b)],
    **values_agree(_sg_raw, lambda q: lemma13_two_rows(_side(q, 2), _side(q, 2)), show),
    quick={"top": 40},
    full={"top": 400},
    checked="reconstructed formula; (b^2) and (2^b) for every b ≤ {top}, exhaustive search "
    "with conjugates apart",
    note=_LEMMA_6_NOTE,
    false_note=f"{_LEMMA_6_NOTE}; {_CONTRADICTED}",
    shows=_show_value,
    command="grundy value lctr 7^2",
)


@statement(PAPER, "Figure 6", "the values of (b^3) and (3^b)")
def _check_figure_6(quick: bool) -> Outcome:
    return _not_in_text("6", "(b^3) and (3^b)", "Lemma 7", "grundy table lctr 8^3")


_LEMMA_7_NOTE = (
    "statement and proof lost; reconstructed as the base cases a = 3, b = 3 of Lemma 8 "
    "(b = 1, 2: Lemmas 5, 6)"
)

family_check(
    PAPER,
    "Lemma 7",
    "for b ≥ 3: SG(b^3) = SG(3^b) = 0 if b is odd, 1 if b is even",
    cases=lambda top: [shape for b in range(3, top + 1) for shape in ([b] * 3, [3] * b)],
    **values_agree(_sg_raw, lambda q: lemma14_three_rows(*[_side(q, 3)] * 3), show),
    quick={"top": 40},
    full={"top": 400},
    checked="reconstructed statement; (b^3) and (3^b) for every 3 ≤ b ≤ {top}, exhaustive "
    "search with conjugates apart",
    note=_LEMMA_7_NOTE,
    false_note=f"{_LEMMA_7_NOTE}; {_CONTRADICTED}",
    shows=_show_value,
    command="grundy value lctr 6^3",
)


@statement(PAPER, "Figure 7", "the values of the rectangles (b^a), a, b ≥ 3")
def _check_figure_7(quick: bool) -> Outcome:
    return _not_in_text("7", "the rectangles (b^a), a, b ≥ 3", "Lemma 8", "grundy table lctr 8^6")


_LEMMA_8_NOTE = "formula reconstructed ('by induction on a'; Lemma 7 gives a = 3 and b = 3)"

family_check(
    PAPER,
    "Lemma 8",
    "for integers a, b ≥ 3: SG(b^a) = 0 if a + b is even, 1 if a + b is odd",
    cases=lambda top: sorted(
        ([b] * a for a in range(3, top + 1) for b in range(3, top + 1)), key=sum
    ),
    **values_agree(_sg, lambda q: lemma17_rectangle(len(q), q[0]), show),
    quick={"top": 16},
    full={"top": 50},
    checked="reconstructed formula; (b^a) for every 3 ≤ a, b ≤ {top}, exhaustive search",
    note=_LEMMA_8_NOTE,
    false_note=f"{_LEMMA_8_NOTE}; {_CONTRADICTED}",
    shows=_show_value,
    command="grundy value lctr 6^5",
)


# ------------------------------------------------------------- quadrated
@statement(PAPER, "Figure 8", "the values in the table of a quadrated partition")
def _check_figure_8(quick: bool) -> Outcome:
    return _not_in_text(
        "8",
        "a quadrated partition (which one is lost)",
        "Lemmas 9, 10",
        "grundy table lctr 4^2,2^2",
    )


def _two_rows_or_columns(p: Partition) -> bool:
    return p.length == 2 or p.largest == 2


family_check(
    PAPER,
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

family_check(
    PAPER,
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
    false_note=f"{_LEMMA_10_NOTE}; {_CONTRADICTED}",
    describe=lambda p: (
        f"{show(p.to_list())}: λ^R, λ^C have values {', '.join(map(str, _options_values(p)))}, "
        f"the lemma {_lemma_10(p)}"
    ),
    shows=lambda p: f"grundy moves lctr {p}",
    command="grundy moves lctr 4^2,2^2",
)


# -------------------------------------------------------------- staircases
@statement(PAPER, "Figure 9", "the values in the table of a staircase")
def _check_figure_9(quick: bool) -> Outcome:
    return _not_in_text(
        "9", "a staircase (which one is lost)", "Lemma 11", "grundy table lctr 5,4,3,2,1"
    )


family_check(
    PAPER,
    "Lemma 11",
    "SG(n, n−1, …, 1) is 1 if n is odd and 0 if n is even",
    cases=lambda top: [list(range(n, 0, -1)) for n in range(1, top + 1)],
    **values_agree(_sg, lambda q: lemma3_staircase(len(q)), show),
    quick={"top": 60},
    full={"top": 400},
    checked="every staircase with n ≤ {top} rows, exhaustive search",
    false_note=_CONTRADICTED,
    shows=_show_value,
    command="grundy table lctr 5,4,3,2,1",
)


# ------------------------------------------------------------- thick Γ
family_check(
    PAPER,
    "Lemma 12",
    "Γ-partitions (a + 1, 1^b), a, b ≥ 1, are P-positions",
    cases=lambda top: sorted(
        (_thick(1, a, b) for a in range(1, top + 1) for b in range(1, top + 1)), key=sum
    ),
    **values_agree(_sg, lambda q: 0, show),
    quick={"top": 20},
    full={"top": 80},
    checked="every Γ-partition with arms a, b ≤ {top}, exhaustive search",
    false_note=_CONTRADICTED,
    shows=_show_value,
    command="grundy moves lctr 5,1^3",
)

_LEMMA_13_NOTE = (
    "statement reconstructed from the proof (opposite moves give ((t+a−1)^(t−1), "
    "(t−1)^b); t = 1 is Lemma 12)"
)

family_check(
    PAPER,
    "Lemma 13",
    "a thick Γ-partition ((t+a)^t, t^b), t, a, b ≥ 1, is a P-position",
    cases=lambda top: sorted(
        (
            _thick(t, a, b)
            for t in range(1, top + 1)
            for a in range(1, top + 1)
            for b in range(1, top + 1)
        ),
        key=sum,
    ),
    **values_agree(_sg, lambda q: 0, show),
    quick={"top": 7},
    full={"top": 14},
    checked="reconstructed statement; every thick Γ-partition with t, a, b ≤ {top}, exhaustive "
    "search",
    note=_LEMMA_13_NOTE,
    false_note=f"{_LEMMA_13_NOTE}; {_CONTRADICTED}",
    shows=_show_value,
    command="grundy table lctr 6^3,3^2",
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
            right = _sg([a] * (t - i)) if j + 1 == t else cell[i, j + 1]
            cell[i, j] = mex((down, right))
    return cell


def _figure_11_holds(case: tuple[int, int, int]) -> bool:
    t, a, b = case
    lam = _thick(t, a, b)
    cell = _rebuilt(t, a)
    diagonal = all(_sg(sub(lam, i, i)) == 0 for i in range(t))
    return diagonal and all(_sg(sub(lam, i, j)) == cell[i, j] for i, j in _cells_above(t))


family_check(
    PAPER,
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
    false_note=_CONTRADICTED,
    describe=lambda c: show(_thick(*c)),
    shows=lambda c: _show_table(_thick(*c)),
    command="grundy table lctr 7^4,4^3",
)


@statement(
    PAPER,
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
    return _sg(sub(_thick(t, a, b), i, j)) == _above(a, j - i)


def _both_sides_hold(c: Cell) -> bool:
    """…and so has its mirror below the diagonal, with the down arm b in place of a."""
    t, a, b, i, j = c
    return _above_holds(c) and _sg(sub(_thick(t, a, b), j, i)) == _above(b, j - i)


def _cell_values(c: Cell) -> str:
    t, a, b, i, j = c
    lam = _thick(t, a, b)
    return f"{show(lam)}, cell ({i}, {j}) or ({j}, {i}): values {_sg(sub(lam, i, j))}, " + str(
        _sg(sub(lam, j, i))
    )


#: What the rows of Lemmas 14–16 and Theorem 17 share.
_TRIANGLE = {
    "note": "formula lost in the text copy; checked the reconstruction (the proof's induction "
    "on the parity of j − i)",
    "false_note": "formula lost in the text copy; checked the reconstruction (the proof's "
    f"induction on the parity of j − i); {_CONTRADICTED}",
    "describe": _cell_values,
    "shows": lambda c: _show_table(_thick(*c[:3])),
}


def _triangle_words(arms: str, below: bool = False) -> str:
    """The range of a triangle row in words (a template over {top} and {down})."""
    return (
        "reconstructed formula; every cell λ[i, j], i < j < t, of every thick Γ-partition with "
        f"{arms}, t ≤ {{top}}"
        + (", b ≤ {down}, and the cells below the diagonal" if below else "")
        + ", exhaustive search"
    )


family_check(
    PAPER,
    "Lemma 14",
    "thick Γ-partition with a = 1: the cells above the diagonal are SG(λ[i, j]) = (j − i) mod 2",
    cases=lambda top: _cells(top, [1], 1),
    holds=_above_holds,
    quick={"top": 12},
    full={"top": 30},
    checked=_triangle_words("a = 1"),
    command="grundy table lctr 7^6,6^2",
    **_TRIANGLE,
)

family_check(
    PAPER,
    "Lemma 15",
    "thick Γ-partition with a = 2: the cells above the diagonal are SG(λ[i, j]) = (j − i) mod 2",
    cases=lambda top: _cells(top, [2], 1),
    holds=_above_holds,
    quick={"top": 12},
    full={"top": 30},
    checked=_triangle_words("a = 2"),
    command="grundy table lctr 8^6,6^2",
    **_TRIANGLE,
)

family_check(
    PAPER,
    "Lemma 16",
    "thick Γ-partition with a ≥ 3: above the diagonal SG(λ[i, j]) = (j − i) mod 2 if a is even; "
    "if a is odd, 1 and 2 for j − i = 1, 2 and (j − i + 1) mod 2 for j − i ≥ 3",
    cases=lambda top: _cells(top, range(3, top + 1), 1),
    holds=_above_holds,
    quick={"top": 8},
    full={"top": 16},
    checked=_triangle_words("3 ≤ a ≤ {top}"),
    command="grundy table lctr 9^6,6^2",
    **_TRIANGLE,
)

family_check(
    PAPER,
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


def _reaches(p: Partition) -> str:
    return f"{show(p.to_list())} reaches {len(_reachable(p))} partitions"


family_check(
    PAPER,
    "Corollary 18",
    "for any partition of n there exist at most n distinct partitions reachable from it",
    cases=diagrams,
    holds=lambda p: len(_reachable(p)) <= p.size,
    quick={"top": 16},
    full={"top": 28},
    checked="every partition with n ≤ {top} (reachable: ∅ counted, λ itself not, as in the "
    "proof of Lemma 19)",
    false_note=_CONTRADICTED,
    describe=_reaches,
    shows=lambda p: f"grundy stats lctr {p}",
    command="grundy stats lctr 8,7,6,5^2,2,1",
)

family_check(
    PAPER,
    "Lemma 19",
    "a rectangle (b^a) has exactly n = ab distinct partitions reachable from it; any other "
    "partition of n has fewer than n",
    cases=diagrams,
    holds=lambda p: (len(_reachable(p)) == p.size) == (len(p.runs) == 1),
    quick={"top": 16},
    full={"top": 28},
    checked="every partition with n ≤ {top} (reachable: ∅ counted, λ itself not)",
    false_note=_CONTRADICTED,
    describe=_reaches,
    shows=lambda p: f"grundy stats lctr {p}",
    command="grundy stats lctr 4^3",
)


def _algorithm_1(parts: tuple[int, ...], store: dict[tuple[int, ...], int]) -> int:
    """Algorithm 1: SG by Eq. (1), each position reachable from λ computed once and kept in
    the dictionary `store` (which holds the terminal position beforehand)."""
    if parts not in store:
        options = (_top_row_removed(parts), _left_column_removed(parts))
        store[parts] = mex(_algorithm_1(q, store) for q in options)
    return store[parts]


def _mex_steps(p: Partition) -> int:
    """The mex steps Algorithm 1 takes on λ: one per position it stores."""
    store: dict[tuple[int, ...], int] = {(): 0}  # the terminal position, precomputed
    _algorithm_1(tuple(p.parts()), store)
    return len(store) - 1


_OBSERVATION_20_NOTE = (
    "an operation count; with whole partitions as dictionary keys a step costs more "
    "than O(1), keyed by the box (i, j) it is O(1)"
)

family_check(
    PAPER,
    "Observation 20",
    "the SG value of a partition on n squares can be computed in O(n) (Algorithm 1)",
    cases=diagrams,
    holds=lambda p: _mex_steps(p) <= p.size,
    quick={"top": 16},
    full={"top": 30},
    checked="every partition with n ≤ {top}: Algorithm 1 takes at most n mex steps (one per "
    "square: each stored position is λ[i, j] for a box (i, j))",
    note=_OBSERVATION_20_NOTE,
    false_note=f"{_OBSERVATION_20_NOTE}; {_CONTRADICTED}",
    describe=lambda p: f"{show(p.to_list())}: {_mex_steps(p)} mex steps",
    shows=lambda p: f"grundy stats lctr {p}",
    command="grundy stats lctr 8,7,6,5^2,2,1",
)

#: Algorithm 1's dictionary, shared by every partition of the check (the terminal position
#: stored beforehand).
_STORE: dict[tuple[int, ...], int] = {(): 0}


def _algorithm_1_agrees(p: Partition) -> bool:
    """Algorithm 1 and grundy's per-box table (`grundy table lctr`) against exhaustive search."""
    table = box_values("lctr", p)
    return _algorithm_1(tuple(p.parts()), _STORE) == sg("lctr", p) and all(
        table[i][j] == sg("lctr", p.sub(i, j)) for i, j in boxes(p)
    )


family_check(
    PAPER,
    "Algorithm 1",
    "SG(λ) by Eq. (1), storing the value of each distinct position reachable from λ in a "
    "dictionary so that each is computed exactly once",
    cases=diagrams,
    holds=_algorithm_1_agrees,
    quick={"top": 14},
    full={"top": 24},
    checked="every partition with n ≤ {top}: Algorithm 1 (written here) and grundy's per-box "
    "table (every box) against exhaustive search",
    false_note=_CONTRADICTED,
    describe=lambda p: show(p.to_list()),
    shows=lambda p: f"grundy table lctr {p}",
    command="grundy table lctr 8,7,6,5^2,2,1",
)
