"""The algebra of short partizan games (`grundy.partizan`): textbook facts and properties.

Facts from Winning Ways ch. 3 and Siegel, *Combinatorial Game Theory* (AMS 2013),
ch. II; properties under hypothesis on games built from random option trees, checked
against a direct search of the raw trees (who wins moving second), never against the
algebra itself.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.partizan import (
    ZERO,
    Game,
    atomic_weight,
    is_all_small,
    name,
    nimber,
    number,
    switch,
    up_multiple,
)

STAR, UP = nimber(1), up_multiple(1)
HALF = number(Fraction(1, 2))


def test_textbook_identities() -> None:
    assert Game.of([ZERO], [UP]) == UP + UP + STAR  # ⇑* = {0 | ↑}
    assert STAR + STAR == ZERO
    assert Game.of([ZERO], [ZERO]) == STAR
    assert Game.of([number(1)], [number(1)]) == number(1) + STAR
    assert number(1) == HALF + HALF
    assert Game.of([ZERO], [number(1)]) == HALF
    assert UP + (-UP) == ZERO and UP - UP == ZERO
    assert nimber(2) + nimber(3) == nimber(1)
    assert Game.of([ZERO, STAR], [ZERO]) == UP + STAR  # ↑* (Siegel §II.4)
    assert switch(1, -1) + switch(1, -1) == ZERO  # ±1 + ±1 = 0


def test_comparisons() -> None:
    assert UP > ZERO and ZERO < UP and not UP <= ZERO
    assert UP.confused(STAR) and not UP.confused(ZERO)
    assert nimber(2) < UP  # ↑ exceeds every *m with m ≥ 2
    assert number(1) > HALF and number(-1) < HALF
    assert switch(1, -1).confused(ZERO) and switch(1, -1).confused(HALF)
    assert UP + STAR < HALF  # infinitesimals lie below every positive number


@pytest.mark.parametrize(
    ("game", "outcome"),
    [
        (ZERO, "P"),
        (STAR, "N"),
        (UP, "L"),
        (-UP, "R"),
        (UP + STAR, "N"),
        (UP + UP + STAR, "L"),
        (HALF, "L"),
        (number(-2), "R"),
        (switch(1, -1), "N"),
        (switch(1, 0), "N"),
        (nimber(2) + nimber(2), "P"),
    ],
)
def test_outcome_classes(game: Game, outcome: str) -> None:
    assert game.outcome() == outcome


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (ZERO, "0"),
        (STAR, "*"),
        (HALF, "1/2"),
        (number(Fraction(-3, 4)), "-3/4"),
        (UP, "↑"),
        (-UP, "↓"),
        (UP + STAR, "↑*"),
        (UP + UP + STAR, "⇑*"),
        (up_multiple(-2), "⇓"),
        (up_multiple(3) + nimber(2), "↑3*2"),
        (HALF + UP, "1/2↑"),
        (switch(1, 0), "{1|0}"),
        (switch(1, -1), "±1"),
        (switch(2, 0), "1±1"),
        (Game.of([ZERO], [Game.of([ZERO], [number(-1)])]), "{0|{0|-1}}"),
    ],
)
def test_names(game: Game, text: str) -> None:
    assert str(game) == text == name(game)
    assert game._repr_html_() == f"<code>{text}</code>"


def test_numbers_and_nimbers_are_recognised() -> None:
    assert HALF.num == Fraction(1, 2) and STAR.num is None and nimber(3).nim == 3
    assert (UP + STAR).nim is None and Game.of([HALF], [number(1)]).num == Fraction(3, 4)
    with pytest.raises(ValueError, match="dyadic"):
        number(Fraction(1, 3))


def test_atomic_weights() -> None:
    for n in range(-3, 4):
        for m in range(3):
            assert atomic_weight(up_multiple(n) + nimber(m)) == number(n)
    assert is_all_small(UP) and not is_all_small(HALF)
    with pytest.raises(ValueError, match="all-small"):
        atomic_weight(HALF)


# ------------------------------------------------------------------ properties
Raw = tuple[tuple["Raw", ...], tuple["Raw", ...]]

raw_games = st.recursive(
    st.just(((), ())),
    lambda inner: st.tuples(
        st.lists(inner, max_size=2).map(tuple), st.lists(inner, max_size=2).map(tuple)
    ),
    max_leaves=6,
)


def canonical(raw: Raw) -> Game:
    return canonical_of_sum((raw,))


def raw_negative(a: Raw) -> Raw:
    return tuple(raw_negative(x) for x in a[1]), tuple(raw_negative(x) for x in a[0])


Components = tuple[Raw, ...]


def moves(components: Components, side: int) -> list[Components]:
    """The positions one move of Left (side 0) or Right (side 1) leads to, in a sum of
    raw trees: a move in one component."""
    return [
        (*components[:i], option, *components[i + 1 :])
        for i, component in enumerate(components)
        for option in component[side]
    ]


@functools.cache
def canonical_of_sum(components: Components) -> Game:
    """The canonical form of the raw sum {sums after Left's moves | after Right's}, built
    by `Game.of` from its options alone (the algebra's + is never used)."""
    return Game.of(
        [canonical_of_sum(c) for c in moves(components, 0)],
        [canonical_of_sum(c) for c in moves(components, 1)],
    )


@functools.cache
def wins_moving_first(components: Components, side: int) -> bool:
    """Whether the player `side` (0 Left, 1 Right) wins moving first, by direct search."""
    return any(not wins_moving_first(c, 1 - side) for c in moves(components, side))


def searched_outcome(*components: Raw) -> str:
    """The outcome class of a sum of raw trees, by direct search (who wins moving first)."""
    left_first, right_first = wins_moving_first(components, 0), wins_moving_first(components, 1)
    return {(True, False): "L", (False, True): "R", (True, True): "N", (False, False): "P"}[
        left_first, right_first
    ]


def left_wins_second(*components: Raw) -> bool:
    """Left wins when Right starts."""
    return not wins_moving_first(components, 1)


def searched_equal(a: Components, b: Components) -> bool:
    """a = b: the second player wins a − b (Siegel §II.1), by direct search."""
    return searched_outcome(*a, *(raw_negative(x) for x in b)) == "P"


# raw trees of the test games (no canonical form involved)
R0: Raw = ((), ())
R_STAR: Raw = ((R0,), (R0,))
R_UP: Raw = ((R0,), (R_STAR,))
R_DOWN: Raw = ((R_STAR,), (R0,))
R_ONE: Raw = ((R0,), ())
R_HALF: Raw = ((R0,), (R_ONE,))


@settings(max_examples=150, deadline=None)
@given(raw_games)
def test_a_game_minus_itself_is_zero(raw: Raw) -> None:
    game = canonical(raw)
    assert game + (-game) is ZERO
    assert -game is canonical(raw_negative(raw))
    assert searched_outcome(raw, raw_negative(raw)) == "P"  # G − G = 0, searched


@settings(max_examples=150, deadline=None)
@given(raw_games, raw_games)
def test_the_sum_of_canonical_forms_is_the_canonical_form_of_the_sum(a: Raw, b: Raw) -> None:
    g, h = canonical(a), canonical(b)
    assert g + h is canonical_of_sum((a, b)) is h + g


@settings(max_examples=150, deadline=None)
@given(raw_games, raw_games)
def test_comparisons_agree_with_who_wins_the_difference(a: Raw, b: Raw) -> None:
    """G ≤ H iff Left wins H − G moving second; the outcome class agrees with both."""
    g, h = canonical(a), canonical(b)
    assert (g <= h) == left_wins_second(b, raw_negative(a))
    assert (h <= g) == left_wins_second(a, raw_negative(b))
    assert (h - g).outcome() == searched_outcome(b, raw_negative(a))
    assert (g is h) == (g <= h and h <= g) == searched_equal((a,), (b,))
    assert g.confused(h) == (searched_outcome(b, raw_negative(a)) == "N")


@settings(max_examples=150, deadline=None)
@given(raw_games)
def test_the_outcome_class_is_the_searched_one(raw: Raw) -> None:
    assert canonical(raw).outcome() == searched_outcome(raw)


@settings(max_examples=100, deadline=None)
@given(raw_games)
def test_up_plus_down_star_plus_star_and_half_plus_half_beside_any_game(raw: Raw) -> None:
    """↑ + ↓ = 0, * + * = 0 and ½ + ½ = 1, added to a random G: by search and algebra."""
    g = canonical(raw)
    for first, second, total in ((R_UP, R_DOWN, R0), (R_STAR, R_STAR, R0), (R_HALF, R_HALF, R_ONE)):
        assert searched_equal((raw, first, second), (raw, total))
        assert g + canonical(first) + canonical(second) is g + canonical(total)
        assert canonical_of_sum((raw, first, second)) is canonical_of_sum((raw, total))


@settings(max_examples=60, deadline=None)
@given(raw_games, raw_games, raw_games)
def test_sums_are_associative_and_commutative(a: Raw, b: Raw, c: Raw) -> None:
    g, h, k = canonical(a), canonical(b), canonical(c)
    assert (g + h) + k is g + (h + k) is k + (h + g)
    assert canonical_of_sum((a, b, c)) is (g + h) + k
