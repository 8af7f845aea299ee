"""Nim on Boolean matrices (003): parsing, moves, canonical forms, components and
every fast path of `grundy.games.matrix.matrix`, each against the reference
`Solver(PLAIN_MATRIX, fast=False)` on the plain ruleset (no canonical forms, no
splitting, no closed form)."""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx.algorithms.isomorphism import categorical_node_match

import grundy
import grundy.games.matrix.matrix as mx
from grundy import Solver, capabilities
from grundy.cli import main
from grundy.games.matrix.matrix import (
    MATRIX,
    PLAIN_MATRIX,
    BoolMatrix,
    MatrixMove,
    MatrixRules,
    canonical_form,
    components,
    ferrers_matrix,
    ferrers_partition,
    parse_matrix,
)
from grundy.games.matrix.matrix_subsets import SubsetTable, table_states
from grundy.partition import Partition, partitions
from grundy.posets.poset import bits

PLAIN = Solver(PLAIN_MATRIX, fast=False)  # the reference; shared so its memo is reused


# ----------------------------------------------------------------- helpers
@st.composite
def matrices(draw: st.DrawFn, max_rows: int = 6, max_cols: int = 6) -> BoolMatrix:
    """Random 0/1 matrices of varied density (zero lines allowed)."""
    m = draw(st.integers(1, max_rows))
    n = draw(st.integers(1, max_cols))
    density = draw(st.sampled_from([15, 30, 50, 70, 90]))
    cells = draw(st.lists(st.integers(0, 99), min_size=m * n, max_size=m * n))
    rows = [sum(1 << j for j in range(n) if cells[i * n + j] < density) for i in range(m)]
    return BoolMatrix(rows, n)


def permuted(matrix: BoolMatrix, rng: random.Random, transpose: bool) -> BoolMatrix:
    """A random row and column permutation of `matrix`, transposed if asked."""
    pr = list(range(matrix.nrows))
    pc = list(range(matrix.ncols))
    rng.shuffle(pr)
    rng.shuffle(pc)
    rows = [
        sum(1 << pc[j] for j in range(matrix.ncols) if (matrix.rows[pr[i]] >> j) & 1)
        for i in range(matrix.nrows)
    ]
    out = BoolMatrix(rows, matrix.ncols)
    return out.transpose() if transpose else out


def direct_sum(a: BoolMatrix, b: BoolMatrix) -> BoolMatrix:
    """The block-diagonal matrix [[a, 0], [0, b]]."""
    return BoolMatrix([*a.rows, *(r << a.ncols for r in b.rows)], a.ncols + b.ncols)


def isomorphic(a: BoolMatrix, b: BoolMatrix) -> bool:
    """Independent check with networkx: same bipartite graph up to swapping sides."""

    def graph(m: BoolMatrix) -> nx.Graph:
        m = m.without_zero_lines()
        g = nx.Graph()
        g.add_nodes_from((("r", i), {"side": 0}) for i in range(m.nrows))
        g.add_nodes_from((("c", j), {"side": 1}) for j in range(m.ncols))
        g.add_edges_from(
            (("r", i), ("c", j)) for i in range(m.nrows) for j in range(m.ncols) if m.entry(i, j)
        )
        return g

    match = categorical_node_match("side", None)
    return nx.is_isomorphic(graph(a), graph(b), node_match=match) or nx.is_isomorphic(
        graph(a), graph(b.transpose()), node_match=match
    )


# ----------------------------------------------------------------- parsing
def test_parse_forms_agree() -> None:
    expected = BoolMatrix([0b101, 0b110, 0b011], 3)  # bit j = column j+1
    forms = [
        "101;011;110",
        " 1 0 1 ; 0 1 1 ; 1 1 0 ",
        "101\n011\n110\n",
        "\n1 0 1\n\n011\r\n1,1,0\n",  # a file's text (`grundy value matrix @FILE`)
        "101;011;110;",
        [[1, 0, 1], [0, 1, 1], [1, 1, 0]],
        ((True, False, True), (False, True, True), (True, True, False)),
        ["101", "011", "110"],
        np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]]),
        np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]], dtype=bool),
    ]
    for spec in forms:
        assert parse_matrix(spec) == expected, spec
    assert MATRIX.parse(expected) is expected
    assert expected.to_lists() == [[1, 0, 1], [0, 1, 1], [1, 1, 0]]


def test_the_end_of_a_game_reads_back() -> None:
    # every game ends at the matrix with no entries, written "[]"; it must read back
    empty = parse_matrix("[]")
    assert str(empty) == "[]" and empty == BoolMatrix() and not list(MATRIX.options(empty))
    assert str(next(MATRIX.options(parse_matrix("1")))[1]) == "[]"


@given(matrices(max_rows=7, max_cols=7))
def test_text_round_trip(matrix: BoolMatrix) -> None:
    assert parse_matrix(str(matrix)) == matrix
    assert parse_matrix(matrix.to_lists()) == matrix
    assert parse_matrix(np.array(matrix.to_lists())) == matrix
    assert matrix.transpose().transpose() == matrix


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("101;01", ["ragged", "row 2", "2 entries", "3"]),
        ("101;021", ["row 2", "'2'", "not 0 or 1"]),
        ("10x", ["row 1", "'x'"]),
        ("", ["empty"]),
        ("   ", ["empty"]),
        ("101;;011", ["row 2", "empty"]),
        ([], ["empty"]),
        ([[]], ["row 1", "empty"]),
        ([[1, 0], [1]], ["ragged", "row 2"]),
        ([[1, 2]], ["row 1, column 2", "2"]),
        ([[1, 0.5]], ["row 1, column 2"]),
        (np.array([[1, 0], [0, 3]]), ["row 2, column 2", "3"]),
        (np.zeros((0, 3), dtype=int), ["empty"]),
        (np.array([1, 0, 1]), ["2-D"]),
        (np.array([[0.0, 1.0]]), ["dtype"]),
        ("no/such/file.txt", ["row 1", "'n'"]),  # text, never a file name
    ],
)
def test_parse_errors(spec: object, words: list[str]) -> None:
    with pytest.raises(ValueError) as info:
        parse_matrix(spec)
    for word in words:
        assert word in str(info.value), (word, str(info.value))


def test_parse_errors_in_rows_on_lines_name_the_line(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"row 2 \(line 3\).*'a'"):
        parse_matrix("101\n\n1a1\n")
    with pytest.raises(ValueError, match=r"ragged.*line 2"):
        parse_matrix("101\n11\n")
    with pytest.raises(ValueError, match="empty"):
        parse_matrix("\n\n")
    with pytest.raises(TypeError):
        parse_matrix(42)
    with pytest.raises(TypeError):
        parse_matrix([7])
    with pytest.raises(TypeError):
        parse_matrix(tmp_path / "m.txt")  # a file is read by the command line's @FILE


def test_boolmatrix_basics() -> None:
    m = parse_matrix("1100;0110;0000")
    assert m.shape == (3, 4) and m.lines == 7 and m.weight() == 4
    assert m.row_sums() == [2, 2, 0] and m.column_sums() == [1, 2, 1, 0]
    assert m.without_zero_lines() == parse_matrix("110;011")
    assert str(m.delete_row(0)) == "0110;0000"
    assert str(m.delete_column(1)) == "100;010;000"
    assert hash(m) == hash(parse_matrix([[1, 1, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0]]))
    assert parse_matrix("000").is_zero()
    assert str(BoolMatrix((), 0)) == "[]"
    with pytest.raises(ValueError):
        BoolMatrix([0b111], 2)
    with pytest.raises(TypeError):
        BoolMatrix([-1], 2)


# ------------------------------------------------------------------- moves
def test_moves_use_input_numbering() -> None:
    moves = dict(MATRIX.options(parse_matrix("000;011;010")))
    # zero row 1 and zero column 1 are not moves; indices are the input's own
    assert list(moves) == [
        MatrixMove("row", 2),
        MatrixMove("row", 3),
        MatrixMove("column", 2),
        MatrixMove("column", 3),
    ]
    assert moves[MatrixMove("row", 2)] == parse_matrix("1")  # zero lines vanish
    assert moves[MatrixMove("column", 3)] == parse_matrix("1;1")
    assert MATRIX.format_move(MatrixMove("column", 3)) == "remove column 3"
    assert str(MatrixMove("row", 2)) == "r2"
    assert list(MATRIX.options(parse_matrix("00;00"))) == []


def test_terminal_and_small_values() -> None:
    assert grundy.value("matrix", "000;000") == 0
    assert grundy.value("matrix", "000", misere=True) == 1
    assert grundy.value("matrix", "1") == 1
    assert grundy.value("matrix", "1", misere=True) == 0
    assert grundy.value("matrix", [[1, 0, 1], [0, 1, 1], [1, 1, 0]]) == 0
    assert grundy.outcome("matrix", "101;011;110") == "P"
    assert grundy.winning_moves("matrix", "101;011;110") == []


# --------------------------------------------------------- canonical forms
@settings(max_examples=150, deadline=None)
@given(matrices(max_rows=8, max_cols=8), st.integers(0, 2**32), st.booleans())
def test_canonical_form_invariant(matrix: BoolMatrix, seed: int, transpose: bool) -> None:
    other = permuted(matrix, random.Random(seed), transpose)
    form = canonical_form(matrix)
    assert canonical_form(other) == form
    assert canonical_form(form) == form
    assert form == form.without_zero_lines()
    assert form.weight() == matrix.weight()


@settings(max_examples=150, deadline=None)
@given(matrices(max_rows=6, max_cols=6), st.integers(0, 2**32), st.booleans())
def test_canonical_forms_separate_classes(matrix: BoolMatrix, seed: int, transpose: bool) -> None:
    """Move one 1 to a 0 in a permuted copy (same weight, often still isomorphic):
    the forms agree exactly when networkx finds the two matrices isomorphic."""
    rng = random.Random(seed)
    other = permuted(matrix, rng, transpose)
    cells = [(i, j) for i in range(other.nrows) for j in range(other.ncols)]
    ones = [c for c in cells if other.entry(*c)]
    zeros = [c for c in cells if not other.entry(*c)]
    if ones and zeros:
        (i, j), (k, h) = rng.choice(ones), rng.choice(zeros)
        rows = list(other.rows)
        rows[i] ^= 1 << j
        rows[k] ^= 1 << h
        other = BoolMatrix(rows, other.ncols)
    assert (canonical_form(matrix) == canonical_form(other)) == isomorphic(matrix, other)


def test_canonical_forms_exhaustive_small() -> None:
    """All matrices with at most 3 rows and 4 columns: one form per isomorphism class,
    classes computed by brute force over all permutations and transposition."""

    def reference_key(m: BoolMatrix) -> tuple:
        m = m.without_zero_lines()
        keys = []
        for t in (m, m.transpose()):
            for pr in itertools.permutations(range(t.nrows)):
                cols = [sum(((c >> pr[i]) & 1) << i for i in range(t.nrows)) for c in t.columns()]
                keys.append((t.nrows, tuple(sorted(cols))))
        return min(keys, default=(0, ()))

    seen: dict[BoolMatrix, tuple] = {}
    classes = set()
    for n in range(1, 5):
        for rows in itertools.product(range(1 << n), repeat=3):
            m = BoolMatrix(rows, n)
            key = reference_key(m)
            classes.add(key)
            form = canonical_form(m)
            assert seen.setdefault(form, key) == key
    assert len(seen) == len(classes)


def test_nauty_path_connected_and_disconnected() -> None:
    rng = random.Random(11)
    for _ in range(200):
        m, n = rng.randint(4, 9), rng.randint(4, 9)
        a = BoolMatrix([rng.getrandbits(n) for _ in range(m)], n)
        b = direct_sum(a, a.transpose()) if rng.random() < 0.3 else a
        c = permuted(b, rng, rng.random() < 0.5)
        assert canonical_form(b) == canonical_form(c)
        assert mx._canonical_nauty(b.without_zero_lines()).weight() == b.weight()


# -------------------------------------------------------------- components
@given(matrices(max_rows=7, max_cols=7))
def test_components_partition_the_matrix(matrix: BoolMatrix) -> None:
    parts = components(matrix)
    assert sum(p.weight() for p in parts) == matrix.weight()
    assert sum(p.nrows for p in parts) == matrix.without_zero_lines().nrows
    assert sum(p.ncols for p in parts) == matrix.without_zero_lines().ncols
    for p in parts:
        assert len(components(p)) == 1


@settings(max_examples=60, deadline=None)
@given(matrices(max_rows=6, max_cols=6))
def test_component_splitting_against_unsplit_search(matrix: BoolMatrix) -> None:
    split = 0
    for part in components(matrix):
        split ^= PLAIN.value(part)
    assert split == PLAIN.value(matrix)
    assert Solver(MATRIX).value(matrix) == split  # components, canonical forms, closed forms
    assert Solver(MATRIX, fast=False).value(matrix) == split  # components, canonical forms
    assert SubsetTable(matrix).root == split  # the whole matrix, zero lines included


@settings(max_examples=40, deadline=None)
@given(matrices(max_rows=4, max_cols=4), matrices(max_rows=4, max_cols=4))
def test_sums_and_cancellation(a: BoolMatrix, b: BoolMatrix) -> None:
    total = direct_sum(a, b)
    assert grundy.value("matrix", total) == PLAIN.value(a) ^ PLAIN.value(b)
    assert PLAIN.value(total) == PLAIN.value(a) ^ PLAIN.value(b)
    assert grundy.value("matrix", direct_sum(a, a.transpose())) == 0  # identical pair
    # the solver's terms: canonical components with identical pairs cancelled
    pair = Solver(MATRIX).terms(direct_sum(a, a.transpose()))
    assert pair == ([] if len(components(a)) else [BoolMatrix((), 0)])  # zero: terminal
    assert Solver(MATRIX).terms(direct_sum(a, a.transpose()), misere=True) == [
        canonical_form(direct_sum(a, a.transpose()))
    ]  # misère values do not add: the position is searched whole


# ------------------------------------------------------------------ Ferrers
def test_ferrers_detection() -> None:
    lam = Partition([4, 2, 2, 1])
    m = ferrers_matrix(lam)
    assert str(m) == "1111;1100;1100;1000"
    assert ferrers_partition(m) == lam
    rng = random.Random(3)
    for _ in range(20):
        p = permuted(m, rng, rng.random() < 0.5)
        found = ferrers_partition(p)
        assert found in (lam, lam.conjugate())
    assert ferrers_partition(parse_matrix("110;011")) is None
    assert ferrers_partition(parse_matrix("000")) == Partition([])
    assert ferrers_partition(parse_matrix("1;1;0")) == Partition([1, 1])


def test_ferrers_route_through_column_row() -> None:
    """Every partition of n ≤ 9 (as a permuted Ferrers matrix), normal and misère."""
    rng = random.Random(5)
    for n in range(1, 10):
        for parts in (p.to_list() for p in partitions(n)):
            m = permuted(ferrers_matrix(parts), rng, rng.random() < 0.5)
            assert grundy.value("matrix", m) == PLAIN.value(m) == grundy.value("cr", parts)
            assert grundy.value("matrix", m, misere=True) == PLAIN.value(m, misere=True)


# ------------------------------------------------------- fast vs reference
@settings(max_examples=60, deadline=None)
@given(matrices())
def test_closed_form_against_solver(matrix: BoolMatrix) -> None:
    # at most 6 × 6: always a Ferrers matrix or small enough for the subset table
    assert MATRIX.closed_form(matrix) == PLAIN.value(matrix)
    assert grundy.value("matrix", matrix) == PLAIN.value(matrix)


@settings(max_examples=40, deadline=None)
@given(matrices())
def test_misere_against_solver(matrix: BoolMatrix) -> None:
    expected = PLAIN.value(matrix, misere=True)
    assert grundy.value("matrix", matrix, misere=True) == expected
    fast = MATRIX.closed_form(matrix, misere=True)
    assert fast is None or fast == expected


@settings(max_examples=30, deadline=None)
@given(matrices(max_rows=5, max_cols=5))
def test_solver_with_canonical_forms_agrees(matrix: BoolMatrix) -> None:
    for solver in (Solver(MATRIX), Solver(MATRIX, fast=False)):
        assert solver.value(matrix) == PLAIN.value(matrix)
        assert solver.value(matrix, misere=True) == PLAIN.value(matrix, misere=True)


def test_capabilities() -> None:
    assert capabilities(MATRIX) == ["canonical", "components", "closed_form", "drawing"]
    assert MATRIX.kernel is None
    # the plain reference overrides the same methods, but they do nothing
    a = parse_matrix("1100;0110;0001")
    assert PLAIN_MATRIX.components(a) is None and PLAIN_MATRIX.closed_form(a) is None
    assert PLAIN_MATRIX.canonical(a) == a and MATRIX.components(a) is not None


@pytest.mark.parametrize("cap", [0, 2**26])
def test_search_and_table_paths(cap: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Force the memoised component search (cap 0) or the subset table everywhere,
    and Ferrers components through the search (no Column-Row): with no Ferrers
    matrix detected, canonical forms use brute force or nauty throughout."""
    monkeypatch.setattr(mx, "TABLE_MAX_STATES", cap)
    monkeypatch.setattr(mx, "ferrers_partition", lambda matrix: None)
    rules = MatrixRules()
    solver = Solver(rules)
    rng = random.Random(cap)
    for _ in range(25):
        m, n = rng.randint(1, 6), rng.randint(1, 6)
        density = rng.choice([0.3, 0.5, 0.8])
        a = BoolMatrix(
            [sum(1 << j for j in range(n) if rng.random() < density) for _ in range(m)], n
        )
        closed = rules.closed_form(a)
        assert closed is None if cap == 0 and not a.is_zero() else closed == PLAIN.value(a)
        assert solver.value(a) == PLAIN.value(a)
        assert solver.value(a, misere=True) == PLAIN.value(a, misere=True)
    # many identical lines: the search meets few classes
    a = parse_matrix("1100;1100;1100;0110;0110;0011;0011;0011;1001")
    assert solver.value(a) == PLAIN.value(a)


def test_options_of_a_table_position() -> None:
    """The options of a position valued by its subset table: each option is valued
    through its own components (the old prefill of the options from the parent's
    table is gone with the matrix module's own solver)."""
    rules = MatrixRules()
    solver = Solver(rules)
    a = parse_matrix("10110;01101;11010;00111;10011")
    assert solver.value(a) == PLAIN.value(a)
    opts = solver.options(a)
    assert [o.value for o in opts] == [PLAIN.value(child) for _, child in rules.options(a)]
    assert [o.move for o in opts] == [move for move, _ in rules.options(a)]


def test_subset_table_every_state() -> None:
    a = parse_matrix("1011;0110;1101")
    for misere in (False, True):
        table = SubsetTable(a, misere=misere)
        for row_mask in range(1 << 3):
            for col_mask in range(1 << 4):
                sub = a.submatrix(list(bits(row_mask)), col_mask)
                assert table.value(row_mask, col_mask) == PLAIN.value(sub, misere=misere)
        assert table.root == PLAIN.value(a, misere=misere)
    assert SubsetTable(BoolMatrix((), 0)).root == 0
    assert SubsetTable(BoolMatrix((), 0), misere=True).root == 1
    with pytest.raises(ValueError, match="states"):
        SubsetTable(BoolMatrix([1 << i for i in range(14)], 14))


def test_subset_table_merges_identical_lines() -> None:
    a = parse_matrix("11001;11001;01101;01101;01101;10110")  # columns 2 and 5 are equal
    assert table_states(a) == (3 * 4 * 2) * (2 * 3 * 2 * 2) < 2**a.lines
    for misere in (False, True):
        table = SubsetTable(a, misere=misere)
        for row_mask in range(1 << a.nrows):
            for col_mask in range(1 << a.ncols):
                sub = a.submatrix(list(bits(row_mask)), col_mask)
                assert table.value(row_mask, col_mask) == PLAIN.value(sub, misere=misere)


# --------------------------------------------------------------------- CLI
def test_cli_value_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "matrix", "101;011;110", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == 0 and data["position"] == "101;011;110"
    assert main(["moves", "matrix", "110;011", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    descriptions = [row["description"] for row in data["options"]]
    assert descriptions == [
        "remove row 1",
        "remove row 2",
        "remove column 1",
        "remove column 2",
        "remove column 3",
    ]
    by_move = {row["description"]: row for row in data["options"]}
    assert by_move["remove column 2"]["position"] == "10;01"
    assert by_move["remove column 2"]["value"] == 0 and by_move["remove column 2"]["winning"]
    assert data["value"] == PLAIN.value(parse_matrix("110;011"))
    assert main(["value", "matrix", "101;011", "--misere"]) == 0
    assert "value" in capsys.readouterr().out


@pytest.mark.parametrize("spec", ["101;01", "102;011", "", "a/b.txt"])
def test_cli_bad_input(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "matrix", spec]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grundy: error:") and err.count("\n") == 1


# ------------------------------------------------------------- named families
def test_named_families_are_the_matrices_of_003() -> None:
    from grundy.games.matrix.matrix_theorems import all_ones_value, permutation_matrix_value

    for n in range(1, 7):
        assert parse_matrix(f"identity:{n}") == parse_matrix(
            [[int(i == j) for j in range(n)] for i in range(n)]
        )
        assert grundy.value("matrix", f"identity:{n}") == permutation_matrix_value(n)
        assert parse_matrix(f"co-identity:{n}") == parse_matrix(
            [[int(i != j) for j in range(n)] for i in range(n)]
        )
        for m in range(1, 6):
            assert grundy.value("matrix", f"ones:{m},{n}") == all_ones_value(m, n)
    assert parse_matrix(" ferrers: 3,1^2 ") == ferrers_matrix([3, 1, 1])


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("identity:0", "between 1 and 4096"),
        ("identity:5000", "between 1 and 4096"),
        ("identity:x", "write identity:N"),
        ("ones:3", "write ones:M,N"),
        ("ones:3,-1", "write ones:M,N"),
        ("co-identity:", "write co-identity:N"),
        ("ferrers:3,x", "x"),
    ],
)
def test_named_family_errors_name_the_bad_part(spec: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=re.escape(fragment)):
        parse_matrix(spec)
