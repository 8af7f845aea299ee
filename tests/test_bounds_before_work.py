"""Bounds before work on `moves` and `stats` (issue 24, finding 6): a listing of options
or a game-tree walk past what grundy holds is refused at once, in one line, for every game
that says how many options (``number_of_options``) or states (``number_of_states``) it has;
the library refuses with `TooMuchWork` (a ValueError), never hangs."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

import grundy
from grundy.analysis.tree_size import tree_size
from grundy.bounds import TooMuchWork
from grundy.registry import rulesets

FIVE_THOUSAND_DIGITS = "9" * 5000
#: Each was unbounded before (6 GB in two minutes, or up to any memory cap).
UNBOUNDED = [
    ("moves", "chomp", "1^999999999999", "has 1.0 × 10^12 options, more than the 10,000,000"),
    ("stats", "chomp", "1^999999999999", "holds at least 1.0 × 10^12 positions"),
    ("moves", "chomp", "99999999999999999999", "has 1.0 × 10^20 options"),
    ("stats", "chomp", "99999999999999999999", "holds at least 1.0 × 10^20 positions"),
    ("moves", "chomp", FIVE_THOUSAND_DIGITS, "has 1.0 × 10^5000 options"),
    ("stats", "chomp", FIVE_THOUSAND_DIGITS, "holds at least 1.0 × 10^5000 positions"),
    ("moves", "chomp", FIVE_THOUSAND_DIGITS + ",2", "has 1.0 × 10^5000 options"),
    ("stats", "cr", "1^999999999999", "holds at least 1.0 × 10^12 positions"),
    ("stats", "cr", "99999999999999999999", "holds at least 1.0 × 10^20 positions"),
    ("stats", "cr", FIVE_THOUSAND_DIGITS, "holds at least 1.0 × 10^5000 positions"),
    ("moves", "sato-welter", "1^999999999999", "has 1.0 × 10^12 options"),
    # every other game that says how many options or states it has
    ("moves", "chess-queen", "1^999999999999", "has 1.0 × 10^12 options"),
    ("stats", "chess-king", "1^999999999999", "holds at least 1.0 × 10^12 positions"),
    ("moves", "crit", "1^999999999999", "has 1.0 × 10^12 options"),
    ("moves", "pnim", "1^999999999999", "has 1.0 × 10^12 options"),
    ("stats", "anticorner", "1^999999999999", "holds at least 1.0 × 10^12 positions"),
    ("moves", "cris", FIVE_THOUSAND_DIGITS, "has 5.0 × 10^4999 options"),
    ("stats", "cris", "1^999999999999", "holds at least 1.0 × 10^12 positions"),
    ("stats", "lctr-nonrep", "99999999999999999999", "holds at least 1.0 × 10^20 positions"),
    ("stats", "corner", FIVE_THOUSAND_DIGITS, "holds at least 1.0 × 10^5000 positions"),
]


def grundy_cli(*argv: str) -> subprocess.CompletedProcess[str]:
    """`grundy ARGV` in a child process, killed (failing the test) after 30 s."""
    code = "import sys; from grundy.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=30
    )


@pytest.mark.parametrize(
    ("command", "game", "position", "fragment"),
    UNBOUNDED,
    ids=[f"{c} {g} {p[:24]}" for c, g, p, _ in UNBOUNDED],
)
def test_unbounded_work_is_refused_at_once(
    command: str, game: str, position: str, fragment: str
) -> None:
    started = time.monotonic()
    done = grundy_cli(command, game, position)
    assert time.monotonic() - started < 20
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("grundy: error: ") and done.stderr.count("\n") == 1
    assert fragment in done.stderr
    if command == "stats":
        assert "a walk holds" in done.stderr and "max_states raises the bound" in done.stderr


def test_small_and_cheap_cases_still_answer() -> None:
    moves = grundy_cli("moves", "chomp", "3,2,1", "--json")
    assert moves.returncode == 0, moves.stderr
    assert '"value": 1' in moves.stdout
    # few options and a closed form: a huge position is no refusal by itself
    assert grundy_cli("moves", "cr", "1^999999999999").returncode == 0
    assert grundy.stats("cr", "2,1") == {"nodes": 17, "leaves": 10, "states": 5, "height": 3}


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: grundy.options("chomp", "1^999999999999"), "has 1.0 × 10^12 options"),
        (lambda: grundy.stats("chomp", "99999999999999999999"), "at least 1.0 × 10^20"),
        (lambda: grundy.stats("cr", "1^999999999999"), "at least 1.0 × 10^12"),
        (lambda: grundy.value("chomp", [10**30, 2]), "has 1.0 × 10^30 options"),
        (lambda: tree_size("cr", "1^100", max_states=50), "more than the 50 a walk holds"),
    ],
    ids=["options", "stats chomp", "stats cr", "value", "max_states"],
)
def test_the_library_refuses_with_too_much_work(call: object, fragment: str) -> None:
    with pytest.raises(TooMuchWork) as refused:
        call()  # type: ignore[operator]
    assert isinstance(refused.value, ValueError)
    assert fragment in str(refused.value)


def test_a_listing_nothing_bounds_stops_past_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that does not say how many options it has is cut off as it lists them."""
    from grundy import solver

    monkeypatch.setattr(solver, "MAX_OPTIONS", 3)
    game = grundy.FunctionRuleset(lambda p: (p.sub(0, j) for j in range(1, p.size + 1)), "cuts")
    with pytest.raises(TooMuchWork) as refused:
        grundy.options(game, "5")
    assert str(refused.value) == "cuts 5 has more than the 3 options grundy lists for one position"
    assert len(grundy.options(game, "3")) == 3


def test_what_games_say_are_lower_bounds() -> None:
    """``number_of_options`` and ``number_of_states`` never say more than there are."""
    for rules in rulesets():
        listed = rules.positions_of_size(0)
        if listed is None:
            continue
        for n in range(7):
            for position in rules.positions_of_size(n):
                options = rules.number_of_options(position)
                if options is not None:
                    assert options <= sum(1 for _ in rules.options(position)), rules.name
                states = rules.number_of_states(position)
                if states is not None:
                    assert states <= tree_size(rules, position).states, (rules.name, position)
