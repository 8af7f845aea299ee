"""`grundy play`: the game loop (`grundy.play.Match`) and the terminal game in a pty."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from functools import cache

import pytest

from grundy.game import Drawing, Ruleset, capabilities
from grundy.games.matrix.matrix import parse_matrix
from grundy.partition import Partition, partitions_up_to
from grundy.play import Match, drawn_as, picture, remoteness_table
from grundy.registry import get_ruleset
from grundy.solver import Solver
from grundy.web.board import board

GAMES = ("lctr", "cr")


# ------------------------------------------------------------ references
def reference(game: str, misere: bool):
    """Plain recursion on positions as given (no canonical forms): (value, remoteness)."""
    rules = get_ruleset(game)

    @cache
    def solve(p):
        kids = [solve(child) for _, child in rules.options(p)]
        if not kids:
            return (1 if misere else 0), 0
        seen = {v for v, _ in kids}
        mex = next(k for k in range(len(kids) + 1) if k not in seen)
        if mex == 0:
            return 0, 1 + max(r for _, r in kids)
        return mex, 1 + min(r for v, r in kids if v == 0)

    return solve


def small_positions(n_max: int = 7):
    return [p for p in partitions_up_to(n_max) if p]


# ------------------------------------------------------------ Match logic
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("misere", [False, True])
def test_values_and_remoteness_match_references(game: str, misere: bool) -> None:
    rules = get_ruleset(game)
    solver = Solver(rules, fast=False)
    ref = reference(game, misere)
    for p in small_positions():
        values, remote = remoteness_table(rules, p, misere)
        key = rules.canonical(p)
        assert values[key] == solver.value(p, misere) == ref(p)[0], p
        assert remote[key] == ref(p)[1], p
        # P-positions end after an even number of moves in normal play, odd in misère
        if values[key] == 0:
            assert remote[key] % 2 == (1 if misere else 0), p


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("misere", [False, True])
def test_computer_moves_to_zero_when_it_can(game: str, misere: bool) -> None:
    rules = get_ruleset(game)
    solver = Solver(rules)
    ref = reference(game, misere)
    for p in small_positions(6):
        m = Match(rules, p, misere, first="computer")
        if m.is_over():
            continue
        opts = solver.options(p, misere)
        assert [o.value for o in m.options()] == [o.value for o in opts]
        chosen = m.computer_move()
        assert solver.value(chosen.position, misere) == chosen.value
        if any(o.value == 0 for o in opts):
            assert chosen.value == 0
            best = min(ref(o.position)[1] for o in opts if o.value == 0)
        else:
            best = max(ref(o.position)[1] for o in opts)
        assert ref(chosen.position)[1] == best
        assert m.remoteness(p) == 1 + best


@pytest.mark.parametrize("misere", [False, True])
def test_perfect_play_wins_every_n_position(misere: bool) -> None:
    """The computer, moving first from a position of nonzero value, always wins."""
    rules = get_ruleset("cr")
    for p in small_positions(6):
        m = Match(rules, p, misere, first="computer")
        if m.value() == 0:
            continue
        moves = 0
        while m.winner() is None:
            if m.to_move() == "computer":
                m.computer_move()
            else:
                m.play(len(m.options()))  # the human plays the last move listed
            moves += 1
        assert m.winner() == "computer", p
        assert moves <= m.remoteness(p)


def test_choosing_moves_by_number_text_label_and_position() -> None:
    m = Match("lctr", "3,1")
    assert m.find(2).text == "remove the left column"
    assert m.find(" Remove  the LEFT column ").number == 2
    assert m.find("1").number == 1  # a number names a move in the list, not a position
    assert m.find("2").number == 2
    m = Match("cr", "3,2,1")
    assert str(m.find("2^2,1").position) == "2^2,1"
    for bad, message in [
        ("0", "no move number 0"),
        ("7", "choose 1 to 6"),
        ("jump", "no move 'jump'"),
    ]:
        with pytest.raises(ValueError, match=message):
            m.play(bad)
    assert str(m.position) == "3,2,1" and not m.history


def test_undo_takes_back_the_human_move_and_the_reply() -> None:
    m = Match("cr", "3,2,1", first="computer")
    with pytest.raises(ValueError, match="it is the computer's turn"):
        m.play(1)
    with pytest.raises(ValueError, match="nothing to undo"):
        m.undo()
    m.computer_move()
    after_computer = m.position
    m.play(1)
    m.computer_move()
    assert len(m.history) == 3
    m.undo()
    assert m.position == after_computer and m.to_move() == "human" and len(m.history) == 1
    with pytest.raises(ValueError, match="your turn"):
        m.computer_move()


@pytest.mark.parametrize("misere, winner", [(False, "human"), (True, "computer")])
def test_winner_by_convention(misere: bool, winner: str) -> None:
    m = Match("lctr", "1", misere)
    m.play(1)  # the human takes the last box
    assert m.winner() == winner
    with pytest.raises(ValueError, match="game is over"):
        m.computer_move() if m.to_move() == "computer" else m.play(1)


def test_bad_start_is_one_clear_value_error() -> None:
    with pytest.raises(ValueError, match="expected 'me' or 'computer'"):
        Match("lctr", "3,1", first="nobody")
    with pytest.raises(ValueError, match="bad partition token"):
        Match("lctr", "3,x")
    start = time.monotonic()
    with pytest.raises(ValueError, match="too large to play interactively"):
        Match("lctr", "1000^1000", time_limit=0.2)
    assert time.monotonic() - start < 3


def test_pictures_by_capability() -> None:
    lctr = get_ruleset("lctr")
    assert picture(lctr, lctr.parse("2,1")) == "□ □\n□"
    matrix = get_ruleset("matrix")
    assert picture(matrix, matrix.parse("01;10")) == "· ■\n■ ·"
    coins = get_ruleset("coins")
    text = picture(coins, coins.parse("chain:3 ruler 2"))
    assert text == "○3>2\n●2>1\n○1"


@pytest.mark.parametrize(
    ("game", "position", "kind"),
    [
        ("lctr", "3,1", Drawing.DIAGRAM),
        ("chess-rook", "3,1", Drawing.DIAGRAM),
        ("cris", "3,1", Drawing.DIAGRAM),  # a sum of one
        ("lctr-3d", "2,1;1", Drawing.DIAGRAM),  # its base
        ("lctr-nonrep", "3,1 | LT", Drawing.DIAGRAM),
        ("matrix", "10;11", Drawing.MATRIX),
        ("coins", "chain:3 ruler 2", Drawing.POSET),
    ],
)
def test_each_game_declares_its_drawing(game: str, position: str, kind: str) -> None:
    rules = get_ruleset(game)
    assert rules.drawing == kind and "drawing" in capabilities(rules)
    start = rules.parse(position)
    drawing = drawn_as(rules, start)
    assert drawing is not None and drawing[0] == kind
    assert drawing[1] == rules.draw_data(start)


def test_a_sum_of_several_diagrams_is_not_drawn() -> None:
    for game in ("cris", "pnim"):
        rules = get_ruleset(game)
        assert drawn_as(rules, rules.parse("3,1 + 2")) is None
        assert drawn_as(rules, rules.parse("")) == (Drawing.DIAGRAM, Partition())


class Grid(Ruleset):
    """Remove one nonzero row or column of a 0/1 matrix given as a tuple of row strings;
    drawn as a matrix by its declaration alone."""

    name = "test-play-grid"
    drawing = Drawing.MATRIX

    def parse(self, spec: str) -> tuple[str, ...]:
        return tuple(spec.split(";"))

    def options(self, rows: tuple[str, ...]):
        columns = ["".join(col) for col in zip(*rows, strict=True)] if rows else []
        for i, row in enumerate(rows):
            if "1" in row:
                yield f"r{i}", self._tidy(rows[:i] + rows[i + 1 :])
        for j, column in enumerate(columns):
            if "1" in column:
                yield f"c{j}", self._tidy(tuple(r[:j] + r[j + 1 :] for r in rows))

    @staticmethod
    def _tidy(rows: tuple[str, ...]) -> tuple[str, ...]:
        """Zero rows and columns dropped."""
        rows = tuple(r for r in rows if "1" in r)
        keep = [j for j in range(len(rows[0]) if rows else 0) if any(r[j] == "1" for r in rows)]
        return tuple("".join(r[j] for j in keep) for r in rows)

    def draw_data(self, rows: tuple[str, ...]) -> tuple[tuple[int, ...], int]:
        bitmasks = tuple(sum(1 << j for j, c in enumerate(r) if c == "1") for r in rows)
        return bitmasks, len(rows[0]) if rows else 0


def test_drawing_comes_from_the_declaration_not_from_the_position() -> None:
    # positions that look like a matrix are not drawn unless the ruleset says so
    class Undeclared(Ruleset):
        name = "test-play-undeclared"

        def options(self, position: object) -> list:
            return []

    assert drawn_as(Undeclared(), parse_matrix("10;11")) is None
    # a game's own positions are drawn, and clicked, as it declares
    grid = Grid()
    match = Match(grid, "110;011")
    assert drawn_as(grid, match.position) == (Drawing.MATRIX, ((3, 6), 3))
    assert picture(grid, match.position) == "■ ■ ·\n· ■ ■"
    drawn = board(grid, match.position, match.options())
    assert drawn is not None and drawn["kind"] == "matrix" and drawn["reading"] == "line"
    assert drawn["rows"] == ["110", "011"] and len(drawn["targets"]) == len(match.options())

    class Misdeclared(Grid):
        drawing = "hexagon"

    with pytest.raises(ValueError, match="declares the drawing 'hexagon'"):
        drawn_as(Misdeclared(), ("1",))


# ------------------------------------------------------------ the terminal
class Terminal:
    """`grundy play …` in a pseudo-terminal, driven line by line."""

    def __init__(self, *args: str) -> None:
        master, slave = pty.openpty()
        command = [sys.executable, "-c", "from grundy.cli import run; run()", "play", *args]
        env = dict(os.environ, COLUMNS="200", PYTHONIOENCODING="utf-8")
        self.proc = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.fd = master
        self.text = ""  # everything read so far
        self.seen = 0  # how much of `text` the expectations have consumed

    def expect(self, pattern: str, timeout: float = 30) -> re.Match[str]:
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            found = regex.search(self.text, self.seen)
            if found:
                self.seen = found.end()
                return found
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {pattern!r} in:\n{self.text[self.seen :]}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"ended without {pattern!r}:\n{self.text[self.seen :]}")
                self.text += chunk.decode("utf-8", "replace").replace("\r\n", "\n")

    def send(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def close(self) -> int:
        try:
            status = self.proc.wait(timeout=30)
        finally:
            os.close(self.fd)
        return status


@pytest.fixture
def terminal():
    opened: list[Terminal] = []

    def start(*args: str) -> Terminal:
        opened.append(Terminal(*args))
        return opened[-1]

    yield start
    for t in opened:
        if t.proc.poll() is None:
            t.proc.kill()
            t.proc.wait()
            os.close(t.fd)


def test_terminal_hint_move_undo_quit(terminal) -> None:
    t = terminal("lctr", "3,1")
    t.expect(r"you move first")
    t.expect(r"position: 3,1\n□ □ □\n□\n")
    t.expect(r"move> ")
    t.send("hint")
    t.expect(r"1\. remove the top row -> 1: value 1")
    t.expect(r"2\. remove the left column -> 2: value 2")
    t.expect(r"value 0: no winning move")
    t.expect(r"move> ")
    t.send("what")
    t.expect(r"error: no move 'what' here")
    t.expect(r"move> ")
    t.send("remove the left column")
    t.expect(r"you: remove the left column\nposition: 2\n")
    t.expect(r"computer: remove the top row\nposition: \[\]")
    t.expect(r"The computer wins\.")
    t.expect(r"Type undo to take back your last move, or quit\.\nmove> ")
    t.send("hint")
    t.expect(r"error: the game is over: type undo or quit\nmove> ")
    t.send("undo")  # after the end, the last move can still be taken back
    t.expect(r"undone\nposition: 3,1\n")
    t.send("remove the top row")
    t.expect(r"you: remove the top row\nposition: 1\n")
    t.expect(r"computer: remove the top row\nposition: \[\]")
    t.expect(r"The computer wins\.")
    t.send("quit")
    assert t.close() == 0
    t = terminal("cr", "3,2,1")
    t.expect(r"move> ")
    t.send("2")
    t.expect(r"computer: ")
    t.expect(r"move> ")
    t.send("undo")
    t.expect(r"undone\nposition: 3,2,1\n")
    t.expect(r"move> ")
    t.send("quit")
    t.expect(r"Game abandoned\.")
    assert t.close() == 0


def start_for(value_zero: bool, misere: bool) -> str:
    """A small Column-Row position whose value is (or is not) 0 under the convention."""
    solver = Solver(get_ruleset("cr"))
    for p in small_positions(7):
        if p.size >= 4 and (solver.value(p, misere) == 0) == value_zero:
            return str(p)
    raise AssertionError("no such position")


def play_to_the_end(t, choose) -> str:  # type: ignore[no-untyped-def]
    """Answer every prompt with choose(t) until the game ends; the closing sentence."""
    for _ in range(20):
        turn = t.expect(r"move> |You win!|The computer wins\.").group(0)
        if turn != "move> ":
            t.expect(r"undo .* or quit\.\nmove> ")
            t.send("quit")
            return turn
        t.send(choose(t))
    raise AssertionError("the game did not end")


def follow_the_hint(t) -> str:  # type: ignore[no-untyped-def]
    t.send("hint")
    best = t.expect(r"winning moves (\d+)").group(1)
    t.expect(r"move> ")
    return best


@pytest.mark.parametrize("misere", [False, True])
def test_terminal_win_following_the_hint(terminal, misere: bool) -> None:
    start = start_for(value_zero=False, misere=misere)
    t = terminal("cr", start, *(["--misere"] if misere else []))
    t.expect("misère play" if misere else "normal play")
    assert play_to_the_end(t, follow_the_hint) == "You win!"
    assert t.close() == 0


@pytest.mark.parametrize("misere", [False, True])
def test_terminal_loss(terminal, misere: bool) -> None:
    start = start_for(value_zero=True, misere=misere)
    t = terminal("cr", start, "--first", "me", *(["--misere"] if misere else []))
    assert play_to_the_end(t, lambda t: "1") == "The computer wins."
    assert t.close() == 0


def test_terminal_computer_first_and_end_of_input(terminal) -> None:
    t = terminal("lctr", "2,1", "--first", "computer", "--misere")
    t.expect(r"the computer moves first")
    t.expect(r"computer: ")
    t.expect(r"move> ")
    os.write(t.fd, b"\x04")  # Ctrl-D: end of input
    t.expect(r"Game abandoned\.")
    assert t.close() == 0


def test_terminal_refuses_bad_input_in_one_line() -> None:
    run = [sys.executable, "-c", "from grundy.cli import run; run()", "play"]
    for args, message in [
        (["lctr", "3,x"], "bad partition token"),
        (["lctr", "3,1", "--first", "nobody"], "expected 'me' or 'computer'"),
        (["nosuchgame", "3,1"], ""),
    ]:
        done = subprocess.run(run + args, capture_output=True, text=True, timeout=60)
        assert done.returncode == 2
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("grundy: error: ") and message in lines[0]
