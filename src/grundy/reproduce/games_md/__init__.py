"""The checks of the claims of docs/games.md (the further games on Young diagrams).

docs/games.md has no numbered statements, so each claim is named by its game and a
short title ("Chomp: worked example", "RIT: remnant rule", "rook = two-pile
Nim"), in the order of the page: the conjugation sentence of the
introduction, the worked examples on [3,2,1] and the stated results of items
1–10, the CRIM even-rank conjecture, the chess section and the claims of
"Beyond".  Every value is computed by exhaustive search
(`Solver(rules, fast=False)`: no closed form, no compiled kernel); where a
claim is a formula (RIT's remnant, Welter's function, two-pile Nim,
Wythoff's game, PNim's bound and its value-one interval) the formula is
written here as docs/games.md states it, and the library's own fast path, where it
has one, is compared too.  Conjugation invariance is tested on the moves of
the rulesets with no canonical form (`grundy.reproduce.shared.without_canonical_form`), so λ
and λ′ are searched apart.  Most rows are `family_check` rows; one module a part of the page:

* `games_setting`: the games, the searches and the transcribed FindStat values;
* `items_1_to_5`: the introduction's symmetry, Chomp, CRIS, Sato–Welter, RIT, CRIT;
* `items_6_to_10`: the corner games, PNim and the CRIM conjecture;
* `chess_and_beyond`: the chess section and "Beyond" (000 §8).

>>> from grundy.reproduce.catalogue import statements
>>> rows = statements("games")
>>> len(rows) > 20, rows[0].number
(True, 'conjugation invariance')
"""

from __future__ import annotations

import importlib

#: The modules of the sections, in the paper's order: importing one registers its checks.
SECTIONS = ("items_1_to_5", "items_6_to_10", "chess_and_beyond")

for _section in SECTIONS:
    importlib.import_module(f"{__name__}.{_section}")
