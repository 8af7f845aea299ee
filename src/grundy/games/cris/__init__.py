"""CRIS: Column-Row with the pieces kept apart, played in their sum (docs/games.md); rules
and kernel.

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
