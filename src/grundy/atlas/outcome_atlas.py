"""The outcome atlas: of every partition of every size up to N, whether it is a P-position,
and each level's tallies of winning moves.

Built by ``grundy atlas build GAME --n 1..N --outcomes`` (`grundy.atlas.build`
with ``outcomes=True``, through the outcome engine,
`grundy.engine.outcome_levels`), it lies on disk as the value atlas does
(`grundy.atlas.files`: a manifest, each level as checksummed chunk files; atomic,
resumable, refused with one line when corrupt or foreign), in the format
``grundy-outcomes/1`` (`grundy.atlas.schema.OUTCOMES`).  A chunk keeps only its
P-positions, as a bitmap or as their delta-coded ranks where they are rare
(`grundy.atlas.outcome_chunks`), so a position costs at most a bit.  Each level's
row in the manifest carries its tallies: the P-positions, and the N-positions
with exactly one winning move and with several.

`OutcomeAtlas` reads one: `outcome(position)` ("P" or "N"), `tallies(n)`,
`outcomes(n)`; it has no values.

>>> import tempfile
>>> from grundy import get_ruleset
>>> from grundy.atlas import build
>>> atlas = build(get_ruleset("chomp"), 7, tempfile.mkdtemp(), outcomes=True)
>>> atlas.outcome("3,2"), atlas.outcome("3,2,1"), atlas.tallies(7)
('P', 'N', {'P': 3, 'N': 12, 'one': 10, 'several': 2})
>>> atlas  # doctest: +ELLIPSIS
<outcome atlas ...: chomp, normal play, levels 0..7, 44 positions, ... bytes, complete>
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from grundy.atlas.files import Atlas, checked_bits
from grundy.atlas.schema import OUTCOMES

__all__ = ["OutcomeAtlas"]


class OutcomeAtlas(Atlas):
    """An outcome atlas opened for reading (`grundy.atlas.open` opens either kind):
    `outcome`, `tallies`, `outcomes`, `level` (whether each position is a P-position);
    `covers`, `is_for`, `info` and its `repr` as the value atlas's.  Each chunk is
    checked the first time it is read, its ranks turned into a bitmap."""

    layout = OUTCOMES
    holds_values = False

    def outcome(self, position: object) -> str:
        """ "P" if a partition (a Partition, a sum of one, or its text) is a P-position,
        else "N"."""
        n, r = self._place(position)
        i = r % self.chunk
        return "P" if self._chunk(n, r // self.chunk)[i >> 3] >> (i & 7) & 1 else "N"

    def value(self, position: object) -> int:
        """An outcome atlas holds no values: ValueError (ask `outcome`)."""
        raise ValueError(f"the outcome atlas {self.directory} holds outcomes, not values")

    def counts(self, n: int) -> dict[int, int]:
        """An outcome atlas holds no values: ValueError (ask `outcomes` or `tallies`)."""
        raise ValueError(f"the outcome atlas {self.directory} holds outcomes, not values")

    def tallies(self, n: int) -> dict[str, int]:
        """Level n's P-positions, N-positions, and N-positions with exactly one winning
        move and with several (the rest of the N-positions, in misère play, have no
        move at all)."""
        row = self._row(n)
        p = row["P"]
        return {"P": p, "N": row["count"] - p, "one": row["one"], "several": row["several"]}

    def outcomes(self, n: int) -> dict[str, int]:
        """{"P": …, "N": …}: level n's positions by outcome."""
        tallies = self.tallies(n)
        return {"P": tallies["P"], "N": tallies["N"]}

    def chunks(self, n: int) -> Iterator[tuple[int, np.ndarray]]:
        """Level n in pieces, ``(lo, is_p)``: for consecutive rank ranges from 0, whether
        each position is a P-position (bool)."""
        for lo, bits in super().chunks(n):
            ranks = min(self.chunk, self._row(n)["count"] - lo)
            yield lo, np.unpackbits(bits, count=ranks, bitorder="little").astype(bool)

    def info(self) -> dict[str, Any]:
        """`Atlas.info`, with ``"outcomes": true`` and the P-positions of every level."""
        info = super().info()
        return info | {"outcomes": True, "P": sum(row["P"] for row in self.manifest["levels"])}

    def _held(self, n: int, k: int, row: dict[str, Any], stored: np.ndarray, ranks: int) -> Any:
        """Chunk k of level n as its bitmap (checked against its row's P-positions)."""
        return checked_bits(self.directory, n, k, row, stored, ranks)
