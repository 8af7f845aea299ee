"""The word primitives of the compiled engine (grundy.engine.wordops) against Python ints.

The primitives are numba overloads, callable only from compiled code, so each
group is wrapped in one small njit function (compiled once per word type:
uint64 for narrow words, a (lo, hi) pair of uint64 for wide ones, a triple for
broad ones).  The
wrappers are not cached on disk: they inline wordops code, and a disk cache
would not notice when wordops changes.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from grundy.engine import wordops as O
from grundy.engine import words as W
from grundy.engine.transposition import pack, unpack
from grundy.partition import Partition, partitions_up_to

NARROW, WIDE, BROAD = O.NARROW_LETTERS, O.WIDE_LETTERS, O.BROAD_LETTERS
LIMIT = O.LETTERS
LOW64 = (1 << 64) - 1
WIDTHS = [1, 2, 3]


# ------------------------------------------------------------ the wrappers
@njit
def _primitives(w, v, p, b):
    """Every one-word primitive at once (one compilation per word type)."""
    return (
        O.nbits(w),
        O.bit(w, p),
        O.delete_bit(w, p),
        O.insert_bit(w, p, b),
        O.strip_low_ones(w),
        O.conj(w),
        O.canon(w),
        O.is_zero(w),
        O.less(w, v),
        O.flip_bit(w, p),
        O.zero_like(w),
    )


@njit
def _low_letters(w, k):
    return O.keep_low(w, k), O.flip_low(w, k), O.limbs(w)


@njit
def _store(array, i, w):
    O.put_word(array, i, w)
    return O.get_word(array, i)


@njit
def _tt_put(keys, logcap, meta, w, info):
    O.tt_put(keys, logcap, meta, w, info)


@njit
def _tt_get(keys, logcap, w):
    return O.tt_get(keys, logcap, w)


@njit
def _tt_get_each(keys, logcap, words):
    """tt_get inlined into a loop, the way the drivers call it (numba has miscompiled
    inlined loops: a variant of tt_get with `break` lost every hit here)."""
    out = np.zeros(words.shape[0], dtype=np.int64)
    for i in range(words.shape[0]):
        out[i] = O.tt_get(keys, logcap, O.get_word(words, i))
    return out


@njit
def _home(w, logcap):
    return O.home(w, logcap)


@njit
def _entry(keys, i):
    return O.entry(keys, i)


to_int = unpack


def entry(keys: np.ndarray, i: int) -> tuple[int, int]:
    w, info = _entry(keys, i)
    return to_int(w), int(info)


# ---------------------------------------------------- the Python reference
def low(p: int) -> int:
    return (1 << p) - 1


def ref_delete(w: int, p: int) -> int:
    return (w & low(p)) | ((w >> (p + 1)) << p)


def ref_insert(w: int, p: int, b: int) -> int:
    return (w & low(p)) | ((w >> p) << (p + 1)) | (b << p)


def ref_strip(w: int) -> int:
    while w & 1:
        w >>= 1
    return w


def random_word(rng: random.Random, n: int) -> int:
    """A word of exactly n letters (its top letter is 1, as in a normalised word)."""
    if n == 0:
        return 0
    return rng.getrandbits(n - 1) | (1 << (n - 1))


def cases(width: int) -> list[tuple[int, int, int, int]]:
    """(w, v, p, b): random words of every length, every p around the limb boundary."""
    rng = random.Random(20 + width)
    limit = LIMIT[width]
    lengths = [*range(limit + 1), 0, 1, 55, 56, limit, limit, limit]
    if width >= 2:
        lengths += [62, 63, 64, 65, 66, 119, 120] * 4
    if width == 3:
        lengths += [126, 127, 128, 129, 130, 183, 184] * 4
    out = []
    for n in lengths:
        w = random_word(rng, n)
        # strip_low_ones on words with long runs of low ones, crossing bit 64
        if rng.random() < 0.3 and n > 1:
            w |= low(rng.randint(1, n - 1))
        v = w if rng.random() < 0.2 else random_word(rng, rng.randint(0, limit))
        positions = {rng.randint(0, limit), 0, max(n - 1, 0), n, limit - 1, limit}
        if width >= 2:
            positions |= {62, 63, 64, 65}
        if width == 3:
            positions |= {126, 127, 128, 129}
        for p in sorted(positions):
            if p > limit:
                continue
            out.append((w, v, p, rng.randint(0, 1)))
    return out


def assert_primitives(width: int, w: int, v: int, p: int, b: int) -> None:
    """Every one-word primitive on w (and v, letter p, bit b) in words of `width` limbs
    against Python ints and the reference words (`grundy.engine.words`)."""
    got = _primitives(pack(w, width), pack(v, width), p, b)
    nb, bt, dele, ins, strip, conj, canon, zero, less, flipped, empty = got
    where = (width, hex(w), hex(v), p, b)
    assert nb == w.bit_length(), where
    assert bt == (w >> p) & 1, where
    assert to_int(dele) == ref_delete(w, p), where
    assert to_int(ins) == ref_insert(w, p, b), where
    assert to_int(strip) == ref_strip(w), where
    assert to_int(conj) == W.conjugate(w), where
    assert to_int(canon) == W.canonical(w), where
    assert zero == (w == 0), where
    assert less == (w < v), where
    assert to_int(flipped) == w ^ (1 << p), where
    assert to_int(empty) == 0 and np.ndim(empty) == np.ndim(pack(0, width)), where


@pytest.mark.parametrize("width", WIDTHS)
def test_primitives_match_python_ints(width: int) -> None:
    for w, v, p, b in cases(width):
        assert_primitives(width, w, v, p, b)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_broad_primitives_match_python_ints(data: st.DataObject) -> None:
    """Every primitive on broad words (three limbs, up to 184 letters), at any letter: as
    Python ints and the reference words, in a word array and in a table slot."""
    n = data.draw(st.integers(0, BROAD), label="letters")
    w = data.draw(st.integers(0, low(n)), label="w") | (1 << n >> 1)
    v = data.draw(st.one_of(st.just(w), st.integers(0, low(BROAD))), label="v")
    p, b = data.draw(st.integers(0, BROAD), label="p"), data.draw(st.integers(0, 1), label="b")
    assert_primitives(3, w, v, p, b)
    k = data.draw(st.integers(0, 3 * 64), label="k")
    kept, flipped, limbs = _low_letters(pack(w, 3), k)
    assert to_int(kept) == w & low(k) and to_int(flipped) == w ^ low(k)
    assert limbs == pack(w, 3)
    array = O.word_array(3, 3)
    assert to_int(_store(array, 1, pack(w, 3))) == w == to_int(array[1])
    assert not array[0].any() and not array[2].any()
    if w:  # in a table, beside v: the info byte does not spill into the word
        keys, meta = table(3, 6)
        info = data.draw(st.integers(1, 0xFF), label="info")
        _tt_put(keys, 6, meta, pack(w, 3), info)
        assert _tt_get(keys, 6, pack(w, 3)) == info
        assert _tt_get(keys, 6, pack(v, 3)) == (info if v == w else 0)
        assert {entry(keys, i) for i in range(64)} == {(0, 0), (w, info)}


@pytest.mark.parametrize("width", WIDTHS)
def test_primitives_on_full_length_words(width: int) -> None:
    """Words of exactly 56 / 120 / 184 letters: the last letter sits below the info byte."""
    limit = LIMIT[width]
    ones, alternating = low(limit), int("10" * (limit // 2), 2)
    for w in (ones, alternating, 1 << (limit - 1), alternating ^ low(limit)):
        for p in (0, 1, limit // 2, limit - 2, limit - 1):
            got = _primitives(pack(w, width), pack(ones, width), p, 1)
            assert got[0] == w.bit_length() <= limit
            assert to_int(got[2]) == ref_delete(w, p)
            assert to_int(got[5]) == W.conjugate(w)
            assert to_int(got[5]).bit_length() <= limit
            assert to_int(got[6]) == W.canonical(w)


def test_wide_carries_across_the_limb_boundary() -> None:
    """Letters moving between lo and hi: delete/insert/strip at bits 63 and 64."""
    w = (1 << 64) | (1 << 63) | (1 << 70)
    for p in (62, 63, 64, 65):
        for b in (0, 1):
            got = _primitives(pack(w, 2), pack(0, 2), p, b)
            assert to_int(got[2]) == ref_delete(w, p)
            assert to_int(got[3]) == ref_insert(w, p, b)
    assert to_int(_primitives(pack(low(70), 2), pack(0, 2), 0, 0)[4]) == 0
    assert to_int(_primitives(pack(low(66) | 1 << 68, 2), pack(0, 2), 0, 0)[4]) == 0b100
    # exactly 64 letters: hi is 0, the top letter is bit 63 of lo
    w64 = random_word(random.Random(3), 64)
    got = _primitives(pack(w64, 2), pack(w64, 2), 63, 1)
    assert got[0] == 64 and to_int(got[5]) == W.conjugate(w64) and not got[8]


def test_nbits_on_words_of_every_length() -> None:
    for width, limit in LIMIT.items():
        for n in range(limit + 1):
            w = 1 << n >> 1 if n else 0
            assert _primitives(pack(w, width), pack(0, width), 0, 0)[0] == n


# ------------------------------------------------------- words in arrays
def test_get_put_word_narrow_and_wide() -> None:
    rng = random.Random(7)
    narrow = np.zeros(5, dtype=np.uint64)
    wide = np.zeros((5, 2), dtype=np.uint64)
    for i in range(5):
        w = random_word(rng, NARROW)
        assert int(_store(narrow, i, pack(w, 1))) == w
        assert int(narrow[i]) == w
        w = random_word(rng, WIDE)
        assert to_int(_store(wide, i, pack(w, 2))) == w
        assert int(wide[i, 0]) == w & LOW64 and int(wide[i, 1]) == w >> 64
    # a row of a 2-D narrow array and a plane of a 3-D wide array (as the stack holds them)
    frames = np.zeros((3, 4), dtype=np.uint64)
    _store(frames[1], 2, np.uint64(99))
    assert frames[1, 2] == 99 and frames.sum() == 99
    wide_frames = np.zeros((3, 4, 2), dtype=np.uint64)
    _store(wide_frames[2], 3, pack(5 | 7 << 64, 2))
    assert wide_frames[2, 3].tolist() == [5, 7] and wide_frames.sum() == 12
    broad = O.word_array(5, 3)
    for i in range(5):
        w = random_word(rng, BROAD)
        assert to_int(_store(broad, i, pack(w, 3))) == w
        assert broad[i].tolist() == [[w & LOW64, w >> 64 & LOW64, w >> 128]]


# ------------------------------------------------- the transposition table
def words_for(width: int, count: int, seed: int = 11) -> list[int]:
    rng = random.Random(seed)
    found: set[int] = set()
    while len(found) < count:
        found.add(random_word(rng, rng.randint(1, LIMIT[width])))
    return sorted(found)


def table(width: int, logcap: int) -> tuple[np.ndarray, np.ndarray]:
    return O.word_array(1 << logcap, width), np.zeros(4, dtype=np.int64)


@pytest.mark.parametrize("width", WIDTHS)
def test_tt_put_get_entry(width: int) -> None:
    logcap = 10
    keys, meta = table(width, logcap)
    ws = words_for(width, 300)
    expected = {}
    for i, w in enumerate(ws):
        info = O.EXACT | (i % 127) if i % 3 else 1 << (i % 7)
        _tt_put(keys, logcap, meta, pack(w, width), info)
        expected[w] = info
        assert 0 <= _home(pack(w, width), logcap) < 1 << logcap
    assert meta[O.COUNT] == len(ws) and meta[O.REPLACED] == 0
    for w, info in expected.items():
        assert _tt_get(keys, logcap, pack(w, width)) == info
    for w in words_for(width, 50, seed=12):  # absent words read as 0
        assert _tt_get(keys, logcap, pack(w, width)) == expected.get(w, 0)
    probes = [*expected, *words_for(width, 50, seed=12)]
    packed = np.array([pack(w, width) for w in probes], dtype=np.uint64)
    packed = packed.reshape(O.word_array(len(probes), width).shape)
    assert _tt_get_each(keys, logcap, packed).tolist() == [expected.get(w, 0) for w in probes]
    stored = {}
    for i in range(1 << logcap):
        w, info = entry(keys, i)
        if w:
            stored[w] = info
        else:
            assert info == 0
    assert stored == expected


@pytest.mark.parametrize("width", WIDTHS)
def test_tt_put_merges_facts(width: int) -> None:
    keys, meta = table(width, 10)
    w = pack(random_word(random.Random(1), LIMIT[width]), width)
    _tt_put(keys, 10, meta, w, 0b001)
    _tt_put(keys, 10, meta, w, 0b100)
    assert _tt_get(keys, 10, w) == 0b101  # ruled-out masks accumulate
    _tt_put(keys, 10, meta, w, O.EXACT | 3)
    assert _tt_get(keys, 10, w) == O.EXACT | 3  # an exact value wins over a mask
    _tt_put(keys, 10, meta, w, 0b010)
    _tt_put(keys, 10, meta, w, O.EXACT | 5)
    assert _tt_get(keys, 10, w) == O.EXACT | 3  # and is never overwritten
    _tt_put(keys, 10, meta, w, O.EXACT | 127)
    assert meta[O.COUNT] == 1
    # the largest info byte does not spill into the word
    other = pack(random_word(random.Random(2), LIMIT[width]), width)
    _tt_put(keys, 10, meta, other, O.EXACT | 127)
    assert _tt_get(keys, 10, other) == 0xFF and _tt_get(keys, 10, w) == O.EXACT | 3


@pytest.mark.parametrize("width", WIDTHS)
def test_tt_put_full_window_replaces_longest(width: int) -> None:
    logcap = 6  # 64 slots: one probing window covers the whole table
    keys, meta = table(width, logcap)
    ws = words_for(width, 65, seed=5)
    newcomer = min(ws, key=int.bit_length)
    ws.remove(newcomer)
    for w in ws:
        _tt_put(keys, logcap, meta, pack(w, width), O.EXACT | 1)
    assert meta[O.COUNT] == 64
    longest = max(ws, key=int.bit_length)
    _tt_put(keys, logcap, meta, pack(newcomer, width), O.EXACT | 2)
    assert meta[O.REPLACED] == 1 and meta[O.COUNT] == 64
    assert _tt_get(keys, logcap, pack(newcomer, width)) == O.EXACT | 2
    gone = [w for w in ws if _tt_get(keys, logcap, pack(w, width)) == 0]
    assert len(gone) == 1 and gone[0].bit_length() == longest.bit_length()


# ---------------------------------------------------- words and parts
@pytest.mark.parametrize("width", WIDTHS)
def test_to_parts_from_parts(width: int) -> None:
    rng = random.Random(width)
    samples = list(partitions_up_to(10))
    while len(samples) < 200:
        limit = LIMIT[width]
        rows = rng.randint(1, limit - 1)
        top = rng.randint(1, limit - rows)
        samples.append(Partition(sorted((rng.randint(1, top) for _ in range(rows)), reverse=True)))
    for lam in samples:
        w = pack(W.encode(lam, BROAD), width)
        parts = np.zeros(LIMIT[width] + 1, dtype=np.int64)
        length = O.to_parts(w, parts)
        assert list(parts[:length]) == list(lam.parts()), str(lam)
        padded = np.concatenate([parts[:length], np.zeros(3, dtype=np.int64)])
        assert to_int(O.from_parts(padded, length + 3, w)) == W.encode(lam, BROAD), str(lam)
