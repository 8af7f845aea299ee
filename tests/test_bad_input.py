"""Bad input, and what a new user trips over (issue 9).

The command line answers every malformed input with exit status 2 and
exactly one line on stderr naming what is wrong, never a traceback, and
writes no file.  The library raises a TypeError or ValueError naming the bad
part.  The rows here extend the shared ones of tests/test_every_game.py
(bad partition tokens and sums in every game), which they do not repeat.

The rest are the issue's other points: help and version, flags shown
without a type, plain tables when piped, integers of any length, a failing
checkpoint save that keeps the answer, each picture against its own limit,
A_1, and coin-turning functions given a spec string.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import typer

import grundy
from grundy import posets
from grundy.analysis.conjectures import check_conjecture
from grundy.analysis.counts import count_table
from grundy.analysis.sweep import sweep
from grundy.analysis.tables import box_values, young_text
from grundy.cli import app, main
from grundy.engine import search as search_engine
from grundy.engine import transposition as search_table
from grundy.games.chomp.chomp import gamma_value
from grundy.games.coin_turning import coin_turning
from grundy.games.lctr.lctr import lctr_value
from grundy.partition import Partition, partitions
from grundy.play import Match
from grundy.registry import get_ruleset
from grundy.render.hasse import hasse_svg
from grundy.results import Store
from grundy.validate import as_bool, check_input_file, parse_natural

#: Files the rows below read: created once, checked unchanged after every row.
FIXTURES: dict[str, Any] = {
    "cyclic.json": {"elements": [1, 2, 3], "covers": [[1, 2], [2, 3], [3, 1]]},
    "antisymmetric.json": {"elements": ["a", "b"], "relations": [["a", "b"], ["b", "a"]]},
    "not-a-cover.json": {"elements": [1, 2, 3], "covers": [[1, 2], [2, 3], [1, 3]]},
    "unlisted.json": {"elements": ["a"], "covers": [["a", "b"]]},
    "list.json": [1, 2],
    "broken.json": "{not json",
    "ragged.txt": "101\n01\n",
    "nonbinary.txt": "10x\n",
    "blank.txt": "# nothing here\n\n",
    "binary.bin": b"\x00\xff\xfe\x00",
    "binary.ckpt": b"garbage\x00\xff\xfe not a checkpoint",
    "deep.json": "[" * 100_000 + "]" * 100_000,
}

# (argv, fragment of the one stderr line).  {tmp} is the fixtures' folder.
CLI_ROWS: list[tuple[list[str], str]] = [
    # no command, unknown commands and options
    ([], "missing command: `grundy -h` lists the commands"),
    (["poset"], "missing command: `grundy poset -h` lists the commands"),
    (["frobnicate"], "No such command 'frobnicate'"),
    (["poset", "frob"], "No such command 'frob'"),
    (["value", "lctr", "3,1", "--bogus"], "No such option: --bogus"),
    (["value", "lctr", "3,1", "--misere=yes"], "does not take a value"),
    (["value"], "Missing argument"),
    (["value", "lctr"], "Missing argument 'position'"),
    (["nim", "add"], "Missing argument 'numbers'"),
    # positions: negative, non-integer, huge, junk, exponent 0
    (
        ["value", "lctr", "-3,1"],
        "'-3,1' is negative: parts, sizes and nimbers must be non-negative "
        "(to pass an argument that starts with '-', put it after '--')",
    ),
    (["value", "lctr", "--", "-3,1"], "'-3' in '-3,1': negative part"),
    (["moves", "lctr", "3,-1"], "'-1' in '3,-1': negative part"),
    (["value", "lctr", "３,２"], "bad partition token '３'"),
    (["value", "lctr", "3.5"], "bad partition token '3.5'"),
    (["value", "lctr", "1e3"], "bad partition token '1e3'"),
    (["value", "lctr", "3;1"], "bad partition token '3;1'"),
    (["value", "lctr", "5^"], "bad partition token '5^'"),
    (["value", "lctr", "^3"], "bad partition token '^3'"),
    (["value", "lctr", "10^10^10"], "bad partition token '10^10^10'"),
    (["value", "lctr", "5^0"], "'5^0' in '5^0': exponent 0"),
    (["value", "lctr", "0^5"], "'0^5' in '0^5': part 0 with an exponent"),
    (["stats", "lctr", "2,0^3"], "'0^3' in '2,0^3': part 0 with an exponent"),
    (["table", "lctr", "1000^1000"], "diagram too large to draw as text"),
    (["search", "cr", "200,100"], "the compiled engine packs at most 120"),
    # games
    (["value", "nosuch", "3,1"], "unknown game 'nosuch'"),
    (["value", "", "3,1"], "unknown game ''"),
    (["value", "chess", "3,1"], "game 'chess' needs a piece"),
    (["value", "chess", "3,1", "--piece", "leaps=x"], "bad vector 'x' in leaps"),
    # matrices: ragged, non-0/1, empty; files only as @FILE (one position reader, any game)
    (["value", "matrix", "102;011"], "row 1: symbol '2' (character 3) is not 0 or 1"),
    (["value", "matrix", "10;1"], "ragged matrix: row 2 has 1 entries but row 1 has 2"),
    (["value", "matrix", ""], "empty matrix"),
    (["value", "matrix", ";"], "row 1 is empty"),
    (["value", "matrix", "@{tmp}/adir"], "{tmp}/adir is a directory, not a position file"),
    (["value", "matrix", "@{tmp}/ragged.txt"], "{tmp}/ragged.txt: ragged matrix: row 2 (line 2)"),
    (["value", "matrix", "@{tmp}/nonbinary.txt"], "nonbinary.txt: row 1: symbol 'x' (character 3)"),
    (["value", "matrix", "@{tmp}/blank.txt"], "{tmp}/blank.txt: empty matrix"),
    (["value", "matrix", "@{tmp}/binary.bin"], "{tmp}/binary.bin: not a text file"),
    (["value", "matrix", "@{tmp}/missing.txt"], "position file {tmp}/missing.txt does not exist"),
    (["value", "matrix", "{tmp}/ragged.txt"], "names a file: to read from it, write @{tmp}/"),
    (["value", "matrix", "{tmp}/missing.txt"], "row 1: symbol '/' (character 1) is not 0 or 1"),
    # sizes and ranges
    (["count", "lctr", "--n", "5..2"], "bad --n '5..2': empty (B < A)"),
    (["count", "lctr", "--n", "-1..3"], "bad --n '-1..3': sizes are non-negative"),
    (["count", "lctr", "--n", "1..3..0"], "the step must be positive"),
    (["count", "lctr", "--n", "x"], "bad --n 'x': expected N, A..B or A..B..STEP"),
    (["count", "lctr", "--n", ""], "bad --n '': expected N"),
    (["count", "lctr", "--n", "1..2..3..4"], "bad --n '1..2..3..4'"),
    (["count", "lctr", "--n", "３..５"], "write sizes in digits 0-9"),
    (["sweep", "cr", "a^2", "--a", "１..３", "--no-store"], "bad range of --a '１..３'"),
    (["value", "lctr-3d", "３"], "bad height '３'"),
    (["value", "chess", "3,2", "--piece", "leaps=１:2"], "bad vector '１:2'"),
    (["search", "cr", "3,1", "--memory", "６４M"], "bad memory size '６４M'"),
    (["count", "lctr", "--n", "0..3", "--method", "magic"], "unknown counting method 'magic'"),
    (["classify", "lctr", "--max-n", "-1"], "max_n must be a non-negative integer"),
    (["classify", "lctr", "--max-n", "x"], "Invalid value for '--max-n'"),
    (["poset", "ruler-set-partitions", "--n", "5..2"], "empty (B < A)"),
    (["poset", "ideal-asm", "--n", "x"], "bad --n 'x'"),
    (["poset", "ruler-asm", "--n", "-3"], "--n must be at least 1, got -3"),
    (["poset", "ruler-subspaces", "--d", "-1"], "a dimension is non-negative"),
    (["sweep", "lctr", "a^m", "--a", "5..2", "--m", "1", "--no-store"], "empty (B < A)"),
    # search: memory and checkpoints
    (["search", "cr", "3,2", "--memory", "12Q"], "bad memory size '12Q'"),
    (["search", "cr", "3,2", "--memory", ""], "bad memory size ''"),
    (["search", "cr", "3,2", "--memory", "-8G"], "bad memory size '-8G'"),
    (["search", "cr", "3,2", "--memory", "1K"], "memory cap '1K' is too small"),
    (["search", "cr", "3,2", "--is", "-1"], "a nimber is non-negative"),
    (["search", "cr", "3,2", "--checkpoint", "{tmp}/nodir/x.ckpt"], "does not exist"),
    (["search", "cr", "3,2", "--checkpoint", "{tmp}/adir"], "it is a directory"),
    (["search", "cr", "3,2", "--checkpoint", "{tmp}/binary.ckpt"], "not a grundy checkpoint: "),
    (["search", "cr", "3,2", "--checkpoint", "{tmp}/cut.ckpt"], "not a grundy checkpoint: "),
    (["search", "cr", "3,2", "--checkpoint", "{tmp}/foreign.npz"], "not a grundy checkpoint: "),
    (
        ["search", "cr", "3,2", "--misere", "--checkpoint", "{tmp}/good.ckpt"],
        "{tmp}/good.ckpt: the checkpoint was saved by another search: normal play, not misère",
    ),
    (
        ["search", "rit", "3,2", "--checkpoint", "{tmp}/good.ckpt"],
        "saved by another search: game cr, not rit",
    ),
    (
        ["search", "cr", "62,59", "--checkpoint", "{tmp}/good.ckpt"],
        "1-word positions, not 2-word positions",
    ),
    # output files: missing directories, directories, sizes
    (["table", "lctr", "3,1", "--svg", "{tmp}/nodir/x.svg"], "directory '{tmp}/nodir' does not"),
    (["table", "lctr", "3,1", "--latex", "{tmp}/adir"], "it is a directory"),
    (["table", "lctr", "2000^2000", "--svg", "{tmp}/x.svg"], "too large to draw as svg"),
    (["count", "lctr", "--n", "0..3", "--oeis", "{tmp}/nodir/b.txt"], "does not exist"),
    (
        ["poset", "picture", "chain:3", "--svg", "{tmp}/x.svg", "--tikz", "{tmp}/nodir/x.tex"],
        "cannot write '{tmp}/nodir/x.tex'",
    ),
    (
        ["poset", "ruler-set-partitions", "--n", "1..5", "--checkpoint", "{tmp}/nodir/c.json"],
        "does not exist",
    ),
    # conflicting flags
    (
        ["sweep", "cr", "a^2", "--a", "1..3", "--misere", "--both", "--no-store"],
        "--misere and --both cannot be given together",
    ),
    (
        ["sweep", "cr", "a^2", "--a", "1..3", "--store", "{tmp}/new.sqlite", "--no-store"],
        "--store and --no-store cannot be given together",
    ),
    (
        ["pattern", "cr", "a^2", "--a", "1..3", "--store", "{tmp}/new.sqlite", "--no-store"],
        "--store and --no-store cannot be given together",
    ),
    (
        ["count", "cr", "--n", "3", "--store", "{tmp}/new.sqlite", "--no-store"],
        "--store and --no-store cannot be given together",
    ),
    (["search", "cr", "3,2", "--is", "1", "--method", "mex"], "--is and --method mex cannot"),
    # nim
    (["nim", "add", "3", "-1"], "'-1' is negative"),
    (["nim", "add", "３"], "'３' is not an integer"),
    (["nim", "mul", "0x"], "'0x' is not an integer"),
    (["nim", "pow", "2"], "nim pow takes two numbers"),
    # posets: unknown, malformed, too large, cyclic, files
    (["poset", "values", "foo:3"], "unknown poset 'foo:3'"),
    (["poset", "values", ""], "unknown poset ''"),
    (["poset", "values", "chain:3xfoo:2"], "unknown poset 'foo:2'"),
    (["poset", "values", "chain:-1"], "bad poset spec 'chain:-1'"),
    (["poset", "values", "chain:3.5"], "bad poset spec 'chain:3.5'"),
    (["poset", "values", "chain:３"], "bad poset spec 'chain:３'"),
    (["poset", "values", "asm:0"], "n must be at least 1, got 0"),
    (["poset", "values", "young:"], "young needs a partition"),
    (["poset", "values", "young:3,x"], "bad partition token 'x'"),
    (["poset", "values", "subspaces:2:6"], "q must be a prime power, got 6"),
    (["poset", "values", "subspaces:2:1"], "q must be at least 2"),
    (["poset", "values", "subspaces:2:2048"], "q ≤ 1024"),
    (["poset", "values", "subspaces:50:2"], "more than 2^400 elements"),
    (["poset", "values", "set-partitions:11"], "too many elements"),
    (["poset", "values", "chain:200000"], "200,000 elements, more than grundy builds"),
    (["poset", "values", "chain:400xchain:400"], "160,000 elements, more than grundy builds"),
    (["poset", "values", "divisors:10000000000000"], "n ≤ 10^12"),
    (["poset", "values", "@{tmp}/cyclic.json"], "they contain the cycle 1 ≤ 2 ≤ 3 ≤ 1"),
    (["poset", "values", "@{tmp}/antisymmetric.json"], "the cycle 'a' ≤ 'b' ≤ 'a'"),
    (["poset", "values", "@{tmp}/not-a-cover.json"], "(1, 3) is not a cover relation"),
    (["poset", "values", "@{tmp}/unlisted.json"], "elements not in the element list: 'b'"),
    (["poset", "values", "@{tmp}/broken.json"], "{tmp}/broken.json: not valid JSON"),
    (["poset", "values", "@{tmp}/list.json"], "a poset file holds a JSON object"),
    (["poset", "values", "@{tmp}/missing.json"], "poset file {tmp}/missing.json does not exist"),
    (["poset", "values", "@{tmp}/adir"], "{tmp}/adir is a directory, not a poset file"),
    (["poset", "values", "{tmp}/list.json"], "names a file: to read from it, write @{tmp}/"),
    # heads not in the poset
    (["poset", "position", "divisors:12", "--heads", "5"], "'5' is not an element of D_12"),
    (["poset", "position", "chain:3", "--heads", "３"], "'３' is not a positive integer"),
    (["poset", "position", "asm:4", "--heads", "(1,1)"], "write (x,y,z)"),
    (["poset", "position", "young:3,1", "--heads", "(3,1)"], "not an element of Y(3,1)"),
    (["poset", "position", "subspaces:2:2", "--heads", "<12>"], "field elements 0..1"),
    (["poset", "position", "chain:3"], "Missing option '--heads'"),
    (["poset", "picture", "chain:3"], "Missing option '--svg'"),
    # bounds before work (issue 16; more in tests/test_bounds.py)
    (["poset", "values", "@{tmp}/deep.json"], "deep.json: not valid JSON: nested more than 100"),
    (["conjecture", "cr", "--n", "1..5", "--then", "2 ** 2 ** 40 > 0"], "about 1.1 × 10^12 bits"),
    (["conjecture", "cr", "--n", "3", "--then", "position % 2"], "% takes numbers, not text"),
    (["count", "chomp", "--n", "100000", "--no-store"], "more than the 7 days grundy starts on"),
    (["poset", "ruler-asm", "--n", "1000"], "the ruler on A_1000 would take about 126 days"),
    (["sweep", "cr", "a", "--a", "1..1000000000000", "--no-store"], "parameter a takes more"),
    (["count", "cr", "--n", "5", "--oeis-value", "1", "--no-store"], "give --oeis FILE"),
    (["poset", "ruler-subspaces", "--q", str(2**89 * 3), "--d", "3"], "must be a prime power"),
]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the files the rows read (and none they would write)."""
    folder = tmp_path_factory.mktemp("bad-input")
    (folder / "adir").mkdir()
    for name, content in FIXTURES.items():
        if isinstance(content, bytes):
            (folder / name).write_bytes(content)
        elif isinstance(content, str):
            (folder / name).write_text(content)
        else:
            (folder / name).write_text(json.dumps(content))
    good = folder / "good.ckpt"
    assert main(["search", "cr", "3,2", "--checkpoint", str(good), "--json"]) == 0
    (folder / "cut.ckpt").write_bytes(good.read_bytes()[:30])
    np.savez(folder / "foreign.npz", a=np.zeros(3))
    return folder


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under `folder` with its size and modification time."""
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
    }


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("argv", "fragment"), CLI_ROWS, ids=[" ".join(r[0]) or "grundy" for r in CLI_ROWS]
)
def test_cli_refuses_with_one_line(
    argv: list[str],
    fragment: str,
    workspace: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(workspace)  # relative names stay inside the workspace
    capsys.readouterr()
    before = snapshot(workspace)
    args = [a.replace("{tmp}", str(workspace)) for a in argv]
    status, out, err = run(capsys, args)
    assert status == 2, (args, out, err)
    assert err.endswith("\n") and err.count("\n") == 1 and err.strip(), err
    assert err.startswith("grundy: error: "), err
    assert fragment.replace("{tmp}", str(workspace)) in err, err
    assert "Traceback" not in err + out
    assert snapshot(workspace) == before, "a refused command wrote or changed a file"


def test_there_are_enough_rows() -> None:
    assert len(CLI_ROWS) >= 60 and len(LIBRARY_ROWS) >= 15


# ------------------------------------------------------------------- library
def _unlisted_cover() -> Any:
    return posets.from_covers([("a", "b")], elements=["a"])


# (call, exception type, fragment of its message)
LIBRARY_ROWS: list[tuple[Callable[[], Any], type[Exception], str]] = [
    (lambda: grundy.value("lctr", "３,２"), ValueError, "bad partition token '３'"),
    (lambda: grundy.value("lctr", "0^5"), ValueError, "'0^5' in '0^5': part 0 with an exponent"),
    (lambda: Partition.parse("-3,1"), ValueError, "'-3' in '-3,1': negative part"),
    (lambda: Partition.parse(3), TypeError, "expects a string, got int"),
    (lambda: coin_turning.values(3), TypeError, "a poset spec such as 'chain:3', got int 3"),
    (lambda: coin_turning.values(None), TypeError, "got NoneType"),
    (lambda: coin_turning.values("chain:3", "nope"), ValueError, "unknown turning family 'nope'"),
    (lambda: coin_turning.values("chain:x"), ValueError, "bad poset spec 'chain:x'"),
    (lambda: coin_turning.moves(["chain:3"], [1]), TypeError, "got list"),
    (lambda: coin_turning.value_list("chain:3", use_product="yes"), TypeError, "use_product"),
    (_unlisted_cover, ValueError, "pairs use elements not in the element list: 'b'"),
    (lambda: posets.from_relations([(1, 2)], elements=[2]), ValueError, "element list: 1"),
    (lambda: posets.from_covers([1, 2]), ValueError, "a cover is a pair (a, b)"),
    (lambda: posets.parse_spec("chain:３"), ValueError, "digits 0-9"),
    (lambda: posets.parse_spec(3), TypeError, "a poset spec is a string, got int"),
    (lambda: posets.chain(200_000), ValueError, "more than grundy builds (at most 120,000)"),
    (lambda: posets.chain(True), TypeError, "chain length must be an int, got bool"),
    (lambda: posets.asm(200), ValueError, "A_200 has 1,333,300 elements"),
    (lambda: posets.subspaces(2, 2048), ValueError, "q ≤ 1024"),
    (lambda: posets.divisors(10**13), ValueError, "n ≤ 10^12"),
    (lambda: posets.product(posets.chain(400), posets.chain(400)), ValueError, "160,000"),
    (lambda: posets.chain(3).parse("３"), ValueError, "'３' is not a positive integer"),
    (lambda: posets.chain(3).parse("+3"), ValueError, "'+3' is not a positive integer"),
    (lambda: posets.set_partitions(3).parse("1|２|3"), ValueError, "not a set partition"),
    (lambda: parse_natural("３", "n"), ValueError, "n must be a non-negative integer in digits"),
    (lambda: parse_natural(3, "n"), TypeError, "n must be a string of digits"),
    (lambda: as_bool("yes", "misere"), TypeError, "misere must be True or False, got str"),
    (lambda: as_bool(2, "misere"), TypeError, "got int 2"),
    # flags are booleans, stores are stores or paths, positions are never dicts
    (lambda: sweep("cr", "b^a", misere="no", a=[2], b=[1]), TypeError, "misere must be True"),
    (lambda: sweep("cr", "b^a", with_stats="yes", a=[2], b=[1]), TypeError, "with_stats"),
    (lambda: sweep("cr", "b^a", store=3, a=[2], b=[1]), TypeError, "store must be a Store or"),
    (lambda: grundy.outcome("lctr", "3,1", misere="no"), TypeError, "misere must be True"),
    (lambda: grundy.value("lctr", {5: 3}), TypeError, "a position is text or a sequence, not a"),
    (lambda: grundy.options("cr", {3: 1}), TypeError, "not a dict: {3: 1}"),
    (lambda: Partition.coerce({5: 3}), TypeError, "from dict {5: 3}: give its parts"),
    (lambda: grundy.nim.mul(8.0, 8), TypeError, "a nimber must be an int, got float 8.0"),
    (lambda: grundy.nim.add(True, 1), TypeError, "a nimber must be an int, got bool"),
    (lambda: grundy.nim.power(2, 1.5), TypeError, "an exponent must be an int, got float"),
    (lambda: grundy.nim.inv(np.int64(-3)), ValueError, "nimbers are non-negative, got -3"),
    (lambda: list(partitions(4.0)), TypeError, "n must be an int, got float"),
    (lambda: grundy.value("lctr", "3,1", misere=1), TypeError, "True or False, got int 1"),
    (lambda: lctr_value("3,1", misere="no"), TypeError, "misere must be True or False"),
    (lambda: gamma_value(2, 2, misere="no"), TypeError, "misere must be True or False"),
    (lambda: box_values("cr", "3,1", misere="no"), TypeError, "misere must be True or False"),
    (lambda: box_values("cr", {3: 1}), TypeError, "not a dict"),
    (lambda: young_text("lctr", "3,1", outside="no"), TypeError, "outside must be True"),
    (lambda: Match("cr", "3,1", misere="no"), TypeError, "misere must be True or False"),
    (lambda: Match("cr", {3: 1}), TypeError, "not a dict"),
    (lambda: grundy.Solver(get_ruleset("cr"), fast="no"), TypeError, "fast must be True"),
    (lambda: hasse_svg(posets.chain(2), labels="no"), TypeError, "labels must be True"),
    (lambda: grundy.stats("cr", {3: 1}), TypeError, "not a dict"),
    (lambda: grundy.count("chomp", 100_000), ValueError, "positions at about"),
    (lambda: check_conjecture("cr", "10 ** 10 ** 6 > 0", sizes=[1]), ValueError, "at most 10,"),
    (lambda: check_conjecture("cr", "True", sizes=[1], misere="no"), TypeError, "misere must"),
    (lambda: grundy.count("cr", 5, misere="no"), TypeError, "misere must be True or False"),
    (lambda: count_table("cr", 5, store=3), TypeError, "store must be a Store or"),
]


@pytest.mark.parametrize(("call", "kind", "fragment"), LIBRARY_ROWS)
def test_library_names_the_bad_part(
    call: Callable[[], Any], kind: type[Exception], fragment: str
) -> None:
    with pytest.raises(kind) as caught:
        call()
    assert fragment in str(caught.value)


def test_library_files(workspace: Path) -> None:
    adir = workspace / "adir"
    for given in (adir, str(adir)):
        with pytest.raises(ValueError, match="is a directory, not a"):
            posets.from_json(given)
    with pytest.raises(ValueError, match="does not exist"):
        check_input_file(workspace / "missing.txt", "matrix file")
    table = search_table.TranspositionTable()
    header = {"format": 2, "game": "cr", "misere": 0, "width": 1}
    for name in ("binary.ckpt", "cut.ckpt", "foreign.npz"):
        path = workspace / name
        with pytest.raises(ValueError) as caught:
            table.load(path, header)
        assert str(caught.value) == f"not a grundy checkpoint: {path}"  # no codec or pickle talk


def test_misere_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match="misere"):
        grundy.value("lctr", "3,1", misere="yes")


def test_numpy_integers_and_booleans_are_taken_where_ints_and_flags_are() -> None:
    eight = np.int64(8)
    assert grundy.nim.mul(eight, 8) == grundy.nim.mul(8, 8) == 13
    assert grundy.nim.power(np.uint16(2), np.int32(3)) == grundy.nim.power(2, 3)
    assert grundy.nim.inv(eight) == grundy.nim.inv(8)
    assert grundy.value("cr", np.array([3, 1])) == grundy.value("cr", "3,1")
    assert len(list(partitions(np.int64(5)))) == 7
    assert as_bool(np.True_, "misere") is True
    assert grundy.value("lctr", "3,1", misere=np.False_) == grundy.value("lctr", "3,1")


def test_a_sweep_opens_the_store_it_is_given_by_path(tmp_path: Path) -> None:
    for path in (str(tmp_path / "a.sqlite"), tmp_path / "b.sqlite"):
        rows = sweep("cr", "b^a", store=path, a=[2], b=[1, 2])
        assert [row["value"] for row in rows] == [2, 0]
        assert Store(path).get("cr", get_ruleset("cr").rules_version, False, ["2^2"]) == {"2^2": 0}


# ---------------------------------------------------------------- help, version
def command_paths() -> list[list[str]]:
    """Every command and group of `grundy`, as the words that name it."""
    paths: list[list[str]] = []

    def walk(command: Any, path: list[str]) -> None:
        paths.append(path)
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return paths


@pytest.mark.parametrize("path", command_paths(), ids=lambda p: " ".join(p) or "grundy")
def test_dash_h_is_help_everywhere_and_flags_take_no_value(
    path: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, [*path, "-h"])
    assert (status, err) == (0, "") and "Usage:" in out
    assert "<bool>" not in out  # flags such as --json are shown without a value


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, ["--version"]) == (0, f"grundy {version('grundy')}\n", "")


def test_no_command_prints_the_help_then_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for path, listed in (([], "Games and positions"), (["poset"], "Commands")):
        status, out, err = run(capsys, path)
        assert status == 2 and "Usage:" in out and listed in out
        assert err.count("\n") == 1 and "missing command" in err


def test_heads_has_no_short_option(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["poset", "position", "chain:3", "-h"])
    assert status == 0 and "Usage:" in out and "--heads" in out


def test_help_keeps_the_json_example_brackets(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["poset", "values", "--help"])
    assert status == 0 and "[[a, b]" in out and "[...]" in out


# --------------------------------------------------------------- plain output
def test_piped_tables_are_plain_rows(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["poset", "ruler-asm", "--n", "40"])
    lines = out.splitlines()
    assert status == 0 and lines[0] == "# Ruler on A_40: ḡ(r, s)"
    assert lines[1].split("\t") == ["r \\ s", *map(str, range(39))]
    rows = [line.split("\t") for line in lines[2:]]
    assert len(rows) == 39 and all(len(row) == 40 for row in rows)
    assert "…" not in out and "┃" not in out and "│" not in out
    status, out, _ = run(capsys, ["poset", "ruler-asm", "--n", "12"])
    text = [line.split("\t")[1:] for line in out.splitlines()[2:]]
    status, out, _ = run(capsys, ["poset", "ruler-asm", "--n", "12", "--json"])
    assert text == [
        [str(v) for v in row] + [""] * (10 - r) for r, row in enumerate(json.loads(out)["rows"])
    ]


def test_piped_lines_are_never_wrapped(capsys: pytest.CaptureFixture[str]) -> None:
    position = ",".join(str(k) for k in range(120, 0, -1))
    status, out, _ = run(capsys, ["value", "lctr", position])
    assert status == 0 and out.count("\n") == 1 and position in out
    status, out, _ = run(capsys, ["moves", "lctr", "3,1"])
    assert status == 0
    assert out.splitlines()[1:] == [
        "move\tto\tvalue\twinning",
        "remove the top row\t1\t1\tno",
        "remove the left column\t2\t2\tno",
    ]


def test_exact_big_integers_print(capsys: pytest.CaptureFixture[str]) -> None:
    """Past Python's 4,300-digit limit for printing integers, as text and as JSON."""
    limit = sys.get_int_max_str_digits()
    status, out, err = run(capsys, ["stats", "lctr", "10000^10000", "--json"])
    assert (status, err) == (0, "")
    nodes = re.search(r'"nodes": ([0-9]+)', out)
    assert nodes is not None and len(nodes.group(1)) > 4300
    status, text, err = run(capsys, ["stats", "lctr", "10000^10000"])
    assert (status, err) == (0, "") and f"nodes\t{nodes.group(1)}\n" in text
    assert sys.get_int_max_str_digits() == limit  # the limit is back afterwards


# --------------------------------------------------------- search checkpoints
def test_checkpoint_in_missing_folder_is_refused_before_searching(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the search started")

    monkeypatch.setattr(search_engine.Search, "_drive", no_search)
    target = tmp_path / "missing" / "dir" / "x.ckpt"
    status, out, err = run(capsys, ["search", "cr", "5,4,3", "--checkpoint", str(target)])
    assert status == 2 and out == "" and "does not exist" in err and err.count("\n") == 1


def test_failed_save_still_prints_the_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(search_table.TranspositionTable, "save", disk_full)
    target = tmp_path / "x.ckpt"
    for extra in ([], ["--json"]):
        status, out, err = run(
            capsys, ["search", "cr", "5,4,3", "--checkpoint", str(target), *extra]
        )
        assert status == 2 and not target.exists()
        assert ("value 4" in out) if not extra else json.loads(out)["value"] == 4
        assert err.count("\n") == 1
        assert f"the checkpoint {target} was not saved: [Errno 28] No space left" in err


# ------------------------------------------------------------ pictures, A_1
def test_svg_is_checked_against_its_own_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    staircase = ",".join(str(k) for k in range(150, 0, -1))  # 11,325 boxes: SVG yes, text no
    svg = tmp_path / "h.svg"
    status, out, err = run(capsys, ["table", "lctr", staircase, "--svg", str(svg)])
    assert (status, err) == (0, f"wrote {svg}\n") and svg.exists()
    assert "not printed here: diagram too large to draw as text" in out
    status, _, err = run(capsys, ["table", "lctr", staircase])
    assert status == 2 and "too large to draw as text" in err


def test_asm_1_is_the_empty_poset_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    """A_n = {(x, y, z) ≥ 0 : x + y + z ≤ n − 2} (004 (1.1)): A_1 is empty, not an error."""
    assert len(posets.asm(1)) == 0
    status, out, _ = run(capsys, ["poset", "values", "asm:1", "--json"])
    assert status == 0 and json.loads(out)["elements"] == 0
    status, out, _ = run(capsys, ["poset", "ruler-asm", "--n", "1", "--json"])
    assert status == 0 and json.loads(out)["rows"] == []
    for args in (["poset", "values", "asm:1"], ["poset", "ruler-asm", "--n", "1"]):
        status, out, _ = run(capsys, args)
        assert status == 0 and "empty poset" in out


def test_coin_turning_takes_a_spec_string() -> None:
    assert coin_turning.values("chain:3", "ruler") == coin_turning.values(posets.chain(3))
    assert coin_turning.position_value("divisors:12", [4, 6]) == 1 ^ 3
    assert len(coin_turning.moves("chain:3", [3], "turtles")) == 3
