"""An outcome atlas's chunk as it lies on disk: a bitmap of its P-positions, or their
ranks where they are rare.

The outcome engine (`grundy.engine.outcome_levels`) gives each position of a chunk
a code (0: a P-position; 1, 2: an N-position with one winning move, with several; 3:
one with no move).  A chunk keeps only its P-positions, in whichever form is smaller
(`encode`):

* ``"bitmap"``: one bit a rank, least significant first (uint8, ⌈ranks / 8⌉ bytes);
* ``"ranks"``: the P-positions' ranks within the chunk, delta-coded (the first rank,
  then each rank less the one before), in the smallest unsigned type that holds every
  delta (uint8, uint16 or uint32);

and its tallies (the P-positions and the N-positions with one and with several
winning moves).  `bits` turns either form back into the bitmap the engine holds,
refusing one that does not match the chunk's tallies.

>>> codes = np.array([1, 0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0], np.uint8)
>>> form, stored, tallies = encode(codes)
>>> form, stored.tolist(), tallies
('ranks', [1, 16], {'P': 2, 'one': 15, 'several': 1})
>>> bits(form, stored, len(codes), tallies["P"]).tolist()
[2, 0, 2]
"""

from __future__ import annotations

import numpy as np

from grundy.engine.outcome_levels import ONE, SEVERAL, P, bitmap

__all__ = ["bits", "encode"]

#: The types a chunk's deltas may take, smallest first.
_DELTAS = (np.uint8, np.uint16, np.uint32)


def encode(codes: np.ndarray) -> tuple[str, np.ndarray, dict[str, int]]:
    """(form, stored array, tallies) of a chunk's codes: its P-positions as a bitmap, or
    as delta-coded ranks where those take fewer bytes (the module's doc).

    >>> encode(np.zeros(10, np.uint8))[:2]  # every position a P-position: the bitmap
    ('bitmap', array([255,   3], dtype=uint8))
    """
    tallies = {
        "P": int(np.count_nonzero(codes == P)),
        "one": int(np.count_nonzero(codes == ONE)),
        "several": int(np.count_nonzero(codes == SEVERAL)),
    }
    ranks = np.flatnonzero(codes == P)
    deltas = np.diff(ranks, prepend=0)
    widest = int(deltas.max()) if len(deltas) else 0
    kind = next(t for t in _DELTAS if widest <= np.iinfo(t).max)
    if len(ranks) * np.dtype(kind).itemsize < -(-len(codes) // 8):
        return "ranks", deltas.astype(kind), tallies
    return "bitmap", bitmap(codes), tallies


def bits(form: str, stored: np.ndarray, ranks: int, p: int) -> np.ndarray:
    """The bitmap of a chunk of `ranks` positions, `p` of them P-positions, stored in
    `form` (`encode`); ValueError if the stored array does not hold `p` P-positions
    among those ranks.  A bitmap is returned as it is (a memory map stays one).

    >>> bits("ranks", np.array([3, 0], np.uint8), 8, 2)
    Traceback (most recent call last):
    ...
    ValueError: its ranks are not increasing
    """
    if form == "bitmap":
        if stored.dtype != np.uint8:
            raise ValueError(f"its bitmap is {stored.dtype}, not uint8")
        ones = int(np.unpackbits(stored, bitorder="little")[ranks:].sum()) if ranks % 8 else 0
        if ones or int(np.unpackbits(stored).sum()) != p:
            raise ValueError(f"its bitmap does not hold {p} P-positions among {ranks} ranks")
        return stored
    at = np.cumsum(stored, dtype=np.int64)
    if len(at) != p or (len(at) and (at[-1] >= ranks or np.any(stored[1:] == 0))):
        problem = "not increasing" if np.any(stored[1:] == 0) else f"not {p} ranks below {ranks}"
        raise ValueError(f"its ranks are {problem}")
    found = np.zeros(ranks, dtype=bool)
    found[at] = True
    return np.packbits(found, bitorder="little")
