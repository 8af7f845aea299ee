"""Families of positions: a template with integer parameters, or every partition of n.

The papers find their theorems on families — rectangles ⊞_{a,b} = "b^a",
gammas "a,1^(b-1)", staircases, two-row partitions "a,b" (000 §2.1, 002 §4).
A *template* is a position written in its game's own input syntax in which
parameter names and parenthesised integer arithmetic stand for numbers:

* ``"a^m,b"``: m parts a, then b;  ``"c,1^(r-1)"``: a gamma;
* ``"(a+1)^m + a"``: a sum, for games played on sums;
* any text the game reads (``"5,3,1 | LT"`` in lctr-nonrep keeps its letters:
  only the names given values are parameters).

Arithmetic inside parentheses: integers, parameters, ``+ - * // %`` and ``**``
(exponents 0..64, numbers of at most 100,000 bits: `grundy.expression`).
`Template.fill` substitutes, and the game's own parser reads the result, so a
template works for every ruleset, including a researcher's own.

>>> t = Template("c,1^(r-1)")
>>> t.fill(c=4, r=3)
'4,1^2'
>>> [t.fill(**p) for p in grid(c=range(2, 4), r=[2, 3])]
['2,1^1', '2,1^2', '3,1^1', '3,1^2']
"""

from __future__ import annotations

import ast
import itertools
import math
import operator
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from grundy.bounds import TooMuchWork, take_at_most
from grundy.expression import power, times
from grundy.validate import as_int

__all__ = ["MAX_POSITIONS", "Template", "grid", "parse_range"]

#: Most parameter combinations one sweep will run (a typo like 1..10**9 is an error, not a hang).
MAX_POSITIONS = 10_000_000

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INTEGER = re.compile(r"-?[0-9]+")
_OPERATORS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_MAX_EXPONENT = 64
#: Most bits a number in a filled template may have (30,000 digits).
_MAX_BITS = 100_000
_GUARDS = {ast.Pow: power, ast.Mult: times}


@dataclass(frozen=True)
class Template:
    """A position in its game's syntax with parameters standing for integers (module doc)."""

    text: str

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise TypeError(f"a template is text, got {type(self.text).__name__}")
        if not self.text.strip():
            raise ValueError("empty template: write a position, e.g. 'a^m,b'")
        _pieces(self.text)  # unbalanced parentheses are an error now, not at the first fill

    def names(self) -> set[str]:
        """Every name in the template (parameters, and letters the game itself reads)."""
        found: set[str] = set()
        for piece, is_expression in _pieces(self.text):
            found.update(_NAME.findall(piece))
            if is_expression:
                found.update(_expression_names(piece))
        return found

    def check_parameters(self, names: Iterable[str]) -> None:
        """A ValueError for a parameter the template never uses (a typo would sweep nothing)."""
        unused = sorted(set(names) - self.names())
        if unused:
            raise ValueError(
                f"parameter {', '.join(unused)} does not occur in template {self.text!r}"
            )

    def fill(self, **values: int) -> str:
        """The template with each parameter replaced by its value and each (…) computed."""
        values = {name: as_int(v, f"parameter {name}") for name, v in values.items()}
        out = []
        for piece, is_expression in _pieces(self.text):
            if is_expression:
                out.append(str(_evaluate(piece, values, self.text)))
            else:
                out.append(_NAME.sub(lambda m: str(values.get(m[0], m[0])), piece))
        return "".join(out)


def grid(**ranges: Iterable[int]) -> Iterator[dict[str, int]]:
    """Every combination of the parameter ranges, the last parameter varying fastest."""
    names = list(ranges)
    if not names:
        raise ValueError("give at least one parameter range, e.g. a=range(1, 10)")
    too_many = "parameter {} takes more than " + f"{MAX_POSITIONS:,} values; a sweep takes at most"
    too_many += f" {MAX_POSITIONS:,} parameter combinations"
    lists = [take_at_most(ranges[name], MAX_POSITIONS, too_many.format(name)) for name in names]
    for name, values in zip(names, lists, strict=True):
        if not values:
            raise ValueError(f"the range of parameter {name} is empty")
        for v in values:
            as_int(v, f"parameter {name}")
    total = math.prod(map(len, lists))
    if total > MAX_POSITIONS:
        raise TooMuchWork(f"{total:,} parameter combinations; at most {MAX_POSITIONS:,} per sweep")
    for combo in itertools.product(*lists):
        yield dict(zip(names, combo, strict=True))


def parse_range(text: str, what: str = "range") -> range:
    """'A..B' (inclusive), 'A..B..STEP' or a single 'N', as a range of integers.

    >>> parse_range("1..9..2")
    range(1, 10, 2)
    """
    parts = [p.strip() for p in text.strip().split("..")]
    if not all(_INTEGER.fullmatch(p) for p in parts):  # int() would take "１" and "1_0"
        raise ValueError(f"bad {what} {text!r}: expected N, A..B or A..B..STEP")
    numbers = [int(p) for p in parts]
    if len(numbers) == 1:
        numbers *= 2
    if len(numbers) not in (2, 3):
        raise ValueError(f"bad {what} {text!r}: expected N, A..B or A..B..STEP")
    lo, hi, step = (*numbers, 1) if len(numbers) == 2 else numbers
    if step < 1:
        raise ValueError(f"bad {what} {text!r}: the step must be positive")
    if hi < lo:
        raise ValueError(f"bad {what} {text!r}: empty (B < A)")
    return range(lo, hi + 1, step)


# -------------------------------------------------------------- internals
@cache
def _pieces(text: str) -> tuple[tuple[str, bool], ...]:
    """Split into plain text and parenthesised expressions (without the outer parentheses)."""
    pieces: list[tuple[str, bool]] = []
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                pieces.append((text[start:i], False))
                start = i + 1
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise ValueError(f"unbalanced ')' at position {i + 1} of template {text!r}")
            if depth == 0:
                pieces.append((text[start:i], True))
                start = i + 1
    if depth:
        raise ValueError(f"unbalanced '(' in template {text!r}")
    pieces.append((text[start:], False))
    return tuple((p, e) for p, e in pieces if p or e)


@cache  # a sweep fills the same template many times; the trees are only read
def _parse_expression(source: str, template: str) -> ast.expr:
    try:
        return ast.parse(source.strip(), mode="eval").body
    except SyntaxError:
        raise ValueError(f"bad arithmetic ({source}) in template {template!r}") from None


def _expression_names(source: str) -> set[str]:
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError:
        return set()
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def _evaluate(source: str, values: Mapping[str, int], template: str) -> int:
    """Integer arithmetic on parameters: + - * // % ** and unary minus, nothing else."""

    def walk(node: ast.expr) -> int:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in values:
                raise ValueError(f"unknown parameter {node.id!r} in ({source}) of {template!r}")
            return values[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            v = walk(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            left, right = walk(node.left), walk(node.right)
            if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and right == 0:
                raise ValueError(f"division by zero in ({source}) of {template!r} with {values}")
            if isinstance(node.op, ast.Pow) and not 0 <= right <= _MAX_EXPONENT:
                raise ValueError(f"exponent {right} in ({source}): use 0..{_MAX_EXPONENT}")
            guard = _GUARDS.get(type(node.op))
            if guard is not None:  # a power or product is refused past _MAX_BITS
                return guard(left, right, f"({source}) of {template!r}", _MAX_BITS)
            return _OPERATORS[type(node.op)](left, right)
        what = "use // for integer division" if isinstance(node, ast.BinOp) else "not allowed"
        raise ValueError(f"({source}) in template {template!r}: {ast.unparse(node)!r} {what}")

    return walk(_parse_expression(source, template))
