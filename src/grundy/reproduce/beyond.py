"""Values grundy computed beyond the papers, each rechecked in part by every run.

Each result is registered with `new_result` under the paper it extends: what
the values are, how they were found, how long the full recomputation takes
and with which command.  Its check recomputes a part (``quick``) or as much
as fits in a few minutes, and compares with the recorded values: the records
shipped in the package, ``grundy/reproduce/records/`` (the staircase runs, the
b-files; `record`), or, for the two tables
of paper 004 whose values live only in a topic file's Markdown table, the
values transcribed below (`TABLE_4_H`, `TABLE_3_ROWS`).  Where the library's
fast method produced the record, a small range is also recomputed by an
independent route (exhaustive search, the literal formula of the paper, the
interval-by-interval evaluation), so a wrong fast method cannot confirm
itself.

>>> from grundy.reproduce.catalogue import new_results
>>> sorted({r.paper for r in new_results("all")})
['000', '002', '004', 'games']
>>> len(TABLE_4_H), len(TABLE_3_ROWS[24])
(78, 25)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from functools import cache
from importlib.resources import files

import grundy
from grundy import get_ruleset
from grundy.analysis.counts import count_table
from grundy.engine.words import decode
from grundy.games.coin_turning.asm_ruler import asm_ruler_direct, asm_ruler_table
from grundy.games.coin_turning.set_partition_ruler import (
    set_partition_ruler,
    set_partition_ruler_baseline,
)
from grundy.partition import Partition, partitions, staircase
from grundy.reproduce import rows
from grundy.reproduce.rows import Outcome, Verdict, new_result
from grundy.reproduce.shared import sg

#: One step of a recheck: run, it says whether the record holds.
Step = Callable[[], Outcome]


#: h(1), …, h(78): the ruler on Π_n (004 Table 4 to n = 17, then new), transcribed from
#: docs/findings/coin_turning_tables.md §1.
TABLE_4_H: tuple[int, ...] = (
    1, 2, 1, 4, 1, 2, 1, 7, 15, 16, 8, 5, 19, 5, 37, 17, 14, 1, 11, 26,
    92, 21, 256, 95, 18, 90, 48, 277, 25, 322, 285, 99, 140, 9, 329, 41, 352, 10, 16, 284,
    152, 65, 271, 113, 206, 266, 22, 290, 233, 331, 277, 631, 1141, 77, 1909, 8565, 16401,
    9825, 65536, 1447, 923, 4555, 343, 26787, 2435, 19441, 123, 22867, 10492, 46041, 1833,
    65549, 4356, 24184, 380, 1683, 432, 3282,
)  # fmt: skip

#: ḡ(r, s), 0 ≤ s ≤ r ≤ 24: the ruler on the ASM poset by rank r and z = s (004 Table 3),
#: transcribed from docs/findings/coin_turning_tables.md §2.
TABLE_3_ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(int(x) for x in row.split())
    for row in """
    1
    2 2
    4 3 4
    3 7 7 3
    6 5 6 5 6
    7 8 8 8 8 7
    8 16 10 9 10 16 8
    11 11 9 12 12 9 11 11
    16 9 15 20 16 20 15 9 16
    24 23 17 19 26 26 19 17 23 24
    5 18 26 18 24 22 24 18 26 18 5
    17 25 32 22 32 32 32 32 22 32 25 17
    13 10 34 29 35 34 17 34 35 29 34 10 13
    12 21 20 14 21 38 13 13 38 21 14 20 21 12
    32 32 14 42 38 43 33 33 33 43 38 42 14 32 32
    15 34 41 59 45 64 27 37 37 27 64 45 59 41 34 15
    9 55 52 45 33 53 66 64 21 64 66 53 33 45 52 55 9
    20 20 42 64 64 27 31 28 40 40 28 31 27 64 64 42 20 20
    14 38 64 65 65 72 57 60 46 63 46 60 57 72 65 65 64 38 14
    10 64 66 27 74 39 71 47 51 61 61 51 47 71 39 74 27 66 64 10
    18 52 19 44 36 69 73 30 128 58 36 58 128 30 73 69 36 44 19 52 18
    19 19 68 35 68 128 82 79 135 77 83 83 77 135 79 82 128 68 35 68 19 19
    29 26 30 80 47 97 48 109 49 39 30 77 30 39 49 109 48 97 47 80 30 26 29
    21 27 58 87 57 28 30 44 44 90 48 62 62 48 90 44 44 30 28 57 87 58 27 21
    53 67 22 128 86 76 145 113 61 54 141 178 39 178 141 54 61 113 145 76 86 128 22 67 53
    """.strip().splitlines()
)

#: Facts of the ASM table beyond row 24 (same topic file): the largest value of rows
#: 20, 40, 60, and the rank where 2^k first appears, k = 0 … 10.
TABLE_3_ROW_MAX = {20: 128, 40: 512, 60: 1339}
TABLE_3_FIRST_POWER = (0, 1, 2, 5, 6, 11, 15, 20, 27, 37, 49)

#: Misère counts at n = 200 by the window (docs/findings/analysis.md, "Counts").
MISERE_COUNTS_200 = {
    "lctr": {0: 1752978257206, 1: 1763947841862, 2: 456072930320},
    "downright": {0: 1778573465701, 1: 1788387714219, 2: 406037849468},
}


# ------------------------------------------------------------------ helpers
def record(name: str) -> str:
    """The text of the record `name`: a file of grundy/reproduce/records/, package data (so
    an installed grundy checks itself), read through importlib.resources.

    >>> record("staircases.jsonl").count("\\n") > 40
    True
    """
    return files("grundy.reproduce").joinpath("records", name).read_text(encoding="utf-8")


def _b_file(name: str) -> dict[int, int]:
    """{n: a(n)} of an OEIS b-file among the records ('#' lines are comments)."""
    terms = {}
    for line in record(name).splitlines():
        if line.strip() and not line.startswith("#"):
            n, a = line.split()
            terms[int(n)] = int(a)
    return terms


def _compare(
    what: str, checked: str, cases: list, got: Callable, recorded: Callable, command: str
) -> Step:
    """The step: VERIFIED when got(c) == recorded(c) for every case, else FALSE at the
    first case (shown by `command`, if any)."""
    return lambda: rows.verified_unless(
        rows.first_failure(cases, lambda c: got(c) == recorded(c)),
        checked,
        command=command or None,
        false_note=f"the recomputed {what} differs from the record",
        describe=lambda c: f"{c}: recomputed {got(c)}, recorded {recorded(c)}",
    )


def _exhaustive_tally(game: str, n: int, misere: bool = False) -> dict[int, int]:
    """{value: count} over the partitions of n by exhaustive search."""
    return dict(Counter(sg(game, lam, misere) for lam in partitions(n)))


def _first_of(steps: list[Step], checked: str, command: str) -> Outcome:
    """The steps in order, up to the first that fails; VERIFIED over everything `checked`
    (shown by `command`) when none does."""
    return rows.first_failed(*steps, lambda: Outcome(Verdict.VERIFIED, checked, command=command))


# ------------------------------------------------------- 002/003: staircases
def _staircase_record() -> dict[tuple[int, bool], int]:
    """{(n, misère): SG} from staircases.jsonl; a key recorded twice must agree."""
    values: dict[tuple[int, bool], int] = {}
    for line in record("staircases.jsonl").splitlines():
        row = json.loads(line)
        key = (row["n"], row["play"] == "misere")
        if values.setdefault(key, row["value"]) != row["value"]:
            raise ValueError(f"staircases.jsonl records two values for S_{row['n']} {row['play']}")
    return values


@new_result(
    "002",
    "staircases S_n to n = 24 (also 003's U(n))",
    values="SG(S_n) = 0 for even n, 1 for n = 1, 3, 5, 2 for odd 7 ≤ n ≤ 23 (n ≤ 24); misère "
    "SG⁻(S_n) = 0 for odd n, 1 for n = 2, 3 for n = 4, 6, 2 for even 8 ≤ n ≤ 22 (n ≤ 23)",
    how="the compiled nimber test on the Column-Row kernel, a fresh table per n "
    "(benchmarks/staircases.py); recomputed after the 2026-11-23 engine fix: same values",
    recompute="about 27 CPU minutes for normal play (S_23 alone 21 min and a 12 GiB table) and "
    "18 for misère (S_22 alone 14 min): benchmarks/staircases.py --from 1 --to 24 --memory 16G",
    command="grundy search cr 16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1",
)
def _staircases(quick: bool) -> Outcome:
    recorded = _staircase_record()
    top, exhaustive = (12, 8) if quick else (18, 10)
    cases = [(n, m) for n in range(1, top + 1) for m in (False, True)]
    checked = (
        f"recomputed S_1 … S_{top}, normal and misère (S_1 … S_{exhaustive} also by exhaustive "
        "search) and compared with grundy/reproduce/records/staircases.jsonl"
    )
    fast = _compare(
        "value",
        checked,
        cases,
        lambda c: grundy.value("cr", staircase(c[0]), c[1]),
        recorded.get,
        "grundy value cr 12,11,10,9,8,7,6,5,4,3,2,1",
    )
    slow = _compare(
        "value (exhaustive search)",
        checked,
        cases[: 2 * exhaustive],
        lambda c: sg("cr", staircase(c[0]), c[1]),
        recorded.get,
        "grundy value cr 8,7,6,5,4,3,2,1",
    )
    return _first_of([fast, slow], checked, "grundy value cr 12,11,10,9,8,7,6,5,4,3,2,1")


# --------------------------------------------------------------- 000: A373457
@new_result(
    "000",
    "A373457 extended to n = 10,000",
    values="a(n) = the number of partitions of n with LCTR value 0, n = 1 … 10000 (OEIS had "
    "n ≤ 50): a(100) = 81975859, a(500) = 998123399276153545486, a(10000) has 107 digits "
    "(grundy/reproduce/records/analysis_A373457_b.txt)",
    how="counted through the Durfee window (000 Corollary 16) without enumerating: a column "
    "automaton for the boundary classes, exact big-integer products "
    "(grundy.games.lctr.lctr_counts)",
    recompute="44 s wall, 26 s CPU: grundy count lctr --n 1..10000 --oeis FILE",
    command="grundy count lctr --n 1..100 --oeis a373457.txt",
)
def _a373457(quick: bool) -> Outcome:
    terms = _b_file("analysis_A373457_b.txt")
    top, exhaustive = (1000, 16) if quick else (5000, 22)
    checked = (
        f"recomputed n ≤ {top} by the window count (n ≤ {exhaustive} also by exhaustive search) "
        "and compared with grundy/reproduce/records/analysis_A373457_b.txt"
    )
    table = count_table("lctr", top)
    window = _compare(
        "a(n)",
        checked,
        list(range(1, top + 1)),
        lambda n: table[n].get(0, 0),
        terms.get,
        "grundy count lctr --n 1..100",
    )
    search = _compare(
        "a(n) (exhaustive search)",
        checked,
        list(range(1, exhaustive + 1)),
        lambda n: _exhaustive_tally("lctr", n).get(0, 0),
        terms.get,
        "grundy count lctr --n 1..20",
    )
    whole = _compare(
        "number of terms", checked, ["terms"], lambda _: len(terms), lambda _: 10000, ""
    )
    return _first_of([window, search, whole], checked, "grundy count lctr --n 1..100")


# ----------------------------------------------------- 000: the misère window
def _propagation_failure(game: str, top: int) -> tuple[Partition, int, int] | None:
    """The first (λ, i, j) with n ≤ top, i, j ≥ 1, d(λ[i, j]) ≥ 2 and
    SG⁻(λ[i−1, j−1]) ≠ SG⁻(λ[i, j]), by exhaustive search; also the top-left rule."""

    def v(lam: Partition) -> int:
        return sg(game, lam, True)

    for n in range(1, top + 1):
        for lam in partitions(n):
            d = lam.durfee()
            if d >= 2 and v(lam) != v(lam.sub(d - 2, d - 2)):
                return lam, 0, 0
            for i, row in enumerate(lam.to_list()):
                for j in range(1, row):
                    inner = lam.sub(i, j)
                    if i >= 1 and inner.durfee() >= 2 and v(lam.sub(i - 1, j - 1)) != v(inner):
                        return lam, i, j
    return None


@new_result(
    "000",
    "the misère window of 2",
    values="misère LCTR and misère Downright: SG⁻(λ[i−1, j−1]) = SG⁻(λ[i, j]) whenever "
    "d(λ[i, j]) ≥ 2, so SG⁻(λ) = SG⁻(λ[d−2, d−2]); hence misère values in O(log k) and misère "
    "counts without enumerating (n = 200, LCTR: 1752978257206 / 1763947841862 / 456072930320 "
    "of values 0 / 1 / 2)",
    how="proved in the docstring of grundy/games/lctr/lctr.py ('Misère propagation'); verified on "
    "every box of every partition with n ≤ 40 (benchmarks/verify_misere_rule.py)",
    recompute="the box-by-box check to n = 40: a few minutes; the counts: grundy count lctr "
    "--misere --n 1..200 in about a second",
    command="grundy table lctr 6,6,5,5,3 --misere",
)
def _misere_window(quick: bool) -> Outcome:
    top = 16 if quick else 22
    checked = (
        f"the rule on every box of every partition with n ≤ {top} (exhaustive search), misère "
        f"LCTR and Downright; the window counts against exhaustive tallies for n ≤ {top} and "
        "against the recorded n = 200"
    )
    steps = [
        lambda g=game: rows.verified_unless(
            _propagation_failure(g, top),
            checked,
            false_note=f"misère {g}: the diagonal rule fails",
            describe=lambda bad: f"[{bad[0]}] at box ({bad[1]}, {bad[2]})",
            shows=lambda bad, g=g: f"grundy table {g} {bad[0]} --misere",
        )
        for game in ("lctr", "downright")
    ]
    for game in ("lctr", "downright"):
        table = count_table(game, 200, misere=True)
        steps.append(
            _compare(
                f"misère {game} count",
                checked,
                list(range(1, top + 1)),
                lambda n, t=table, g=game: t[n],
                lambda n, g=game: _exhaustive_tally(g, n, True),
                f"grundy count {game} --misere --n 1..{top}",
            )
        )
        steps.append(
            _compare(
                f"misère {game} count",
                checked,
                [200],
                lambda n, t=table: t[n],
                lambda n, g=game: MISERE_COUNTS_200[g],
                f"grundy count {game} --misere --n 200",
            )
        )
    return _first_of(steps, checked, "grundy table lctr 6,6,5,5,3 --misere")


# -------------------------------------------------------------- 004: Table 4
@new_result(
    "004",
    "Table 4 extended to n = 78",
    values="h(n), the ruler on Π_n, for n ≤ 78 (the paper: n ≤ 17); h first reaches 2, 4, 16, "
    "256, 65536 at n = 2, 4, 10, 23, 59 (docs/findings/coin_turning_tables.md)",
    how="004 (6.3)–(6.4) reduced modulo 2 through a Sylow 2-subgroup of the block symmetries "
    "(grundy.games.coin_turning.set_partition_ruler); checked against the literal (6.4) "
    "with Prop. 6.2",
    recompute="n ≤ 40 in 5 s, n ≤ 60 in 3 min, n ≤ 78 in 55 min: grundy poset "
    "ruler-set-partitions --n 1..78",
    command="grundy poset ruler-set-partitions --n 1..20",
)
def _table_4(quick: bool) -> Outcome:
    top, literal = (30, 12) if quick else (50, 14)
    checked = (
        f"recomputed h(1) … h({top}) (h(1) … h({literal}) also by the literal (6.4)) and "
        "compared with the record"
    )
    fast = set_partition_ruler(top)
    slow = set_partition_ruler_baseline(literal)
    return _first_of(
        [
            _compare(
                "h(n)",
                checked,
                list(range(1, top + 1)),
                lambda n: fast[n - 1],
                lambda n: TABLE_4_H[n - 1],
                "",
            ),
            _compare(
                "h(n) (literal (6.4))",
                checked,
                list(range(1, literal + 1)),
                lambda n: slow[n - 1],
                lambda n: TABLE_4_H[n - 1],
                "",
            ),
        ],
        checked,
        "grundy poset ruler-set-partitions --n 1..20",
    )


# -------------------------------------------------------------- 004: Table 3
@new_result(
    "004",
    "Table 3 computed to rank 60",
    values="ḡ(r, s), the ruler on the ASM poset by rank r and z = s, for every r ≤ 60 (the "
    "printed table was lost from the text copy of the paper); rows 20, 40, 60 peak at 128, "
    "512, 1339; 2^k first appears at rank 0, 1, 2, 5, 6, 11, 15, 20, 27, 37, 49 (k = 0 … 10)",
    how="by counting: an interval of A_n depends only on four differences, and 004 Theorem 4.1 "
    "becomes prefix nim-sums along anti-diagonals, O(r^5) (grundy.games.coin_turning.asm_ruler)",
    recompute="about 20 s to 1.5 min (shared machine): grundy poset ruler-asm --n 62",
    command="grundy poset ruler-asm --n 12",
)
def _table_3(quick: bool) -> Outcome:
    top, direct = (24, 12) if quick else (60, 16)
    table = asm_ruler_table(top + 2)
    slow = asm_ruler_direct(direct)
    cells = [(r, s) for r in range(min(top, 24) + 1) for s in range(r + 1)]
    checked = (
        f"recomputed ranks r ≤ {top} (ranks ≤ {direct - 2} also interval by interval on the "
        "poset) and compared with the recorded rows 0–24"
        + ("" if quick else ", row maxima and first powers of 2")
    )
    steps = [
        _compare("ḡ(r, s)", checked, cells, table.get, lambda c: TABLE_3_ROWS[c[0]][c[1]], ""),
        _compare(
            "ḡ(r, s) (interval by interval)",
            checked,
            [c for c in cells if c in slow],
            slow.get,
            lambda c: TABLE_3_ROWS[c[0]][c[1]],
            "",
        ),
    ]
    if not quick:
        rows = list(TABLE_3_ROW_MAX)
        steps.append(
            _compare(
                "row maximum",
                checked,
                rows,
                lambda r: max(table[r, s] for s in range(r + 1)),
                TABLE_3_ROW_MAX.get,
                "",
            )
        )
        powers = list(range(len(TABLE_3_FIRST_POWER)))
        steps.append(
            _compare(
                "first rank of 2^k",
                checked,
                powers,
                lambda k: min(r for (r, _), g in table.items() if g == 2**k),
                lambda k: TABLE_3_FIRST_POWER[k],
                "",
            )
        )
    return _first_of(steps, checked, "grundy poset ruler-asm --n 12")


# ------------------------------------------------------ docs/games.md: CRIM, counts
@cache
def _census(game: str, n: int) -> tuple[list[Partition], int]:
    """(the P-positions among the partitions of n, how many partitions) by the kernel's census."""
    words, values = get_ruleset(game).kernel.census(n)
    return [decode(int(w)) for w in words[values == 0]], len(values)


@new_result(
    "games",
    "CRIM even-rank conjecture to n = 110",
    values="every P-position of Column-Row with n ≤ 110 has even rank λ1 − ℓ(λ): 1,534,701,210 "
    "P-positions, none of odd rank (n ≤ 87: 88,552,721)",
    how="the atlas of every partition of n ≤ 110 (every position valued once, level by level, "
    "a byte each; docs/findings/atlas.md), the predicate checked on its levels as arrays; "
    "n ≤ 87 first by the kernel's census (benchmarks/bench_sequences.py --games cr)",
    recompute="the atlas: about 1 h of CPU, 1 h 45 min on a shared 2-core machine "
    "(benchmarks/record_atlas.py cr --n 110); then grundy conjecture cr --n 1..110 --atlas DIR "
    "in 1 min 52 s",
    command='grundy conjecture cr --n 1..30 --when "value == 0" --then "rank % 2 == 0"',
)
def _crim_even_rank(quick: bool) -> Outcome:
    terms = _b_file("sequence_cr_p_b.txt")
    top = 36 if quick else 46
    checked = (
        f"every P-position of n ≤ {top} (the census) has even rank, their numbers agree with "
        "grundy/reproduce/records/sequence_cr_p_b.txt, and that file sums to 1,534,701,210 for "
        "n ≤ 110"
    )
    return _first_of(
        [
            lambda: rows.verified_unless(
                rows.first_failure(
                    [lam for n in range(1, top + 1) for lam in _census("cr", n)[0]],
                    lambda lam: (lam.largest - lam.length) % 2 == 0,
                ),
                checked,
                false_note="a P-position of odd rank",
                describe=lambda lam: f"[{lam}]",
                shows=lambda lam: f"grundy value cr {lam}",
            ),
            _compare(
                "number of P-positions",
                checked,
                list(range(1, top + 1)),
                lambda n: len(_census("cr", n)[0]),
                terms.get,
                "",
            ),
            _compare(
                "total of the b-file",
                checked,
                ["n ≤ 110"],
                lambda _: sum(terms[n] for n in range(1, 111)),
                lambda _: 1534701210,
                "",
            ),
        ],
        checked,
        'grundy conjecture cr --n 1..30 --when "value == 0" --then "rank % 2 == 0"',
    )


#: The P-position sequences: game → (b-file, reach of the record).
SEQUENCES = {
    "cr": ("sequence_cr_p_b.txt", 110),
    "chomp": ("sequence_chomp_p_b.txt", 100),
    "corner": ("sequence_corner_p_b.txt", 90),
    "sato-welter": ("sequence_sato_welter_p_b.txt", 90),
    "rit": ("sequence_rit_p_b.txt", 90),
    "pnim": ("sequence_pnim_sums_p_b.txt", 55),
}


@new_result(
    "games",
    "P-position counts of Column-Row, Chomp, Corner, Sato–Welter, RIT and PNim sums",
    values="the number of partitions of n that are P-positions: Column-Row n ≤ 110 "
    "(a(110) = 170,473,818), Chomp n ≤ 100 (a(100) = 2,806,958), Corner n ≤ 90 "
    "(a(90) = 1,233,731), Sato–Welter n ≤ 90 (a(90) = 1,937,977), RIT n ≤ 90 "
    "(a(90) = 9,702,433; none for odd n, as its Nim-sum formula says); "
    "PNim: sums of total size n, n ≤ 55 (a single diagram never is one)",
    how="the kernels' censuses (one compiled pass per n); Column-Row past 87, Chomp past "
    "84, Corner past 86 and Sato–Welter and RIT from their atlases (grundy count GAME "
    "--n 1..N --atlas DIR, seconds once built; docs/findings/atlas.md); PNim sums from the "
    "summands' census by a Walsh–Hadamard transform (grundy.sums.sum_count_table)",
    recompute="grundy count GAME --n 1..55 --oeis FILE in 4–11 s each; the atlases to the "
    "full reach in 5 min (RIT) to 47 min (Chomp) of CPU (benchmarks/record_atlas.py); "
    "PNim --sums to 55 in about 4 min",
    command="grundy count chomp --n 1..30 --oeis chomp.txt",
)
def _p_counts(quick: bool) -> Outcome:
    tops = {game: 40 for game in SEQUENCES} | {"pnim": 30}
    if not quick:
        tops = {game: 55 for game in SEQUENCES} | {"pnim": 40}
    exhaustive = 10 if quick else 14
    checked = (
        f"recomputed n ≤ {tops['cr']} (PNim sums n ≤ {tops['pnim']}; n ≤ {exhaustive} of the "
        "others also by exhaustive search) and compared with "
        "grundy/reproduce/records/sequence_*_p_b.txt, whose reach was checked"
    )
    steps = []
    for game, (name, reach) in SEQUENCES.items():
        terms = _b_file(name)
        top = tops[game]
        table = count_table(game, top, sums=game == "pnim")
        steps.append(
            _compare(
                f"{game} count",
                checked,
                list(range(1, top + 1)),
                lambda n, t=table: t[n].get(0, 0),
                terms.get,
                f"grundy count {game} --n 1..{top}",
            )
        )
        steps.append(
            _compare(
                f"{game} reach",
                checked,
                [name],
                lambda _, t=terms: max(t),
                lambda _, r=reach: r,
                "",
            )
        )
        if game != "pnim":
            steps.append(
                _compare(
                    f"{game} count (exhaustive search)",
                    checked,
                    list(range(1, exhaustive + 1)),
                    lambda n, g=game: _exhaustive_tally(g, n).get(0, 0),
                    terms.get,
                    "",
                )
            )
    return _first_of(steps, checked, "grundy count chomp --n 1..30 --oeis chomp.txt")
