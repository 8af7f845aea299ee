"""A Griffe extension for the documentation site: doctest examples shown as code.

grundy's docstrings are prose with doctest examples (``>>>`` lines and their output)
wherever they help, not in an "Examples:" section, so Markdown would run them into the
paragraph around them.  This extension fences each such block as ``pycon`` (a Python
console session, highlighted) before mkdocstrings renders the docstring; the docstrings
themselves stay plain doctests, which pytest runs (``--doctest-modules``).  mkdocs.yml
names this file among mkdocstrings' extensions.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

# A doctest directive such as "# doctest: +ELLIPSIS" is for the test runner, not the reader.
DIRECTIVE = re.compile(r"\s*#\s*doctest:.*$")


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


class DoctestBlocks(griffe.Extension):
    """Fence the doctest blocks of every docstring Griffe loads."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Rewrite the object's docstring, if it has one, before it is parsed."""
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
