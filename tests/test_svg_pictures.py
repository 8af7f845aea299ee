"""Every SVG picture grundy writes is fit for a paper: it scales (a ``viewBox`` the size
of its width and height), a matrix shows its 0/1 entries, a title has its exponents
raised, and a title can be left out (``--no-title``), its room with it.

The pictures' numbers are checked in test_render.py; here, their frame and titles.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from grundy import posets
from grundy.analysis.tables import box_values, young_svg
from grundy.cli import main
from grundy.games.matrix.matrix import BoolMatrix, parse_matrix
from grundy.partition import Partition
from grundy.render.hasse import hasse_svg
from grundy.render.svg import plain_text, text_width
from grundy.render.young import MAX_SVG_ROWS, cells_svg, partition_svg, table_svg

SVG = "{http://www.w3.org/2000/svg}"
SRC = Path(__file__).resolve().parents[1] / "src" / "grundy"
FIG5 = "8,7,6,5^2,2,1"  # 000 Figures 4 and 5


def _cli_file(tmp_path: Path, args: list[str]) -> str:
    """Run a command that writes tmp_path/pic.svg and return the picture."""
    path = tmp_path / "pic.svg"
    assert main([*args, "--svg", str(path)]) == 0
    return path.read_text()


def _counts_plot(_: Path) -> str:
    from grundy.render.plots import counts_figure, figure_bytes  # matplotlib: this case only

    return figure_bytes(counts_figure({1: {1: 1}, 2: {0: 1, 2: 1}}), "svg").decode()


#: Every way grundy makes an SVG picture: functions, Jupyter's hooks, commands' files.
PRODUCERS: dict[str, Callable[[Path], str | None]] = {
    "table_svg": lambda _: table_svg([[1, 0], [0]], outside=0, title=f"lctr {FIG5}"),
    "table_svg untitled": lambda _: table_svg([[1, 0], [0]]),
    "young_svg": lambda _: young_svg("lctr", FIG5),
    "BoxTable (Jupyter)": lambda _: box_values("cr", "3,1")._repr_svg_(),
    "cells_svg": lambda _: cells_svg([[True, False], [True]]),
    "partition_svg": lambda _: partition_svg(Partition([3, 1])),
    "Partition (Jupyter)": lambda _: Partition([2, 2, 1])._repr_svg_(),
    "BoolMatrix (Jupyter)": lambda _: parse_matrix("101;010;111")._repr_svg_(),
    "empty BoolMatrix (Jupyter)": lambda _: parse_matrix("[]")._repr_svg_(),
    "hasse_svg": lambda _: hasse_svg(posets.young("3,2^2"), title="ruler on Y(3,2^2)"),
    "Poset (Jupyter)": lambda _: posets.divisors(12)._repr_svg_(),
    "grundy table --svg": lambda tmp: _cli_file(tmp, ["table", "lctr", FIG5]),
    "grundy poset picture": lambda tmp: _cli_file(tmp, ["poset", "picture", "chain:3"]),
    "count plot (matplotlib)": _counts_plot,
}


def _length(text: str | None) -> float:
    """A width or height attribute in user units (px, or matplotlib's pt)."""
    match = re.fullmatch(r"([0-9.]+)(px|pt)?", text or "")
    assert match, f"not a length: {text!r}"
    return float(match.group(1))


def _frame(svg: str | None) -> tuple[ET.Element, float, float]:
    """The parsed picture, its width and height, checked to scale: a viewBox from 0, 0
    of exactly the width and height."""
    assert svg is not None
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    width, height = _length(root.get("width")), _length(root.get("height"))
    assert width > 0 and height > 0
    box = [float(x) for x in (root.get("viewBox") or "").replace(",", " ").split()]
    assert box == [0, 0, width, height]
    return root, width, height


@pytest.mark.parametrize("make", PRODUCERS.values(), ids=PRODUCERS.keys())
def test_every_picture_has_a_view_box_of_its_size(
    make: Callable[[Path], str | None], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, width, height = _frame(make(tmp_path))
    capsys.readouterr()
    for rect in root.iter(SVG + "rect"):  # nothing drawn outside the frame
        if rect.get("x") is not None and "%" not in rect.get("width", ""):
            assert 0 <= float(rect.get("x", 0)) + float(rect.get("width", 0)) <= width
            assert 0 <= float(rect.get("y", 0)) + float(rect.get("height", 0)) <= height


def test_one_writer_of_the_svg_root() -> None:
    """grundy's own pictures open their root in one place, which always writes the
    viewBox; a new picture drawn another way must join PRODUCERS (and this list)."""
    writers = {p.relative_to(SRC).as_posix() for p in SRC.rglob("*.py") if "<svg " in p.read_text()}
    assert writers == {"render/svg.py"}


# ---------------------------------------------------------------- matrices
def _cells_and_entries(svg: str | None) -> tuple[list[ET.Element], list[ET.Element]]:
    root, _, _ = _frame(svg)
    cells = [e for e in root.iter(SVG + "rect") if e.get("class", "").startswith("cell")]
    entries = [e for e in root.iter(SVG + "text") if e.get("class") == "entry"]
    return cells, entries


@pytest.mark.parametrize("spec", ["101;010;111", "1100;0110;0011", "0;1", "10"])
def test_matrix_pictures_show_their_entries(spec: str) -> None:
    cells, entries = _cells_and_entries(parse_matrix(spec)._repr_svg_())
    digits = [ch for ch in spec if ch in "01"]
    assert [e.text for e in entries] == digits  # row by row
    assert len(cells) == len(digits)
    for cell, entry, digit in zip(cells, entries, digits, strict=True):
        x, y, side = (float(cell.get(k, 0)) for k in ("x", "y", "width"))
        assert side >= 24  # large enough to read
        assert x < float(entry.get("x", 0)) < x + side and y < float(entry.get("y", 0)) < y + side
        assert ("on" in cell.get("class", "").split()) == (digit == "1")
    root = ET.fromstring(parse_matrix(spec)._repr_svg_() or "")
    group = next(g for g in root.iter(SVG + "g") if g.get("class") == "entries")
    assert float(group.get("font-size", 0)) >= 12 and group.get("fill") == "black"


def test_matrix_pictures_refuse_what_cannot_be_read() -> None:
    assert BoolMatrix([1] * (MAX_SVG_ROWS + 1), 1)._repr_svg_() is None  # Jupyter shows text
    assert BoolMatrix([1] * MAX_SVG_ROWS, 1)._repr_svg_() is not None
    with pytest.raises(ValueError, match="too large to draw as svg"):
        cells_svg([[True]] * (MAX_SVG_ROWS + 1), digits=True)


def test_partition_pictures_stay_plain_cells() -> None:
    cells, entries = _cells_and_entries(Partition([3, 1])._repr_svg_())
    assert len(cells) == 4 and entries == []


# ------------------------------------------------------------------ titles
def _title(root: ET.Element) -> ET.Element:
    (title,) = [e for e in root.iter(SVG + "text") if e.get("class") == "title"]
    return title


def test_table_title_raises_exponents() -> None:
    root, _, _ = _frame(table_svg([[1]], title=FIG5))
    title = _title(root)
    assert title.text == "8,7,6,5"
    raised, after = title.findall(SVG + "tspan")
    size = float(title.get("font-size", 0))
    assert raised.text == "2" and float(raised.get("font-size", 0)) < size
    assert float(raised.get("dy", 0)) < 0 and float(after.get("dy", 0)) == -float(raised.get("dy"))
    assert after.text == ",2,1"
    assert "".join(title.itertext()) == "8,7,6,52,2,1"  # no ^ left
    assert root.findtext(SVG + "title") == "8,7,6,5²,2,1"  # plain text for a viewer's tooltip


def test_hasse_title_raises_exponents() -> None:
    root, _, _ = _frame(hasse_svg(posets.young("3,2^2"), title="ruler on Y(3,2^2)"))
    raised = _title(root).findall(SVG + "tspan")[0]
    assert raised.text == "2" and float(raised.get("dy", 0)) < 0
    assert root.findtext(SVG + "title") == "ruler on Y(3,2²)"


def test_hasse_title_lowers_subscripts() -> None:
    """A poset's name, A_4 or B_{n+1}: the subscript smaller and lowered, then back."""
    root, _, _ = _frame(hasse_svg(posets.chain(2), title="ruler on A_4 and B_{n+1}"))
    title = _title(root)
    size = float(title.get("font-size", 0))
    four, between, sub = title.findall(SVG + "tspan")
    assert (four.text, between.text, sub.text) == ("4", " and B", "n+1")
    assert float(four.get("dy", 0)) > 0 and float(four.get("font-size", 0)) < size
    assert float(between.get("dy", 0)) == -float(four.get("dy"))
    assert "".join(title.itertext()) == "ruler on A4 and Bn+1"  # no _ or braces left
    assert root.findtext(SVG + "title") == "ruler on A₄ and Bₙ₊₁"


def test_plain_text_of_titles() -> None:
    assert plain_text("cr c,1^(r-1) & 2^10") == "cr c,1ʳ⁻¹ & 2¹⁰"
    assert plain_text("2^(q+1), 3^(x*y)") == "2^(q+1), 3^(x*y)"  # no superscript q, *


@pytest.mark.parametrize(
    "title",
    [
        f"lctr {FIG5} (normal play): value 0",
        "ruler on Y(3,2^2)",
        "cr c,1^(r-1) MW",
        "ruler on A_4 × D_12",
    ],
)
def test_title_width_estimate_covers_the_drawn_title(title: str) -> None:
    """The estimate is at least the width of the title set in DejaVu Sans (the pictures'
    first font; matplotlib ships it), exponents at their smaller size, and not much more."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    from grundy.render.typeset import script_segments

    def advance(piece: str, size: float, bold: bool) -> float:
        font = FontProperties(family="DejaVu Sans", size=size, weight="bold" if bold else None)
        return TextToPath().get_text_width_height_descent(piece, font, ismath=False)[0]

    for bold in (False, True):
        drawn = sum(
            advance(piece, 16 * (0.7 if kind else 1), bold)
            for piece, kind in script_segments(title)
        )
        estimate = text_width(title, 16, bold=bold)
        assert drawn <= estimate <= 1.25 * drawn
    assert text_width("5^2", 16) < text_width("52", 16)  # the exponent is smaller


def test_long_title_widens_the_picture() -> None:
    title = "ruler on a poset with a very long name, 1^(r-1)"
    for svg in (table_svg([[0]], title=title), hasse_svg(posets.chain(1), title=title)):
        _, width, _ = _frame(svg)
        assert width >= text_width(title, 15)


# ---------------------------------------------------------------- no title
@pytest.mark.parametrize(
    "args",
    [["table", "lctr", FIG5], ["poset", "picture", "young:3,2^2"]],
    ids=["table", "poset picture"],
)
def test_no_title_leaves_out_the_title_and_its_room(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    titled, _, titled_height = _frame(_cli_file(tmp_path, args))
    bare, _, bare_height = _frame(_cli_file(tmp_path, [*args, "--no-title"]))
    capsys.readouterr()
    assert _title(titled) is not None and titled.find(SVG + "title") is not None
    assert not [e for e in bare.iter(SVG + "text") if e.get("class") == "title"]
    assert bare.find(SVG + "title") is None
    assert bare_height < titled_height
    # the drawing moved up by what the picture lost: the room of the title, nothing else
    lost = titled_height - bare_height
    assert [a - b for a, b in zip(_tops(titled), _tops(bare), strict=True)] == [lost] * len(
        _tops(titled)
    )


def _tops(root: ET.Element) -> list[float]:
    """The heights of the boxes and nodes drawn (not the background)."""
    return [
        float(e.get("y") or e.get("cy") or 0)
        for e in root.iter()
        if e.tag in {SVG + "rect", SVG + "circle"} and e.get("class") != "background"
    ]


def test_hasse_labels_survive_cairosvg() -> None:
    """Every converter draws the elements' names: converted by cairosvg (which ignores
    ``paint-order``), the area of each name holds its dark-grey letters, and the same
    picture without names has none there."""
    import io

    import cairosvg
    from PIL import Image

    poset = posets.divisors(12)
    svg = hasse_svg(poset, {d: d % 3 for d in poset})
    bare = hasse_svg(poset, {d: d % 3 for d in poset}, labels=False)
    labels = [e for e in ET.fromstring(svg).iter(SVG + "text") if e.get("class") == "label"]
    assert len(labels) == len(poset) and "paint-order" not in svg

    def dark_pixels(picture: str, label: ET.Element) -> int:
        png = cairosvg.svg2png(bytestring=picture.encode())
        image = Image.open(io.BytesIO(png)).convert("L")
        x, y = float(label.get("x", 0)), float(label.get("y", 0))
        box = (round(x), round(y - 10), round(x + text_width(label.text or "", 11)), round(y + 3))
        return sum(image.crop(box).histogram()[:160])  # pixels darker than light grey

    for label in labels:
        assert dark_pixels(svg, label) > 5, label.text
        assert dark_pixels(bare, label) == 0, label.text
