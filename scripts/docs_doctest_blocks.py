"""A Griffe extension for the documentation site: doctest examples and plain-text tables
shown as code, and prose kept as prose.

grundy's docstrings are prose with doctest examples (``>>>`` lines and their output)
wherever they help, not in an "Examples:" section, so Markdown would run them into the
paragraph around them (or, at the start of a line, read ``>>>`` as three nested
quotations); a few hold a table laid out in plain text (reStructuredText's simple table,
rows between lines of ``===``), which Markdown would run together too.  This extension
fences each doctest block as ``pycon`` (a Python console session, highlighted) and each
such table as ``text``, and escapes a ``>`` that starts a line of prose (a comparison
wrapped onto a new line, never a quotation), before mkdocstrings renders the docstring;
the docstrings themselves are unchanged, and their doctests are what pytest runs
(``--doctest-modules``).  mkdocs.yml names this file among mkdocstrings' extensions.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

# A doctest directive such as "# doctest: +ELLIPSIS" is for the test runner, not the reader.
DIRECTIVE = re.compile(r"\s*#\s*doctest:.*$")
# A border line of a simple table: columns of "=" separated by spaces.
BORDER = re.compile(r"^\s*=+( +=+)+\s*$")


def fence_doctests(text: str) -> str:
    """``text`` with every doctest block (a ``>>>`` line up to the next blank line) fenced
    as a ``pycon`` code block at its own indentation, after a blank line; blocks already
    fenced are left alone.

    >>> fence_doctests("Nim:\\n>>> 1 ^ 3  # doctest: +ELLIPSIS\\n2\\n\\nDone.").split("\\n")
    ['Nim:', '', '```pycon', '>>> 1 ^ 3', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    fenced = False  # inside a ``` block of the docstring's own
    indent: str | None = None  # the indentation of the doctest block open, if one is
    for line in text.split("\n"):
        stripped = line.strip()
        if indent is not None and not stripped:
            out.append(f"{indent}```")
            indent = None
        if stripped.startswith("```") and indent is None:
            fenced = not fenced
        elif not fenced and indent is None and (stripped == ">>>" or stripped.startswith(">>> ")):
            indent = line[: len(line) - len(line.lstrip())]
            if out and out[-1].strip():
                out.append("")  # Markdown opens a fence only after a blank line
            out.append(f"{indent}```pycon")
        out.append(DIRECTIVE.sub("", line) if indent is not None else line)
    if indent is not None:
        out.append(f"{indent}```")
    return "\n".join(out)


def fence_tables(text: str) -> str:
    """``text`` with every simple table (a border line of ``=`` columns, the header, a
    border, the rows, a last border) fenced as a ``text`` code block, after a blank line.

    >>> table = ["Keys:", "===  ====", "key  use", "===  ====", "a    add", "===  ===="]
    >>> fence_tables("\\n".join(table)).split("\\n")[:3], fence_tables("no table")
    (['Keys:', '', '```text'], 'no table')
    """
    out: list[str] = []
    borders = 0  # the border lines seen of the table open (0: none is open)
    for line in text.split("\n"):
        if BORDER.match(line):
            if borders == 0:
                if out and out[-1].strip():
                    out.append("")
                out.append(f"{line[: len(line) - len(line.lstrip())]}```text")
            borders += 1
        out.append(line)
        if borders == 3:
            out.append(f"{line[: len(line) - len(line.lstrip())]}```")
            borders = 0
    return "\n".join(out)


def escape_quote_marks(text: str) -> str:
    """``text`` with a ``>`` that starts a line outside code blocks escaped (``\\>``), so
    that Markdown does not read the line as a quotation; run after the fencing.

    >>> print(escape_quote_marks("[a, b'] (b' < b, difference\\n> d)"))
    [a, b'] (b' < b, difference
    \\> d)
    """
    out: list[str] = []
    fenced = False
    for line in text.split("\n"):
        stripped = line.lstrip()
        if stripped.startswith("```"):
            fenced = not fenced
        elif not fenced and stripped.startswith(">"):
            line = f"{line[: len(line) - len(stripped)]}\\{stripped}"
        out.append(line)
    return "\n".join(out)


def prepare(text: str) -> str:
    """A docstring made ready for Markdown: its tables and doctest blocks fenced, the rest
    kept as prose."""
    return escape_quote_marks(fence_doctests(fence_tables(text)))


class DoctestBlocks(griffe.Extension):
    """Prepare every docstring Griffe loads for Markdown (`prepare`)."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """The top-level package's own docstring (Griffe calls `on_object` for its members
        only)."""
        if pkg.docstring is not None:
            pkg.docstring.value = prepare(pkg.docstring.value)

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Rewrite the object's docstring, if it has one, before it is parsed."""
        if obj.docstring is not None:
            obj.docstring.value = prepare(obj.docstring.value)
