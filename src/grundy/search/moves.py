"""Compiled options kernels of the built-in games, on packed boundary words.

Each kernel ``expand(w, out, out2) -> m`` writes the canonical options of the
packed partition w (`grundy.search.wordops`) to ``out[0:m]`` and returns m,
or −1 when ``out`` is too small (see `grundy.search.drivers`).  Kernels are
written once with the overloaded word primitives and compile for narrow and
wide words alike.  The game modules in `grundy.games` name their kernel by
wrapping it in a `grundy.search.CompiledKernel`.

>>> import numpy as np
>>> from grundy.search.words import encode, decode
>>> from grundy.partition import Partition
>>> out, out2 = np.zeros(8, np.uint64), np.zeros(8, np.uint64)
>>> m = column_row(np.uint64(encode(Partition([2, 1]))), out, out2)
>>> sorted(str(decode(int(w))) for w in out[:m])  # canonical, repeats allowed
['1', '1', '2', '2']
"""

from __future__ import annotations

import numpy as np
from numba import njit

from grundy.search.cache import numba_cache_dir
from grundy.search.wordops import (
    bit,
    canon,
    conj,
    delete_bit,
    flip_bit,
    from_parts,
    insert_bit,
    is_zero,
    nbits,
    put_word,
    strip_low_ones,
    to_parts,
)

__all__ = [
    "anticorner",
    "chess",
    "chomp",
    "column_row",
    "conjugation_canonical",
    "consecutive_corner",
    "corner",
    "cris",
    "crit",
    "end_corners",
    "identity",
    "lctr_nonrep",
    "nonrep_canonical",
    "pnim",
    "rit",
    "sato_welter",
]


@njit(cache=True)
def identity(w):
    """The canonical form of a game without symmetry."""
    return w


@njit(cache=True)
def conjugation_canonical(w):
    """min(λ, λ′) for games invariant under conjugation."""
    return canon(w)


@njit(cache=True)
def column_row(w, out, out2):
    """Column-Row (002 §2): delete one letter of a run of equal letters.

    Deleting a U removes a row, deleting an R removes a column; every letter
    of a run gives the same option, and leading U letters (rows of length 0)
    are stripped.
    """
    n = nbits(w)
    m = 0
    p = 0
    while p < n:
        b = bit(w, p)
        q = p + 1
        while q < n and bit(w, q) == b:
            q += 1
        if m == out.shape[0]:
            return -1
        put_word(out, m, canon(strip_low_ones(delete_bit(w, p))))
        m += 1
        p = q
    return m


# ------------------------------------------------------- parts-level helpers
@njit(cache=True)
def _emit(out, m, parts, length, like, symmetric):
    """Append the option parts[0:length] (canonical if `symmetric`); −1 if out is full."""
    if m == out.shape[0]:
        return -1
    c = from_parts(parts, length, like)
    put_word(out, m, canon(c) if symmetric else c)
    return m + 1


@njit(cache=True)
def _capped(lam, length, child, first, cap):
    """child = λ with rows first, first+1, … cut to at most `cap` boxes (a Chomp bite)."""
    for r in range(length):
        child[r] = lam[r] if r < first else min(lam[r], cap)


# ------------------------------------------------------ corners on the word
# Reading the boundary word from the bottom left, an outer corner (the last
# box of a row longer than the row below) is an R at letter p followed by a U:
# deleting that box turns R U into U R, so it is flip_bit at p and p + 1.
# Corner pairs never overlap, so any set of corners is removed pair by pair.
@njit(cache=True)
def _is_corner(w, p):
    return bit(w, p) == 0 and bit(w, p + 1) == 1


@njit(cache=True)
def _toggle_corner(c, p):
    """R U ↔ U R at letters p, p + 1: remove the corner there (or put it back)."""
    return flip_bit(flip_bit(c, p), p + 1)


@njit(cache=True)
def _emit_word(out, m, c):
    """Append the canonical word of c (low U letters are empty rows: stripped)."""
    if m == out.shape[0]:
        return -1
    put_word(out, m, canon(strip_low_ones(c)))
    return m + 1


# ----------------------------------------------------------- GAMES.md games
@njit(cache=True)
def chomp(w, out, out2):
    """Chomp (GAMES.md 1): bite at any box (i, j) ≠ (0, 0): rows ≥ i keep at most j boxes."""
    n = nbits(w)
    lam = np.empty(n + 1, dtype=np.int64)
    child = np.empty(n + 1, dtype=np.int64)
    length = to_parts(w, lam)
    m = 0
    for i in range(length):
        for j in range(lam[i]):
            if i == 0 and j == 0:
                continue
            _capped(lam, length, child, i, j)
            m = _emit(out, m, child, length, w, True)
            if m < 0:
                return -1
    return m


@njit(cache=True)
def corner(w, out, out2):
    """Corner (GAMES.md 6): any non-empty set of outer corners loses its boxes.

    The sets are visited in Gray-code order, one corner toggled per step."""
    n = nbits(w)
    at = np.empty(n // 2 + 1, dtype=np.int64)  # the letters where corners are
    k = 0
    for p in range(n - 1):
        if _is_corner(w, p):
            at[k] = p
            k += 1
    c = w
    m = 0
    for step in range(1, 1 << k):
        t = 0  # the corner toggled at this step: the lowest set bit of step
        while not (step >> t) & 1:
            t += 1
        c = _toggle_corner(c, at[t])
        m = _emit_word(out, m, c)
        if m < 0:
            return -1
    return m


@njit(cache=True)
def consecutive_corner(w, out, out2):
    """Consecutive Corner (GAMES.md 7): a non-empty run of consecutive outer corners."""
    n = nbits(w)
    m = 0
    for a in range(n - 1):
        if not _is_corner(w, a):
            continue
        c = w
        for b in range(a, n - 1):
            if _is_corner(w, b):
                c = _toggle_corner(c, b)
                m = _emit_word(out, m, c)
                if m < 0:
                    return -1
    return m


@njit(cache=True)
def end_corners(w, out, out2):
    """SCC (GAMES.md 8): a non-empty prefix or suffix of the list of outer corners."""
    n = nbits(w)
    m = 0
    first = -1
    c = w
    for b in range(n - 1):  # runs from the lowest corner up, the whole list last
        if _is_corner(w, b):
            if first < 0:
                first = b
            c = _toggle_corner(c, b)
            m = _emit_word(out, m, c)
            if m < 0:
                return -1
    c = w
    for a in range(n - 2, first, -1):  # runs from the highest corner down, not all
        if _is_corner(w, a):
            c = _toggle_corner(c, a)
            m = _emit_word(out, m, c)
            if m < 0:
                return -1
    return m


@njit(cache=True)
def anticorner(w, out, out2):
    """Anticorner (GAMES.md 9): bite at the last box of row 1, the first box of the
    bottom row (not for [1]), or the box (i, λ_{i+1}) of a row i < ℓ with λ_{i+1} < λ_i.

    On the word: the last column is the highest R, the bottom row the lowest U.
    A bite at (i, λ_{i+1}) cuts row i and the block of b rows equal to λ_{i+1}
    below it to λ_{i+1} − 1: the letters R U^b R^a U (the R before the block,
    the block, row i's a extra boxes, row i's end) become U^(b+1) R^(a+1)."""
    n = nbits(w)
    if n == 0:
        return 0
    top_r = n - 1
    while bit(w, top_r):
        top_r -= 1
    m = _emit_word(out, 0, delete_bit(w, top_r))
    low_u = 0
    while not bit(w, low_u):
        low_u += 1
    if n > 2 and m >= 0:  # [1] is the word R U: its bottom row is the last column
        m = _emit_word(out, m, delete_bit(w, low_u))
    if m < 0:
        return -1
    a = 0  # R letters just below letter e
    for e in range(n):
        if not bit(w, e):
            a += 1
            continue
        if a > 0 and e > low_u:  # row i is longer than row i + 1, which exists
            start = e - a - 1
            while bit(w, start):  # down through the block of U's to the R below it
                start -= 1
            ups = e - a - start  # b + 1
            c = w
            for p in range(start, e + 1):
                if bit(c, p) != (1 if p < start + ups else 0):
                    c = flip_bit(c, p)
            m = _emit_word(out, m, c)
            if m < 0:
                return -1
        a = 0
    return m


@njit(cache=True)
def sato_welter(w, out, out2):
    """Sato–Welter (GAMES.md 3): remove a hook.  On the boundary word a hook is a pair
    of letters R at i < U at j; removing it swaps them (a bead moves down, Welter)."""
    n = nbits(w)
    m = 0
    for i in range(n):
        if bit(w, i):
            continue
        for j in range(i + 1, n):
            if not bit(w, j):
                continue
            m = _emit_word(out, m, flip_bit(insert_bit(delete_bit(w, j), j, 0), i))
            if m < 0:
                return -1
    return m


@njit(cache=True)
def _rit_rows(w, out, m, symmetric):
    """RIT moves on the rows of w: row r shortened to any length ≥ λ_{r+1}.

    On the word, the U that ends row r follows a run of λ_r − λ_{r+1} R's;
    shortening the row by d moves that U down past d of them."""
    n = nbits(w)
    run = 0  # R letters just below letter p
    for p in range(n):
        if bit(w, p) == 0:
            run += 1
            continue
        rest = delete_bit(w, p)
        for d in range(1, run + 1):
            if m == out.shape[0]:
                return -1
            c = strip_low_ones(insert_bit(rest, p - d, 1))
            put_word(out, m, canon(c) if symmetric else c)
            m += 1
        run = 0
    return m


@njit(cache=True)
def rit(w, out, out2):
    """RIT (GAMES.md 4): shorten a row to at least the length of the row below."""
    return _rit_rows(w, out, 0, False)


@njit(cache=True)
def crit(w, out, out2):
    """CRIT (GAMES.md 5): an RIT move on a row, or the same move on a column."""
    m = _rit_rows(w, out, 0, True)
    if m < 0:
        return -1
    return _rit_rows(conj(w), out, m, True)


@njit(cache=True)
def cris(w, out, out2):
    """CRIS (GAMES.md 2): delete a row or a column; the rest splits into two pieces
    (out: the piece above / left, out2: the piece below / right)."""
    n = nbits(w)
    lam = np.empty(n + 1, dtype=np.int64)
    piece = np.empty(n + 1, dtype=np.int64)
    length = to_parts(w, lam)
    m = 0
    for i in range(length):
        if m == out.shape[0]:
            return -1
        put_word(out, m, canon(from_parts(lam, i, w)))
        for r in range(i + 1, length):
            piece[r - i - 1] = lam[r]
        put_word(out2, m, canon(from_parts(piece, length - i - 1, w)))
        m += 1
    for j in range(lam[0] if length else 0):
        if m == out.shape[0]:
            return -1
        for r in range(length):
            piece[r] = min(lam[r], j)
        put_word(out, m, canon(from_parts(piece, length, w)))
        for r in range(length):
            piece[r] = max(lam[r] - j - 1, 0)
        put_word(out2, m, canon(from_parts(piece, length, w)))
        m += 1
    return m


@njit(cache=True)
def _pnim_rows(w, out, m):
    """PNim moves on rows: delete k_r of the m_r rows of each run, not all k_r = 0."""
    n = nbits(w)
    lam = np.empty(n + 1, dtype=np.int64)
    child = np.empty(n + 1, dtype=np.int64)
    part = np.empty(n + 1, dtype=np.int64)
    mult = np.empty(n + 1, dtype=np.int64)
    take = np.zeros(n + 1, dtype=np.int64)
    length = to_parts(w, lam)
    runs = 0
    for r in range(length):
        if runs and part[runs - 1] == lam[r]:
            mult[runs - 1] += 1
        else:
            part[runs] = lam[r]
            mult[runs] = 1
            runs += 1
    while True:
        t = 0  # next counter in mixed radix (take[t] ≤ mult[t])
        while t < runs and take[t] == mult[t]:
            take[t] = 0
            t += 1
        if t == runs:
            return m
        take[t] += 1
        size = 0
        for q in range(runs):
            for _ in range(mult[q] - take[q]):
                child[size] = part[q]
                size += 1
        m = _emit(out, m, child, size, w, True)
        if m < 0:
            return -1


@njit(cache=True)
def pnim(w, out, out2):
    """PNim (GAMES.md 10) on one partition: delete a non-empty set of rows or of columns."""
    m = _pnim_rows(w, out, 0)
    if m < 0:
        return -1
    return _pnim_rows(conj(w), out, m)


def chess(leaps: np.ndarray, riders: np.ndarray, symmetric: bool):
    """The options kernel of a chess piece on a partition (GAMES.md, impartial chess).

    `leaps` and `riders` are int64 arrays of (a, b) steps (a rows down, b
    columns right); a move by (a, b) is legal when box (a, b) (0-based) is in λ
    and leads to λ[a, b]; a rider repeats its step while the box is in λ.  On
    the word, λ[1, 0] drops the highest U and λ[0, 1] the lowest R; λ[a, b]
    is empty exactly when box (a, b) is not in λ.  The kernel is compiled per
    piece; its steps are constants of the compiled code, and numba's disk
    cache keeps one entry per piece.
    """
    leaps = np.asarray(leaps, dtype=np.int64).reshape(-1, 2)
    riders = np.asarray(riders, dtype=np.int64).reshape(-1, 2)

    def expand(w, out, out2):
        m = 0
        for s in range(leaps.shape[0] + riders.shape[0]):
            rider = s >= leaps.shape[0]
            a = riders[s - leaps.shape[0], 0] if rider else leaps[s, 0]
            b = riders[s - leaps.shape[0], 1] if rider else leaps[s, 1]
            c = w
            while True:  # λ[ka, kb] = λ[(k − 1)a, (k − 1)b][a, b]
                for _ in range(a):
                    if is_zero(c):
                        break
                    c = delete_bit(c, nbits(c) - 1)  # the top row: the highest U
                for _ in range(b):
                    if is_zero(c):
                        break
                    c = strip_low_ones(delete_bit(c, 0))  # the first column: the lowest R
                if is_zero(c):  # box (ka, kb) is not in λ
                    break
                if m == out.shape[0]:
                    return -1
                put_word(out, m, canon(c) if symmetric else c)
                m += 1
                if not rider:
                    break
        return m

    with numba_cache_dir():
        return njit(cache=True)(expand)


# ------------------------------------------------- non-repetitive LCTR
# A position is its diagram and its last (up to) three moves: the key is
# word << 5 | history, history = length << 3 | moves, move t (oldest first)
# at bit t, 1 for L.  Narrow words only: the diagram has at most 51 letters.
NONREP_SHIFT = 5


@njit(cache=True)
def _nonrep_mirror(key):
    """(λ′, the history with L and T swapped): what conjugation does (000 Lemma 6)."""
    h = key & np.uint64(31)
    length = h >> np.uint64(3)
    swapped = (~h) & ((np.uint64(1) << length) - np.uint64(1))
    return (conj(key >> np.uint64(NONREP_SHIFT)) << np.uint64(NONREP_SHIFT)) | (
        (length << np.uint64(3)) | swapped
    )


@njit(cache=True)
def nonrep_canonical(key):
    """The smaller of a position's key and its mirror's."""
    mirror = _nonrep_mirror(key)
    return mirror if mirror < key else key


@njit(cache=True)
def lctr_nonrep(key, out, out2):
    """Non-repetitive LCTR (000 §8; GAMES.md): T or L, unless the last four moves
    would hold two of each."""
    w = key >> np.uint64(NONREP_SHIFT)
    if w == 0:
        return 0
    h = np.int64(key & np.uint64(31))
    length = h >> 3
    moves = h & 7
    n = nbits(w)
    m = 0
    for move in range(2):  # 0: T (top row), 1: L (left column)
        if length == 3:
            ells = move
            for t in range(3):
                ells += (moves >> t) & 1
            if ells == 2:
                continue
        if move == 0:
            child = delete_bit(w, n - 1)
        else:
            p = 0
            while bit(w, p):
                p += 1
            child = strip_low_ones(delete_bit(w, p))
        all_moves = moves | (move << length)
        new_length = length + 1
        if new_length == 4:
            all_moves >>= 1
            new_length = 3
        new_key = (child << np.uint64(NONREP_SHIFT)) | np.uint64((new_length << 3) | all_moves)
        if m == out.shape[0]:
            return -1
        out[m] = nonrep_canonical(new_key)
        m += 1
    return m
