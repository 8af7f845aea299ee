"""Octal and other take-and-break games, played on heaps given as a partition.

A position of a take-and-break game is a multiset of heap sizes, a partition: heaps 5,
3 and 3 are ``"5,3,3"``.  A move takes tokens from one heap and may split what is left,
as the game's code says (Winning Ways ch. 4; Siegel, *Combinatorial Game Theory* IV.2),
so a position is the disjunctive sum of its heaps and a game is known by its
nim-sequence G(0), G(1), … .

Modules (imported on first access, ``grundy.games.octal.<module>``):

* ``octal_code``: the one parser of codes (``0.77``, ``.6``, ``4.07``, hexadecimal
  ``0.8``), `TakeAndBreak`;
* ``octal``: the rules (`OctalGame`), the named games (Kayles ``kayles``, Dawson's Kayles
  ``dawson-kayles``, Grundy's game ``grundy-game``) and a game by its code (``0.137``);
* ``octal_sequence``: nim-sequences and their periods, certified by the octal
  periodicity theorem;
* ``octal_kernel``: the compiled nim-sequence (numba, imported on first use).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
