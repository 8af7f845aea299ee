"""`grundy sequence`: the nim-sequence of a take-and-break game, and its certified period."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.interrupts import interruptible, starts_over
from grundy.cli.options import option
from grundy.cli.printing import console, emit
from grundy.cli.progress import progress_bar

LastHeapOption = option(int, "--heaps", min=0, help="Compute G(0), …, G(N) (N heaps).")
#: The most values the text output lists (--json lists every one).
SHOWN = 1200
#: Values a line of the text output.
PER_LINE = 12


@app.command("sequence")
@game_options("json")
def sequence_command(shared: GameOptions, heaps: LastHeapOption = 100) -> None:
    """The nim-sequence G(0), …, G(N) of a take-and-break game (kayles, dawson-kayles,
    grundy-game, or an octal code such as 0.137), from its compiled kernel, with its period
    and pre-period certified by the octal periodicity theorem (Winning Ways ch. 4), or how
    far it was checked.
    """
    rules = shared.rules()
    compute = getattr(rules, "nim_sequence", None)
    if compute is None:
        raise ValueError(
            f"{rules.name} has no nim-sequence: it is not played on heaps (grundy sequence "
            "takes a take-and-break game: kayles, dawson-kayles, grundy-game, 0.137, …)"
        )
    doing = f"computing the nim-sequence of {rules.name} to heap {heaps:,}"
    with interruptible(doing, starts_over), progress_bar(escape(doing)) as bar:
        found = compute(heaps, bar.update)
    values = found.values.tolist()
    rule = found.rule
    period = found.period
    data: dict[str, Any] = {
        "game": rules.name,
        "rule": str(rule),
        "heaps": heaps,
        "sequence": values,
        "certified": period is not None,
        "period": None if period is None else period.period,
        "preperiod": None if period is None else period.preperiod,
        "checked": found.computed - 1,
        "needed": found.needed,
        "octal": rule.is_octal,
    }

    def show() -> None:
        named = rules.name if rules.name == str(rule) else f"{rules.name} ({rule})"
        console.print(f"# {escape(named)}: G(0) … G({heaps:,})")
        width = len(str(max(values[:SHOWN])))
        for start in range(0, min(len(values), SHOWN), PER_LINE):
            row = " ".join(str(v).rjust(width) for v in values[start : start + PER_LINE])
            console.print(f"{start:>8}: {row}")
        if len(values) > SHOWN:
            console.print(f"… {len(values) - SHOWN:,} more values (--json lists every one)")
        console.print(_verdict(data, rule.why_not_octal, rule.t))

    emit(data, shared.as_json, show)


def _verdict(data: dict[str, Any], why_not_octal: str | None, t: int) -> str:
    """The period line: certified, with the theorem's range; or how far it was checked."""
    checked = f"G(0) … G({data['checked']:,})"
    if data["certified"]:
        e, p = data["preperiod"], data["period"]
        return (
            f"period {p:,}, pre-period {e:,}: certified by the octal periodicity theorem, "
            f"G(n + {p:,}) = G(n) for {e:,} ≤ n < 2·{e:,} + {p:,} + {t} = "
            f"{2 * e + p + t:,}, checked on {checked}"
        )
    if why_not_octal is not None:
        return (
            f"no period certified: the octal periodicity theorem does not apply "
            f"({why_not_octal}); computed {checked}"
        )
    return (
        f"no period certified within {checked}: the theorem proves a period p with "
        "pre-period e once G(0) … G(2e + 2p + t − 1) agree with it "
        "(a larger --heaps checks further)"
    )
