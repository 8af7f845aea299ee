"""LCTR and Downright (papers 000, 001): rules, closed forms, counts and game trees, and
the 3-d and non-repeating variants.

Its modules (imported on first access):

* ``lctr``
* ``lctr_3d``
* ``lctr_base``
* ``lctr_counts``
* ``lctr_nonrep``
* ``lctr_nonrep_kernel``
* ``lctr_trees``
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
