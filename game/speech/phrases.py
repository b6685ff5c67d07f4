"""The phrases speech says that the table's message line does not: a focus target, and the
answers of the read keys (the dice, a box, a card, everyone's scores, whose turn).

Short and most important first ("Threes: scores 6"), each one whole sentence to translate
with its values named. Figures are said as figures; a screen reader reads "3" in its own
language. Dice are said "3, 3, 5, 6, 2" (a comma is a pause in every voice).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import _, format_number, ngettext, translate
from game.rules import Category, GameState, Phase


def dice_words(dice: Sequence[int], brisk: bool = False) -> str:
    """Faces as a voice says them: '3, 3, 5, 6, 2' (a comma is a pause in every voice);
    `brisk`: '3 3 5 6 2', the same faces without the pauses (a CPU's turn summed up at Brief,
    where the pauses were a second of its eight)."""
    return (" " if brisk else ", ").join(str(d) for d in dice)


def in_turn(items: Sequence[str]) -> str:
    """Phrases said one after another, as the language joins them in a list."""
    joined = items[0] if items else ""
    for item in items[1:]:
        # Translators: two phrases of a spoken list, one after the other ("1. Ann 280; 2. Max
        # 254"); put between them what your language pauses with.
        joined = _("{said}; {next}").format(said=joined, next=item)
    return joined


def aloud(text: str) -> str:
    """`text` as a voice should read it: a choice drawn with a slash ("Left / Right", "Pause
    / back") said with the language's "or", never as "slash"."""
    if " / " not in text:
        return text
    choices = text.split(" / ")
    said = choices[0]
    for choice in choices[1:]:
        # Translators: two choices said aloud where the screen shows "Left / Right" (key
        # names, or what a key does: "Pause / back"); a voice would say the slash.
        said = _("{first} or {second}").format(first=said, second=choice)
    return said


def box_name(state: GameState, category: Category) -> str:
    return translate(state.config.card.label(category))


def rolls_left(left: int) -> str:
    if not left:
        # Translators: said aloud, in a phrase naming the dice or whose turn it is.
        return _("no rolls left")
    # Translators: said aloud, in a phrase naming the dice or whose turn it is.
    return ngettext("{n} roll left", "{n} rolls left", left).format(n=left)


def die(state: GameState, index: int, full: bool = True) -> str:
    """'Die 2: 5, held'."""
    if state.dice is None:
        # Translators: said aloud when the focus moves onto a die before the first roll.
        return _("Die {number}").format(number=index + 1)
    face = state.dice[index]
    if state.held[index]:
        # Translators: said aloud when the focus moves onto a die: its place (1-5), its face.
        return _("Die {number}: {face}, held").format(number=index + 1, face=face)
    # Translators: said aloud when the focus moves onto a die: its place (1-5), its face.
    return _("Die {number}: {face}").format(number=index + 1, face=face)


def hold_changed(state: GameState, index: int, held: bool) -> str:
    """'Held 5' / 'Released 5' (the die's face; its place is in the read-dice answer)."""
    face = state.dice[index] if state.dice is not None else 0
    if held:
        # Translators: said aloud as a die is held; {face} is what it shows.
        return _("Held {face}").format(face=face)
    # Translators: said aloud as a die is released; {face} is what it shows.
    return _("Released {face}").format(face=face)


def box(state: GameState, category: Category, full: bool = True) -> str:
    """'Threes: scores 6' (brief: 'Threes 6'); a filled box: 'Threes: 9 written'."""
    name = box_name(state, category)
    written = state.card[category]
    if written is not None:
        # Translators: said aloud for a box already written on the card, and what it holds.
        return _("{box}: {points} written").format(box=name, points=written)
    options = state.score_options()
    if category not in options:
        # Translators: said aloud for a box not written yet (no dice to score with).
        return _("{box}: open").format(box=name)
    points = options[category]
    if not full:
        # Translators: said aloud at Brief verbosity: a box and what the dice would score in it.
        return _("{box} {points}").format(box=name, points=points)
    # Translators: said aloud: a box not written yet, and what the dice would score in it.
    return _("{box}: open, scores {points}").format(box=name, points=points)


def button(label: str, enabled: bool = True) -> str:
    """'Roll: button' / 'Undo: button, unavailable'."""
    if enabled:
        # Translators: said aloud when the focus moves onto a button.
        return _("{label}: button").format(label=label)
    # Translators: said aloud when the focus moves onto a button that cannot be pressed now.
    return _("{label}: button, unavailable").format(label=label)


def read_dice(state: GameState) -> str:
    """'Dice 3, 3, 5, 6, 2; held 3, 3; 2 rolls left' (or 'No dice yet: roll')."""
    if state.dice is None:
        # Translators: said aloud (F2) before the first roll of a turn.
        return _("No dice yet: roll")
    held = [d for d, h in zip(state.dice, state.held, strict=True) if h]
    left = rolls_left(state.rolls_left)
    if held:
        # Translators: said aloud (F2): the five faces, those held, the rolls left.
        return _("Dice {dice}; held {held}; {left}").format(
            dice=dice_words(state.dice), held=dice_words(held), left=left
        )
    # Translators: said aloud (F2): the five faces, then the rolls left.
    return _("Dice {dice}; {left}").format(dice=dice_words(state.dice), left=left)


def read_card(state: GameState, column: int) -> str:
    """'Ann: total 123; upper 45, bonus needs 18 more; 5 boxes open'."""
    config, card = state.config, state.cards[column]
    threshold = config.card.bonus_threshold
    upper_open = any(card.is_open(c) for c in config.card.boxes if c.is_upper)
    if card.upper_bonus:
        # Translators: said aloud (F4, F5) inside a card's totals: the upper section's sum.
        bonus = _("upper {upper}, bonus earned").format(upper=card.upper_total)
    elif upper_open:
        # Translators: said aloud (F4, F5) inside a card's totals: the upper section's sum.
        bonus = _("upper {upper}, bonus needs {more} more").format(
            upper=card.upper_total, more=threshold - card.upper_total
        )
    else:
        # Translators: said aloud (F4, F5) inside a card's totals: the upper section's sum.
        bonus = _("upper {upper}, no bonus").format(upper=card.upper_total)
    boxes_open = len(card.open_categories)
    # Translators: said aloud (F4, F5) at the end of a card's totals.
    left = ngettext("{n} box open", "{n} boxes open", boxes_open).format(n=boxes_open)
    # Translators: said aloud (F4, F5): a card's total, its upper section, its open boxes.
    return _("{name}: total {total}; {bonus}; {boxes}").format(
        name=config.column_name(column), total=card.total, bonus=bonus, boxes=left
    )


def read_scores(state: GameState) -> str:
    """'Scores: Ann 120, Bob 98' (match totals in a match of several games)."""
    config = state.config
    totals = state.match_totals() if config.games > 1 else state.totals()
    parts = [
        # Translators: said aloud (F6), one player of the list of scores ("Ann 120").
        _("{name} {points}").format(name=config.competitor_name(i), points=points)
        for i, points in enumerate(totals)
    ]
    # Translators: said aloud (F6): each player and their total, in a list.
    return _("Scores: {scores}").format(scores=", ".join(parts))


def whose_turn(state: GameState, is_person: bool) -> str:
    """'Turn: Ann, 2 rolls left' / 'Turn: Ann, roll' / 'Game over' (the start roll and the
    tie-breaker said as such)."""
    if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        # Translators: said aloud when the last box of the game is written.
        return _("Game over")
    name = state.config.players[state.player]
    if state.phase is Phase.ROLL_OFF:
        # Translators: said aloud (F7): whose turn it is, and what they do now.
        return _("Turn: {name}, start roll").format(name=name)
    if state.phase is Phase.TIE_BREAK:
        if state.dice is None or not is_person:
            # Translators: said aloud (F7): whose turn it is, and what they do now.
            return _("Turn: {name}, tie-breaker roll").format(name=name)
        # Translators: the Stand button keeps a tie-breaker's dice total.
        return _("Turn: {name}, tie-breaker: roll again or stand").format(name=name)
    if state.dice is None:
        if is_person:
            # Translators: said aloud (F7): whose turn it is, and what they do now.
            return _("Turn: {name}, roll").format(name=name)
        # Translators: said aloud (F7): whose turn it is (a CPU's).
        return _("Turn: {name}").format(name=name)
    # Translators: said aloud (F7): whose turn it is, and the rolls left.
    return _("Turn: {name}, {left}").format(name=name, left=rolls_left(state.rolls_left))


def profile_figures(
    name: str, games: int, wins: float, contested: int, mean: float | None, best: int | None
) -> str:
    """A profile's main figures on the statistics page: 'Ann: 12 games, best 280, average
    231.5; 4.5 wins of 9 against others'."""
    if not games or mean is None or best is None:
        # Translators: said aloud on the statistics page for a profile with no games.
        return _("{name}: no games yet").format(name=name)
    # Translators: said aloud on the statistics page: a profile's main figures.
    said = ngettext(
        "{name}: {games} game, best {best}, average {mean}",
        "{name}: {games} games, best {best}, average {mean}",
        games,
    ).format(name=name, games=games, best=best, mean=format_number(mean, decimals=1))
    if contested:
        # Translators: wins in games against others; {wins} may be a half ("4.5"), which
        # takes the plural form.
        won = ngettext(
            "{wins} win of {contested} against others",
            "{wins} wins of {contested} against others",
            1 if wins == 1 else 2,
        ).format(wins=format_number(wins, decimals=1 if wins % 1 else 0), contested=contested)
        said = in_turn([said, won])
    return said


def high_scores(table: str, entries: list[tuple[str, int]], said: int = 3) -> str:
    """The high-score table shown, its best `said` entries: 'High scores, Official rules,
    1 game: 1. Ann 280; 2. Max 254; 3. Ann 240'."""
    if not entries:
        # Translators: said aloud on the statistics page: {table} names the rules and match length.
        return _("High scores, {table}: none yet").format(table=table)
    best = in_turn(
        [
            # Translators: said aloud: one high score, its place first ("1. Ann 280").
            _("{place}. {name} {score}").format(place=place, name=name, score=score)
            for place, (name, score) in enumerate(entries[:said], start=1)
        ]
    )
    # Translators: said aloud on the statistics page: {best} lists the best three.
    return _("High scores, {table}: {best}").format(table=table, best=best)


def card_lines(state: GameState, column: int, full: bool = True) -> list[str]:
    """A card read box by box: each box (written: what it holds; open: what it would score
    now, on the card in play), the upper section's sum and bonus after its last box, any
    Yahtzee bonus, and the total."""
    config, card = state.config, state.cards[column]
    in_play = column == state.column and state.phase is Phase.TURN
    said = []
    for category in config.card.boxes:
        said.append(box(state, category, full) if in_play else filled_box(state, column, category))
        if category is config.card.upper[-1]:
            said.append(upper_line(state, column))
    if card.yahtzee_bonus:
        # Translators: the Yahtzee bonus chips a card holds, read box by box.
        said.append(_("Yahtzee bonus: {points}").format(points=card.yahtzee_bonus))
    # Translators: said aloud, last, when a card is read box by box.
    said.append(_("Total: {total}").format(total=card.total))
    return said


def filled_box(state: GameState, column: int, category: Category) -> str:
    """'Chance: 19 written' on any card (or '{box}: open')."""
    points = state.cards[column][category]
    name = box_name(state, category)
    if points is None:
        return _("{box}: open").format(box=name)
    return _("{box}: {points} written").format(box=name, points=points)


def upper_line(state: GameState, column: int) -> str:
    """The upper section of a card, read after its last box."""
    card, threshold = state.cards[column], state.config.card.bonus_threshold
    upper = card.upper_total
    if card.upper_bonus:
        # Translators: said aloud when a card is read box by box, after its upper boxes.
        return _("Upper section: {upper}, bonus {bonus}").format(
            upper=upper, bonus=card.upper_bonus
        )
    if any(card.is_open(c) for c in state.config.card.upper):
        # Translators: said aloud when a card is read box by box, after its upper boxes.
        return _("Upper section: {upper}, the bonus needs {more} more").format(
            upper=upper, more=threshold - upper
        )
    # Translators: said aloud when a card is read box by box, after its upper boxes.
    return _("Upper section: {upper}, no bonus").format(upper=upper)
