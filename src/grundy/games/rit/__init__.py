"""RIT and CRIT (docs/games.md): rules, closed form, kernel.

Its modules (imported on first access):

* ``rit``
* ``rit_kernel``
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
