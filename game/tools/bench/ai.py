"""How long one optimal decision takes: option_values over seeded random situations.

    python -m game.tools.bench ai                     # official, 2000 situations
    python -m game.tools.bench ai --variant free --count 5000

Situations are part-played cards (random legal scores, bonus chips and Jokers included),
random dice and 0-2 rolls left. "cold" is a state met for the first time (its within-turn
arrays are computed); "warm" asks the same situation again (arrays cached, as on a CPU's
second and third roll). Each is the fastest of `--repeat` runs, which filters out the
scheduler's noise on a shared machine (--repeat 1 gives raw single runs). "start-up" is a
fresh interpreter importing game.ai, loading the table and making its first decision: what a
fresh install waits before the Expert's first move. Goals (<= 5 ms a decision, < 1 s
start-up) are shown, never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from game.rules import Scorecard, Variant, score_options

DECISION_GOAL = 5.0  # ms
HINT_GOAL = 20.0  # ms: the coach's hint, from a key press to the best move and alternatives
STARTUP_GOAL = 1.0  # s

_STARTUP = """
import time
started = time.perf_counter()
from game.ai.exact.options import option_values
from game.rules import Scorecard, Variant
option_values(Scorecard(), (1, 2, 3, 4, 6), 2, Variant({variant!r}))
print(time.perf_counter() - started)
"""


Situation = tuple[Scorecard, tuple[int, ...], int]  # card, dice, rolls left


def situations(variant: Variant, count: int, seed: int = 0) -> list[Situation]:
    """Seeded (card, dice, rolls_left) triples from part-played games."""
    rng = random.Random(seed)
    found: list[Situation] = []
    while len(found) < count:
        card = Scorecard()
        for _ in range(rng.randint(0, 12)):
            dice = tuple(rng.randint(1, 6) for _ in range(5))
            if rng.random() < 0.1:
                dice = (dice[0],) * 5
            card = card.fill(rng.choice(list(score_options(dice, card, variant))), dice, variant)
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        found.append((card, dice, rng.randint(0, 2)))
    return found


def _percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(ordered), p99, ordered[-1]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench ai")
    parser.add_argument("--variant", choices=[v.value for v in Variant], default="official")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="runs per situation (fastest kept)")
    args = parser.parse_args(argv)
    variant = Variant(args.variant)

    done = subprocess.run(
        [sys.executable, "-c", _STARTUP.format(variant=variant.value)],
        capture_output=True,
        text=True,
        check=True,
    )
    startup = float(done.stdout.strip().splitlines()[-1])
    print(
        f"ai: start-up (import, load the {variant.value} table, first decision) "
        f"{startup * 1e3:.0f} ms (goal < {STARTUP_GOAL * 1e3:.0f} ms)"
    )

    from game.ai.exact.options import option_values
    from game.ai.exact.tables import value_table

    table = value_table(variant)
    cases = situations(variant, args.count, args.seed)
    cold, warm = [], []
    for card, dice, rolls_left in cases:
        cold_runs, warm_runs = [], []
        for _ in range(max(1, args.repeat)):
            table.clear_turn_cache()
            started = time.perf_counter()
            option_values(card, dice, rolls_left, variant)
            middle = time.perf_counter()
            option_values(card, dice, rolls_left, variant)
            cold_runs.append((middle - started) * 1e3)
            warm_runs.append((time.perf_counter() - middle) * 1e3)
        cold.append(min(cold_runs))
        warm.append(min(warm_runs))
    for name, samples in (("cold", cold), ("warm", warm)):
        median, p99, worst = _percentiles(samples)
        print(
            f"ai: {name} decision ({variant.value}, {len(samples)} situations, "
            f"best of {max(1, args.repeat)}): "
            f"median {median:.3f} ms, p99 {p99:.3f} ms, max {worst:.3f} ms "
            f"(goal <= {DECISION_GOAL:g} ms)"
        )
    _hint_latency(cases, variant, args.repeat)
    return 0


def _hint_latency(cases: list[Situation], variant: Variant, repeat: int) -> None:
    """The coach's hint for a person's situation, as the H key asks for it (cold cache)."""
    from game.ai.coach.advice import hint
    from game.ai.exact.tables import value_table
    from game.rules import GameConfig, GameState, Phase, StartOrder
    from game.rules.state import replace

    table = value_table(variant)
    base, _ = GameState.new(GameConfig(("Ann",), variant=variant, start=StartOrder.SEATED))
    samples = []
    for card, dice, rolls_left in cases:
        if card.is_complete:
            continue
        state = replace(
            base,
            phase=Phase.TURN,
            cards=(card,),
            order=(0,),
            turn=card.filled_count,
            dice=dice,
            rolls=3 - rolls_left,
        )
        runs = []
        for _ in range(max(1, repeat)):
            table.clear_turn_cache()
            started = time.perf_counter()
            hint(state)
            runs.append((time.perf_counter() - started) * 1e3)
        samples.append(min(runs))
    median, p99, worst = _percentiles(samples)
    print(
        f"ai: hint (coach, cold, {len(samples)} situations): median {median:.3f} ms, "
        f"p99 {p99:.3f} ms, max {worst:.3f} ms (goal <= {HINT_GOAL:g} ms)"
    )


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
