"""`grundy serve`: the web page to play and explore every game (`grundy.web`).

The web framework is imported only when the command runs, so that it costs
nothing to every other command.
"""

from __future__ import annotations

import sys

from grundy.cli.common import app
from grundy.cli.options import option

PortOption = option(int, "--port", min=0, max=65535, help="The port to listen on.")
HostOption = option(str, "--host", help="The address to listen on (this machine only by default).")
OfferedGamesOption = option(
    list[str] | None,
    "--game",
    metavar="REF",
    help="A module:attr or file.py:attr game to offer besides the registered ones "
    "(repeatable); the page plays no other reference.",
)
AllowHostOption = option(
    list[str] | None,
    "--allow-host",
    metavar="NAME",
    help="Another name the page may be reached by (repeatable); requests naming "
    "the server otherwise are refused.",
)
SolversOption = option(
    int | None,
    "--solvers",
    min=1,
    metavar="K",
    show_default="one a core",
    help="How many solver processes may run at once.",
)
SolverMemoryOption = option(
    str,
    "--solver-memory",
    metavar="SIZE",
    help="Memory each solver may use beyond the server's, e.g. 2G or 512M.",
)


@app.command("serve")
def serve_command(
    port: PortOption = 8765,
    host: HostOption = "127.0.0.1",
    games: OfferedGamesOption = None,
    allow_hosts: AllowHostOption = None,
    solvers: SolversOption = None,
    solver_memory: SolverMemoryOption = "2G",
) -> None:
    """Play and explore every game in the browser, on a local web page.

    Pick a game and a start position, play by clicking the picture (or the
    list of moves) against the computer, which plays perfectly; show the
    value of every move, step back, and explore the game tree.  Ctrl-C stops
    the server.  What the page lets others do, and what it refuses, is in
    docs/security.md.
    """
    from grundy.memory import parse_memory
    from grundy.web.server import listen

    server, warning = listen(
        host,
        port,
        games=games or (),
        allow_hosts=allow_hosts or (),
        solvers=solvers,
        solver_memory=parse_memory(solver_memory),
    )
    _python_integer_limit()
    shown = f"[{host}]" if ":" in host else host
    sys.stdout.write(f"grundy: serving http://{shown}:{server.port}/ (Ctrl-C stops)\n")
    if warning is not None:
        sys.stdout.write(warning + "\n")
    sys.stdout.flush()
    server.serve_forever()  # until Ctrl-C; then every connection is closed
    sys.stdout.write("grundy: stopped\n")


def _python_integer_limit() -> None:
    """Python's own limit on the digits of a number read or written (the command line
    lifts it): a number of a million digits costs seconds to read or print, and the
    server reads and writes what anyone sends it."""
    default = getattr(sys.int_info, "default_max_str_digits", None)
    if default is not None:
        sys.set_int_max_str_digits(default)
