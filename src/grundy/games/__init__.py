"""The built-in rulesets; importing this package registers them all."""

from grundy.games import lctr  # noqa: F401
