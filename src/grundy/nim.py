"""Nim arithmetic on plain Python ints of any size.

`mex` is the minimum excluded value of Sprague–Grundy theory (000 Eq. (2));
`add` is the nim-sum (bitwise XOR, 004 (2.2) and Theorem A.1); `mul` is the
nim-product of 004 Definition 2.5, (2.4):

    a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}.

Nimbers are non-negative ints of any size; numpy's integers are taken too
(`grundy.validate.as_int`), bools and floats are not:

>>> import numpy as np
>>> mul(np.int64(8), 8), add(np.uint8(3), 5)
(13, 6)

The nimbers below 2^(2^k) form the field GF(2^(2^k)) (Conway, *On Numbers and
Games*, ch. 6; 004 Appendix A).  With the Fermat 2-power F = 2^(2^k), every
nimber below F² is a1·F + a0 = a1 ⊗ F ⊕ a0 with a0, a1 < F, and

    F ⊗ F = F ⊕ F/2 (= 3F/2),     x ⊗ F = x·F for x < F,

so a product splits into three half-size products (Karatsuba) plus one
product by the constant F/2.  Nimbers below 2^16 are multiplied with
logarithm/exponential tables of the field GF(2^16), built once on first use.
Inverses use the norm to the half-size subfield, recursively.
"""

from __future__ import annotations

from collections.abc import Iterable

from grundy.validate import as_int

__all__ = ["add", "inv", "mex", "mul", "power", "square"]

_BASE_BITS = 16  # nimbers below 2^16 use the log/exp tables
_BASE = 1 << _BASE_BITS
_ORDER = _BASE - 1  # order of the multiplicative group of GF(2^16)
_BASE32 = 1 << 32
_BASE64 = 1 << 64
# _LOG[0] is a sentinel: every index _LOG[0] + _LOG[x] (or 2·_LOG[0]) lands in
# the zero tail of _EXP, so products with 0 need no branch.
_LOG_ZERO = 2 * _ORDER

_LOG: list[int] = []
_EXP: list[int] = []


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among `values` (000 §2.2)."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def add(*values: int) -> int:
    """The nim-sum a ⊕ b ⊕ …: bitwise exclusive or (004 (2.2))."""
    total = 0
    for v in values:
        total ^= _check(v)
    return total


def mul(*values: int) -> int:
    """The nim-product a ⊗ b ⊗ … of 004 (2.4), for non-negative ints of any size.

    The empty product is 1.
    """
    if not _EXP:
        _ensure_tables()
    if len(values) == 2:
        a, b = values
        return _mul(_check(a), _check(b))
    total = 1
    for v in values:
        total = _mul(total, _check(v)) if total != 1 else _check(v)
    return total


def square(a: int) -> int:
    """a ⊗ a.  Squaring is additive (Frobenius map in characteristic 2)."""
    _ensure_tables()
    return _square(_check(a))


def inv(a: int) -> int:
    """The nim-inverse of a ≠ 0: the b with a ⊗ b = 1 (Conway's field On₂)."""
    a = _check(a)
    if a == 0:
        raise ValueError("0 has no nim-inverse")
    _ensure_tables()
    return _inv(a)


def power(a: int, n: int) -> int:
    """a ⊗ a ⊗ … ⊗ a (n factors); a negative n means the inverse's power."""
    a = _check(a)
    n = as_int(n, "an exponent")
    _ensure_tables()
    if n < 0:
        if a == 0:
            raise ValueError("0 has no nim-inverse, so no negative power")
        a, n = _inv(a), -n
    result = 1
    base = a
    while n:
        if n & 1:
            result = _mul(result, base)
        n >>= 1
        if n:
            base = _square(base)
    return result


# ------------------------------------------------------------------ internals
def _check(v: int) -> int:
    """`v` as a Python int ≥ 0 (numpy's integers too; not bools, floats or text)."""
    if type(v) is int and v >= 0:
        return v
    v = as_int(v, "a nimber")
    if v < 0:
        raise ValueError(f"nimbers are non-negative, got {v}")
    return v


def _half_bits(m: int) -> int:
    """The half-width h = 2^k ≥ 16 of the smallest field GF(2^(2h)) holding nimbers < 2^m."""
    h = _BASE_BITS
    while 2 * h < m:
        h *= 2
    return h


def _mul(a: int, b: int) -> int:
    """Nim-product of two non-negative ints (tables must exist)."""
    if a < _BASE and b < _BASE:
        return _EXP[_LOG[a] + _LOG[b]]
    if a < _BASE32 and b < _BASE32:
        return _mul32(a, b)
    if a < _BASE64 and b < _BASE64:
        return _mul64(a, b)
    h = _half_bits(max(a, b).bit_length())
    mask = (1 << h) - 1
    a1, a0 = a >> h, a & mask
    b1, b0 = b >> h, b & mask
    if not a1:  # a < F: a ⊗ (b1 F ⊕ b0) = (a ⊗ b1)·F ⊕ a ⊗ b0
        return (_mul(a0, b1) << h) ^ _mul(a0, b0)
    if not b1:
        return (_mul(a1, b0) << h) ^ _mul(a0, b0)
    p0 = _mul(a0, b0)
    p1 = _mul(a1, b1)
    p2 = _mul(a0 ^ a1, b0 ^ b1)
    # a1 b1 F² = a1 b1 (F ⊕ F/2); the F-coefficient a1b1 ⊕ a1b0 ⊕ a0b1 = p2 ⊕ p0.
    return ((p2 ^ p0) << h) ^ p0 ^ _mul_half_fermat(p1, h)


def _mul32(a: int, b: int) -> int:
    """Nim-product of a, b < 2^32: one Karatsuba step over GF(2^16), inlined."""
    exp, log = _EXP, _LOG
    a1, a0 = a >> 16, a & 0xFFFF
    b1, b0 = b >> 16, b & 0xFFFF
    p0 = exp[log[a0] + log[b0]]
    p1 = exp[log[a1] + log[b1]]
    p2 = exp[log[a0 ^ a1] + log[b0 ^ b1]]
    return ((p2 ^ p0) << 16) ^ p0 ^ exp[log[p1] + _LOG_HALF]


def _mul64(a: int, b: int) -> int:
    """Nim-product of a, b < 2^64: one Karatsuba step over GF(2^32), inlined."""
    exp, log, half = _EXP, _LOG, _LOG_HALF
    a1, a0 = a >> 32, a & 0xFFFFFFFF
    b1, b0 = b >> 32, b & 0xFFFFFFFF
    p0 = _mul32(a0, b0)
    p1 = _mul32(a1, b1)
    p2 = _mul32(a0 ^ a1, b0 ^ b1)
    # p1 ⊗ 2^31, with 2^31 = 2^16 ⊗ 2^15 (see _mul_half_fermat)
    y1 = exp[log[p1 >> 16] + half]
    y0 = exp[log[p1 & 0xFFFF] + half]
    return ((p2 ^ p0) << 32) ^ p0 ^ ((y1 ^ y0) << 16) ^ exp[log[y1] + half]


def _mul_half_fermat(x: int, h: int) -> int:
    """x ⊗ 2^(h-1) for x < 2^h, h = 2^k ≥ 16 (the constant F/2 with F = 2^h).

    2^(h-1) = G ⊗ G/2 with G = 2^(h/2), because G/2 < G is a product of
    Fermat 2-powers other than G.
    """
    if h == _BASE_BITS:
        return _EXP[_LOG[x] + _LOG_HALF]
    g = h >> 1
    mask = (1 << g) - 1
    x1, x0 = x >> g, x & mask
    y1 = _mul_half_fermat(x1, g)  # y = x ⊗ G/2 = y1·G ⊕ y0
    y0 = _mul_half_fermat(x0, g)
    # y ⊗ G = y1 (G ⊕ G/2) ⊕ y0 G
    return ((y1 ^ y0) << g) ^ _mul_half_fermat(y1, g)


def _square(a: int) -> int:
    if a < _BASE:
        return _EXP[2 * _LOG[a]]
    h = _half_bits(a.bit_length())
    a1, a0 = a >> h, a & ((1 << h) - 1)
    s1 = _square(a1)
    # (a1 F ⊕ a0)² = a1² F ⊕ a1² F/2 ⊕ a0²
    return (s1 << h) ^ _mul_half_fermat(s1, h) ^ _square(a0)


def _inv(a: int) -> int:
    if a < _BASE:
        return _EXP[_ORDER - _LOG[a]]
    h = _half_bits(a.bit_length())
    a1, a0 = a >> h, a & ((1 << h) - 1)
    # The conjugate of F is F ⊕ 1 (the other root of x² = x ⊕ F/2), so
    # a ⊗ conj(a) = a0² ⊕ a0 a1 ⊕ a1² ⊗ F/2 lies in the subfield, and
    # a⁻¹ = conj(a) ⊗ norm⁻¹ = (a1 F ⊕ (a0 ⊕ a1)) ⊗ norm⁻¹.
    norm = _square(a0) ^ _mul(a0, a1) ^ _mul_half_fermat(_square(a1), h)
    n_inv = _inv(norm)
    return (_mul(a1, n_inv) << h) ^ _mul(a0 ^ a1, n_inv)


def _mul_plain(a: int, b: int) -> int:
    """Nim-product by Fermat splitting down to single bits (no tables).

    Used only to build the tables; four half-size products per level.
    """
    if a < 2 or b < 2:
        return a * b
    h = 1
    while 2 * h < max(a, b).bit_length():
        h *= 2
    mask = (1 << h) - 1
    a1, a0 = a >> h, a & mask
    b1, b0 = b >> h, b & mask
    high = _mul_plain(a1, b1)
    mid = _mul_plain(a1, b0) ^ _mul_plain(a0, b1)
    return ((mid ^ high) << h) ^ _mul_plain(a0, b0) ^ _mul_plain(high, 1 << (h - 1))


_LOG_HALF = 0


def _ensure_tables() -> None:
    """Build the log/exp tables of GF(2^16) (nimbers below 2^16), once."""
    global _LOG_HALF
    if _EXP:
        return
    # GF(2^8) first, by plain products: 256 values.
    log8 = [0] * 256
    exp8: list[int] = []
    for g in range(2, 256):
        exp8 = [1]
        x = 1
        for _ in range(254):
            x = _mul_plain(x, g)
            if x == 1:
                break
            exp8.append(x)
        if len(exp8) == 255:
            break
    for i, x in enumerate(exp8):
        log8[x] = i
    exp8 = exp8 + exp8

    def mul8(a: int, b: int) -> int:
        return exp8[log8[a] + log8[b]] if a and b else 0

    def mul16(a: int, b: int) -> int:
        a1, a0, b1, b0 = a >> 8, a & 255, b >> 8, b & 255
        p0, p1 = mul8(a0, b0), mul8(a1, b1)
        p2 = mul8(a0 ^ a1, b0 ^ b1)
        return ((p2 ^ p0) << 8) ^ p0 ^ mul8(p1, 128)

    # A primitive element of GF(2^16): order 65535 = 3·5·17·257.
    for g in range(2, _BASE):
        exp16 = [1]
        x = 1
        for _ in range(_ORDER - 1):
            x = mul16(x, g)
            if x == 1:
                break
            exp16.append(x)
        if len(exp16) == _ORDER:
            break
    log16 = [0] * _BASE
    for i, x in enumerate(exp16):
        log16[x] = i
    log16[0] = _LOG_ZERO
    _LOG[:] = log16
    _EXP[:] = exp16 + exp16 + [0] * (2 * _LOG_ZERO + 1 - 2 * _ORDER)
    _LOG_HALF = log16[1 << (_BASE_BITS - 1)]
