"""Pictures: Young diagrams with values in the boxes (text, rich, SVG).

Files are written atomically with `write_text_atomic` (temporary file +
os.replace); `check_writable` tests a destination before a long computation.
"""

from grundy.render.output import check_writable, write_text_atomic
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
    "check_writable",
    "outside_cells",
    "outside_value",
    "table_rich",
    "table_svg",
    "table_text",
    "write_text_atomic",
    "write_young_svg",
    "young_rich",
    "young_svg",
    "young_table",
    "young_text",
]
