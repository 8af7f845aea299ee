"""The reference of the documentation site: the command line, and a page per module of
grundy's public Python API.

mkdocs-gen-files runs this file while `mkdocs build` collects the pages (see mkdocs.yml);
it writes nothing to disk.

The command line's page is made from the commands themselves: every command's help, as
``grundy COMMAND --help`` prints it, in the order ``grundy --help`` lists them; a new
command or option appears without anyone editing this file.

The public API is decided in grundy itself (``grundy._PUBLIC_API``, whose top-level names
`dir(grundy)` lists), and nowhere else: the modules a user is told to import (the README,
the tutorials).  An entry ``package.*`` stands for the package and every module under it,
so a new game or analysis gets its page without an edit anywhere; the rest of grundy (the
command line's and the web page's code, the compiled search, ...) is internal, and so is
any module whose name starts with an underscore or names compiled code (``*kernel``,
``*engine``: numba kernels reached through the public rules).  An entry
that matches no module is an error (a module renamed or moved): the build fails, naming
it.  `tests/test_docs.py` checks the pages against the modules Python's own `pkgutil`
finds.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator
from pathlib import Path

import grundy

SOURCE = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "grundy"

#: The public API: what ``import grundy`` gives, and the modules and packages below it that
#: the README and the tutorials import from (`grundy._PUBLIC_API`).
PUBLIC = (PACKAGE, *(f"{PACKAGE}.{entry}" for entry in grundy._PUBLIC_API))

#: Internal wherever it is: a name part starting with "_", or a module of compiled code.
INTERNAL = re.compile(r"(^|\.)_|(kernel|engine)$")


def modules(source: Path = SOURCE, package: str = PACKAGE) -> dict[str, str]:
    """Every module and package under ``source/package``, with the path of its page under
    ``reference/`` (a package's page is the index of its folder).

    >>> pages = modules()
    >>> pages["grundy"], pages["grundy.atlas"], pages["grundy.atlas.build"]
    ('grundy/index.md', 'grundy/atlas/index.md', 'grundy/atlas/build.md')
    """
    pages = {}
    for path in (source / package).rglob("*.py"):
        parts = path.relative_to(source).with_suffix("").parts
        module = ".".join(part for part in parts if part != "__init__")
        pages[module] = "/".join(parts).replace("__init__", "index") + ".md"
    return pages


def is_public(module: str, public: tuple[str, ...] = PUBLIC) -> bool:
    """Whether `module` is in the public API: named in `public` (itself, or under an entry
    ``package.*``) and not internal (`INTERNAL`).

    >>> modules = ("grundy.games.chomp.chomp", "grundy.games.chomp.chomp_kernel", "grundy.cli")
    >>> [is_public(m) for m in modules]
    [True, False, False]
    """
    if INTERNAL.search(module):
        return False
    return any(
        module == entry.removesuffix(".*")
        or (entry.endswith(".*") and module.startswith(entry.removesuffix("*")))
        for entry in public
    )


def reference_pages(source: Path = SOURCE, package: str = PACKAGE) -> dict[str, str]:
    """The public modules and packages (`is_public`), each with its page, sorted by name.

    >>> pages = reference_pages()
    >>> "grundy.games.chomp.chomp" in pages, "grundy.games.chomp.chomp_kernel" in pages
    (True, False)
    """
    found = modules(source, package)
    missing = [e for e in PUBLIC if not any(is_public(m, (e,)) for m in found)]
    if missing:
        raise LookupError(f"PUBLIC ({Path(__file__).name}) names no public module: {missing}")
    return {module: page for module, page in sorted(found.items()) if is_public(module)}


def page_text(module: str) -> str:
    """The page: the module's heading and mkdocstrings' rendering of its docstrings."""
    return f"# `{module}`\n\n::: {module}\n"


def summary(pages: dict[str, str]) -> str:
    """The navigation of the reference (mkdocs-literate-nav): the command line, then each
    module under its package.

    >>> print(summary({"grundy": "grundy/index.md", "grundy.nim": "grundy/nim.md"}), end="")
    * [Command line](cli.md)
    * [grundy](grundy/index.md)
        * [grundy.nim](grundy/nim.md)
    """
    lines = [f"{'    ' * module.count('.')}* [{module}]({page})" for module, page in pages.items()]
    return "\n".join(["* [Command line](cli.md)", *lines]) + "\n"


def command_paths(command: object, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The path of `command` (a Typer command) and of every command under it, in the order
    its help lists them, each group before its own commands."""
    import typer

    yield path
    if isinstance(command, typer.core.TyperGroup):
        ctx = typer.Context(command)
        for name in command.list_commands(ctx):
            yield from command_paths(command.get_command(ctx, name), (*path, name))


def cli_page() -> str:
    """The command line's page: ``grundy --help``, then each command's help under its own
    heading, as the command prints it (plain text: the help's boxes and colours are for a
    terminal)."""
    import typer

    from grundy.cli import app, main

    rich = app.rich_markup_mode
    app.rich_markup_mode = None  # typer's plain help: click's, what `grundy` prints without rich
    sections = [
        "# The command line\n\n"
        "Every command's help, as `grundy COMMAND --help` prints it (this page is made from "
        "the commands when the site is built)."
    ]
    try:
        for path in command_paths(typer.main.get_command(app)):
            help_text = io.StringIO()
            with contextlib.redirect_stdout(help_text):
                status = main([*path, "--help"])
            if status != 0:
                raise RuntimeError(f"`grundy {' '.join(path)} --help` exited with {status}")
            heading = f"{'#' * (len(path) + 1)} `{' '.join(('grundy', *path))}`\n\n" if path else ""
            sections.append(f"{heading}```text\n{help_text.getvalue().rstrip()}\n```")
    finally:
        app.rich_markup_mode = rich
    return "\n\n".join(sections) + "\n"


def write_reference() -> None:
    """Write the pages and their navigation into the site being built."""
    import mkdocs_gen_files

    pages = reference_pages()
    for module, page in pages.items():
        with mkdocs_gen_files.open(f"reference/{page}", "w") as file:
            file.write(page_text(module))
    with mkdocs_gen_files.open("reference/cli.md", "w") as file:
        file.write(cli_page())
    with mkdocs_gen_files.open("reference/SUMMARY.md", "w") as nav:
        nav.write(summary(pages))


# mkdocs-gen-files runs the script with runpy.run_path, whose default module name this is.
if __name__ in {"__main__", "<run_path>"}:
    write_reference()
