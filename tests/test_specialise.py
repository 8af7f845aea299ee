"""Per-kernel drivers (grundy.engine.specialise) and their disk cache."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import numpy as np
from numba import njit

from grundy.engine import CompiledKernel, Search, encode
from grundy.engine.cache import PACKAGE
from grundy.engine.primitives import conjugation_canonical
from grundy.engine.specialise import _identity
from grundy.games.chess.chess_kernel import piece_kernel
from grundy.games.chomp.chomp_kernel import chomp
from grundy.partition import Partition

PROBE = """
import json
import grundy
from grundy import get_ruleset
kernel = get_ruleset("chomp").kernel
value = grundy.value("chomp", [6, 6, 5, 4, 2, 1])
stats = kernel.drivers["test_run"].stats
print(json.dumps({"value": value, "hits": sum(stats.cache_hits.values()),
                  "misses": sum(stats.cache_misses.values())}))
"""


def run_on_a_terminal(args: list[str], env: dict[str, str]) -> tuple[str, list[str]]:
    """Run `args` with stderr on a (pseudo-)terminal: its stdout, and the lines of stderr."""
    terminal, stderr = pty.openpty()
    try:
        run = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=stderr, text=True)
        said = b""
        while select.select([terminal], [], [], 0)[0]:
            chunk = os.read(terminal, 4096)
            if not chunk:
                break
            said += chunk
    finally:
        os.close(terminal)
        os.close(stderr)
    assert run.returncode == 0, said
    return run.stdout, said.decode().splitlines()


def test_second_process_loads_the_drivers_from_disk(tmp_path: Path) -> None:
    env = {**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path)}
    in_package = set(PACKAGE.rglob("*.nb[ic]"))  # numba's cache files
    (first, said_first), (second, said_second) = (
        run_on_a_terminal([sys.executable, "-c", PROBE], env) for _ in range(2)
    )
    runs = [json.loads(first), json.loads(second)]
    assert [r["value"] for r in runs] == [6, 6]
    assert (runs[0]["misses"], runs[1]["hits"], runs[1]["misses"]) == (1, 1, 0)
    # the first compile says so on a terminal, in one line; code from the disk cache does not
    assert said_first == ["compiling the chomp kernel, once — about 6 s"]
    assert said_second == []
    generated = list(tmp_path.rglob("grundy_drivers_chomp_*.py"))
    assert len(generated) == 1
    assert set(PACKAGE.rglob("*.nb[ic]")) == in_package  # all went to GRUNDY_CACHE_DIR


def test_pieces_get_their_own_drivers() -> None:
    rook = piece_kernel(np.zeros((0, 2)), np.array([[0, 1], [1, 0]]), True)
    knight = piece_kernel(np.array([[1, 2], [2, 1]]), np.zeros((0, 2)), True)
    ids = {_identity(k, conjugation_canonical, "piece") for k in (rook, knight)}
    assert len(ids) == 2 and None not in ids


def test_kernel_closing_over_a_function_is_compiled_in_memory() -> None:
    inner = chomp

    @njit
    def wrapped(w, out, out2):
        return inner(w, out, out2)

    assert _identity(wrapped, conjugation_canonical, "wrapped") is None
    kernel = CompiledKernel("wrapped", wrapped, conjugation_canonical)
    value = Search(kernel, progress=False).value(encode(Partition([6, 6, 5, 4, 2, 1])))
    assert value == 6
    assert kernel.drivers["test_run"].py_func.__code__.co_filename.startswith("<drivers of")
