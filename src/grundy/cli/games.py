"""`grundy games`: every game grundy knows, with what each can do."""

from __future__ import annotations

from rich.table import Table

from grundy.cli.common import app
from grundy.cli.options import JsonOption, LatexOption
from grundy.cli.printing import emit_tables
from grundy.game import capabilities, partizan_capabilities
from grundy.partizan import get_partizan, partizan_names
from grundy.registry import rulesets


@app.command("games")
def games_command(latex: LatexOption = None, as_json: JsonOption = False) -> None:
    """Every game grundy knows (built-in and plug-ins), with what each can do; the partizan
    games (CRPM, CRPS) say so."""
    rows = [
        {
            "name": rules.name,
            "aliases": list(rules.aliases),
            "description": rules.description,
            "reference": rules.reference,
            "parameters": dict(rules.parameters),
            "capabilities": capabilities(rules),
        }
        for rules in rulesets()
    ]
    rows += [  # partizan games (issue 26): valued by `value`, `moves`, `count`
        {
            "name": rules.name,
            "aliases": list(rules.aliases),
            "description": rules.description,
            "reference": rules.reference,
            "parameters": {},
            "capabilities": ["partizan", *partizan_capabilities(rules)],
        }
        for rules in map(get_partizan, partizan_names())
    ]

    table = Table(title="games (use a name, or module:attr for your own ruleset)")
    for column in ("name", "description", "capabilities"):
        table.add_column(column, overflow="fold")
    for row in rows:
        name = row["name"] + "".join(f"\n  {a}" for a in row["aliases"])
        table.add_row(name, row["description"], ", ".join(row["capabilities"]))
    data = {"games": rows}
    emit_tables(data, [table], latex, as_json)
