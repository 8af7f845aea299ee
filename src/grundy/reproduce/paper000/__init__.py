"""The checks of paper 000 (Gottlieb, Krnc, Muršič: Sprague–Grundy values and complexity
for LCTR), one per numbered statement, in the paper's order: one module a section.

Every value a check relies on comes from exhaustive search (the shared
``Solver(rules, fast=False)`` of `grundy.reproduce.shared.sg`, which never
calls a closed form), or, where the symmetry the solver uses is itself the
claim (Lemma 6), from a plain mex recursion written here on tuples
(`box_recursion._raw_values`).  Game-tree sizes come from the generic state-graph walk
`grundy.analysis.tree_size.tree_size`, never from the run-length formulas.
The closed forms the paper proves and `grundy.games.lctr.lctr` implements
(Lemmas 3, 4, 12–14, 17) are tested as the library computes them; what the
library does not implement is written here as printed (Eq. (9) and (12) with
their brackets, Eq. (4) box by box, Table 1) and compared with that search;
the paper's algorithms (Lemmas 20, 21, Theorem 22) are written here as
described, with a counter of the integers they read.

LCTR (000 §3.1) deletes the top row or the left column; Downright (000 §3.2)
walks a rook one box down or right to a corner.  λ[i, j] is λ with its first
i rows and j columns deleted (000 §2.1).

* `lctr_setting`: the bounds, λ[i, j] searched, ∇ and Eq. (9), (12) as printed;
* `box_recursion`: §2 (the table of λ) and §3 (the box recursion (4), Lemmas 3–6);
* `misere`: §4 (misère LCTR and Downright);
* `windows`: §5 (one, two and three rows, the window of the Durfee square);
* `pair_classes`: §6 (SG pairs, Gurvich–Ho classes);
* `algorithms`: §7.1 (the value computed reading few integers of λ);
* `tree_sizes`: §7.2 and §7.3 (sizes of the game trees).

>>> from grundy.reproduce.catalogue import statements
>>> keys = [s.number for s in statements("000")]
>>> len(keys) > 30, keys[:3]
(True, ['Equation (1)', 'Corollary 1', 'Figure 5'])
"""

from __future__ import annotations

import importlib

#: The modules of the sections, in the paper's order: importing one registers its checks.
SECTIONS = ("box_recursion", "misere", "windows", "pair_classes", "algorithms", "tree_sizes")

for _section in SECTIONS:
    importlib.import_module(f"{__name__}.{_section}")
