"""What is run to make the shipped tables, never imported by the game as it runs.

- `python -m game.ai.tablemaker` (`cli`): build or check the value and spread tables.
- `values`, `spread`: writing and comparing the value tables and building the spread tables.
- `batch` (with `dice`, `outcomes`, `policy`, `store`): the batch simulator, many cards played
  by the Expert at once as numpy arrays (the spread tables' learnt shapes, the tournament
  runner, the calibration).
"""
