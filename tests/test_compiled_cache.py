"""Where compiled code is cached (grundy.search.cache): never in the package, and a run
goes on without a disk cache where none can be written."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import grundy
from grundy.search.cache import PACKAGE, cache_base

PROBE = """
from grundy import get_ruleset
from grundy.partition import Partition
from grundy.search.words import decode, encode
kernel = get_ruleset("cr").kernel  # conjugation is its canonical form: compiled code
print(*(decode(kernel.canonical_word(encode(Partition(p)))) for p in ([3, 1], [2, 1, 1])))
"""


def numba_files(folder: Path) -> set[Path]:
    """numba's cache files (index and data) under `folder`."""
    return {*folder.rglob("*.nbi"), *folder.rglob("*.nbc")}


def test_unwritable_cache_folder_costs_one_line_and_no_files_in_the_package(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")  # nothing can be made under a file, not even by root
    env = {**os.environ, "GRUNDY_CACHE_DIR": str(blocker / "cache")}
    before = numba_files(PACKAGE)
    run = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=False
    )
    assert (run.returncode, run.stdout) == (0, "3,1 3,1\n")
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("grundy: compiled code is not cached (cannot write ")
    assert "GRUNDY_CACHE_DIR" in lines[0]
    assert numba_files(PACKAGE) == before


def test_the_cache_follows_the_environment(tmp_path: Path) -> None:
    assert cache_base({"GRUNDY_CACHE_DIR": str(tmp_path)}) == tmp_path
    xdg = {"XDG_CACHE_HOME": str(tmp_path)}
    assert cache_base(xdg) == tmp_path / "grundy"
    home = {"XDG_CACHE_HOME": "relative/ignored"}  # the XDG spec ignores a relative path
    assert cache_base(home) == Path.home() / ".cache" / "grundy"
    assert Path(grundy.__file__).resolve().parent == PACKAGE


def test_only_cached_njit_asks_numba_for_a_disk_cache() -> None:
    """numba picks the folder of an ``njit(cache=True)`` function when it is decorated, and
    an overload's (``jit_options={"cache": True}``) when a caller compiles, outside any
    choice of grundy's: there it falls back to the package's own folder, or fails where
    that is read-only.  So only `cached_njit` (search/cache.py) may ask for a disk cache."""
    asks = re.compile(r"""cache\s*=\s*True|["']cache["']\s*:\s*True""")
    asking = [
        path.relative_to(PACKAGE).as_posix()
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "cache.py" and asks.search(path.read_text(encoding="utf-8"))
    ]
    assert asking == []
