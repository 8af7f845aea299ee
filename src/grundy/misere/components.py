"""The components a misère quotient is built on, and how a game's positions split into them.

A quotient needs two things of a game: the options of one component, each as the tuple
of components it leaves, and the components of a position, none cancelled (misère play
does not cancel pairs).  `splitting` reads both from a ruleset's declared capabilities:

* `HeapSums`, for a take-and-break game that lists the options of one heap
  (``heap_options(n)``, tuples of heap sizes; `grundy.games.octal`): a position is a
  partition whose parts are its heaps;
* `ComponentSums`, for any other ruleset: a position's canonical ``components`` (or the
  position itself, where it declares none), and an option of a component leaves the
  canonical components of the option.  A heap of Kayles leaves at most two heaps, a
  diagram of CRIS two diagrams, a diagram of Chomp one.

`close` takes the components asked for (heaps 1..N, every position of size ≤ n) and adds
every component an option leaves, each after the components of its options, so that
the quotient can be built one component at a time (Plambeck–Siegel, JCTA 115 (2008) §6).

>>> heaps = close([3], lambda h: [(h - k,) for k in range(1, h + 1)])   # Nim
>>> heaps.positions, heaps.options[3]
((0, 1, 2, 3), ((2,), (1,), (0,)))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from grundy.game import Ruleset

__all__ = [
    "MAX_COMPONENTS",
    "ComponentOptions",
    "ComponentSums",
    "Components",
    "HeapSums",
    "Splitting",
    "close",
    "splitting",
]

#: The options of one component: each as the tuple of components it leaves.
ComponentOptions = Callable[[Any], Iterable[tuple[Any, ...]]]

#: Most components one quotient is built on (each is a step of the construction).
MAX_COMPONENTS = 100_000


@dataclass(frozen=True)
class Components:
    """Positions closed under options, each after the components of its options.

    `positions[i]` is component i, `names[i]` how it is written, and `options[i]` its
    options, each the sorted indices of the components it leaves (all below i; the
    same multiset once).
    """

    positions: tuple[Hashable, ...]
    names: tuple[str, ...]
    options: tuple[tuple[tuple[int, ...], ...], ...]
    where: dict[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "where", {p: i for i, p in enumerate(self.positions)})
        for i, listed in enumerate(self.options):
            if any(j >= i for option in listed for j in option):
                raise ValueError(f"component {self.names[i]} has an option not listed before it")

    def __len__(self) -> int:
        return len(self.positions)


def close(
    starts: Iterable[Hashable],
    options_of: ComponentOptions,
    name: Callable[[Any], str] = str,
    limit: int = MAX_COMPONENTS,
) -> Components:
    """The components `starts` and every component their options leave, each after
    those of its options (depth first, in the order given).  A component reachable
    from itself is a ValueError (the game is not finite); more than `limit` of them too.

    >>> close(["ab"], lambda w: [(w[1:], w[:1])] if len(w) > 1 else []).positions
    ('a', 'b', 'ab')
    """
    order: list[Hashable] = []
    listed: dict[Hashable, tuple[tuple[Hashable, ...], ...]] = {}
    for start in starts:
        stack: list[tuple[Hashable, list[Hashable] | None]] = [(start, None)]
        on_path: set[Hashable] = set()
        while stack:
            node, pending = stack[-1]
            if pending is None:
                if node in listed:
                    stack.pop()
                    continue
                options = tuple(dict.fromkeys(tuple(o) for o in options_of(node)))
                listed[node] = options
                if len(listed) > limit:
                    raise ValueError(f"more than {limit:,} components: too many for a quotient")
                on_path.add(node)
                pending = list(dict.fromkeys(c for option in options for c in option))
                stack[-1] = (node, pending)
            while pending and pending[-1] in listed and pending[-1] not in on_path:
                pending.pop()
            if pending:
                child = pending.pop()
                if child in on_path:
                    raise ValueError(
                        f"{name(child)} can be reached from itself: the game is not finite"
                    )
                stack.append((child, None))
                continue
            stack.pop()
            on_path.discard(node)
            order.append(node)
    index = {p: i for i, p in enumerate(order)}
    options = tuple(
        tuple(dict.fromkeys(tuple(sorted(index[c] for c in option)) for option in listed[p]))
        for p in order
    )
    return Components(tuple(order), tuple(name(p) for p in order), options)


class Splitting(Protocol):
    """How a game's positions are sums of components (`splitting`)."""

    rules: Ruleset

    def options_of(self, component: Any) -> Iterable[tuple[Any, ...]]:
        """The options of one component, each as the components it leaves."""

    def parts(self, position: Any) -> Counter[Any]:
        """The components of a (parsed) position, each with how many times it occurs."""

    def name(self, component: Any) -> str:
        """A component written as the game writes it."""

    def written(self, texts: Iterable[str]) -> list[Any]:
        """The components written `texts` ("1" … "N": the heaps), each one component."""

    def of_size(self, n: int) -> list[Any]:
        """The components of every position of size 1..n."""


@dataclass(frozen=True)
class HeapSums:
    """A take-and-break game: a position is a partition of heap sizes, a component a
    heap (an int), its options the ruleset's ``heap_options``.

    >>> from grundy.registry import get_ruleset
    >>> kayles = HeapSums(get_ruleset("kayles"))
    >>> kayles.parts(kayles.rules.parse("5,3,3")), kayles.options_of(3)
    (Counter({3: 2, 5: 1}), [(2,), (1, 1), (1,)])
    """

    rules: Any  # a ruleset with heap_options

    def options_of(self, component: int) -> list[tuple[int, ...]]:
        return self.rules.heap_options(component)

    def parts(self, position: Any) -> Counter[int]:
        return Counter(dict(position.runs))

    def name(self, component: int) -> str:
        return str(component)

    def written(self, texts: Iterable[str]) -> list[int]:
        heaps = []
        for text in texts:
            parts = self.parts(self.rules.parse(text))
            if sum(parts.values()) != 1:
                raise ValueError(f"{self.rules.name} {text} is not one heap")
            heaps.extend(parts)
        return heaps

    def of_size(self, n: int) -> list[int]:
        return list(range(1, n + 1))


@dataclass(frozen=True)
class ComponentSums:
    """Any ruleset: a position's components are its canonical ``components`` (itself
    where it declares none), and an option of a component leaves the canonical
    components of the option.

    >>> from grundy.registry import get_ruleset
    >>> cris = ComponentSums(get_ruleset("cris"))
    >>> sorted(map(str, cris.parts(cris.rules.parse("3 + 2^2 + 2^2")).elements()))
    ['1^3', '2^2', '2^2']
    >>> sorted(" + ".join(map(str, o)) for o in cris.options_of(cris.rules.parse("3,1")))
    ['1', '1^2', '1^2 + 1', '1^3', '2,1']
    """

    rules: Ruleset

    def _canonical_parts(self, position: Any) -> tuple[Any, ...]:
        rules = self.rules
        root = rules.canonical(position)
        parts = rules.components(root)
        if parts is None:
            return (root,)
        return tuple(rules.canonical(part) for part in parts)

    def options_of(self, component: Any) -> Iterable[tuple[Any, ...]]:
        return (self._canonical_parts(child) for _, child in self.rules.options(component))

    def parts(self, position: Any) -> Counter[Any]:
        return Counter(self._canonical_parts(position))

    def name(self, component: Any) -> str:
        return self.rules.format_position(component)

    def written(self, texts: Iterable[str]) -> list[Any]:
        found = []
        for text in texts:
            parts = self._canonical_parts(self.rules.parse(text))
            if len(parts) != 1:
                raise ValueError(f"{self.rules.name} {text} is a sum of {len(parts)} components")
            found.append(parts[0])
        return found

    def of_size(self, n: int) -> list[Any]:
        found: dict[Any, None] = {}
        for size in range(1, n + 1):
            positions = self.rules.positions_of_size(size)
            if positions is None:
                raise ValueError(f"{self.rules.name} does not list its positions by size")
            for position in positions:
                found.update(dict.fromkeys(self._canonical_parts(position)))
        return list(found)


def splitting(rules: Ruleset) -> Splitting:
    """How `rules`' positions split into components: `HeapSums` where it lists the options
    of one heap (``heap_options``), else `ComponentSums`.

    >>> from grundy.registry import get_ruleset
    >>> type(splitting(get_ruleset("0.75"))).__name__, type(splitting(get_ruleset("pnim"))).__name__
    ('HeapSums', 'ComponentSums')
    """
    if callable(getattr(rules, "heap_options", None)):
        return HeapSums(rules)
    return ComponentSums(rules)
