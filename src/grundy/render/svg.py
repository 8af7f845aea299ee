"""The frame of every SVG picture grundy draws, and the typeset titles in it.

`svg_document` writes the root of every picture (`grundy.render.young`,
`grundy.render.hasse`): its width and height in pixels and a ``viewBox`` of the
same size, so that the picture scales as a whole when a page or a paper sets
its size; a white background; and, given a title, an SVG ``<title>`` (what a
viewer shows on hover, in plain text: `plain_text`).  `title_element` draws a
title with its exponents raised and subscripts lowered
(`grundy.render.typeset.svg_text`) and `text_width` estimates how wide it is, the
exponents and subscripts smaller.

>>> circle = '<circle cx="15" cy="10" r="5"/>'
>>> print(svg_document(30, 20, [circle], title="5^2"))  # doctest: +ELLIPSIS
<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20" viewBox="0 0 30 20" ...>
<title>5²</title>
<rect class="background" width="30" height="20" fill="white"/>
<circle cx="15" cy="10" r="5"/>
</svg>
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from grundy.render.typeset import (
    EXPONENT_SIZE,
    LEVEL,
    RAISED,
    script_segments,
    svg_length,
    svg_text,
)

__all__ = ["FONT_FAMILY", "plain_text", "svg_document", "text_width", "title_element"]

#: The fonts of every picture: DejaVu Sans where it is installed (its widths are those
#: `text_width` estimates), else a common sans-serif.
FONT_FAMILY = "DejaVu Sans, Helvetica, Arial, sans-serif"

#: Unicode's superscript form of each character that has one (for `plain_text`).
_SUPERSCRIPT = dict(
    zip(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyz",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ",
        strict=True,
    )
)
#: Unicode's subscript form of each character that has one (for `plain_text`).
_SUBSCRIPT = dict(
    zip("0123456789+-−=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", strict=True)
)

# Advance widths in DejaVu Sans, as fractions of the font size, rounded up: narrow
# punctuation and letters, wide letters, capitals, and every other character.
_NARROW, _NARROW_WIDTH = frozenset(" ,.:;!'|()[]{}ijlft"), 0.42
_WIDE, _WIDE_WIDTH = frozenset("mwMW—"), 0.98
_CAPITAL_WIDTH, _OTHER_WIDTH = 0.75, 0.64
_BOLD = 1.1  # DejaVu Sans Bold is about a tenth wider


def svg_document(
    width: float, height: float, body: Iterable[str], *, title: str | None = None
) -> str:
    """A standalone SVG picture `width` × `height` px (the ``viewBox`` the same), on a
    white background, of the elements `body` (lines of SVG); `title`, if given, is its
    ``<title>`` in plain text (`plain_text`)."""
    w, h = svg_length(width), svg_length(height)
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}">'
    ]
    if title:
        lines.append(f"<title>{escape(plain_text(title))}</title>")
    lines.append(f'<rect class="background" width="{w}" height="{h}" fill="white"/>')
    lines.extend(body)
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def title_element(
    text: str, x: float, y: float, size: float, *, anchor: str = "start", bold: bool = False
) -> str:
    """A ``<text class="title">`` showing `text` at (`x`, `y`) (its baseline), its
    exponents raised, subscripts lowered, both smaller (`grundy.render.typeset.svg_text`).

    >>> print(title_element("5^2", 0, 20, 10, bold=True))  # doctest: +ELLIPSIS
    <text class="title" x="0" y="20" font-size="10" font-weight="bold">5<tspan dy="-3.5" ...
    """
    weight = ' font-weight="bold"' if bold else ""
    middle = f" text-anchor={quoteattr(anchor)}" if anchor != "start" else ""
    return (
        f'<text class="title" x="{svg_length(x)}" y="{svg_length(y)}" '
        f'font-size="{svg_length(size)}"'
        f"{weight}{middle}>{svg_text(text, size)}</text>"
    )


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """About how wide `text` is drawn at font size `size` (rather more than less), as
    `title_element` draws it: exponents and subscripts at their smaller size, without
    ``^``, ``_`` or brackets.

    >>> text_width("5^2", 10) < text_width("52", 10) < text_width("5^2", 10) + 2.2
    True
    >>> text_width("A_4", 10) == text_width("A^4", 10)
    True
    """
    total = sum(
        _em_width(piece) * (EXPONENT_SIZE if kind else 1.0) for piece, kind in script_segments(text)
    )
    return total * size * (_BOLD if bold else 1.0)


def plain_text(text: str) -> str:
    """`text` as plain Unicode text: each exponent (subscript) in superscript (subscript)
    characters where Unicode has all of them, else in the input syntax (``^`` and
    brackets, ``_`` and braces, if needed).

    >>> plain_text("lctr 8,7,6,5^2,2,1"), plain_text("c,1^(r-1)"), plain_text("2^(q+1)")
    ('lctr 8,7,6,5²,2,1', 'c,1ʳ⁻¹', '2^(q+1)')
    >>> plain_text("A_12, B_{n+1}, D_{q+1}")
    'A₁₂, Bₙ₊₁, D_{q+1}'
    """
    out = []
    for piece, kind in script_segments(text):
        forms = _SUPERSCRIPT if kind == RAISED else _SUBSCRIPT
        if kind == LEVEL:
            out.append(piece)
        elif all(ch in forms for ch in piece):
            out.append("".join(forms[ch] for ch in piece))
        elif kind == RAISED:
            out.append("^" + (piece if piece.isdigit() or piece.isidentifier() else f"({piece})"))
        else:
            out.append("_" + (piece if piece.isdigit() or len(piece) == 1 else f"{{{piece}}}"))
    return "".join(out)


def _em_width(text: str) -> float:
    """The width of `text` in DejaVu Sans, in ems (font sizes)."""
    return sum(_char_width(ch) for ch in text)


def _char_width(ch: str) -> float:
    """The advance width of one character in DejaVu Sans, in ems (rounded up)."""
    if ch in _NARROW:
        return _NARROW_WIDTH
    if ch in _WIDE:
        return _WIDE_WIDTH
    return _CAPITAL_WIDTH if ch.isupper() else _OTHER_WIDTH
