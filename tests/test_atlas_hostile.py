"""A damaged or hostile atlas: one line, exit status 2, and not a byte of it written.

Each row of `HOSTILE` spoils a copy of a small real atlas (cr, levels 0..9, chunks
of 8 ranks) one way an attack on the atlas found (issue 24, finding 5), or one way
more the schema (`grundy.atlas.schema`) names.  Every command of the row that reads
the spoiled part — `count` with --atlas, `atlas build` extending the atlas to level
10, `atlas info` — must end with status 2 and one line on stderr naming the
problem, and leave the atlas's files, and whatever outside it a link points to,
as they were.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from grundy import get_ruleset
from grundy.atlas import build
from grundy.cli import main

#: The fixture atlas: cr, levels 0..LEVELS, chunks of CHUNK ranks (level 9: 8, 8, 8, 6).
LEVELS, CHUNK = 9, 8
#: A spoiling: (the atlas's directory, an empty folder outside it) → None.
Spoil = Callable[[Path, Path], None]
#: The commands a row may run on the spoiled atlas, given its directory.
COMMANDS: dict[str, Callable[[str], list[str]]] = {
    "count": lambda where: ["count", "cr", "--n", "9", "--atlas", where, "--no-store"],
    "build": lambda where: ["atlas", "build", "cr", "--n", "10", "--dir", where],
    "info": lambda where: ["atlas", "info", where],
}
EVERY = ("count", "build", "info")
#: A chunk's bytes are read by lookups and builds; `atlas info` only counts them.
READ = ("count", "build")


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("pristine") / "cr"
    build(get_ruleset("cr"), LEVELS, where, chunk=CHUNK)
    return where


def files(root: Path) -> dict[str, tuple[str, Any]]:
    """Everything under `root`, links not followed: each path's kind and its bytes (a
    file), its target (a link) or its type (anything else)."""
    found: dict[str, tuple[str, Any]] = {}
    for folder, folders, names in os.walk(root):
        for name in folders + names:
            path = Path(folder) / name
            mode = path.lstat().st_mode
            key = str(path.relative_to(root))
            if stat.S_ISLNK(mode):
                found[key] = ("link", os.readlink(path))
            elif stat.S_ISREG(mode):
                found[key] = ("file", path.read_bytes())
            else:
                found[key] = ("other", stat.S_IFMT(mode))
    return found


# ------------------------------------------------------------------ the spoilings
def edit(path: Path, change: Callable[[Any], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1) + "\n")


def manifest(change: Callable[[dict[str, Any]], None]) -> Spoil:
    return lambda atlas, _: edit(atlas / "manifest.json", change)


def rows(n: int, change: Callable[[dict[str, Any]], None]) -> Spoil:
    return lambda atlas, _: edit(atlas / f"level-{n:03d}" / "chunks.json", change)


def text(name: str, content: str) -> Spoil:
    return lambda atlas, _: (atlas / name).write_text(content)


def chunk(k: int, values: np.ndarray, dtype: str | None = None, tail: bytes = b"") -> Spoil:
    """Chunk k of level 9 replaced by `values` (then `tail`), its row given the new file's
    true sha256 and `dtype` (default: the values' own)."""

    def spoil(atlas: Path, _: Path) -> None:
        path = atlas / "level-009" / f"{k:05d}.npy"
        np.save(path, values, allow_pickle=True)
        path.write_bytes(path.read_bytes() + tail)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        new = {"sha256": digest, "dtype": dtype or str(values.dtype)}
        edit(atlas / "level-009" / "chunks.json", lambda rows: rows["chunks"][k].update(new))

    return spoil


def header(k: int, fields: str, data: bytes) -> Spoil:
    """Chunk k of level 9 written by hand: a .npy header of `fields`, then `data`."""
    text = f"{{{fields}}}".ljust(117) + "\n"
    return chunk_bytes(
        k, b"\x93NUMPY\x01\x00" + len(text).to_bytes(2, "little") + text.encode() + data
    )


def chunk_bytes(k: int, data: bytes) -> Spoil:
    def spoil(atlas: Path, _: Path) -> None:
        path = atlas / "level-009" / f"{k:05d}.npy"
        path.write_bytes(data)
        digest = hashlib.sha256(data).hexdigest()
        edit(
            atlas / "level-009" / "chunks.json",
            lambda rows: rows["chunks"][k].update(sha256=digest),
        )

    return spoil


def moved_out(name: str) -> Spoil:
    """`name` moved to the folder outside, and a link to it left in its place."""

    def spoil(atlas: Path, outside: Path) -> None:
        shutil.move(atlas / name, outside / "moved")
        (atlas / name).symlink_to(outside / "moved")

    return spoil


def linked_out(name: str) -> Spoil:
    """A link from `name` to an empty folder outside (a level not built yet)."""
    return lambda atlas, outside: (atlas / name).symlink_to(outside, target_is_directory=True)


def fifo(name: str) -> Spoil:
    def spoil(atlas: Path, _: Path) -> None:
        (atlas / name).unlink()
        os.mkfifo(atlas / name)

    return spoil


def folder_for(name: str) -> Spoil:
    def spoil(atlas: Path, _: Path) -> None:
        (atlas / name).unlink()
        (atlas / name).mkdir()

    return spoil


def file_for(name: str) -> Spoil:
    def spoil(atlas: Path, _: Path) -> None:
        shutil.rmtree(atlas / name)
        (atlas / name).write_text("a file")

    return spoil


class Planted:
    """A pickle that would make a file if it were ever unpickled."""

    marker = Path("/nonexistent")

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(self.marker), "w"))


def pickled(atlas: Path, outside: Path) -> None:
    Planted.marker = outside / "unpickled"
    chunk(0, np.array([Planted()] * 8, dtype=object), dtype="uint8")(atlas, outside)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


U8 = np.zeros(8, np.uint8)
HOSTILE = [
    # the attack's cases
    pytest.param(manifest(lambda m: m["levels"][3].pop("count")), 'levels[3]: no "count"',
                 EVERY, id="level-row-without-count"),
    pytest.param(manifest(lambda m: m.update(chunk=0)), '"chunk" is 0, not a power of two',
                 EVERY, id="chunk-0"),
    pytest.param(manifest(lambda m: m.update(chunk=-1)), '"chunk" is -1, not a power of two',
                 EVERY, id="chunk-minus-1"),
    pytest.param(manifest(lambda m: m.update(chunk=16)), '"levels[6].chunks" is 2, not 1',
                 EVERY, id="chunk-16"),
    pytest.param(text("manifest.json", nested(10_000)), "manifest.json: nested too deeply",
                 EVERY, id="deep-manifest"),
    pytest.param(rows(9, lambda r: r["chunks"][1].pop("sha256")), 'chunks[1]: no "sha256"',
                 EVERY, id="row-without-sha256"),
    pytest.param(chunk(3, np.zeros(2, np.uint8)), "level 9 chunk 3 is C-ordered |u1 of shape (2,)",
                 READ, id="short-chunk-true-sha256"),
    pytest.param(chunk(0, np.full(8, -4, np.int8)), 'chunks[0].dtype is "int8"', EVERY,
                 id="int8-chunk"),
    pytest.param(chunk(0, np.full(8, 2**63 + 3, np.uint64)), 'chunks[0].dtype is "uint64"',
                 EVERY, id="uint64-chunk"),
    pytest.param(chunk(0, np.full(8, 1.5)), 'chunks[0].dtype is "float64"', EVERY,
                 id="float64-chunk"),
    pytest.param(rows(9, lambda r: r["chunks"][0].update(file="/etc/passwd")),
                 "chunks[0].file is \"/etc/passwd\", not '00000.npy'", EVERY, id="absolute-file"),
    pytest.param(rows(9, lambda r: r["chunks"][0].update(file="../level-008/00000.npy")),
                 'chunks[0].file is "../level-008/00000.npy"', EVERY, id="dotdot-file"),
    pytest.param(moved_out("level-009"), "level-009: a symbolic link, not a folder", EVERY,
                 id="linked-level"),
    pytest.param(linked_out("level-010"), "level-010: a symbolic link, not a folder",
                 ("build", "info"), id="linked-level-being-built"),
    # the rest of the schema
    pytest.param(chunk(0, np.full(8, -4, np.int8), dtype="uint8"),
                 "level 9 chunk 0 is C-ordered |i1 of shape (8,), not C-ordered |u1", READ,
                 id="int8-chunk-said-uint8"),
    pytest.param(chunk(0, np.zeros(8, ">u2"), dtype="uint16"), "is C-ordered >u2", READ,
                 id="big-endian-chunk"),
    pytest.param(header(0, "'descr': '|u1', 'fortran_order': True, 'shape': (8,), ", bytes(8)),
                 "level 9 chunk 0 is Fortran-ordered |u1", READ, id="fortran-chunk"),
    pytest.param(header(0, "'descr': '|u1', 'fortran_order': False, 'shape': __import__", b""),
                 "00000.npy: not a .npy chunk", READ, id="header-not-a-literal"),
    pytest.param(pickled, "level 9 chunk 0 is C-ordered |O", READ, id="pickled-chunk"),
    pytest.param(chunk(0, U8, tail=b"more"), "level-009/00000.npy: 140 bytes, not 136", READ,
                 id="chunk-with-trailing-bytes"),
    pytest.param(chunk_bytes(1, b""), "not a .npy chunk", READ, id="empty-chunk"),
    pytest.param(text("level-009/00001.npy", "tampered"), "level 9 chunk 1 does not match its "
                 "checksum", READ, id="wrong-sha256"),
    pytest.param(rows(9, lambda r: r["chunks"][1].update(sha256="z" * 64)),
                 "chunks[1].sha256 is not 64 hexadecimal digits", EVERY, id="sha256-not-hex"),
    pytest.param(rows(9, lambda r: r["chunks"].__setitem__(2, None)),
                 "chunks[2] is not written: level 9 is complete", EVERY, id="row-missing"),
    pytest.param(rows(9, lambda r: r.update(count=29)), '"count" is 29, not 30', EVERY,
                 id="rows-count-wrong"),
    pytest.param(text("level-009/chunks.json", nested(5_000)),
                 "level-009/chunks.json: larger than the 1,280 bytes", EVERY, id="deep-rows"),
    pytest.param(text("manifest.json", "{" + " " * 1_000_000 + "}"), "manifest.json: larger",
                 EVERY, id="huge-manifest"),
    pytest.param(text("manifest.json", '{"format": "grundy-atlas/2", '), "manifest.json: not JSON",
                 EVERY, id="manifest-not-json"),
    pytest.param(manifest(lambda m: m.update(extra=1)), 'has the unknown field "extra"', EVERY,
                 id="unknown-field"),
    pytest.param(manifest(lambda m: m.update(game="cr\nevil")), '"game" is "cr\\nevil"', EVERY,
                 id="game-of-two-lines"),
    pytest.param(manifest(lambda m: m.update(misere=0)), '"misere" is 0, not true or false',
                 EVERY, id="misere-not-a-bool"),
    pytest.param(manifest(lambda m: m["levels"][4].update(n=5)), '"levels[4].n" is 5, not 4',
                 EVERY, id="level-row-misnumbered"),
    pytest.param(manifest(lambda m: m["levels"][9].update(count=10, chunks=2)),
                 '"levels[9].count" is 10, not 30', EVERY, id="level-count-wrong"),
    pytest.param(moved_out("level-009/00001.npy"), "00001.npy: a symbolic link, not a regular "
                 "file", EVERY, id="linked-chunk"),
    pytest.param(moved_out("manifest.json"), "manifest.json: a symbolic link", EVERY,
                 id="linked-manifest"),
    pytest.param(moved_out("level-009/chunks.json"), "chunks.json: a symbolic link", EVERY,
                 id="linked-rows"),
    pytest.param(fifo("level-009/00002.npy"), "00002.npy: not a regular file", EVERY,
                 id="fifo-chunk"),
    pytest.param(fifo("manifest.json"), "manifest.json: not a regular file", EVERY,
                 id="fifo-manifest"),
    pytest.param(folder_for("level-009/00001.npy"), "00001.npy: not a regular file", EVERY,
                 id="folder-for-a-chunk"),
    pytest.param(file_for("level-009"), "level-009: not a folder", EVERY, id="file-for-a-level"),
    pytest.param(text("level-012", ""), "level-012: a level past level 10, the next", ("build",),
                 id="level-past-the-next"),
]  # fmt: skip


@pytest.mark.parametrize(("spoil", "problem", "commands"), HOSTILE)
def test_a_hostile_atlas_is_one_line_and_never_written(
    spoil: Spoil,
    problem: str,
    commands: tuple[str, ...],
    pristine: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    atlas, outside = tmp_path / "atlas", tmp_path / "outside"
    shutil.copytree(pristine, atlas, symlinks=True)
    outside.mkdir()
    spoil(atlas, outside)
    before = files(tmp_path)
    for command in commands:
        status = main(COMMANDS[command](str(atlas)))
        out, err = capsys.readouterr()
        assert (status, out, err.count("\n")) == (2, "", 1), f"{command}: {err}"
        assert problem in err, f"{command}: {err}"
        assert files(tmp_path) == before, command


def test_the_pristine_atlas_passes_every_command(
    pristine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The rows fail for their spoiling alone: the same commands on an unspoiled copy pass."""
    atlas = tmp_path / "atlas"
    shutil.copytree(pristine, atlas, symlinks=True)
    for command in EVERY:
        assert main(COMMANDS[command](str(atlas))) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "levels 0..10" in out and "\t30\n" in out  # count: the 30 partitions of 9


def test_a_directory_of_a_build_killed_in_its_first_manifest_write_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SIGKILL inside the first manifest's write leaves only its temporary file (and the
    lock); the same command then builds there what a clean build writes."""
    script = (
        "import os, signal, sys\n"
        "from grundy.cli import main\n"
        "replace = os.replace\n"
        "def killed(source, target):\n"
        "    if str(target).endswith('manifest.json'):\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "    replace(source, target)\n"
        "os.replace = killed\n"
        "main(['atlas', 'build', 'cr', '--n', '6', '--dir', sys.argv[1]])\n"
    )
    killed = tmp_path / "killed"
    run = subprocess.run([sys.executable, "-c", script, str(killed)], capture_output=True)
    assert run.returncode == -9, run.stderr
    left = sorted(p.name for p in killed.iterdir())
    assert left[0] == ".lock" and len(left) == 2 and left[1].startswith(".manifest.json.")
    arguments = ["atlas", "build", "cr", "--n", "6", "--dir"]
    assert main([*arguments, str(killed)]) == 0, capsys.readouterr().err
    assert main([*arguments, str(tmp_path / "clean")]) == 0
    assert files(killed) == files(tmp_path / "clean")


@pytest.mark.parametrize("levels", ["99999999999999999999", "0..99999999999999999999", "184"])
def test_a_level_past_the_ranking_is_one_line_before_any_file(
    levels: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["atlas", "build", "cr", "--n", levels, "--dir", str(tmp_path / "a")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "an atlas holds levels 0..183" in err
    assert not (tmp_path / "a").exists()


def test_a_chunk_past_the_largest_is_refused_before_any_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = str(tmp_path / "a")
    assert main(["atlas", "build", "cr", "--n", "5", "--dir", where, "--chunk", str(2**70)]) == 2
    assert "chunk must be a power of two from 1 to 2^30" in capsys.readouterr().err
    assert not (tmp_path / "a").exists()
