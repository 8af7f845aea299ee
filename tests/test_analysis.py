"""grundy.analysis: tree sizes (000 §7.2–7.3), SG pairs and classes (000 §2.3, §6),
counts over partitions (OEIS A373457), and the `stats` / `count` / `classify` commands."""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterator
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.analysis import classify, count, count_table, sg_pairs, stats, sweep, tree_size
from grundy.analysis.sg_pairs import classify_sizes as classify_partitions
from grundy.analysis.tree_size import TreeSize
from grundy.games.lctr_counts import durfee_count_table, enumerated_count_table
from grundy.games.lctr_trees import conjecture_27, max_nodes, max_nodes_by_rows, partition_stats
from grundy.partition import partition_numbers, partitions, partitions_up_to
from grundy.cli import main
from grundy import Ruleset, Solver, get_ruleset
from grundy.partition import Partition, gamma, rectangle, staircase

GAMES = ("lctr", "downright")

# OEIS A373457, n = 1..50: partitions of n with LCTR value 0.
A373457 = [
    0, 0, 1, 3, 3, 4, 7, 11, 12, 17, 24, 34, 40, 54, 73, 100, 125, 164, 208, 270, 337, 428,
    534, 673, 828, 1033, 1276, 1584, 1938, 2385, 2909, 3559, 4318, 5252, 6346, 7678, 9230,
    11108, 13309, 15953, 19034, 22719, 27019, 32132, 38084, 45129, 53326, 62988, 74200, 87371,
]  # fmt: skip
# p(n), A000041, n = 0..20
PARTITION_NUMBERS = [1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56, 77, 101, 135, 176, 231, 297, 385,
                     490, 627]  # fmt: skip


def positions(game: str, n_max: int) -> Iterator[Partition]:
    for lam in partitions_up_to(n_max):
        if lam or game == "lctr":
            yield lam


def expand_tree(game: str | Ruleset, position: Hashable) -> TreeSize:
    """Brute force: expand the game tree node by node (only for small trees)."""
    rules = get_ruleset(game)
    nodes = leaves = height = 0
    seen = set()
    stack = [(position, 0)]
    while stack:
        pos, depth = stack.pop()
        nodes += 1
        seen.add(pos)
        height = max(height, depth)
        kids = [child for _, child in rules.options(pos)]
        if not kids:
            leaves += 1
        stack.extend((child, depth + 1) for child in kids)
    return TreeSize(nodes, leaves, len(seen), height)


class Graph(Ruleset):
    """A finite game given by its edges (for tests of the generic code)."""

    name = "test-graph"

    def __init__(self, edges: dict[str, list[str]]) -> None:
        self.edges = edges

    def options(self, position: str) -> list[tuple[str, str]]:
        return [(f"{position}->{q}", q) for q in self.edges[position]]


class Subtraction(Ruleset):
    """Take 1 or 2 from a heap: many paths to each state."""

    name = "test-subtraction"

    def options(self, position: int) -> list[tuple[int, int]]:
        return [(k, position - k) for k in (1, 2) if k <= position]


# ------------------------------------------------------------- enumeration
def test_partitions_enumerates_each_partition_once() -> None:
    for n, expected in enumerate(PARTITION_NUMBERS):
        parts = list(partitions(n))
        assert len(parts) == expected == len(set(parts))
        assert all(lam.size == n for lam in parts)
    with pytest.raises(ValueError):
        list(partitions(-1))


# --------------------------------------------------------------- tree size
def test_tree_size_matches_tree_expansion() -> None:
    for game in GAMES:
        for lam in positions(game, 9):
            assert tree_size(game, lam) == expand_tree(game, lam), (game, lam)
    for heap in range(12):
        assert tree_size(Subtraction(), heap) == expand_tree(Subtraction(), heap)
    # heap h: a(h) = 1 + a(h-1) + a(h-2), a(0) = 1, a(1) = 2, so a(h) = F(h+3) − 1;
    # the leaves are the plays, F(h+1)
    assert tree_size(Subtraction(), 30) == (3524578 - 1, 1346269, 31, 30)


def test_partition_stats_matches_generic_walk() -> None:
    for game in GAMES:
        for lam in positions(game, 13):
            assert partition_stats(game, lam) == tree_size(game, lam), (game, lam)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=12))
def test_partition_stats_matches_generic_walk_random(parts: list[int]) -> None:
    lam = Partition(parts)
    for game in GAMES:
        assert partition_stats(game, lam) == tree_size(game, lam)


def test_stats_public_api() -> None:
    assert grundy.stats("lctr", "4^3") == {"nodes": 69, "leaves": 35, "states": 13, "height": 6}
    assert stats(Subtraction(), 3) == tree_size(Subtraction(), 3).as_dict()


@pytest.mark.parametrize("r", range(1, 8))
@pytest.mark.parametrize("c", range(1, 8))
def test_table_1_gamma_and_rectangle(r: int, c: int) -> None:
    """000 Table 1, rows for the gamma Γ_{r,c} and the rectangle ⊞_{r,c} (states, α, ϱ)."""
    g = gamma(r, c)
    lg, dg = stats("lctr", g), stats("downright", g)
    if min(r, c) == 1:
        assert (lg["states"], lg["nodes"], lg["leaves"]) == (r + c, 2 * r + 2 * c - 1, r + c)
        assert (dg["states"], dg["nodes"], dg["leaves"]) == (r + c - 1, r + c - 1, 1)
    else:
        assert (lg["states"], lg["nodes"], lg["leaves"]) == (r + c - 1, 2 * r + 2 * c - 1, r + c)
        assert (dg["states"], dg["nodes"], dg["leaves"]) == (r + c - 2, r + c - 1, 2)
    b = rectangle(r, c)
    lb, db = stats("lctr", b), stats("downright", b)
    assert (lb["states"], lb["nodes"], lb["leaves"]) == (
        r * c + 1,
        2 * comb(r + c, r) - 1,
        comb(r + c, r),
    )
    assert (db["states"], db["nodes"], db["leaves"]) == (
        r * c,
        comb(r + c, r) - 1,
        comb(r + c - 2, r - 1),
    )
    assert lb == tree_size("lctr", b).as_dict()
    assert db == tree_size("downright", b).as_dict()


@pytest.mark.parametrize("r", range(1, 13))
def test_table_1_staircase(r: int) -> None:
    """000 Table 1, staircase rows: L(P_r) has r+1 states, 2^{r+1}−1 nodes, 2^r leaves;
    D(P_r) has r states, 2^r − 1 nodes, 2^{r−1} leaves."""
    s = staircase(r)
    assert stats("lctr", s) == {"nodes": 2 ** (r + 1) - 1, "leaves": 2**r, "states": r + 1,
                                "height": r}  # fmt: skip
    assert stats("downright", s) == {"nodes": 2**r - 1, "leaves": 2 ** (r - 1), "states": r,
                                     "height": r - 1}  # fmt: skip


def test_lemma_24_and_26_rectangles() -> None:
    """000 Lemma 24: α(D(⊞_{r,c})) = C(r+c, r) − 1; Lemma 26: ϱ(L(⊞_{r,c})) = C(r+c, r)."""
    for r in range(1, 15):
        for c in range(1, 15):
            assert stats("downright", rectangle(r, c))["nodes"] == comb(r + c, r) - 1
            assert stats("lctr", rectangle(r, c))["leaves"] == comb(r + c, r)
    # huge rectangles through the run-length path: exact big integers
    big = rectangle(3000, 2000)
    assert stats("downright", big)["nodes"] == comb(5000, 3000) - 1
    assert stats("lctr", big)["leaves"] == comb(5000, 3000)
    assert stats("lctr", big)["states"] == 3000 * 2000 + 1


def test_corollary_23_and_lemma_25_all_small_partitions() -> None:
    """000 Corollary 23: α(L(λ)) = α(D(λ)) + ϱ(L(λ)); Lemma 25: ϱ(D) ≥ 1, ϱ(L) ≥ n + 1,
    both attained by [n]."""
    for lam in positions("downright", 12):
        lt, dt = tree_size("lctr", lam), tree_size("downright", lam)
        assert lt.nodes == dt.nodes + lt.leaves
        assert dt.leaves >= 1 and lt.leaves >= lam.size + 1
    for n in range(1, 20):
        assert stats("lctr", [n])["leaves"] == n + 1
        assert stats("downright", [n])["leaves"] == 1


def test_proposition_28_state_bounds() -> None:
    """000 Proposition 28: states(L(λ)) ≤ n + 1 and states(D(λ)) ≤ n, attained by gammas;
    states ≥ height + 1; λ ⊢ n ≥ C(r+1, 2), λ ≠ P_r has height ≥ r (D) and ≥ r + 1 (L)."""
    for lam in positions("downright", 13):
        n = lam.size
        ls, ds = stats("lctr", lam), stats("downright", lam)
        assert ls["states"] <= n + 1 and ds["states"] <= n
        assert ls["states"] >= ls["height"] + 1 and ds["states"] >= ds["height"] + 1
        for r in range(1, n + 1):
            if comb(r + 1, 2) <= n and lam != staircase(r):
                assert ds["height"] >= r and ls["height"] >= r + 1
    # The bounds are attained exactly by the rectangles (so by the degenerate gammas [n],
    # [1^n], but not by a gamma [c, 1^(r-1)] with min(r, c) > 1: it has n and n - 1 states).
    for n in range(1, 13):
        for lam in partitions(n):
            is_rectangle = len(lam.runs) == 1
            assert (stats("lctr", lam)["states"] == n + 1) == is_rectangle
            assert (stats("downright", lam)["states"] == n) == is_rectangle
        if n >= 3:
            assert stats("lctr", gamma(2, n - 1))["states"] == n


def test_conjecture_27_small_squares() -> None:
    """000 Conjecture 27: among partitions of n², the square maximises α (n ≤ 5 here;
    the findings report n ≤ 8)."""
    for n in range(1, 6):
        for game in GAMES:
            best, winners = max_nodes(game, n * n)
            assert winners == [rectangle(n, n)]
            assert best == stats(game, rectangle(n, n))["nodes"]


def test_max_nodes_by_rows_matches_enumeration() -> None:
    for game in GAMES:
        for size in range(1 if game == "downright" else 0, 23):
            best, winners = max_nodes(game, size)
            assert max_nodes_by_rows(game, size) == (best, len(winners)), (game, size)


@pytest.mark.parametrize("game", GAMES)
def test_conjecture_27_up_to_12(game: str) -> None:
    """000 Conjecture 27 holds, with the square the only maximiser, for n <= 12
    (the findings report n <= 30)."""
    for n in range(1, 13):
        result = conjecture_27(game, n)
        assert result["holds"] and result["maximisers"] == 1, result
        assert result["square_nodes"] == stats(game, rectangle(n, n))["nodes"]


def test_sweep() -> None:
    rows = sweep("lctr", "rectangle", r=range(1, 5), c=range(1, 5), misere=None, with_stats=True)
    assert len(rows) == 16
    for row in rows:
        lam = rectangle(row["r"], row["c"])
        assert row["position"] == str(lam)
        assert row["value"] == Solver(get_ruleset("lctr")).value(lam)
        assert row["misere_value"] == Solver(get_ruleset("lctr")).value(lam, True)
        assert row["nodes"] == 2 * comb(row["r"] + row["c"], row["r"]) - 1
    # 000 Lemma 3: SG(D(P_n)) = (n - 1) mod 2
    rows = sweep("downright", "staircase", r=range(1, 12))
    assert [row["value"] for row in rows] == [(r - 1) % 2 for r in range(1, 12)]
    assert sweep("lctr", lambda k: [k, k], k=[3])[0]["position"] == "3^2"
    with pytest.raises(ValueError, match="family"):
        sweep("lctr", "blob", r=[1])
    with pytest.raises(ValueError, match="range"):
        sweep("lctr", "staircase")


def test_tree_size_errors() -> None:
    with pytest.raises(ValueError, match="states"):
        tree_size(Subtraction(), 100, max_states=10)
    with pytest.raises(ValueError, match="itself"):
        tree_size(Graph({"a": ["b"], "b": ["a"]}), "a")
    with pytest.raises(ValueError, match="max_span"):
        stats("lctr", "1000000000000^7,5^10")
    with pytest.raises(TypeError):
        partition_stats(Subtraction(), 3)


# ------------------------------------------------------------------- pairs
def test_sg_pairs_against_fresh_solver() -> None:
    for game in GAMES:
        pairs = sg_pairs(game, positions(game, 10))
        solver = Solver(get_ruleset(game))
        for pos, (normal, misere) in pairs.items():
            assert (solver.value(pos), solver.value(pos, True)) == (normal, misere)
        # 000 Lemma 18: no (0, 2)- and no (2, 0)-positions
        assert (0, 2) not in pairs.values() and (2, 0) not in pairs.values()


@pytest.mark.parametrize("game", GAMES)
def test_theorem_19(game: str) -> None:
    """000 Theorem 19: LCTR and Downright are domestic and returnable, neither tame nor forced
    (checked on every partition of size ≤ 12 and everything they reach)."""
    result = classify_partitions(game, 12)
    holds = {name: answer["holds"] for name, answer in result["classes"].items()}
    assert holds == {
        "domestic": True,
        "tame": False,
        "pet": False,
        "forced": False,
        "returnable": True,
    }
    # not tame because of (2,1)-positions; not forced: a (1,0) -> (2,2) or (0,1) -> (2,2) move
    assert result["classes"]["tame"]["counterexample"]["pair"] == [2, 1]
    assert result["classes"]["forced"]["counterexample"]["move_to_pair"] == [2, 2]


def test_theorem_19_smallest_counterexamples_lctr() -> None:
    classes = classify_partitions("lctr", 8)["classes"]
    # [3] is (1,0) and moves to [2], a (2,2)-position; nothing smaller violates "forced".
    assert classes["forced"]["counterexample"] == {
        "position": "1^3",
        "pair": [1, 0],
        "move_to": "1^2",
        "move_to_pair": [2, 2],
    }
    assert classes["tame"]["counterexample"] == {"position": "2^3", "pair": [2, 1]}


def test_classes_on_hand_made_games() -> None:
    # a: terminal (0,1); b -> a: (1,0); c -> a, b: (2,2); d -> c: (0,0);
    # y -> d, b: (2,1); x -> b, y: (0,2)
    edges = {"a": [], "b": ["a"], "c": ["a", "b"], "d": ["c"], "y": ["d", "b"], "x": ["b", "y"]}
    result = classify(Graph(edges), ["x"])
    assert result["pairs"] == {"(0,0)": 1, "(0,1)": 1, "(0,2)": 1, "(1,0)": 1, "(2,1)": 1,
                               "(2,2)": 1}  # fmt: skip
    assert result["positions"] == 6
    cls = result["classes"]
    assert not cls["domestic"]["holds"]
    assert cls["domestic"]["counterexample"] == {"position": "x", "pair": [0, 2]}
    assert cls["tame"]["counterexample"] == {"position": "x", "pair": [0, 2]}
    # returnable fails: z (0,1) -> w (2,2) whose options d (0,0), e (1,1) are not (0,1)
    edges2 = {"a": [], "b": ["a"], "c": ["a", "b"], "d": ["c"], "e": ["d"], "w": ["d", "e"],
              "z": ["w", "b"]}  # fmt: skip
    result2 = classify(Graph(edges2), ["z"])
    assert sg_pairs(Graph(edges2), ["z"])["z"] == (0, 1)
    ret = result2["classes"]["returnable"]
    assert not ret["holds"]
    assert ret["counterexample"] == {"position": "z", "pair": [0, 1], "move_to": "w",
                                     "move_to_pair": [2, 2]}  # fmt: skip
    assert not result2["classes"]["forced"]["holds"]
    # Nim heaps (take any number): (0,1), (1,0), (k,k) k ≥ 2 — pet, tame, forced, returnable
    nim = Graph({str(h): [str(k) for k in range(h)] for h in range(6)})
    assert all(a["holds"] for a in classify(nim, ["5"])["classes"].values())


# ------------------------------------------------------------------ counts
@pytest.mark.parametrize(
    ("misere", "method"),
    [(False, "enumerate"), (False, "auto"), (True, "enumerate"), (True, "auto")],
)
def test_counts_against_enumeration_and_solver(misere: bool, method: str) -> None:
    for game in (*GAMES, "cr", "chomp"):
        rules = get_ruleset(game)
        table = count_table(game, 16, misere, method)
        solver = Solver(rules, fast=False)
        for n in range(17):
            direct: dict[int, int] = {}
            for lam in partitions(n):
                if lam or rules.allows_empty:
                    v = solver.value(lam, misere)
                    direct[v] = direct.get(v, 0) + 1
            assert table[n] == dict(sorted(direct.items())), (game, misere, n)


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_durfee_window_counts_match_enumeration(game: str, misere: bool) -> None:
    """000 Corollary 16 / Theorem 11 (normal) and the misère window of width 2
    (`grundy.games.lctr`, "Misère propagation") put to work: the window count
    equals the enumerating count for every n <= 60, and every row sums to p(n)."""
    window = durfee_count_table(game, 60, misere=misere)
    assert window == enumerated_count_table(game, 60, misere)
    p = partition_numbers(60)
    assert all(sum(window[n].values()) == p[n] for n in range(1, 61))
    assert p[60] == 966467


def test_counts_oeis_a373457_and_lemma_7() -> None:
    table = count_table("lctr", 50)
    assert [table[n].get(0, 0) for n in range(1, 51)] == A373457
    assert grundy.count("lctr", 30) == {0: 2385, 1: 2311, 2: 908}
    # 000 Lemma 7: Downright's P-positions are misère LCTR's P-positions
    down = count_table("downright", 40)
    mis = count_table("lctr", 40, misere=True)
    assert all(down[n].get(0, 0) == mis[n].get(0, 0) for n in range(1, 41))
    assert all(sum(table[n].values()) == PARTITION_NUMBERS[n] for n in range(21))
    assert count("downright", 0) == {} and count("lctr", 0, misere=True) == {1: 1}


def test_misere_window_small_durfee_lengths() -> None:
    """d = 0 ([]), d = 1 (the gammas) and d = 2 < 3 are the window itself, exact."""
    assert count("lctr", 0, misere=True) == {1: 1}  # [] is terminal: misère value 1
    assert count("lctr", 1, misere=True) == {0: 1}  # [1] → [] only
    assert count("downright", 1, misere=True) == {1: 1}  # the corner [1]
    assert count("downright", 0, misere=True) == {}
    for game in GAMES:
        solver = Solver(get_ruleset(game))
        table = count_table(game, 8, misere=True)
        for n in range(1, 9):  # every partition of n <= 8 has d <= 2
            direct: dict[int, int] = {}
            for lam in partitions(n):
                v = solver.value(lam, True)
                direct[v] = direct.get(v, 0) + 1
            assert table[n] == dict(sorted(direct.items())), (game, n)


def test_count_errors() -> None:
    with pytest.raises(TypeError, match="misere"):
        durfee_count_table("lctr", 5, misere=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="method"):
        count("lctr", 5, method="guess")
    with pytest.raises(ValueError):
        count("lctr", -1)
    with pytest.raises(ValueError):
        count(Subtraction(), 3)
    with pytest.raises(TypeError):
        count("lctr", 2.5)  # type: ignore[arg-type]


# --------------------------------------------------------------------- CLI
def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_stats(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "stats", "lctr", "4^3", "--json")
    assert status == 0
    assert json.loads(out) == {"game": "lctr", "position": "4^3", "nodes": 69, "leaves": 35,
                               "states": 13, "height": 6}  # fmt: skip
    status, out, _ = run_cli(capsys, "stats", "downright", "3,2,1")
    assert status == 0 and "nodes" in out


def test_cli_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "count", "lctr", "--n", "28..30", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["counts"]["30"] == {"0": 2385, "1": 2311, "2": 908}
    assert list(data["counts"]) == ["28", "29", "30"]
    status, out, _ = run_cli(capsys, "count", "downright", "--n", "5", "--misere")
    assert status == 0 and "value" in out
    for game in GAMES:  # misère: the default (Durfee window) agrees with enumeration
        runs = []
        for extra in ((), ("--method", "enumerate")):
            args = ("count", game, "--n", "1..30", "--misere", "--json", *extra)
            status, out, _ = run_cli(capsys, *args)
            assert status == 0
            runs.append(json.loads(out)["counts"])
        assert runs[0] == runs[1] and runs[0]["30"] == {
            str(v): c for v, c in enumerated_count_table(game, 30, True)[30].items()
        }


def test_cli_classify(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "classify", "downright", "--max-n", "10", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["classes"]["domestic"]["holds"] and not data["classes"]["forced"]["holds"]
    # Downright's smallest (2,1)-position has 13 boxes, so below that it looks tame
    assert data["classes"]["tame"]["holds"]
    status, out, _ = run_cli(capsys, "classify", "lctr", "--max-n", "6")
    assert status == 0 and "returnable" in out


@pytest.mark.parametrize(
    "args",
    [
        ("count", "lctr", "--n", "5..3"),
        ("count", "lctr", "--n", "x"),
        ("count", "nosuchgame", "--n", "3"),
        ("stats", "lctr", "3,x"),
        ("stats", "downright", "[]"),
        ("classify", "lctr", "--max-n", "-2"),
    ],
)
def test_cli_bad_input(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    status, out, err = run_cli(capsys, *args)
    assert status == 2
    assert out == ""
    assert err.startswith("grundy: error:") and err.count("\n") == 1
