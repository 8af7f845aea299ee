"""The level engine: every partition of n valued from the levels below, through the game's
own options kernel.  It names no game.

A move shrinks the diagram, so level n (the p(n) partitions of n, in rank order,
`grundy.engine.ranking`) needs only the levels below it.  Each level is cut into
chunks of ``chunk`` ranks (the last shorter), each valued on its own: the
compiled loop `value_ranks` steps from one partition to the next, and its
conjugate's word with it (`next_conjugate`, amortised O(1); it unranks only the
chunk's first), asks the kernel (``CompiledKernel.expand``, as the search
drivers do, `grundy.engine.drivers`) for its options — in a narrow word wherever
the partition's fits one, at any n, as ``CompiledKernel.value`` does — ranks
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
from functools import cache
from typing import NoReturn

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic, overload

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.ranking import (
    _limbs,
    first_part,
    like_word,
    next_conjugate,
    parts_unrank,
    ranking_table,
    word_rank,
)
from grundy.engine.specialise import specialised
from grundy.engine.wordops import NARROW_LETTERS, conj, from_parts, get_word
from grundy.partition import partition_numbers

__all__ = ["DEFAULT_CHUNK", "MAX_CHUNK", "MAX_VALUE", "LevelEngine", "check_kernel", "narrowest"]

#: Largest value a chunk holds (uint16).
MAX_VALUE = 65535
#: Ranks a chunk holds unless the atlas says otherwise (1 MiB of uint8 values).
DEFAULT_CHUNK = 1 << 20
#: The most ranks a chunk may hold (valued as uint16 in memory: 2 GiB).
MAX_CHUNK = 1 << 30
#: Ranks valued per compiled call (progress and Ctrl-C come between calls).
STEP = 1 << 16
DONE, WIDER, HUGE, NOT_SMALLER, SWITCH = 0, 1, 2, 3, 4


def _loader(bits: int) -> Callable[..., int]:
    """An intrinsic reading the unsigned integer of `bits` bits at a raw address."""

    @intrinsic
    def load(typingctx, address):
        def codegen(context, builder, signature, args):
            pointer = builder.inttoptr(args[0], ir.IntType(bits).as_pointer())
            return builder.zext(builder.load(pointer), ir.IntType(64))

        return types.int64(types.uint64), codegen

    return load


_load_uint8, _load_uint16 = _loader(8), _loader(16)


@cached_njit
def held_value(where, wide, slot, index):
    """The value at `index` of the held chunk in `slot` (its address where[slot], its
    width wide[slot]: 0 for uint8, 1 for uint16)."""
    if wide[slot]:
        return _load_uint16(where[slot] + np.uint64(2 * index))
    return _load_uint8(where[slot] + np.uint64(index))


@cached_njit
def held_at(place, where, wide, shift, base):
    """The value at `place` (slot << shift | index, as `value_ranks` notes where an option
    lies), or `base` for the empty partition (place −1)."""
    if place < 0:
        return base
    return held_value(where, wide, place >> shift, place & ((1 << shift) - 1))


@cached_njit
def fits_narrow(w, letters):
    """Whether the word w (narrow or wide) has at most `letters` ≤ NARROW_LETTERS letters."""
    lo, hi = _limbs(w)
    return (hi | (lo >> np.uint64(letters))) == 0


def in_width(w, words):
    """The word w in the width of the word array `words`: narrow (one dimension; w must
    fit, `fits_narrow`) or wide."""


@overload(in_width)
def _in_width(w, words):
    if words.ndim == 1:
        return lambda w, words: _limbs(w)[0]
    return lambda w, words: _limbs(w)


@cached_njit
def stamped_mex(seen, r, m, base):
    """The mex of the values stamped r in `seen` (seen[v] == r: some option is worth v),
    or `base` for a position with no option (m = 0: 0, or 1 in misère play)."""
    if m == 0:
        return base
    v = 0
    while seen[v] == r:
        v += 1
    return v


def value_ranks(n, lo, hi, table, where, wide, first, shift, base, splits, like,
                narrow_letters, out, out2, chunk, parts, seen, places, state):  # fmt: skip
    """Value the partitions of n of ranks state[0] … hi − 1 into chunk[r − lo] (ranks lo …
    state[0] − 1 are valued), stepping from one partition to the next (`next_conjugate`).

    The kernel gets narrow words where `out` is one-dimensional, wide ones where it
    is two: the loop stops with SWITCH at a partition whose word wants the other (a
    narrow word for every one of at most `narrow_letters` letters, `fits_narrow`, as
    `CompiledKernel.value` picks for a position of any size), state[0] then its rank.

    Level k < n lies in held chunks of 2**shift ranks: rank r in slot
    first[k] + (r >> shift), read by `held_value`.  A partition copies the value of a
    twin of smaller rank — its canonical form (the kernel's), or its conjugate if that
    has the same canonical form — from this chunk, or from a held chunk of level n
    (where[slot] ≠ 0); whichever of the two ranks first is valued.  Stops early with
    WIDER (the kernel wants a larger `out`, or `seen` is too short for its options),
    HUGE (a value above MAX_VALUE) or NOT_SMALLER (an option of size ≥ n: a broken
    kernel), state[0] then the rank it stopped at; DONE with state[0] = hi.  `seen` is
    int64 scratch, filled with −1 by the caller.
    """
    mask = (1 << shift) - 1
    length = parts_unrank(n, state[0], table, parts)
    conjugate = conj(from_parts(parts, length, like))
    for r in range(state[0], hi):
        if r > state[0]:
            length, conjugate = next_conjugate(parts, length, conjugate)
        whole = conj(conjugate)  # the partition's word, in the level's width
        if fits_narrow(whole, narrow_letters) != (out.ndim == 1):
            state[0] = r
            return SWITCH
        word, mirror = in_width(whole, out), in_width(conjugate, out)
        w = canonical(word)  # noqa: F821 (bound per kernel)
        twin = w  # a partition of the same value: its canonical form, or else its
        if w == word:  # conjugate (first part: the rows) if that has the same canonical form
            twin = word
            if length >= parts[0] and canonical(mirror) == w:  # noqa: F821 (per kernel)
                twin = mirror
        if twin != word and first_part(twin) >= parts[0]:  # else the twin ranks later
            size, twin_rank = word_rank(twin, table)
            if size == n and lo <= twin_rank < r:
                chunk[r - lo] = chunk[twin_rank - lo]
                continue
            if size == n and twin_rank < lo and where[first[n] + (twin_rank >> shift)]:
                chunk[r - lo] = held_value(where, wide, first[n] + (twin_rank >> shift),
                                           twin_rank & mask)  # fmt: skip
                continue
        m = expand(w, out, out2)  # noqa: F821 (bound per kernel)
        if m < 0 or m + 1 >= len(seen):
            state[0] = r
            return WIDER
        for i in range(m):  # where each option's pieces lie, all ranked before any is read
            for piece in range(2 if splits else 1):
                size, rank = word_rank(get_word(out2 if piece else out, i), table)
                if size >= n:
                    state[0] = r
                    return NOT_SMALLER
                places[piece * m + i] = (first[size] << shift) + rank if size else -1
        for i in range(m):
            v = held_at(places[i], where, wide, shift, base)
            if splits:  # the nim-sum of the option's two pieces
                v ^= held_at(places[m + i], where, wide, shift, base)
            if v <= m:  # a mex is at most the number of options
                seen[v] = r
        v = stamped_mex(seen, r, m, base)
        if v > MAX_VALUE:
            state[0] = r
            return HUGE
        chunk[r - lo] = v
    state[0] = hi
    return DONE


TEMPLATES = (value_ranks,)


def narrowest(values: np.ndarray) -> np.ndarray:
    """`values` (unsigned) in the smallest unsigned type that holds them: uint8 when
    every value is below 256, else uint16.

    >>> narrowest(np.array([3, 255], np.uint16)).dtype, narrowest(np.array([256], np.uint16)).dtype
    (dtype('uint8'), dtype('uint16'))
    """
    if len(values) == 0 or int(values.max()) <= 0xFF:
        return values.astype(np.uint8)
    return values.astype(np.uint16)


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
        self, kernel: CompiledKernel, n_max: int, misere: bool = False, chunk: int = DEFAULT_CHUNK
    ) -> None:
        check_kernel(kernel, misere)
        like_word(n_max)  # refuses n_max past the engine's words
        self.check_chunk(chunk)
        self.kernel = kernel
        self.n_max = n_max
        self.base = 1 if misere else 0
        self.chunk = chunk
        self.shift = chunk.bit_length() - 1
        self.table = ranking_table(n_max)
        sizes = np.array(partition_numbers(n_max), dtype=np.int64)
        if not kernel.allows_empty:
            sizes[0] = 0
        self.sizes = sizes
        #: chunks of level n: slots first[n] … first[n + 1] − 1
        self.first = np.concatenate(([0], np.cumsum(-(-sizes // chunk)))).astype(np.int64)
        self.where = np.zeros(int(self.first[-1]), dtype=np.uint64)  # 0: not held
        self.wide = np.zeros(int(self.first[-1]), dtype=np.uint8)
        self._held: dict[int, np.ndarray] = {}  # slot: its values (kept alive for `where`)
        self._buffer = 64
        #: words of at most so many letters go to the kernel narrow (fewer only in tests)
        self._narrow_letters = NARROW_LETTERS

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
        return int(self.first[n + 1] - self.first[n])

    def ranks(self, n: int, k: int) -> range:
        """The ranks of chunk k of level n."""
        lo = k * self.chunk
        return range(lo, min(lo + self.chunk, int(self.sizes[n])))

    def is_held(self, n: int, k: int | None = None) -> bool:
        """Whether chunk k of level n (every chunk of it if k is None) is held."""
        slots = range(self.first[n], self.first[n + 1]) if k is None else [self.first[n] + k]
        return all(slot in self._held for slot in slots)

    def hold(self, n: int, k: int, values: np.ndarray) -> None:
        """Hold chunk k of level n from `values` (uint8 or uint16, native order; an
        array in memory or a memory map), which must stay unchanged while held."""
        self._check_chunk(n, k)
        if values.dtype not in (np.uint8, np.uint16) or not values.dtype.isnative:
            raise ValueError(f"level {n} chunk {k} is {values.dtype}, not uint8 or uint16")
        if values.shape != (len(self.ranks(n, k)),) or not values.flags.c_contiguous:
            expected = len(self.ranks(n, k))
            raise ValueError(f"level {n} chunk {k} has {values.shape} values, expected {expected}")
        slot = int(self.first[n] + k)
        self._held[slot] = values
        self.wide[slot] = values.dtype == np.uint16
        self.where[slot] = values.ctypes.data if len(values) else 1

    def value_chunk(
        self, n: int, k: int, progress: Callable[[int], None] | None = None
    ) -> np.ndarray:
        """The values of chunk k of level n (every level below must be held), in the
        narrowest type (`narrowest`); `progress(done)` is called with the ranks valued so far."""
        self._check_chunk(n, k)
        for below in range(n):
            if not self.is_held(below):
                raise ValueError(f"level {n} needs level {below}, which is not held")
        ranks = self.ranks(n, k)
        values = np.zeros(len(ranks), dtype=np.uint16)
        for lo in range(ranks.start, ranks.stop, STEP):
            self._value_range(n, ranks.start, lo, min(lo + STEP, ranks.stop), values)
            if progress is not None:
                progress(min(lo + STEP, ranks.stop) - ranks.start)
        return narrowest(values)

    def value_level(self, n: int, progress: Callable[[int, int], None] | None = None) -> np.ndarray:
        """Value every chunk of level n in memory, hold them and return the level;
        `progress(done, total)` is called as ranks are valued."""
        total = int(self.sizes[n])
        for k in range(self.chunks(n)):
            start = k * self.chunk
            report = None if progress is None else (lambda done, s=start: progress(s + done, total))
            self.hold(n, k, self.value_chunk(n, k, report))
        return self.level(n)

    @property
    def nbytes(self) -> int:
        """The bytes of the values held (in memory or mapped)."""
        return sum(values.nbytes for values in self._held.values())

    def level(self, n: int) -> np.ndarray:
        """Level n (every chunk held), in one array of the widest of its chunks' types."""
        if not 0 <= n <= self.n_max or not self.is_held(n):
            raise ValueError(f"level {n} is not held")
        pieces = [self._held[slot] for slot in range(self.first[n], self.first[n + 1])]
        if not pieces:
            return np.zeros(0, dtype=np.uint8)
        return np.concatenate(pieces, dtype=np.result_type(*pieces))

    def _check_chunk(self, n: int, k: int) -> None:
        if not 0 <= n <= self.n_max:
            raise ValueError(f"level {n} is past this engine's levels 0..{self.n_max}")
        if not 0 <= k < self.chunks(n):
            raise ValueError(f"level {n} has chunks 0..{self.chunks(n) - 1}, not {k}")

    def _value_range(self, n: int, lo: int, start: int, hi: int, values: np.ndarray) -> None:
        like = like_word(n)
        loop = _compiled(self.kernel)["value_ranks"]
        parts = np.zeros(n + 2, dtype=np.int64)
        state = np.array([start], dtype=np.int64)
        splits = self.kernel.splits
        narrow = True  # the kernel's words: narrow while they fit (`value_ranks`)
        # scratch made once per size, kept across switches (`seen` marks ranks, which only grow)
        scratch: dict[bool, tuple[np.ndarray, np.ndarray]] = {}
        seen = places = np.zeros(0, dtype=np.int64)
        while True:
            if len(seen) != self._buffer + 2:
                scratch.clear()
                seen = np.full(self._buffer + 2, -1, dtype=np.int64)
                places = np.zeros(2 * self._buffer, dtype=np.int64)
            if narrow not in scratch:
                shape = (self._buffer,) if narrow else (self._buffer, 2)
                scratch[narrow] = (np.zeros(shape, np.uint64), np.zeros(shape, np.uint64))
            out, out2 = scratch[narrow]
            status = loop(
                n, lo, hi, self.table, self.where, self.wide, self.first, self.shift,
                self.base, splits, like, self._narrow_letters, out, out2, values, parts,
                seen, places, state,
            )  # fmt: skip
            if status == DONE:
                return
            if status == SWITCH:
                narrow = not narrow
                continue
            if status != WIDER:
                break
            self._buffer *= 2
        refuse(status, f"{self.kernel.name}: level {n}, rank {int(state[0])}", "not smaller")


def refuse(status: int, where: str, option: str) -> NoReturn:
    """The ValueError of a loop that stopped at `where` with HUGE (a value past uint16)
    or NOT_SMALLER (the kernel listed an option that is `option`: a broken kernel)."""
    if status == HUGE:
        raise ValueError(f"{where} has a value above {MAX_VALUE}; the atlas stores uint16")
    raise ValueError(f"{where}: the kernel listed an option that is {option}")


@cache
def _compiled(kernel: CompiledKernel) -> dict[str, Callable[..., int]]:
    """The level loop compiled for `kernel` (once per process, cached on disk)."""
    return specialised(TEMPLATES, kernel.expand, kernel.canonical, kernel.name)
