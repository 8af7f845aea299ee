"""What LCTR and Downright's values, counts and tree sizes share (papers 000, 001).

`grundy.games.lctr.lctr` (the rules and the fast values), `grundy.games.lctr.lctr_counts`
(counts by value) and `grundy.games.lctr.lctr_trees` (game-tree sizes) all import
these from here, and none of them from another, so the three never import
each other in a circle.

>>> check_game("LCTR"), DIAGONAL_WINDOW["lctr", False]
('lctr', 3)
"""

from __future__ import annotations

from grundy.nim import mex

__all__ = ["DIAGONAL_WINDOW", "NO_OPTION", "BoxTable", "box_table", "check_game"]

#: Width w of the diagonal window, keyed by (game, misère): SG(λ) = SG(λ[d−w, d−w])
#: whenever d = d(λ) ≥ w.  Normal LCTR: 000 Corollary 16; Downright: 000
#: Theorem 11; misère LCTR and misère Downright: "Misère propagation" in the
#: docstring of `grundy.games.lctr.lctr` (proved there).
DIAGONAL_WINDOW: dict[tuple[str, bool], int] = {
    ("lctr", False): 3,
    ("lctr", True): 2,
    ("downright", False): 1,
    ("downright", True): 2,
}

#: The code of "no option there" in a `box_table`: a Downright neighbour outside the
#: diagram.  Values are 0, 1, 2 (000 Observation 5: at most two moves).
NO_OPTION = 3

BoxTable = tuple[tuple[int, ...], ...]


def check_game(game: str) -> str:
    """ "lctr" or "downright" (case-insensitive); which of the two games a helper computes."""
    if not isinstance(game, str):
        raise TypeError(f"game must be 'lctr' or 'downright', got {type(game).__name__}")
    key = game.lower()
    if key not in ("lctr", "downright"):
        raise ValueError(f"unknown game {game!r}: expected 'lctr' or 'downright'")
    return key


def box_table(misere: bool) -> BoxTable:
    """`T[down][right]`: the value of a box from the codes of its two options, the
    per-box recursion of 000 Eq. (3) (LCTR) and Eq. (4) (Downright), for both games.

    A code is a value 0, 1, 2 or NO_OPTION; a box with no option at all (a
    Downright corner) is terminal: 0, or 1 in misère play (000 §2.3).  In LCTR the
    empty partition beyond the diagram is a position, coded by its terminal value,
    so NO_OPTION never occurs there and T is the mex of the two values.

    >>> box_table(False)[2][0], box_table(False)[NO_OPTION][1], box_table(True)[3][3]
    (1, 0, 1)
    """
    terminal = 1 if misere else 0

    def box(down: int, right: int) -> int:
        options = {code for code in (down, right) if code != NO_OPTION}
        return mex(options) if options else terminal

    return tuple(tuple(box(down, right) for right in range(4)) for down in range(4))
