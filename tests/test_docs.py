"""The documentation site (`make docs`, mkdocs.yml): what it must cover, checked without
building it (CI builds it, with warnings as errors, executing the tutorials; the build
itself fails on anything a page would fetch from the network, scripts/docs_offline.py).

* the reference has a page for every module of grundy's public API (the rule of
  scripts/docs_reference.py applied to what Python itself finds) and none for an internal
  one, and its navigation lists each page once;
* the command line's page is every command's own help, each under its heading;
* every tutorial notebook is in the site's navigation and on its home page, and is stored
  without outputs (the build executes it; outputs kept in the file would be stale);
* the docstrings' doctest examples and plain-text tables are shown as code blocks (the top
  package's own docstring too), and a line of prose starting with ">" stays prose;
* the site asks for nothing off-site (fonts, scripts, styles), and the check that fails
  the build finds each kind of off-site load.
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


def all_modules() -> set[str]:
    """Every module and package of grundy as pkgutil finds them."""
    return {"grundy"} | {m.name for m in pkgutil.walk_packages(grundy.__path__, "grundy.")}


def test_the_reference_has_a_page_for_every_public_module_and_no_other() -> None:
    script = load_script("docs_reference")
    pages = script.reference_pages()
    assert set(script.modules()) == all_modules()  # the script finds what Python finds
    assert set(pages) == {module for module in all_modules() if script.is_public(module)}
    assert len(set(pages.values())) == len(pages)  # no two modules on one page
    for module, page in pages.items():  # the page is where the module's source is
        source = ROOT / "src" / page.replace("index.md", "__init__.py").replace(".md", ".py")
        assert source.is_file(), (module, page)
        parent = module.rpartition(".")[0]
        assert not parent or parent in pages, module  # nested under its package's page
    # What the README and the tutorials use is there; the machinery behind it is not.
    for module in ("grundy", "grundy.atlas", "grundy.analysis.sweep", "grundy.games.chomp.chomp"):
        assert module in pages, module
    internal = ("grundy.cli", "grundy.web", "grundy.engine", "kernel", "engine", "._")
    assert not [module for module in pages if any(word in module for word in internal)]


def test_a_public_entry_that_names_no_module_fails_the_build(monkeypatch) -> None:
    script = load_script("docs_reference")
    monkeypatch.setattr(script, "PUBLIC", (*script.PUBLIC, "grundy.renamed.*"))
    with pytest.raises(LookupError, match=r"grundy\.renamed"):
        script.reference_pages()


def test_each_reference_page_renders_its_module_and_is_in_the_navigation() -> None:
    script = load_script("docs_reference")
    pages = script.reference_pages()
    summary = script.summary(pages)
    first, *modules = summary.splitlines()
    assert first == "* [Command line](cli.md)"
    linked = re.findall(r"\* \[([\w.]+)\]\(([\w/]+\.md)\)", "\n".join(modules))
    assert linked == list(pages.items())
    for line, module in zip(modules, pages, strict=True):  # nested by package
        assert line.startswith("    " * module.count(".") + "* ")
    assert script.page_text("grundy.atlas").splitlines()[-1] == "::: grundy.atlas"
    assert "Reference" in [next(iter(e)) for e in site_config()["nav"]]


def test_the_command_line_page_is_each_commands_own_help() -> None:
    import typer

    from grundy.cli import app

    script = load_script("docs_reference")
    page = script.cli_page()
    paths = list(script.command_paths(typer.main.get_command(app)))
    headings = re.findall(r"^(#+) `grundy ([\w -]+)`$", page, re.M)
    assert headings == [("#" * (len(path) + 1), " ".join(path)) for path in paths[1:]]
    assert {"sweep", "store", "atlas"} <= {path[0] for path in paths[1:]}
    assert len(re.findall(r"^```text\nUsage: grundy", page, re.M)) == len(paths)
    sweep = page.split("## `grundy sweep`")[1].split("\n## ")[0]
    assert "Usage: grundy sweep [OPTIONS]" in sweep and "--atlas DIR" in sweep
    assert "Names: value" in page  # what `conjecture`'s help adds when it is shown
    assert "GameArg" not in page and "╭" not in page  # no signatures, no terminal boxes
    assert app.rich_markup_mode is not None  # the terminal's help is as it was


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


def test_the_top_package_docstring_is_fenced_too() -> None:
    griffe = pytest.importorskip("griffe")
    extension = load_script("docs_doctest_blocks").DoctestBlocks
    extensions = griffe.load_extensions(extension)
    docstring = griffe.load("grundy", search_paths=[ROOT / "src"], extensions=extensions).docstring
    assert docstring is not None and "```pycon\n>>> import grundy" in docstring.value


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


def test_a_line_of_prose_starting_with_a_quote_mark_stays_prose() -> None:
    pytest.importorskip("griffe")
    escape = load_script("docs_doctest_blocks").escape_quote_marks
    text = "b' < b, difference\n  > d.\n```pycon\n>>> 1 > 0\n```"
    assert escape(text).split("\n") == [
        "b' < b, difference", "  \\> d.", "```pycon", ">>> 1 > 0", "```"
    ]  # fmt: skip


def test_the_site_asks_for_nothing_off_site() -> None:
    config = site_config()
    assert config["theme"]["font"] is False  # Material's default: Google Fonts
    assert "scripts/docs_offline.py" in config["hooks"]  # the check that fails the build
    for asset in [*config.get("extra_javascript", []), *config.get("extra_css", [])]:
        assert "//" not in str(asset), asset


@pytest.mark.parametrize(
    ("text", "fetched"),
    [
        ('<link rel="stylesheet" href="https://fonts.googleapis.com/css">', True),
        ('<link rel="preconnect" href="https://fonts.gstatic.com">', True),
        ('<script src="//cdn.example.org/mathjax.js"></script>', True),
        ('<img srcset="a.png 1x, https://example.org/b.png 2x">', True),
        ('<div style="background: url(https://example.org/b.png)"></div>', True),
        ("<style>@import 'https://example.org/a.css';</style>", True),
        ('<script type="module">await import("https://cdn.example.org/m.mjs")</script>', True),
        ('<a href="https://oeis.org/A000001">A000001</a>', False),
        ('<link rel="canonical" href="https://example.org/grundy/">', False),
        ('<script src="../assets/bundle.js"></script><img src="data:image/png;base64,AA">', False),
        ("<p>Run https://example.org/ by hand.</p><code>url(https://x.org)</code>", False),
    ],
)
def test_the_offline_check_finds_what_a_page_fetches(text: str, fetched: bool) -> None:
    pytest.importorskip("mkdocs")
    found = load_script("docs_offline").off_site_loads(text)
    assert bool(found) == fetched, found


def test_the_mermaid_loader_is_dropped_unless_a_diagram_needs_it() -> None:
    pytest.importorskip("mkdocs")
    offline = load_script("docs_offline")
    loader = '<script type="module">\nconst d = document.querySelectorAll(".jp-Mermaid > pre");\n'
    loader += 'await import("https://cdnjs.cloudflare.com/mermaid.esm.min.mjs");\n</script>'
    page = f"<html><script>var a = 1;</script>{loader}<p>text</p></html>"
    assert offline.on_post_page(page) == "<html><script>var a = 1;</script><p>text</p></html>"
    drawn = page.replace("<p>text</p>", '<div class="jp-Mermaid"><pre class="mermaid">')
    assert offline.on_post_page(drawn) == drawn


def test_the_scripts_own_examples() -> None:
    import doctest

    pytest.importorskip("griffe")
    pytest.importorskip("mkdocs")
    for name in ("docs_reference", "docs_doctest_blocks", "docs_offline"):
        failed, tried = doctest.testmod(load_script(name))
        assert tried and not failed, name
