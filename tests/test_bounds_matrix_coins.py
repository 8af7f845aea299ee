"""Bounds before work on the matrix and coin-turning games (issue 24, finding 6): each
case below ran for minutes with no bound and no progress line; each is now refused at
once, in one line (exit 2), with the bound in the message.  All rows run in one child
process (`cli_child`), so the file costs one interpreter start."""

from __future__ import annotations

import pytest

import grundy
from cli_child import Done, run_in_one_child
from grundy.analysis.tree_size import _state_graph
from grundy.bounds import TooMuchWork
from grundy.games.coin_turning import coin_turning
from grundy.posets import parse_spec
from grundy.solver import Solver

NAUTY = "more than the 2,048 grundy labels"
LISTED = "more than the 1,000,000,000 grundy lists for one position"
FERRERS = "more than the 16,777,216 (4096 × 4096) a named matrix may hold"
RULER = "would take about 2.5 hours (9.0 × 10^12 64-bit words ANDed"
TURTLES = "would take about 24 minutes (7.2 × 10^9 comparable pairs"
COINS = "its moves turn 7.2 × 10^9 coins in all, more than the 10,000,000"
MOVES = "lists at least 7.2 × 10^9 moves, more than the"

#: (argv, fragment of the one-line refusal)
CASES: list[tuple[list[str], str]] = [
    (["value", "matrix", "identity:4096"], NAUTY),
    (["value", "matrix", "identity:4096", "--misere"], NAUTY),
    (["moves", "matrix", "identity:4096"], NAUTY),
    (["stats", "matrix", "identity:4096"], LISTED),
    (["value", "matrix", "co-identity:4096"], NAUTY),
    (["value", "matrix", "co-identity:4096", "--misere"], NAUTY),
    (["moves", "matrix", "co-identity:4096"], NAUTY),
    (["stats", "matrix", "co-identity:4096"], LISTED),
    (["moves", "matrix", "ones:4096,4096"], LISTED),
    (["stats", "matrix", "ones:4096,4096"], LISTED),
    (["value", "matrix", "ferrers:999999^999999"], FERRERS),
    (["value", "matrix", "ferrers:999999^999999", "--misere"], FERRERS),
    (["moves", "matrix", "ferrers:999999^999999"], FERRERS),
    (["stats", "matrix", "ferrers:999999^999999"], FERRERS),
    (["value", "coin-turning", "chain:120000 ruler 120000"], RULER),
    (["value", "coin-turning", "chain:120000 ruler 120000", "--misere"], COINS),
    (["moves", "coin-turning", "chain:120000 ruler 120000"], RULER),
    (["stats", "coin-turning", "chain:120000 ruler 120000"], COINS),
    (["value", "coin-turning", "chain:120000 turtles 120000"], TURTLES),
    (["moves", "coin-turning", "chain:120000 turtles 120000"], TURTLES),
    (["value", "coin-turning", "chain:120000 turtles 120000", "--misere"], MOVES),
    (["stats", "coin-turning", "chain:120000 turtles 120000"], MOVES),
    (["value", "coin-turning", "chain:120000 ideal 120000", "--misere"], COINS),
    (["stats", "coin-turning", "chain:120000 ideal 120000"], COINS),
]


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, ...], Done]:
    """How each row ended, all run in one child (`cli_child.run_in_one_child`: a row that
    hangs fails alone, a child that hangs fails them all)."""
    store = tmp_path_factory.mktemp("store") / "results.sqlite"
    return run_in_one_child([argv for argv, _ in CASES], store)


@pytest.mark.parametrize(("argv", "fragment"), CASES, ids=[" ".join(argv) for argv, _ in CASES])
def test_refused_at_once_in_one_line(
    answers: dict[tuple[str, ...], Done], argv: list[str], fragment: str
) -> None:
    done = answers[tuple(argv)]
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("grundy: error: ") and done.stderr.count("\n") == 1, done.stderr
    assert fragment in done.stderr


def test_large_positions_that_answer_still_do() -> None:
    # a Ferrers matrix is Column-Row on its row sums: no canonical labelling
    assert grundy.value("matrix", "ones:4096,4096") == grundy.value("cr", "4096^4096")
    # the ideals cost one AND a element: 120,000 elements answer
    assert grundy.value("coin-turning", "chain:120000 ideal 120000") == 0
    assert grundy.value("coin-turning", "chain:200 ruler 200") == 8  # R(200) = 8 (004 Thm 5.1)


def test_the_estimate_is_below_the_bound_where_the_paper_checks_run() -> None:
    for spec in ("chain:1024", "asm:6", "subspaces:6:2", "divisors:720720"):
        poset = parse_spec(spec)
        for name in ("ruler", "ideal", "turtles"):
            work = coin_turning.closed_form_work(poset, coin_turning.family(name))
            assert work is not None
            work.check(coin_turning.MAX_CLOSED_FORM_SECONDS)


def test_the_library_refuses_with_too_much_work() -> None:
    with pytest.raises(TooMuchWork, match=r"2\.5 hours"):
        coin_turning.value_list("chain:120000", "ruler")
    with pytest.raises(TooMuchWork, match="8,192 lines"):
        grundy.value("matrix", "identity:4096")


def test_the_declared_moves_are_at_most_those_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    # number_of_moves is a lower bound on the moves the walk and the misère search list
    rules = coin_turning.RULESET
    real = rules.options
    listed = [0]

    def counted(position: coin_turning.CoinPosition) -> list:
        pairs = list(real(position))
        listed[0] += len(pairs)
        return pairs

    monkeypatch.setattr(rules, "options", counted)
    for spec in [f"chain:{n}" for n in range(1, 9)] + ["divisors:12"]:
        poset = parse_spec(spec)
        n = len(poset.elements)
        for heads in range(1 << n):
            if heads.bit_count() > 3:
                continue
            position = coin_turning.CoinPosition(poset, coin_turning.family("turtles"), heads)
            bound = rules.number_of_moves(position)
            listed[0] = 0
            children, _ = _state_graph(rules, position, 10**6, None)
            walked = sum(map(len, children.values()))
            assert listed[0] == walked and bound <= walked, (spec, heads)
            listed[0] = 0
            Solver(rules).value(position, misere=True)
            assert bound <= listed[0], (spec, heads)
