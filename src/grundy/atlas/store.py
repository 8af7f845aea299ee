"""The atlas on disk: a directory of levels, one ``.npy`` file each, and a JSON manifest.

``manifest.json`` holds the format tag, the game (name and rules version),
the play convention, and one row per complete level: its file, dtype, number
of values and sha256.  Level n is uint8[p(n)] (values by rank, `ranking`),
read back by numpy memory map.  Every file is written atomically
(`grundy.atomic`): a level's file first, then the manifest that names it, so
a build stopped at any moment resumes from the last complete level.  A
directory that is not an atlas, an atlas of another game, rules version or
convention, and a level whose checksum does not match are refused with one
line (`AtlasError`), never overwritten.

>>> import tempfile
>>> from grundy import get_ruleset
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

import hashlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from grundy.atlas.build import LevelEngine
from grundy.atlas.ranking import rank
from grundy.atomic import atomic_open, write_text_atomic
from grundy.game import Ruleset
from grundy.partition import Partition
from grundy.search import CompiledKernel
from grundy.validate import as_bool, as_int

__all__ = ["FORMAT", "MANIFEST", "Atlas", "AtlasError", "build", "open_atlas"]

#: The format tag of the manifest.
FORMAT = "grundy-atlas/1"
#: The manifest's file name in an atlas directory.
MANIFEST = "manifest.json"


class AtlasError(OSError):
    """An atlas directory that cannot be used: not an atlas, another game's, rules
    version's or convention's, or a level whose file does not match its checksum.  The
    message names the directory and what is wrong."""


class Atlas:
    """An atlas directory opened for reading: `value`, `counts`, `level`; `covers` and
    `is_for` say which lookups it answers.

    Each level's checksum is verified the first time the level is read.
    """

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.manifest = _read_manifest(self.directory)
        self._levels: dict[int, np.ndarray] = {}

    @property
    def game(self) -> str:
        """The game's name."""
        return str(self.manifest["game"])

    @property
    def misere(self) -> bool:
        """Whether the values are misère play's."""
        return bool(self.manifest["misere"])

    @property
    def levels(self) -> int:
        """The largest complete level n (−1 if none)."""
        return len(self.manifest["levels"]) - 1

    def level(self, n: int) -> np.ndarray:
        """Level n: the values of the partitions of n by rank (uint8, memory-mapped)."""
        n = as_int(n, "n")
        if not 0 <= n <= self.levels:
            raise ValueError(f"level {n} is not in the atlas {self.directory} (0..{self.levels})")
        if n not in self._levels:
            self._levels[n] = _load_level(self.directory, self.manifest["levels"][n])
        return self._levels[n]

    def chunks(self, n: int) -> Iterator[tuple[int, np.ndarray]]:
        """Level n in pieces, ``(lo, values)`` for consecutive rank ranges from 0: the way
        to stream a level too large to hold at once.

        >>> import tempfile
        >>> from grundy import get_ruleset
        >>> atlas = build(get_ruleset("cr"), 4, tempfile.mkdtemp())
        >>> [(lo, values.tolist()) for lo, values in atlas.chunks(4)]
        [(0, [2, 3, 0, 3, 2])]
        """
        yield 0, self.level(n)

    def value(self, position: object) -> int:
        """The value of a partition (a Partition, a sum of one, or its text) from its level."""
        lam = CompiledKernel.partition_of(position)
        if lam is None:
            lam = Partition.parse(position)
        level = self.level(lam.size)
        if len(level) == 0:
            raise ValueError(f"{lam} is not a position of {self.game}")
        return int(level[rank(lam)])

    def covers(self, position: object) -> bool:
        """Whether the atlas holds `position`'s value: a partition (or a sum of one,
        `CompiledKernel.partition_of`) of a complete level that has positions (misère
        Chomp's level 0 has none).

        >>> import tempfile
        >>> from grundy import get_ruleset
        >>> atlas = build(get_ruleset("cr"), 4, tempfile.mkdtemp())
        >>> atlas.covers(Partition([2, 2])), atlas.covers(Partition([3, 2])), atlas.covers("2,2")
        (True, False, False)
        """
        lam = CompiledKernel.partition_of(position)
        if lam is None or lam.size > self.levels:
            return False
        return self.manifest["levels"][lam.size]["count"] > 0

    def is_for(self, rules: Ruleset, misere: bool) -> bool:
        """Whether these are the values of `rules` (name, rules version) in that convention."""
        return _mismatch(self.manifest, _new_manifest(rules, as_bool(misere, "misere"))) is None

    def check_for(self, rules: Ruleset, misere: bool) -> None:
        """AtlasError, naming both, unless these are the values of `rules` in that convention."""
        wrong = _mismatch(self.manifest, _new_manifest(rules, as_bool(misere, "misere")))
        if wrong is not None:
            raise AtlasError(f"{self.directory} is {wrong}")

    def counts(self, n: int) -> dict[int, int]:
        """{value: number of partitions of n with it}."""
        counts = np.bincount(self.level(n))
        return {value: int(count) for value, count in enumerate(counts) if count}

    def info(self) -> dict[str, Any]:
        """Game, rules version, convention, levels and bytes on disk, for `atlas info`."""
        rows = self.manifest["levels"]
        return {
            "directory": str(self.directory),
            "game": self.game,
            "rules_version": self.manifest["rules_version"],
            "misere": self.misere,
            "levels": self.levels,
            "positions": sum(row["count"] for row in rows),
            "bytes": sum((self.directory / row["file"]).stat().st_size for row in rows),
        }


def open_atlas(directory: str | os.PathLike[str]) -> Atlas:
    """The atlas in `directory` (AtlasError if it is none, FileNotFoundError if absent)."""
    return Atlas(directory)


def build(
    rules: Ruleset,
    n_max: int,
    directory: str | os.PathLike[str],
    misere: bool = False,
    on_level: Callable[[int, int, int], None] | None = None,
) -> Atlas:
    """Build (or resume) the atlas of `rules` up to level n_max in `directory`.

    Levels already complete are read back and checked; the rest are valued by the
    level engine (`grundy.atlas.build`) and written one by one.  `on_level(n, done,
    total)` reports progress within level n.
    """
    n_max, misere = as_int(n_max, "n_max"), as_bool(misere, "misere")
    kernel = getattr(rules, "kernel", None)
    if kernel is None:
        raise ValueError(f"{rules.name} has no compiled kernel, so it has no atlas")
    directory = Path(directory)
    wanted = _new_manifest(rules, misere)
    manifest = _claim(directory, wanted)
    engine = LevelEngine(kernel, n_max, misere)
    for n, row in enumerate(manifest["levels"][: n_max + 1]):
        engine.load_level(n, _load_level(directory, row))
    for n in range(engine.held, n_max + 1):
        report = None if on_level is None else (lambda done, total, n=n: on_level(n, done, total))
        level = engine.value_level(n, report)
        manifest["levels"].append(_write_level(directory, n, level))
        write_text_atomic(directory / MANIFEST, json.dumps(manifest, indent=1) + "\n")
    return Atlas(directory)


def _new_manifest(rules: Ruleset, misere: bool) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": rules.name,
        "rules_version": int(getattr(rules, "rules_version", 1)),
        "misere": misere,
        "levels": [],
    }


def _describe(manifest: dict[str, Any]) -> str:
    play = "misère play" if manifest["misere"] else "normal play"
    return f"{manifest['game']} (rules version {manifest['rules_version']}, {play})"


def _mismatch(manifest: dict[str, Any], wanted: dict[str, Any]) -> str | None:
    """ "an atlas of X, not of Y" if `manifest` is another game's, rules version's or
    convention's than `wanted`; None if it is the same."""
    if all(manifest[k] == wanted[k] for k in ("game", "rules_version", "misere")):
        return None
    return f"an atlas of {_describe(manifest)}, not of {_describe(wanted)}"


def _claim(directory: Path, wanted: dict[str, Any]) -> dict[str, Any]:
    """The manifest to build on: the directory's own if it is an atlas of the same game,
    rules and convention; a fresh one (the directory made) if it is absent or empty."""
    if directory.exists() and not directory.is_dir():
        raise AtlasError(f"{directory} is a file, not an atlas directory")
    if directory.is_dir() and any(directory.iterdir()):
        manifest = _read_manifest(directory)
        wrong = _mismatch(manifest, wanted)
        if wrong is not None:
            raise AtlasError(f"{directory} is {wrong}")
        return manifest
    directory.mkdir(parents=True, exist_ok=True)
    write_text_atomic(directory / MANIFEST, json.dumps(wanted, indent=1) + "\n")
    return wanted


def _read_manifest(directory: Path) -> dict[str, Any]:
    path = directory / MANIFEST
    if not directory.is_dir():
        raise FileNotFoundError(f"no atlas directory {directory}")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AtlasError(f"{directory} is not an atlas (no {MANIFEST}); refusing it") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise AtlasError(f"{path} is not an atlas manifest ({error})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise AtlasError(f"{path} is not an atlas manifest of format {FORMAT}")
    return manifest


def _write_level(directory: Path, n: int, level: np.ndarray) -> dict[str, Any]:
    """Write level n atomically; its manifest row."""
    name = f"level-{n:03d}.npy"
    with atomic_open(directory / name, "wb") as handle:
        np.save(handle, level)
    return {
        "n": n,
        "file": name,
        "dtype": str(level.dtype),
        "count": len(level),
        "sha256": _sha256(directory / name),
    }


def _load_level(directory: Path, row: dict[str, Any]) -> np.ndarray:
    """A level's values by memory map, after its checksum is verified."""
    path = directory / row["file"]
    if not path.is_file() or _sha256(path) != row["sha256"]:
        raise AtlasError(f"{path}: level {row['n']} does not match its checksum (corrupt)")
    level = np.load(path, mmap_mode="r")
    if level.shape != (row["count"],) or str(level.dtype) != row["dtype"]:
        raise AtlasError(f"{path}: level {row['n']} has the wrong shape or type")
    return level


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
