"""What is asked about any ruleset: game-tree sizes, SG pairs and the
Gurvich–Ho classes, counts over all partitions of n (paper 000 §2.3, §6, §7).

* `tree_size.stats(game, position)`: nodes α, leaves ϱ, distinct states and
  height of the game tree (000 §2.4, §7.2–7.3), exact, by counting paths.
* `sg_pairs.classify(game, positions)`: (SG, SG⁻) pairs and the classes
  domestic, tame, pet, forced, returnable of 000 Definition 2.
* `tree_size.conjecture_27(game, n)`: is the square the α-maximiser (000 Conj. 27)?
* `sweep.sweep(game, family, r=…, c=…)`: values over a family of positions.
* `counts.count(game, n)`: how many partitions of n have each value
  (enumerating top-row vectors, or by the Durfee window in `durfee_counts`).
"""

from grundy.analysis.counts import count, count_table, enumerated_count_table
from grundy.analysis.durfee_counts import durfee_count_table
from grundy.analysis.enumeration import partition_numbers, partitions, partitions_up_to
from grundy.analysis.sg_pairs import classify, sg_pairs
from grundy.analysis.sweep import sweep
from grundy.analysis.tree_size import (
    conjecture_27,
    max_nodes,
    max_nodes_by_rows,
    partition_stats,
    stats,
    tree_size,
)

__all__ = [
    "classify",
    "conjecture_27",
    "count",
    "count_table",
    "durfee_count_table",
    "enumerated_count_table",
    "max_nodes",
    "max_nodes_by_rows",
    "partition_numbers",
    "partition_stats",
    "partitions",
    "partitions_up_to",
    "sg_pairs",
    "stats",
    "sweep",
    "tree_size",
]
