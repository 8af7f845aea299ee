"""The layers that docs/architecture.md draws hold in the code, so the picture cannot drift.

The picture is read from the docs: each line of its block that starts in the third
column is one layer, top to bottom, made of the names it lists before its description
(``x.py`` the module ``grundy.x``, ``x/`` the package ``grundy.x`` with everything in
it, ``x/__init__.py`` the package alone; a module is on the line of its most specific
name).  Every import of src/grundy — at the top, inside a function, under
``TYPE_CHECKING`` or ``importlib.import_module("literal")``, as scripts/import_cycles.py
reads them — goes down the picture or stays on its line, and none closes a cycle.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "docs/architecture.md"
MARKER = "<!-- tests/test_layers.py reads this picture"
NAME = re.compile(r"(?:\w+/)+|(?:\w+/)*\w+\.py")
INDENT = "  "


@dataclass(frozen=True)
class Layer:
    """One line of the picture: its names (paths in src/grundy) and where it is."""

    names: tuple[str, ...]
    line: int  # in docs/architecture.md, from 1

    def __str__(self) -> str:
        return f"'{'  '.join(self.names)}' (docs/architecture.md:{self.line})"


def parse_layers(markdown: str) -> list[Layer]:
    """The layers of the picture after `MARKER` in `markdown`, top to bottom."""
    start = markdown.find(MARKER)
    assert start >= 0, f"docs/architecture.md has lost its picture's marker {MARKER!r}"
    fence = markdown.index("```\n", start)
    first_line = markdown.count("\n", 0, fence) + 2
    block = markdown[fence + 4 : markdown.index("```", fence + 4)]
    layers = []
    for number, text in enumerate(block.splitlines(), start=first_line):
        if not text.startswith(INDENT) or text[len(INDENT)].isspace():
            continue  # a description or a │ going on from the layer above
        names = []
        for word in text.split():
            if not NAME.fullmatch(word):
                break
            names.append(word)
        assert names, f"docs/architecture.md:{number} starts a layer but names no module"
        layers.append(Layer(tuple(names), number))
    return layers


def module_of(name: str) -> str:
    """The module or package of grundy that a name of the picture stands for."""
    path = name.removesuffix("/").removesuffix(".py").removesuffix("__init__").rstrip("/")
    return ".".join(["grundy", *filter(None, path.split("/"))])


def placer(layers: list[Layer]) -> tuple[dict[str, int], dict[str, int]]:
    """(module named by an ``x.py`` → its layer's index, package named by an ``x/`` → its
    layer's index); a name on two lines is refused."""
    modules: dict[str, int] = {}
    packages: dict[str, int] = {}
    for index, layer in enumerate(layers):
        for name in layer.names:
            places = packages if name.endswith("/") else modules
            module = module_of(name)
            assert module not in places, (
                f"{name} is on two lines: {layers[places[module]]}, {layer}"
            )
            places[module] = index
    return modules, packages


def layer_index(module: str, modules: dict[str, int], packages: dict[str, int]) -> int | None:
    """The index of `module`'s layer: that of its own ``x.py`` name, else that of the
    innermost package named ``x/`` holding it; None if the picture does not place it."""
    if module in modules:
        return modules[module]
    holders = [p for p in packages if module == p or module.startswith(p + ".")]
    return packages[max(holders, key=len)] if holders else None


def upward_imports(graph: dict[str, set[str]], layers: list[Layer]) -> list[str]:
    """Every import of `graph` that goes up the picture, in words."""
    modules, packages = placer(layers)
    where = {module: layer_index(module, modules, packages) for module in graph}
    return [
        f"{importer} on {layers[where[importer]]} imports {imported} "
        f"on {layers[where[imported]]}, a layer above it"
        for importer, imports in sorted(graph.items())
        for imported in sorted(imports)
        if where[importer] is not None
        and where[imported] is not None
        and where[imported] < where[importer]
    ]


@pytest.fixture(scope="module")
def layers() -> list[Layer]:
    return parse_layers(ARCHITECTURE.read_text(encoding="utf-8"))


def test_no_import_cycles(import_cycles: ModuleType, grundy_imports: dict[str, set[str]]) -> None:
    loops = [import_cycles.loop(grundy_imports, c) for c in import_cycles.cycles(grundy_imports)]
    assert not loops, "import cycles: " + "; ".join(" → ".join(loop) for loop in loops)


def test_every_name_in_the_picture_is_a_module(
    layers: list[Layer], grundy_imports: dict[str, set[str]]
) -> None:
    modules, packages = placer(layers)
    gone = sorted((set(modules) | set(packages)) - set(grundy_imports))
    assert not gone, f"docs/architecture.md draws modules that src/grundy lacks: {gone}"


def test_every_module_is_on_one_line(
    layers: list[Layer], grundy_imports: dict[str, set[str]]
) -> None:
    modules, packages = placer(layers)
    unplaced = [m for m in sorted(grundy_imports) if layer_index(m, modules, packages) is None]
    assert not unplaced, f"put these modules on a line of docs/architecture.md: {unplaced}"


def test_imports_go_down_the_layers(
    layers: list[Layer], grundy_imports: dict[str, set[str]]
) -> None:
    upward = upward_imports(grundy_imports, layers)
    assert not upward, "imports against docs/architecture.md:\n" + "\n".join(upward)


def test_an_upward_import_names_both_modules_and_layers(layers: list[Layer]) -> None:
    graph = {"grundy.partition": {"grundy.solver"}, "grundy.solver": {"grundy.partition"}}
    [message] = upward_imports(graph, layers)  # the downward one is fine
    assert message.startswith("grundy.partition on 'nim.py  partition.py  posets/' (docs/")
    assert " imports grundy.solver on 'solver.py  registry.py  sums.py" in message
    assert message.endswith("a layer above it")


def test_parse_layers_reads_names_before_the_description() -> None:
    markdown = (
        f"{MARKER} -->\n```\n"
        "  top/ (words)          what it does\n"
        "        │               more/ words, not.py a layer\n"
        "  a.py  pkg/__init__.py  b/ ──── and a description\n"
        "                        the bottom's description\n"
        "  c.py\n```\n"
    )
    layers = parse_layers(markdown)
    assert [layer.names for layer in layers] == [
        ("top/",),
        ("a.py", "pkg/__init__.py", "b/"),
        ("c.py",),
    ]
    assert [layer.line for layer in layers] == [3, 5, 7]
    assert [module_of(n) for n in ("top/", "a.py", "pkg/__init__.py", "__init__.py", "b/c.py")] == [
        "grundy.top",
        "grundy.a",
        "grundy.pkg",
        "grundy",
        "grundy.b.c",
    ]


def test_the_most_specific_name_places_a_module() -> None:
    layers = [Layer(("a/",), 1), Layer(("a/__init__.py", "a/b/"), 2), Layer(("a/b/c.py",), 3)]
    modules, packages = placer(layers)
    places = {m: layer_index(m, modules, packages) for m in ("grundy.a", "grundy.a.x")}
    places |= {m: layer_index(m, modules, packages) for m in ("grundy.a.b.d", "grundy.a.b.c")}
    assert places == {"grundy.a": 1, "grundy.a.x": 0, "grundy.a.b.d": 1, "grundy.a.b.c": 2}
    assert layer_index("grundy.z", modules, packages) is None
    with pytest.raises(AssertionError, match=r"a\.py is on two lines"):
        placer([Layer(("a.py",), 1), Layer(("a.py",), 2)])


def test_the_graph_counts_imports_in_functions_and_type_checking(
    tmp_path: Path, import_cycles: ModuleType
) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from pkg import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.c import x\n"
    )
    (package / "c.py").write_text("import importlib\nimportlib.import_module('pkg.a')\n")
    graph = import_cycles.import_graph(package)
    assert graph == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"}, "pkg.c": {"pkg.a"}}
    assert import_cycles.cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
