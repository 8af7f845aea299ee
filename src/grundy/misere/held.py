"""The misère quotients this process holds, for the door (`grundy.answers`, source
"quotient"): a quotient computed by `grundy.misere.quotient_of` is kept for its ruleset,
and the misère outcome of a sum it covers is read from it.

>>> from grundy.registry import get_ruleset
>>> from grundy.misere.construction import quotient_of
>>> kayles = get_ruleset("kayles")
>>> _ = quotient_of(kayles, heaps=10)
>>> outcome(kayles, kayles.parse("9,5,3,3")), outcome(kayles, kayles.parse("11"))
('P', None)
>>> forget(kayles); outcome(kayles, kayles.parse("9,5,3,3")) is None
True
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from grundy.game import Ruleset
from grundy.misere.components import splitting
from grundy.misere.quotient import MisereQuotient

__all__ = ["forget", "held", "hold_quotient", "outcome"]

_HELD: WeakKeyDictionary[Ruleset, list[MisereQuotient]] = WeakKeyDictionary()


def hold_quotient(rules: Ruleset, quotient: MisereQuotient) -> None:
    """Keep `quotient`, a quotient of sums of `rules`' components, for the door."""
    _HELD.setdefault(rules, []).append(quotient)


def forget(rules: Ruleset) -> None:
    """Hold no quotient for `rules` any more."""
    _HELD.pop(rules, None)


def held(rules: Ruleset) -> list[MisereQuotient]:
    """The quotients held for `rules`, in the order they were computed."""
    return list(_HELD.get(rules, ()))


def outcome(rules: Ruleset, position: Any) -> str | None:
    """ "P" or "N": the misère outcome of a (parsed) position of `rules` from the first
    quotient held that covers all its components; None where none does."""
    quotients = _HELD.get(rules)
    if not quotients:
        return None
    parts = splitting(rules).parts(position)
    for quotient in quotients:
        if quotient.covers(parts):
            return quotient.outcome(parts)
    return None
