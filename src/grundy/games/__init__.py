"""The built-in rulesets; importing this package registers them all."""

from grundy.games import coin_turning, column_row, lctr, matrix  # noqa: F401
