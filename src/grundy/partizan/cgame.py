"""Short partizan games {L | R} as immutable values in canonical form.

A `Game` is always in canonical form (Siegel, *Combinatorial Game Theory*, AMS 2013,
§II.2: no dominated and no reversible option; Winning Ways ch. 3), so two games are
equal exactly when they are the same object: every canonical form is interned in one
table, `_CANONICAL`, which also remembers the canonical form of every option sets
it was built from (the memo of canonicalisation).  Comparison is Conway's recursive
definition (Siegel §II.1, "G ≤ H unless some G^L ≥ H or some H^R ≤ G"), memoised
on pairs; numbers (dyadic rationals, exact `Fraction`) and nimbers are recognised as
they are built and take the short ways through sums and comparisons.

>>> star = Game.of([ZERO], [ZERO])
>>> star + star == ZERO, Game.of([star], [star]) == ZERO  # {* | *} = 0: both reverse
(True, True)
>>> up = Game.of([ZERO], [star])
>>> up > ZERO, up.confused(star), up.outcome()
(True, True, 'L')
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

__all__ = ["ZERO", "Game", "clear_caches", "nimber", "number", "register_namer"]

#: How a game is written (`Game.__str__`): CGSuite's notation, registered by
#: `grundy.partizan.names` (which builds games to find the names, so it lies above this
#: module and is not imported by it).
_NAMER: Callable[[Game], str] | None = None


def register_namer(namer: Callable[[Game], str]) -> None:
    """Write every game with `namer` from now on (`grundy.partizan.names` registers `name`)."""
    global _NAMER
    _NAMER = namer


Key = tuple[frozenset["Game"], frozenset["Game"]]


class Game:
    """A short partizan game in canonical form; build one with `Game.of`, `number` or
    `nimber`, never with the constructor."""

    __slots__ = ("__weakref__", "_index", "_negative", "left", "nim", "num", "right", "small")

    left: frozenset[Game]
    right: frozenset[Game]
    #: The game's value as a dyadic rational when it is a number, else None.
    num: Fraction | None
    #: m when the game is the nimber *m, else None.
    nim: int | None
    #: Whether the game is all-small (dicotic): in every subposition both players can
    #: move or neither (Siegel §II.7); such a game is infinitesimal.
    small: bool

    def __init__(self, left: frozenset[Game], right: frozenset[Game]) -> None:
        self.left, self.right = left, right
        self.num = _as_number(left, right)
        self.nim = _as_nimber(left, right)
        self.small = bool(left) == bool(right) and all(g.small for g in left | right)
        self._negative: Game | None = None
        self._index = next(_INDICES)  # the memo of comparisons is keyed by pairs of these

    def __reduce__(self) -> tuple[Any, ...]:  # unpickled into the interned object
        return (Game.of, (tuple(self.left), tuple(self.right)))

    @staticmethod
    def of(left: Iterable[Game] = (), right: Iterable[Game] = ()) -> Game:
        """The canonical form of {left | right} (Siegel §II.2: remove dominated options,
        bypass reversible ones, until neither applies).

        >>> one = Game.of([ZERO]); Game.of([one], [one]) == one + Game.of([ZERO], [ZERO])
        True
        """
        key = (frozenset(left), frozenset(right))
        found = _CANONICAL.get(key)
        if found is None:
            found = _intern(*_simplify(*key))
            _CANONICAL[key] = found
        return found

    # ------------------------------------------------------------ arithmetic
    def __neg__(self) -> Game:
        """−G = {−G^R | −G^L}, canonical as G is (kept: a game and its negative know each
        other)."""
        if self._negative is None:
            negative = _intern(
                frozenset([-g for g in self.right]), frozenset([-g for g in self.left])
            )
            self._negative, negative._negative = negative, self
        return self._negative

    def __add__(self, other: Game) -> Game:
        """G + H = {G^L + H, G + H^L | G^R + H, G + H^R} (numbers and nimbers added directly)."""
        if self is ZERO:
            return other
        if other is ZERO:
            return self
        if self.num is not None and other.num is not None:
            return number(self.num + other.num)
        if self.nim is not None and other.nim is not None:
            return nimber(self.nim ^ other.nim)
        key = (self, other) if id(self) <= id(other) else (other, self)
        found = _SUMS.get(key)
        if found is None:
            found = Game.of(
                [g + other for g in self.left] + [self + h for h in other.left],
                [g + other for g in self.right] + [self + h for h in other.right],
            )
            _SUMS[key] = found
        return found

    def __sub__(self, other: Game) -> Game:
        return self + (-other)

    # ------------------------------------------------------------ comparison
    def __le__(self, other: Game) -> bool:
        return _le(self, other)

    def __ge__(self, other: Game) -> bool:
        return _le(other, self)

    def __lt__(self, other: Game) -> bool:
        return _le(self, other) and self is not other

    def __gt__(self, other: Game) -> bool:
        return _le(other, self) and self is not other

    def confused(self, other: Game) -> bool:
        """G || H: neither G ≤ H nor G ≥ H."""
        return not _le(self, other) and not _le(other, self)

    def outcome(self) -> str:
        """The outcome class: "L" (Left wins whoever starts), "R", "N" (the player to move
        wins) or "P" (the player to move loses) (Siegel §II.1: G > 0, G < 0, G || 0, G = 0).

        >>> nimber(1).outcome(), ZERO.outcome(), number(Fraction(-1, 2)).outcome()
        ('N', 'P', 'R')
        """
        left_wins_second = _le(ZERO, self)  # no G^R ≤ 0
        right_wins_second = _le(self, ZERO)
        if left_wins_second:
            return "P" if right_wins_second else "L"
        return "R" if right_wins_second else "N"

    def birthday(self) -> int:
        """The day the game is born (Siegel ch. II): 0 for 0, 1 + the latest option's.

        >>> ZERO.birthday(), nimber(3).birthday(), number(Fraction(3, 4)).birthday()
        (0, 3, 3)
        """
        found = _BIRTHDAYS.get(self)
        if found is None:
            found = 1 + max((g.birthday() for g in self.left | self.right), default=-1)
            _BIRTHDAYS[self] = found
        return found

    # -------------------------------------------------------------- printing
    def __str__(self) -> str:
        """The game's name (`grundy.partizan.names.name`, registered by that module when the
        package loads), else {L|R} of its options written so."""
        if _NAMER is not None:
            return _NAMER(self)
        return "{" + ",".join(map(str, self.left)) + "|" + ",".join(map(str, self.right)) + "}"

    def __repr__(self) -> str:
        return f"Game({str(self)!r})"

    def _repr_html_(self) -> str:
        """The value in CGSuite's notation, for Jupyter."""
        from html import escape

        return f"<code>{escape(str(self))}</code>"


# ------------------------------------------------------------------ the memo
_CANONICAL: dict[Key, Game] = {}
_SUMS: dict[tuple[Game, Game], Game] = {}
_LE: dict[int, bool] = {}  # (index of G) << 32 | (index of H) → G ≤ H
_INDICES = itertools.count()  # a number for each game built, in turn
_BIRTHDAYS: dict[Game, int] = {}


def clear_caches() -> None:
    """Forget every sum, comparison and birthday computed (the canonical forms stay
    interned, so games already built keep their identity)."""
    _SUMS.clear()
    _LE.clear()
    _BIRTHDAYS.clear()


def _intern(left: frozenset[Game], right: frozenset[Game]) -> Game:
    key = (left, right)
    found = _CANONICAL.get(key)
    if found is None:
        found = _CANONICAL[key] = Game(left, right)
    return found


# ----------------------------------------------------------- number, nimber
def _simplest_between(low: Fraction | None, high: Fraction | None) -> Fraction:
    """The simplest number x with low < x < high (either bound may be absent): Siegel
    §II.3 (the simplicity theorem)."""
    if low is None and high is None:
        return Fraction(0)
    if low is None:
        return Fraction(min(0, int(-(-high // 1)) - 1))  # type: ignore[operator]
    if high is None:
        return Fraction(max(0, int(low // 1) + 1))
    if low < 0 < high:
        return Fraction(0)
    if high <= 0:
        return -_simplest_between(-high, -low)
    candidate = Fraction(int(low // 1) + 1)
    if candidate < high:
        return candidate
    denominator = 2
    while True:  # the dyadic of least denominator strictly inside (low, high)
        candidate = Fraction(int(low * denominator // 1) + 1, denominator)
        if candidate < high:
            return candidate
        denominator *= 2


def _as_number(left: frozenset[Game], right: frozenset[Game]) -> Fraction | None:
    if any(g.num is None for g in left) or any(g.num is None for g in right):
        return None
    low = max((g.num for g in left), default=None)  # type: ignore[type-var]
    high = min((g.num for g in right), default=None)  # type: ignore[type-var]
    if low is not None and high is not None and low >= high:
        return None
    return _simplest_between(low, high)


def _as_nimber(left: frozenset[Game], right: frozenset[Game]) -> int | None:
    if left != right:
        return None
    values = {g.nim for g in left}
    return len(left) if values == set(range(len(left))) else None


def number(x: Fraction | int) -> Game:
    """The dyadic rational x as a game: n = {n − 1 |}, −n = {| −n + 1},
    m/2^k = {(m − 1)/2^k | (m + 1)/2^k} (Siegel §II.3).

    >>> number(Fraction(1, 2)) == Game.of([ZERO], [number(1)])
    True
    """
    x = Fraction(x)
    if x.denominator & (x.denominator - 1):
        raise ValueError(f"{x} is not a dyadic rational")
    if x == 0:
        return ZERO
    if x.denominator == 1:
        step = number(x - 1) if x > 0 else number(x + 1)
        return (
            _intern(frozenset([step]), frozenset())
            if x > 0
            else _intern(frozenset(), frozenset([step]))
        )
    half = Fraction(1, x.denominator)
    return _intern(frozenset([number(x - half)]), frozenset([number(x + half)]))


def nimber(m: int) -> Game:
    """*m = {0, *, …, *(m − 1) | 0, *, …, *(m − 1)} (Siegel §II.4; Winning Ways ch. 3).

    >>> nimber(2) + nimber(3) == nimber(1)
    True
    """
    if m < 0:
        raise ValueError(f"a nimber is *m for m ≥ 0, got {m}")
    options = frozenset(nimber(k) for k in range(m))
    return _intern(options, options)


ZERO = _intern(frozenset(), frozenset())


# --------------------------------------------------------------- comparison
def _le(g: Game, h: Game) -> bool:
    """G ≤ H: no G^L ≥ H and no H^R ≤ G (Siegel §II.1), memoised.  Two numbers compare
    as numbers, and an all-small game (an infinitesimal, Siegel §II.4) lies strictly
    between every negative and every positive number.

    >>> up = Game.of([ZERO], [nimber(1)])
    >>> _le(up, number(Fraction(1, 64))), _le(number(-1), up), _le(up, ZERO)
    (True, True, False)
    """
    if g is h:
        return True
    key = g._index << 32 | h._index
    found = _LE.get(key)
    if found is not None:
        return found
    if g.num is not None and h.num is not None:
        return g.num <= h.num
    if h.num and g.small:
        return h.num > 0
    if g.num and h.small:
        return g.num < 0
    found = True
    for x in g.left:
        if _le(h, x):
            found = False
            break
    else:
        for r in h.right:
            if _le(r, g):
                found = False
                break
    _LE[key] = found
    return found


class _Form:
    """{left | right} with canonical options but not (yet) canonical itself, compared with
    canonical games (memoised for the form's life: one simplification)."""

    def __init__(self, left: frozenset[Game], right: frozenset[Game]) -> None:
        self.left, self.right = left, right
        self._below: dict[Game, bool] = {}  # H → form ≤ H
        self._above: dict[Game, bool] = {}  # H → H ≤ form

    def le(self, h: Game) -> bool:
        """{left | right} ≤ H."""
        found = self._below.get(h)
        if found is None:
            found = not any(_le(h, x) for x in self.left) and not any(self.ge(r) for r in h.right)
            self._below[h] = found
        return found

    def ge(self, h: Game) -> bool:
        """H ≤ {left | right}."""
        found = self._above.get(h)
        if found is None:
            found = not any(self.le(x) for x in h.left) and not any(_le(r, h) for r in self.right)
            self._above[h] = found
        return found


# ------------------------------------------------------------ simplification
def _undominated(options: frozenset[Game], keep_larger: bool) -> frozenset[Game]:
    """The options no other option dominates (Left keeps the largest, Right the least)."""
    kept = []
    for g in options:
        if not any(h is not g and (_le(g, h) if keep_larger else _le(h, g)) for h in options):
            kept.append(g)
    return frozenset(kept)


def _simplify(left: frozenset[Game], right: frozenset[Game]) -> Key:
    """Remove dominated options and bypass reversible ones until neither applies
    (Siegel §II.2: the result is the unique canonical form)."""
    while True:
        left, right = _undominated(left, True), _undominated(right, False)
        form = _Form(left, right)
        new_left: list[Game] = []
        for g in left:  # G^L reverses through G^LR ≤ G: replaced by G^LRL's
            reverse = next((r for r in g.right if form.ge(r)), None)
            new_left.extend(reverse.left if reverse is not None else (g,))
        new_right: list[Game] = []
        for g in right:  # G^R reverses through G^RL ≥ G: replaced by G^RLR's
            reverse = next((x for x in g.left if form.le(x)), None)
            new_right.extend(reverse.right if reverse is not None else (g,))
        if frozenset(new_left) == left and frozenset(new_right) == right:
            return left, right
        left, right = frozenset(new_left), frozenset(new_right)
