"""LCTR and Downright (papers 000, 001): rules, closed forms, counts and game trees, and
the 3-d and non-repeating variants.

Its modules are imported on first access (``grundy.games.<family>.<module>``).
"""

from grundy.games import lazy_submodules

__getattr__ = lazy_submodules(__name__)
