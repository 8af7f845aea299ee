"""`grundy serve`: the web page to play and explore every game (`grundy.web`).

The web framework is imported only when the command runs, so that it costs
nothing to every other command.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from typing import Annotated

import typer

from grundy.cli.common import app


@app.command("serve")
def serve_command(
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="The port to listen on.")
    ] = 8765,
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on (this machine only by default).")
    ] = "127.0.0.1",
) -> None:
    """Play and explore every game in the browser, on a local web page.

    Pick a game and a start position, play by clicking the picture (or the
    list of moves) against the computer, which plays perfectly; show the
    value of every move, step back, and explore the game tree.  Ctrl-C stops
    the server.
    """
    from werkzeug.serving import WSGIRequestHandler, make_server

    from grundy.web.app import create_app

    class QuietHandler(WSGIRequestHandler):
        def log_request(self, *args: object) -> None:  # no line per request
            pass

    family = socket.AF_INET6 if ":" in host else socket.AF_INET  # as werkzeug chooses
    try:  # bound here, so that a port in use is one line of ours (werkzeug would exit)
        listening = socket.create_server((host, port), family=family)
    except OSError as exc:
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    with listening:
        server = make_server(
            host,
            port,
            create_app(),
            threaded=True,
            request_handler=QuietHandler,
            fd=listening.fileno(),
        )
    shown = f"[{host}]" if ":" in host else host
    sys.stdout.write(f"grundy: serving http://{shown}:{server.port}/ (Ctrl-C stops)\n")
    if not _loopback(host):
        sys.stdout.write("grundy: anyone who can reach this address can use the page\n")
    sys.stdout.flush()
    server.serve_forever()  # until Ctrl-C, which werkzeug catches; it closes the server
    sys.stdout.write("grundy: stopped\n")


def _loopback(host: str) -> bool:
    """Whether `host` is reachable from this machine only.

    >>> _loopback("127.0.0.1"), _loopback("localhost"), _loopback("0.0.0.0")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
