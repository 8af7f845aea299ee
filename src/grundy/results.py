"""The results store: everything grundy computes in a sweep or count, kept in SQLite.

One file (default ``$GRUNDY_STORE``, else ``results.sqlite`` in the user's data
folder: ``$XDG_DATA_HOME/grundy``, else ``~/.local/share/grundy``) keeps, per game
and version of its rules:

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
flight), and several processes may write at once (WAL mode; a writer waits
up to `timeout` seconds, $GRUNDY_STORE_TIMEOUT or 60, for another's
transaction).  A new store is made complete under a temporary name and only
then linked into place (`grundy.atomic.atomic_create`), so a failure while
making it leaves no file.

Whatever goes wrong with the file, at any query, is a `StoreError` (an
OSError) that names the file, what is wrong and the way out (another store
with ``--store FILE`` or ``$GRUNDY_STORE``, or none with ``--no-store``):
a damaged file ("database disk image is malformed"), a file or folder that
is read-only, a lock held by another process for longer than `timeout`, a
full disk, an I/O error, or a file that is not a grundy store (another
SQLite database, or not a database at all), which is never touched.

The file is data, and may have been written by anyone: every row is checked as it
is read, by one validator per kind of row (`BadRow`, a StoreError naming the row):
a value must be a non-negative int (`check_value`); a reading two texts; a tally a
JSON object of at most `MAX_TALLY_TEXT` characters mapping values (digits) to counts
(non-negative ints), whose counts add up to the number of positions of its size
where the caller knows that number (`check_tally`); a size a non-negative int.

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

import contextlib
import errno
import json
import math
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any, TypeVar

from grundy.atomic import atomic_create

__all__ = [
    "DEFAULT_TIMEOUT",
    "FORMAT",
    "MAX_TALLY_TEXT",
    "BadRow",
    "Store",
    "StoreError",
    "busy_timeout",
    "check_tally",
    "check_value",
    "default_path",
    "sizes_text",
]

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


T = TypeVar("T")

#: Seconds a store operation waits for another process's transaction before it fails.
DEFAULT_TIMEOUT = 60.0
_WAY_OUT = "use another with --store FILE or $GRUNDY_STORE, or none with --no-store"


class StoreError(OSError):
    """A results store that cannot be used: damaged, read-only, locked for too long, on
    a full disk, an I/O error, or not a grundy store.  The message names the file, what
    is wrong and the way out.

    An OSError, as Python's own file errors are: what fails is the file or the disk
    under it, not the values asked for (the command line reports it as it reports a
    missing file, one line and exit status 2).
    """

    #: What is wrong, as a word: "read-only", "full", "damaged", "locked", … ("" unknown).
    kind = ""


class BadRow(StoreError):
    """A row of the results store that grundy did not write: a value that is no Grundy
    value, a tally that is no tally (or does not add up), a reading that is not text.
    The message names the file and the row (its table and key), and the way out."""


#: Most characters a stored tally's JSON text may have (a tally of 10,000 values).
MAX_TALLY_TEXT = 200_000
#: Most digits a Grundy value in a stored tally may have (SQLite's ints are 64-bit).
_VALUE_DIGITS = 19


def check_value(value: object) -> int:
    """A stored Grundy value as it is read: a non-negative int, else a ValueError saying
    what it is instead.

    >>> check_value(3)
    3
    >>> check_value(-5)
    Traceback (most recent call last):
    ...
    ValueError: -5 is not a Grundy value (a non-negative integer)
    """
    if type(value) is not int or value < 0:
        raise ValueError(f"{_shown(value)} is not a Grundy value (a non-negative integer)")
    return value


def check_tally(text: object, positions: int | None = None) -> dict[int, int]:
    """A stored tally as it is read: {value: count} from the JSON text of an object
    mapping values (digits) to counts (non-negative ints), at most `MAX_TALLY_TEXT`
    characters; with `positions` (how many positions its size has, where known), the
    counts must add up to it.  Else a ValueError saying what is wrong.

    >>> check_tally('{"0": 2, "1": 1}', positions=3)
    {0: 2, 1: 1}
    >>> check_tally('{"0": 2, "1": 1}', positions=5)
    Traceback (most recent call last):
    ...
    ValueError: its counts add up to 3 positions, but its size has 5
    >>> check_tally("5")
    Traceback (most recent call last):
    ...
    ValueError: '5' is not a tally (a JSON object of value: count)
    """
    if not isinstance(text, str):
        raise ValueError(f"{_shown(text)} is not a tally (JSON text)")
    if len(text) > MAX_TALLY_TEXT:
        raise ValueError(f"its text has {len(text):,} characters, more than {MAX_TALLY_TEXT:,}")
    try:
        found = json.loads(text)
    except RecursionError:
        raise ValueError("it is JSON nested too deeply, not a tally") from None
    except ValueError as exc:  # JSONDecodeError
        raise ValueError(f"it is not valid JSON ({exc})") from None
    if not isinstance(found, dict):
        raise ValueError(f"{_shown(text)} is not a tally (a JSON object of value: count)")
    tally = {}
    for value, count in found.items():
        if not (value.isascii() and value.isdigit() and len(value) <= _VALUE_DIGITS):
            raise ValueError(f"its key {_shown(value)} is not a Grundy value")
        if type(count) is not int or count < 0:
            raise ValueError(f"its count {_shown(count)} of value {value} is not a count")
        tally[int(value)] = count
    if positions is not None and sum(tally.values()) != positions:
        raise ValueError(
            f"its counts add up to {sum(tally.values()):,} positions, but its size has "
            f"{positions:,}"
        )
    return tally


def _check_size(n: object) -> int:
    """A stored size n: a non-negative int."""
    if type(n) is not int or n < 0:
        raise ValueError(f"its size {_shown(n)} is not a non-negative integer")
    return n


def _check_key(key: tuple[object, object, object]) -> tuple[str, int, int]:
    """A stored row's (game, rules version, play): text, a non-negative int, 0 or 1."""
    game, rules_version, misere = key
    if not isinstance(game, str):
        raise ValueError(f"its game {_shown(game)} is not a name")
    if type(rules_version) is not int or rules_version < 0:
        raise ValueError(f"its rules version {_shown(rules_version)} is not a version")
    if misere not in (0, 1) or type(misere) is not int:
        raise ValueError(f"its play {_shown(misere)} is not 0 (normal) or 1 (misère)")
    return game, rules_version, misere


def _check_text(text: object) -> str:
    """A stored position's text: a str."""
    if not isinstance(text, str):
        raise ValueError(f"{_shown(text)} is not a position's text")
    return text


#: The play conventions as a row stores them (`misere`: 0 or 1, True or False), in words.
_PLAYS = {0: "normal play", 1: "misère play"}


def _row(table: str, game: object, rules_version: object, misere: object, key: str) -> str:
    """A row of the store in words: its table and its key (`misere` None: no play).

    >>> _row("tallies", "cr", 1, True, "n 6")
    "the row of tallies (game 'cr', rules version 1, misère play, n 6)"
    """
    play = "" if misere is None else f", {_PLAYS.get(misere, f'play {_shown(misere)}')}"
    return (
        f"the row of {table} (game {_shown(game)}, rules version {_shown(rules_version)}"
        f"{play}, {key})"
    )


def _shown(thing: object, width: int = 40) -> str:
    """`thing`'s repr cut to `width` characters, for a one-line message."""
    text = repr(thing)
    return text if len(text) <= width else text[: width - 1] + "…"


def default_path(environ: Mapping[str, str] = os.environ) -> Path:
    """$GRUNDY_STORE, else $XDG_DATA_HOME/grundy/results.sqlite, else
    ~/.local/share/grundy/results.sqlite.

    >>> default_path({"XDG_DATA_HOME": "/data"}).as_posix()
    '/data/grundy/results.sqlite'
    """
    if environ.get("GRUNDY_STORE"):
        return Path(environ["GRUNDY_STORE"])
    xdg = environ.get("XDG_DATA_HOME", "")
    data = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return data / "grundy" / "results.sqlite"


def busy_timeout(seconds: float | None = None) -> float:
    """How long a store operation waits for another process's transaction, in seconds:
    `seconds` if given, else $GRUNDY_STORE_TIMEOUT if set, else `DEFAULT_TIMEOUT`.

    >>> busy_timeout(0.5), busy_timeout()
    (0.5, 60.0)
    """
    if seconds is None:
        text = os.environ.get("GRUNDY_STORE_TIMEOUT", "").strip()
        if not text:
            return DEFAULT_TIMEOUT
        try:
            seconds = float(text)
        except ValueError:
            seconds = math.nan
        what = f"$GRUNDY_STORE_TIMEOUT ({text!r})"
    else:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise TypeError(f"the store's timeout must be a number of seconds, not {seconds!r}")
        what = f"the store's timeout ({seconds!r})"
    if not 0 <= seconds < math.inf:
        raise ValueError(f"{what} must be a number of seconds, at least 0")
    return float(seconds)


class Store:
    """Values, tallies and readings by game and rules version in one SQLite file (module doc).

    `timeout`: see `busy_timeout`.  Opening a missing file makes a new store
    (and its folders); any failure of the file is a `StoreError`.
    """

    def __init__(
        self, path: str | os.PathLike[str] | None = None, timeout: float | None = None
    ) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.timeout = busy_timeout(timeout)
        self._local = threading.local()
        with self._failures():
            if self.path.is_dir():
                raise self._error("directory")
            if not self.path.exists():
                self._create()
        self._check_or_create()

    # ------------------------------------------------------------- values
    def get(
        self, game: str, rules_version: int, misere: bool, positions: Iterable[str]
    ) -> dict[str, int]:
        """The stored values of those canonical positions that have one."""
        query = "SELECT position, value FROM results WHERE game = ? AND rules_version = ? "
        query += "AND misere = ? AND position"
        rows = self._select_in(query, (game, rules_version, int(misere)), positions)
        return {
            p: self._checked(
                check_value,
                v,
                _row("results", game, rules_version, misere, f"position {_shown(p)}"),
            )
            for p, v in rows
        }

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
        readings, values = {}, {}
        for m, p, c, v in rows:
            row = _row("readings", game, rules_version, None, f"member {_shown(m)}")
            readings[m] = (self._checked(_check_text, p, row), self._checked(_check_text, c, row))
            if v is not None:  # (None: no value stored for it)
                row = _row("results", game, rules_version, misere, f"position {_shown(c)}")
                values[c] = self._checked(check_value, v, row)
        return readings, values

    def put_readings(
        self, game: str, rules_version: int, readings: Mapping[str, tuple[str, str]]
    ) -> int:
        """Store {member: (position text, canonical text)} (one transaction); returns how
        many rows were written."""
        rows = [(game, rules_version, m, p, c) for m, (p, c) in readings.items()]
        return self._replace("readings", rows)

    # ------------------------------------------------------------ tallies
    def tallies(
        self,
        game: str,
        rules_version: int,
        misere: bool,
        sizes: Iterable[int],
        positions: Callable[[int], int | None] | None = None,
    ) -> dict[int, dict[int, int]]:
        """{n: {value: positions of size n with it}} for the sizes counted before, each
        checked (`check_tally`; `positions(n)`: how many positions size n has, where the
        caller knows it exactly)."""
        query = "SELECT n, counts FROM tallies WHERE game = ? AND rules_version = ? "
        query += "AND misere = ? AND n"
        rows = self._select_in(query, (game, rules_version, int(misere)), sizes)
        found = {}
        for n, counts in rows:
            row = _row("tallies", game, rules_version, misere, f"n {_shown(n)}")
            n = self._checked(_check_size, n, row)
            known = positions(n) if positions is not None else None
            found[n] = self._checked(lambda text: check_tally(text, known), counts, row)  # noqa: B023
        return found

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
        sizes are stored, and which sizes ("sizes": e.g. "0..30", `sizes_text`; a count
        of n = 1..30 also counts the empty position, n = 0)."""
        found: dict[tuple[str, int, int], dict[str, Any]] = {}
        empty = {"values": 0, "counted_sizes": 0, "sizes": ""}
        query = "SELECT game, rules_version, misere, COUNT(*) FROM results GROUP BY 1, 2, 3"
        with self._connect() as db:
            for g, v, m, count in db.execute(query):
                key = self._checked(
                    _check_key, (g, v, m), _row("results", g, v, m, f"{count} rows")
                )
                found.setdefault(key, dict(empty))["values"] = count
            sizes: dict[tuple[str, int, int], list[int]] = {}
            for g, v, m, n in db.execute("SELECT game, rules_version, misere, n FROM tallies"):
                row = _row("tallies", g, v, m, f"n {_shown(n)}")
                key = self._checked(_check_key, (g, v, m), row)
                sizes.setdefault(key, []).append(self._checked(_check_size, n, row))
        for key, counted in sizes.items():
            entry = found.setdefault(key, dict(empty))
            entry.update(counted_sizes=len(counted), sizes=sizes_text(counted))
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
                row = _row("results", g, v, m, f"position {_shown(p)}")
                g, v, m = self._checked(_check_key, (g, v, m), row)
                p, val = self._checked(_check_text, p, row), self._checked(check_value, val, row)
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

    def check_writable(self) -> None:
        """A `StoreError` unless this process can write the store: an empty write
        transaction, which SQLite refuses where the file, its folder or the disk is
        read-only (whoever the process runs as).

        >>> import tempfile, pathlib
        >>> Store(pathlib.Path(tempfile.mkdtemp()) / "r.sqlite").check_writable()
        """
        with self._connect() as db, _transaction(db):
            pass

    def close(self) -> None:
        """Close this thread's connection now rather than when the store is collected
        (the next use opens another)."""
        held = getattr(self._local, "held", None)
        if held is not None and held[0] == os.getpid():
            self._local.held = None
            held[1].close()

    def __repr__(self) -> str:
        """The store in a line: its file and how many rows it holds of each kind.

        >>> import tempfile, pathlib
        >>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "r.sqlite")
        >>> store.put("cr", 1, False, {"3,2,1": 1, "2,1": 0})
        2
        >>> store.put_tallies("cr", 1, False, {3: {0: 1, 1: 1, 2: 1}})
        1
        >>> store  # doctest: +ELLIPSIS
        <results store .../r.sqlite: 2 values, 1 tally, 0 readings>
        """
        one = {"values": "value", "tallies": "tally", "readings": "reading"}
        shown = [
            f"{kind}: {text}" if kind not in one else f"{text} {one[kind] if text == '1' else kind}"
            for kind, text in self._facts()
        ]
        return f"<results store {self.path}: {', '.join(shown)}>"

    def _repr_html_(self) -> str:
        """The store as a table in Jupyter: its file and its rows of each kind.

        >>> import tempfile, pathlib
        >>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "r.sqlite")
        >>> print(store._repr_html_())  # doctest: +ELLIPSIS
        <table><caption>results store .../r.sqlite</caption>
        <tr><th style="text-align:left">values</th><td style="text-align:left">0</td></tr>
        <tr><th ...>tallies</th><td ...>0</td></tr>
        <tr><th ...>readings</th><td ...>0</td></tr>
        </table>
        """
        from grundy.jupyter import html_table  # only when shown

        return html_table(f"results store {self.path}", self._facts())

    def _facts(self) -> list[tuple[str, str]]:
        """How many rows the store holds of each kind (values, tallies, readings), or
        ("unreadable", what is wrong with the file)."""
        tables = {"values": "results", "tallies": "tallies", "readings": "readings"}
        try:
            with self._connect() as db:
                return [
                    (kind, f"{db.execute(f'SELECT COUNT(*) FROM {table}').fetchone()[0]:,}")
                    for kind, table in tables.items()
                ]
        except StoreError as error:
            return [("unreadable", str(error))]

    # ---------------------------------------------------------- internals
    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection to the store, failures turned into StoreErrors."""
        with self._failures():
            yield self._connection()

    def _connection(self) -> sqlite3.Connection:
        """One connection per thread, opened on first use and kept: opening one costs more
        than storing a count's tally (0.8 ms against 0.02 ms).  A forked child opens its
        own, and leaves its parent's unused and open."""
        held = getattr(self._local, "held", None)
        if held is None or held[0] != os.getpid():
            db = self._open(self.path)
            db.execute("PRAGMA cache_size = -65536")  # 64 MiB, not 2: a sweep reads many pages
            # A commit reaches the disk at the next checkpoint, not at once: a killed process
            # loses nothing committed, a power cut at most the last commits (never the file).
            db.execute("PRAGMA synchronous = NORMAL")
            self._local.held, self._local.inherited = (os.getpid(), db), held
        return self._local.held[1]

    def _open(self, path: Path) -> sqlite3.Connection:
        return sqlite3.connect(path, timeout=self.timeout, isolation_level=None)

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """Turn whatever SQLite or the file system raises in the block into a StoreError."""
        try:
            yield
        except StoreError:
            raise
        except sqlite3.Error as exc:
            self.close()  # whatever state it is left in, the next use starts afresh
            raise self._error(_sqlite_kind(exc), str(exc)) from None
        except OSError as exc:
            raise self._error(_os_kind(exc), exc.strerror or str(exc)) from None

    def _error(self, kind: str, detail: str = "") -> StoreError:
        """The StoreError of one kind of failure (`_PROBLEMS`), in one line."""
        if kind == "io" and _disk_full(self.path):
            kind = "full"  # SQLite says "disk I/O error" when it cannot make its -shm file
        what, way = _PROBLEMS.get(kind, ("the results store failed", ""))
        what = what.format(timeout=f"{self.timeout:g}", part=_read_only_part(self.path))
        said = f" ({detail})" if detail else ""
        error = StoreError(f"{self.path}: {what}{said}; {way}{_WAY_OUT}")
        error.kind = kind
        return error

    def _checked(self, check: Callable[[Any], T], found: object, row: str) -> T:
        """`check(found)`, its ValueError turned into the `BadRow` naming the store and
        the `row` (`_row`)."""
        try:
            return check(found)
        except ValueError as exc:
            raise BadRow(
                f"{self.path}: {row} is not what grundy writes: {exc}; move it aside, or {_WAY_OUT}"
            ) from None

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

    def _create(self) -> None:
        """A new store at `path`: made whole under a temporary name, then linked into
        place (`atomic_create`), so a failure (a full disk, Ctrl-C) leaves no file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_create(self.path) as building, closing(self._open(building)) as db:
            db.execute("PRAGMA journal_mode = WAL")
            _create_tables(db)

    def _check_or_create(self) -> None:
        """Refuse a file that is not a grundy store; complete an older layout, and make
        an empty file (made by hand) a store."""
        with self._connect() as db:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
            if not tables:  # an empty file: two processes may get here at once
                db.execute("PRAGMA journal_mode = WAL")
                _create_tables(db)
                tables = set(_TABLES)
            meta = dict(db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
            ours = (meta.get("format"), meta.get("version")) == FORMAT
            if ours and not tables >= set(_TABLES):
                _create_tables(db)  # a store from before readings and tallies
        if not ours:
            raise self._error("not ours", "an SQLite file of something else")


#: What each kind of failure says, and the way out before `_WAY_OUT`.
_PROBLEMS = {
    "damaged": ("the results store is damaged", "move it aside, or "),
    "not ours": ("not a grundy results store", ""),
    "directory": ("a directory, not a results store", ""),
    "read-only": ("cannot write the results store, {part}", "make it writable, or "),
    "locked": (
        "the results store was locked by another process for over {timeout} s",
        "wait for it, set $GRUNDY_STORE_TIMEOUT to wait longer, or ",
    ),
    "full": ("the disk holding the results store is full", "free some space, or "),
    "io": ("I/O error on the results store", "check the disk, or "),
}
#: SQLite's primary result codes (sqlite3.h) by kind of failure, and the texts it gives
#: them (Python before 3.11 gives only the text).
_SQLITE_CODES = {
    11: "damaged",  # SQLITE_CORRUPT
    26: "not ours",  # SQLITE_NOTADB
    3: "read-only",  # SQLITE_PERM
    8: "read-only",  # SQLITE_READONLY
    14: "read-only",  # SQLITE_CANTOPEN: the file cannot be made, or its folder entered
    5: "locked",  # SQLITE_BUSY
    6: "locked",  # SQLITE_LOCKED
    13: "full",  # SQLITE_FULL
    10: "io",  # SQLITE_IOERR
}
_SQLITE_TEXTS = {
    "database disk image is malformed": 11,
    "file is not a database": 26,
    "access permission denied": 3,
    "attempt to write a readonly database": 8,
    "unable to open database file": 14,
    "database is locked": 5,
    "database table is locked": 6,
    "database or disk is full": 13,
    "disk I/O error": 10,
}
_OS_ERRORS = {
    errno.EACCES: "read-only",
    errno.EPERM: "read-only",
    errno.EROFS: "read-only",
    errno.ENOTDIR: "read-only",  # its folder cannot be made: a file is in the way
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EIO: "io",
}


def _sqlite_kind(exc: sqlite3.Error) -> str:
    """The kind of failure (`_PROBLEMS`) an SQLite error is."""
    code = getattr(exc, "sqlite_errorcode", None) or _SQLITE_TEXTS.get(str(exc), 0)
    return _SQLITE_CODES.get(code & 0xFF, "other")  # extended codes: the primary one


def _os_kind(exc: OSError) -> str:
    """The kind of failure (`_PROBLEMS`) a file-system error is."""
    return _OS_ERRORS.get(exc.errno or 0, "other")


def _read_only_part(path: Path) -> str:
    """Which of the store's file and its folder cannot be written, as words."""
    effective = os.access in os.supports_effective_ids  # permissions as this process has them
    for part, name in ((path, "the file"), (path.parent, "its folder")):
        if part.exists() and not os.access(part, os.W_OK, effective_ids=effective):
            return f"{name} is read-only"
    return "the file or its folder is read-only or cannot be opened"


def _disk_full(path: Path) -> bool:
    """Whether the file system holding `path` has no space left for this process."""
    try:
        return os.statvfs(path.parent).f_bavail == 0
    except OSError:
        return False


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
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # SQLite rolls back by itself after some errors (a full disk)
            with contextlib.suppress(sqlite3.Error):  # the connection is dropped (`_failures`)
                db.execute("ROLLBACK")
        raise


def sizes_text(numbers: Iterable[int]) -> str:
    """Integers as runs written the way `grundy.families.parse_range` reads one: "0..12, 15".

    >>> sizes_text([3, 0, 1, 2, 7, 9, 8])
    '0..3, 7..9'
    >>> sizes_text([5]), sizes_text([])
    ('5', '')
    """
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}..{b}" for a, b in runs)
