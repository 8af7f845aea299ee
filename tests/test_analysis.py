"""grundy.analysis on any ruleset, from its declared capabilities alone: game-tree sizes
(000 §2.4), SG pairs and the Gurvich–Ho classes (000 §2.3, §6), counts by value,
sweeps over families, per-box tables, and the `stats` / `count` / `classify` commands.

Each is run on several games: LCTR and Downright (closed forms, their own counts and
tree sizes), Column-Row (a compiled kernel), Boolean matrices (components, no size,
no table) and games written in the test (a `Ruleset` subclass, a `FunctionRuleset`).
The LCTR-specific counts and tree sizes are in test_lctr_counts.py and
test_lctr_trees.py.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterator
from math import comb

import pytest

import grundy
from grundy import FunctionRuleset, Partition, PartitionRuleset, Ruleset, Solver, get_ruleset
from grundy.analysis import (
    box_values,
    classify,
    classify_sizes,
    count,
    count_table,
    enumerated_count_table,
    sg_pairs,
    stats,
    sweep,
    tree_size,
)
from grundy.analysis.tree_size import TreeSize
from grundy.cli import main
from grundy.games.matrix.matrix import BoolMatrix, parse_matrix
from grundy.partition import partitions, partitions_up_to, rectangle, staircase

GAMES = ("lctr", "downright")
PARTITION_GAMES = ("lctr", "downright", "cr")


def positions(game: str, n_max: int) -> Iterator[Partition]:
    allows_empty = get_ruleset(game).allows_empty
    for lam in partitions_up_to(n_max):
        if lam or allows_empty:
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


class CornerRemoval(PartitionRuleset):
    """Remove one corner box of a Young diagram: SG(λ) = |λ| mod 2, many paths per state."""

    name = "test-corner-removal"
    conjugation_invariant = True

    def options(self, position: Partition) -> Iterator[tuple[int, Partition]]:
        rows = position.to_list()
        for i, _ in position.corners():
            yield i, Partition([*rows[:i], rows[i] - 1, *rows[i + 1 :]])


def top_or_left(p: Partition) -> list[Partition]:
    """LCTR as a plain function: remove the top row or the left column."""
    return [p.sub(1, 0), p.sub(0, 1)] if p else []


CORNERS = CornerRemoval()
LCTR_FUNCTION = FunctionRuleset(
    top_or_left, name="test-lctr-function", canonical=Partition.conjugation_canonical
)
MATRICES = ["1", "11;01", "110;011", "101;011;110", "1100;0110;0011", "111;101;010", "10;01"]


# --------------------------------------------------------------- tree size
@pytest.mark.parametrize("game", [*PARTITION_GAMES, CORNERS, LCTR_FUNCTION])
def test_tree_size_matches_tree_expansion(game: str | Ruleset) -> None:
    rules = get_ruleset(game)
    for lam in partitions_up_to(8):
        if lam or getattr(rules, "allows_empty", True):
            assert tree_size(rules, lam) == expand_tree(rules, lam), (rules.name, lam)


def test_tree_size_on_other_games() -> None:
    for heap in range(12):
        assert tree_size(Subtraction(), heap) == expand_tree(Subtraction(), heap)
    # heap h: a(h) = 1 + a(h-1) + a(h-2), a(0) = 1, a(1) = 2, so a(h) = F(h+3) − 1;
    # the leaves are the plays, F(h+1)
    assert tree_size(Subtraction(), 30) == (3524578 - 1, 1346269, 31, 30)
    for text in MATRICES:
        m = parse_matrix(text)
        assert tree_size("matrix", m) == expand_tree("matrix", m), text
    # positions as the ruleset writes them, not up to symmetry: [2,1] reaches [2] and [1,1]
    assert tree_size(CORNERS, "2,1") == (7, 2, 5, 3)


def test_stats_public_api() -> None:
    """`stats` takes the ruleset's tree_size capability where it has one, the walk
    otherwise; both give the same numbers."""
    assert grundy.stats("lctr", "4^3") == {"nodes": 69, "leaves": 35, "states": 13, "height": 6}
    assert stats(Subtraction(), 3) == tree_size(Subtraction(), 3).as_dict()
    # [2,1] → [1] (two ways), [2], [1,1]; [2] and [1,1] are distinct states
    assert stats("cr", "2,1") == {"nodes": 17, "leaves": 10, "states": 5, "height": 3}
    assert stats(LCTR_FUNCTION, "4^3") == stats("lctr", "4^3")  # the walk, the same game
    assert stats("matrix", "11;01") == tree_size("matrix", parse_matrix("11;01")).as_dict()
    # α of a corner-removal game on the rectangle: the standard Young tableaux of
    # every sub-shape, here counted as play prefixes
    assert stats(CORNERS, "2^2")["leaves"] == 2 and stats(CORNERS, "3^2")["leaves"] == 5


def test_stats_reports_the_walk() -> None:
    seen: list[int] = []
    sizes = stats("cr", "9,8,7,6,5,4,3,2,1", progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] <= sizes["states"]
    assert sizes == stats("cr", "9,8,7,6,5,4,3,2,1")


def test_tree_size_errors() -> None:
    with pytest.raises(ValueError, match="states"):
        tree_size(Subtraction(), 100, max_states=10)
    with pytest.raises(ValueError, match="itself"):
        tree_size(Graph({"a": ["b"], "b": ["a"]}), "a")
    with pytest.raises(ValueError, match="bad partition token"):
        stats("cr", "3,x")
    with pytest.raises(ValueError, match="unknown game"):
        stats("no-such-game", "3")


# ------------------------------------------------------------------ sweeps
def test_sweep() -> None:
    rows = sweep("lctr", "rectangle", r=range(1, 5), c=range(1, 5), misere=None, with_stats=True)
    assert len(rows) == 16
    reference = Solver(get_ruleset("lctr"), fast=False)
    for row in rows:
        lam = rectangle(row["r"], row["c"])
        assert row["position"] == str(lam)
        assert row["value"] == reference.value(lam)
        assert row["misere_value"] == reference.value(lam, True)
        assert row["nodes"] == 2 * comb(row["r"] + row["c"], row["r"]) - 1
    # 000 Lemma 3: SG(D(P_n)) = (n - 1) mod 2
    rows = sweep("downright", "staircase", r=range(1, 12))
    assert [row["value"] for row in rows] == [(r - 1) % 2 for r in range(1, 12)]
    assert sweep("lctr", lambda k: [k, k], k=[3])[0]["position"] == "3^2"
    with pytest.raises(ValueError, match="family"):
        sweep("lctr", "blob", r=[1])
    with pytest.raises(ValueError, match="range"):
        sweep("lctr", "staircase")
    with pytest.raises(TypeError, match="family"):
        sweep("lctr", 3, r=[1])  # type: ignore[arg-type]


def test_sweep_on_other_games() -> None:
    # 003 §2 / 002: Column-Row on the staircases U_n
    rows = sweep("cr", "staircase", r=range(1, 11), misere=True)
    reference = Solver(get_ruleset("cr"), fast=False)
    assert [row["value"] for row in rows] == [
        reference.value(staircase(r), True) for r in range(1, 11)
    ]
    assert [row["value"] for row in sweep("cr", "staircase", r=range(1, 11))] == [
        1, 0, 1, 0, 1, 0, 2, 0, 2, 0,
    ]  # fmt: skip
    # any game, any family: identity matrices of side n (n disjoint 1s: n mod 2)
    identity = sweep("matrix", lambda n: [[int(i == j) for j in range(n)] for i in range(n)],
                     n=range(1, 7), with_stats=True)  # fmt: skip
    assert [row["value"] for row in identity] == [n % 2 for n in range(1, 7)]
    assert identity[1]["position"] == "10;01" and identity[1]["nodes"] == 1 + 4 * 3
    rows = sweep(LCTR_FUNCTION, "gamma", r=range(1, 4), c=range(1, 4), misere=None)
    assert rows == sweep("lctr", "gamma", r=range(1, 4), c=range(1, 4), misere=None)


# ------------------------------------------------------------------- pairs
@pytest.mark.parametrize("game", PARTITION_GAMES)
def test_sg_pairs_against_the_reference_solver(game: str) -> None:
    pairs = sg_pairs(game, positions(game, 10))
    rules = get_ruleset(game)
    solver = Solver(rules, fast=False)
    for pos, (normal, misere) in pairs.items():
        assert pos == rules.canonical(pos)
        assert (solver.value(pos), solver.value(pos, True)) == (normal, misere)
    if game in GAMES:  # 000 Lemma 18: no (0, 2)- and no (2, 0)-positions
        assert (0, 2) not in pairs.values() and (2, 0) not in pairs.values()


def test_sg_pairs_on_other_games() -> None:
    pairs = sg_pairs(CORNERS, ["3,2,1"])
    assert all(pair == (lam.size % 2, (lam.size + 1) % 2) for lam, pair in pairs.items())
    staircase_3 = staircase(3)
    inside = [lam for lam in positions("lctr", 6) if all(
        p <= staircase_3.part(i) for i, p in enumerate(lam.parts(), start=1)
    )]  # fmt: skip
    assert list(pairs) == sorted({CORNERS.canonical(lam) for lam in inside}, key=Partition.sort_key)
    m = sg_pairs("matrix", ["110;011"])
    reference = Solver(grundy.games.matrix.matrix.PLAIN_MATRIX, fast=False)
    for pos, (normal, misere) in m.items():
        assert isinstance(pos, BoolMatrix)
        assert (reference.value(pos), reference.value(pos, True)) == (normal, misere)
    assert sg_pairs(LCTR_FUNCTION, ["3,1"]) == sg_pairs("lctr", ["3,1"])


@pytest.mark.parametrize("game", GAMES)
def test_theorem_19(game: str) -> None:
    """000 Theorem 19: LCTR and Downright are domestic and returnable, neither tame nor forced
    (checked on every partition of size ≤ 12 and everything they reach)."""
    result = classify_sizes(game, 12)
    holds = {name: answer["holds"] for name, answer in result["classes"].items()}
    assert holds == {
        "domestic": True,
        "tame": False,
        "pet": False,
        "forced": False,
        "returnable": True,
    }
    assert result["max_n"] == 12 and result["game"] == game
    # not tame because of (2,1)-positions; not forced: a (1,0) -> (2,2) or (0,1) -> (2,2) move
    assert result["classes"]["tame"]["counterexample"]["pair"] == [2, 1]
    assert result["classes"]["forced"]["counterexample"]["move_to_pair"] == [2, 2]


def test_theorem_19_smallest_counterexamples_lctr() -> None:
    classes = classify_sizes("lctr", 8)["classes"]
    # [3] is (1,0) and moves to [2], a (2,2)-position; nothing smaller violates "forced".
    assert classes["forced"]["counterexample"] == {
        "position": "1^3",
        "pair": [1, 0],
        "move_to": "1^2",
        "move_to_pair": [2, 2],
    }
    assert classes["tame"]["counterexample"] == {"position": "2^3", "pair": [2, 1]}


def test_classify_on_other_games() -> None:
    # removing one corner alternates (0,1) and (1,0) all the way: every class holds
    result = classify_sizes(CORNERS, 7)
    assert all(a["holds"] for a in result["classes"].values())
    assert set(result["pairs"]) == {"(0,1)", "(1,0)"}
    # the function game is LCTR itself, with the same canonical form
    lctr, function = classify_sizes("lctr", 6), classify(LCTR_FUNCTION, partitions_up_to(6))
    assert (lctr["pairs"], lctr["classes"]) == (function["pairs"], function["classes"])
    # Column-Row and matrices through the same code
    cr = classify_sizes("cr", 8)
    assert cr["positions"] == len(sg_pairs("cr", positions("cr", 8)))
    m = classify("matrix", MATRICES)
    assert m["game"] == "matrix" and sum(m["pairs"].values()) == m["positions"]
    with pytest.raises(ValueError, match="no notion of position size"):
        classify_sizes("matrix", 3)
    # a function game on partitions has sizes: all partitions of n
    assert classify_sizes(LCTR_FUNCTION, 6)["classes"] == lctr["classes"]
    with pytest.raises(ValueError, match="non-negative"):
        classify_sizes("cr", -1)


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
    for game in (*GAMES, "cr", "chomp", CORNERS):
        rules = get_ruleset(game)
        table = count_table(game, 16, misere, method)
        solver = Solver(rules, fast=False)
        for n in range(17):
            direct: dict[int, int] = {}
            for lam in partitions(n):
                if lam or rules.allows_empty:
                    v = solver.value(lam, misere)
                    direct[v] = direct.get(v, 0) + 1
            assert table[n] == dict(sorted(direct.items())), (rules.name, misere, n)


def test_count_methods_use_the_declared_capabilities(monkeypatch: pytest.MonkeyPatch) -> None:
    """auto: the ruleset's count_table, else its kernel's census (one size at a time),
    else enumeration; enumerate: always enumeration."""
    cr = get_ruleset("cr")
    census: list[int] = []
    real = type(cr.kernel).tally

    def spy(self, n, misere=False, valued=None):  # type: ignore[no-untyped-def]
        census.append(n)
        return real(self, n, misere, valued)

    monkeypatch.setattr(type(cr.kernel), "tally", spy)
    auto = count_table("cr", 12)
    assert census == list(range(13))
    assert count_table("cr", 12, method="enumerate") == auto and census == list(range(13))
    assert enumerated_count_table("cr", 12) == auto
    # a kernel that declines the census falls back to enumeration
    monkeypatch.setattr(type(cr.kernel), "can_census", lambda *args, **kw: False)
    assert count_table("cr", 12) == auto and census == list(range(13))


def test_count_progress() -> None:
    seen: list[tuple[int, int]] = []
    count_table(CORNERS, 6, progress=lambda done, total: seen.append((done, total)))
    # in positions (the partitions of each size), as each size is counted
    p = [len(list(partitions(n))) for n in range(17)]
    assert seen == [(sum(p[: n + 1]), sum(p[:7])) for n in range(7)]
    seen.clear()
    count_table("lctr", 16, method="enumerate", progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (sum(p), sum(p)) and len(seen) == 17


def test_counts_of_other_games() -> None:
    # corner removal: every partition of n has value n mod 2, misère (n + 1) mod 2
    p = [len(list(partitions(n))) for n in range(9)]
    assert count_table(CORNERS, 8) == [{n % 2: p[n]} for n in range(9)]
    assert count(CORNERS, 8, misere=True) == {1: p[8]}
    assert count("cr", 6) == {0: 2, 1: 1, 2: 4, 3: 4}


def test_count_errors() -> None:
    with pytest.raises(ValueError, match="method"):
        count("lctr", 5, method="guess")
    with pytest.raises(ValueError, match="method"):
        count("lctr", 5, method="durfee")  # gone: "auto" uses the Durfee window
    with pytest.raises(ValueError, match="non-negative"):
        count("lctr", -1)
    with pytest.raises(ValueError, match="no notion of position size"):
        count(Subtraction(), 3)
    with pytest.raises(ValueError, match="no notion of position size"):
        count("matrix", 3)
    assert count(LCTR_FUNCTION, 9) == count("lctr", 9)  # partitions: counted by enumeration
    with pytest.raises(TypeError):
        count("lctr", 2.5)  # type: ignore[arg-type]


# ------------------------------------------------------------ box tables
@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("game", [*PARTITION_GAMES, CORNERS])
def test_box_values_against_the_reference_solver(game: str | Ruleset, misere: bool) -> None:
    """λ[i, j] in box (i, j) (000 Figure 5), by value_table, the kernel or the solver."""
    rules = get_ruleset(game)
    solver = Solver(rules, fast=False)
    for lam in [*positions("lctr", 6), Partition.parse("8,7,6,5^2,2,1")]:
        if not lam and not rules.allows_empty:
            continue
        expected = [[solver.value(lam.sub(i, j), misere) for j in range(p)]
                    for i, p in enumerate(lam.parts())]  # fmt: skip
        assert box_values(rules, lam, misere) == expected, (rules.name, str(lam))


def test_box_values_errors() -> None:
    with pytest.raises(ValueError, match="no per-box table"):
        box_values("matrix", "11;01")
    assert box_values(LCTR_FUNCTION, "3,1") == box_values("lctr", "3,1")  # partition default
    with pytest.raises(ValueError, match="no per-box table"):
        box_values(Subtraction(), 3)
    assert box_values("cr", "3,1") == [[3, 2, 1], [1]]  # 002 Thm 4.1: Γ_{2,3} is worth 3


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
    status, out, _ = run_cli(capsys, "stats", "matrix", "110;011", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["position"] == "110;011"
    assert {k: data[k] for k in ("nodes", "leaves", "states", "height")} == stats(
        "matrix", "110;011"
    )


def test_cli_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "count", "cr", "--n", "4..6", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["counts"]["6"] == {"0": 2, "1": 1, "2": 4, "3": 4}
    assert data["method"] == "auto" and list(data["counts"]) == ["4", "5", "6"]
    status, out, _ = run_cli(capsys, "count", "cr", "--n", "6", "--method", "enumerate")
    assert status == 0 and "value 3" in out
    status, out, _ = run_cli(capsys, "count", "downright", "--n", "5", "--misere")
    assert status == 0 and "value" in out


def test_cli_count_sums_plot_and_store(
    tmp_path, capsys: pytest.CaptureFixture[str], private_results_store
) -> None:
    status, out, _ = run_cli(capsys, "count", "pnim", "--sums", "--n", "1..8", "--json",
                             "--plot", str(tmp_path / "c.png"))  # fmt: skip
    data = json.loads(out)
    assert status == 0 and data["sums"]
    assert [sum(data["counts"][str(n)].values()) for n in range(1, 9)] == [
        1,
        3,
        6,
        14,
        27,
        58,
        111,
        223,
    ]  # multisets of partitions, OEIS A001970
    assert data["counts"]["2"] == {"0": 1, "2": 2}  # [1] + [1] is the only P-position
    assert (tmp_path / "c.png").read_bytes()[:4] == b"\x89PNG"
    # the tallies of the single partitions went to the store (sums are derived, not kept)
    status, out, _ = run_cli(capsys, "store", "list", "--json")
    assert status == 0 and "pnim" in out
    status, _, err = run_cli(capsys, "count", "cr", "--sums", "--n", "3")
    assert status == 2 and "not played on sums" in err
    status, _, err = run_cli(capsys, "count", "pnim", "--sums", "--misere", "--n", "3")
    assert status == 2 and "normal play only" in err
    status, _, err = run_cli(capsys, "count", "cr", "--n", "3", "--plot", str(tmp_path / "c.txt"))
    assert status == 2 and "use a file ending in" in err and not (tmp_path / "c.txt").exists()


def test_classify_refuses_more_positions_than_it_can_hold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run_cli(capsys, "classify", "lctr", "--max-n", "100")  # 1.9e8 positions
    assert status == 2 and "more than 1,000,000 positions of size ≤ 100" in err


def test_classify_reports_its_progress() -> None:
    seen: list[tuple[int, int]] = []
    result = classify_sizes("lctr", 14, lambda done, total: seen.append((done, total)))
    assert seen[-1] == (result["positions"], result["positions"])
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_cli_classify(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "classify", "downright", "--max-n", "10", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["classes"]["domestic"]["holds"] and not data["classes"]["forced"]["holds"]
    # Downright's smallest (2,1)-position has 13 boxes, so below that it looks tame
    assert data["classes"]["tame"]["holds"]
    status, out, _ = run_cli(capsys, "classify", "lctr", "--max-n", "6")
    assert status == 0 and "returnable" in out
    status, out, _ = run_cli(capsys, "classify", "cr", "--max-n", "5", "--json")
    assert status == 0 and json.loads(out) == classify_sizes("cr", 5)


@pytest.mark.parametrize(
    "args",
    [
        ("count", "lctr", "--n", "5..3"),
        ("count", "lctr", "--n", "x"),
        ("count", "lctr", "--n", "3", "--method", "durfee"),
        ("count", "nosuchgame", "--n", "3"),
        ("count", "matrix", "--n", "3"),
        ("stats", "lctr", "3,x"),
        ("stats", "downright", "[]"),
        ("stats", "matrix", "12;01"),
        ("classify", "lctr", "--max-n", "-2"),
        ("classify", "matrix", "--max-n", "2"),
    ],
)
def test_cli_bad_input(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    status, out, err = run_cli(capsys, *args)
    assert status == 2
    assert out == ""
    assert err.startswith("grundy: error:") and err.count("\n") == 1


def test_count_oeis_b_file(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    """A b-file of P-positions: A373457 for LCTR, the new sequences for other games."""
    out = tmp_path / "b.txt"
    status, _, err = run_cli(capsys, "count", "lctr", "--n", "1..12", "--oeis", str(out))
    assert (status, err) == (0, f"wrote {out}\n")
    assert out.read_text().split("\n")[:4] == ["1 0", "2 0", "3 1", "4 3"]  # A373457
    status, _, _ = run_cli(capsys, "count", "chomp", "--n", "1..8", "--oeis", str(out),
                           "--oeis-value", "1")  # fmt: skip
    table = count_table("chomp", 8)
    assert out.read_text() == "".join(f"{n} {table[n].get(1, 0)}\n" for n in range(1, 9))
    status, _, err = run_cli(capsys, "count", "cr", "--n", "3", "--oeis", "/no/dir/b.txt")
    assert status == 2 and "does not exist" in err
