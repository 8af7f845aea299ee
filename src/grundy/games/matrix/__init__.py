"""Games on Boolean matrices (paper 003): the rules, the subset games, and the paper's
theorems as closed forms.

Its modules (imported on first access):

* ``matrix``
* ``matrix_subsets``
* ``matrix_theorems``
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
