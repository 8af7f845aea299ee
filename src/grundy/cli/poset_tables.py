"""`grundy poset ruler-set-partitions|ruler-asm|ideal-asm|ruler-subspaces`: tables of paper 004.

- ruler-set-partitions: h(n) of 004 Table 4 (ruler on Π_n), extended;
- ruler-asm: ḡ(r, s) of 004 Table 3 (ruler on A_n by rank r and z = s), extended;
- ideal-asm: 004 Theorem 1.1 (order-ideal game on A_n) checked against direct computation;
- ruler-subspaces: g_q(d) on B_n(q) by the dimension recursion 004 (5.7).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from grundy.bounds import Work, partition_count
from grundy.cli.interrupts import interruptible, resume_with_checkpoint, starts_over
from grundy.cli.options import CheckpointOption, JsonOption, LatexOption
from grundy.cli.poset import poset_app
from grundy.cli.printing import console, emit, emit_tables, write_latex
from grundy.cli.progress import progress_bar
from grundy.cli.reading import parse_range

#: Work each table takes, estimated before it starts (`grundy.bounds`).  The rates are
#: about twice the fastest measured on a shared 2-core machine (docs/findings.md).
#: h(n) takes the mex over every partition μ ⊢ n: n ≤ 60 in 3 minutes, 37,000 a second.
SET_PARTITION_RATE = 100_000
#: ḡ on A_n costs O(n^5) steps: n = 62 in 20 s.
ASM_STEPS_PER_SECOND = 62**5 / 10
#: g_q(0..d) costs O(d^3) word steps: d = 3,000 in 18 s.
SUBSPACE_STEPS_PER_SECOND = 3000**3 / 9


def _check_set_partition_work(top: int) -> None:
    """h(top) alone takes p(top) steps (a checkpoint saves the smaller n, not this one)."""
    steps = partition_count(top)
    advice = "give a smaller --n"
    Work(f"computing h({top})", steps, "partitions of n", SET_PARTITION_RATE, 0, advice).check()


def _check_asm_work(n: int) -> None:
    """ḡ on A_n: n^5 steps; two tables of about n² values held."""
    memory, advice = 16 * n * n, "give a smaller --n"
    Work(f"the ruler on A_{n}", n**5, "steps (n^5)", ASM_STEPS_PER_SECOND, memory, advice).check()


def _check_subspace_work(d: int) -> None:
    """g_q(0..d): d^3 steps; the parity rows of about d²/2 bits held."""
    memory, advice = d * d // 16, "give a smaller --d"
    Work(f"g_q(0..{d})", d**3, "steps (d^3)", SUBSPACE_STEPS_PER_SECOND, memory, advice).check()


@poset_app.command("ruler-set-partitions")
def ruler_set_partitions(
    n: Annotated[str, typer.Option("--n", help="Range A..B (or one N) of n ≥ 1.")] = "1..17",
    checkpoint: CheckpointOption = None,
    latex: LatexOption = None,
    as_json: JsonOption = False,
) -> None:
    """h(n): ruler value of the one-block partition of Π_n (004 Table 4, Theorem 6.1)."""
    from grundy.games.coin_turning.coin_turning_tables import set_partition_ruler

    sizes = parse_range(n, "--n")
    if sizes.start < 1:
        raise ValueError("--n must start at 1 or more: h(n) is defined for n ≥ 1")
    _check_set_partition_work(sizes.stop - 1)
    done = [0]

    def progress(k: int, value: int) -> None:
        done[0] = k
        advance(1)

    def doing() -> str:
        return f"computing h({done[0] + 1})"

    def resume() -> str:
        if checkpoint is None:
            return starts_over("no --checkpoint was given")
        if not done[0]:
            return starts_over("nothing was saved yet")
        return resume_with_checkpoint(f"h(1..{done[0]})", checkpoint)

    with interruptible(doing, resume), progress_bar("h(n)", sizes.stop - 1) as advance:
        h = set_partition_ruler(sizes.stop - 1, progress=progress, checkpoint=checkpoint)
    rows = {k: h[k - 1] for k in sizes}
    data = {"table": "set-partition-ruler", "h": {str(k): v for k, v in rows.items()}}
    table = Table("n", "h(n)", title="Ruler on Π_n: h(n) (004 Table 4)")
    for k, v in rows.items():
        table.add_row(str(k), str(v))
    emit_tables(data, [table], latex, as_json)


@poset_app.command("ruler-asm")
def ruler_asm(
    n: Annotated[int, typer.Option("--n", help="A_n: ranks 0..n-2.")] = 12,
    latex: LatexOption = None,
    as_json: JsonOption = False,
) -> None:
    """ḡ(r, s): ruler on the ASM poset A_n by rank r and z = s (004 Table 3, Prop. 6.1).

    A_1 is the empty poset (no triple has x + y + z ≤ −1), as `poset values
    asm:1` shows: its table has no rows.
    """
    from grundy.games.coin_turning.asm_ruler import asm_ruler_table

    if n < 1:
        raise ValueError(f"--n must be at least 1, got {n}: A_n is defined for n ≥ 1")
    _check_asm_work(n)
    rank = [0]

    def progress(r: int, top: int) -> None:
        rank[0] = r + 1
        advance(1)

    def doing() -> str:
        return f"computing the ruler on A_{n} at rank {rank[0]} of {n - 2}"

    with interruptible(doing, starts_over), progress_bar("ranks", max(n - 1, 0)) as advance:
        # asm_ruler_table starts at A_2; A_1 has no ranks.
        table = asm_ruler_table(n, progress=progress) if n > 1 else {}
    top = n - 2
    rows = [[table[(r, s)] for s in range(r + 1)] for r in range(top + 1)]
    data = {"table": "asm-ruler", "n": n, "rows": rows}
    out = Table("r \\ s", *[str(s) for s in range(top + 1)], title=f"Ruler on A_{n}: ḡ(r, s)")
    for r, row in enumerate(rows):
        out.add_row(str(r), *[str(v) for v in row], *[""] * (top - r))
    emit_tables(data, [out], latex, as_json, empty=f"Ruler on A_{n}: the empty poset, no ranks")


@poset_app.command("ideal-asm")
def ideal_asm(
    n: Annotated[str, typer.Option("--n", help="Range A..B (or one N) of n ≥ 2.")] = "2..12",
    latex: LatexOption = None,
    as_json: JsonOption = False,
) -> None:
    """Check 004 Theorem 1.1 (order-ideal game on A_n) by direct computation."""
    from grundy.games.coin_turning.coin_turning_tables import check_theorem_1_1
    from grundy.posets.named import asm_elements
    from grundy.posets.poset import check_size

    sizes = parse_range(n, "--n")
    check_size(asm_elements(sizes[-1]), f"A_{sizes[-1]}")  # the largest, before the rest
    results: list[dict[str, Any]] = []

    def doing() -> str:
        return f"checking 004 Theorem 1.1 on A_{sizes[min(len(results), len(sizes) - 1)]}"

    with interruptible(doing, starts_over), progress_bar("A_n", len(sizes)) as advance:
        for k in sizes:
            results.append(check_theorem_1_1(k))
            advance(1)
    data = {"theorem": "004 Theorem 1.1", "holds": all(r["holds"] for r in results)}
    data["results"] = results
    out = Table("n", "elements", "value 1", "mismatches", title="004 Theorem 1.1 on A_n")
    for r in results:
        out.add_row(*(str(r[k]) for k in ("n", "elements", "ones", "mismatches")))
    write_latex(latex, [out], data, as_json)

    def show() -> None:
        console.print(out)
        console.print("holds" if data["holds"] else "[red]FAILS[/red]")

    emit(data, as_json, show)


@poset_app.command("ruler-subspaces")
def ruler_subspaces(
    d: Annotated[int, typer.Option("--d", help="Largest dimension.")] = 20,
    q: Annotated[int, typer.Option("--q", help="A prime power.")] = 2,
    latex: LatexOption = None,
    as_json: JsonOption = False,
) -> None:
    """g_q(0..d): ruler on B_n(q) by dimension, by the recursion 004 (5.7)."""
    from grundy.games.coin_turning.coin_turning_tables import subspace_ruler_recursion

    _check_subspace_work(d)
    g = subspace_ruler_recursion(d, q)
    data = {"table": "subspace-ruler", "q": q, "g": g}
    out = Table("d", "g_q(d)", title=f"Ruler on B_n({q}) by dimension (004 (5.7))")
    for k, v in enumerate(g):
        out.add_row(str(k), str(v))
    emit_tables(data, [out], latex, as_json)
