"""Coin turning on posets (paper 004): the ruler, ideal and turtles families, and the
paper's tables (set-partition ruler, ASM ruler).

Its modules (imported on first access):

* ``asm_ruler``
* ``coin_turning``
* ``coin_turning_tables``
* ``set_partition_ruler``
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
