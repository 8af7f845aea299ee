"""The results store on the command line: which one (`--store`, `--no-store`), and what an
interrupted sweep or count says it kept."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from grundy.cli.interrupts import starts_over
from grundy.cli.reading import refuse_together
from grundy.game import Ruleset

if TYPE_CHECKING:
    from grundy.results import Store


def open_store(store: Path | None, no_store: bool = False, writes: bool = True) -> Store | None:
    """The results store of `--store`, else of $GRUNDY_STORE, else the default one
    (`grundy.results.default_path`); None with `--no-store` (both together are refused).

    A store the user named (`--store`, $GRUNDY_STORE) that fails is an error (a
    `StoreError`).  The default store, which nobody asked for, may be impossible to
    make or (`writes`) to write, as for a user whose home folder is read-only: then one
    line on stderr says so and the command goes on without a store (None).

    >>> import contextlib, io, pathlib, tempfile
    >>> from unittest import mock
    >>> blocked = pathlib.Path(tempfile.mkdtemp()) / "a-file"
    >>> _ = blocked.write_text("")  # nothing can be made under a file, not even by root
    >>> unset = {"XDG_DATA_HOME": str(blocked), "GRUNDY_STORE": ""}  # "": as if unset
    >>> with mock.patch.dict(os.environ, unset), contextlib.redirect_stderr(io.StringIO()) as err:
    ...     print(open_store(None))
    None
    >>> err.getvalue().startswith("grundy: going on without the results store: ")
    True
    """
    refuse_together(
        {"--store": store is not None, "--no-store": no_store},
        "--no-store neither reads nor writes a store",
    )
    if no_store:
        return None
    from grundy.results import Store, StoreError

    if store is not None or os.environ.get("GRUNDY_STORE"):
        return Store(store)
    try:
        results = Store()
        if writes:
            results.check_writable()
    except StoreError as error:
        if error.kind not in ("read-only", "full"):
            raise
        what = str(error).split("; ")[0]
        sys.stderr.write(
            f"grundy: going on without the results store: {what}; to keep results, give "
            "--store FILE or set $GRUNDY_STORE (--no-store: no store, and no line)\n"
        )
        return None
    return results


def how_to_resume(rules: Ruleset, results: Store | None, kept: str | None) -> str:
    """What an interrupted sweep or count says: what the store keeps (`kept`, e.g. "12 of
    40 values are stored") and that a rerun goes on from there; or that nothing is kept.

    The sweep and the count store their work as it is done (`grundy.results`).
    """
    from grundy.registry import identifies

    if results is None:
        return starts_over("no results store is used")
    if not identifies(rules):
        return starts_over(f"{rules.name} is not stored (its name does not identify it)")
    if kept is None:
        return starts_over("nothing was stored yet")
    return f"{kept} in {results.path}: run the same command again to go on"


def counted_sizes(results: Store | None, rules: Ruleset, misere: bool, n_max: int) -> str | None:
    """Which sizes n ≤ n_max `results` holds tallies of, e.g. "sizes 0..12, 15 are stored",
    or None."""
    if results is None:
        return None
    sizes = results.tallies(rules.name, rules.rules_version, misere, range(n_max + 1))
    if not sizes:
        return None
    from grundy.results import sizes_text

    text = sizes_text(sizes)
    return f"size {text} is stored" if len(sizes) == 1 else f"sizes {text} are stored"
