"""The results store: every value grundy computes in a sweep or count, kept in SQLite.

One file (default ``$GRUNDY_STORE``, else ``~/.local/share/grundy/results.sqlite``)
holds one row per (game, version of its rules, play convention, canonical
position): the position is the game's own text of its canonical form, so a
position and its mirror image share a row.  A later sweep reads the rows it
needs instead of recomputing them.

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
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from grundy.atomic import check_writable

__all__ = ["FORMAT", "Store", "default_path"]

#: What the store's meta table says it is, and the version of its layout.
FORMAT = ("grundy-results", "1")
_BATCH = 900  # SQLite's limit on variables per statement is 999 in old builds
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    misere INTEGER NOT NULL,
    position TEXT NOT NULL,
    value INTEGER NOT NULL,
    PRIMARY KEY (game, rules_version, misere, position)
) WITHOUT ROWID;
"""


def default_path() -> Path:
    """$GRUNDY_STORE, else ~/.local/share/grundy/results.sqlite."""
    env = os.environ.get("GRUNDY_STORE")
    if env:
        return Path(env)
    return Path.home() / ".local" / "share" / "grundy" / "results.sqlite"


class Store:
    """Values by (game, rules version, convention, canonical position text) in one SQLite file."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        if self.path.is_dir():
            raise ValueError(f"results store {str(self.path)!r} is a directory")
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            check_writable(self.path)
        self._check_or_create()

    # ------------------------------------------------------------- access
    def get(
        self, game: str, rules_version: int, misere: bool, positions: Iterable[str]
    ) -> dict[str, int]:
        """The stored values of those positions that have one."""
        wanted = list(dict.fromkeys(positions))
        found: dict[str, int] = {}
        with self._connect() as db:
            for start in range(0, len(wanted), _BATCH):
                chunk = wanted[start : start + _BATCH]
                marks = ",".join("?" * len(chunk))
                rows = db.execute(
                    "SELECT position, value FROM results WHERE game = ? AND rules_version = ? "
                    f"AND misere = ? AND position IN ({marks})",
                    (game, rules_version, int(misere), *chunk),
                )
                found.update(rows)
        return found

    def put(self, game: str, rules_version: int, misere: bool, values: Mapping[str, int]) -> int:
        """Store values (one transaction); returns how many rows were written."""
        rows = [(game, rules_version, int(misere), p, int(v)) for p, v in values.items()]
        with self._connect() as db, _transaction(db):
            db.executemany("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?)", rows)
        return len(rows)

    def summary(self) -> list[dict[str, Any]]:
        """One entry per (game, rules version, convention): how many values are stored."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT game, rules_version, misere, COUNT(*) FROM results "
                "GROUP BY game, rules_version, misere ORDER BY game, rules_version, misere"
            ).fetchall()
        keys = ("game", "rules_version", "misere", "values")
        return [dict(zip(keys, (g, v, bool(m), n), strict=True)) for g, v, m, n in rows]

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
        """Delete the values of one game (or all); returns how many were deleted."""
        with self._connect() as db, _transaction(db):
            if game is None:
                return db.execute("DELETE FROM results").rowcount
            return db.execute("DELETE FROM results WHERE game = ?", (game,)).rowcount

    # ---------------------------------------------------------- internals
    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=60.0, isolation_level=None)) as db:
            db.execute("PRAGMA busy_timeout = 60000")
            yield db

    def _check_or_create(self) -> None:
        try:
            with self._connect() as db:
                tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
                if not tables:  # a new file: two processes may get here at once
                    db.execute("PRAGMA journal_mode = WAL")
                    with _transaction(db):
                        for statement in _SCHEMA.split(";"):
                            if statement.strip():
                                db.execute(statement)
                        mark = "INSERT OR IGNORE INTO meta VALUES ('format', ?), ('version', ?)"
                        db.execute(mark, FORMAT)
                    tables = {"meta"}
                meta = dict(db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        except sqlite3.DatabaseError as exc:
            raise ValueError(f"{self.path}: not a grundy results store ({exc})") from None
        if (meta.get("format"), meta.get("version")) != FORMAT:
            raise ValueError(
                f"{self.path}: not a grundy results store (an SQLite file of something else); "
                "give another path with --store or $GRUNDY_STORE"
            )


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
