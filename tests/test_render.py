"""Young-diagram pictures (text, rich, SVG) and the `grundy table` command.

Every number drawn is checked against a table computed here with the reference
`Solver(rules, fast=False)` (000 §3.3: box (i+1, j+1) holds the value of λ[i, j]).
`grundy.render` draws plain data; `grundy.analysis.tables` computes and draws.
Atomic writes are tested in test_atomic.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy import Ruleset, Solver, get_ruleset, register
from grundy.analysis.tables import (
    box_values,
    outside_value,
    write_young_svg,
    young_svg,
    young_text,
)
from grundy.cli import main
from grundy.jupyter import register_svg
from grundy.partition import Partition, partitions_up_to
from grundy.posets import Poset
from grundy.render.svg import plain_text
from grundy.render.young import (
    MAX_SVG_BOXES,
    MAX_TEXT_BOXES,
    MAX_TEXT_COLUMNS,
    MAX_TEXT_ROWS,
    check_drawable,
    outside_cells,
    table_rich,
    table_svg,
    table_text,
)

FIG5 = Partition.parse("8,7,6,5^2,2,1")  # 000 Figures 4 and 5
GAMES = [
    ("lctr", False),
    ("lctr", True),
    ("downright", False),
    ("downright", True),
    ("cr", False),
    ("cr", True),
]
SVG = "{http://www.w3.org/2000/svg}"


def solver_table(game: str, lam: Partition, misere: bool = False) -> list[list[int]]:
    """The reference table: exhaustive search (no closed form, no kernel) on every λ[i, j]."""
    solver = Solver(get_ruleset(game), fast=False)
    return [
        [solver.value(lam.sub(i, j), misere) for j in range(lam.part(i + 1))]
        for i in range(lam.length)
    ]


def small_partitions(n: int, game: str) -> list[Partition]:
    return [p for p in partitions_up_to(n) if p or game != "downright"]


def grid_rows(text: str) -> list[list[int]]:
    """Read the numbers back from a text picture drawn without outside values."""
    rows = []
    for line in text.splitlines():
        if line.startswith("│"):
            rows.append([int(x) for x in re.findall(r"-?\d+", line)])
    return rows


def _register_no_table_game() -> str:
    """A registered game without a value table (Nim on one heap)."""

    class HeapNim(Ruleset):
        name = "test-render-heap"

        def parse(self, spec: object) -> int:
            return int(str(spec))

        def options(self, position: int) -> Iterator[tuple[int, int]]:
            for k in range(position):
                yield k, k

    try:
        return get_ruleset(HeapNim.name).name
    except ValueError:
        return register(HeapNim()).name


_NO_TABLE = _register_no_table_game()


# ------------------------------------------------------------- text pictures
def test_text_exact_small_case() -> None:
    table = solver_table("lctr", Partition.parse("3,1"))
    assert table == [[0, 2, 1], [1]]  # [3,1] -> {[1], [2]}; [2] -> {[], [1]}; [1] -> {[]}
    picture = [
        "┌───┬───┬───┐",
        "│ 0 │ 2 │ 1 │ 0",
        "├───┼───┴───┘",
        "│ 1 │ 0   0",
        "└───┘",
        "  0",
    ]
    assert table_text(table, outside=0) == "\n".join(picture) + "\n"
    assert table_text(table) == "┌───┬───┬───┐\n│ 0 │ 2 │ 1 │\n├───┼───┴───┘\n│ 1 │\n└───┘\n"


@pytest.mark.parametrize(("game", "misere"), GAMES)
def test_text_numbers_match_solver(game: str, misere: bool) -> None:
    for lam in [*small_partitions(7, game), FIG5]:
        table = solver_table(game, lam, misere)
        text = table_text(table)
        assert grid_rows(text) == table
        assert all(line == line.rstrip() for line in text.splitlines())


def test_text_outside_values_and_alignment() -> None:
    table = [[10, 0, 3], [7]]
    text = table_text(table, outside=5, title="t")
    lines = text.splitlines()
    assert lines[0] == "t"
    assert lines[2] == "│ 10 │  0 │  3 │  5"  # right-aligned to the widest value
    # one outside value per cell of the rim
    outside = sum(len(re.findall(r"\b5\b", line)) for line in lines)
    assert outside == len(outside_cells([3, 1])) == 4
    # every box of FIG5 plus every rim cell shows a number
    table = solver_table("lctr", FIG5)
    numbers = re.findall(r"\d+", table_text(table, outside=0))
    assert len(numbers) == FIG5.size + len(outside_cells([8, 7, 6, 5, 5, 2, 1]))


def test_outside_cells() -> None:
    assert outside_cells([]) == [(0, 0)]
    assert outside_cells([1]) == [(0, 1), (1, 0)]
    assert outside_cells([3, 1]) == [(0, 3), (1, 1), (1, 2), (2, 0)]
    # each rim cell is empty, with its upper or left neighbour in the diagram
    for lam in partitions_up_to(8):
        shape = lam.to_list()
        cells = set(outside_cells(shape))
        expected = {
            (i, j)
            for i in range(len(shape) + 1)
            for j in range(lam.largest + 1)
            if not lam.contains_box(i, j)
            and (lam.contains_box(i - 1, j) or lam.contains_box(i, j - 1) or (i, j) == (0, 0))
        }
        assert cells == expected
        assert all(lam.sub(i, j).is_empty for i, j in cells)


def test_rich_highlights_zeros() -> None:
    table = solver_table("downright", FIG5)
    rich = table_rich(table, title="x")
    assert rich.plain == "x\n" + table_text(table)
    zero_spans = [s for s in rich.spans if "green" in str(s.style)]
    assert len(zero_spans) == sum(row.count(0) for row in table)
    assert all(rich.plain[s.start : s.end].strip() == "0" for s in zero_spans)


def test_empty_diagram() -> None:
    assert table_text([]) == "(empty diagram)\n"
    assert table_text([], outside=1) == "  1\n"


def test_table_validation() -> None:
    with pytest.raises(ValueError, match="weakly decrease"):
        table_text([[1], [0, 1]])
    with pytest.raises(ValueError, match="empty"):
        table_text([[1], []])
    with pytest.raises(TypeError, match="integers"):
        table_text([[1, "x"]])
    with pytest.raises(TypeError, match="sequence"):
        table_svg("12")


# ------------------------------------------------------------------ size limits
def test_size_refusal() -> None:
    for shape in ([MAX_TEXT_COLUMNS + 1], [1] * (MAX_TEXT_ROWS + 1), [100] * 101):
        with pytest.raises(ValueError, match="too large to draw as text"):
            check_drawable(shape, "text")
        with pytest.raises(ValueError, match="too large"):
            table_text([[0] * n for n in shape])
    check_drawable([MAX_TEXT_COLUMNS] * (MAX_TEXT_BOXES // MAX_TEXT_COLUMNS), "text")
    with pytest.raises(ValueError, match="too large to draw as svg"):
        check_drawable([150] * (MAX_SVG_BOXES // 150 + 1), "svg")
    huge = Partition.parse("1000000000000^7,999999999999^3,5^100000000000")
    with pytest.raises(ValueError, match="100000000010 rows"):
        check_drawable(huge, "svg")
    with pytest.raises(ValueError, match="too large"):
        young_text("lctr", huge)  # refused before any value is computed
    with pytest.raises(ValueError, match="kind"):
        check_drawable([1], "png")


# ------------------------------------------------------------------------- SVG
@pytest.mark.parametrize(("game", "misere"), GAMES)
def test_svg_boxes_and_values(game: str, misere: bool) -> None:
    for lam in [Partition.parse("3,1"), Partition.parse("4,4,2,1"), FIG5]:
        table = solver_table(game, lam, misere)
        rim = 1 if misere else 0
        root = ET.fromstring(table_svg(table, outside=rim, title=f"{game} <{lam}> & co"))
        assert root.tag == SVG + "svg"
        rects = [e for e in root.iter(SVG + "rect") if "box" in e.get("class", "").split()]
        texts = [e for e in root.iter(SVG + "text") if e.get("class") == "value"]
        shaded = [e for e in rects if "p" in e.get("class", "").split()]
        outside = [e for e in root.iter(SVG + "text") if e.get("class") == "outside"]
        flat = [v for row in table for v in row]
        assert len(rects) == len(texts) == lam.size
        assert [int(e.text) for e in texts] == flat
        assert len(shaded) == flat.count(0)
        assert len(outside) == len(outside_cells(lam.to_list()))
        assert all(int(e.text) == rim for e in outside)
        assert root.find(SVG + "title").text == plain_text(f"{game} <{lam}> & co")
        # value i, j sits in the box i, j
        for rect, text in zip(rects, texts, strict=True):
            x, y, side = float(rect.get("x")), float(rect.get("y")), float(rect.get("width"))
            assert x < float(text.get("x")) < x + side
            assert y < float(text.get("y")) < y + side


def test_young_svg_file(tmp_path: Path) -> None:
    path = write_young_svg(tmp_path / "fig5.svg", "downright", FIG5)
    root = ET.parse(path).getroot()
    texts = [e for e in root.iter(SVG + "text") if e.get("class") == "value"]
    flat = [v for row in solver_table("downright", FIG5) for v in row]
    assert [int(e.text) for e in texts] == flat
    assert not [e for e in root.iter(SVG + "text") if e.get("class") == "outside"]
    assert list(tmp_path.iterdir()) == [path]
    with pytest.raises(ValueError, match="too large to draw as svg"):
        young_svg("lctr", "400")


# --------------------------------------------------------- game-level functions
@pytest.mark.parametrize(("game", "misere"), GAMES)
def test_box_values_match_solver(game: str, misere: bool) -> None:
    for lam in [*small_partitions(6, game), FIG5]:
        assert box_values(game, lam, misere) == solver_table(game, lam, misere)


def test_young_text_titles_and_outside() -> None:
    text = young_text("lctr", FIG5)
    assert text.splitlines()[0] == "lctr 8,7,6,5^2,2,1 (normal play): value 0"
    assert outside_value("lctr") == 0 and outside_value("lctr", misere=True) == 1
    assert young_text("lctr", FIG5, outside=False) == young_text(
        "lctr", FIG5, outside=False
    ).splitlines()[0] + "\n" + table_text(solver_table("lctr", FIG5))
    with pytest.raises(ValueError, match="never played on the empty partition"):
        young_text("downright", FIG5, outside=True)
    with pytest.raises(ValueError, match="no per-box table"):
        young_text(_NO_TABLE, "3,1")


# ------------------------------------------------------------------------- CLI
def test_cli_table_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "downright", "8,7,6,5^2,2,1"]) == 0
    out = capsys.readouterr().out
    assert grid_rows(out) == solver_table("downright", FIG5)
    assert "value 0" in out


def test_cli_table_json(capsys: pytest.CaptureFixture[str]) -> None:
    for game, misere in GAMES:
        args = ["table", game, "5,3,3,1", "--json"] + (["--misere"] if misere else [])
        assert main(args) == 0
        data = json.loads(capsys.readouterr().out)
        table = solver_table(game, Partition.parse("5,3,3,1"), misere)
        assert data["game"] == game and data["misere"] is misere
        assert data["position"] == "5,3^2,1"
        assert data["table"] == table and data["value"] == table[0][0]
        assert data["outside"] == ((1 if misere else 0) if game == "lctr" else None)
    assert main(["table", "lctr", "3,1", "--json", "--no-outside"]) == 0
    assert json.loads(capsys.readouterr().out)["outside"] is None
    assert main(["table", "cr", "3,1", "--json", "--outside", "--misere"]) == 0
    assert json.loads(capsys.readouterr().out)["outside"] == 1


def test_cli_table_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.svg"
    assert main(["table", "lctr", "4,2", "--svg", str(path), "--misere", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["svg"] == str(path)
    root = ET.parse(path).getroot()
    assert len([e for e in root.iter(SVG + "text") if e.get("class") == "value"]) == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["table", _NO_TABLE, "3"], "has no per-box table"),
        (["table", "no-such-game", "3,1"], "unknown game"),
        (["table", "lctr", "3,x"], "bad partition token"),
        (["table", "downright", ""], "non-empty"),
        (["table", "lctr", "201"], "too large to draw as text"),
        (["table", "lctr", "1000000000000^7,999999999999^3,5^100000000000"], "too large"),
        (["table", "lctr", "301", "--json", "--svg", "/nonexistent/x.svg"], "as svg"),
        (["table", "lctr", "3,1", "--svg", "/nonexistent-dir/x.svg"], "does not exist"),
        (["table", "downright", "3,1", "--outside"], "empty partition"),
    ],
)
def test_cli_table_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.startswith("grundy: error: ") and captured.err.count("\n") == 1


def test_latex_outputs(tmp_path, capsys) -> None:
    from grundy.cli import main
    from grundy.render.latex import booktabs, escape, young_latex

    assert escape("a_b & 50% {x}") == r"a\_b \& 50\% \{x\}"
    text = young_latex([[1, 0, 2], [0]], caption="lctr 3,1")
    assert text.count("*(green!25) 0") == 2 and "% lctr 3,1" in text
    with pytest.raises(ValueError, match="at least one box"):
        young_latex([[1], []])
    table = booktabs([{"n": 3, "position": "2^2,1 + 3", "value": 1}])
    assert "$2^{2},1 + 3$" in table and table.count(r"\\") == 2
    with pytest.raises(ValueError, match="no rows"):
        booktabs([])
    out = tmp_path / "t.tex"
    assert main(["table", "lctr", "4,2,1", "--latex", str(out)]) == 0
    assert out.read_text().startswith("% \\usepackage{ytableau}")
    capsys.readouterr()


def test_jupyter_pictures() -> None:
    from grundy import posets
    from grundy.games.matrix.matrix import parse_matrix

    svg = Partition([3, 1])._repr_svg_()
    assert svg is not None and svg.count('<rect class="cell') == 4
    assert Partition([10**6])._repr_svg_() is None  # too large: Jupyter shows the text
    grid = parse_matrix("101;010")._repr_svg_()
    assert grid is not None and grid.count('class="cell on"') == 3
    assert grid.count('<rect class="cell') == 6
    hasse = posets.divisors(12)._repr_svg_()
    assert hasse is not None and hasse.startswith("<svg") and hasse.count("<circle") == 6


def test_jupyter_pictures_load_the_render_layer_only_when_shown() -> None:
    """Partitions and posets import no picture code; the package registers the drawers."""
    code = (
        "import sys\n"
        "from grundy.partition import Partition\n"
        "from grundy.posets import divisors\n"
        "poset = divisors(6)\n"
        "before = sorted(m for m in sys.modules if m.startswith('grundy.render'))\n"
        "print(before, Partition([2, 1])._repr_svg_().count('<rect class=\"cell'),"
        " poset._repr_svg_().count('<circle'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["[]", "3", "4"]
    with pytest.raises(ValueError, match="module:function"):
        register_svg("grundy.partition.Partition", "grundy.render.young.partition_svg")


def test_render_imports_only_the_bottom_layer(grundy_imports: dict[str, set[str]]) -> None:
    """`grundy.render` draws plain data: of grundy it imports the bottom layer alone
    (docs/architecture.md), wherever the import is written."""
    bottom = {"grundy.partition", "grundy.posets", "grundy.atomic", "grundy.validate"}
    for module, imported in grundy_imports.items():
        if module.startswith("grundy.render"):
            above = {m for m in imported if not m.startswith("grundy.render")} - bottom
            assert not above, f"{module} imports {sorted(above)}"
    for module in ("grundy.partition", "grundy.posets.poset"):
        assert not [m for m in grundy_imports[module] if m.startswith("grundy.render")], module


# Hasse diagrams (render/hasse.py); test_coin_turning.py checks values and files.

PI5_CROSSINGS_BEFORE = 1136  # the old layout: a few barycentre sweeps, 2495x390 px with title
PI5_CROSSINGS = 1053  # median sweeps and sifting from 8 starts (Graphviz dot 2.43 finds 1052)


def _naive_crossings(poset: Poset, rows: list[list[int]]) -> int:
    """Crossing pairs of covers between consecutive rows, pair by pair (graded posets)."""
    place = {i: k for row in rows for k, i in enumerate(row)}
    level = {i: lv for lv, row in enumerate(rows) for i in row}
    lines: dict[int, list[tuple[int, int]]] = {}
    for a, b in poset.covers():
        i, j = poset.index(a), poset.index(b)
        assert level[j] == level[i] + 1
        lines.setdefault(level[i], []).append((place[i], place[j]))
    return sum(
        (x1 - x2) * (y1 - y2) < 0
        for pairs in lines.values()
        for k, (x1, y1) in enumerate(pairs)
        for x2, y2 in pairs[k + 1 :]
    )


def test_hasse_crossings_pi5() -> None:
    from grundy import posets
    from grundy.render.hasse import hasse_crossings, hasse_layout

    pi5 = posets.set_partitions(5)
    rows = hasse_layout(pi5)
    assert [len(r) for r in rows] == [1, 10, 25, 15, 1]
    assert hasse_crossings(pi5) == PI5_CROSSINGS < PI5_CROSSINGS_BEFORE
    assert _naive_crossings(pi5, rows) == PI5_CROSSINGS
    assert hasse_layout(pi5) == rows  # the shuffles are seeded: the same picture every time


def test_hasse_crossings_counts() -> None:
    from grundy import posets
    from grundy.render.hasse import hasse_crossings

    for m, n in [(2, 2), (3, 3), (2, 4)]:  # K_{m,n} crosses C(m,2) C(n,2) times in any order
        pairs = [(f"a{i}", f"b{j}") for i in range(m) for j in range(n)]
        assert hasse_crossings(posets.from_covers(pairs)) == (m * (m - 1) // 2) * (n * (n - 1) // 2)
    assert hasse_crossings(posets.chain(5)) == 0
    assert hasse_crossings(posets.divisors(720)) == 16  # was 24
    assert hasse_crossings(posets.product(posets.chain(3), posets.chain(4), posets.chain(2))) == 12


@pytest.mark.parametrize(
    "spec", ["set-partitions:5", "chain:2xchain:2xchain:2xchain:2xchain:2", "asm:5", "young:4,2,1"]
)
def test_hasse_layout_permutes_each_level(spec: str) -> None:
    from grundy.posets import parse_spec
    from grundy.render.hasse import hasse_layout

    poset = parse_spec(spec)
    levels = poset.levels()
    rows = hasse_layout(poset)
    assert len(rows) == max(levels) + 1
    for level, row in enumerate(rows):
        assert sorted(row) == [i for i in range(len(poset)) if levels[i] == level]


def test_hasse_outputs_parse_and_share_the_layout() -> None:
    from grundy import posets
    from grundy.games.coin_turning import coin_turning
    from grundy.render.hasse import hasse_layout, hasse_svg, hasse_tikz

    pi5 = posets.set_partitions(5)
    values = coin_turning.values(pi5, "ruler")
    root = ET.fromstring(hasse_svg(pi5, values, title="ruler on Π_5"))
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    assert width / height <= 2.0  # was a 2495x390 strip
    circles = root.findall(f"{SVG}circle")
    assert len(circles) == len(pi5) and len(root.findall(f".//{SVG}line")) == len(pi5.covers())
    tikz = hasse_tikz(pi5, values)
    nodes = re.findall(r"\\node \(n(\d+)\) at \((-?[\d.]+), (-?[\d.]+)\)", tikz)
    assert sorted(int(i) for i, _, _ in nodes) == list(range(len(pi5)))
    assert tikz.count(r"\draw") == len(pi5.covers())
    # the same order in both pictures: left to right along every level
    svg_x = [float(c.get("cx", 0)) for c in circles]
    tikz_x = {int(i): float(x) for i, x, _ in nodes}
    for row in hasse_layout(pi5):
        assert sorted(row, key=svg_x.__getitem__) == row == sorted(row, key=tikz_x.__getitem__)


def test_hasse_long_covers_bend() -> None:
    from grundy import posets
    from grundy.render.hasse import hasse_crossings, hasse_layout, hasse_svg, hasse_tikz

    pentagon = posets.from_covers([("0", "a"), ("a", "b"), ("b", "1"), ("0", "c"), ("c", "1")])
    assert [len(r) for r in hasse_layout(pentagon)] == [1, 2, 1, 1]
    root = ET.fromstring(hasse_svg(pentagon))
    assert len(root.findall(f".//{SVG}line")) == 4 and len(root.findall(f".//{SVG}polyline")) == 1
    tikz = hasse_tikz(pentagon)
    assert tikz.count(r"\node") == 5 and tikz.count(r"\draw") == 5
    assert re.search(r"\\draw \(n\d\) -- \([\d.-]+, [\d.]+\) -- \(n\d\);", tikz)  # c -- bend -- 1
    assert hasse_crossings(pentagon) == 0


def test_hasse_tikz() -> None:
    from grundy import posets
    from grundy.render.hasse import hasse_tikz

    d12 = posets.divisors(12)
    tikz = hasse_tikz(d12)
    assert tikz.count(r"\node") == 6 and tikz.count(r"\draw") == len(d12.covers())
    assert "{12}" in tikz  # names without values
    assert "{3}" in hasse_tikz(d12, {x: 3 for x in d12})


def test_hasse_too_large(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from grundy import posets
    from grundy.render.hasse import hasse_crossings, hasse_layout, hasse_svg, hasse_tikz

    pi8 = posets.set_partitions(8)  # 4140 elements
    for draw in (hasse_svg, hasse_tikz, hasse_layout, hasse_crossings):
        with pytest.raises(ValueError, match=r"^Π_8 has 4140 elements; .* at most 2000 "):
            draw(pi8)
    svg = tmp_path / "p.svg"
    assert main(["poset", "picture", "set-partitions:8", "--svg", str(svg)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "at most 2000" in captured.err
    assert not svg.exists()
