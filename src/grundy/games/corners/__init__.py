"""The corner games of docs/games.md (corner, consecutive corner, SCC, anticorner): rules,
closed forms, kernel.

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
