"""The retrograde outcome levels: each P-position marks the positions that move to it.  It
names no game.

A position's code (`grundy.engine.outcome_levels`: 0 a P-position, 1 and 2 an
N-position with one winning move and with several, 3 one with no move in misère
play) is the number of its moves that lead to a P-position, saturating at 2.
The forward engine (`OutcomeEngine`) finds it by asking every option of every
position; here every P-position q of every level m < n lists its parents of level
n instead — the partitions with a move to q, once for each such move — through
the kernel's ``unmove`` capability (`CompiledKernel`, ``unmove(w, n − m, out)``),
and each parent, ranked (`word_rank`), has its counter raised, saturating at 2
(`mark_parents`).  The counters are then the codes: a position no P-position
marked is a P-position, except, in misère play, one with no move at all (each
unmarked position is asked the kernel for its options: `no_move_ranks`).  The work
is the number of winning moves, (position, P-option) pairs, rather than of
options: for Chomp 4% of them (docs/findings/outcomes.md).

Parents are marked as partitions, not as canonical forms: q and its conjugate
are both P-positions of level m, and each marks its own parents; a parent's
counter is then its number of winning moves, which is its canonical form's
count over the kernel's options (each option once for each move, conjugates
counted apart), and so the forward engine's code.  ``tests/test_retrograde.py``
checks that the codes are the forward engine's, level by level, in both
conventions.

A level is marked whole, at its first chunk asked (`RetrogradeEngine.value_chunk`),
and its codes kept until the next level starts; the levels below are held as the
forward engine holds them (bitmaps, `OutcomeEngine.pack`), and the words of their
P-positions are kept beside them, unranked once.  Memory: a byte a position of the
level being marked, and a word (8, 16 or 24 bytes) a P-position below.  So a level is
marked only where the P-positions below are rare (`RARE`, at most one position in
16: the words then take at most a byte a position below); elsewhere it is valued
forward, as `OutcomeEngine` values it.  Every level is marked by every P-position
below it, so the chunks of one level cannot be shared out without repeating the
marking: a cluster keeps the forward engine.

>>> from grundy import get_ruleset
>>> engine = RetrogradeEngine(get_ruleset("chomp").kernel, n_max=6, rare=1)  # mark all
>>> [engine.value_level(n).tolist() for n in range(4)]  # Chomp has no empty board
[[], [0], [1, 1], [1, 0, 1]]
>>> [engine.value_level(n).tolist() for n in (4, 5, 6)][1:]  # as OutcomeEngine's
[[1, 1, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.level_loop import LEVEL_DONE, NOT_SMALLER, OPTIONS_FULL, stop
from grundy.engine.levels import DEFAULT_CHUNK, in_width
from grundy.engine.outcome_levels import NO_MOVE, SEVERAL, OutcomeEngine, P
from grundy.engine.ranking import like_word, parts_unrank, word_rank
from grundy.engine.specialise import specialised
from grundy.engine.wordops import from_parts, get_word, put_word, word_array, word_width

__all__ = [
    "RARE",
    "RetrogradeEngine",
    "mark_parents",
    "no_move_ranks",
    "unranked_words",
]

#: Positions below handled per compiled call (Ctrl-C comes between calls).
STEP = 1 << 14
#: The most P-positions a position below a level, by default, for it to be marked from
#: below: then the words kept of them take at most a byte a position below, and the
#: marking pays (Chomp, 1.2% P-positions: 5.9× less CPU than forward for n ≤ 70;
#: Column-Row, 28%: 1.16×, for 29 times the memory; docs/findings/outcomes.md).
RARE = 1 / 16


def mark_parents(n, table, words, k, counts, out, at, hi):
    """Raise counts[r] (saturating at 2, `SEVERAL`) once for each move of each parent, of
    rank r in level n, of the partitions words[at[0]:hi] (of level n − k) that the
    kernel's ``unmove`` lists with k more boxes.  Stops with LEVEL_DONE at hi,
    OPTIONS_FULL where ``out`` is too short for one's parents (none of them marked), or
    NOT_SMALLER where a parent is not of size n (a broken kernel); at[0] is the index
    reached."""
    for i in range(at[0], hi):
        m = unmove(in_width(get_word(words, i), out), k, out)  # noqa: F821 (bound per kernel)
        if m < 0:
            return stop(at, i, OPTIONS_FULL)
        for j in range(m):
            size, r = word_rank(get_word(out, j), table)
            if size != n:
                return stop(at, i, NOT_SMALLER)
            if counts[r] < SEVERAL:
                counts[r] += 1
    return stop(at, hi, LEVEL_DONE)


def no_move_ranks(n, table, counts, out, at, hi):
    """Misère play: counts[r] ← `NO_MOVE` for every unmarked rank r of at[0] … hi − 1 of
    level n whose partition the kernel gives no option (in ``out``).  Stops as
    `mark_parents` does."""
    parts = np.zeros(n + 2, dtype=np.int64)
    out2 = np.zeros_like(out)  # (the second pieces of options that split: none here)
    for r in range(at[0], hi):
        if counts[r] != P:
            continue
        length = parts_unrank(n, r, table, parts)
        m = expand(from_parts(parts, length, get_word(out, 0)), out, out2)  # noqa: F821
        if m < 0:
            return stop(at, r, OPTIONS_FULL)
        if m == 0:
            counts[r] = NO_MOVE
    return stop(at, hi, LEVEL_DONE)


TEMPLATES = (mark_parents, no_move_ranks)


@cache
def _compiled(kernel: CompiledKernel) -> dict[str, Callable[..., int]]:
    """`TEMPLATES` compiled for `kernel` (its ``unmove`` and ``expand``; once per process,
    cached on disk: `specialise`)."""
    unmove = {"unmove": kernel.unmove}
    return specialised(TEMPLATES, kernel.expand, kernel.canonical, kernel.name, also=unmove)


@cached_njit
def unranked_words(n, ranks, table, words):
    """words[i] ← the word of the partition of n of rank ranks[i] (in `words`' width)."""
    parts = np.zeros(n + 2, dtype=np.int64)
    like = get_word(words, 0)
    for i in range(len(ranks)):
        put_word(words, i, from_parts(parts, parts_unrank(n, ranks[i], table, parts), like))


class RetrogradeEngine(OutcomeEngine):
    """Levels 0 … n_max of one kernel with an ``unmove`` and one convention, by outcome:
    the codes of `OutcomeEngine`, which it is in every other way (holding, packing,
    reading).  A level is marked from the P-positions below (the module's doc) where
    those are rare, at most `rare` of the positions below (`RARE`: for Chomp every level
    from n = 20 up), and valued forward otherwise (`rare` = 1: every level marked).

    >>> from grundy import get_ruleset
    >>> RetrogradeEngine(get_ruleset("rit").kernel, n_max=4)
    Traceback (most recent call last):
    ...
    ValueError: rit: its kernel has no unmove, so it has no retrograde levels
    >>> engine = RetrogradeEngine(get_ruleset("chomp").kernel, n_max=24)
    >>> levels = [engine.value_level(n) for n in range(25)]
    >>> [n for n in range(25) if engine.marks(n)]  # 0 and 1: nothing below to mark
    [0, 1, 20, 21, 22, 23, 24]
    """

    def __init__(
        self,
        kernel: CompiledKernel,
        n_max: int,
        misere: bool = False,
        chunk: int = DEFAULT_CHUNK,
        rare: float = RARE,
        width: int | None = None,
    ) -> None:
        if kernel.unmove is None:
            raise ValueError(
                f"{kernel.name}: its kernel has no unmove, so it has no retrograde levels"
            )
        if not 0 <= rare <= 1:
            raise ValueError(f"rare is a share of the positions, from 0 to 1, got {rare!r}")
        super().__init__(kernel, n_max, misere, chunk, width)
        self.rare = rare
        self._valued: tuple[int, np.ndarray] | None = None  # (n, codes) of the level marked last
        self._p_words: dict[int, np.ndarray] = {}  # level → the words of its P-positions
        self._p_counts: dict[int, int] = {}  # level → its P-positions

    def marks(self, n: int) -> bool:
        """Whether level n is marked from the P-positions below, rather than valued forward:
        every level below is held, and at most `rare` of their positions are P-positions."""
        below = range(n)
        if not all(self.is_held(m) for m in below):
            return False
        return sum(self._p_count(m) for m in below) <= self.rare * int(self.sizes[:n].sum())

    def value_chunk(
        self, n: int, k: int, progress: Callable[[int], None] | None = None
    ) -> np.ndarray:
        """The codes of chunk k of level n (uint8: `grundy.engine.outcome_levels`); every
        level below must be held (and is packed into bitmaps first).  A level marked from
        below (`marks`) is valued whole at the first chunk asked, and `progress(done)` is
        called once the chunk's ranks are; otherwise as `OutcomeEngine.value_chunk`."""
        self._check_chunk(n, k)
        self._check_ready(n, k)
        if not self.marks(n):
            self._p_words.clear()
            return super().value_chunk(n, k, progress)
        if self._valued is None or self._valued[0] != n:
            self._valued = None  # the level before is let go first
            self._valued = (n, self._marked(n))
        ranks = self.ranks(n, k)
        if progress is not None:
            progress(len(ranks))
        return self._valued[1][ranks.start : ranks.stop].copy()

    @property
    def nbytes(self) -> int:
        """The bytes held: the levels below, the words of their P-positions and the codes
        of the level marked last."""
        valued = self._valued[1].nbytes if self._valued is not None else 0
        return super().nbytes + valued + sum(w.nbytes for w in self._p_words.values())

    def _marked(self, n: int) -> np.ndarray:
        """The codes of every rank of level n (uint8), marked from the P-positions below."""
        for below in range(n):
            self.pack(below)
        counts = np.zeros(int(self.sizes[n]), dtype=np.uint8)
        loops = _compiled(self.kernel)
        for m in range(n):
            words = self._words_of(m)
            self._run(loops["mark_parents"], n, len(words), (n, self.table, words, n - m, counts))
        if self.base:  # misère play: an unmarked position with no move wins
            self._run(loops["no_move_ranks"], n, len(counts), (n, self.table, counts))
        return counts

    def _run(self, loop: Callable[..., int], n: int, items: int, arguments: tuple) -> None:
        """`loop(*arguments, out, at, hi)` over items 0 … items − 1, `STEP` a call (Ctrl-C
        comes between calls), with a words buffer ``out`` of level n's width, doubled as
        the loop asks; ValueError for a broken kernel."""
        at = np.zeros(1, dtype=np.int64)
        out = self._words_buffer(self._buffer, n)
        while at[0] < items:
            status = loop(*arguments, out, at, min(int(at[0]) + STEP, items))
            if status == OPTIONS_FULL:
                self._buffer *= 2
                out = self._words_buffer(self._buffer, n)
            elif status == NOT_SMALLER:
                raise ValueError(
                    f"{self.kernel.name}: level {n}: its unmove listed a parent of another size"
                )

    def _bits(self, m: int) -> list[tuple[range, np.ndarray]]:
        """(ranks, bitmap) of each chunk of level m, packed into bitmaps first."""
        self.pack(m)
        first = int(self.held.first[m])
        return [(self.ranks(m, k), self._held[first + k]) for k in range(self.chunks(m))]

    def _p_count(self, m: int) -> int:
        """The P-positions of level m (held); kept."""
        if m not in self._p_counts:
            self._p_counts[m] = sum(
                int(np.unpackbits(bits, count=len(ranks), bitorder="little").sum())
                for ranks, bits in self._bits(m)
            )
        return self._p_counts[m]

    def _words_of(self, m: int) -> np.ndarray:
        """The words of the P-positions of level m (held), in its width; kept."""
        if m not in self._p_words:
            found = [
                np.flatnonzero(np.unpackbits(bits, count=len(ranks), bitorder="little"))
                + ranks.start
                for ranks, bits in self._bits(m)
            ]
            ranks = np.concatenate(found) if found else np.zeros(0, dtype=np.int64)
            words = self._words_buffer(len(ranks), m)
            if len(ranks):
                unranked_words(m, ranks, self.table, words)
            self._p_words[m] = words
        return self._p_words[m]

    def _words_buffer(self, size: int, n: int) -> np.ndarray:
        """Room for `size` words of level n's width (`like_word`)."""
        return word_array(size, word_width(like_word(n, self._width)))
