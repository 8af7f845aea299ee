"""`grundy quotient`: the partial misère quotient of a game (Plambeck–Siegel, JCTA 2008)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.interrupts import interruptible, starts_over
from grundy.cli.options import option
from grundy.cli.printing import console, emit
from grundy.cli.progress import progress_bar

HeapsOption = option(int | None, "--heaps", help="The heaps 1..N (the components written 1 … N).")
SizeOption = option(
    int | None, "--n", help="Every position of size 1..N, split into its components."
)
MaxOrderOption = option(
    int | None,
    "--max-order",
    min=2,
    help="The most elements a candidate monoid may have (default 5,000); past it, an error.",
)
#: The largest order whose multiplication table is printed (--json writes it to 64 too).
TABLE_SHOWN = 24


@app.command("quotient")
@game_options("json")
def quotient_command(
    shared: GameOptions,
    heaps: HeapsOption = None,
    n: SizeOption = None,
    max_order: MaxOrderOption = None,
) -> None:
    """The misère quotient of the sums of a game's heaps 1..N (--heaps) or of the
    components of its positions of size ≤ N (--n): its order, a presentation (generators
    and relations), its P-portion, the element of each component and the multiplication
    table.  The outcome of any sum of those components is then a product and a lookup.
    Built one component at a time and checked by a finite certificate (the order is
    even, as every misère quotient's); an infinite or very large quotient stops with an
    error at --max-order elements.
    """
    from grundy.misere.construction import MAX_ORDER, quotient_of

    if (heaps is None) == (n is None):
        raise ValueError("give the heaps (--heaps N) or the size of positions (--n N), one of them")
    rules = shared.rules()
    asked = f"heaps 1..{heaps}" if heaps is not None else f"positions of size ≤ {n}"
    doing = f"building the misère quotient of {rules.name}, {asked}"
    with interruptible(doing, starts_over), progress_bar(escape(doing)) as bar:
        quotient = quotient_of(
            rules, heaps=heaps, n=n, max_order=max_order or MAX_ORDER, progress=bar.update
        )
    data: dict[str, Any] = {"game": rules.name, "heaps": heaps, "n": n, **quotient.as_dict()}

    def show() -> None:
        console.print(
            f"# the misère quotient of {escape(quotient.title)}: order {quotient.order}, "
            f"P-portion of {len(quotient.p_portion)}",
            soft_wrap=True,
        )
        generators = ", ".join(f"{g} = {escape(c)}" for g, c in data["generators"].items())
        console.print(f"generators: {generators or 'none (the trivial quotient)'}", soft_wrap=True)
        console.print(f"relations: {', '.join(data['relations']) or 'none'}", soft_wrap=True)
        console.print(f"P-portion: {', '.join(data['p_portion']) or 'empty'}", soft_wrap=True)
        console.print("elements of the components:")
        for name, word in data["components"].items():
            console.print(f"  {escape(name)}: {word}", soft_wrap=True)
        if quotient.order > TABLE_SHOWN:
            console.print(
                f"multiplication table: order {quotient.order} is too large to print "
                f"(past {TABLE_SHOWN}); --json writes it up to order 64"
            )
            return
        console.print("multiplication table:")
        width = max(len(w) for w in data["elements"])
        for row in quotient.table():
            console.print("  " + " ".join(w.ljust(width) for w in row))

    emit(data, shared.as_json, show)
