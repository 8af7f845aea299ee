"""LCTR and Downright: games on Young diagrams (papers 000 and 001).

LCTR (000 §3.1): a move deletes the top row, λ → λ[1, 0], or the left
column, λ → λ[0, 1]; the empty partition is terminal.

Downright (000 §3.2): a rook on the top-left box steps one box down,
λ → λ[1, 0] (allowed while λ has more than one row), or one box right,
λ → λ[0, 1] (allowed while λ1 > 1); the corners [1] are terminal.  Its
normal play has the P-positions of misère LCTR (000 Lemma 7).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.game import Ruleset, register
from grundy.partition import Partition

__all__ = ["DOWNRIGHT", "LCTR"]


def _conjugation_canonical(position: Partition) -> Partition:
    """min(λ, λ′): both games are conjugation-invariant (000 Lemma 6)."""
    conj = position.conjugate()
    return position if position.runs <= conj.runs else conj


class LCTRRules(Ruleset):
    """Left column – top row (000 §3.1)."""

    name = "lctr"
    description = "remove the left column or the top row of a Young diagram"

    def parse(self, spec: Any) -> Partition:
        return Partition.coerce(spec)

    def options(self, position: Partition) -> Iterator[tuple[str, Partition]]:
        if position:
            yield "T", position.sub(1, 0)
            yield "L", position.sub(0, 1)

    def canonical(self, position: Partition) -> Partition:
        return _conjugation_canonical(position)

    def format_move(self, move: str) -> str:
        return {"T": "remove the top row", "L": "remove the left column"}[move]


class DownrightRules(Ruleset):
    """Downright: a rook stepping down or right towards a corner (000 §3.2)."""

    name = "downright"
    description = "a rook steps one box down or right; a corner is terminal"

    def parse(self, spec: Any) -> Partition:
        position = Partition.coerce(spec)
        if not position:
            raise ValueError("Downright is played on a non-empty partition")
        return position

    def options(self, position: Partition) -> Iterator[tuple[str, Partition]]:
        if position.length > 1:
            yield "D", position.sub(1, 0)
        if position.largest > 1:
            yield "R", position.sub(0, 1)

    def canonical(self, position: Partition) -> Partition:
        return _conjugation_canonical(position)

    def format_move(self, move: str) -> str:
        return {"D": "step down", "R": "step right"}[move]


LCTR = register(LCTRRules())
DOWNRIGHT = register(DownrightRules())
