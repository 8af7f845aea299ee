"""The algebra of short partizan games (`grundy.partizan`): textbook facts and properties.

Facts from Winning Ways ch. 3 and Siegel, *Combinatorial Game Theory* (AMS 2013),
ch. II; properties under hypothesis on games built from random option trees, checked
against a direct search of the raw trees (who wins moving second), never against the
algebra itself.
"""

from __future__ import annotations

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
    return Game.of([canonical(g) for g in raw[0]], [canonical(g) for g in raw[1]])


def raw_sum(a: Raw, b: Raw) -> Raw:
    return (
        tuple(raw_sum(x, b) for x in a[0]) + tuple(raw_sum(a, x) for x in b[0]),
        tuple(raw_sum(x, b) for x in a[1]) + tuple(raw_sum(a, x) for x in b[1]),
    )


def raw_negative(a: Raw) -> Raw:
    return tuple(raw_negative(x) for x in a[1]), tuple(raw_negative(x) for x in a[0])


def left_wins_second(raw: Raw) -> bool:
    """Left wins when Right starts: every Right move has a winning Left answer."""
    return all(any(left_wins_second(x) for x in r[0]) for r in raw[1])


@settings(max_examples=150, deadline=None)
@given(raw_games)
def test_a_game_minus_itself_is_zero(raw: Raw) -> None:
    game = canonical(raw)
    assert game + (-game) == ZERO
    assert -game == canonical(raw_negative(raw))


@settings(max_examples=150, deadline=None)
@given(raw_games, raw_games)
def test_the_sum_of_canonical_forms_is_the_canonical_form_of_the_sum(a: Raw, b: Raw) -> None:
    assert canonical(a) + canonical(b) == canonical(raw_sum(a, b)) == canonical(b) + canonical(a)


@settings(max_examples=150, deadline=None)
@given(raw_games, raw_games)
def test_comparisons_agree_with_who_wins_the_difference(a: Raw, b: Raw) -> None:
    """G ≤ H iff Left wins H − G moving second; the outcome class agrees with both."""
    g, h = canonical(a), canonical(b)
    difference = raw_sum(b, raw_negative(a))
    assert (g <= h) == left_wins_second(difference)
    assert (h <= g) == left_wins_second(raw_negative(difference))
    right_wins_second = left_wins_second(raw_negative(difference))
    expected = {(True, True): "P", (True, False): "L", (False, True): "R", (False, False): "N"}
    assert (h - g).outcome() == expected[left_wins_second(difference), right_wins_second]
    assert (g == h) == (g <= h and h <= g)
