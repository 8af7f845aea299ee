"""The compiled searches, generic over the game (its options kernel) and the word width.

A game enters as its *options kernel* ``expand(w, out, out2) -> m``, a numba
function writing the m canonical options of the packed position w into
``out[0:m]`` (each built-in game has its own in ``grundy/games/<game>_kernel.py``).  An option that
is a sum of two positions (a move that splits the diagram) writes its second
piece to ``out2``; otherwise ``out2`` is ignored and ``splits`` is False.  A
kernel returns −1 when ``out`` is too small; the driver then asks the caller
for a larger buffer.  The empty word is always terminal and never stored.

Both searches keep their stack in arrays owned by the caller and stop after
`budget` expanded positions, so the Python driver (`grundy.engine.search`)
can report progress, react to Ctrl-C, grow the table or the buffers and save
checkpoints between chunks; calling again resumes exactly where it stopped.
Word arrays are uint64[n] for narrow words and uint64[n, 2] for wide ones
(`grundy.engine.wordops`), so each driver is compiled once per width and
per kernel.

Return status: DONE (results written), BUDGET (call again), GROW (the table
asks to be doubled), WIDER (a kernel needs a larger options buffer), DEEPER
(the stack needs more frames), HUGE (a value ≥ 127: the table cannot hold it).

* `mex_run`: full memoised mex, SG(w) = mex{SG(w′)}, of every root in
  ``roots`` in turn (one root for a value, all partitions of n for a census).
* `test_run`: the nimber test "is SG(w) = k?" in the manner of
  Lemoine–Viennot and Beling–Rogalski: SG(w) = k iff no option has value k
  and every j < k is the value of some option.  It stops at the first option
  of value k, and at the first j < k that no option reaches (then
  SG(w) = j exactly); options whose answer is in the table are tried first
  (enhanced transposition cutoff), then self-conjugate options, then
  shorter words (`_order`).
  Facts learned (SG = v, or SG ≠ k for k < 7) go to the table.  Kernels whose
  options split are searched by `mex_run` only.
"""

from __future__ import annotations

import numpy as np

from grundy.engine.cache import cached_njit
from grundy.engine.wordops import (
    COUNT,
    EXACT,
    GROW_AT,
    conj,
    from_parts,
    get_word,
    is_zero,
    nbits,
    put_word,
    tt_get,
    tt_put,
)

__all__ = [
    "BUDGET",
    "DEEPER",
    "DONE",
    "GROW",
    "HUGE",
    "WIDER",
    "mex_run",
    "partition_words",
    "test_run",
]

DONE, BUDGET, GROW, WIDER, DEEPER, HUGE = 0, 1, 2, 3, 4, 5
NEQ_BITS = 7
MAX_VALUE = 126  # EXACT | v must fit the info byte's 7 bits

# state[] fields
SP, RESULT, RETURNING, RET, TARGET, ROOT = 0, 1, 2, 3, 4, 5
# counters[] fields
EXPANDED, LOOKUPS = 0, 1


@cached_njit(inline="always")
def _mark(lo, hi, d, v):
    if v < 64:
        lo[d] |= np.uint64(1) << np.uint64(v)
    else:
        hi[d] |= np.uint64(1) << np.uint64(v - 64)


@cached_njit
def _mex2(lo, hi):
    v = 0
    while lo & np.uint64(1):
        lo >>= np.uint64(1)
        v += 1
    if v == 64:
        while hi & np.uint64(1):
            hi >>= np.uint64(1)
            v += 1
    return v


@cached_njit(inline="always")
def _exact(keys, logcap, base, c):
    """The known value of c, or −1."""
    if is_zero(c):
        return base
    info = tt_get(keys, logcap, c)
    return info & 0x7F if info & EXACT else -1


# ------------------------------------------------------------ full mex
def mex_run(
    keys, logcap, meta, base, splits, roots, results,
    sw, nc, cur, slo, shi, kids, kids2, state, counters, budget,
):  # fmt: skip
    """Full memoised mex of roots[state[ROOT]:], writing each value to results[]."""
    sp = state[SP]
    while True:
        if sp == 0:
            r = state[ROOT]
            if r >= results.shape[0]:
                break
            w = canonical(get_word(roots, r))  # noqa: F821 (bound per kernel)
            v = _exact(keys, logcap, base, w)
            if v >= 0:
                results[r] = v
                state[ROOT] = r + 1
                continue
            put_word(sw, 0, w)
            nc[0] = -1
            sp = 1
        if budget <= 0:
            state[SP] = sp
            return BUDGET
        if meta[COUNT] >= meta[GROW_AT]:
            state[SP] = sp
            return GROW
        d = sp - 1
        w = get_word(sw, d)
        row = kids[d]
        row2 = kids2[d]
        if nc[d] < 0:
            m = expand(w, row, row2)  # noqa: F821 (bound per kernel)
            if m < 0:
                state[SP] = sp
                return WIDER
            nc[d] = m
            cur[d] = 0
            slo[d] = 0
            shi[d] = 0
        i = cur[d]
        pushed = False
        while i < nc[d]:
            c = get_word(row, i)
            counters[LOOKUPS] += 1
            v = _exact(keys, logcap, base, c)
            if v >= 0 and splits:
                c2 = get_word(row2, i)
                v2 = _exact(keys, logcap, base, c2)
                if v2 < 0:
                    c = c2
                    v = -1
                else:
                    v ^= v2
            if v < 0:
                if sp == sw.shape[0]:
                    cur[d] = i
                    state[SP] = sp
                    return DEEPER
                cur[d] = i
                put_word(sw, sp, c)
                nc[sp] = -1
                sp += 1
                pushed = True
                break
            _mark(slo, shi, d, v)
            i += 1
        if pushed:
            continue
        v = _mex2(slo[d], shi[d])
        if nc[d] == 0:
            v = base
        if v > MAX_VALUE:
            state[SP] = sp
            return HUGE
        tt_put(keys, logcap, meta, w, EXACT | v)
        counters[EXPANDED] += 1
        budget -= 1
        sp -= 1
        if sp == 0:
            results[state[ROOT]] = v
            state[ROOT] += 1
    state[SP] = 0
    return DONE


# ----------------------------------------------------------- nimber test
@cached_njit(inline="always")
def _known(keys, logcap, base, c, k):
    """1 if SG(c) = k is known, 0 if SG(c) ≠ k is known, −1 if unknown."""
    if is_zero(c):
        return 1 if base == k else 0
    info = tt_get(keys, logcap, c)
    if info & EXACT:
        return 1 if (info & 0x7F) == k else 0
    if k < NEQ_BITS and (info >> k) & 1:
        return 0
    return -1


@cached_njit(inline="always")
def _learn_neq(keys, logcap, meta, w, k):
    if k < NEQ_BITS:
        tt_put(keys, logcap, meta, w, np.int64(1) << k)


def test_run(
    keys, logcap, meta, base, sw, fk, fph, fj, fi, nc, kids, kids2, state, counters, budget,
):  # fmt: skip
    """Decide SG(root) = state[TARGET] for the root in sw[0] (pushed by the caller).

    Frames: sw word, fk target k, fph phase (0: look for an option of value
    k; 1: look for options of every value j < k), fj current j, fi next option.
    On DONE, state[RESULT] is 1 (SG(root) = k) or 0.
    """
    sp = state[SP]
    returning = state[RETURNING] != 0
    ret = state[RET] != 0
    while sp > 0:
        if budget <= 0 or meta[COUNT] >= meta[GROW_AT]:
            state[SP] = sp
            state[RETURNING] = 1 if returning else 0
            state[RET] = 1 if ret else 0
            return BUDGET if budget <= 0 else GROW
        d = sp - 1
        w = get_word(sw, d)
        k = fk[d]
        row = kids[d]
        if nc[d] < 0:  # a fresh frame
            m = expand(w, row, kids2[d])  # noqa: F821 (bound per kernel)
            if m < 0:
                state[SP] = sp
                state[RETURNING] = 1 if returning else 0
                state[RET] = 1 if ret else 0
                return WIDER
            m = _order(row, m)
            nc[d] = m
            counters[EXPANDED] += 1
            budget -= 1
            if m == 0:  # terminal: worth `base` (1 in misère play), not mex(∅)
                tt_put(keys, logcap, meta, w, EXACT | base)
                sp -= 1
                returning = True
                ret = base == k
                continue
            # enhanced transposition cutoff: an option known to have value k
            hit = False
            for t in range(m):
                counters[LOOKUPS] += 1
                if _known(keys, logcap, base, get_word(row, t), k) == 1:
                    hit = True
                    break
            if hit:
                _learn_neq(keys, logcap, meta, w, k)
                sp -= 1
                returning = True
                ret = False
                continue
        if sp == sw.shape[0]:
            state[SP] = sp
            state[RETURNING] = 1 if returning else 0
            state[RET] = 1 if ret else 0
            return DEEPER
        result = -1  # -1: undecided, 0: SG(w) != k, 1: SG(w) == k
        pushed = False
        if fph[d] == 0:
            if returning:
                returning = False
                if ret:
                    _learn_neq(keys, logcap, meta, w, k)
                    result = 0
                else:
                    fi[d] += 1
            if result < 0:
                i = fi[d]
                while i < nc[d]:
                    counters[LOOKUPS] += 1
                    c = get_word(row, i)
                    s = _known(keys, logcap, base, c, k)
                    if s == 1:
                        _learn_neq(keys, logcap, meta, w, k)
                        result = 0
                        break
                    if s < 0:
                        fi[d] = i
                        sp = _push_test(sw, fk, fph, fi, nc, sp, c, k)
                        pushed = True
                        break
                    i += 1
                if result < 0 and not pushed:
                    fph[d] = 1
                    fj[d] = 0
                    fi[d] = -1
        if result < 0 and not pushed and fph[d] == 1:
            if returning:
                returning = False
                if ret:
                    fj[d] += 1
                    fi[d] = -1
                else:
                    fi[d] += 1
            while fj[d] < k:
                j = fj[d]
                if fi[d] < 0:  # transposition cutoff for this j
                    found = False
                    for t in range(nc[d]):
                        counters[LOOKUPS] += 1
                        if _known(keys, logcap, base, get_word(row, t), j) == 1:
                            found = True
                            break
                    if found:
                        fj[d] += 1
                        continue
                    fi[d] = 0
                i = fi[d]
                s = 0
                while i < nc[d]:
                    counters[LOOKUPS] += 1
                    s = _known(keys, logcap, base, get_word(row, i), j)
                    if s != 0:
                        break
                    i += 1
                if s == 1:  # learned while an earlier option was searched
                    fj[d] += 1
                    fi[d] = -1
                    continue
                if i < nc[d]:
                    fi[d] = i
                    sp = _push_test(sw, fk, fph, fi, nc, sp, get_word(row, i), j)
                    pushed = True
                    break
                # no option has value j, all smaller values occur: SG(w) = j
                tt_put(keys, logcap, meta, w, EXACT | j)
                result = 0
                break
            if result < 0 and not pushed:
                tt_put(keys, logcap, meta, w, EXACT | k)
                result = 1
        if pushed:
            continue
        sp -= 1
        returning = True
        ret = result == 1
    state[SP] = 0
    state[RETURNING] = 0
    state[RESULT] = 1 if ret else 0
    return DONE


@cached_njit
def _order(kids, m):
    """Drop repeated options and sort the rest in the order the nimber test tries them:
    self-conjugate options first (mirror-like, often P), then shorter words first.
    Measured by benchmarks/staircases.py; returns the new m."""
    keys = np.empty(m, dtype=np.int64)
    kept = 0
    for t in range(m):
        c = get_word(kids, t)
        seen = False
        for s in range(kept):
            if get_word(kids, s) == c:
                seen = True
                break
        if seen:
            continue
        put_word(kids, kept, c)
        keys[kept] = 0 if is_zero(c) else (0 if conj(c) == c else 1000) + nbits(c)
        kept += 1
    for t in range(1, kept):
        kc = keys[t]
        cc = get_word(kids, t)
        s = t - 1
        while s >= 0 and keys[s] > kc:
            keys[s + 1] = keys[s]
            put_word(kids, s + 1, get_word(kids, s))
            s -= 1
        keys[s + 1] = kc
        put_word(kids, s + 1, cc)
    return kept


@cached_njit
def _push_test(sw, fk, fph, fi, nc, sp, w, k):
    """Push a fresh frame asking "is the value of w equal to k?"; returns the new depth."""
    put_word(sw, sp, w)
    fk[sp] = k
    fph[sp] = 0
    fi[sp] = 0
    nc[sp] = -1
    return sp + 1


# -------------------------------------------------------------- census
def partition_words(n: int, count: int, width: int = 1) -> np.ndarray:
    """The boundary words of all `count` partitions of n, [n] first: uint64[count] for
    narrow words (n ≤ 55), uint64[count, 2] for wide ones (n ≤ 119).

    Partitions are generated in reverse-lexicographic order of their parts,
    as `grundy.partition.partitions` does.
    """
    if width == 1:
        out = np.zeros(count, dtype=np.uint64)
        _fill_partitions(out, n, np.uint64(0))
    else:
        out = np.zeros((count, 2), dtype=np.uint64)
        _fill_partitions(out, n, (np.uint64(0), np.uint64(0)))
    return out


@cached_njit
def _fill_partitions(out, n, like):
    if n == 0:
        return
    parts = np.zeros(n + 1, dtype=np.int64)
    parts[0] = n
    length = 1
    t = 0
    while True:
        put_word(out, t, from_parts(parts, length, like))
        t += 1
        ones = 0
        while length > 0 and parts[length - 1] == 1:
            length -= 1
            ones += 1
        if length == 0:
            break
        k = parts[length - 1] - 1
        rest = ones + 1
        parts[length - 1] = k
        while rest > k:
            parts[length] = k
            length += 1
            rest -= k
        if rest:
            parts[length] = rest
            length += 1
