"""The level engine: every partition of n valued from the levels below, through the game's
own options kernel.  It names no game.

A move shrinks the diagram, so level n (the p(n) partitions of n, in rank order,
`grundy.engine.ranking`) needs only the levels below it.  Each level is cut into
chunks of ``chunk`` ranks (the last shorter), each valued on its own: the
compiled loop `value_ranks` steps from one partition to the next, and its
conjugate's word with it (`next_conjugate`, amortised O(1); it unranks only the
chunk's first), asks the kernel (``CompiledKernel.expand``, as the search
drivers do, `grundy.engine.drivers`) for its options — in a narrow word wherever
the partition's fits one, at any n, as ``CompiledKernel.value`` does, else in a
word of the level's width (wide from n = 56, broad from n = 120: the kernel is
compiled for broad words only where a level needs them) — ranks
each option from its word (`word_rank`, O(distinct parts)), reads its value
from its level, and writes the mex: no hash table.
An option that is a sum of two pieces (a kernel with ``splits``) is worth the
nim-sum of the pieces (normal play only: misère sums are refused, as the
census refuses them).  A position with no option is worth 0, or 1 in misère
play; the empty partition is such a position where the kernel
``allows_empty``, and level 0 is then [base], else empty.

The lower levels are read where they lie — numpy memory maps of the atlas's
chunk files, or arrays in memory — through a table of the chunks' addresses,
so a worker of a cluster holds no copy of them.  A chunk depends only on the
levels below (and, for the twins it copies, on its own ranks and on chunks of
its level already held), so chunks of one level may be valued in any order, in
any process, with identical results.

A chunk is valued into uint16 and kept in the smallest unsigned type that
holds its values (uint8 almost always, `narrowest`); a value above
`MAX_VALUE` is refused with a clear message.

>>> from grundy import get_ruleset
>>> engine = LevelEngine(get_ruleset("cr").kernel, n_max=4)
>>> [engine.value_level(n).tolist() for n in range(5)]  # [2, 2] is rank 2 of level 4
[[0], [1], [2, 2], [1, 0, 1], [2, 3, 0, 3, 2]]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, NoReturn

import numpy as np
from numba.extending import overload

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.level_loop import (
    LEVEL_DONE,
    MAX_VALUE,
    NOT_SMALLER,
    OPTIONS_FULL,
    OTHER_WIDTH,
    VALUE_TOO_LARGE,
    Held,
    Scratch,
    Span,
    compiled_loops,
    held_at,
    held_rank,
    refuse,
    scratch,
    settle,
    slot_of,
    stop,
)
from grundy.engine.ranking import (
    first_part,
    like_word,
    next_conjugate,
    parts_unrank,
    ranking_table,
    word_rank,
)
from grundy.engine.wordops import NARROW_LETTERS, conj, from_parts, get_word, limbs, word_width
from grundy.partition import partition_numbers

__all__ = [
    "DEFAULT_CHUNK",
    "MAX_CHUNK",
    "MAX_VALUE",
    "NOT_PLACED",
    "STEP",
    "Level",
    "LevelEngine",
    "canonical_twin",
    "check_kernel",
    "joined",
    "level_words",
    "narrowest",
    "option_place",
]

#: Ranks a chunk holds unless the atlas says otherwise (1 MiB of uint8 values).
DEFAULT_CHUNK = 1 << 20
#: The most ranks a chunk may hold (valued as uint16 in memory: 2 GiB).
MAX_CHUNK = 1 << 30
#: Ranks valued per compiled call (progress and Ctrl-C come between calls).
STEP = 1 << 16


class Level(NamedTuple):
    """The level `value_ranks` values, and how: its words (`table` = `ranking_table`,
    `like` = `like_word(n)`, narrow for at most `narrow_letters` letters), the value of
    a position with no option (`base`) and whether options split."""

    n: int
    table: np.ndarray
    like: np.uint64 | tuple[np.uint64, ...]
    narrow_letters: int
    base: int
    splits: bool


@cached_njit
def fits_narrow(w, letters):
    """Whether the word w (of any width) has at most `letters` ≤ NARROW_LETTERS letters."""
    ws = limbs(w)
    above = ws[0] >> np.uint64(letters)
    for i in range(1, len(ws)):
        above |= ws[i]
    return above == 0


def in_width(w, words):
    """The word w in the width of the word array `words` (its dimensions,
    `grundy.engine.wordops.word_array`): limbs of 0 added, or limbs dropped (w must fit:
    `fits_narrow` for a narrow one)."""


_NO_LIMBS = (np.uint64(0), np.uint64(0))


@overload(in_width)
def _in_width(w, words):
    if words.ndim == 1:
        return lambda w, words: limbs(w)[0]
    width = words.ndim
    return lambda w, words: (limbs(w) + _NO_LIMBS)[:width]


@cached_njit
def level_words(conjugate, out, narrow_letters):
    """(fits, word, mirror): the words of a partition of a level (`conjugate`, its
    conjugate's, in the level's width) in the width of `out` — the partition's and its
    conjugate's — and whether that is the width its words want (narrow for at most
    `narrow_letters` letters, `fits_narrow`)."""
    whole = conj(conjugate)  # the partition's word, in the level's width
    fits = fits_narrow(whole, narrow_letters) == (out.ndim == 1)
    return fits, in_width(whole, out), in_width(conjugate, out)


def canonical_twin(word, mirror, length, first, table, n):
    """(w, t): the kernel's canonical form w of the partition `word` of n (`length` parts,
    the largest `first`; `mirror`, its conjugate's word), and the rank t in level n of a
    twin that ranks no later by its first part — its canonical form, or else its
    conjugate if that has the same canonical form (first part: the rows) — or −1.  A
    twin is worth what the partition is worth; the caller checks that t < its rank."""
    w = canonical(word)  # noqa: F821 (bound per kernel)
    twin = w
    if w == word:
        twin = word
        if length >= first and canonical(mirror) == w:  # noqa: F821 (bound per kernel)
            twin = mirror
    if twin != word and first_part(twin) >= first:  # else the twin ranks later
        size, rank = word_rank(twin, table)
        if size == n:
            return w, rank
    return w, -1


#: `next_rank`'s states: the partition is to be valued (its twin, if any, in an earlier
#: chunk), or it copied its twin's code from this chunk (or OTHER_WIDTH: words of the other
#: width wanted).
TO_VALUE, COPIED = -1, -2


def next_rank(level, span, out, r, parts, length, conjugate):
    """(length, conjugate, w, t, state): the partition of rank r of level n stepped to
    from rank r − 1 (`parts`, `length`, its `conjugate`'s word; unstepped at the span's
    first rank), its canonical form w and its twin's rank t (`canonical_twin`), a twin
    in this chunk copied into ``span.chunk`` (state COPIED): the stepping every level
    loop shares (`value_ranks`, `grundy.engine.outcome_levels.outcome_ranks`)."""
    n, table, _, narrow_letters, _, _ = level
    lo, _, chunk, at = span
    if r > at[0]:
        length, conjugate = next_conjugate(parts, length, conjugate)
    fits, word, mirror = level_words(conjugate, out, narrow_letters)
    if not fits:
        return length, conjugate, word, -1, OTHER_WIDTH
    w, t = canonical_twin(word, mirror, length, parts[0], table, n)
    if lo <= t < r:
        chunk[r - lo] = chunk[t - lo]
        return length, conjugate, w, t, COPIED
    return length, conjugate, w, t, TO_VALUE


#: `option_place` of an option that is not smaller than the position (a broken kernel).
NOT_PLACED = -2


@cached_njit
def option_place(held, word, table, n):
    """Where the option `word` of a partition of n lies among the held levels below
    (slot << shift | index, as `held_at` reads it; −1: the empty partition), or
    `NOT_PLACED` for an option of size ≥ n."""
    size, rank = word_rank(word, table)
    if size >= n:
        return NOT_PLACED
    return (held.first[size] << held.shift) + rank if size else -1


def value_ranks(level, span, held, scratch):
    """Value the partitions of level n of ranks span.at[0] … hi − 1 (`Span`), stepping
    from one partition to the next (`next_conjugate`).

    The kernel gets narrow words where `scratch.out` is one-dimensional, wide ones
    where it is two: the loop stops with OTHER_WIDTH at a partition whose word wants
    the other (a narrow word for every one of at most `narrow_letters` letters,
    `level_words`, as `CompiledKernel.value` picks for a position of any size).

    Level k < n lies in held chunks (`held_rank`).  A partition copies the value of a
    twin of smaller rank (`canonical_twin`) from this chunk, or from a held chunk of
    level n; whichever of the two ranks first is valued.  Stops early with
    OPTIONS_FULL, VALUE_TOO_LARGE or NOT_SMALLER (an option of size ≥ n: a broken
    kernel); with LEVEL_DONE once every rank is valued.
    """
    n, table, like, _, base, splits = level
    lo, hi, chunk, at = span
    out, out2, seen = scratch
    parts = np.zeros(n + 2, dtype=np.int64)  # the partition at hand
    places = np.empty(2 * len(out), dtype=np.int64)  # where each option's pieces lie
    length = parts_unrank(n, at[0], table, parts)
    conjugate = conj(from_parts(parts, length, like))
    for r in range(at[0], hi):
        length, conjugate, w, t, state = next_rank(level, span, out, r, parts, length, conjugate)
        if state != TO_VALUE:
            if state == OTHER_WIDTH:
                return stop(at, r, OTHER_WIDTH)
            continue
        if 0 <= t < lo and held.where[slot_of(held, n, t)]:
            chunk[r - lo] = held_rank(held, n, t)
            continue
        m = expand(w, out, out2)  # noqa: F821 (bound per kernel)
        if m < 0 or m + 1 >= len(seen):
            return stop(at, r, OPTIONS_FULL)
        for i in range(m):  # where each option's pieces lie, all placed before any is read
            for piece in range(2 if splits else 1):
                place = option_place(held, get_word(out2 if piece else out, i), table, n)
                if place == NOT_PLACED:
                    return stop(at, r, NOT_SMALLER)
                places[piece * m + i] = place
        for i in range(m):
            v = held_at(held, places[i], base)
            if splits:  # the nim-sum of the option's two pieces
                v ^= held_at(held, places[m + i], base)
            if v <= m:  # a mex is at most the number of options
                seen[v] = r
        if not settle(chunk, r - lo, seen, r, m, base):
            return stop(at, r, VALUE_TOO_LARGE)
    return stop(at, hi, LEVEL_DONE)


TEMPLATES = (value_ranks, next_rank, canonical_twin)


def narrowest(values: np.ndarray) -> np.ndarray:
    """`values` (unsigned) in the smallest unsigned type that holds them: uint8 when
    every value is below 256, else uint16.

    >>> narrowest(np.array([3, 255], np.uint16)).dtype, narrowest(np.array([256], np.uint16)).dtype
    (dtype('uint8'), dtype('uint16'))
    """
    if len(values) == 0 or int(values.max()) <= 0xFF:
        return values.astype(np.uint8)
    return values.astype(np.uint16)


def joined(pieces: list[np.ndarray]) -> np.ndarray:
    """The chunks `pieces` of a level end to end, in the widest of their types (uint8 for
    none).

    >>> joined([np.array([1], np.uint8), np.array([300], np.uint16)]).tolist(), joined([]).dtype
    ([1, 300], dtype('uint8'))
    """
    if not pieces:
        return np.zeros(0, dtype=np.uint8)
    return np.concatenate(pieces, dtype=np.result_type(*pieces))


def check_kernel(kernel: CompiledKernel, misere: bool) -> None:
    """Refuse (ValueError) a kernel the level engine cannot take: positions that are not
    plain partitions (packed keys with a history), or misère play of a splitting game.

    >>> from grundy import get_ruleset
    >>> check_kernel(get_ruleset("cris").kernel, misere=True)
    Traceback (most recent call last):
    ...
    ValueError: cris: no misère atlas for a game whose moves split (sums are not nim-sums)
    """
    if not kernel.positions_are_partitions:
        raise ValueError(
            f"{kernel.name}: its positions are not plain partitions (its kernel packs "
            "more than the diagram), so it has no atlas"
        )
    if misere and kernel.splits:
        raise ValueError(
            f"{kernel.name}: no misère atlas for a game whose moves split (sums are not nim-sums)"
        )


class LevelEngine:
    """Levels 0 … n_max of one kernel and convention, each in chunks of `chunk` ranks.

    A chunk is valued (`value_chunk`) once every level below it is held, and held
    (`hold`) from wherever it lies: the array just valued, or a memory map of its file.
    `value_level` values a whole level in memory, chunk by chunk.

    >>> from grundy import get_ruleset
    >>> engine = LevelEngine(get_ruleset("chomp").kernel, n_max=3, misere=True)
    >>> [engine.value_level(n).tolist() for n in range(4)]  # Chomp has no empty board
    [[], [1], [0, 0], [2, 1, 2]]
    """

    def __init__(
        self,
        kernel: CompiledKernel,
        n_max: int,
        misere: bool = False,
        chunk: int = DEFAULT_CHUNK,
        width: int | None = None,
    ) -> None:
        check_kernel(kernel, misere)
        like_word(n_max, width)  # refuses n_max past the engine's words
        #: the limbs of every level's words (None: the fewest that hold its partitions,
        #: `like_word`; more only in tests, so that small levels run on broad words)
        self._width = width
        self.check_chunk(chunk)
        self.table = ranking_table(n_max)
        sizes = np.array(partition_numbers(n_max), dtype=np.int64)
        if not kernel.allows_empty:
            sizes[0] = 0
        self._start(kernel, misere, chunk, sizes)
        #: words of at most so many letters go to the kernel narrow (fewer only in tests)
        self._narrow_letters = NARROW_LETTERS

    def _start(self, kernel: CompiledKernel, misere: bool, chunk: int, sizes: np.ndarray) -> None:
        """Set up levels of sizes[n] ranks for `kernel` and the convention, in chunks of
        `chunk` ranks, none held."""
        self.kernel = kernel
        self.n_max = len(sizes) - 1
        self.base = 1 if misere else 0
        self.chunk = chunk
        self.sizes = sizes
        #: chunks of level n: slots first[n] … first[n + 1] − 1
        first = np.concatenate(([0], np.cumsum(-(-sizes // chunk)))).astype(np.int64)
        slots = int(first[-1])
        where = np.zeros(slots, dtype=np.uint64)  # 0: not held
        self.held = Held(where, np.zeros(slots, dtype=np.uint8), first, chunk.bit_length() - 1)
        self._held: dict[int, np.ndarray] = {}  # slot: its values (kept alive for `where`)
        self._buffer = 64

    @staticmethod
    def check_chunk(chunk: int) -> None:
        """ValueError unless `chunk` (the ranks a chunk holds) is a power of two of at most
        `MAX_CHUNK`.

        >>> LevelEngine.check_chunk(1 << 40)
        Traceback (most recent call last):
        ...
        ValueError: chunk must be a power of two from 1 to 2^30, got 1099511627776
        """
        if type(chunk) is not int or not 0 < chunk <= MAX_CHUNK or chunk & (chunk - 1):
            top = MAX_CHUNK.bit_length() - 1
            raise ValueError(f"chunk must be a power of two from 1 to 2^{top}, got {chunk!r}")

    def chunks(self, n: int) -> int:
        """The number of chunks of level n."""
        return int(self.held.first[n + 1] - self.held.first[n])

    def ranks(self, n: int, k: int) -> range:
        """The ranks of chunk k of level n."""
        lo = k * self.chunk
        return range(lo, min(lo + self.chunk, int(self.sizes[n])))

    def is_held(self, n: int, k: int | None = None) -> bool:
        """Whether chunk k of level n (every chunk of it if k is None) is held."""
        first = self.held.first
        slots = range(first[n], first[n + 1]) if k is None else [first[n] + k]
        return all(slot in self._held for slot in slots)

    def hold(self, n: int, k: int, values: np.ndarray) -> None:
        """Hold chunk k of level n from `values` (uint8 or uint16, native order; an
        array in memory or a memory map), which must stay unchanged while held."""
        if values.dtype not in (np.uint8, np.uint16) or not values.dtype.isnative:
            raise ValueError(f"level {n} chunk {k} is {values.dtype}, not uint8 or uint16")
        self._place(n, k, values, len(self.ranks(n, k)), values.dtype == np.uint16)

    def _place(self, n: int, k: int, values: np.ndarray, length: int, wide: bool) -> None:
        """Hold `values` (`length` of them, contiguous) as chunk k of level n, its slot's
        `Held.wide` flag set to `wide`."""
        self._check_chunk(n, k)
        if values.shape != (length,) or not values.flags.c_contiguous:
            raise ValueError(f"level {n} chunk {k} has {values.shape} values, expected {length}")
        slot = int(self.held.first[n] + k)
        self._held[slot] = values
        self.held.wide[slot] = wide
        self.held.where[slot] = values.ctypes.data if len(values) else 1

    def value_chunk(
        self, n: int, k: int, progress: Callable[[int], None] | None = None
    ) -> np.ndarray:
        """The values of chunk k of level n (every level below must be held), in the
        narrowest type (`narrowest`); `progress(done)` is called with the ranks valued so far."""
        self._check_chunk(n, k)
        self._check_ready(n, k)
        ranks = self.ranks(n, k)
        values = np.zeros(len(ranks), dtype=np.uint16)
        for lo in range(ranks.start, ranks.stop, STEP):
            hi = min(lo + STEP, ranks.stop)
            self._value_span(n, Span(ranks.start, hi, values, np.array([lo], dtype=np.int64)))
            if progress is not None:
                progress(hi - ranks.start)
        return narrowest(values)

    def value_level(self, n: int, progress: Callable[[int, int], None] | None = None) -> np.ndarray:
        """Value every chunk of level n in memory, hold them and return the level (what
        `value_chunk` gives, chunk after chunk); `progress(done, total)` is called as
        ranks are valued."""
        total = int(self.sizes[n])
        pieces = []
        for k in range(self.chunks(n)):
            start = k * self.chunk
            report = None if progress is None else (lambda done, s=start: progress(s + done, total))
            pieces.append(self.value_chunk(n, k, report))
            self.hold(n, k, pieces[-1])
        return joined(pieces)

    @property
    def nbytes(self) -> int:
        """The bytes of the values held (in memory or mapped)."""
        return sum(values.nbytes for values in self._held.values())

    def level(self, n: int) -> np.ndarray:
        """Level n (every chunk held), in one array of the widest of its chunks' types."""
        if not 0 <= n <= self.n_max or not self.is_held(n):
            raise ValueError(f"level {n} is not held")
        first = self.held.first
        return joined([self._held[slot] for slot in range(first[n], first[n + 1])])

    def _check_chunk(self, n: int, k: int) -> None:
        if not 0 <= n <= self.n_max:
            raise ValueError(f"level {n} is past this engine's levels 0..{self.n_max}")
        if not 0 <= k < self.chunks(n):
            raise ValueError(f"level {n} has chunks 0..{self.chunks(n) - 1}, not {k}")

    def _check_ready(self, n: int, k: int) -> None:
        """ValueError unless what chunk k of level n is valued from is held: every level below."""
        for below in range(n):
            if not self.is_held(below):
                raise ValueError(f"level {n} needs level {below}, which is not held")

    def _loop(self, n: int) -> tuple[Callable[..., int], Any]:
        """The compiled loop that values level n, and its first argument."""
        like = like_word(n, self._width)
        level = Level(n, self.table, like, self._narrow_letters, self.base, self.kernel.splits)
        return compiled_loops(TEMPLATES, self.kernel)["value_ranks"], level

    def _refuse(self, status: int, n: int, rank: int) -> NoReturn:
        """The ValueError of a loop that stopped at `rank` of level n with `status`."""
        refuse(status, f"{self.kernel.name}: level {n}, rank {rank}", "not smaller")

    def _value_span(self, n: int, span: Span) -> None:
        """Value `span` of level n with the compiled loop, giving the kernel a larger options
        buffer, or words of the other width, as the loop asks: narrow ones, or those of
        the level's width (wide for a narrow level)."""
        loop, arguments = self._loop(n)
        width = word_width(arguments.like)  # the kernel's words: narrow while they fit
        other = max(width, 2)
        buffers: dict[int, Scratch] = {}  # made once per size and width
        while True:
            if width not in buffers:
                buffers[width] = scratch(self._buffer, width)
            status = loop(arguments, span, self.held, buffers[width])
            if status == LEVEL_DONE:
                return
            if status == OTHER_WIDTH:
                width = other if width == 1 else 1
            elif status == OPTIONS_FULL:
                self._buffer *= 2
                buffers.clear()
            else:
                self._refuse(status, n, int(span.at[0]))
