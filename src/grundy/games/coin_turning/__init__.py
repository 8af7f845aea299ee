"""Coin turning on posets (paper 004): the ruler, ideal and turtles families, and the
paper's tables (set-partition ruler, ASM ruler).

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
