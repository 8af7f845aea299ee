"""The checks of paper 003 (Curran, Locke, Low, *A variant of Nim played on Boolean
matrices*, Integers 2023): one per numbered statement, in the paper's order, one module a section.

The game is ``matrix`` (remove a nonzero row or column of a 0/1 matrix); on a
Ferrers matrix [a1, …, ak] it is Column-Row (``cr``) on that partition.  The
statements `grundy.games.matrix.matrix_theorems` implements (Proposition 1,
Theorem 1, Corollary 1, Theorems 2–16, Remark 5 and the Gr(U_n) of §2) are
tested as the library computes them, against exhaustive search: the plain
matrix `Solver` (``fast=False``, no symmetry, no closed form) on small
matrices, Column-Row's engine on Ferrers matrices.  What the library does not
implement is written here as the paper prints it (Definition 4's mat(S),
Propositions 2, 3, the steps of the proofs, and Theorems 12, 15, 16 at the
k the rows check beyond the library's domain); where a step of a printed
proof is wrong, the step is recomputed in the game too.

* `matrix_setting`: the searches, the moves as the proofs make them, and the ranges;
* `plain_matrices`: §2 (any 0/1 matrix, the all-ones and the upper triangular ones);
* `ferrers_matrices`: §3 and §4 (Ferrers matrices with two and three rows);
* `strong_partitions`: §5 up to Theorem 16 (strong partitions, mat(S));
* `parity_patterns`: §5 from Lemma 2 (counts and the parity patterns of
  Propositions 2, 3).

>>> from grundy.reproduce.catalogue import statements
>>> numbers = [s.number for s in statements("003")]
>>> numbers[:4], "Theorem 16" in numbers, len(numbers) > 30
(['Remark 1', 'Remark 2', 'Proposition 1', 'Theorem 1'], True, True)
"""

from __future__ import annotations

import importlib

#: The modules of the sections, in the paper's order: importing one registers its checks.
SECTIONS = ("plain_matrices", "ferrers_matrices", "strong_partitions", "parity_patterns")

for _section in SECTIONS:
    importlib.import_module(f"{__name__}.{_section}")
