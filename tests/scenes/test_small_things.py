"""Small things players expect (issue 15), each through the real scene with real events: the
setup remembers the last table, a name played under becomes a profile, a solitaire ends with
the personal best and average, fast CPU turns survive a restart, the music row is gone (in
test_settings), the text size arrow stays under the pointer, the setup status follows a
renamed seat, the review's list of the others is never cut mid-row, and a letter jumps to a
box on the table."""

from __future__ import annotations

import pygame
import pytest

from game.match.seats import Seat
from game.match.session import Session
from game.rules import Category, GameConfig, Phase, Roll, Score, StartOrder, TeamMode, Variant
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from game.scenes.table import TableScene
from game.scenes.table.focus import BoxTarget
from game.storage import Storage
from tests.driver import BACKSPACE, ENTER, click, feed, hover, letter, show, typed


# ----------------------------------------------------------------------------- helpers
def restart(ctx, tmp_path) -> None:
    """What a new start of the game reads: the files on disk, through a fresh Storage."""
    ctx.storage = Storage(tmp_path, environ={})
    ctx.settings = ctx.storage.settings


def greedy(session: Session) -> Session:
    """Roll once and take the best box, to the end of the match."""
    while session.state.phase is not Phase.MATCH_OVER:
        session.apply(Roll())
        options = session.state.score_options()
        session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    return session


def solitaire(seed: int, seat: Seat | None = None) -> Session:
    seat = seat or Seat("Petra", profile="Petra")
    return Session.new(GameConfig((seat.name,)), [seat], seed=seed)


def rename(ctx, setup: SetupScene, index: int, name: str) -> None:
    field = setup.seat_controls_of(index)["name"]
    feed(ctx, click(field.rect.center), *[BACKSPACE] * len(field.get()), typed(name))
    assert field.get() == name


# ============================================================================= 1. last table
def test_the_setup_starts_from_the_last_table_after_a_restart(ctx, tmp_path):
    setup = show(ctx, SetupScene(ctx))
    rename(ctx, setup, 0, "Petra")
    controls = setup.seat_controls_of
    feed(ctx, click(controls(1)["kind"].arrows[1].center))  # Medium -> Hard
    feed(ctx, click(controls(2)["colour"].arrows[1].center))
    for name, steps in (("variant", 1), ("games", 2), ("teams", 2), ("tie_breaker", 1)):
        cycler = next(c for c in setup.option_controls if c.key == name)
        for _ in range(steps):
            feed(ctx, click(cycler.arrows[1].center))
    before = [(s.name, s.kind, s.colour, s.team) for s in setup.draft.seats]
    assert before[0][0] == "Petra" and before[1][1] == "hard"
    feed(ctx, ENTER)
    assert isinstance(ctx.stack.top, TableScene)
    assert ctx.stack.top.session.config.variant is Variant.FREE

    restart(ctx, tmp_path)
    again = SetupScene(ctx)
    draft = again.draft
    assert [(s.name, s.kind, s.colour, s.team) for s in draft.seats] == before
    assert (draft.variant, draft.games, draft.team_mode) == (Variant.FREE, 3, TeamMode.COMBINED)
    assert (draft.start, draft.tie_breaker) == (StartOrder.ROLL_OFF, True)
    assert ctx.settings.default_variant == "free"  # the rules of the last game are the default


def test_a_fresh_setup_is_you_against_two_cpus(ctx):
    setup = SetupScene(ctx)
    assert [(s.name, s.kind) for s in setup.draft.seats] == [
        ("You", "person"),
        ("Ada", "medium"),
        ("Max", "hard"),
    ]


# ============================================================================= 2. profiles
def test_a_name_played_under_becomes_a_profile_with_its_statistics(ctx, tmp_path):
    setup = show(ctx, SetupScene(ctx))
    rename(ctx, setup, 0, "Petra")
    for _ in range(2):  # a solitaire: the two CPUs leave
        feed(ctx, click(setup.seat_controls_of(1)["remove"].rect.center))
    assert ctx.storage.list_profiles() == []  # nothing is made before the game starts
    feed(ctx, ENTER)
    session = ctx.stack.top.session
    assert [(s.name, s.kind, s.profile) for s in session.seats] == [("Petra", "person", "Petra")]
    assert [p.name for p in Storage(tmp_path, environ={}).list_profiles()] == ["Petra"]

    greedy(session)
    ctx.save_session(session)
    total = session.state.results[-1].totals[0]
    stats = show(ctx, StatsScene(ctx))
    assert stats.selected_name == "Petra" and stats.is_person
    assert (stats.selected_stats.games, stats.selected_stats.best_score) == (1, total)


def test_a_cpu_seat_makes_no_profile(ctx):
    show(ctx, SetupScene(ctx))
    feed(ctx, ENTER)
    seats = ctx.stack.top.session.seats
    assert [s.profile for s in seats] == ["You", None, None]
    assert [p.name for p in ctx.storage.list_profiles()] == ["You"]


# ============================================================================= 3. solitaire end
def finish(ctx, seed: int, seat: Seat | None = None) -> ResultsScene:
    session = greedy(solitaire(seed, seat))
    ctx.save_session(session)  # filed in the records, as the table does after the last score
    return show(ctx, ResultsScene(ctx, session))


def test_a_solitaire_ends_with_the_personal_best_and_average_not_a_winner(ctx):
    ctx.storage.create_profile("Petra")
    first = finish(ctx, 1)  # 88 points
    assert first.verdict.headline == "Petra scored 88"
    assert first.verdict.detail == (
        "A first game on record: the personal best to beat. Average 88.0 over 1 game."
    )  # no place in a high-score table of one game (tests/scenes/test_results_high_scores.py)
    assert first.verdict.winners == () and first.lay.trophy_image is None
    assert not first.confetti.pieces
    second = finish(ctx, 2)  # 99
    assert second.verdict.headline == "Petra scored 99"
    assert second.verdict.detail == (
        "A new personal best! The old one was 88. Average 93.5 over 2 games."
    )
    third = finish(ctx, 3)  # 39
    assert third.verdict.detail == ("Personal best 99. Average 75.3 over 3 games.")


def test_a_guest_solitaire_says_no_statistics_are_kept(ctx):
    results = finish(ctx, 1, Seat("CPU Fan"))  # a name no profile may have
    assert results.verdict.detail == "Played as a guest: no statistics are kept."


def test_the_table_ends_a_solitaire_with_its_score_not_a_winner(ctx):
    session = solitaire(4)
    while len(session.state.score_options()) != 1 or session.state.dice is None:
        if session.state.dice is None:
            session.apply(Roll())
        else:
            options = session.state.score_options()
            session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    table = show(ctx, TableScene(ctx, session))
    (last,) = session.state.score_options()
    table.act(Score(last), confirmed=True)
    banner = table.board.presenter.banner
    total = session.state.results[-1].totals[0]
    assert (banner.text, banner.sub) == ("Game over", f"{total} points")
    assert table.board.presenter.effects == []  # no confetti: no one was beaten


# ============================================================================= 4. fast CPU turns
def test_fast_cpu_turns_survive_a_restart(ctx, tmp_path):
    seats = [Seat("Ann"), Seat("Cpu", "medium", 1)]
    session = Session.new(GameConfig(("Ann", "Cpu"), start=StartOrder.SEATED), seats, seed=1)
    table = show(ctx, TableScene(ctx, session))
    assert table.board.cpu.fast is False
    feed(ctx, letter("f"))
    assert table.board.cpu.fast is True and table.message == "CPU turns: fast"
    restart(ctx, tmp_path)
    assert ctx.settings.fast_cpu is True
    assert TableScene(ctx, session).board.cpu.fast is True
    feed(ctx, letter("f"))
    assert Storage(tmp_path, environ={}).settings.fast_cpu is False


# ============================================================================= 6. text size arrow
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080)])
def test_a_click_on_the_text_size_arrow_does_not_move_the_page_under_the_pointer(ctx, size):
    pygame.display.set_mode(size)
    ctx.stack.layout(size)
    scene = show(ctx, SettingsScene(ctx))
    control = scene.control("text_scale")
    view = scene.scroll.viewport
    scene.scroll.scroll_to(scene.scroll.offset + control.rect.centery - view.centery)
    scene._place_controls()  # the player scrolled it into the middle of the view, if it goes
    pointer = control.arrows[1].center
    pygame.mouse.set_pos(pointer)
    feed(ctx, hover(pointer), click(pointer))
    assert ctx.settings.text_scale == 1.25
    control = scene.control("text_scale")  # laid out again for the larger text
    assert control.rect.top <= pointer[1] < control.rect.bottom  # the row is still under it
    view, half = scene.scroll.viewport, control.rect.height // 2
    room = view.top + half < pointer[1] < view.bottom - half  # the view's edges let it stay
    if room and scene.scroll.offset < scene.scroll.max_offset:  # and the list's end does too
        assert abs(control.rect.centery - pointer[1]) <= 1  # the row is just where it was
    assert control.rect.collidepoint(pointer) and not control.arrows[0].collidepoint(pointer)
    feed(ctx, click(pointer))  # so the next click steps it on again
    assert ctx.settings.text_scale == 1.5
    for _ in range(3):  # and on to 200%: the arrow stays under the pointer, click on click
        pointer = scene.control("text_scale").arrows[1].center
        feed(ctx, click(pointer))
        assert scene.control("text_scale").arrows[1].collidepoint(pointer)
    assert ctx.settings.text_scale == 2.0


# ============================================================================= 7. setup status
def test_the_setup_status_follows_a_renamed_seat(ctx):
    setup = show(ctx, SetupScene(ctx))
    remove = setup.seat_controls_of(1)["remove"]
    feed(ctx, hover(remove.rect.center))
    assert setup.status() == ("Remove Ada from the table.", False)
    rename(ctx, setup, 1, "Bea")
    feed(ctx, hover(remove.rect.center))
    assert setup.status() == ("Remove Bea from the table.", False)


# ============================================================================= 8. review
SEVEN = ("Anna", "Ben", "Ada", "Max", "Zoe", "Cat", "Dan")
KINDS = ("person", "person", "beginner", "easy", "medium", "hard", "expert")


@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", [(1280, 800), (640, 480)])
def test_the_reviews_list_of_the_others_is_never_cut_mid_row(ctx, size):
    pygame.display.set_mode(size)
    ctx.stack.layout(size)
    seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(SEVEN, KINDS, strict=True))]
    session = greedy(Session.new(GameConfig(SEVEN, start=StartOrder.SEATED), seats, seed=5))
    review = show(ctx, ReviewScene.from_session(ctx, session))
    review.join()
    feed(ctx)
    rows = [rect for name, rect in review.page_rects.items() if name.startswith("other")]
    rows.remove(review.page_rects["others"])  # the block: a row for each CPU remains
    assert len(rows) == 5
    edge = review.scroll.viewport.height  # where the view ends on the page, unscrolled
    assert not [r for r in rows if r.top < edge < r.bottom]
    assert len({r.left for r in rows}) == 2  # in two columns on a wide page
    # Scrolled to the end, the list shows whole too.
    review.scroll.offset = review.scroll.max_offset
    bottom = review.scroll.offset + edge
    assert all(r.bottom <= bottom for r in rows)


# ============================================================================= 9. letter to box
def test_a_letter_jumps_to_its_boxes_in_turn_and_f_and_s_keep_their_jobs(ctx):
    seats = [Seat("Ann")]
    table = show(ctx, TableScene(ctx, Session.new(GameConfig(("Ann",)), seats, seed=1)))
    table.act(Roll())
    table.tray.finish()

    def jumps(event, *boxes):
        for box in boxes:
            feed(ctx, event)
            assert table.focus == BoxTarget(box)

    jumps(letter("t"), Category.TWOS, Category.THREES, Category.THREE_OF_A_KIND, Category.TWOS)
    jumps(letter("c"), Category.CHANCE)
    jumps(letter("y"), Category.YAHTZEE)
    jumps(letter("l"), Category.LARGE_STRAIGHT)
    jumps(letter("o"), Category.ONES)
    feed(ctx, letter("f"))  # F speeds CPUs up: the focus stays
    assert table.focus == BoxTarget(Category.ONES) and ctx.settings.fast_cpu
    shift_f = letter("f", shift=True)
    jumps(shift_f, Category.FOURS, Category.FIVES, Category.FOUR_OF_A_KIND, Category.FULL_HOUSE)
    jumps(letter("s", shift=True), Category.SIXES, Category.SMALL_STRAIGHT, Category.SIXES)
    feed(ctx, letter("q"))  # no box starts with it: nothing moves
    assert table.focus == BoxTarget(Category.SIXES)
    while table.tray.just_landed:  # a press a moment after the dice land only lands them
        feed(ctx)
    table.act(Score(Category.SIXES), confirmed=True)
    assert table.session.state.cards[0][Category.SIXES] is not None
    while table.animating or table.tray.just_landed:  # the box glows, the dice go back
        feed(ctx)
    table.act(Roll())
    table.tray.finish()
    assert table.session.state.rolls == 1
    jumps(letter("s", shift=True), Category.SMALL_STRAIGHT, Category.SMALL_STRAIGHT)


def test_the_help_tells_of_the_letters(ctx):
    from game.scenes.help import controls_text

    rows = [block[1] for block in controls_text(ctx.input) if block[0] == "row"]
    assert ("A letter", "Jump to a box by its first letter (Shift+F, Shift+S ...)") in rows


# ============================================================================= 10. the README
def test_the_readmes_enter_twice_and_with_a_saved_game_one_enter_continues(ctx):
    from game.scenes.title import TitleScene

    show(ctx, TitleScene(ctx))
    feed(ctx, ENTER)
    feed(ctx, ENTER)  # "Press Enter twice to start"
    first = ctx.stack.top.session
    assert first.config.players == ("You", "Ada", "Max")
    first.apply(Roll())
    ctx.save_session(first)

    show(ctx, TitleScene(ctx))
    feed(ctx, ENTER)  # "one Enter brings that game back"
    assert ctx.stack.top.session.game.log == first.game.log

    show(ctx, TitleScene(ctx))
    for press in (letter("n"), ENTER, ENTER):  # "N (New game), Enter, and Enter again"
        feed(ctx, press)
    fresh = ctx.stack.top.session
    assert isinstance(ctx.stack.top, TableScene) and fresh.game.log != first.game.log
    assert fresh.config.players == ("You", "Ada", "Max")  # the last table, as it was


def test_the_readme_names_no_file_a_fresh_clone_lacks():
    import re
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=root, capture_output=True, text=True, timeout=60
    ).stdout.split()
    tracked = set(tracked)
    if not tracked:
        pytest.skip("not a git checkout")
    folders = {str(Path(f).parent) + "/" for f in tracked} | {
        "/".join(f.split("/")[:n]) + "/" for f in tracked for n in range(1, f.count("/") + 1)
    }
    readme = (root / "README.md").read_text()
    named = {m for m in re.findall(r"`([^`\s]+)`", readme) if "/" in m and not m.startswith("-")}
    # Where the game keeps its files at run time, and what an install makes: not the checkout.
    runtime = ("~", "%", ".venv/", "NAME.", "records.", "history/", "imported-json/")
    # A name may be given where its folder is clear ("`table/`" among the scene folders).
    known = {p for f in tracked | folders for p in (f, "/" + f)}
    missing = [
        path
        for path in sorted(named)
        if not path.startswith(runtime)
        and not any(k.endswith("/" + path) or k == path for k in known)
    ]
    assert missing == []
