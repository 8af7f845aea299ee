"""Atomic weight of all-small games, by the atomic weight calculus.

A game is all-small when in every subposition either both players can move or neither
(Siegel, *Combinatorial Game Theory*, §II.7; Winning Ways ch. 8, "dicotic").  Its atomic
weight aw(G) counts it in ups: aw(n·↑ + *m) = n.  The calculus (Siegel §II.7;
Winning Ways ch. 8): G'' = {aw(G^L) − 2 | aw(G^R) + 2}; aw(G) = G'' unless G'' is an
integer, and then, in the eccentric cases, aw(G) is the largest integer n with
n ⊲ aw(G^R) + 2 for every G^R when G > ☆, and the least integer n with
n ⊳ aw(G^L) − 2 for every G^L when G < ☆ (☆, far star: *N for N a power of two past
every nimber in G, here past G's birthday).

>>> from grundy.partizan.names import up_multiple
>>> from grundy.partizan.cgame import nimber
>>> [str(atomic_weight(g)) for g in (up_multiple(1), up_multiple(2) + nimber(1), nimber(3))]
['1', '2', '0']
"""

from __future__ import annotations

import functools

from grundy.partizan.cgame import Game, nimber, number

__all__ = ["atomic_weight", "is_all_small"]


def is_all_small(game: Game) -> bool:
    """Whether both players can move, or neither, in every subposition of the game (of
    its canonical form, which is all-small exactly when the game is: Siegel §II.7).

    >>> from grundy.partizan.cgame import Game, ZERO
    >>> is_all_small(Game.of([ZERO], [Game.of([ZERO], [ZERO])])), is_all_small(number(1))
    (True, False)
    """
    return game.small


def _far_star(game: Game) -> Game:
    return nimber(1 << game.birthday().bit_length())


@functools.cache
def atomic_weight(game: Game) -> Game:
    """aw(G) for an all-small G (a game, usually an integer); ValueError otherwise."""
    if not is_all_small(game):
        raise ValueError(f"{game} is not all-small: it has no atomic weight")
    if not game.left:
        return number(0)
    two = number(2)
    lefts = [atomic_weight(g) - two for g in game.left]
    rights = [atomic_weight(g) + two for g in game.right]
    estimate = Game.of(lefts, rights)
    if estimate.num is None or estimate.num.denominator != 1:
        return estimate
    star = _far_star(game)
    n = int(estimate.num)
    if game > star:  # the largest integer n with n ⊲ every aw(G^R) + 2
        while all(not r <= number(n + 1) for r in rights):
            n += 1
    elif game < star:  # the least integer n with n ⊳ every aw(G^L) − 2
        while all(not number(n - 1) <= x for x in lefts):
            n -= 1
    return number(n)
