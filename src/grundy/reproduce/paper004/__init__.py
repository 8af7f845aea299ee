"""The checks of paper 004 (Ishikawa, Ohmoto, Tagawa, Takayama: coin turning games on posets).

One row per numbered statement, table and figure with values, in the paper's
order (Appendices A and B included), one module a section.  The game side is always computed:

* whole-game search (`grundy.Solver` with ``fast=False``, no closed form) on
  posets of at most ten elements, with the turning sets of Definition 4.2
  written out here from the order relation alone;
* Lenstra's recursion (4.1a), written out here, on larger posets, and the
  bitset evaluation of `grundy.games.coin_turning.coin_turning` where the posets are too
  large for the literal one (the Theorem 4.1 row checks that the two agree);
* the paper's formulas: those grundy implements ((1.3) `theorem_1_1_value`,
  R(x) `ruler_function`, (5.4) `divisor_ruler_value`, (5.6)
  `subspace_ruler_value`, (5.7) `subspace_ruler_recursion`, (6.2)
  `refinement_count` and `refinement_multisets`, Table 4 `TABLE_4`) as the
  library computes them, the others ((5.7) with its sums s_q(d, m), (5.11),
  (5.13), (6.3), (6.4), the steps of the proofs, …) typed in as printed, and
  the tables transcribed from the text.

About the text copy of the paper (papers/004_*.txt): the numbers of Table 3 and
of Figures 4, 5, 6 and 9 were lost in the PDF extraction (only captions are
left), so those rows cannot compare and say so, giving the computed values; no
statement numbered "Lemma 6.1" is printed (§4.4 cites one), so that row checks
the unnumbered claim of §6.1 it can only mean; "[16, Proposition 3.4]" is a
citation, checked as the rank function (3.1).

On Π_n: §3.2 fixes the order unambiguously (π ≤ σ when every block of π lies
in a block of σ; the example {1}{4}{36} ≤ {14}{36}; rank n − #blocks), so the
one-block partition {1, …, n} is the maximum.  The proof of Theorem 6.1 calls
it the minimum 0̂; the row of Theorem 6.1 computes the ruler with both
orientations (the §3.2 one gives Table 4, the other gives h(2) = 1) and files
the sentence as a proof slip.

* `coin_setting`: the tables transcribed, the posets and their turning sets, the
  games' values, nim tables and A_n;
* `preliminaries`: §1–§3 (Theorem 1.1, the sum of games, the posets A_n);
* `coin_games`: §4 (coin turning games on posets);
* `chains_divisors`: §5.1–§5.2 (the ruler on chains and divisor lattices);
* `subspace_lattices`: §5.3 (the ruler on B_n(q));
* `ideal_asm`: §5.4 (the ideal game on A_n);
* `ruler_asm`: §6.1 (the ruler on A_n);
* `ruler_set_partitions`: §6.2 (the ruler on Π_n);
* `appendices`: Appendices A (nim arithmetic by mex) and B (sums of the ruler).

>>> from grundy.reproduce.catalogue import statements
>>> rows = statements("004")
>>> len(rows) > 40, rows[0].number
(True, 'Theorem 1.1')
"""

from __future__ import annotations

import importlib

#: The modules of the sections, in the paper's order: importing one registers its checks.
SECTIONS = (
    "preliminaries",
    "coin_games",
    "chains_divisors",
    "subspace_lattices",
    "ideal_asm",
    "ruler_asm",
    "ruler_set_partitions",
    "appendices",
)

for _section in SECTIONS:
    importlib.import_module(f"{__name__}.{_section}")
