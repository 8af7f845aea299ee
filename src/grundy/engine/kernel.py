"""`CompiledKernel`: a game's compiled options kernel as a ruleset capability.

A game on partitions declares ``kernel = CompiledKernel("name", expand,
canonical)`` with a numba options kernel (`grundy.engine.drivers`; each
built-in game builds its own in a kernel module beside its rules,
``grundy/games/<game>_kernel.py``, named by a `grundy.game.LazyKernel` so
that numba loads on first use); grundy then values
its positions above the game's ``small_size`` with the compiled engine
(`Search`) whenever their boundary word fits (at most
`grundy.engine.words.MAX_LETTERS` letters), counts all partitions of n by
value in one compiled pass (`count_table`), and offers `grundy search GAME
POSITION` with a memory cap, progress, Ctrl-C and checkpoints.  A position
that does not fit (or a misère sum of a splitting game) is answered None,
and the generic solver takes over.

>>> from grundy import get_ruleset
>>> from grundy.partition import Partition, staircase
>>> kernel = get_ruleset("cr").kernel  # remove a row or a column
>>> kernel.value(staircase(6), misere=False)
0
>>> kernel.count_table(4, misere=False)[4]  # [2, 2] is the P-position
{0: 1, 2: 2, 3: 2}
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cached_property
from typing import Any

import numpy as np

from grundy.engine.drivers import partition_words
from grundy.engine.search import Search, ValueTooLarge
from grundy.engine.specialise import compiled_drivers
from grundy.engine.transposition import pack, unpack
from grundy.engine.wordops import NARROW_LETTERS, WIDE_LETTERS
from grundy.engine.words import decode, encode, width
from grundy.partition import Partition, partition_numbers

__all__ = ["CompiledKernel"]

#: Largest n whose partitions all have narrow words (λ1 + ℓ ≤ n + 1 letters).
NARROW_CENSUS_N = NARROW_LETTERS - 1
#: Largest n for which `census` and `count_table` run (wide words above NARROW_CENSUS_N).
MAX_CENSUS_N = WIDE_LETTERS - 1


class CompiledKernel:
    """A numba options kernel and what the engine needs to know about it: the
    `grundy.game.Kernel` a ruleset declares.

    name: the game's name (checkpoints are tied to it).  expand: the kernel
    (`grundy.engine.drivers`).  canonical: the numba canonical form of a word
    (`primitives.identity`, `primitives.conjugation_canonical` or the game's
    own).  splits: options are sums of two pieces (normal play only).
    allows_empty: whether the empty partition is a position (it is
    terminal), for the census.  pack: for
    positions that are not partitions, their packed key (a Python int, None
    if it does not fit), and `census_shift`: how far a partition's word is
    shifted left in the key of the same diagram as a starting position.
    unmove: optionally, the kernel run backwards, ``unmove(w, k, out) -> m``: the words
    of the parents of the partition w with k more boxes (each once for every move of
    it that leaves w, in w's width, not made canonical) written to ``out[0:m]``, −1 if
    out is too short; the retrograde outcome levels use it
    (`grundy.engine.retrograde_levels`).
    """

    def __init__(
        self,
        name: str,
        expand: Callable[..., int],
        canonical: Callable[..., Any],
        splits: bool = False,
        allows_empty: bool = True,
        pack: Callable[[Any], int | None] | None = None,
        census_shift: int = 0,
        unmove: Callable[..., int] | None = None,
    ) -> None:
        self.name = name
        self.expand = expand
        self.canonical = canonical
        self.splits = splits
        self.allows_empty = allows_empty
        self._pack = pack
        self.census_shift = census_shift
        self.unmove = unmove
        self._shared: dict[tuple[bool, int], Search] = {}

    def __repr__(self) -> str:
        return f"CompiledKernel({self.name!r})"

    @cached_property
    def drivers(self) -> dict[str, Callable[..., int]]:
        """The searches of `grundy.engine.drivers` compiled for this kernel (`specialise`)."""
        return compiled_drivers(self.expand, self.canonical, self.name)

    # ----------------------------------------------------------- positions
    @property
    def positions_are_partitions(self) -> bool:
        """Whether a position is its diagram alone (no packed key with more in it)."""
        return self._pack is None

    def canonical_word(self, word: int) -> int:
        """The canonical form of a packed position (Python int in, Python int out)."""
        w = int(word)
        return unpack(self.canonical(pack(w, 2 if w.bit_length() > NARROW_LETTERS else 1)))

    def key(self, position: Any) -> int | None:
        """The packed key of `position`, or None if the engine cannot hold it."""
        if self._pack is not None:
            return self._pack(position)
        lam = self.partition_of(position)
        if lam is None or width(lam) is None:
            return None
        return encode(lam)

    @staticmethod
    def partition_of(position: Any) -> Partition | None:
        """The one partition a position is (a Partition, or a sum of one), else None."""
        if isinstance(position, Partition):
            return position
        summands = getattr(position, "summands", None)
        if summands is not None and len(summands) <= 1:
            return summands[0] if summands else Partition()
        return None

    def shared(self, misere: bool, word_width: int = 1) -> Search:
        """The process-wide search (default memory cap) for one convention and width."""
        key = (bool(misere), word_width)
        search = self._shared.get(key)
        if search is None:
            search = self._shared[key] = Search(
                self, misere=misere, width=word_width, progress=False
            )
        return search

    def search(
        self,
        position: Any,
        misere: bool = False,
        memory: str | int | None = None,
        checkpoint: str | os.PathLike[str] | None = None,
        progress: Any = None,
    ) -> tuple[Search, int]:
        """A fresh `Search` for one big position, and the position's packed word."""
        key = self.key(position)
        if key is None:
            lam = self.partition_of(position)
            if lam is not None:
                encode(lam)  # raises with the limit in the message
            raise ValueError(f"{self.name}: position too large for the compiled engine")
        word_width = 1 if key.bit_length() <= NARROW_LETTERS else 2
        engine = Search(
            self, misere, memory=memory, checkpoint=checkpoint, progress=progress, width=word_width
        )
        return engine, key

    def option_words(self, word: int) -> list[int] | list[tuple[int, int]]:
        """What the kernel writes for the packed position `word` (a Python int): its
        options' words in the kernel's order, repeats kept, as Python ints (pairs of
        pieces for a kernel whose options split).  For checking a kernel against its
        game's rules.

        >>> from grundy import get_ruleset
        >>> from grundy.engine.words import decode, encode
        >>> kernel = get_ruleset("cr").kernel
        >>> sorted(str(decode(w)) for w in kernel.option_words(encode(Partition([2, 1]))))
        ['1', '1', '2', '2']
        """
        word_width = 1 if int(word).bit_length() <= NARROW_LETTERS else 2
        root = pack(int(word), word_width)
        size = 16
        while True:
            shape = (size,) if word_width == 1 else (size, 2)
            out, out2 = np.zeros(shape, np.uint64), np.zeros(shape, np.uint64)
            m = self.expand(root, out, out2)
            if m >= 0:
                break
            size *= 2  # the kernel asks for a larger buffer
        firsts = [unpack(w) for w in out[:m]]
        if self.splits:
            return list(zip(firsts, [unpack(w) for w in out2[:m]], strict=True))
        return firsts

    def parent_words(self, word: int, k: int, wide: bool = False) -> list[int]:
        """What ``unmove`` writes for the packed partition `word` (a Python int) and k more
        boxes: its parents' words in the kernel's order, repeats kept, as Python ints (in
        wide words if `wide` or if a partition of the parents' size may need them, as the
        retrograde levels give them).  For checking an unmove kernel against its game's
        options; ValueError for a kernel without one.

        >>> from grundy import get_ruleset
        >>> from grundy.engine.words import decode, encode
        >>> kernel = get_ruleset("chomp").kernel  # bites that leave [2, 1], of one box
        >>> sorted(str(decode(w)) for w in kernel.parent_words(encode(Partition([2, 1])), 1))
        ['2,1^2', '2^2', '3,1']
        """
        if self.unmove is None:
            raise ValueError(f"{self.name}: its kernel has no unmove")
        n = decode(int(word)).size + k  # the parents': a partition of n has ≤ n + 1 letters
        word_width = 2 if wide or n + 1 > NARROW_LETTERS else 1
        root = pack(int(word), word_width)
        room = 16
        while True:
            out = np.zeros((room,) if word_width == 1 else (room, 2), np.uint64)
            m = self.unmove(root, k, out)
            if m >= 0:
                return [unpack(w) for w in out[:m]]
            room *= 2  # the kernel asks for a larger buffer

    # ------------------------------------------------------ capabilities
    def value(self, position: Any, misere: bool = False) -> int | None:
        """The value by compiled search, or None when the engine cannot take it."""
        if misere and self.splits:
            return None
        key = self.key(position)
        if key is None:
            return None
        word_width = 1 if key.bit_length() <= NARROW_LETTERS else 2
        search = self.shared(misere, word_width)
        search.progress = None  # one value may take long: a progress line on a terminal
        try:
            return search.value(key)
        except ValueTooLarge:
            return None
        finally:
            search.progress = False

    def box_values(self, position: Partition, misere: bool = False) -> list[list[int]] | None:
        """SG(λ[i, j]) for every box, from one shared table (None if λ does not fit)."""
        word_width = width(position)
        if word_width is None or (misere and self.splits) or self._pack is not None:
            return None
        search = self.shared(misere, word_width)
        boxes = [position.sub(i, j) for i, part in enumerate(position.parts()) for j in range(part)]
        roots = np.array([pack(encode(b), word_width) for b in boxes], dtype=np.uint64)
        values = iter(search.values(roots.reshape(len(boxes), *(() if word_width == 1 else (2,)))))
        return [[int(next(values)) for _ in range(part)] for part in position.parts()]

    def can_census(self, n_max: int, misere: bool = False) -> bool:
        """Whether `census` runs for every n ≤ n_max: the words fit (narrow ones only for
        keys shifted by a history), and not misère play of a splitting game."""
        limit = NARROW_CENSUS_N - self.census_shift if self.census_shift else MAX_CENSUS_N
        return n_max <= limit and not (misere and self.splits)

    def census(
        self, n: int, misere: bool = False, valued: Callable[[int], None] | None = None
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """(words, values) of every partition of n ≥ 1, [n] first, in one compiled pass.

        None when `can_census` says no.  The words are the partitions' own
        (unshifted) words: uint64[p(n)] up to NARROW_CENSUS_N, uint64[p(n), 2] above.
        `valued(k)`: told every quarter of a second or so that k partitions are valued
        (the pass runs in chunks, so Ctrl-C stops it at once).
        """
        if n < 1 or not self.can_census(n, misere):
            return None
        word_width = 1 if n <= NARROW_CENSUS_N else 2
        words = partition_words(n, partition_numbers(n)[n], word_width)
        roots = words << np.uint64(self.census_shift) if self.census_shift else words
        return words, self.shared(misere, word_width).values(roots, valued)

    def tally(
        self, n: int, misere: bool = False, valued: Callable[[int], None] | None = None
    ) -> dict[int, int] | None:
        """{value: number of partitions of n with it}, by `census` (`valued`: see there);
        None when `can_census` says no.

        >>> from grundy import get_ruleset
        >>> kernel = get_ruleset("cr").kernel
        >>> kernel.tally(4), kernel.tally(0, misere=True)
        ({0: 1, 2: 2, 3: 2}, {1: 1})
        """
        if not self.can_census(n, misere):
            return None
        if n == 0:  # the empty partition, terminal where it is a position
            return {(1 if misere else 0): 1} if self.allows_empty else {}
        _, values = self.census(n, misere, valued)  # type: ignore[misc]
        return {int(v): int(c) for v, c in enumerate(np.bincount(values)) if c}

    def count_table(
        self, n_max: int, misere: bool = False, progress: Callable[[int, int], None] | None = None
    ) -> list[dict[int, int]] | None:
        """[{value: number of partitions of n with it} for n ≤ n_max], by `census`.

        None when n_max > MAX_CENSUS_N or for misère play of a splitting game.
        """
        if not self.can_census(n_max, misere):
            return None
        table = []
        for n in range(n_max + 1):
            table.append(self.tally(n, misere))
            if progress is not None:
                progress(n + 1, n_max + 1)
        return table  # type: ignore[return-value]
