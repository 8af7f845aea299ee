"""Titles and positions typeset: the exponents and subscripts of the input syntax.

A position is typed with exponents for repeated parts, ``8,7,6,5^2,2,1``, and a
family template with exponents in parentheses, ``c,1^(r-1)``; a poset's name has
a subscript, ``A_4``, ``D_12`` or ``B_{n+1}``.  In a picture or a table for a paper
the exponent is raised and the subscript lowered: 5², 1^{r−1}, A₄.
`script_segments` is the one reading of that syntax; the writers below turn its
pieces into SVG (`svg_text`), matplotlib's mathtext (`mathtext`) and LaTeX
(`latex_formula`, `latex_text`), and the page reads it by `SCRIPT_PATTERN`.

>>> script_segments("5^2,1^(r-1)")
[('5', ''), ('2', '^'), (',1', ''), ('r-1', '^')]
>>> script_segments("a^m on A_4, B_{n+1}")
[('a', ''), ('m', '^'), (' on A', ''), ('4', '_'), (', B', ''), ('n+1', '_')]
>>> script_segments("g_q(d) × Π_3 of lctr_3d, misere_value, out_2.svg")
[('g', ''), ('q', '_'), ('(d) × Π', ''), ('3', '_'), (' of lctr_3d, misere_value, out_2.svg', '')]
>>> svg_text("5^2 & 1", size=12)
'5<tspan dy="-4.2" font-size="8.4">2</tspan><tspan dy="4.2"> &amp; 1</tspan>'
>>> svg_text("A_4", size=10)
'A<tspan dy="2" font-size="7">4</tspan>'
>>> mathtext("cr 5^2,1 on A_4: 10$")
'cr 5$^{2}$,1 on A$_{4}$: 10\\\\$'
>>> latex_formula("2^2,1"), latex_formula("B_{n+1}")
('$2^{2},1$', '$B_{n+1}$')
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

__all__ = [
    "EXPONENT_SIZE",
    "SCRIPT_PATTERN",
    "escape_latex",
    "latex_formula",
    "latex_text",
    "mathtext",
    "script_segments",
    "svg_length",
    "svg_text",
    "unicode_note",
]

#: The syntax of a raised or lowered piece, as a regular expression that Python and
#: JavaScript read alike (explicit classes, no named groups; the page gets it from
#: ``/api/games``).  Group 1, an exponent: ``^`` and digits, a parameter's name (a
#: template's ``a^m``) or a parenthesised expression (``1^(r-1)``, no nesting).
#: Group 2, a subscript: ``_`` after a one-letter name (Latin or Greek: ``A_4``,
#: ``Π_3``, not ``lctr_3d`` nor ``results_2.sqlite``), then digits or one letter that
#: no letter, digit or ``_`` follows (``g_q(d)``, not ``misere_value``); group 3, a
#: subscript in braces after a one-letter name (``B_{n+1}``).
SCRIPT_PATTERN = (
    r"\^(\d+|[A-Za-z_][A-Za-z0-9_]*|\([^()]*\))"
    r"|(?<=(?<![A-Za-z0-9_\u0370-\u03ff])[A-Za-z\u0370-\u03ff])"
    r"_(?:(\d+|[A-Za-z])(?![A-Za-z0-9_])|\{([^{}]*)\})"
)
_SCRIPT = re.compile(SCRIPT_PATTERN)

#: A piece's kind (`script_segments`): level text, raised (an exponent), lowered.
LEVEL, RAISED, LOWERED = "", "^", "_"

#: How far an exponent is raised and a subscript lowered, as fractions of the font size.
_RAISE = 0.35
_LOWER = 0.2
#: An exponent's or subscript's size, as a fraction of the font size (its text's width
#: scales with it).
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


def script_segments(text: str) -> list[tuple[str, str]]:
    """`text` in pieces, each with its kind: ``""`` level, ``"^"`` raised (an exponent),
    ``"_"`` lowered (a subscript) (`SCRIPT_PATTERN`); an exponent's parentheses and a
    subscript's braces are dropped, a ``^`` or ``_`` not followed by what the pattern
    reads is text."""
    pieces: list[tuple[str, str]] = []
    at = 0
    for match in _SCRIPT.finditer(text):
        if match.start() > at:
            pieces.append((text[at : match.start()], LEVEL))
        if match.group(1) is not None:
            pieces.append((match.group(1).removeprefix("(").removesuffix(")"), RAISED))
        else:
            pieces.append((match.group(2) or match.group(3), LOWERED))
        at = match.end()
    if at < len(text):
        pieces.append((text[at:], LEVEL))
    return pieces


def svg_text(text: str, size: float) -> str:
    """The content of an SVG ``<text>`` of font size `size` showing `text`, escaped for
    XML, each exponent (subscript) a smaller ``<tspan>`` raised (lowered) by ``dy``, and
    the text after it moved back: exact in every SVG viewer and converter, unlike
    ``baseline-shift``."""
    shift = {LEVEL: 0.0, RAISED: -size * _RAISE, LOWERED: size * _LOWER}
    small = svg_length(size * EXPONENT_SIZE)
    out: list[str] = []
    at = 0.0  # the current shift from the baseline
    for piece, kind in script_segments(text):
        move = shift[kind] - at
        dy = f' dy="{svg_length(move)}"' if move else ""
        if kind == LEVEL:
            out.append(f"<tspan{dy}>{escape(piece)}</tspan>" if dy else escape(piece))
        else:
            out.append(f'<tspan{dy} font-size="{small}">{escape(piece)}</tspan>')
        at = shift[kind]
    return "".join(out)


def mathtext(text: str) -> str:
    """`text` for a matplotlib title or label: exponents as ``$^{2}$`` and subscripts as
    ``$_{4}$`` (mathtext), every other ``$`` escaped so that it is printed as it is."""
    return "".join(
        f"${kind}{{{piece}}}$" if kind else piece.replace("$", r"\$")
        for piece, kind in script_segments(text)
    )


def latex_formula(text: str) -> str:
    """`text` (a position such as ``2^2,1``) as a LaTeX formula, ``$2^{2},1$``: exponents
    raised, subscripts lowered, LaTeX's special characters escaped."""
    body = "".join(
        f"{kind}{{{escape_latex(piece, math=True)}}}" if kind else escape_latex(piece, math=True)
        for piece, kind in script_segments(text)
    )
    return f"${body}$"


def latex_text(text: str) -> str:
    """`text` (a title, a caption) as LaTeX text: escaped, exponents raised, ``$^{2}$``,
    subscripts lowered, ``$_{4}$``.

    >>> print(latex_text("cr 5^2,1 on A_4: value ≤ 3"))
    cr 5$^{2}$,1 on A$_{4}$: value $\\leq$ 3
    """
    return "".join(
        f"${kind}{{{escape_latex(piece, math=True)}}}$" if kind else escape_latex(piece)
        for piece, kind in script_segments(text)
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
