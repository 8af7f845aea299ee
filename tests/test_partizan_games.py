"""CRPM and CRPS valued by the algebra, checked against a direct search of the raw game.

The rules are written again here on plain tuples (a partition is its parts, largest
first), independently of `grundy.games.partizan_cr`, and a position of the search is a
multiset of pieces plus a small test game X given as a raw tree.  Who wins is found by
memoised search over those positions, move by move, with no canonical form, sum or
comparison of games anywhere in it; the canonical forms from `grundy.partizan` must
then predict the outcome of G and of G + X for every test game X (Siegel,
*Combinatorial Game Theory*, §II.1: G = H exactly when G + X and H + X have the same
outcome for every X; the test games only sample this).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from fractions import Fraction

import pytest

from grundy.partizan import (
    ZERO,
    Game,
    get_partizan,
    left_options,
    nimber,
    number,
    outcome,
    right_options,
    solver_of,
    switch,
    up_multiple,
    value,
)

Parts = tuple[int, ...]
Raw = tuple[tuple["Raw", ...], tuple["Raw", ...]]


def all_partitions(n: int, largest: int | None = None) -> Iterator[Parts]:
    """Every partition of n, parts at most `largest`, written out by plain recursion."""
    if n == 0:
        yield ()
        return
    for first in range(min(n, largest or n), 0, -1):
        for rest in all_partitions(n - first, first):
            yield (first, *rest)


# ----------------------------------------------------------- the rules, again
def crpm_left(lam: Parts) -> set[tuple[Parts, ...]]:
    """Left removes one row; the rest stays one diagram."""
    return {(lam[:i] + lam[i + 1 :],) for i in range(len(lam))}


def crpm_right(lam: Parts) -> set[tuple[Parts, ...]]:
    """Right removes column j: every row of length at least j loses a box."""
    return {
        (tuple(p - 1 if p >= j else p for p in lam if p - (p >= j) > 0),)
        for j in range(1, (lam[0] if lam else 0) + 1)
    }


def crps_left(lam: Parts) -> set[tuple[Parts, ...]]:
    """Left deletes row i: the rows above and the rows below are two pieces."""
    return {(lam[:i], lam[i + 1 :]) for i in range(len(lam))}


def crps_right(lam: Parts) -> set[tuple[Parts, ...]]:
    """Right deletes column j: the columns before it, and the rows' parts beyond it."""
    out = set()
    for j in range(1, (lam[0] if lam else 0) + 1):
        before = tuple(min(p, j - 1) for p in lam if min(p, j - 1) > 0)
        beyond = tuple(p - j for p in lam if p > j)
        out.add((before, beyond))
    return out


RULES = {"crpm": (crpm_left, crpm_right), "crps": (crps_left, crps_right)}

# ---------------------------------------------------------------- test games
Z: Raw = ((), ())
S: Raw = ((Z,), (Z,))
ONE: Raw = ((Z,), ())
MINUS_ONE: Raw = ((), (Z,))
TEST_GAMES: dict[str, tuple[Raw, Game]] = {
    "0": (Z, ZERO),
    "*": (S, nimber(1)),
    "↑": (((Z,), (S,)), up_multiple(1)),
    "↓": (((S,), (Z,)), up_multiple(-1)),
    "1/2": (((Z,), (ONE,)), number(Fraction(1, 2))),
    "-1/2": (((MINUS_ONE,), (Z,)), number(Fraction(-1, 2))),
    "±1": (((ONE,), (MINUS_ONE,)), switch(1, -1)),
    "*2": (((Z, S), (Z, S)), nimber(2)),
}


def make_search(game: str):  # type: ignore[no-untyped-def]
    """`wins(pieces, x, left_to_move)`: whether the player to move wins pieces + x."""
    left_moves, right_moves = RULES[game]

    def moves(pieces: tuple[Parts, ...], x: Raw, left: bool) -> Iterator[tuple[tuple, Raw]]:
        rule = left_moves if left else right_moves
        for k, piece in enumerate(pieces):
            if k and pieces[k - 1] == piece:
                continue
            rest = pieces[:k] + pieces[k + 1 :]
            for result in rule(piece):
                yield tuple(sorted(rest + tuple(p for p in result if p))), x
        for option in x[0] if left else x[1]:
            yield pieces, option

    @functools.cache
    def wins(pieces: tuple[Parts, ...], x: Raw, left: bool) -> bool:
        return any(not wins(p, y, not left) for p, y in moves(pieces, x, left))

    return wins


def searched_outcome(wins, lam: Parts, x: Raw = Z) -> str:  # type: ignore[no-untyped-def]
    """The outcome class from who wins moving first, for each player."""
    pieces = (lam,) if lam else ()
    left_first, right_first = wins(pieces, x, True), wins(pieces, x, False)
    return {(True, False): "L", (False, True): "R", (True, True): "N", (False, False): "P"}[
        left_first, right_first
    ]


@pytest.fixture(scope="module")
def searches() -> dict[str, object]:
    return {game: make_search(game) for game in RULES}


def text(lam: Parts) -> str:
    return ",".join(map(str, lam)) if lam else ""


# ----------------------------------------------------------------------- tests
def test_the_rules_agree_with_the_rulesets() -> None:
    """The rulesets' options are the moves written here, on every partition of n ≤ 9."""
    for game, (left, right) in RULES.items():
        rules = get_partizan(game)
        for n in range(1, 10):
            for lam in all_partitions(n):
                position = rules.parse(text(lam))
                for mine, theirs in ((left, rules.left_options), (right, rules.right_options)):
                    expected = {tuple(sorted(p for p in r if p)) for r in mine(lam)}
                    got = {
                        tuple(sorted(tuple(piece.parts()) for piece in p.summands))
                        for _, p in theirs(position)
                    }
                    assert got == expected, (game, lam)


def test_the_raw_test_games_are_the_named_games() -> None:
    def canonical(raw: Raw) -> Game:
        return Game.of([canonical(g) for g in raw[0]], [canonical(g) for g in raw[1]])

    for raw, game in TEST_GAMES.values():
        assert canonical(raw) is game


@pytest.mark.parametrize("game", sorted(RULES))
def test_canonical_forms_predict_every_sum_with_a_test_game(game: str, searches) -> None:  # type: ignore[no-untyped-def]
    """outcome(G + X) from the canonical form = the searched outcome, n ≤ 10, every X."""
    wins = searches[game]
    checked = 0
    for n in range(11):
        for lam in all_partitions(n):
            g = value(game, text(lam))
            for name, (raw, x) in TEST_GAMES.items():
                assert (g + x).outcome() == searched_outcome(wins, lam, raw), (lam, name)
                checked += 1
    assert checked == 8 * sum(1 for n in range(11) for _ in all_partitions(n))


@pytest.mark.parametrize("game", sorted(RULES))
def test_outcomes_agree_with_direct_search_to_14(game: str, searches) -> None:  # type: ignore[no-untyped-def]
    """Who wins, Left first and Right first, on every partition of n ≤ 14."""
    wins = searches[game]
    for n in range(1, 15):
        for lam in all_partitions(n):
            assert outcome(game, text(lam)) == searched_outcome(wins, lam), lam


def test_transposing_negates() -> None:
    """λ′ is worth −λ in both games (the players' moves swap), n ≤ 9."""
    for game in RULES:
        for n in range(1, 10):
            for lam in all_partitions(n):
                conjugate = tuple(sum(1 for p in lam if p > j) for j in range(lam[0]))
                assert value(game, text(conjugate)) is -value(game, text(lam))


def test_values_and_options_of_small_diagrams() -> None:
    """Hand-checked values (each checked by a drawn game tree): CRPM rows are *, ↑, ⇑*,
    ↑3 = {0 | ⇑*}; the square 2^2 is * (↑ and ↓ reverse out); 3,2 is
    {↑ | *, {*,↑ | *,↓}}, a win for Left whoever starts."""
    assert [str(value("crpm", str(k))) for k in range(1, 5)] == ["*", "↑", "⇑*", "↑3"]
    assert value("crpm", "2,2") is nimber(1)
    assert str(value("crpm", "2,1")) == "{*,↑|*,↓}"
    assert str(value("crpm", "3,2")) == "{↑|*,{*,↑|*,↓}}" and outcome("crpm", "3,2") == "L"
    assert value("crps", "3,1") is ZERO and outcome("crps", "4,4,3") == "P"
    lefts = {str(o.position): str(o.value) for o in left_options("crpm", "3,2")}
    rights = {str(o.position): str(o.value) for o in right_options("crpm", "3,2")}
    assert lefts == {"2": "↑", "3": "⇑*"} and rights == {"2,1": "{*,↑|*,↓}", "2^2": "*"}


def test_a_sum_is_valued_as_the_sum_of_its_parts() -> None:
    for game in RULES:
        assert value(game, "3,2 + 2,1") is value(game, "3,2") + value(game, "2,1")
        assert value(game, "2,1 + 2,1") is ZERO  # 2,1 is its own transpose: G = −G
    assert len(solver_of("crpm")) > 0


def test_bad_positions_are_refused() -> None:
    with pytest.raises(ValueError, match="x"):
        value("crpm", "3,x")
    with pytest.raises(ValueError, match="nope"):
        value("nope", "3")


def test_the_values_are_in_canonical_form() -> None:
    """No dominated option and no reversible one (Siegel §II.2), in every value of every
    partition of n ≤ 10 and every option of those values, checked by comparisons alone."""
    seen: set[Game] = set()
    todo = [
        value(game, text(lam)) for game in RULES for n in range(11) for lam in all_partitions(n)
    ]
    while todo:
        g = todo.pop()
        if g in seen:
            continue
        seen.add(g)
        for options, larger in ((g.left, True), (g.right, False)):
            for a in options:
                assert not any(b is not a and (a <= b if larger else b <= a) for b in options)
        assert not any(r <= g for a in g.left for r in a.right)
        assert not any(g <= x for a in g.right for x in a.left)
        todo.extend(g.left | g.right)
    assert len(seen) > 100


def test_outcome_counts_agree_with_the_search(searches) -> None:  # type: ignore[no-untyped-def]
    from grundy.partizan import outcome_counts

    for game, wins in searches.items():
        for n in (1, 7, 12):
            expected = dict.fromkeys("LRNP", 0)
            for lam in all_partitions(n):
                expected[searched_outcome(wins, lam)] += 1
            counts = outcome_counts(game, n)
            assert counts.outcomes == expected
            assert counts.distinct == len({value(game, text(lam)) for lam in all_partitions(n)})
    with pytest.raises(ValueError, match="non-negative"):
        outcome_counts("crpm", -1)
    with pytest.raises(TypeError, match="integer"):
        outcome_counts("crpm", "3")  # type: ignore[arg-type]
