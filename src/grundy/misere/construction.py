"""The misère quotient of the sums of some components, built one component at a time.

Plambeck–Siegel, "Misère quotients for impartial games", JCTA 115 (2008) §6, and Siegel's
MisereSolver (CGSuite), whose method this follows (the code is our own).  The quotient
Q_h of the sums of components 0..h is found from Q_(h−1):

1. **The same element.**  The new component h is tried as each element x of Q_(h−1)
   with the right outcome alone; if the monoid, with φ(h) = x, passes the finite check
   (`grundy.misere.certificate`), then Q_h = Q_(h−1).  A component whose options have
   the same elements as an earlier component's is that component's element at once.
2. **A new generator.**  Otherwise h becomes a new generator: the candidate is
   Q_(h−1) × ⟨c | c⁴ = c²⟩ with φ(h) = c.  Its P-portion is marked from the outcomes
   of each element's colex-least sum, it is reduced, and checked.
3. **Recalibration.**  While the check fails, its least failing sum W (whose true outcome
   is then known: every sum before it is right) names the components it holds; some of
   them (fewest first) are made generators of cyclic monoids of their own, with an index
   large enough to tell W's exponents apart, the rest keeping their elements, until W's
   outcome comes out right; then the check is run again.

Every quotient returned has passed the check, so it gives every misère outcome of a sum
of its components; a candidate past `max_order` elements, or a component that needs more
than `MAX_TRIES` recalibrations, is a `QuotientTooLarge` (the quotient may be infinite).

>>> from grundy.misere.components import close
>>> nim = close([3], lambda h: [(h - k,) for k in range(1, h + 1)])
>>> stage = build(nim)
>>> stage.monoid.order, sorted(stage.p_portion), stage.elements   # T₂ of order 6
(6, [1, 4], (0, 1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from grundy.misere.certificate import (
    element_of,
    kinds_of,
    least_failure,
    mark,
    option_elements,
)
from grundy.misere.components import MAX_COMPONENTS, Components, close, splitting
from grundy.misere.monoid import Monoid
from grundy.misere.quotient import MisereQuotient

__all__ = [
    "MAX_ORDER",
    "MAX_TRIES",
    "QuotientTooLarge",
    "Stage",
    "build",
    "quotient_of",
    "quotient_of_components",
]

#: Most elements of a candidate monoid (before its reduction) the construction builds.
MAX_ORDER = 5000
#: Most recalibrations for one component.
MAX_TRIES = 200


class QuotientTooLarge(ValueError):
    """A quotient past the bounds of the construction (it may be infinite)."""


@dataclass(frozen=True)
class Stage:
    """The quotient of the sums of the first components: its `monoid` (reduced), the
    element of each component, their options' elements, and the P-portion."""

    monoid: Monoid
    elements: tuple[int, ...]
    options: tuple[frozenset[int], ...]
    p_portion: frozenset[int]


def build(
    components: Components,
    max_order: int = MAX_ORDER,
    progress: Callable[[int, int], None] | None = None,
) -> Stage:
    """The quotient of the sums of `components` (their order is the order of the
    construction; options come first).  `progress(done, total)` is told each step."""
    stage = Stage(Monoid(((0,),)), (), (), frozenset())
    for h in range(len(components)):
        stage = _adjoin(stage, components, h, max_order)
        if progress is not None:
            progress(h + 1, len(components))
    return stage


def _adjoin(stage: Stage, components: Components, h: int, max_order: int) -> Stage:
    """The stage with component h added (the module's steps 1–3)."""
    listed = components.options[h]
    monoid, p = stage.monoid, stage.p_portion
    if not listed:  # no move: the component changes no outcome
        return Stage(monoid, (*stage.elements, 0), (*stage.options, frozenset()), p)
    options = frozenset(monoid.product_of(stage.elements[c] for c in o) for o in listed)
    for j, earlier in enumerate(stage.options):
        if earlier == options:
            return _with(stage, stage.elements[j], options)
    for x in _candidates(monoid, p, options):
        kinds = kinds_of((*stage.elements, x), (*stage.options, options))
        marking = mark(monoid, kinds)
        if marking.p_portion == p and least_failure(monoid, kinds, marking) is None:
            return _with(stage, x, options)
    cycle = Monoid.cyclic(2, 2)
    if monoid.order * cycle.order > max_order:
        raise QuotientTooLarge(_too_large(components, h, max_order))
    grown = monoid.times(cycle)
    trial = _settled(grown, (*stage.elements, monoid.order), components, h)
    for _ in range(MAX_TRIES):
        kinds = kinds_of(trial.elements, trial.options)
        marking = mark(trial.monoid, kinds)
        failure = least_failure(trial.monoid, kinds, marking)
        if failure is None:
            return trial
        exponents = {kind.first: k for kind, k in zip(kinds, failure, strict=True) if k}
        wanted = element_of(trial.monoid, kinds, failure) not in trial.p_portion
        trial = _recalibrated(trial, exponents, wanted, components, h, max_order)
    raise QuotientTooLarge(
        f"{components.names[h]}: no quotient found after {MAX_TRIES} recalibrations "
        "(it may be infinite)"
    )


def _with(stage: Stage, x: int, options: frozenset[int]) -> Stage:
    return Stage(stage.monoid, (*stage.elements, x), (*stage.options, options), stage.p_portion)


def _candidates(monoid: Monoid, p: frozenset[int], options: frozenset[int]) -> list[int]:
    """The elements x a component with options' elements `options` could be: with the
    outcome it has alone, and passing the P-check for it (y·x ∈ P ⟹ no y·t ∈ P)."""
    table = monoid.table
    alone = not (options & p)
    return [
        x
        for x in range(monoid.order)
        if (x in p) == alone
        and not any(
            table[y][x] in p and any(table[y][t] in p for t in options) for y in range(monoid.order)
        )
    ]


def _settled(monoid: Monoid, elements: tuple[int, ...], components: Components, h: int) -> Stage:
    """A candidate made a stage: cut to what the elements generate, its P-portion marked,
    reduced (P–S §2)."""
    sub, where = monoid.generated(elements)
    elements = tuple(where[x] for x in elements)
    options = option_elements(sub, elements, components.options[: h + 1])
    p = mark(sub, kinds_of(elements, options)).p_portion
    classes = sub.reduce(p, elements)
    reduced = sub.divided(classes)
    elements = tuple(classes[x] for x in elements)
    return Stage(
        reduced,
        elements,
        tuple(frozenset(classes[t] for t in ts) for ts in options),
        frozenset(classes[x] for x in p),
    )


def _recalibrated(
    trial: Stage,
    exponents: dict[int, int],
    wanted: bool,
    components: Components,
    h: int,
    max_order: int,
) -> Stage:
    """A candidate in which the failing sum (`exponents` of its components) has outcome
    P iff `wanted`: the fewest of its components made generators of their own."""
    involved = sorted(exponents)
    too_large = 0
    for size in range(1, len(involved) + 1):
        for chosen in combinations(involved, size):
            grown = _promoted(trial, chosen, exponents, max_order)
            if grown is None:
                too_large += 1
                continue
            monoid, elements = grown
            settled = _settled(monoid, elements, components, h)
            total = settled.monoid.product_of(
                settled.elements[c] for c, k in exponents.items() for _ in range(k)
            )
            if (total in settled.p_portion) == wanted:
                return settled
    if too_large:
        raise QuotientTooLarge(_too_large(components, h, max_order))
    raise QuotientTooLarge(f"{components.names[h]}: no recalibration gives the failing sum")


def _too_large(components: Components, h: int, max_order: int) -> str:
    return (
        f"{components.names[h]}: the quotient needs a candidate of more than {max_order:,} "
        "elements (it may be infinite; a larger max order goes further)"
    )


def _promoted(
    trial: Stage, chosen: tuple[int, ...], exponents: dict[int, int], max_order: int
) -> tuple[Monoid, tuple[int, ...]] | None:
    """The candidate with the `chosen` components made generators of cyclic monoids
    (index large enough for their exponents in the failing sum, period 2), the others
    keeping their elements; None past `max_order` elements."""
    kept = [x for c, x in enumerate(trial.elements) if c not in chosen]
    base, where = trial.monoid.generated(kept)
    cycles = [
        Monoid.cyclic(max(trial.monoid.index_of(trial.elements[c]), exponents[c] - 1), 2)
        for c in chosen
    ]
    size = base.order
    for cycle in cycles:
        size *= cycle.order
    if size > max_order:
        return None
    monoid, generator = base, {}
    for c, cycle in zip(chosen, cycles, strict=True):
        generator[c] = monoid.order  # (1, c) in monoid × cycle
        monoid = monoid.times(cycle)
    elements = tuple(
        generator[c] if c in generator else where[x] for c, x in enumerate(trial.elements)
    )
    return monoid, elements


def quotient_of_components(
    components: Components,
    title: str = "",
    max_order: int = MAX_ORDER,
    progress: Callable[[int, int], None] | None = None,
) -> MisereQuotient:
    """The `MisereQuotient` of the sums of `components` (`build`), checked.

    >>> from grundy.misere.components import close
    >>> nim = close([1, 2, 3], lambda h: [(h - k,) for k in range(1, h + 1)])
    >>> q = quotient_of_components(nim, "Nim, heaps 1..3")   # T2 (P-S 2008)
    >>> q.relations(), q.p_portion_words(), q.word(q.where[3])
    (['a² = 1', 'b³ = b'], ['a', 'b²'], 'ab')
    """
    stage = build(components, max_order, progress)
    return MisereQuotient(
        stage.monoid,
        stage.p_portion,
        components.positions,
        components.names,
        stage.elements,
        stage.options,
        title,
    )


def quotient_of(
    game: Any,
    *,
    heaps: int | None = None,
    n: int | None = None,
    max_order: int = MAX_ORDER,
    hold: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> MisereQuotient:
    """The partial misère quotient of `game` (a name or a ruleset): of the sums of its
    heaps 1..`heaps` (the components written "1" … "N"), or of the components of its
    positions of size 1..`n`, and of every component their options leave.  `hold`
    keeps it for the door (`grundy.misere.held`): the misère outcome of a sum it covers
    is then a lookup (``grundy.outcome(..., misere=True)``, source "quotient").

    >>> q = quotient_of("kayles", heaps=12, hold=False)
    >>> q.order, len(q.p_portion), q.outcome([5, 3, 3])
    (24, 8, 'N')
    """
    from grundy.registry import get_ruleset
    from grundy.validate import as_int

    rules = get_ruleset(game)
    if (heaps is None) == (n is None):
        raise ValueError("give the heaps (heaps=N) or the size of positions (n=N), one of them")
    size = as_int(heaps if heaps is not None else n, "heaps" if heaps is not None else "n")
    if not 1 <= size <= MAX_COMPONENTS:
        raise ValueError(
            f"a quotient is built on 1 to {MAX_COMPONENTS:,} heaps or sizes, not {size}"
        )
    split = splitting(rules)
    if heaps is not None:
        starts = split.written(str(h) for h in range(1, size + 1))
        title = f"{rules.name}, heaps 1..{size}"
    else:
        starts = split.of_size(size)
        title = f"{rules.name}, positions of size 1..{size}"
    components = close(starts, split.options_of, split.name)
    quotient = quotient_of_components(components, title, max_order, progress)
    if hold:
        from grundy.misere.held import hold_quotient

        hold_quotient(rules, quotient)
    return quotient
