"""Pictures: Young diagrams with values in the boxes (text, rich, SVG).

Files are written atomically (`grundy.atomic`).
"""

from grundy.render.young import (
    check_drawable,
    outside_cells,
    outside_value,
    table_rich,
    table_svg,
    table_text,
    write_young_svg,
    young_rich,
    young_svg,
    young_table,
    young_text,
)

__all__ = [
    "check_drawable",
    "outside_cells",
    "outside_value",
    "table_rich",
    "table_svg",
    "table_text",
    "write_young_svg",
    "young_rich",
    "young_svg",
    "young_table",
    "young_text",
]
