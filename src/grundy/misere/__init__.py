"""Misère quotients (issue 28): the monoid that solves misère sums.

For a set of positions closed under options and sums, the misère quotient identifies two
positions when no sum tells them apart; the outcome of any sum is then a product in a
finite commutative monoid and a lookup in its P-portion (Plambeck, INTEGERS 5 (2005) G05;
Plambeck–Siegel, JCTA 115 (2008); Siegel, *Combinatorial Game Theory*, ch. V).

* `monoid`: finite commutative monoids, their reduction and presentations;
* `components`: the components a quotient is built on, and how a game's positions split
  into them (heaps of a take-and-break game, or a ruleset's ``components``);
* `certificate`: the finite check that makes a computed quotient a theorem;
* `construction`: the quotient built one component at a time (`quotient_of`);
* `quotient`: `MisereQuotient`, the value: presentation, P-portion, the element of each
  component, the outcome of a sum;
* `held`: the quotients this process holds, the door's source "quotient".

>>> from grundy.misere import quotient_of
>>> quotient_of("0.75", heaps=10, hold=False).order   # R8 (P-S 2008)
8
"""

from grundy.misere.construction import QuotientTooLarge, quotient_of
from grundy.misere.quotient import MisereQuotient

__all__ = ["MisereQuotient", "QuotientTooLarge", "quotient_of"]
