"""The compiled options kernels of impartial chess (`grundy.games.chess.chess`), one per piece.

>>> from grundy import get_ruleset
>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> rook = get_ruleset("chess-rook").kernel
>>> rook
CompiledKernel('chess-rook')
>>> sorted(str(decode(w)) for w in rook.option_words(encode(Partition([3, 1]))))
['1', '1', '2']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import conjugation_canonical, identity
from grundy.engine.wordops import canon, delete_bit, is_zero, nbits, put_word, strip_low_ones

if TYPE_CHECKING:
    from grundy.games.chess.chess import ChessRules

__all__ = ["chess", "piece_kernel"]


def piece_kernel(leaps: np.ndarray, riders: np.ndarray, symmetric: bool) -> Any:
    """The options kernel of a chess piece on a partition (docs/games.md, impartial chess).

    `leaps` and `riders` are int64 arrays of (a, b) steps (a rows down, b
    columns right); a move by (a, b) is legal when box (a, b) (0-based) is in λ
    and leads to λ[a, b]; a rider repeats its step while the box is in λ.  On
    the word, λ[1, 0] drops the highest U and λ[0, 1] the lowest R; λ[a, b]
    is empty exactly when box (a, b) is not in λ.  The kernel is compiled per
    piece; its steps are constants of the compiled code, and numba's disk
    cache keeps one entry per piece.  (Example: the module's.)
    """
    leaps = np.asarray(leaps, dtype=np.int64).reshape(-1, 2)
    riders = np.asarray(riders, dtype=np.int64).reshape(-1, 2)

    def expand(w, out, out2):
        m = 0
        for s in range(leaps.shape[0] + riders.shape[0]):
            rider = s >= leaps.shape[0]
            a = riders[s - leaps.shape[0], 0] if rider else leaps[s, 0]
            b = riders[s - leaps.shape[0], 1] if rider else leaps[s, 1]
            c = w
            while True:  # λ[ka, kb] = λ[(k − 1)a, (k − 1)b][a, b]
                for _ in range(a):
                    if is_zero(c):
                        break
                    c = delete_bit(c, nbits(c) - 1)  # the top row: the highest U
                for _ in range(b):
                    if is_zero(c):
                        break
                    c = strip_low_ones(delete_bit(c, 0))  # the first column: the lowest R
                if is_zero(c):  # box (ka, kb) is not in λ
                    break
                if m == out.shape[0]:
                    return -1
                put_word(out, m, canon(c) if symmetric else c)
                m += 1
                if not rider:
                    break
        return m

    return cached_njit(expand)


def chess(rules: ChessRules) -> CompiledKernel:
    """The kernel of one chess piece, compiled per piece (`piece_kernel`)."""
    piece = rules.piece
    symmetric = piece.is_symmetric
    return CompiledKernel(
        rules.name,
        piece_kernel(np.array(piece.leaps), np.array(piece.riders), symmetric),
        conjugation_canonical if symmetric else identity,
        allows_empty=False,
    )
