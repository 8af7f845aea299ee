"""The first value in a notebook with an empty cache (issue 25): baseline against ours.

Each side starts a fresh Jupyter kernel (jupyter_client, the kernel of ipykernel) with
PYTHONPATH at its source tree and GRUNDY_CACHE_DIR at a new empty folder, and runs one
cell: ``import grundy`` and the first ``grundy.value("cr", POSITION)`` (a position above
Column-Row's small size, so the compiled kernel is loaded and compiled).  It prints the
cell's wall time, what the notebook showed on stderr meanwhile (the first-compile line,
issue 25: "shown in Jupyter"), and the second call's time in the same kernel.

The baseline is the tree before issue 25 (a git worktree of --baseline, made once in
/tmp and reused, by `bench_serve.baseline_tree`).

    .venv/bin/python benchmarks/bench_notebook.py [--baseline COMMIT] [--position P]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from jupyter_client.manager import start_new_kernel

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_serve import ROOT, baseline_tree

#: The last commit before issue 25's work began (issue 24's threat model).
DEFAULT_BASELINE = "900ce8c"
CELL = """
import time as _t
_begin = _t.perf_counter()
import grundy
_v = grundy.value("cr", {position!r})
print("value", _v, "first", round(_t.perf_counter() - _begin, 2))
_begin = _t.perf_counter()
grundy.value("cr", {position!r})
print("second", round(_t.perf_counter() - _begin, 4))
"""


def first_value(tree: Path, position: str) -> tuple[float, str, str]:
    """(wall seconds of the cell, what it printed, what it showed on stderr) in a new
    kernel running the package of `tree` with an empty cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PYTHONPATH=str(tree / "src"), GRUNDY_CACHE_DIR=cache)
        manager, client = start_new_kernel(env=env, cwd=str(tree))
        try:
            out: list[str] = []
            err: list[str] = []

            def collect(message: dict) -> None:
                content = message["content"]
                if message["msg_type"] == "stream":
                    (err if content["name"] == "stderr" else out).append(content["text"])
                elif message["msg_type"] == "error":
                    err.append("\n".join(content["traceback"]))

            begin = time.perf_counter()
            client.execute_interactive(
                CELL.format(position=position), output_hook=collect, timeout=600
            )
            seconds = time.perf_counter() - begin
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    return seconds, "".join(out).strip(), "".join(err).strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=DEFAULT_BASELINE)
    parser.add_argument("--position", default="9,8,7,6,5,4,3,2,1")
    args = parser.parse_args()
    sides = {
        "baseline": baseline_tree(Path(f"/tmp/grundy_notebook_{args.baseline}"), args.baseline),
        "ours": ROOT,
    }
    times = {}
    for side, tree in sides.items():
        seconds, printed, shown = first_value(tree, args.position)
        times[side] = seconds
        print(f"{side:9} cell {seconds:6.2f} s   {printed.replace(chr(10), '; ')}")
        print(f"{'':9} stderr shown in the notebook: {shown or '(nothing)'}")
    print(f"baseline / ours: {times['baseline'] / times['ours']:.2f}x")


if __name__ == "__main__":
    main()
