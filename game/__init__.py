"""Yahtzee for the desktop: rules engine, CPU players and the pygame-ce table."""
