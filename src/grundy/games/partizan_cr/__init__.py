"""CRPM and CRPS: Column-Row as partizan games (Left removes a row, Right a column), the
pieces pushed together (``crpm.py``) or kept apart in a sum (``crps.py``) (issue 26).

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
