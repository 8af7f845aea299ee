"""The results store: everything grundy computes in a sweep or count, kept in SQLite.

One file (default ``$GRUNDY_STORE``, else ``~/.local/share/grundy/results.sqlite``)
keeps, per game and version of its rules:

* values: one row per (play convention, canonical position), the position
  being the game's own text of its canonical form, so a position and its
  mirror image share a row;
* tallies: per (play convention, size n) how many positions of size n have
  each value (`grundy.analysis.counts`);
* readings: per family member (`grundy.analysis.sweep`: a template or named
  family with its parameter values), the game's text of that position and of
  its canonical form — so a sweep run before finds its positions' values
  without building, parsing or canonicalising any of them again.

A later sweep or count reads the rows it needs instead of recomputing them.

SQLite gives what a store must: the file is never half-written (each batch
is one transaction, so Ctrl-C or a killed process loses at most the batch in
flight), several processes may write at once (WAL mode; a writer waits for
another's transaction instead of failing), and a file that is not a grundy
store — another SQLite database, or not a database at all — is a ValueError
and is never touched.

>>> import tempfile, pathlib
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "r.sqlite")
>>> store.put("cr", 1, False, {"3,2,1": 1, "2,1": 0})
2
>>> store.get("cr", 1, False, ["2,1", "4"])
{'2,1': 0}
>>> store.put_tallies("cr", 1, False, {6: {0: 2, 1: 1, 2: 4, 3: 4}})
1
>>> store.tallies("cr", 1, False, [5, 6])
{6: {0: 2, 1: 1, 2: 4, 3: 4}}
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from grundy.atomic import check_writable

__all__ = ["FORMAT", "Store", "default_path"]

#: What the store's meta table says it is, and the version of its layout.  Tables added
#: since (readings, tallies) are created when missing: older grundy versions ignore them.
FORMAT = ("grundy-results", "1")
_BATCH = 900  # SQLite's limit on variables per statement is 999 in old builds
_TABLES = {
    "meta": "key TEXT PRIMARY KEY, value TEXT NOT NULL",
    "results": """game TEXT NOT NULL, rules_version INTEGER NOT NULL, misere INTEGER NOT NULL,
        position TEXT NOT NULL, value INTEGER NOT NULL,
        PRIMARY KEY (game, rules_version, misere, position)""",
    "readings": """game TEXT NOT NULL, rules_version INTEGER NOT NULL, member TEXT NOT NULL,
        position TEXT NOT NULL, canonical TEXT NOT NULL,
        PRIMARY KEY (game, rules_version, member)""",
    "tallies": """game TEXT NOT NULL, rules_version INTEGER NOT NULL, misere INTEGER NOT NULL,
        n INTEGER NOT NULL, counts TEXT NOT NULL,
        PRIMARY KEY (game, rules_version, misere, n)""",
}


def default_path() -> Path:
    """$GRUNDY_STORE, else ~/.local/share/grundy/results.sqlite."""
    env = os.environ.get("GRUNDY_STORE")
    if env:
        return Path(env)
    return Path.home() / ".local" / "share" / "grundy" / "results.sqlite"


class Store:
    """Values, tallies and readings by game and rules version in one SQLite file (module doc)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        if self.path.is_dir():
            raise ValueError(f"results store {str(self.path)!r} is a directory")
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            check_writable(self.path)
        self._check_or_create()

    # ------------------------------------------------------------- values
    def get(
        self, game: str, rules_version: int, misere: bool, positions: Iterable[str]
    ) -> dict[str, int]:
        """The stored values of those canonical positions that have one."""
        query = "SELECT position, value FROM results WHERE game = ? AND rules_version = ? "
        query += "AND misere = ? AND position"
        return dict(self._select_in(query, (game, rules_version, int(misere)), positions))

    def put(self, game: str, rules_version: int, misere: bool, values: Mapping[str, int]) -> int:
        """Store values (one transaction); returns how many rows were written."""
        head = (game, rules_version, int(misere))
        return self._replace("results", [(*head, p, int(v)) for p, v in values.items()])

    # ----------------------------------------------------------- readings
    def lookup(
        self, game: str, rules_version: int, misere: bool, members: Iterable[str]
    ) -> tuple[dict[str, tuple[str, str]], dict[str, int]]:
        """In one query: {member: (position text, canonical text)} for the family members
        read before, and {canonical text: value} for those whose value is stored."""
        query = (
            "SELECT r.member, r.position, r.canonical, v.value FROM readings r "
            "LEFT JOIN results v ON v.game = r.game AND v.rules_version = r.rules_version "
            "AND v.misere = ? AND v.position = r.canonical "
            "WHERE r.game = ? AND r.rules_version = ? AND r.member"
        )
        rows = self._select_in(query, (int(misere), game, rules_version), members)
        return {m: (p, c) for m, p, c, _ in rows}, {c: v for _, _, c, v in rows if v is not None}

    def put_readings(
        self, game: str, rules_version: int, readings: Mapping[str, tuple[str, str]]
    ) -> int:
        """Store {member: (position text, canonical text)} (one transaction); returns how
        many rows were written."""
        rows = [(game, rules_version, m, p, c) for m, (p, c) in readings.items()]
        return self._replace("readings", rows)

    # ------------------------------------------------------------ tallies
    def tallies(
        self, game: str, rules_version: int, misere: bool, sizes: Iterable[int]
    ) -> dict[int, dict[int, int]]:
        """{n: {value: positions of size n with it}} for the sizes counted before."""
        query = "SELECT n, counts FROM tallies WHERE game = ? AND rules_version = ? "
        query += "AND misere = ? AND n"
        rows = self._select_in(query, (game, rules_version, int(misere)), sizes)
        return {n: {int(v): c for v, c in json.loads(counts).items()} for n, counts in rows}

    def put_tallies(
        self,
        game: str,
        rules_version: int,
        misere: bool,
        tallies: Mapping[int, Mapping[int, int]],
    ) -> int:
        """Store tallies by size (one transaction); returns how many sizes were written."""
        head = (game, rules_version, int(misere))
        return self._replace(
            "tallies", [(*head, int(n), json.dumps(dict(t))) for n, t in tallies.items()]
        )

    # --------------------------------------------------------- everything
    def summary(self) -> list[dict[str, Any]]:
        """One entry per (game, rules version, convention): how many values and counted
        sizes are stored."""
        found: dict[tuple[str, int, int], dict[str, int]] = {}
        with self._connect() as db:
            for table, what in (("results", "values"), ("tallies", "counted_sizes")):
                query = (
                    f"SELECT game, rules_version, misere, COUNT(*) FROM {table} GROUP BY 1, 2, 3"
                )
                for g, v, m, n in db.execute(query):
                    found.setdefault((g, v, m), {"values": 0, "counted_sizes": 0})[what] = n
        return [
            {"game": g, "rules_version": v, "misere": bool(m), **counts}
            for (g, v, m), counts in sorted(found.items())
        ]

    def rows(self, game: str | None = None) -> Iterator[dict[str, Any]]:
        """Every stored value (of one game if given), ordered."""
        query = "SELECT game, rules_version, misere, position, value FROM results"
        args: tuple[str, ...] = ()
        if game is not None:
            query += " WHERE game = ?"
            args = (game,)
        keys = ("game", "rules_version", "misere", "position", "value")
        with self._connect() as db:
            for g, v, m, p, val in db.execute(query + " ORDER BY 1, 2, 3, 4", args):
                yield dict(zip(keys, (g, v, bool(m), p, val), strict=True))

    def clear(self, game: str | None = None) -> int:
        """Delete what is stored of one game (or all); returns how many values and
        tallies were deleted."""
        where, args = ("", ()) if game is None else (" WHERE game = ?", (game,))
        with self._connect() as db, _transaction(db):
            db.execute("DELETE FROM readings" + where, args)
            return sum(
                db.execute(f"DELETE FROM {table}{where}", args).rowcount
                for table in ("results", "tallies")
            )

    # ---------------------------------------------------------- internals
    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=60.0, isolation_level=None)) as db:
            db.execute("PRAGMA busy_timeout = 60000")
            db.execute("PRAGMA cache_size = -65536")  # 64 MiB, not 2: a sweep reads many pages
            yield db

    def _select_in(self, query: str, head: Sequence[Any], keys: Iterable[Any]) -> list[Any]:
        """The rows of `query` (ending in the keyed column) whose key is one of `keys`,
        in as few statements as SQLite allows."""
        wanted = list(dict.fromkeys(keys))
        rows: list[Any] = []
        if not wanted:
            return rows
        with self._connect() as db:
            for start in range(0, len(wanted), _BATCH):
                chunk = wanted[start : start + _BATCH]
                marks = ",".join("?" * len(chunk))
                rows += db.execute(f"{query} IN ({marks})", (*head, *chunk))
        return rows

    def _replace(self, table: str, rows: list[tuple[Any, ...]]) -> int:
        """INSERT OR REPLACE the rows into `table` in one transaction."""
        if rows:
            marks = ",".join("?" * len(rows[0]))
            with self._connect() as db, _transaction(db):
                db.executemany(f"INSERT OR REPLACE INTO {table} VALUES ({marks})", rows)
        return len(rows)

    def _check_or_create(self) -> None:
        try:
            with self._connect() as db:
                tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
                if not tables:  # a new file: two processes may get here at once
                    db.execute("PRAGMA journal_mode = WAL")
                    _create_tables(db)
                    tables = set(_TABLES)
                meta = dict(db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
                ours = (meta.get("format"), meta.get("version")) == FORMAT
                if ours and not tables >= set(_TABLES):
                    _create_tables(db)  # a store from before readings and tallies
        except sqlite3.DatabaseError as exc:
            raise ValueError(f"{self.path}: not a grundy results store ({exc})") from None
        if not ours:
            raise ValueError(
                f"{self.path}: not a grundy results store (an SQLite file of something else); "
                "give another path with --store or $GRUNDY_STORE"
            )


def _create_tables(db: sqlite3.Connection) -> None:
    """Every table the store lacks, and its meta rows, in one transaction."""
    with _transaction(db):
        for name, columns in _TABLES.items():
            rowid = "" if name == "meta" else " WITHOUT ROWID"
            db.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns}){rowid}")
        db.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?), ('version', ?)", FORMAT)


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE … COMMIT, rolled back on any exception (Ctrl-C included)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
