"""The generic solver: Sprague–Grundy values of any ruleset by exhaustive search.

The public questions (`grundy.value`, `grundy.options`, …) are asked through the door,
`grundy.answers`, which asks this solver last.

`Solver` computes

* the normal-play value SG(x) = mex{SG(y) : x → y}, and
* the misère value SG⁻ of paper 000 §2.3: the same recursion with every
  terminal position valued 1 instead of 0,

iteratively with an explicit stack (no recursion limit), with one memo per
ruleset and play convention keyed by the ruleset's canonical form.  It knows
no game; it uses what the ruleset declares (`grundy.game`):

* ``components``: in normal play a disjunctive sum is worth the nim-sum of
  its components (Sprague–Grundy), so only components are memoised and
  identical components cancel in pairs.  Misère values do not add, so misère
  positions are searched whole.
* ``closed_form`` and ``kernel``: a position with a closed form, or one the
  compiled kernel accepts, is valued without expanding it.  A ruleset whose
  closed form costs less than its canonical form (``closed_form_first``, e.g.
  LCTR: O(log k) against O(k) for a partition of k runs) has it asked on the
  position as given, before anything else.  The kernel is
  asked only about positions larger than the ruleset's ``small_size``
  (positions without a ``size`` always): smaller ones are searched here in a
  few ms, so a command about them never loads the compiled engine (numba).

`Solver(rules, fast=False)` uses neither: it is the reference that every
closed form and kernel is tested against.

>>> from grundy.registry import get_ruleset
>>> lctr = get_ruleset("lctr")
>>> Solver(lctr, fast=False).value(lctr.parse("4^3"))
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from itertools import islice
from typing import Any
from weakref import WeakKeyDictionary

from grundy.bounds import (
    MAX_OPTIONS,
    MAX_SEARCH_MOVES,
    TooMuchWork,
    check_moves,
    check_options,
    check_search,
    too_many_options,
)
from grundy.game import FunctionRuleset, Option, Ruleset, capabilities, on_partitions
from grundy.memory import DEFAULT_MEMORY, format_bytes
from grundy.nim import mex
from grundy.registry import get_ruleset
from grundy.validate import as_bool

__all__ = [
    "BYTES_PER_POSITION",
    "PluginError",
    "PositionTooLarge",
    "Solver",
    "search_limit",
    "solver_for",
]

Position = Hashable


#: Memory per position of the generic solver's search (the memoised Partition key,
#: its dict slot and the search frames), measured on Chomp [14^7]: 114,627
#: positions, 886 bytes each; rounded up.
BYTES_PER_POSITION = 1000


class PositionTooLarge(ValueError):
    """A search that outgrew the memory the solver may use (`search_limit`)."""


class PluginError(ValueError):
    """A plug-in game's options that are no options: its ``options`` raised, or listed
    something that is not a (move, position) pair, a position that is None or cannot be
    a dict key, or (in a game on partitions, which promises progress:
    `grundy.game.on_partitions`) a position no smaller than the one it was listed from.
    The message names the plug-in and the position."""


def is_builtin(rules: Ruleset) -> bool:
    """Whether `rules` is one of grundy's own games (its class is grundy's, and not a
    `FunctionRuleset` wrapping someone's function): its options are trusted unchecked.

    >>> from grundy.registry import get_ruleset
    >>> is_builtin(get_ruleset("chomp")), is_builtin(FunctionRuleset(lambda p: [], "mine"))
    (True, False)
    """
    return type(rules).__module__.startswith("grundy.") and not isinstance(rules, FunctionRuleset)


def search_limit() -> int:
    """How many positions the generic solver keeps at most (memo and search frames):
    the default memory cap of the compiled search (`grundy.memory.DEFAULT_MEMORY`:
    a quarter of the machine's memory, at most 8 GiB) at `BYTES_PER_POSITION` each."""
    return DEFAULT_MEMORY // BYTES_PER_POSITION


class Solver:
    """Exhaustive, memoised Sprague–Grundy evaluation for one ruleset.

    Works on any finite acyclic game; a position reachable from itself is a
    ValueError naming it rather than a loop.
    """

    def __init__(self, ruleset: Ruleset, fast: bool = True) -> None:
        self.ruleset = ruleset
        self.fast = fast = as_bool(fast, "fast")
        have = set(capabilities(ruleset))
        self._split = "components" in have
        self._closed = fast and "closed_form" in have
        self._closed_first = self._closed and ruleset.closed_form_first
        self._kernel = fast and "kernel" in have  # read on first use: it may load numba
        self._plugin = not is_builtin(ruleset)  # its options are checked (`moves`)
        self._progress_promised = on_partitions(ruleset)
        self._memo: dict[bool, dict[Position, int]] = {False: {}, True: {}}
        #: Called every 4,096 steps of a search with (positions held, `search_limit()`).
        self.progress: Callable[[int, int], None] | None = None

    def clear(self) -> None:
        """Forget every memoised value."""
        for table in self._memo.values():
            table.clear()

    def memo_size(self, misere: bool = False) -> int:
        """How many values the memo holds in one play convention."""
        return len(self._memo[as_bool(misere, "misere")])

    def _too_large(self, root: Position, limit: int) -> str:
        text = self.ruleset.format_position(root)
        if len(text) > 60:
            text = text[:57] + "…"
        return (
            f"{self.ruleset.name} {text}: the search passed {limit:,} positions "
            f"({format_bytes(limit * BYTES_PER_POSITION)} of memory at {BYTES_PER_POSITION} "
            "bytes each) without an answer; no closed form or compiled kernel covers "
            "this position, and it is too large for the generic solver"
        )

    # ------------------------------------------------------------- values
    def value(self, position: Position, misere: bool = False) -> int:
        """SG(position), or SG⁻(position) when `misere` (000 §2.3)."""
        misere = as_bool(misere, "misere")
        if self._closed_first:
            known = self.ruleset.closed_form(position, misere)
            if known is not None:
                return known
        total = 0
        for term in self.terms(position, misere):
            total ^= self._term_value(term, misere)
        return total

    def options(self, position: Position, misere: bool = False) -> list[Option]:
        """Every option of `position` with its value and the move in words (`moves`)."""
        misere = as_bool(misere, "misere")
        rules = self.ruleset
        return [
            Option(move, child, self.value(child, misere), rules.format_move(move))
            for move, child in self.moves(position)
        ]

    def moves(self, position: Position) -> list[tuple[Any, Position]]:
        """The (move, position) pairs of ``options(position)``, bounded and checked: more
        than `grundy.bounds.MAX_OPTIONS` of them is a `grundy.bounds.TooMuchWork`, before
        any is listed where the game says how many there are (``number_of_options``), and
        a plug-in's that are no options a `PluginError`.

        >>> from grundy.partition import Partition
        >>> [(move, str(child)) for move, child in solver_for("cr").moves(Partition([2, 1]))]
        [(('row', 2), '1'), (('row', 1), '2'), (('col', 1), '1^2'), (('col', 2), '1')]
        >>> solver_for("chomp").moves(Partition([10**12]))
        Traceback (most recent call last):
        ...
        grundy.bounds.TooMuchWork: chomp 1000000000000 has 1.0 × 10^12 options, more than \
the 10,000,000 grundy lists for one position
        """
        rules = self.ruleset
        check_options(rules, position, MAX_OPTIONS)
        if self._plugin:
            pairs = self._listed(position)
        else:
            pairs = list(islice(rules.options(position), MAX_OPTIONS + 1))
        if len(pairs) > MAX_OPTIONS:
            raise TooMuchWork(too_many_options(rules, position, limit=MAX_OPTIONS))
        return pairs

    def _listed(self, position: Position) -> list[tuple[Any, Position]]:
        """A plug-in's options of `position` (at most `MAX_OPTIONS` + 1 of them), each
        checked (`PluginError`)."""
        try:
            pairs = list(islice(self.ruleset.options(position), MAX_OPTIONS + 1))
        except Exception as exc:
            raise self._bad(position, f"its options raised {type(exc).__name__}: {exc}") from None
        size = getattr(position, "size", None) if self._progress_promised else None
        for pair in pairs:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise self._bad(position, f"it listed {_shown(pair)}, not a (move, position) pair")
            child = pair[1]
            if child is None or not _hashes(child):
                raise self._bad(position, f"it listed {_shown(child)} as an option, not a position")
            if size is not None:
                smaller = getattr(child, "size", None)
                if not isinstance(smaller, int):
                    raise self._bad(
                        position, f"it listed {_shown(child)}, not a position of this game"
                    )
                if smaller >= size:
                    raise self._bad(
                        position,
                        f"it listed {_shown(child)}, no smaller than the position (the game "
                        "lists its positions by size, so every move must lower the size)",
                    )
        return pairs

    def _bad(self, position: Position, what: str) -> PluginError:
        """The `PluginError` of a plug-in's options of `position`."""
        rules = self.ruleset
        return PluginError(
            f"plug-in game {rules.name!r} ({_origin(rules)}), at position "
            f"{_shown(position, rules.format_position)}: {what}"
        )

    def terms(self, position: Position, misere: bool = False) -> list[Position]:
        """What `position` is worth the sum of: its canonical components, identical pairs
        cancelled (normal play), or the canonical position itself (misère play)."""
        rules = self.ruleset
        root = rules.canonical(position)
        if misere or not self._split:
            return [root]
        parts = rules.components(root)
        if parts is None:
            return [root]
        counts = Counter(rules.canonical(part) for part in parts)
        return [part for part, k in counts.items() if k % 2]

    def _quick(self, node: Position, misere: bool) -> int | None:
        """A value without search: the closed form, else the compiled kernel (above
        ``small_size``)."""
        rules = self.ruleset
        if self._closed:
            known = rules.closed_form(node, misere)
            if known is not None:
                return known
        if self._kernel:
            size = getattr(node, "size", None)
            if size is None or size > rules.small_size:
                return rules.kernel.value(node, misere)
        return None

    def _term_value(self, root: Position, misere: bool) -> int:
        memo = self._memo[misere]
        if root in memo:
            return memo[root]
        quick = self._quick(root, misere)
        if quick is not None:
            return quick  # not memoised: closed forms are cheaper than a growing memo
        rules = self.ruleset
        check_options(rules, root)  # the root lists the most options: past the bound, at once
        limit, steps = search_limit(), 0
        check_search(rules, root, misere, limit, limit * BYTES_PER_POSITION)  # past it: at once
        check_moves(rules, root, misere, MAX_SEARCH_MOVES, "valuing it by search")
        # Each frame: [node, the terms of each of its options, or None until expanded].
        # The expanded, unfinished frames are exactly the ancestors of the top
        # frame, so meeting one of them again among the children is a cycle.
        stack: list[list[Any]] = [[root, None]]
        expanding: set[Position] = set()
        while stack:
            steps += 1
            if steps % 4096 == 0:
                held = len(memo) + len(stack)
                if held > limit:
                    raise PositionTooLarge(self._too_large(root, limit))
                if self.progress is not None:
                    self.progress(held, limit)
            frame = stack[-1]
            node, children = frame
            if children is None:
                if node in memo:  # a duplicate frame, already solved elsewhere
                    stack.pop()
                    continue
                if node is not root:
                    quick = self._quick(node, misere)
                    if quick is not None:
                        memo[node] = quick
                        stack.pop()
                        continue
                listed = self._listed(node) if self._plugin else rules.options(node)
                children = [self.terms(child, misere) for _, child in listed]
                frame[1] = children
                expanding.add(node)
            pending = [t for terms in children for t in terms if t not in memo]
            if pending:
                for child in dict.fromkeys(pending):
                    if child in expanding:
                        raise ValueError(
                            f"{rules.name}: position {rules.format_position(child)} can be "
                            "reached from itself; the game is not acyclic"
                        )
                    stack.append([child, None])
                continue
            if children:
                memo[node] = mex(_nim_sum(memo[t] for t in terms) for terms in children)
            else:
                memo[node] = 1 if misere else 0
            stack.pop()
            expanding.discard(node)
        return memo[root]


def _shown(thing: object, show: Callable[[Any], str] = repr, width: int = 60) -> str:
    """`thing` as a short text for a one-line message (`show` of it, cut to `width`)."""
    try:
        text = show(thing)
    except Exception:  # a plug-in's object whose repr raises
        text = f"a {type(thing).__name__}"
    return text if len(text) <= width else text[: width - 1] + "…"


def _hashes(thing: object) -> bool:
    """Whether `thing` can be a dict key (a tuple holding a list cannot)."""
    try:
        hash(thing)
    except Exception:
        return False
    return True


def _origin(rules: Ruleset) -> str:
    """Where a plug-in game's code is: module:name of its options function or class."""
    code = rules._options if isinstance(rules, FunctionRuleset) else type(rules)
    return f"{getattr(code, '__module__', '?')}:{getattr(code, '__qualname__', '?')}"


def _nim_sum(values: Any) -> int:
    total = 0
    for v in values:
        total ^= v
    return total


_SOLVERS: WeakKeyDictionary[Ruleset, Solver] = WeakKeyDictionary()


def solver_for(game: str | Ruleset) -> Solver:
    """The shared solver (and so the one memo) of a ruleset."""
    rules = get_ruleset(game)
    solver = _SOLVERS.get(rules)
    if solver is None:
        solver = _SOLVERS[rules] = Solver(rules)
    return solver
