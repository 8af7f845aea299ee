"""Partizan games on the page (issue 26): the person plays Left or Right, the computer the
other side, on `grundy.partizan.match.PartizanMatch` as `grundy play` does.

A request (``POST /api/partizan/<question>``, `QUESTIONS`) names a partizan game the
server lists (`grundy.web.game_list.Catalogue.partizan`), its start ``position``, the
``side`` the person plays ("left" or "right"), who moves ``first`` ("me" or "computer")
and the person's ``moves`` (option numbers, from 1); the server replays it, the computer
answering each move as it did before (its play is deterministic).  The questions and
their answers are those of the impartial games (`grundy.web.app`), with a value being a
canonical form in CGSuite's notation and a move ``winning`` when its mover then wins
(what it leads to is L or P for Left, R or P for Right: Siegel, *Combinatorial Game
Theory*, §II.1).  The game ends when the side to move has no option: the other side wins.

Nothing of a partizan game is kept in the server, and the server values nothing: each
request is answered in a child of the solver pool (`grundy.web.solving.SolverPool`),
bounded in time (a solve's seconds) and memory, which reads the start, refuses a
position of more than `MAX_BOXES` boxes before any option is listed, replays the game
on a fresh `PartizanMatch` and sends back plain data (without fork, as on Windows, the
request's thread does it, bounded by `MAX_BOXES` alone).  So a click costs a fork and a
fresh valuation: 15 to 45 ms at 10 to 30 boxes, up to about a second at 40
(benchmarks/bench_serve_partizan.py).  A canonical form is written out only when its
tree has at most `MAX_FORM_NODES` nodes (`written`): its text grows exponentially with
the diagram (CRPM 6,2,1^4, 12 boxes: 13,345 characters).

>>> from grundy.web.game_list import Catalogue
>>> from grundy.web.solving import SolverPool
>>> play = PartizanPlay(Catalogue(), SolverPool(processes=1), seconds=5)
>>> asked = PartizanAsked("crpm", "2,1", side="left")
>>> [o["move"] for o in play.answer("start", asked)["options"]]
['in 2,1: remove a row of length 2', 'in 2,1: remove a row of length 1']
>>> hint = play.answer("hint", asked)
>>> hint["value"], [(o["value"], o["winning"]) for o in hint["options"]]
('{*,↑|*,↓}', [('*', False), ('↑', True)])
>>> state = play.answer("move", PartizanAsked("crpm", "2,1", side="left", number=2))
>>> state["replies"], state["mover"], state["to_move"]
(['in 2: remove a column of length 1'], 'left', 'human')
"""

from __future__ import annotations

import itertools
import reprlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from grundy.answers import check_partizan_asked
from grundy.game import PartizanRuleset
from grundy.memory import format_bytes
from grundy.partizan import Game
from grundy.partizan.match import SIDES, PartizanMatch, SideOption
from grundy.play import COMPUTER, HUMAN
from grundy.web.board import board, target_option
from grundy.web.game_list import Catalogue
from grundy.web.solving import Died, Overrun, SolverPool

__all__ = [
    "MAX_BOXES",
    "MAX_FORM_NODES",
    "QUESTIONS",
    "PartizanAsked",
    "PartizanPlay",
    "written",
]

#: The questions of ``POST /api/partizan/<question>`` (those of the impartial games).
QUESTIONS = ("start", "move", "undo", "hint", "explore")
#: The most boxes of a position the page plays, refused before anything is valued; the
#: size the page plays impartial games at (benchmarks/bench_serve.py: 40 boxes).  Below
#: it the time bound decides (a CRPM or CRPS start of 40 boxes takes up to seconds).
MAX_BOXES = 40
#: The most nodes of a canonical form's tree (an option counted wherever it occurs) that
#: is written out: CGSuite's text of a CRPM or CRPS value takes less than two characters a
#: node (every diagram of up to 11 boxes, tests/test_serve_partizan.py), so a form written
#: is less than 4,000 characters.
MAX_FORM_NODES = 2_000

_JSON = dict[str, Any]


@dataclass(frozen=True)
class PartizanAsked:
    """What a request asks of a partizan game: the game (a listed name), its start, the
    person's side, who moves first ("me" or "computer"), misère play (refused), the
    person's moves; for a move, its `number` or the `target` clicked; for the explorer,
    the `path` of option numbers from the current position (the sides taking turns)."""

    game: str
    position: str
    side: str
    first: str = "me"
    misere: bool = False
    moves: tuple[int, ...] = ()
    number: int | None = None
    target: str | None = None
    path: tuple[int, ...] = ()


class PartizanPlay:
    """The partizan questions of a server: its games (`catalogue`), answered in `pool`'s
    children within `seconds` each."""

    def __init__(self, catalogue: Catalogue, pool: SolverPool, seconds: float) -> None:
        self.catalogue, self.pool, self.seconds = catalogue, pool, seconds

    def answer(self, question: str, asked: PartizanAsked) -> _JSON:
        """The answer to `question` (one of `QUESTIONS`), checked here and computed in a
        child; a ValueError (one line) for a bad request or a position too large."""
        if question not in QUESTIONS:
            raise ValueError(f"bad request: no question {question!r} ({', '.join(QUESTIONS)})")
        rules = self.catalogue.partizan(asked.game)
        check_partizan_asked(rules, asked.misere)
        if asked.side not in SIDES:
            shown = reprlib.repr(asked.side)
            raise ValueError(f"bad request: 'side' must be 'left' or 'right', got {shown}")
        if asked.first not in ("me", HUMAN, COMPUTER):
            shown = reprlib.repr(asked.first)
            raise ValueError(f"bad first player {shown}: expected 'me' or 'computer'")
        if question == "move" and (asked.number is None) == (asked.target is None):
            raise ValueError("bad request: say which move, by 'number' or by 'target'")
        try:
            return self.pool.run(_answer, question, rules, asked, seconds=self.seconds)
        except Died as exc:
            raise _too_large(rules, asked.position, f"its solver {exc}") from None
        except Overrun:
            raise _too_large(
                rules, asked.position, f"it was not solved in {self.seconds:g} s"
            ) from None
        except MemoryError:
            limit = format_bytes(self.pool.memory)
            raise _too_large(
                rules, asked.position, f"it needs more than {limit} of memory"
            ) from None


def written(game: Game) -> str:
    """`game` in CGSuite's notation, if its tree has at most `MAX_FORM_NODES` nodes (or it
    is a number or a nimber), else a line saying it is too large to write.

    >>> from grundy.partizan import value
    >>> written(value("crpm", "3,2")), written(value("crpm", "4^9"))
    ('{↑|*,{*,↑|*,↓}}', '↓5')
    >>> written(value("crpm", "6,2,1^4"))
    'a canonical form of more than 2,000 nodes (not written)'
    """
    if game.num is not None or game.nim is not None or _tree_within(game, MAX_FORM_NODES):
        return str(game)
    return f"a canonical form of more than {MAX_FORM_NODES:,} nodes (not written)"


# ---------------------------------------------------------------- in the child
class _Turn(NamedTuple):
    """A move of the game so far: who made it ("human" or "computer"), for which side."""

    player: str
    side: str
    option: SideOption


class _Drawn(NamedTuple):
    """An option as `grundy.web.board` reads it: its number, its move, where it leads."""

    number: int
    move: Any
    position: Any


@dataclass
class _Replayed:
    """A request's game replayed: the match, its start, the moves made (the computer's
    replies after the person's last move among them) and those replies."""

    match: PartizanMatch
    start: Any
    turns: list[_Turn]
    replies: list[SideOption]


def _answer(question: str, rules: PartizanRuleset, asked: PartizanAsked) -> _JSON:
    """The answer to `question`, computed from the request alone (in a child)."""
    game = _replayed(rules, asked)
    match = game.match
    if question == "move":
        number, options = asked.number, match.options()
        if asked.target is not None and options:  # none: the game is over, as play says
            drawn = _drawn(match, options)
            number = target_option(rules, match.position, drawn, asked.target).number  # type: ignore[arg-type]
        game.turns.append(_Turn(HUMAN, match.mover, match.play(str(number))))
        game.replies = _computer_turns(match, asked.side, game.turns)
    elif question == "undo":
        match.undo()
        del game.turns[len(match.history) :]
        game.replies = []
    elif question == "hint":
        return _hint(match)
    elif question == "explore":
        return _explore(match, asked.path)
    return _state(asked, game)


def _replayed(rules: PartizanRuleset, asked: PartizanAsked) -> _Replayed:
    """The game of `asked` from its start (refused past `MAX_BOXES`), the person's moves
    made and the computer's answered."""
    other = "right" if asked.side == "left" else "left"
    first = other if asked.first == COMPUTER else asked.side
    match = PartizanMatch(rules, asked.position, human=asked.side, first=first)
    boxes = getattr(match.position, "size", None)  # a diagram's (or a sum's) boxes
    if isinstance(boxes, int) and boxes > MAX_BOXES:
        raise ValueError(
            f"{rules.name} {_cut(asked.position)} has {boxes:,} boxes: the page plays "
            f"partizan positions of at most {MAX_BOXES}; try a smaller position"
        )
    start = match.position
    turns: list[_Turn] = []
    for number in asked.moves:
        _computer_turns(match, asked.side, turns)
        turns.append(_Turn(HUMAN, match.mover, match.play(str(number))))
    return _Replayed(match, start, turns, _computer_turns(match, asked.side, turns))


def _computer_turns(match: PartizanMatch, side: str, turns: list[_Turn]) -> list[SideOption]:
    """The computer's moves (added to `turns`) until it is `side`'s turn or the game ends."""
    made = []
    while match.mover != side and match.winner() is None:
        made.append(match.computer_move())
        turns.append(_Turn(COMPUTER, match.other(match.mover), made[-1]))
    return made


def _state(asked: PartizanAsked, game: _Replayed) -> _JSON:
    """Everything the page shows of a game, and the game to send back with the next
    request (as `grundy.web.app`'s state, with the sides)."""
    match = game.match
    rules = match.rules
    winner = match.winner()
    options = match.options() if winner is None and match.mover == asked.side else []
    return {
        "game": asked.game,
        "position": asked.position,
        "side": asked.side,
        "first": asked.first,
        "misere": False,
        "moves": [t.option.number for t in game.turns if t.player == HUMAN],
        "partizan": True,
        "name": rules.name,
        "start": rules.format_position(game.start),
        "current": rules.format_position(match.position),
        "mover": match.mover,
        "to_move": HUMAN if match.mover == asked.side else COMPUTER,
        "winner": None if winner is None else HUMAN if winner == asked.side else COMPUTER,
        "replies": [o.text for o in game.replies],
        "history": [
            {
                "player": t.player,
                "side": t.side,
                "number": t.option.number,
                "move": t.option.text,
                "position": rules.format_position(t.option.position),
            }
            for t in game.turns
        ],
        "options": [
            {"number": o.number, "move": o.text, "position": rules.format_position(o.position)}
            for o in options
        ],
        "board": board(rules, match.position, _drawn(match, options)),  # type: ignore[arg-type]
    }


def _hint(match: PartizanMatch) -> _JSON:
    """The value of the current position, its outcome class, and its mover's options with
    their values and which of them win."""
    here = match.value()
    options = match.options()
    return {
        "value": written(here),
        "outcome": here.outcome(),
        "mover": match.mover,
        "options": [
            {"number": o.number, "value": written(o.value), "winning": o.winning} for o in options
        ],
        "winning": [o.number for o in options if o.winning],
    }


def _explore(match: PartizanMatch, path: Iterable[int]) -> _JSON:
    """The position `path` leads to from the current one (the sides taking turns), with
    its mover's options, their values, which win, and which end the game (the next side
    has no option there)."""
    path = list(path)
    for step, number in enumerate(path, 1):
        try:
            match.play(str(number))
        except ValueError as exc:
            raise ValueError(f"step {step} of the path: {exc}") from None
    rules = match.rules
    here = match.value()
    after = match.other(match.mover)
    return {
        "path": path,
        "position": rules.format_position(match.position),
        "mover": match.mover,
        "value": written(here),
        "outcome": here.outcome(),
        "options": [
            {
                "number": o.number,
                "move": o.text,
                "position": rules.format_position(o.position),
                "value": written(o.value),
                "winning": o.winning,
                "ends": not _moves(rules, after, o.position),
            }
            for o in match.options()
        ],
    }


def _moves(rules: PartizanRuleset, side: str, position: Any) -> list[tuple[Any, Any]]:
    """`side`'s (move, position) pairs, in the order `PartizanMatch` numbers them."""
    return list(rules.left_options(position) if side == "left" else rules.right_options(position))


def _drawn(match: PartizanMatch, options: list[SideOption]) -> list[_Drawn]:
    """The mover's `options` (all of them, or none) with their moves, for the board."""
    if not options:
        return []
    moves = _moves(match.rules, match.mover, match.position)
    return [_Drawn(o.number, move, o.position) for o, (move, _) in zip(options, moves, strict=True)]


def _tree_within(game: Game, limit: int) -> bool:
    """Whether the tree of `game` (each option counted wherever it occurs) has at most
    `limit` nodes: a count over its distinct subgames, each once, stopped past `limit`."""
    counted: dict[Game, int] = {}

    def count(g: Game) -> int:
        found = counted.get(g)
        if found is None:
            found = 1
            for option in itertools.chain(g.left, g.right):
                found += count(option)
                if found > limit:
                    break
            found = counted[g] = min(found, limit + 1)
        return found

    return count(game) <= limit


def _too_large(rules: PartizanRuleset, position: str, why: str) -> ValueError:
    """The error of a request its child could not answer, as the impartial page words a
    start too large (`grundy.web.solving.Solves`)."""
    return ValueError(
        f"{rules.name} {_cut(position)} is too large to play interactively: {why}; "
        "try a smaller position"
    )


def _cut(text: str) -> str:
    return text if len(text) <= 60 else text[:59] + "…"
