"""The results store is data too (issue 24, finding 7): every row is checked as it is
read, and a row grundy did not write is one line naming the store and the row, exit
status 2 — never a traceback, never printed as a value."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from grundy.cli import main
from grundy.results import MAX_TALLY_TEXT, BadRow, Store, StoreError, check_tally, check_value

SWEEP = ["sweep", "cr", "b^a", "--a", "2", "--b", "1..3"]
COUNT = ["count", "cr", "--n", "6"]


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def tamper(path: Path, *statements: str) -> None:
    """Run SQL on the store's file as someone else would, outside grundy."""
    with sqlite3.connect(path) as db:
        for statement in statements:
            db.execute(statement)


def without_not_null(table: str, columns: str, key: str) -> str:
    """SQL that remakes a table with its columns untyped and nullable (a hostile file)."""
    return (
        f"CREATE TABLE {table}_x ({columns}, PRIMARY KEY ({key})) WITHOUT ROWID; "
        f"INSERT INTO {table}_x SELECT * FROM {table}; DROP TABLE {table}; "
        f"ALTER TABLE {table}_x RENAME TO {table}"
    )


def untyped(path: Path, table: str, columns: str, key: str) -> None:
    with sqlite3.connect(path) as db:
        db.executescript(without_not_null(table, columns, key))


RESULTS = (
    "results",
    "game, rules_version, misere, position, value",
    "game, rules_version, misere, position",
)
TALLIES = ("tallies", "game, rules_version, misere, n, counts", "game, rules_version, misere, n")


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], store: Path) -> str:
    status, out, err = run(capsys, [*argv, "--store", str(store)])
    assert status == 2, (out, err)
    assert out == ""
    assert err.startswith(f"grundy: error: {store}: the row of ") and err.count("\n") == 1, err
    assert "is not what grundy writes" in err and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("'abc'", "'abc' is not a Grundy value"),
        ("-5", "-5 is not a Grundy value"),
        ("1e300", "1e+300 is not a Grundy value"),
        ("2.5", "2.5 is not a Grundy value"),
        ("X'0102'", "b'\\x01\\x02' is not a Grundy value"),
        ("NULL", "None is not a Grundy value"),
    ],
    ids=["text", "negative", "1e+300", "float", "blob", "NULL"],
)
@pytest.mark.parametrize("command", ["sweep", "export"])
def test_a_stored_value_that_is_no_grundy_value(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str, said: str, command: str
) -> None:
    store = tmp_path / "r.sqlite"
    assert run(capsys, [*SWEEP, "--store", str(store)])[0] == 0
    untyped(store, *RESULTS)
    tamper(store, f"UPDATE results SET value = {value}")
    argv = SWEEP if command == "sweep" else ["store", "export", str(tmp_path / "out.csv")]
    err = refused(capsys, argv, store)
    assert "the row of results (game 'cr', rules version 1, normal play, position '" in err
    assert said in err
    assert not (tmp_path / "out.csv").exists()


@pytest.mark.parametrize(
    ("counts", "said"),
    [
        ("'5'", "'5' is not a tally"),
        ("'[1, 2]'", "is not a tally"),
        ("'" + "[" * 150_000 + "]" * 150_000 + "'", "characters, more than"),
        ("'" + "[" * 50_000 + "]" * 50_000 + "'", "nested too deeply"),
        ("'{\"0\": \"2\"}'", "its count '2' of value 0 is not a count"),
        ("'{\"0\": -2}'", "its count -2 of value 0 is not a count"),
        ("'{\"0\": 1.5}'", "its count 1.5 of value 0 is not a count"),
        ("'{\"0\": true}'", "its count True of value 0 is not a count"),
        ("'{\"a\": 2}'", "its key 'a' is not a Grundy value"),
        ("'{\"-1\": 2}'", "its key '-1' is not a Grundy value"),
        ("'{\"0\": 2, \"1\": 1, \"2\": 4, \"3\": 5}'", "add up to 12 positions, but its "),
        ("'{\"0\": 11}'", None),  # adds up: a forgery no sum can tell (see the docs)
        ("'not json'", "it is not valid JSON"),
        ("NULL", "None is not a tally"),
        ("7", "7 is not a tally"),
    ],
    ids=[
        "'5'", "list", "too long", "deep", "count text", "negative count", "float count",
        "bool count", "key text", "negative key", "forged sum", "forged, adds up", "not JSON",
        "NULL", "int",
    ],
)  # fmt: skip
def test_a_stored_tally_that_is_no_tally(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, counts: str, said: str | None
) -> None:
    store = tmp_path / "r.sqlite"
    assert run(capsys, [*COUNT, "--store", str(store)])[0] == 0
    untyped(store, *TALLIES)
    tamper(store, f"UPDATE tallies SET counts = {counts} WHERE n = 6")
    if said is None:
        status, out, _ = run(capsys, [*COUNT, "--store", str(store), "--json"])
        assert status == 0 and '"0": 11' in out
        return
    err = refused(capsys, COUNT, store)
    assert "the row of tallies (game 'cr', rules version 1, normal play, n 6)" in err
    assert said in err


def test_a_stored_size_that_is_no_size(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    store = tmp_path / "r.sqlite"
    assert run(capsys, [*COUNT, "--store", str(store)])[0] == 0
    untyped(store, *TALLIES)
    tamper(store, "UPDATE tallies SET n = 'six' WHERE n = 6")
    err = refused(capsys, ["store", "list"], store)
    assert "n 'six'" in err and "its size 'six' is not a non-negative integer" in err


def test_a_stored_reading_that_is_no_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store = tmp_path / "r.sqlite"
    assert run(capsys, [*SWEEP, "--store", str(store)])[0] == 0
    tamper(store, "UPDATE readings SET canonical = X'00'")
    err = refused(capsys, SWEEP, store)
    assert "the row of readings (game 'cr', rules version 1, member 'b^a @ a=2,b=" in err
    assert "b'\\x00' is not a position's text" in err


def test_good_rows_read_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "r.sqlite")
    store.put("cr", 1, False, {"2,1": 0, "3": 1})
    store.put_tallies("cr", 1, False, {3: {0: 1, 1: 2}})
    assert store.get("cr", 1, False, ["2,1", "3"]) == {"2,1": 0, "3": 1}
    assert store.tallies("cr", 1, False, [3], lambda n: 3) == {3: {0: 1, 1: 2}}
    with pytest.raises(BadRow) as bad:
        store.tallies("cr", 1, False, [3], lambda n: 4)
    assert isinstance(bad.value, StoreError) and str(bad.value).startswith(f"{store.path}: ")


@pytest.mark.parametrize(
    ("check", "found"),
    [
        (check_value, True),
        (check_value, "3"),
        (check_tally, "{}" + " " * MAX_TALLY_TEXT),
        (check_tally, '{"0": 1, "0": 2}x'),
    ],
)
def test_validators_refuse(check: Callable[[object], object], found: object) -> None:
    with pytest.raises(ValueError):
        check(found)


@pytest.mark.parametrize("argv", [COUNT, SWEEP, ["store", "list"]], ids=["count", "sweep", "list"])
def test_store_in_a_missing_folder_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    """As every other file option: the folder is not made (only the default store's is)."""
    store = tmp_path / "missing" / "r.sqlite"
    status, out, err = run(capsys, [*argv, "--store", str(store)])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "does not exist" in err and "missing" in err
    assert not store.parent.exists()


@pytest.mark.parametrize(
    ("column", "stored", "said"),
    [
        ("game", "5", "its game 5 is not a name"),
        ("rules_version", "'one'", "its rules version 'one' is not a version"),
        ("misere", "2", "its play 2 is not 0 (normal) or 1 (misère)"),
        ("position", "CAST(position AS BLOB)", "is not a position's text"),
    ],
)
@pytest.mark.parametrize("command", ["list", "export"])
def test_a_stored_key_that_is_no_key(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    column: str,
    stored: str,
    said: str,
    command: str,
) -> None:
    store = tmp_path / "r.sqlite"
    assert run(capsys, [*SWEEP, "--store", str(store)])[0] == 0
    untyped(store, *RESULTS)
    tamper(store, f"UPDATE results SET {column} = {stored}")
    argv = ["store", "list"] if command == "list" else ["store", "export", str(tmp_path / "o.csv")]
    if command == "list" and column == "position":
        assert run(capsys, [*argv, "--store", str(store)])[0] == 0  # positions are not listed
        return
    err = refused(capsys, argv, store)
    assert "the row of results (game " in err and said in err
