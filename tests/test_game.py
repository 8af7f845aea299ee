"""The ruleset protocol (grundy.game) and the generic solver (grundy.solver), on games
whose values are known by hand or by an independent brute force.

The registry, game references and plug-ins are tested in test_registry.py, sums
of partitions themselves in test_sums.py.
"""

from __future__ import annotations

import itertools
import pickle
import sys
from collections.abc import Iterator
from functools import cache
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy import (
    FunctionRuleset,
    Partition,
    PartitionRuleset,
    PartitionSum,
    PartitionSumRuleset,
    Ruleset,
    Solver,
    capabilities,
    get_ruleset,
    register,
    solver_for,
)
from grundy.analysis.tables import box_values
from grundy.game import CAPABILITIES, DRAWINGS, Drawing, LazyKernel, TreeSize
from grundy.nim import add, mex
from grundy.partition import partitions, partitions_up_to


class Subtraction(Ruleset):
    """Take 1, 2 or 3 counters from a heap: SG(n) = n mod 4; misère SG⁻(n) = (n+1) mod 4 ..."""

    name = "test-subtraction-123"

    def parse(self, spec: object) -> int:
        return int(spec)  # type: ignore[call-overload]

    def options(self, position: int) -> Iterator[tuple[int, int]]:
        for take in (1, 2, 3):
            if take <= position:
                yield take, position - take


class NimHeaps(Ruleset):
    """Nim on a multiset of heaps; canonical form sorts the heaps."""

    name = "test-nim"

    def options(self, position: tuple[int, ...]) -> Iterator[tuple[tuple[int, int], tuple]]:
        for k, heap in enumerate(position):
            for left in range(heap):
                yield (k, left), (*position[:k], left, *position[k + 1 :])

    def canonical(self, position: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(h for h in position if h))


class Cycle(Ruleset):
    name = "test-cycle"

    def options(self, position: int) -> Iterator[tuple[str, int]]:
        yield "next", (position + 1) % 3


class Graph(Ruleset):
    """A finite game given by its edges."""

    name = "test-game-graph"

    def __init__(self, edges: dict[str, list[str]]) -> None:
        self.edges = edges

    def options(self, position: str) -> list[tuple[str, str]]:
        return [(f"{position}->{q}", q) for q in self.edges[position]]


class Minimal(Ruleset):
    """Only what a ruleset must say: the options (Nim on one heap)."""

    name = "test-minimal"

    def options(self, position: int) -> list[tuple[int, int]]:
        return [(k, k) for k in range(position)]


class RowRemoval(PartitionRuleset):
    """Delete one row of a Young diagram: SG(λ) = (number of rows) mod 2."""

    name = "test-game-row-removal"

    def options(self, position: Partition) -> Iterator[tuple[int, Partition]]:
        for part, _ in position.runs:
            yield part, Partition.from_runs((p, m - (p == part)) for p, m in position.runs)


def lctr_options(p: Partition) -> list[Partition]:
    """Remove the top row or the left column (LCTR as a plain function)."""
    return [p.sub(1, 0), p.sub(0, 1)] if p else []


SUB = register(Subtraction())
NIM = register(NimHeaps())


# ------------------------------------------------------------ nim basics
def test_mex_and_nim_sum() -> None:
    assert mex([]) == 0
    assert mex([1, 2]) == 0
    assert mex([0, 1, 3]) == 2
    assert mex(iter([0, 0, 1])) == 2
    assert add(5, 3, 6) == 0
    with pytest.raises(ValueError):
        add(-1)


# ---------------------------------------------------------- capabilities
def test_capabilities_of_a_minimal_ruleset() -> None:
    assert capabilities(Minimal()) == []
    assert Minimal().kernel is None
    solver = Solver(Minimal())
    assert [solver.value(n) for n in range(6)] == list(range(6))
    # every default says "not declared"
    rules = Minimal()
    assert rules.parse("x") == "x" and rules.canonical(3) == 3
    assert rules.components(3) is None and rules.closed_form(3) is None
    assert rules.box_positions(3) is None and rules.diagram(3) is None
    assert rules.value_table(3) is None and rules.positions_of_size(3) is None
    assert rules.count_table(3) is None and rules.tree_size(3) is None
    assert rules.drawing is None and rules.draw_data(3) is None
    assert rules.with_parameters() is rules
    with pytest.raises(ValueError, match="takes no parameters"):
        rules.with_parameters(piece="rook")


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        (
            "lctr",
            ["canonical", "closed_form", "box_positions", "value_table", "positions_of_size",
             "count_table", "tree_size", "drawing"],
        ),
        (
            "downright",
            ["canonical", "closed_form", "box_positions", "value_table", "positions_of_size",
             "count_table", "tree_size", "drawing"],
        ),
        (
            "cr",
            ["canonical", "closed_form", "kernel", "box_positions", "value_table",
             "positions_of_size", "drawing"],
        ),
        ("matrix", ["canonical", "components", "closed_form", "drawing"]),
    ],
)  # fmt: skip
def test_capabilities_of_built_in_games(game: str, expected: list[str]) -> None:
    rules = get_ruleset(game)
    assert capabilities(rules) == expected
    assert set(expected) <= set(CAPABILITIES)
    assert ("kernel" in expected) == (rules.kernel is not None)


def test_capabilities_of_the_base_classes() -> None:
    """What the partial implementations declare: the partition defaults, the
    function wrapper (the partition defaults unless it parses positions of its
    own; a canonical form only when given one), sums of partitions."""
    assert capabilities(RowRemoval()) == [
        "canonical",
        "box_positions",
        "positions_of_size",
        "drawing",
    ]
    on_partitions = ["box_positions", "positions_of_size", "drawing"]
    assert capabilities(FunctionRuleset(lctr_options, name="f")) == on_partitions
    conjugate = FunctionRuleset(lctr_options, name="f", canonical=Partition.conjugation_canonical)
    assert capabilities(conjugate) == ["canonical", *on_partitions]
    assert capabilities(FunctionRuleset(range, name="heap", parse=int)) == []

    class Pieces(PartitionSumRuleset):
        name = "test-game-pieces"

        def summand_options(self, partition: Partition) -> list[tuple[str, tuple]]:
            return []

    assert capabilities(Pieces()) == [
        "canonical",
        "components",
        "box_positions",
        "positions_of_size",
        "drawing",
    ]


def test_the_drawing_capability() -> None:
    """A drawing is declared (`Ruleset.drawing`), never guessed from the positions."""
    lam = Partition([3, 1])
    on_partitions = FunctionRuleset(lctr_options, name="f")
    assert on_partitions.drawing == Drawing.DIAGRAM and on_partitions.draw_data(lam) == lam
    assert RowRemoval().draw_data(lam) == lam
    heap = FunctionRuleset(range, name="heap", parse=int)
    assert heap.drawing is None and heap.draw_data(3) is None
    assert set(DRAWINGS) == {Drawing.DIAGRAM, Drawing.MATRIX, Drawing.POSET}

    class Undrawn(RowRemoval):
        drawing = None

    assert "drawing" not in capabilities(Undrawn()) and Undrawn().draw_data(lam) is None
    hidden = RowRemoval()
    hidden.drawing = None  # on the instance, as a FunctionRuleset declares it
    assert "drawing" not in capabilities(hidden)


def test_capabilities_follow_the_order_of_CAPABILITIES() -> None:
    class Everything(Minimal):
        def tree_size(self, position: int) -> dict[str, int]:
            return {}

        def closed_form(self, position: int, misere: bool = False) -> int:
            return position

        kernel = object()  # type: ignore[assignment]

    assert capabilities(Everything()) == ["closed_form", "kernel", "tree_size"]


# ------------------------------------------------------ partition defaults
def test_partition_ruleset_defaults() -> None:
    rules = RowRemoval()
    lam = rules.parse("3,1,1")
    assert lam == Partition([3, 1, 1])
    assert rules.canonical(lam) == lam  # not conjugation invariant
    assert rules.diagram(lam) == lam
    assert rules.box_positions(lam) == [
        [lam, lam.sub(0, 1), lam.sub(0, 2)],
        [lam.sub(1, 0)],
        [lam.sub(2, 0)],
    ]
    assert list(rules.positions_of_size(4)) == list(partitions(4))
    rules.conjugation_invariant = True  # instance attribute: this ruleset only
    assert rules.canonical(lam) == rules.canonical(lam.conjugate())
    rules.allows_empty = False
    assert list(rules.positions_of_size(0)) == []
    with pytest.raises(ValueError, match="non-empty"):
        rules.parse("")
    with pytest.raises(ValueError, match="bad partition token"):
        rules.parse("3,x")


def test_partition_ruleset_through_the_public_api() -> None:
    rules = RowRemoval()
    for lam in partitions_up_to(9):
        assert grundy.value(rules, lam) == lam.length % 2
        assert grundy.value(rules, lam, misere=True) == (lam.length + 1) % 2
    # partitions of 5 with an even number of rows: 4,1  3,2  2,1^3; odd: the other four
    assert grundy.count(rules, 5) == {0: 3, 1: 4}
    assert grundy.stats(rules, "2,1") == {"nodes": 5, "leaves": 2, "states": 4, "height": 2}
    assert [str(o.position) for o in grundy.winning_moves(rules, "3,1")] == []
    assert [(o.move, str(o.position), o.value) for o in grundy.options(rules, "3,2^2")] == [
        (3, "2^2", 0),
        (2, "3,2", 0),
    ]


# ------------------------------------------------------- FunctionRuleset
def test_function_ruleset() -> None:
    game = FunctionRuleset(lctr_options, name="test-my-lctr")
    assert game.description == "Remove the top row or the left column (LCTR as a plain function)."
    reference = Solver(get_ruleset("lctr"), fast=False)
    for lam in partitions_up_to(10):
        for misere in (False, True):
            assert grundy.value(game, lam, misere) == reference.value(lam, misere)
    assert grundy.value(game, "8,7,6,5^2,2,1") == grundy.value("lctr", "8,7,6,5^2,2,1")
    opts = grundy.options(game, "3,1")
    assert [(o.move, o.position, o.value) for o in opts] == [
        ("1", Partition([1]), 1),
        ("2", Partition([2]), 2),
    ]
    assert game.format_move(opts[0].move) == "move to 1"
    assert grundy.stats(game, "4^3") == grundy.stats("lctr", "4^3")  # the generic walk
    assert grundy.outcome(game, "3,1") == "P"
    # on partitions: counted and tabulated like a built-in game
    assert grundy.count(game, 8) == grundy.count("lctr", 8)
    assert box_values(game, "4,2,1") == box_values("lctr", "4,2,1")


def test_function_ruleset_with_its_own_positions() -> None:
    def heap_options(n: int) -> range:
        """Take any number of counters."""
        return range(n)

    game = FunctionRuleset(heap_options, name="test-heap", parse=int, canonical=abs)
    assert game.description == "Take any number of counters."
    assert grundy.value(game, "7") == 7
    assert game.canonical(-3) == 3 and game.parse("12") == 12
    assert [o.move for o in grundy.options(game, 3)] == ["0", "1", "2"]
    # no notion of size: it cannot be counted (the error says why)
    with pytest.raises(ValueError, match="positions_of_size"):
        grundy.count(game, 4)
    with pytest.raises(TypeError, match="options must be a function"):
        FunctionRuleset(3, name="bad")  # type: ignore[arg-type]


# ----------------------------------------------------------------- solver
def test_subtraction_game_values() -> None:
    solver = Solver(SUB)
    assert [solver.value(n) for n in range(12)] == [n % 4 for n in range(12)]


def test_misere_terminal_positions_get_one() -> None:
    solver = Solver(SUB)
    # SG⁻(0) = 1, then mex over the last three: 0, 2, 3, 1, 0, 2, 3, 1, ...
    expected = [1, 0, 2, 3]
    for n in range(4, 12):
        expected.append(mex(expected[n - 3 : n]))
    assert [solver.value(n, misere=True) for n in range(12)] == expected


@given(st.lists(st.integers(0, 5), max_size=3))
def test_nim_value_is_the_nim_sum(heaps: list[int]) -> None:
    assert Solver(NIM).value(tuple(heaps)) == add(*heaps)


def test_memo_is_keyed_by_the_canonical_form() -> None:
    solver = Solver(NIM)
    assert solver.value((3, 0, 1)) == 2
    size = solver.memo_size()
    assert solver.value((1, 3)) == 2 and solver.memo_size() == size  # (1, 3) is known
    assert solver.memo_size(misere=True) == 0
    solver.clear()
    assert solver.memo_size() == 0


def test_deep_game_needs_no_recursion() -> None:
    assert Solver(SUB).value(200_000) == 200_000 % 4


def test_cycle_is_reported() -> None:
    with pytest.raises(ValueError, match="not acyclic"):
        Solver(Cycle()).value(0)


def test_cycle_error_names_the_position() -> None:
    game = Graph({"start": ["a"], "a": ["b"], "b": ["c", "end"], "c": ["a"], "end": []})
    with pytest.raises(ValueError, match=r"test-game-graph: position a can be reached from itself"):
        Solver(game).value("start")
    with pytest.raises(ValueError, match="position a "):
        grundy.value(game, "start", misere=True)
    assert Solver(game).value("end") == 0  # the acyclic part is fine


def test_public_api_options_and_winning_moves() -> None:
    opts = grundy.options(SUB, 6)
    assert [(o.move, o.position, o.value) for o in opts] == [(1, 5, 1), (2, 4, 0), (3, 3, 3)]
    assert [o.move for o in grundy.winning_moves(SUB, 6)] == [2]
    assert grundy.outcome(SUB, 8) == "P"
    assert grundy.outcome(SUB, 9) == "N"
    assert grundy.value("test-subtraction-123", "7") == 3
    assert solver_for("test-subtraction-123") is solver_for(SUB)


def test_lctr_rules_by_hand() -> None:
    """000 §3.1–3.2 on small cases: LCTR(1) = mex{0, 0} = 1; Downright corner = 0."""
    for fast in (False, True):
        lctr = Solver(get_ruleset("lctr"), fast=fast)
        downright = Solver(get_ruleset("downright"), fast=fast)
        assert lctr.value(grundy.Partition.parse("")) == 0
        assert lctr.value(grundy.Partition.parse("1")) == 1
        assert lctr.value(grundy.Partition.parse("2")) == 2  # 000 Lemma 12: even row
        assert downright.value(grundy.Partition.parse("1")) == 0
        assert downright.value(grundy.Partition.parse("2")) == 1
        assert lctr.value(grundy.Partition.parse(""), misere=True) == 1
    with pytest.raises(ValueError, match="non-empty"):
        grundy.value("downright", "")


# ------------------------------------------------ fast paths and the spy
class Spied(Subtraction):
    """Subtraction with a wrong closed form and a wrong kernel that record their calls."""

    name = "test-spied"

    def __init__(self) -> None:
        self.closed_calls: list[tuple[int, bool]] = []
        self.kernel = self.SpyKernel()

    def closed_form(self, position: int, misere: bool = False) -> int | None:
        self.closed_calls.append((position, misere))
        return 99 if position % 5 == 0 else None

    class SpyKernel:
        def __init__(self) -> None:
            self.calls: list[tuple[int, bool]] = []

        def value(self, position: int, misere: bool) -> int | None:
            self.calls.append((position, misere))
            return 77 if position % 7 == 0 else None

        def count_table(self, n_max: int, misere: bool, progress: Any) -> None:
            return None


def test_reference_solver_never_calls_closed_form_or_kernel() -> None:
    rules = Spied()
    assert capabilities(rules) == ["closed_form", "kernel"]
    reference = Solver(rules, fast=False)
    assert [reference.value(n) for n in range(30)] == [n % 4 for n in range(30)]
    assert [reference.value(n, True) for n in range(30)] == [
        Solver(SUB).value(n, True) for n in range(30)
    ]
    assert [o.value for o in reference.options(10)] == [1, 0, 3]
    assert rules.closed_calls == [] and rules.kernel.calls == []


def test_fast_solver_uses_closed_form_then_kernel() -> None:
    rules = Spied()
    solver = Solver(rules)
    assert solver.value(10) == 99  # the (wrong) closed form answers at once
    assert rules.closed_calls == [(10, False)] and rules.kernel.calls == []
    assert solver.value(14) == 77  # no closed form: the (wrong) kernel answers
    assert rules.kernel.calls == [(14, False)]
    # below the root, values from the closed form and kernel are memoised and used
    assert solver.value(11) == mex([solver.value(10), solver.value(9), solver.value(8)])
    assert solver.value(16, misere=True) == mex([99, 77, solver.value(13, misere=True)])
    assert (15, True) in rules.closed_calls and (14, True) in rules.kernel.calls


def test_the_kernel_is_asked_only_above_the_small_size() -> None:
    class Rows(RowRemoval):
        small_size = 3

    asked: list[int] = []

    class SpyKernel:
        def value(self, position: Partition, misere: bool) -> None:
            asked.append(position.size)

    rules = Rows()
    rules.kernel = SpyKernel()
    assert Solver(rules).value(Partition([3, 2, 1])) == 1  # three rows
    assert sorted(asked) == [4, 5, 6]  # 3,2,1 and 3,2 and 3,1; not 2,1 or below


def test_a_lazy_kernel_is_imported_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    kernels = ModuleType("test_lazy_kernels")
    kernels.KERNEL = object()  # type: ignore[attr-defined]
    kernels.build = lambda rules: ("built for", rules.name)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, kernels.__name__, kernels)

    class Declared(RowRemoval):
        name = "test-lazy-kernel"
        kernel = LazyKernel("test_lazy_kernels:KERNEL")

    class PerGame(RowRemoval):
        name = "test-lazy-kernel-per-game"
        kernel = LazyKernel("test_lazy_kernels:build")

    assert isinstance(Declared.kernel, LazyKernel)  # on the class: the declaration
    rules = Declared()
    assert "kernel" in capabilities(rules) and "kernel" not in vars(rules)
    assert rules.kernel is kernels.KERNEL and "kernel" not in vars(rules)
    assert "kernel" in capabilities(rules)
    assert PerGame().kernel == ("built for", "test-lazy-kernel-per-game")
    # a ruleset pickled (to a Dask worker) carries no kernel: the worker builds its own
    chomp = get_ruleset("chomp")
    grundy.value(chomp, "6,5,4,3,2,1")  # 21 boxes: the compiled engine builds its drivers
    assert chomp.kernel is not None and b"grundy_drivers" not in pickle.dumps(chomp)


def test_solver_by_default_uses_closed_forms_on_built_in_games() -> None:
    """The default Solver is the fast one: LCTR on a huge partition costs nothing."""
    lam = Partition.parse("1000000000000^7,5^100000000000")
    assert Solver(get_ruleset("lctr")).value(lam) == grundy.value("lctr", lam)


# ----------------------------------------------- components and sums
class CornerOrCut(PartitionSumRuleset):
    """On each summand: remove one corner box, or cut the diagram between two rows
    into two summands (rows above, rows below).  Finite: a cut keeps the boxes but
    adds a summand, a corner removal loses a box."""

    name = "test-corner-or-cut"

    def summand_options(self, partition: Partition) -> Iterator[tuple[Any, tuple]]:
        rows = partition.to_list()
        for i, _j in partition.corners():
            yield ("corner", i), (Partition([*rows[:i], rows[i] - 1, *rows[i + 1 :]]),)
        for i in range(1, len(rows)):
            yield ("cut", i), (Partition(rows[:i]), Partition(rows[i:]))


CUT = CornerOrCut()


@cache
def brute(position: PartitionSum, misere: bool) -> int:
    """The value of a whole sum by the definition: no splitting, no cancelling."""
    children = [child for _, child in CUT.options(position)]
    if not children:
        return 1 if misere else 0
    return mex(brute(child, misere) for child in children)


def small_sums(max_size: int, max_summands: int) -> list[PartitionSum]:
    singles = [lam for lam in partitions_up_to(max_size) if lam]
    out = [PartitionSum()]
    for k in range(1, max_summands + 1):
        for combo in itertools.combinations_with_replacement(singles, k):
            if sum(lam.size for lam in combo) <= max_size:
                out.append(PartitionSum(combo))
    return out


SUMS = small_sums(7, 3)


def test_sum_game_normal_play_adds_components() -> None:
    solver = Solver(CUT)
    assert len(SUMS) > 150
    for s in SUMS:
        expected = brute(s, False)
        assert solver.value(s) == expected, str(s)
        assert add(*(solver.value(PartitionSum([p])) for p in s)) == expected, str(s)
    # only single summands are memoised in normal play
    assert all(len(key) <= 1 for key in solver._memo[False])


def test_sum_game_misere_is_searched_whole() -> None:
    solver = Solver(CUT)
    differs = []
    for s in SUMS:
        expected = brute(s, True)
        assert solver.value(s, misere=True) == expected, str(s)
        assert solver.terms(s, misere=True) == [s]
        if add(*(solver.value(PartitionSum([p]), True) for p in s)) != expected:
            differs.append(s)
    # misère values do not add: [1] + [1] is worth 1, its summands 0 each
    assert PartitionSum.parse("1 + 1") in differs
    assert solver.value(PartitionSum.parse("1"), True) == 0
    assert solver.value(PartitionSum.parse("1 + 1"), True) == 1


def test_identical_pairs_cancel() -> None:
    solver = Solver(CUT)
    s = PartitionSum.parse("3,1 + 2 + 3,1")
    assert solver.terms(s) == [PartitionSum.parse("2")]
    assert solver.terms(PartitionSum.parse("3,1 + 3,1")) == []
    assert solver.value(PartitionSum.parse("3,1 + 3,1")) == 0
    assert solver.value(PartitionSum.parse("3,2,1 + 3,2,1 + 3,2,1")) == solver.value(
        PartitionSum.parse("3,2,1")
    )
    assert grundy.outcome(CUT, "4,2 + 4,2") == "P"
    assert solver.terms(PartitionSum()) == [PartitionSum()]  # the empty sum: terminal
    assert solver.value(PartitionSum()) == 0 and solver.value(PartitionSum(), True) == 1


def test_sum_game_options_and_moves() -> None:
    opts = grundy.options(CUT, "2,1 + 1")
    moves = [CUT.format_move(o.move) for o in opts]
    assert moves[0].startswith("in 2,1: ") and moves[-1].startswith("in 1: ")
    for o in opts:
        assert o.value == brute(o.position, False)
    # equal summands give one set of options
    assert len(grundy.options(CUT, "1 + 1")) == 1


def test_tree_size_type() -> None:
    t = TreeSize(5, 2, 4, 2)
    assert t.as_dict() == {"nodes": 5, "leaves": 2, "states": 4, "height": 2}


def test_a_search_too_large_for_memory_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # the generic solver keeps at most search_limit() positions (memo and frames) and
    # then stops with one clear error instead of growing without bound
    import grundy.solver as solver_module

    monkeypatch.setattr(solver_module, "search_limit", lambda: 5000)
    chomp = Solver(get_ruleset("chomp"), fast=False)
    with pytest.raises(solver_module.PositionTooLarge, match="passed 5,000 positions"):
        chomp.value(Partition([9] * 9))  # 48,619 diagrams inside, Chomp meets them all
    lctr = Solver(get_ruleset("lctr"), fast=False)
    assert lctr.value(Partition([40] * 40)) == 0  # LCTR meets only the 1,600 λ[i, j]
    assert issubclass(solver_module.PositionTooLarge, ValueError)  # one line at the CLI


def test_the_generic_search_reports_its_progress_against_its_bound() -> None:
    # every 4,096 steps the solver tells its progress hook how many positions it holds
    # and the bound it stops at (the command line draws a bar from it on a terminal)
    from grundy.solver import search_limit

    chomp = Solver(get_ruleset("chomp"), fast=False)
    seen: list[tuple[int, int]] = []
    chomp.progress = lambda held, limit: seen.append((held, limit))
    chomp.value(Partition([8] * 8))
    assert len(seen) >= 2 and all(limit == search_limit() for _, limit in seen)
    assert [held for held, _ in seen] == sorted(held for held, _ in seen)


def test_ctrl_c_during_a_generic_search_says_what_was_searched(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from grundy.cli.interrupts import Interrupted
    from grundy.cli.progress import search_progress

    chomp = Solver(get_ruleset("chomp"), fast=False)

    def interrupt(held: int, limit: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stop, search_progress(chomp, "chomp 9^9"):
        chomp.progress = interrupt  # as if Ctrl-C came during the search
        chomp.value(Partition([9] * 9))
    assert str(stop.value) == (  # grundy.cli.main prints it as the one line, exit status 130
        "interrupted while searching chomp 9^9 (0 positions held); "
        "nothing is kept, so running it again starts over"
    )
    assert capsys.readouterr().err == ""
    assert chomp.progress is None
