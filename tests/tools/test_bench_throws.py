"""The throw benchmark prints the two timing lines the issue asks for, from seeded throws."""

from __future__ import annotations

import re

from game.tools.bench.throws import main, report, summary, throw_times

LINE = r"key to {}: median \d+\.\d\d s, p95 \d+\.\d\d s"


def test_report_gives_first_die_out_key_to_result_and_key_to_still_lines() -> None:
    out, result, still = report(12, (800, 600))
    assert re.fullmatch(LINE.format("the first die out of the cup"), out)
    assert re.fullmatch(LINE.format("result"), result)
    assert re.fullmatch(LINE.format("still"), still)


def test_the_same_seed_gives_the_same_figures_in_order_out_result_still() -> None:
    first, again = throw_times(8, (1280, 800), seed=3), throw_times(8, (1280, 800), seed=3)
    assert first == again
    assert all(o < r < s for o, r, s in zip(*first, strict=True))


def test_summary_is_median_and_95th_percentile() -> None:
    assert summary([float(k) for k in range(1, 101)]) == "median 50.50 s, p95 96.00 s"


def test_it_runs_from_the_command_line(capsys) -> None:
    assert main(["--throws", "4", "--size", "640x480"]) == 0
    out = capsys.readouterr().out
    assert re.search(LINE.format("result"), out) and re.search(LINE.format("still"), out)
    assert re.search(LINE.format("the first die out of the cup"), out)
