"""What the checks of docs/games.md share: the games with their exhaustive searches (with
and without the canonical form), conjugation and the worked example on [3,2,1], and
the values transcribed from FindStat.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from grundy import Solver, get_ruleset
from grundy.answers import reference_solver
from grundy.game import Ruleset
from grundy.games.chess.chess import PIECES as LIBRARY_PIECES
from grundy.games.chess.chess import ChessRules, Piece
from grundy.partition import Partition
from grundy.reproduce import rows
from grundy.reproduce.rows import Outcome, Source
from grundy.reproduce.shared import diagrams, without_canonical_form

GAMES = Source("games")
EXAMPLE = "3,2,1"  # every worked example of docs/games.md is on this diagram

#: The games docs/games.md says are invariant under conjugation (all but RIT and chess).
INVARIANT = (
    "chomp",
    "cris",
    "sato-welter",
    "crit",
    "corner",
    "consecutive-corner",
    "scc",
    "anticorner",
    "pnim",
)

#: The pieces of docs/games.md's table: the library's six and the Downright piece.
PIECES: dict[str, Piece] = {**LIBRARY_PIECES, "Downright": Piece(leaps=[(0, 1), (1, 0)])}

#: FindStat St000681 ("The Grundy value of Chomp on Ferrers diagrams"), the values
#: listed on https://www.findstat.org/StatisticsDatabase/St000681 for n ≤ 10, one
#: digit per partition in FindStat's order (reverse lexicographic: [4], [3,1],
#: [2,2], [2,1,1], [1^4]).  n = 1 is the doctest of FindStat's code.
FINDSTAT_ST000681: dict[int, str] = {
    1: "0",
    2: "11",
    3: "202",
    4: "33233",
    5: "4200024",
    6: "55414114455",
    7: "643605033560346",
    8: "7767677540171047756677",
    9: "865433601100652206551613403568",
    10: "998588576821750551177615752567085685778899",
}


# ------------------------------------------------------------------ helpers
@cache
def _rules(name: str) -> Ruleset:
    """A registered game, or a chess piece of `PIECES` built from docs/games.md's table."""
    if name in PIECES:
        return ChessRules(PIECES[name], name=f"docs/games.md {name}")
    return get_ruleset(name)


def _exact(name: str) -> Solver:
    """The exhaustive solver of a game (the door's, memo kept between checks)."""
    return reference_solver(_rules(name))


@cache
def _raw(name: str) -> Solver:
    """The exhaustive solver of the game's moves without a canonical form: λ and λ′ are
    searched apart, so their values are independent evidence."""
    return without_canonical_form(_rules(name))


def game_value(name: str, lam: Partition | str, misere: bool = False, raw: bool = False) -> int:
    solver = _raw(name) if raw else _exact(name)
    return solver.value(solver.ruleset.parse(lam), misere)


def bracketed(lam: Partition) -> str:
    """'[3,2,1]': a diagram as docs/games.md writes it."""
    return f"[{lam}]"


#: Register a claim of docs/games.md about every diagram λ with n ≤ top:
#: ``diagram_family(number, claim, holds, (quick top, full top), checked, command, false_note,
#: **fields)`` (`rows.family_rows`); the counterexample is "[λ]" unless `fields` give `describe`.
diagram_family = rows.family_rows(GAMES, diagrams, bracketed)


def children(name: str, lam: Partition | str) -> set:
    rules = _rules(name)
    return {child for _, child in rules.options(rules.parse(lam))}


Conjugated = tuple[str, Partition, bool]


def conjugates_agree(case: Conjugated) -> bool:
    """G(λ) = G(λ′) in game `name` (misère if asked), λ and λ′ searched apart."""
    name, lam, misere = case
    return game_value(name, lam, misere, raw=True) == game_value(
        name, lam.conjugate(), misere, raw=True
    )


def conjugation_cases(names: Iterable[str], top: int) -> list[Conjugated]:
    return [(name, lam, m) for name in names for lam in diagrams(top) for m in (False, True)]


def conjugation_failure(name: str, top: int) -> Conjugated | None:
    """The first (name, λ, misère) with n ≤ top where λ and λ′ have different values."""
    return rows.first_failure(conjugation_cases([name], top), conjugates_agree)


def conjugate_values(case: Conjugated) -> str:
    """'G([2]) = 1, G([1^2]) = 0': λ and λ′ searched apart."""
    name, lam, misere = case
    return (
        f"G([{lam}]) = {game_value(name, lam, misere, True)}, "
        f"G([{lam.conjugate()}]) = {game_value(name, lam.conjugate(), misere, True)}"
    )


def worked_example(
    game: str, value: int, options: Iterable[str] | None = None, count: int | None = None
) -> Outcome:
    """docs/games.md's example on [3,2,1]: its option diagrams (listed, or how many) and G."""
    found = children(game, EXAMPLE)
    wrong = []
    if options is not None:
        listed = {_rules(game).parse(text) for text in options}
        if found != listed:
            shown = ", ".join(sorted(f"[{p}]" for p in found))
            wrong.append(f"the options are {shown}")
    if count is not None and len(found) != count:
        wrong.append(f"[3,2,1] has {len(found)} options, not {count}")
    got = game_value(game, EXAMPLE)
    if got != value:
        wrong.append(f"G([3,2,1]) = {got}, not {value}")
    return rows.verified_unless(
        wrong or None,
        "[3,2,1]: its options and exhaustive search",
        command=f"grundy moves {game} {EXAMPLE}",
        false_note="; ".join(wrong),
        describe=lambda _: "[3,2,1]",
    )
