"""The exact optimal solver: expected scores and the value of every choice, for each variant
and card (the American card's three variants, Scandinavian Yatzy).

- `options`: `expected_score(card, variant, forced_order)`, `option_values(card, dice,
  rolls_left, variant, forced_order)` (every legal choice, `Keep` or `game.rules.Score`, with
  its expected final total, best first), `best_choice(...)` (the first of those) and
  `keep_to_actions` (the holds and releases that make a keep).
- `tables`: the state values, precomputed per variant (assets/tables/, made by
  `python -m game.ai.tablemaker`) and loaded on first use (`value_table(variant)`).
- `solver`, `dicespace`, `scoring`: the backward induction, the 252 rolls and 462 keeps, and
  what each roll scores in each box of any card.
- `forced`: forced order (boxes top to bottom), solved exactly on first use, no table.
- `turn_outlook`: a turn's keep values by the solver's recursion, every choice valued at once.
"""
