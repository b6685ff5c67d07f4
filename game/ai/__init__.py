"""The AI: the exact solver, the CPU levels, the win chances and the coach. Headless (numpy and
game.rules, never pygame). Its sub-packages, lowest first; each imports its own and those
before it, never one after it (tests/test_architecture.py):

- `exact/`: the exact optimal solver. Dice as multisets, what each roll scores, the state
  values by backward induction, the shipped value tables (assets/tables/, loaded on first
  use), every choice of a situation with its expected final total (`options.option_values`),
  forced order solved exactly, and a turn's keep values (`turn_outlook.TurnOutlook`).
- `winning/`: each competitor's chance to win (`chances.win_chances`), from the Expert's
  points still to come and their spread, read from the shipped spread tables.
- `levels/`: the CPU levels. One record per level (`spec.LevelSpec`: its id, names, how it
  plays, its pace), the strategies that play them, their valuations, and the Champion.
- `coach/`: hints, what a choice cost, the reasons in words, and a game's review.
- `tablemaker/`: what is run to make the shipped tables (`python -m game.ai.tablemaker`) and
  the batch simulator the tournament runner and the spread tables' learnt shapes play with.
  Never imported by the game as it runs: a missing table is an error that names the command.

This package's face is empty on purpose: importing `game.ai.levels.spec` (the level records
the setup and the seats read) loads nothing else.
"""
