"""Column-Row (CRIM, paper 002): remove a row or a column and push the pieces together;
rules, closed forms, kernel.

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
