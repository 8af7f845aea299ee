"""List the import cycles of a package: every import counts, wherever it is written.

An import at the top of a module, inside a function or under ``TYPE_CHECKING``
is an edge of the graph alike (the layer order of docs/architecture.md holds
for all of them), and so is ``importlib.import_module("a.literal.name")``.  A
cycle is a strongly connected component of more than one module, or a module
importing itself.

Usage: python scripts/import_cycles.py [SRC_DIR]   (default: src/grundy)
Prints each cycle (its modules, then one loop through them) and the count;
exits 1 when there is any.

>>> graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
>>> cycles(graph)
[['a', 'b', 'c']]
>>> loop(graph, ["a", "b", "c"])
['a', 'b', 'c', 'a']
"""

from __future__ import annotations

import ast
import sys
from collections import deque
from collections.abc import Iterator
from pathlib import Path

__all__ = ["cycles", "import_graph", "loop"]


def import_graph(src_dir: str | Path) -> dict[str, set[str]]:
    """Module → the modules of the same package it imports, for the package at `src_dir`.

    `src_dir` is the package's folder (e.g. ``src/grundy``); modules are named
    from it (``grundy.render.young``; a package by its ``__init__``).  ``from
    P import x`` is an edge to ``P.x`` when that is a module of the package,
    else to ``P`` (the parent packages an import loads first are not edges);
    imports of other packages are left out.
    """
    root = Path(src_dir).resolve()
    if not (root / "__init__.py").is_file():
        raise ValueError(f"{src_dir} is not a package folder (it has no __init__.py)")
    names = {_module_name(root, path): path for path in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = {
            _existing(target, names)
            for target in _imported(tree, name, is_package)
            if _existing(target, names) not in (None, name)
        }
    return graph


def _existing(target: tuple[str, str | None], names: dict[str, Path]) -> str | None:
    """The module of the package that an import of (module, name or None) loads, if any."""
    module, attribute = target
    if attribute is not None and f"{module}.{attribute}" in names:
        return f"{module}.{attribute}"
    return module if module in names else None


def _module_name(root: Path, path: Path) -> str:
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[str, str | None]]:
    """(module, name imported from it or None) for every import anywhere in `tree`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, module, is_package)
            for alias in node.names:
                yield base, alias.name
        elif _is_import_call(node):
            yield node.args[0].value.partition(":")[0], None  # type: ignore[attr-defined]


def _is_import_call(node: ast.AST) -> bool:
    """``importlib.import_module("literal")``, ``import_module(…)`` or ``__import__(…)``."""
    if not (isinstance(node, ast.Call) and node.args):
        return False
    first = node.args[0]
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name in ("import_module", "__import__")


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute name of the module a ``from … import`` reads from."""
    if not node.level:
        return node.module or ""
    package = module.split(".") if is_package else module.split(".")[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of `graph`: its strongly connected components of more than one
    module (or a module importing itself), each sorted, in order of their first module.

    Tarjan's algorithm, iterative (no recursion limit).
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph.get(node, ()):
                    found.append(sorted(component))
    return sorted(found)


def loop(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One shortest loop through the first module of a cycle (`cycles`), within it."""
    members = set(component)
    start = component[0]
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph.get(node, ())):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if child in members and child not in came_from:
                came_from[child] = node
                queue.append(child)
    raise ValueError(f"{start} is on no loop within {component}")


def main(argv: list[str]) -> int:
    src = argv[1] if len(argv) > 1 else str(Path(__file__).resolve().parent.parent / "src/grundy")
    graph = import_graph(src)
    found = cycles(graph)
    for component in found:
        print(f"cycle of {len(component)} modules: {', '.join(component)}")
        print("  e.g. " + " → ".join(loop(graph, component)))
    print(f"{len(found)} import cycles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
