"""Play a game against the computer: the game loop, independent of any terminal.

A `Match` holds a ruleset, the current position, the play convention and the
history of moves.  When it starts it solves every position reachable from the
start, within a time limit (`SOLVE_SECONDS`), so that every later question —
the computer's reply, a hint — is answered at once; a position whose game
cannot be solved in time is refused with a ValueError, never a hang.

The computer plays perfectly: a move to a position of value 0 when there is
one (the one that wins fastest, by remoteness), otherwise the move that makes
the game last longest.  Remoteness (Conway; C. A. B. Smith) is the number of
moves the game lasts under such play: 0 at a terminal position, one more than
the largest remoteness of an option at a P-position (the loser delays), one
more than the smallest remoteness of an option of value 0 at an N-position
(the winner hurries).  In misère play the same, with misère values.

>>> m = Match("lctr", "3,1")
>>> m.value(), m.remoteness(), m.to_move()
(0, 2, 'human')
>>> [(o.number, o.text, o.value) for o in m.options()]
[(1, 'remove the top row', 1), (2, 'remove the left column', 2)]
>>> m.play("1").text
'remove the top row'
>>> m.computer_move().text, m.winner()
('remove the top row', 'computer')
>>> m.undo(); str(m.position)
'3,1'

Nothing here knows a game by name: moves and positions are written by the
ruleset (`format_move`, `format_position`), and a position is drawn as the
ruleset declares (`drawn_as`, `picture`).
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from grundy.game import DRAWINGS, Drawing, Ruleset
from grundy.registry import get_ruleset
from grundy.validate import as_bool, parse_position

__all__ = [
    "SOLVE_SECONDS",
    "Match",
    "MatchOption",
    "drawn_as",
    "picture",
    "remoteness_table",
    "too_large",
]

Position = Hashable

#: How long a match may spend solving its start position (every position
#: reachable from it) before it refuses the position as too large to play.
#: Measured (one core): 4,000–25,000 positions a second, e.g. LCTR 100^100
#: (5,051 positions) 0.2 s, Column-Row on the staircase of 10 rows (5,545)
#: 1.3 s, Chomp 7^7 (1,779) 1.0 s, Column-Row on 12 rows (37,701) 9 s.
SOLVE_SECONDS = 5.0

HUMAN = "human"
COMPUTER = "computer"


class MatchOption(NamedTuple):
    """One option of the current position, numbered from 1 as it is listed."""

    number: int
    move: Any
    text: str  # the move as the ruleset writes it
    position: Any  # where it leads
    value: int  # that position's value (misère value in misère play)
    remoteness: int  # how many more moves the game then lasts

    @property
    def winning(self) -> bool:
        """Whether the move leaves a position of value 0 (the mover then wins)."""
        return self.value == 0


class _TooLarge(Exception):
    """Raised inside the solve when its time is up."""


class Match:
    """A game between a person and the computer, from `position` of `game`.

    `first` is "human" (also "me") or "computer"; `misere` selects misère play
    (the player who cannot move wins).  `time_limit` bounds the solve at the
    start (seconds; see `SOLVE_SECONDS`); `solved` skips it, given the tables
    `remoteness_table` returned for this start and convention (e.g. in another process).
    """

    def __init__(
        self,
        game: str | Ruleset,
        position: Any,
        misere: bool = False,
        first: str = HUMAN,
        time_limit: float = SOLVE_SECONDS,
        solved: tuple[dict[Any, int], dict[Any, int]] | None = None,
    ) -> None:
        self.rules = get_ruleset(game)
        if first == "me":
            first = HUMAN
        if first not in (HUMAN, COMPUTER):
            raise ValueError(f"bad first player {first!r}: expected 'me' or 'computer'")
        self.misere = as_bool(misere, "misere")
        self.start = parse_position(self.rules, position)
        self.position = self.start
        self.first = first
        self.mover = first
        #: (position, player who moved, option taken) for every move made.
        self.history: list[tuple[Any, str, MatchOption]] = []
        if solved is None:
            solved = remoteness_table(self.rules, self.start, self.misere, time_limit)
        self._values, self._remote = solved

    # ------------------------------------------------------------ questions
    def _key(self, position: Any) -> Any:
        return self.rules.canonical(position)

    def value(self, position: Any = None) -> int:
        """The value of `position` (default: the current one) under the match's convention."""
        return self._values[self._key(self.position if position is None else position)]

    def remoteness(self, position: Any = None) -> int:
        """How many moves the game lasts from `position` (default: the current one)."""
        return self._remote[self._key(self.position if position is None else position)]

    def to_move(self) -> str:
        """Whose turn it is: "human" or "computer"."""
        return self.mover

    def options(self, position: Any = None) -> list[MatchOption]:
        """The options of `position` (default: the current one), numbered from 1, with values.

        `position` must be reachable from the start (the solve covers nothing else).
        """
        here = self.position if position is None else position
        return [
            MatchOption(
                k,
                move,
                self.rules.format_move(move),
                child,
                self.value(child),
                self.remoteness(child),
            )
            for k, (move, child) in enumerate(self.rules.options(here), 1)
        ]

    def winning_options(self) -> list[MatchOption]:
        """The options of value 0: the moves that win."""
        return [o for o in self.options() if o.winning]

    def is_over(self) -> bool:
        return not any(True for _ in self.rules.options(self.position))

    def winner(self) -> str | None:
        """None while the game goes on; else "human" or "computer".

        The player who cannot move loses in normal play and wins in misère play.
        """
        if not self.is_over():
            return None
        stuck = self.mover
        other = COMPUTER if stuck == HUMAN else HUMAN
        return stuck if self.misere else other

    # ---------------------------------------------------------------- moves
    def find(self, choice: str | int) -> MatchOption:
        """The option named by `choice`: its number in `options`, the move as the ruleset
        writes it, its short label, or the position it leads to (ValueError if none)."""
        opts = self.options()
        if not opts:
            raise ValueError("the game is over: there are no moves")
        text = " ".join(str(choice).split())
        if text.isdigit() and text.isascii():
            k = int(text)
            if 1 <= k <= len(opts):
                return opts[k - 1]
            raise ValueError(f"no move number {k}: choose 1 to {len(opts)}")
        wanted = text.casefold()
        for describe in (
            lambda o: o.text,
            lambda o: str(o.move),
            lambda o: self.rules.format_position(o.position),
        ):
            found = [o for o in opts if " ".join(describe(o).split()).casefold() == wanted]
            if found:
                return found[0]  # several only for moves leading to the same position
        raise ValueError(f"no move {text!r} here: type a number from the list, or `help`")

    def play(self, choice: str | int) -> MatchOption:
        """Make the human's move `choice` (see `find`); returns the option taken."""
        if self.mover != HUMAN:
            raise ValueError("it is the computer's turn")
        option = self.find(choice)
        self._apply(option)
        return option

    def best_option(self) -> MatchOption:
        """Perfect play: the fastest win if there is one, else the longest loss."""
        opts = self.options()
        if not opts:
            raise ValueError("the game is over: there are no moves")
        wins = [o for o in opts if o.winning]
        if wins:
            return min(wins, key=lambda o: o.remoteness)
        return max(opts, key=lambda o: o.remoteness)

    def computer_move(self) -> MatchOption:
        """Make the computer's move; returns the option taken."""
        if self.mover != COMPUTER:
            raise ValueError("it is your turn")
        option = self.best_option()
        self._apply(option)
        return option

    def _apply(self, option: MatchOption) -> None:
        self.history.append((self.position, self.mover, option))
        self.position = option.position
        self.mover = COMPUTER if self.mover == HUMAN else HUMAN

    def undo(self) -> None:
        """Take back the human's last move and every computer move after it."""
        if not any(player == HUMAN for _, player, _ in self.history):
            raise ValueError("nothing to undo: you have not moved yet")
        while True:
            position, player, _ = self.history.pop()
            self.position, self.mover = position, player
            if player == HUMAN:
                return


# ---------------------------------------------------------------- solving
def remoteness_table(
    rules: Ruleset, start: Any, misere: bool = False, time_limit: float | None = SOLVE_SECONDS
) -> tuple[dict[Any, int], dict[Any, int]]:
    """Values and remoteness of every position reachable from `start`, by canonical form.

    The values are Sprague–Grundy values (misère values when `misere`:
    terminal positions are worth 1), computed here by the mex recursion so
    that the whole solve can be stopped on time; the tests check them against
    `grundy.solver`.  ValueError when it takes longer than `time_limit` seconds.

    >>> from grundy.registry import get_ruleset
    >>> cr = get_ruleset("cr")
    >>> values, remote = remoteness_table(cr, cr.parse("3,2,1"))
    >>> values[cr.parse("3,2,1")], remote[cr.parse("3,2,1")]
    (1, 3)
    """
    misere = as_bool(misere, "misere")
    deadline = None if time_limit is None else time.monotonic() + time_limit
    values: dict[Any, int] = {}
    remote: dict[Any, int] = {}
    root = rules.canonical(start)
    # Each frame: [canonical node, its canonical children or None until expanded].
    stack: list[list[Any]] = [[root, None]]
    expanding: set[Any] = set()
    steps = 0
    with _alarm(deadline):
        try:
            while stack:
                steps += 1
                if deadline is not None and steps % 256 == 0 and time.monotonic() > deadline:
                    raise _TooLarge
                frame = stack[-1]
                node, children = frame
                if children is None:
                    if node in values:
                        stack.pop()
                        continue
                    children = list(
                        dict.fromkeys(rules.canonical(child) for _, child in rules.options(node))
                    )
                    frame[1] = children
                    expanding.add(node)
                pending = [c for c in children if c not in values]
                if pending:
                    for child in pending:
                        if child in expanding:
                            raise ValueError(
                                f"{rules.name}: position {rules.format_position(child)} can "
                                "be reached from itself; the game is not acyclic"
                            )
                        stack.append([child, None])
                    continue
                values[node], remote[node] = _solve_node(children, values, remote, misere)
                stack.pop()
                expanding.discard(node)
        except _TooLarge:
            raise too_large(rules, start, time_limit, len(values)) from None
    return values, remote


def too_large(
    rules: Ruleset, start: Any, time_limit: float, solved: int | None = None
) -> ValueError:
    """The error of a start position not solved within `time_limit` seconds.

    >>> from grundy.registry import get_ruleset
    >>> chomp = get_ruleset("chomp")
    >>> print(too_large(chomp, chomp.parse("9^9"), 5, 1200))
    chomp 9^9 is too large to play interactively: it was not solved in 5 s (1200 positions \
solved); try a smaller position
    """
    count = "" if solved is None else f" ({solved} positions solved)"
    return ValueError(
        f"{rules.name} {_short(rules.format_position(start))} is too large to play "
        f"interactively: it was not solved in {time_limit:g} s{count}; try a smaller position"
    )


def _solve_node(
    children: list[Any], values: dict[Any, int], remote: dict[Any, int], misere: bool
) -> tuple[int, int]:
    """(value, remoteness) of a position from those of its (canonical) children."""
    if not children:
        return (1 if misere else 0), 0
    seen = {values[c] for c in children}
    mex = 0
    while mex in seen:
        mex += 1
    if mex == 0:  # a P-position: the loser makes it last
        return 0, 1 + max(remote[c] for c in children)
    return mex, 1 + min(remote[c] for c in children if values[c] == 0)


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


@contextmanager
def _alarm(deadline: float | None) -> Iterator[None]:
    """Interrupt the solve at `deadline` even inside one long step (main thread, Unix)."""
    usable = (
        deadline is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise _TooLarge

    assert deadline is not None
    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(deadline - time.monotonic(), 0.001) + 0.5)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------- pictures
def drawn_as(rules: Ruleset, position: Any) -> tuple[str, Any] | None:
    """How `position` is drawn, as the ruleset declares it (`Ruleset.drawing`), or None:
    the `Drawing` and the plain data `Ruleset.draw_data` gives for it —

    * ``("diagram", shape)``: a Young diagram (a `Partition`);
    * ``("matrix", (rows, ncols))``: a 0/1 matrix (``rows`` bitmasks, bit j of a row is
      column j);
    * ``("poset", (poset, heads))``: coins on a poset (``poset`` and the ``heads`` bitmask).

    A ValueError for a ruleset declaring a drawing that is not one of `DRAWINGS`.

    >>> from grundy.registry import get_ruleset
    >>> drawn_as(get_ruleset("matrix"), get_ruleset("matrix").parse("10;11"))
    ('matrix', ((1, 3), 2))
    >>> drawn_as(get_ruleset("cris"), get_ruleset("cris").parse("2 + 1")) is None  # a sum
    True
    """
    kind = rules.drawing
    if kind is None:
        return None
    if kind not in DRAWINGS:
        raise ValueError(
            f"game {rules.name!r} declares the drawing {kind!r}; expected one of "
            + ", ".join(DRAWINGS)
        )
    data = rules.draw_data(position)
    return None if data is None else (kind, data)


def picture(rules: Ruleset, position: Any) -> str | None:
    """A text picture of `position` (see `drawn_as`), or None.

    * a Young diagram: one ``□`` per box, English notation;
    * a 0/1 matrix: ``■`` for 1, ``·`` for 0;
    * a position on a poset: the Hasse diagram's levels, top to bottom, heads ``●``,
      tails ``○``, each element with its lower covers.

    >>> from grundy.registry import get_ruleset
    >>> print(picture(get_ruleset("lctr"), get_ruleset("lctr").parse("3,1")))
    □ □ □
    □
    >>> print(picture(get_ruleset("matrix"), get_ruleset("matrix").parse("10;11")))
    ■ ·
    ■ ■
    """
    drawing = drawn_as(rules, position)
    if drawing is None:
        return None
    kind, data = drawing
    if kind == Drawing.DIAGRAM:
        if not data:
            return "(empty diagram)"
        if data.length > 40 or data.largest > 60:
            return None
        return "\n".join(" ".join("□" * part) for part in data.parts())
    if kind == Drawing.MATRIX:
        rows, ncols = data
        if not rows or not ncols:
            return "(empty matrix)"
        if len(rows) > 40 or ncols > 60:
            return None
        return "\n".join(" ".join("■" if (r >> j) & 1 else "·" for j in range(ncols)) for r in rows)
    return _hasse_text(*data)


def _hasse_text(poset: Any, heads: int) -> str | None:
    """The levels of a poset, top first: ``●x`` a head, ``○x`` a tail, ``x>a,b`` its covers."""
    if len(poset) > 60:
        return None
    levels = poset.levels()
    lines = []
    for level in range(max(levels, default=-1), -1, -1):
        cells = []
        for i, x in enumerate(poset.elements):
            if levels[i] != level:
                continue
            mark = "●" if (heads >> i) & 1 else "○"
            below = ",".join(poset.format(y) for y in poset.lower_covers(x))
            cells.append(f"{mark}{poset.format(x)}" + (f">{below}" if below else ""))
        lines.append("  ".join(cells))
    return "\n".join(lines)
