"""Parameters several commands share, declared once and handed to each as one dataclass.

A command declares one parameter annotated with the dataclass, its bundle; `bundled`
writes the command's signature for typer, which reads it (`__signature__`): the bundle's
arguments first, then the command's own parameters, the bundle's chosen options where the
bundle parameter stands, in the order chosen.  The command is called with what was given
as one instance of the dataclass; a field whose option it does not take keeps its default.
The game commands bundle theirs in `grundy.cli.game_options`, the `grundy poset` commands
in `grundy.cli.poset`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

Command = TypeVar("Command", bound=Callable[..., Any])


def bundled(
    bundle: type, arguments: dict[str, Any], options: dict[str, Any]
) -> Callable[[Command], Command]:
    """Give a command the `arguments` and `options` of the dataclass `bundle` (each a field's
    name → its declaration, an `Annotated` type typer reads), handed to it as one `bundle`."""
    defaults = {field.name: field.default for field in fields(bundle)}
    keyword = inspect.Parameter.KEYWORD_ONLY

    def decorate(command: Command) -> Command:
        signature = inspect.signature(command, eval_str=True)
        (holder,) = [p for p in signature.parameters.values() if p.annotation is bundle]
        parameters = [inspect.Parameter(n, keyword, annotation=a) for n, a in arguments.items()]
        for parameter in signature.parameters.values():
            if parameter is not holder:
                parameters.append(parameter.replace(kind=keyword))
                continue
            parameters += [
                inspect.Parameter(name, keyword, annotation=declared, default=defaults[name])
                for name, declared in options.items()
            ]

        @functools.wraps(command)
        def run(**given: Any) -> Any:
            shared = bundle(**{name: given.pop(name) for name in [*arguments, *options]})
            return command(**given, **{holder.name: shared})

        run.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in parameters}
        return run  # type: ignore[return-value]

    return decorate
