"""Playing by ear, through the real scenes and real key events: a card read box by box (mine
and another's, written boxes with what they hold), a letter on a written box, the results
said again by F6, Continue saying where the game stands, the hot seat's start rolls and who
starts, the game's end said once with no stale button, speech turned off said, the voice's
settings reaching the voice; and, through the real App, the phrase history (F8-F10) and a
close that takes under a second whatever a speech command does (issue 30, N9)."""

from __future__ import annotations

import time

import pygame

from game.match.seats import Seat
from game.match.session import Session
from game.rules import Category, GameConfig, Phase, Roll, Score, StartOrder
from game.scenes.table import TableScene
from game.scenes.table.focus import HOME, BoxTarget
from game.speech import Speaker
from game.speech.backends import ProcessBackend, RecordingBackend
from game.speech.client import VoiceParams
from tests.processes import gone
from tests.scenes.ears import Ears, key


def sit(ctx, names, kinds, seed: int, start: StartOrder = StartOrder.SEATED) -> TableScene:
    seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
    session = Session.new(GameConfig(tuple(names), start=start), seats, seed=seed)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    return scene


def score_chance(scene: TableScene, ears: Ears) -> int:
    """Roll, then score Chance by the keys; the points written."""
    ears.press(pygame.K_SPACE)
    points = scene.session.state.score_options()[Category.CHANCE]
    scene.focus_on(BoxTarget(Category.CHANCE))
    ears.press(pygame.K_RETURN)
    return points


def test_any_card_is_read_box_by_box_with_what_each_box_holds(ctx, ears):
    scene = sit(ctx, ("Ann", "Bob"), ("person", "person"), seed=4)
    ears.frame()
    chance = score_chance(scene, ears)  # Ann's Chance; now it is Bob's turn
    ears.press(pygame.K_SPACE)  # Bob rolls
    options = scene.session.state.score_options()
    assert ears.press(pygame.K_F4) == ["Bob: total 0; upper 0, bonus needs 63 more; 13 boxes open"]
    # Bob's card, in play: each box with what it would score now.
    assert ears.press(pygame.K_PAGEDOWN) == [f"Bob: Ones: open, scores {options[Category.ONES]}"]
    assert ears.press(pygame.K_PAGEDOWN) == [f"Twos: open, scores {options[Category.TWOS]}"]
    assert ears.press(pygame.K_PAGEUP) == [f"Ones: open, scores {options[Category.ONES]}"]
    # F5: Ann's card, read from its end: the total, then up through the boxes.
    assert ears.press(pygame.K_F5)[0].startswith(f"Ann: total {chance}; ")
    assert ears.press(pygame.K_PAGEUP) == [f"Ann: Total: {chance}"]
    said = [ears.press(pygame.K_PAGEUP)[0] for _ in range(7)]
    assert said == [
        f"Chance: {chance} written",
        "Yahtzee: open",
        "Large Straight: open",
        "Small Straight: open",
        "Full House: open",
        "Four of a Kind: open",
        "Three of a Kind: open",
    ]
    top = [ears.press(pygame.K_PAGEUP)[0] for _ in range(8)]
    assert top[0] == "Upper section: 0, the bonus needs 63 more"  # after Sixes
    assert top[-2:] == ["Ones: open", "Ones: open"]  # the top: no further


def test_a_letter_on_a_written_box_says_what_it_holds_and_leaves_the_focus(ctx, ears):
    scene = sit(ctx, ("Ann",), ("person",), seed=5)
    ears.frame()
    chance = score_chance(scene, ears)
    ears.press(pygame.K_SPACE)
    assert ears.press(pygame.K_c) == [f"Chance: {chance} written"]
    assert scene.focus == HOME  # Enter still rolls, as the player now knows
    assert ears.press(pygame.K_q) == ["No box starts with Q"]
    assert ears.press(pygame.K_t)[0].startswith("Twos: open, scores")  # an open box: focused


def test_the_results_are_said_once_and_again_by_f6(ctx, ears):
    from game.tools.snapshot import finished_session

    session = finished_session(players=2, games=1)
    ctx.nav.results(session)
    ctx.stack.apply_pending()
    ears.frame()
    said = ears.heard()
    assert said[0] == "Results"
    result = said[1]
    assert result.startswith(("You win!", "Ada wins!")) and "Scores: " in result
    assert ctx.speech.said[1].important  # the table waits for it
    assert ears.press(pygame.K_F6) == [result]
    assert ears.press(pygame.K_F4)[0].startswith(f"{session.config.players[0]}: total ")
    assert ears.press(pygame.K_F5)[0].startswith("Ada: total ")


def test_continue_says_where_the_game_stands(ctx, ears):
    scene = sit(ctx, ("Ann",), ("person",), seed=7)
    ears.frame()
    ears.press(pygame.K_SPACE)
    state = scene.session.state
    dice = ", ".join(map(str, state.dice))
    paused = ears.press(pygame.K_ESCAPE)
    assert paused[0] == "Paused" and paused[-1].startswith("Resume: button, 1 of ")
    assert ears.press(pygame.K_RETURN)[0] == f"Turn: Ann, 2 rolls left; Dice {dice}; 2 rolls left"


def test_the_hot_seats_start_rolls_and_who_starts_are_said(ctx, ears):
    scene = sit(ctx, ("Ann", "Bob"), ("person", "person"), seed=3, start=StartOrder.ROLL_OFF)
    ears.frame()
    assert ears.heard() == ["Turn: Ann, start roll", "Start roll: button"]
    said = ears.press(pygame.K_SPACE) + ears.press(pygame.K_SPACE)
    rolls = scene.board.presenter.start_rolls
    assert said[:2] == ["Ann rolls for the start...", f"Ann rolled {rolls[0]} for the start"]
    assert said[2:4] == ["Bob rolls for the start...", f"Bob rolled {rolls[1]} for the start"]
    first = "Ann" if rolls[0] > rolls[1] else "Bob"
    assert said[4:] == [f"First to play: {first}", f"Your turn, {first}"]


def test_the_games_end_says_the_winner_once_and_no_stale_button(ctx, ears):
    ctx.apply_settings(ctx.settings.replace(verify="off"))  # no question before a zero
    scene = sit(ctx, ("Ann", "Bob"), ("person", "person"), seed=2)
    session = scene.session
    while not (session.state.player == 1 and session.state.cards[1].filled_count == 12):
        session.apply(Roll())
        options = session.state.score_options()
        session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    scene.resync()
    ears.frame()
    ears.press(pygame.K_SPACE)
    last = next(iter(session.state.score_options()))
    scene.focus_on(BoxTarget(last))
    ears.heard()
    said = ears.press(pygame.K_RETURN, seconds=4.0)  # the results come up after a pause
    assert session.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    assert "Game over" in said and said[said.index("Game over") + 1] == "Results"
    assert not any("button" in p for p in said[: said.index("Results")])  # no stale Roll
    assert sum("wins" in p or "Shared win" in p for p in said) == 1, said


def test_turning_speech_off_is_said_in_the_voice_that_goes(ctx, ears):
    voices: list[RecordingBackend] = []

    def voice(mode: str, params: VoiceParams):
        voices.append(RecordingBackend())
        return voices[-1]

    ctx.voices = voice
    ctx.apply_settings(ctx.settings.replace(speech="on"))
    ctx.choose_voice(anew=True)
    on = voices[-1]
    ctx.apply_settings(ctx.settings.replace(speech="off"))
    assert on.spoken[-1] == "Speech off." and ctx.speech.backend is voices[-1]


def test_the_voice_settings_reach_the_voice(ctx, ears):
    ctx.nav.settings()
    ctx.stack.apply_pending()
    ears.frame()
    scene = ctx.stack.top
    rate = scene.control("speech_rate")
    scene.grid.focus(rate)
    ears.frame()
    assert ears.heard()[-1].startswith("Speech rate: Screen reader's, ")
    assert ears.press(pygame.K_RIGHT) == ["Speech rate: +10"]
    assert ctx.settings.speech_rate == 10 and ears.rec.params.rate == 10
    ears.press(pygame.K_LEFT)
    ears.press(pygame.K_LEFT)
    assert ctx.settings.speech_rate == -10 and ears.rec.params.rate == -10
    pitch = scene.control("speech_pitch")
    scene.grid.focus(pitch)
    ears.frame()
    ears.press(pygame.K_RIGHT)
    assert ears.rec.params == VoiceParams(language="en", rate=-10, pitch=10)


# ----------------------------------------------------------------------------- the real App
def test_the_phrase_history_steps_back_and_forth_anywhere(app):
    rec = RecordingBackend()
    app.ctx.speech = Speaker(rec)
    app.voice.speaker = app.ctx.speech
    app.step(0.0)  # the title says its name and focus first
    for text in ("One", "Two", "Three"):
        app.ctx.notify(text)
        app.step(0.0)
    rec.spoken.clear()
    for code in (pygame.K_F8, pygame.K_F9, pygame.K_F9, pygame.K_F9, pygame.K_F10):
        app.handle(key(code))
    assert rec.spoken == ["Three", "Three", "Two", "One", "Two"]
    assert rec.stops == 5  # each key stops what the game was still saying first


def test_closing_the_game_takes_under_a_second_whatever_a_speech_command_does(app):
    stubborn = ProcessBackend(
        "stubborn",
        lambda p, text: ["sh", "-c", "trap '' TERM; sleep 30 & sleep 30 & wait", "voice", text],
        VoiceParams(),
    )
    app.ctx.speech.replace(stubborn)
    app.ctx.notify("Said by a voice that will not stop")
    app.step(0.0)
    child = stubborn.current
    assert child is not None
    time.sleep(0.2)
    began = time.monotonic()
    app.shutdown()
    assert time.monotonic() - began < 1.0
    assert gone(child.pid)
