"""Jupyter pictures of the objects that live below the picture layer.

Jupyter draws an object that has a ``_repr_svg_`` method.  A `Partition` and a
`Poset` have one, but ``partition.py`` and ``posets/`` sit below `grundy.render`
(docs/architecture.md) and import nothing of it: their ``_repr_svg_`` is
`svg_picture`, which draws the object with the function registered for its
class, named ``"module:function"`` and imported only when a picture is asked
for.  The package's top (``grundy/__init__.py``), which Python runs before any
module of the package, registers the drawers of the render layer.

>>> from grundy.partition import Partition
>>> Partition([2, 1])._repr_svg_().count('<rect class="cell on"')
3
>>> Partition([10**6])._repr_svg_() is None  # too large to draw: Jupyter shows the text
True
>>> svg_picture(object()) is None  # no drawer registered
True

An object that Jupyter shows as a table (an atlas, a game, the results store) builds
its ``_repr_html_`` with `html_table`.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Iterable

__all__ = ["html_table", "register_svg", "svg_picture"]

#: "module.Class" → "module:function" drawing its instances as SVG.
_DRAWERS: dict[str, str] = {}


def register_svg(class_name: str, drawer: str) -> None:
    """Draw the instances of `class_name` ("module.Class", subclasses included) with
    `drawer` ("module:function": the object → SVG text, a ValueError when it is too
    large to draw)."""
    module, colon, function = drawer.partition(":")
    if not (module and colon and function) or "." not in class_name:
        raise ValueError(
            f"register_svg takes 'module.Class' and 'module:function', got {class_name!r} "
            f"and {drawer!r}"
        )
    _DRAWERS[class_name] = drawer


def svg_picture(obj: object) -> str | None:
    """The SVG picture of `obj` by the drawer registered for its class (or the nearest
    base class), or None when there is none or `obj` is too large to draw (Jupyter then
    shows its text)."""
    for cls in type(obj).__mro__:
        drawer = _DRAWERS.get(f"{cls.__module__}.{cls.__qualname__}")
        if drawer is not None:
            module, _, function = drawer.partition(":")
            draw = getattr(importlib.import_module(module), function)
            try:
                return draw(obj)
            except ValueError:
                return None
    return None


def html_table(caption: str, rows: Iterable[tuple[str, object]]) -> str:
    """A small HTML table for Jupyter's ``_repr_html_``: the caption, then a row per
    (label, value), every text escaped.

    >>> print(html_table("atlas <a & b>", [("game", "cr"), ("levels", "0..4")]))
    <table><caption>atlas &lt;a &amp; b&gt;</caption>
    <tr><th style="text-align:left">game</th><td style="text-align:left">cr</td></tr>
    <tr><th style="text-align:left">levels</th><td style="text-align:left">0..4</td></tr>
    </table>
    """
    left = ' style="text-align:left"'
    lines = [f"<table><caption>{html.escape(caption)}</caption>"]
    for label, value in rows:
        cells = f"<th{left}>{html.escape(label)}</th><td{left}>{html.escape(str(value))}</td>"
        lines.append(f"<tr>{cells}</tr>")
    return "\n".join([*lines, "</table>"])
