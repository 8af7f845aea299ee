"""Named games and the names of games: ups, switches, stops, and CGSuite's notation.

n·↑ is ↑ added n times, with ↑ = {0 | *} (Winning Ways ch. 3; Siegel, *Combinatorial
Game Theory*, §II.4: n·↑ = {0 | (n − 1)·↑*} and n·↑* = {0 | (n − 1)·↑} for n ≥ 2).
`name` writes a canonical form as CGSuite prints it, with the simplest name found: a
number ("1/2", "-3"), a number plus ups plus a nimber ("*", "↑", "⇑*", "↑3", "1/2↓*2"),
a switch about an integer ("±1", "1±1"), else {L | R} with the options named in turn
("{1|0}", "{0|↑,*}"); the left and right stops (Siegel §II.3) decide when an
up-and-star name is possible.

>>> up = up_multiple(1); star = nimber(1)
>>> [name(g) for g in (up + up + star, up - star, star + star, switch(1, -1), switch(1, 0))]
['⇑*', '↑*', '0', '±1', '{1|0}']
>>> name(Game.of([ZERO], [up + up + star]))  # a single row of 4 boxes in CRPM
'↑3'
"""

from __future__ import annotations

import functools
from fractions import Fraction

from grundy.partizan.cgame import ZERO, Game, nimber, number, register_namer

__all__ = ["left_stop", "name", "right_stop", "switch", "up_multiple"]


@functools.cache
def up_multiple(n: int) -> Game:
    """n·↑ (n·↓ for n < 0): ↑ = {0 | *}.

    >>> up_multiple(2) == Game.of([ZERO], [up_multiple(1) + nimber(1)])
    True
    """
    if n < 0:
        return -up_multiple(-n)
    if n == 0:
        return ZERO
    return Game.of([ZERO], [nimber(1)]) + up_multiple(n - 1)


def switch(left: Fraction | int, right: Fraction | int) -> Game:
    """{left | right} of two numbers: ±x is ``switch(x, -x)``.

    >>> switch(1, 1) == number(1) + nimber(1)
    True
    """
    return Game.of([number(left)], [number(right)])


@functools.cache
def left_stop(game: Game) -> Fraction:
    """The number Left reaches when she starts and both play on until a number
    (Siegel §II.3): the game's value if a number, else the greatest right stop of a
    left option.

    >>> left_stop(switch(1, -1)), right_stop(switch(1, -1)), left_stop(up_multiple(1))
    (Fraction(1, 1), Fraction(-1, 1), Fraction(0, 1))
    """
    if game.num is not None:
        return game.num
    return max(right_stop(g) for g in game.left)


@functools.cache
def right_stop(game: Game) -> Fraction:
    """The number reached when Right starts (Siegel §II.3): the least left stop of a
    right option."""
    if game.num is not None:
        return game.num
    return min(left_stop(g) for g in game.right)


def _number_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _ups_text(n: int) -> str:
    arrow, double = ("↑", "⇑") if n > 0 else ("↓", "⇓")
    return {0: "", 1: arrow, 2: double}.get(abs(n), f"{arrow}{abs(n)}")


def _star_text(m: int) -> str:
    return {0: "", 1: "*"}.get(m, f"*{m}")


def _as_ups(game: Game) -> tuple[Fraction, int, int] | None:
    """(x, n, m) with game = x + n·↑ + *m, or None: x is both stops (the game is x plus
    an infinitesimal), and |n| is at most its birthday."""
    x = left_stop(game)
    if right_stop(game) != x:
        return None
    rest = game - number(x)
    bound = rest.birthday()
    for n in sorted(range(-bound, bound + 1), key=abs):
        m = (rest - up_multiple(n)).nim
        if m is not None:
            return x, n, m
    return None


@functools.cache
def name(game: Game) -> str:
    """The game in CGSuite's notation, with its simplest name where one is found."""
    if game.num is not None:
        return _number_text(game.num)
    ups = _as_ups(game)
    if ups is not None:
        x, n, m = ups
        text = _ups_text(n) + _star_text(m)
        return text if x == 0 else _number_text(x) + text
    if len(game.left) == 1 and len(game.right) == 1:
        (high,), (low,) = game.left, game.right
        if high.num is not None and low.num is not None and (high.num + low.num) % 2 == 0:
            mean, radius = (high.num + low.num) / 2, (high.num - low.num) / 2
            return ("" if mean == 0 else _number_text(mean)) + "±" + _number_text(radius)
    return "{" + _options_text(game.left) + "|" + _options_text(game.right) + "}"


def _options_text(options: frozenset[Game]) -> str:
    """The options' names, greatest birthday last, then by name."""
    return ",".join(sorted((name(g) for g in options), key=lambda t: (len(t), t)))


register_namer(name)
