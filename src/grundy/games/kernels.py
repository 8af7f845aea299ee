"""The compiled kernels of the built-in games, imported on the first use of one.

A game declares its kernel by name, ``kernel = LazyKernel("grundy.games.kernels:CHOMP")``
(`grundy.game.LazyKernel`), so importing a game, listing its capabilities or
valuing a small position never imports this module, `grundy.search` or numba
(issue 9: start-up).  Each kernel is a numba options kernel of
`grundy.search.moves` with the canonical form of its game (see each game's
module for the rules).

>>> from grundy import get_ruleset
>>> get_ruleset("cr").kernel is COLUMN_ROW
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from grundy.search import CompiledKernel, moves
from grundy.search.wordops import NARROW_LETTERS
from grundy.search.words import encode, letters

if TYPE_CHECKING:
    from grundy.games.chess import ChessRules
    from grundy.games.lctr_nonrep import NonRepPosition

__all__ = [
    "ANTICORNER",
    "CHOMP",
    "COLUMN_ROW",
    "CONSECUTIVE_CORNER",
    "CORNER",
    "CRIS",
    "CRIT",
    "LCTR_NONREP",
    "PNIM",
    "RIT",
    "SATO_WELTER",
    "SCC",
    "chess",
    "nonrep_key",
]

#: Column-Row: delete one letter of the boundary word.
COLUMN_ROW = CompiledKernel("cr", moves.column_row, moves.conjugation_canonical)
CHOMP = CompiledKernel("chomp", moves.chomp, moves.conjugation_canonical, allows_empty=False)
CORNER = CompiledKernel("corner", moves.corner, moves.conjugation_canonical)
CONSECUTIVE_CORNER = CompiledKernel(
    "consecutive-corner", moves.consecutive_corner, moves.conjugation_canonical
)
SCC = CompiledKernel("scc", moves.end_corners, moves.conjugation_canonical)
ANTICORNER = CompiledKernel("anticorner", moves.anticorner, moves.conjugation_canonical)
CRIS = CompiledKernel("cris", moves.cris, moves.conjugation_canonical, splits=True)
PNIM = CompiledKernel("pnim", moves.pnim, moves.conjugation_canonical)
RIT = CompiledKernel("rit", moves.rit, moves.identity)
CRIT = CompiledKernel("crit", moves.crit, moves.conjugation_canonical)
SATO_WELTER = CompiledKernel("sato-welter", moves.sato_welter, moves.conjugation_canonical)


def nonrep_key(position: NonRepPosition) -> int | None:
    """The key of a non-repetitive LCTR position (`grundy.search.moves.lctr_nonrep`).

    word << 5 | len(h) << 3 | (bit t set when move t of h is L), or None when
    the diagram's boundary has more than 51 letters.

    >>> from grundy.games.lctr_nonrep import NonRepPosition
    >>> from grundy.partition import Partition
    >>> nonrep_key(NonRepPosition(Partition([1]), "LT"))  # word 0b10, 2 moves, L first
    81
    """
    lam, history = position
    if letters(lam) > NARROW_LETTERS - moves.NONREP_SHIFT:
        return None
    ells = sum(1 << t for t, move in enumerate(history) if move == "L")
    return encode(lam) << moves.NONREP_SHIFT | len(history) << 3 | ells


LCTR_NONREP = CompiledKernel(
    "lctr-nonrep",
    moves.lctr_nonrep,
    moves.nonrep_canonical,
    pack=nonrep_key,
    census_shift=moves.NONREP_SHIFT,
)


def chess(rules: ChessRules) -> CompiledKernel:
    """The kernel of one chess piece, compiled per piece (`grundy.search.moves.chess`)."""
    piece = rules.piece
    symmetric = piece.is_symmetric
    return CompiledKernel(
        rules.name,
        moves.chess(np.array(piece.leaps), np.array(piece.riders), symmetric),
        moves.conjugation_canonical if symmetric else moves.identity,
        allows_empty=False,
    )
