"""The atlas: every partition of every size up to N valued once, level by level, one byte each.

`ranking` numbers the partitions of n; `build` values a level from the
levels below through a game's options kernel.
"""
