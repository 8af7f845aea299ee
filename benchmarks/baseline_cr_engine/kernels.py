"""Every compiled kernel of the engine, in one module (numba, cache=True).

numba's on-disk cache is invalidated by changes to a function's own source
file only, so all jitted code (word helpers, table probing, searches) lives
here, where a change to any of it invalidates all of it.

A position is a normalised word w (see `grundy.engine.words`); its options
are the words obtained by deleting one letter of one run of equal letters.
Values of the empty word are `base` (0 in normal play, 1 in misère play:
SG⁻ of 000 §2.3).  Both searches keep their stack in arrays owned by the
caller and stop after `budget` expanded positions, so the Python driver can
report progress, react to Ctrl-C, grow the table and save checkpoints between
chunks; calling again resumes exactly where the search stopped.

Return status: DONE (the answer is in state[1]), BUDGET (call again) or
GROW (the table asks to be doubled; grow it and call again).

* `mex_run`: full memoised mex, SG(w) = mex{SG(w′)}: every position
  reachable from the root is evaluated once (while the table holds it).
* `test_run`: the nimber test "is SG(w) = k?" in the manner of
  Lemoine–Viennot and Beling–Rogalski: SG(w) = k iff no option has value k
  and every j < k is the value of some option.  It stops at the first option
  of value k, and at the first j < k that no option reaches (then
  SG(w) = j exactly); options whose answer is already in the table are
  tried first (enhanced transposition cutoff), then self-conjugate options
  (mirror-like, often P), then options with fewer runs (smaller subgames).
  Facts learned (SG = v, or SG ≠ k for k < 7) go to the table.
"""

from __future__ import annotations

import numba as nb
import numpy as np

__all__ = [
    "BUDGET",
    "DONE",
    "GROW",
    "MAX_DEPTH",
    "MAX_LETTERS",
    "mex_run",
    "new_stack",
    "test_run",
    "tt_get",
    "tt_put",
]

#: Longest boundary (λ1 + number of rows) the compiled engine packs.
MAX_LETTERS = 56
# A table slot: the word in the low MAX_LETTERS bits, its info byte above.
WINDOW = 64  # slots probed per lookup (linear probing)
EXACT = 0x80  # info byte 0x80 | v: the value is v; 0..0x7F: ruled-out values
# meta[] fields of a table
COUNT, GROW_AT, REPLACED = 0, 1, 2
META_SIZE = 4

DONE, BUDGET, GROW = 0, 1, 2
MAX_DEPTH = 66
MAX_CHILDREN = 64
NEQ_BITS = 7

# state[] fields
SP, RESULT, RETURNING, RET, TARGET = 0, 1, 2, 3, 4
# counters[] fields
EXPANDED, LOOKUPS = 0, 1

_U64 = nb.uint64
_WMASK = np.uint64((1 << MAX_LETTERS) - 1)
_SHIFT = np.uint64(MAX_LETTERS)
_FIB = np.uint64(0x9E3779B97F4A7C15)


# ------------------------------------------------------------ boundary words
@nb.njit(nb.int64(nb.uint64), cache=True, inline="always")
def bit_length(w):
    n = 0
    while w:
        w >>= _U64(1)
        n += 1
    return n


@nb.njit(nb.uint64(nb.uint64), cache=True, inline="always")
def _reverse64(x):
    x = ((x >> _U64(1)) & _U64(0x5555555555555555)) | ((x & _U64(0x5555555555555555)) << _U64(1))
    x = ((x >> _U64(2)) & _U64(0x3333333333333333)) | ((x & _U64(0x3333333333333333)) << _U64(2))
    x = ((x >> _U64(4)) & _U64(0x0F0F0F0F0F0F0F0F)) | ((x & _U64(0x0F0F0F0F0F0F0F0F)) << _U64(4))
    x = ((x >> _U64(8)) & _U64(0x00FF00FF00FF00FF)) | ((x & _U64(0x00FF00FF00FF00FF)) << _U64(8))
    x = ((x >> _U64(16)) & _U64(0x0000FFFF0000FFFF)) | ((x & _U64(0x0000FFFF0000FFFF)) << _U64(16))
    return (x >> _U64(32)) | (x << _U64(32))


@nb.njit(nb.uint64(nb.uint64, nb.int64), cache=True, inline="always")
def conj_word(w, n):
    """The conjugate of a normalised word of n ≥ 1 letters: reverse, then swap R/U."""
    r = _reverse64(w) >> _U64(64 - n)
    mask = (_U64(1) << _U64(n)) - _U64(1)
    return (~r) & mask


@nb.njit(nb.uint64(nb.uint64), cache=True, inline="always")
def canon_word(w):
    """min(w, conjugate(w)) for a normalised word (0 stays 0)."""
    if w == 0:
        return w
    c = conj_word(w, bit_length(w))
    return c if c < w else w


@nb.njit(nb.uint64(nb.uint64, nb.int64), cache=True, inline="always")
def delete_letter(w, p):
    """Delete letter p of w and normalise (strip leading U letters)."""
    low = w & ((_U64(1) << _U64(p)) - _U64(1))
    high = (w >> _U64(p + 1)) << _U64(p)
    v = low | high
    while v & _U64(1):
        v >>= _U64(1)
    return v


@nb.njit(cache=True)
def canon_py(w):
    return canon_word(nb.uint64(w))


# -------------------------------------------------- transposition table
@nb.njit(nb.int64(nb.uint64, nb.int64), cache=True, inline="always")
def _home(w, logcap):
    return np.int64((w * _FIB) >> _U64(64 - logcap))


@nb.njit(cache=True, inline="always")
def tt_get(keys, logcap, w):
    """The info byte of word w (0 when nothing is known)."""
    mask = keys.size - 1
    i = _home(w, logcap)
    for _ in range(WINDOW):
        k = keys[i]
        if k == 0:
            return 0
        if (k & _WMASK) == w:
            return np.int64(k >> _SHIFT)
        i = (i + 1) & mask
    return 0


@nb.njit(cache=True)
def tt_put(keys, logcap, meta, w, info):
    """Merge `info` into w's entry (exact values win over masks of ruled-out values).

    A new word goes to the first empty slot of its window; in a full window
    it replaces the longest word there.  Measured on staircases with tables
    far too small, this recomputes much less than replacing the shortest
    word (S_9, full mex, 1024 slots: 166 381 expansions against 5.5 million).
    """
    mask = keys.size - 1
    i = _home(w, logcap)
    victim = -1
    victim_len = -1
    for _ in range(WINDOW):
        k = keys[i]
        if k == 0:
            keys[i] = w | (_U64(info) << _SHIFT)
            meta[COUNT] += 1
            return
        if (k & _WMASK) == w:
            old = np.int64(k >> _SHIFT)
            if old & EXACT:
                return
            new = info if info & EXACT else (old | info)
            keys[i] = w | (_U64(new) << _SHIFT)
            return
        n = bit_length(k & _WMASK)
        if n > victim_len:
            victim_len = n
            victim = i
        i = (i + 1) & mask
    # the window is full: replace its longest word
    keys[victim] = w | (_U64(info) << _SHIFT)
    meta[REPLACED] += 1


@nb.njit(cache=True)
def reinsert(keys, logcap, meta, entries):
    for e in entries:
        if e != 0:
            tt_put(keys, logcap, meta, e & _WMASK, np.int64(e >> _SHIFT))


def new_stack() -> dict[str, np.ndarray]:
    """Fresh stack arrays for either kernel."""
    return {
        "w": np.zeros(MAX_DEPTH, dtype=np.uint64),
        "p": np.zeros(MAX_DEPTH, dtype=np.int64),
        "lo": np.zeros(MAX_DEPTH, dtype=np.uint64),
        "hi": np.zeros(MAX_DEPTH, dtype=np.uint64),
        "k": np.zeros(MAX_DEPTH, dtype=np.int64),
        "phase": np.zeros(MAX_DEPTH, dtype=np.int64),
        "j": np.zeros(MAX_DEPTH, dtype=np.int64),
        "nc": np.zeros(MAX_DEPTH, dtype=np.int64),
        "children": np.zeros((MAX_DEPTH, MAX_CHILDREN), dtype=np.uint64),
        "state": np.zeros(8, dtype=np.int64),
        "counters": np.zeros(4, dtype=np.int64),
    }


@nb.njit(cache=True, inline="always")
def _mex2(lo, hi):
    v = 0
    while lo & _U64(1):
        lo >>= _U64(1)
        v += 1
    if v == 64:
        while hi & _U64(1):
            hi >>= _U64(1)
            v += 1
    return v


# ------------------------------------------------------------ full mex
@nb.njit(cache=True)
def mex_run(keys, logcap, meta, base, sw, sp_pos, slo, shi, state, counters, budget):
    """Full memoised mex from the root in sw[0] (pushed by the caller)."""
    sp = state[SP]
    while sp > 0:
        if budget <= 0:
            state[SP] = sp
            return BUDGET
        if meta[COUNT] >= meta[GROW_AT]:
            state[SP] = sp
            return GROW
        d = sp - 1
        w = sw[d]
        p = sp_pos[d]
        n = bit_length(w)
        pushed = False
        while p < n:
            b = (w >> _U64(p)) & _U64(1)
            q = p + 1
            while q < n and ((w >> _U64(q)) & _U64(1)) == b:
                q += 1
            c = canon_word(delete_letter(w, p))
            p = q
            if c == 0:
                v = base
            else:
                counters[LOOKUPS] += 1
                info = tt_get(keys, logcap, c)
                if info & EXACT:
                    v = info & 0x7F
                else:
                    sp_pos[d] = p
                    sw[sp] = c
                    sp_pos[sp] = 0
                    slo[sp] = 0
                    shi[sp] = 0
                    sp += 1
                    pushed = True
                    break
            if v < 64:
                slo[d] |= _U64(1) << _U64(v)
            else:
                shi[d] |= _U64(1) << _U64(v - 64)
        if pushed:
            continue
        v = _mex2(slo[d], shi[d])
        tt_put(keys, logcap, meta, w, EXACT | v)
        counters[EXPANDED] += 1
        budget -= 1
        sp -= 1
        if sp > 0:
            if v < 64:
                slo[sp - 1] |= _U64(1) << _U64(v)
            else:
                shi[sp - 1] |= _U64(1) << _U64(v - 64)
        else:
            state[RESULT] = v
    state[SP] = 0
    return DONE


# ----------------------------------------------------------- nimber test
@nb.njit(cache=True, inline="always")
def _known(keys, logcap, base, c, k):
    """1 if SG(c) = k is known, 0 if SG(c) ≠ k is known, -1 if unknown."""
    if c == 0:
        return 1 if base == k else 0
    info = tt_get(keys, logcap, c)
    if info & EXACT:
        return 1 if (info & 0x7F) == k else 0
    if k < NEQ_BITS and (info >> k) & 1:
        return 0
    return -1


@nb.njit(cache=True, inline="always")
def _runs(w):
    return bit_length(w ^ (w >> _U64(1)))


@nb.njit(cache=True)
def _expand(w, children, d):
    """Distinct canonical options of w into children[d], in search order; their number."""
    n = bit_length(w)
    m = 0
    p = 0
    while p < n:
        b = (w >> _U64(p)) & _U64(1)
        q = p + 1
        while q < n and ((w >> _U64(q)) & _U64(1)) == b:
            q += 1
        c = canon_word(delete_letter(w, p))
        p = q
        dup = False
        for t in range(m):
            if children[d, t] == c:
                dup = True
                break
        if not dup:
            children[d, m] = c
            m += 1
    # order: self-conjugate first, then fewer runs (insertion sort on a small key)
    keys = np.empty(m, dtype=np.int64)
    for t in range(m):
        c = children[d, t]
        if c == 0:
            keys[t] = 0
        else:
            selfconj = conj_word(c, bit_length(c)) == c
            keys[t] = (0 if selfconj else 1000) + _runs(c)
    for t in range(1, m):
        kc = keys[t]
        cc = children[d, t]
        s = t - 1
        while s >= 0 and keys[s] > kc:
            keys[s + 1] = keys[s]
            children[d, s + 1] = children[d, s]
            s -= 1
        keys[s + 1] = kc
        children[d, s + 1] = cc
    return m


@nb.njit(cache=True, inline="always")
def _push_test(fw, fk, fph, fi, nc, sp, w, k):
    """Push a fresh frame asking "is the value of w equal to k?"; returns the new depth."""
    fw[sp] = w
    fk[sp] = k
    fph[sp] = 0
    fi[sp] = 0
    nc[sp] = -1
    return sp + 1


@nb.njit(cache=True)
def _learn_neq(keys, logcap, meta, w, k):
    if k < NEQ_BITS:
        tt_put(keys, logcap, meta, w, np.int64(1) << k)


@nb.njit(cache=True)
def test_run(keys, logcap, meta, base, fw, fk, fph, fj, fi, children, nc, state, counters, budget):
    """Decide SG(root) = state[TARGET] for the root in fw[0] (pushed by the caller).

    Frames: fw word, fk target k, fph phase (0: look for an option of value
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
        w = fw[d]
        k = fk[d]
        if nc[d] < 0:  # a fresh frame
            nc[d] = _expand(w, children, d)
            counters[EXPANDED] += 1
            budget -= 1
            # enhanced transposition cutoff: an option known to have value k
            hit = False
            for t in range(nc[d]):
                counters[LOOKUPS] += 1
                if _known(keys, logcap, base, children[d, t], k) == 1:
                    hit = True
                    break
            if hit:
                _learn_neq(keys, logcap, meta, w, k)
                sp -= 1
                returning = True
                ret = False
                continue
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
                    s = _known(keys, logcap, base, children[d, i], k)
                    if s == 1:
                        _learn_neq(keys, logcap, meta, w, k)
                        result = 0
                        break
                    if s < 0:
                        fi[d] = i
                        sp = _push_test(fw, fk, fph, fi, nc, sp, children[d, i], k)
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
                        if _known(keys, logcap, base, children[d, t], j) == 1:
                            found = True
                            break
                    if found:
                        fj[d] += 1
                        continue
                    fi[d] = 0
                i = fi[d]
                while i < nc[d]:
                    counters[LOOKUPS] += 1
                    s = _known(keys, logcap, base, children[d, i], j)
                    if s < 0:
                        break
                    i += 1
                if i < nc[d]:
                    fi[d] = i
                    sp = _push_test(fw, fk, fph, fi, nc, sp, children[d, i], j)
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
