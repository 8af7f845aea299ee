"""The documentation site (`make docs`, mkdocs.yml): what it must cover, checked without
building it (CI builds it, with warnings as errors, executing the tutorials).

* the API reference has a page for every public module of grundy, as Python itself
  finds them, and its navigation lists each page once;
* every tutorial notebook is in the site's navigation and on its home page, and is stored
  without outputs (the build executes it; outputs kept in the file would be stale);
* the docstrings' doctest examples and plain-text tables are shown as code blocks.
"""

from __future__ import annotations

import importlib.util
import json
import pkgutil
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

import grundy

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TUTORIALS = sorted((DOCS / "tutorials").glob("*.ipynb"))


def load_script(name: str) -> ModuleType:
    """A module of scripts/ imported by path (scripts/ is no package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and doctest look modules up by name
    spec.loader.exec_module(module)
    return module


def site_config() -> dict:
    return yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))


def nav_pages(nav: list) -> list[str]:
    """Every page named in mkdocs.yml's navigation, in order."""
    pages: list[str] = []
    for entry in nav:
        item = next(iter(entry.values())) if isinstance(entry, dict) else entry
        pages += nav_pages(item) if isinstance(item, list) else [item]
    return pages


def public_modules() -> set[str]:
    """The public modules and packages of grundy as pkgutil finds them (no part of the
    name starting with an underscore)."""
    found = {"grundy"}
    for module in pkgutil.walk_packages(grundy.__path__, "grundy."):
        if not any(part.startswith("_") for part in module.name.split(".")):
            found.add(module.name)
    return found


def test_the_reference_has_a_page_for_every_public_module() -> None:
    pages = load_script("docs_reference").reference_pages()
    assert set(pages) == public_modules()
    assert len(set(pages.values())) == len(pages)  # no two modules on one page
    for module, page in pages.items():  # the page is where the module's source is
        source = ROOT / "src" / page.replace("index.md", "__init__.py").replace(".md", ".py")
        assert source.is_file(), (module, page)


def test_each_reference_page_renders_its_module_and_is_in_the_navigation() -> None:
    script = load_script("docs_reference")
    pages = script.reference_pages()
    summary = script.summary(pages)
    linked = re.findall(r"\* \[([\w.]+)\]\(([\w/]+\.md)\)", summary)
    assert linked == list(pages.items())
    for line, module in zip(summary.splitlines(), pages, strict=True):  # nested by package
        assert line.startswith("    " * module.count(".") + "* ")
    assert script.page_text("grundy.atlas").splitlines()[-1] == "::: grundy.atlas"
    assert "API reference" in [next(iter(e)) for e in site_config()["nav"]]


def test_every_tutorial_is_in_the_navigation_and_on_the_home_page() -> None:
    assert len(TUTORIALS) == 5  # one per workflow of issue 19
    nav = nav_pages(site_config()["nav"])
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    for notebook in TUTORIALS:
        name = f"tutorials/{notebook.name}"
        assert nav.count(name) == 1, name
        assert f"({name})" in home, name
    for page in nav:  # and every page the navigation names exists (reference: generated)
        assert page == "reference/" or (DOCS / page).is_file(), page


@pytest.mark.parametrize("notebook", TUTORIALS, ids=lambda path: path.stem)
def test_tutorials_are_stored_without_outputs(notebook: Path) -> None:
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4 and nb["metadata"]["kernelspec"]["name"] == "python3"
    code = [cell for cell in nb["cells"] if cell["cell_type"] == "code"]
    assert code and nb["cells"][0]["cell_type"] == "markdown"
    assert nb["cells"][0]["source"][0].startswith("# ")  # the page's title
    for cell in code:
        assert cell["outputs"] == [] and cell["execution_count"] is None


def test_the_site_executes_the_tutorials_and_fails_on_an_error() -> None:
    (jupyter,) = [p["mkdocs-jupyter"] for p in site_config()["plugins"] if "mkdocs-jupyter" in p]
    assert jupyter["execute"] is True and jupyter["allow_errors"] is False
    assert jupyter["cache"] is False  # executed on every build, not read back
    assert site_config()["strict"] is True


def test_doctest_examples_are_fenced_as_code() -> None:
    pytest.importorskip("griffe")  # installed with the docs extra (make docs, make test)
    fence = load_script("docs_doctest_blocks").fence_doctests
    text = "A sum:\n\n    >>> 1 + 2\n    3\n\nThen prose.\n>>> 'a'\n'a'"
    assert fence(text).split("\n") == [
        "A sum:", "", "    ```pycon", "    >>> 1 + 2", "    3", "    ```", "",
        "Then prose.", "", "```pycon", ">>> 'a'", "'a'", "```",
    ]  # fmt: skip
    assert fence(fence(text)) == fence(text)  # a fenced block is left alone
    plain = "No examples here.\n\n```python\n>>> inside a fence already\n```"
    assert fence(plain) == plain


def test_plain_text_tables_are_fenced_as_code() -> None:
    pytest.importorskip("griffe")
    fence = load_script("docs_doctest_blocks").fence_tables
    table = ["=====  ====", "key    use", "=====  ====", "``a``  add", "=====  ===="]
    text = "\n".join(["Keys:", *table, "", "Then prose."])
    assert fence(text).split("\n") == ["Keys:", "", "```text", *table, "```", "", "Then prose."]
    assert fence("a\n====\nnot a table: one column") == "a\n====\nnot a table: one column"


def test_the_scripts_own_examples() -> None:
    import doctest

    pytest.importorskip("griffe")
    for name in ("docs_reference", "docs_doctest_blocks"):
        failed, tried = doctest.testmod(load_script(name))
        assert tried and not failed, name
