"""Bounds before work on `moves` and `stats` (issue 24, finding 6): a listing of options
or a game-tree walk past what grundy holds is refused at once, in one line, for every game
that says how many options (``number_of_options``) or states (``number_of_states``) it has;
the library refuses with `TooMuchWork` (a ValueError), never hangs."""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import product

import pytest

import grundy
from cli_child import Done, run_in_one_child
from grundy.analysis.tree_size import tree_size
from grundy.bounds import TooMuchWork
from grundy.game import Ruleset
from grundy.games.lctr.lctr_nonrep import NonRepPosition
from grundy.partition import Partition, partitions
from grundy.registry import get_ruleset, rulesets
from grundy.solver import Solver

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


@pytest.fixture(scope="module")
def grundy_cli(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Done]:
    """`grundy_cli(*argv)`: how `grundy ARGV` ended, for each argv of `CLI_ROWS`.

    All of them run in one child process (`cli_child.run_in_one_child`), each test still
    checking its own line. A line that hangs in Python is stopped after
    `cli_child.ROW_TIMEOUT` s and fails alone; one that hangs where no signal reaches it
    (or takes the child's memory) has the child killed after `cli_child.CHILD_TIMEOUT` s,
    and then every command-line test of this file fails at once, rather than CI hanging."""
    done = run_in_one_child(CLI_ROWS, tmp_path_factory.mktemp("store") / "results.sqlite")

    def result(*argv: str) -> Done:
        assert argv in done, f"{argv} is not in CLI_ROWS"
        return done[argv]

    return result


@pytest.mark.parametrize(
    ("command", "game", "position", "fragment"),
    UNBOUNDED,
    ids=[f"{c} {g} {p[:24]}" for c, g, p, _ in UNBOUNDED],
)
def test_unbounded_work_is_refused_at_once(
    command: str, game: str, position: str, fragment: str, grundy_cli: Callable[..., Done]
) -> None:
    done = grundy_cli(command, game, position)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("grundy: error: ") and done.stderr.count("\n") == 1
    assert fragment in done.stderr
    if command == "stats":
        assert "a walk holds" in done.stderr and "max_states raises the bound" in done.stderr


def test_small_and_cheap_cases_still_answer(grundy_cli: Callable[..., Done]) -> None:
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
        (lambda: grundy.value("anticorner", "1^999999999999"), "by search holds at least"),
        (lambda: grundy.options("lctr-3d", "9999999999;9999999998"), "by search holds"),
    ],
    ids=["options", "stats chomp", "stats cr", "value", "max_states", "search", "search moves"],
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


# ------------------------------------------------------- bounds before a search
#: Each was unbounded before: a value search (`grundy value`, each option of `grundy
#: moves`) or a walk (`grundy stats`) ran for minutes, out of memory or into a cap.
SEARCHES = [
    ("moves", "anticorner", "1^999999999999", "by search holds at least 1.0 × 10^12 positions"),
    ("value", "anticorner", "999999999999", "by search holds at least 1.0 × 10^12 positions"),
    ("value", "anticorner", "999999^999999", "by search holds at least 5.0 × 10^11 positions"),
    ("moves", "anticorner", "999999^999999", "by search holds at least 5.0 × 10^11 positions"),
    ("moves", "lctr-nonrep", "1^999999999999", "by search holds at least 1.0 × 10^12 positions"),
    ("value", "lctr-nonrep", "999999999999 | LLT", "by search holds at least 1.0 × 10^12"),
    ("stats", "lctr-nonrep", "1^999999999999 | TTL", "holds at least 1.0 × 10^12 positions"),
    ("stats", "lctr-3d", "99999999999", "holds at least 1.0 × 10^11 positions"),
    ("value", "lctr-3d", "99999999999;99999999998", "by search holds at least 1.0 × 10^11"),
    ("value", "crit", "999999^999999", "by search holds at least 5.0 × 10^11 positions"),
    ("value", "chess-queen", "999999^999999", "by search holds at least 5.0 × 10^11"),
    ("stats", "chess-king", "999999^999999", "holds at least 1.0 × 10^12 positions"),
    ("value", "corner", "999999^999999", "by search holds at least 1.0 × 10^12 positions"),
    ("moves", "scc", "99999999999999999999,1", "by search holds at least 1.0 × 10^20"),
    ("stats", "cr", "999999^999999", "holds at least 1.0 × 10^12 positions"),
    ("value", "cris", "999999^999999", "by search holds at least 5.0 × 10^11 positions"),
    # the position is valued before its 500,000 options are listed
    ("moves", "cris", "999999^999999", "cris 999999^999999: valuing it by search holds"),
    ("stats", "pnim", "999999^999999 + 2,1", "holds at least 1.0 × 10^12 positions"),
]
MISERE_SEARCHES = [
    ("anticorner", "1^999999999999"),
    ("cr", "1^999999999999"),
    ("cr", "999999^999999"),
    ("crit", "999999^999999"),
]


def refused_at_once(done: Done) -> str:
    """The one line a `grundy ARGV` refused with (exit 2; a hang fails by `grundy_cli`'s
    timeouts, not by a timing assertion)."""
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("grundy: error: ") and done.stderr.count("\n") == 1
    return done.stderr


@pytest.mark.parametrize(
    ("command", "game", "position", "fragment"),
    SEARCHES,
    ids=[f"{c} {g} {p[:24]}" for c, g, p, _ in SEARCHES],
)
def test_a_search_past_its_bound_is_refused_at_once(
    command: str, game: str, position: str, fragment: str, grundy_cli: Callable[..., Done]
) -> None:
    assert fragment in refused_at_once(grundy_cli(command, game, position))


@pytest.mark.parametrize(("game", "position"), MISERE_SEARCHES)
def test_a_misere_search_past_its_bound_is_refused_at_once(
    game: str, position: str, grundy_cli: Callable[..., Done]
) -> None:
    done = grundy_cli("value", game, position, "--misere")
    assert "by search holds at least" in refused_at_once(done)


#: Every command line of this file (run at once in one child: `grundy_cli`).
CLI_ROWS = [
    *((command, game, position) for command, game, position, _ in UNBOUNDED),
    ("moves", "chomp", "3,2,1", "--json"),
    ("moves", "cr", "1^999999999999"),
    *((command, game, position) for command, game, position, _ in SEARCHES),
    *(("value", game, position, "--misere") for game, position in MISERE_SEARCHES),
]


def test_searches_within_the_bounds_still_answer() -> None:
    """A huge position whose search stops at once (a closed form a move away) is valued."""
    assert grundy.value("lctr-3d", "99999999999;1") == 3
    assert grundy.value("cr", "1^999999999999") == grundy.value("cr", "1^3")


def letters(position: object) -> float:
    """The letters of a position's boundary word (λ1 + ℓ), which bound what a kernel takes
    (a diagram, with a history or as a sum of one; anything else: infinitely many)."""
    lam = getattr(position, "partition", position)
    summands = getattr(position, "summands", None)
    if summands is not None and len(summands) <= 1:
        lam = summands[0] if summands else Partition()
    return lam.largest + lam.length if isinstance(lam, Partition) else math.inf


def searched(
    rules: Ruleset,
    position: object,
    misere: bool,
    reach: int,
    exact: Solver,
    terms: dict[tuple[object, bool], list[object]],
) -> int | None:
    """How many positions the generic search holds to value `position` (a term: what the
    solver searches) when, as a kernel may, every position with at most `reach` letters is
    valued at once; None when the position itself is valued so (no search).

    Each search starts from an empty memo, as the count must; what does not depend on the
    search is shared by every search of a game: the values (`exact`, a
    `Solver(rules, fast=False)`) and the terms of each option (`terms`, filled here)."""
    solver = Solver(rules)
    solver._kernel = False  # the kernel is the `reach` below
    split = solver.terms

    def terms_of(node: object, misere: bool = False) -> list[object]:
        known = terms.get((node, misere))
        if known is None:
            known = terms[node, misere] = split(node, misere)
        return known

    solver.terms = terms_of  # type: ignore[method-assign]
    plain = solver._quick

    def quick(node: object, misere: bool) -> int | None:
        known = plain(node, misere)
        if known is None and letters(node) <= reach:
            return exact.value(node, misere)
        return known

    solver._quick = quick  # type: ignore[method-assign]
    if quick(position, misere) is not None:
        return None
    solver.value(position, misere)
    return solver.memo_size(misere)


def remember_options(rules: Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    """`rules.options` lists each position's options once for the rest of the test (every
    search and walk of a small game meets the same positions again and again)."""
    listed: dict[object, list[tuple[object, object]]] = {}
    options = rules.options

    def remembered(position: object) -> list[tuple[object, object]]:
        known = listed.get(position)
        if known is None:
            known = listed[position] = list(options(position))
        return known

    monkeypatch.setattr(rules, "options", remembered)


def nonrep_positions(n_max: int) -> list[NonRepPosition]:
    """Every diagram of at most n_max boxes, and the rectangles of 4 to 10 rows and 2 to 4
    columns (the first whose λ[i, j] `_reached` counts), with every history of at most
    three moves."""
    histories = [""] + ["".join(h) for k in (1, 2, 3) for h in product("LT", repeat=k)]
    diagrams = [lam for n in range(n_max + 1) for lam in partitions(n)]
    diagrams += [Partition([c] * r) for r in range(4, 11) for c in range(2, 5)]
    return [NonRepPosition(lam, h) for lam in diagrams for h in histories]


#: (game, positions, reaches): every position is searched as if a kernel valued each
#: position of at most `reach` letters (KERNEL_LETTERS taken as `reach`), in both plays.
SMALL = [
    ("anticorner", (2, 3, 4, 6)),
    ("chomp", (2, 3, 4, 6)),
    ("corner", (2, 3, 4, 6)),
    ("consecutive-corner", (2, 3, 4, 6)),
    ("scc", (2, 3, 4, 6)),
    ("crit", (2, 3, 4, 6)),
    ("cris", (2, 3, 4, 6)),
    ("pnim", (2, 3, 4, 6)),
    ("chess-queen", (2, 3, 4, 6)),
    ("chess-king", (2,)),
    ("chess-rook", (2,)),
    ("cr", (2, 3, 4, 6)),
    ("sato-welter", (2, 3, 4, 6)),
    ("lctr-nonrep", (2, 3, 4, 6)),
    ("lctr-3d", (0,)),
]


def small_positions(rules: Ruleset) -> list[object]:
    """The positions of at most 10 boxes and the rectangles of 2 to 5 rows and columns (7
    boxes with a history, 7 cells in three dimensions)."""
    if rules.name == "lctr-nonrep":
        return nonrep_positions(7)
    if rules.name == "lctr-3d":
        return [p for n in range(8) for p in rules.positions_of_size(n)]
    shapes = [f"{c}^{r}" for r in range(2, 6) for c in range(2, 6)]
    if rules.name in ("cris", "pnim"):
        shapes += ["2,1 + 1", "2^2 + 2,1", "3,1 + 2 + 1", "2^3 + 3^2"]
    return [p for n in range(11) for p in rules.positions_of_size(n)] + [
        rules.parse(shape) for shape in shapes
    ]


@pytest.mark.parametrize(("game", "reaches"), SMALL, ids=[g for g, _ in SMALL])
def test_what_games_say_a_search_holds_are_lower_bounds(
    game: str, reaches: tuple[int, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``number_searched`` never says more than the search holds, nor ``number_of_states``
    more than the game tree holds."""
    from grundy import game as game_module
    from grundy.games.corners import corners
    from grundy.games.lctr import lctr_nonrep

    rules = get_ruleset(game)
    remember_options(rules, monkeypatch)
    positions = small_positions(rules)
    for position in positions:
        states = rules.number_of_states(position)
        assert states is None or states <= tree_size(rules, position).states, position
    # What the solver searches, each (term, play) once: many positions share a term (a
    # diagram and its conjugate, a sum and its summands), and the check is the same.
    terms = {
        (term, misere): None
        for misere in (False, True)
        for position in positions
        for term in Solver(rules).terms(position, misere)
    }
    exact, split = Solver(rules, fast=False), {}
    for reach in reaches:
        monkeypatch.setattr(game_module, "KERNEL_LETTERS", reach)
        monkeypatch.setattr(lctr_nonrep, "KERNEL_LETTERS", reach)
        monkeypatch.setattr(corners, "KERNEL_LETTERS", reach)
        for term, misere in terms:
            bound = rules.number_searched(term, misere)
            held = searched(rules, term, misere, reach, exact, split)
            if bound is not None and held is not None:
                assert bound <= held, (term, misere, reach, bound, held)
