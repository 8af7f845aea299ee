"""A request names positions, never files (issue 24, finding 1).

The games' parsers read text only: a string naming a file is read as a position like
any other text, so a readable file, a missing path and a directory get the same refusal,
which holds none of the file's lines and says nothing of files.  The web page passes a
request's position to those parsers.  Files are read by the command line only, when
asked for as ``@FILE`` (the one position reader, `grundy.cli.reading.read_position`, for
every game; the poset commands take ``@FILE`` too).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import grundy
from grundy.cli import main
from grundy.cli.reading import MAX_ARGUMENT_FILE
from grundy.web.app import create_app

POSET = {"elements": ["secret_a", "secret_b", "top"], "covers": [["secret_a", "top"]]}

# (game, the position naming the file PATH, the file's content: read as valid before)
ROWS: list[tuple[str, str, str]] = [
    ("matrix", "{}", "101\n011\n110\n"),
    ("matrix", "{}", "# the board\n1 0 1\n\n0 1 1\n"),
    ("coin-turning", "{} ruler top", json.dumps(POSET)),
    ("coin-turning", "{} ruler top", json.dumps(POSET, indent=1)),
]
IDS = ["matrix rows", "matrix file with a comment", "coin-turning poset", "poset on lines"]


def places(folder: Path, content: str) -> dict[str, Path]:
    """A readable file holding `content`, a path naming nothing, and a directory."""
    readable = folder / "secret.txt"
    readable.write_text(content)
    return {"file": readable, "missing": folder / "nothing.txt", "directory": folder}


def lines_of(content: str) -> list[str]:
    """The file's lines that say something (not a lone bracket of JSON)."""
    return [line.strip() for line in content.splitlines() if any(c.isalnum() for c in line)]


def refusals(said: dict[str, str], content: str) -> str:
    """The one refusal all three places got (their path replaced by PATH), checked to hold
    none of the file's lines and no word about files."""
    assert said["file"] == said["missing"] == said["directory"], said
    text = said["file"]
    for line in lines_of(content):
        assert line not in text, (line, text)
    for word in ("file", "exist", "director", "secret"):
        assert word not in text.lower(), (word, text)
    return text


@pytest.mark.parametrize(("game", "template", "content"), ROWS, ids=IDS)
def test_the_library_reads_a_path_as_text(
    tmp_path: Path, game: str, template: str, content: str
) -> None:
    said = {}
    for kind, path in places(tmp_path, content).items():
        with pytest.raises(ValueError) as caught:
            grundy.value(game, template.format(path))
        said[kind] = str(caught.value).replace(str(path), "PATH")
    refusals(said, content)


def test_a_path_object_is_not_a_matrix(tmp_path: Path) -> None:
    board = places(tmp_path, "101\n011\n")["file"]
    with pytest.raises(TypeError, match="cannot read a 0/1 matrix from PosixPath"):
        grundy.value("matrix", board)


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


@pytest.mark.parametrize(("game", "template", "content"), ROWS, ids=IDS)
def test_the_page_reads_a_path_as_text(
    client: Any, tmp_path: Path, game: str, template: str, content: str
) -> None:
    said = {}
    for kind, path in places(tmp_path, content).items():
        answer = client.post("/api/start", json={"game": game, "position": template.format(path)})
        assert answer.status_code == 400, (kind, answer.get_json())
        said[kind] = answer.get_data(as_text=True).replace(str(path), "PATH")
    refusals(said, content)
    assert json.loads(said["file"])["error"]


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """The files the command-line rows read, in a folder of their own."""
    (tmp_path / "board.txt").write_text("# the board of 003 Figure 1\n101\n\n011\n110\n")
    (tmp_path / "partition.txt").write_text("3,1\n")
    (tmp_path / "bad.txt").write_text("101\n\n1a1\n")
    (tmp_path / "big.txt").write_text("1" * (MAX_ARGUMENT_FILE + 1))
    (tmp_path / "poset.json").write_text(json.dumps(POSET))
    (tmp_path / "adir").mkdir()
    return tmp_path


# (argv, exit status, what stdout holds (status 0) or the one stderr line (status 2));
# {tmp} is the folder of `files`.
CLI_ROWS: list[tuple[list[str], int, str]] = [
    (["value", "matrix", "@{tmp}/board.txt", "--json"], 0, '"position": "101;011;110"'),
    (["moves", "matrix", "@{tmp}/board.txt", "--json"], 0, '"description": "remove row 1"'),
    (["value", "lctr", "@{tmp}/partition.txt", "--json"], 0, '"position": "3,1"'),
    (["stats", "lctr", "@{tmp}/partition.txt", "--json"], 0, '"nodes": 9'),
    (["poset", "values", "@{tmp}/poset.json", "--json"], 0, '"top": 2'),
    (["value", "matrix", "{tmp}/board.txt"], 2, "names a file: to read from it, write @{tmp}/"),
    (["value", "lctr", "{tmp}/partition.txt"], 2, "write @{tmp}/partition.txt"),
    (["poset", "values", "{tmp}/poset.json"], 2, "write @{tmp}/poset.json"),
    (["value", "matrix", "@{tmp}/missing.txt"], 2, "position file {tmp}/missing.txt does not"),
    (["value", "matrix", "@{tmp}/adir"], 2, "{tmp}/adir is a directory, not a position file"),
    (["value", "matrix", "@/dev/null"], 2, "/dev/null is not a regular file, so not a position"),
    (["value", "matrix", "@{tmp}/big.txt"], 2, "{tmp}/big.txt is larger than 1 MiB"),
    (["value", "matrix", "@"], 2, "'@' names no position file: write @FILE"),
    (["value", "matrix", "@{tmp}/bad.txt"], 2, "{tmp}/bad.txt: row 2 (line 3): symbol 'a'"),
    (["poset", "values", "@{tmp}/missing.json"], 2, "poset file {tmp}/missing.json does not"),
]


@pytest.mark.parametrize(
    ("argv", "status", "fragment"), CLI_ROWS, ids=[" ".join(row[0]) for row in CLI_ROWS]
)
def test_the_command_line_reads_files_only_as_at_file(
    capsys: pytest.CaptureFixture[str], files: Path, argv: list[str], status: int, fragment: str
) -> None:
    assert main([a.replace("{tmp}", str(files)) for a in argv]) == status
    out, err = capsys.readouterr()
    fragment = fragment.replace("{tmp}", str(files))
    if status == 0:
        assert fragment in out and not err, (out, err)
    else:
        assert err.startswith("grundy: error: ") and err.count("\n") == 1, err
        assert fragment in err, err
