"""The atlas on disk: a manifest, and each level as chunk files with a checksum each.

::

    DIR/manifest.json          format, game, rules version, convention, chunk, complete levels
    DIR/level-NNN/chunks.json  level n: its size, and one row per chunk written
    DIR/level-NNN/KKKKK.npy    chunk k: the values of ranks k·chunk … (k+1)·chunk − 1

A chunk holds the values of `chunk` consecutive ranks (`grundy.engine.ranking`)
as uint8, or uint16 where a value needs it; its row in ``chunks.json`` names
its file, dtype and sha256.  Chunks are numpy ``.npy`` files read back by
memory map: the level engine reads the levels below in place through their
addresses, in this process or in each worker of a cluster, with no copy (a
compressed store such as Zarr would decode every chunk into each worker's
memory).  Every file is written atomically (`grundy.atomic`): a chunk's file,
then the row that names it; a level enters the manifest when its last chunk
is written.  So a build stopped at any moment (Ctrl-C, kill -9, a full disk)
resumes from its last complete chunk, and ends with files identical to an
uninterrupted build; one build at a time holds the directory's lock.  A
directory holding nothing but a dead build's temporary manifest (killed while
writing its first) is empty, and a build starts there afresh.

An atlas is data, and believed only once checked: every file is read through
`grundy.atlas.schema` (the manifest when the atlas is opened, a level's chunk
rows and each chunk once, when first read), and a build checks the whole atlas
it extends before it writes a byte.  A directory that is not an atlas, an atlas
of another game, rules version, convention or chunk size, and any file that
breaks the schema (a chunk that does not match its checksum included) are
refused with one line (`AtlasError`), never overwritten.

>>> import tempfile
>>> from grundy import get_ruleset
>>> from grundy.atlas import build
>>> from grundy.partition import Partition
>>> where = tempfile.mkdtemp()
>>> atlas = build(get_ruleset("cr"), 6, where)
>>> atlas.value(Partition([2, 2])), atlas.counts(4), atlas.levels
(0, {0: 1, 2: 2, 3: 2}, 6)
>>> build(get_ruleset("chomp"), 6, where)
Traceback (most recent call last):
...
grundy.atlas.schema.AtlasError: ... is an atlas of cr (...), not of chomp (rules version 1, ...)
"""

from __future__ import annotations

import fcntl
import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import numpy as np

from grundy.atlas.outcome_chunks import bits, encode
from grundy.atlas.schema import (
    CHUNKS,
    FORMAT,
    MANIFEST,
    OUTCOMES,
    VALUES,
    AtlasError,
    Layout,
    chunk_name,
    layout_of,
    level_counts,
    level_name,
    load_chunk,
    present,
    read_manifest,
    read_rows,
    refused,
    sha256_of,
)
from grundy.atomic import atomic_open, write_text_atomic
from grundy.engine import CompiledKernel
from grundy.engine.box_ranking import box_rank
from grundy.engine.levels import DEFAULT_CHUNK, LevelEngine, joined
from grundy.engine.ranking import MAX_N, rank
from grundy.game import Ruleset
from grundy.jupyter import html_table
from grundy.partition import Partition
from grundy.validate import as_bool, as_int

__all__ = [
    "FORMAT",
    "MANIFEST",
    "Atlas",
    "AtlasError",
    "checked_bits",
    "claimed",
    "complete_level",
    "hold_written",
    "level_rows",
    "locked",
    "record_chunk",
    "stored_length",
    "write_chunk",
]

#: The lock a build holds on its directory.
LOCK = ".lock"
#: A temporary manifest a writer left (`grundy.atomic`: ``.NAME.HOST.PID.XXXXXXXX.tmp``).
_TEMPORARY_MANIFEST = re.compile(rf"\.{re.escape(MANIFEST)}\..+\.tmp")
#: A level's folder, by its name.
_LEVEL = re.compile(r"level-(\d+)")


class Atlas:
    """An atlas directory opened for reading: `value`, `counts`, `level`, `chunks`;
    `covers` and `is_for` say which lookups it answers.

    The manifest is checked (`grundy.atlas.schema`) when the atlas is opened, a
    level's chunk rows and each chunk (its checksum, header and length) the first time
    they are read; a value read after that costs an index, no check.  An atlas of
    another layout (an outcome atlas: `grundy.atlas.outcome_atlas`) is refused: open
    either with `open_atlas`.
    """

    #: What the atlas keeps: values (an outcome atlas: outcomes).
    layout: Layout = VALUES
    #: Whether it holds each position's value (an outcome atlas holds only who wins).
    holds_values = True

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.manifest = read_manifest(self.directory)
        kept = layout_of(self.manifest)
        if kept is not self.layout:
            raise AtlasError(
                f"{self.directory} is an atlas of {kept.what}, not of {self.layout.what}"
            )
        self._rows: dict[int, dict[str, Any]] = {}
        self._chunks: dict[tuple[int, int], np.ndarray] = {}

    @property
    def game(self) -> str:
        """The game's name."""
        return str(self.manifest["game"])

    @property
    def misere(self) -> bool:
        """Whether the values are misère play's."""
        return bool(self.manifest["misere"])

    @property
    def box(self) -> tuple[int, int] | None:
        """(a, b) for an atlas of the diagrams inside an a × b box (one level, 0, in box
        ranks: `grundy.engine.box_ranking`); None for an atlas of the partitions of each n."""
        box = self.manifest.get("box")
        return None if box is None else (int(box[0]), int(box[1]))

    @property
    def levels(self) -> int:
        """The largest complete level n of partitions (−1 if none, and for a box atlas)."""
        return -1 if self.box else len(self.manifest["levels"]) - 1

    @property
    def complete(self) -> bool:
        """Whether every level asked of the build so far is complete (a box: the box)."""
        return len(self.manifest["levels"]) > 0

    @property
    def chunk(self) -> int:
        """The ranks a chunk holds."""
        return int(self.manifest["chunk"])

    def level(self, n: int) -> np.ndarray:
        """Level n: the values of the partitions of n by rank (uint8, or uint16 if a
        chunk needs it); memory-mapped when the level is one chunk.  A box atlas has one
        level, 0: every diagram inside the box, by box rank."""
        pieces = [values for _, values in self.chunks(n)]
        return pieces[0] if len(pieces) == 1 else joined(pieces)

    def chunks(self, n: int) -> Iterator[tuple[int, np.ndarray]]:
        """Level n in pieces, ``(lo, values)`` for consecutive rank ranges from 0: the way
        to stream a level too large to hold at once.

        >>> import tempfile
        >>> from grundy import get_ruleset
        >>> from grundy.atlas import build
        >>> atlas = build(get_ruleset("cr"), 4, tempfile.mkdtemp(), chunk=2)
        >>> [(lo, values.tolist()) for lo, values in atlas.chunks(4)]
        [(0, [2, 3]), (2, [0, 3]), (4, [2])]
        """
        for k in range(self._row(n)["chunks"]):
            yield k * self.chunk, self._chunk(n, k)

    def value(self, position: object) -> int:
        """The value of a partition (a Partition, a sum of one, or its text) from its level,
        or from the box."""
        n, r = self._place(position)
        return int(self._chunk(n, r // self.chunk)[r % self.chunk])

    def _place(self, position: object) -> tuple[int, int]:
        """(level, rank) of a partition (as `value` takes it) in the atlas; ValueError if
        it is no position of the game, or the box is not complete."""
        lam = CompiledKernel.partition_of(position)
        if lam is None:
            lam = Partition.parse(position)
        if self.box is not None:
            if not self.complete:
                raise ValueError(f"the box of the atlas {self.directory} is not complete")
            if lam.size == 0 and not self.manifest["empty"]:
                raise ValueError(f"{lam} is not a position of {self.game}")
            r, n = box_rank(lam, *self.box), 0
        else:
            if self._row(lam.size)["count"] == 0:
                raise ValueError(f"{lam} is not a position of {self.game}")
            r, n = rank(lam), lam.size
        return n, r

    def covers(self, position: object) -> bool:
        """Whether the atlas holds `position`'s value: a partition (or a sum of one,
        `CompiledKernel.partition_of`) of a complete level that has positions (misère
        Chomp's level 0 has none).

        >>> import tempfile
        >>> from grundy import get_ruleset
        >>> from grundy.atlas import build
        >>> atlas = build(get_ruleset("cr"), 4, tempfile.mkdtemp())
        >>> atlas.covers(Partition([2, 2])), atlas.covers(Partition([3, 2])), atlas.covers("2,2")
        (True, False, False)
        """
        lam = CompiledKernel.partition_of(position)
        if lam is None:
            return False
        if self.box is not None:
            a, b = self.box
            inside = lam.length <= a and (lam.largest if lam else 0) <= b
            return self.complete and inside and (lam.size > 0 or self.manifest["empty"])
        if lam.size > self.levels:
            return False
        return self.manifest["levels"][lam.size]["count"] > 0

    def is_for(self, rules: Ruleset, misere: bool) -> bool:
        """Whether these are the values of `rules` (name, rules version) in that convention."""
        wanted = _identity(rules, as_bool(misere, "misere"), self.box, self.layout)
        return _mismatch(self.manifest, wanted) is None

    def check_for(self, rules: Ruleset, misere: bool) -> None:
        """AtlasError, naming both, unless these are the values of `rules` in that convention."""
        misere = as_bool(misere, "misere")
        wrong = _mismatch(self.manifest, _identity(rules, misere, self.box, self.layout))
        if wrong is not None:
            raise AtlasError(f"{self.directory} is {wrong}")

    def counts(self, n: int) -> dict[int, int]:
        """{value: number of partitions of n with it}, chunk by chunk."""
        total = np.zeros(0, dtype=np.int64)
        for _, values in self.chunks(n):
            counts = np.bincount(values)
            total = np.pad(total, (0, max(0, len(counts) - len(total))))
            total[: len(counts)] += counts
        return {value: int(count) for value, count in enumerate(total) if count}

    def info(self) -> dict[str, Any]:
        """Game, rules version, convention, levels and bytes on disk, for `atlas info`."""
        rows = self.manifest["levels"]
        chunk_bytes = sum(
            self._chunk_path(n, k).lstat().st_size
            for n in range(len(rows))
            for k in range(rows[n]["chunks"])
        )
        return {
            "directory": str(self.directory),
            "game": self.game,
            "rules_version": self.manifest["rules_version"],
            "misere": self.misere,
            "chunk": self.chunk,
            "levels": self.levels,
            **({"box": list(self.box), "complete": self.complete} if self.box else {}),
            "positions": sum(row["count"] for row in rows),
            "bytes": chunk_bytes,
            "partial": self._partial(),
        }

    def __repr__(self) -> str:
        """The atlas in a line: directory, game, convention, levels or box, positions,
        size on disk, and whether a build left it complete or partial.

        >>> import tempfile
        >>> from grundy import get_ruleset
        >>> from grundy.atlas import build
        >>> build(get_ruleset("chomp"), None, tempfile.mkdtemp(), box=(3, 3))
        ... # doctest: +ELLIPSIS
        <atlas ...: chomp, normal play, the 3 × 3 box, 20 positions, ... bytes, complete>
        """
        facts = self._facts()
        if "positions" in facts:
            facts["positions"] += " positions"
        return f"<{self._label} {self.directory}: {', '.join(facts.values())}>"

    def _repr_html_(self) -> str:
        """The atlas as a table in Jupyter: what `__repr__` says, a row each.

        >>> import tempfile
        >>> from grundy import get_ruleset
        >>> from grundy.atlas import build
        >>> atlas = build(get_ruleset("cr"), 6, tempfile.mkdtemp(), misere=True)
        >>> print(atlas._repr_html_())  # doctest: +ELLIPSIS
        <table><caption>atlas ...</caption>
        <tr><th style="text-align:left">game</th><td style="text-align:left">cr</td></tr>
        <tr><th ...>play</th><td ...>misère play</td></tr>
        <tr><th ...>holds</th><td ...>levels 0..6</td></tr>
        <tr><th ...>positions</th><td ...>30</td></tr>
        <tr><th ...>on disk</th><td ...>... bytes</td></tr>
        <tr><th ...>state</th><td ...>complete</td></tr>
        </table>
        """
        return html_table(f"{self._label} {self.directory}", self._facts().items())

    @property
    def _label(self) -> str:
        """What the atlas is called where it shows itself."""
        return "atlas" if self.holds_values else "outcome atlas"

    def _facts(self) -> dict[str, str]:
        """What the atlas shows of itself, by label: game, play, what it holds (levels or
        the box), positions and size on disk (if its files can be read), and its state
        ("complete", "partial: …", or what is wrong with its files)."""
        if self.box:
            holds = "the {} × {} box".format(*self.box)
        else:
            holds = f"levels 0..{self.levels}" if self.levels >= 0 else "no level yet"
        facts = {
            "game": self.game,
            "play": "misère play" if self.misere else "normal play",
            "holds": holds,
        }
        try:
            info = self.info()
        except (AtlasError, OSError, ValueError) as error:
            return {**facts, "state": f"unreadable: {error}"}
        facts |= {"positions": f"{info['positions']:,}", "on disk": f"{info['bytes']:,} bytes"}
        partial = info["partial"]
        if partial:
            part = "the box" if self.box else f"level {partial['n']}"
            written = "{written} of {chunks} chunks".format(**partial)
            return {**facts, "state": f"partial: {part} has {written} written"}
        if self.box and not self.complete:
            return {**facts, "state": "partial: the box has no chunk written"}
        return {**facts, "state": "complete"}

    def _partial(self) -> dict[str, int] | None:
        """The level after the complete ones, if a build has written chunks of it:
        {"n", "written", "chunks"}."""
        n = len(self.manifest["levels"])
        path = self.directory / level_name(n) / CHUNKS
        if (self.box and n) or n > MAX_N or not present(self.directory, path, folder=False):
            return None
        counts = level_counts(n, self.box, None)
        rows = read_rows(self.directory, n, counts, self.chunk, False, self.layout)["chunks"]
        return {"n": n, "written": sum(row is not None for row in rows), "chunks": len(rows)}

    def _row(self, n: int) -> dict[str, Any]:
        n = as_int(n, "n")
        if not 0 <= n < len(self.manifest["levels"]):
            if self.box:
                held = "one level, 0: every diagram inside the {} × {} box".format(*self.box)
            else:
                held = f"levels 0..{self.levels}" if self.levels >= 0 else "no level yet"
            raise ValueError(f"level {n} is not in the atlas {self.directory} ({held})")
        return self.manifest["levels"][n]

    def _rows_of(self, n: int) -> dict[str, Any]:
        """The chunk rows of complete level n, checked the first time they are read."""
        if n not in self._rows:
            counts = (self._row(n)["count"],)
            self._rows[n] = read_rows(self.directory, n, counts, self.chunk, True, self.layout)
        return self._rows[n]

    def _chunk(self, n: int, k: int) -> np.ndarray:
        if (n, k) not in self._chunks:
            row = self._rows_of(n)["chunks"][k]
            ranks = min(self.chunk, self._row(n)["count"] - k * self.chunk)
            stored = load_chunk(self.directory, n, k, row, stored_length(row, ranks), self.layout)
            self._chunks[n, k] = self._held(n, k, row, stored, ranks)
        return self._chunks[n, k]

    def _held(self, n: int, k: int, row: dict[str, Any], stored: np.ndarray, ranks: int) -> Any:
        """What is kept of chunk k of level n, read as `stored` (checked against its row):
        the values themselves."""
        return stored

    def _chunk_path(self, n: int, k: int) -> Path:
        """Chunk k of complete level n's file, a regular file (its row checked)."""
        path = self.directory / level_name(n) / self._rows_of(n)["chunks"][k]["file"]
        if not present(self.directory, path, folder=False):
            raise refused(self.directory, path, f"level {n} chunk {k} is missing (corrupt)")
        return path


def stored_length(row: dict[str, Any], ranks: int) -> int:
    """The length of the array a chunk of `ranks` ranks keeps, by its row: one value a
    rank; one bit a rank, in bytes, for a bitmap; a rank a P-position for ranks.

    >>> stored_length({"form": "bitmap"}, 17), stored_length({"form": "ranks", "P": 2}, 17)
    (3, 2)
    """
    form = row.get("form")
    return -(-ranks // 8) if form == "bitmap" else row["P"] if form == "ranks" else ranks


def level_rows(
    engine: LevelEngine, directory: Path, n: int, layout: Layout = VALUES
) -> dict[str, Any]:
    """The chunk rows of level n in `directory` (an atlas of `layout`): its
    ``chunks.json``, checked against the schema and the engine's size of the level, or
    fresh rows (no chunk written) if the level is new."""
    if not present(directory, directory / level_name(n) / CHUNKS, folder=False):
        return {"n": n, "count": int(engine.sizes[n]), "chunks": [None] * engine.chunks(n)}
    return read_rows(directory, n, (int(engine.sizes[n]),), engine.chunk, False, layout)


def hold_written(
    engine: LevelEngine, directory: Path, n: int, layout: Layout = VALUES
) -> dict[str, Any]:
    """Hold every chunk of level n written in `directory` (an atlas of `layout`) that the
    engine does not hold yet (each checked once): its values, or an outcome atlas's
    bitmap (`OutcomeEngine.hold_bits`); the level's chunk rows (`level_rows`)."""
    rows = level_rows(engine, directory, n, layout)
    for k, row in enumerate(rows["chunks"]):
        if row is None or engine.is_held(n, k):
            continue
        ranks = len(engine.ranks(n, k))
        stored = load_chunk(directory, n, k, row, stored_length(row, ranks), layout)
        if layout is VALUES:
            engine.hold(n, k, stored)
        else:
            held = checked_bits(directory, n, k, row, stored, ranks)
            engine.hold_bits(n, k, held)  # an OutcomeEngine
    return rows


def checked_bits(
    directory: Path, n: int, k: int, row: dict[str, Any], stored: np.ndarray, ranks: int
) -> np.ndarray:
    """The bitmap of chunk k of level n of an outcome atlas, read as `stored` in its row's
    form (`outcome_chunks.bits`); AtlasError if it does not hold the row's P-positions."""
    try:
        return bits(row["form"], stored, ranks, row["P"])
    except ValueError as error:
        path = directory / level_name(n) / chunk_name(k)
        raise refused(directory, path, f"level {n} chunk {k}: {error} (corrupt)") from None


def write_chunk(
    directory: Path, n: int, k: int, values: np.ndarray, layout: Layout = VALUES
) -> dict[str, Any]:
    """Write chunk k of level n of an atlas of `layout` atomically (its folder made if
    new); its row (file, dtype, sha256; an outcome atlas's codes are kept in the smaller
    form, `outcome_chunks.encode`, which the row names with the chunk's tallies).  A
    link or anything but a regular file where it goes is refused."""
    facts: dict[str, Any] = {}
    if layout is OUTCOMES:
        form, values, tallies = encode(values)
        facts = {"form": form, **tallies}
    folder = directory / level_name(n)
    path = folder / chunk_name(k)
    made = present(directory, folder)
    present(directory, path, folder=False)
    try:
        if not made:
            with suppress(FileExistsError):  # another worker of a cluster made it meanwhile
                folder.mkdir()
            present(directory, folder)  # and it is a plain folder, not a link put there
        with atomic_open(path, "wb", regular=True) as handle:
            np.save(handle, values)
    except OSError as error:
        raise AtlasError(
            f"cannot write {path} ({error.strerror or error}); the chunks written so far are "
            "kept: make room and run the same command again to resume"
        ) from None
    row = {"file": path.name, "dtype": str(values.dtype), "sha256": sha256_of(directory, path)}
    return row | facts


def record_chunk(directory: Path, rows: dict[str, Any], k: int, row: dict[str, Any]) -> None:
    """Enter chunk k's row (`write_chunk`) in its level's chunk rows, on disk."""
    rows["chunks"][k] = row
    _write_json(directory, directory / level_name(rows["n"]) / CHUNKS, rows)


def complete_level(directory: Path, manifest: dict[str, Any], rows: dict[str, Any]) -> None:
    """Enter level rows["n"] in the manifest once every chunk of it is written."""
    n = rows["n"]
    if n < len(manifest["levels"]) or any(row is None for row in rows["chunks"]):
        return
    folder = directory / level_name(n)
    if not present(directory, folder / CHUNKS, folder=False):  # a level of no positions
        if not present(directory, folder):  # has no chunk to list
            folder.mkdir()
        _write_json(directory, folder / CHUNKS, rows)
    tallies = {
        name: sum(row[name] for row in rows["chunks"]) for name in layout_of(manifest).tallies
    }
    level = {"n": n, "count": rows["count"], "chunks": len(rows["chunks"])}
    manifest["levels"].append(level | tallies)
    _write_json(directory, directory / MANIFEST, manifest)


def _identity(
    rules: Ruleset, misere: bool, box: tuple[int, int] | None = None, layout: Layout = VALUES
) -> dict[str, Any]:
    identity = {
        "format": layout.format,
        "game": rules.name,
        "rules_version": int(getattr(rules, "rules_version", 1)),
        "misere": misere,
    }
    if box is not None:
        identity["box"] = list(box)
        identity["empty"] = bool(rules.kernel.allows_empty)  # whether rank 0 is a position
    return identity


def _describe(manifest: dict[str, Any]) -> str:
    play = "misère play" if manifest["misere"] else "normal play"
    shape = "" if "box" not in manifest else " in the {} × {} box".format(*manifest["box"])
    of = "the outcomes of " if manifest["format"] == OUTCOMES.format else ""
    return f"{of}{manifest['game']}{shape} (rules version {manifest['rules_version']}, {play})"


def _mismatch(manifest: dict[str, Any], wanted: dict[str, Any]) -> str | None:
    """ "an atlas of X, not of Y" if `manifest` is another game's, rules version's,
    convention's or box's than `wanted`; None if it is the same."""
    keys = ("format", "game", "rules_version", "misere", "box")
    if all(manifest.get(k) == wanted.get(k) for k in keys):
        return None
    return f"an atlas of {_describe(manifest)}, not of {_describe(wanted)}"


@contextmanager
def claimed(
    directory: Path,
    rules: Ruleset,
    misere: bool,
    chunk: int | None,
    box: tuple[int, int] | None = None,
    layout: Layout = VALUES,
) -> Iterator[dict[str, Any]]:
    """The manifest to build on, while this process holds the directory's build lock:
    the directory's own if it is an atlas of the same layout, game, rules, convention,
    box and chunk, checked whole (`_survey`) before anything is written; a fresh one (the
    directory made) if it is absent or holds nothing of an atlas."""
    wanted = _identity(rules, misere, box, layout)
    empty = bool(rules.kernel.allows_empty)
    before = _survey(directory, wanted, chunk, empty)
    if before is None:
        directory.mkdir(parents=True, exist_ok=True)
    with locked(directory):
        manifest = _survey(directory, wanted, chunk, empty, before)  # another build's since?
        if manifest is None:
            manifest = {**wanted, "chunk": DEFAULT_CHUNK if chunk is None else chunk, "levels": []}
            LevelEngine.check_chunk(manifest["chunk"])
            _write_json(directory, directory / MANIFEST, manifest)
        yield manifest


def _survey(
    directory: Path,
    wanted: dict[str, Any],
    chunk: int | None,
    empty: bool,
    known: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """The manifest of the atlas in `directory`, the whole atlas checked against the
    schema and against `wanted` (the build's game, rules, convention, box) and `chunk`
    (None: any): every complete level's rows, the rows of the one being built, and no
    level past it.  None where there is no atlas yet: no directory, or one holding
    nothing but the build lock and a dead build's temporary manifest.  A manifest equal
    to `known` (this build's own, checked whole before it took the lock) is not
    checked again."""
    if not directory.exists():
        return None
    if not directory.is_dir():
        raise AtlasError(f"{directory} is a file, not an atlas directory")
    names = [entry.name for entry in os.scandir(directory)]
    if all(name == LOCK or _TEMPORARY_MANIFEST.fullmatch(name) for name in names):
        return None
    manifest = read_manifest(directory)
    if manifest == known:
        return manifest
    wrong = _mismatch(manifest, wanted)
    if wrong is not None:
        raise AtlasError(f"{directory} is {wrong}")
    if chunk is not None and chunk != manifest["chunk"]:
        raise AtlasError(
            f"{directory} has chunks of {manifest['chunk']} ranks, not {chunk}: "
            "resume it without --chunk, or build into another directory"
        )
    levels, layout = manifest["levels"], layout_of(manifest)
    box = None if "box" not in manifest else (manifest["box"][0], manifest["box"][1])
    for n, row in enumerate(levels):
        read_rows(directory, n, (row["count"],), manifest["chunk"], True, layout)
    building = len(levels)  # the level a build writes next: its rows as far as written
    for name in names:
        level = _LEVEL.fullmatch(name)
        if level and (int(level[1]) > building or (box and int(level[1]) > 0)):
            raise refused(directory, directory / name, f"a level past level {building}, the next")
    path = directory / level_name(building) / CHUNKS
    if building <= MAX_N and not (box and building) and present(directory, path, folder=False):
        counts = level_counts(building, box, empty)
        read_rows(directory, building, counts, manifest["chunk"], False, layout)
    return manifest


@contextmanager
def locked(directory: Path) -> Iterator[None]:
    """Hold the build lock of `directory` (one build at a time; released at exit, or
    by the system if the process dies).  The lock file is a regular file of the atlas,
    never a link."""
    path = directory / LOCK
    present(directory, path, folder=False)
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    with os.fdopen(os.open(path, flags, 0o644), "ab") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise AtlasError(
                f"{directory} is being built by another process: wait for it, or build "
                "into another directory"
            ) from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write_json(directory: Path, path: Path, data: dict[str, Any]) -> None:
    """Write `data` to `path` in the atlas `directory` atomically, where a regular file
    of a plain folder of it goes (a link there is refused, never followed)."""
    present(directory, path, folder=False)
    write_text_atomic(path, json.dumps(data, indent=1) + "\n")
