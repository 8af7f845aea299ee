"""What the checks of paper 004 share: the tables transcribed from the paper, the posets
and their turning sets (Definition 4.2) written out from the order relation, the
games' values by whole-game search or Lenstra's recursion (4.1a), the nim tables of
§2, and the posets A_n of §3.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache

from grundy import posets
from grundy.answers import reference_solver
from grundy.games.coin_turning import coin_turning
from grundy.games.coin_turning.coin_turning import RULESET as COINS
from grundy.games.coin_turning.coin_turning import CoinPosition, ruler_function
from grundy.nim import mex
from grundy.posets import Poset, bits
from grundy.reproduce.rows import Outcome, Source, Verdict, family_rows

P004 = Source("004")
FAMILY_NAMES = ("turtles", "ideal", "ruler")
SetsByMax = list[list[int]]  # per element index: the turning sets (bitsets) with that maximum
Triple = tuple[int, int, int]
Key = tuple[int, ...]  # an integer partition, parts decreasing

# ---------------------------------------------------------------- transcribed from the paper
#: Table 1: d_min(x) and R(x) for x = 1..15.
TABLE_1_DMIN = (0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0)
TABLE_1_R = (1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1)
#: Table 2: g_q(d) for d = 0..14, q even and q odd.
TABLE_2_EVEN = (1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1)
TABLE_2_ODD = (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3)
# Table 4 (h(n), n = 1..17) is transcribed once, as
# grundy.games.coin_turning.set_partition_ruler.TABLE_4.


# ================================================================ helpers: posets and games
def family_sets(P: Poset, name: str) -> SetsByMax:
    """The turning sets of 004 Definition 4.2, from the order relation alone (`Poset.leq`)."""
    out: SetsByMax = []
    for x in P.elements:
        below = [t for t in P.elements if P.leq(t, x)]
        if name == "turtles":  # {y, x} with y ≤ x
            sets = [P.mask({y, x}) for y in below]
        elif name == "ideal":  # Λ_x
            sets = [P.mask(below)]
        else:  # the ruler: [y, x]
            sets = [P.mask([t for t in below if P.leq(y, t)]) for y in below]
        out.append(sets)
    return out


def game_values(sets: SetsByMax) -> list[int]:
    """(4.1a): g(x) = mex{⊕_{t ∈ T∖{x}} g(t) : T ∈ 𝒯_x}, elements in a linear extension."""
    g: list[int] = []
    for i, family in enumerate(sets):
        sums = set()
        for T in family:
            s = 0
            for t in bits(T & ~(1 << i)):
                s ^= g[t]
            sums.add(s)
        g.append(mex(sums))
    return g


def xor(values: Iterable[int]) -> int:
    s = 0
    for v in values:
        s ^= v
    return s


def masked_xor(mask: int, g: list[int]) -> int:
    return xor(g[i] for i in bits(mask))


def game_solver(P: Poset, sets: SetsByMax) -> Callable[[int], int]:
    """Value of a set of heads (bitset) by search over the whole game (no closed form)."""
    family = coin_turning.family([P.members(T) for group in sets for T in group])
    solver = reference_solver(COINS)
    return lambda heads: solver.value(CoinPosition(P, family, heads))


def random_posets(count: int, most: int, seed: int) -> list[Poset]:
    rng = random.Random(seed)
    out = []
    for k in range(count):
        n = rng.randint(2, most)
        pairs = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.35]
        out.append(posets.from_relations(pairs, elements=range(n), name=f"random poset {k}"))
    return out


def n_poset() -> Poset:
    return posets.from_relations([("a", "c"), ("b", "c"), ("b", "d")], name="N")


def small_posets(quick: bool) -> list[Poset]:
    """Posets small enough for whole-game search (2^|X| positions)."""
    out = [
        posets.chain(1),
        posets.chain(4),
        posets.divisors(12),
        posets.set_partitions(3),
        posets.asm(3),
        posets.subspaces(2, 2),
        posets.young("3,1"),
        posets.product(posets.chain(2), posets.chain(3)),
        n_poset(),
    ]
    if not quick:
        out += [
            posets.chain(8),
            posets.divisors(30),
            posets.divisors(36),
            posets.asm(4),
            posets.young("3,2,1"),
            posets.subspaces(2, 3),
        ]
    return out + random_posets(6 if quick else 30, 6 if quick else 8, seed=4)


def dual(P: Poset) -> Poset:
    """The same elements with the order reversed."""
    return posets.from_relations(
        [(b, a) for a, b in P.covers()], elements=P.elements[::-1], name=f"{P.name} reversed"
    )


def linear_extensions(P: Poset, rng: random.Random) -> list[list[int]]:
    """The stored linear extension and a random one, as index orders."""
    left = list(range(len(P)))
    order = []
    while left:
        ready = [i for i in left if not any(P.down_mask(i) >> j & 1 for j in left if j != i)]
        pick = rng.choice(ready)
        order.append(pick)
        left.remove(pick)
    return [list(range(len(P))), order]


def image_under(mask: int, perm: list[int]) -> int:
    out = 0
    for i in bits(mask):
        out |= 1 << perm[i]
    return out


def numbers_lost(what: str, kept: str, checked: str, computed: str, command: str) -> Outcome:
    """The row of a table or figure of 004 whose numbers the text copy of the paper lost
    (Table 3, Figures 4, 5, 6): not checkable; `what` is "table" or "figure", `kept` says
    what the PDF extraction kept, `computed` gives the values grundy computes instead."""
    return Outcome(
        Verdict.NOT_CHECKABLE,
        checked,
        note=f"the {what}'s numbers are not in the text copy{kept}; {computed}",
        command=command,
    )


def lost_figure(
    number: str, claim: str, kept: str, checked: str, command: str, poset: Poset
) -> Callable[[Callable[[Poset], str]], Callable[[Poset], str]]:
    """Decorator: register a figure of 004 on one poset whose numbers the text copy lost
    (Figures 4, 5, 6) as its not-checkable row (`numbers_lost`); the decorated function says
    what grundy computes the figure to show on `poset`."""

    def register(computed: Callable[[Poset], str]) -> Callable[[Poset], str]:
        P004.statement(number, claim)(
            lambda quick: numbers_lost("figure", kept, checked, computed(poset), command)
        )
        return computed

    return register


def poset_name(P: Poset) -> str:
    """A poset's name (the counterexample of a check over posets)."""
    return P.name


def poset_family(case: tuple[Poset, str] | tuple[Poset, str, list[int]]) -> str:
    """'D_12, ruler': the poset and family of a case."""
    return f"{case[0].name}, {case[1]}"


def asm_spec(n: int) -> str:
    """'A_5'."""
    return f"A_{n}"


# ================================================================ helpers: nim arithmetic
@cache
def mex_sum_table(size: int) -> tuple[tuple[int, ...], ...]:
    """a ∔ b for a, b < size by the mex definition (2.2)."""
    t = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            t[a][b] = mex({t[x][b] for x in range(a)} | {t[a][y] for y in range(b)})
    return tuple(map(tuple, t))


@cache
def mex_mul_table(size: int) -> tuple[tuple[int, ...], ...]:
    """a ⊗ b for a, b < size (a field size 2^(2^k)) by the mex definition (2.4), ∔ by (2.2)."""
    add = mex_sum_table(size)
    t = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            t[a][b] = mex(add[add[t[x][b]][t[a][y]]][t[x][y]] for x in range(a) for y in range(b))
    return tuple(map(tuple, t))


def dmin(x: int) -> int:
    """d_min(x) of Definition 5.1: the least i with binary digit γ_i(x) ≠ 0."""
    return min(i for i in range(x.bit_length()) if x >> i & 1)


def ruler_prefix(n: int) -> list[int]:
    """P[k] = R(1) ⊕ … ⊕ R(k − 1), so Φ_m^n of (B.1) is P[n] ⊕ P[m]."""
    prefix = [0, 0]
    for x in range(1, n):
        prefix.append(prefix[-1] ^ ruler_function(x))
    return prefix


# ================================================================ helpers: A_n
def _asm_elements(n: int) -> list[Triple]:
    """(1.1): (x, y, z) ≥ 0 with x + y + z ≤ n − 2."""
    m = n - 2
    return [(x, y, z) for x in range(m + 1) for y in range(m + 1 - x) for z in range(m + 1 - x - y)]


def _leq_1_2(u: Triple, v: Triple) -> bool:
    """(1.2): u ≤ v iff x1 ≥ x2, y1 ≥ y2, z1 ≤ z2 and x1 + y1 + z1 ≥ x2 + y2 + z2."""
    return u[0] >= v[0] and u[1] >= v[1] and u[2] <= v[2] and sum(u) >= sum(v)


def asm_from_1_2(n: int) -> Poset:
    """A_n built from (1.1)–(1.2) directly (not from the covers of Proposition 3.1)."""
    els = _asm_elements(n)
    pairs = [(u, v) for u in els for v in els if u != v and _leq_1_2(u, v)]
    return posets.from_relations(pairs, elements=els, name=f"A_{n} by (1.2)")


def rho(n: int, t: Triple) -> int:
    """(3.1): ρ(x, y, z) = n − 2 − (x + y)."""
    return n - 2 - (t[0] + t[1])


def pi_of(n: int, t: Triple) -> tuple[int, int]:
    """π(x, y, z) = (n − 2 − (x + y), z) of §5.4."""
    return (rho(n, t), t[2])


def fibres_agree(n: int, game: str) -> bool:
    """Every fibre of π in A_n carries one value of `game` ("ideal" for Lemma 5.4, "ruler"
    for the claim of §6.1)."""
    seen: dict[tuple[int, int], int] = {}
    values = coin_turning.values(posets.asm(n), game)
    return all(seen.setdefault(pi_of(n, t), v) == v for t, v in values.items())


#: Register a claim of 004 about every A_n, 2 ≤ n ≤ top: ``asm_family(number, claim, holds,
#: (quick top, full top), checked, command, false_note, **fields)`` (`rows.family_rows`); the
#: counterexample is "A_n" (`asm_spec`) unless `fields` give `describe`.
asm_family = family_rows(P004, lambda top: range(2, top + 1), asm_spec)


def asm_values(n: int) -> str:
    """The command that shows the values on A_n."""
    return f"grundy poset values asm:{n}"
