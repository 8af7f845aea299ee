"""Paper 000 §7.2 and §7.3: the sizes of the game trees, walked on the state graph
(Corollary 23, Lemmas 24–26, Table 1, Conjecture 27, Proposition 28).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import comb

from grundy.analysis.tree_size import tree_size
from grundy.game import TreeSize
from grundy.games.lctr.lctr_trees import max_nodes_by_rows
from grundy.partition import Partition, gamma, partitions, rectangle, staircase
from grundy.reproduce import rows
from grundy.reproduce.paper000.lctr_setting import (
    GAMES,
    PAPER,
    WALKS,
    run_bound,
    show_parts,
)
from grundy.reproduce.rows import Outcome, Verdict
from grundy.reproduce.shared import positions


@cache
def _walk(game: str, lam: Partition) -> TreeSize:
    """α, ϱ, states and height by walking the state graph (`tree_size`)."""
    return tree_size(game, lam)


# ====================================================================== §7.2
PAPER.family_check(
    "Corollary 23",
    "α(L(λ)) = α(D(λ)) + ϱ(L(λ))",
    cases=lambda top: positions(top, "downright"),
    holds=lambda lam: (
        _walk("lctr", lam).nodes == _walk("downright", lam).nodes + _walk("lctr", lam).leaves
    ),
    **rows.up_to(*WALKS),
    checked="every partition with 1 ≤ n ≤ {top} (game trees walked)",
    command="grundy stats lctr 3,2",
    false_note="the node counts differ",
    shows=lambda lam: f"grundy stats lctr {lam}",
)


def _rectangles(top: int) -> list[tuple[int, int]]:
    """(r, c) for r, c ≤ top, row by row."""
    return [(r, c) for r in range(1, top + 1) for c in range(1, top + 1)]


def _alpha(rc: tuple[int, int]) -> int:
    """α(D(⊞_{r,c})), the game tree walked."""
    return _walk("downright", rectangle(*rc)).nodes


def _eq13(rc: tuple[int, int]) -> bool:
    """The proof's recurrence, Eq. (13), for min(r, c) > 1."""
    r, c = rc
    return _alpha(rc) == (
        _alpha((r - 1, c)) + _alpha((r, c - 1)) - _alpha((r - 1, c - 1)) + comb(r + c - 2, r - 1)
    )


#: What the two steps of Lemma 24 share: ⊞_{r,c} for r, c ≤ 8 (quick) or 14, α walked.
_LEMMA_24 = {
    **rows.up_to(8, 14),
    "checked": "r, c ≤ {top} (game trees walked); the proof's Eq. (13) too",
    "describe": lambda rc: f"⊞_{rc}",
    "shows": lambda rc: f"grundy stats downright {rectangle(*rc)}",
}

PAPER.statement("Lemma 24", "α(D(⊞_{r,c})) = C(r+c, r) − 1")(
    rows.in_turn(
        rows.Family(
            _rectangles,
            lambda rc: _alpha(rc) == comb(rc[0] + rc[1], rc[0]) - 1,
            false_note="α differs",
            **_LEMMA_24,
        ).check,
        # the proof's recurrence, for min(r, c) > 1
        rows.Family(
            lambda top: [rc for rc in _rectangles(top) if min(rc) > 1],
            _eq13,
            false_note="Eq. (13) fails",
            command="grundy stats downright 4^3",
            verdict=Verdict.PROOF_SLIP,
            **_LEMMA_24,
        ).check,
    )
)


def _leaves(game: str, lam: Partition) -> int:
    return _walk(game, lam).leaves


def _leaf_steps(lam: Partition) -> bool:
    """The proof of Lemma 25: removing the last box of λ loses C(r−1 + λ_r−1, r−1) leaves,
    and putting it on the first row (λ̄̄) gains exactly one."""
    parts = list(lam.parts())
    r, last = len(parts), parts[-1]
    bar = Partition([*parts[:-1], last - 1])
    barbar = Partition([parts[0] + 1, *parts[1:-1], last - 1])
    lost = _leaves("lctr", lam) - _leaves("lctr", bar)
    return lost == comb(r - 1 + last - 1, r - 1) and _leaves("lctr", barbar) == (
        _leaves("lctr", bar) + 1
    )


@PAPER.statement(
    "Lemma 25",
    "for λ ⊢ n: ϱ(D(λ)) ≥ 1 and ϱ(L(λ)) ≥ n + 1, both tight",
)
def _lemma_25(quick: bool) -> Outcome:
    top = run_bound(quick, *WALKS)
    cases = positions(top, "downright")
    checked = (
        f"every partition with 1 ≤ n ≤ {top} (game trees walked); the proof's two leaf-count "
        "steps too"
    )
    bound = rows.first_failure(
        cases,
        lambda lam: _leaves("downright", lam) >= 1 and _leaves("lctr", lam) >= lam.size + 1,
    )
    tight = rows.first_failure(
        range(1, top + 1),
        lambda n: (
            _leaves("downright", Partition([n])) == 1 and _leaves("lctr", Partition([n])) == n + 1
        ),
    )
    return rows.first_failed(
        lambda: rows.verified_unless(
            bound if bound is not None else tight,
            checked,
            false_note="a bound fails or is not attained",
            describe=lambda bad: f"[{bad}]" if isinstance(bad, int) else str(bad),
            shows=rows.no_command,
        ),
        lambda: rows.verified_unless(
            rows.first_failure([lam for lam in cases if lam.length >= 2], _leaf_steps),
            checked,
            verdict=Verdict.PROOF_SLIP,
            command="grundy stats lctr 7",
            false_note="a leaf count step of the proof fails",
            shows=lambda lam: f"grundy stats lctr {lam}",
        ),
    )


def _lemma_26_identity(rc: tuple[int, int], what: str) -> bool:
    """The proof: ϱ(L(⊞_{r,c})) = ϱ(D(⊞_{r,c})) − ϱ(D(⊞_{r−1,c−1})) + C(r+c−2, r−1), with
    `what` ("leaves" as printed, or "nodes": α) for the Downright counts."""
    r, c = rc
    d = lambda x: getattr(_walk("downright", rectangle(*x)), what)  # noqa: E731
    return _leaves("lctr", rectangle(r, c)) == d(rc) - d((r - 1, c - 1)) + comb(r + c - 2, r - 1)


def _lemma_26_slip(rc: tuple[int, int]) -> str:
    r, c = rc
    dr, dr1 = _leaves("downright", rectangle(r, c)), _leaves("downright", rectangle(r - 1, c - 1))
    return (
        f"⊞_{{{r},{c}}}: {dr} − {dr1} + {comb(r + c - 2, r - 1)} = "
        f"{dr - dr1 + comb(r + c - 2, r - 1)}, but ϱ(L(⊞_{{{r},{c}}})) = "
        f"{_leaves('lctr', rectangle(r, c))}"
    )


@PAPER.statement("Lemma 26", "ϱ(L(⊞_{r,c})) = C(r+c, r)")
def _lemma_26(quick: bool) -> Outcome:
    top = run_bound(quick, 8, 14)
    cases = _rectangles(top)
    inner = [(r, c) for r, c in cases if min(r, c) > 1]
    checked = f"r, c ≤ {top} (game trees walked); the proof's identity on the same range"
    with_alpha = rows.first_failure(inner, lambda rc: _lemma_26_identity(rc, "nodes"))
    return rows.first_failed(
        lambda: rows.verified_unless(
            rows.first_failure(
                cases, lambda rc: _leaves("lctr", rectangle(*rc)) == comb(rc[0] + rc[1], rc[0])
            ),
            checked,
            false_note="ϱ differs",
            describe=lambda rc: f"⊞_{rc}",
            shows=lambda rc: f"grundy stats lctr {rectangle(*rc)}",
        ),
        lambda: rows.verified_unless(
            rows.first_failure(inner, lambda rc: _lemma_26_identity(rc, "leaves")),
            checked,
            verdict=Verdict.PROOF_SLIP,
            command="grundy stats lctr 4^3",
            false_note=(
                "as the text copy prints it, the proof's identity ϱ(L(⊞_{r,c})) = ϱ(D(⊞_{r,c})) "
                "− ϱ(D(⊞_{r−1,c−1})) + C(r+c−2, r−1) is false; with α(D(·)) in place of "
                "ϱ(D(·)) it "
                + ("holds on the whole range" if with_alpha is None else f"fails at {with_alpha}")
            ),
            describe=_lemma_26_slip,
            shows=lambda rc: (
                f"grundy stats downright {rectangle(*rc)} && grundy stats lctr {rectangle(*rc)}"
            ),
        ),
    )


TableRow = tuple[str, str, Callable[[int, int], Partition], Callable[[int, int], tuple]]


def _table_rows() -> list[TableRow]:
    """000 Table 1 as printed: (game, family, shape, (states, α, ϱ) as functions of r, c)."""
    stair = lambda r, c: staircase(r)  # noqa: E731
    return [
        ("lctr", "Γ min=1", gamma, lambda r, c: (r + c, 2 * r + 2 * c - 1, r + c)),
        ("downright", "Γ min=1", gamma, lambda r, c: (r + c - 1, r + c - 1, 1)),
        ("lctr", "Γ min>1", gamma, lambda r, c: (r + c - 1, 2 * r + 2 * c - 1, r + c)),
        ("downright", "Γ min>1", gamma, lambda r, c: (r + c - 2, r + c - 1, 2)),
        ("lctr", "P_r", stair, lambda r, c: (r + 1, 2 ** (r + 1) - 1, 2**r)),
        ("downright", "P_r", stair, lambda r, c: (r, 2**r - 1, 2 ** (r - 1))),
        ("lctr", "⊞", rectangle, lambda r, c: (r * c + 1, 2 * comb(r + c, r) - 1, comb(r + c, r))),
        (
            "downright",
            "⊞",
            rectangle,
            lambda r, c: (r * c, comb(r + c, r) - 1, comb(r + c - 2, r - 1)),
        ),
    ]


TableCase = tuple[TableRow, int, int]


def _table_cases(top: int, stairs: int) -> list[TableCase]:
    """Each row of Table 1 with its (r, c): P_r for r ≤ stairs, the others for r, c ≤ top."""
    cases: list[TableCase] = []
    for row in _table_rows():
        family = row[1]
        if family == "P_r":
            cases += [(row, r, 0) for r in range(1, stairs + 1)]
        else:
            cases += [
                (row, r, c)
                for r in range(1, top + 1)
                for c in range(1, top + 1)
                if family == "⊞" or (min(r, c) == 1) == (family == "Γ min=1")
            ]
    return cases


def _walked(case: TableCase) -> tuple[int, int, int]:
    """(states, α, ϱ) of the row's game on its shape, the game tree walked."""
    (game, _, shape, _), r, c = case
    t = _walk(game, shape(r, c))
    return t.states, t.nodes, t.leaves


def _table_case_words(case: TableCase) -> str:
    (game, family, shape, printed), r, c = case
    return (
        f"row {game} {family}, {shape(r, c)}: (states, α, ϱ) = {_walked(case)}, printed "
        f"{printed(r, c)}"
    )


PAPER.family_check(
    "Table 1",
    "number of states, α and ϱ of L and D on Γ_{r,c} (min(r, c) = 1 and > 1), P_r and ⊞_{r,c}, "
    "e.g. α(L(⊞_{r,c})) = 2·C(r+c, r) − 1, ϱ(D(⊞_{r,c})) = C(r+c−2, r−1)",
    cases=_table_cases,
    holds=lambda case: _walked(case) == case[0][3](case[1], case[2]),
    quick={"top": 6, "stairs": 10},
    full={"top": 12, "stairs": 16},
    checked="all 8 rows, r, c ≤ {top} and P_r for r ≤ {stairs} (game trees walked)",
    command="grundy stats lctr 4^3",
    false_note="a row of the table differs",
    describe=_table_case_words,
    shows=lambda case: f"grundy stats {case[0][0]} {case[0][2](case[1], case[2])}",
)


def _square_wins_all(case: tuple[str, int]) -> bool:
    """Every partition of n² walked: the square is the unique maximiser of α, and the
    row-weight programme finds the same maximum once."""
    game, n = case
    sizes = {lam: _walk(game, lam).nodes for lam in partitions(n * n)}
    best = max(sizes.values())
    winners = [lam for lam, a in sizes.items() if a == best]
    return winners == [rectangle(n, n)] and max_nodes_by_rows(game, n * n) == (best, 1)


def _square_wins_rows(case: tuple[str, int]) -> bool:
    """The exact row-weight maximisation of α over the partitions of n² is the square, once."""
    game, n = case
    return (_walk(game, rectangle(n, n)).nodes, 1) == max_nodes_by_rows(game, n * n)


@PAPER.statement(
    "Conjecture 27",
    "the number of nodes in the game tree of Downright and of LCTR on a partition of size n² is "
    "maximized by the square ⊞_{n,n}",
)
def _conjecture_27(quick: bool) -> Outcome:
    walked, top = run_bound(quick, 4, 5), run_bound(quick, 10, 30)
    checked = (
        f"both games: every partition of n² walked for n ≤ {walked}; for n ≤ {top} the exact "
        "row-weight maximisation (grundy.games.lctr.lctr_trees.max_nodes_by_rows); the square is "
        "the unique maximiser"
    )
    leaves = {s: _leaves("downright", Partition.parse(s)) for s in ("4,3,2", "3^3")}
    return rows.first_failed(
        lambda: rows.verified_unless(
            rows.first_failure(
                [(g, n) for g in GAMES for n in range(1, walked + 1)], _square_wins_all
            ),
            checked,
            false_note="the square is not the unique maximiser",
            describe=lambda c: f"{c[0]}, n = {c[1]}",
            shows=rows.no_command,
        ),
        lambda: rows.verified_unless(
            rows.first_failure(
                [(g, n) for g in GAMES for n in range(walked + 1, top + 1)], _square_wins_rows
            ),
            checked,
            note=(
                "the sentence before the conjecture (about leaves, citing Lemma 26, which is on "
                f"LCTR) does not carry over to Downright: ϱ(D([4,3,2])) = {leaves['4,3,2']} > "
                f"ϱ(D([3^3])) = {leaves['3^3']} — a new observation, not a contradiction"
            ),
            command="grundy stats downright 4,3,2",
            false_note="a partition beats the square",
            describe=lambda c: f"{c[0]}, n = {c[1]}",
            shows=rows.no_command,
        ),
    )


# ====================================================================== §7.3
def _triangular_root(n: int) -> int:
    """The largest r with C(r+1, 2) ≤ n."""
    return max(r for r in range(n + 1) if r * (r + 1) // 2 <= n)


def _proposition_28_holds(lam: Partition) -> bool:
    n, r = lam.size, _triangular_root(lam.size)
    lt, dt = _walk("lctr", lam), _walk("downright", lam)
    stair = lam == Partition(range(r, 0, -1))
    return (
        lt.states <= n + 1
        and dt.states <= n
        and dt.states >= r
        and lt.states >= r + 1
        and lt.states >= lt.height + 1
        and dt.states >= dt.height + 1
        and (stair or (dt.height >= r and lt.height >= r + 1))
    )


def _proposition_28_note(top: int) -> str:
    """Which partitions attain the bounds, and a proper gamma that does not."""
    cases = positions(top, "downright")
    attain = [
        lam for g in GAMES for lam in cases if _walk(g, lam).states == lam.size + (g == "lctr")
    ]
    rectangles = all(len(lam.runs) == 1 for lam in attain)
    proper = next(
        lam
        for lam in cases
        if lam.length > 1 and lam.runs == ((lam.largest, 1), (1, lam.length - 1))
    )
    return (
        "the proof's 'attained by, for instance, a gamma-shaped partition' holds for the "
        "one-row gammas [n] and [1^n] only: a proper gamma such as "
        f"{show_parts(proper.parts())} has {_walk('lctr', proper).states} LCTR states, not "
        f"{proper.size + 1}; the partitions attaining the bounds are "
        + ("exactly the rectangles" if rectangles else "not only rectangles")
        + f" for n ≤ {top}; Ω(√n) itself is asymptotic"
    )


PAPER.family_check(
    "Proposition 28",
    "for λ ⊢ n, L(λ) and D(λ) have at most n + 1 and n states; both have Ω(√n) states",
    cases=lambda top: positions(top, "downright"),
    holds=_proposition_28_holds,
    **rows.up_to(*WALKS),
    checked="every partition with 1 ≤ n ≤ {top} (game trees walked): both upper bounds; states "
    "≥ r (D) and r + 1 (L) for the largest r with C(r+1, 2) ≤ n; the proof's height bounds",
    note=_proposition_28_note,
    command="grundy stats lctr 3,1",
    false_note="a bound fails",
    shows=lambda lam: f"grundy stats lctr {lam}",
)
