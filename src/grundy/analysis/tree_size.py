"""Game-tree sizes of any ruleset: nodes α, leaves ϱ, distinct states, height (000 §2.4).

The game tree T_p of a position p (000 §2.4) has one node per *play prefix*:
a position reached along k different move sequences occurs k times.  Its
size is therefore counted on the *state graph* (each position once, one edge
per move, two moves to the same position giving two edges), never by
expanding the tree:

* the number of tree copies of a state is the number of paths to it from p,
  propagated in topological order: α = Σ paths(s), ϱ = Σ paths(s) over the
  terminal states s;
* the height is the longest path from p; the states are the distinct
  positions reachable from p (positions as the ruleset writes them, not up to
  symmetry: 000 Table 1 counts [2] and [1,1] as two states of L(⊞_{2,2})).

`stats` uses the ruleset's ``tree_size`` capability where it has one (LCTR
and Downright count on the runs of λ: `grundy.games.lctr.lctr_trees`) and this
walk otherwise.

>>> stats("cr", "2,1")
{'nodes': 17, 'leaves': 10, 'states': 5, 'height': 3}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from grundy.bounds import MAX_OPTIONS, TooMuchWork, check_moves, check_states
from grundy.game import Ruleset, TreeSize
from grundy.registry import get_ruleset
from grundy.solver import solver_for
from grundy.validate import parse_position

__all__ = ["DEFAULT_MAX_STATES", "MAX_MOVES", "TreeSize", "stats", "tree_size"]

#: Largest number of distinct states `tree_size` will walk before giving up.
DEFAULT_MAX_STATES = 5_000_000
#: Most moves `tree_size` lists in all (as many as the options of one position).
MAX_MOVES = MAX_OPTIONS
_REPORT_EVERY = 4096  # states between two calls of a walk's progress callback


# ------------------------------------------------------------------ generic
def tree_size(
    game: str | Ruleset,
    position: Any,
    max_states: int = DEFAULT_MAX_STATES,
    progress: Callable[[int], None] | None = None,
) -> TreeSize:
    """α, ϱ, states and height of the game tree of `position`, for any ruleset.

    Walks the state graph once (iterative DFS, each position once), then counts
    paths in topological order.  Path counts are exact Python ints and are
    dropped as soon as they have been passed on.  More than `max_states`
    reachable positions is a ValueError (the walk would not finish in memory),
    before any step where the game says its tree holds more
    (``number_of_states``), and so are more than `MAX_MOVES` moves, before any
    step where the game says its positions list more (``number_of_moves``) or
    before a position's options are listed where it says how many it has
    (``number_of_options``); a position reachable from itself is a ValueError
    (the game is not finite).  `progress(states)` is called as the walk meets
    new positions.
    """
    rules = get_ruleset(game)
    root = parse_position(rules, position)
    check_states(rules, root, max_states, "tree_size's max_states raises the bound")
    check_moves(rules, root, False, MAX_MOVES, "walking its game tree")
    children, order = _state_graph(rules, root, max_states, progress)
    # order is a reverse topological order (children before parents).
    paths: dict[Hashable, int] = {root: 1}
    depth: dict[Hashable, int] = {root: 0}
    nodes = leaves = height = 0
    for state in reversed(order):
        count = paths.pop(state)
        level = depth.pop(state)
        nodes += count
        height = max(height, level)
        kids = children[state]
        if not kids:
            leaves += count
        for child in kids:
            paths[child] = paths.get(child, 0) + count
            if depth.get(child, -1) < level + 1:
                depth[child] = level + 1
    return TreeSize(nodes, leaves, len(order), height)


def _state_graph(
    rules: Ruleset, root: Hashable, max_states: int, progress: Callable[[int], None] | None
) -> tuple[dict[Hashable, list[Hashable]], list[Hashable]]:
    """Every position reachable from `root` with its children (with multiplicity),
    and the positions in DFS post-order (each after all of its children)."""
    children: dict[Hashable, list[Hashable]] = {}
    order: list[Hashable] = []
    on_stack: set[Hashable] = set()
    stack: list[tuple[Hashable, Iterable[Hashable]]] = []
    moves = [0]
    known: dict[Hashable, Hashable] = {}  # one object per state: a move costs a reference
    solver = solver_for(rules)  # its `moves`: options bounded, a plug-in's checked

    def enter(state: Hashable) -> None:
        kids = [known.setdefault(child, child) for _, child in solver.moves(state)]
        children[state] = kids
        moves[0] += len(kids)
        if len(children) > max_states:
            raise TooMuchWork(
                f"{rules.name}: more than {max_states} states reachable from the start; "
                "the state graph is too large to walk (tree_size's max_states raises the bound)"
            )
        if moves[0] > MAX_MOVES:
            raise TooMuchWork(
                f"{rules.name}: more than {MAX_MOVES:,} moves from the first {len(children):,} "
                "states reachable from the start; the state graph is too large to walk"
            )
        if progress is not None and len(children) % _REPORT_EVERY == 0:
            progress(len(children))
        stack.append((state, iter(kids)))
        on_stack.add(state)

    enter(root)
    while stack:
        state, pending = stack[-1]
        for child in pending:
            if child in on_stack:
                raise ValueError(
                    f"{rules.name}: position {rules.format_position(child)} can be reached "
                    "from itself; the game tree is infinite"
                )
            if child not in children:
                enter(child)
                break
        else:
            stack.pop()
            on_stack.discard(state)
            order.append(state)
    return children, order


# ---------------------------------------------------------------- public
def stats(
    game: str | Ruleset, position: Any, progress: Callable[[int], None] | None = None
) -> dict[str, int]:
    """{"nodes", "leaves", "states", "height"} of the game tree of `position`.

    By the ruleset's ``tree_size`` capability if it has one, else by walking
    its state graph (`tree_size`, which reports to `progress`).  Example:
    `stats("lctr", "4^3")["nodes"]` is 69 (000 Table 1: α(L(⊞_{3,4})) = 2·C(7,3) − 1).
    """
    rules = get_ruleset(game)
    pos = parse_position(rules, position)
    known = rules.tree_size(pos)
    if known is not None:
        return known
    return tree_size(rules, pos, progress=progress).as_dict()
