"""LCTR and Downright: fast values, closed forms and value tables (papers 000, 001).

Everything is checked against the reference `Solver(rules, fast=False)`, which
never calls a ruleset's closed form: every partition with n ≤ 25, random partitions up to
n = 60 (hypothesis), and huge run-length partitions through a reduction whose
small cases the solver checks.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, capabilities
from grundy.games.lctr.lctr import (
    DIAGONAL_WINDOW,
    DOWNRIGHT,
    LCTR,
    MAX_TABLE_BOXES,
    diagonal_violations,
    downright_misere_one_row,
    downright_misere_two_rows,
    downright_value,
    lctr_value,
    lemma3_staircase,
    lemma4_gamma,
    lemma12_one_row,
    lemma13_two_rows,
    lemma14_three_rows,
    lemma17_rectangle,
    misere_one_row,
    misere_two_rows,
    per_box_value,
    reduce_to_window,
    value_table,
)
from grundy.nim import mex
from grundy.partition import Partition, gamma, partitions_up_to, rectangle, staircase

ALL_25 = list(partitions_up_to(25))
NONEMPTY_25 = [lam for lam in ALL_25 if lam]
COMBOS = [("lctr", False), ("lctr", True), ("downright", False), ("downright", True)]
RULES = {"lctr": LCTR, "downright": DOWNRIGHT}
# The reference: exhaustive search, never a closed form.
SOLVERS = {"lctr": Solver(LCTR, fast=False), "downright": Solver(DOWNRIGHT, fast=False)}


def fast(game: str, lam: Partition, misere: bool) -> int:
    return lctr_value(lam, misere) if game == "lctr" else downright_value(lam, misere)


def exact(game: str, lam: Partition, misere: bool) -> int:
    return SOLVERS[game].value(lam, misere)


def positions(game: str, limit: int | None = None) -> list[Partition]:
    pool = ALL_25 if game == "lctr" else NONEMPTY_25
    return pool if limit is None else [lam for lam in pool if lam.size <= limit]


# ------------------------------------------------------------ fast values
@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_fast_value_matches_solver_for_every_partition_up_to_25(game: str, misere: bool) -> None:
    bad = [lam for lam in positions(game) if fast(game, lam, misere) != exact(game, lam, misere)]
    assert bad == []


@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_ruleset_closed_form_is_wired(game: str, misere: bool) -> None:
    rules = RULES[game]
    for lam in positions(game, 12):
        assert rules.closed_form(lam, misere) == exact(game, lam, misere)
        assert grundy.value(game, str(lam), misere=misere) == exact(game, lam, misere)
        assert Solver(rules).value(lam, misere) == exact(game, lam, misere)


def test_capabilities_of_lctr_and_downright() -> None:
    expected = [
        "canonical",
        "closed_form",
        "box_positions",
        "value_table",
        "positions_of_size",
        "count_table",
        "tree_size",
        "drawing",
    ]
    assert capabilities(LCTR) == capabilities(DOWNRIGHT) == expected
    assert LCTR.kernel is None and DOWNRIGHT.kernel is None
    # the ruleset hooks give the module functions' answers
    lam = Partition.parse("4,3,3,1")
    assert LCTR.value_table(lam) == value_table(lam)
    assert DOWNRIGHT.value_table(lam, misere=True) == value_table(lam, "downright", True)
    assert LCTR.canonical(lam.conjugate()) == LCTR.canonical(lam) in (lam, lam.conjugate())
    assert list(DOWNRIGHT.positions_of_size(0)) == []
    assert list(LCTR.positions_of_size(0)) == [Partition()]


@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_per_box_value_matches_solver(game: str, misere: bool) -> None:
    bad = [
        lam
        for lam in positions(game, 22)
        if per_box_value(lam, game, misere) != exact(game, lam, misere)
    ]
    assert bad == []


@st.composite
def random_partitions(draw: st.DrawFn, max_n: int = 60, min_n: int = 0) -> Partition:
    n = draw(st.integers(min_n, max_n))
    parts = []
    while n:
        p = draw(st.integers(1, n))
        parts.append(p)
        n -= p
    return Partition(parts)


@settings(max_examples=300, deadline=None)
@given(random_partitions(min_n=1))
def test_random_partitions_up_to_60(lam: Partition) -> None:
    for game, misere in COMBOS:
        expected = exact(game, lam, misere)
        assert fast(game, lam, misere) == expected
        assert per_box_value(lam, game, misere) == expected


@st.composite
def long_armed_partitions(draw: st.DrawFn) -> Partition:
    """Few runs, long rows and columns: up to ~10^4 boxes, for the per-box check."""
    runs = draw(
        st.lists(st.tuples(st.integers(1, 300), st.integers(1, 40)), min_size=1, max_size=5)
    )
    return Partition.from_runs(runs)


@settings(max_examples=60, deadline=None)
@given(long_armed_partitions())
def test_long_arms_against_per_box(lam: Partition) -> None:
    for game, misere in COMBOS:
        assert fast(game, lam, misere) == per_box_value(lam, game, misere)


@st.composite
def many_runs(draw: st.DrawFn, max_runs: int = 120, max_part: int = 300) -> Partition:
    """Many runs of small multiplicity (as in benchmarks/bench_lctr_value.py's 710-run
    partition), up to ~10^5 boxes: the per-box method still checks them."""
    parts = draw(st.sets(st.integers(1, max_part), min_size=1, max_size=max_runs))
    mults = draw(st.lists(st.integers(1, 3), min_size=len(parts), max_size=len(parts)))
    return Partition.from_runs(zip(sorted(parts), mults, strict=True))


@settings(max_examples=40, deadline=None)
@given(many_runs())
def test_many_runs_as_given_and_conjugated(lam: Partition) -> None:
    """The closed forms hold on λ and on λ′ alike (000 Lemma 6), so the solver may ask
    them before the canonical form (``closed_form_first``); both agree with the
    per-box method of 001 and with the old order (canonical form first)."""
    conjugate = lam.conjugate()
    for game, misere in COMBOS:
        value = fast(game, lam, misere)
        assert fast(game, conjugate, misere) == value
        assert per_box_value(lam, game, misere) == value
        assert grundy.value(game, lam, misere) == grundy.value(game, conjugate, misere) == value
        canonical_first = RULES[game].closed_form(RULES[game].canonical(lam), misere)
        assert canonical_first == value


@settings(max_examples=200, deadline=None)
@given(st.one_of(random_partitions(), many_runs(max_runs=8, max_part=12)), st.integers(1, 4))
def test_durfee_window_reads_rows_and_columns(lam: Partition, w: int) -> None:
    """`Partition.durfee_window`, all the fast values read, against `durfee`, `part`
    and `column`."""
    d = lam.durfee()
    places = range(max(1, d - w + 1), d + 1)
    expected = (d, tuple(lam.part(i) for i in places), tuple(lam.column(i) for i in places))
    assert lam.durfee_window(w) == expected


def test_values_read_no_canonical_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """grundy.value on a partition of many runs never conjugates it (O(k)): the closed
    form answers first (``closed_form_first``)."""
    lam = Partition.from_runs((3 * k, 1 + k % 3) for k in range(1, 400))
    expected = [per_box_value(lam, game, misere) for game, misere in COMBOS]

    def refuse(self: Partition) -> Partition:
        raise AssertionError(f"{self} conjugated")

    monkeypatch.setattr(Partition, "conjugate", refuse)
    assert [grundy.value(game, lam, misere) for game, misere in COMBOS] == expected


# ------------------------------------------------------------ value tables
@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_value_table_matches_solver_box_by_box(game: str, misere: bool) -> None:
    for lam in positions(game, 18):
        table = value_table(lam, game, misere)
        assert [len(row) for row in table] == lam.to_list()
        for i, row in enumerate(table):
            for j, v in enumerate(row):
                assert v == exact(game, lam.sub(i, j), misere), (str(lam), i, j)


def test_value_table_examples() -> None:
    # 000 Figure 5's partition; the top-left entry is the value of λ itself.
    lam = Partition.parse("8,7,6,5^2,2,1")
    for game, misere in COMBOS:
        table = value_table(lam, game, misere)
        assert table[0][0] == exact(game, lam, misere)
    assert value_table("3,1") == [[0, 2, 1], [1]]
    assert value_table("3,1", "downright") == [[2, 1, 0], [0]]
    assert value_table("3,1", misere=True) == [[1, 2, 0], [0]]
    assert value_table("") == []
    assert value_table([2, 1], "LCTR") == value_table(Partition([2, 1]))


def test_value_table_refuses_too_many_boxes() -> None:
    big = Partition.from_runs([(10**4, 10**3 + 1)])
    assert big.size > MAX_TABLE_BOXES
    with pytest.raises(ValueError, match="per-box"):
        value_table(big)
    with pytest.raises(ValueError, match="per-box"):
        per_box_value(big, "downright", True)
    assert lctr_value(big) == lemma17_rectangle(10**3 + 1, 10**4)


def test_table_errors() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        value_table("3,1", "chess")
    with pytest.raises(TypeError):
        value_table("3,1", 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="non-empty"):
        value_table("", "downright")
    with pytest.raises(ValueError, match="non-empty"):
        per_box_value("", "downright")
    with pytest.raises(ValueError, match="non-empty"):
        downright_value(Partition())
    with pytest.raises(ValueError):
        value_table("3,-1")
    assert per_box_value("") == 0
    assert per_box_value("", misere=True) == 1


# ---------------------------------------------------- diagonal invariance
@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_diagonal_propagation_on_every_box(game: str, misere: bool) -> None:
    """000 Lemma 10 (Downright), Lemma 15 (LCTR), and misère propagation."""
    assert [lam for lam in positions(game, 22) if diagonal_violations(lam, game, misere)] == []


@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_value_is_constant_down_the_diagonal(game: str, misere: bool) -> None:
    """000 Theorem 11 and Corollary 16: SG(λ) = SG(λ[k, k]) for k ≤ d(λ) − w."""
    w = DIAGONAL_WINDOW[game, misere]
    for lam in positions(game, 20):
        if not lam:
            continue
        table = value_table(lam, game, misere)
        top = table[0][0]
        assert all(table[k][k] == top for k in range(lam.durfee() - w + 1))
        window = reduce_to_window(lam, game, misere)
        assert window.durfee() == min(lam.durfee(), w)
        assert exact(game, window, misere) == top


@pytest.mark.parametrize(
    ("game", "misere", "example"),
    [("lctr", False, "4,4,4"), ("lctr", True, "3,3"), ("downright", True, "4,2,1^2")],
)
def test_window_cannot_be_narrower(game: str, misere: bool, example: str) -> None:
    """One step further down the diagonal than the window allows changes the value."""
    lam = Partition.parse(example)
    w = DIAGONAL_WINDOW[game, misere]
    k = lam.durfee() - w + 1
    assert exact(game, lam.sub(k, k), misere) != exact(game, lam, misere)


# ------------------------------------------------------------ closed forms
@pytest.mark.parametrize("game", ["lctr", "downright"])
def test_lemma3_staircase(game: str) -> None:
    for n in range(1, 13):
        assert lemma3_staircase(n, game) == exact(game, staircase(n), False)


@pytest.mark.parametrize("game", ["lctr", "downright"])
def test_lemma4_gamma(game: str) -> None:
    for r in range(1, 26):
        for c in range(1, 26):
            assert lemma4_gamma(r, c, game) == exact(game, gamma(r, c), False), (r, c)


def test_lemma12_one_row() -> None:
    for a in range(0, 60):
        assert lemma12_one_row(a) == exact("lctr", Partition([a]), False)


def test_lemma13_two_rows() -> None:
    for a in range(0, 30):
        for b in range(0, a + 1):
            assert lemma13_two_rows(a, b) == exact("lctr", Partition([a, b]), False), (a, b)


def test_lemma14_three_rows() -> None:
    for a in range(0, 16):
        for b in range(0, a + 1):
            for c in range(0, b + 1):
                lam = Partition([a, b, c])
                assert lemma14_three_rows(a, b, c) == exact("lctr", lam, False), (a, b, c)


def test_lemma17_rectangle() -> None:
    for r in range(1, 14):
        for c in range(1, 14):
            assert lemma17_rectangle(r, c) == exact("lctr", rectangle(r, c), False), (r, c)


def test_misere_rows() -> None:
    for a in range(0, 30):
        assert misere_one_row(a) == exact("lctr", Partition([a]), True)
        for b in range(0, a + 1):
            assert misere_two_rows(a, b) == exact("lctr", Partition([a, b]), True), (a, b)


def test_downright_misere_rows() -> None:
    for a in range(1, 30):
        assert downright_misere_one_row(a) == exact("downright", Partition([a]), True)
        for b in range(1, a + 1):
            lam = Partition([a, b])
            assert downright_misere_two_rows(a, b) == exact("downright", lam, True), (a, b)


def test_closed_forms_reject_bad_input() -> None:
    with pytest.raises(ValueError, match="non-increasing"):
        lemma13_two_rows(2, 3)
    with pytest.raises(ValueError, match="non-increasing"):
        lemma14_three_rows(5, 2, 4)
    with pytest.raises(ValueError, match="non-negative"):
        lemma12_one_row(-1)
    with pytest.raises(TypeError):
        lemma12_one_row(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        misere_two_rows(True, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="positive"):
        lemma4_gamma(0, 3)
    with pytest.raises(ValueError, match="positive"):
        lemma17_rectangle(2, 0)
    with pytest.raises(ValueError, match="positive"):
        lemma3_staircase(0)
    with pytest.raises(ValueError, match="positive"):
        downright_misere_two_rows(3, 0)
    with pytest.raises(ValueError, match="unknown game"):
        lemma3_staircase(3, "nim")


# ------------------------------------------------------------ huge partitions
def framed(mu: Partition, k: int) -> Partition:
    """A partition λ with λ[k, k] = μ and d(λ) = k + d(μ), with huge outer arms."""
    runs = [(mu.largest + k + 3 * k, k)]  # k top rows, longer than anything below
    runs += [(part + k, mult) for part, mult in mu.runs]
    runs += [(k, 2 * k + 1), (1, 5 * k)]  # rows of length ≤ k below: cut away by λ[k, k]
    return Partition.from_runs(runs)


def widened(mu: Partition, rows: int, cols: int) -> Partition:
    """μ with `rows` boxes added to each of its first d rows and `cols` to each of its
    first d columns (d = d(μ)): the Durfee length stays d, only the arms grow."""
    d = mu.durfee()
    runs = [(part + rows if i < d else part, 1) for i, part in enumerate(mu.to_list())]
    runs.insert(d, (d, cols))
    return Partition.from_runs(runs)


HUGE = 10**18


@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_huge_diagonal(game: str, misere: bool) -> None:
    """Corollary 16 / Theorem 11 / misère propagation at size ~10^36."""
    w = DIAGONAL_WINDOW[game, misere]
    for mu in positions(game, 14):
        if mu.durfee() >= w:
            lam = framed(mu, HUGE)
            assert lam.size > 10**36
            assert lam.sub(HUGE, HUGE) == mu and lam.durfee() == HUGE + mu.durfee()
            assert fast(game, lam, misere) == exact(game, mu, misere), str(mu)


@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_huge_arms(game: str, misere: bool) -> None:
    """Long arms: by the closed forms the value only depends on the arm lengths'
    parities and on which are equal or below 3, so adding 4, 6 or 10^18 (+2)
    boxes to every arm row gives one value; the solver checks 4 and 6."""
    for mu in positions(game, 9):
        if not mu:
            continue
        small = exact(game, widened(mu, 4, 6), misere)
        assert exact(game, widened(mu, 6, 4), misere) == small, str(mu)
        assert fast(game, widened(mu, HUGE, HUGE + 2), misere) == small, str(mu)


def test_huge_partition_through_public_api() -> None:
    text = "1000000000000000000^7,999999999999999999^3,5^100000000000000000"
    lam = Partition.parse(text)
    assert lam.size > 10**18
    for game, misere in COMBOS:
        v = grundy.value(game, text, misere=misere)
        assert v in (0, 1, 2)
        assert v == fast(game, reduce_to_window(lam, game, misere), misere)
    # the window of a huge partition is itself small enough to check exhaustively
    lam = Partition.parse(f"{HUGE}^3,2^10")
    assert reduce_to_window(lam).durfee() == 3
    assert lctr_value(lam) == lctr_value(Partition.parse("12^3,2^10"))
    assert lctr_value(lam) == exact("lctr", Partition.parse("12^3,2^10"), False)


# ------------------------------------------------- statements of the papers
def _mex2(a: int, b: int) -> int:
    return mex((a, b))


def test_paper_equations_9_and_12_as_printed() -> None:
    """000 Eq. (9) (d = 2) and Eq. (12) (d = 3) with the α's of 000 Theorem 22."""
    m = _mex2
    for lam in ALL_25:
        d = lam.durfee()
        row, col = lam.part, lam.column
        if d == 2:
            a02, a12 = lemma13_two_rows(row(1) - 2, row(2) - 2), lemma12_one_row(row(2) - 2)
            a20, a21 = lemma13_two_rows(col(1) - 2, col(2) - 2), lemma12_one_row(col(2) - 2)
            eq9 = m(m(m(a21, a12), a02), m(a20, m(a21, a12)))
            assert eq9 == exact("lctr", lam, False), str(lam)
        elif d == 3:
            a03 = lemma14_three_rows(row(1) - 3, row(2) - 3, row(3) - 3)
            a13, a23 = lemma13_two_rows(row(2) - 3, row(3) - 3), lemma12_one_row(row(3) - 3)
            a30 = lemma14_three_rows(col(1) - 3, col(2) - 3, col(3) - 3)
            a31, a32 = lemma13_two_rows(col(2) - 3, col(3) - 3), lemma12_one_row(col(3) - 3)
            s = m(a32, a23)
            eq12 = m(
                m(m(a30, m(a31, s)), m(m(a31, s), m(s, a13))),
                m(m(m(a31, s), m(s, a13)), m(m(s, a13), a03)),
            )
            assert eq12 == exact("lctr", lam, False), str(lam)


def test_lemma7_misere_lctr_and_downright_share_p_positions() -> None:
    """000 Lemma 7: for λ ≠ [], misère LCTR and Downright have the same P-positions."""
    for lam in NONEMPTY_25:
        assert (lctr_value(lam, True) == 0) == (downright_value(lam) == 0), str(lam)


def test_quadrated_partitions_are_p_positions() -> None:
    """001 Lemma 9: a quadrated partition (even parts, even multiplicities) has value 0."""
    # every quadrated partition is μ with each box blown up to a 2 × 2 square
    quadrated = [Partition.from_runs((2 * p, 2 * m) for p, m in mu.runs) for mu in ALL_25]
    assert all(lam.is_quadrated() for lam in quadrated)
    for lam in quadrated:
        assert lctr_value(lam) == 0 == per_box_value(lam), str(lam)


def test_fast_values_accept_text_and_lists() -> None:
    assert lctr_value("4^3") == lctr_value([4, 4, 4]) == lemma17_rectangle(3, 4)
    assert downright_value("3,1", misere=True) == exact("downright", Partition([3, 1]), True)
    with pytest.raises(ValueError):
        lctr_value("3,x")
