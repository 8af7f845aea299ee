"""What a position is drawn as on the page, and which part of the drawing plays which move.

The drawing is the one the ruleset declares (`Ruleset.drawing`, read by
`grundy.play.drawn_as`): a Young diagram or a 0/1 matrix is a grid of cells,
coins on a poset its Hasse diagram (`grundy.render.hasse.hasse_svg`).
Clickable *targets* are derived from the positions the moves lead to, never
from a game's name.  Four readings of a click are tried, each a statement
about the position a target leads to:

``line``     deleting row i (or column j) of the grid, empty lines dropped,
             leaves the option's grid (Column-Row, LCTR, the matrix game);
``box``      the game declares ``box_positions`` and the option's position is
             the one written in box (i, j) (a chess piece moving to that box);
``label``    the move is labelled by its box (row, column), counted from 1
             (Chomp: the box bitten; Sato–Welter: the corner of the hook);
``changed``  the option changes the box (or coin) clicked, and no other option
             changes fewer boxes (coins) (a row shortened to the box clicked, a
             corner deleted, the coins turned from the one clicked).

The first reading that gives every option a target is used; when none does,
``changed`` if it gives any (a click takes away what it touches), else the
one that gives the most.  A target that would lead to two different positions
is dropped; moves without a target are played from the numbered list.

>>> from grundy.play import Match
>>> m = Match("cr", "2,1")
>>> b = board(m.rules, m.position, m.options())
>>> b["kind"], b["rows"], b["reading"]
('diagram', ['11', '10'], 'line')
>>> [(t["id"], t["option"]) for t in b["targets"]]
[('row:0', 1), ('row:1', 2), ('col:0', 4), ('col:1', 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from grundy.game import Drawing, Ruleset, capabilities
from grundy.play import MatchOption, drawn_as
from grundy.posets import Poset, bits
from grundy.render import hasse, young

__all__ = ["board", "target_option"]

#: A grid: one bitmask per row, bit j for column j.
Grid = tuple[int, ...]
#: target id → the indices (into the options) of the moves it could play.
Reading = dict[str, list[int]]


def board(rules: Ruleset, position: Any, options: Sequence[MatchOption]) -> dict[str, Any] | None:
    """The drawing of `position` with its targets, as JSON-ready data, or None.

    Keys: ``kind`` ("diagram", "matrix" or "poset"); ``targets``, a list of
    {"id", "option"} (the option's number), ids ``row:i``, ``col:j``,
    ``cell:i:j`` (from 0) or ``node:k`` (the poset's k-th element);
    ``reading``, the reading that gave them (module doc), None if none did.
    A grid has ``rows``, one string of 0/1 per row, all as wide as the widest;
    a poset ``svg`` (its Hasse diagram, one circle per element in the poset's
    order) and ``heads``, the indices of the elements showing heads.  A
    diagram of a game whose empty diagram is no position (`allows_empty`) has
    ``kept``, [[0, 0]]: its top-left box, which every option keeps, so no move
    takes it (Chomp's poison, the box Downright's rook stands on).  A position
    too large to draw gives only ``kind`` and ``note`` (why).

    >>> from grundy.play import Match
    >>> m = Match("chomp", "2,1")
    >>> board(m.rules, m.position, m.options())["kept"]
    [[0, 0]]
    """
    drawing = drawn_as(rules, position)
    if drawing is None:
        return None
    kind, data = drawing
    out: dict[str, Any] = {"kind": kind}
    try:
        if kind == Drawing.POSET:
            poset, heads = data
            out["svg"] = _hasse_picture(poset)
            out["heads"] = list(bits(heads))
        else:
            grid, ncols = _grid(kind, data)
            young.check_drawable([ncols] * len(grid), "svg")
            out["rows"] = ["".join(str(r >> j & 1) for j in range(ncols)) for r in grid]
            if kind == Drawing.DIAGRAM and grid and not getattr(rules, "allows_empty", True):
                out["kept"] = [[0, 0]]
    except ValueError as exc:  # too large to draw
        out["note"] = str(exc)
        return out
    reading, targets = _targets(rules, position, kind, data, options)
    out["reading"] = reading
    out["targets"] = [{"id": t, "option": options[k].number} for t, k in targets.items()]
    return out


def target_option(
    rules: Ruleset, position: Any, options: Sequence[MatchOption], target: str
) -> MatchOption:
    """The option that clicking `target` plays (ValueError if none)."""
    for t in (board(rules, position, options) or {}).get("targets", []):
        if t["id"] == target:
            return options[t["option"] - 1]
    raise ValueError(f"no move at {target!r} here: click a part of the picture that plays one")


# ---------------------------------------------------------------- targets
def _targets(
    rules: Ruleset, position: Any, kind: str, data: Any, options: Sequence[MatchOption]
) -> tuple[str | None, dict[str, int]]:
    """The reading used (None if no target at all) and its targets → option indices."""
    tried = []
    for name, read in _readings(rules, position, kind, data, options):
        sound = {t: ks for t, ks in read().items() if _same(options, ks)}
        count = len({k for ks in sound.values() for k in ks})
        if count == len(options):
            return name, _assign(sound)
        tried.append((name == "changed" and count > 0, count, -len(tried), name, sound))
    if not tried or not max(tried)[1]:
        return None, {}
    *_, name, sound = max(tried)
    return name, _assign(sound)


def _readings(
    rules: Ruleset, position: Any, kind: str, data: Any, options: Sequence[MatchOption]
) -> Iterator[tuple[str, Callable[[], Reading]]]:
    """The readings that apply to a drawing, in order, each computed only when asked."""
    if kind == Drawing.POSET:
        poset, heads = data
        kids = [_heads_on(rules, o.position, poset) for o in options]
        yield "changed", lambda: _changed_reading(heads, kids, "node", len(poset))
        return
    grid, ncols = _grid(kind, data)
    kids = [_child_grid(rules, kind, o.position) for o in options]
    yield "line", lambda: _line_reading(grid, ncols, kids)
    if isinstance(rules, Ruleset) and "box_positions" in capabilities(rules):  # not partizan
        yield "box", lambda: _box_reading(rules.box_positions(position) or [], options)
    yield "label", lambda: _label_reading(grid, options)
    if kind == Drawing.DIAGRAM:  # an option's diagram is drawn from the same corner
        flat = [None if kid is None else _flat(kid, ncols) for kid in kids]
        yield "changed", lambda: _changed_reading(_flat(grid, ncols), flat, "cell", ncols)


def _same(options: Sequence[MatchOption], ks: list[int]) -> bool:
    """Whether the options `ks` all lead to one position (a target must not be ambiguous)."""
    return all(options[k].position == options[ks[0]].position for k in ks)


def _assign(reading: Reading) -> dict[str, int]:
    """One option per target: options leading to the same position share the targets out."""
    load: dict[int, int] = {}
    out = {}
    for target, ks in reading.items():
        k = min(ks, key=lambda k: load.get(k, 0))
        load[k] = load.get(k, 0) + 1
        out[target] = k
    return out


def _index(keys: Iterable[Hashable | None]) -> dict[Hashable, list[int]]:
    """Each key (None skipped) → the indices where it occurs."""
    found: dict[Hashable, list[int]] = {}
    for k, key in enumerate(keys):
        if key is not None:
            found.setdefault(key, []).append(k)
    return found


def _line_reading(grid: Grid, ncols: int, kids: list[Grid | None]) -> Reading:
    """row:i / col:j → the options whose grid is this grid without line i (or j)."""
    by_grid = _index(None if kid is None else _packed(kid) for kid in kids)
    out: Reading = {}
    lines = [("row", i, _packed(grid[:i] + grid[i + 1 :])) for i in range(len(grid))]
    for j in range(ncols):
        low = (1 << j) - 1
        lines.append(("col", j, _packed(tuple(r & low | (r >> (j + 1)) << j for r in grid))))
    for name, line, rest in lines:
        if rest in by_grid:
            out[f"{name}:{line}"] = by_grid[rest]
    return out


def _box_reading(table: list[list[Any]], options: Sequence[MatchOption]) -> Reading:
    """cell:i:j → the options leading to the position written in box (i, j)."""
    by_position = _index(o.position for o in options)
    return {
        f"cell:{i}:{j}": by_position[p]
        for i, row in enumerate(table)
        for j, p in enumerate(row)
        if p in by_position
    }


def _label_reading(grid: Grid, options: Sequence[MatchOption]) -> Reading:
    """cell:i:j → the options whose move is the pair (i + 1, j + 1), a box of the grid."""
    out: Reading = {}
    for k, o in enumerate(options):
        move = o.move
        if not (isinstance(move, tuple) and len(move) == 2):
            continue
        i, j = move
        on_grid = type(i) is int and type(j) is int and 0 < i <= len(grid) and j > 0
        if on_grid and grid[i - 1] >> (j - 1) & 1:
            out.setdefault(f"cell:{i - 1}:{j - 1}", []).append(k)
    return out


def _changed_reading(here: int, kids: list[int | None], prefix: str, width: int) -> Reading:
    """Each mark (a box, bit i·width + j, or a coin) → the options among those changing it
    that change the fewest marks."""
    least: dict[int, tuple[int, list[int]]] = {}
    for k, kid in enumerate(kids):
        if kid is None:
            continue
        changed = here ^ kid
        size = changed.bit_count()
        for mark in bits(changed):
            best = least.get(mark)
            if best is None or size < best[0]:
                least[mark] = (size, [k])
            elif size == best[0]:
                best[1].append(k)
    out: Reading = {}
    for mark in sorted(least):
        name = f"node:{mark}" if prefix == "node" else f"cell:{mark // width}:{mark % width}"
        out[name] = least[mark][1]
    return out


# ---------------------------------------------------------------- drawings
def _grid(kind: str, data: Any) -> tuple[Grid, int]:
    """The rows (bitmasks) and the width of a "diagram" or "matrix" of `drawn_as`."""
    if kind == Drawing.DIAGRAM:
        parts = tuple(data.parts())
        return tuple((1 << part) - 1 for part in parts), max(parts, default=0)
    rows, ncols = data
    return tuple(r & ((1 << ncols) - 1) for r in rows), ncols


def _child_grid(rules: Ruleset, kind: str, child: Any) -> Grid | None:
    """An option's grid, when it is drawn as the same kind of grid."""
    drawing = drawn_as(rules, child)
    if drawing is None or drawing[0] != kind:
        return None
    return _grid(kind, drawing[1])[0]


def _packed(grid: Grid) -> Grid:
    """The grid with its empty rows and columns taken out."""
    used = 0
    for r in grid:
        used |= r
    if used & (used + 1) == 0:  # the columns used are 0, 1, …: nothing to close up
        return tuple(r for r in grid if r)
    columns = list(bits(used))
    return tuple(sum(1 << n for n, j in enumerate(columns) if r >> j & 1) for r in grid if r)


def _flat(grid: Grid, width: int) -> int:
    """The boxes of a grid as one bitmask: box (i, j) is bit i·width + j (wider rows ignored)."""
    mask = (1 << width) - 1
    return sum((r & mask) << (i * width) for i, r in enumerate(grid))


def _heads_on(rules: Ruleset, child: Any, poset: Poset) -> int | None:
    """The heads of an option on the same poset (None for anything else)."""
    drawing = drawn_as(rules, child)
    if drawing is None or drawing[0] != Drawing.POSET or drawing[1][0] is not poset:
        return None
    return drawing[1][1]


@lru_cache(maxsize=32)
def _hasse_picture(poset: Poset) -> str:
    """The Hasse diagram of a poset, drawn once (its layout takes a while)."""
    return hasse.hasse_svg(poset)
