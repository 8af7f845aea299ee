"""Frozen copy of grundy's dedicated Column-Row engine as of commit 732d0ec.

It is the baseline of benchmarks/bench_generic_engine.py (issue 7: the
generic engine must not lose to it), kept verbatim apart from relative
imports; nothing in grundy imports it.
"""

from .engine import Search

__all__ = ["Search"]
