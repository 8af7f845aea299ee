"""The box outcome engine: of every Young diagram inside an a × b box, whether it is a
P-position and how many winning moves it has, in one pass.  It names no game.

It is the box engine (`grundy.engine.box_levels`: box ranks, one level 0, twins
read at their box rank, options read as themselves or their conjugates) asking
the outcome engine's question (`grundy.engine.outcome_levels`): forward with
early exit, each option ranked and read in turn until the second P option, and
each diagram given a code — 0 (`P`), 1 (`ONE`), 2 (`SEVERAL`) winning moves, 3
(`NO_MOVE`, misère play: no move at all).  The chunks of the box are held as
their codes, two bits each; a chunk read back from an atlas is held as its
bitmap, and a twin found there to be an N-position is valued again, so a chunk's
codes never depend on where the chunks before it were valued.

The empty diagram (rank 0) holds what the value box atlas holds: a P-position in
normal play (worth 0), and in misère play, where the kernel ``allows_empty``, an
N-position with no move; a game without an empty position holds it as a
P-position too, so that P is exactly where the value box atlas holds 0.

>>> from grundy import get_ruleset
>>> engine = BoxOutcomeEngine(get_ruleset("chomp").kernel, 2, 3)
>>> engine.value_level(0).tolist()  # [], 1, 1², 2, 2,1, 2², 3, 3,1, 3,2, 3²
[0, 0, 1, 1, 0, 1, 1, 1, 0, 1]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.engine import CompiledKernel
from grundy.engine.box_levels import (  # box_word_rank: the templates', compiled here
    Box,
    BoxEngine,
    box_parts_unrank,
    box_word_rank,  # noqa: F401
    next_in_box,
    option_rank,
    twin_rank,
)
from grundy.engine.level_loop import (
    LEVEL_DONE,
    NOT_SMALLER,
    OPTIONS_FULL,
    compiled_loops,
    stop,
)
from grundy.engine.outcome_levels import (
    NO_MOVE,
    SEVERAL,
    OutcomeEngine,
    P,
    check_outcome_kernel,
    held_code,
)
from grundy.engine.wordops import conj, from_parts, get_word  # noqa: F401 (conj: twin_rank's)

__all__ = ["BoxOutcomeEngine"]


def outcome_box_ranks(box, span, held, scratch):
    """The codes of the diagrams of box ranks span.at[0] … hi − 1 (`Span`; every rank
    below lo is held), stepping as `box_levels.value_box_ranks` does and stopping with
    its status codes: a diagram copies the code of a twin of smaller rank, or is valued
    from its options, read until the second P option (an option not read is not checked
    to be smaller)."""
    table, like, base, empty, _, symmetric = box
    lo, hi, chunk, at = span
    out, out2, seen = scratch
    a, b = table.shape[0] - 1, table.shape[1] - 1
    mask = (1 << held.shift) - 1
    parts = np.zeros(a + 2, dtype=np.int64)  # the diagram at hand
    length = box_parts_unrank(a, b, at[0], table, parts)
    for r in range(at[0], hi):
        if r > at[0]:
            length = next_in_box(parts, length, a)
        if length == 0:
            chunk[r - lo] = P if empty == 0 else NO_MOVE
            continue
        word = from_parts(parts, length, like)
        w = canonical(word)  # noqa: F821 (bound per kernel)
        t = twin_rank(word, w, b, table)
        if lo <= t < r:
            chunk[r - lo] = chunk[t - lo]
            continue
        if 0 <= t < lo:
            code = held_code(held, t >> held.shift, t & mask)
            if code >= 0:  # (−1: an N-position held as a bitmap, valued again)
                chunk[r - lo] = code
                continue
        m = expand(w, out, out2)  # noqa: F821 (bound per kernel)
        if m < 0 or m + 1 >= len(seen):
            return stop(at, r, OPTIONS_FULL)
        code = NO_MOVE if m == 0 and base else P
        for i in range(m):
            t = option_rank(get_word(out, i), r, symmetric, b, table)
            if t < 0:
                return stop(at, r, NOT_SMALLER)
            if t == 0:
                wins = base == 0  # the empty diagram: a P-position in normal play only
            elif t >= lo:
                wins = chunk[t - lo] == P
            else:
                wins = held_code(held, t >> held.shift, t & mask) == P
            if wins:
                code += 1
                if code == SEVERAL:
                    break
        chunk[r - lo] = code
    return stop(at, hi, LEVEL_DONE)


TEMPLATES = (outcome_box_ranks, option_rank, twin_rank)


class BoxOutcomeEngine(BoxEngine, OutcomeEngine):
    """The diagrams inside an a × b box by outcome: one level (0) in chunks of `chunk`
    box ranks, chunk k valued once chunks 0 … k − 1 are held (`BoxEngine`); codes,
    `hold` and `hold_bits` as `OutcomeEngine`'s.

    >>> from grundy import get_ruleset
    >>> engine = BoxOutcomeEngine(get_ruleset("cr").kernel, 3, 3, chunk=8, misere=True)
    >>> engine.chunks(0), engine.value_level(0).tolist()[:4]  # [], 1, 1², 1³
    (3, [3, 0, 1, 0])
    """

    def __init__(
        self, kernel: CompiledKernel, a: int, b: int, misere: bool = False, chunk: int = 1 << 20
    ) -> None:
        check_outcome_kernel(kernel, misere)
        BoxEngine.__init__(self, kernel, a, b, misere, chunk)

    def _loop(self, n: int) -> tuple[Callable[..., int], Any]:
        """The compiled loop that finds the outcomes of the box (level n = 0), and its
        first argument."""
        box = Box(self.box_table, self.like, self.base, self.empty, False, self.symmetric)
        return compiled_loops(TEMPLATES, self.kernel)["outcome_box_ranks"], box
