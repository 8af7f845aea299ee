"""The drivers of `grundy.engine.drivers`, compiled for one options kernel and cached on disk.

numba can keep compiled code on disk, but not for a function that receives
another compiled function as an argument: the kernel then becomes a dynamic
global and numba refuses to cache it, so every process would recompile the
drivers (seconds per command).  Instead each kernel gets its own copy of the
drivers' source: a small generated module in the cache folder
(`grundy.engine.cache`) whose globals bind ``expand`` and ``canonical`` to
the kernel, compiled with `cached_njit`.  The module's name carries a
digest of the kernel's identity — its name, the source files of ``expand``
and ``canonical``, and the constants a kernel factory closed over (the steps
of a piece) — so a changed kernel gets a fresh module and a fresh cache.

Compiling a kernel's drivers takes seconds; the first compile of a kernel's
code in a process (numba broadcasts it only when the code is not in the disk
cache) prints one line on stderr saying so, on a terminal or not: a script's
log and a notebook (whose cell shows stderr) explain the pause too
(`compile_notices`).

A kernel whose identity cannot be digested (no source file, or a closure
over something other than plain constants), or any kernel where there is no
disk cache, is compiled in memory: correct, only slower to start.

>>> from grundy import get_ruleset
>>> kernel = get_ruleset("cr").kernel
>>> drivers = compiled_drivers(kernel.expand, kernel.canonical, kernel.name)
>>> sorted(drivers)  # compiled at their first call, or loaded from the disk cache
['mex_run', 'test_run']
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import pickle
import re
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit
from numba.core import event

from grundy.atomic import write_text_atomic
from grundy.engine import drivers
from grundy.engine.cache import cache_subfolder, cached_njit

__all__ = ["compile_notices", "compiled_drivers"]

TEMPLATES = (drivers.mex_run, drivers.test_run)
_CONSTANT_TYPES = (bool, int, float, str, bytes, np.ndarray, np.generic)
#: About how long the drivers of a kernel take to compile (a 2-core machine, 2026).
DRIVERS_SECONDS = 6


def compiled_drivers(
    expand: Callable[..., int], canonical: Callable[..., Any], name: str
) -> dict[str, Callable[..., int]]:
    """``{"mex_run": …, "test_run": …}`` compiled for this kernel (lazily, at first call)."""
    return specialised(TEMPLATES, expand, canonical, name, seconds=DRIVERS_SECONDS)


def specialised(
    templates: tuple[Callable[..., Any], ...],
    expand: Callable[..., int],
    canonical: Callable[..., Any],
    name: str,
    seconds: float = 3,
    also: dict[str, Callable[..., Any]] | None = None,
) -> dict[str, Callable[..., Any]]:
    """The plain functions `templates` (all of one module, whose globals they see, with
    ``expand`` and ``canonical`` free) compiled for one kernel, by name, cached on disk as
    `compiled_drivers` is: the way the atlas's level engine binds a kernel too.  `seconds`:
    about how long they take to compile, for the line on stderr.  `also`: more of the
    kernel's compiled functions the templates call, by the names they call them
    (the retrograde levels' ``unmove``)."""
    home = sys.modules[templates[0].__module__]
    kind = home.__name__.rsplit(".", 1)[-1]
    source = _source(templates, home.__name__, name)
    identity = _identity(expand, canonical, name, also)
    path = None
    if identity is not None and (folder := cache_subfolder("drivers")) is not None:
        path = _write_module(folder, kind, name, identity, source)
    # numba re-imports a cached function's module by name, so the module is registered
    module = types.ModuleType(path.stem if path else f"_grundy_{kind}_{id(expand):x}")
    namespace = module.__dict__
    namespace.update((k, v) for k, v in vars(home).items() if not k.startswith("__"))
    namespace.update(expand=expand, canonical=canonical, **(also or {}))
    exec(compile(source, str(path) if path else f"<{kind} of {name}>", "exec"), namespace)
    sys.modules[module.__name__] = module
    _NOTICES[module.__name__] = _notice(home.__name__, name, path is not None, seconds)
    jit = cached_njit if path is not None else njit
    compiled = {t.__name__: jit(namespace[t.__name__]) for t in templates}
    namespace.update(compiled)  # templates call one another compiled (bound at first call)
    return compiled


def _notice(home: str, name: str, kept: bool, seconds: float) -> str:
    """What the first compile of a kernel's functions says on stderr.

    >>> _notice("grundy.engine.box_levels", "chomp", True, 3)
    "compiling the chomp kernel's atlas box levels, once — about 3 s"
    """
    what = f"the {name} kernel"
    if home != drivers.__name__:  # the atlas's level engines: levels.py, box_levels.py
        what += "'s atlas " + home.rsplit(".", 1)[-1].replace("_", " ")
    return f"compiling {what}{', once' if kept else ''} — about {seconds:g} s"


#: The generated module of each kernel's functions → its line; the lines said so far.
_NOTICES: dict[str, str] = {}
_SAID: set[str] = set()
_shown = True


@contextlib.contextmanager
def compile_notices(shown: bool) -> Iterator[None]:
    """Show (or hold back, for a command with its own progress line) the line stderr
    gets when a kernel's code is compiled."""
    global _shown
    before, _shown = _shown, shown
    try:
        yield
    finally:
        _shown = before


class _FirstCompile(event.Listener):
    """Says on stderr (a terminal, a file, a notebook's cell), once per process and
    kernel, that the kernel's code is being compiled: numba broadcasts "numba:compile"
    only for code not found in the disk cache."""

    def on_start(self, compiling: event.Event) -> None:
        notice = _NOTICES.get(compiling.data["dispatcher"].py_func.__module__)
        if notice is None or notice in _SAID or not _shown:
            return
        _SAID.add(notice)
        print(notice, file=sys.stderr, flush=True)

    def on_end(self, compiling: event.Event) -> None:
        pass


event.register("numba:compile", _FirstCompile())


def _source(templates: tuple[Callable[..., Any], ...], home: str, name: str) -> str:
    header = f'"""The functions of {home} for the kernel {name!r} (generated)."""\n'
    return header + "".join("\n\n" + inspect.getsource(t) for t in templates)


def _identity(
    expand: Any, canonical: Any, name: str, also: dict[str, Any] | None = None
) -> str | None:
    """A digest naming this kernel's code (and the functions `also` binds by name), or
    None if it cannot be pinned down."""
    digest = hashlib.sha256(name.encode())
    also = also or {}
    for bound in also:
        digest.update(bound.encode())
    for function in (expand, canonical, *also.values()):
        py_func = getattr(function, "py_func", None)
        if py_func is None:
            return None
        cells = tuple(cell.cell_contents for cell in py_func.__closure__ or ())
        if not all(isinstance(c, _CONSTANT_TYPES) for c in cells):
            return None
        try:
            file = inspect.getsourcefile(py_func)
            digest.update(Path(file).read_bytes() if file else b"")
        except (OSError, TypeError):
            return None
        if not file:
            return None
        digest.update(py_func.__qualname__.encode())
        digest.update(pickle.dumps(cells))
    return digest.hexdigest()[:20]


def _write_module(folder: Path, kind: str, name: str, identity: str, source: str) -> Path | None:
    """The generated module's path (written if missing or different); None if it cannot be
    written (a cache only read here)."""
    slug = re.sub(r"[^A-Za-z0-9]+", "_", name)[:40]
    path = folder / f"grundy_{kind}_{slug}_{identity}.py"
    try:
        if not path.exists() or path.read_text(encoding="utf-8") != source:
            write_text_atomic(path, source)
    except OSError:
        return None
    return path
