"""Win chances: each competitor's chance to win the game and the match, from any situation.

- `chances`: `win_chances(state, paces)` and the win curve the Champion plays against.
- `points_to_come`, `forced_outlook`: the distribution of the Expert's points still to come
  from any card state (free order, forced order).
- `tables`: the shipped spread tables (assets/tables/*-spread.npz), read only; a missing or
  damaged file raises `TableError` naming the build command, never a rebuild at play.
- `shape`, `turn`, `paced`: the learnt shapes of R, the Expert's turn carried out on
  distributions, and a seat's pace applied to the Expert's points to come.
"""
