"""The checks of paper 001 (Gottlieb, Ilić, Krnc: Some results on LCTR, an impartial game on
partitions).

LCTR ("lctr"): a move removes the top row, λ → λ^R, or the left column,
λ → λ^C.  One row per numbered statement and worked figure, in the
paper's order, one module a group of sections; most are `family_check` rows.

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

* `lctr_moves`: the moves and the paper's definitions (λ^R, λ^C);
* `outcomes`: Theorem 1, Figures 1, 3, Lemmas 2–4 (outcomes and conjugation);
* `rectangles`: rectangles, quadrated partitions and staircases (Lemmas 5–11,
  Figures 4–9);
* `thick_gammas`: thick Γ-partitions (Lemmas 12–16, Theorem 17, Figures 11, 12);
* `complexity`: Corollary 18, Lemma 19, Observation 20, Algorithm 1.

>>> from grundy.reproduce.catalogue import statements
>>> [s.number for s in statements("001")][:3]
['Theorem 1', 'Figure 1', 'Figure 3']
"""

from __future__ import annotations

import importlib

#: The modules of the sections, in the paper's order: importing one registers its checks.
SECTIONS = ("outcomes", "rectangles", "thick_gammas", "complexity")

for _section in SECTIONS:
    importlib.import_module(f"{__name__}.{_section}")
