"""Paper 001: outcome classes and conjugation (Theorem 1, Figures 1, 3, Lemmas 2–4)."""

from __future__ import annotations

from functools import cache

from grundy.answers import reference_solver
from grundy.game import FunctionRuleset
from grundy.partition import Partition, partitions_up_to
from grundy.reproduce import rows
from grundy.reproduce.paper001.lctr_moves import (
    CONTRADICTED,
    PAPER,
    RAW,
    Row,
    contradicted,
    lctr_options,
    left_column_removed,
    register,
    top_row_removed,
)
from grundy.reproduce.shared import boxes, conjugate, sg, show
from grundy.solver import Solver

# ------------------------------------------------------------- Theorem 1
_CLASSES: dict[tuple[Partition, bool], str] = {}


def _outcome_class(p: Partition, misere: bool) -> str:
    """'N' or 'P' by Theorem 1: N iff some move leads to a P-position; a terminal position
    is P (normal play) or N (misère play)."""
    key = (p, misere)
    if key not in _CLASSES:
        children = lctr_options(p)
        if not children:
            _CLASSES[key] = "N" if misere else "P"
        else:
            to_p = any(_outcome_class(c, misere) == "P" for c in children)
            _CLASSES[key] = "N" if to_p else "P"
    return _CLASSES[key]


PAPER.family_check(
    "Theorem 1",
    "a position is in N iff there is a move to a P-position, in P iff there is none "
    "(normal play; in misère play terminal positions are N)",
    cases=lambda top: [(p, m) for p in partitions_up_to(top) for m in (False, True)],
    holds=lambda c: (_outcome_class(*c) == "P") == (sg("lctr", *c) == 0),
    **rows.up_to(14, 26),
    checked="every LCTR position with n ≤ {top}, normal and misère play: the classes by the "
    "theorem against SG = 0 by exhaustive search",
    false_note=CONTRADICTED,
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
    return reference_solver(FunctionRuleset(_FIGURE_1.__getitem__, name="001 Figure 1", parse=str))


@cache
def _figure_1_classes() -> dict[str, str]:
    """The classes of Figure 1's positions by Theorem 1, followers first."""
    classes: dict[str, str] = {}
    for v, followers in _FIGURE_1.items():
        classes[v] = "N" if any(classes[w] == "P" for w in followers) else "P"
    return classes


PAPER.family_check(
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

PAPER.family_check(
    "Figure 3",
    "the computation of SG for the board of Fig. 2: each partition in the figure has value at "
    "most 2",
    cases=lambda top: [(p, i, j) for p in partitions_up_to(top) for i, j in boxes(p)],
    holds=lambda c: sg("lctr", c[0].sub(c[1], c[2])) <= 2,
    **rows.up_to(10, 20),
    checked="every position in the table of every partition with n ≤ {top}, exhaustive search",
    note=_FIGURE_3_NOTE,
    false_note=contradicted(_FIGURE_3_NOTE),
    describe=lambda c: show(c[0].sub(c[1], c[2]).to_list()),
    shows=lambda c: f"grundy table lctr {c[0]}",
    command="grundy table lctr 8,7,6,5^2,2,1",
)

register(
    Row(
        "Lemma 2",
        "the SG value in LCTR of any partition does not exceed 2",
        lambda p: sg("lctr", p) <= 2 and len(lctr_options(p)) <= 2,
        (16, 32),
        "every partition with n ≤ {top} (value ≤ 2, and at most 2 moves as the proof says), "
        "exhaustive search",
        lambda p: f"{show(p.to_list())} has value {sg('lctr', p)}",
        "value",
        "grundy count lctr --n 1..12",
        lambda top: partitions_up_to(top),
    )
)


# -------------------------------------------------------------- Lemmas 3, 4
def _lemma_3_holds(p: Partition) -> bool:
    """(λ^R)′ = (λ′)^C and (λ^C)′ = (λ′)^R, from the definitions."""
    q = p.to_list()
    return conjugate(top_row_removed(q)) == left_column_removed(conjugate(q)) and conjugate(
        left_column_removed(q)
    ) == top_row_removed(conjugate(q))


register(
    Row(
        "Lemma 3",
        "for a nonempty partition λ: (λ^R)′ = (λ′)^C and (λ^C)′ = (λ′)^R",
        _lemma_3_holds,
        (16, 30),
        "every nonempty partition with n ≤ {top} (λ^R, λ^C and λ′ as §2.2 and §3 define them)",
        lambda p: show(p.to_list()),
        "moves",
        "grundy moves lctr 4,2,1",
    ),
    Row(
        "Lemma 4",
        "LCTR is conjugate-invariant: SG(λ′) = SG(λ) for every partition λ",
        lambda p: RAW.value(p) == RAW.value(p.conjugate()),
        (12, 26),
        "every partition with n ≤ {top}, exhaustive search with conjugates searched apart",
        lambda p: (
            f"{show(p.to_list())} has value {RAW.value(p)}, its conjugate "
            f"{RAW.value(p.conjugate())}"
        ),
        "value",
        "grundy value lctr 3,2,1^2",
        lambda top: partitions_up_to(top),
    ),
)
