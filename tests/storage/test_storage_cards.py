"""Each card keeps its own records: a Yatzy game's statistics and high scores are kept apart
from the American card's (a Yatzy 280 is not an American 280), through renames and deletes,
and a rebuild from the logs puts them back in the same places."""

from __future__ import annotations

from game.rules import Game, GameConfig, Variant
from game.storage.stats import split_key, tally_key

from .conftest import SEATS, open_storage, play


def finished(variant: Variant, seed: int) -> Game:
    config = GameConfig(("Ann", "Robo"), variant=variant)
    return play(Game.new(config, seed), seed)


def test_a_tally_key_splits_back_to_its_name_and_card():
    assert tally_key("Ann") == "Ann" and tally_key("Ann", "american") == "Ann"
    assert tally_key("Ann", "yatzy") == "Ann\x1fyatzy"
    assert split_key("Ann") == ("Ann", "american")
    assert split_key(tally_key("Ann Lee", "yatzy")) == ("Ann Lee", "yatzy")


def test_yatzy_statistics_and_high_scores_are_kept_apart(data_dir):
    storage = open_storage(data_dir)
    storage.create_profile("Ann")
    american, yatzy = finished(Variant.OFFICIAL, 3), finished(Variant.YATZY, 4)
    a_total = american.state.match_totals()[0]
    y_total = yatzy.state.match_totals()[0]
    assert len(yatzy.state.results[0].cards[0].boxes) == 15
    assert storage.record_finished(american, SEATS, ()).saved
    assert storage.record_finished(yatzy, SEATS, ()).saved

    on_american = storage.profile_stats("Ann", "american")
    on_yatzy = storage.profile_stats("Ann", "yatzy")
    assert (on_american.games, on_american.best_score) == (1, a_total)
    assert (on_yatzy.games, on_yatzy.best_score) == (1, y_total)
    assert on_yatzy.bonus_chips == 0
    assert set(storage.all_stats("american")) == {"Ann", "CPU Expert"}
    assert set(storage.all_stats("yatzy")) == {"Ann", "CPU Expert"}
    assert storage.all_stats("yatzy")["Ann"].mean_score == y_total

    # The high score tables: one per variant, Yatzy's apart.
    assert [e.score for e in storage.high_scores("official")] == [a_total]
    assert [e.score for e in storage.high_scores("yatzy")] == [y_total]
    assert storage.high_scores("free") == []
    # The history lists it (a Yatzy log is no damaged one), under its variant.
    assert [g.variant for g in storage.list_history()] == ["yatzy", "official"]

    # A rebuild from the logs puts the figures back where they were; a rename moves them on
    # both cards.
    assert storage.rebuild_stats() == 2
    assert storage.profile_stats("Ann", "yatzy").best_score == y_total
    assert storage.profile_stats("Ann", "american").best_score == a_total
    storage.rename_profile("Ann", "Annie")
    assert storage.profile_stats("Annie", "yatzy").best_score == y_total
    assert storage.profile_stats("Annie", "american").best_score == a_total
    assert storage.profile_stats("Ann", "yatzy").games == 0
    # A delete takes the figures on every card.
    storage.delete_profile("Annie")
    assert storage.profile_stats("Annie", "american").games == 0
    assert storage.profile_stats("Annie", "yatzy").games == 0
    assert storage.all_stats("yatzy").keys() == {"CPU Expert"}
