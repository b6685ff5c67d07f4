"""The coach's review, replays, the history and the statistics, driven by real events.

State first (what the scenes hold and what storage computed), pixels second (every scene
draws inside the window at any size).
"""

from __future__ import annotations

import contextlib
import sqlite3
import time

import pygame
import pytest

from game.ai.coach.advice import review
from game.ai.exact.options import Keep
from game.match.replay import ReplaySession
from game.match.seats import Seat
from game.match.session import Session
from game.rules import Category, GameConfig, Hold, NextGame, Phase, Roll, Score, StartOrder
from game.scenes.confirm import ConfirmScene
from game.scenes.history import DOUBLE_CLICK, HistoryScene, assisted_mark
from game.scenes.profile_name import ProfileNameScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.review.page import kept_dice
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from game.scenes.stats.pages import figures
from game.scenes.table import ReplayScene
from game.scenes.title import TitleScene
from game.ui.charts import nice_ticks
from tests.driver import ENTER, ESC, click, feed, key, letter, show, typed

SIZES = [(800, 600), (1280, 800), (700, 1100), (1920, 1080), (640, 480)]


# ----------------------------------------------------------------------------- helpers
def finished(seed: int = 5, seats=None, games: int = 1) -> Session:
    """A seeded match played to its end: roll, keep the most common face once, then take the
    box worth most (so there are keeps and scores for the coach to grade)."""
    seats = seats or [Seat("You", colour=0), Seat("Ada", "hard", colour=1)]
    config = GameConfig(tuple(s.name for s in seats), start=StartOrder.SEATED, games=games)
    session = Session.new(config, seats, seed=seed)
    while session.state.phase is not Phase.MATCH_OVER:
        state = session.state
        if state.phase is Phase.GAME_OVER:
            session.apply(NextGame())
        elif state.dice is None:
            session.apply(Roll())
        elif state.rolls_left == 2:
            face = max(set(state.dice), key=lambda f: (state.dice.count(f), f))
            for i, d in enumerate(state.dice):
                if d == face:
                    session.apply(Hold(i))
            session.apply(Roll())
        else:
            options = state.score_options()
            session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    return session


def record(ctx, session: Session) -> str:
    assert ctx.storage.save_session(session)
    return ctx.storage.last_finished.history_id


# ============================================================================= review
def test_results_review_button_opens_the_review_of_the_costliest_decisions(ctx):
    session = finished()
    results = show(ctx, ResultsScene(ctx, session))
    assert [b.label for b in results.buttons] == ["Play again", "Review", "Replay", "Title"]
    feed(ctx, letter("r"))
    scene = ctx.stack.top
    assert isinstance(scene, ReviewScene)
    scene.join()
    expected = review(session.config, session.game.start_rng, session.game.log, 0)
    person = expected.players[0]
    assert scene.people == [0] and scene.others == [1]  # the CPU is listed in brief
    assert scene.shown_decisions == person.costliest(3)
    assert len(scene.shown_decisions) == 3
    assert scene.player_review.skill_lost == pytest.approx(person.skill_lost)
    assert scene.player_review.luck == pytest.approx(person.luck)
    assert scene.player_review.expected_by_turn == person.expected_by_turn
    assert {"decision0", "decision1", "decision2", "chart", "others"} <= set(scene.page_rects)
    feed(ctx, ESC)
    assert ctx.stack.top is results


def test_review_charts_the_chances_to_win_and_names_the_costliest_decision_for_it(ctx):
    from game.ai.coach.win_review import costliest_for_win, win_track
    from game.scenes.review.win_part import cost_sentence

    session = finished(seed=4)
    game = session.game
    scene = show(ctx, ReviewScene.from_session(ctx, session))
    scene.join()
    win = scene._win_section()
    # Each seat at its pace as it stood then: the CPU at its level's, the person at what
    # their decisions in the game had shown (game.ai.levels.pace).
    kinds = tuple(seat.kind for seat in session.seats)
    graded = review(session.config, game.start_rng, game.log, 0)
    decisions = [d for pr in graded.players.values() for d in pr.decisions]
    track = win_track(session.config, game.start_rng, list(game.log), 0, kinds, decisions)
    assert win.chances == track.chances and win.mine == 0 and len(win.chances[0]) == 14
    plain = win_track(session.config, game.start_rng, list(game.log), 0)
    assert win.chances[0][0] != pytest.approx(plain.chances[0][0])  # not all as Experts
    worst = costliest_for_win(
        session.config, game.start_rng, list(game.log), 0, {0}, kinds, decisions
    )[0]
    assert win.cost == worst
    assert cost_sentence(worst).startswith(f"Costliest for winning: turn {worst.turn}, ")
    assert {"win_chart", "win_cost"} <= set(scene.page_rects)
    # Alone at the table there is nobody to beat: no chances.
    solo = show(ctx, ReviewScene.from_session(ctx, finished(seed=4, seats=[Seat("Sam")])))
    solo.join()
    assert solo._win_section() is None and "win_chart" not in solo.page_rects


def test_review_analyses_off_the_main_thread_and_switches_players_and_games(ctx):
    seats = [Seat("Ann", colour=0), Seat("Bob", colour=1), Seat("Cpu", "easy", colour=2)]
    session = finished(seed=9, seats=seats, games=2)
    scene = show(ctx, ReviewScene.from_session(ctx, session))
    # Nothing is waited for on the way in: the page comes when the worker is done.
    assert scene.page is None and scene.animating
    assert scene.game_index == 1 and scene.games == 2
    scene.join()
    ann = review(session.config, session.game.start_rng, session.game.log, 1).players[0]
    assert scene.player == 0 and scene.shown_decisions == ann.costliest(3)
    feed(ctx, key(pygame.K_RIGHT))
    assert scene.player == 1
    feed(ctx, key(pygame.K_TAB))  # Tab goes round the people only
    assert scene.player == 0
    feed(ctx, click(scene.screen.tabs[1].center))
    assert scene.player == 1
    feed(ctx, key(pygame.K_LEFTBRACKET, "["))
    assert scene.game_index == 0
    scene.join()
    bob = review(session.config, session.game.start_rng, session.game.log, 0).players[1]
    assert scene.shown_decisions == bob.costliest(3)
    before = scene.scroll.offset
    feed(ctx, key(pygame.K_END))
    assert scene.scroll.offset == scene.scroll.max_offset >= before


def test_review_helpers():
    assert nice_ticks(131, 256) == [100.0, 150.0, 200.0, 250.0, 300.0]
    assert kept_dice((6, 2, 6, 6, 1), Keep((6, 6))) == (True, False, True, False, False)
    assert kept_dice((1, 2, 3, 4, 5), Keep()) == (False,) * 5


# ============================================================================= replay
def test_a_replay_of_a_saved_log_reproduces_the_final_scores(ctx):
    session = finished(seed=3, games=2)
    history_id = record(ctx, session)
    history = ctx.storage.load_log(history_id)
    scene = show(ctx, HistoryScene(ctx))
    feed(ctx, ENTER)
    replay = ctx.stack.top
    assert isinstance(replay, ReplayScene)
    played = replay.session
    assert played.position == 0 and len(played) == len(history.game.log)
    # Step through every action with the Right key; between the games the results show and
    # Next game goes on, as on the night.
    for _ in range(len(played) + 1000):
        top = ctx.stack.top
        if played.finished:
            break
        if isinstance(top, ResultsScene):
            assert [b.label for b in top.buttons][0] == "Next game"
            feed(ctx, letter("n"))
        elif played.state.phase is Phase.GAME_OVER:
            feed(ctx)  # the celebration, then the results
        else:
            feed(ctx, key(pygame.K_RIGHT))
    assert played.finished and played.paused
    assert played.state.match_totals() == history.totals == session.state.match_totals()
    assert played.state.results == session.state.results
    for _ in range(600):
        if isinstance(ctx.stack.top, ResultsScene):
            break
        feed(ctx)
    end = ctx.stack.top
    assert isinstance(end, ResultsScene)
    assert [b.label for b in end.buttons] == ["Review", "Watch again", "Back"]
    feed(ctx, letter("b"))
    assert ctx.stack.top is scene


def test_replay_plays_on_its_own_pauses_steps_back_and_jumps_to_the_end(ctx):
    session = finished(seed=4)
    scene = show(ctx, ReplayScene(ctx, ReplaySession.from_session(session)))
    played = scene.session
    feed(ctx, key(pygame.K_3))
    assert scene.speed_factor == 4.0
    deadline = time.monotonic() + 20
    while played.position < 6 and time.monotonic() < deadline:
        if scene.cpu_future is not None:
            scene.cpu_future.result(timeout=10)  # the table asks its worker, as for a CPU
        feed(ctx)
    assert played.position >= 6
    feed(ctx, key(pygame.K_SPACE))
    assert played.paused and not played.is_cpu_turn
    at = played.position
    for _ in range(30):
        feed(ctx)
    assert played.position == at  # paused: nothing more is played
    feed(ctx, key(pygame.K_LEFT))
    assert played.position == at - 1
    expected = ReplaySession.from_session(session)
    expected.seek(at - 1)
    assert played.state == expected.state
    feed(ctx, click(scene.controls[0].rect.center))  # Play
    assert not played.paused
    feed(ctx, key(pygame.K_END))
    assert played.finished and played.state == session.state
    feed(ctx)
    assert isinstance(ctx.stack.top, ResultsScene)
    feed(ctx, letter("w"))  # watch again: from the first action
    assert ctx.stack.top is scene and played.position == 0 and not played.paused


def test_replay_session_refuses_anything_but_the_log():
    session = finished(seed=2)
    replay = ReplaySession.from_session(session)
    assert replay.is_cpu_turn and not replay.can_undo()
    with pytest.raises(ValueError):
        replay.apply(Score(Category.CHANCE))
    replay.seek(len(replay))
    assert replay.finished and not replay.is_cpu_turn
    assert replay.state == session.state


# ============================================================================= history
def test_history_lists_a_recorded_game_and_opens_its_review(ctx):
    seats = [Seat("You", colour=0), Seat("Ada", "hard", colour=1)]
    session = finished(seed=6, seats=seats)
    session.mark_assisted(0)
    history_id = record(ctx, session)
    scene = show(ctx, HistoryScene(ctx))
    (summary,) = scene.games
    assert summary.id == history_id
    assert summary.players == ("You", "Ada") and summary.assisted == (0,)
    # Only the seat that used help is marked, by name, as the results and high scores do.
    assert assisted_mark(summary) == "assisted: You"
    assert summary.totals == session.state.match_totals()
    assert len(scene.rows) == 1 and scene.stars[0]  # the winner's star
    feed(ctx, letter("r"))
    assert isinstance(ctx.stack.top, ReviewScene)
    ctx.stack.top.join()
    assert ctx.stack.top.shown_decisions == (
        review(session.config, session.game.start_rng, session.game.log).players[0].costliest(3)
    )
    feed(ctx, ESC)
    assert ctx.stack.top is scene
    # Enter does what its button shows, Replay, not the Review that R opened last.
    assert scene.ring.focused is scene.replay_button
    feed(ctx, ENTER)
    assert isinstance(ctx.stack.top, ReplayScene)
    feed(ctx, ESC)
    assert ctx.stack.top is scene
    feed(ctx, ESC)
    assert ctx.stack.top is None


@pytest.mark.parametrize("screen", ["history", "statistics", "review"])
def test_f1_opens_the_rules_and_help_from_the_list_screens(ctx, screen):
    """F1 did nothing in the history (and the other list screens): it opens the help, and
    Esc comes back to the list."""
    from game.scenes.help import HelpScene

    session = finished(seed=6)
    record(ctx, session)
    scenes = {
        "history": lambda: HistoryScene(ctx),
        "statistics": lambda: StatsScene(ctx),
        "review": lambda: ReviewScene(
            ctx, session.config, session.game.start_rng, session.game.log
        ),
    }
    scene = show(ctx, scenes[screen]())
    buttons = scene.ring.buttons  # (the review has none of its own)
    last = buttons[-1] if buttons else None  # Back: where the focus was stays after the help
    if last is not None:
        scene.ring.focus(last)
    feed(ctx, key(pygame.K_F1))
    assert isinstance(ctx.stack.top, HelpScene)
    feed(ctx, ESC)
    assert ctx.stack.top is scene and scene.ring.focused is last


def test_a_double_click_on_a_game_opens_its_replay_and_two_slow_clicks_do_not(ctx):
    record(ctx, finished(seed=6))
    scene = show(ctx, HistoryScene(ctx))
    rect = scene.rows[0][0]
    view = scene.scroll.viewport
    at = (view.left + rect.centerx, view.top + rect.centery - scene.scroll.offset)
    feed(ctx, click(at))
    ctx.stack.update(DOUBLE_CLICK + 0.05)  # seconds pass, as the app's loop counts them
    feed(ctx, click(at))
    assert ctx.stack.top is scene and scene.animating  # the second click starts a new pair
    ctx.stack.update(DOUBLE_CLICK / 2)
    feed(ctx, click(at))
    assert isinstance(ctx.stack.top, ReplayScene)


def test_history_empty_and_bad_files_never_crash(ctx):
    scene = show(ctx, HistoryScene(ctx))
    assert scene.games == [] and not scene.replay_button.enabled
    assert scene.ring.focused is scene.back  # the only button that does anything
    feed(ctx, letter("r"))
    assert ctx.stack.top is scene  # nothing to review
    # One good log, one damaged, and one that goes bad after it was listed.
    damaged = record(ctx, finished(seed=6))
    good = record(ctx, finished(seed=7))
    later = record(ctx, finished(seed=8))
    with contextlib.closing(sqlite3.connect(ctx.storage.paths.records)) as con, con:
        con.execute("UPDATE games SET summary = '[]' WHERE id = ?", (damaged,))
    ctx.notices.clear()
    scene.refresh()
    assert [g.id for g in scene.games] == sorted([good, later], reverse=True)
    assert ctx.notices  # the damaged log was reported (and kept in the records' set_aside)
    with contextlib.closing(sqlite3.connect(ctx.storage.paths.records)) as con, con:
        con.execute(
            "UPDATE logs SET data = x'00' WHERE game = (SELECT rowid FROM games WHERE id = ?)",
            (scene.games[0].id,),
        )
    feed(ctx, ENTER)
    assert ctx.stack.top is scene and len(scene.games) == 1


def test_menu_keys_leave_history_statistics_and_review(ctx):
    """Backspace goes back like Esc; the review also closes on (keypad) Enter."""
    for scene in (HistoryScene(ctx), StatsScene(ctx)):
        show(ctx, scene)
        feed(ctx, key(pygame.K_BACKSPACE))
        assert ctx.stack.top is None
    review_scene = show(ctx, ReviewScene.from_session(ctx, finished(seed=2)))
    feed(ctx, key(pygame.K_KP_ENTER))
    assert ctx.stack.top is None
    review_scene.exit()


# ============================================================================= statistics
def test_stats_show_a_profiles_figures_as_storage_computes_them(ctx):
    ctx.storage.create_profile("Ann")
    seats = [Seat("Ann", colour=0, profile="Ann"), Seat("Cpu", "hard", colour=1)]
    for seed in (11, 12):
        record(ctx, finished(seed=seed, seats=seats))
    scene = show(ctx, StatsScene(ctx))
    assert scene.profiles.names == ("Ann", "CPU Hard")  # the CPU level keeps its own record
    stats = ctx.storage.profile_stats("Ann", "american")
    assert scene.selected_stats == stats and stats.games == 2
    values = dict(figures(stats, "american"))
    assert values["Games"] == "2" and "Wins" in values  # every game a contest: plain "Wins"
    assert values["Mean score"] == f"{stats.mean_score:.1f}"
    assert values["Points lost per game"] == f"{stats.mean_points_lost:.1f}"
    assert {"chart", "histogram", "head_to_head"} <= set(scene.page_rects)
    feed(ctx, key(pygame.K_DOWN))
    assert scene.selected_name == "CPU Hard" and not scene.rename_button.enabled
    feed(ctx, letter("h"))
    assert scene.page_name == "scores"
    assert scene.table == ctx.storage.high_scores("official", 1)
    assert [e.name for e in scene.table] == ["Ann", "Ann"]
    feed(ctx, key(pygame.K_RIGHT))
    assert scene.table == [] and scene.variant == 1  # Free rules: nothing yet
    feed(ctx, ESC)
    assert ctx.stack.top is None


def test_profiles_are_created_renamed_and_deleted_by_keyboard(ctx):
    scene = show(ctx, StatsScene(ctx))
    assert scene.profiles.names == () and scene.selected_stats is None
    feed(ctx, letter("n"))
    ask = ctx.stack.top
    assert isinstance(ask, ProfileNameScene)
    feed(ctx, typed("CPU Max"), ENTER)  # reserved for the CPU levels: refused in words
    assert ctx.stack.top is ask and "CPU" in ask.error
    feed(ctx, key(pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL), key(pygame.K_BACKSPACE, mod=0))
    feed(ctx, *[key(pygame.K_BACKSPACE)] * 10, typed("Ann"), ENTER)
    assert [p.name for p in ctx.storage.list_profiles()] == ["Ann"]
    assert ctx.stack.top is scene and scene.selected_name == "Ann"
    feed(ctx, letter("r"))
    feed(ctx, typed("Anna"), ENTER)  # the old name is selected: typing replaces it
    assert [p.name for p in ctx.storage.list_profiles()] == ["Anna"]
    assert scene.selected_name == "Anna"
    feed(ctx, key(pygame.K_DELETE))
    assert isinstance(ctx.stack.top, ConfirmScene)
    feed(ctx, letter("n"))
    assert [p.name for p in ctx.storage.list_profiles()] == ["Anna"]
    feed(ctx, key(pygame.K_DELETE))
    feed(ctx, letter("y"))
    assert ctx.storage.list_profiles() == [] and scene.profiles.names == ()


# ============================================================================= menus
def test_title_opens_statistics_and_history_and_setup_marks_profiles(ctx):
    title = show(ctx, TitleScene(ctx))
    feed(ctx, letter("t"))
    assert isinstance(ctx.stack.top, StatsScene)
    feed(ctx, ESC)
    feed(ctx, letter("h"))
    assert isinstance(ctx.stack.top, HistoryScene)
    feed(ctx, ESC)
    assert ctx.stack.top is title
    ctx.storage.create_profile("you")
    setup = show(ctx, SetupScene(ctx))
    assert setup.has_profile(0) and not setup.has_profile(1)  # "You" is a person; Ada a CPU
    config, seats = setup.build()
    assert seats[0].profile == "you"


# ============================================================================= every size
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_new_scenes_draw_inside_the_window_at_any_size(ctx, size):
    ctx.storage.create_profile("You")
    session = finished(seed=5, seats=[Seat("You", colour=0, profile="You"), Seat("Ada", "hard")])
    record(ctx, session)
    surface = pygame.display.set_mode(size)
    bounds = surface.get_rect()
    review_scene = ReviewScene.from_session(ctx, session)
    review_scene.layout(size)
    review_scene.join()
    stats = StatsScene(ctx)
    scenes = {
        "review": review_scene,
        "replay": ReplayScene(ctx, ReplaySession.from_session(session)),
        "history": HistoryScene(ctx),
        "stats": stats,
    }
    for name, scene in scenes.items():
        scene.layout(size)
        scene.draw(surface)
        rects = {
            "review": lambda s: [s.back.rect, s.screen.panel, *s.screen.tabs, s.scroll.viewport],
            "replay": lambda s: [b.rect for b in s.controls] + [s.deck],
            "history": lambda s: [b.rect for b in s.ring.buttons] + [s.panel],
            "stats": lambda s: (
                [b.rect for b in s.ring.buttons]
                + [s.screen.panel, s.screen.list_panel, *s.screen.tabs.values()]
            ),
        }[name](scene)
        for rect in rects:
            assert rect.width > 0 and rect.height > 0, (name, size, rect)
            assert bounds.contains(rect), (name, size, rect)
        if name == "stats":
            for _i, row in scene.profile_rows.rows:
                assert scene.screen.list_panel.contains(row), (size, row)
            scene.show_page("scores")
            scene.draw(surface)
            for rect in (scene.variant_cycler.rect, scene.games_cycler.rect):
                assert scene.screen.panel.contains(rect), (size, rect)
        scene.exit()


def test_stepping_past_a_games_end_skips_its_results(ctx):
    session = finished(seed=3, games=2)
    scene = show(ctx, ReplayScene(ctx, ReplaySession.from_session(session)))
    played = scene.session
    next_game = next(i for i, a in enumerate(played.actions) if isinstance(a, NextGame))
    played.seek(next_game - 1)  # before game 1's last score
    scene._jumped()
    feed(ctx, key(pygame.K_RIGHT))
    assert played.state.phase is Phase.GAME_OVER and scene.results_in is not None
    feed(ctx, key(pygame.K_RIGHT))  # on into game 2 before the results came up
    assert played.state.game_index == 1 and scene.results_in is None
    for _ in range(300):
        feed(ctx)
    assert ctx.stack.top is scene


def test_history_marks_who_used_help_in_a_mixed_game_and_only_assisted_alone():
    from datetime import datetime

    from game.storage import HistorySummary

    def summary(players, assisted):
        return HistorySummary(
            "id",
            datetime(2026, 11, 28),
            "official",
            1,
            players,
            ("person",) * len(players),
            (200,) * len(players),
            (0,),
            assisted,
        )

    assert assisted_mark(summary(("Anna", "Ben", "Cleo"), (1, 2))) == "assisted: Ben and Cleo"
    assert assisted_mark(summary(("Anna", "Ben"), ())) == ""
    assert assisted_mark(summary(("Anna",), (0,))) == "assisted"


# ============================================================================= filing refused
def test_a_finished_game_the_locked_records_refuse_is_filed_once_they_free_up(ctx, monkeypatch):
    session = finished(seed=7, seats=[Seat("Ann", colour=0, profile=None)])
    ctx.storage._records.write(lambda con: None)  # the records file exists
    lock = sqlite3.connect(ctx.storage.paths.records, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")  # another program holds the records
    try:
        ctx.save_session(session)
        assert ctx.unsaved and ctx.storage.unfiled_count() == 1
        results = show(ctx, ResultsScene(ctx, session))
        # Not in the records: no best or average is claimed for it.
        assert "best" not in results.verdict.detail and "average" not in results.verdict.detail
    finally:
        lock.rollback()
        lock.close()
    monkeypatch.setattr(time, "monotonic", lambda: 10.0**9)  # the next try is due
    feed(ctx)
    assert ctx.storage.unfiled_count() == 0 and not ctx.unsaved
    assert len(ctx.storage.list_history()) == 1
    results.play_again()  # a new game: nothing is left to lose, so nothing is asked
    ctx.stack.apply_pending()
    assert not isinstance(ctx.stack.top, ConfirmScene)


def test_play_again_asks_before_leaving_a_finished_game_the_disk_refused(ctx, monkeypatch):
    session = finished(seed=7)
    monkeypatch.setattr(ctx.storage._records, "write", lambda change: (False, None))
    monkeypatch.setattr(ctx.storage._store, "save", lambda *args, **kwargs: False)
    ctx.save_session(session)
    assert ctx.storage.unfiled_unkept() == 1
    results = show(ctx, ResultsScene(ctx, session))
    results.play_again()
    ctx.stack.apply_pending()
    question = ctx.stack.top
    assert isinstance(question, ConfirmScene)
    assert question.question == "Your finished game could not be saved. Start a new one anyway?"
    assert question.ring.focused is question.no  # Enter keeps the game: No


def test_with_solitaire_games_on_record_the_wins_say_they_count_only_contests(ctx):
    """'Games 2 / Wins 0 of 1' left a player to wonder where a game went: a solitaire game
    is not a contest, and the label now says the wins are against others."""
    ctx.storage.create_profile("Ann")
    record(ctx, finished(seed=11, seats=[Seat("Ann", colour=0, profile="Ann")]))
    record(
        ctx, finished(seed=12, seats=[Seat("Ann", colour=0, profile="Ann"), Seat("Cpu", "hard")])
    )
    stats = ctx.storage.profile_stats("Ann", "american")
    values = dict(figures(stats, "american"))
    assert values["Games"] == "2" and "Wins" not in values
    assert values["Wins against others"].endswith(" of 1")


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1920, 1080)])
def test_a_two_line_refusal_in_the_name_box_stays_clear_of_its_buttons(ctx, size):
    """The records busy (issue 30): the refusal takes two lines, which ran into Create."""
    ctx.stack.layout(size)
    ask = ProfileNameScene(ctx, "New profile", "", lambda name: "x" * 400)
    ask.layout(size)
    font = ctx.fonts.get(ask.error_px)
    last_line_bottom = ask.error_rect.top + 2 + 2 * font.get_linesize()
    assert last_line_bottom <= ask.ok.rect.top
