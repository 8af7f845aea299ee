"""Start-up stays light (issue 9): what `import grundy`, `import grundy.cli` and a small
command import, checked in a fresh interpreter, so that a heavy import slipped into a
module's top cannot slow every command down unnoticed.  A game's compiled kernel loads
(numba) only for a position above the game's `small_size`, and then from numba's disk
cache.  No timing here: the times are measured by benchmarks/bench_startup.py.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

import grundy
from grundy import games, registry

#: Never imported by `import grundy`, `import grundy.cli` or a command about a small position.
HEAVY = (
    "numba",
    "numpy",
    "galois",
    "networkx",
    "pynauty",
    "pandas",
    "matplotlib",
    "dask",
    "pyarrow",
    "pydantic",
    "grundy.engine",
    "grundy.posets.poset",
    "grundy.analysis",
    "grundy.atlas",
    "grundy.render",
)


def imported_by(code: str) -> set[str]:
    """The modules in sys.modules after running `code` in a fresh interpreter."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    """The packages of HEAVY among `modules`."""
    return sorted(h for h in HEAVY if any(m == h or m.startswith(h + ".") for m in modules))


@pytest.mark.parametrize(
    "code",
    [
        "import grundy",
        "import grundy.cli",
        "from grundy.cli import main\nmain(['value', 'lctr', '3,1'])",
        "from grundy.cli import main\nmain(['moves', 'downright', '4,2'])",
        "from grundy.cli import main\nmain(['value', 'lctr-3d', '2,1'])",  # a generic search
        "from grundy.cli import main\nmain(['value', 'cr', '5,3,3,1'])",  # a kernel, not used
        "from grundy.cli import main\nmain(['moves', 'chomp', '3,2,1'])",
        "from grundy.cli import main\nmain(['value', 'chess-king', '4,4,2'])",
        "import grundy\nprint(grundy.capabilities(grundy.get_ruleset('cr')))",
        "from grundy.cli import main\nmain(['--version'])",
    ],
    ids=[
        "import grundy",
        "import grundy.cli",
        "value lctr",
        "moves downright",
        "generic",
        "value cr small",
        "moves chomp small",
        "value chess small",
        "capabilities",
        "version",
    ],
)
def test_nothing_heavy_is_imported(code: str) -> None:
    assert heavy(imported_by(code)) == []


@pytest.mark.parametrize(
    "code",
    [
        "import grundy.games.matrix.matrix",
        "from grundy.cli import main\nmain(['value', 'matrix', '101;011;110'])",
        "import grundy\ngrundy.registry.rulesets()",  # every built-in game's module
    ],
    ids=["import matrix", "value matrix", "every game"],
)
def test_a_game_module_loads_no_compiled_code(code: str) -> None:
    """The kernels live in their own modules (``*_kernel``), imported on first use; the
    matrix game's subset table is plain numpy."""
    modules = imported_by(code)
    assert not {"numba", "grundy.engine"} & set(heavy(modules))
    assert not [m for m in modules if m.endswith("_kernel")]


#: A Column-Row position above `small_size` (15 boxes) with no closed form: the kernel values it.
LARGER = "5,4,3,2,1"


def test_a_count_without_a_kernel_loads_no_compiled_code() -> None:
    """LCTR's counts are closed forms: its count imports the cluster client (for a
    scheduler it may be given) and no numba, so an unwritable cache costs no line."""
    modules = imported_by("from grundy.cli import main\nmain(['count', 'lctr', '--n', '1..5'])")
    assert "grundy.engine.cluster" in modules and "numba" not in modules
    assert not [m for m in modules if m.endswith("_kernel")]


def test_the_larger_position_goes_to_the_kernel() -> None:
    rules = registry.get_ruleset("cr")
    assert rules.closed_form(rules.parse(LARGER)) is None
    assert rules.parse(LARGER).size > rules.small_size >= rules.parse("5,3,3,1").size


def test_a_compiled_game_imports_numba_and_nothing_else_heavy() -> None:
    modules = imported_by(f"from grundy.cli import main\nmain(['value', 'cr', '{LARGER}'])")
    assert {"numba", "grundy.engine", "grundy.games.column_row.column_row_kernel"} <= modules
    assert heavy(modules) == ["grundy.engine", "numba", "numpy"]


#: Which compiled functions a run loaded from numba's disk cache, and which it compiled.
CACHE_USE = f"""
import gc, json
from numba.core.registry import CPUDispatcher
from grundy.cli import main
main(["value", "cr", "{LARGER}"])
use = {{}}
for f in gc.get_objects():
    if isinstance(f, CPUDispatcher) and (f.stats.cache_hits or f.stats.cache_misses):
        use[f.__name__] = [sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values())]
print(json.dumps(use))
"""


def test_a_column_row_value_loads_three_functions_from_the_disk_cache() -> None:
    def cache_use() -> dict[str, list[int]]:
        done = subprocess.run(
            [sys.executable, "-c", CACHE_USE], capture_output=True, text=True, check=True
        )
        return json.loads(done.stdout.splitlines()[-1])

    cache_use()  # fills the cache if it is cold
    # The canonical form of the root, one table lookup, the nimber test: each loaded
    # (one cache hit), none compiled (no cache miss).
    assert cache_use() == {"conjugation_canonical": [1, 0], "_get": [1, 0], "test_run": [1, 0]}


@pytest.mark.parametrize(
    ("name", "position", "loaded"),
    [
        # lctr's module and what it shares with its counts and tree sizes, no other game's
        ("lctr", "3,1", ["lctr.lctr", "lctr.lctr_base"]),
        # found by its leading word; the king's closed form is Downright's (lctr)
        ("chess-king", "3,1", ["chess.chess", "lctr.lctr", "lctr.lctr_base"]),
        ("crim", "3,1", ["column_row.column_row"]),  # a row of games.OTHER_NAMES
    ],
)
def test_one_game_imports_one_game_module(name: str, position: str, loaded: list[str]) -> None:
    modules = imported_by(f"import grundy\ngrundy.value({name!r}, {position!r})")
    families = {f"grundy.games.{family}" for family in grundy.games.game_modules().values()}
    games = sorted(m for m in modules if m.startswith("grundy.games.") and m not in families)
    assert games == [f"grundy.games.{module}" for module in loaded]


def test_lazy_attributes_are_the_real_ones() -> None:
    from grundy import posets
    from grundy.analysis import count, stats
    from grundy.games.coin_turning import coin_turning

    assert grundy.posets is posets and grundy.coin_turning is coin_turning
    assert grundy.count is count and grundy.stats is stats
    assert games.chomp.chomp.CHOMP is registry.get_ruleset("chomp")
    assert posets.chain(3).name == posets.parse_spec("chain:3").name
    with pytest.raises(AttributeError):
        grundy.no_such_attribute  # noqa: B018
    with pytest.raises(AttributeError):
        grundy._private  # noqa: B018  (no submodule is private, none is imported so)
    with pytest.raises(AttributeError):
        games.no_such_game  # noqa: B018
    with pytest.raises(AttributeError):
        posets.no_such_family  # noqa: B018


def test_every_submodule_is_reached_from_a_bare_import() -> None:
    """`grundy.atlas`, `grundy.analysis`, ...: each imported on first access (PEP 562),
    none by `import grundy` (the README's lines run after it alone, issue 25)."""
    code = (
        "import grundy, sys\n"
        "before = {'grundy.atlas', 'grundy.analysis', 'grundy.render'} & set(sys.modules)\n"
        "assert not before, before\n"
        "assert grundy.atlas.open is sys.modules['grundy.atlas'].open\n"
        "assert grundy.analysis.sweep is sys.modules['grundy.analysis'].sweep\n"
        "assert grundy.render is sys.modules['grundy.render']\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_dir_is_the_public_api_and_the_public_submodules() -> None:
    """`dir(grundy)`: `__all__`, the public submodules (imported or not) and the dunder
    names; nothing imported for the package's own use (`Any`, `importlib`, ...) and no
    internal module, though each is reached as ``grundy.X`` all the same."""
    public = {name for name in dir(grundy) if not name.startswith("_")}
    assert public == set(grundy.__all__) | set(grundy._PUBLIC_MODULES)
    assert {"atlas", "analysis", "render", "posets", "count", "value"} <= public
    hidden = {"Any", "importlib", "register_svg", "annotations", "cli", "solver", "search"}
    assert not hidden & set(dir(grundy))
    for name in public:  # each one is there
        assert getattr(grundy, name) is not None
    assert grundy.engine is importlib.import_module("grundy.engine")


def test_the_public_submodules_are_the_api_reference_s() -> None:
    """The top-level modules of the reference's public API (scripts/docs_reference.py's
    PUBLIC) are those `dir(grundy)` lists: one list cannot grow without the other."""
    spec = importlib.util.spec_from_file_location(
        "docs_reference", Path(__file__).resolve().parent.parent / "scripts/docs_reference.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    listed = {entry.split(".")[1] for entry in script.PUBLIC if entry != "grundy"}
    assert listed == set(grundy._PUBLIC_MODULES)
