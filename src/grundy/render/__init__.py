"""Pictures of plain data: Young diagrams with numbers in the boxes (text, rich, SVG),
grids of cells, Hasse diagrams (`hasse`), LaTeX (`latex`) and plots (`plots`).

Nothing here computes a value or knows a game: this package imports only the
bottom layer (`grundy.partition`, `grundy.posets`, `grundy.atomic`,
`grundy.validate`).  Computing a game's per-box table and drawing it is
`grundy.analysis.tables` (`young_text`, `young_svg`, …).  Files are written
atomically (`grundy.atomic`).

Each picture is asked of its module: `grundy.render.young` (diagrams and per-box
tables), `hasse`, `latex`, `plots`, `svg`.
"""
