"""Bounds before work (issue 16): requests past the machine refused at once, predicates
with bounded arithmetic, printing linear in the output, JSON of any depth read safely."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from grundy.cli import main
from grundy.cli.common import ShortTextHighlighter
from grundy.validate import MAX_JSON_DEPTH, read_json


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one line a refused command prints (exit status 2)."""
    status, out, err = run(capsys, argv)
    assert status == 2, (argv, out, err)
    assert err.startswith("grundy: error: ") and err.count("\n") == 1, err
    return err


# ------------------------------------------------------------------ printing
def test_long_text_is_printed_uncoloured_and_short_text_coloured() -> None:
    """rich's colouring is quadratic in a line's length; long lines skip it."""
    highlighter = ShortTextHighlighter()
    long, short = Text("1" * (highlighter.LONGEST + 1)), Text("value 12 at (3, 4)")
    highlighter.highlight(long)
    highlighter.highlight(short)
    assert long.spans == [] and short.spans


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["value", "lctr", "1" + "0" * 9_999], "1" + "0" * 9_999 + " (normal play): value"),
        (["value", "matrix", "1" * 20_000], "1" * 20_000 + " (normal play): value"),
    ],
    ids=["10,000-digit part", "row of 20,000 ones"],
)
def test_long_positions_print_whole(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    status, out, err = run(capsys, argv)
    assert status == 0, err
    assert expected in out and out.count("\n") == 1


# ---------------------------------------------------------------------- JSON
def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("levels", [MAX_JSON_DEPTH + 1, 900, 100_000])
def test_deep_json_poset_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, levels: int
) -> None:
    """A file deeper than Python's reader recurses (100,000 levels), and valid poset files
    whose label nests deeper than the bound (a walk of the label would recurse)."""
    path = tmp_path / "deep.json"
    if levels > 1_000:
        path.write_text(deep(levels))
    else:  # an object, its list of covers, a pair, then the label
        path.write_text(f'{{"covers": [[1, {deep(levels - 2)}]]}}')
    err = refused(capsys, ["poset", "values", str(path)])
    assert f"{path}: not valid JSON: nested more than {MAX_JSON_DEPTH} levels deep" in err


def test_json_as_deep_as_allowed_reads(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text(deep(MAX_JSON_DEPTH))
    value = read_json(path)
    for _ in range(MAX_JSON_DEPTH - 1):
        (value,) = value
    assert value == []


def test_deep_checkpoint_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    path.write_text(deep(100_000))
    before = path.read_bytes()
    err = refused(capsys, ["poset", "ruler-set-partitions", "--n", "3", "--checkpoint", str(path)])
    assert "cannot read checkpoint" in err and "nested more than" in err
    assert path.read_bytes() == before
