"""Commands findable by name (the rule in `grundy.cli`'s docstring): `grundy X` is defined
in `grundy/cli/X.py`, a sub-command of the group `grundy X` in `cli/X.py` or `cli/X_*.py`;
an option or argument shared by several modules is declared once, in `cli/options.py`."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import grundy.cli
from grundy.cli import app

CLI = Path(grundy.cli.__file__).parent


def module_for(name: str) -> str:
    """The module named after a command or group: "ruler-asm" → "ruler_asm"."""
    return f"grundy.cli.{name.replace('-', '_')}"


def test_every_command_is_defined_in_the_module_named_after_it() -> None:
    commands = {info.name: info.callback.__module__ for info in app.registered_commands}
    assert {"value", "moves", "play", "stats", "search"} <= set(commands)
    assert commands == {name: module_for(name) for name in commands}


def test_every_sub_command_is_defined_in_its_group_s_modules() -> None:
    groups = {group.name: group.typer_instance for group in app.registered_groups}
    assert {"store", "poset"} <= set(groups)
    for name, group in groups.items():
        home = module_for(name)
        for info in group.registered_commands:
            module = info.callback.__module__
            assert module == home or module.startswith(home + "_"), (name, info.name, module)


def declares_a_type(value: ast.expr) -> bool:
    """Whether `value` is an option's or argument's type: ``Annotated[...]``, or
    ``option(...)`` / ``argument(...)`` of `grundy.cli.options`."""
    if isinstance(value, ast.Subscript):
        return isinstance(value.value, ast.Name) and value.value.id == "Annotated"
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in {"option", "argument"}
    )


def aliases(path: Path) -> set[str]:
    """The names a module binds to option and argument types at its top."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign) and declares_a_type(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def test_each_option_type_is_declared_in_one_module() -> None:
    declared: dict[str, list[str]] = defaultdict(list)
    for path in sorted(CLI.glob("*.py")):
        for name in aliases(path):
            declared[name].append(path.name)
    assert {"PositionArg", "CheckpointOption", "StoreOption"} <= set(declared)
    assert {name: files for name, files in declared.items() if len(files) > 1} == {}
