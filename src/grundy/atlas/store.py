"""The atlas on disk: a manifest, and each level as chunk files with a checksum each.

::

    DIR/manifest.json          format, game, rules version, convention, chunk, complete levels
    DIR/level-NNN/chunks.json  level n: its size, and one row per chunk written
    DIR/level-NNN/KKKKK.npy    chunk k: the values of ranks k·chunk … (k+1)·chunk − 1

A chunk holds the values of `chunk` consecutive ranks (`grundy.atlas.ranking`)
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
directory that is not an atlas, an atlas of another game, rules version,
convention or chunk size, and a chunk that does not match its checksum are
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
grundy.atlas.store.AtlasError: ... is an atlas of cr (...), not of chomp (rules version 1, ...)
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from grundy.atlas.box import box_rank
from grundy.atlas.engine import DEFAULT_CHUNK, LevelEngine
from grundy.atlas.ranking import rank
from grundy.atomic import atomic_open, write_text_atomic
from grundy.game import Ruleset
from grundy.partition import Partition
from grundy.search import CompiledKernel
from grundy.validate import as_bool, as_int

__all__ = [
    "FORMAT",
    "MANIFEST",
    "Atlas",
    "AtlasError",
    "claim",
    "complete_level",
    "hold_written",
    "level_rows",
    "locked",
    "open_atlas",
    "record_chunk",
    "write_chunk",
]

#: The format tag of the manifest.
FORMAT = "grundy-atlas/2"
#: The manifest's file name in an atlas directory.
MANIFEST = "manifest.json"
#: The chunk rows' file name in a level's directory.
CHUNKS = "chunks.json"
#: The lock a build holds on its directory.
LOCK = ".lock"


class AtlasError(OSError):
    """An atlas directory that cannot be used: not an atlas, another game's, rules
    version's, convention's or chunk size's, busy with another build, or a chunk whose
    file does not match its checksum.  The message names the directory and what is wrong."""


class Atlas:
    """An atlas directory opened for reading: `value`, `counts`, `level`, `chunks`;
    `covers` and `is_for` say which lookups it answers.

    Each chunk's checksum is verified the first time the chunk is read.
    """

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.manifest = _read_manifest(self.directory)
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
        ranks: `grundy.atlas.box`); None for an atlas of the partitions of each n."""
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
        if len(pieces) == 1:
            return pieces[0]
        if not pieces:
            return np.zeros(0, dtype=np.uint8)
        return np.concatenate(pieces, dtype=np.result_type(*pieces))

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
        return int(self._chunk(n, r // self.chunk)[r % self.chunk])

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
        wanted = _identity(rules, as_bool(misere, "misere"), self.box)
        return _mismatch(self.manifest, wanted) is None

    def check_for(self, rules: Ruleset, misere: bool) -> None:
        """AtlasError, naming both, unless these are the values of `rules` in that convention."""
        wrong = _mismatch(self.manifest, _identity(rules, as_bool(misere, "misere"), self.box))
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
            (self.directory / _level_dir(n) / name).stat().st_size
            for n in range(len(rows))
            for name in _chunk_files(self.directory, n)
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

    def _partial(self) -> dict[str, int] | None:
        """The level after the complete ones, if a build has written chunks of it:
        {"n", "written", "chunks"}."""
        n = len(self.manifest["levels"])
        if (self.box and n) or not (self.directory / _level_dir(n) / CHUNKS).is_file():
            return None
        rows = _read_chunk_rows(self.directory, n)["chunks"]
        return {"n": n, "written": sum(row is not None for row in rows), "chunks": len(rows)}

    def _row(self, n: int) -> dict[str, Any]:
        n = as_int(n, "n")
        if not 0 <= n < len(self.manifest["levels"]):
            raise ValueError(f"level {n} is not in the atlas {self.directory} (0..{self.levels})")
        return self.manifest["levels"][n]

    def _chunk(self, n: int, k: int) -> np.ndarray:
        if (n, k) not in self._chunks:
            rows = _read_chunk_rows(self.directory, n)
            self._chunks[n, k] = _load_chunk(self.directory, n, k, rows["chunks"][k], self.chunk)
        return self._chunks[n, k]


def open_atlas(directory: str | os.PathLike[str]) -> Atlas:
    """The atlas in `directory` (AtlasError if it is none, FileNotFoundError if absent)."""
    return Atlas(directory)


def level_rows(engine: LevelEngine, directory: Path, n: int) -> dict[str, Any]:
    """The chunk rows of level n in `directory`: its ``chunks.json``, checked against the
    engine's sizes, or fresh rows (no chunk written) if the level is new."""
    path = directory / _level_dir(n) / CHUNKS
    if not path.is_file():
        return {"n": n, "count": int(engine.sizes[n]), "chunks": [None] * engine.chunks(n)}
    rows = _read_chunk_rows(directory, n)
    if rows["count"] != int(engine.sizes[n]) or len(rows["chunks"]) != engine.chunks(n):
        raise AtlasError(f"{path}: level {n} has the wrong size or chunks (corrupt)")
    return rows


def hold_written(engine: LevelEngine, directory: Path, n: int) -> dict[str, Any]:
    """Hold every chunk of level n written in `directory` that the engine does not hold
    yet (each checked once); the level's chunk rows (`level_rows`)."""
    rows = level_rows(engine, directory, n)
    for k, row in enumerate(rows["chunks"]):
        if row is not None and not engine.is_held(n, k):
            engine.hold(n, k, _load_chunk(directory, n, k, row, engine.chunk))
    return rows


def write_chunk(directory: Path, n: int, k: int, values: np.ndarray) -> dict[str, Any]:
    """Write chunk k of level n atomically; its row (file, dtype, sha256)."""
    folder = directory / _level_dir(n)
    path = folder / f"{k:05d}.npy"
    try:
        folder.mkdir(exist_ok=True)
        with atomic_open(path, "wb") as handle:
            np.save(handle, values)
    except OSError as error:
        raise AtlasError(
            f"cannot write {path} ({error.strerror or error}); the chunks written so far are "
            "kept: make room and run the same command again to resume"
        ) from None
    return {"file": path.name, "dtype": str(values.dtype), "sha256": _sha256(path)}


def record_chunk(directory: Path, rows: dict[str, Any], k: int, row: dict[str, Any]) -> None:
    """Enter chunk k's row (`write_chunk`) in its level's chunk rows, on disk."""
    rows["chunks"][k] = row
    _write_json(directory / _level_dir(rows["n"]) / CHUNKS, rows)


def complete_level(directory: Path, manifest: dict[str, Any], rows: dict[str, Any]) -> None:
    """Enter level rows["n"] in the manifest once every chunk of it is written."""
    n = rows["n"]
    if n < len(manifest["levels"]) or any(row is None for row in rows["chunks"]):
        return
    folder = directory / _level_dir(n)
    if not (folder / CHUNKS).is_file():  # a level of no positions has no chunk to list
        folder.mkdir(exist_ok=True)
        _write_json(folder / CHUNKS, rows)
    manifest["levels"].append({"n": n, "count": rows["count"], "chunks": len(rows["chunks"])})
    _write_json(directory / MANIFEST, manifest)


def _identity(rules: Ruleset, misere: bool, box: tuple[int, int] | None = None) -> dict[str, Any]:
    identity = {
        "format": FORMAT,
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
    return f"{manifest['game']}{shape} (rules version {manifest['rules_version']}, {play})"


def _mismatch(manifest: dict[str, Any], wanted: dict[str, Any]) -> str | None:
    """ "an atlas of X, not of Y" if `manifest` is another game's, rules version's,
    convention's or box's than `wanted`; None if it is the same."""
    if all(manifest.get(k) == wanted.get(k) for k in ("game", "rules_version", "misere", "box")):
        return None
    return f"an atlas of {_describe(manifest)}, not of {_describe(wanted)}"


def claim(
    directory: Path,
    rules: Ruleset,
    misere: bool,
    chunk: int | None,
    box: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """The manifest to build on: the directory's own if it is an atlas of the same game,
    rules, convention, box and chunk; a fresh one (the directory made) if absent or empty."""
    wanted = _identity(rules, misere, box)
    if directory.exists() and not directory.is_dir():
        raise AtlasError(f"{directory} is a file, not an atlas directory")
    if directory.is_dir() and any(p.name != LOCK for p in directory.iterdir()):
        manifest = _read_manifest(directory)
        wrong = _mismatch(manifest, wanted)
        if wrong is not None:
            raise AtlasError(f"{directory} is {wrong}")
        if chunk is not None and chunk != manifest["chunk"]:
            raise AtlasError(
                f"{directory} has chunks of {manifest['chunk']} ranks, not {chunk}: "
                "resume it without --chunk, or build into another directory"
            )
        return manifest
    manifest = {**wanted, "chunk": DEFAULT_CHUNK if chunk is None else chunk, "levels": []}
    LevelEngine.check_chunk(manifest["chunk"])
    directory.mkdir(parents=True, exist_ok=True)
    _write_json(directory / MANIFEST, manifest)
    return manifest


@contextmanager
def locked(directory: Path) -> Iterator[None]:
    """Hold the build lock of `directory` (one build at a time; released at exit, or
    by the system if the process dies)."""
    with (directory / LOCK).open("a") as handle:
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


def _read_json(path: Path, what: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        raise AtlasError(f"{path} is not {what} ({error})") from None


def _write_json(path: Path, data: dict[str, Any]) -> None:
    write_text_atomic(path, json.dumps(data, indent=1) + "\n")


def _read_manifest(directory: Path) -> dict[str, Any]:
    path = directory / MANIFEST
    if not directory.is_dir():
        raise FileNotFoundError(f"no atlas directory {directory}")
    if not path.is_file():
        raise AtlasError(f"{directory} is not an atlas (no {MANIFEST}); refusing it")
    manifest = _read_json(path, "an atlas manifest")
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise AtlasError(f"{path} is not an atlas manifest of format {FORMAT}")
    return manifest


def _level_dir(n: int) -> str:
    return f"level-{n:03d}"


def _chunk_files(directory: Path, n: int) -> list[str]:
    return [row["file"] for row in _read_chunk_rows(directory, n)["chunks"] if row is not None]


def _read_chunk_rows(directory: Path, n: int) -> dict[str, Any]:
    path = directory / _level_dir(n) / CHUNKS
    if not path.is_file():
        raise AtlasError(f"{directory}: level {n} has no {CHUNKS} (corrupt)")
    rows = _read_json(path, f"the chunk list of level {n}")
    if not isinstance(rows, dict) or rows.get("n") != n or not isinstance(rows.get("chunks"), list):
        raise AtlasError(f"{path} is not the chunk list of level {n}")
    return rows


def _load_chunk(
    directory: Path, n: int, k: int, row: dict[str, Any], chunk: int, verify: bool = True
) -> np.ndarray:
    """Chunk k of level n by memory map, its checksum verified first (unless this
    process has just written it)."""
    path = directory / _level_dir(n) / row["file"]
    if not path.is_file() or (verify and _sha256(path) != row["sha256"]):
        raise AtlasError(f"{path}: level {n} chunk {k} does not match its checksum (corrupt)")
    values = np.load(path, mmap_mode="r")
    if values.ndim != 1 or len(values) > chunk or str(values.dtype) != row["dtype"]:
        raise AtlasError(f"{path}: level {n} chunk {k} has the wrong shape or type")
    return values


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
