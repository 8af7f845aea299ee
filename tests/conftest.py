"""Every test gets its own results store: commands keep what they compute in the store by
default ($GRUNDY_STORE), and a test must neither read nor write the user's.

The import graph of the package is read by scripts/import_cycles.py, the command anyone
runs; tests load that script as a module (`import_cycles`) rather than keep a copy."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def private_results_store(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    path = tmp_path_factory.mktemp("store") / "results.sqlite"
    monkeypatch.setenv("GRUNDY_STORE", str(path))
    return path


@pytest.fixture(autouse=True, scope="session")
def quiet_first_compiles() -> Iterator[None]:
    """The first compile of a kernel's code says so on stderr, once a process
    (`grundy.engine.specialise`): which test of this process would see the line depends on
    the order of the tests and on the disk cache, so here it is held back.  The line is
    tested in processes of their own (tests/test_carry_on.py, tests/test_specialise.py);
    tests that count a child's lines warm its kernels first."""
    from grundy.engine.specialise import compile_notices

    with compile_notices(False):
        yield


@pytest.fixture(scope="session")
def import_cycles() -> ModuleType:
    """scripts/import_cycles.py as a module: `import_graph`, `cycles`, `loop`."""
    spec = importlib.util.spec_from_file_location(
        "import_cycles", ROOT / "scripts/import_cycles.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def grundy_imports(import_cycles: ModuleType) -> dict[str, set[str]]:
    """Module of src/grundy → the modules of grundy it imports, wherever the import is written."""
    return import_cycles.import_graph(ROOT / "src/grundy")
