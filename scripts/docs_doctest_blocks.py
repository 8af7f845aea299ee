"""A Griffe extension for the documentation site: doctest examples and plain-text tables
shown as code.

grundy's docstrings are prose with doctest examples (``>>>`` lines and their output)
wherever they help, not in an "Examples:" section, so Markdown would run them into the
paragraph around them; a few hold a table laid out in plain text (reStructuredText's
simple table, rows between lines of ``===``), which Markdown would run together too.
This extension fences each doctest block as ``pycon`` (a Python console session,
highlighted) and each such table as ``text``, before mkdocstrings renders the docstring;
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


class DoctestBlocks(griffe.Extension):
    """Fence the doctest blocks and plain-text tables of every docstring Griffe loads."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Rewrite the object's docstring, if it has one, before it is parsed."""
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(fence_tables(obj.docstring.value))
