"""Yatzy at the table, driven by real key presses and clicks: a whole seeded game of two
people over the fifteen boxes (the 50-point bonus at 63, the totals), forced order refusing a
box out of turn with the rules' reason and taking the next, a save made mid-game resumed
from the title's way in, and the finished game's records kept on Yatzy's own boards."""

from __future__ import annotations

from collections import Counter

import pygame

from game.match.seats import Seat
from game.match.session import Session
from game.rules import Category, GameConfig, Phase, StartOrder, Variant
from game.rules.cards import YATZY
from game.scenes.confirm import ConfirmScene
from game.scenes.results import ResultsScene
from game.scenes.results.summary import card_rows
from game.scenes.table import TableScene
from game.scenes.table.focus import BoxTarget
from game.scenes.table.messages import prompt
from game.storage.resume import load_saved_session
from tests.driver import click, feed, key, settle

HOLD_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5)


def yatzy_table(ctx, seed: int, forced: bool = False, names=("Ann", "Bob")) -> TableScene:
    seats = [Seat(n, colour=i, profile=n) for i, n in enumerate(names)]
    config = GameConfig(names, variant=Variant.YATZY, start=StartOrder.SEATED, forced_order=forced)
    ctx.nav.table(Session.new(config, seats, seed=seed))  # as setup opens it: saved as played
    ctx.stack.apply_pending()
    table = ctx.stack.top
    assert isinstance(table, TableScene)
    return table


def _aim(state) -> int:
    """The face to keep: the most common one, the higher on a tie."""
    counts = Counter(state.dice)
    return max(counts, key=lambda face: (counts[face], face))


def _choose(state) -> Category:
    """Three or more of a face go in its upper box while it is open (the bonus at 63);
    otherwise the box worth most, the later one on a tie (so Ones take the zeros)."""
    options = state.score_options()
    face = _aim(state)
    upper = Category.upper_for(face)
    if upper in options and state.dice.count(face) >= 3:
        return upper
    index = state.config.card.index
    return max(options, key=lambda c: (options[c], -index(c) if c.is_upper else index(c)))


def play_turn(ctx, table: TableScene) -> Category:
    """Roll, hold the most common face by its keys and roll twice more, then click the box
    chosen; a question about a zero is answered yes."""
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    for _roll in range(2):
        state = table.session.state
        face = _aim(state)
        for i, die in enumerate(state.dice):
            if (die == face) != state.held[i]:
                feed(ctx, key(HOLD_KEYS[i]))
        feed(ctx, key(pygame.K_SPACE))
        settle(ctx)
    state = table.session.state
    box = _choose(state)
    feed(ctx, click(table.card_view.box_rect(state.column, box).center))
    if isinstance(ctx.stack.top, ConfirmScene):
        feed(ctx, key(pygame.K_y))
    settle(ctx)
    return box


def test_a_whole_yatzy_game_of_two_people_fills_fifteen_boxes_and_adds_up(ctx):
    table = yatzy_table(ctx, seed=4)
    session = table.session
    rows = [kind for kind in table.card_view.rows if isinstance(kind, Category)]
    assert rows == list(YATZY.boxes) and "chips" not in table.card_view.rows
    assert table.card_view.labels["bonus"] == "Bonus (63+)"
    turns = 0
    while session.state.phase is Phase.TURN:
        play_turn(ctx, table)
        turns += 1
        assert turns <= 30
    assert turns == 30  # fifteen turns each
    settle(ctx)
    result = session.state.results[0]
    for card in result.cards:
        assert card.is_complete and len(card.boxes) == 15
        upper = sum(card[c] for c in YATZY.upper)
        lower = sum(card[c] for c in YATZY.lower)
        assert card.upper_total == upper
        assert card.upper_bonus == (50 if upper >= 63 else 0)
        assert card.total == upper + card.upper_bonus + lower
        assert card.bonus_chips == 0
    # Seed 4 gives Bob the bonus and not Ann: exact figures of the seeded game.
    assert [c.upper_bonus for c in result.cards] == [0, 50]
    assert result.totals == (result.cards[0].total, result.cards[1].total)
    assert isinstance(ctx.stack.top, ResultsScene)
    heads = card_rows(session, lambda c: (0, 0, 0))[0][2]
    assert heads == ["Upper", "Bonus", "Lower", "Total"]  # no chips on this card


def test_forced_order_refuses_a_box_out_of_turn_with_the_reason_and_takes_the_next(ctx):
    ctx.settings = ctx.settings.replace(advice_overlay=True)
    table = yatzy_table(ctx, seed=2, forced=True, names=("Ann",))
    session = table.session
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    state = session.state
    assert table._open_boxes() == [Category.ONES]  # the only box offered
    # The advice figures are the hint's: the one box there is, and the keeps.
    advice = table.coach.advice(state)
    assert list(advice.values) == [Category.ONES]
    table.show_hint()
    assert advice.best_box == table.coach.hint_box
    table.coach.clear_hint()
    assert prompt(state, "Ann") == "Ann: hold dice and roll again, or score in Ones"
    # A click on Chance is refused with the rules' reason; nothing is scored.
    feed(ctx, click(table.card_view.box_rect(0, Category.CHANCE).center))
    assert session.state is state
    assert table.message == "Boxes are filled in order: this roll goes in Ones"
    # A letter jumps only to the box in turn (C would be Chance on a free card).
    feed(ctx, key(pygame.K_c))
    assert table.focus != BoxTarget(Category.CHANCE)
    # Down and Enter reach the one box there is.
    feed(ctx, key(pygame.K_DOWN))
    assert table.focus == BoxTarget(Category.ONES)
    feed(ctx, key(pygame.K_RETURN))
    if isinstance(ctx.stack.top, ConfirmScene):
        feed(ctx, key(pygame.K_y))
    settle(ctx)
    card = session.state.cards[0]
    assert card[Category.ONES] == state.dice.count(1)
    assert card.next_open is Category.TWOS
    # The next turn offers Twos only, and a click on it is taken.
    feed(ctx, key(pygame.K_SPACE))
    settle(ctx)
    assert table._open_boxes() == [Category.TWOS]
    dice = session.state.dice
    feed(ctx, click(table.card_view.box_rect(0, Category.TWOS).center))
    if isinstance(ctx.stack.top, ConfirmScene):
        feed(ctx, key(pygame.K_y))
    settle(ctx)
    assert session.state.cards[0][Category.TWOS] == 2 * dice.count(2)


def test_a_yatzy_game_saved_mid_way_resumes_and_plays_to_its_end(ctx):
    ctx.storage.create_profile("Ann")
    ctx.storage.create_profile("Bob")
    table = yatzy_table(ctx, seed=6, forced=True)
    for _turn in range(7):
        play_turn(ctx, table)
    feed(ctx, key(pygame.K_SPACE))  # a roll in hand, saved with the game
    settle(ctx)
    before = table.session.state
    notes: list[str] = []
    restored = load_saved_session(ctx.storage, notes.append)
    assert notes == [] and restored is not None
    assert restored.config.variant is Variant.YATZY and restored.config.forced_order
    assert restored.state.cards == before.cards and restored.state.dice == before.dice
    ctx.stack.pop()
    ctx.nav.table(restored)  # as the title's Continue opens it
    ctx.stack.apply_pending()
    table = ctx.stack.top
    assert isinstance(table, TableScene) and table.session is restored
    assert table._open_boxes() == [restored.state.cards[restored.state.column].next_open]
    turns = 0
    state = restored.state
    box = state.cards[state.column].next_open
    feed(ctx, click(table.card_view.box_rect(state.column, box).center))
    if isinstance(ctx.stack.top, ConfirmScene):
        feed(ctx, key(pygame.K_y))
    settle(ctx)
    while restored.state.phase is Phase.TURN:
        play_turn(ctx, table)
        turns += 1
    assert turns == 30 - 7 - 1
    settle(ctx)
    cards = restored.state.results[0].cards
    assert all(card.is_complete for card in cards)
    # Filed on Yatzy's own boards: the high score table and the statistics of the card.
    totals = sorted((card.total for card in cards), reverse=True)
    assert [e.score for e in ctx.storage.high_scores("yatzy")] == totals
    assert ctx.storage.high_scores("official") == []
    assert ctx.storage.profile_stats("Ann", "yatzy").games == 1
    assert ctx.storage.profile_stats("Ann", "american").games == 0


def test_the_statistics_show_each_card_apart_and_the_high_scores_each_variant(ctx):
    from game.rules import Game
    from game.scenes.stats import StatsScene
    from game.scenes.stats.pages import figures
    from tests.storage.conftest import play

    ctx.storage.create_profile("Ann")
    seats = (Seat("Ann", profile="Ann"), Seat("Robo", "expert", colour=1))
    totals = {}
    for variant, seed in ((Variant.OFFICIAL, 3), (Variant.YATZY, 4), (Variant.YATZY, 5)):
        game = play(Game.new(GameConfig(("Ann", "Robo"), variant=variant), seed), seed)
        assert ctx.storage.record_finished(game, seats, ()).saved
        totals.setdefault(variant, []).append(game.state.match_totals()[0])
    scene = StatsScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    assert scene.card == "american" and scene.selected_name == "Ann"
    assert scene.selected_stats.games == 1
    assert scene.card_button.label == "Yatzy card"  # the button names the card it shows next
    assert "Yahtzee bonuses" in dict(figures(scene.selected_stats, scene.card))
    feed(ctx, key(pygame.K_y))  # the button's letter, from its label
    assert scene.card == "yatzy" and scene.card_button.label == "American card"
    ann = scene.selected_stats
    assert (ann.games, ann.best_score) == (2, max(totals[Variant.YATZY]))
    labels = dict(figures(ann, scene.card))
    assert "Yatzy rate" in labels and "Yahtzee bonuses" not in labels
    assert scene.page_rects["card"].height > 0  # the page names its card
    # High scores: Left/Right step the variant, Yatzy's table its own.
    feed(ctx, key(pygame.K_h))
    assert scene.page_name == "scores"
    for _step in range(list(Variant).index(Variant.YATZY)):  # the tables in the records' order
        feed(ctx, key(pygame.K_RIGHT))
    assert scene.variant_cycler.text() == "Yatzy rules"
    assert [e.score for e in scene.table] == sorted(totals[Variant.YATZY], reverse=True)
    for _step in range(len(Variant) - list(Variant).index(Variant.YATZY)):
        feed(ctx, key(pygame.K_RIGHT))
    assert scene.variant_cycler.text() == "Official rules"
    assert [e.score for e in scene.table] == totals[Variant.OFFICIAL]


def test_a_forced_order_table_loads_its_cpus_forced_order_valuations(ctx, monkeypatch):
    import game.ai.levels.strategies

    asked = []
    monkeypatch.setattr(game.ai.levels.strategies, "preload", lambda *args: asked.append(args))
    seats = [Seat("Ann", colour=0, profile="Ann"), Seat("Cpu", "champion", colour=1)]
    config = GameConfig(
        ("Ann", "Cpu"), variant=Variant.YATZY, start=StartOrder.SEATED, forced_order=True
    )
    ctx.nav.table(Session.new(config, seats, seed=3))
    ctx.stack.apply_pending()
    table = ctx.stack.top
    table.board.cpu.worker().submit(lambda: None).result(timeout=30)  # the queue has run
    # The CPU's level, and the Expert a person's coach grades and hints with.
    assert asked == [(Variant.YATZY, ["champion", "expert"], True)]


def test_a_persons_coach_is_loaded_as_the_table_opens_not_at_the_first_hint(ctx, monkeypatch):
    import game.ai.levels.strategies

    asked = []
    monkeypatch.setattr(game.ai.levels.strategies, "preload", lambda *args: asked.append(args))
    seats = [Seat("Ann", colour=0, profile="Ann"), Seat("Bo", colour=1, profile="Bo")]
    config = GameConfig(("Ann", "Bo"), start=StartOrder.SEATED)
    ctx.nav.table(Session.new(config, seats, seed=3))
    ctx.stack.apply_pending()
    ctx.stack.top.board.cpu.worker().submit(lambda: None).result(timeout=30)
    # The Expert's tables grade and hint; the Champion's tell how to win against the other.
    assert asked == [(Variant.OFFICIAL, ["champion", "expert"], False)]


def test_a_yatzy_solitaire_ends_with_the_best_on_the_yatzy_card(ctx):
    """The results of a solitaire tell the player's best and average on the card played: a
    first Yatzy game after an American one is a first game on record, not measured against
    the American best (the results used to ask storage for the American card's figures)."""
    from game.rules import Game
    from tests.storage.conftest import play

    ctx.storage.create_profile("Ann")
    seat = Seat("Ann", profile="Ann")
    american = play(Game.new(GameConfig(("Ann",)), 3), 3)
    assert ctx.storage.record_finished(american, [seat], ()).saved
    yatzy = play(Game.new(GameConfig(("Ann",), variant=Variant.YATZY), 4), 4)
    session = Session(yatzy, [seat], seed=4)
    ctx.save_session(session)  # filed, as the table does after the last score
    results = ResultsScene(ctx, session)
    total = session.state.results[0].totals[0]
    assert results.verdict.headline == f"Ann scored {total}"
    assert results.verdict.detail.startswith(
        f"A first game on record: the personal best to beat. Average {total:.1f} over 1 game."
    )
