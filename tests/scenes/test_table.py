"""The table with real pygame events: hold, roll, score, undo, CPU turns, and whole
solitaire games played by keyboard alone and by mouse alone."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ai.coach.advice import describe
from game.anim.tray import LANDED_GRACE
from game.match.seats import Seat
from game.match.session import Session
from game.rules import CATEGORIES, Category, GameConfig, Phase, StartOrder
from game.scenes.confirm import ConfirmScene
from game.scenes.results import ResultsScene
from game.scenes.table import TableScene
from game.scenes.table.draw import RING_REACH
from game.scenes.table.focus import BoxTarget
from game.scenes.table.notes import SeatNote
from game.ui.tray_view import hold_label_rect
from tests.driver import STEP, click, feed, key, settle


def solo(ctx, seed: int = 1, kinds=("person",)) -> TableScene:
    names = ("Ann", "Cpu")[: len(kinds)]
    seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=seed)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    return table


def test_space_rolls_and_the_dice_land_on_the_rules_faces(ctx):
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    state = table.session.state
    assert state.rolls == 1 and state.dice is not None
    assert table.tray.animating
    settle(ctx)
    assert [d.face for d in table.tray.dice] == list(state.dice)
    assert ctx.sound.played[0] == "dice_rattle"


def test_the_roll_is_told_when_the_dice_land_not_before(ctx, monkeypatch):
    table = solo(ctx)
    shown = []
    draw = table.card_view.draw
    monkeypatch.setattr(
        table.card_view,
        "draw",
        lambda surface, state, colours, previews, *rest: (
            shown.append(previews),
            draw(surface, state, colours, previews, *rest),
        ),
    )
    feed(ctx, key(pygame.K_SPACE))
    dice = "-".join(str(d) for d in table.session.state.dice)
    assert table.tray.rolling and table.message == "Ann rolls..."
    assert dice not in table.message and shown[-1] is None  # no previews in the air
    feed(ctx, key(pygame.K_h))  # a hint in the air only lands the dice
    assert not table.coach.hint_text
    settle(ctx)
    assert table.message == f"Ann rolled {dice}: 2 rolls left"
    assert shown[-1] == table.session.state.score_options()


def test_who_starts_is_told_when_the_last_start_roll_lands(ctx):
    seats = [Seat("Ann", colour=0), Seat("Ben", colour=1)]
    session = Session.new(GameConfig(("Ann", "Ben"), start=StartOrder.ROLL_OFF), seats, seed=2)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    presenter = table.board.presenter
    while session.state.phase is Phase.ROLL_OFF:
        settle(ctx)
        feed(ctx, key(pygame.K_SPACE))
    assert table.tray.rolling and presenter.message.endswith("rolls...")
    assert presenter.banner is None  # the order is not told while the last dice fly
    while table.tray.rolling:
        ctx.stack.update(1 / 60)
    starter = seats[session.state.player].name  # "Ben plays first", "Your turn, Ben"
    assert presenter.banner is not None and starter in presenter.banner.text


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_in_the_start_roll_tint_dot_and_message_name_the_seat_that_rolled(ctx, seats):
    names = ("Ann", "Ben", "Cleo", "Dan")[:seats]
    people = [Seat(n, colour=i) for i, n in enumerate(names)]
    session = Session.new(GameConfig(names, start=StartOrder.ROLL_OFF), people, seed=5)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    board, presenter = table.board, table.board.presenter
    rolls = 0
    while session.state.phase is Phase.ROLL_OFF:
        roller = session.state.player
        feed(ctx, key(pygame.K_SPACE))
        rolls += 1
        assert presenter.message.endswith("rolls...") and presenter.owner == roller
        assert board.column_on_show() == roller  # tinted and outlined: the roller's column
        settle(ctx)
        if session.state.phase is Phase.ROLL_OFF:  # still the roll just told of
            assert presenter.owner == roller and board.column_on_show() == roller
    assert rolls >= seats


def test_clicking_the_cup_rolls(ctx):
    table = solo(ctx)
    feed(ctx, click(table.lay.cup_rect.center))
    assert table.session.state.rolls == 1 and table.tray.rolling
    settle(ctx)
    feed(ctx, click(table.lay.cup_rect.midtop))
    assert table.session.state.rolls == 2


def test_presses_while_the_dice_fly_land_them_and_never_roll_again(ctx):
    table = solo(ctx)
    roll_button = table.lay.buttons["roll"].center
    feed(ctx, key(pygame.K_SPACE))
    assert table.tray.rolling
    # A burst of five presses, as fast as a key can be hit: the first rolls, the second
    # lands the dice, the rest come before the player could have seen them.
    feed(ctx, *[key(pygame.K_SPACE)] * 4)
    assert not table.tray.rolling and table.session.state.rolls == 1
    first = table.session.state.dice
    feed(ctx, key(pygame.K_1))  # a hold that quick is part of the burst too
    assert table.session.state.held == (False,) * 5
    settle(ctx)
    assert [d.face for d in table.tray.dice] == list(first)
    feed(ctx, key(pygame.K_SPACE))  # seen: the next press is a real roll
    assert table.session.state.rolls == 2 and table.tray.rolling
    feed(ctx, click(roll_button), click(roll_button))  # clicks on Roll in the air only land
    assert table.session.state.rolls == 2 and not table.tray.rolling
    settle(ctx)
    feed(ctx, key(pygame.K_1))  # once seen, input acts again
    assert table.session.state.held == (True, False, False, False, False)
    assert sum(type(a).__name__ == "Roll" for a in table.session.game.log) == 2


def test_a_press_a_moment_after_the_dice_land_is_still_part_of_the_burst(ctx):
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    while table.tray.rolling:  # the dice land on their own
        ctx.stack.update(STEP)
    feed(ctx, key(pygame.K_SPACE))  # within the landing grace
    assert table.session.state.rolls == 1
    for _ in range(round(LANDED_GRACE / STEP) + 1):
        ctx.stack.update(STEP)
    feed(ctx, key(pygame.K_SPACE))
    assert table.session.state.rolls == 2


def test_keys_and_clicks_hold_dice_and_ctrl_z_undoes_a_hold(ctx):
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_1), key(pygame.K_3))
    assert table.session.state.held == (True, False, True, False, False)
    settle(ctx)
    feed(ctx, click(table.lay.roll_slots[4]))
    assert table.session.state.held[4]
    feed(ctx, click(table.lay.hold_slots[0]))  # a held die is clicked where it now lies
    assert not table.session.state.held[0]
    feed(ctx, key(pygame.K_z, mod=pygame.KMOD_CTRL))
    assert table.session.state.held == (True, False, True, False, True)
    assert table.session.assisted
    dice = table.session.state.dice
    feed(ctx, key(pygame.K_SPACE))
    after = table.session.state.dice
    assert (after[0], after[2], after[4]) == (dice[0], dice[2], dice[4])
    feed(ctx, key(pygame.K_z, mod=pygame.KMOD_CTRL))  # a roll cannot be undone
    assert table.session.state.dice == after
    assert table.message.startswith("Nothing to undo")


def hot_seat(ctx, kinds=("person", "person", "expert"), seed=3) -> TableScene:
    ctx.settings = ctx.settings.replace(verify="off")
    names = ("Anna", "Ben", "Cleo")[: len(kinds)]
    seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
    table = TableScene(
        ctx, Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=seed)
    )
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    return table


def test_a_score_in_company_can_be_undone_until_the_next_seat_rolls(ctx):
    table = hot_seat(ctx)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    before = table.session.state
    feed(ctx, key(pygame.K_DOWN), key(pygame.K_RETURN))  # Anna scores: Ben's turn
    assert table.session.state.player == 1 and table.session.can_undo()
    feed(ctx, click(table.lay.buttons["undo"].center))  # the lit button takes it back
    state = table.session.state
    assert state.player == 0 and state.cards == before.cards and state.dice == before.dice
    assert table.message.startswith("Undone: score in")
    assert table.focus == BoxTarget(Category.ONES)  # on the box taken back: choose again
    feed(ctx, key(pygame.K_DOWN), key(pygame.K_RETURN))  # Anna scores again: Ben's turn
    feed(ctx, key(pygame.K_SPACE))  # Ben rolls: Anna's score is written for good
    assert table.session.state.player == 1 and not table.session.can_undo()
    settle(ctx)
    feed(ctx, key(pygame.K_z, mod=pygame.KMOD_CTRL))
    assert table.session.state.player == 1 and table.session.state.cards[0] != before.cards[0]
    assert table.message == "Nothing to undo: rolls cannot be undone"


def test_a_score_can_be_undone_before_a_cpu_begins_never_after(ctx):
    table = hot_seat(ctx, kinds=("person", "expert"))
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_DOWN), key(pygame.K_RETURN))  # Anna scores: the CPU's turn
    assert table.session.is_cpu_turn and table.session.can_undo()
    feed(ctx, key(pygame.K_z, mod=pygame.KMOD_CTRL))  # before the CPU has played a move
    assert table.session.state.player == 0 and table.session.state.rolls == 1
    settle(ctx)  # the CPU's decision asked before the undo is dropped, not played
    assert table.session.state.player == 0 and table.session.state.rolls == 1
    feed(ctx, key(pygame.K_DOWN), key(pygame.K_RETURN))
    settle(ctx)  # the CPU plays its whole turn
    assert table.session.state.player == 0 and not table.session.can_undo()
    assert table.session.undo_refusal() == "CPU moves cannot be undone"


def test_no_line_a_person_reads_makes_a_possessive_of_a_name():
    """'Only You could undo that, in You's own turn': "You" is a seat's name, so no marked
    string puts 's after a placeholder (a name, a pad, a level)."""
    from game.i18n.catalogues import TEMPLATE
    from game.tools import catalogue

    for message in catalogue.read(TEMPLATE):
        ids = (message.id,) if isinstance(message.id, str) else message.id
        for text in ids:
            assert "}'s" not in text and "}’s" not in text, text


def test_undoing_a_score_gives_back_live_dice(ctx):
    ctx.settings = ctx.settings.replace(verify="off")
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_DOWN), key(pygame.K_RETURN))
    settle(ctx)
    assert table.tray.dim  # the finished turn's dice, faded
    feed(ctx, key(pygame.K_z, mod=pygame.KMOD_CTRL))
    assert table.session.state.dice is not None and not table.tray.dim


def test_arrows_and_enter_score_the_focused_box(ctx):
    ctx.settings = ctx.settings.replace(verify="off")
    table = solo(ctx)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)  # the dice land before the player scores
    options = table.session.state.score_options()
    feed(ctx, key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN))
    card = table.session.state.cards[0]
    assert card[Category.TWOS] == options[Category.TWOS]
    assert table.message.startswith(f"Ann scored {options[Category.TWOS]} in Twos")


def test_clicking_a_box_scores_it_and_a_zero_asks_first(ctx):
    table = solo(ctx, seed=4)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)  # the dice land before the player scores
    options = table.session.state.score_options()
    zero = next(c for c in CATEGORIES if options[c] == 0)
    feed(ctx, click(table.card_view.box_rect(0, zero).center))
    assert isinstance(ctx.stack.top, ConfirmScene)
    assert table.session.state.cards[0][zero] is None
    feed(ctx, key(pygame.K_RETURN))  # the question starts on the safe answer: No
    assert ctx.stack.top is table and table.session.state.cards[0][zero] is None
    feed(ctx, click(table.card_view.box_rect(0, zero).center))
    feed(ctx, key(pygame.K_n))
    assert ctx.stack.top is table and table.session.state.cards[0][zero] is None
    feed(ctx, click(table.card_view.box_rect(0, zero).center), key(pygame.K_y))
    assert table.session.state.cards[0][zero] == 0


def test_an_illegal_click_is_refused_with_the_reason(ctx):
    table = solo(ctx)
    feed(ctx, click(table.card_view.box_rect(0, Category.CHANCE).center))
    assert table.session.state.cards[0][Category.CHANCE] is None
    assert table.message == "Roll the dice before scoring"


def test_a_cpu_turn_completes_on_its_own_and_can_be_skipped(ctx):
    ctx.settings = ctx.settings.replace(verify="off")
    table = solo(ctx, seed=2, kinds=("person", "expert"))
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert table.session.is_cpu_turn
    settle(ctx)
    state = table.session.state
    assert state.player == 0 and state.cards[1].filled_count == 1
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert table.session.is_cpu_turn
    feed(ctx, key(pygame.K_s))  # skip: the CPU's whole turn at once
    assert not table.session.is_cpu_turn
    assert table.session.state.cards[1].filled_count == 2


def test_every_line_names_its_seat_and_leaves_with_its_moment(ctx):
    ctx.settings = ctx.settings.replace(
        verify="off", confirm_big_mistakes=False, grading=True, grading_threshold=1.0,
        cpu_reasons=True,
    )  # fmt: skip
    table = solo(ctx, seed=2, kinds=("person", "expert"))
    board, presenter = table.board, table.board.presenter
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, click(table.card_view.box_rect(0, Category.YAHTZEE).center))  # a costly zero
    assert table.coach.grade_note(table.session.state).startswith("Ann: ")
    # The CPU's turn: its roll and its reason are its own, in its colour.
    while not (table.session.state.dice and not table.tray.rolling):
        pending = table.cpu_future
        if pending is not None:
            pending.result(timeout=30)
        ctx.stack.update(1 / 60)
    assert presenter.owner == 1 and presenter.message.startswith("Cpu rolled")
    assert table.coach.grade_note(table.session.state) == ""  # Ann's mark went with her turn
    settle(ctx)
    state = table.session.state
    assert state.player == 0 and state.dice is None and state.cards[1].filled_count == 1
    # Ann's turn: the line asks Ann; what the CPU did stays, under its name, until she rolls.
    assert presenter.message == "" and presenter.owner is None
    assert board.note_line() == presenter.last_move.text
    assert board.note_line().startswith("Cpu scored ")
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    assert board.note_line() == ""
    assert presenter.owner == 0 and presenter.message.startswith("Ann rolled")


def _keyboard_turn(ctx, table) -> None:
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_DOWN), key(pygame.K_RETURN))
    if isinstance(ctx.stack.top, ConfirmScene):
        feed(ctx, key(pygame.K_y))
    settle(ctx)


def _mouse_turn(ctx, table) -> None:
    feed(ctx, click(table.lay.buttons["roll"].center))
    settle(ctx)
    first_open = table._open_boxes()[0]
    feed(ctx, click(table.card_view.box_rect(0, first_open).center))
    top = ctx.stack.top
    if isinstance(top, ConfirmScene):
        top.layout(ctx.stack.size)
        feed(ctx, click(top.yes.rect.center))
    settle(ctx)


@pytest.mark.parametrize("turn", [_keyboard_turn, _mouse_turn], ids=["keyboard", "mouse"])
def test_a_whole_solitaire_game_by_one_input_alone(ctx, turn):
    table = solo(ctx, seed=8)
    for _ in range(13):
        turn(ctx, table)
    state = table.session.state
    assert state.phase is Phase.MATCH_OVER
    assert state.results[0].cards[0].is_complete
    settle(ctx)
    assert isinstance(ctx.stack.top, ResultsScene)


def test_h_shows_the_best_move_and_marks_the_game_assisted(ctx):
    from game.ai.exact.options import option_values

    table = solo(ctx, seed=6)
    feed(ctx, key(pygame.K_h))
    assert table.coach.hint_text == [] and table.message == "A hint needs your dice: roll first"
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    assert not table.session.assisted
    feed(ctx, key(pygame.K_h))
    state = table.session.state
    best, value = option_values(state.card, state.dice, state.rolls_left)[0]
    assert table.coach.hint_text[0] == f"Best: {describe(best)} (expected final {value:.1f})"
    assert sorted(state.dice[i] for i in table.coach.hint_keep) == list(best.faces)
    assert table.session.assisted == {table.session.state.player}


def test_the_hints_rings_sit_round_the_dice_where_they_lie(ctx):
    for tidy in (True, False):
        ctx.settings = ctx.settings.replace(tidy_dice=tidy)
        table = solo(ctx, seed=6)
        feed(ctx, key(pygame.K_SPACE))
        settle(ctx)
        feed(ctx, key(pygame.K_h))
        keep = table.coach.hint_keep
        assert keep  # seed 6's first roll: the hint keeps dice
        surface = pygame.display.get_surface()
        ctx.stack.draw(surface)
        focus = ctx.theme.focus
        for i in keep:
            die = table.tray.dice[i]
            radius = round(table.lay.die_size * die.scale * RING_REACH)
            # The ring's top and bottom, drawn round the die's centre as the tray has it (its
            # sides may lie under the neighbouring dice).
            for dy in (-radius + 1, radius - 1):
                assert surface.get_at((round(die.x), round(die.y + dy)))[:3] == focus
        ctx.stack.pop()
        ctx.stack.apply_pending()


def test_the_hints_rings_round_held_dice_are_their_size_and_stay_apart(ctx):
    """Round held dice (smaller, in the hold row) the rings were a free die's size: they
    crossed each other, the row's label and its edge."""
    from game.scenes.table.draw import hint_rings

    table = solo(ctx, seed=6)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_h))
    keep = table.coach.hint_keep
    assert len(keep) >= 2
    feed(ctx, *(key(pygame.K_1 + i) for i in keep))
    settle(ctx)
    feed(ctx, key(pygame.K_h))
    dice, lay = table.tray.dice, table.lay
    held = [i for i in table.coach.hint_keep if dice[i].held]
    assert len(held) >= 2 and all(dice[i].scale < 1 for i in held)
    rings = hint_rings(lay, dice, tuple(held))
    label = hold_label_rect(lay.hold_strip, table.board.hold_label())
    assert all(y - r >= label.bottom for _x, y, r in rings)  # clear of the row's label
    for (x1, y1, r1), (x2, y2, r2) in itertools.pairwise(rings):
        assert abs(x2 - x1) >= r1 + r2 or abs(y2 - y1) >= r1 + r2  # side by side, apart
    surface = pygame.display.get_surface()
    ctx.stack.draw(surface)
    for x, y, r in rings:
        assert surface.get_at((x, y - r + 1))[:3] == ctx.theme.focus


def test_the_advice_overlay_agrees_with_the_hint(ctx):
    # The card's green "best" mark is the hint's box when scoring is the best move, and no
    # box is marked best when the hint prefers a keep; both kinds of moment are met here.
    ctx.settings = ctx.settings.replace(advice_overlay=True, verify="off")
    kinds = set()
    for seed in range(1, 9):
        table = solo(ctx, seed=seed)
        for _ in range(3):
            feed(ctx, key(pygame.K_SPACE))
            settle(ctx)
            state = table.session.state
            advice = table.coach.advice(state)
            table.show_hint()
            assert advice.best_box == table.coach.hint_box
            assert advice.values and advice.top_box in advice.values
            kinds.add(advice.best_box is None)
            table.coach.clear_hint()
        ctx.stack.pop()
        ctx.stack.apply_pending()
    assert kinds == {True, False}


def test_each_column_shows_its_chance_to_win_when_asked(ctx):
    ctx.settings = ctx.settings.replace(win_chances="on")
    table = solo(ctx, seed=3, kinds=("person", "expert"))
    board = table.board
    for _ in range(600):  # the figures come from a worker thread
        ctx.stack.update(1 / 60)
        if board.chances.shown is not None:
            break
        if board.chances._future is not None:
            board.chances._future.result(timeout=60)
    tags = board.column_tags()
    assert tags[0].endswith("%") and tags[1].startswith("Expert · ") and tags[1].endswith("%")
    feed(ctx)  # and it draws
    ctx.settings = ctx.settings.replace(win_chances="off")
    ctx.stack.update(1 / 60)
    assert board.column_tags() == ("", "Expert")


def test_with_the_coach_the_chances_show_once_a_hint_is_asked(ctx):
    """The default setting ('with the coach'): with advice and grading off, a game in which
    hints were used never showed the chances; asking for one now brings them."""
    from game.storage import Settings

    defaults = Settings()
    assert defaults.win_chances == "coach" and not defaults.advice_overlay
    table = solo(ctx, seed=3, kinds=("person", "expert"))
    board = table.board
    assert not board.wants_chances
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_h))
    assert board.wants_chances
    for _ in range(600):  # the figures come from a worker thread
        ctx.stack.update(1 / 60)
        if board.chances.shown is not None:
            break
        if board.chances._future is not None:
            board.chances._future.result(timeout=60)
    assert board.column_tags()[0].endswith("%")


def test_a_person_whose_earlier_games_lower_their_chance_is_told_why(ctx):
    ctx.settings = ctx.settings.replace(win_chances="on")
    seats = [Seat("Anna", colour=0), Seat("Ada", "expert", colour=1)]
    config = GameConfig(("Anna", "Ada"), start=StartOrder.SEATED)
    slow = Session.new(config, seats, seed=3, played_before={0: (400.0, 130)})  # 10 games
    table = TableScene(ctx, slow)
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    note = table.board.note_line()
    assert note.startswith("Anna: the chances count earlier games, ")
    assert note.endswith(" points a game below the Expert")
    # A player close to the Expert, or one with no record, is told nothing.
    for before in ({0: (20.0, 130)}, {}):
        quick = Session.new(config, seats, seed=3, played_before=before)
        assert TableScene(ctx, quick).board.note_line() == ""


def test_the_hint_adds_the_move_to_win_when_it_is_another(ctx):
    from game.ai.coach.advice import win_advice
    from game.rules import Phase, Roll, Score

    seats = [Seat("Ann", colour=0), Seat("Max", "expert", colour=1)]
    config = GameConfig(("Ann", "Max"), start=StartOrder.SEATED)
    session = Session.new(config, seats, seed=1)
    while session.state.turn < 22:  # greedy play to a moment where the two moves differ
        session.apply(Roll())
        options = session.state.score_options()
        session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    session.apply(Roll())
    state = session.state
    assert state.phase is Phase.TURN and state.player == 0
    advice = win_advice(state)
    assert advice.differ and advice.need == 58 and advice.rival.name == "Max"
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.show_hint()
    lines = table.coach.hint_text
    assert lines[0].startswith("Best: keep 2-5 ")
    assert lines[1] == "To win: keep 2-2-2, you need 58 to pass Max"


def test_live_grading_marks_a_costly_choice(ctx):
    ctx.settings = ctx.settings.replace(grading=True, grading_threshold=1.0, verify="off")
    table = solo(ctx, seed=6)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)  # the dice land before the player scores
    decision_state = table.session.state
    feed(ctx, click(table.card_view.box_rect(0, Category.YAHTZEE).center))  # a wasteful zero
    decision = table.session.last_decision
    assert decision.cost > 1.0
    name, cost = table.session.seats[0].name, decision.cost
    grade = table.coach.grade_note(table.session.state)
    assert grade == f"{name}: {describe(decision.best)} was {cost:.1f} points better"
    assert decision.dice == decision_state.dice


def test_a_two_game_match_with_a_friend_and_a_cpu(ctx):
    """Two people at one keyboard and a CPU, through the start roll, both games and the
    results screen's Next game, to the end of the match."""
    names = ("Ann", "Bob", "Cpu")
    seats = [Seat("Ann", colour=0), Seat("Bob", colour=1), Seat("Cpu", "easy", colour=2)]
    session = Session.new(GameConfig(names, games=2), seats, seed=12)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    turns_by_person = {0: 0, 1: 0}
    for _ in range(400):
        state = session.state
        if state.phase is Phase.MATCH_OVER:
            break
        top = ctx.stack.top
        if isinstance(top, ResultsScene):
            feed(ctx, key(pygame.K_n))  # Next game
        elif session.is_cpu_turn or table.animating:
            settle(ctx)
        elif state.phase is Phase.ROLL_OFF:
            feed(ctx, key(pygame.K_SPACE))
        else:
            turns_by_person[state.player] += 1
            _keyboard_turn(ctx, table)
    settle(ctx)
    assert session.state.phase is Phase.MATCH_OVER
    assert len(session.state.results) == 2
    assert turns_by_person == {0: 26, 1: 26}
    assert isinstance(ctx.stack.top, ResultsScene)
    assert ctx.stack.top.verdict.headline.endswith("the match!") or "Shared" in (
        ctx.stack.top.verdict.headline
    )


# ----------------------------------------------------------------------------- the parts
def test_the_results_come_after_their_pause_in_seconds(ctx):
    table = solo(ctx, seed=5, kinds=("person", "easy"))
    presenter = table.board.presenter
    opened = []
    presenter.show_results = lambda: opened.append(True)
    presenter.results_after(1.0)
    assert presenter.update(0.25) and presenter.results_in == 0.75
    assert presenter.update(0.5) and opened == []
    assert presenter.update(0.5) and opened == [True]
    assert presenter.results_in is None and not presenter.update(0.5)


def parts_state(table: TableScene) -> tuple:
    presenter, coach, cpu = table.board.presenter, table.coach, table.board.cpu
    return (
        presenter.message,
        presenter.banner,
        list(presenter.effects),
        presenter.flash,
        dict(presenter.start_rolls),
        presenter.results_in,
        coach.grade,
        list(coach.hint_text),
        coach._advice,
        cpu.future,
        cpu.reason,
        table.focus,
    )


def test_drawing_the_table_changes_nothing(ctx):
    ctx.settings = ctx.settings.replace(advice_overlay=True)
    table = solo(ctx, seed=5)
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    before = parts_state(table)
    assert table.coach.advice(table.session.state)  # worked out before any drawing
    table.draw(pygame.display.get_surface())
    assert parts_state(table) == before


def test_a_language_changed_in_settings_rewrites_the_message_line_and_the_hint(ctx):
    """Back from Settings in German, the line still said "Ann rolled ..." and the hint "Best:
    ..." in English until the next move: both are written in the new language at once."""
    from game.i18n import set_language
    from game.scenes.base import Scene

    table = solo(ctx, seed=3, kinds=("person", "expert"))
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    feed(ctx, key(pygame.K_h))
    assert table.coach.hint_text[0].startswith("Best: ")
    english = table.board.presenter.message_line()[0]
    # The note under the line, as a CPU's move leaves it (in English), and a grading mark.
    noted = SeatNote.now("Cpu scored 20 in Fives", 1, table.session.state)
    table.board.presenter.last_move = table.coach.grade = noted
    assert table.board.note_line() == "Cpu scored 20 in Fives"
    try:
        ctx.stack.push(Scene(ctx))  # Settings, where the language is changed
        ctx.stack.apply_pending()
        set_language("de")
        ctx.stack.pop()
        ctx.stack.apply_pending()
        line = table.board.presenter.message_line()[0]
        assert line != english and line.startswith("Ann: Würfel halten"), line
        assert table.coach.hint_text[0].startswith("Am besten: ")
        assert "scored" not in table.board.note_line() and table.coach.grade is None
        feed(ctx)  # and it draws
    finally:
        set_language("en")


def test_the_hint_button_waits_for_a_turns_dice_not_the_start_rolls(ctx):
    """In the start roll the Hint button showed pressable, and pressing it only said "A hint
    needs your dice: roll first": it is greyed there, as before a turn's first roll."""
    from game.scenes.table.draw import button_faces

    seats = [Seat("Ann", colour=0), Seat("Ben", colour=1)]
    session = Session.new(GameConfig(("Ann", "Ben"), start=StartOrder.ROLL_OFF), seats, seed=2)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()

    def hint_enabled() -> bool:
        state = session.state
        return button_faces(ctx, state, table.board.person_to_play, False)["hint"].enabled

    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    assert session.state.phase is Phase.ROLL_OFF and session.state.dice is not None
    assert not hint_enabled()
    while session.state.phase is Phase.ROLL_OFF:
        feed(ctx, key(pygame.K_SPACE))
        settle(ctx)
    assert not hint_enabled()  # a turn, before its first roll
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    assert hint_enabled()


def test_after_a_tied_start_roll_the_line_shows_the_leaders_round_alone(ctx):
    """After a tie the line read "Start roll: Tessa 20 · Ada 19 · Max 19", Ada's 19 from the
    round before and nothing saying so: the leaders' round is shown alone, and called so."""
    seats = [Seat(n, colour=i) for i, n in enumerate(("Ann", "Ben", "Cid"))]
    config = GameConfig(("Ann", "Ben", "Cid"), start=StartOrder.ROLL_OFF)
    session = Session.new(config, seats, seed=25)  # Ann, Ben and Cid roll; two tie
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    board = table.board
    for _ in range(3):
        feed(ctx, key(pygame.K_SPACE))
        settle(ctx)
    first = board.note_line()
    assert first.startswith("Start roll: ") and first.count(" · ") == 2, first
    assert session.state.phase is Phase.ROLL_OFF  # a tie: the leaders roll again
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    again = board.note_line()
    assert again.startswith("Start roll again: ") and " · " not in again, again
    while session.state.phase is Phase.ROLL_OFF:
        feed(ctx, key(pygame.K_SPACE))
        settle(ctx)
    assert board.note_line().startswith("Start roll again: ")
    assert board.note_line().count(" · ") == 1


def test_a_replay_started_again_tells_its_start_roll_afresh(ctx):
    """Restarted (or stepped back), a replay's first start-roll round read "Start roll
    again: Ann 16 · Cid 18", the tie's label and Cid's total kept from the end."""
    from game.match.replay import ReplaySession
    from game.rules import Roll
    from game.scenes.table import ReplayScene
    from tests.driver import show

    seats = [Seat(n, colour=i) for i, n in enumerate(("Ann", "Ben", "Cid"))]
    config = GameConfig(("Ann", "Ben", "Cid"), start=StartOrder.ROLL_OFF)
    session = Session.new(config, seats, seed=25)  # a tie in the first round
    while session.state.phase is Phase.ROLL_OFF:
        session.apply(Roll())
    scene = show(ctx, ReplayScene(ctx, ReplaySession.from_session(session)))
    for _ in range(len(scene.session)):
        feed(ctx, key(pygame.K_RIGHT))
        settle(ctx)
    assert scene.board.note_line().startswith("Start roll again: ")
    feed(ctx, key(pygame.K_HOME))
    feed(ctx, key(pygame.K_SPACE))  # paused, stepped by hand
    feed(ctx, key(pygame.K_RIGHT))
    settle(ctx)
    assert scene.board.note_line() == "Start roll: Ann 16"
