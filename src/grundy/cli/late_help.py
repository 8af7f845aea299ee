"""Help texts made when the help is shown: the games they name come from the registry.

A command's help, or its options' and arguments', may hold a placeholder of `FILLS`
such as ``{games}``; `LateHelp`, the class of every command (`GrundyTyper`), writes in
what stands there while the help is printed.  A new game is so named without an edit to
the command line, and a command that runs, rather than showing its help, loads no game
it is not asked about (listing the games loads every game's rules, not their kernels).

>>> "lctr" in fill("The game: {games}."), fill("The piece, for {games with a piece}.")
(True, 'The piece, for chess.')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click
import typer
from typer.core import TyperCommand

from grundy.game import Ruleset, capabilities
from grundy.registry import rulesets


def _games(test: Callable[[Ruleset], bool]) -> Callable[[], str]:
    """A fill: the names of the registered games that pass `test`, comma-separated."""
    return lambda: ", ".join(rules.name for rules in rulesets() if test(rules))


def _on_sums(rules: Ruleset) -> bool:
    from grundy.sums import PartitionSumRuleset

    return isinstance(rules, PartitionSumRuleset)


def _predicate_names() -> str:
    from grundy.analysis.conjectures import predicate_help

    return predicate_help()


#: Each placeholder a help text may hold → what writes the text that stands there.
FILLS: dict[str, Callable[[], str]] = {
    "{games}": _games(lambda rules: True),
    "{games with a piece}": _games(lambda rules: "piece" in rules.parameters),
    "{games with a closed form}": _games(lambda rules: "closed_form" in capabilities(rules)),
    "{games with a counting formula}": _games(lambda rules: "count_table" in capabilities(rules)),
    "{games on sums}": _games(_on_sums),
    "{games drawing outside}": _games(lambda rules: rules.draw_outside),
    #: The names a `grundy conjecture` predicate may use (`grundy.analysis.conjectures`).
    "{predicate names}": _predicate_names,
}


def fill(text: str) -> str:
    """`text` with each placeholder of `FILLS` it holds written out."""
    for placeholder, write in FILLS.items():
        if placeholder in text:
            text = text.replace(placeholder, write())
    return text


class LateHelp(TyperCommand):
    """A command whose help, and its parameters' help, are `fill`-ed as they are shown."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Typer's help (rich or plain), with the placeholders written out meanwhile."""
        holders: list[Any] = [self, *self.params]
        texts = [getattr(holder, "help", None) for holder in holders]
        try:
            for holder, text in zip(holders, texts, strict=True):
                if text:
                    holder.help = fill(text)
            super().format_help(ctx, formatter)
        finally:
            for holder, text in zip(holders, texts, strict=True):
                if text:
                    holder.help = text


class GrundyTyper(typer.Typer):
    """`typer.Typer` whose commands are `LateHelp` unless a command names its own class."""

    def command(self, *args: Any, cls: type[TyperCommand] | None = LateHelp, **kwargs: Any) -> Any:
        """`typer.Typer.command`, a `LateHelp` by default."""
        return super().command(*args, cls=cls, **kwargs)
