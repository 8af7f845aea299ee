"""The checks of paper 003 (see grundy.reproduce.core.PAPERS); one per numbered statement."""
