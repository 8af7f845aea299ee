"""What the checks of paper 000 share: the bounds of the runs, λ[i, j] by exhaustive
search, ∇ (000 §3.3), Eq. (9) and (12) typed in as printed (000 §5), and rows as data:
`ValueRow` (a closed form against exhaustive search), cases that start with a game and a
position (`game_case`, `shown_by`), and `drawn_figure` (a figure whose drawing the text
copy lost).

>>> game_case(("lctr", Partition([3, 1]), True)), shown_by("moves")(("downright", Partition([2])))
('lctr 3,1', 'grundy moves downright 2')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from grundy.games.lctr.lctr import lemma14_three_rows
from grundy.nim import mex
from grundy.partition import Partition
from grundy.reproduce import rows
from grundy.reproduce.rows import Outcome, Source, Verdict
from grundy.reproduce.shared import sg, values_agree

PAPER = Source("000")
GAMES = ("lctr", "downright")

#: Largest size n (quick, full) of the partitions whose values are checked exhaustively
#: box by box, of those whose game trees are walked, and of the positions of the other
#: games (cr, chomp) used for the paper's statements about any impartial game.
BOXES = (18, 25)
WALKS = (14, 20)
OTHER_GAMES = (11, 14)


# --------------------------------------------------------------------- helpers
def run_bound(quick: bool, small: int, large: int) -> int:
    return small if quick else large


#: The bounds of the statements about any impartial game: the largest n per game.
ANY_GAME = {
    run: {"lctr": BOXES[i], "downright": BOXES[i], "cr": OTHER_GAMES[i], "chomp": OTHER_GAMES[i]}
    for i, run in enumerate(("quick", "full"))
}
#: The range of those statements in words (a template over the bounds).
ANY_GAME_WORDS = "lctr n ≤ {lctr}, downright n ≤ {downright}, cr n ≤ {cr}, chomp n ≤ {chomp}"


def nabla(a: int, b: int) -> int:
    """a ∇ b = mex{a, b} (000 §3.3)."""
    return mex((a, b))


class _V(int):
    """An SG value whose ``@`` is ∇, so that 000 Eq. (9)/(12) can be typed as printed."""

    def __matmul__(self, other: int) -> _V:
        return _V(nabla(int(self), int(other)))


def sg_at(game: str, lam: Partition, i: int, j: int, misere: bool = False) -> int:
    """SG of λ[i, j]; in LCTR the empty partition (terminal) when (i, j) is outside λ."""
    return sg(game, lam.sub(i, j), misere)


def show_parts(parts: Iterable[int]) -> str:
    """A partition in the paper's [a, b, …] form."""
    return "[" + ", ".join(map(str, parts)) + "]"


def box_case(case: tuple[Partition, int, int]) -> str:
    """'4,2 at (1, 1)': a partition and one of its boxes."""
    lam, i, j = case
    return f"{lam} at ({i}, {j})"


# ------------------------------------------------------- formulas as printed
def eq9(a20: int, a21: int, a02: int, a12: int) -> int:
    """000 Eq. (9), typed as printed."""
    a20, a21, a02, a12 = map(_V, (a20, a21, a02, a12))
    return int(((a21 @ a12) @ a02) @ (a20 @ (a21 @ a12)))


def eq12(a30: int, a31: int, a32: int, a03: int, a13: int, a23: int) -> int:
    """000 Eq. (12) as the text copy prints it, whose one unclosed "(" is closed at the end
    (∇ read left to right; `eq12_closed_inside` closes it after the first line)."""
    a30, a31, a32, a03, a13, a23 = map(_V, (a30, a31, a32, a03, a13, a23))
    # fmt: off
    printed = ((a30 @ (a31 @ (a32 @ a23))) @ ((a31 @ (a32 @ a23)) @ ((a32 @ a23) @ a13)) @
               (((a31 @ (a32 @ a23)) @ ((a32 @ a23) @ a13)) @ (((a32 @ a23) @ a13) @ a03)))
    # fmt: on
    return int(printed)


def eq12_closed_inside(a30: int, a31: int, a32: int, a03: int, a13: int, a23: int) -> int:
    """Eq. (12) with the missing ")" after the first printed line."""
    a30, a31, a32, a03, a13, a23 = map(_V, (a30, a31, a32, a03, a13, a23))
    # fmt: off
    closed = ((a30 @ (a31 @ (a32 @ a23))) @ ((a31 @ (a32 @ a23)) @ ((a32 @ a23) @ a13))) @ \
             (((a31 @ (a32 @ a23)) @ ((a32 @ a23) @ a13)) @ (((a32 @ a23) @ a13) @ a03))
    # fmt: on
    return int(closed)


def arm(*rows: int) -> int:
    """SG(L) of a partition of at most three rows (000 Lemmas 12–14, `lemma14_three_rows`)."""
    a, b, c = (*rows, 0, 0)[:3]
    return lemma14_three_rows(a, b, c)


# ------------------------------------------------------------ rows as data
def game_case(case: tuple[Any, ...]) -> str:
    """'lctr 3,1': a case (game, position, …) in words."""
    return f"{case[0]} {case[1]}"


def shown_by(verb: str) -> Callable[[tuple[Any, ...]], str]:
    """`shows` of a row whose cases are (game, position, …): ``grundy VERB GAME POSITION``."""
    return lambda case: f"grundy {verb} {game_case(case)}"


class ValueRow(NamedTuple):
    """A closed form of 000 as data (`value_rows` checks it against exhaustive search).

    `cases(top)` lists the cases for the quick or full bound `tops`; `position(case)` is
    the (game, partition) searched and `formula(case)` the value the paper gives it, `name`
    the case in words; `checked` is the range (a template over ``{top}``), `command` shows
    an instance, `false_note` says what a failure means, `note` what the row finds too.
    """

    number: str
    claim: str
    cases: Callable[[int], Iterable[Any]]
    position: Callable[[Any], tuple[str, Partition]]
    formula: Callable[[Any], int]
    name: Callable[[Any], str]
    tops: tuple[int, int]
    checked: str
    command: str
    false_note: str
    note: str | Callable[..., str] = ""


def value_rows(*table: ValueRow) -> None:
    """Register each row as a `family_check`, in order: SG of its position by exhaustive
    search against its formula, a failure shown by ``grundy value GAME POSITION``."""
    for row in table:
        position = row.position
        rows.table_row(
            PAPER,
            row,
            **values_agree(lambda c, position=position: sg(*position(c)), row.formula, row.name),
            command=row.command,
            false_note=row.false_note,
            shows=lambda c, position=position: shown_by("value")(position(c)),
        )


def drawn_figure(
    number: str, claim: str, lost: str, checked: str, command: str
) -> Callable[[Callable[[], str]], Callable[[], str]]:
    """Decorator: register a figure of 000 whose drawing (`lost`: what of it) the text copy
    does not have, as not checkable; the decorated function says what was computed instead
    (the note's end), `checked` how."""

    def register(computed: Callable[[], str]) -> Callable[[], str]:
        def check(quick: bool) -> Outcome:
            note = f"{lost} are not in the text copy; {computed()}"
            return Outcome(Verdict.NOT_CHECKABLE, checked, note=note, command=command)

        PAPER.statement(number, claim)(check)
        return computed

    return register
