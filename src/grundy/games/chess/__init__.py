"""Chess pieces on a Young diagram (docs/games.md): a piece moves towards the corner; the
families of leapers and riders, their closed forms and kernel.

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
