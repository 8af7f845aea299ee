"""Sato–Welter (Welter's game on a Young diagram, docs/games.md): rules, Welter's formula,
kernel.

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
