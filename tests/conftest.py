"""Every test gets its own results store: commands keep what they compute in the store by
default ($GRUNDY_STORE), and a test must neither read nor write the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_results_store(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    path = tmp_path_factory.mktemp("store") / "results.sqlite"
    monkeypatch.setenv("GRUNDY_STORE", str(path))
    return path
