"""Printing a long position: rich's own colouring against grundy's console (`cli.printing`).

    .venv/bin/python benchmarks/bench_printing.py [--sizes 2500,5000,10000,20000]

For each size N, the line `grundy value lctr` prints for a part of N digits
(and `grundy value matrix` for a row of N ones) is printed through the
command line's console (`grundy.cli.printing.PlainWhenPiped`, into memory, as
when piped) twice in this process: with rich's `ReprHighlighter` (the
console before the fix) and with `ShortTextHighlighter` (the console now).
Prints both times, their ratio, and how each grows when N doubles (2: linear,
4: quadratic).
"""

from __future__ import annotations

import argparse
import io
import time

from rich.highlighter import Highlighter, ReprHighlighter

from grundy.cli.printing import PlainWhenPiped, ShortTextHighlighter


def seconds_to_print(line: str, highlighter: Highlighter) -> float:
    """Seconds to print `line` as `grundy value` does (soft-wrapped, markup on)."""
    console = PlainWhenPiped(file=io.StringIO(), highlighter=highlighter)
    start = time.perf_counter()
    console.print(line, soft_wrap=True)
    return time.perf_counter() - start


def value_lines(n: int) -> dict[str, str]:
    """The lines `grundy value` prints for a long LCTR part and a long matrix row."""
    part = "1" + "0" * (n - 1)
    row = "1" * n
    return {
        "lctr part": f"lctr {part} (normal play): value [bold]1[/bold], next player wins (N)",
        "matrix row": f"matrix {row} (normal play): value [bold]2[/bold], next player wins (N)",
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="2500,5000,10000,20000")
    sizes = [int(s) for s in ap.parse_args().sizes.split(",")]
    print(
        f"{'output':<11} {'N':>7} {'rich s':>9} {'x2N':>5} {'grundy s':>9} {'x2N':>5} {'ratio':>7}"
    )
    last: dict[str, tuple[float, float]] = {}
    for n in sizes:
        for what, line in value_lines(n).items():
            old = seconds_to_print(line, ReprHighlighter())
            new = seconds_to_print(line, ShortTextHighlighter())
            grow_old, grow_new = (
                (old / last[what][0], new / last[what][1]) if what in last else ("", "")
            )
            last[what] = (old, new)
            print(
                f"{what:<11} {n:>7} {old:>9.4f} {grow_old:>5.3} {new:>9.4f} {grow_new:>5.3}"
                f" {old / new:>7.0f}"
            )


if __name__ == "__main__":
    main()
