"""The atlas's schema: what each file of an atlas must be before a value in it is believed.

An atlas (`grundy.atlas.files`) may come from anywhere: copied, downloaded, damaged
or made by hand to mislead.  Every file of it is read here, and checked against
one set of rules before anything is taken from it:

``manifest.json``
    an object of exactly ``format`` (``grundy-atlas/2``), ``game`` (printable text
    of 1 to 200 characters), ``rules_version`` (an integer, 0 … 2³¹ − 1),
    ``misere`` (true or false), ``chunk`` (a power of two, 1 … `MAX_CHUNK`) and
    ``levels``; a box atlas has ``box`` ([a, b], a box whose diagrams the engine's
    words hold and an int64 counts) and ``empty`` (true or false) besides.  ``levels``
    lists the complete levels from 0, at most ``MAX_N + 1`` (one, level 0, for a
    box); row n is exactly ``{"n": n, "count": c, "chunks": ⌈c / chunk⌉}``, where c
    is the level's number of positions (`level_counts`): p(n) for n ≥ 1; 1 or 0 for
    level 0, as the game has the empty position or not; C(a + b, a) for a box.
``level-NNN/chunks.json``
    an object of exactly ``n`` (its level's), ``count`` (the manifest's for a
    complete level, else as above) and ``chunks``: one row for each of its
    ⌈count / chunk⌉ chunks, null while the chunk is not written (never in a
    complete level), else exactly ``{"file": "KKKKK.npy", "dtype": "uint8" or
    "uint16", "sha256": 64 lowercase hexadecimal digits}``.
``level-NNN/KKKKK.npy``
    bytes whose SHA-256 is the row's; a ``.npy`` header (version 1 or 2, read as a
    literal, never unpickled) of a one-dimensional, C-ordered array of the row's
    dtype stored little-endian (``|u1`` or ``<u2``) holding as many values as the
    chunk has ranks (``chunk``, or what is left of the level for its last); then
    those values and not a byte more.

An outcome atlas (`grundy.atlas.outcome_atlas`) has the format
``grundy-outcomes/1`` and keeps, of each position, whether it is a P-position
(`OUTCOMES`): its manifest's level rows and its chunk rows carry besides their
tallies ``P``, ``one`` and ``several`` (the P-positions, and the N-positions with
exactly one winning move and with several: integers summing to at most the
level's or chunk's positions; a level's, its chunks' sums); a chunk row has a
``form`` besides: ``"bitmap"`` (uint8, one bit a rank, ⌈ranks / 8⌉ bytes) or
``"ranks"`` (the P-positions' ranks, delta-coded, as uint8, uint16 or uint32:
``P`` of them).  A chunk is checked as above, its length that its form gives.

No name is taken from a file: a level's folder and a chunk's file are named from
their numbers (`level_name`, `chunk_name`) and a row's ``file`` must be that name,
so nothing outside the atlas is ever read or written.  Each folder and file of the
atlas is looked at without following a symbolic link, and must be a plain folder
or a regular file (not a link, FIFO or device), when read and before the builder
writes it (`present`).  A JSON file is read only up to the size its rows can have
(`json_limit`), and nesting past Python's limit is refused.  Whatever fails is an
`AtlasError` of one line naming the atlas, its file and what in it is wrong.

>>> import tempfile
>>> from grundy import get_ruleset
>>> from grundy.atlas import build
>>> where = build(get_ruleset("cr"), 3, tempfile.mkdtemp()).directory
>>> read_manifest(where)["levels"][3]
{'n': 3, 'count': 3, 'chunks': 1}
>>> text = (where / MANIFEST).read_text()
>>> _ = (where / MANIFEST).write_text(text.replace('"count": 3', '"count": 2'))
>>> read_manifest(where)
Traceback (most recent call last):
...
grundy.atlas.schema.AtlasError: ...: manifest.json: "levels[3].count" is 2, not 3 (the positions...
"""

from __future__ import annotations

import hashlib
import io
import json
import mmap
import os
import re
import stat
import warnings
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

import numpy as np

from grundy.engine.box_ranking import box_size
from grundy.engine.levels import MAX_CHUNK, LevelEngine
from grundy.engine.ranking import MAX_N
from grundy.partition import partition_numbers

__all__ = [
    "CHUNKS",
    "DTYPES",
    "FORMAT",
    "LAYOUTS",
    "MANIFEST",
    "MAX_GAME",
    "MAX_RULES_VERSION",
    "OUTCOMES",
    "OUTCOME_FORMAT",
    "VALUES",
    "AtlasError",
    "Layout",
    "chunk_name",
    "json_limit",
    "layout_of",
    "level_counts",
    "level_name",
    "load_chunk",
    "present",
    "read_manifest",
    "read_rows",
    "refused",
    "sha256_of",
]

#: The format tag of the manifest.
FORMAT = "grundy-atlas/2"
#: The format tag of an outcome atlas's manifest.
OUTCOME_FORMAT = "grundy-outcomes/1"
#: The manifest's file name in an atlas directory.
MANIFEST = "manifest.json"
#: The chunk rows' file name in a level's directory.
CHUNKS = "chunks.json"
#: A chunk row's dtype: the .npy header's descr it requires.
DTYPES = {"uint8": "|u1", "uint16": "<u2"}
#: The largest rules version a manifest may name.
MAX_RULES_VERSION = 2**31 - 1
#: The longest game name a manifest may hold.
MAX_GAME = 200


class Layout(NamedTuple):
    """What an atlas of one format keeps: its chunks' dtypes (a row's name: the .npy
    header's descr), their forms (a row's ``form``; none for values) and the tallies its
    level and chunk rows carry."""

    format: str
    dtypes: dict[str, str]
    forms: tuple[str, ...]
    tallies: tuple[str, ...]
    what: str  #: what it holds, in a few words


#: The value atlas: a byte (or two) a position.
VALUES = Layout(FORMAT, DTYPES, (), (), "values")
#: The outcome atlas: the P-positions, with the tallies of the N-positions' winning moves.
OUTCOMES = Layout(
    OUTCOME_FORMAT,
    {**DTYPES, "uint32": "<u4"},
    ("bitmap", "ranks"),
    ("P", "one", "several"),
    "outcomes",
)
LAYOUTS = {layout.format: layout for layout in (VALUES, OUTCOMES)}
_FORMATS = tuple(LAYOUTS)  # compared, not hashed: a manifest's format may be a list


def layout_of(manifest: dict[str, Any]) -> Layout:
    """The layout of a manifest read by `read_manifest`.

    >>> layout_of({"format": "grundy-outcomes/1"}).tallies
    ('P', 'one', 'several')
    """
    return LAYOUTS[manifest["format"]]


_SHA256 = re.compile(r"[0-9a-f]{64}")
_MANIFEST_KEYS = {"format", "game", "rules_version", "misere", "chunk", "levels"}
_BOX_KEYS = frozenset({"box", "empty"})
_ROW_KEYS = {"file", "dtype", "sha256"}
#: The most bytes a .npy header of a chunk may take (numpy's own default bound).
_NPY_HEADER = 10_000


class AtlasError(OSError):
    """An atlas directory that cannot be used: not an atlas, another game's, rules
    version's, convention's or chunk size's, busy with another build, or a file in it
    that breaks the schema (a chunk that does not match its checksum included).  The
    message is one line naming the directory and what is wrong."""


def refused(directory: Path, path: Path, problem: str) -> AtlasError:
    """The error for `path` in the atlas `directory`: one line naming both and `problem`.

    >>> refused(Path("/a"), Path("/a/level-003/chunks.json"), "no \\"count\\"")
    AtlasError('the atlas /a is refused: level-003/chunks.json: no "count"')
    """
    where = path.relative_to(directory)
    return AtlasError(
        f"the atlas {directory} is refused: {where}: {' '.join(problem.splitlines())}"
    )


def level_name(n: int) -> str:
    """The folder of level n, named from its number alone.

    >>> level_name(7), level_name(119)
    ('level-007', 'level-119')
    """
    return f"level-{n:03d}"


def chunk_name(k: int) -> str:
    """The file of chunk k of a level, named from its number alone.

    >>> chunk_name(3), chunk_name(123456)
    ('00003.npy', '123456.npy')
    """
    return f"{k:05d}.npy"


def level_counts(n: int, box: tuple[int, int] | None, empty: bool | None) -> tuple[int, ...]:
    """The numbers of positions level n may have: p(n), or for level 0 1 if the game
    has the empty position and 0 if not (either where `empty` is None: not known);
    for a box, C(a + b, a) (its one level, 0).

    >>> level_counts(5, None, None), level_counts(0, None, None), level_counts(0, None, False)
    ((7,), (0, 1), (0,))
    >>> level_counts(0, (2, 2), True)
    (6,)
    """
    if box is not None:
        return (box_size(*box),)
    if n > 0:
        return (_partition_numbers()[n],)
    return (0, 1) if empty is None else (int(empty),)


def json_limit(rows: int, layout: Layout | None = None) -> int:
    """The most bytes a JSON file of the atlas with `rows` rows may take: every row of
    the schema written with any indentation fits in 256 (512 with an outcome atlas's
    tallies).

    >>> json_limit(0), json_limit(3), json_limit(3, OUTCOMES)
    (256, 1024, 2048)
    """
    return (512 if layout is not None and layout.tallies else 256) * (rows + 1)


def read_manifest(directory: Path) -> dict[str, Any]:
    """The manifest of the atlas in `directory`, checked against the schema (module
    doc): FileNotFoundError if there is no such directory; AtlasError if it is not an
    atlas or its manifest breaks the schema."""
    if not directory.is_dir():
        raise FileNotFoundError(f"no atlas directory {directory}")
    path = directory / MANIFEST
    if not present(directory, path, folder=False):
        raise AtlasError(f"{directory} is not an atlas (no {MANIFEST}); refusing it")
    manifest = _read_json(directory, path, json_limit(MAX_N + 1, OUTCOMES))
    if not isinstance(manifest, dict) or manifest.get("format") not in _FORMATS:
        raise refused(directory, path, f"not an atlas manifest of format {' or '.join(LAYOUTS)}")
    layout = layout_of(manifest)
    _check_object(directory, path, "", manifest, _MANIFEST_KEYS, _BOX_KEYS)
    game = manifest["game"]
    if not (isinstance(game, str) and 0 < len(game) <= MAX_GAME and game.isprintable()):
        raise refused(directory, path, f'"game" is {_shown(game)}, not a game\'s name')
    _integer(directory, path, "rules_version", manifest["rules_version"], 0, MAX_RULES_VERSION)
    _boolean(directory, path, "misere", manifest["misere"])
    chunk = manifest["chunk"]
    try:
        LevelEngine.check_chunk(chunk)
    except ValueError:
        wanted = f"a power of two from 1 to {MAX_CHUNK:,}"
        raise refused(directory, path, f'"chunk" is {_shown(chunk)}, not {wanted}') from None
    box = None
    if "box" in manifest:
        box = _box(directory, path, manifest["box"])
        _boolean(directory, path, "empty", manifest["empty"])
    levels = manifest["levels"]
    most = 1 if box else MAX_N + 1
    if not isinstance(levels, list) or len(levels) > most:
        raise refused(directory, path, f'"levels" is not a list of at most {most} levels')
    for n, row in enumerate(levels):
        part = f"levels[{n}]"
        _check_object(directory, path, part, row, {"n", "count", "chunks", *layout.tallies})
        _integer(directory, path, f"{part}.n", row["n"], n, n)
        counts = level_counts(n, box, None)
        _count(directory, path, f"{part}.count", row["count"], counts)
        chunks = -(-row["count"] // chunk)
        _integer(directory, path, f"{part}.chunks", row["chunks"], chunks, chunks)
        _tallies(directory, path, part, row, layout, row["count"])
    return manifest


def _tallies(
    directory: Path, path: Path, part: str, row: dict[str, Any], layout: Layout, count: int
) -> None:
    """AtlasError unless the tallies of `row` (a level's or a chunk's, of `count`
    positions) are integers summing to at most `count`."""
    for name in layout.tallies:
        _integer(directory, path, f"{part}.{name}", row[name], 0, count)
    if sum(row[name] for name in layout.tallies) > count:
        raise refused(directory, path, f'"{part}": tallies above its {count} positions')


def read_rows(
    directory: Path,
    n: int,
    counts: Collection[int],
    chunk: int,
    complete: bool,
    layout: Layout = VALUES,
) -> dict[str, Any]:
    """The chunk rows of level n (its ``chunks.json``) of an atlas of `layout`, checked
    against the schema: its count one of `counts`, a row for each chunk of `chunk`
    ranks, every one written if the level is `complete`."""
    path = directory / level_name(n) / CHUNKS
    if not present(directory, path, folder=False):
        raise refused(directory, path, f"level {n} has no {CHUNKS} (corrupt)")
    rows = _read_json(directory, path, json_limit(-(-max(counts) // chunk), layout))
    _check_object(directory, path, "", rows, {"n", "count", "chunks"})
    _integer(directory, path, "n", rows["n"], n, n)
    _count(directory, path, "count", rows["count"], counts)
    chunks = rows["chunks"]
    expected = -(-rows["count"] // chunk)
    if not isinstance(chunks, list) or len(chunks) != expected:
        raise refused(directory, path, f'"chunks" is not a list of {expected} rows')
    keys = _ROW_KEYS | {*layout.tallies} | ({"form"} if layout.forms else set())
    dtypes = tuple(layout.dtypes)  # compared, not hashed: a row's dtype may be a list
    for k, row in enumerate(chunks):
        if row is None:
            if complete:
                raise refused(directory, path, f"chunks[{k}] is not written: level {n} is complete")
        elif not (
            type(row) is dict
            and row.keys() == keys
            and row["file"] == chunk_name(k)
            and row["dtype"] in dtypes
            and row.get("form", "") in (layout.forms or ("",))
            and type(row["sha256"]) is str
            and _SHA256.fullmatch(row["sha256"])
        ):  # the rows of a level may be many: every rule at once, then which one failed
            raise refused(directory, path, _row_problem(k, row, keys, layout))
        else:
            ranks = min(chunk, rows["count"] - k * chunk)
            _tallies(directory, path, f"chunks[{k}]", row, layout, ranks)
    return rows


def _row_problem(k: int, row: Any, keys: set[str], layout: Layout) -> str:
    """What breaks the schema in chunk row k (`read_rows`: one of its rules does).

    >>> _row_problem(2, {"file": "00002.npy", "dtype": "int8", "sha256": "0" * 64}, _ROW_KEYS,
    ...              VALUES)
    'chunks[2].dtype is "int8", not uint8 or uint16'
    """
    part = f"chunks[{k}]"
    problem = _object_problem(part, row, keys)
    if problem is not None:
        return problem
    if row["file"] != chunk_name(k):
        return f"{part}.file is {_shown(row['file'])}, not {chunk_name(k)!r}"
    if row["dtype"] not in tuple(layout.dtypes):
        return f"{part}.dtype is {_shown(row['dtype'])}, not {' or '.join(layout.dtypes)}"
    if row.get("form", "") not in (layout.forms or ("",)):
        return f"{part}.form is {_shown(row['form'])}, not {' or '.join(layout.forms)}"
    return f"{part}.sha256 is not 64 hexadecimal digits"


def load_chunk(
    directory: Path, n: int, k: int, row: dict[str, Any], length: int, layout: Layout = VALUES
) -> np.ndarray:
    """Chunk k of level n of an atlas of `layout`, `length` values, as a read-only array
    over a memory map of its file: its row (checked by `read_rows`) gives its dtype and
    checksum, and its bytes are checked against both first (module doc)."""
    path = directory / level_name(n) / chunk_name(k)
    with _opened(directory, path) as handle:
        size = os.fstat(handle.fileno()).st_size
        mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
    if hashlib.sha256(mapped).hexdigest() != row["sha256"]:
        raise refused(directory, path, f"level {n} chunk {k} does not match its checksum (corrupt)")
    header = io.BytesIO(mapped[: _NPY_HEADER + 12])
    npy = np.lib.format
    try:
        with warnings.catch_warnings():  # a header numpy would warn about is refused
            warnings.simplefilter("error")
            version = npy.read_magic(header)
            if version not in ((1, 0), (2, 0)):
                raise ValueError(f"version {version} of the .npy format")
            read = npy.read_array_header_1_0 if version == (1, 0) else npy.read_array_header_2_0
            shape, fortran, dtype = read(header, max_header_size=_NPY_HEADER)
    # numpy's reader raises many kinds on hostile bytes (ValueError, SyntaxError, its Python
    # 2 fallback's TokenError, a warning made an error): whichever, the chunk is bad
    except Exception as error:
        said = " ".join(str(error).split())  # numpy's words, on one line and short
        raise refused(directory, path, f"not a .npy chunk ({said[:100]})") from None
    if dtype.str != layout.dtypes[row["dtype"]] or fortran or shape != (length,):
        shown = f"{'Fortran' if fortran else 'C'}-ordered {dtype.str} of shape {str(shape)[:40]}"
        wanted = f"C-ordered {layout.dtypes[row['dtype']]} of shape ({length},)"
        raise refused(directory, path, f"level {n} chunk {k} is {shown}, not {wanted}")
    start = header.tell()
    if size != start + length * dtype.itemsize:
        raise refused(directory, path, f"{size} bytes, not {start + length * dtype.itemsize}")
    return np.frombuffer(mapped, dtype=dtype, count=length, offset=start)


def sha256_of(directory: Path, path: Path) -> str:
    """The SHA-256 of the regular file `path` of the atlas `directory`, in hex."""
    digest = hashlib.sha256()
    with _opened(directory, path) as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def present(directory: Path, path: Path, folder: bool = True) -> bool:
    """Whether `path`, inside the atlas `directory`, exists: a plain folder (`folder`),
    else a regular file, in plain folders of the atlas; AtlasError if it, or a folder
    on the way to it, is anything else (a symbolic link, a FIFO, a device).  The atlas
    directory itself is the user's to name, a link or not.

    >>> import tempfile
    >>> where = Path(tempfile.mkdtemp())
    >>> (where / "level-000").symlink_to("/tmp")
    >>> present(where, where / "level-001" / CHUNKS, folder=False)
    False
    >>> present(where, where / "level-000" / CHUNKS, folder=False)
    Traceback (most recent call last):
    ...
    grundy.atlas.schema.AtlasError: the atlas ...: level-000: a symbolic link, not a folder
    """
    between = list(path.relative_to(directory).parents)[-2::-1]  # outermost first, no "."
    return all(_plain(directory, directory / inner, True) for inner in between) and _plain(
        directory, path, folder
    )


def _plain(directory: Path, path: Path, folder: bool) -> bool:
    """Whether `path` exists (not following a link): a plain folder or a regular file
    as `folder` asks; AtlasError if it is anything else."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return False
    except OSError as error:
        raise refused(directory, path, error.strerror or str(error)) from None
    kind = "folder" if folder else "regular file"
    if stat.S_ISLNK(mode):
        raise refused(directory, path, f"a symbolic link, not a {kind}")
    if not (stat.S_ISDIR(mode) if folder else stat.S_ISREG(mode)):
        raise refused(directory, path, f"not a {kind}")
    return True


@cache
def _partition_numbers() -> list[int]:
    return partition_numbers(MAX_N)


@contextmanager
def _opened(directory: Path, path: Path) -> Iterator[BinaryIO]:
    """A regular file of the atlas, in a plain folder of it, opened for reading without
    following a link or waiting on a FIFO (and checked again once open)."""
    if not present(directory, path, folder=False):
        raise refused(directory, path, "missing")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise refused(directory, path, error.strerror or str(error)) from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise refused(directory, path, "not a regular file")
        yield handle


def _read_json(directory: Path, path: Path, limit: int) -> Any:
    """The JSON value of `path`: at most `limit` bytes of UTF-8, nested within Python's
    recursion limit."""
    with _opened(directory, path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise refused(directory, path, f"larger than the {limit:,} bytes its rows can take")
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise refused(directory, path, "nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise refused(directory, path, f"not JSON ({error})") from None


def _check_object(
    directory: Path,
    path: Path,
    part: str,
    value: Any,
    keys: set[str],
    optional: frozenset[str] = frozenset(),
) -> None:
    """AtlasError unless `value` is an object of exactly `keys`, and all or none of
    `optional` (`_object_problem`)."""
    problem = _object_problem(part, value, keys, optional)
    if problem is not None:
        raise refused(directory, path, problem)


def _object_problem(
    part: str, value: Any, keys: set[str], optional: frozenset[str] = frozenset()
) -> str | None:
    """What is wrong with `value` (at `part` of its file) if it is not an object of
    exactly `keys`, and all or none of `optional`; None if nothing is.

    >>> _object_problem("levels[3]", {"n": 3, "chunks": 1}, {"n", "count", "chunks"})
    'levels[3]: no "count"'
    """
    if type(value) is dict and value.keys() == keys:  # the usual case, quickly
        return None
    at = f"{part}: " if part else ""
    if not isinstance(value, dict):
        return f"{at}{_shown(value)}, not an object"
    missing = sorted(keys - value.keys())
    if missing:
        return f'{at}no "{missing[0]}"'
    extra = sorted(value.keys() - keys - optional)
    if extra:
        return f"{at}has the unknown field {_shown(extra[0])}"
    if 0 < len(optional & value.keys()) < len(optional):
        return f"{at}has only some of {sorted(optional)}"
    return None


def _integer(directory: Path, path: Path, part: str, value: Any, lo: int, hi: int) -> None:
    if type(value) is not int or not lo <= value <= hi:
        wanted = f"{lo}" if lo == hi else f"an integer {lo}..{hi}"
        raise refused(directory, path, f'"{part}" is {_shown(value)}, not {wanted}')


def _count(directory: Path, path: Path, part: str, value: Any, counts: Collection[int]) -> None:
    if type(value) is not int or value not in counts:
        wanted = " or ".join(map(str, counts))
        raise refused(
            directory,
            path,
            f'"{part}" is {_shown(value)}, not {wanted} (the positions of the level)',
        )


def _boolean(directory: Path, path: Path, part: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise refused(directory, path, f'"{part}" is {_shown(value)}, not true or false')


def _box(directory: Path, path: Path, box: Any) -> tuple[int, int]:
    if not (isinstance(box, list) and len(box) == 2 and all(type(s) is int for s in box)):
        raise refused(directory, path, f'"box" is {_shown(box)}, not [rows, columns]')
    try:
        box_size(*box)
    except ValueError as error:
        raise refused(directory, path, f'"box": {error}') from None
    return box[0], box[1]


def _shown(value: Any) -> str:
    r"""A value read from a file, told in one short line: a number or text as JSON (cut
    at 40 characters), a list or an object by its kind.

    >>> print(_shown("a\nb"), _shown(2.5), _shown([[[]]]), _shown("x" * 50)[-5:])
    "a\nb" 2.5 a list xx...
    """
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:37] + "..."
