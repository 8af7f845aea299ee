"""Titles and positions typeset: the exponents of the input syntax raised.

A position is typed with exponents for repeated parts, ``8,7,6,5^2,2,1``, and a
family template with exponents in parentheses, ``c,1^(r-1)``.  In a picture or
a table for a paper the exponent is raised: 5², 1^{r−1}.  `exponent_segments`
is the one reading of that syntax; the three writers below turn its pieces
into SVG (`svg_text`), matplotlib's mathtext (`mathtext`) and LaTeX
(`latex_formula`).

>>> exponent_segments("5^2,1^(r-1)")
[('5', False), ('2', True), (',1', False), ('r-1', True)]
>>> exponent_segments("a^m,b")
[('a', False), ('m', True), (',b', False)]
>>> svg_text("5^2 & 1", size=12)
'5<tspan dy="-4.2" font-size="8.4">2</tspan><tspan dy="4.2"> &amp; 1</tspan>'
>>> mathtext("cr 5^2,1: 10$")
'cr 5$^{2}$,1: 10\\\\$'
>>> latex_formula("2^2,1")
'$2^{2},1$'
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

__all__ = [
    "EXPONENT_SIZE",
    "escape_latex",
    "exponent_segments",
    "latex_formula",
    "latex_text",
    "mathtext",
    "svg_length",
    "svg_text",
    "unicode_note",
]

#: An exponent: ``^`` and digits, a parameter's name (a template's ``a^m``) or a
#: parenthesised expression (``1^(r-1)``, no nesting).
_EXPONENT = re.compile(r"\^(\d+|[A-Za-z_]\w*|\([^()]*\))")

#: How far an exponent is raised and how large it is, as fractions of the font size.
_RAISE = 0.35
#: An exponent's size, as a fraction of the font size (its text's width scales with it).
EXPONENT_SIZE = 0.7

_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
    "–": "--", "—": "---",
}  # fmt: skip

#: The symbols grundy's tables and titles use, as LaTeX math, so that pdfLaTeX (which
#: reads no Unicode beyond its font) prints them; any other non-ASCII character is kept
#: (`unicode_note` names it: LuaLaTeX and XeLaTeX print it).
_MATH_SYMBOLS = {
    "≤": r"\leq", "≥": r"\geq", "≠": r"\neq", "×": r"\times", "→": r"\to", "⊕": r"\oplus",
    "−": "-", "·": r"\cdot", "…": r"\dots", "∈": r"\in", "∞": r"\infty", "′": "'",
    "Γ": r"\Gamma", "Δ": r"\Delta", "Λ": r"\Lambda", "Π": r"\Pi", "Σ": r"\Sigma",
    "λ": r"\lambda", "μ": r"\mu", "π": r"\pi", "σ": r"\sigma", "ℓ": r"\ell", "ḡ": r"\bar{g}",
}  # fmt: skip


def exponent_segments(text: str) -> list[tuple[str, bool]]:
    """`text` in pieces, each with whether it is an exponent (raised); an exponent's
    parentheses are dropped, a ``^`` without a number, name or ``(...)`` after it is text."""
    pieces: list[tuple[str, bool]] = []
    at = 0
    for match in _EXPONENT.finditer(text):
        if match.start() > at:
            pieces.append((text[at : match.start()], False))
        pieces.append((match.group(1).removeprefix("(").removesuffix(")"), True))
        at = match.end()
    if at < len(text):
        pieces.append((text[at:], False))
    return pieces


def svg_text(text: str, size: float) -> str:
    """The content of an SVG ``<text>`` of font size `size` showing `text`, escaped for
    XML, each exponent a smaller ``<tspan>`` raised by ``dy`` (and the text after it
    lowered back): exact in every SVG viewer, unlike ``baseline-shift``."""
    rise = svg_length(size * _RAISE)
    out: list[str] = []
    raised = False
    for piece, exponent in exponent_segments(text):
        if exponent:
            out.append(f'<tspan dy="-{rise}" font-size="{svg_length(size * EXPONENT_SIZE)}">')
            out.append(f"{escape(piece)}</tspan>")
        elif raised:
            out.append(f'<tspan dy="{rise}">{escape(piece)}</tspan>')
        else:
            out.append(escape(piece))
        raised = exponent
    return "".join(out)


def mathtext(text: str) -> str:
    """`text` for a matplotlib title or label: exponents as ``$^{2}$`` (mathtext), every
    other ``$`` escaped so that it is printed as it is."""
    return "".join(
        f"$^{{{piece}}}$" if exponent else piece.replace("$", r"\$")
        for piece, exponent in exponent_segments(text)
    )


def latex_formula(text: str) -> str:
    """`text` (a position such as ``2^2,1``) as a LaTeX formula, ``$2^{2},1$``: exponents
    raised, LaTeX's special characters escaped."""
    body = "".join(
        f"^{{{escape_latex(piece, math=True)}}}" if exponent else escape_latex(piece, math=True)
        for piece, exponent in exponent_segments(text)
    )
    return f"${body}$"


def latex_text(text: str) -> str:
    """`text` (a title, a caption) as LaTeX text: escaped, exponents raised, ``$^{2}$``.

    >>> print(latex_text("cr 5^2,1: value ≤ 3"))
    cr 5$^{2}$,1: value $\\leq$ 3
    """
    return "".join(
        f"$^{{{escape_latex(piece, math=True)}}}$" if exponent else escape_latex(piece)
        for piece, exponent in exponent_segments(text)
    )


def escape_latex(text: str, math: bool = False) -> str:
    """`text` with LaTeX's special characters escaped and the symbols grundy uses (≤, ⊕,
    Π, …) written as LaTeX math: ``$\\leq$`` in text, ``\\leq{}`` inside a formula (`math`).

    >>> print(escape_latex("50% & $5 ≤ 1|2 --n Sato–Welter"))
    50\\% \\& \\$5 $\\leq$ 1\\textbar{}2 -{}-n Sato--Welter
    """
    out = []
    for at, ch in enumerate(text):
        if ch == "-" and text[at + 1 : at + 2] == "-":
            out.append("-{}")  # "--n" stays two hyphens, not an en dash
        elif ch in _MATH_SYMBOLS:
            out.append(f"{_MATH_SYMBOLS[ch]}{{}}" if math else f"${_MATH_SYMBOLS[ch]}$")
        else:
            out.append(_LATEX_SPECIAL.get(ch, ch))
    return "".join(out)


def unicode_note(latex: str) -> str | None:
    """A LaTeX comment naming the non-ASCII characters left in `latex` (those
    `escape_latex` does not write as LaTeX), which need LuaLaTeX or XeLaTeX; None if
    there are none.

    >>> unicode_note("Sato--Welter"), unicode_note("Ω(3)")
    (None, '% Unicode characters Ω: compile with LuaLaTeX or XeLaTeX')
    """
    left = sorted({ch for ch in latex if ord(ch) > 127})
    if not left:
        return None
    return f"% Unicode characters {' '.join(left)}: compile with LuaLaTeX or XeLaTeX"


def svg_length(x: float) -> str:
    """A length without needless decimals.

    >>> svg_length(4.2), svg_length(30.0)
    ('4.2', '30')
    """
    return f"{x:.2f}".rstrip("0").rstrip(".")
