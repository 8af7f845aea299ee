"""What the atlas's two compiled loops share: their arguments, their status codes, and the
compiled helpers both call (`grundy.engine.levels.value_ranks`,
`grundy.engine.box_levels.value_box_ranks`).

A loop gets four arguments, named tuples numba takes in nopython mode: its own
(the level or the box, and how a position is valued), a `Span` (the ranks to
value and where their values go), the `Held` chunks (where the values of smaller
ranks lie) and its `Scratch` buffers (made by `scratch`).  It answers one of the
status codes below, the rank it stopped at in ``span.at[0]``; `refuse` turns a
code that is an error into its ValueError.

>>> span = Span(lo=0, hi=4, values=np.zeros(4, np.uint16), at=np.array([2]))
>>> stop(span.at, span.hi, LEVEL_DONE), span.at.tolist()
(0, [4])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple, NoReturn

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from grundy.engine.cache import cached_njit
from grundy.engine.specialise import specialised
from grundy.engine.wordops import word_array

__all__ = [
    "LEVEL_DONE",
    "MAX_VALUE",
    "NOT_SMALLER",
    "OPTIONS_FULL",
    "OTHER_WIDTH",
    "VALUE_TOO_LARGE",
    "Held",
    "Scratch",
    "Span",
    "compiled_loops",
    "held_at",
    "held_rank",
    "refuse",
    "scratch",
    "settle",
    "slot_of",
    "stop",
]

#: Largest value a chunk holds (uint16).
MAX_VALUE = 65535

#: Every rank of the span is valued.
LEVEL_DONE = 0
#: The kernel wants a larger options buffer (or `Scratch.seen` is too short for its options).
OPTIONS_FULL = 1
#: A value above `MAX_VALUE`.
VALUE_TOO_LARGE = 2
#: The kernel listed an option that is not smaller than the position: a broken kernel.
NOT_SMALLER = 3
#: The partition at the rank reached wants words of the other width (the level loop:
#: narrow ones, or those of the level's width, `grundy.engine.levels.value_ranks`).
OTHER_WIDTH = 4


class Held(NamedTuple):
    """The chunks held (each in memory or a memory map): slot s holds 2**shift ranks."""

    where: np.ndarray  #: uint64[slots]: each chunk's address, 0 while it is not held
    wide: np.ndarray  #: uint8[slots]: 1 where a chunk holds uint16 values, 0 for uint8
    first: np.ndarray  #: int64[levels + 1]: level n lies in slots first[n] … first[n + 1] − 1
    shift: int  #: log2 of the ranks a chunk holds


class Span(NamedTuple):
    """The ranks one compiled call values: at[0] … hi − 1 into values[r − lo] (ranks
    lo … at[0] − 1 are valued); at[0] is then the rank the loop stopped at."""

    lo: int
    hi: int
    values: np.ndarray  #: uint16: the chunk being valued
    at: np.ndarray  #: int64[1]


class Scratch(NamedTuple):
    """The buffers a loop works in (`scratch`)."""

    out: np.ndarray  #: the kernel's options: a word array (`grundy.engine.wordops.word_array`)
    out2: np.ndarray  #: the second pieces of options that split, as `out`
    seen: np.ndarray  #: int64[size + 2], −1 at first: seen[v] == r once an option of r is worth v


def scratch(size: int, width: int) -> Scratch:
    """Fresh buffers for a kernel that writes at most `size` options, in words of `width`
    limbs (1: narrow, 2: wide, 3: broad)."""
    seen = np.full(size + 2, -1, dtype=np.int64)
    return Scratch(word_array(size, width), word_array(size, width), seen)


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
def held_value(held, slot, index):
    """The value at `index` of the chunk held in `slot`."""
    if held.wide[slot]:
        return _load_uint16(held.where[slot] + np.uint64(2 * index))
    return _load_uint8(held.where[slot] + np.uint64(index))


@cached_njit
def slot_of(held, n, rank):
    """The slot of the chunk of level n that holds `rank`."""
    return held.first[n] + (rank >> held.shift)


@cached_njit
def held_rank(held, n, rank):
    """The value of rank `rank` of level n, from its held chunk."""
    return held_value(held, slot_of(held, n, rank), rank & ((1 << held.shift) - 1))


@cached_njit
def held_at(held, place, base):
    """The value at `place` (slot << shift | index, as `levels.value_ranks` notes where an
    option lies), or `base` for the empty partition (place −1)."""
    if place < 0:
        return base
    return held_value(held, place >> held.shift, place & ((1 << held.shift) - 1))


@cached_njit
def settle(values, i, seen, r, m, base):
    """values[i] ← the mex of the values stamped r in `seen` (seen[v] == r: some option is
    worth v), or `base` for a position with no option (m = 0: 0, or 1 in misère play);
    False, and nothing written, when that is above `MAX_VALUE`."""
    v = base
    if m > 0:
        v = 0
        while seen[v] == r:
            v += 1
    if v > MAX_VALUE:
        return False
    values[i] = v
    return True


@cached_njit
def stop(at, r, status):
    """`status`, the loop having stopped at rank r (noted in at[0])."""
    at[0] = r
    return status


def refuse(status: int, where: str, option: str) -> NoReturn:
    """The ValueError of a loop that stopped at `where` with VALUE_TOO_LARGE or NOT_SMALLER
    (the kernel listed an option that is `option`: a broken kernel)."""
    if status == VALUE_TOO_LARGE:
        raise ValueError(f"{where} has a value above {MAX_VALUE}; the atlas stores uint16")
    raise ValueError(f"{where}: the kernel listed an option that is {option}")


@cache
def compiled_loops(
    templates: tuple[Callable[..., Any], ...], kernel: Any
) -> dict[str, Callable[..., int]]:
    """A loop module's `templates` compiled for `kernel` (a `CompiledKernel`; once per
    process, cached on disk: `specialise`)."""
    return specialised(templates, kernel.expand, kernel.canonical, kernel.name)
