"""The table's parts on their own: the CPU driver (headless, no pygame) and the coach's
timer in seconds. The presenter's timer and drawing are tested on a table in test_table."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from game.rules import Category, Game, GameConfig, GameState, Roll, Score
from game.scenes.table.coach import GRADE_TIME, CoachOverlay
from game.scenes.table.cpu import CpuDriver, cpu_delay
from game.storage.settings import Settings
from tests.driver import hover, pad_press

CPU_MODULE = Path(__file__).resolve().parents[2] / "game" / "scenes" / "table" / "cpu.py"


def test_the_cpu_driver_runs_with_pygame_unimportable():
    """Loaded from its file with pygame blocked: it asks the strategy in its thread, waits
    out the pause in seconds, and hands the action over once."""
    script = textwrap.dedent(
        f"""
        import importlib.util, sys
        sys.modules["pygame"] = None  # any import of pygame now fails
        spec = importlib.util.spec_from_file_location("cpu", {str(CPU_MODULE)!r})
        cpu = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(cpu)
        state = object()
        driver = cpu.CpuDriver(lambda s: ("roll", "why") if s is state else None)
        driver.wait(0.5)
        assert driver.step(0.2, state) is None  # asked: the strategy thinks in its thread
        driver.future.result(timeout=10)
        assert driver.step(0.2, state) is None  # answered, but the pause is not over
        assert driver.step(0.1, state) == ("roll", "why")
        assert driver.future is None
        driver.shutdown()
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "ok", done.stderr


def test_the_cpu_driver_decides_again_when_the_state_moved_on():
    asked = []

    def decide(state):
        asked.append(state)
        return "score", None

    driver = CpuDriver(decide)
    first, second = object(), object()
    assert driver.step(0.0, first) is None
    driver.future.result(timeout=10)
    assert driver.step(0.0, second) is None  # an answer for a state that is gone
    assert driver.step(0.0, second) is None  # asked again, for the state now
    driver.future.result(timeout=10)
    assert driver.step(0.0, second) == ("score", None)
    assert asked == [first, second]
    driver.shutdown()


def test_cpu_delays():
    assert cpu_delay(Roll(), "slow", fast=False, animation_scale=1.0) == 0.9
    assert cpu_delay(Roll(), "normal", fast=True, animation_scale=0.5) == 0.2 * 0.3 * 0.5
    assert cpu_delay(Roll(), "fast", fast=False, animation_scale=0.0) == 0.12 * 0.2
    assert cpu_delay(Roll(), "instant", fast=False, animation_scale=1.0) == 0.0


def test_a_grading_mark_goes_after_its_time():
    class Decision:
        cost = 3.0
        best = Score(Category.CHANCE)

    coach = CoachOverlay()
    settings = Settings().replace(grading=True, grading_threshold=1.0)
    state = GameState.new(GameConfig(("Ann", "Ben")))[0]
    coach.note_grade(Decision(), settings, "Ann", 0, state)
    assert coach.grade_note(state) == "Ann: score Chance was 3.0 points better" and coach.busy
    coach.update(GRADE_TIME - 0.5)
    assert coach.grade_note(state) and coach.busy
    coach.update(0.5)
    assert coach.grade_note(state) == "" and not coach.busy


def test_a_grading_mark_goes_with_its_moment():
    class Decision:
        cost = 3.0
        best = Score(Category.CHANCE)

    coach = CoachOverlay()
    settings = Settings().replace(grading=True, grading_threshold=1.0)
    game = Game.new(GameConfig(("Ann", "Ben")), seed=2)
    game.apply(Roll())
    coach.note_grade(Decision(), settings, "Ann", 0, game.state)
    assert coach.grade_note(game.state)
    game.apply(Roll())  # the next roll is a new moment: the mark is no longer about it
    assert coach.grade_note(game.state) == "" and coach.busy


def test_win_chances_show_when_wanted_and_only_then():
    from game.scenes.table.chances import chance_text, wanted

    assert [chance_text(c) for c in (0.0, 0.001, 0.424, 0.999, 1.0)] == [
        "0%", "<1%", "42%", ">99%", "100%"
    ]  # fmt: skip
    assert wanted("on", False, False) and not wanted("off", True, True)
    assert wanted("coach", True, False) and wanted("coach", False, True)
    assert not wanted("coach", False, False)
    assert wanted("coach", False, False, helped=True) and not wanted("off", False, False, True)


def test_the_chance_watch_works_off_the_main_thread_and_keeps_the_last_figures():
    from game.ai.winning.chances import win_chances
    from game.scenes.table.chances import ChanceWatch

    game = Game.new(GameConfig(("Ann", "Ben")), seed=5)
    watch = ChanceWatch()
    try:
        watch.update(game.state, True)
        assert watch.column_texts(game.state) == ("", "")  # asked, not known yet
        watch._future.result(timeout=60)
        watch.update(game.state, True)
        expected = win_chances(game.state).game
        assert watch.shown == expected and abs(sum(expected) - 1) < 1e-6
        game.apply(Roll())
        watch.update(game.state, True)  # asked anew: the last figures stay meanwhile
        assert watch.shown == expected and watch.shown_state is not game.state
        watch.update(game.state, False)
        assert watch.shown is None
    finally:
        watch.shutdown()


def test_without_spread_tables_the_chance_watch_shows_none_and_says_why(
    tmp_path, monkeypatch, caplog
):
    """A missing spread table is no reason to build one for minutes nor to stop play: the
    figures stay blank and the log names the command that builds the table."""
    from game.ai.winning import points_to_come
    from game.ai.winning import tables as spread
    from game.scenes.table.chances import ChanceWatch

    monkeypatch.setattr(spread, "TABLE_DIR", tmp_path)  # the assets, without spread tables
    spread._spreads.clear()
    points_to_come._outlooks.clear()
    game = Game.new(GameConfig(("Ann", "Ben")), seed=5)
    watch = ChanceWatch()
    try:
        watch.update(game.state, True)
        watch._future.exception(timeout=60)
        watch.update(game.state, True)
        assert watch.shown is None and watch.column_texts(game.state) == ("", "")
        assert "python -m game.ai.tablemaker --variant official --only spread" in caplog.text
        game.apply(Roll())  # a new state: not asked again, not logged again
        watch.update(game.state, True)
        assert watch._future is None and caplog.text.count("--only spread") == 1
    finally:
        watch.shutdown()
        monkeypatch.undo()
        spread._spreads.clear()
        points_to_come._outlooks.clear()


def test_a_pad_button_dismisses_a_banner_as_a_key_does():

    from game.scenes.table.presenter import Presenter
    from game.ui.banner import Banner

    presenter = Presenter.__new__(Presenter)  # only the banner part is exercised
    presenter.banner = Banner("Your turn, Ann", (200, 0, 0))
    presenter.dismiss_banner(hover((1, 1)))
    assert presenter.banner is not None
    presenter.dismiss_banner(pad_press("a", instance_id=3))
    assert presenter.banner is None
