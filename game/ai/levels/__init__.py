"""The CPU levels, Beginner to Champion.

- `spec`: one record per level (`LevelSpec`: its id, its names, its personality, whether it
  plays to win, its measured pace). Data only, so the seats and the setup read it without
  loading the AI.
- `strategies`: the players (`make_strategy(level, seed)`), one action per call.
- `turn`, `valuations`, `no_bonus`: how a level values a turn's choices (free and forced order).
- `champion`: the Champion's turn, valued by its chance to win.
- `pace`: each seat's pace (expected points lost per box) for the win chances.
"""
