"""Widgets for the table: dice, cup, scorecard, buttons; layout, theme and the input map."""
