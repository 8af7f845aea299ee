"""The ruleset protocol: what a game must say, and what it may declare it can do.

A ruleset must list the options of a position (`Ruleset.options`).  Every
other capability is optional and has a generic default, so a researcher's
game written in a few lines gets every command of grundy; a built-in game
declares more and gets faster answers.  Commands and analyses ask a ruleset
*what it can do* (`capabilities`), never what it is called.

=====================  =====================================================
capability             what it gives (default when not declared)
=====================  =====================================================
``parse``              user input → position (the input as it is)
``canonical``          one representative of a symmetry class (identity)
``components``         a position as a disjunctive sum; normal-play values
                       nim-add (the position is one component)
``closed_form``        a value without search, or None (always None); with
                       ``closed_form_first``, asked before ``canonical``
``kernel``             a compiled options kernel (`grundy.engine`) that the
                       engine runs on packed positions, declared as a
                       `LazyKernel` so that numba loads on first use, for
                       positions above ``small_size`` (none: the generic
                       solver of `grundy.solver`)
``box_positions``      the position written in each box of a Young diagram
                       (``diagram``: that diagram), for `table` (none: no
                       per-box table)
``value_table``        a faster way to the same per-box values (the values
                       of ``box_positions``, one by one)
``positions_of_size``  every position of size n, for `count` and `classify`
                       (none: the game has no notion of size); with
                       ``number_of_positions``, how many, so that work past
                       the machine is refused before it starts
``count_table``        a faster count of positions by value (enumerate
                       ``positions_of_size``; the kernel's census if any)
``tree_size``          closed forms for game-tree sizes (walk the state graph);
                       with ``number_of_states``, at least how many positions
                       a game tree holds, with ``number_searched``, at least
                       how many the generic search holds to value a position
                       that no closed form or kernel values, and with
                       ``number_of_options``, at least how many options a
                       position has, with ``number_of_moves``, at least how
                       many moves a walk or search lists in all, so that a
                       walk, a search or a listing
                       past what grundy holds is refused before it starts
                       (unknown: listings are cut off at
                       `grundy.bounds.MAX_OPTIONS`, walks and searches as
                       they go)
``drawing``            how a position is drawn and clicked in `play` and
                       `serve`: a `Drawing` (diagram, matrix, poset) of
                       the plain data ``draw_data`` gives (none: not drawn)
=====================  =====================================================

`PartitionRuleset` fills in the partition defaults (parsing, conjugation as
the canonical form when the game is invariant under it, λ[i, j] in box
(i, j) as in 000 Figure 5, all partitions of n) and `FunctionRuleset` turns a
plain options function into a ruleset.

Games are found by name in `grundy.registry` and evaluated by
`grundy.solver`, whose `value`, `options`, `winning_moves` and `outcome`
use closed forms and the kernel wherever the ruleset has them.

>>> import grundy
>>> grundy.value("lctr", "3,2,1")
1
>>> [str(o.position) for o in grundy.winning_moves("cr", "3,1")]
['2,1']
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from types import FunctionType, MethodType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol
from weakref import WeakKeyDictionary

from grundy.bounds import partition_count
from grundy.partition import Partition, partitions

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "CAPABILITIES",
    "DRAWINGS",
    "KERNEL_LETTERS",
    "PARTIZAN_CAPABILITIES",
    "BaseRules",
    "Drawing",
    "FunctionRuleset",
    "Kernel",
    "LazyKernel",
    "Option",
    "PartitionRuleset",
    "PartizanRuleset",
    "Ruleset",
    "TreeSize",
    "capabilities",
    "example_diagram_start",
    "on_partitions",
    "partizan_capabilities",
    "searched_lines",
    "searched_rectangles",
]

Position = Hashable
Move = Hashable
#: The most letters of a boundary word (λ1 + ℓ for a diagram λ) a compiled kernel takes
#: (`grundy.engine.wordops.WIDE_LETTERS`, defined here so that games count without numba):
#: a diagram with a longer word is never valued by a kernel's search.  (Only an atlas's
#: levels past 119 hand a kernel longer words, broad ones of up to 184 letters.)
KERNEL_LETTERS = 120
#: progress(done, total), called as long work advances.
ProgressCallback = Callable[[int, int], None]


class Drawing:
    """The ways a position is drawn (`Ruleset.drawing`), each with the plain data
    `Ruleset.draw_data` gives for it."""

    #: A Young diagram: its `Partition`.
    DIAGRAM = "diagram"
    #: A 0/1 matrix: ``(rows, ncols)``, one bitmask per row, bit j for column j.
    MATRIX = "matrix"
    #: Coins on a poset: ``(poset, heads)``, the `grundy.posets.Poset` and the bitmask
    #: of the elements showing heads, bit i for the poset's i-th element.
    POSET = "poset"


#: Every way of drawing, as `Ruleset.drawing` declares it.
DRAWINGS = (Drawing.DIAGRAM, Drawing.MATRIX, Drawing.POSET)


class Option(NamedTuple):
    """One move from a position: the move's label (what `Ruleset.apply` takes), where it
    leads, that position's value, and the move in words as the command line and the page
    name it (`Ruleset.format_move`, e.g. "remove the top row").  Its value is the
    option's nimber, or only its outcome ("P" or "N") where an outcome atlas answered.

    >>> Option("m", (), 0).winning, Option("m", (), "P").winning, Option("m", (), "N").winning
    (True, True, False)
    """

    move: Move
    position: Position
    value: int | str
    description: str = ""

    @property
    def winning(self) -> bool:
        """Whether the move wins: it leads to a P-position (value 0)."""
        return self.value == 0 or self.value == "P"


class TreeSize(NamedTuple):
    """The parameters of a game tree T_p (000 §2.4): α, ϱ, states, height."""

    nodes: int
    leaves: int
    states: int
    height: int

    def as_dict(self) -> dict[str, int]:
        return dict(self._asdict())


class Kernel(Protocol):
    """What game code needs of a compiled kernel (`grundy.engine.CompiledKernel`)."""

    @property
    def name(self) -> str:
        """The game's name."""

    @property
    def allows_empty(self) -> bool:
        """Whether the empty partition is a position (terminal)."""

    def value(self, position: Position, misere: bool = False) -> int | None:
        """The value by compiled search, or None when the position does not fit."""

    def box_values(self, position: Partition, misere: bool = False) -> list[list[int]] | None:
        """SG(λ[i, j]) for every box of λ, or None when λ does not fit."""

    @property
    def search(self) -> Callable[..., tuple[Any, int]]:
        """`CompiledKernel.search`: a fresh search for one big position, and its packed word."""

    def canonical_word(self, word: int) -> int:
        """The canonical form of a packed position."""

    def can_census(self, n_max: int, misere: bool = False) -> bool:
        """Whether `census` runs for every n ≤ n_max."""

    def census(
        self, n: int, misere: bool = False, valued: Callable[[int], None] | None = None
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """(words, values) of every partition of n ≥ 1 in one compiled pass, or None."""

    def tally(
        self, n: int, misere: bool = False, valued: Callable[[int], None] | None = None
    ) -> dict[int, int] | None:
        """{value: number of partitions of n with it} by `census`, or None."""


class LazyKernel:
    """A ruleset's compiled kernel, named where it is built and imported on first use.

    ``kernel = LazyKernel("grundy.games.chomp.chomp_kernel:CHOMP")`` in a ruleset class:
    the first read of ``rules.kernel`` imports the module (and with it
    `grundy.engine` and numba); an object that is a function is called with
    the ruleset and returns the kernel (one per instance: a game per chess
    piece).  The kernels are kept here, not on the instance, so a ruleset
    pickled to a Dask worker carries none (its compiled drivers live in
    modules only this process can import) and the worker builds its own.
    Read on the class, the declaration itself is returned and nothing is
    imported, so `capabilities` reports the kernel of a game whose commands
    never load numba.
    """

    def __init__(self, target: str) -> None:
        self.target = target  # "module:name"
        self._made: WeakKeyDictionary[Ruleset, Any] = WeakKeyDictionary()

    def __repr__(self) -> str:
        return f"LazyKernel({self.target!r})"

    def __get__(self, rules: Ruleset | None, owner: type | None = None) -> Any:
        if rules is None:
            return self
        kernel = self._made.get(rules)
        if kernel is None:
            module, _, name = self.target.partition(":")
            kernel = getattr(importlib.import_module(module), name)
            if isinstance(kernel, FunctionType):
                kernel = kernel(rules)
            self._made[rules] = kernel
        return kernel


class _ItsName:
    """The default `Ruleset.display_name`: the game's `name`, read when asked, so that a name
    given to an instance (`FunctionRuleset`, a chess piece's game) is the one shown."""

    def __get__(self, rules: Ruleset | None, owner: type[Ruleset]) -> str:
        return owner.name if rules is None else rules.name


class BaseRules:
    """What every game declares, impartial (`Ruleset`) or partizan (`PartizanRuleset`): its
    names, where its rules come from, and how it reads and writes positions and moves (by
    default, a position is its own text).

    >>> BaseRules().parse("3,1"), BaseRules().format_move(("row", 3))
    ('3,1', "('row', 3)")
    """

    name: str = ""
    aliases: tuple[str, ...] = ()
    #: The game's name in titles and plots, as docs/games.md writes it (``Column-Row``);
    #: by default its `name`.
    display_name: str = _ItsName()  # type: ignore[assignment]
    description: str = ""
    #: Where the rules come from (paper file and section, or docs/games.md item).
    reference: str = ""
    #: Bumped whenever the rules or the position encoding change, so stored
    #: results of an older version are never mistaken for current ones.
    rules_version: int = 1

    def parse(self, spec: Any) -> Position:
        """User input (text, lists, …) → a position; ValueError/TypeError naming the bad part."""
        return spec

    def format_position(self, position: Position) -> str:
        return str(position)

    def format_move(self, move: Move) -> str:
        return str(move)


class Ruleset(BaseRules, ABC):
    """An impartial game: how to list the options of a position, and what else it can do.

    Subclasses set `name` (and optionally `aliases`, `display_name`, `description`,
    `reference`, `rules_version`, an example start) and implement `options`.  Each
    optional capability of the module docstring is a method returning None (or the
    attribute `kernel` being None) when the game does not have it.  Every list of games
    (``grundy games``, the page's, the titles of plots) is made from these declarations.
    """

    #: Parameters the game accepts (name → help), e.g. a chess piece.
    parameters: dict[str, str] = {}  # noqa: RUF012  (read-only class default)
    #: True for a family that is only a game once its parameters are given
    #: (`get_ruleset` then calls `with_parameters` even with none, to say so).
    requires_parameters: bool = False
    #: True when `closed_form` costs less than `canonical` and holds on every position as
    #: given, canonical or not: the solver then asks it before canonicalising (LCTR: the
    #: closed form is O(log k) in the runs of a partition, min(λ, λ′) is O(k)).
    closed_form_first: bool = False
    #: A compiled options kernel (or a `LazyKernel`, imported on first use), or None.
    kernel: Kernel | LazyKernel | None = None
    #: The largest position ``size`` (e.g. boxes) that the solver values without the
    #: game's kernel, so that a command about a small position never loads numba
    #: (about 0.4 s).  12: the largest n at which the generic search values every
    #: position of n boxes within 10 ms in each built-in game on one partition with a
    #: kernel (slowest at n = 12: CRIT 5.1 ms, Sato-Welter 5.3, Chomp 5.2, CR 4.8;
    #: at 13 and 14 up to 14 and 20 ms; benchmarks/bench_small_positions.py).
    small_size: int = 12
    #: Whether pictures write the terminal value just outside the diagram (000 Fig. 5).
    draw_outside: bool = False
    #: How a position is drawn and clicked (a `Drawing`), or None: not drawn.
    drawing: str | None = None

    # ----------------------------------------------------------- required
    @abstractmethod
    def options(self, position: Position) -> Iterable[tuple[Move, Position]]:
        """The (move, resulting position) pairs of `position`; none if it is terminal."""

    # ------------------------------------------------- reading and writing
    # (parse, format_position, format_move: `BaseRules`')
    def with_parameters(self, **parameters: Any) -> Ruleset:
        """This game with the given parameters (see `parameters`)."""
        if parameters:
            names = ", ".join(sorted(parameters))
            raise ValueError(f"game {self.name!r} takes no parameters (got {names})")
        return self

    # ------------------------------------------------------ showing itself
    #: The size of the positions `example_start` picks its start among.
    example_size: int = 10
    #: For a family that is a game only with parameters (`requires_parameters`): those of
    #: the game whose start the page offers (`with_parameters` of them, its `example_start`).
    example_parameters: dict[str, str] = {}  # noqa: RUF012  (read-only class default)

    def example_start(self) -> str | None:
        """A start position to offer (the page, `repr`), in the game's syntax, or None:
        for a game that lists its positions by size, the squarest of the diagrams of
        `example_size` boxes with the most distinct rows (a staircase).  A game offers
        another by overriding it.

        >>> from grundy.registry import get_ruleset, registered
        >>> get_ruleset("chomp").example_start(), get_ruleset("matrix").example_start()
        ('4,3,2,1', '110;011;101')
        >>> print(registered()["chess"].example_start())  # a family: `example_parameters`
        None
        """
        if "positions_of_size" not in capabilities(self):
            return None
        return example_diagram_start(self)

    def __repr__(self) -> str:
        """The game in a line: its name, the capabilities it declares, an example start.

        >>> from grundy.registry import get_ruleset
        >>> get_ruleset("matrix")
        <game matrix: canonical, components, closed_form, drawing; example start 110;011;101>
        >>> FunctionRuleset(lambda p: [p.sub(1, 0)] if p else [], name="rows")
        <game rows: box_positions, positions_of_size, drawing; example start 4,3,2,1>
        """
        shown = ", ".join(capabilities(self)) or "options only"
        if self.parameters:
            shown += f"; parameters {', '.join(self.parameters)}"
        example = self.example_start()
        if example is not None:
            shown += f"; example start {example}"
        return f"<game {self.name}: {shown}>"

    def _repr_html_(self) -> str:
        """The game as a table in Jupyter: name, aliases, rules, source, capabilities,
        an example start (each where it has one) and the version of its rules.

        >>> from grundy.registry import get_ruleset
        >>> print(get_ruleset("lctr")._repr_html_())  # doctest: +ELLIPSIS
        <table><caption>game lctr</caption>
        <tr><th style="text-align:left">rules</th><td ...>remove the left column or ...</td></tr>
        <tr><th ...>source</th><td ...>000 §3.1; 001</td></tr>
        <tr><th ...>capabilities</th><td ...>canonical, closed_form, ..., drawing</td></tr>
        <tr><th ...>example start</th><td ...>4,3,2,1</td></tr>
        <tr><th ...>rules version</th><td ...>1</td></tr>
        </table>
        """
        from grundy.jupyter import html_table  # only when shown

        rows = [
            ("aliases", ", ".join(self.aliases)),
            ("rules", self.description),
            ("source", self.reference),
            ("capabilities", ", ".join(capabilities(self)) or "options only"),
            ("parameters", ", ".join(self.parameters)),
            ("example start", self.example_start() or ""),
            ("rules version", str(self.rules_version)),
        ]
        return html_table(f"game {self.name}", [(label, text) for label, text in rows if text])

    # -------------------------------------------------------- capabilities
    def canonical(self, position: Position) -> Position:
        """One representative of `position`'s symmetry class (equal values)."""
        return position

    def components(self, position: Position) -> Sequence[Position] | None:
        """The summands of `position` if it is a disjunctive sum of several, else None."""
        return None

    def closed_form(self, position: Position, misere: bool = False) -> int | None:
        """The value from a closed form, or None where there is none."""
        return None

    def box_positions(self, position: Position) -> list[list[Position]] | None:
        """Row i, entry j: the position drawn in box (i, j) of `position`'s diagram."""
        return None

    def diagram(self, position: Position) -> Partition | None:
        """The Young diagram the per-box table of `position` is drawn in (its shape),
        known before any value is computed, so oversized pictures are refused at once."""
        return None

    def value_table(self, position: Position, misere: bool = False) -> list[list[int]] | None:
        """The values of `box_positions` by a faster method, or None."""
        return None

    def draw_data(self, position: Position) -> Any:
        """What `position` is drawn from, as the plain data of its `drawing` (see
        `Drawing`), or None when this position is not drawn.  The default serves
        ``Drawing.DIAGRAM``: the position's `diagram` (None where it has none, e.g. a
        sum of several diagrams)."""
        if self.drawing != Drawing.DIAGRAM:
            return None
        try:
            return self.diagram(position)
        except ValueError:  # a position with no single diagram
            return None

    def positions_of_size(self, n: int) -> Iterable[Position] | None:
        """Every position of size n (each symmetry class at least once), or None."""
        return None

    def number_of_positions(self, n: int) -> int | None:
        """How many positions `positions_of_size(n)` lists, or a lower bound, known without
        listing them (None: not known), so work on them is bounded before it starts
        (`grundy.bounds`)."""
        return None

    def count_table(
        self, n_max: int, misere: bool = False, progress: ProgressCallback | None = None
    ) -> list[dict[int, int]] | None:
        """[{value: count} for n = 0 … n_max] by a method faster than enumeration, or None.

        `progress(done, total)` is called as the work advances.
        """
        return None

    def tree_size(self, position: Position) -> dict[str, int] | None:
        """Game-tree sizes (nodes, leaves, states, height) by closed forms, or None."""
        return None

    def number_of_options(self, position: Position) -> int | None:
        """How many options `options(position)` lists, or a lower bound, known without
        listing them (None: not known), so a listing past `grundy.bounds.MAX_OPTIONS` is
        refused before it starts."""
        return None

    def number_of_states(self, position: Position) -> int | None:
        """How many distinct positions the game tree of `position` holds (itself
        included), or a lower bound, known without walking it (None: not known), so a
        walk past what it may hold is refused before it starts."""
        return None

    def number_searched(self, position: Position, misere: bool = False) -> int | None:
        """At least how many positions the generic search (`grundy.solver.Solver`) holds
        to value `position` (misère play if `misere`) when neither `closed_form` nor the
        `kernel` values it, known without searching (None: not known), so a search past
        what it may hold is refused before it starts.  Not `number_of_states`: the search
        holds the positions up to conjugation (``canonical``), and stops at every position
        a closed form or the kernel values (one with a boundary word of at most
        `KERNEL_LETTERS` letters), so a line of play counts only up to the first of them."""
        return None

    def number_of_moves(self, position: Position, misere: bool = False) -> int | None:
        """At least how many moves (options, counted with multiplicity) are listed in all
        to walk the game tree of `position` (`grundy.analysis.tree_size`) and to value it
        by the generic search (misère play if `misere`) when no closed form or kernel
        values its positions, known without listing them (None: not known), so work past
        `grundy.bounds.MAX_OPTIONS` moves is refused before it starts."""
        return None


#: The optional capabilities, in the order `capabilities` lists them.
CAPABILITIES = (
    "canonical",
    "components",
    "closed_form",
    "kernel",
    "box_positions",
    "value_table",
    "positions_of_size",
    "count_table",
    "tree_size",
    "drawing",
)


def capabilities(rules: Ruleset) -> list[str]:
    """The optional capabilities `rules` declares (overrides of the defaults).

    >>> from grundy.registry import get_ruleset
    >>> capabilities(get_ruleset("lctr"))
    ['canonical', 'closed_form', 'box_positions', 'value_table', 'positions_of_size', \
'count_table', 'tree_size', 'drawing']
    """
    have = []
    for name in CAPABILITIES:
        if name == "drawing":
            if rules.drawing is not None:
                have.append(name)
        elif name == "kernel":  # a `LazyKernel` not read yet counts: reading it loads numba
            declared = vars(rules).get(name, getattr(type(rules), name))
            if isinstance(declared, LazyKernel) or rules.kernel is not None:
                have.append(name)
        elif name in vars(rules) or getattr(type(rules), name) is not getattr(Ruleset, name):
            have.append(name)  # overridden by the class or set on the instance
    return have


# ---------------------------------------------------------------- partitions
class PartitionRuleset(Ruleset):
    """A game played on one Young diagram: the defaults every partition game shares.

    Subclasses set `conjugation_invariant` when transposing the diagram gives
    the same game (the canonical form is then min(λ, λ′)) and `allows_empty`
    to False when the empty partition is not a position.
    """

    conjugation_invariant: bool = False
    allows_empty: bool = True
    drawing = Drawing.DIAGRAM

    def parse(self, spec: Any) -> Partition:
        position = Partition.coerce(spec)
        if not position and not self.allows_empty:
            raise ValueError(f"{self.name} is played on a non-empty partition")
        return position

    def canonical(self, position: Partition) -> Partition:
        if self.conjugation_invariant:
            return position.conjugation_canonical()
        return position

    def box_positions(self, position: Partition) -> list[list[Partition]]:
        """λ[i, j] in box (i, j): the picture of 000 Figure 5 (and 002 Fig. 2)."""
        return [
            [position.sub(i, j) for j in range(part)] for i, part in enumerate(position.parts())
        ]

    def diagram(self, position: Partition) -> Partition:
        return position

    def positions_of_size(self, n: int) -> Iterable[Partition]:
        if n == 0 and not self.allows_empty:
            return iter(())
        return partitions(n)

    def number_of_positions(self, n: int) -> int:
        return 0 if n == 0 and not self.allows_empty else partition_count(n)


def searched_rectangles(position: Partition, least: int = 1) -> int:
    """At least how many positions the search of λ holds in a game whose moves include
    deleting the bottom row and deleting the last column, and whose closed forms value no
    diagram with at least `least` rows and columns: a rectangle i × j with j ≤ λ_i (one
    per box of λ) is reached by deleting bottom rows, then last columns, through diagrams
    whose words are no shorter than its i + j letters; those with more than
    `KERNEL_LETTERS` (all but at most K(K − 1)/2) no kernel values, and a rectangle and
    its transpose may be one position up to conjugation, so half of them are held.

    >>> searched_rectangles(Partition.parse("1000^1000")), searched_rectangles(
    ...     Partition.parse("1000^1000"), least=2)
    (496430, 495431)
    """
    rectangles, row = 0, 0
    for part, mult in position.runs:  # rows row + 1 … row + mult, each of length part
        rows = mult - max(least - 1 - row, 0) if row + mult >= least else 0
        rectangles += max(rows, 0) * max(part - least + 1, 0)
        row += mult
    beyond = rectangles - KERNEL_LETTERS * (KERNEL_LETTERS - 1) // 2
    return max((beyond + 1) // 2, 0)


def searched_lines(position: Partition) -> int:
    """At least how many positions the search of λ holds in a game whose moves include
    deleting the bottom row and deleting the last column, and whose closed forms value no
    non-empty diagram: deleting the bottom row again and again passes ℓ diagrams of
    different sizes, the k-th (from 0) with a word of more than ℓ − k letters, so all but
    the last `KERNEL_LETTERS` − 1 are past every kernel (and λ1 of them by columns).

    >>> searched_lines(Partition.parse("1^1000")), searched_lines(Partition.parse("3,2,1"))
    (881, 0)
    """
    return max(max(position.length, position.largest) - KERNEL_LETTERS + 1, 0)


def on_partitions(rules: Ruleset) -> bool:
    """Whether the positions of size n of `rules` are the partitions of n, listed by
    `PartitionRuleset.positions_of_size` (a plug-in's `FunctionRuleset` on partitions
    too).  Such a game promises progress: a move deletes boxes, so every option of a
    position is smaller than it (the census values the partitions size by size).

    >>> from grundy.registry import get_ruleset
    >>> on_partitions(get_ruleset("cr")), on_partitions(get_ruleset("cris"))
    (True, False)
    """
    listed = getattr(rules.positions_of_size, "__func__", None)
    return listed is PartitionRuleset.positions_of_size


class FunctionRuleset(Ruleset):
    """A ruleset from a plain function listing the positions reachable in one move.

    >>> def lctr(p):  # remove the top row or the left column
    ...     return [p.sub(1, 0), p.sub(0, 1)] if p else []
    >>> from grundy import value
    >>> game = FunctionRuleset(lctr, name="my-lctr")
    >>> value(game, "3,2,1") == value("lctr", "3,2,1")
    True
    >>> capabilities(game)  # partitions: per-box tables, counts and pictures come free
    ['box_positions', 'positions_of_size', 'drawing']

    Positions are partitions unless `parse` says otherwise (any hashable
    position works; `parse` then receives the command line's text, or any
    Python value given to the library); each move is labelled by the position
    it leads to.  `canonical`, if given, maps a position to the representative
    of its symmetry class.
    """

    allows_empty = True  # for the partition defaults

    def __init__(
        self,
        options: Callable[[Any], Iterable[Position]],
        name: str,
        parse: Callable[[Any], Position] | None = None,
        canonical: Callable[[Position], Position] | None = None,
        description: str = "",
    ) -> None:
        if not callable(options):
            raise TypeError(f"options must be a function, got {type(options).__name__}")
        self._options = options
        self.name = name
        self.description = description or (options.__doc__ or "").strip().split("\n")[0]
        if parse is not None:
            self.parse = parse  # type: ignore[method-assign]
        else:  # positions are partitions: table, count and classify work as for built-ins
            self.parse = Partition.coerce  # type: ignore[method-assign]
            for method in ("box_positions", "diagram", "positions_of_size", "number_of_positions"):
                setattr(self, method, MethodType(getattr(PartitionRuleset, method), self))
            self.drawing = Drawing.DIAGRAM
        if canonical is not None:
            self.canonical = canonical  # type: ignore[method-assign]

    def options(self, position: Position) -> Iterable[tuple[Move, Position]]:
        return [(self.format_position(child), child) for child in self._options(position)]

    def format_move(self, move: Move) -> str:
        return f"move to {move}"


def example_diagram_start(rules: Ruleset | PartizanRuleset) -> str | None:
    """The start `example_start` offers, for a game (impartial or partizan) that lists its
    positions by size: among the positions of `example_size` boxes, the one drawn as the
    squarest diagram with the most distinct rows (a staircase), formatted; None if there
    is no position of that size.

    >>> from grundy.registry import get_ruleset
    >>> example_diagram_start(get_ruleset("chomp"))
    '4,3,2,1'
    """
    best: tuple[tuple[int, int], Position] | None = None
    for position in rules.positions_of_size(rules.example_size) or ():
        shape = rules.draw_data(position) if rules.drawing == Drawing.DIAGRAM else None
        key = (0, 0)
        if isinstance(shape, Partition):
            key = (-abs(shape.length - shape.largest), len(set(shape.parts())))
        if best is None or key > best[0]:
            best = (key, position)
    return None if best is None else rules.format_position(best[1])


# ------------------------------------------------------------------ partizan games
#: The optional capabilities of a partizan ruleset, in the order `partizan_capabilities`
#: lists them.
PARTIZAN_CAPABILITIES = ("components", "negative", "positions_of_size", "drawing", "kernel")


class PartizanRuleset(BaseRules, ABC):
    """A partizan game: Left's options and Right's options of a position, and what else it
    can do (issue 26).  Values are canonical forms (`grundy.partizan`), not nimbers, so a
    partizan ruleset is not a `Ruleset` and the impartial solver never sees one.

    Subclasses set `name` (and optionally `aliases`, `display_name`, `description`,
    `reference`, `rules_version`, `example_size`) and implement `left_options` and
    `right_options`.  Optional capabilities, each with a default meaning "not declared":

    ``components``         the position as a disjunctive sum (values add)
    ``negative``           a position worth minus this one (the transposed diagram of a
                           game whose transposition swaps the players), so that the
                           values of both are found once
    ``positions_of_size``  every position of size n
    ``drawing``            how a position is drawn (a `Drawing`), from ``draw_data``
    ``kernel``             a compiled options kernel of one diagram
                           (`grundy.engine.partizan_levels.PartizanKernel`, declared as a
                           `LazyKernel`): outcome classes level by level, without values
    """

    drawing: str | None = None
    kernel: Any = None
    #: The size of the positions `example_start` picks its start among.
    example_size: int = 10

    @abstractmethod
    def left_options(self, position: Position) -> Iterable[tuple[Move, Position]]:
        """Left's (move, resulting position) pairs; none if Left cannot move."""

    @abstractmethod
    def right_options(self, position: Position) -> Iterable[tuple[Move, Position]]:
        """Right's (move, resulting position) pairs; none if Right cannot move."""

    def components(self, position: Position) -> Sequence[Position] | None:
        """The summands of `position` if it is a disjunctive sum of several, else None."""
        return None

    def negative(self, position: Position) -> Position | None:
        """A position whose value is minus the value of `position`, or None."""
        return None

    def positions_of_size(self, n: int) -> Iterable[Position] | None:
        """Every position of size n, or None."""
        return None

    def draw_data(self, position: Position) -> Any:
        """What `position` is drawn from, as the plain data of its `drawing`, or None."""
        return None

    def example_start(self) -> str | None:
        """A start position to offer, as `Ruleset.example_start` picks one (the squarest
        diagram of `example_size` boxes with the most distinct rows), or None.

        >>> from grundy.partizan import get_partizan
        >>> get_partizan("crps").example_start()
        '4,3,2,1'
        """
        if "positions_of_size" not in partizan_capabilities(self):
            return None
        return example_diagram_start(self)

    def __repr__(self) -> str:
        """The game in a line.

        >>> from grundy.partizan import get_partizan
        >>> get_partizan("crpm")  # doctest: +ELLIPSIS
        <partizan game crpm: components, negative, positions_of_size, drawing, kernel; ... 4,3,2,1>
        """
        shown = ", ".join(partizan_capabilities(self)) or "options only"
        example = self.example_start()
        if example is not None:
            shown += f"; example start {example}"
        return f"<partizan game {self.name}: {shown}>"


def partizan_capabilities(rules: PartizanRuleset) -> list[str]:
    """The optional capabilities a partizan ruleset declares (overrides of the defaults).

    >>> from grundy.partizan import get_partizan
    >>> partizan_capabilities(get_partizan("crps"))
    ['components', 'negative', 'positions_of_size', 'drawing']
    """
    have = []
    for name in PARTIZAN_CAPABILITIES:
        if name in ("drawing", "kernel"):
            if getattr(type(rules), name) is not None:
                have.append(name)
        elif getattr(type(rules), name) is not getattr(PartizanRuleset, name):
            have.append(name)
    return have
