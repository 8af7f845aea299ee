"""Impartial chess on a partition: one piece walks from the top-left box of λ.

Rules (docs/games.md, "Impartial chess on a partition"; the open problem of 000 §8,
after Berlekamp's impartial chess on rectangles; studied on Young diagrams by
Gottlieb, Krnc and Muršič, *Impartial chess on integer partitions*, 2025).  A
piece stands on the top-left box of λ.  It moves by a vector (a, b) — a rows
down, b columns right, a, b ≥ 0, not both 0 — when the box (1+a, 1+b) is in
λ, and the position becomes λ[a, b] = ``λ.sub(a, b)``: the piece is again on
the top-left box.  A box is always under the piece, so the empty partition
is not a position; a piece with no move (on a corner, for most pieces) is
terminal.  Every position reachable from λ is some λ[i, j], one per box, so
the default per-box table (λ[i, j] in box (i, j), as in 000 Figure 8) shows
every value.

A `Piece` is a finite set of *leaps* (a, b), each one move, and *riders*
(a, b)+, which move by k·(a, b) for every k ≥ 1 whose target box is in λ.  A
rider needs no separate "path is free" rule: the boxes k'·(a, b) with
k' < k that it passes over lie weakly above and left of the target, so they
are in λ whenever the target is (λ is a diagram).  The built-in pieces
(`PIECES`) are the king, rook, bishop, queen, knight and pawn of docs/games.md;
the piece ``leaps=0:1,1:0`` is 000's Downright.

Closed forms (each proved below, checked against the exhaustive solver in
tests/test_chess.py and benchmarks/chess_tables.py):

* rook on the rectangle [c^r]: two-pile Nim on heaps r−1 and c−1 (000 §8),
  SG = (r−1) ⊕ (c−1), normal play only;
* bishop on any λ: it only runs down the diagonal, and λ[k, k] is a position
  exactly for k < d(λ) (the Durfee square), so it is one Nim heap of size
  h = d(λ) − 1: SG = h, misère 1, 0, 2, 3, 4, … for h = 0, 1, 2, 3, 4, …;
* king, knight and pawn on the rectangle [c^r] (`king_rectangle_value`,
  `knight_rectangle_value`, `pawn_rectangle_value`; normal and misère);
* the Downright piece: `grundy.games.lctr.lctr.downright_value` (000 Theorem 11
  and the misère propagation of `grundy.games.lctr.lctr`).

The queen on a rectangle is Wythoff's game (000 §8): its P-positions are the
rectangles with {r−1, c−1} = {⌊kφ⌋, ⌊kφ²⌋}; its other values have no closed
form, so none is declared.

>>> from grundy import get_ruleset, value
>>> value("chess-king", "3,2,1"), value(get_ruleset("chess", piece="riders=1:1"), "3,3,3")
(2, 2)
>>> downright = get_ruleset("chess", piece="leaps=0:1,1:0")
>>> value(downright, "4,4,2") == value("downright", "4,4,2")
True
"""

from __future__ import annotations

import itertools
import math
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from grundy.game import KERNEL_LETTERS, LazyKernel, PartitionRuleset, Ruleset
from grundy.games.lctr.lctr import downright_value
from grundy.partition import Partition
from grundy.registry import register
from grundy.validate import as_bool, as_int, check_non_negative

__all__ = [
    "CHESS",
    "MAX_PIECE_VECTORS",
    "PIECES",
    "RULESETS",
    "ChessFamily",
    "ChessRules",
    "Piece",
    "bishop_value",
    "king_rectangle_value",
    "knight_rectangle_value",
    "pawn_rectangle_value",
    "rook_rectangle_value",
]

Vector = tuple[int, int]

PIECE_SYNTAX = (
    '"leaps=a:b,…;riders=a:b,…" (a rows down, b columns right, a, b ≥ 0 and not both 0; '
    "a leap moves once, a rider repeats its step; either part may be left out), "
    "or a built-in piece: king, rook, bishop, queen, knight, pawn"
)

_VECTOR = re.compile(r"^([+-]?\d+)\s*:\s*([+-]?\d+)$", re.ASCII)

#: The most leaps and riders a piece may be given (a piece is checked and reduced in
#: time linear in its vectors; `grundy serve` builds pieces sent by anyone).
MAX_PIECE_VECTORS = 1000
#: How many pieces' games the `chess` family keeps (the same piece, the same game).
KEPT_PIECES = 64


# -------------------------------------------------------------------- pieces
class Piece:
    """An immutable, hashable chess piece: a set of leaps (a, b) and riders (a, b)+.

    (docs/games.md, impartial chess.)  Equal move sets give equal pieces: a rider
    that is a multiple of another rider, and a leap on a rider's ray, are
    dropped, so ``Piece(leaps=[(2, 2)], riders=[(1, 1)]) == Piece(riders=[(1, 1)])``.
    (This normal form is unique: two reduced pieces with the same move set
    have the same riders, hence the same leaps.)  A piece is given at most
    `MAX_PIECE_VECTORS` vectors (a ValueError beyond).

    >>> knight = Piece.parse("leaps=2:1,1:2")
    >>> str(knight), knight.is_symmetric
    ('leaps=1:2,2:1', True)
    >>> Piece.parse("riders = 1:1 ; leaps = 2:2, 0:1")
    Piece.parse('leaps=0:1;riders=1:1')
    """

    __slots__ = ("_hash", "_leaps", "_riders")

    def __init__(self, leaps: Iterable[Vector] = (), riders: Iterable[Vector] = ()) -> None:
        leap_list = list(itertools.islice(leaps, MAX_PIECE_VECTORS + 1))
        rider_list = list(itertools.islice(riders, MAX_PIECE_VECTORS + 1 - len(leap_list)))
        _check_piece_size(len(leap_list) + len(rider_list))
        leap_set = {_check_vector(v, "leap") for v in leap_list}
        rider_set = {_check_vector(v, "rider") for v in rider_list}
        if not leap_set and not rider_set:
            raise ValueError(f"a piece needs at least one leap or rider; syntax: {PIECE_SYNTAX}")
        riders = _riders_by_line(rider_set)
        self._leaps = tuple(sorted(v for v in leap_set if not _ridden(v, riders)))
        self._riders = tuple(sorted((k * a, k * b) for (a, b), ks in riders.items() for k in ks))
        self._hash = hash((self._leaps, self._riders))

    @classmethod
    def parse(cls, text: str) -> Piece:
        """A piece from its text form, or a built-in piece's name (see `PIECE_SYNTAX`).

        Parts are separated by ``;``, vectors by ``,``; whitespace is free and
        the parts may come in any order.  A bad token is a ValueError naming it.
        """
        if not isinstance(text, str):
            raise TypeError(f"a piece is given as text, got {type(text).__name__}")
        name = text.strip().lower()
        if name in PIECES:
            return PIECES[name]
        parts: dict[str, list[Vector]] = {}
        for chunk in text.split(";"):
            if not chunk.strip():
                continue
            key, eq, body = chunk.partition("=")
            key = key.strip().lower()
            if not eq:
                raise ValueError(
                    f"bad piece part {chunk.strip()!r} in {text!r}: expected leaps=… or "
                    f"riders=…; syntax: {PIECE_SYNTAX}"
                )
            if key not in ("leaps", "riders"):
                raise ValueError(
                    f"unknown key {key!r} in piece {text!r}: expected 'leaps' or 'riders'"
                )
            if key in parts:
                raise ValueError(f"{key!r} given twice in piece {text!r}")
            tokens = body.split(",")
            _check_piece_size(len(tokens) + sum(len(vectors) for vectors in parts.values()))
            parts[key] = [_parse_vector(token, key, text) for token in tokens]
        return cls(parts.get("leaps", ()), parts.get("riders", ()))

    @classmethod
    def coerce(cls, value: Piece | str) -> Piece:
        """A Piece as it is, or parsed from text."""
        return value if isinstance(value, Piece) else cls.parse(value)

    # ------------------------------------------------------------ the moves
    @property
    def leaps(self) -> tuple[Vector, ...]:
        """The leaps (a, b), sorted."""
        return self._leaps

    @property
    def riders(self) -> tuple[Vector, ...]:
        """The riders' steps (a, b), sorted."""
        return self._riders

    def transpose(self) -> Piece:
        """The piece with every vector (a, b) turned into (b, a)."""
        return Piece([(b, a) for a, b in self._leaps], [(b, a) for a, b in self._riders])

    @property
    def is_symmetric(self) -> bool:
        """Whether the move set is closed under (a, b) → (b, a).

        Then λ and its conjugate λ′ have the same value (a move by (a, b) on
        λ is a move by (b, a) on λ′, and λ[a, b]′ = λ′[b, a]).
        """
        return self.transpose() == self

    def vectors(self, position: Partition) -> list[Vector]:
        """The legal moves on `position`: vectors (a, b) with the 0-based box (a, b) in λ.

        Each vector once (two riders can reach the same box), sorted.
        """
        found = {v for v in self._leaps if position.contains_box(*v)}
        for a, b in self._riders:
            k = 1
            while position.contains_box(k * a, k * b):
                found.add((k * a, k * b))
                k += 1
        return sorted(found)

    # ----------------------------------------------------------- comparison
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Piece):
            return (self._leaps, self._riders) == (other._leaps, other._riders)
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        parts = []
        for key, vectors in (("leaps", self._leaps), ("riders", self._riders)):
            if vectors:
                parts.append(key + "=" + ",".join(f"{a}:{b}" for a, b in vectors))
        return ";".join(parts)

    def __repr__(self) -> str:
        return f"Piece.parse({str(self)!r})"


def _check_vector(vector: object, what: str) -> Vector:
    """A move vector (a, b) of ints, a, b ≥ 0, not both 0."""
    try:
        a, b = vector  # type: ignore[misc]
    except (TypeError, ValueError):
        raise TypeError(f"a {what} is a pair (a, b), got {vector!r}") from None
    a, b = as_int(a, f"{what} {vector!r}: a"), as_int(b, f"{what} {vector!r}: b")
    check_non_negative(**{f"{what} {vector!r}: a": a, f"{what} {vector!r}: b": b})
    if a == b == 0:
        raise ValueError(f"{what} (0, 0) does not move the piece")
    return (a, b)


def _parse_vector(token: str, key: str, text: str) -> Vector:
    """One ``a:b`` token of a piece's text; a ValueError naming the token."""
    match = _VECTOR.match(token.strip())
    if match is None:
        raise ValueError(
            f"bad vector {token.strip()!r} in {key} of piece {text!r}: expected a:b with "
            "integers a, b ≥ 0"
        )
    try:
        return _check_vector((int(match.group(1)), int(match.group(2))), key[:-1])
    except ValueError as exc:
        raise ValueError(f"bad vector {token.strip()!r} in piece {text!r}: {exc}") from None


def _check_piece_size(vectors: int) -> None:
    """A ValueError if a piece is given more than `MAX_PIECE_VECTORS` vectors."""
    if vectors > MAX_PIECE_VECTORS:
        raise ValueError(
            f"a piece may have at most {MAX_PIECE_VECTORS} leaps and riders, got at least {vectors}"
        )


def _line(v: Vector) -> tuple[Vector, int]:
    """v as k·d with d the shortest step in its direction: (d, k).

    >>> _line((4, 6)), _line((0, 3))
    (((2, 3), 2), ((0, 1), 3))
    """
    k = math.gcd(*v)
    return (v[0] // k, v[1] // k), k


def _riders_by_line(riders: Iterable[Vector]) -> dict[Vector, list[int]]:
    """The riders no other rider rides along, as {shortest step d: [k, …]} for riders k·d.

    A rider k·d moves along another k'·d exactly when k' divides k, so on each
    line the multiples are kept in increasing order unless a kept one divides
    them: one sorted pass, each rider compared only with those kept on its own
    line (the former pairwise comparison took minutes on 20,000 vectors).

    >>> _riders_by_line([(1, 2), (2, 4), (3, 6), (3, 0), (2, 0)])
    {(1, 0): [2, 3], (1, 2): [1]}
    """
    by_line: dict[Vector, list[int]] = {}
    for step, k in sorted(map(_line, riders)):
        kept = by_line.setdefault(step, [])
        if not any(k % shorter == 0 for shorter in kept):
            kept.append(k)
    return by_line


def _ridden(v: Vector, riders: dict[Vector, list[int]]) -> bool:
    """Whether one of `riders` (as `_riders_by_line` gives them) moves by v.

    >>> _ridden((4, 4), {(1, 1): [2]}), _ridden((3, 3), {(1, 1): [2]})
    (True, False)
    """
    step, k = _line(v)
    return any(k % shorter == 0 for shorter in riders.get(step, ()))


#: The pieces of docs/games.md by name (the Downright piece is ``leaps=0:1,1:0``).
PIECES: dict[str, Piece] = {
    "king": Piece(leaps=[(0, 1), (1, 0), (1, 1)]),
    "rook": Piece(riders=[(0, 1), (1, 0)]),
    "bishop": Piece(riders=[(1, 1)]),
    "queen": Piece(riders=[(0, 1), (1, 0), (1, 1)]),
    "knight": Piece(leaps=[(1, 2), (2, 1)]),
    "pawn": Piece(leaps=[(0, 1), (1, 1)]),
}
_DOWNRIGHT = Piece(leaps=[(0, 1), (1, 0)])


# -------------------------------------------------------------- closed forms
def rook_rectangle_value(rows: int, cols: int) -> int:
    """The rook on the rectangle [cols^rows]: two-pile Nim, (rows−1) ⊕ (cols−1) (000 §8).

    From a box at distances (x, y) from the bottom-right corner the rook moves
    to any (x', y) with x' < x or (x, y') with y' < y: Nim on heaps x and y.
    """
    return (rows - 1) ^ (cols - 1)


def king_rectangle_value(rows: int, cols: int, misere: bool = False) -> int:
    """The king on the rectangle [cols^rows] (Berlekamp's impartial chess king).

    With x = rows − 1 and y = cols − 1 (the distances to the corner):
    0 if x, y are both even; 2 if both are odd; else 1 if the larger of the
    two is odd, 3 if it is even.  Misère play: the same when x, y ≥ 1; on the
    edge (x = 0 or y = 0, a walk of single steps) 1 − (x + y) mod 2.

    Proof (normal play), by induction, f being the formula above, symmetric
    in x, y, as the king's moves are.  Options of (x, y) are (x−1, y),
    (x, y−1), (x−1, y−1), where they exist.
    Both even: each option has an odd coordinate, so no option is 0: value 0.
    Both odd, x ≤ y: (x−1, y−1) is 0; (x−1, y) is 1 (its larger coordinate y
    is odd); (x, y−1) is 3 if x < y (larger y−1 even) and 1 if x = y; the
    mex is 2.
    x even, y odd (the other case is the transpose): (x, y−1) is 0 and
    (x−1, y) is 2 when x ≥ 1.  If x < y, (x−1, y−1) has larger coordinate y−1,
    even, so it is 3: the mex of {0, 2, 3} (or {0} when x = 0) is 1.  If x > y,
    (x−1, y−1) has larger coordinate x−1, odd, so it is 1: the mex of
    {0, 1, 2} is 3.
    Misère: the edge is a walk whose terminal corner is worth 1, so it
    alternates 1, 0, 1, …  A box (1, y) with y ≥ 2 has the two edge options
    (0, y), (0, y−1), worth {0, 1} in both conventions, and the interior
    option (1, y−1); (1, 1) has three edge options worth {0, 1} in both; boxes
    with x, y ≥ 2 have interior options only.  So interior values agree.  ∎
    """
    x, y = rows - 1, cols - 1
    if as_bool(misere, "misere") and x * y == 0:
        return 1 - (x + y) % 2
    if x % 2 == y % 2:
        return 2 * (x % 2)
    return 1 if max(x, y) % 2 else 3


def bishop_value(position: Partition, misere: bool = False) -> int:
    """The bishop on λ: one Nim heap of size h = d(λ) − 1 (d: the Durfee length).

    The bishop moves only by (k, k), legal exactly when λ[k, k] still holds
    its top-left box, i.e. k < d(λ); and d(λ[k, k]) = d(λ) − k.  So the
    position is a Nim heap of h = d(λ) − 1: value h; misère (a heap of 0 is
    worth 1) 1 for h = 0, 0 for h = 1 and h for h ≥ 2.
    """
    h = position.durfee() - 1
    if as_bool(misere, "misere") and h <= 1:
        return 1 - h
    return h


def knight_rectangle_value(rows: int, cols: int, misere: bool = False) -> int:
    """The knight on the rectangle [cols^rows] (Berlekamp's impartial chess knight).

    With m = min(x, y) and D = |x − y|, where x = rows − 1 and y = cols − 1 (the
    distances to the corner): m mod 3, except 0 when m ≡ 1 (mod 3) and D = 0,
    and 1 when m ≡ 2 (mod 3) and D ≤ 1.  Misère play: the same with 0 and 1
    exchanged.

    Proof (normal play), by induction; x ≤ y as the knight's moves are
    symmetric.  The options of (m, m+D) are A = (m−1, m+D−2) and
    B = (m−2, m+D−1), where both coordinates are ≥ 0.  For D ≥ 1, A has
    minimum m−1 and gap D−1; for D = 0 it is (m−1, m−2), the transpose of B.
    B has minimum m−2 and gap D+1.  For m ≡ 0, 1, 2 (mod 3):
    D ≥ 3: A and B are regular, worth (m−1) mod 3 and (m−2) mod 3; mex m mod 3.
    D = 2: (A, B) are worth (1, 1), (0, 2), (1, 0); mex 0, 1, 2.
    D = 1: (A, B) are worth (1, 1), (0, 2), (0, 0); mex 0, 1 and the exceptional 1.
    D = 0: A and B are worth 1, 1, 0; mex 0, the exceptional 0, the exceptional 1.
    For m ≤ 1 the missing options change no mex (m = 0: no option, value 0;
    m = 1: only A, worth 0 when D ≥ 1).  ∎
    Misère: by the lists, every position with an option has one worth 0 or
    1, and for such a set S of values mex(σS) = σ(mex S), σ exchanging 0 and
    1; terminal positions are worth 0, in misère play σ(0) = 1.
    """
    x, y = rows - 1, cols - 1
    m, gap = min(x, y), abs(x - y)
    value = m % 3
    if m % 3 == 1 and gap == 0:
        value = 0
    elif m % 3 == 2 and gap <= 1:
        value = 1
    return 1 - value if as_bool(misere, "misere") and value <= 1 else value


def pawn_rectangle_value(rows: int, cols: int, misere: bool = False) -> int:
    """The pawn on the rectangle [cols^rows]: (cols − 1) mod 2; misère cols mod 2.

    Every pawn move goes one column right, and a pawn short of the last column
    can always step right, so every play lasts cols − 1 moves: by induction
    each option is worth the same, (cols − 2) mod 2 (misère (cols − 1) mod 2),
    and the position the other of 0, 1.  Not symmetric: the value ignores rows.
    """
    return (cols - 1 + as_bool(misere, "misere")) % 2


def _on_rectangles(
    value: Callable[[int, int, bool], int | None],
) -> Callable[[Partition, bool], int | None]:
    """A closed form of (rows, cols, misère) as one of (λ, misère): None off rectangles."""

    def form(position: Partition, misere: bool) -> int | None:
        if len(position.runs) != 1:
            return None
        cols, rows = position.runs[0]
        return value(rows, cols, misere)

    return form


#: The closed forms of the pieces that have one (see the module docstring).
_CLOSED_FORMS: dict[Piece, Callable[[Partition, bool], int | None]] = {
    PIECES["rook"]: _on_rectangles(lambda r, c, m: None if m else rook_rectangle_value(r, c)),
    PIECES["king"]: _on_rectangles(king_rectangle_value),
    PIECES["knight"]: _on_rectangles(knight_rectangle_value),
    PIECES["pawn"]: _on_rectangles(pawn_rectangle_value),
    PIECES["bishop"]: bishop_value,
    _DOWNRIGHT: downright_value,
}


def steps_inside(position: Partition, a: int, b: int) -> int:
    """The largest k with the 0-based box (k·a, k·b) in λ (0 if (a, b) is not): the
    boxes of a ray from the corner form a prefix of it, found by doubling and bisection
    in O(log k) box tests, where walking the ray takes k.

    >>> steps_inside(Partition.parse("9^5"), 1, 2), steps_inside(Partition([1] * 10), 1, 0)
    (4, 9)
    """
    high = 1
    while position.contains_box(high * a, high * b):
        high *= 2
    low = high // 2  # inside (or 0); high is not
    while high - low > 1:
        middle = (low + high) // 2
        if position.contains_box(middle * a, middle * b):
            low = middle
        else:
            high = middle
    return low


# ------------------------------------------------------------------ rulesets
class ChessRules(PartitionRuleset):
    """One piece on a Young diagram (docs/games.md, impartial chess; 000 §8).

    Moves are labelled by their vector (a, b).  The game is invariant under
    conjugation exactly when the piece is symmetric (`Piece.is_symmetric`);
    only then is min(λ, λ′) the canonical form.
    """

    reference = "docs/games.md (impartial chess); 000 §8; Gottlieb–Krnc–Muršič 2025"
    allows_empty = False
    kernel = LazyKernel("grundy.games.chess.chess_kernel:chess")  # one per piece

    def __init__(
        self, piece: Piece | str, name: str | None = None, display_name: str | None = None
    ) -> None:
        self.piece = Piece.coerce(piece)
        self.name = name if name is not None else f"chess[{self.piece}]"
        if display_name is not None:
            self.display_name = display_name
        self.description = f"a chess piece ({self.piece}) moves down/right from the top-left box"
        self.conjugation_invariant = self.piece.is_symmetric
        self._closed_form = _CLOSED_FORMS.get(self.piece)

    def options(self, position: Partition) -> Iterator[tuple[Vector, Partition]]:
        for a, b in self.piece.vectors(position):
            yield (a, b), position.sub(a, b)

    def number_of_options(self, position: Partition) -> int:
        """At least the boxes one rider reaches, or the leaps that land."""
        piece = self.piece
        landing = sum(position.contains_box(a, b) for a, b in piece.leaps)
        return max([landing, *(steps_inside(position, a, b) for a, b in piece.riders)])

    def number_of_states(self, position: Partition) -> int:
        """Repeating one move while it lands: the piece passes 1 + k boxes of a ray; a
        piece that steps right and down reaches every box (`_boxes`).

        >>> RULESETS["king"].number_of_states(Partition.parse("999999^999999"))
        999998000001
        """
        steps = (steps_inside(position, a, b) for a, b in (*self.piece.leaps, *self.piece.riders))
        return max(1 + max(steps), self._boxes(position))

    def number_searched(self, position: Partition, misere: bool = False) -> int | None:
        """A piece without a closed form that steps right and down reaches the boxes of
        `_boxes` through boxes above and left of them, whose positions have words no
        shorter: all but K(K − 1)/2 are past the kernel (`KERNEL_LETTERS`), and the search
        holds half of those (a position and its conjugate are one).  Else not known.

        >>> RULESETS["queen"].number_searched(Partition.parse("999999^999999"))
        499998996431
        """
        if self._closed_form is not None:
            return None
        beyond = self._boxes(position) - KERNEL_LETTERS * (KERNEL_LETTERS - 1) // 2
        return max((beyond + 1) // 2, 0)

    def _boxes(self, position: Partition) -> int:
        """How many different positions λ[i, j] a piece stepping right and down (0:1 and 1:0,
        leaps or riders) reaches at least, else 0: those with i < ℓ and j < λ_ℓ (ℓ − i rows,
        a first row of λ_{i+1} − j), or j < λ1 and i < m (m rows of length λ1; by columns)."""
        moves = {*self.piece.leaps, *self.piece.riders}
        if not position or not {(0, 1), (1, 0)} <= moves:
            return 0
        (widest, rows_of_it), (narrowest, _) = position.runs[0], position.runs[-1]
        return max(position.length * narrowest, widest * rows_of_it)

    def closed_form(self, position: Partition, misere: bool = False) -> int | None:
        """Rook, king, knight, pawn on rectangles, bishop and Downright everywhere; else None."""
        if self._closed_form is None:
            return None
        return self._closed_form(position, misere)

    def format_move(self, move: Vector) -> str:
        a, b = move
        steps = [f"{a} down"] * (a > 0) + [f"{b} right"] * (b > 0)
        return "move " + ", ".join(steps)

    def with_parameters(self, **parameters: Any) -> Ruleset:
        """No parameters: this game; ``piece=…``: the `chess` family's game for that piece."""
        return CHESS.with_parameters(**parameters) if parameters else self


class ChessFamily(Ruleset):
    """``chess``: impartial chess with any piece, given as the parameter ``piece``.

    >>> CHESS.with_parameters(piece="leaps=2:1, 1:2").name
    'chess[leaps=1:2,2:1]'
    """

    name = "chess"
    display_name = "Impartial chess"
    description = "impartial chess with a piece of your own (needs --piece)"
    reference = ChessRules.reference
    requires_parameters = True
    parameters = {"piece": f"the piece: {PIECE_SYNTAX}"}  # noqa: RUF012
    example_parameters = {"piece": "leaps=1:2,2:1;riders=1:1"}  # noqa: RUF012  (a knight-bishop)

    def __init__(self) -> None:
        self._games: OrderedDict[Piece, ChessRules] = OrderedDict()

    def with_parameters(self, **parameters: Any) -> ChessRules:
        """The game of one piece (a `Piece` or its text); the same piece, the same object
        (of the last `KEPT_PIECES` pieces)."""
        unknown = sorted(set(parameters) - {"piece"})
        if unknown:
            raise ValueError(
                f"game 'chess' takes only the parameter 'piece', got {', '.join(unknown)}"
            )
        if parameters.get("piece") is None:
            raise ValueError(f"game 'chess' needs a piece: piece={PIECE_SYNTAX}")
        piece = Piece.coerce(parameters["piece"])
        if piece in self._games:
            self._games.move_to_end(piece)
        else:
            self._games[piece] = ChessRules(piece)
            if len(self._games) > KEPT_PIECES:  # pieces sent to `grundy serve` come and go
                self._games.popitem(last=False)
        return self._games[piece]

    def options(self, position: Any) -> Iterator[tuple[Vector, Partition]]:
        raise ValueError(f"game 'chess' needs a piece: piece={PIECE_SYNTAX}")


CHESS = register(ChessFamily())
#: The registered games of the built-in pieces, by piece name (``chess-king``, …).
RULESETS: dict[str, ChessRules] = {
    name: register(ChessRules(piece, f"chess-{name}", f"Impartial chess, {name}"))
    for name, piece in PIECES.items()
}
