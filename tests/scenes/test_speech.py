"""The table and the menus said aloud: what the speech channel says for a roll, a hold, a
focus move, the read keys, a question and the results, driven with real key events."""

from __future__ import annotations

import pygame
import pytest

from game.match.seats import Seat
from game.match.session import Session
from game.rules import Category, GameConfig, StartOrder
from game.scenes.table import TableScene
from game.scenes.table.focus import BoxTarget
from game.speech import BRIEF
from tests.scenes.ears import STEP, Ears, opened


def table(ctx, seed: int = 7, kinds=("person",)) -> TableScene:
    names = ("Ann", "Cpu")[: len(kinds)]
    seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=seed)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    return scene


def test_a_roll_is_said_when_the_dice_land_with_the_rolls_left(ctx, ears):
    scene = table(ctx)
    ears.frame()
    assert ears.heard() == ["Turn: Ann, roll", "Roll: button"]  # where the game stands
    said = ears.press(pygame.K_SPACE)
    dice = ", ".join(map(str, scene.session.state.dice))
    assert said == ["Ann rolls...", f"Ann rolled {dice}: 2 rolls left"]


def test_hold_release_and_the_read_keys(ctx, ears):
    scene = table(ctx)
    ears.frame()
    ears.press(pygame.K_SPACE)
    state = scene.session.state
    first = state.dice[0]
    assert ears.press(pygame.K_1) == [f"Held {first}"]
    assert ears.press(pygame.K_1) == [f"Released {first}"]
    ears.press(pygame.K_1)
    dice = ", ".join(map(str, state.dice))
    assert ears.press(pygame.K_F2) == [f"Dice {dice}; held {first}; 2 rolls left"]
    assert ears.press(pygame.K_F7) == ["Turn: Ann, 2 rolls left"]
    assert ears.press(pygame.K_F4) == ["Ann: total 0; upper 0, bonus needs 63 more; 13 boxes open"]
    assert ears.press(pygame.K_F5) == ["No other cards: you play alone"]
    assert ears.press(pygame.K_F6) == ["Scores: Ann 0"]
    assert ears.press(pygame.K_F3) == ["No box in focus: Up and Down move over the boxes"]


def test_moving_over_the_boxes_says_what_each_would_score(ctx, ears):
    scene = table(ctx)
    ears.frame()
    ears.press(pygame.K_SPACE)
    options = scene.session.state.score_options()
    assert ears.press(pygame.K_DOWN) == [f"Ones: open, scores {options[Category.ONES]}"]
    assert ears.press(pygame.K_DOWN) == [f"Twos: open, scores {options[Category.TWOS]}"]
    assert ears.press(pygame.K_F3) == [f"Twos: open, scores {options[Category.TWOS]}"]
    ctx.speech.verbosity = BRIEF
    assert ears.press(pygame.K_UP) == [f"Ones {options[Category.ONES]}"]


def test_moving_from_the_only_open_box_says_it_again(ctx, ears):
    # Forced order: one box is open. Down and Up stayed on it and said nothing, so a
    # listener could not tell the key had been taken (the blind bot waited 90 s on it).
    seats = [Seat("Ann", "person", colour=0)]
    config = GameConfig(("Ann",), start=StartOrder.SEATED, forced_order=True)
    scene = TableScene(ctx, Session.new(config, seats, seed=7))
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    ears.frame()
    ears.press(pygame.K_SPACE)
    ones = scene.session.state.score_options()[Category.ONES]
    assert ears.press(pygame.K_DOWN) == [f"Ones: open, scores {ones}"]
    assert ears.press(pygame.K_DOWN) == [f"Ones: open, scores {ones}"]
    assert ears.press(pygame.K_UP) == [f"Ones: open, scores {ones}"]


def test_a_score_the_new_total_and_the_next_turn(ctx, ears):
    scene = table(ctx)
    ears.frame()
    ears.press(pygame.K_SPACE)
    points = scene.session.state.score_options()[Category.CHANCE]
    scene.focus_on(BoxTarget(Category.CHANCE))
    ears.frame()
    ears.heard()
    said = ears.press(pygame.K_RETURN)
    assert said == [f"Ann scored {points} in Chance", f"Ann: total {points}", "Turn 2 of 13"]
    assert ctx.speech.said[-3].important  # the game waits for it to be heard
    assert ears.press(pygame.K_F6) == [f"Scores: Ann {points}"]


def test_a_question_is_said_with_its_answer_in_focus(ctx, ears):
    scene = table(ctx, seed=3)
    ears.frame()
    ears.press(pygame.K_SPACE)
    state = scene.session.state
    zero = next(c for c, p in state.score_options().items() if p == 0)
    scene.focus_on(BoxTarget(zero))
    ears.frame()
    ears.heard()
    said = ears.press(pygame.K_RETURN)
    assert said[-1] == "No: button, 2 of 2" and said[-2].endswith("?")
    assert ears.press(pygame.K_LEFT) == ["Yes: button, 1 of 2"]


def cpu_table(ctx) -> TableScene:
    """Bot (CPU Medium) to play, then Ann; the same dice every time (seed 11)."""
    seats = [Seat("Bot", "medium", colour=0), Seat("Ann", "person", colour=1)]
    session = Session.new(GameConfig(("Bot", "Ann"), start=StartOrder.SEATED), seats, seed=11)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    return scene


def cpu_turn_heard(scene: TableScene, ears: Ears) -> list[str]:
    """Frames until the CPU's turn is over and its last words are said."""
    said: list[str] = []
    for _ in range(round(60 / STEP)):
        pending = scene.cpu_future
        if pending is not None:
            pending.result(timeout=30)
        ears.frame()
        said += ears.heard()
        if said and said[-1] == "Your turn, Ann":
            break
    return said


FULL_TURN = [
    "Turn: Bot",  # where the game stands, as the table comes up (the focus is not Bot's)
    "Bot rolls...",
    "Bot rolled 4, 5, 4, 4, 5: 2 rolls left",
    "Held 4",
    "Held 4",
    "Held 4",
    "Bot: keep 4, 4, 4 for Fours or Yahtzee",  # its reason (CPU reasons are on)
    "Bot rolls...",
    "Bot rolled 4, 5, 4, 4, 2: 1 roll left",
    "Bot: keep 4, 4, 4 for Fours",
    "Bot rolls...",
    "Bot rolled 4, 2, 4, 4, 5: choose a box",
    "Bot: scoring 12 in Fours: 4.5 points better than scoring 19 in Three of a Kind",
    "Bot scored 12 in Fours",
    "Bot: total 12",  # the new total, right after the score
    "Your turn, Ann",
]


def test_a_cpus_turn_is_said_with_its_holds_and_its_reasons(ctx, ears):
    scene = cpu_table(ctx)
    assert cpu_turn_heard(scene, ears) == FULL_TURN


def test_at_brief_a_cpus_turn_is_one_phrase(ctx, ears):
    ctx.speech.verbosity = BRIEF
    scene = cpu_table(ctx)
    assert cpu_turn_heard(scene, ears) == [
        "Turn: Bot",
        "Bot, 3 rolls: 4 2 4 4 5; 12 in Fours, total 12",
        "Your turn, Ann",
    ]


def test_a_cpu_plays_at_the_pace_its_moves_are_heard_and_a_key_skips_ahead(ctx, ears):
    """While the voice is still saying something, the CPU waits; the player's key stops the
    game's speech and the CPU goes on (where speech is off nothing waits: the other tests)."""
    scene = cpu_table(ctx)
    rec = ears.rec
    rec.holding = True  # the voice is still speaking
    for _ in range(round(10 / STEP)):
        pending = scene.cpu_future
        if pending is not None:
            pending.result(timeout=30)
        ears.frame()
        rec.holding = True  # every phrase takes a while to say
    assert scene.session.state.dice is None  # ten seconds, and Bot has not rolled: it waits
    ears.press(pygame.K_F7, 0.0)  # a key: the stale speech stops, the turn goes on
    said = cpu_turn_heard(scene, ears)
    assert scene.session.state.player == 1 and said[-1] == "Your turn, Ann"


def test_a_menu_says_its_focus_and_a_value_stepped(ctx, ears):
    ctx.nav.settings()
    ctx.stack.apply_pending()
    ears.frame()
    scene = ctx.stack.top
    count = len(scene.grid.controls)
    # The screen's name, then the focus with its place among the controls.
    assert ears.heard() == ["Settings", f"Game language: System (English), 1 of {count}"]
    ears.press(pygame.K_DOWN)
    said = ears.press(pygame.K_DOWN)
    assert said == [f"Mute all sound: Off, 3 of {count}"]
    assert ears.press(pygame.K_RIGHT) == ["Mute all sound: Muted"]  # a value stepped


def test_a_hint_is_said_even_brief(ctx, ears):
    scene = table(ctx)
    ctx.speech.verbosity = BRIEF
    ears.frame()
    ears.press(pygame.K_SPACE)
    said = ears.press(pygame.K_h)
    assert said[0].startswith("Best: keep ")
    assert said == [line.replace("-", ", ") for line in scene.coach.hint_text]


def test_sounds_say_hold_release_and_a_zero(ctx, ears):
    scene = table(ctx, seed=3)
    ears.frame()
    ears.press(pygame.K_SPACE)
    ears.press(pygame.K_1)
    ears.press(pygame.K_1)
    assert ctx.sound.played[-2:] == ["hold", "release"]
    state = scene.session.state
    zero = next(c for c, p in state.score_options().items() if p == 0)
    scene.score(zero)  # asks first: a zero
    ears.frame()
    ears.press(pygame.K_LEFT)
    ears.press(pygame.K_RETURN)
    assert scene.session.state.cards[0][zero] == 0
    assert "zero" in ctx.sound.played and "score" not in ctx.sound.played


def test_the_help_reads_the_part_chosen(ctx, ears):
    ctx.nav.help()
    ctx.stack.apply_pending()
    ears.frame()
    assert ears.heard() == [
        "Rules and help",
        "Tab moves over the parts, Enter reads one, Up and Down read it line by line.",
        "Back: button, 8 of 8",
    ]
    assert ears.press(pygame.K_TAB) == ["How to play, 1 of 8"]
    said = ears.press(pygame.K_7)  # the seventh part: the controls, its title and first line
    assert said == ["Controls", ctx.stack.top.reading[1], "Controls, 7 of 8"]
    lines = [ears.press(pygame.K_DOWN)[0] for _ in range(len(ctx.stack.top.reading) - 2)]
    assert "F2: Say the dice, what is held and the rolls left" in lines
    assert "F8: Say the last phrase again (anywhere)" in lines
    assert ears.press(pygame.K_DOWN) == ["End of the part"]
    assert ears.press(pygame.K_UP) == [lines[-2]]  # line by line, back up too


def test_a_refusal_is_said_each_time_the_key_is_pressed(ctx, ears):
    table(ctx)
    ears.frame()
    ears.heard()
    assert ears.press(pygame.K_1) == ["Roll the dice first"]
    assert ears.press(pygame.K_2) == ["Roll the dice first"]  # the same line, said again


def test_the_setup_says_an_error_when_it_appears(ctx, ears):
    ctx.nav.setup()
    ctx.stack.apply_pending()
    ears.frame()
    scene = ctx.stack.top
    ears.heard()
    for _ in range(8):  # more seats than the table has
        scene.add_seat()
    ears.frame()
    said = ears.heard()
    assert said[0] == "The table seats 8 at most."
    ears.frame()
    assert ears.heard() == []  # said once


def test_speech_can_be_turned_on_from_the_command_line():
    from game.app import parse_args

    assert parse_args(["--speech", "on"]).speech == "on"
    assert parse_args([]).speech is None  # the setting stays as it is
    with pytest.raises(SystemExit):
        parse_args(["--speech", "loud"])


def test_the_statistics_say_each_profiles_figures_and_the_high_scores(ctx, ears):
    from game.scenes.stats import StatsScene
    from game.tools.snapshot import recorded_games

    recorded_games(ctx, 3)
    stats = opened(ctx, ears, StatsScene(ctx))
    first = stats.selected_stats
    assert first is not None and first.games > 0
    said = " | ".join(ears.heard())
    assert f"{first.name}: {first.games} games, best {first.best_score}, average" in said
    said_next = ears.press(pygame.K_DOWN, 0.1)  # the next profile in the list
    second = stats.selected_stats
    assert second is not None and second.name != first.name
    assert any(p.startswith(f"{second.name}: ") for p in said_next), said_next
    stats.show_page("scores")
    ears.frame()
    best = stats.table[0]
    assert any(
        p.startswith("High scores, Official rules, 1 game: ")
        and f"1. {best.name} {best.score}" in p
        for p in ears.heard()
    )
    ears.frame()
    assert ears.heard() == []  # said once, not every frame


def test_the_history_says_the_game_selected(ctx, ears):
    from game.scenes.history import HistoryScene
    from game.tools.snapshot import recorded_games

    recorded_games(ctx, 2)
    history = opened(ctx, ears, HistoryScene(ctx))
    newest = history.games[0]
    totals = "; ".join(f"{n} {t}" for n, t in zip(newest.players, newest.totals, strict=True))
    said = ears.heard()
    assert said[0] == "History"
    assert totals in said and "Official rules, 1 game" in said, said
    said_next = ears.press(pygame.K_DOWN, 0.1)
    older = history.games[1]
    assert any(f"{older.players[0]} {older.totals[0]}" in p for p in said_next), said_next


def test_the_review_says_its_verdict_once_the_coach_has_it(ctx, ears):
    from game.scenes.review import ReviewScene
    from game.tools.snapshot import finished_session

    review = ReviewScene.from_session(ctx, finished_session())
    ctx.stack.push(review)
    ctx.stack.apply_pending()
    review.join()
    ears.frame()
    pr = review.player_review
    assert pr is not None
    name = review.seats[pr.player].name
    said = ears.heard()
    at = said.index(name)
    assert "The dice gave" in said[at + 1], said
    # Then the costliest decisions, as the page shows them: moment, dice, chosen, better.
    decisions = review.shown_decisions
    assert len(decisions) == len(said) - at - 2 > 0
    first = decisions[0]
    dice = ", ".join(map(str, first.dice))
    assert (
        said[at + 2].startswith(f"Turn {first.turn}, ")
        and f": dice {dice}; chosen: " in said[at + 2]
    )
    assert "-" not in said[at + 2].replace("points more", "")  # no minus signs for a voice
    ears.frame()
    assert not any("The dice gave" in p for p in ears.heard())  # said once
