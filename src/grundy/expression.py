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

`Expression.holds` evaluates an expression on whole columns at once (numpy
arrays of integers, lists of integers as a `ListColumn`): a conjecture over
the 10^8 partitions of an atlas's level needs no Python per partition.  It
gives what evaluating each element alone would, truth and errors alike (an
``and`` or a chained comparison reads its next operand only where Python
would), and computes in 64-bit integers only where no result can leave them;
anything else (text, slices, a negative power, a number past 64 bits) is
`NotElementwise`, and those elements are evaluated one by one.

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
import copy
import math
import operator
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any

from grundy.bounds import TooMuchWork, about

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "FAILURES",
    "MAX_BITS",
    "MAX_LENGTH",
    "NODES",
    "Expression",
    "ListColumn",
    "NotElementwise",
    "TooCostly",
    "shorten",
]

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
        self._tree = tree
        guarded = ast.fix_missing_locations(_Guard(self.source).visit(copy.deepcopy(tree)))
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

    def holds(self, columns: Mapping[str, Any], size: int) -> tuple[np.ndarray, np.ndarray]:
        """Elementwise over `size` elements: (whether the expression is true, whether
        evaluating it raises) for each, a name's value being the element of its column
        (a numpy array of integers or booleans, a `ListColumn`, or one integer for all).

        The truth of an element that raises means nothing: evaluate that element alone
        to see its error.  `NotElementwise` where arrays cannot give exactly what one
        element at a time would (module docstring).

        >>> import numpy as np
        >>> even = Expression("len(parts) > 1 and parts[1] % 2 == 0", {"parts"}, {"len": len})
        >>> parts = ListColumn(np.array([[3, 1], [2, 2], [4, 0]]), np.array([2, 2, 1]))
        >>> truth, failed = even.holds({"parts": parts}, 3)
        >>> truth.tolist(), failed.tolist()
        ([False, True, False], [False, False, False])
        >>> Expression("parts[1] == 2", {"parts"}).holds({"parts": parts}, 3)[1].tolist()
        [False, False, True]
        """
        return _Elementwise(self.functions, columns, size).holds(self._tree)


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


class NotElementwise(Exception):
    """An expression, or a step of it, that `Expression.holds` cannot evaluate on arrays
    exactly as one element at a time would: evaluate those elements one by one."""


class ListColumn:
    """A column of lists of integers: element i is ``matrix[i, :lengths[i]]`` (numpy
    arrays; the matrix is padded on the right).  `Expression.holds` subscripts it, takes
    its len, sum, min and max, and tests ``x in`` it.

    >>> import numpy as np
    >>> ListColumn(np.array([[3, 1], [2, 0]]), np.array([2, 1])).as_lists()
    [[3, 1], [2]]
    """

    __slots__ = ("lengths", "matrix")

    def __init__(self, matrix: np.ndarray, lengths: np.ndarray) -> None:
        if matrix.ndim != 2 or lengths.shape != (len(matrix),) or matrix.shape[1] < 1:
            raise ValueError("a ListColumn is a matrix of at least one column and a length a row")
        self.matrix = matrix
        self.lengths = lengths

    def as_lists(self) -> list[list[int]]:
        """Each element as a list of Python integers."""
        return [row[:k] for row, k in zip(self.matrix.tolist(), self.lengths.tolist(), strict=True)]


#: What evaluating one element may raise: that element fails (as a predicate says).
FAILURES = (IndexError, ZeroDivisionError, TypeError, ValueError, OverflowError)
#: The largest magnitude a 64-bit result may have.
_INT64 = 2**63 - 1
#: Python's operators on one element, the costly ones guarded.
_SCALAR: dict[type[ast.AST], Callable[..., Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.FloorDiv: operator.floordiv,
    **{op: lambda a, b, guard=guard: guard(a, b, "") for op, guard in _GUARDS.items()},
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
}


class _Elementwise:
    """`Expression.holds`: each node evaluated to (its value, where it raised), a value
    being one Python integer or bool for every element, an int64 or bool array, a
    `ListColumn`, or a tuple of values (the right side of ``in``); where it raised is a
    bool array, or None for nowhere.  What one element at a time would compute
    differently is `NotElementwise`."""

    def __init__(
        self, functions: Mapping[str, Callable[..., Any]], columns: Mapping[str, Any], size: int
    ) -> None:
        import numpy as np  # only here: expressions on one element need no numpy

        self.np = np
        self.functions = functions
        self.columns = columns
        self.size = size

    def holds(self, tree: ast.Expression) -> tuple[np.ndarray, np.ndarray]:
        value, failed = self.evaluate(tree.body)
        nowhere = self.np.zeros(self.size, bool)
        return self.truth(value), nowhere if failed is None else failed

    def evaluate(self, node: ast.AST) -> tuple[Any, np.ndarray | None]:
        step = getattr(self, "_" + type(node).__name__, None)
        if step is None:
            raise NotElementwise(f"{type(node).__name__} is evaluated one element at a time")
        return step(node)

    # ------------------------------------------------------------ the nodes
    def _Constant(self, node: ast.Constant) -> tuple[Any, None]:
        if not isinstance(node.value, int):  # (bool is an int)
            raise NotElementwise(f"the constant {node.value!r} is not an integer")
        return node.value, None

    def _Name(self, node: ast.Name) -> tuple[Any, None]:
        value = self.columns.get(node.id)
        np = self.np
        if isinstance(value, ListColumn) or _is_int(value):
            return value, None
        if isinstance(value, np.ndarray) and value.dtype.kind in "biu" and value.ndim == 1:
            return value, None
        raise NotElementwise(f"{node.id} is not a column of integers")

    def _Tuple(self, node: ast.Tuple | ast.List) -> tuple[tuple[Any, ...], np.ndarray | None]:
        return self.evaluate_all(node.elts)

    _List = _Tuple

    def _UnaryOp(self, node: ast.UnaryOp) -> tuple[Any, np.ndarray | None]:
        value, failed = self.evaluate(node.operand)
        if isinstance(node.op, ast.Not):
            return (not value if _is_plain(value) else ~self.truth(value)), failed
        if _is_plain(value):
            return self.at_once(_SCALAR[type(node.op)], value)[0], failed
        number = self.number(value)
        return (-number if isinstance(node.op, ast.USub) else number), failed

    def _BinOp(self, node: ast.BinOp) -> tuple[Any, np.ndarray | None]:
        left, left_failed = self.evaluate(node.left)
        right, right_failed = self.evaluate(node.right)
        value, failed = self.arithmetic(type(node.op), left, right)
        return value, self.either(self.either(left_failed, right_failed), failed)

    def _BoolOp(self, node: ast.BoolOp) -> tuple[Any, np.ndarray | None]:
        """``a and b``: b only where a is true (``or``: false); the value is the last
        operand read."""
        wanted = isinstance(node.op, ast.And)
        first, failed = self.evaluate(node.values[0])
        value = self.array(first)
        going = self.truth(value) == wanted
        for operand in node.values[1:]:
            going = self.where_not(going, failed)
            right, right_failed = self.evaluate(operand)
            failed = self.either(failed, self.both(going, right_failed))
            value = self.np.where(going, self.array(right), value)
            going = going & (self.truth(right) == wanted)
        return value, failed

    def _Compare(self, node: ast.Compare) -> tuple[Any, np.ndarray | None]:
        """``a < b < c``: c only where a < b; true where every comparison read is."""
        left, failed = self.evaluate(node.left)
        result = going = self.np.ones(self.size, bool)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            going = self.where_not(going, failed)
            right, right_failed = self.evaluate(comparator)
            failed = self.either(failed, self.both(going, right_failed))
            holds, unanswered = self.compare(type(op), left, right)
            failed = self.either(failed, self.both(going, unanswered))
            holds = self.truth(holds)
            result, going = result & holds, going & holds
            left = right
        return result, failed

    def _Subscript(self, node: ast.Subscript) -> tuple[Any, np.ndarray | None]:
        """``parts[i]``: an element without an item i fails (IndexError)."""
        column, failed = self.evaluate(node.value)
        if not isinstance(column, ListColumn) or isinstance(node.slice, ast.Slice):
            raise NotElementwise("only a list column is subscripted elementwise, by a number")
        index, index_failed = self.evaluate(node.slice)
        np = self.np
        lengths = column.lengths.astype(np.int64)
        index = self.array(self.number(index))
        index = np.where(index < 0, index + lengths, index)
        inside = (index >= 0) & (index < lengths)
        items = column.matrix[np.arange(self.size), np.where(inside, index, 0)]
        missing = self.either(failed, index_failed)
        return items.astype(np.int64), self.either(missing, ~inside)

    def _Call(self, node: ast.Call) -> tuple[Any, np.ndarray | None]:
        function = self.functions[node.func.id]  # type: ignore[attr-defined]  (checked)
        arguments, failed = self.evaluate_all(node.args)
        if all(_is_plain(a) for a in arguments):  # one value for every element
            return self.at_once(function, *arguments), failed
        value, where = self.call(function, arguments)
        return value, self.either(failed, where)

    # ------------------------------------------------------------ the steps
    def evaluate_all(self, nodes: list[ast.expr]) -> tuple[tuple[Any, ...], np.ndarray | None]:
        """The values of `nodes` (all read, as Python reads a tuple or a call's
        arguments), and where any raised."""
        values, failed = [], None
        for node in nodes:
            value, where = self.evaluate(node)
            values.append(value)
            failed = self.either(failed, where)
        return tuple(values), failed

    def arithmetic(self, op: type[ast.AST], left: Any, right: Any) -> tuple[Any, Any]:
        """left op right: in Python for two plain numbers, else on int64 arrays where no
        result can pass 64 bits; a division by 0 fails there."""
        if _is_plain(left) and _is_plain(right):
            return self.at_once(_SCALAR[op], left, right)
        np = self.np
        a, b = self.number(left), self.number(right)
        big, small = _magnitude(a), _magnitude(b)
        if op in (ast.FloorDiv, ast.Mod):
            divide = np.floor_divide if op is ast.FloorDiv else np.remainder
            if _is_int(b):
                return (divide(a, b), None) if b else (self.array(0), self.array(True))
            zero = b == 0
            return divide(a, np.where(zero, 1, b)), zero
        if op is ast.Pow:
            if _least(b) < 0:
                raise NotElementwise("a negative power is a fraction")
            if (big > 1 and small * math.log2(big) > 64) or big**small > _INT64:
                raise NotElementwise("a power may pass 64 bits")
            return np.power(a, b), None
        if (big * small if op is ast.Mult else big + small) > _INT64:
            raise NotElementwise("a result may pass 64 bits")
        combine = {ast.Add: np.add, ast.Sub: np.subtract, ast.Mult: np.multiply}[op]
        return combine(a, b), None

    def compare(self, op: type[ast.AST], left: Any, right: Any) -> tuple[Any, Any]:
        """left op right: in Python for plain values; ``in`` a list column or a tuple."""
        if _is_plain(left) and _is_plain(right):
            return self.at_once(_SCALAR[op], left, right)
        if op in (ast.In, ast.NotIn):
            found = self.member(self.number(left), right)
            return (found if op is ast.In else ~found), None
        return _SCALAR[op](self.number(left), self.number(right)), None

    def member(self, item: Any, container: Any) -> np.ndarray:
        """Whether `item` is in `container` (a list column or a tuple), elementwise."""
        np = self.np
        if isinstance(container, tuple):
            found = np.zeros(self.size, bool)
            for entry in container:
                found |= self.truth(item == self.number(entry))
            return found
        if not isinstance(container, ListColumn):
            raise NotElementwise("`in` is elementwise on a list column or a tuple")
        within = np.arange(container.matrix.shape[1]) < container.lengths[:, None]
        return ((container.matrix == self.array(item)[:, None]) & within).any(axis=1)

    def call(self, function: Callable[..., Any], arguments: tuple[Any, ...]) -> tuple[Any, Any]:
        """len, sum, min, max of a list column (min, max of an empty one fail); min, max
        of numbers; abs of a number."""
        np = self.np
        if len(arguments) == 1 and isinstance(arguments[0], ListColumn):
            column = arguments[0]
            lengths = column.lengths.astype(np.int64)
            if function is len:
                return lengths, None
            if function is sum:
                return column.matrix.sum(axis=1, dtype=np.int64), None
            if function in (min, max):
                within = np.arange(column.matrix.shape[1]) < lengths[:, None]
                matrix = column.matrix.astype(np.int64)
                fill = np.iinfo(np.int64).max if function is min else np.iinfo(np.int64).min
                pick = np.min if function is min else np.max
                empty = lengths == 0
                return np.where(empty, 0, pick(np.where(within, matrix, fill), axis=1)), empty
        elif function is abs and len(arguments) == 1:
            return np.abs(self.number(arguments[0])), None
        elif function in (min, max) and len(arguments) > 1:
            numbers = [self.array(self.number(a)) for a in arguments]
            return (np.minimum if function is min else np.maximum).reduce(numbers), None
        raise NotElementwise(f"{getattr(function, '__name__', function)} of these arguments")

    def at_once(self, function: Callable[..., Any], *arguments: Any) -> tuple[Any, Any]:
        """function(*arguments) on plain values, one value for every element; an error
        fails every element."""
        try:
            return function(*arguments), None
        except FAILURES:
            return 0, self.np.ones(self.size, bool)

    # ------------------------------------------------------------ values
    def number(self, value: Any) -> Any:
        """A plain integer within 64 bits, or an int64 array."""
        np = self.np
        if _is_int(value) and abs(value) <= _INT64:
            return int(value)
        if isinstance(value, np.ndarray):
            if value.dtype == np.uint64 and value.size and value.max() > _INT64:
                raise NotElementwise("a column past 64 bits")
            return value.astype(np.int64, copy=False)
        if _is_int(value):
            raise NotElementwise("a number past 64 bits")
        raise NotElementwise(f"{type(value).__name__} in arithmetic")

    def array(self, value: Any) -> np.ndarray:
        """The value as an array of `size` elements (a plain value repeated)."""
        if _is_int(value):
            return self.np.full(self.size, value, dtype=bool if isinstance(value, bool) else None)
        if isinstance(value, self.np.ndarray):
            return value
        raise NotElementwise(f"{type(value).__name__} as an operand of and/or")

    def truth(self, value: Any) -> np.ndarray:
        """bool() of each element."""
        np = self.np
        if isinstance(value, ListColumn):
            return value.lengths > 0
        if isinstance(value, np.ndarray):
            return value if value.dtype == bool else value != 0
        if _is_plain(value):
            return np.full(self.size, bool(value))
        raise NotElementwise(f"the truth of {type(value).__name__}")

    @staticmethod
    def either(first: np.ndarray | None, second: np.ndarray | None) -> np.ndarray | None:
        if first is None or second is None:
            return second if first is None else first
        return first | second

    @staticmethod
    def both(going: np.ndarray, failed: np.ndarray | None) -> np.ndarray | None:
        return None if failed is None else going & failed

    @staticmethod
    def where_not(going: np.ndarray, failed: np.ndarray | None) -> np.ndarray:
        return going if failed is None else going & ~failed


def _is_plain(value: Any) -> bool:
    """A value that is the same for every element: an integer, or a tuple of them."""
    return _is_int(value) or (isinstance(value, tuple) and all(map(_is_plain, value)))


def _least(value: Any) -> int:
    """The smallest of a plain integer or an int64 array (0 for an empty one)."""
    if _is_int(value):
        return value
    return int(value.min()) if value.size else 0


def _magnitude(value: Any) -> int:
    """The largest absolute value of a plain integer or an int64 array."""
    if _is_int(value):
        return abs(value)
    return max(abs(int(value.min())), abs(int(value.max()))) if value.size else 0
