"""Games on Boolean matrices (paper 003): the rules, the subset games, and the paper's
theorems as closed forms.

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
