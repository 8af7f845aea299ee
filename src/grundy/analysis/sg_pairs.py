"""Sprague–Grundy pairs and the Gurvich–Ho classes (000 §2.3 Definition 2, §6).

A position x is an (i, j)-position when SG(x) = i and SG⁻(x) = j (SG⁻: the
misère value, terminal positions valued 1; 000 §2.3).  For the positions
reachable from a set of starting positions, `classify` decides each class of
000 Definition 2 on that set:

(i)   domestic: no (0, k)- and no (k, 0)-position with k ≥ 2;
(ii)  tame: only (0, 1)-, (1, 0)- and (k, k)-positions, k ≥ 0;
(iii) pet: only (0, 1)-, (1, 0)- and (k, k)-positions, k ≥ 2;
(iv)  forced: every move from a (0, 1)-position leads to a (1, 0)-position
      and every move from a (1, 0)-position to a (0, 1)-position;
(v)   returnable: if x is a (0, 1)-position (resp. (1, 0)) and x → y with y
      not terminal, then y → z for some (0, 1)-position z (resp. (1, 0)).

Each answer comes with the smallest counterexample (smallest position by
size, then in a fixed order; for a move the smallest target) and the reason.
For a finite set of positions "yes" means "no counterexample among them":
000 Theorem 19 is checked this way over all partitions up to some size.
Positions are taken up to the ruleset's canonical form (a symmetry, so the
pairs and moves are unchanged).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from grundy.answers import values
from grundy.bounds import TooMuchWork, count_positions, take_at_most
from grundy.game import Ruleset
from grundy.registry import get_ruleset
from grundy.validate import check_non_negative

__all__ = ["CLASSES", "classify", "classify_sizes", "sg_pairs"]

CLASSES = ("domestic", "tame", "pet", "forced", "returnable")

Pair = tuple[int, int]


def _order_key(position: Any) -> tuple[Any, ...]:
    """Smallest first: by size where the position has a `sort_key`, else by its text."""
    sort_key = getattr(position, "sort_key", None)
    if callable(sort_key):
        return (0, sort_key())
    text = str(position)
    return (1, len(text), text)


def _reachable(
    rules: Ruleset, starts: Iterable[Any]
) -> tuple[list[Hashable], dict[Hashable, list[Hashable]]]:
    """Every canonical position reachable from `starts` (sorted smallest first)
    and its canonical children, with multiplicity."""
    children: dict[Hashable, list[Hashable]] = {}
    todo = [rules.canonical(rules.parse(s)) for s in starts]
    while todo:
        pos = todo.pop()
        if pos in children:
            continue
        kids = [rules.canonical(child) for _, child in rules.options(pos)]
        children[pos] = kids
        todo.extend(k for k in kids if k not in children)
    return sorted(children, key=_order_key), children


def sg_pairs(game: str | Ruleset, starts: Iterable[Any]) -> dict[Hashable, Pair]:
    """{position: (SG, SG⁻)} for every position reachable from `starts`.

    Positions are in canonical form, smallest first.  Values come from the door
    (`grundy.answers.values`: closed forms where the ruleset has them, …, the generic
    solver otherwise).
    """
    rules = get_ruleset(game)
    order, _ = _reachable(rules, starts)
    return _pairs(rules, order)


#: Positions asked of the door at once (`_pairs`), and between two calls of `progress`.
_BLOCK = 1000


def _pairs(
    rules: Ruleset, order: list[Hashable], progress: Callable[[int, int], None] | None = None
) -> dict[Hashable, Pair]:
    """{position: (SG, SG⁻)} for the positions (canonical), asked of the door a block at
    a time in each convention; `progress(done, total)` after each block."""
    pair: dict[Hashable, Pair] = {}
    for lo in range(0, len(order), _BLOCK):
        block = order[lo : lo + _BLOCK]
        normal, _ = values(rules, block, parse=False)
        misere, _ = values(rules, block, True, parse=False)
        pair.update(zip(block, zip(normal, misere, strict=True), strict=True))
        if progress is not None:
            progress(len(pair), len(order))
    return pair


def classify(
    game: str | Ruleset,
    starts: Iterable[Any],
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The Gurvich–Ho classes of 000 Definition 2 on the positions reachable from `starts`.

    Returns {"game", "positions" (how many), "pairs" ({"(i,j)": how many}),
    "classes": {name: {"holds": bool, "counterexample": dict | None,
    "reason": str}}} with the classes in the order domestic, tame, pet,
    forced, returnable.  `progress(done, total)` is called as the pairs are valued.
    """
    rules = get_ruleset(game)
    order, children = _reachable(rules, starts)
    pair = _pairs(rules, order, progress)
    fmt = rules.format_position

    def bad_pair(test: Any, reason: str) -> dict[str, Any]:
        """The answer for a class defined by the allowed pairs (Definition 2 (i)–(iii))."""
        for pos in order:
            if test(pair[pos]):
                return _answer(False, {"position": fmt(pos), "pair": list(pair[pos])}, reason)
        return _answer(True, None, "no counterexample among the positions")

    classes = {
        "domestic": bad_pair(
            lambda p: (p[0] == 0 and p[1] >= 2) or (p[1] == 0 and p[0] >= 2),
            "a (0,k)- or (k,0)-position with k >= 2",
        ),
        "tame": bad_pair(
            lambda p: p not in ((0, 1), (1, 0)) and p[0] != p[1],
            "a position that is neither (0,1), (1,0) nor (k,k)",
        ),
        "pet": bad_pair(
            lambda p: p not in ((0, 1), (1, 0)) and (p[0] != p[1] or p[0] < 2),
            "a position that is neither (0,1), (1,0) nor (k,k) with k >= 2",
        ),
    }

    def bad_move(offenders: Any, reason: Any) -> dict[str, Any]:
        """The answer for a class defined by moves from (0,1)- and (1,0)-positions
        (Definition 2 (iv)–(v)): the first such position, in order, with an
        offending option; `offenders(pos, p)` lists those options."""
        for pos in order:
            p = pair[pos]
            if p not in ((0, 1), (1, 0)):
                continue
            wrong = sorted(offenders(pos, p), key=_order_key)
            if wrong:
                target = wrong[0]
                return _answer(False, _move(fmt, pos, p, target, pair[target]), reason(p, target))
        return _answer(True, None, "no counterexample among the positions")

    # (iv) forced: (0,1) -> only (1,0) and (1,0) -> only (0,1).
    classes["forced"] = bad_move(
        lambda pos, p: (c for c in children[pos] if pair[c] != (p[1], p[0])),
        lambda p, target: (
            f"a move from a {_text(p)}-position to a {_text(pair[target])}-position, "
            f"not to a {_text((p[1], p[0]))}-position"
        ),
    )
    # (v) returnable: (0,1) -> y non-terminal => y -> some (0,1); symmetric for (1,0).
    classes["returnable"] = bad_move(
        lambda pos, p: (
            y for y in children[pos] if children[y] and all(pair[z] != p for z in children[y])
        ),
        lambda p, target: (
            f"a {_text(p)}-position moves to the non-terminal {_text(pair[target])}-position "
            f"{fmt(target)}, which has no move to a {_text(p)}-position"
        ),
    )

    counts: dict[Pair, int] = {}
    for p in pair.values():
        counts[p] = counts.get(p, 0) + 1
    return {
        "game": rules.name,
        "positions": len(order),
        "pairs": {_text(p): counts[p] for p in sorted(counts)},
        "classes": {name: classes[name] for name in CLASSES},
    }


#: Most starting positions `classify_sizes` takes: about 10,000 a second are classified
#: (LCTR, n ≤ 30: 28,629 in 2.5 s), all held in memory, so this is under two minutes
#: (n ≤ 45 in LCTR: 540,635); above it, a clear error at once instead of a hang.
MAX_CLASSIFIED = 1_000_000


def classify_sizes(
    game: str | Ruleset, max_n: int, progress: Callable[[int, int], None] | None = None
) -> dict[str, Any]:
    """`classify` over every position of size ≤ max_n (``positions_of_size``):
    for a game on partitions, all partitions up to max_n, 000 Theorem 19's setting."""
    rules = get_ruleset(game)
    check_non_negative(max_n=max_n)
    if rules.positions_of_size(0) is None:
        raise ValueError(
            f"game {rules.name!r} has no notion of position size (no positions_of_size)"
        )
    sizes = range(max_n + 1)
    refuse = (
        f"more than {MAX_CLASSIFIED:,} positions of size ≤ {max_n} in {rules.name}; "
        "classify holds them all in memory: give a smaller --max-n"
    )
    known = count_positions(rules, sizes, MAX_CLASSIFIED)
    if known is not None and known > MAX_CLASSIFIED:
        raise TooMuchWork(refuse)  # counted without listing them
    every = (pos for n in sizes for pos in rules.positions_of_size(n) or ())
    starts = take_at_most(every, MAX_CLASSIFIED, refuse)
    result = classify(rules, starts, progress)
    result["max_n"] = max_n
    return result


def _answer(holds: bool, counterexample: dict[str, Any] | None, reason: str) -> dict[str, Any]:
    return {"holds": holds, "counterexample": counterexample, "reason": reason}


def _move(fmt: Any, pos: Hashable, p: Pair, target: Hashable, q: Pair) -> dict[str, Any]:
    return {"position": fmt(pos), "pair": list(p), "move_to": fmt(target), "move_to_pair": list(q)}


def _text(p: Pair) -> str:
    return f"({p[0]},{p[1]})"
