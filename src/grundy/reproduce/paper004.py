"""The checks of paper 004 (see grundy.reproduce.core.PAPERS); one per numbered statement."""
