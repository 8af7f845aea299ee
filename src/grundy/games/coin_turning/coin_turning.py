"""Lenstra's coin-turning games on finite posets (paper 004 §4–§5).

A game G(X, 𝒯) is a finite poset X with a family 𝒯 of turning sets, each
with a unique maximum (004 condition (♯)).  A position is the set of heads;
a move picks a turning set T whose maximum m_T is a head and flips every coin
of T (004 Definition 4.1).  By the fundamental theorem (004 Theorem 4.1,
Lenstra) every element x has the value

    g(x) = mex{ ⊕_{t ∈ T∖{x}} g(t) : T ∈ 𝒯_x }                      (4.1a)

and a position's value is the nim-sum of its heads' values (4.1b).

Families (004 Definition 4.2): ``"turtles"`` (pairs {y, x}, y ≤ x, with
y = x giving {x}), ``"ideal"`` (principal order ideals Λ_x), ``"ruler"``
(closed intervals [y, x]); or a user family: a mapping or a callable giving,
for each element x, the turning sets whose maximum is x, or an iterable of
turning sets (grouped by their maxima).  (♯) is checked.

On a product poset (`grundy.posets.product`) the ruler and ideal families
are products of the factors' families, so the product theorem (004
Theorem 4.2: g(x1, x2) = g1(x1) ⊗ g2(x2)) gives the values from the factors'.

The ruler is computed with bitsets: with the bit-planes B_b = {t : bit b of
g(t) is 1}, the nim-sum over the half-open interval [y, x) has bit b equal to
the parity of |↑y ∩ Λ_x∖{x} ∩ B_b| — one AND and popcount per plane, never
an explicit walk over the interval.

The closed forms of 004 §5 are here too: `ruler_function` (Theorem 5.1),
`divisor_ruler_value` (Theorem 5.2), `subspace_ruler_value` (Theorem 5.3).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from grundy import nim
from grundy.bounds import MAX_OPTIONS, TooMuchWork, Work, about
from grundy.game import Drawing, Ruleset
from grundy.nim import mex
from grundy.posets import Poset, bits, parse_spec
from grundy.posets.named import factorize
from grundy.registry import register
from grundy.validate import as_bool

__all__ = [
    "MAX_CLOSED_FORM_SECONDS",
    "CoinMove",
    "CoinPosition",
    "CoinTurning",
    "Family",
    "as_poset",
    "closed_form_work",
    "divisor_ruler_value",
    "family",
    "listed_coins",
    "moves",
    "position_value",
    "ruler_function",
    "subspace_ruler_value",
    "turning_sets",
    "value_list",
    "values",
    "winning_moves",
]

Element = Hashable
PosetLike = Poset | str


def as_poset(poset: PosetLike) -> Poset:
    """A `Poset`, or the poset a spec string names ("chain:3", see `grundy.posets.parse_spec`).

    Anything else is a TypeError saying what to pass.
    """
    if isinstance(poset, Poset):
        return poset
    if isinstance(poset, str):
        return parse_spec(poset)
    raise TypeError(
        f"expected a Poset (grundy.posets) or a poset spec such as 'chain:3', "
        f"got {type(poset).__name__} {poset!r}"
    )


# ---------------------------------------------------------------- families
class Family:
    """A family 𝒯 of turning sets: for each element index, the sets (bitsets) with that maximum.

    Subclasses may override `option_sums` with something faster than listing
    the sets.  `product_closed` says that on P × Q the family is
    {T1 × T2}, so the product theorem (004 Theorem 4.2) applies.
    """

    name = "family"
    product_closed = False

    def sets(self, poset: Poset, i: int) -> Iterator[int]:
        """The turning sets with maximum element i, as bitsets of indices."""
        raise NotImplementedError

    def option_sums(self, poset: Poset, i: int, g: list[int], planes: list[int]) -> set[int]:
        """{⊕_{t ∈ T∖{i}} g(t) : T ∈ 𝒯_i} given the values g of all indices below i."""
        out = set()
        for mask in self.sets(poset, i):
            s = 0
            for t in bits(mask ^ (1 << i)):
                s ^= g[t]
            out.add(s)
        return out

    def __repr__(self) -> str:
        return f"<turning family {self.name}>"


class Turtles(Family):
    """Turning turtles: T = {y, x} with y ≤ x (y = x gives {x}); 004 Definition 4.2 (i)."""

    name = "turtles"

    def sets(self, poset: Poset, i: int) -> Iterator[int]:
        for y in bits(poset.down_mask(i)):
            yield (1 << y) | (1 << i)

    def option_sums(self, poset: Poset, i: int, g: list[int], planes: list[int]) -> set[int]:
        return {0} | {g[y] for y in bits(poset.down_mask(i) ^ (1 << i))}


class Ideals(Family):
    """Order ideal game: T = Λ_x, the principal order ideals; 004 Definition 4.2 (ii)."""

    name = "ideal"
    product_closed = True

    def sets(self, poset: Poset, i: int) -> Iterator[int]:
        yield poset.down_mask(i)

    def option_sums(self, poset: Poset, i: int, g: list[int], planes: list[int]) -> set[int]:
        strict = poset.down_mask(i) ^ (1 << i)
        return {_plane_sum(strict, planes)}


class Ruler(Family):
    """The ruler: T = [y, x], all closed intervals; 004 Definition 4.2 (iii)."""

    name = "ruler"
    product_closed = True

    def sets(self, poset: Poset, i: int) -> Iterator[int]:
        down = poset.down_mask(i)
        for y in bits(down):
            yield poset.up_mask(y) & down

    def option_sums(self, poset: Poset, i: int, g: list[int], planes: list[int]) -> set[int]:
        strict = poset.down_mask(i) ^ (1 << i)
        restricted = [(1 << b, p & strict) for b, p in enumerate(planes)]
        restricted = [(w, p) for w, p in restricted if p]
        out = {0}  # y = x: the interval {x}
        for y in bits(strict):
            up = poset.up_mask(y)
            s = 0
            for weight, plane in restricted:
                if (up & plane).bit_count() & 1:
                    s |= weight
            out.add(s)
        return out


class UserFamily(Family):
    """A family given per element (mapping or callable) or as a list of turning sets."""

    def __init__(self, spec: Any, name: str = "user") -> None:
        self.spec = spec
        self.name = name
        self._checked: weakref.WeakKeyDictionary[Poset, dict[int, list[int]]] = (
            weakref.WeakKeyDictionary()
        )  # poset -> index -> turning sets, (♯) checked once

    def _table(self, poset: Poset) -> dict[int, list[int]]:
        if poset not in self._checked:
            self._checked[poset] = _user_table(poset, self.spec)
        return self._checked[poset]

    def sets(self, poset: Poset, i: int) -> Iterator[int]:
        yield from self._table(poset).get(i, [])


def _user_table(poset: Poset, spec: Any) -> dict[int, list[int]]:
    """Turning sets of a user family as bitsets per maximum, checking 004 (♯)."""
    table: dict[int, list[int]] = {}
    if isinstance(spec, Mapping) or callable(spec):
        for x in spec if isinstance(spec, Mapping) else poset.elements:
            i = poset.index(x)
            given = spec[x] if isinstance(spec, Mapping) else spec(x)
            for t in _as_sets(given, x):
                mask = poset.mask(t)
                if not mask >> i & 1 or mask & ~poset.down_mask(i):
                    raise ValueError(
                        f"turning set {_show(poset, mask)} given for {poset.format(x)} does not "
                        f"have {poset.format(x)} as its maximum (004 condition (♯))"
                    )
                table.setdefault(i, []).append(mask)
        return table
    for t in _as_sets(spec, None):
        mask = poset.mask(t)
        if not mask:
            raise ValueError("the empty set is not a turning set: it has no maximum (004 (♯))")
        top = mask.bit_length() - 1  # the only candidate in a linear extension
        if mask & ~poset.down_mask(top):
            raise ValueError(
                f"turning set {_show(poset, mask)} has no maximum element (004 condition (♯))"
            )
        table.setdefault(top, []).append(mask)
    return table


def _as_sets(given: Any, x: Any) -> list[list[Element]]:
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        where = "" if x is None else f" for {x!r}"
        raise TypeError(f"turning sets{where} must be an iterable of sets of elements")
    out = []
    for t in given:
        if isinstance(t, (str, bytes)) or not isinstance(t, Iterable):
            raise TypeError(f"a turning set is an iterable of elements, got {t!r}")
        out.append(list(t))
    return out


def _show(poset: Poset, mask: int) -> str:
    return "{" + ", ".join(poset.format(x) for x in poset.members(mask)) + "}"


FAMILIES: dict[str, Family] = {f.name: f for f in (Turtles(), Ideals(), Ruler())}
FamilyLike = str | Family | Mapping[Any, Any] | Callable[[Any], Any] | Iterable[Any]


def family(spec: FamilyLike) -> Family:
    """The `Family` named or described by `spec` ("ruler", "ideal", "turtles", or user sets)."""
    if isinstance(spec, Family):
        return spec
    if isinstance(spec, str):
        key = spec.lower().strip()
        key = {"intervals": "ruler", "ideals": "ideal", "order-ideal": "ideal"}.get(key, key)
        if key not in FAMILIES:
            raise ValueError(f"unknown turning family {spec!r}; use ruler, ideal or turtles")
        return FAMILIES[key]
    return UserFamily(spec)


# ---------------------------------------------------------------- values
#: Longest (estimated) evaluation of (4.1a) grundy starts: it shows no progress, so
#: past ten minutes it is refused, saying how long it would take.
MAX_CLOSED_FORM_SECONDS = 600
#: Generous rates (about twice the fastest measured): comparable pairs a second for the
#: turtles' option sets (2.2 million measured on chain:6000), and 64-bit words a second
#: ANDed for the bit-plane sums of the ruler and the ideals.
_PAIR_RATE = 5_000_000
_WORD_RATE = 1_000_000_000


def closed_form_work(poset: Poset, fam: Family) -> Work | None:
    """What evaluating (4.1a) element by element costs on `poset` with family `fam`, at
    least, read off the down-sets without evaluating (None for a user family).

    Every step is a lower bound: the turtles put g(y) in a set for each comparable pair
    y < x; the ruler ANDs, for each such pair, a mask of x's down-set (one plane is
    never empty there: a minimal element of it has value 1); the ideals AND that mask
    once for each x.

    >>> closed_form_work(as_poset("chain:120000"), family("ruler")).check(MAX_CLOSED_FORM_SECONDS)
    Traceback (most recent call last):
    ...
    grundy.bounds.TooMuchWork: the ruler family's values on chain:120000 would take about \
2.5 hours (9.0 × 10^12 64-bit words ANDed at about 1.0 × 10^9 a second), more than the 10 minutes \
grundy starts on; a smaller poset, or the ideal family
    """
    if not isinstance(fam, (Turtles, Ruler, Ideals)):
        return None
    pairs = words = 0
    for i in range(len(poset)):
        down = poset.down_mask(i)
        below = down.bit_count() - 1
        length = (down.bit_length() + 63) // 64
        pairs += below
        words += below * length if isinstance(fam, Ruler) else length
    doing = f"the {fam.name} family's values on {poset.spec or poset.name}"
    advice = "a smaller poset" + ("" if isinstance(fam, Ideals) else ", or the ideal family")
    if isinstance(fam, Turtles):
        return Work(doing, pairs, "comparable pairs", _PAIR_RATE, advice=advice)
    return Work(doing, words, "64-bit words ANDed", _WORD_RATE, advice=advice)


def _plane_sum(mask: int, planes: list[int]) -> int:
    """⊕ of g over the indices in `mask`, from the bit-planes of g."""
    s = 0
    for b, plane in enumerate(planes):
        if (mask & plane).bit_count() & 1:
            s |= 1 << b
    return s


def value_list(
    poset: PosetLike,
    spec: FamilyLike = "ruler",
    *,
    use_product: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[int]:
    """g(x) of 004 Theorem 4.1 (4.1a) for every element, listed by the poset's index.

    With `use_product` (default), a product poset with the ruler or ideal
    family is evaluated through its factors by 004 Theorem 4.2.
    `progress(k)` is called after every k further elements (for progress bars).
    `poset` may be a spec string such as "chain:3" (`as_poset`).  Work estimated past
    `MAX_CLOSED_FORM_SECONDS` (`closed_form_work`) is refused before it starts
    (`TooMuchWork`).
    """
    poset = as_poset(poset)
    use_product = as_bool(use_product, "use_product")
    fam = family(spec)
    cacheable = fam.name in FAMILIES and FAMILIES[fam.name] is fam
    key = ("coin-turning", fam.name, use_product)
    if cacheable and key in poset.cache:
        return poset.cache[key]
    if use_product and fam.product_closed and poset.factors is not None:
        left, right = poset.factors
        gl = value_list(left, fam, use_product=True)
        gr = value_list(right, fam, use_product=True)
        g = [nim.mul(a, b) for a in gl for b in gr]  # 004 Theorem 4.2 (4.2a)
    else:
        work = closed_form_work(poset, fam)
        if work is not None:
            work.check(MAX_CLOSED_FORM_SECONDS)
        g = []
        planes: list[int] = []
        for i in range(len(poset)):
            v = mex(fam.option_sums(poset, i, g, planes))
            g.append(v)
            while len(planes) < v.bit_length():
                planes.append(0)
            for b in bits(v):
                planes[b] |= 1 << i
            if progress is not None and (i & 255) == 255:
                progress(256)
    if cacheable:
        poset.cache[key] = g
    return g


def values(poset: PosetLike, spec: FamilyLike = "ruler", *, use_product: bool = True) -> dict:
    """{element: g(element)} by 004 Theorem 4.1 (and Theorem 4.2 on products).

    `poset` is a `Poset` or a spec string such as "chain:3".
    """
    poset = as_poset(poset)
    return dict(zip(poset.elements, value_list(poset, spec, use_product=use_product), strict=True))


def _heads_mask(poset: Poset, heads: Iterable[Element]) -> int:
    if isinstance(heads, (str, bytes)):
        raise TypeError("heads are an iterable of poset elements")
    mask = 0
    for x in heads:
        bit = 1 << poset.index(x)
        if mask & bit:
            raise ValueError(f"head {poset.format(x)} is listed twice")
        mask |= bit
    return mask


def position_value(poset: PosetLike, heads: Iterable[Element], spec: FamilyLike = "ruler") -> int:
    """The value of the position with these heads: ⊕ of g over them (004 (4.1b))."""
    poset = as_poset(poset)
    g = value_list(poset, spec)
    s = 0
    for i in bits(_heads_mask(poset, heads)):
        s ^= g[i]
    return s


def turning_sets(poset: PosetLike, x: Element, spec: FamilyLike = "ruler") -> list[list[Element]]:
    """The turning sets 𝒯_x with maximum x (each listed in the linear extension's order)."""
    poset = as_poset(poset)
    fam = family(spec)
    return [poset.members(t) for t in fam.sets(poset, poset.index(x))]


class CoinMove(NamedTuple):
    """A move: the coins turned (their maximum is `top`), the heads after it, its value."""

    top: Element
    turned: tuple[Element, ...]
    heads: frozenset
    value: int


def moves(poset: PosetLike, heads: Iterable[Element], spec: FamilyLike = "ruler") -> list[CoinMove]:
    """Every option of a position (004 Definition 4.1 (b)) with its value."""
    poset = as_poset(poset)
    fam = family(spec)
    g = value_list(poset, fam)
    mask = _heads_mask(poset, heads)
    total = 0
    for i in bits(mask):
        total ^= g[i]
    out = []
    for i in bits(mask):
        for t in fam.sets(poset, i):
            after = mask ^ t
            s = total
            for j in bits(t):
                s ^= g[j]
            out.append(
                CoinMove(
                    poset.elements[i], tuple(poset.members(t)), frozenset(poset.members(after)), s
                )
            )
    return out


def winning_moves(
    poset: PosetLike, heads: Iterable[Element], spec: FamilyLike = "ruler"
) -> list[CoinMove]:
    """The moves to a position of value 0."""
    return [m for m in moves(poset, heads, spec) if m.value == 0]


# ---------------------------------------------------------------- closed forms
def ruler_function(n: int) -> int:
    """R(n) = 2^{d_min(n)}, the largest power of 2 dividing n ≥ 1 (004 Definition 5.1).

    By 004 Theorem 5.1 it is the value of element n of the ruler on the chain [n].
    """
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"the ruler function is defined for n ≥ 1, got {n}")
    return n & -n


def divisor_ruler_value(d: int) -> int:
    """Value of d in the ruler on any D_n with d | n (004 Theorem 5.2, (5.4)).

    For d = p1^x1 ⋯ pr^xr: R(x1 + 1) ⊗ ⋯ ⊗ R(xr + 1).
    """
    return nim.mul(*(ruler_function(e + 1) for _, e in factorize(d)))


def subspace_ruler_value(d: int, q: int) -> int:
    """Value g_q(d) of a d-dimensional subspace in the ruler on B_n(q) (004 Theorem 5.3).

    R(d + 1) for even q (5.6a), d mod 3 + 1 for odd q (5.6b).
    """
    if not isinstance(d, int) or d < 0:
        raise ValueError(f"a dimension is a non-negative int, got {d!r}")
    if not isinstance(q, int) or q < 2:
        raise ValueError(f"q must be a prime power, got {q!r}")
    return ruler_function(d + 1) if q % 2 == 0 else d % 3 + 1


# ---------------------------------------------------------------- whole game
class CoinPosition(NamedTuple):
    """A position of the whole game: poset, family and the heads as a bitset of indices."""

    poset: Poset
    family: Family
    heads: int


class CoinTurning(Ruleset):
    """The coin-turning game itself, positions = sets of heads (004 Definition 4.1).

    For tiny posets only: the generic solver explores up to 2^|X| positions.
    Its fast value is 004 Theorem 4.1; the tests compare the two.
    Text positions read "POSET FAMILY HEAD HEAD …", e.g. "divisors:12 ruler 4 6".
    """

    name = "coin-turning"
    aliases = ("coins",)
    display_name = "Coin turning on posets"
    description = "Lenstra's coin-turning games on posets (paper 004)"
    drawing = Drawing.POSET

    def example_start(self) -> str:
        """The page's start: the ruler game on the divisors of 12, heads on 4 and 6.

        >>> RULESET.example_start()
        'divisors:12 ruler 4 6'
        """
        return "divisors:12 ruler 4 6"

    def parse(self, spec: Any) -> CoinPosition:
        """A position from text "POSET FAMILY HEAD …" (the poset in `parse_spec`'s notation,
        never a file name), a (poset, family, heads) triple or a `CoinPosition`.

        >>> RULESET.format_position(RULESET.parse("divisors:12 ruler 4 6"))
        'divisors:12 ruler 4 6'
        >>> RULESET.parse("/etc/hosts")
        Traceback (most recent call last):
        ...
        ValueError: a coin-turning position reads "POSET FAMILY HEAD …"
        """
        if isinstance(spec, CoinPosition):
            return spec
        if isinstance(spec, str):
            words = spec.split()
            if len(words) < 2:
                raise ValueError('a coin-turning position reads "POSET FAMILY HEAD …"')
            poset = parse_spec(words[0])
            return CoinPosition(
                poset, family(words[1]), _heads_mask(poset, [poset.parse(w) for w in words[2:]])
            )
        try:
            poset, fam, heads = spec
        except (TypeError, ValueError):
            raise ValueError("a coin-turning position is (poset, family, heads)") from None
        if isinstance(poset, str):
            poset = parse_spec(poset)
        return CoinPosition(poset, family(fam), _heads_mask(poset, heads))

    def options(self, position: CoinPosition) -> Iterator[tuple[tuple, CoinPosition]]:
        """Turn each turning set whose maximum is a head.  Each move lists its coins, so
        sets of more than `grundy.bounds.MAX_OPTIONS` coins in all are refused
        (`TooMuchWork`) before the first (`listed_coins`).

        >>> next(RULESET.options(RULESET.parse("chain:120000 ruler 120000")))
        Traceback (most recent call last):
        ...
        grundy.bounds.TooMuchWork: coin-turning chain:120000 ruler (1 head): its moves turn \
7.2 × 10^9 coins in all, more than the 10,000,000 grundy lists for one position
        """
        coins = listed_coins(position)
        if coins is not None and coins > MAX_OPTIONS:
            raise TooMuchWork(
                f"{self.name} {_named(position)}: its moves turn "
                f"{about(coins)} coins in all, more than the {MAX_OPTIONS:,} grundy lists for "
                "one position"
            )
        poset, fam, heads = position
        for i in bits(heads):
            for t in fam.sets(poset, i):
                yield tuple(poset.members(t)), CoinPosition(poset, fam, heads ^ t)

    def number_of_moves(self, position: CoinPosition, misere: bool = False) -> int | None:
        """At least how many moves walking or searching `position` lists (turtles; None for
        other families; the sum stops at the first head past `MAX_OPTIONS`): it lists the
        Σ_{x ∈ H} |Λ_x| options of H, and for each head x and non-head y < x the distinct
        position H − x + y (the move {y, x}), which lists at least the |Λ_y| moves of y.
        Either play: the search runs only where no closed form values (misère play).

        >>> RULESET.number_of_moves(RULESET.parse("chain:4 turtles 4"))  # 4 + (1 + 2 + 3)
        10
        >>> RULESET.number_of_moves(RULESET.parse("chain:120000 turtles 120000"))
        7200060000
        """
        poset, fam, heads = position
        if not isinstance(fam, Turtles):
            return None
        total = 0
        for x in bits(heads):
            if total > MAX_OPTIONS:
                break
            down = poset.down_mask(x)
            total += down.bit_count()
            total += sum(poset.down_mask(y).bit_count() for y in bits(down & ~heads))
        return total

    def closed_form(self, position: CoinPosition, misere: bool = False) -> int | None:
        if misere:
            return None
        g = value_list(position.poset, position.family)
        s = 0
        for i in bits(position.heads):
            s ^= g[i]
        return s

    def format_position(self, position: CoinPosition) -> str:
        """In the input notation ("chain:3 ruler 1 3") when the poset came from a spec and
        the family has a name, so the text reads back (sweeps send positions as text);
        otherwise the poset's name and the heads as a set."""
        poset, fam, heads = position
        if poset.spec is not None and fam.name in FAMILIES:
            return " ".join([poset.spec, fam.name, *map(poset.format, poset.members(heads))])
        return f"{poset.name} {fam.name} " + _show(poset, heads)

    def format_move(self, move: tuple) -> str:
        return "turn {" + ", ".join(map(str, move)) + "}"

    def draw_data(self, position: CoinPosition) -> tuple[Poset, int]:
        """The coins drawn: (the poset, the heads as a bitmask of its elements' indices)."""
        return position.poset, position.heads


def listed_coins(position: CoinPosition) -> int | None:
    """How many coins the moves of `position` turn in all, read off the down-sets (None
    for a user family): Σ |T| over the turning sets T whose maximum x is a head, that is
    2·|Λ_x| − 1 (turtles), |Λ_x| (ideal), or the pairs y ≤ z ≤ x (ruler: Σ_z∈Λ_x |Λ_z|).

    >>> [listed_coins(RULESET.parse(f"chain:4 {name} 4")) for name in ("ruler", "ideal")]
    [10, 4]
    """
    poset, fam, heads = position
    total = 0
    for x in bits(heads):
        down = poset.down_mask(x)
        if isinstance(fam, Turtles):
            total += 2 * down.bit_count() - 1
        elif isinstance(fam, Ideals):
            total += down.bit_count()
        elif isinstance(fam, Ruler):
            total += sum(poset.down_mask(z).bit_count() for z in bits(down))
        else:
            return None
    return total


def _named(position: CoinPosition) -> str:
    """The position in a few words (poset, family, number of heads), for a refusal."""
    poset, fam, heads = position
    count = heads.bit_count()
    return f"{poset.spec or poset.name} {fam.name} ({count:,} head{'s' * (count != 1)})"


RULESET = register(CoinTurning())


_TABLES = ("set_partition_ruler", "asm_ruler_table", "subspace_ruler_recursion")


def __getattr__(name: str) -> Any:
    """The tables of 004 §5.3 and §6 (DESIGN: `coin_turning.set_partition_ruler(17)`, …).

    They live in `grundy.games.coin_turning.coin_turning_tables`, imported on first use.
    """
    if name in _TABLES:
        from grundy.games.coin_turning import coin_turning_tables

        return getattr(coin_turning_tables, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
