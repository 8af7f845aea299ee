"""The built-in rulesets; importing this package registers them all."""

from grundy.games import (  # noqa: F401
    chess,
    chomp,
    coin_turning,
    column_row,
    corners,
    cris,
    lctr,
    lctr_3d,
    lctr_nonrep,
    matrix,
    pnim,
    rit,
    sato_welter,
)
