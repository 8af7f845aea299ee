"""`grundy nim add|mul|inv|pow`: nim arithmetic on integers of any size (004 §2, App. A)."""

from __future__ import annotations

from typing import Annotated

import typer

from grundy import nim
from grundy.cli.common import app
from grundy.cli.options import JsonOption
from grundy.cli.printing import console, emit

OPERATIONS = ("add", "mul", "inv", "pow")


def _read(text: str) -> int:
    """A nimber from the command line: decimal, 0x…, 0b… or 0o…, ASCII digits only."""
    try:
        if not text.isascii():  # int() would also read "３" (fullwidth)
            raise ValueError
        value = int(text, 0)
    except ValueError:
        raise ValueError(f"{text!r} is not an integer (decimal, 0x…, 0b… or 0o…)") from None
    if value < 0:
        raise ValueError(f"nimbers are non-negative, got {text}")
    return value


@app.command("nim")
def nim_command(
    operation: Annotated[
        str, typer.Argument(help="add (nim-sum), mul (nim-product), inv (nim-inverse), pow A N.")
    ],
    numbers: Annotated[list[str], typer.Argument(help="The nimbers (decimal, 0x…, 0b…).")],
    as_json: JsonOption = False,
) -> None:
    """Nim-sum, nim-product, nim-inverse or nim-power of non-negative integers."""
    op = operation.lower()
    if op not in OPERATIONS:
        raise ValueError(f"unknown operation {operation!r}; use one of {', '.join(OPERATIONS)}")
    args = [_read(t) for t in numbers]
    if op == "add":
        result = nim.add(*args)
    elif op == "mul":
        result = nim.mul(*args)
    elif op == "inv":
        if len(args) != 1:
            raise ValueError("nim inv takes exactly one number")
        result = nim.inv(args[0])
    else:
        if len(args) != 2:
            raise ValueError("nim pow takes two numbers: A N (N may not be negative here)")
        result = nim.power(args[0], args[1])
    data = {"operation": op, "arguments": args, "value": result}
    symbol = {"add": " ⊕ ", "mul": " ⊗ "}.get(op)
    if symbol:
        text = symbol.join(map(str, args))
    elif op == "inv":
        text = f"{args[0]}⁻¹"
    else:
        text = f"{args[0]}^⊗{args[1]}"
    emit(data, as_json, lambda: console.print(f"{text} = [bold]{result}[/bold]"))
