"""PNim: Nim on the parts of a partition (docs/games.md); rules and kernel.

Its modules (imported on first access):

* ``pnim``
* ``pnim_kernel``
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
