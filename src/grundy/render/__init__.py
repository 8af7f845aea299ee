"""Pictures of plain data: Young diagrams with numbers in the boxes (text, rich, SVG),
grids of cells, Hasse diagrams (`hasse`), LaTeX (`latex`) and plots (`plots`).

Nothing here computes a value or knows a game: this package imports only the
bottom layer (`grundy.partition`, `grundy.posets`, `grundy.atomic`,
`grundy.validate`).  Computing a game's per-box table and drawing it is
`grundy.analysis.tables` (`young_text`, `young_svg`, …).  Files are written
atomically (`grundy.atomic`).
"""

from grundy.render.young import (
    cells_svg,
    check_drawable,
    outside_cells,
    partition_svg,
    table_rich,
    table_svg,
    table_text,
)

__all__ = [
    "cells_svg",
    "check_drawable",
    "outside_cells",
    "partition_svg",
    "table_rich",
    "table_svg",
    "table_text",
]
