"""PNim: Nim on the parts of a partition (docs/games.md); rules and kernel.

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
