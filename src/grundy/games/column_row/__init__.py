"""Column-Row (CRIM, paper 002): remove a row or a column and push the pieces together;
rules, closed forms, kernel.

Its modules (imported on first access):

* ``column_row``
* ``column_row_kernel``
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
