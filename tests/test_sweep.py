"""Sweeps over families (analysis/sweep.py, `grundy sweep`), the results store behind them,
and sweeps and counts on Dask (engine/cluster.py, `--scheduler`): resumable, as serial."""

from __future__ import annotations

import csv
import importlib
import json
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest

import grundy
from grundy import FunctionRuleset, Partition, register
from grundy.analysis import counts
from grundy.analysis.counts import count_table, enumerated_count_table
from grundy.analysis.sweep import sweep
from grundy.cli import main
from grundy.engine import cluster as distribute
from grundy.registry import get_ruleset
from grundy.results import Store

#: the module (``grundy.analysis.sweep`` is also the function, on the package)
sweep_module = importlib.import_module("grundy.analysis.sweep")

CALLS = {"n": 0}


def counted_lctr(p: Partition) -> list[Partition]:
    """LCTR, counting how often options are listed (to see what the store saves)."""
    CALLS["n"] += 1
    return [p.sub(1, 0), p.sub(0, 1)] if p else []


COUNTED = register(FunctionRuleset(counted_lctr, name="test-sweep-counted"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("game", ["cr", "chomp", "lctr-nonrep", "cris"])
def test_sweep_matches_direct_evaluation(game: str) -> None:
    template = "a^m,b | T" if game == "lctr-nonrep" else "a^m,b"
    rows = sweep(game, template, misere=None, a=range(2, 5), m=range(1, 4), b=[1, 2])
    assert len(rows) == 18
    for row in rows:
        text = grundy.families.Template(template).fill(a=row["a"], m=row["m"], b=row["b"])
        assert row["value"] == grundy.value(game, text)
        assert row["misere_value"] == grundy.value(game, text, misere=True)


def test_store_is_read_instead_of_recomputing(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite")
    first = sweep(COUNTED, "b^a", store=store, a=range(1, 8), b=range(1, 8))
    assert store.summary()[0]["values"] == 49  # no canonical form: every position its own
    grundy.solver._SOLVERS.pop(COUNTED, None)  # forget the in-memory memo
    CALLS["n"] = 0
    again = sweep(COUNTED, "b^a", store=store, a=range(1, 8), b=range(1, 8))
    assert again == first and CALLS["n"] == 0
    # a game named only by a module:attr reference is never stored (names may clash)
    other = FunctionRuleset(counted_lctr, name="unregistered")
    sweep(other, "b^a", store=store, a=[1], b=[1])
    assert [row["game"] for row in store.summary()] == ["test-sweep-counted"]


def test_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    sweep("lctr", "b^a", a=range(1, 4), b=[2], progress=lambda d, t: seen.append((d, t)))
    assert seen == [(3, 3)]  # one chunk


def test_cli_sweep_json_csv_and_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, table = tmp_path / "r.sqlite", tmp_path / "out.csv"
    args = ["sweep", "cr", "c,1^(r-1)", "--c", "1..4", "--r=2..3", "--store", str(db)]
    status, out, err = run(capsys, *args, "--json", "--csv", str(table))
    assert (status, err) == (0, "")
    rows = json.loads(out)["rows"]
    assert [r["position"] for r in rows[:2]] == ["1^2", "1^3"]
    assert all(r["value"] == grundy.value("cr", r["position"]) for r in rows)
    with table.open() as fh:
        assert [dict(r) for r in csv.DictReader(fh)] == [
            {k: str(v) for k, v in r.items()} for r in rows
        ]
    status, out, _ = run(capsys, "store", "list", "--store", str(db), "--json")
    assert json.loads(out)["games"][0]["game"] == "cr"
    export = tmp_path / "all.csv"
    assert run(capsys, "store", "export", str(export), "--store", str(db))[0] == 0
    assert export.read_text().startswith("game,rules_version,misere,position,value\n")
    assert run(capsys, "store", "clear", "--store", str(db))[0] == 0
    assert Store(db).summary() == []


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["sweep", "cr", "a^m", "--a", "2", "--no-store"], "the family at a=2"),
        (["sweep", "cr", "a^m", "--a", "1..3", "--x", "2", "--no-store"], "parameter x"),
        (["sweep", "cr", "a^m", "--a", "3..1", "--no-store"], "empty"),
        (["sweep", "cr", "a^m", "--no-store"], "give a range"),
        (["sweep", "cr", "a^m", "5", "--no-store"], "unexpected argument '5'"),
        (["sweep", "cr", "a", "--a", "1", "--a", "2", "--no-store"], "given twice"),
        (["sweep", "cr", "a", "--a"], "needs a range"),
        (["sweep", "cr", "(a/2)", "--a", "2", "--no-store"], "use //"),
        (["sweep", "cr", "a", "--a", "1", "--csv", "/no/such/dir/x.csv"], "does not exist"),
    ],
)
def test_cli_bad_sweeps(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and words in err and err.count("\n") == 1, err


def test_cli_foreign_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "x.sqlite"
    bad.write_text("not sqlite at all, " * 50)
    status, _, err = run(capsys, "sweep", "cr", "a", "--a", "1", "--store", str(bad))
    assert status == 2 and "not a grundy results store" in err
    assert bad.read_text() == "not sqlite at all, " * 50


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """One local Dask cluster (`distribute.local_cluster`), shared by the tests of this file."""
    with distribute.local_cluster() as local:
        yield local


@pytest.fixture
def dask_address(cluster: Any) -> str:
    """The cluster's address, as `--scheduler ADDRESS` names it."""
    return str(cluster.scheduler_address)


def test_dask_local_cluster_matches_serial(
    cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ranges = {"a": range(1, 9), "m": range(1, 5), "b": range(1, 4)}
    serial = sweep("cr", "a^m,b", misere=None, scheduler="serial", **ranges)
    started: list[Any] = []
    monkeypatch.setattr(
        distribute, "local_cluster", lambda *_, **__: started.append(1) or nullcontext(cluster)
    )
    store = Store(tmp_path / "r.sqlite")
    seen: list[tuple[int, int]] = []
    local = sweep("cr", "a^m,b", misere=None, scheduler="local", store=store,
                  progress=lambda d, t: seen.append((d, t)), **ranges)  # fmt: skip
    assert local == serial and started == [1]  # both conventions in one job, on one cluster
    both = seen[-1][1]
    assert seen[-1] == (both, both) and both < 2 * len(serial)  # conjugates shared
    assert [row["values"] for row in store.summary()] == [both // 2, both // 2]


def test_sweep_on_a_named_cluster(dask_address: str, tmp_path: Path) -> None:
    ranges = {"a": range(2, 7), "m": range(1, 4), "b": range(1, 4)}
    serial = sweep("cr", "a^m,b", misere=True, **ranges)
    store = Store(tmp_path / "r.sqlite")
    assert (
        sweep("cr", "a^m,b", misere=True, scheduler=dask_address, store=store, **ranges) == serial
    )
    assert sweep("cr", "a^m,b", misere=True, store=store, **ranges) == serial


def test_counts_on_dask_match_serial(
    dask_address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    serial = enumerated_count_table("lctr-3d", 7, scheduler="serial")
    seen: list[tuple[int, int]] = []
    on_dask = enumerated_count_table("lctr-3d", 7, progress=lambda d, t: seen.append((d, t)),
                                     scheduler=dask_address)  # fmt: skip
    # the progress counts positions, where the game says how many each size has
    total = sum(get_ruleset("lctr-3d").number_of_positions(n) for n in range(8))
    assert on_dask == serial and len(seen) == 8 and seen[-1] == (total, total)
    assert seen == sorted(seen) and {t for _, t in seen} == {total}
    census = count_table("cr", 9, misere=True)
    assert count_table("cr", 9, True, "enumerate", scheduler=dask_address) == census
    db = tmp_path / "r.sqlite"
    args = ["count", "lctr-3d", "--n", "4..7", "--json", "--store", str(db)]
    status, out, err = run(capsys, *args, "--scheduler", dask_address)
    assert (status, err) == (0, "")
    expected = {str(n): {str(v): c for v, c in serial[n].items()} for n in range(4, 8)}
    assert json.loads(out)["counts"] == expected
    assert Store(db).summary()[0]["counted_sizes"] == 8  # sizes 0..7 were counted
    assert json.loads(run(capsys, *args)[1])["counts"] == expected  # read from the store


def test_bad_scheduler(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="bad scheduler 'nowhere'"):
        sweep("cr", "a", scheduler="nowhere", a=range(1, 3))
    with pytest.raises(ValueError, match="bad scheduler 'nowhere'"):
        count_table("cr", 3, scheduler="nowhere")  # even where nothing is enumerated
    status, out, err = run(capsys, "count", "lctr-3d", "--n", "3", "--scheduler", "x:1")
    assert status == 2 and out == "" and "bad scheduler 'x:1'" in err and err.count("\n") == 1


def watch_chunks(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> dict[str, Any]:
    """Record the chunks `module.name` is called on (its last positional argument) in
    state["done"]; raise KeyboardInterrupt (Ctrl-C) once state["stop"] chunks are done."""
    real = getattr(module, name)
    state: dict[str, Any] = {"done": [], "stop": None}

    def task(*args: Any, **kwargs: Any) -> Any:
        if len(state["done"]) == state["stop"]:
            raise KeyboardInterrupt
        state["done"].append(args[-1])
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, task)
    return state


def test_an_interrupted_sweep_resumes_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ranges = {"a": range(2, 8), "m": range(1, 4), "b": range(1, 3)}
    expected = sweep("cr", "a^m,b", **ranges)
    monkeypatch.setattr(sweep_module, "CHUNK", 4)
    state = watch_chunks(monkeypatch, sweep_module, "value_chunk")
    store = Store(tmp_path / "r.sqlite")
    state["stop"] = 2  # Ctrl-C in the third chunk
    with pytest.raises(KeyboardInterrupt):
        sweep("cr", "a^m,b", store=store, **ranges)
    first = [text for _, chunk in state["done"] for text in chunk]
    assert len(first) == 8 and store.summary()[0]["values"] == 8  # two whole chunks kept
    state["stop"], state["done"] = None, []
    assert sweep("cr", "a^m,b", store=store, **ranges) == expected
    again = [text for _, chunk in state["done"] for text in chunk]
    assert not set(first) & set(again)  # nothing valued twice
    assert len(first) + len(again) == store.summary()[0]["values"]


def test_an_interrupted_count_resumes_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = watch_chunks(monkeypatch, counts, "_tally")
    store = Store(tmp_path / "r.sqlite")
    state["stop"] = 6  # Ctrl-C while counting n = 6
    with pytest.raises(KeyboardInterrupt):
        count_table("cr", 8, method="enumerate", store=store, scheduler="serial")
    assert state["done"] == [0, 1, 2, 3, 4, 5] and store.summary()[0]["counted_sizes"] == 6
    state["stop"], state["done"] = None, []
    assert count_table("cr", 8, method="enumerate", store=store) == count_table("cr", 8)
    assert state["done"] == [6, 7, 8]
    assert count_table("cr", 8, store=store) == count_table("cr", 8) and state["done"] == [6, 7, 8]
    count_table("cr", 10, store=store)  # the census counts the new sizes, and keeps them
    assert store.summary()[0]["counted_sizes"] == 11 and state["done"] == [6, 7, 8]


def test_members_are_read_once_and_positions_shared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "r.sqlite")
    rows = sweep("cr", "b^a", store=store, a=range(1, 5), b=range(1, 5))
    state = watch_chunks(monkeypatch, sweep_module, "value_chunk")
    cr = get_ruleset("cr")
    parsed: list[str] = []
    monkeypatch.setattr(cr, "parse", lambda text: parsed.append(text) or Partition.parse(text))
    assert sweep("cr", "b^a", store=store, a=range(1, 5), b=range(1, 5)) == rows
    assert parsed == []  # every text read from the store
    conjugates = sweep("cr", "[a^b]", store=store, a=range(1, 5), b=range(1, 5))
    assert [r["value"] for r in conjugates] == [r["value"] for r in rows]
    assert len(parsed) == 16 and state["done"] == []  # new texts, but their values were stored


def test_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.render.plots import save_figure, sweep_figure

    rows = sweep("lctr", "b^a", a=range(1, 5), b=range(1, 4))
    figure = sweep_figure(rows, title="rectangles")
    assert [ax.get_xlabel() for ax in figure.axes][:1] == ["b"]
    save_figure(figure, tmp_path / "r.svg")
    assert (tmp_path / "r.svg").read_text().lstrip().startswith("<?xml")
    line = sweep_figure(sweep("lctr", "b^a", a=[3], b=range(1, 9)), title="lctr")
    assert line.axes[0].get_xlabel() == "b" and line.axes[0].get_title() == "lctr, a = 3"
    with pytest.raises(ValueError, match="varies 3"):
        sweep_figure(sweep("cr", "a^m,b", a=[1, 2], m=[1, 2], b=[1, 2]))
    with pytest.raises(ValueError, match="use a file ending in"):
        save_figure(figure, tmp_path / "r.txt")
    assert not (tmp_path / "r.txt").exists()
    status, _, err = run(capsys, "sweep", "cr", "b^a", "--a", "1..3", "--b", "1..3",
                         "--plot", str(tmp_path / "h.png"), "--no-store")  # fmt: skip
    assert status == 0 and (tmp_path / "h.png").read_bytes()[:4] == b"\x89PNG"
    status, _, err = run(capsys, "sweep", "cr", "a^m,b", "--a", "1..2", "--m", "1..2", "--b",
                         "1..2", "--plot", str(tmp_path / "x.svg"), "--no-store")  # fmt: skip
    assert status == 2 and "one or two varying parameters" in err


def test_frames_and_parquet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import pandas as pd

    from grundy.analysis.sweep import to_frame

    rows = sweep("cr", "b^a", a=range(1, 4), b=range(1, 3))
    frame = to_frame(rows)
    assert list(frame.columns) == ["a", "b", "position", "value"] and len(frame) == 6
    out = tmp_path / "s.parquet"
    status, _, err = run(capsys, "sweep", "cr", "b^a", "--a", "1..3", "--b", "1..2",
                         "--parquet", str(out), "--no-store")  # fmt: skip
    assert (status, err) == (0, f"wrote {out}\n")
    assert pd.read_parquet(out).to_dict("records") == frame.to_dict("records")


def test_families_of_every_partition_of_n_and_inside_a_box() -> None:
    from collections import Counter
    from math import comb

    from grundy.analysis import count_table

    rows = sweep("chomp", "partitions", n=range(1, 9))
    table = count_table("chomp", 8)
    for n in range(1, 9):
        assert Counter(r["value"] for r in rows if r["n"] == n) == Counter(table[n])
    assert [r["k"] for r in rows if r["n"] == 4] == [1, 2, 3, 4, 5]
    box = sweep("cr", "box", rows=range(1, 4), columns=[4])
    for r in (1, 2, 3):
        members = [row for row in box if row["rows"] == r]
        assert len(members) == comb(r + 4, r) - 1  # every non-empty diagram inside
        assert all(row["value"] == grundy.value("cr", row["position"]) for row in members)
    with pytest.raises(ValueError, match="takes the parameters n, not a"):
        sweep("cr", "partitions", a=range(3))
    with pytest.raises(ValueError, match="takes the parameters rows, columns"):
        sweep("cr", "box", rows=range(3))
