"""Finite commutative monoids given by their multiplication table: the algebra of misère
quotients (Plambeck–Siegel, "Misère quotients for impartial games", JCTA 115 (2008) §2).

A `Monoid` is a table ``table[x][y] = x·y`` on the elements ``0 … order − 1``, element
0 the identity.  It is built from cyclic monoids and direct products (`Monoid.cyclic`,
`Monoid.times`), cut down to the submonoid some elements generate (`Monoid.generated`),
and divided by the coarsest congruence that keeps a set apart from its complement
(`Monoid.reduce`: the *reduction* of a bipartite monoid, P–S §2).  `Monoid.presentation`
writes it as generators and relations: each element's normal form is its least word in
the graded order that prefers the earlier generators, and the relations are the minimal
words that are not normal, each equal to its normal form (a complete rewriting system).

>>> t2 = Monoid.cyclic(0, 2).times(Monoid.cyclic(1, 2))   # a² = 1, b³ = b
>>> t2.order, t2.product(1, 1)
(6, 0)
>>> t2.presentation([1, 2]).texts("ab")
['a² = 1', 'b³ = b']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["Monoid", "Presentation", "Word", "word_text"]

#: A word in generators: the exponent of each generator, in their order.
Word = tuple[int, ...]

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def word_text(word: Word, names: Sequence[str]) -> str:
    """A word written as Plambeck and Siegel do: ``ab²c``, and ``1`` for the empty word.

    >>> word_text((1, 2, 0, 1), "abcd"), word_text((0, 0), "ab")
    ('ab²d', '1')
    """
    text = "".join(
        name + (str(k).translate(_SUPERSCRIPTS) if k > 1 else "")
        for name, k in zip(names, word, strict=True)
        if k
    )
    return text or "1"


@dataclass(frozen=True)
class Presentation:
    """Generators and relations of a monoid (`Monoid.presentation`).

    `generators`: the elements that generate it, in order; `normal_forms[x]`: the
    least word of element x (graded by length, then preferring earlier generators);
    `relations`: (word, its normal form) for each minimal word that is not normal.
    """

    generators: tuple[int, ...]
    normal_forms: tuple[Word, ...]
    relations: tuple[tuple[Word, Word], ...]

    def texts(self, names: Sequence[str]) -> list[str]:
        """The relations written out, ``"b³ = b"``, with the generators named `names`.

        >>> Monoid.cyclic(1, 2).presentation([1]).texts("b")
        ['b³ = b']
        """
        return [f"{word_text(w, names)} = {word_text(nf, names)}" for w, nf in self.relations]


def _better(word: Word, other: Word) -> bool:
    """Whether `word` comes before `other` in the order of normal forms: shorter first,
    then more of the earlier generators (a monomial order: adding a word keeps it)."""
    return (sum(word), [-k for k in word]) < (sum(other), [-k for k in other])


@dataclass(frozen=True, eq=False)
class Monoid:
    """A finite commutative monoid: ``table[x][y]`` is the product x·y; 0 is the identity.

    The table is checked to have 0 as identity and to be square; `check` also tests
    commutativity and associativity (cubic in the order).

    >>> Monoid(((0, 1), (1, 1))).product(1, 0)
    1
    >>> Monoid(((0, 1), (1, 2)))
    Traceback (most recent call last):
    ...
    ValueError: a monoid's table holds its elements 0..1; row 1 has 2
    """

    table: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        order = len(self.table)
        if order == 0:
            raise ValueError("a monoid has at least its identity")
        for x, row in enumerate(self.table):
            if len(row) != order:
                raise ValueError(f"a monoid's table is square; row {x} has {len(row)} entries")
            if any(not 0 <= y < order for y in row):
                bad = next(y for y in row if not 0 <= y < order)
                raise ValueError(
                    f"a monoid's table holds its elements 0..{order - 1}; row {x} has {bad}"
                )
        if self.table[0] != tuple(range(order)):
            raise ValueError("element 0 of a monoid's table is its identity: row 0 is 0, 1, 2, …")

    @property
    def order(self) -> int:
        """How many elements it has."""
        return len(self.table)

    def product(self, x: int, y: int) -> int:
        """x·y."""
        return self.table[x][y]

    def product_of(self, elements: Iterable[int]) -> int:
        """The product of `elements` (the identity, 0, for none)."""
        table, total = self.table, 0
        for x in elements:
            total = table[total][x]
        return total

    def power(self, x: int, k: int) -> int:
        """x^k, by repeated squaring (k may be huge: a run of 10^12 equal heaps).

        >>> Monoid.cyclic(2, 2).power(1, 10**12)   # c^(10^12) = c^2
        2
        """
        table, result = self.table, 0
        while k:
            if k & 1:
                result = table[result][x]
            x, k = table[x][x], k >> 1
        return result

    def check(self) -> None:
        """ValueError unless the table is commutative and associative."""
        table, order = self.table, self.order
        for x in range(order):
            for y in range(x):
                if table[x][y] != table[y][x]:
                    raise ValueError(f"the table is not commutative: {x}·{y} ≠ {y}·{x}")
        for x in range(order):
            for y in range(order):
                xy = table[x][y]
                for z in range(order):
                    if table[xy][z] != table[x][table[y][z]]:
                        raise ValueError(f"the table is not associative at {x}, {y}, {z}")

    # ------------------------------------------------------------ constructions
    @classmethod
    def cyclic(cls, index: int, period: int) -> Monoid:
        """The cyclic monoid ⟨c | c^(index+period) = c^index⟩: element k is c^k.

        >>> Monoid.cyclic(1, 2).table   # b³ = b: 1, b, b²
        ((0, 1, 2), (1, 2, 1), (2, 1, 2))
        """
        if index < 0 or period < 1:
            raise ValueError(f"a cyclic monoid has index ≥ 0 and period ≥ 1, not {index}, {period}")
        size = index + period

        def reduced(k: int) -> int:
            return k if k < size else index + (k - index) % period

        return cls(tuple(tuple(reduced(i + j) for j in range(size)) for i in range(size)))

    def times(self, other: Monoid) -> Monoid:
        """The direct product: element x + order·y is the pair (x, y).

        >>> Monoid.cyclic(0, 2).times(Monoid.cyclic(0, 2)).product(3, 1)
        2
        """
        n, a, b = self.order, self.table, other.table
        return Monoid(
            tuple(
                tuple(a[x1][x2] + n * b[y1][y2] for y2 in range(other.order) for x2 in range(n))
                for y1 in range(other.order)
                for x1 in range(n)
            )
        )

    def generated(self, generators: Iterable[int]) -> tuple[Monoid, dict[int, int]]:
        """The submonoid the `generators` generate, and where each of its elements went
        (renumbered in the order they are reached from the identity).

        >>> sub, where = Monoid.cyclic(1, 2).generated([2])
        >>> sub.order, where
        (2, {0: 0, 2: 1})
        """
        table, reached = self.table, self.closure(generators)
        where = {x: i for i, x in enumerate(reached)}
        return (
            Monoid(tuple(tuple(where[table[x][y]] for y in reached) for x in reached)),
            where,
        )

    def closure(self, generators: Iterable[int]) -> list[int]:
        """The elements the `generators` generate, in the order they are reached from the
        identity (breadth first).

        >>> Monoid.cyclic(2, 2).closure([2])
        [0, 2]
        """
        gens = list(dict.fromkeys(generators))
        table, reached = self.table, [0]
        seen = {0}
        for x in reached:
            for g in gens:
                y = table[x][g]
                if y not in seen:
                    seen.add(y)
                    reached.append(y)
        return reached

    def index_of(self, x: int) -> int:
        """The index of x: the least i with x^i = x^(i+p) for some p ≥ 1.

        >>> Monoid.cyclic(3, 2).index_of(1), Monoid.cyclic(3, 2).index_of(0)
        (3, 0)
        """
        seen: dict[int, int] = {}
        power, k = 0, 0
        while power not in seen:
            seen[power] = k
            power, k = self.table[power][x], k + 1
        return seen[power]

    def reduce(self, part: Iterable[int], generators: Iterable[int]) -> list[int]:
        """The classes of the coarsest congruence that keeps `part` apart from the rest:
        x ~ y iff xz ∈ part ⟺ yz ∈ part for every z the `generators` generate (P–S §2,
        the reduction of a bipartite monoid).  Returns each element's class, numbered in
        order of first appearance (the identity's is 0).  Moore's refinement: split by
        part, then by the classes of x·g for each generator g, until nothing splits.

        >>> Monoid.cyclic(2, 2).reduce({1, 3}, [1])   # c ~ c³, 1 ~ c²
        [0, 1, 0, 1]
        """
        table, gens = self.table, list(dict.fromkeys(generators))
        inside = set(part)
        classes = _numbered([x in inside for x in range(self.order)])
        while True:
            finer = _numbered(
                [(classes[x], *(classes[table[x][g]] for g in gens)) for x in range(self.order)]
            )
            if max(finer) == max(classes):
                return finer
            classes = finer

    def divided(self, classes: Sequence[int]) -> Monoid:
        """The quotient by a congruence given as each element's class (`reduce`)."""
        first: dict[int, int] = {}
        for x, c in enumerate(classes):
            first.setdefault(c, x)
        reps = [first[c] for c in range(len(first))]
        return Monoid(tuple(tuple(classes[self.table[x][y]] for y in reps) for x in reps))

    # ------------------------------------------------------------ presentation
    def presentation(self, generators: Sequence[int]) -> Presentation:
        """Generators and relations (`Presentation`) with `generators` (which must
        generate the monoid): normal forms by breadth-first search from the identity,
        relations the minimal words that are not normal.

        >>> p = Monoid.cyclic(0, 2).presentation([1])
        >>> p.normal_forms, p.relations
        (((0,), (1,)), (((2,), (0,)),))
        """
        gens = tuple(generators)
        table, k = self.table, len(gens)
        normal: dict[int, Word] = {0: (0,) * k}
        frontier = [0]
        while frontier:
            found: dict[int, Word] = {}
            for x in frontier:
                for i, g in enumerate(gens):
                    y = table[x][g]
                    if y in normal:
                        continue
                    word = _plus(normal[x], i)
                    if y not in found or _better(word, found[y]):
                        found[y] = word
            normal.update(found)
            frontier = sorted(found)
        if len(normal) != self.order:
            raise ValueError(f"{len(gens)} generators reach {len(normal)} of {self.order} elements")
        is_normal = {word: x for x, word in normal.items()}
        relations = set()
        for x, word in normal.items():
            for i, g in enumerate(gens):
                longer = _plus(word, i)
                if longer in is_normal:
                    continue
                divisors = (_minus(longer, j) for j in range(k) if longer[j])
                if all(d in is_normal for d in divisors):
                    relations.add((longer, normal[table[x][g]]))
        ordered = sorted(relations, key=lambda r: (sum(r[0]), [-e for e in r[0]]))
        return Presentation(gens, tuple(normal[x] for x in range(self.order)), tuple(ordered))


def _numbered(keys: Sequence[object]) -> list[int]:
    """Each key's number, in order of first appearance."""
    numbers: dict[object, int] = {}
    return [numbers.setdefault(key, len(numbers)) for key in keys]


def _plus(word: Word, i: int) -> Word:
    return (*word[:i], word[i] + 1, *word[i + 1 :])


def _minus(word: Word, i: int) -> Word:
    return (*word[:i], word[i] - 1, *word[i + 1 :])
