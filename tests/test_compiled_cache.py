"""Where compiled code is cached (grundy.engine.cache): never in the package, a run goes on
without a disk cache where none can be written, and a cache that another user could have
written is never loaded — numba's cache files are pickles, and loading one runs its maker's
code."""

from __future__ import annotations

import os
import pickle
import re
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import grundy
from grundy.engine.cache import PACKAGE, cache_base, cache_folder

PROBE = """
from grundy import get_ruleset
from grundy.partition import Partition
from grundy.engine.words import decode, encode
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
    that is read-only.  So only `cached_njit` (engine/cache.py) may ask for a disk cache."""
    asks = re.compile(r"""cache\s*=\s*True|["']cache["']\s*:\s*True""")
    asking = [
        path.relative_to(PACKAGE).as_posix()
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "cache.py" and asks.search(path.read_text(encoding="utf-8"))
    ]
    assert asking == []


# ------------------------------------------------------------- a planted cache
NOBODY = 65534
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="gives folders to another user")


class Planted:
    """What an attacker leaves in a cache: loading it writes the file `marker` (a stand-in
    for any code at all)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Callable[..., int], tuple[Path, str]]:
        return (Path.write_text, (self.marker, "the planted code ran"))


def probe(cache: Path | str, *env: str) -> subprocess.CompletedProcess[str]:
    """PROBE with $GRUNDY_CACHE_DIR at `cache` (and each ``NAME=VALUE`` of `env`)."""
    variables = dict(os.environ, GRUNDY_CACHE_DIR=str(cache))
    variables.update(item.split("=", 1) for item in env)
    return subprocess.run(
        [sys.executable, "-c", PROBE], env=variables, capture_output=True, text=True, timeout=120
    )


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache base that PROBE has filled."""
    base = tmp_path_factory.mktemp("filled") / "cache"
    assert probe(base).returncode == 0
    return base


def version_folder(base: Path) -> Path:
    return base / "numba" / cache_folder().name


def plant(filled: Path, base: Path, marker: Path) -> list[Path]:
    """A copy of `filled` at `base` whose every cache file is `Planted`; returns them."""
    shutil.copytree(filled, base, symlinks=True)
    files = sorted(numba_files(base))
    for path in files:
        path.write_bytes(pickle.dumps(Planted(marker)))
    assert files
    return files


def world_writable(base: Path) -> None:
    base.chmod(0o777)


def group_writable(base: Path) -> None:
    base.chmod(0o775)


def of_nobody(base: Path) -> None:
    os.chown(base, NOBODY, NOBODY)


def version_folder_of_nobody(base: Path) -> None:
    os.chown(version_folder(base), NOBODY, NOBODY)


def numba_folder_world_writable(base: Path) -> None:
    for folder in version_folder(base).iterdir():
        folder.chmod(0o777)


def above_world_writable(base: Path) -> None:
    base.parent.chmod(0o777)  # not sticky: anyone may rename the base and put another


def above_sticky_base_of_nobody(base: Path) -> None:
    base.parent.chmod(0o1777)  # as /tmp: safe for what the user owns, not for the rest
    of_nobody(base)


def files_world_writable(base: Path) -> None:
    for path in numba_files(base):
        path.chmod(0o666)


def files_of_nobody(base: Path) -> None:
    for path in numba_files(base):
        os.chown(path, NOBODY, NOBODY)


def files_linked(base: Path) -> None:
    elsewhere = base.parent / "elsewhere"
    elsewhere.mkdir()
    for path in numba_files(base):
        moved = path.rename(elsewhere / path.name)
        path.symlink_to(moved)


#: The two lines: a folder refused (nothing cached), a file refused (compiled anew).
NOT_CACHED = "grundy: compiled code is not cached ("
NOT_LOADED = "grundy: compiled code not loaded from the cache ("
#: How a cache is made unsafe, and how the one line on stderr begins.
UNSAFE = [
    (world_writable, NOT_CACHED, "{base} is writable by its group and others (mode 777))"),
    (group_writable, NOT_CACHED, "{base} is writable by its group (mode 775))"),
    (of_nobody, NOT_CACHED, "{base} belongs to another user (uid 65534))"),
    (version_folder_of_nobody, NOT_CACHED, "{version} belongs to another user (uid 65534))"),
    (numba_folder_world_writable, NOT_CACHED, "{version}/engine_"),
    (above_world_writable, NOT_CACHED, "{above} is writable by its group and others (mode 777)"),
    (above_sticky_base_of_nobody, NOT_CACHED, "{base} belongs to another user (uid 65534))"),
    (files_world_writable, NOT_LOADED, "{version}/engine_"),
    (files_of_nobody, NOT_LOADED, "{version}/engine_"),
    (files_linked, NOT_LOADED, "{version}/engine_"),
]


@as_root
@pytest.mark.parametrize(
    ("spoil", "line", "fragment"), UNSAFE, ids=[spoil.__name__ for spoil, _, _ in UNSAFE]
)
def test_a_planted_cache_that_others_could_write_is_never_loaded(
    filled: Path, tmp_path: Path, spoil: Callable[[Path], None], line: str, fragment: str
) -> None:
    base, marker = tmp_path / "shared" / "cache", tmp_path / "marker"
    base.parent.mkdir()
    plant(filled, base, marker)
    spoil(base)
    run = probe(base)
    assert not marker.exists()
    assert (run.returncode, run.stdout) == (0, "3,1 3,1\n"), run.stderr
    (said,) = run.stderr.splitlines()
    where = {"base": base, "above": base.parent, "version": version_folder(base)}
    assert said.startswith(line + fragment.format(**where)), said


@as_root
def test_a_refused_file_is_compiled_anew_and_saved_over(filled: Path, tmp_path: Path) -> None:
    base, marker = tmp_path / "cache", tmp_path / "marker"
    files = plant(filled, base, marker)
    files_of_nobody(base)
    assert probe(base).stderr.startswith(NOT_LOADED)
    assert not marker.exists()
    assert {(p.stat().st_uid, stat.S_IMODE(p.stat().st_mode)) for p in files} == {(0, 0o644)}
    again = probe(base, "NUMBA_DEBUG_CACHE=1")
    assert again.stderr == "" and f"data loaded from '{base}" in again.stdout


def test_the_plant_is_real_a_trusted_folder_loads_it(filled: Path, tmp_path: Path) -> None:
    """The planted files are what numba loads: in a folder that passes the check they run
    (the tests above prove something only because of this)."""
    base, marker = tmp_path / "cache", tmp_path / "marker"
    plant(filled, base, marker)
    probe(base)
    assert marker.read_text() == "the planted code ran"


@pytest.mark.parametrize("linked", [False, True], ids=["plain", "through a link"])
def test_a_folder_of_the_users_under_a_sticky_shared_one_is_used(
    filled: Path, tmp_path: Path, linked: bool
) -> None:
    shared = tmp_path / "tmp"
    shared.mkdir()
    shared.chmod(0o1777)  # as /tmp
    base = shared / "cache"
    shutil.copytree(filled, base, symlinks=True)
    if linked:
        (tmp_path / "link").symlink_to(base)
    run = probe(tmp_path / "link" if linked else base, "NUMBA_DEBUG_CACHE=1")
    assert run.stderr == "" and f"data loaded from '{base}/numba/" in run.stdout


READ_ONLY = """
mount --bind "$1" "$2" && mount -o remount,bind,ro "$2" || exit 77
shift 2
exec "$@"
"""


def read_only(cache: Path, mounted: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """`command` where `mounted` shows `cache` read-only (a bind mount of a mount namespace
    of its own), as a cache of root's looks to everyone else."""
    mounted.mkdir()
    argv = ["unshare", "-m", "sh", "-c", READ_ONLY, "sh", str(cache), str(mounted), *command]
    env = dict(os.environ, GRUNDY_CACHE_DIR=str(mounted), NUMBA_DEBUG_CACHE="1")
    try:
        run = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        pytest.skip("no unshare(1) here")
    if run.returncode == 77:
        pytest.skip("no read-only bind mount here")
    return run


def test_a_cache_only_readable_here_is_read(filled: Path, tmp_path: Path) -> None:
    """A shared cache for a cluster image: made by root with `grundy warm`, read by all."""
    base = tmp_path / "cache"
    shutil.copytree(filled, base, symlinks=True)
    (gone,) = version_folder(base).glob("*/primitives.conjugation_canonical-*.nbi")
    gone.unlink()  # a function the cache lacks: compiled in memory, not saved
    run = read_only(base, tmp_path / "ro", sys.executable, "-c", PROBE)
    assert (run.returncode, run.stderr) == (0, ""), run.stderr
    assert run.stdout.endswith("3,1 3,1\n") and "data loaded from" in run.stdout
    assert "saved" not in run.stdout
    cli = "import sys; from grundy.cli import main; sys.exit(main(sys.argv[1:]))"
    warm = read_only(base, tmp_path / "ro2", sys.executable, "-c", cli, "warm", "cr")
    assert warm.returncode == 2
    assert warm.stderr.endswith("can only be read here, not written\n")
