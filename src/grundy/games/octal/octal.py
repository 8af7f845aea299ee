"""Take-and-break games on heaps given as a partition: Kayles, Dawson's Kayles, Grundy's
game, and every octal (or hexadecimal) game by its code.

A position is a multiset of heap sizes, written as a partition: ``"5,3,3"`` is heaps 5, 3
and 3, the empty partition no heap at all.  A move takes k tokens from one heap and
leaves what the code's digit k allows (`grundy.games.octal.octal_code`): nothing, one
heap, or the rest split in two (three for a hexadecimal digit with bit 8); Grundy's
game splits a heap into two heaps of different sizes and takes nothing.  Winning Ways
ch. 4; Siegel, *Combinatorial Game Theory* IV.2.

Public names (stable; `grundy.misere` builds on them):

* `OctalGame`: the ruleset of one rule; ``OctalGame.heap_options(n)`` lists the options
  of ONE heap of n as tuples of heap sizes (largest first, each once), and
  ``OctalGame.rule`` is its `TakeAndBreak`;
* `KAYLES` (``kayles``, 0.77), `DAWSON_KAYLES` (``dawson-kayles``, 0.07), `GRUNDY_GAME`
  (``grundy-game``);
* `game_of_code`: the game of a code, as `grundy.registry.get_ruleset` finds ``0.137``.

The game is the disjunctive sum of its heaps (``components``), so in normal play a
position is worth the nim-sum of its heaps' values, G(5) ⊕ G(3) ⊕ G(3) = G(5), and
only single heaps are searched.  A heap larger than ``small_size`` is valued from the
game's nim-sequence (``closed_form``: `grundy.games.octal.octal_sequence`, computed by
the compiled kernel and continued by its certified period), so that a heap of 10^30 in
Kayles is a lookup; counts by heap total are nim-sum convolutions of that sequence
(``count_table``).  Misère play is searched whole.

>>> import grundy
>>> grundy.value("0.77", "5,3,3") == grundy.value("kayles", "5")
True
>>> KAYLES.heap_options(4)
[(3,), (2, 1), (2,), (1, 1)]
>>> [grundy.value("grundy-game", [n]) for n in range(1, 9)]
[0, 0, 1, 0, 2, 1, 0, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from grundy.game import PartitionRuleset, Ruleset
from grundy.games.octal.octal_code import TakeAndBreak, looks_like_code, parse_code
from grundy.partition import Partition
from grundy.registry import register
from grundy.sums import sum_count_table

if TYPE_CHECKING:
    from grundy.games.octal.octal_sequence import NimSequence, Prefix

__all__ = ["DAWSON_KAYLES", "GRUNDY_GAME", "KAYLES", "VALUE_STEPS", "OctalGame", "game_of_code"]

#: (the heap moved in, tokens taken, the heaps left).
Move = tuple[int, int, tuple[int, ...]]
#: The most heaps of a chain whose options `OctalGame.number_of_moves` adds up.
_CHAIN_STEPS = 100_000
#: The most steps of the kernel's splits a value question spends on a nim-sequence (about
#: 10 s; `grundy sequence` computes further, with a progress bar).
VALUE_STEPS = 1_500_000_000


class OctalGame(PartitionRuleset):
    """A take-and-break game on heaps (module doc): one `TakeAndBreak` rule."""

    reference = "docs/games.md, take-and-break games (Winning Ways ch. 4)"
    # the heaps are rows of a diagram, but a box's sub-diagram is no position of interest
    box_positions = Ruleset.box_positions  # type: ignore[assignment]

    def __init__(
        self,
        rule: TakeAndBreak,
        name: str | None = None,
        aliases: tuple[str, ...] = (),
        display_name: str | None = None,
        description: str = "",
    ) -> None:
        self.rule = rule
        self.name = name or rule.code
        self.aliases = aliases
        self.display_name = display_name or self.name
        self.description = description or f"the take-and-break game {rule}"

    # ------------------------------------------------------------ the rules
    def heap_options(self, n: int) -> list[tuple[int, ...]]:
        """The options of one heap of n: the heaps each move leaves (largest first), each
        different result once, by tokens taken then by heaps left.

        >>> DAWSON_KAYLES.heap_options(5)
        [(3,), (2, 1)]
        """
        return [left for _, left in self._heap_moves(n)]

    def _heap_moves(self, n: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """(tokens taken, heaps left) for each option of a heap of n."""
        rule = self.rule
        for k in range(min(n, rule.t) + 1):
            m = n - k
            if rule.allows(k, 0) and m == 0:
                yield k, ()
            if rule.allows(k, 1) and m > 0 and k > 0:
                yield k, (m,)
            if rule.allows(k, 2):
                for b in range(1, m // 2 + 1):
                    if not (rule.unequal and 2 * b == m):
                        yield k, (m - b, b)
            if rule.allows(k, 3):
                for c in range(1, m // 3 + 1):
                    for b in range(c, (m - c) // 2 + 1):
                        yield k, (m - b - c, b, c)

    def options(self, position: Partition) -> Iterator[tuple[Move, Partition]]:
        runs = position.runs
        for part, _ in runs:
            rest = [(p, m - (p == part)) for p, m in runs]
            for k, left in self._heap_moves(part):
                yield (part, k, left), Partition.from_runs([*rest, *((h, 1) for h in left)])

    def format_move(self, move: Move) -> str:
        """ "take 2 from a heap of 5, leaving 2 and 1", "split a heap of 5 into 3 and 2"."""
        heap, k, left = move
        shown = " and ".join(str(h) for h in left)
        if not k:
            return f"split a heap of {heap} into {shown}"
        if not left:
            return f"take the heap of {heap}"
        return f"take {k} from a heap of {heap}, leaving {shown}"

    # ------------------------------------------------------------- values
    def nim_sequence(
        self, heaps: int, progress: Callable[[int, int], None] | None = None
    ) -> Prefix:
        """The game's nim-sequence G(0), …, G(heaps), with the period these values certify
        where the octal periodicity theorem proves one (`grundy sequence`); `progress(done,
        total)` is told as the kernel goes.  More than
        `grundy.games.octal.octal_sequence.MAX_HEAPS` heaps is a ValueError.

        >>> found = DAWSON_KAYLES.nim_sequence(200)
        >>> found.values[:10].tolist(), found.period, found.needed
        ([0, 0, 1, 1, 2, 0, 3, 1, 1, 0], Period(preperiod=53, period=34), 175)
        """
        from grundy.games.octal.octal_sequence import sequence_of

        return sequence_of(self.rule).extend_to(heaps, progress).prefix(heaps)

    def components(self, position: Partition) -> Sequence[Partition] | None:
        """Its heaps, each a sum of one; equal heaps cancel in pairs (normal play, the
        only play the solver splits positions in), so a run of m equal heaps is listed
        m mod 2 times and 10^12 heaps cost nothing."""
        if position.length < 2:
            return None
        return [Partition([part]) for part, mult in position.runs if mult % 2]

    def closed_form(self, position: Partition, misere: bool = False) -> int | None:
        """Normal play, a position with a heap above ``small_size``: the nim-sum of its
        heaps' values in the game's nim-sequence (computed as far as its largest heap, or
        given by its certified period: `grundy.games.octal.octal_sequence`); None
        otherwise (small heaps are searched; misère play does not add up).  A heap past
        what the sequence is computed to, in a game without a certified period, is a
        ValueError (at once for a game the periodicity theorem does not cover)."""
        if misere or position.largest <= self.small_size:
            return None
        from grundy.games.octal.octal_sequence import sequence_of

        sequence = sequence_of(self.rule)
        total = 0
        for part, mult in position.runs:
            if mult % 2:
                found = sequence.value(part)
                if found is None and (self.rule.is_octal or part < sequence.limit()):
                    found = _grown(sequence, part).value(part)
                if found is None:
                    raise ValueError(
                        f"{self.name}: heap {part:,} is past the {sequence.limit():,} heaps "
                        "its nim-sequence is computed to, and no period is certified "
                        "within them"
                    )
                total ^= found
        return total

    def count_table(
        self, n_max: int, misere: bool = False, progress: Any = None
    ) -> list[dict[int, int]] | None:
        """Positions of n tokens (partitions of n) by value, n ≤ n_max, in normal play: a
        position is a multiset of heaps worth the nim-sum of their values, so the counts
        are `grundy.sums.sum_count_table` of one heap of each size.  None in misère play.

        >>> KAYLES.count_table(3)
        [{0: 1}, {1: 1}, {0: 1, 2: 1}, {1: 1, 3: 2}]
        """
        if misere:
            return None
        from grundy.solver import solver_for

        solver = solver_for(self)
        heaps = [solver.value(Partition([n])) for n in range(1, n_max + 1)]
        return sum_count_table([{}, *({g: 1} for g in heaps)])

    # ------------------------------------------------------------ bounds
    def number_of_options(self, position: Partition) -> int:
        """The options of each different heap (all different): exact."""
        return sum(_heap_option_count(self.rule, part) for part, _ in position.runs)

    def number_of_states(self, position: Partition) -> int:
        """At least the positions the largest heap alone reaches: those it splits into
        (`_split_positions`), or the heaps of one chain of moves from it (`_chain_length`)."""
        largest = position.largest
        return max(_chain_length(self.rule, largest), _split_positions(self.rule, largest))

    def number_searched(self, position: Partition, misere: bool = False) -> int:
        """In normal play the search holds single heaps: at least one chain of moves from
        the largest heap (`_chain_length`); in misère play whole positions, at least those
        the largest heap splits into (`number_of_states`)."""
        if misere:
            return self.number_of_states(position)
        return _chain_length(self.rule, position.largest)

    def number_of_moves(self, position: Partition, misere: bool = False) -> int:
        """At least the options of the heaps of one chain from the largest heap (the first
        `_CHAIN_STEPS` of them), each listed once by any walk or search."""
        step = _chain_step(self.rule)
        if step is None:
            return self.number_of_options(position)
        heap, total = position.largest, 0
        for _ in range(_CHAIN_STEPS):
            if heap < step + 1:
                break
            total += _heap_option_count(self.rule, heap)
            heap -= step
        return total


def _chain_step(rule: TakeAndBreak) -> int | None:
    """s such that from every heap of h ≥ s + 1 some move leaves a heap of at least h − s:
    k + 2 for the least k whose digit leaves a heap (or None: no move leaves one)."""
    for k in range(rule.t + 1):
        if any(rule.allows(k, heaps) for heaps in (1, 2, 3)):
            return k + 2 + (rule.unequal and k == 0)
    return None


def _chain_length(rule: TakeAndBreak, largest: int) -> int:
    """How many different heaps a chain of moves from a heap of `largest` meets, at least:
    each move of `_chain_step` lowers the largest heap by at most its step."""
    step = _chain_step(rule)
    return 1 if step is None else 1 + max(largest - step, 0) // step


#: The largest heap whose split positions `_split_positions` counts (past it: as many as
#: this heap, a lower bound, the count growing with the heap).
_SPLITS_COUNTED_TO = 300


def _split_positions(rule: TakeAndBreak, heap: int) -> int:
    """How many positions a heap of `heap` reaches by the two-heap splits of the least k
    whose digit splits freely (bit 4): splitting the remainder again and again leaves any
    partition μ with |μ| + k(ℓ(μ) − 1) = heap, one for each, μ1 first; 1 where no digit
    splits freely.  The count grows with the heap (one more token for the largest part),
    so past `_SPLITS_COUNTED_TO` it is that heap's, a lower bound.

    >>> _split_positions(KAYLES.rule, 5), _split_positions(KAYLES.rule, 300) > 10**9
    (4, True)
    """
    k = next((k for k in range(rule.t + 1) if rule.allows(k, 2)), None)
    if k is None or rule.unequal:
        return 1
    return _splits_counted(k, min(heap, _SPLITS_COUNTED_TO))


@lru_cache(maxsize=256)
def _splits_counted(k: int, heap: int) -> int:
    """Σ over ℓ of the partitions of heap − k(ℓ − 1) into exactly ℓ parts."""
    # exactly[m][l]: partitions of m into exactly l parts (l ≤ m): add 1 to every part, or
    # a new part 1
    exactly = [[0] * (heap + 2) for _ in range(heap + 1)]
    exactly[0][0] = 1
    for m in range(1, heap + 1):
        for parts in range(1, m + 1):
            exactly[m][parts] = exactly[m - parts][parts] + exactly[m - 1][parts - 1]
    total, parts = 0, 1
    while heap - k * (parts - 1) >= parts:
        total += exactly[heap - k * (parts - 1)][parts]
        parts += 1
    return max(total, 1)


def _heap_option_count(rule: TakeAndBreak, n: int) -> int:
    """How many options a heap of n has (`OctalGame.heap_options`, all different)."""
    total = 0
    for k in range(min(n, rule.t) + 1):
        m = n - k
        total += rule.allows(k, 0) and m == 0
        total += rule.allows(k, 1) and m > 0 and k > 0
        if rule.allows(k, 2):
            total += m // 2 - (rule.unequal and m % 2 == 0 and m > 0)
        if rule.allows(k, 3):
            total += round(m * m / 12) if m >= 3 else 0  # partitions of m into 3 parts
    return total


def _grown(sequence: NimSequence, heap: int) -> NimSequence:
    """`sequence` computed far enough to value `heap`, or to its limit: four times further
    each time, so that a period certified early stops it; each time at most `VALUE_STEPS`
    steps of the kernel (a `grundy.bounds.TooMuchWork` past them)."""
    top = sequence.limit() - 1
    target = max(4 * sequence.length, 4096)
    while sequence.value(heap) is None and sequence.length <= top:
        sequence.extend_to(min(target, heap, top), budget=VALUE_STEPS)
        target *= 4
    return sequence


@lru_cache(maxsize=64)
def _game_of_rule(rule: TakeAndBreak) -> OctalGame:
    return OctalGame(rule)


def game_of_code(name: str) -> OctalGame | None:
    """The game a code names (``0.137``, ``.6``: `parse_code`), the named game where one
    has that code (``0.77`` is `KAYLES`); None for a name not spelled as a code, and a
    ValueError for a bad code.  `grundy.registry.get_ruleset` asks it (through
    `grundy.games.spelled`) for a name it does not know.

    >>> game_of_code("0.770") is KAYLES, game_of_code("0.137").name, game_of_code("chomp")
    (True, '0.137', None)
    """
    if not looks_like_code(name):
        return None
    rule = parse_code(name)
    return _NAMED.get(rule) or _game_of_rule(rule)


KAYLES = register(
    OctalGame(
        parse_code("0.77"),
        name="kayles",
        display_name="Kayles",
        description="knock down one pin or two adjacent pins of a row (octal 0.77)",
    )
)
DAWSON_KAYLES = register(
    OctalGame(
        parse_code("0.07"),
        name="dawson-kayles",
        display_name="Dawson's Kayles",
        description="knock down two adjacent pins of a row (octal 0.07)",
    )
)
GRUNDY_GAME = register(
    OctalGame(
        TakeAndBreak((4,), unequal=True),
        name="grundy-game",
        display_name="Grundy's game",
        description="split a heap into two heaps of different sizes",
    )
)
#: The named games of each code, which a code finds (``0.77`` is Kayles).
_NAMED = {game.rule: game for game in (KAYLES, DAWSON_KAYLES)}
