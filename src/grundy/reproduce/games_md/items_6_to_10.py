"""docs/games.md, items 6–10 and the CRIM conjecture: Corner, Consecutive Corner, SCC,
Anticorner, PNim and CRIM.
"""

from __future__ import annotations

from grundy.partition import Partition, rectangle
from grundy.reproduce import rows
from grundy.reproduce.games_md.games_setting import (
    GAMES,
    children,
    diagram_family,
    game_value,
    worked_example,
)
from grundy.reproduce.rows import Outcome, Verdict
from grundy.reproduce.shared import diagrams


# ------------------------------------------------------------ 6.–9. corners
@GAMES.statement("Corner: worked example", "Corner: [3,2,1] has 7 options; G = 4")
def _corner_example(quick: bool) -> Outcome:
    return worked_example("corner", 4, count=7)


@GAMES.statement(
    "Consecutive Corner: worked example", "Consecutive Corner: [3,2,1] has 6 options; G = 4"
)
def _consecutive_corner_example(quick: bool) -> Outcome:
    return worked_example("consecutive-corner", 4, count=6)


@GAMES.statement(
    "SCC: worked example", "SCC: [3,2,1] → [2,2,1], [2,1,1], [2,1], [3,2], [3,1]; G = 0"
)
def _scc_example(quick: bool) -> Outcome:
    return worked_example("scc", 0, ["2,2,1", "2,1,1", "2,1", "3,2", "3,1"])


@GAMES.statement(
    "Anticorner: worked example", "Anticorner: [3,2,1] → [2,2,1], [1,1,1], [3], [3,2]; G = 0"
)
def _anticorner_example(quick: bool) -> Outcome:
    return worked_example("anticorner", 0, ["2,2,1", "1,1,1", "3", "3,2"])


def _anticorner_boxes(lam: Partition, exception: bool) -> set[tuple[int, int]]:
    """docs/games.md item 9's candidate boxes (1-based), with or without the [1] exception."""
    parts = lam.to_list()
    boxes = {(1, parts[0])}
    if not (exception and parts == [1]):
        boxes.add((len(parts), 1))
    boxes |= {(i, parts[i]) for i in range(1, len(parts)) if parts[i] < parts[i - 1]}
    return boxes


def _bite(lam: Partition, box: tuple[int, int]) -> Partition:
    """Delete every box (i′, j′) ≥ (i, j) (1-based)."""
    i, j = box
    return Partition(p if r < i else min(p, j - 1) for r, p in enumerate(lam.to_list(), 1))


def _anticorner_options(lam: Partition, exception: bool) -> set[Partition]:
    return {_bite(lam, box) for box in _anticorner_boxes(lam, exception)}


diagram_family(
    "Anticorner: [1] exception",
    "Anticorner: the first box of the bottom row is a candidate, 'not allowed when λ = [1]'",
    lambda lam: (
        _anticorner_options(lam, True)
        == _anticorner_options(lam, False)
        == children("anticorner", lam)
    ),
    (10, 16),
    "the options of every λ with n ≤ {top}, with and without the exception",
    "grundy moves anticorner 1",
    "the exception changes the options",
    note=lambda top: (
        "the exception changes nothing: for [1] the first box of the bottom row is "
        "the last box of row 1, so [1] → [] either way and "
        f"G([1]) = {game_value('anticorner', '1')} "
        "(it does not make [1] terminal as Chomp's poison does)"
    ),
    shows=rows.no_command,
)


# ------------------------------------------------------------------ 10. PNim
def _hook(lam: Partition) -> int:
    return lam.largest + lam.length - 1


def _contains(big: Partition, small: Partition) -> bool:
    return all(big.part(i) >= p for i, p in enumerate(small.to_list(), start=1))


def _value_one_shape(lam: Partition) -> bool:
    """λ = (1), or (r, r, r−1, …, 2) ⊆ λ ⊆ (r^r) for some r ≥ 2, as docs/games.md writes it."""
    if lam == Partition([1]):
        return True
    for r in range(2, lam.size + 1):
        low = Partition([r, *range(r, 1, -1)])
        if low.size > lam.size:
            break
        if _contains(lam, low) and _contains(rectangle(r, r), lam):
            return True
    return False


@GAMES.statement("PNim: bound", "PNim: G(λ) ≤ λ1 + ℓ(λ) − 1 and the bound is attained")
def _pnim_bound(quick: bool) -> Outcome:
    top = 14 if quick else 22
    lams = diagrams(top)
    checked = f"every λ with n ≤ {top}"
    below = [lam for lam in lams if game_value("pnim", lam) < _hook(lam)]
    one_rows = sum(game_value("pnim", [n]) == n for n in range(1, top + 1))
    return rows.first_failed(
        lambda: rows.verified_unless(
            rows.first_failure(lams, lambda lam: game_value("pnim", lam) <= _hook(lam)),
            checked,
            false_note="the bound fails",
            describe=lambda lam: f"G([{lam}]) = {game_value('pnim', lam)} > {_hook(lam)}",
            shows=lambda lam: f"grundy value pnim {lam}",
        ),
        lambda: rows.verified_unless(
            "[1]" if len(below) == len(lams) else None,
            checked,
            false_note="the bound is never attained",
            describe=lambda _: f"G([1]) = {game_value('pnim', '1')}",
            shows=lambda _: "grundy value pnim 1",
        ),
        lambda: rows.verified_unless(
            below[0] if below else None,
            checked,
            verdict=Verdict.WORDING,
            command="grundy value pnim 5",
            false_note=f"the bound holds and is sharp ([n] attains it for {one_rows} of the {top} "
            f"n ≤ {top}; {len(lams) - len(below)} of the {len(lams)} partitions attain it), but "
            "not every λ attains it: true read as 'attained for some λ', false as 'for every λ'",
            describe=lambda lam: f"G([{lam}]) = {game_value('pnim', lam)} < {_hook(lam)}",
            shows=lambda lam: f"grundy value pnim {lam}",
        ),
    )


diagram_family(
    "PNim: value 1",
    "PNim: G(λ) = 1 exactly when λ = (1) or (r, r, r−1, …, 2) ≤ λ ≤ (r^r) in Young's "
    "lattice for some r ≥ 2",
    lambda lam: (game_value("pnim", lam) == 1) == _value_one_shape(lam),
    (16, 24),
    "every λ with n ≤ {top} (both directions)",
    "grundy value pnim 4,4,3,2",
    "the characterisation fails",
    describe=lambda lam: (
        f"G([{lam}]) = {game_value('pnim', lam)}, in the interval: {_value_one_shape(lam)}"
    ),
)


# ------------------------------------------------------------------- CRIM
diagram_family(
    "CRIM: even-rank conjecture",
    "every P-position of CRIM (Column-Row) has even rank λ1 − ℓ(λ)",
    lambda lam: game_value("cr", lam) != 0 or (lam.largest - lam.length) % 2 == 0,
    (18, 24),
    "every λ with n ≤ {top} (exhaustive search; to n = 110 by the atlas, see 'games new')",
    'grundy conjecture cr --n 1..20 --when "value == 0" --then "rank % 2 == 0"',
    "a P-position of odd rank",
    describe=lambda lam: f"[{lam}] is a P-position of odd rank",
)
