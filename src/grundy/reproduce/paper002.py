"""The checks of paper 002 (see grundy.reproduce.core.PAPERS); one per numbered statement."""
