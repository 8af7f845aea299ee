"""`Poset`: a finite partial order stored as Python-int bitsets.

Elements are any hashable labels, kept in a fixed linear extension (004
§3.1): element number i is never above an element with a larger number.  The
order is stored as two bitsets per element, its down-set Λ_x = {t : t ≤ x}
(bit j set when element j ≤ element i, 004 §3.1 "principal order ideal") and
its up-set {t : t ≥ x}.  Covers, the rank function (when the poset is graded
in the sense of 004 §3.1: all maximal chains have the same length) and
longest-chain levels are computed on demand.

Constructors for user posets live here (`from_relations`, `from_covers`,
`from_json`, `from_networkx`, `product`); the families of 004 are in
`grundy.posets.named`.
"""

from __future__ import annotations

import heapq
import json
import os
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any

from grundy.jupyter import svg_picture
from grundy.validate import check_input_file, read_json

__all__ = [
    "MAX_ELEMENTS",
    "Poset",
    "bits",
    "from_covers",
    "from_json",
    "from_networkx",
    "from_relations",
    "product",
]

Element = Hashable

#: The most elements grundy builds a poset with: its bitsets take about
#: n²/4 bytes (Π_10, with 115,975 elements, is the largest family member in use).
MAX_ELEMENTS = 120_000


def check_size(count: int, name: str) -> None:
    """Refuse (ValueError) to build a poset of more than `MAX_ELEMENTS` elements."""
    if count > MAX_ELEMENTS:
        raise ValueError(
            f"{name} has {count:,} elements, more than grundy builds (at most {MAX_ELEMENTS:,})"
        )


def bits(mask: int) -> Iterator[int]:
    """The positions of the set bits of `mask`, increasing."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Poset:
    """A finite poset with its order as bitsets over a fixed linear extension.

    Build one with a constructor (`chain`, `divisors`, `from_relations`, …);
    the initialiser trusts its input: `elements` must be listed in a linear
    extension and `down[i]` must be the bitset of the elements ≤ element i
    (bit i included, no bit above i), transitively closed.
    """

    def __init__(
        self,
        elements: Sequence[Element],
        down: Sequence[int],
        *,
        name: str = "poset",
        factors: tuple[Poset, ...] | None = None,
        formatter: Callable[[Element], str] | None = None,
        parser: Callable[[str], Element] | None = None,
    ) -> None:
        if len(elements) != len(down):
            raise ValueError("one down-set per element is needed")
        self._elements: tuple[Element, ...] = tuple(elements)
        self._index: dict[Element, int] = {x: i for i, x in enumerate(self._elements)}
        if len(self._index) != len(self._elements):
            raise ValueError("poset elements must be distinct")
        self._down: tuple[int, ...] = tuple(down)
        self._up_sets: tuple[int, ...] | None = None
        self.name = name
        self.spec: str | None = None  # the notation it was read from (`parse_spec`), if any
        self.factors = factors
        self._formatter = formatter
        self._parser = parser
        self._lower: tuple[int, ...] | None = None
        self._levels: tuple[int, ...] | None = None
        self._by_text: dict[str, int] | None = None
        self.cache: dict[Any, Any] = {}  # per-poset results, e.g. coin-turning values

    @property
    def _up(self) -> tuple[int, ...]:
        """Up-sets, built once from the upper covers in reverse linear order."""
        if self._up_sets is None:
            n = len(self._down)
            upper: list[list[int]] = [[] for _ in range(n)]
            for i, mask in enumerate(self.lower_cover_masks()):
                for j in bits(mask):
                    upper[j].append(i)
            up = [0] * n
            for i in range(n - 1, -1, -1):
                mask = 1 << i
                for j in upper[i]:
                    mask |= up[j]
                up[i] = mask
            self._up_sets = tuple(up)
        return self._up_sets

    # ------------------------------------------------------------ basics
    def __len__(self) -> int:
        return len(self._elements)

    def __iter__(self) -> Iterator[Element]:
        return iter(self._elements)

    def __contains__(self, x: object) -> bool:
        try:
            return x in self._index
        except TypeError:
            return False

    def __repr__(self) -> str:
        return f"<Poset {self.name}: {len(self)} elements>"

    #: The Hasse diagram, for Jupyter (None, so text, when too large to draw), drawn by
    #: `grundy.render.hasse.hasse_svg` (registered by the package: `grundy.jupyter`).
    _repr_svg_ = svg_picture

    @property
    def elements(self) -> tuple[Element, ...]:
        """The elements, in the stored linear extension."""
        return self._elements

    def index(self, x: Element) -> int:
        """The position of `x` in the linear extension (ValueError if absent)."""
        try:
            return self._index[x]
        except (KeyError, TypeError):
            raise ValueError(f"{x!r} is not an element of {self.name}") from None

    def linear_extension(self) -> list[Element]:
        """The elements in an order-preserving listing (004 §3.1)."""
        return list(self._elements)

    def down_mask(self, i: int) -> int:
        """Bitset of the indices j with element j ≤ element i."""
        return self._down[i]

    def up_mask(self, i: int) -> int:
        """Bitset of the indices j with element j ≥ element i."""
        return self._up[i]

    def mask(self, items: Iterable[Element]) -> int:
        """The bitset of a set of elements."""
        m = 0
        for x in items:
            m |= 1 << self.index(x)
        return m

    def members(self, mask: int) -> list[Element]:
        """The elements of a bitset, in the linear extension's order."""
        return [self._elements[j] for j in bits(mask)]

    # ------------------------------------------------------------ order
    def leq(self, x: Element, y: Element) -> bool:
        """x ≤ y."""
        return bool(self._down[self.index(y)] >> self.index(x) & 1)

    def lt(self, x: Element, y: Element) -> bool:
        """x < y."""
        return x != y and self.leq(x, y)

    def principal_ideal(self, x: Element) -> list[Element]:
        """Λ_x = {t : t ≤ x} (004 §3.1)."""
        return self.members(self._down[self.index(x)])

    def principal_filter(self, x: Element) -> list[Element]:
        """{t : t ≥ x}."""
        return self.members(self._up[self.index(x)])

    def interval(self, x: Element, y: Element) -> list[Element]:
        """The closed interval [x, y] = {t : x ≤ t ≤ y} (004 §3.1); empty unless x ≤ y."""
        return self.members(self._up[self.index(x)] & self._down[self.index(y)])

    def minimal(self) -> list[Element]:
        """Elements with nothing below them."""
        return [x for i, x in enumerate(self._elements) if self._down[i] == 1 << i]

    def maximal(self) -> list[Element]:
        """Elements with nothing above them."""
        return [x for i, x in enumerate(self._elements) if self._up[i] == 1 << i]

    # ------------------------------------------------------------ covers and ranks
    def lower_cover_masks(self) -> tuple[int, ...]:
        """For each index i, the bitset of the elements that i covers."""
        if self._lower is None:
            lower = []
            for i, mask in enumerate(self._down):
                rest = mask ^ (1 << i)
                found = 0
                while rest:  # the largest remaining index is maximal below i
                    j = rest.bit_length() - 1
                    found |= 1 << j
                    rest &= ~self._down[j]
                lower.append(found)
            self._lower = tuple(lower)
        return self._lower

    def lower_covers(self, x: Element) -> list[Element]:
        """The elements covered by x."""
        return self.members(self.lower_cover_masks()[self.index(x)])

    def upper_covers(self, x: Element) -> list[Element]:
        """The elements covering x."""
        i = self.index(x)
        lower = self.lower_cover_masks()
        return [self._elements[j] for j in bits(self._up[i]) if lower[j] >> i & 1]

    def covers(self) -> list[tuple[Element, Element]]:
        """All cover relations (x, y) with x ⋖ y (y covers x), 004 §3.1."""
        lower = self.lower_cover_masks()
        return [
            (self._elements[j], self._elements[i]) for i in range(len(self)) for j in bits(lower[i])
        ]

    def levels(self) -> tuple[int, ...]:
        """Per index, the length of the longest chain ending there (minimal elements: 0)."""
        if self._levels is None:
            lower = self.lower_cover_masks()
            levels: list[int] = []
            for i in range(len(self)):
                levels.append(max((levels[j] + 1 for j in bits(lower[i])), default=0))
            self._levels = tuple(levels)
        return self._levels

    def level(self, x: Element) -> int:
        """The length of the longest chain with top x."""
        return self.levels()[self.index(x)]

    @property
    def is_graded(self) -> bool:
        """All maximal chains have the same length (004 §3.1)."""
        levels = self.levels()
        lower = self.lower_cover_masks()
        for i in range(len(self)):
            if any(levels[j] + 1 != levels[i] for j in bits(lower[i])):
                return False
        tops = {levels[i] for i in range(len(self)) if self._up[i] == 1 << i}
        return len(tops) <= 1

    @property
    def rank(self) -> dict[Element, int] | None:
        """The rank function ρ of a graded poset (004 §3.1), or None if not graded."""
        if not self.is_graded:
            return None
        return dict(zip(self._elements, self.levels(), strict=True))

    # ------------------------------------------------------------ text
    def format(self, x: Element) -> str:
        """The element in the poset's notation (the same notation `parse` reads)."""
        if self._formatter is not None:
            return self._formatter(x)
        return str(x)

    def parse(self, text: str) -> Element:
        """The element written `text` (the poset's own notation); ValueError if none."""
        if not isinstance(text, str):
            raise TypeError(f"an element is written as a string, got {type(text).__name__}")
        key = "".join(text.split())
        if self._parser is not None:
            x = self._parser(key)
            if x not in self._index:
                raise ValueError(f"{text!r} is not an element of {self.name}")
            return x
        if self._by_text is None:
            self._by_text = {"".join(self.format(x).split()): i for i, x in enumerate(self)}
        try:
            return self._elements[self._by_text[key]]
        except KeyError:
            sample = ", ".join(self.format(x) for x in self._elements[:4])
            raise ValueError(
                f"{text!r} is not an element of {self.name} (elements look like: {sample}, …)"
            ) from None

    def to_json(self) -> dict[str, Any]:
        """{"name", "elements", "covers"} with elements in the poset's notation."""
        return {
            "name": self.name,
            "elements": [self.format(x) for x in self._elements],
            "covers": [[self.format(a), self.format(b)] for a, b in self.covers()],
        }

    def write_json(self, path: str | os.PathLike[str]) -> None:
        """Write `to_json()` to `path` atomically; `from_json` reads it back."""
        from grundy.atomic import write_text_atomic

        write_text_atomic(path, json.dumps(self.to_json(), indent=1) + "\n")


# ---------------------------------------------------------------- builders
def _from_lower_covers(
    elements: Sequence[Element],
    lower: Sequence[Iterable[int]],
    **kwargs: Any,
) -> Poset:
    """A poset from elements in a linear extension and, per index, indices below it.

    `lower[i]` may be any set of indices j < i generating the order (covers or
    more); the down-sets are their transitive closure.
    """
    down: list[int] = []
    for i, below in enumerate(lower):
        mask = 1 << i
        for j in below:
            if j >= i:
                raise ValueError("elements are not listed in a linear extension")
            mask |= down[j]
        down.append(mask)
    return Poset(elements, down, **kwargs)


def from_relations(
    relations: Iterable[tuple[Element, Element]],
    elements: Iterable[Element] | None = None,
    *,
    name: str = "poset",
) -> Poset:
    """The partial order generated by pairs (a, b) meaning a ≤ b.

    The reflexive–transitive closure is taken.  `elements` adds elements in no
    relation and fixes a preferred order (kept wherever it is a linear
    extension); when given, it must list every element of the pairs (a
    ValueError names those missing).  A cycle a ≤ b ≤ … ≤ a of distinct
    elements is a ValueError naming it.
    """
    order: dict[Element, int] = {}
    if elements is not None:
        for x in elements:
            _hashable(x)
            order.setdefault(x, len(order))
    pairs = _pairs(relations, "a relation is a pair (a, b) meaning a ≤ b")
    if elements is not None:
        _check_listed(pairs, order)
    preds: dict[Element, set[Element]] = {}
    succs: dict[Element, set[Element]] = {}
    for a, b in pairs:
        for x in (a, b):
            order.setdefault(x, len(order))
        if a == b:
            continue
        preds.setdefault(b, set()).add(a)
        succs.setdefault(a, set()).add(b)
    indeg = {x: len(preds.get(x, ())) for x in order}
    heap = [(order[x], x) for x in order if indeg[x] == 0]
    heapq.heapify(heap)
    listing: list[Element] = []
    while heap:
        _, x = heapq.heappop(heap)
        listing.append(x)
        for y in succs.get(x, ()):
            indeg[y] -= 1
            if indeg[y] == 0:
                heapq.heappush(heap, (order[y], y))
    if len(listing) < len(order):
        raise ValueError(_cycle_message({x for x in order if indeg[x] > 0}, preds, order))
    pos = {x: i for i, x in enumerate(listing)}
    lower = [[pos[a] for a in preds.get(x, ())] for x in listing]
    return _from_lower_covers(listing, lower, name=name)


def from_covers(
    covers: Iterable[tuple[Element, Element]],
    elements: Iterable[Element] | None = None,
    *,
    name: str = "poset",
) -> Poset:
    """The poset whose cover relations are the pairs (a, b), meaning b covers a.

    A pair that is not a cover of the generated order (it is implied by a
    longer chain), a cycle, or (when `elements` is given) a pair using an
    element not listed is a ValueError, as in `from_relations`.
    """
    pairs = _pairs(covers, "a cover is a pair (a, b) meaning b covers a")
    poset = from_relations(pairs, elements, name=name)
    for a, b in pairs:
        if a == b:
            raise ValueError(
                f"({a!r}, {b!r}) is not a cover relation: an element never covers itself"
            )
        if a not in poset.lower_covers(b):
            between = [t for t in poset.interval(a, b) if t != a and t != b]
            raise ValueError(
                f"({a!r}, {b!r}) is not a cover relation: {between[0]!r} lies strictly between"
            )
    return poset


def from_json(path: str | os.PathLike[str]) -> Poset:
    """A poset from a JSON file.

    Format: an object with "elements" (optional list of labels), and either
    "covers" (pairs [a, b]: b covers a) or "relations" (pairs [a, b]: a ≤ b,
    closed transitively); optionally "name".  Labels are JSON strings or
    numbers (lists are turned into tuples).  Example:
    {"name": "N", "elements": ["a","b","c","d"], "covers": [["a","c"],["b","c"],["b","d"]]}
    """
    check_input_file(path, "poset file")
    try:
        data = read_json(path)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a poset file holds a JSON object")
    unknown = set(data) - {"name", "elements", "covers", "relations"}
    if unknown:
        raise ValueError(f"{path}: unknown keys {sorted(unknown)}")
    if ("covers" in data) == ("relations" in data):
        raise ValueError(f"{path}: give exactly one of 'covers' and 'relations'")
    name = str(data.get("name", os.path.basename(os.fspath(path))))
    elements = [_freeze(x) for x in data.get("elements", [])] if "elements" in data else None
    pairs_key = "covers" if "covers" in data else "relations"
    raw = data[pairs_key]
    if not isinstance(raw, list) or any(not isinstance(p, list) or len(p) != 2 for p in raw):
        raise ValueError(f"{path}: '{pairs_key}' must be a list of [a, b] pairs")
    pairs = [(_freeze(a), _freeze(b)) for a, b in raw]
    build = from_covers if pairs_key == "covers" else from_relations
    try:
        return build(pairs, elements, name=name)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def from_networkx(graph: Any, *, name: str | None = None) -> Poset:
    """The poset of a networkx DiGraph: an edge u → v means u ≤ v (closed transitively)."""
    if not hasattr(graph, "is_directed") or not graph.is_directed():
        raise TypeError("from_networkx needs a networkx DiGraph (edge u -> v means u <= v)")
    return from_relations(graph.edges(), graph.nodes(), name=name or str(graph.name or "poset"))


def product(*factors: Poset) -> Poset:
    """The direct product P × Q × … (004 §3.1), elements are tuples.

    The result remembers its factors, so coin-turning values can use the
    product theorem (004 Theorem 4.2).
    """
    if not factors:
        raise ValueError("product needs at least one poset")
    for f in factors:
        if not isinstance(f, Poset):
            raise TypeError(f"product takes posets, got {type(f).__name__}")
    if len(factors) == 1:
        return factors[0]
    total = 1
    for f in factors:
        total *= len(f)
    check_size(total, "×".join(f.name for f in factors))
    left = factors[0] if len(factors) == 2 else product(*factors[:-1])
    right = factors[-1]
    m = len(right)
    elements: list[tuple[Element, Element]] = []
    down: list[int] = []
    for i, p in enumerate(left.elements):
        pd = left.down_mask(i)
        for j, q in enumerate(right.elements):
            qd = right.down_mask(j)
            mask = 0
            for a in bits(pd):
                mask |= qd << (a * m)
            elements.append((p, q))
            down.append(mask)

    def fmt(x: tuple[Element, Element]) -> str:
        return f"({left.format(x[0])},{right.format(x[1])})"

    return Poset(
        elements,
        down,
        name=f"{left.name}×{right.name}",
        factors=(left, right),
        formatter=fmt,
    )


# ---------------------------------------------------------------- helpers
def _pairs(items: Iterable[Any], what: str) -> list[tuple[Element, Element]]:
    """The pairs (a, b) of `items`, hashable; a ValueError quoting `what` for anything else."""
    pairs = []
    for pair in items:
        try:
            a, b = pair
        except (TypeError, ValueError):
            raise ValueError(f"{what}, got {pair!r}") from None
        _hashable(a)
        _hashable(b)
        pairs.append((a, b))
    return pairs


def _check_listed(pairs: Iterable[tuple[Element, Element]], listed: Iterable[Element]) -> None:
    """Every element of the pairs must be in `listed` (the poset's given elements)."""
    known = set(listed)
    missing = {x for pair in pairs for x in pair if x not in known}
    if missing:
        shown = ", ".join(sorted(map(repr, missing)))
        raise ValueError(f"pairs use elements not in the element list: {shown}")


def _hashable(x: object) -> None:
    try:
        hash(x)
    except TypeError:
        raise TypeError(f"poset elements must be hashable, got {x!r}") from None


def _freeze(x: Any) -> Element:
    if isinstance(x, list):
        return tuple(_freeze(v) for v in x)
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    raise ValueError(f"poset element labels are JSON strings, numbers or lists, got {x!r}")


def _cycle_message(
    stuck: set[Element], preds: dict[Element, set[Element]], order: dict[Element, int]
) -> str:
    """Walk backwards through elements left over by the topological sort to a cycle.

    Always the same cycle for the same input: the walk starts at, and steps
    to, the element met first in the input (`order`), never by set order.
    """
    first = order.__getitem__
    seen: dict[Element, int] = {}
    path: list[Element] = []
    x = min(stuck, key=first)
    while x not in seen:
        seen[x] = len(path)
        path.append(x)
        x = min((p for p in preds[x] if p in stuck), key=first)
    cycle = path[seen[x] :][::-1]  # walked backwards along ≤; reverse to read upwards
    top = cycle.index(min(cycle, key=first))
    cycle = cycle[top:] + cycle[:top]  # read from the element given first
    shown = " ≤ ".join(repr(c) for c in [*cycle, cycle[0]])
    return f"the relations are not a partial order: they contain the cycle {shown}"
