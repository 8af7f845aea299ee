"""Published misère quotients as data, each checked against `grundy.misere` (issue 28).

Each row of `PUBLISHED` is one quotient as its source states it, in the style of
CGSuite's tables: the game, the bound (the heaps 1..N its closure is built on), the
order, the size of the P-portion, a presentation (generators named by the heaps they are
the elements of, relations, P-portion) or, where the source gives no presentation,
another invariant it states, and the source.  docs/findings/quotients.md gives each
row's provenance and what could and could not be rechecked there.

A published presentation is checked without trusting grundy's own rewriting: the
published relations hold among the computed elements of the named heaps, those elements
generate the computed monoid, and the computed order is the published one, so the
published monoid maps onto the computed one and, being no larger, is it; the published
P-portion, written in the same letters, is the computed one element for element.  Every
finite row is also checked by brute force: the quotient's outcome of every sum of up to
three heaps within the bound against a plain misère recursion written here from the
game's heap options alone (nothing of grundy.misere).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement

import pytest

from grundy import get_ruleset
from grundy.misere import MisereQuotient, QuotientTooLarge, quotient_of

SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")

#: Misère Nim on heaps 1..2^k − 1 (the code 0.33…3 with 2^k − 1 digits plays as Nim on
#: heaps that small): the tame quotients, of order 2^k + 2 for k ≥ 2 with P = {a, b²}.
TAME_SOURCE = (
    "misère Nim on heaps < 2^k, the tame quotient: Plambeck–Siegel, 'Misère quotients for "
    "impartial games', JCTA 115 (2008), the tame quotients T_n (page not rechecked here)"
)


@dataclass(frozen=True)
class Published:
    """One published quotient: `game` on heaps 1..`heaps`; `generators` names the heap
    each letter is the element of; `elements` gives the published element of more heaps.
    `infinite` rows state no presentation: the source proves the quotient infinite."""

    game: str
    heaps: int
    order: int | None
    p_size: int | None
    generators: Mapping[str, int] = field(default_factory=dict)
    relations: Sequence[str] = ()
    p_portion: Sequence[str] = ()
    elements: Mapping[int, str] = field(default_factory=dict)
    infinite: bool = False
    source: str = ""


PUBLISHED = [
    Published(
        game="0.3",
        heaps=1,
        order=2,
        p_size=1,
        generators={"a": 1},
        relations=["a² = 1"],
        p_portion=["a"],
        source="misère Nim on heaps of 1, the group of order 2: " + TAME_SOURCE,
    ),
    Published(
        game="0.333",
        heaps=3,
        order=6,
        p_size=2,
        generators={"a": 1, "b": 2},
        relations=["a² = 1", "b³ = b"],
        p_portion=["a", "b²"],
        elements={3: "ab"},
        source="T_2 = ⟨a, b | a² = 1, b³ = b⟩, P = {a, b²}: " + TAME_SOURCE,
    ),
    Published(
        game="0." + "3" * 7,
        heaps=7,
        order=10,
        p_size=2,
        generators={"a": 1, "b": 2, "c": 4},
        relations=["a² = 1", "b³ = b", "c³ = c", "b² = c²"],
        p_portion=["a", "b²"],
        elements={3: "ab", 5: "ac", 6: "bc", 7: "abc"},
        source="T_3 = ⟨a, b, c | a² = 1, b³ = b, c³ = c, b² = c²⟩, P = {a, b²}: " + TAME_SOURCE,
    ),
    Published(
        game="0." + "3" * 15,
        heaps=15,
        order=18,
        p_size=2,
        generators={"a": 1, "b": 2, "c": 4, "d": 8},
        relations=["a² = 1", "b³ = b", "c³ = c", "d³ = d", "b² = c²", "b² = d²"],
        p_portion=["a", "b²"],
        elements={15: "abcd", 12: "cd"},
        source="T_4, four generators, order 2⁴ + 2: " + TAME_SOURCE,
    ),
    Published(
        game="0.75",
        heaps=40,
        order=8,
        p_size=2,
        generators={"a": 1, "b": 2, "c": 5},
        relations=["a² = 1", "b³ = b", "bc = ab", "c² = b²"],
        p_portion=["a", "b²"],
        elements={3: "a", 4: "b", 7: "c", 9: "ab²", 40: "b"},
        source="R_8 = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩, P = {a, b²}, the "
        "quotient of every heap of 0.75: Plambeck–Siegel, JCTA 115 (2008) (page not "
        "rechecked here)",
    ),
    Published(
        game="0.3122",
        heaps=7,
        order=None,
        p_size=None,
        infinite=True,
        source="'The quotient monoid for misère 0.3122 up to heaps of size 7 is found. It is "
        "the first example of an infinite misère quotient monoid': 'An algorithm for "
        "computing indistinguishability quotients in misère impartial combinatorial "
        "games', Games of No Chance 4 (MSRI Publications 63, 2015), pp. 267–278, its summary",
    ),
]

FINITE = [row for row in PUBLISHED if not row.infinite]


def _row_id(row: Published) -> str:
    return f"{row.game}-heaps{row.heaps}"


# ------------------------------------------------------------------ the presentations
def _word(text: str, images: Mapping[str, int], q: MisereQuotient) -> int:
    """The element of `q` that a published word ("ab²", "1") is, its letters read as
    the elements of the heaps they name."""
    text = text.strip().translate(SUPERSCRIPTS)
    x, i = 0, 0
    while i < len(text) and text != "1":
        letter, i = text[i], i + 1
        power = ""
        while i < len(text) and text[i].isdigit():
            power, i = power + text[i], i + 1
        x = q.monoid.product(x, q.monoid.power(images[letter], int(power or 1)))
    return x


@cache
def _quotient(game: str, heaps: int) -> MisereQuotient:
    return quotient_of(game, heaps=heaps, hold=False)


@pytest.mark.parametrize("row", FINITE, ids=_row_id)
def test_the_published_presentation_is_the_computed_quotient(row: Published) -> None:
    q = _quotient(row.game, row.heaps)
    assert (q.order, len(q.p_portion)) == (row.order, row.p_size), row.source
    images = {letter: q.where[heap] for letter, heap in row.generators.items()}
    for relation in row.relations:
        lhs, rhs = relation.split("=")
        assert _word(lhs, images, q) == _word(rhs, images, q), (relation, row.source)
    # the published generators generate the computed monoid: the published monoid maps
    # onto it, and has no more elements than it (the orders above), so it is it
    assert len(q.monoid.closure(images.values())) == q.order
    assert {_word(w, images, q) for w in row.p_portion} == set(q.p_portion), row.source
    for heap, word in row.elements.items():
        assert q.where[heap] == _word(word, images, q), (heap, word, row.source)


def test_the_infinite_quotient_is_never_certified_finite() -> None:
    """A quotient grundy returns has passed its finite certificate, so it is a theorem;
    an infinite quotient can only end in `QuotientTooLarge`, at whatever bound.  The
    heaps before the last give a finite one (0.3122 on heaps 1..6: new, see the page)."""
    (row,) = [r for r in PUBLISHED if r.infinite]
    with pytest.raises(QuotientTooLarge, match="may be infinite"):
        quotient_of(row.game, heaps=row.heaps, max_order=300, hold=False)
    smaller = _quotient(row.game, row.heaps - 1)
    assert smaller.order % 2 == 0 and smaller.order < 300


# ------------------------------------------------------------------ brute force
@cache
def _is_p(game: str, heaps: tuple[int, ...]) -> bool:
    """Misère play of a sum of heaps (sorted), by recursion on the game's heap options:
    a P-position has a move and every move leads to an N-position."""
    rules = get_ruleset(game)
    moved = False
    for i, h in enumerate(heaps):
        if i and heaps[i - 1] == h:
            continue
        for left in rules.heap_options(h):
            moved = True
            after = tuple(sorted(heaps[:i] + heaps[i + 1 :] + tuple(x for x in left if x)))
            if _is_p(game, after):
                return False
    return moved


@pytest.mark.parametrize("row", FINITE, ids=_row_id)
def test_the_computed_quotient_gives_every_small_sum_its_misere_outcome(row: Published) -> None:
    q = _quotient(row.game, row.heaps)
    top = min(row.heaps, 10)
    for k in range(4):
        for heaps in combinations_with_replacement(range(1, top + 1), k):
            truth = "P" if _is_p(row.game, tuple(sorted(heaps))) else "N"
            assert q.outcome(heaps) == truth, (row.game, heaps)
