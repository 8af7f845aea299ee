"""Finite posets as bitsets, the posets of paper 004, and user posets.

    from grundy import posets
    P = posets.set_partitions(5)          # Π_5 under refinement (004 §3.2)
    Q = posets.product(posets.chain(3), posets.chain(2))
    R = posets.parse_spec("divisors:360")  # the command line's notation

See `grundy.posets.poset.Poset` for what a poset offers and
`grundy.posets.named` for the element notation of each family.  Those two
modules are imported on first use (PEP 562), so that `SPEC_HELP` costs nothing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from grundy.validate import is_digits

if TYPE_CHECKING:
    from grundy.posets.poset import Poset

__all__ = [
    "MAX_ELEMENTS",
    "SPEC_HELP",
    "Poset",
    "asm",
    "bits",
    "chain",
    "divisors",
    "from_covers",
    "from_json",
    "from_networkx",
    "from_relations",
    "gaussian_binomial",
    "parse_spec",
    "product",
    "set_partitions",
    "subspaces",
    "young",
]

SPEC_HELP = (
    "chain:N, divisors:N, subspaces:N:Q, set-partitions:N, asm:N, young:4,2,1, "
    "or products joined by 'x' (chain:3xchain:4)"
)


#: The names of this package that live in its submodules: name → module.
_LAZY = {
    **dict.fromkeys(
        (
            "MAX_ELEMENTS",
            "Poset",
            "bits",
            "from_covers",
            "from_json",
            "from_networkx",
            "from_relations",
            "product",
        ),
        "grundy.posets.poset",
    ),
    **dict.fromkeys(
        ("asm", "chain", "divisors", "gaussian_binomial", "set_partitions", "subspaces", "young"),
        "grundy.posets.named",
    ),
}


def __getattr__(name: str) -> Any:
    """The names of `grundy.posets.poset` and `.families` above, imported on first access."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    found = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = found
    return found


def parse_spec(spec: str) -> Poset:
    """A poset from the command line's notation (see `SPEC_HELP`); its `spec` is that text,
    so positions on it can be written back in the same notation.

    The text is only ever a spec, never a file name (a coin-turning position sent to the
    web page cannot name one): a poset file is read by `from_json`, which the command
    line calls for ``@FILE``.

    >>> parse_spec(" chain:3 ").spec
    'chain:3'
    >>> parse_spec("/etc/hosts")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown poset '/etc/hosts'; use chain:N, ... (chain:3xchain:4)
    """
    if not isinstance(spec, str):
        raise TypeError(f"a poset spec is a string, got {type(spec).__name__}")
    poset = _parse_spec(spec)
    poset.spec = spec.strip()
    return poset


def _parse_spec(spec: str) -> Poset:
    from grundy.posets.named import asm, chain, divisors, set_partitions, subspaces, young
    from grundy.posets.poset import product

    text = spec.strip()
    if "x" in text and ":" in text:  # single specs never contain an x
        pieces = text.split("x")
        if len(pieces) > 1 and all(":" in p for p in pieces):
            return product(*(parse_spec(p) for p in pieces))
    kind, _, args = text.partition(":")
    kind = kind.lower().replace("_", "-")
    builders = {
        "chain": (chain, 1),
        "divisors": (divisors, 1),
        "subspaces": (subspaces, 2),
        "set-partitions": (set_partitions, 1),
        "asm": (asm, 1),
    }
    if kind == "young":
        if not args:
            raise ValueError("young needs a partition, e.g. young:4,2,1")
        return young(args)
    if kind not in builders:
        raise ValueError(f"unknown poset {spec!r}; use {SPEC_HELP}")
    build, arity = builders[kind]
    values = args.split(":") if args else []
    if len(values) != arity or not all(is_digits(v.strip()) for v in values):
        example = "subspaces:3:2" if arity == 2 else f"{kind}:5"
        raise ValueError(
            f"bad poset spec {spec!r}: expected e.g. {example} (sizes in digits 0-9, no sign)"
        )
    return build(*(int(v) for v in values))
