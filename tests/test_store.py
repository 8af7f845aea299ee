"""The results store (grundy.results): values, readings and tallies; older layouts, foreign files,
concurrent and killed writers."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grundy.registry import get_ruleset
from grundy.results import Store, StoreError, default_path


def test_round_trip(tmp_path: Path) -> None:
    store = Store(tmp_path / "sub" / "r.sqlite")  # folders are made
    assert store.put("cr", 1, False, {"3,2,1": 1, "2,1": 0}) == 2
    store.put("cr", 1, True, {"2,1": 2})
    store.put("lctr", 2, False, {"2,1": 0})
    assert store.get("cr", 1, False, ["2,1", "3,2,1", "9"]) == {"2,1": 0, "3,2,1": 1}
    assert store.get("cr", 2, False, ["2,1"]) == {}  # another version of the rules
    assert store.get("cr", 1, True, ["2,1"]) == {"2,1": 2}
    store.put("cr", 1, False, {"2,1": 5})  # replaced
    assert Store(store.path).get("cr", 1, False, ["2,1"]) == {"2,1": 5}
    assert store.put_tallies("cr", 1, True, {0: {1: 1}, 2: {}}) == 2
    assert store.tallies("cr", 1, True, range(4)) == {0: {1: 1}, 2: {}}  # an empty tally too
    assert store.tallies("cr", 1, False, range(4)) == {}
    assert store.summary() == [
        {"game": "cr", "rules_version": 1, "misere": False, "values": 2}
        | {"counted_sizes": 0, "sizes": ""},
        {"game": "cr", "rules_version": 1, "misere": True, "values": 1}
        | {"counted_sizes": 2, "sizes": "0, 2"},
        {"game": "lctr", "rules_version": 2, "misere": False, "values": 1}
        | {"counted_sizes": 0, "sizes": ""},
    ]
    assert [r["position"] for r in store.rows("cr")] == ["2,1", "3,2,1", "2,1"]
    store.put_readings("cr", 1, {"1,2": ("2,1", "2,1")})
    assert store.clear("cr") == 5 and store.clear() == 1 and store.summary() == []
    assert store.lookup("cr", 1, False, ["1,2"]) == ({}, {})  # readings go with the game


def test_readings_with_their_values(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite")
    store.put_readings(
        "cr", 1, {"1^2,2": ("2,1^2", "3,1"), "3,1": ("3,1", "3,1"), "4": ("4", "1^4")}
    )
    store.put("cr", 1, False, {"3,1": 2})
    readings, values = store.lookup("cr", 1, False, ["1^2,2", "3,1", "4", "5"])
    assert readings == {"1^2,2": ("2,1^2", "3,1"), "3,1": ("3,1", "3,1"), "4": ("4", "1^4")}
    assert values == {"3,1": 2}  # two texts of one position, one value; none stored for 1^4
    assert store.lookup("cr", 1, True, ["3,1"]) == ({"3,1": ("3,1", "3,1")}, {})
    assert store.lookup("cr", 2, False, ["3,1"]) == ({}, {})  # another version of the rules


def test_a_store_from_before_readings_and_tallies_is_completed(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:  # the first layout: meta and results only
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO meta VALUES ('format', 'grundy-results'), ('version', '1')")
        db.execute(
            "CREATE TABLE results (game TEXT NOT NULL, rules_version INTEGER NOT NULL, "
            "misere INTEGER NOT NULL, position TEXT NOT NULL, value INTEGER NOT NULL, "
            "PRIMARY KEY (game, rules_version, misere, position)) WITHOUT ROWID"
        )
        db.execute("INSERT INTO results VALUES ('cr', 1, 0, '2,1', 0)")
    store = Store(path)
    assert store.get("cr", 1, False, ["2,1"]) == {"2,1": 0}
    assert store.put_tallies("cr", 1, False, {3: {0: 1, 1: 1, 2: 1}}) == 1
    assert store.put_readings("cr", 1, {"1,2": ("2,1", "2,1")}) == 1
    assert store.lookup("cr", 1, False, ["1,2"]) == ({"1,2": ("2,1", "2,1")}, {"2,1": 0})


def test_many_positions_in_one_call(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite")
    values = {str(i): i % 7 for i in range(5000)}
    store.put("g", 1, False, values)
    assert store.get("g", 1, False, [*values, "x"]) == values
    store.put_readings("g", 1, {f"({t})": (t, t) for t in values})
    assert store.lookup("g", 1, False, [f"({t})" for t in values])[1] == values


def test_foreign_files_are_refused_and_left_alone(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"this is not a database" * 100)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    for path in (garbage, other):
        before = path.read_bytes()
        with pytest.raises(StoreError, match="not a grundy results store"):
            Store(path)
        assert path.read_bytes() == before
    with pytest.raises(StoreError, match="a directory, not a results store"):
        Store(tmp_path)


def test_default_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GRUNDY_STORE", str(tmp_path / "x.sqlite"))
    assert default_path() == tmp_path / "x.sqlite"
    monkeypatch.delenv("GRUNDY_STORE")
    assert default_path().name == "results.sqlite"


def _writer(path: str, worker: int) -> None:
    store = Store(path)
    for batch in range(20):
        store.put("g", 1, False, {f"{worker}:{batch}:{i}": worker for i in range(100)})


def test_concurrent_writers(tmp_path: Path) -> None:
    path = str(tmp_path / "r.sqlite")  # created by the writers themselves, all at once
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_writer, args=(path, w)) for w in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
        assert w.exitcode == 0
    assert Store(path).summary()[0]["values"] == 4 * 20 * 100


KILLED_WRITER = """
import sys
from grundy.results import Store
store = Store(sys.argv[1])
print("ready", flush=True)
batch = 0
while True:
    store.put("g", 1, False, {f"{batch}:{i}": 1 for i in range(2000)})
    batch += 1
"""


def test_killed_writer_leaves_a_sound_store(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    Store(path).put("g", 1, False, {"kept": 3})
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    time.sleep(0.5)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(30)
    store = Store(path)
    assert store.get("g", 1, False, ["kept"]) == {"kept": 3}
    count = store.summary()[0]["values"] - 1
    assert count % 2000 == 0  # whole batches only: the one in flight is rolled back
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_the_wait_for_another_writer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert Store(tmp_path / "a.sqlite").timeout == 60.0
    monkeypatch.setenv("GRUNDY_STORE_TIMEOUT", "2.5")
    assert Store(tmp_path / "a.sqlite").timeout == 2.5
    assert Store(tmp_path / "a.sqlite", timeout=0).timeout == 0.0  # given: the variable unread
    for text in ("soon", "-1", "inf", "nan"):
        monkeypatch.setenv("GRUNDY_STORE_TIMEOUT", text)
        with pytest.raises(ValueError, match=r"\$GRUNDY_STORE_TIMEOUT .* number of seconds"):
            Store(tmp_path / "a.sqlite")
    with pytest.raises(TypeError, match="number of seconds, not True"):
        Store(tmp_path / "a.sqlite", timeout=True)  # type: ignore[arg-type]


def test_one_store_used_from_several_threads(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    store = Store(tmp_path / "r.sqlite")

    def write_then_read(worker: int) -> dict[str, int]:
        store.put("g", 1, False, {f"{worker}:{i}": worker for i in range(50)})
        return store.get("g", 1, False, [f"{worker}:{i}" for i in range(50)])

    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(write_then_read, range(8)))
    assert [set(f.values()) for f in found] == [{w} for w in range(8)]
    assert store.summary()[0]["values"] == 8 * 50


def test_count_table_opens_a_store_given_by_its_path(tmp_path: Path) -> None:
    from grundy.analysis.counts import count_table

    path = tmp_path / "counts.sqlite"
    table = count_table("cr", 6, store=str(path))
    assert Store(path).tallies("cr", get_ruleset("cr").rules_version, False, [6]) == {6: table[6]}
