"""The command line says the same thing the same way (issue 19, "small inconsistencies"):
one "wrote FILE" line for every file written, plain tables without trailing tabs, the
store's sizes as counted, a false conjecture's exit status, the names a predicate may use
in its help, and a family parameter without a range named as such."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grundy.cli import main


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_every_written_file_gets_one_wrote_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On stderr, so that a piped table stays whole; nothing there with --json."""
    files = {name: str(tmp_path / name) for name in ("t.svg", "t.tex", "h.svg", "h.tex", "s.csv")}
    commands = [
        (["table", "lctr", "3,2,1", "--svg", files["t.svg"]], ["t.svg"]),
        (["table", "lctr", "3,2,1", "--latex", files["t.tex"]], ["t.tex"]),
        (
            ["poset", "picture", "chain:3", "--svg", files["h.svg"], "--tikz", files["h.tex"]],
            ["h.svg (3 elements)", "h.tex (3 elements)"],
        ),
        (["sweep", "lctr", "a,1", "--a", "1..3", "--csv", files["s.csv"]], ["s.csv"]),
    ]
    for argv, said in commands:
        status, out, err = run(capsys, argv)
        assert status == 0, err
        assert err == "".join(f"wrote {tmp_path / line}\n" for line in said), argv
        assert "wrote" not in out and "written" not in out
        assert run(capsys, [*argv, "--json"])[::2] == (0, "")
    status, out, err = run(capsys, ["store", "export", str(tmp_path / "all.csv")])
    assert (status, out, err) == (0, "", f"wrote {tmp_path / 'all.csv'} (3 values)\n")


def test_moves_piped_has_no_trailing_tab(capsys: pytest.CaptureFixture[str]) -> None:
    """Every row has its four cells, the last one "yes" or "no" (a TSV a program can read)."""
    status, out, _ = run(capsys, ["moves", "lctr", "3,2,1"])
    lines = out.splitlines()
    assert status == 0 and lines[1] == "move\tto\tvalue\twinning"
    assert [line.split("\t")[-1] for line in lines[2:]] == ["yes", "yes"]
    status, out, _ = run(capsys, ["moves", "lctr", "3,1"])
    assert {line.split("\t")[-1] for line in out.splitlines()[2:]} == {"no"}
    assert not any(line.endswith(("\t", " ")) for line in out.splitlines())


def test_store_list_names_the_sizes_counted(capsys: pytest.CaptureFixture[str]) -> None:
    """A count of n = 1..30 counts n = 0 too (the empty diagram): the list says 0..30."""
    assert run(capsys, ["count", "lctr", "--n", "1..30"])[0] == 0
    status, out, _ = run(capsys, ["store", "list"])
    assert status == 0 and out.splitlines()[-1].split("\t")[-1] == "0..30"
    status, out, _ = run(capsys, ["store", "list", "--json"])
    (entry,) = json.loads(out)["games"]
    assert (entry["counted_sizes"], entry["sizes"]) == (31, "0..30")


def test_a_name_without_a_range_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, ["sweep", "lctr", "a^m", "--a", "1..3"])
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("grundy: error: the family at a=1: no range for m (give m a range")
    status, out, _ = run(capsys, ["sweep", "lctr-nonrep", "5,a,1 | LT", "--a", "1..2"])
    assert status == 0 and "5,2,1 | LT" in out  # letters the game reads are not parameters


def test_the_library_names_moves_as_the_command_line_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import grundy

    options = grundy.options("lctr", "3,2,1")
    assert [o.description for o in options] == ["remove the top row", "remove the left column"]
    assert [o.move for o in options] == ["T", "L"]  # what Ruleset.apply takes, as before
    status, out, _ = run(capsys, ["moves", "lctr", "3,2,1", "--json"])
    assert status == 0
    assert [row["description"] for row in json.loads(out)["options"]] == [
        o.description for o in options
    ]


def test_dir_shows_the_lazy_attributes() -> None:
    import grundy

    assert {"count", "stats", "posets", "coin_turning"} <= set(dir(grundy))
    assert set(grundy.__all__) <= set(dir(grundy))


def test_help_says_what_a_cited_paper_is(capsys: pytest.CaptureFixture[str]) -> None:
    """ "000 §2.3" in a help text comes with the paper it is (grundy.reproduce.rows.PAPERS)."""
    lctr = "000 = Gottlieb, Krnc, Muršič: Sprague–Grundy values and complexity for LCTR"
    for argv, papers in (
        (["table"], [lctr]),  # its --misere option cites 000 §2.3
        (["stats"], [lctr]),
        (["poset", "picture"], ["004 = Ishikawa, Ohmoto, Tagawa, Takayama"]),
    ):
        status, out, _ = run(capsys, [*argv, "--help"])
        text = " ".join(out.split())
        assert status == 0 and all(f"Papers: {paper}" in text for paper in papers), argv
    status, out, _ = run(capsys, ["games", "--help"])
    assert status == 0 and "Papers:" not in out  # it cites none


def test_a_table_too_wide_for_the_terminal_is_transposed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a terminal 40 columns wide a count by value is printed with its values down and
    its sizes across, in parts that fit: no cell becomes "…"."""
    from grundy.analysis.counts import count_table
    from grundy.cli.printing import console

    monkeypatch.setattr(console, "piped", lambda: False)
    monkeypatch.setattr(console, "width", 40)
    status, out, _ = run(capsys, ["count", "lctr", "--n", "1..12", "--no-store"])
    lines = out.splitlines()
    assert status == 0 and "…" not in out and max(map(len, lines)) <= 40
    table = count_table("lctr", 12)
    for v in sorted({v for n in range(1, 13) for v in table[n]}):
        parts = [line.split("│")[2:-1] for line in lines if f" value {v} " in line]
        cells = [int(cell) for part in parts for cell in part]  # sizes 1..12, part by part
        assert len(parts) > 1 and cells == [table[n].get(v, 0) for n in range(1, 13)]
