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

Memory, for records (Chomp to n = 140 holds 1.5·10¹¹ positions below):

* the level being marked: its counters, two bits a position (`quarters`), marked
  whole at its first chunk asked (`RetrogradeEngine.value_chunk`) and kept until
  the next level starts;
* each chunk below whose P-positions are rare (fewer than one in 32): their offsets
  in the chunk, four bytes each, and no bitmap (`rare_offsets`); a chunk with more
  keeps its bitmap (an eighth of a byte a position), read for its P-positions when
  a level is marked;
* the words of the P-positions below, unranked once, for the lowest levels while
  they fit `WORDS_BYTES`; above it each P-position is unranked again for each level
  it marks (`mark_parents`).

Chomp at n = 119: 0.4 GB of counters, 0.9 GB of offsets and the words, against
7.0 GB with bitmaps and every word held.  A level is marked only where the
P-positions below are rare (`RARE`, at most one position in 16); elsewhere it is
valued forward, as `OutcomeEngine` values it, from the bitmaps of the levels below
(made again from the offsets where they were let go).  Every level is marked by
every P-position below it, so the chunks of one level cannot be shared out without
repeating the marking: a cluster keeps the forward engine.

>>> from grundy import get_ruleset
>>> engine = RetrogradeEngine(get_ruleset("chomp").kernel, n_max=6, rare=1)  # mark all
>>> [engine.value_level(n).tolist() for n in range(4)]  # Chomp has no empty board
[[], [0], [1, 1], [1, 0, 1]]
>>> [engine.value_level(n).tolist() for n in (4, 5, 6)][1:]  # as OutcomeEngine's
[[1, 1, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]]
"""

from __future__ import annotations

import ctypes
import mmap
import os
import signal
import sys
from collections.abc import Callable, Iterator
from functools import cache
from typing import NamedTuple

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.level_loop import LEVEL_DONE, NOT_SMALLER, OPTIONS_FULL, stop
from grundy.engine.levels import DEFAULT_CHUNK, in_width
from grundy.engine.outcome_levels import (
    NO_MOVE,
    SEVERAL,
    OutcomeEngine,
    P,
    bitmap,
    from_quarters,
)
from grundy.engine.ranking import like_word, parts_unrank, word_rank
from grundy.engine.specialise import specialised
from grundy.engine.wordops import from_parts, get_word, put_word, word_array, word_width

__all__ = [
    "RARE",
    "WORDS_BYTES",
    "RetrogradeEngine",
    "code_at",
    "mark_parents",
    "merge_counts",
    "no_move_ranks",
    "rare_offsets",
    "unranked_words",
]

#: Positions below handled per compiled call (Ctrl-C comes between calls).
STEP = 1 << 14
#: The most P-positions a position below a level, by default, for it to be marked from
#: below (Chomp, 1.2% P-positions: 5.9× less CPU than forward for n ≤ 70; Column-Row,
#: 28%: 1.16×, for 29 times the memory; docs/findings/outcomes.md).
RARE = 1 / 16
#: The bytes of P-positions' words kept unranked, lowest levels first (the module's doc).
WORDS_BYTES = 2 << 30
#: A chunk keeps its P-positions' offsets (four bytes each) rather than its bitmap where
#: they take fewer bytes: fewer than one position in 32.
_OFFSET_BYTES = 4


@cached_njit
def code_at(counts, r):
    """The code of rank r in counters two bits a position (`quarters`' order)."""
    return (counts[r >> 2] >> ((r & 3) << 1)) & 3


def mark_parents(n, m, table, words, offsets, first, counts, out, at, hi):
    """Raise the code of rank r (in `counts`, two bits a rank; saturating at 2,
    `SEVERAL`) once for each move of each parent, of rank r in level n, of the
    P-positions i = at[0] … hi − 1 of level m: words[i] where ``words`` has them
    (unranked once), else the partition of rank first + offsets[i] (unranked here),
    whose parents the kernel's ``unmove`` lists with n − m more boxes.  Stops with
    LEVEL_DONE at hi, OPTIONS_FULL where ``out`` is too short for one's parents (none
    of them marked), or NOT_SMALLER where a parent is not of size n (a broken kernel);
    at[0] is the index reached."""
    parts = np.zeros(m + 2, dtype=np.int64)
    like = get_word(out, 0)
    for i in range(at[0], hi):
        if len(words):
            q = in_width(get_word(words, i), out)
        else:
            q = from_parts(parts, parts_unrank(m, first + offsets[i], table, parts), like)
        found = unmove(q, n - m, out)  # noqa: F821 (bound per kernel)
        if found < 0:
            return stop(at, i, OPTIONS_FULL)
        for j in range(found):
            size, r = word_rank(get_word(out, j), table)
            if size != n:
                return stop(at, i, NOT_SMALLER)
            byte = counts[r >> 2]
            shift = (r & 3) << 1
            if (byte >> shift) & 3 < SEVERAL:
                counts[r >> 2] = byte + (1 << shift)
    return stop(at, hi, LEVEL_DONE)


def no_move_ranks(n, table, counts, out, at, hi):
    """Misère play: the code of every unmarked rank r of at[0] … hi − 1 of level n (in
    `counts`, two bits a rank) ← `NO_MOVE` where the kernel gives its partition no
    option (in ``out``).  Stops as `mark_parents` does."""
    parts = np.zeros(n + 2, dtype=np.int64)
    out2 = np.zeros_like(out)  # (the second pieces of options that split: none here)
    for r in range(at[0], hi):
        if code_at(counts, r) != P:
            continue
        length = parts_unrank(n, r, table, parts)
        found = expand(from_parts(parts, length, get_word(out, 0)), out, out2)  # noqa: F821
        if found < 0:
            return stop(at, r, OPTIONS_FULL)
        if found == 0:
            counts[r >> 2] |= NO_MOVE << ((r & 3) << 1)
    return stop(at, hi, LEVEL_DONE)


TEMPLATES = (mark_parents, no_move_ranks)


@cached_njit
def merge_counts(into, other):
    """into ← into + other, two bits a rank, each rank's sum saturating at 2 (`SEVERAL`):
    the counters of two shares of the P-positions below, marked apart."""
    for i in range(len(into)):
        a, b = into[i], other[i]
        if b:
            merged = 0
            for shift in range(0, 8, 2):
                merged |= min(((a >> shift) & 3) + ((b >> shift) & 3), SEVERAL) << shift
            into[i] = merged


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


def rare_offsets(p_offsets: np.ndarray, ranks: int) -> np.ndarray | None:
    """The offsets (uint32) of a chunk's P-positions where they take fewer bytes than
    its bitmap, else None.

    >>> rare_offsets(np.array([5, 70]), 100).tolist(), rare_offsets(np.array([5, 70]), 40)
    ([5, 70], None)
    """
    if len(p_offsets) * _OFFSET_BYTES >= -(-ranks // 8):
        return None
    return p_offsets.astype(np.uint32)


def _die_with(parent: int) -> None:
    """In a forked marking process: be killed with `parent` (Linux's PR_SET_PDEATHSIG), so
    that a parent killed outright (kill -9) leaves no process behind holding the atlas's
    lock; a parent already gone ends this one at once."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(1)


class Share(NamedTuple):
    """P-positions of level m that mark a level together: words[i] (unranked once), or
    else, where ``words`` is empty, the ranks first + offsets[i]."""

    m: int
    words: np.ndarray
    offsets: np.ndarray
    first: np.int64

    @property
    def size(self) -> int:
        """The P-positions of the share."""
        return len(self.words) or len(self.offsets)

    def part(self, start: int, stop: int) -> Share:
        """P-positions start … stop − 1 of this share."""
        if len(self.words):
            return self._replace(words=self.words[start:stop])
        return self._replace(offsets=self.offsets[start:stop])


class RetrogradeEngine(OutcomeEngine):
    """Levels 0 … n_max of one kernel with an ``unmove`` and one convention, by outcome:
    the codes of `OutcomeEngine`, which it is in every other way (holding, reading).  A
    level is marked from the P-positions below (the module's doc) where those are rare,
    at most `rare` of the positions below (`RARE`: for Chomp every level from n = 20
    up), and valued forward otherwise (`rare` = 1: every level marked).  At most
    `words_bytes` of the P-positions' words are kept (`WORDS_BYTES`).  With `processes`
    above 1, the P-positions below are shared out to that many processes of this machine
    (forked), each marking a level's counters of its own, which are then added up
    (`merge_counts`): the codes are the same, the memory of the counters `processes`
    times as much.

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
        words_bytes: int = WORDS_BYTES,
        processes: int = 1,
        width: int | None = None,
    ) -> None:
        if kernel.unmove is None:
            raise ValueError(
                f"{kernel.name}: its kernel has no unmove, so it has no retrograde levels"
            )
        if not 0 <= rare <= 1:
            raise ValueError(f"rare is a share of the positions, from 0 to 1, got {rare!r}")
        if type(words_bytes) is not int or words_bytes < 0:
            raise ValueError(f"words_bytes is a number of bytes, got {words_bytes!r}")
        if type(processes) is not int or processes < 1:
            raise ValueError(f"processes must be a whole number of at least 1, got {processes!r}")
        if processes > 1 and not hasattr(os, "fork"):
            raise ValueError("marking in several processes needs os.fork (Linux, macOS)")
        super().__init__(kernel, n_max, misere, chunk, width)
        self.rare = rare
        self.words_bytes = words_bytes
        self.processes = processes
        self._valued: tuple[int, np.ndarray] | None = None  # (n, counters) of the level marked
        self._offsets: dict[int, np.ndarray] = {}  # slot → its P-positions' offsets (rare)
        self._p_words: dict[int, np.ndarray] = {}  # level → the words of its P-positions
        self._p_counts: dict[int, int] = {}  # level → its P-positions

    def hold(self, n: int, k: int, values: np.ndarray) -> None:
        """Hold chunk k of level n from its codes (`value_chunk`): its P-positions'
        offsets where rare; its codes (two bits each, read by the twins of a level valued
        forward) or, for a marked level, its bitmap where not rare."""
        kept = self._keep_offsets(n, k, np.flatnonzero(values == P))
        if self._valued is None or self._valued[0] != n:
            super().hold(n, k, values)
        elif not kept:
            super().hold_bits(n, k, bitmap(values))

    def hold_bits(self, n: int, k: int, bits: np.ndarray) -> None:
        """Hold chunk k of level n from its bitmap (`bitmap`): its P-positions' offsets
        where rare, else the bitmap itself."""
        ranks = len(self.ranks(n, k))
        if bits.dtype != np.uint8 or bits.shape != (-(-ranks // 8),):
            raise ValueError(f"level {n} chunk {k} is not a uint8 bitmap of {ranks} ranks")
        found = np.flatnonzero(np.unpackbits(bits, count=ranks, bitorder="little"))
        if not self._keep_offsets(n, k, found):
            super().hold_bits(n, k, bits)

    def is_held(self, n: int, k: int | None = None) -> bool:
        """Whether chunk k of level n (every chunk of it if k is None) is held."""
        first = self.held.first
        slots = range(first[n], first[n + 1]) if k is None else [first[n] + k]
        return all(slot in self._held or slot in self._offsets for slot in slots)

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
        level below must be held.  A level marked from below (`marks`) is valued whole
        at the first chunk asked, and `progress(done)` is called once the chunk's ranks
        are; otherwise as `OutcomeEngine.value_chunk`."""
        self._check_chunk(n, k)
        self._check_ready(n, k)
        if not self.marks(n):
            self._valued = None
            self._bitmaps_below(n)
            return super().value_chunk(n, k, progress)
        if self._valued is None or self._valued[0] != n:
            self._valued = None  # the level before is let go first
            self._valued = (n, self._marked(n))
        ranks = self.ranks(n, k)
        if progress is not None:
            progress(len(ranks))
        if ranks.start % 4 == 0:
            packed = self._valued[1][ranks.start // 4 : -(-ranks.stop // 4)]
            return from_quarters(packed, len(ranks)).copy()
        return np.array([code_at(self._valued[1], r) for r in ranks], dtype=np.uint8)

    def level(self, n: int) -> np.ndarray:
        """Level n's bitmap (every chunk held), made from its offsets where it keeps them."""
        if 0 <= n <= self.n_max and self.is_held(n):
            self._bitmaps_of(n)
        return super().level(n)

    @property
    def nbytes(self) -> int:
        """The bytes held: the levels below (bitmaps, offsets, the words kept) and the
        counters of the level marked last."""
        valued = self._valued[1].nbytes if self._valued is not None else 0
        offsets = sum(o.nbytes for o in self._offsets.values())
        words = sum(w.nbytes for w in self._p_words.values())
        return super().nbytes + valued + offsets + words

    def _keep_offsets(self, n: int, k: int, p_offsets: np.ndarray) -> bool:
        """Keep chunk k of level n as its P-positions' offsets if they are rare (its
        bitmap, if held, let go); whether it is kept so."""
        self._check_chunk(n, k)
        offsets = rare_offsets(p_offsets, len(self.ranks(n, k)))
        slot = int(self.held.first[n] + k)
        if offsets is None:
            self._offsets.pop(slot, None)
            return False
        self._offsets[slot] = offsets
        self._let_go(slot)
        return True

    def _let_go(self, slot: int) -> None:
        """Stop holding the bitmap or codes of `slot` (its offsets stay)."""
        self._held.pop(slot, None)
        self.held.where[slot] = 0

    def _bitmaps_below(self, n: int) -> None:
        """Hold every level below n as the forward engine reads it: as bitmaps (`_bitmaps_of`)."""
        for m in range(n):
            self._bitmaps_of(m)

    def _bitmaps_of(self, m: int) -> None:
        """Hold every chunk of level m as its bitmap, packed from its codes or made from its
        offsets (which it keeps)."""
        self.pack(m)  # (a rare chunk's codes give way to its offsets: `hold_bits`)
        for k, slot in enumerate(range(self.held.first[m], self.held.first[m + 1])):
            if slot in self._offsets and slot not in self._held:
                bits = np.zeros(len(self.ranks(m, k)), dtype=np.uint8)
                bits[self._offsets[slot]] = 1
                super().hold_bits(m, k, np.packbits(bits, bitorder="little"))

    def _marked(self, n: int) -> np.ndarray:
        """The codes of every rank of level n, two bits each (`quarters`), marked from the
        P-positions below."""
        for slot in list(self._held):  # the bitmaps of chunks with offsets: let go
            if slot in self._offsets:
                self._let_go(slot)
        counts = np.zeros(-(-int(self.sizes[n]) // 4), dtype=np.uint8)
        shares = list(self._shares(n))
        if self.processes == 1:
            self._mark(n, shares, counts)
        else:
            self._mark_apart(n, shares, counts)
        if self.base:  # misère play: an unmarked position with no move wins
            loop = _compiled(self.kernel)["no_move_ranks"]
            self._run(loop, n, int(self.sizes[n]), (n, self.table, counts))
        return counts

    def _shares(self, n: int) -> Iterator[Share]:
        """The P-positions of every level below n, in shares (by level, and by chunk where
        their words are not kept)."""
        for m in range(n):
            words = self._words_of(m)
            if len(words):
                yield Share(m, words, np.zeros(0, np.uint32), np.int64(0))
                continue
            for k, p_offsets in enumerate(self._p_offsets(m)):
                yield Share(m, words, p_offsets, np.int64(self.ranks(m, k).start))

    def _mark(self, n: int, shares: list[Share], counts: np.ndarray) -> None:
        """Raise `counts` (level n's, two bits a rank) for the parents of every share."""
        loop = _compiled(self.kernel)["mark_parents"]
        for share in shares:
            arguments = (n, share.m, self.table, share.words, share.offsets, share.first, counts)
            self._run(loop, n, share.size, arguments)

    def _mark_apart(self, n: int, shares: list[Share], counts: np.ndarray) -> None:
        """`_mark` in `processes` processes: the shares cut into pieces dealt out in turn,
        this process marking the first deal into `counts`, each forked one the next into
        counters of its own (anonymous shared memory), added into `counts` as it ends."""
        piece = max(1, -(-sum(share.size for share in shares) // (8 * self.processes)))
        pieces = [s.part(a, a + piece) for s in shares for a in range(0, s.size, piece)]
        deals = [pieces[i :: self.processes] for i in range(self.processes)]
        children: dict[int, mmap.mmap] = {}
        parent = os.getpid()
        try:
            for deal in deals[1:]:
                memory = mmap.mmap(-1, max(len(counts), 1))
                pid = os.fork()
                if pid == 0:  # the child: mark, and leave without running the parent's exits
                    status = 1
                    try:
                        _die_with(parent)
                        self._mark(n, deal, np.frombuffer(memory, np.uint8, len(counts)))
                        status = 0
                    finally:
                        os._exit(status)
                children[pid] = memory
            self._mark(n, deals[0], counts)
            for pid in list(children):
                status = os.waitpid(pid, 0)[1]
                memory = children.pop(pid)
                if status:
                    raise ValueError(
                        f"{self.kernel.name}: level {n}: a marking process failed "
                        f"(wait status {status}); run with processes=1 to see why"
                    )
                merge_counts(counts, np.frombuffer(memory, np.uint8, len(counts)))
                memory.close()
        finally:
            for pid in children:  # stopped (Ctrl-C, an error): no process is left behind
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)

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

    def _p_offsets(self, m: int) -> list[np.ndarray]:
        """The offsets of the P-positions of each chunk of level m (held), kept or read
        from its bitmap (packed first)."""
        self.pack(m)
        found = []
        for k, slot in enumerate(range(self.held.first[m], self.held.first[m + 1])):
            if slot in self._offsets:
                found.append(self._offsets[slot])
            else:
                bits = self._held[slot]
                ranks = len(self.ranks(m, k))
                found.append(
                    np.flatnonzero(np.unpackbits(bits, count=ranks, bitorder="little")).astype(
                        np.uint32
                    )
                )
        return found

    def _p_count(self, m: int) -> int:
        """The P-positions of level m (held); kept."""
        if m not in self._p_counts:
            self._p_counts[m] = sum(len(found) for found in self._p_offsets(m))
        return self._p_counts[m]

    def _words_of(self, m: int) -> np.ndarray:
        """The words of the P-positions of level m (held), in its width, where they fit in
        `words_bytes` with those of the levels below (kept), else none."""
        if m not in self._p_words:
            count = self._p_count(m)
            held = sum(w.nbytes for w in self._p_words.values())
            if held + count * self._words_buffer(1, m).nbytes > self.words_bytes:
                return self._words_buffer(0, m)
            words = self._words_buffer(count, m)
            ranks = [
                o.astype(np.int64) + self.ranks(m, k).start
                for k, o in enumerate(self._p_offsets(m))
            ]
            if count:
                unranked_words(m, np.concatenate(ranks), self.table, words)
            self._p_words[m] = words
        return self._p_words[m]

    def _words_buffer(self, size: int, n: int) -> np.ndarray:
        """Room for `size` words of level n's width (`like_word`)."""
        return word_array(size, word_width(like_word(n, self._width)))
