"""What is asked about any ruleset, from its declared capabilities alone
(paper 000 §2.3, §6, §7):

* `tree_size.stats(game, position)`: nodes α, leaves ϱ, distinct states and
  height of the game tree (000 §2.4), exact, by counting paths;
* `sg_pairs.classify(game, positions)`: (SG, SG⁻) pairs and the classes
  domestic, tame, pet, forced, returnable of 000 Definition 2;
* `sweep.sweep(game, family, r=…, c=…)`: values over a family of positions;
* `counts.count(game, n)`: how many positions of size n have each value;
* `tables.box_values(game, position)`: the per-box table of 000 Figure 5.
"""

from grundy.analysis.counts import count, count_table, enumerated_count_table
from grundy.analysis.sg_pairs import classify, classify_sizes, sg_pairs
from grundy.analysis.sweep import sweep
from grundy.analysis.tables import box_values
from grundy.analysis.tree_size import TreeSize, stats, tree_size

__all__ = [
    "TreeSize",
    "box_values",
    "classify",
    "classify_sizes",
    "count",
    "count_table",
    "enumerated_count_table",
    "sg_pairs",
    "stats",
    "sweep",
    "tree_size",
]
