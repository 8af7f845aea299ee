"""Expressions a user writes, evaluated with a whitelist and arithmetic of bounded cost.

An `Expression` (a predicate of `grundy conjecture`) is parsed with `ast` and
refused unless every node is one of `NODES`, every name one its caller offers
and every call one of its caller's functions (so no attribute, no import, no
other call).  It is then compiled with the operators whose cost has no bound
in their operands' size replaced by guarded ones: a power, a product or a
repetition whose result would have more than `MAX_BITS` bits or `MAX_LENGTH`
items is refused before it is computed (`TooCostly`, naming the
sub-expression), and ``%`` takes numbers only (on text it formats).  The other
operators cost at most a little more than their operands are long, and the
operands are the caller's values, the literals and bounded results.

>>> square = Expression("n ** 2 + len(parts)", names={"n", "parts"}, functions={"len": len})
>>> square({"n": 3, "parts": [2, 1]}), sorted(square.names)
(11, ['n', 'parts'])
>>> Expression("2 ** 2 ** 40 > 0")({})
Traceback (most recent call last):
...
grundy.expression.TooCostly: 2 ** 2 ** 40 is 2 ** 1,099,511,627,776, a number of about \
1.1 × 10^12 bits; an expression computes with at most 10,000 bits
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Collection, Mapping
from typing import Any

from grundy.bounds import TooMuchWork, about

__all__ = ["MAX_BITS", "MAX_LENGTH", "NODES", "Expression", "TooCostly", "shorten"]

#: Most bits a number computed by an expression may have (about 3,000 decimal digits).
MAX_BITS = 10_000
#: Most items (characters, elements) a repetition such as ``parts * 3`` may make.
MAX_LENGTH = 1_000_000

#: The syntax an expression may use: names, literals, and/or/not, arithmetic,
#: comparisons, subscripts and slices, calls, tuples and lists.
NODES: tuple[type[ast.AST], ...] = (
    ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.USub, ast.UAdd,
    ast.BinOp, ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Pow, ast.Compare,
    ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn, ast.Constant,
    ast.Name, ast.Load, ast.Subscript, ast.Call, ast.Tuple, ast.List, ast.Slice,
)  # fmt: skip


class TooCostly(TooMuchWork):
    """A step of an expression whose result would pass `MAX_BITS` or `MAX_LENGTH`."""


def power(base: Any, exponent: Any, where: str, max_bits: int = MAX_BITS) -> Any:
    """``base ** exponent``, refused when an integer result would pass `max_bits` bits."""
    if _is_int(base) and _is_int(exponent) and exponent > 0 and abs(base) > 1:
        bits = exponent * math.log2(abs(base))
        if bits > max_bits:
            raise TooCostly(
                f"{where} is {_brief(base)} ** {_brief(exponent)}, a number of about "
                f"{about(bits)} bits; an expression computes with at most {max_bits:,} bits"
            )
    return base**exponent


def times(left: Any, right: Any, where: str, max_bits: int = MAX_BITS) -> Any:
    """``left * right``, refused when a product would pass `max_bits` bits or a
    repetition (text or a list times a number) `MAX_LENGTH` items."""
    if _is_int(left) and _is_int(right):
        bits = abs(left).bit_length() + abs(right).bit_length()
        if bits > max_bits:
            raise TooCostly(
                f"{where} is a product of about {bits:,} bits; "
                f"an expression computes with at most {max_bits:,} bits"
            )
    else:
        sequence, count = (left, right) if _is_int(right) else (right, left)
        if isinstance(sequence, (str, list, tuple)) and _is_int(count):
            items = len(sequence) * max(count, 0)
            if items > MAX_LENGTH:
                raise TooCostly(
                    f"{where} repeats {len(sequence):,} items {count:,} times; "
                    f"an expression makes at most {MAX_LENGTH:,}"
                )
    return left * right


def modulo(left: Any, right: Any, where: str) -> Any:
    """``left % right`` on numbers (on text ``%`` formats, at a cost set by the format)."""
    if isinstance(left, (str, bytes)):
        raise TypeError(f"{where}: % takes numbers, not text")
    return left % right


_GUARDS: dict[type[ast.operator], Callable[[Any, Any, str], Any]] = {
    ast.Pow: power,
    ast.Mult: times,
    ast.Mod: modulo,
}
#: The guards' names in the evaluation's namespace (no user name starts with a space).
_GUARD_NAMES = {op: f" {guard.__name__}" for op, guard in _GUARDS.items()}


class Expression:
    """A checked expression over `names` that may call `functions` (module docstring).

    `source` is refused (ValueError) if it is not one expression of `NODES`;
    calling the expression with {name: value} evaluates it.  `names` lists the
    names it reads.
    """

    def __init__(
        self,
        source: str,
        names: Collection[str] = (),
        functions: Mapping[str, Callable[..., Any]] | None = None,
    ) -> None:
        if not isinstance(source, str) or not source.strip():
            raise ValueError("an expression is non-empty text, e.g. 'value == 0'")
        self.source = source.strip()
        #: The source cut to a length a one-line message can quote.
        self.shown = shorten(self.source)
        self.functions = dict(functions or {})
        tree = _parse(self.source)
        for node in ast.walk(tree):
            self._check(node, names)
        self.names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & set(names)
        guarded = ast.fix_missing_locations(_Guard(self.source).visit(tree))
        try:
            self._code = compile(guarded, "<expression>", "eval")
        except RecursionError:
            raise ValueError("nested too deeply") from None
        self._namespace: dict[str, Any] = {"__builtins__": {}}
        self._namespace.update({_GUARD_NAMES[op]: guard for op, guard in _GUARDS.items()})

    def _check(self, node: ast.AST, names: Collection[str]) -> None:
        """A ValueError naming what is not allowed in `node`."""
        if not isinstance(node, NODES):
            raise ValueError(f"{type(node).__name__} is not allowed ({self.allowed(names)})")
        if isinstance(node, ast.Call) and not (
            isinstance(node.func, ast.Name) and node.func.id in self.functions
        ):
            raise ValueError(f"only {'/'.join(self.functions) or 'no'} calls")
        if isinstance(node, ast.Name) and node.id not in (*names, *self.functions):
            raise ValueError(f"unknown name {node.id!r} (known: {', '.join(names)})")

    def allowed(self, names: Collection[str]) -> str:
        """What an expression may use, in a few words."""
        calls = "/".join(self.functions)
        return (
            f"use {', '.join(names) or 'numbers'}, numbers, comparisons, and/or/not, "
            f"+ - * // % **, subscripts{', ' + calls if calls else ''}"
        )

    def __call__(self, values: Mapping[str, Any]) -> Any:
        return eval(self._code, self._namespace, {**self.functions, **values})


def _parse(source: str) -> ast.Expression:
    try:
        return ast.parse(source, mode="eval")
    except SyntaxError as exc:
        raise ValueError(exc.msg) from None
    except (RecursionError, MemoryError):
        raise ValueError("nested too deeply") from None


class _Guard(ast.NodeTransformer):
    """``a ** b`` → ``power(a, b, "a ** b")``, and likewise for `_GUARDS`' operators."""

    def __init__(self, source: str) -> None:
        self.source = source

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        guard = _GUARD_NAMES.get(type(node.op))
        if guard is None:
            return node
        where = shorten(ast.get_source_segment(self.source, node) or ast.unparse(node), 60)
        return ast.copy_location(
            ast.Call(ast.Name(guard, ast.Load()), [node.left, node.right, ast.Constant(where)], []),
            node,
        )


def _is_int(value: Any) -> bool:
    return isinstance(value, int)


def shorten(text: str, width: int = 80) -> str:
    """`text` cut to `width` characters with "…", for a one-line message.

    >>> shorten("2 ** " * 30, 12)
    '2 ** 2 ** 2…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"


def _brief(value: Any, width: int = 40) -> str:
    """A value as a message can quote it (an int with commas; a big one not written out)."""
    if _is_int(value):
        return f"{value:,}" if abs(value) < 10**30 else f"a number of about {about(abs(value))}"
    return shorten(str(value), width)
