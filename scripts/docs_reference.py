"""The API reference of the documentation site: one page per public module of grundy.

mkdocs-gen-files runs this file while `mkdocs build` collects the pages (see mkdocs.yml);
it writes nothing to disk.  The modules are found by walking ``src/grundy``, so a new
module gets its page without anyone editing a list; `tests/test_docs.py` checks that the
pages cover exactly the modules Python's own `pkgutil` finds.  A module or package is
public when no part of its dotted name starts with an underscore.
"""

from __future__ import annotations

from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "grundy"


def reference_pages(source: Path = SOURCE, package: str = PACKAGE) -> dict[str, str]:
    """The public modules and packages under ``source/package``, each with its page under
    ``reference/`` (a package's page is the index of its folder), sorted by name.

    >>> pages = reference_pages()
    >>> pages["grundy"], pages["grundy.atlas"], pages["grundy.atlas.build"]
    ('grundy/index.md', 'grundy/atlas/index.md', 'grundy/atlas/build.md')
    """
    pages = {}
    for path in (source / package).rglob("*.py"):
        parts = path.relative_to(source).with_suffix("").parts
        if any(part.startswith("_") for part in parts if part != "__init__"):
            continue
        module = ".".join(part for part in parts if part != "__init__")
        pages[module] = "/".join(parts).replace("__init__", "index") + ".md"
    return dict(sorted(pages.items()))


def page_text(module: str) -> str:
    """The page: the module's heading and mkdocstrings' rendering of its docstrings."""
    return f"# `{module}`\n\n::: {module}\n"


def summary(pages: dict[str, str]) -> str:
    """The navigation of the reference (mkdocs-literate-nav): each module under its package.

    >>> print(summary({"grundy": "grundy/index.md", "grundy.nim": "grundy/nim.md"}), end="")
    * [grundy](grundy/index.md)
        * [grundy.nim](grundy/nim.md)
    """
    lines = [f"{'    ' * module.count('.')}* [{module}]({page})" for module, page in pages.items()]
    return "\n".join(lines) + "\n"


def write_reference() -> None:
    """Write the pages and their navigation into the site being built."""
    import mkdocs_gen_files

    pages = reference_pages()
    for module, page in pages.items():
        with mkdocs_gen_files.open(f"reference/{page}", "w") as file:
            file.write(page_text(module))
    with mkdocs_gen_files.open("reference/SUMMARY.md", "w") as nav:
        nav.write(summary(pages))


# mkdocs-gen-files runs the script with runpy.run_path, whose default module name this is.
if __name__ in {"__main__", "<run_path>"}:
    write_reference()
