"""Pictures for a paper (render/plots.py; `grundy count --plot`, `grundy sweep --plot`).

Each check is one way a picture fails a reader: lines sharing a colour, a legend
over the data, a raster image in an SVG, digits too small for their cell or
spilling out of it, digits that do not stand out from their cell, input syntax
(``5^2``) in a title.  The test run saves a count plot with 50 values and a heat
map to build/screenshots/ for a person to look at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from matplotlib.collections import QuadMesh
from matplotlib.colors import LogNorm, to_rgba
from matplotlib.figure import Figure
from matplotlib.mathtext import MathTextParser
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from grundy.analysis import count_table
from grundy.analysis.sweep import sweep
from grundy.cli import main
from grundy.render.plots import (
    FEW_VALUES,
    SMALLEST_FONT,
    TEXT_WIDTH,
    contrast_ratio,
    counts_figure,
    figure_bytes,
    save_figure,
    sweep_figure,
)
from grundy.render.typeset import mathtext

SCREENSHOTS = Path(__file__).resolve().parents[1] / "build" / "screenshots"


def counts(game: str, n_max: int) -> dict[int, dict[int, int]]:
    table = count_table(game, n_max)
    return {n: table[n] for n in range(1, n_max + 1)}


def texts(figure: Figure) -> Iterator[Text]:
    """Every text the figure shows."""
    figure.draw_without_rendering()
    for text in figure.findobj(Text):
        if text.get_visible() and text.get_text().strip():
            yield text


def check_paper_svg(figure: Figure) -> str:
    """The figure as SVG, checked: vector only, a viewBox, the width of a text column
    at most, no text under `SMALLEST_FONT`."""
    small = [(t.get_text(), t.get_fontsize()) for t in texts(figure)
             if t.get_fontsize() < SMALLEST_FONT]  # fmt: skip
    assert small == []
    svg = figure_bytes(figure, "svg").decode()
    assert "<image" not in svg  # no raster: cells are vector rectangles
    head = svg[svg.index("<svg") : svg.index(">", svg.index("<svg"))]
    width = re.search(r'width="([\d.]+)pt"', head)
    view_box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', head)
    assert width and view_box and float(view_box[1]) == pytest.approx(float(width[1]))
    assert 0.3 * TEXT_WIDTH * 72 < float(width[1]) <= TEXT_WIDTH * 72 + 1
    return svg


def window_box(artist, figure: Figure) -> Bbox:
    return artist.get_window_extent(figure.canvas.get_renderer())


def cell_texts(figure: Figure) -> list[Text]:
    return [t for t in figure.axes[0].texts if t.get_text().isdigit()]


def test_few_values_one_line_and_colour_each_legend_beside_the_axes() -> None:
    table = counts("cr", 20)
    values = sorted({v for row in table.values() for v in row})
    assert 2 < len(values) <= FEW_VALUES
    figure = counts_figure(table, title="cr: positions of size n by value")
    check_paper_svg(figure)
    top, share = figure.axes
    for ax in (top, share):
        assert [line.get_label() for line in ax.get_lines()] == [str(v) for v in values]
        colours = [to_rgba(line.get_color()) for line in ax.get_lines()]
        assert len(set(colours)) == len(values)  # no two values share a colour
    legend = window_box(top.get_legend(), figure)
    assert legend.x0 >= window_box(top, figure).x1  # beside the axes, not over the data
    assert [t.get_text() for t in top.get_legend().get_texts()] == [str(v) for v in values]
    first = top.get_lines()[0]  # value 0 at n = 3, 4: cr's 3 and 2,1 are P-positions
    assert list(first.get_ydata()[2:4]) == [table[3][0], table[4][0]]


def test_fifty_values_are_a_heat_map_of_n_by_value_with_a_log_colour_scale() -> None:
    table = counts("chomp", 50)
    values = sorted({v for row in table.values() for v in row})
    assert len(values) >= 50
    figure = counts_figure(table, title="chomp: positions of size n by value")
    svg = check_paper_svg(figure)
    heat, share, colorbar = figure.axes
    assert heat.get_lines() == [] and heat.get_legend() is None
    (mesh,) = [c for c in heat.collections if isinstance(c, QuadMesh)]
    assert isinstance(mesh.norm, LogNorm) and colorbar.get_ylabel() == "positions"
    cells = mesh.get_array()
    assert cells.shape == (len(values), 50)  # value down, n across
    assert cells[0, 2] == table[3][0] and np.ma.is_masked(cells[49, 0])  # no value 49 at n = 1
    assert heat.yaxis_inverted()  # value 0 at the top
    shown = [line.get_label() for line in share.get_lines()]
    assert shown[0] == "0" and 1 < len(shown) <= 5
    assert len({to_rgba(line.get_color()) for line in share.get_lines()}) == len(shown)
    assert window_box(share.get_legend(), figure).y0 >= window_box(share, figure).y1
    why = share.get_legend().get_title().get_text()  # why these values and not the others
    assert why == f"share of value 0 (P-positions) and of the {len(shown) - 1} most frequent values"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / "plots-counts-chomp.svg").write_text(svg)
    save_figure(figure, SCREENSHOTS / "plots-counts-chomp.png")


@pytest.mark.parametrize(
    ("game", "side", "colours"),
    [("cr", 12, 3), ("sato-welter", 15, None), ("cr", 3, 3)],  # None: a sequential scale
)
def test_heat_map_digits_fit_their_cells_and_stand_out(
    game: str, side: int, colours: int | None
) -> None:
    rows = sweep(game, "b^a", a=range(1, side + 1), b=range(1, side + 1))
    figure = sweep_figure(rows, title=f"{game} b^a (normal play)")
    svg = check_paper_svg(figure)
    ax = figure.axes[0]
    (mesh,) = [c for c in ax.collections if isinstance(c, QuadMesh)]
    values = sorted({row["value"] for row in rows})
    cell_colours = [tuple(mesh.cmap(mesh.norm(v))) for v in values]
    if colours is None:
        assert len(values) > FEW_VALUES and mesh.cmap.name == "viridis"
    else:
        assert len(values) == colours and len(set(cell_colours)) == colours  # one each
    digits = cell_texts(figure)
    assert sorted(int(t.get_text()) for t in digits) == sorted(r["value"] for r in rows)
    box = window_box(ax, figure)
    cell_points = min(box.width, box.height) / side * 72 / figure.dpi
    renderer = figure.canvas.get_renderer()
    for text in digits:
        assert text.get_fontsize() >= min(9, 0.4 * cell_points)  # big cells, big digits
        x, y = text.get_position()
        cell = Bbox(ax.transData.transform([(x - 0.5, y + 0.5), (x + 0.5, y - 0.5)]))
        ink = text.get_window_extent(renderer)
        assert cell.x0 < ink.x0 < ink.x1 < cell.x1 and cell.y0 < ink.y0 < ink.y1 < cell.y1
        background = mesh.cmap(mesh.norm(mesh.get_array()[int(y), int(x)]))
        assert contrast_ratio(to_rgba(text.get_color()), background) >= 4.5
    if game == "sato-welter":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / "plots-sweep-sato-welter.svg").write_text(svg)
        save_figure(figure, SCREENSHOTS / "plots-sweep-sato-welter.png")


def test_cells_too_small_for_readable_digits_get_none() -> None:
    rows = sweep("cr", "b^a", a=range(1, 41), b=range(1, 41))
    figure = sweep_figure(rows, title="cr b^a")
    check_paper_svg(figure)
    assert cell_texts(figure) == []
    assert all(t.get_fontsize() >= SMALLEST_FONT for t in texts(figure))


def test_titles_are_typeset_and_left_out_on_request() -> None:
    rows = sweep("cr", "b^a", a=[2], b=range(1, 5))
    (ax,) = sweep_figure(rows, title="cr 5^2,1").axes
    assert ax.get_title() == mathtext("cr 5^2,1") + ", a = 2"
    glyphs = MathTextParser("path").parse(ax.get_title()).glyphs  # (font, size, char, ., x, y)
    at = [chr(g[2]) for g in glyphs].index("5")
    five, two = glyphs[at : at + 2]
    assert chr(two[2]) == "2"
    assert two[1] < five[1] and two[5] > five[5]  # the exponent: smaller, raised
    for figure in (sweep_figure(rows), sweep_figure(rows, title=""), counts_figure(
            counts("cr", 6), title=None)):  # fmt: skip
        assert [ax.get_title() for ax in figure.axes] == [""] * len(figure.axes)
        assert figure._suptitle is None


def test_no_title_at_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def svg_comments(*args: str) -> list[str]:
        out = tmp_path / "x.svg"
        assert main([*args, "--plot", str(out), "--no-store"]) == 0
        capsys.readouterr()
        return re.findall(r"<!-- (.*?) -->", out.read_text())  # matplotlib names each text

    titled = svg_comments("count", "cr", "--n", "1..8")
    assert "Column-Row, normal play: positions of size n by value" in titled
    assert not any("Column" in c for c in svg_comments("count", "cr", "--n", "1..8", "--no-title"))
    sweep_args = ("sweep", "cr", "b^a", "--a", "1..3", "--b", "1..3")
    assert "Column-Row on b$^{a}$, normal play" in svg_comments(*sweep_args)  # raised
    assert not any("play" in c for c in svg_comments(*sweep_args, "--no-title"))
    fixed = svg_comments(
        "sweep", "chomp", "a^m,b", "--a", "1..3", "--m", "1..3", "--b", "3", "--misere"
    )
    assert "Chomp on a$^{m}$,b, misère play, b = 3" in fixed  # the fixed parameter after


def test_titles_name_the_games_as_the_docs_do() -> None:
    """Every built-in game declares a display name (`grundy.game.Ruleset.display_name`),
    the one docs/games.md gives it in bold before its command-line name."""
    from grundy.cli.common import display_name
    from grundy.registry import get_game, get_ruleset, rulesets
    from grundy.solver import is_builtin

    docs = (Path(__file__).parents[1] / "docs" / "games.md").read_text()
    named = dict(re.findall(r"\*\*([^*]+)\*\* \(`([a-z0-9-]+)`", docs))
    assert len(named) >= 15
    named["3-dimensional LCTR"] = named.pop("d-dimensional LCTR")  # `lctr-3d` is d = 3
    for name, game in named.items():
        assert get_game(game).display_name == name, game
    for rules in filter(is_builtin, rulesets()):
        assert rules.display_name != rules.name, rules.name  # declared, not the default
    assert display_name(get_ruleset("cr")) == "Column-Row"


def test_subscripts_are_typeset_in_titles() -> None:
    rows = sweep("cr", "b^a", a=[2], b=range(1, 5))
    (ax,) = sweep_figure(rows, title="ruler on A_4").axes
    glyphs = MathTextParser("path").parse(ax.get_title()).glyphs  # (font, size, char, ., x, y)
    at = [chr(g[2]) for g in glyphs].index("A")
    a, four = glyphs[at : at + 2]
    assert chr(four[2]) == "4" and four[1] < a[1] and four[5] < a[5]  # smaller, lowered


def test_bad_pictures_are_refused() -> None:
    with pytest.raises(ValueError, match="no counts"):
        counts_figure({})
    with pytest.raises(ValueError, match="no rows"):
        sweep_figure([])
