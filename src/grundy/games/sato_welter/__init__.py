"""Sato–Welter (Welter's game on a Young diagram, docs/games.md): rules, Welter's formula,
kernel.

Its modules (imported on first access):

* ``sato_welter``
* ``sato_welter_kernel``
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
