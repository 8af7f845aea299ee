"""Chomp on a Young diagram (docs/games.md item 1): its rules, closed forms and compiled
kernel.

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
