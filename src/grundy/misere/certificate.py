"""The finite check that a monoid and the element of each component give every misère
outcome: what makes a computed quotient a theorem rather than a guess.

Let M be a finite commutative monoid, φ(h) ∈ M the element of each component h, so that
a sum G = h1 + … + hk has φ(G) = φ(h1)···φ(hk), and P ⊆ M.  Write T(h) for the elements
of the options of h.  The options of G + h are G′ + h and G + t, so the elements of the
options of a sum follow from its element x and its options' elements O alone:
adding h takes (x, O) to (x·φ(h), O·φ(h) ∪ x·T(h)).  Suppose

* (P-check) for every x ∈ M and component h: if x·φ(h) ∈ P then x·t ∉ P for all t ∈ T(h);
* (N-check) for every sum G with options, of element x ∉ P: some option is in P.

Then by induction on G, G is a misère P-position iff φ(G) ∈ P (the identity, the empty
sum, is N: it has no option).  So φ(G) = φ(H) makes G and H indistinguishable in every
sum, and M divided by the reduction of P is the misère quotient (Plambeck–Siegel,
"Misère quotients for impartial games", JCTA 115 (2008) §4–6; the algorithm is Siegel's
MisereSolver, read for its method).

Both checks are finite.  The P-check runs over M.  The N-check walks the sums in colex
order (the exponent of the last component first), keeping for each element the minimal
option sets O met so far: a sum whose O contains one of them, with the same element, is
no more likely to fail than the earlier sum, nor are its extensions (their options only
grow), so the walk stops there (`least_failure`).  The same walk, stopped at elements
already met, gives each element its colex-least sum and its outcome, from its options'
(`mark`): every option of a sum comes before it in colex order.

Components with the same element and the same option elements are alike in every
check; they are walked once (`Kind`).

>>> from grundy.misere.monoid import Monoid
>>> nim1 = Monoid.cyclic(0, 2)                        # a² = 1: heaps of Nim of size 1
>>> kinds = kinds_of([1], [frozenset({0})])
>>> marking = mark(nim1, kinds)
>>> marking.p_portion, least_failure(nim1, kinds, marking)
(frozenset({1}), None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grundy.misere.monoid import Monoid, Word

__all__ = [
    "MAX_STATES",
    "CheckTooLarge",
    "Kind",
    "Marking",
    "colex_key",
    "element_of",
    "kinds_of",
    "least_failure",
    "mark",
    "option_elements",
]

#: Most (element, option set) pairs one N-check keeps.
MAX_STATES = 2_000_000


class CheckTooLarge(ValueError):
    """An N-check that kept more than `MAX_STATES` option sets without an answer."""


@dataclass(frozen=True)
class Kind:
    """Components alike for the checks: `first` (the first of them, in the order of the
    components), their `element` and their options' elements (`options`, not empty)."""

    first: int
    element: int
    options: frozenset[int]


@dataclass(frozen=True)
class Marking:
    """Each element's outcome and colex-least sum (`mark`): `p_portion`, the elements
    whose sums are misère P-positions; `words[x]`, a sum of element x as the exponent
    of each kind."""

    p_portion: frozenset[int]
    words: dict[int, Word]


class _Failed(Exception):
    def __init__(self, word: Word) -> None:
        self.word = word


def option_elements(
    monoid: Monoid, elements: Sequence[int], options: Sequence[Sequence[Sequence[int]]]
) -> list[frozenset[int]]:
    """T(h) for each component h: the element of each option (the product of the
    elements of the components it leaves)."""
    return [
        frozenset(monoid.product_of(elements[c] for c in option) for option in listed)
        for listed in options
    ]


def kinds_of(elements: Sequence[int], options: Sequence[frozenset[int]]) -> list[Kind]:
    """The kinds of the components with options, in order of their first component.

    >>> kinds_of([1, 1, 2], [frozenset({0}), frozenset({0}), frozenset()])
    [Kind(first=0, element=1, options=frozenset({0}))]
    """
    seen: dict[tuple[int, frozenset[int]], Kind] = {}
    for i, (x, t) in enumerate(zip(elements, options, strict=True)):
        if t and (x, t) not in seen:
            seen[(x, t)] = Kind(i, x, t)
    return list(seen.values())


def colex_key(word: Word) -> Word:
    """Sort key of the colex order: the exponent of the last kind counts first."""
    return word[::-1]


def element_of(monoid: Monoid, kinds: Sequence[Kind], word: Word) -> int:
    """The element of a sum written as the exponent of each kind."""
    total = 0
    for kind, k in zip(kinds, word, strict=True):
        for _ in range(k):
            total = monoid.table[total][kind.element]
    return total


def _walk(
    monoid: Monoid, kinds: Sequence[Kind], admit: Callable[[int, frozenset[int], list[int]], bool]
) -> None:
    """Every sum in colex order with its element x and options' elements O, asking
    ``admit(x, O, word)`` of each sum that ends in an added component; False stops
    adding that component (and so every sum after it with the same later exponents)."""
    table = monoid.table
    word = [0] * len(kinds)
    # A frame: [kind, element, options' elements, whether the lower kinds were walked].
    frames: list[list[object]] = [[len(kinds) - 1, 0, frozenset(), False]]
    while frames:
        frame = frames[-1]
        d, x, found, below = frame
        assert isinstance(d, int) and isinstance(x, int) and isinstance(found, frozenset)
        if d < 0:
            frames.pop()
            continue
        if not below:
            frame[3] = True
            frames.append([d - 1, x, found, False])
            continue
        kind = kinds[d]
        g = kind.element
        found = frozenset([*(table[y][g] for y in found), *(table[x][t] for t in kind.options)])
        x = table[x][g]
        word[d] += 1
        if not admit(x, found, word):
            word[d] = 0
            frames.pop()
            continue
        frame[1], frame[2] = x, found
        frames.append([d - 1, x, found, False])


def mark(monoid: Monoid, kinds: Sequence[Kind]) -> Marking:
    """Each element's colex-least sum and its outcome, computed from the outcomes of its
    options' elements (met before it): the P-portion the monoid would have if it were
    the quotient.  Elements no sum reaches are left out."""
    p_of: dict[int, bool] = {0: False}
    words: dict[int, Word] = {0: (0,) * len(kinds)}

    def admit(x: int, found: frozenset[int], word: list[int]) -> bool:
        if x in p_of:
            return False
        p_of[x] = not any(p_of[y] for y in found)  # (found is not empty)
        words[x] = tuple(word)
        return True

    _walk(monoid, kinds, admit)
    return Marking(frozenset(x for x, p in p_of.items() if p), words)


def least_failure(monoid: Monoid, kinds: Sequence[Kind], marking: Marking) -> Word | None:
    """The colex-least sum where the monoid, the kinds' elements and the marking's
    P-portion break the P-check or the N-check, or None: then they give every misère
    outcome (the module's doc).  Every sum before the one returned is right, so its
    true outcome is the opposite of its element's.

    A P-check failure is the least sum of an element x plus a component h with
    x·φ(h) ∈ P and x·t ∈ P for some option t of h.
    """
    table, p = monoid.table, marking.p_portion
    failures: list[Word] = []
    for x, word in marking.words.items():
        for k, kind in enumerate(kinds):
            if table[x][kind.element] in p and any(table[x][t] in p for t in kind.options):
                failures.append((*word[:k], word[k] + 1, *word[k + 1 :]))
    lowest: dict[int, list[frozenset[int]]] = {}
    kept = 0

    def admit(x: int, found: frozenset[int], word: list[int]) -> bool:
        nonlocal kept
        known = lowest.setdefault(x, [])
        if any(low <= found for low in known):
            return False
        known[:] = [low for low in known if not found <= low]
        known.append(found)
        kept += 1
        if kept > MAX_STATES:
            raise CheckTooLarge(
                f"the N-check of a quotient of order {monoid.order} passed {MAX_STATES:,} "
                "option sets without an answer"
            )
        if x not in p and not (found & p):
            raise _Failed(tuple(word))
        return True

    try:
        _walk(monoid, kinds, admit)
    except _Failed as failed:
        failures.append(failed.word)
    return min(failures, key=colex_key, default=None)
