"""The coach: best-move hints, what a choice cost, the reasons in words, and a game's review.

- `advice`: hints, grading and a game's review in expected points.
- `reasons`, `aims`: why a choice is made (what a keep aims at), as values and in words.
- `win_review`: the review's win chances, turn by turn, and the costliest decisions in chance.
"""
